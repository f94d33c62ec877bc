// SPDX-License-Identifier: GPL-3.0-or-later
// ReviewWorker and SortWorker in their own threads with fake engines and a fake model: results, throttled
// progress, cancellation from the test thread (one token per request: a cancel sent before the worker dequeues the
// request is not lost), failures as signals, and a busy worker running a real UCI engine that finishes its request
// before it runs a call queued meanwhile (no nested event loop).
#include "core/chess/pgn.h"
#include "core/engines/engine_locator.h"
#include "core/jobs/review_worker.h"
#include "tests/evaluation/fakes.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace kibitz;

namespace {

chess::PgnGame sampleGame(int plies) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    chess::PgnGame game;
    if (reader.ok()) (*reader)->next(game);
    if (int(game.moves.size()) > plies) game.moves.resize(std::size_t(plies));
    return game;
}

// A worker in its own thread, stopped and joined on destruction.
template <class W>
struct Threaded {
    QThread thread;
    W* worker = new W;
    CancelToken token;  ///< the requests' token in these tests; cancelled on destruction
    Threaded() {
        worker->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
        thread.start();
    }
    ~Threaded() {
        token.cancel();
        thread.quit();
        thread.wait();
    }
    template <class F>
    void run(F&& f) {
        QMetaObject::invokeMethod(worker, std::forward<F>(f), Qt::QueuedConnection);
    }
};

}  // namespace

class TestReviewWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void review() {
        Threaded<jobs::ReviewWorker> t;
        QSignalSpy finished(t.worker, &jobs::ReviewWorker::finished);
        QSignalSpy progress(t.worker, &jobs::ReviewWorker::progressChanged);
        QSignalSpy failed(t.worker, &jobs::ReviewWorker::failed);
        const chess::PgnGame game = sampleGame(30);
        t.run([w = t.worker, game, token = t.token] {
            w->setAnalyserFactory(testing::ladderFactory());
            w->setEvaluatorFactory(testing::fakeEvaluatorFactory());
            w->review(game, {}, token);
        });
        QTRY_VERIFY2_WITH_TIMEOUT(!finished.isEmpty(),
                                  failed.isEmpty() ? "no signal" : qPrintable(failed.at(0).at(0).toString()), 10000);
        const auto review = finished.at(0).at(0).value<evaluation::GameReview>();
        QCOMPARE(int(review.plies.size()), 30);
        QVERIFY(review.plies.front().humanProb.has_value());
        QVERIFY(review.plies.front().before.has_value());
        QCOMPARE(review.engine, std::string("ladder"));
        // Throttled, but the last step is always sent: 30 model positions + 31 engine searches.
        QVERIFY(progress.count() >= 1);
        const auto last = progress.last().at(0).value<jobs::JobProgress>();
        QCOMPARE(last.done, 61);
        QCOMPARE(last.total, 61);
    }

    void cancel() {
        Threaded<jobs::ReviewWorker> t;
        QSignalSpy cancelled(t.worker, &jobs::ReviewWorker::cancelled);
        QSignalSpy finished(t.worker, &jobs::ReviewWorker::finished);
        QSignalSpy progress(t.worker, &jobs::ReviewWorker::progressChanged);
        const chess::PgnGame game = sampleGame(200);
        t.run([w = t.worker, game, token = t.token] {
            w->setAnalyserFactory(testing::ladderFactory(20));  // ~4 s for the whole game
            w->review(game, {}, token);
        });
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 5000);
        t.token.cancel();  // directly from this thread, as the GUI does
        QTRY_VERIFY_WITH_TIMEOUT(!cancelled.isEmpty(), 5000);
        QCOMPARE(finished.count(), 0);
    }

    void failure() {
        Threaded<jobs::ReviewWorker> t;
        QSignalSpy failed(t.worker, &jobs::ReviewWorker::failed);
        const chess::PgnGame game = sampleGame(4);
        t.run([w = t.worker, game, token = t.token] {
            w->setAnalyserFactory([]() -> Result<std::unique_ptr<evaluation::PositionAnalyser>> {
                return makeError(ErrorCode::Runtime, "no engine here");
            });
            w->review(game, {}, token);
        });
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 5000);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("no engine here"));
    }

    void sortGames() {
        Threaded<jobs::SortWorker> t;
        QSignalSpy ready(t.worker, &jobs::SortWorker::gameReady);
        QSignalSpy skipped(t.worker, &jobs::SortWorker::positionSkipped);
        QSignalSpy finished(t.worker, &jobs::SortWorker::finished);
        jobs::SortRequest req;
        req.id = 7;
        req.fens = {QString::fromLatin1(chess::Position::kStartFen.data()), QStringLiteral("not a fen"),
                    QStringLiteral("7k/8/8/8/8/8/8/K7 w - - 0 1")};
        req.sources = {QStringLiteral("start"), QStringLiteral("bad"), QStringLiteral("kings")};
        req.options.count = 2;
        req.options.humanElo = 1200;
        req.cancel = t.token;
        t.run([w = t.worker, req] {
            w->setAnalyserFactory(testing::ladderFactory());
            w->setEvaluatorFactory(testing::fakeEvaluatorFactory());
            w->generate(req);
        });
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 10000);
        QCOMPARE(finished.at(0).at(0).toULongLong(), quint64(7));
        QCOMPARE(ready.count(), 2);
        const auto game = ready.at(0).at(1).value<evaluation::SortGame>();
        QCOMPARE(game.source, std::string("start"));
        QCOMPARE(int(game.cards.size()), 4);
        QVERIFY(game.human.has_value());
        QCOMPARE(game.humanElo, std::optional<int>(1200));
        // The bad FEN and the bare kings (3 legal moves) are skipped, not fatal.
        QCOMPARE(skipped.count(), 2);
        QVERIFY(skipped.at(0).at(1).toString().startsWith(QStringLiteral("not a fen")));
    }

    // Cancelled before the worker took the request off its queue: the request ends with cancelled, without
    // starting the engine; the next request, with its own token, runs normally.
    void cancelBeforeStart() {
        Threaded<jobs::ReviewWorker> t;
        QSignalSpy cancelled(t.worker, &jobs::ReviewWorker::cancelled);
        QSignalSpy finished(t.worker, &jobs::ReviewWorker::finished);
        auto made = std::make_shared<std::atomic<int>>(0);
        const chess::PgnGame game = sampleGame(6);
        CancelToken first;
        first.cancel();
        CancelToken second;
        t.run([w = t.worker, game, first, second, made] {
            w->setAnalyserFactory([made]() {
                ++*made;
                return testing::ladderFactory()();
            });
            w->review(game, {}, first);
            w->review(game, {}, second);
        });
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(made->load(), 1);  // only the second request made an engine
    }

    // A review with a real UCI engine (Stockfish at depth 4 per position: the scripted fake engine only knows the
    // start position) while a factory change is posted to the busy worker: the change runs after the review has
    // finished, never inside it. With the old nested QEventLoop in UciAnalyser::analyse it ran in the middle and
    // destroyed the analyser whose analyse() was on the stack.
    void busyWorkerQueuesCalls() {
        auto stockfish = engines::locateStockfish(QString());
        if (!stockfish) QSKIP("Stockfish is not installed");
        Threaded<jobs::ReviewWorker> t;
        QSignalSpy finished(t.worker, &jobs::ReviewWorker::finished);
        QSignalSpy failed(t.worker, &jobs::ReviewWorker::failed);
        QSignalSpy progress(t.worker, &jobs::ReviewWorker::progressChanged);
        auto reviewDone = std::make_shared<std::atomic<bool>>(false);
        auto changeSawDone = std::make_shared<std::atomic<int>>(-1);
        QObject::connect(
            t.worker, &jobs::ReviewWorker::finished, t.worker, [reviewDone] { *reviewDone = true; },
            Qt::DirectConnection);
        evaluation::UciAnalyserOptions o;
        o.program = *stockfish;
        o.limits = engines::SearchLimits::depth(4);
        const chess::PgnGame game = sampleGame(40);
        t.run([w = t.worker, game, o, token = t.token] {
            w->setAnalyserFactory(evaluation::uciAnalyserFactory(o));
            w->review(game, {}, token);
        });
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() || !finished.isEmpty(), 10000);
        t.run([w = t.worker, reviewDone, changeSawDone] {
            *changeSawDone = reviewDone->load() ? 1 : 0;
            w->setAnalyserFactory(testing::ladderFactory());
        });
        QTRY_VERIFY2_WITH_TIMEOUT(!finished.isEmpty(),
                                  failed.isEmpty() ? "no signal" : qPrintable(failed.at(0).at(0).toString()), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(changeSawDone->load(), 1, 5000);
        QCOMPARE(int(finished.at(0).at(0).value<evaluation::GameReview>().plies.size()), 40);
    }
};

QTEST_GUILESS_MAIN(TestReviewWorker)
#include "tst_review_worker.moc"
