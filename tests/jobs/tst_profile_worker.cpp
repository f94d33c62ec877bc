// SPDX-License-Identifier: GPL-3.0-or-later
// ProfileWorker on its own jobs::WorkerThread with a fake model and a fake engine over a real player's games
// (pnmadelaine in tests/data/games_sample.pgn): the profile arrives with the model and engine named and progress
// through both stages; a cancel from the test thread ends a slow run with cancelled, and a request cancelled before
// the worker takes it never starts; a model that cannot be made and a name nobody has are failures, only the second
// bad input. Threaded code: also run under ThreadSanitizer (label threads). The signals come from the worker's thread,
// possibly before the test would start to wait: the spies are polled (QTRY_), never waited on.
#include "core/jobs/cache_directory.h"
#include "core/jobs/profile_job.h"
#include "core/jobs/worker_thread.h"
#include "tests/evaluation/fakes.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz;

namespace {

jobs::ProfileRequest request(const CancelToken& cancel) {
    jobs::ProfileRequest r;
    r.files = {QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn")};
    r.player = QStringLiteral("PNMADELAINE");  // any case
    r.maxGames = 20;
    r.options.positions.every = 2;
    r.options.bootstrapRounds = 10;
    r.cancel = cancel;
    return r;
}

/// A worker on its own thread with the fakes (the engine waits `delayMs` a position).
struct Fixture {
    jobs::WorkerThread thread{QStringLiteral("tst-profile")};
    jobs::ProfileWorker* worker = thread.make<jobs::ProfileWorker>();
    CancelToken cancel;
    explicit Fixture(int delayMs = 0, jobs::EvaluatorFactory model = testing::fakeEvaluatorFactory()) {
        thread.post([w = worker, delayMs, model] {
            w->setAnalyserFactory(testing::ladderFactory(delayMs));
            w->setEvaluatorFactory(model);
        });
    }
    ~Fixture() { cancel.cancel(); }
    void run(const jobs::ProfileRequest& r) {
        thread.post([w = worker, r] { w->run(r); });
    }
};

}  // namespace

class TstProfileWorker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void profiles() {
        Fixture f;
        QSignalSpy finished(f.worker, &jobs::ProfileWorker::finished);
        QSignalSpy progress(f.worker, &jobs::ProfileWorker::progressChanged);
        QSignalSpy failed(f.worker, &jobs::ProfileWorker::failed);
        f.run(request(f.cancel));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(failed.size(), 0);
        const auto outcome = finished.front().front().value<jobs::ProfileOutcome>();
        QCOMPARE(outcome.profile.player, std::string("pnmadelaine"));  // as the files spell it
        QCOMPARE(outcome.profile.games, std::int64_t(20));
        QVERIFY(outcome.profile.all.positions > 100);
        QVERIFY(outcome.profile.rating.valid);
        QCOMPARE(outcome.profile.model, std::string("fake model"));
        QCOMPARE(outcome.profile.engine, std::string("ladder"));
        // Not the model the peer's scales were fitted on: the status note and every report say so.
        const std::string caveat = outcome.profile.peerCaveat;
        QVERIFY2(caveat.find("another model") != std::string::npos, caveat.c_str());
        QVERIFY2(outcome.note.contains(QString::fromStdString(caveat)), qPrintable(outcome.note));
        QVERIFY(outcome.profile.toText().find(caveat) != std::string::npos);
        const JsonValue json = outcome.profile.toJson();
        const JsonValue* inJson = json.find("peer_caveat");
        QVERIFY(inJson != nullptr && inJson->string() == caveat);
        const std::string html = evaluation::playerProfileHtml(outcome.profile);  // (its apostrophe escaped)
        QVERIFY(html.find("<b>" + caveat.substr(0, caveat.find('\'')) + "&") != std::string::npos);
        // Reading, then scoring to its end, then rating to its end.
        bool scored = false, rated = false;
        for (const auto& args : progress) {
            const auto p = args.front().value<jobs::ProfileProgress>();
            scored |= p.stage == jobs::ProfileProgress::Stage::Scoring && p.done == p.total && p.total > 0;
            rated |= p.stage == jobs::ProfileProgress::Stage::Rating && p.done == p.total && p.total > 0;
        }
        QVERIFY(scored && rated);
        QVERIFY(progress.size() < 200);  // throttled
    }

    void cancelStopsARun() {
        Fixture f(20);  // 20 ms a position: minutes without the cancel
        QSignalSpy progress(f.worker, &jobs::ProfileWorker::progressChanged);
        QSignalSpy cancelled(f.worker, &jobs::ProfileWorker::cancelled);
        QSignalSpy finished(f.worker, &jobs::ProfileWorker::finished);
        f.run(request(f.cancel));
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(progress.begin(), progress.end(),
                                             [](const QList<QVariant>& args) {
                                                 return args.front().value<jobs::ProfileProgress>().stage ==
                                                        jobs::ProfileProgress::Stage::Scoring;
                                             }),
                                 30000);
        f.cancel.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.size(), 1, 10000);
        QCOMPARE(finished.size(), 0);
    }

    void cancelledBeforeItStarts() {
        Fixture f(20);
        QSignalSpy cancelled(f.worker, &jobs::ProfileWorker::cancelled);
        QSignalSpy progress(f.worker, &jobs::ProfileWorker::progressChanged);
        CancelToken early;
        early.cancel();
        f.run(request(early));
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.size(), 1, 10000);
        QCOMPARE(progress.size(), 0);
    }

    void failures() {
        {
            Fixture f(0, []() -> Result<std::unique_ptr<encoding::Evaluator>> {
                return makeError(ErrorCode::Io, "model.kibitz: no such file");
            });
            QSignalSpy failed(f.worker, &jobs::ProfileWorker::failed);
            f.run(request(f.cancel));
            QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
            QCOMPARE(failed.front()[0].toString(), QStringLiteral("model.kibitz: no such file"));
            QCOMPARE(failed.front()[1].toBool(), false);
        }
        Fixture f;
        QSignalSpy failed(f.worker, &jobs::ProfileWorker::failed);
        jobs::ProfileRequest r = request(f.cancel);
        r.player = QStringLiteral("nobody-at-all");
        f.run(r);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
        QVERIFY(failed.front()[0].toString().contains(QStringLiteral("pnmadelaine")));  // the players are listed
        QCOMPARE(failed.front()[1].toBool(), true);
    }

    /// The profile's engine scores live in Kibitz's one cache folder, the puzzle model's caches' folder: under
    /// $KIBITZ_CACHE_DIR when set (created), else kibitz/ in the user's cache folder.
    void scoreCacheInKibitzsCacheFolder() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QByteArray before = qgetenv("KIBITZ_CACHE_DIR");
        const QString dir = tmp.filePath(QStringLiteral("kibitz-cache"));
        qputenv("KIBITZ_CACHE_DIR", dir.toUtf8());
        QCOMPARE(jobs::cacheDirectory(), dir);
        QCOMPARE(jobs::profileScoreCachePath(), QDir(dir).filePath(QStringLiteral("profile-scores.tsv")));
        QVERIFY(QFileInfo(dir).isDir());
        qunsetenv("KIBITZ_CACHE_DIR");
        QCOMPARE(QDir(jobs::cacheDirectory()).dirName(), QStringLiteral("kibitz"));
        QVERIFY(jobs::cacheDirectory() != dir);
        if (!before.isNull()) qputenv("KIBITZ_CACHE_DIR", before);
    }
};

QTEST_GUILESS_MAIN(TstProfileWorker)
#include "tst_profile_worker.moc"
