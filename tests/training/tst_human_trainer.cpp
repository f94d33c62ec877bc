// SPDX-License-Identifier: GPL-3.0-or-later
// The human-move trainer on real games (tests/data/games_sample.pgn): learning-rate schedule, exact resume
// (a stopped and resumed run ends with bit-identical weights), cancellation, bad input, and data-parallel training
// over two local processes (c10d Gloo) matching a one-process run on the same global batch.
#include "core/chess/pgn.h"
#include "core/encoding/game_conditioning.h"
#include "core/models/human_move_model.h"
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstring>
#include <map>

using namespace kibitz;

namespace {

training::TrainOptions tinyOptions(const std::string& outDir) {
    training::TrainOptions o;
    o.pgnFiles = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    o.config = models::modelConfigByName("tiny").value();
    o.outDir = outDir;
    o.totalSteps = 12;
    o.warmupSteps = 3;
    o.batchSize = 32;
    o.learningRate = 3e-3;
    o.chunkGames = 6;  // a few hundred positions per chunk: runs cross chunk boundaries
    o.checkpointEvery = 1000;
    o.keepEvery = 0;
    o.validateEvery = 0;
    o.logEvery = 1;
    o.seed = 5;
    return o;
}

std::map<std::string, torch::Tensor> weightsOf(const std::string& checkpoint) {
    torch::serialize::InputArchive a;
    a.load_from(checkpoint);
    models::HumanMoveModel m(models::loadModelConfig(a));
    models::loadModelWeights(m, a);
    std::map<std::string, torch::Tensor> out;
    for (const auto& p : m->named_parameters()) out[p.key()] = p.value().detach().clone();
    return out;
}

double maxDiff(const std::map<std::string, torch::Tensor>& a, const std::map<std::string, torch::Tensor>& b) {
    double d = 0;
    for (const auto& [k, t] : a) d = std::max(d, (t - b.at(k)).abs().max().item<double>());
    return d;
}

std::int64_t stepOf(const std::string& checkpoint) {
    torch::serialize::InputArchive a;
    a.load_from(checkpoint);
    c10::IValue v;
    a.read("state.step", v);
    return v.toInt();
}

/// Worker mode of this executable: one rank of the distributed test.
int runWorker(int rank, int port, const std::string& outDir) {
    auto o = tinyOptions(outDir);
    o.worldSize = 2;
    o.rank = rank;
    o.masterPort = port;
    o.stopAfterSteps = 4;
    o.checkpointAllRanks = true;
    const Status st = training::trainHumanModel(o, CancelToken(), {});
    if (!st.ok()) {
        std::fprintf(stderr, "rank %d: %s\n", rank, st.error().message.c_str());
        return 1;
    }
    return 0;
}

}  // namespace

class TestHumanTrainer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void learningRateSchedule_data();
    void learningRateSchedule();
    void exactResume();
    void cancelWritesCheckpoint();
    void badInput();
    void distributedMatchesSingleProcess();
    void conditioningProbe();
    void probesAndMaiaProtocol();
    void warmStartV2WithBalance();
};

void TestHumanTrainer::learningRateSchedule_data() {
    QTest::addColumn<qint64>("step");
    QTest::addColumn<double>("expected");
    // peak 1e-3, warm-up 100, total 1100, floor 10 %
    QTest::newRow("first warm-up step") << qint64(0) << 1e-5;
    QTest::newRow("mid warm-up") << qint64(49) << 5e-4;
    QTest::newRow("peak") << qint64(100) << 1e-3;
    QTest::newRow("half way down") << qint64(600) << 5.5e-4;
    QTest::newRow("end") << qint64(1100) << 1e-4;
    QTest::newRow("beyond the end") << qint64(5000) << 1e-4;
}

void TestHumanTrainer::learningRateSchedule() {
    QFETCH(qint64, step);
    QFETCH(double, expected);
    training::TrainOptions o;
    o.learningRate = 1e-3;
    o.warmupSteps = 100;
    o.totalSteps = 1100;
    o.minLrFraction = 0.1;
    QVERIFY(std::abs(training::learningRateAt(o, step) - expected) < 1e-9);
}

void TestHumanTrainer::exactResume() {
    QTemporaryDir straight, resumed;
    auto a = tinyOptions(straight.path().toStdString());
    a.stopAfterSteps = 10;
    QVERIFY(training::trainHumanModel(a, CancelToken(), {}).ok());

    auto b = tinyOptions(resumed.path().toStdString());
    b.stopAfterSteps = 4;
    QVERIFY(training::trainHumanModel(b, CancelToken(), {}).ok());
    QCOMPARE(stepOf(b.outDir + "/latest.pt"), std::int64_t(4));
    b.stopAfterSteps = 10;
    b.resume = true;
    std::vector<std::string> logs;
    training::TrainCallbacks cb;
    cb.log = [&](const std::string& s) { logs.push_back(s); };
    QVERIFY(training::trainHumanModel(b, CancelToken(), cb).ok());
    bool sawResume = false;
    for (const auto& l : logs) sawResume |= l.find("resumed from") != std::string::npos;
    QVERIFY(sawResume);
    QCOMPARE(stepOf(b.outDir + "/latest.pt"), std::int64_t(10));
    // Same data, same optimizer state, same conditioning drops: bit-identical weights.
    QCOMPARE(maxDiff(weightsOf(a.outDir + "/latest.pt"), weightsOf(b.outDir + "/latest.pt")), 0.0);

    // A different seed gives different weights, so the comparison above can fail.
    QTemporaryDir other;
    auto c = tinyOptions(other.path().toStdString());
    c.stopAfterSteps = 10;
    c.seed = 6;
    QVERIFY(training::trainHumanModel(c, CancelToken(), {}).ok());
    QVERIFY(maxDiff(weightsOf(a.outDir + "/latest.pt"), weightsOf(c.outDir + "/latest.pt")) > 1e-4);
}

void TestHumanTrainer::cancelWritesCheckpoint() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    CancelToken cancel;
    int reports = 0;
    training::TrainCallbacks cb;
    cb.progress = [&](const training::TrainProgress& p) {
        ++reports;
        QVERIFY(p.loss > 0);
        QVERIFY(p.learningRate > 0);
        if (p.step == 3) cancel.cancel();
    };
    const Status st = training::trainHumanModel(o, cancel, cb);
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, ErrorCode::Cancelled);
    QCOMPARE(stepOf(o.outDir + "/latest.pt"), std::int64_t(4));  // the flag is seen at the next step
    QCOMPARE(reports, 4);
}

/// eval human --hide-elo / --elo-shift: the same positions scored with altered conditioning, bucketed by the true
/// rating; a model trained with conditioning scores them differently.
void TestHumanTrainer::conditioningProbe() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.stopAfterSteps = 10;
    QVERIFY(training::trainHumanModel(o, CancelToken(), {}).ok());
    const std::string ckpt = o.outDir + "/latest.pt";
    auto eval = [&](const training::ConditioningProbe& probe) {
        auto r = training::evaluateHumanModel(ckpt, o.pgnFiles, false, 30, 20, 1, probe);
        if (!r.ok()) qFatal("%s", r.error().message.c_str());
        return r.value();
    };
    const auto base = eval({});
    training::ConditioningProbe hidden;
    hidden.hideElo = true;
    training::ConditioningProbe shifted;
    shifted.moverEloShift = 800;
    const auto noElo = eval(hidden);
    const auto up = eval(shifted);
    QVERIFY(base.overall().positions > 500);
    QCOMPARE(noElo.overall().positions, base.overall().positions);
    QCOMPARE(up.overall().positions, base.overall().positions);
    // Buckets by the mover's true rating in every run.
    auto keys = [](const training::MoveMetrics& m) {
        std::vector<int> k;
        for (const auto& [lo, b] : m.byElo()) k.push_back(lo);
        return k;
    };
    QVERIFY(keys(base).size() > 3);
    QCOMPARE(keys(noElo), keys(base));
    QCOMPARE(keys(up), keys(base));
    QVERIFY(std::abs(noElo.overall().meanNll() - base.overall().meanNll()) > 1e-6);
    QVERIFY(std::abs(up.overall().meanNll() - base.overall().meanNll()) > 1e-6);
    QCOMPARE(eval({}).overall().meanNll(),
             base.overall().meanNll());  // deterministic, so the differences above are the probe's
    QCOMPARE(training::ConditioningProbe{}.describe(), std::string("as recorded"));
    training::ConditioningProbe both;
    both.hideClock = true;
    both.moverEloShift = -400;
    QCOMPARE(both.describe(), std::string("clocks hidden, mover Elo -400"));
}

/// One pass for several conditionings (eval human --sensitivity) and the Maia-protocol subset of the same positions.
void TestHumanTrainer::probesAndMaiaProtocol() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.stopAfterSteps = 6;
    QVERIFY(training::trainHumanModel(o, CancelToken(), {}).ok());
    const std::string ckpt = o.outDir + "/latest.pt";
    training::ConditioningProbe hidden, away;
    hidden.hideElo = true;
    away.moverEloAway = 600;
    QCOMPARE(away.describe(), std::string("mover Elo 600 toward the middle"));
    auto r = training::evaluateHumanModelProbes(ckpt, o.pgnFiles, false, 30, 20, 1, {{}, hidden, away});
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r.value().perProbe.size(), std::size_t(3));
    const auto single = training::evaluateHumanModel(ckpt, o.pgnFiles, false, 30, 20, 1, {});
    QVERIFY(single.ok());
    QCOMPARE(r.value().perProbe[0].overall().meanNll(), single.value().overall().meanNll());
    QVERIFY(std::abs(r.value().perProbe[2].overall().meanNll() - single.value().overall().meanNll()) > 1e-6);
    // Maia's protocol, counted here from the games themselves: ply >= 10, not forced, mover's clock unknown or >= 30 s.
    auto reader = chess::PgnReader::open(o.pgnFiles.front());
    QVERIFY(reader.ok());
    chess::PgnGame g;
    std::int64_t expected = 0, lowClock = 0;
    for (int games = 0; games < 20 && reader.value()->next(g);) {
        if (!training::unusableReason(g).empty()) continue;
        ++games;
        chess::Position pos;
        const auto conds = encoding::plyConditionings(g);
        for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
            const bool clockOk = !conds[ply].moverClockS || *conds[ply].moverClockS >= 30;
            if (pos.countLegalMoves() > 1 && ply >= 10) (clockOk ? expected : lowClock) += 1;
            pos.makeMove(g.moves[ply].move);
        }
    }
    QCOMPARE(r.value().maiaProtocol.overall().positions, expected);
    QVERIFY(lowClock > 0);  // the sample has time scrambles, so the clock rule removes something
    QVERIFY(expected < r.value().perProbe[0].overall().positions);
}

/// A small-v2 style warm start from a v1 checkpoint, with the balance caps; resuming with other caps is refused.
void TestHumanTrainer::warmStartV2WithBalance() {
    QTemporaryDir dir;
    auto v1 = tinyOptions(dir.filePath(QStringLiteral("v1")).toStdString());
    v1.stopAfterSteps = 4;
    QVERIFY(training::trainHumanModel(v1, CancelToken(), {}).ok());
    auto o = tinyOptions(dir.filePath(QStringLiteral("v2")).toStdString());
    o.config = models::modelConfigByName("tiny-v2").value();
    o.initCheckpoint = v1.outDir + "/latest.pt";
    o.stopAfterSteps = 3;
    o.maxPlayerShare = 0.05;
    o.maxRatingBandShare = 0.3;
    std::vector<std::string> logs;
    training::TrainCallbacks cb;
    cb.log = [&logs](const std::string& s) { logs.push_back(s); };
    const Status st = training::trainHumanModel(o, CancelToken(), cb);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    auto has = [&logs](const char* text) {
        return std::any_of(logs.begin(), logs.end(), [&](const std::string& l) { return l.find(text) != l.npos; });
    };
    QVERIFY(has("warm start: encoding v2"));
    QVERIFY(has("player cap 0.050"));
    {
        torch::serialize::InputArchive a;
        a.load_from(o.outDir + "/latest.pt");
        QCOMPARE(models::loadModelConfig(a).version, 2);
    }
    // The shared tensors came from the v1 checkpoint (then moved 3 steps): the v1 head is close, a fresh one is not.
    const auto w1 = weightsOf(v1.outDir + "/latest.pt");
    const auto w2 = weightsOf(o.outDir + "/latest.pt");
    QVERIFY((w1.at("head.weight") - w2.at("head.weight")).abs().max().item<double>() < 0.05);
    // Resuming with other caps would change the data order: refused.
    o.resume = true;
    o.maxPlayerShare = 0.1;
    o.stopAfterSteps = 5;
    const Status again = training::trainHumanModel(o, CancelToken(), {});
    QVERIFY(!again.ok());
    QVERIFY(again.error().message.find("balance caps") != std::string::npos);
    // A warm start into another shape is refused with the reason.
    auto wrong = tinyOptions(dir.filePath(QStringLiteral("wrong")).toStdString());
    wrong.config = models::modelConfigByName("small-v2").value();
    wrong.initCheckpoint = v1.outDir + "/latest.pt";
    const Status bad = training::trainHumanModel(wrong, CancelToken(), {});
    QVERIFY(!bad.ok());
    QVERIFY(bad.error().message.find("same shape") != std::string::npos);
}

void TestHumanTrainer::badInput() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.pgnFiles = {"/nonexistent/games.pgn"};
    Status st = training::trainHumanModel(o, CancelToken(), {});
    QVERIFY(!st.ok());
    QVERIFY(st.error().message.find("/nonexistent/games.pgn") != std::string::npos);

    o = tinyOptions(dir.path().toStdString());
    o.worldSize = 3;  // 32 is not a multiple of 3
    st = training::trainHumanModel(o, CancelToken(), {});
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, ErrorCode::InvalidInput);
}

void TestHumanTrainer::distributedMatchesSingleProcess() {
    QTemporaryDir single, ddp;
    auto o = tinyOptions(single.path().toStdString());
    o.stopAfterSteps = 4;
    QVERIFY(training::trainHumanModel(o, CancelToken(), {}).ok());

    const int port = 20000 + int(QCoreApplication::applicationPid() % 20000);
    QProcess workers[2];
    for (int r = 0; r < 2; ++r) {
        workers[r].setProcessChannelMode(QProcess::ForwardedChannels);
        workers[r].start(QCoreApplication::applicationFilePath(),
                         {QStringLiteral("--ddp-worker"), QString::number(r), QString::number(port), ddp.path()});
    }
    for (auto& w : workers) {
        QVERIFY(w.waitForFinished(240000));
        QCOMPARE(w.exitStatus(), QProcess::NormalExit);
        QCOMPARE(w.exitCode(), 0);
    }
    const auto w0 = weightsOf(ddp.path().toStdString() + "/latest.pt");
    const auto w1 = weightsOf(ddp.path().toStdString() + "/latest.rank1.pt");
    const auto w = weightsOf(o.outDir + "/latest.pt");
    const double ranks = maxDiff(w0, w1);
    const double vsSingle = maxDiff(w0, w);
    QVERIFY2(ranks == 0.0, qPrintable(QString::number(ranks)));
    QVERIFY2(vsSingle < 1e-4, qPrintable(QString::number(vsSingle)));
    // Training moved the weights far more than that tolerance.
    QTemporaryDir fresh;
    auto f = tinyOptions(fresh.path().toStdString());
    f.stopAfterSteps = 1;
    QVERIFY(training::trainHumanModel(f, CancelToken(), {}).ok());
    QVERIFY(maxDiff(w, weightsOf(f.outDir + "/latest.pt")) > 1e-3);
}

int main(int argc, char** argv) {
    at::set_num_threads(1);
    if (argc == 5 && std::strcmp(argv[1], "--ddp-worker") == 0)
        return runWorker(std::atoi(argv[2]), std::atoi(argv[3]), argv[4]);
    QCoreApplication app(argc, argv);
    TestHumanTrainer t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_human_trainer.moc"
