// SPDX-License-Identifier: GPL-3.0-or-later
// The human-move trainer on real games (tests/data/games_sample.pgn): learning-rate schedule, exact resume
// (a stopped and resumed run ends with bit-identical weights), cancellation, bad input, and data-parallel training
// over two local processes (c10d Gloo) matching a one-process run on the same global batch.
#include "core/chess/pgn.h"
#include "core/common/run_lock.h"
#include "core/encoding/game_conditioning.h"
#include "core/models/human_move_model.h"
#include "core/models/torch_evaluator.h"
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"
#include "core/training/portable_checkpoint.h"
#include "core/training/trainer_torch.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <map>

#include <sys/resource.h>
#include <torch/torch.h>

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
    void resumeThroughPortableCheckpoint();
    void resumeFromCompactCheckpoint();
    void clipWithoutSyncMatchesLibTorch();
    void readsAtLogLinesTrainTheSame();
    void fullDiskKeepsThePreviousCheckpoint();
    void cancelWritesCheckpoint();
    void badInput();
    void distributedMatchesSingleProcess();
    void conditioningProbe();
    void probesAndMaiaProtocol();
    void warmStartV2WithBalance();
    void ratingContrastLossByHand();
    void ratingContrastSeparatesTheRatings();
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

// A run moves between LibTorch versions through KBZP (a GPU machine's torch writes it, Debian's LibTorch reads
// it): a v2 run stopped at step 4, converted to KBZP and back, resumes to the same weights as a run that never
// stopped; the conversion loses nothing (converting the rebuilt checkpoint gives the same bytes); damaged files
// are refused with their name.
void TestHumanTrainer::resumeThroughPortableCheckpoint() {
    QTemporaryDir straight, moved;
    auto a = tinyOptions(straight.path().toStdString());
    a.config = models::modelConfigByName("tiny-v2").value();
    a.stopAfterSteps = 8;
    QVERIFY(training::trainHumanModel(a, CancelToken(), {}).ok());

    auto b = tinyOptions(moved.path().toStdString());
    b.config = a.config;
    b.stopAfterSteps = 4;
    QVERIFY(training::trainHumanModel(b, CancelToken(), {}).ok());
    const std::string pt = b.outDir + "/latest.pt";
    const std::string kbzp = b.outDir + "/latest.kbzp";
    QVERIFY(training::exportPortableCheckpoint(pt, kbzp).ok());
    QVERIFY(QFile::remove(QString::fromStdString(pt)));
    const Status imported = training::importPortableCheckpoint(kbzp, pt);
    QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().message.c_str());
    QVERIFY(training::exportPortableCheckpoint(pt, b.outDir + "/again.kbzp").ok());
    // The optimizer names each parameter's state by an address: decimal after the round trip (LibTorch 2.x reads
    // it with std::stoull, so 1.x's "0x..." would give every parameter the same state), and every parameter list
    // entry names one of the states.
    {
        torch::serialize::InputArchive ckpt, opt, state, groups, group;
        ckpt.load_from(pt);
        ckpt.read("optimizer", opt);
        opt.read("state", state);
        const std::vector<std::string> stateKeys = state.keys();
        QVERIFY(stateKeys.size() > 10);
        for (const std::string& k : stateKeys) {
            QVERIFY2(!k.empty() && k.find_first_not_of("0123456789") == std::string::npos, k.c_str());
            QVERIFY(std::stoull(k) != 0);
        }
        opt.read("param_groups", groups);
        int named = 0;
        for (const std::string& g : groups.keys()) {
            if (!groups.try_read(g, group)) continue;
            for (const std::string& p : group.keys()) {
                c10::IValue v;
                if (p == "params/size" || !p.starts_with("params/") || !group.try_read(p, v)) continue;
                QVERIFY(std::find(stateKeys.begin(), stateKeys.end(), v.toStringRef()) != stateKeys.end());
                ++named;
            }
        }
        QVERIFY(named >= int(stateKeys.size()));
    }
    auto bytes = [](const std::string& path) {
        QFile f(QString::fromStdString(path));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const QByteArray original = bytes(kbzp);
    QVERIFY(original.size() > 100000);  // weights, optimizer moments and run state
    QVERIFY(original == bytes(b.outDir + "/again.kbzp"));
    QCOMPARE(stepOf(pt), std::int64_t(4));

    b.stopAfterSteps = 8;
    b.resume = true;
    QVERIFY(training::trainHumanModel(b, CancelToken(), {}).ok());
    QCOMPARE(stepOf(pt), std::int64_t(8));
    QCOMPARE(maxDiff(weightsOf(a.outDir + "/latest.pt"), weightsOf(pt)), 0.0);

    // Damaged or foreign files: an error that names the file; nothing is written.
    const std::string out = b.outDir + "/never.pt";
    auto refused = [&](const QByteArray& content, const char* why) {
        const std::string path = b.outDir + "/bad.kbzp";
        QFile f(QString::fromStdString(path));
        if (!f.open(QIODevice::WriteOnly)) return false;
        f.write(content);
        f.close();
        const Status st = training::importPortableCheckpoint(path, out);
        return !st.ok() && st.error().message.find(path) != std::string::npos &&
               st.error().message.find(why) != std::string::npos && !QFile::exists(QString::fromStdString(out));
    };
    QVERIFY(refused(original.left(original.size() / 2), "truncated"));
    QVERIFY(refused(QByteArray("PK\x03\x04 a zip file, not KBZP"), "wrong magic"));
    QByteArray huge = original.left(16);
    // A float parameter "model" of rank 2 whose sizes (2^40 each) no file could hold: refused before allocating.
    huge.append(QByteArray("\x05\x00\x00\x00model\x00\x00\x02\x00\x00\x00", 15));
    const qint64 big = qint64(1) << 40;
    huge.append(reinterpret_cast<const char*>(&big), 8).append(reinterpret_cast<const char*>(&big), 8);
    QVERIFY(refused(huge, "tensor"));
    QVERIFY(!training::importPortableCheckpoint(kbzp, kbzp).ok());  // never over its own input
    QVERIFY(!training::exportPortableCheckpoint(b.outDir + "/missing.pt", b.outDir + "/x.kbzp").ok());
}

// A compact resume checkpoint: bf16 weights and the run state, no optimizer state. It is a
// fraction of the full one, its weights come back as the full run's rounded to bf16, and a run resumed from it
// says so, starts AdamW afresh and continues from the same step and data position.
void TestHumanTrainer::resumeFromCompactCheckpoint() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.config = models::modelConfigByName("tiny-v2").value();
    o.stopAfterSteps = 4;
    QVERIFY(training::trainHumanModel(o, CancelToken(), {}).ok());
    const std::string pt = o.outDir + "/latest.pt";
    const std::string full = o.outDir + "/full.kbzp";
    const std::string compact = o.outDir + "/compact.kbzp";
    QVERIFY(training::exportPortableCheckpoint(pt, full).ok());
    QVERIFY(training::exportPortableCheckpoint(pt, compact, true).ok());
    const auto sizeOf = [](const std::string& p) { return QFileInfo(QString::fromStdString(p)).size(); };
    QVERIFY2(sizeOf(compact) * 5 < sizeOf(full), qPrintable(QString::number(sizeOf(compact))));
    const auto before = weightsOf(pt);
    QVERIFY(QFile::rename(QString::fromStdString(pt), QString::fromStdString(o.outDir + "/full.pt")));
    QVERIFY(training::importPortableCheckpoint(compact, pt).ok());
    const auto after = weightsOf(pt);
    QCOMPARE(after.size(), before.size());
    double rounding = 0.0;
    for (const auto& [name, t] : before) {
        QVERIFY(after.count(name));
        QCOMPARE(after.at(name).scalar_type(), torch::kFloat32);
        QVERIFY(torch::equal(after.at(name), t.to(torch::kBFloat16).to(torch::kFloat32)));
        rounding = std::max(rounding, (after.at(name) - t).abs().max().item<double>());
    }
    QVERIFY(rounding > 0.0);  // bf16 did round something
    QCOMPARE(stepOf(pt), std::int64_t(4));
    std::vector<std::string> lines;
    training::TrainCallbacks cb;
    cb.log = [&](const std::string& l) { lines.push_back(l); };
    o.stopAfterSteps = 8;
    o.resume = true;
    QVERIFY(training::trainHumanModel(o, CancelToken(), cb).ok());
    QCOMPARE(stepOf(pt), std::int64_t(8));
    QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("compact checkpoint (no optimizer state)") != std::string::npos;
    }));
    QVERIFY(std::any_of(lines.begin(), lines.end(),
                        [](const std::string& l) { return l.find("resumed from") != std::string::npos; }));
}

// A disk that fills while a checkpoint is written (simulated with a file size limit: writes past 64 KiB fail with
// EFBIG, as ENOSPC would) is an Io error, not an abort; the previous checkpoint is intact and no temporary is left.
void TestHumanTrainer::fullDiskKeepsThePreviousCheckpoint() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.stopAfterSteps = 2;
    QVERIFY(training::trainHumanModel(o, CancelToken(), {}).ok());
    const QString latest = dir.filePath(QStringLiteral("latest.pt"));
    auto bytes = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    const QByteArray before = bytes(latest);
    QVERIFY(before.size() > 64 * 1024);

    std::signal(SIGXFSZ, SIG_IGN);
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit small = old;
    small.rlim_cur = 64 * 1024;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    o.stopAfterSteps = 4;
    o.resume = true;
    const Status st = training::trainHumanModel(o, CancelToken(), {});
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
    std::signal(SIGXFSZ, SIG_DFL);

    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, ErrorCode::Io);
    QVERIFY2(st.error().message.find("File too large") != std::string::npos, st.error().message.c_str());
    QVERIFY(bytes(latest) == before);
    QCOMPARE(stepOf(latest.toStdString()), std::int64_t(2));
    QVERIFY(!QFile::exists(latest + QStringLiteral(".tmp")));
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
    // Both players told ratings 600 off: another conditioning than the mover's alone (the sample games have both).
    training::ConditioningProbe bothAway = away;
    bothAway.awayWithOpponent = true;
    QCOMPARE(bothAway.describe(), std::string("mover and opponent Elo 600 toward the middle"));
    auto ba = training::evaluateHumanModelProbes(ckpt, o.pgnFiles, false, 30, 20, 1, {bothAway});
    QVERIFY(ba.ok());
    QCOMPARE(ba.value().perProbe[0].overall().positions, r.value().perProbe[2].overall().positions);
    QVERIFY(std::abs(ba.value().perProbe[0].overall().meanNll() - r.value().perProbe[2].overall().meanNll()) > 1e-7);
    // Rating guidance changes the scores when the ratings are told and nothing when they are hidden anyway.
    training::ConditioningProbe guided, hiddenGuided;
    guided.ratingGuidance = 0.5;
    hiddenGuided.hideElo = true;
    hiddenGuided.ratingGuidance = 0.5;
    QCOMPARE(guided.describe(), std::string("rating guidance 0.5"));
    auto gd = training::evaluateHumanModelProbes(ckpt, o.pgnFiles, false, 30, 20, 1, {guided, hiddenGuided});
    QVERIFY(gd.ok());
    QVERIFY(std::abs(gd.value().perProbe[0].overall().meanNll() - single.value().overall().meanNll()) > 1e-6);
    QVERIFY(std::abs(gd.value().perProbe[1].overall().meanNll() - r.value().perProbe[1].overall().meanNll()) < 1e-5);
    QCOMPARE(gd.value().perProbe[1].overall().top1, r.value().perProbe[1].overall().top1);
    // Any evaluator gets the same guidance, applied to its distributions ((1 + w) log p(ratings) - w log p(ratings
    // hidden), renormalised): for the same model it is the logits' guidance exactly, so the two paths agree.
    auto torchModel = models::TorchEvaluator::load(ckpt);
    QVERIFY(torchModel.ok());
    auto viaEvaluator =
        training::evaluateEvaluatorProbes(*torchModel.value(), "model", o.pgnFiles, false, 30, 20, {guided});
    QVERIFY2(viaEvaluator.ok(), viaEvaluator.ok() ? "" : viaEvaluator.error().message.c_str());
    QCOMPARE(viaEvaluator.value().perProbe[0].overall().positions, gd.value().perProbe[0].overall().positions);
    QVERIFY(std::abs(viaEvaluator.value().perProbe[0].overall().meanNll() -
                     gd.value().perProbe[0].overall().meanNll()) < 1e-4);
    // Skipping games: the first 10 and the 10 after them are the 20.
    const auto first = training::evaluateHumanModel(ckpt, o.pgnFiles, false, 30, 10, 1, {});
    const auto next = training::evaluateHumanModel(ckpt, o.pgnFiles, false, 30, 10, 1, {}, CancelToken(), 10);
    QVERIFY(first.ok() && next.ok());
    QVERIFY(first.value().overall().positions > 0 && next.value().overall().positions > 0);
    QCOMPARE(first.value().overall().positions + next.value().overall().positions, single.value().overall().positions);
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

// The contrast term against a hand computation: -log sigmoid(log p(y | ratings) - log p(y | shifted)) averaged over
// the masked items with a played move; identical answers give log 2.
void TestHumanTrainer::ratingContrastLossByHand() {
    models::ModelBatch b;
    b.target = torch::tensor({0, 2, -100, 1, 2}, torch::kInt64);
    b.size = 5;
    torch::manual_seed(3);
    const torch::Tensor logits = torch::randn({5, 3}), shifted = torch::randn({5, 3});
    const torch::Tensor mask = torch::tensor({1.0f, 1.0f, 1.0f, 0.0f, 1.0f});
    auto logp = [](const torch::Tensor& l, int row, int col) {
        double z = 0;
        for (int j = 0; j < 3; ++j) z += std::exp(l[row][j].item<double>());
        return l[row][col].item<double>() - std::log(z);
    };
    double expect = 0;
    const int rows[] = {0, 1, 4}, cols[] = {0, 2, 2};  // item 2 has no move, item 3 is masked out
    for (int k = 0; k < 3; ++k) {
        const double d = logp(logits, rows[k], cols[k]) - logp(shifted, rows[k], cols[k]);
        expect += std::log1p(std::exp(-d));
    }
    expect /= 3;
    QVERIFY(std::abs(models::ratingContrastLoss(logits, shifted, b, mask).item<double>() - expect) < 1e-5);
    QVERIFY(std::abs(models::ratingContrastLoss(logits, logits, b, mask).item<double>() - std::log(2.0)) < 1e-6);
    QCOMPARE(models::ratingContrastLoss(logits, shifted, b, torch::zeros({5})).item<double>(), 0.0);
}

// Fine-tuned with the rating contrast, a model tells the recorded ratings from ratings 800 points off more sharply than
// the same fine-tune without it: telling it both ratings 800 points toward the middle costs it more NLL.
void TestHumanTrainer::ratingContrastSeparatesTheRatings() {
    QTemporaryDir dir;
    auto base = tinyOptions(dir.filePath(QStringLiteral("base")).toStdString());
    base.stopAfterSteps = 6;
    QVERIFY(training::trainHumanModel(base, CancelToken(), {}).ok());
    training::ConditioningProbe away;
    away.moverEloAway = 800;
    away.awayWithOpponent = true;
    auto gapAfter = [&](const char* name, double weight, std::vector<std::string>* logs) {
        auto o = tinyOptions(dir.filePath(QString::fromLatin1(name)).toStdString());
        o.initCheckpoint = base.outDir + "/latest.pt";
        o.totalSteps = 40;
        o.learningRate = 3e-3;
        o.ratingContrast = weight;
        training::TrainCallbacks cb;
        if (logs) cb.log = [logs](const std::string& s) { logs->push_back(s); };
        const Status st = training::trainHumanModel(o, CancelToken(), cb);
        if (!st.ok()) qWarning("%s", st.error().message.c_str());
        auto r = training::evaluateHumanModelProbes(o.outDir + "/latest.pt", o.pgnFiles, false, 30, 30, 1, {{}, away});
        if (!r.ok()) return -1.0;
        return r.value().perProbe[1].overall().meanNll() - r.value().perProbe[0].overall().meanNll();
    };
    std::vector<std::string> logs;
    const double plain = gapAfter("plain", 0.0, nullptr);
    const double contrast = gapAfter("contrast", 10.0, &logs);
    qInfo("NLL cost of ratings 800 off: %.4f without the contrast, %.4f with it", plain, contrast);
    QVERIFY(std::any_of(logs.begin(), logs.end(),
                        [](const std::string& l) { return l.find("rating contrast: loss += 10") != l.npos; }));
    QVERIFY(plain > -1.0);
    QVERIFY2(contrast > plain + 0.02, "the contrast did not separate the ratings");

    // Movers in the middle (1300-2100: 800 points would carry them past it) are left out: on games of such players
    // only, the contrast changes nothing at all.
    QFile all(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"));
    QVERIFY(all.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(all.readAll());
    const QRegularExpression elo(QStringLiteral("\\[(White|Black)Elo \"(\\d+)\"\\]"));
    QString middle;
    int kept = 0;
    for (const QString& game : text.split(QStringLiteral("[Event "), Qt::SkipEmptyParts)) {
        bool inMiddle = true;
        int ratings = 0;
        for (auto it = elo.globalMatch(game); it.hasNext(); ++ratings) {
            const int r = it.next().captured(2).toInt();
            inMiddle = inMiddle && r >= 1300 && r <= 2100;
        }
        if (!inMiddle || ratings != 2) continue;
        middle += QStringLiteral("[Event ") + game;
        ++kept;
    }
    QVERIFY(kept >= 20);
    const QString middlePgn = dir.filePath(QStringLiteral("middle.pgn"));
    QFile out(middlePgn);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(middle.toUtf8());
    out.close();
    auto middleRun = [&](const char* name, double weight) {
        auto o = tinyOptions(dir.filePath(QString::fromLatin1(name)).toStdString());
        o.pgnFiles = {middlePgn.toStdString()};
        o.initCheckpoint = base.outDir + "/latest.pt";
        o.totalSteps = 6;
        o.ratingContrast = weight;
        const Status st = training::trainHumanModel(o, CancelToken(), {});
        if (!st.ok()) qWarning("%s", st.error().message.c_str());
        return weightsOf(o.outDir + "/latest.pt");
    };
    QCOMPARE(maxDiff(middleRun("middle-plain", 0.0), middleRun("middle-contrast", 10.0)), 0.0);
}

void TestHumanTrainer::badInput() {
    QTemporaryDir dir;
    auto o = tinyOptions(dir.path().toStdString());
    o.pgnFiles = {"/nonexistent/games.pgn"};
    Status st = training::trainHumanModel(o, CancelToken(), {});
    QVERIFY(!st.ok());
    QVERIFY(st.error().message.find("/nonexistent/games.pgn") != std::string::npos);

    // Three games, none held out: the validation split is empty, and the message says why.
    {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        std::vector<chess::PgnGame> three;
        chess::PgnGame g;
        while (three.size() < 3 && reader.value()->next(g))
            if (!training::isHeldOut(g.tag("Site"), 30)) three.push_back(g);
        const std::string path = dir.filePath(QStringLiteral("three.pgn")).toStdString();
        QVERIFY(chess::writePgnFile(path, three).ok());
        o = tinyOptions(dir.filePath(QStringLiteral("three")).toStdString());
        o.pgnFiles = {path};
        o.holdoutPermille = 30;
        o.validateEvery = 2;
        st = training::trainHumanModel(o, CancelToken(), {});
        QVERIFY(!st.ok());
        QVERIFY2(st.error().message.find("no usable games for the validation split") != std::string::npos &&
                     st.error().message.find("3 games read, 3 of them in the training split by the 30 per mille "
                                             "hold-out rule") != std::string::npos &&
                     st.error().message.find("--validate-every 0") != std::string::npos,
                 st.error().message.c_str());
    }

    // A run folder another trainer holds: refused, naming the holder (here this process).
    {
        QTemporaryDir busy;
        auto lock = RunLock::acquire(busy.path().toStdString());
        QVERIFY(lock.ok());
        o = tinyOptions(busy.path().toStdString());
        st = training::trainHumanModel(o, CancelToken(), {});
        QVERIFY(!st.ok());
        QVERIFY2(st.error().message.find("in use by another trainer (process " +
                                         std::to_string(QCoreApplication::applicationPid())) != std::string::npos,
                 st.error().message.c_str());
        QVERIFY(!QFile::exists(busy.filePath(QStringLiteral("latest.pt"))));
    }

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

// The CUDA step's gradient clip (no read of the norm) scales exactly as LibTorch's clip_grad_norm_, both when the
// norm is above the limit (scaled down to it) and below it (left alone).
void TestHumanTrainer::clipWithoutSyncMatchesLibTorch() {
    torch::manual_seed(3);
    for (const double maxNorm : {0.5, 1000.0}) {
        std::vector<torch::Tensor> a, b;
        for (const auto& shape : std::vector<std::vector<std::int64_t>>{{4, 5}, {7}, {3, 3, 2}}) {
            auto p = torch::randn(shape).requires_grad_(true);
            p.mutable_grad() = torch::randn(shape) * 3.0;
            auto q = p.detach().clone().requires_grad_(true);
            q.mutable_grad() = p.grad().clone();
            a.push_back(p);
            b.push_back(q);
        }
        torch::nn::utils::clip_grad_norm_(a, maxNorm);
        training::clipGradNormWithoutSync(b, maxNorm);
        double total = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY(torch::allclose(a[i].grad(), b[i].grad(), 1e-6, 1e-7));
            total += b[i].grad().pow(2).sum().item<double>();
        }
        if (maxNorm < 1)
            QVERIFY(std::abs(std::sqrt(total) - maxNorm) < 1e-4);
        else
            QVERIFY(std::sqrt(total) > 5.0);  // untouched: 3 x sqrt(59) ~ 23
    }
}

// The CUDA way of a step (sums kept on the device, the clip without reading the norm), run on the CPU: the same
// weights as reading everything every step, and the same logged loss and accuracy.
void TestHumanTrainer::readsAtLogLinesTrainTheSame() {
    QTemporaryDir every, atLog;
    std::map<std::int64_t, std::pair<double, double>> logged[2];
    for (int i = 0; i < 2; ++i) {
        auto o = tinyOptions((i == 0 ? every : atLog).path().toStdString());
        o.config = models::modelConfigByName("tiny-v2").value();
        o.logEvery = 4;
        o.stepReads = i == 0 ? training::StepReads::EveryStep : training::StepReads::AtLogLines;
        training::TrainCallbacks cb;
        cb.progress = [&logged, i](const training::TrainProgress& p) {
            logged[i][p.step] = {p.loss, p.metric("accuracy")};
        };
        QVERIFY(training::trainHumanModel(o, CancelToken(), cb).ok());
    }
    QCOMPARE(maxDiff(weightsOf(every.path().toStdString() + "/latest.pt"),
                     weightsOf(atLog.path().toStdString() + "/latest.pt")),
             0.0);
    QCOMPARE(int(logged[0].size()), 3);  // steps 4, 8, 12
    QCOMPARE(logged[1].size(), logged[0].size());
    for (const auto& [step, v] : logged[0]) {
        QVERIFY(logged[1].count(step));
        QVERIFY(v.first > 0.5);
        QVERIFY(std::abs(logged[1][step].first - v.first) < 1e-6);
        QCOMPARE(logged[1][step].second, v.second);
    }
}

#include "tst_human_trainer.moc"
