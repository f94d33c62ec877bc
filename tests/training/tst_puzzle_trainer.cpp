// SPDX-License-Identifier: GPL-3.0-or-later
// The puzzle-rating trainer resumes exactly: a run stopped at step 4 and resumed to step 8 ends
// with bit-identical weights to a run that went to step 8 at once, on the real puzzle sample (crossing chunk
// boundaries); another seed gives other weights, so the comparison can fail; a resume with another batch size is
// refused.
#include "core/models/puzzle_predictor.h"
#include "core/training/puzzle_trainer.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace kibitz;

namespace {

training::PuzzleTrainOptions tinyOptions(const std::string& outDir) {
    training::PuzzleTrainOptions o;
    o.csvFiles = {KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"};
    o.config = models::puzzleConfigByName("tiny").value();
    o.outDir = outDir;
    o.totalSteps = 12;
    o.batchSize = 8;
    o.warmupSteps = 2;
    o.chunkPuzzles = 20;  // several chunks within 8 steps of 8 puzzles
    o.checkpointEvery = 1000;
    o.logEvery = 1;
    o.validateEvery = 0;
    o.seed = 3;
    return o;
}

std::vector<models::NamedArray> weightsOf(const std::string& dir) {
    auto p = models::PuzzlePredictor::loadCheckpoint(dir + "/latest.pt");
    if (!p.ok()) qFatal("%s", p.error().message.c_str());
    return p.value()->exportWeights();
}

double maxDiff(const std::vector<models::NamedArray>& a, const std::vector<models::NamedArray>& b) {
    if (a.size() != b.size()) return 1e9;
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].name != b[i].name || a[i].values.size() != b[i].values.size()) return 1e9;
        for (std::size_t j = 0; j < a[i].values.size(); ++j)
            d = std::max(d, double(std::abs(a[i].values[j] - b[i].values[j])));
    }
    return d;
}

}  // namespace

class TestPuzzleTrainer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The CUDA way of a step (sums on the device, the clip without reading the norm), run on the CPU: the same
    // weights and the same logged loss and training MAE as reading everything every step.
    void readsAtLogLinesTrainTheSame() {
        QTemporaryDir every, atLog;
        std::map<std::int64_t, std::pair<double, double>> logged[2];
        for (int i = 0; i < 2; ++i) {
            auto o = tinyOptions((i == 0 ? every : atLog).path().toStdString());
            o.logEvery = 4;
            o.stepReads = i == 0 ? training::StepReads::EveryStep : training::StepReads::AtLogLines;
            training::PuzzleTrainCallbacks cb;
            cb.progress = [&logged, i](const training::TrainProgress& p) {
                double mae = 0;
                for (const auto& [k, v] : p.metrics)
                    if (k == "train_mae") mae = v;
                logged[i][p.step] = {p.loss, mae};
            };
            QVERIFY(training::trainPuzzleModel(o, CancelToken(), cb).ok());
        }
        QCOMPARE(maxDiff(weightsOf(every.path().toStdString()), weightsOf(atLog.path().toStdString())), 0.0);
        QCOMPARE(int(logged[0].size()), 3);
        for (const auto& [step, v] : logged[0]) {
            QVERIFY(logged[1].count(step));
            QVERIFY(v.second > 10.0);  // a real rating error
            QVERIFY(std::abs(logged[1][step].first - v.first) < 1e-6);
            QVERIFY(std::abs(logged[1][step].second - v.second) < 1e-3);
        }
    }
    void exactResume() {
        QTemporaryDir straight, resumed, other;
        auto a = tinyOptions(straight.path().toStdString());
        a.stopAfterSteps = 8;
        const Status sa = training::trainPuzzleModel(a, CancelToken(), {});
        QVERIFY2(sa.ok(), sa.ok() ? "" : sa.error().message.c_str());

        auto b = tinyOptions(resumed.path().toStdString());
        b.stopAfterSteps = 4;
        QVERIFY(training::trainPuzzleModel(b, CancelToken(), {}).ok());
        b.stopAfterSteps = 8;
        b.resume = true;
        std::vector<std::string> logs;
        training::PuzzleTrainCallbacks cb;
        cb.log = [&logs](const std::string& s) { logs.push_back(s); };
        QVERIFY(training::trainPuzzleModel(b, CancelToken(), cb).ok());
        QVERIFY(std::any_of(logs.begin(), logs.end(),
                            [](const std::string& l) { return l.find("resum") != std::string::npos; }));
        QCOMPARE(maxDiff(weightsOf(a.outDir), weightsOf(b.outDir)), 0.0);

        auto c = tinyOptions(other.path().toStdString());
        c.stopAfterSteps = 8;
        c.seed = 4;
        QVERIFY(training::trainPuzzleModel(c, CancelToken(), {}).ok());
        QVERIFY(maxDiff(weightsOf(a.outDir), weightsOf(c.outDir)) > 1e-5);

        // Exact resume needs the same batch size: another one is refused, and the checkpoint is left as it was.
        b.batchSize = 16;
        b.stopAfterSteps = 10;
        const Status st = training::trainPuzzleModel(b, CancelToken(), {});
        QVERIFY(!st.ok());
        QCOMPARE(maxDiff(weightsOf(a.outDir), weightsOf(b.outDir)), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestPuzzleTrainer)
#include "tst_puzzle_trainer.moc"
