// SPDX-License-Identifier: GPL-3.0-or-later
// Atomic whole-file writes: the new content or the old, never a torn file or a leftover temporary, also when the disk
// fills (simulated by a file size limit: writes past it fail with EFBIG as they would with ENOSPC); and the guard
// that keeps converters and exporters from writing over their own input.
#include "core/common/atomic_file.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <sys/resource.h>
#include <unistd.h>

using namespace kibitz;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
}  // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writesAndReplaces() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeBytesAtomically(path.toStdString(), "first").ok());
        QCOMPARE(readAll(path), QByteArray("first"));
        QVERIFY(writeBytesAtomically(path.toStdString(), "second, longer").ok());
        QCOMPARE(readAll(path), QByteArray("second, longer"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("a.txt")});
        const Status missingDir =
            writeBytesAtomically(dir.filePath(QStringLiteral("no/such/dir/b.txt")).toStdString(), "x");
        QVERIFY(!missingDir.ok());
        QCOMPARE(missingDir.error().code, ErrorCode::Io);
        QVERIFY(missingDir.error().message.find("no/such/dir/b.txt") != std::string::npos);
    }

    void fullDiskKeepsTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.bin"));
        const std::string old(1000, 'o');
        QVERIFY(writeBytesAtomically(path.toStdString(), old).ok());
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        rlimit small = saved;
        small.rlim_cur = 4096;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const Status st = writeBytesAtomically(path.toStdString(), std::string(1 << 20, 'n'));
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
        std::signal(SIGXFSZ, SIG_DFL);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, ErrorCode::Io);
        QVERIFY2(st.error().message.find("big.bin.tmp: write failed after 4096 of 1048576 bytes: File too large") !=
                     std::string::npos,
                 st.error().message.c_str());
        QCOMPARE(readAll(path), QByteArray::fromStdString(old));
        QVERIFY(!QFile::exists(path + QStringLiteral(".tmp")));
    }

    void refusesToOverwriteInput() {
        QTemporaryDir dir;
        const QString in = dir.filePath(QStringLiteral("in.pt"));
        QVERIFY(writeBytesAtomically(in.toStdString(), "checkpoint").ok());
        QVERIFY(!refuseToOverwriteInput(in.toStdString(), in.toStdString()).ok());
        // Another spelling of the same file, and a symbolic link to it.
        const std::string other = dir.path().toStdString() + "/./sub/../in.pt";
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub")));
        const Status st = refuseToOverwriteInput(in.toStdString(), other);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, ErrorCode::InvalidInput);
        QVERIFY(st.error().message.find("would overwrite its input") != std::string::npos);
        const QString link = dir.filePath(QStringLiteral("link.pt"));
        QVERIFY(QFile::link(in, link));
        QVERIFY(!refuseToOverwriteInput(in.toStdString(), link.toStdString()).ok());
        // A different file, or one that does not exist yet, is fine.
        QVERIFY(
            refuseToOverwriteInput(in.toStdString(), dir.filePath(QStringLiteral("out.kibitz")).toStdString()).ok());
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
