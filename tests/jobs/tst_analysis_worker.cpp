// SPDX-License-Identifier: GPL-3.0-or-later
// The newest-request-wins mailbox (LatestRequest) and the GUI's analysis worker built on it: a request posted while
// another waits replaces it, a request made before the model exists waits for it, a burst of requests (a slider
// drag) is answered for its newest one without queueing them all, and the last request of a burst is never lost,
// also when producers post from several threads.
#include "core/jobs/analysis_worker.h"
#include "core/jobs/latest_request.h"
#include "tests/evaluation/fakes.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

using namespace kibitz;

namespace {

/// The fake model, slowed down so that requests pile up behind it.
class SlowEvaluator : public testing::FakeEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning& c) override {
        QThread::msleep(30);
        return FakeEvaluator::movesAt(pos, c);
    }
};

jobs::AnalysisRequest request(quint64 id) {
    jobs::AnalysisRequest r;
    r.id = id;
    r.conditioning.moverElo = 1500;
    r.conditioning.oppElo = 1500;
    return r;
}

struct Threaded {
    QThread thread;
    jobs::AnalysisWorker* worker = new jobs::AnalysisWorker;
    Threaded() {
        worker->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
        thread.start();
    }
    ~Threaded() {
        thread.quit();
        thread.wait();
    }
    void setModel(jobs::EvaluatorFactory f) {
        QMetaObject::invokeMethod(
            worker, [w = worker, f] { w->setModel(f); }, Qt::QueuedConnection);
    }
};

}  // namespace

class TestAnalysisWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mailboxKeepsTheNewest() {
        jobs::LatestRequest<int> box;
        QVERIFY(box.post(1));   // nothing outstanding: the caller queues a processing call
        QVERIFY(!box.post(2));  // the outstanding call will take this one instead
        QVERIFY(!box.post(3));
        auto notReady = box.take(false);  // no model yet: nothing is taken, the request stays
        QVERIFY(!notReady);
        QVERIFY(box.post(4));  // ... and the next post queues a call again
        QCOMPARE(box.take(true).value_or(-1), 4);
        QVERIFY(!box.take(true));  // taken once only
        QVERIFY(box.post(5));
    }

    // Four producers post increasing numbers as fast as they can; a consumer runs the processing calls the posts
    // asked for. It never goes back in time, and once everything has run, the last number posted was taken.
    void mailboxUnderContention() {
        jobs::LatestRequest<long> box;
        std::atomic<long> counter{0};
        std::mutex callsMutex;
        std::deque<int> calls;  // processing calls queued by post() == true
        std::atomic<bool> producing{true};
        std::vector<long> taken;
        std::thread consumer([&] {
            for (;;) {
                bool have = false;
                {
                    std::lock_guard lock(callsMutex);
                    if (!calls.empty()) {
                        calls.pop_front();
                        have = true;
                    }
                }
                if (have) {
                    if (auto v = box.take(true)) taken.push_back(*v);
                } else if (!producing) {
                    std::lock_guard lock(callsMutex);
                    if (calls.empty()) return;
                }
            }
        });
        std::vector<std::thread> producers;
        std::mutex postMutex;  // numbers must reach the box in the order they were drawn
        for (int p = 0; p < 4; ++p)
            producers.emplace_back([&] {
                for (int i = 0; i < 20000; ++i) {
                    std::lock_guard order(postMutex);
                    if (box.post(++counter)) {
                        std::lock_guard lock(callsMutex);
                        calls.push_back(1);
                    }
                }
            });
        for (auto& t : producers) t.join();
        producing = false;
        consumer.join();
        QVERIFY(!taken.empty());
        for (std::size_t i = 1; i < taken.size(); ++i) QVERIFY(taken[i] > taken[i - 1]);
        QCOMPARE(taken.back(), counter.load());
        QVERIFY(taken.size() < std::size_t(counter.load()));  // coalesced, not one call per post
    }

    void requestWaitsForTheModel() {
        Threaded t;
        QSignalSpy analysed(t.worker, &jobs::AnalysisWorker::analysed);
        t.worker->submit(request(1));
        QTest::qWait(200);
        QCOMPARE(analysed.count(), 0);
        t.setModel(testing::fakeEvaluatorFactory());
        QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 1, 5000);
        const auto result = analysed.at(0).at(0).value<jobs::AnalysisResult>();
        QCOMPARE(result.id, quint64(1));
        QCOMPARE(int(result.moves.size()), 20);
        QCOMPARE(result.moves.front().prob, 0.6f);
    }

    void burstAnswersTheNewest() {
        Threaded t;
        QSignalSpy analysed(t.worker, &jobs::AnalysisWorker::analysed);
        QSignalSpy ready(t.worker, &jobs::AnalysisWorker::modelReady);
        t.setModel([]() -> Result<std::unique_ptr<encoding::Evaluator>> {
            return std::unique_ptr<encoding::Evaluator>(std::make_unique<SlowEvaluator>());
        });
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 5000);
        for (quint64 id = 1; id <= 50; ++id) t.worker->submit(request(id));
        QTRY_VERIFY_WITH_TIMEOUT(
            !analysed.isEmpty() && analysed.last().at(0).value<jobs::AnalysisResult>().id == quint64(50), 10000);
        QTest::qWait(100);
        QVERIFY2(analysed.count() <= 3, qPrintable(QString::number(analysed.count())));  // not 50 queued analyses
        quint64 previous = 0;
        for (const auto& call : analysed) {
            const quint64 id = call.at(0).value<jobs::AnalysisResult>().id;
            QVERIFY(id > previous);
            previous = id;
        }
    }

    void modelFailureIsASignal() {
        Threaded t;
        QSignalSpy failed(t.worker, &jobs::AnalysisWorker::failed);
        t.setModel([]() -> Result<std::unique_ptr<encoding::Evaluator>> {
            return makeError(ErrorCode::InvalidInput, "bundle 'x.kibitz': not a readable zip");
        });
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
        QCOMPARE(failed.at(0).at(1).toString(), QStringLiteral("bundle 'x.kibitz': not a readable zip"));
    }
};

QTEST_GUILESS_MAIN(TestAnalysisWorker)
#include "tst_analysis_worker.moc"
