// SPDX-License-Identifier: GPL-3.0-or-later
// One trainer per run folder: a live owner is named and keeps the folder; a lock left by a process that died
// (here: a child that exits without releasing, as after kill -9) is taken over.
#include "core/common/run_lock.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/wait.h>
#include <unistd.h>

using namespace kibitz;

class TestRunLock : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void liveOwnerKeepsTheFolder() {
        QTemporaryDir dir;
        auto first = RunLock::acquire(dir.path().toStdString());
        QVERIFY(first.ok());
        QCOMPARE((*first)->takenOverFrom(), 0L);
        QFile f(dir.filePath(QStringLiteral(".kibitz-lock")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().trimmed().toLong(), long(::getpid()));
        f.close();
        auto second = RunLock::acquire(dir.path().toStdString());
        QVERIFY(!second.ok());
        QCOMPARE(second.error().code, ErrorCode::InvalidInput);
        const std::string expected = "in use by another trainer (process " + std::to_string(::getpid()) + ",";
        QVERIFY2(second.error().message.find(expected) != std::string::npos, second.error().message.c_str());
        first = RunLock::acquire("/nonexistent-kibitz-dir");
        QVERIFY(!first.ok());
        QCOMPARE(first.error().code, ErrorCode::Io);
    }

    void releasedLockIsFree() {
        QTemporaryDir dir;
        {
            auto lock = RunLock::acquire(dir.path().toStdString());
            QVERIFY(lock.ok());
        }
        auto again = RunLock::acquire(dir.path().toStdString());
        QVERIFY(again.ok());
        QCOMPARE((*again)->takenOverFrom(), 0L);  // a clean release leaves no owner behind
    }

    void deadOwnerIsTakenOver() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString();
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            auto lock = RunLock::acquire(path);
            ::_exit(lock.ok() ? 0 : 1);  // no destructor runs: the lock file keeps the child's pid
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        auto lock = RunLock::acquire(path);
        QVERIFY(lock.ok());
        QCOMPARE((*lock)->takenOverFrom(), long(child));
    }
};

QTEST_GUILESS_MAIN(TestRunLock)
#include "tst_run_lock.moc"
