// SPDX-License-Identifier: GPL-3.0-or-later
// Every translations/*.ts file is finished: no unfinished, obsolete or empty message, each translation keeps the
// source's placeholders (%1..%99, %n) and keyboard accelerator, and the language matches the file name. A
// hand-broken sample (tests/data/translations_broken) proves the checker reports each defect with file and line.
#include <QDebug>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>

namespace {

/// One <message> of a .ts file, as far as the checks need it.
struct TsMessage {
    QString context;
    QString source;
    QString type;  // the translation's type attribute: empty when finished
    bool numerus = false;
    QStringList forms;  // the translation, or its numerus forms
    qint64 line = 0;    // of the <translation> element (of <message> when there is none)
};

/// A parsed .ts file; `error` names the line where the XML breaks.
struct TsFile {
    QString language;
    qint64 languageLine = 0;
    QList<TsMessage> messages;
    QString error;
};

TsMessage readMessage(QXmlStreamReader& xml, const QString& context) {
    TsMessage m;
    m.context = context;
    m.numerus = xml.attributes().value(QLatin1String("numerus")) == u"yes";
    m.line = xml.lineNumber();
    while (xml.readNextStartElement()) {
        if (xml.name() == u"source") {
            m.source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            m.line = xml.lineNumber();
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (m.numerus) {
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"numerusform")
                        m.forms << xml.readElementText(QXmlStreamReader::IncludeChildElements);
                    else
                        xml.skipCurrentElement();
                }
            } else {
                m.forms << xml.readElementText(QXmlStreamReader::IncludeChildElements);
            }
        } else {
            xml.skipCurrentElement();  // comments, locations, extra fields
        }
    }
    return m;
}

TsFile readTs(const QString& path) {
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == u"TS") {
            ts.language = xml.attributes().value(QLatin1String("language")).toString();
            ts.languageLine = xml.lineNumber();
        } else if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"message") {
            ts.messages << readMessage(xml, context);
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: not a readable .ts file: %3")
                       .arg(path, QString::number(xml.lineNumber()), xml.errorString());
    return ts;
}

/// The placeholders QString::arg and tr(..., n) fill: %1..%99 and %n (%L1 counts as %1).
QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%L?([1-9][0-9]?|n)"));
    QSet<QString> found;
    for (const QRegularExpressionMatch& m : re.globalMatch(text)) found.insert(QLatin1Char('%') + m.captured(1));
    return found;
}

QString listed(const QSet<QString>& set) {
    QStringList list(set.begin(), set.end());
    std::sort(list.begin(), list.end());
    return list.isEmpty() ? QStringLiteral("none") : list.join(QLatin1Char(' '));
}

/// A keyboard accelerator: an '&' before a character ("&&" is a literal ampersand).
bool hasAccelerator(QString text) {
    static const QRegularExpression re(QStringLiteral("&[^&\\s]"));
    return text.remove(QStringLiteral("&&")).contains(re);
}

/// What is wrong with one finished translation, or an empty string.
QString translationProblem(const TsMessage& m) {
    if (m.type == u"unfinished") return QStringLiteral("unfinished translation");
    if (m.type == u"vanished" || m.type == u"obsolete")
        return QStringLiteral("obsolete message (lupdate -no-obsolete removes it)");
    if (m.forms.isEmpty()) return QStringLiteral("empty translation");
    for (qsizetype i = 0; i < m.forms.size(); ++i) {
        if (!m.forms[i].trimmed().isEmpty()) continue;
        return m.numerus ? QStringLiteral("empty translation (numerus form %1)").arg(i + 1)
                         : QStringLiteral("empty translation");
    }
    const QSet<QString> wanted = placeholders(m.source);
    if (!m.numerus) {
        const QSet<QString> got = placeholders(m.forms.constFirst());
        if (got != wanted)
            return QStringLiteral("placeholders differ: %1 in the source, %2 in the translation")
                .arg(listed(wanted), listed(got));
    } else {
        // A numerus form may spell its number out ("the first one"), so %n has to appear in one form only; every
        // other placeholder in each form.
        const QString n = QStringLiteral("%n");
        QSet<QString> wantedOthers = wanted;
        wantedOthers.remove(n);
        bool anyN = false;
        for (qsizetype i = 0; i < m.forms.size(); ++i) {
            QSet<QString> got = placeholders(m.forms[i]);
            const bool hasN = got.remove(n);
            anyN = anyN || hasN;
            if (got != wantedOthers)
                return QStringLiteral("placeholders differ in numerus form %1: %2 in the source, %3 in the translation")
                    .arg(QString::number(i + 1), listed(wanted), listed(placeholders(m.forms[i])));
        }
        if (wanted.contains(n) && !anyN) return QStringLiteral("%n in no numerus form");
    }
    const bool accelerator = hasAccelerator(m.source);
    for (const QString& form : m.forms) {
        if (hasAccelerator(form) != accelerator)
            return accelerator ? QStringLiteral("keyboard accelerator (&) lost")
                               : QStringLiteral("keyboard accelerator (&) added");
    }
    return {};
}

/// Every problem of the .ts file at `path`, one line each ("<path>:<line>: <problem>: "<source>" [<context>]");
/// empty when the file is finished.
QStringList checkTsFile(const QString& path) {
    const TsFile ts = readTs(path);
    if (!ts.error.isEmpty()) return {ts.error};
    QStringList problems;
    // kibitz_de.ts must say de_...: lrelease takes the plural rules from the attribute, not from the name.
    const QString baseName = QFileInfo(path).completeBaseName();
    const qsizetype underscore = baseName.lastIndexOf(QLatin1Char('_'));
    const QString nameLanguage = underscore < 0 ? QString() : baseName.mid(underscore + 1);
    if (!nameLanguage.isEmpty() && ts.language.section(QLatin1Char('_'), 0, 0) != nameLanguage)
        problems << QStringLiteral("%1:%2: language \"%3\" does not match the file name")
                        .arg(path, QString::number(ts.languageLine), ts.language);
    if (ts.messages.isEmpty()) problems << QStringLiteral("%1: holds no message").arg(path);
    for (const TsMessage& m : ts.messages) {
        const QString problem = translationProblem(m);
        if (problem.isEmpty()) continue;
        QString source = m.source;
        source.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
        problems
            << QStringLiteral("%1:%2: %3: \"%4\" [%5]").arg(path, QString::number(m.line), problem, source, m.context);
    }
    return problems;
}

QString translationsDir() {
    // KIBITZ_TS_DIR points the check at another folder (the broken-sample CTest entry).
    return qEnvironmentVariable("KIBITZ_TS_DIR", QStringLiteral(KIBITZ_TRANSLATIONS_DIR));
}

}  // namespace

class TstTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tsFilesAreFinished_data();
    void tsFilesAreFinished();
    void brokenSampleIsCaught();
    void unreadableFileIsReported();
};

void TstTranslations::tsFilesAreFinished_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(translationsDir());
    const QStringList names = dir.entryList({QStringLiteral("*.ts")}, QDir::Files, QDir::Name);
    if (names.isEmpty()) QTest::newRow("no .ts file") << QString();
    for (const QString& name : names) QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TstTranslations::tsFilesAreFinished() {
    QFETCH(QString, path);
    QVERIFY2(!path.isEmpty(), qPrintable(QStringLiteral("no .ts file in %1").arg(translationsDir())));
    const QStringList problems = checkTsFile(path);
    // One warning line per problem: a failure message alone would be cut off after a few of them.
    for (const QString& problem : problems) qWarning().noquote() << problem;
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 problem(s) in %2 (listed above); finish them in Qt Linguist "
                                       "or by hand, keeping placeholders and accelerators")
                            .arg(QString::number(problems.size()), path)));
}

void TstTranslations::brokenSampleIsCaught() {
    const QString path = QStringLiteral(KIBITZ_TEST_DATA_DIR "/translations_broken/kibitz_it.ts");
    const QString ctx = QStringLiteral(" [kibitz::app::MainWindow]");
    auto at = [&](int line, const QString& what) { return path + QLatin1Char(':') + QString::number(line) + what; };
    const QStringList expected{
        at(5, QStringLiteral(": language \"de_DE\" does not match the file name")),
        at(21, QStringLiteral(": unfinished translation: \"Stop reading the file\"") + ctx),
        at(25, QStringLiteral(": unfinished translation: \"%1: %2\"") + ctx),
        at(29, QStringLiteral(": empty translation: \"First move\"") + ctx),
        at(33, QStringLiteral(": placeholders differ: %1 in the source, none in the translation: \"Invalid FEN: %1\"") +
                   ctx),
        at(37,
           QStringLiteral(": placeholders differ: %1 %2 in the source, %1 %3 in the translation: \"%1 – %2\"") + ctx),
        at(41, QStringLiteral(": placeholders differ in numerus form 1: %1 %n in the source, %n in the translation: "
                              "\"%1 holds %n game(s).\"") +
                   ctx),
        at(48, QStringLiteral(": %n in no numerus form: \"%n game(s)\"") + ctx),
        at(55, QStringLiteral(": empty translation (numerus form 2): \"Reviewed %n plies.\"") + ctx),
        at(62, QStringLiteral(": keyboard accelerator (&) lost: \"&Quit\"") + ctx),
        at(68, QStringLiteral(
                   ": obsolete message (lupdate -no-obsolete removes it): \"Could not read the file.\\n\\n%1\"") +
                   ctx),
    };
    QCOMPARE(checkTsFile(path), expected);
}

void TstTranslations::unreadableFileIsReported() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString truncated = dir.filePath(QStringLiteral("kibitz_de.ts"));
    QFile file(truncated);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<TS version=\"2.1\" language=\"de_DE\">\n<context>\n");
    file.close();
    const QStringList problems = checkTsFile(truncated);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.constFirst().startsWith(truncated + QStringLiteral(":")), qPrintable(problems.constFirst()));
    QVERIFY2(problems.constFirst().contains(QStringLiteral("not a readable .ts file")),
             qPrintable(problems.constFirst()));
    QCOMPARE(checkTsFile(dir.filePath(QStringLiteral("absent_de.ts"))).size(), 1);
}

QTEST_APPLESS_MAIN(TstTranslations)
#include "tst_translations.moc"
