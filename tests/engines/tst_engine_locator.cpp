// SPDX-License-Identifier: GPL-3.0-or-later
// Stockfish auto-detection order: configured path, then PATH, then the fallback locations.
#include "core/engines/engine_locator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz::engines;

namespace {

QString makeExecutable(const QString& dir, const QString& name, bool executable = true) {
    const QString path = dir + QLatin1Char('/') + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write("#!/bin/sh\n");
    f.close();
    QFile::Permissions perms = QFile::ReadOwner | QFile::WriteOwner;
    if (executable) perms |= QFile::ExeOwner;
    f.setPermissions(perms);
    return path;
}

}  // namespace

class TstEngineLocator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void order_data();
    void order();

private:
    QByteArray m_oldPath;
};

void TstEngineLocator::init() { m_oldPath = qgetenv("PATH"); }
void TstEngineLocator::cleanup() { qputenv("PATH", m_oldPath); }

void TstEngineLocator::order_data() {
    QTest::addColumn<QString>("configured");  // "@dir/x" is a file made in the temporary directory
    QTest::addColumn<bool>("onPath");         // put an executable "stockfish" on PATH
    QTest::addColumn<bool>("inFallback");     // an executable in the fallback list
    QTest::addColumn<QString>("expected");    // "configured", "path", "fallback" or an error fragment
    QTest::newRow("configured wins") << "@cfg/my-engine" << true << true << "configured";
    QTest::newRow("PATH before fallback") << QString() << true << true << "path";
    QTest::newRow("fallback last") << QString() << false << true << "fallback";
    QTest::newRow("nothing anywhere") << QString() << false << false << "Stockfish not found";
    QTest::newRow("configured missing is an error, not a fallback")
        << "@cfg/absent" << true << true << "is not an executable file";
    QTest::newRow("configured not executable") << "@cfg/noexec" << true << true << "is not an executable file";
    QTest::newRow("configured bare name looked up on PATH") << "stockfish" << true << false << "path";
}

void TstEngineLocator::order() {
    QFETCH(QString, configured);
    QFETCH(bool, onPath);
    QFETCH(bool, inFallback);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    for (const char* sub : {"cfg", "bin", "fallback", "empty"}) QVERIFY(QDir(tmp.path()).mkpath(QLatin1String(sub)));
    const QString cfg = makeExecutable(tmp.path() + QStringLiteral("/cfg"), QStringLiteral("my-engine"));
    makeExecutable(tmp.path() + QStringLiteral("/cfg"), QStringLiteral("noexec"), false);
    const QString onPathFile = makeExecutable(tmp.path() + QStringLiteral("/bin"), QStringLiteral("stockfish"));
    const QString fallback = makeExecutable(tmp.path() + QStringLiteral("/fallback"), QStringLiteral("stockfish"));
    qputenv("PATH", QFile::encodeName(tmp.path() + (onPath ? QStringLiteral("/bin") : QStringLiteral("/empty"))));
    if (configured.startsWith(QLatin1Char('@'))) configured = tmp.path() + QLatin1Char('/') + configured.mid(1);
    const QStringList fallbacks = {tmp.path() + QStringLiteral("/fallback/missing"),
                                   inFallback ? fallback : tmp.path() + QStringLiteral("/empty/stockfish")};

    auto r = locateStockfish(configured, fallbacks);
    if (expected == QLatin1String("configured")) {
        QVERIFY(r.ok());
        QCOMPARE(r.value(), cfg);
    } else if (expected == QLatin1String("path")) {
        QVERIFY(r.ok());
        QCOMPARE(r.value(), onPathFile);
    } else if (expected == QLatin1String("fallback")) {
        QVERIFY(r.ok());
        QCOMPARE(r.value(), fallback);
    } else {
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains(expected), r.error().message.c_str());
    }
}

QTEST_APPLESS_MAIN(TstEngineLocator)
#include "tst_engine_locator.moc"
