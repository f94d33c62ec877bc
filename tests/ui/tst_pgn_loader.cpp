// SPDX-License-Identifier: GPL-3.0-or-later
// PgnLoader in its worker thread: games read off the GUI thread, truncation, errors naming the file, cancel.
#include "ui/pgn_loader.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace kibitz;

class TestPgnLoader : public QObject {
    Q_OBJECT

private:
    QThread m_thread;
    ui::PgnLoader* m_loader = nullptr;

    // The loader lives in another thread and may finish before the test starts waiting: the checks poll the spies
    // (QTRY_*) instead of QSignalSpy::wait(), which only counts emissions after it was called.
    void startLoad(const QString& path, int maxGames, CancelToken token) {
        QMetaObject::invokeMethod(
            m_loader, [loader = m_loader, path, maxGames, token] { loader->load(path, maxGames, token); },
            Qt::QueuedConnection);
    }
    static QString sample() { return QStringLiteral(KIBITZ_TEST_DATA_DIR "/ui/lichess_three_games.pgn"); }

private Q_SLOTS:
    void initTestCase() {
        m_loader = new ui::PgnLoader;
        m_loader->moveToThread(&m_thread);
        connect(&m_thread, &QThread::finished, m_loader, &QObject::deleteLater);
        m_thread.start();
    }
    void cleanupTestCase() {
        m_thread.quit();
        m_thread.wait();
    }

    void readsGames_data() {
        QTest::addColumn<int>("maxGames");
        QTest::addColumn<int>("games");
        QTest::addColumn<bool>("truncated");
        QTest::newRow("all") << 1000 << 3 << false;
        QTest::newRow("exactly all") << 3 << 3 << false;
        QTest::newRow("first two") << 2 << 2 << true;
        QTest::newRow("first one") << 1 << 1 << true;
    }
    void readsGames() {
        QFETCH(int, maxGames);
        QFETCH(int, games);
        QFETCH(bool, truncated);
        QSignalSpy done(m_loader, &ui::PgnLoader::finished);
        QSignalSpy failed(m_loader, &ui::PgnLoader::failed);
        startLoad(sample(), maxGames, CancelToken());
        QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 10000);
        QCOMPARE(failed.count(), 0);
        const auto result = done.at(0).at(0).value<std::shared_ptr<const ui::PgnLoadResult>>();
        QVERIFY(result);
        QCOMPARE(int(result->games.size()), games);
        QCOMPARE(result->truncated, truncated);
        QCOMPARE(result->skipped, qint64(0));
        QVERIFY(!result->cancelled);
        QCOMPARE(result->games[0].tag("White"), std::string("pnmadelaine"));
        QCOMPARE(result->games[0].tag("Black"), std::string("MIchelFF"));
        QCOMPARE(result->games[0].result, std::string("0-1"));
        QCOMPARE(result->games[0].moves.size(), std::size_t(59));
    }

    void missingFileFails() {
        QSignalSpy done(m_loader, &ui::PgnLoader::finished);
        QSignalSpy failed(m_loader, &ui::PgnLoader::failed);
        const QString path = QStringLiteral(KIBITZ_TEST_DATA_DIR "/ui/no_such_file.pgn");
        startLoad(path, 10, CancelToken());
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 10000);
        QCOMPARE(done.count(), 0);
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("no_such_file.pgn")),
                 qPrintable(failed.at(0).at(0).toString()));
    }

    void cancelledLoadSaysSo() {
        QSignalSpy done(m_loader, &ui::PgnLoader::finished);
        CancelToken token;
        token.cancel();
        startLoad(sample(), 1000, token);
        QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 10000);
        const auto result = done.at(0).at(0).value<std::shared_ptr<const ui::PgnLoadResult>>();
        QVERIFY(result->cancelled);
        QVERIFY(result->games.empty());
    }
};

QTEST_MAIN(TestPgnLoader)
#include "tst_pgn_loader.moc"
