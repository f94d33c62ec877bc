// SPDX-License-Identifier: GPL-3.0-or-later
// Where a program finds the shipped models without a compiled-in copy (packages, KIBITZ_EMBED_MODELS=OFF): relative
// to its own folder, so an installed tree works wherever it is unpacked.
#include "core/storage/default_models.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz::storage;

class TestDefaultModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void finds_data();
    void finds();
    void searchStaysNearTheProgram();
};

namespace {

bool touch(const QString& path) {
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) return false;
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write("bundle") == 6;
}

}  // namespace

void TestDefaultModels::finds_data() {
    QTest::addColumn<QStringList>("files");  // model files to create, relative to a scratch root
    QTest::addColumn<QString>("appDir");     // the program's folder, relative to the scratch root
    QTest::addColumn<QString>("expected");   // the file found, relative to the scratch root; empty: none

    const QString share = QStringLiteral("usr/share/kibitz/models/human-default.kibitz");
    QTest::newRow("installed: bin/") << QStringList{share} << "usr/bin" << share;
    QTest::newRow("installed: libexec/kibitz/") << QStringList{share} << "usr/libexec/kibitz" << share;
    QTest::newRow("relocated prefix") << QStringList{"opt/k/share/kibitz/models/human-default.kibitz"} << "opt/k/bin"
                                      << "opt/k/share/kibitz/models/human-default.kibitz";
    QTest::newRow("build tree: app/cli") << QStringList{"src/resources/models/human-default.kibitz"}
                                         << "src/build/ci/app/cli"
                                         << "src/resources/models/human-default.kibitz";
    QTest::newRow("build tree: tests/ui")
        << QStringList{"src/resources/models/human-default.kibitz"} << "src/build/ci/tests/ui"
        << "src/resources/models/human-default.kibitz";
    // An installed tree inside a checkout (a scratch root under build/) takes its own copy, the nearer one.
    QTest::newRow("nearest wins") << QStringList{"src/resources/models/human-default.kibitz",
                                                 "src/build/root/usr/share/kibitz/models/human-default.kibitz"}
                                  << "src/build/root/usr/bin"
                                  << "src/build/root/usr/share/kibitz/models/human-default.kibitz";
    QTest::newRow("other model only") << QStringList{"usr/share/kibitz/models/puzzle-default.kibitz"} << "usr/bin"
                                      << QString();
    QTest::newRow("none") << QStringList{} << "usr/bin" << QString();
}

void TestDefaultModels::finds() {
    QFETCH(QStringList, files);
    QFETCH(QString, appDir);
    QFETCH(QString, expected);
    QTemporaryDir root;
    QVERIFY(root.isValid());
    for (const QString& f : files) QVERIFY(touch(root.filePath(f)));
    QVERIFY(QDir().mkpath(root.filePath(appDir)));
    const QString found = findModelFile(QStringLiteral("human-default.kibitz"), root.filePath(appDir));
    if (expected.isEmpty())
        QVERIFY2(found.isEmpty(), qPrintable(found));
    else
        QCOMPARE(found, QFileInfo(root.filePath(expected)).canonicalFilePath());
}

void TestDefaultModels::searchStaysNearTheProgram() {
    QTemporaryDir root;
    QVERIFY(root.isValid());
    // Five levels above the program is out of reach: a model there is not found.
    QVERIFY(touch(root.filePath(QStringLiteral("resources/models/human-default.kibitz"))));
    const QString deep = root.filePath(QStringLiteral("a/b/c/d/e"));
    QVERIFY(QDir().mkpath(deep));
    QVERIFY(findModelFile(QStringLiteral("human-default.kibitz"), deep).isEmpty());
    QVERIFY(!findModelFile(QStringLiteral("human-default.kibitz"), root.filePath(QStringLiteral("a/b/c/d"))).isEmpty());

    const QStringList dirs = defaultModelDirs(QStringLiteral("/usr/libexec/kibitz"));
    QVERIFY(dirs.indexOf(QStringLiteral("/usr/share/kibitz/models")) >= 0);
    QVERIFY(dirs.indexOf(QStringLiteral("/usr/libexec/kibitz/share/kibitz/models")) == 0);
    QVERIFY(defaultModelDirs(QString()).isEmpty());
}

QTEST_APPLESS_MAIN(TestDefaultModels)
#include "tst_default_models.moc"
