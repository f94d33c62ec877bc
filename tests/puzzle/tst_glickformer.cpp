// SPDX-License-Identifier: GPL-3.0-or-later
// GlickFormer (tiny config, fixed seed): shapes for each variant, batch independence, save -> load -> same output,
// predictor weights round trip, and the loss going down on a small batch of real puzzles.
#include "core/chess/puzzle_csv.h"
#include "core/models/glickformer.h"
#include "core/models/puzzle_batch.h"
#include "core/models/puzzle_predictor.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kibitz;
using namespace kibitz::models;

namespace {

std::vector<chess::Puzzle> samplePuzzles(int n) {
    auto r = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    if (!r.ok()) qFatal("cannot open the puzzle sample");
    std::vector<chess::Puzzle> out;
    chess::Puzzle p;
    while (int(out.size()) < n && r.value()->next(p)) out.push_back(p);
    return out;
}

PuzzleBatch batchOf(const std::vector<chess::Puzzle>& ps, const PuzzleModelConfig& c) {
    std::vector<const chess::Puzzle*> ptrs;
    for (const auto& p : ps) ptrs.push_back(&p);
    return makePuzzleBatch(ptrs, c, {}).value();
}

PuzzleModelConfig tiny(PuzzleVariant v) {
    PuzzleModelConfig c = puzzleConfigByName("tiny").value();
    c.variant = v;
    return c;
}

}  // namespace

class TestGlickFormer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { torch::set_num_threads(1); }
    void variants_data();
    void variants();
    void saveLoad();
    void predictorRoundTrip();
    void lossGoesDown();
    void configText();
};

void TestGlickFormer::variants_data() {
    QTest::addColumn<int>("variant");
    QTest::newRow("fe") << int(PuzzleVariant::FactorizedEncoder);
    QTest::newRow("fsa") << int(PuzzleVariant::FactorizedSelfAttention);
    QTest::newRow("stacked") << int(PuzzleVariant::Stacked);
}

void TestGlickFormer::variants() {
    QFETCH(int, variant);
    const auto c = tiny(PuzzleVariant(variant));
    auto model = makeGlickFormer(c, 7);
    model->eval();
    torch::InferenceMode guard;
    const auto ps = samplePuzzles(6);
    auto out = model->forward(batchOf(ps, c));
    QCOMPARE(out.mean.sizes().vec(), std::vector<std::int64_t>({6}));
    QCOMPARE(out.logVar.sizes().vec(), std::vector<std::int64_t>({6}));
    QVERIFY(torch::isfinite(out.mean).all().item<bool>());
    // A puzzle's output does not depend on the other puzzles of its batch (padding and packing are per puzzle).
    auto alone = model->forward(batchOf({ps[2]}, c));
    QVERIFY(std::abs(alone.mean[0].item<float>() - out.mean[2].item<float>()) < 1e-4f);
    QVERIFY(model->parameterCount() > 1000);
}

void TestGlickFormer::saveLoad() {
    const auto c = tiny(PuzzleVariant::FactorizedEncoder);
    auto model = makeGlickFormer(c, 3);
    model->eval();
    const auto ps = samplePuzzles(8);
    torch::Tensor before;
    {
        torch::InferenceMode guard;
        before = model->forward(batchOf(ps, c)).mean.clone();
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("m.pt")).toStdString();
    torch::serialize::OutputArchive out;
    saveGlickFormer(model, out);
    writePuzzleMeta(out, PuzzleModelMeta{1565.0, 581.0, 1565.0, {{1, 1200.0}}, 10, 640, 1.5, {}, {}, {}, {}});
    out.save_to(path);
    torch::serialize::InputArchive in;
    in.load_from(path);
    auto loaded = loadGlickFormer(in);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QCOMPARE(loaded.value()->config(), c);
    loaded.value()->eval();
    torch::InferenceMode guard;
    auto after = loaded.value()->forward(batchOf(ps, c)).mean;
    QVERIFY(torch::equal(before, after));
    auto meta = readPuzzleMeta(in);
    QVERIFY(meta.ok());
    QCOMPARE(meta.value().ratingStd, 581.0);
    QCOMPARE(meta.value().baselineByLength.at(1), 1200.0);
    // And through the torch-free predictor.
    auto pred = PuzzlePredictor::loadCheckpoint(path);
    QVERIFY(pred.ok());
    auto r = pred.value()->predict(ps);
    QVERIFY(r.ok());
    QVERIFY(std::abs(r.value()[0].rating - (1565.0 + 581.0 * before[0].item<float>())) < 1e-2);
    QVERIFY(r.value()[0].sigma > 0);
}

void TestGlickFormer::predictorRoundTrip() {
    const auto c = tiny(PuzzleVariant::Stacked);
    auto a = PuzzlePredictor::fromConfig(c, 11);
    auto b = PuzzlePredictor::fromWeights(c, a->meta(), a->exportWeights());
    QVERIFY(b.ok());
    const auto ps = samplePuzzles(5);
    QCOMPARE(a->predict(ps).value()[4].rating, b.value()->predict(ps).value()[4].rating);
    auto w = a->exportWeights();
    w[0].shape.push_back(1);
    auto bad = PuzzlePredictor::fromWeights(c, a->meta(), w);
    QVERIFY(!bad.ok());
    QVERIFY2(QString::fromStdString(bad.error().message).contains(QString::fromStdString(w[0].name)),
             bad.error().message.c_str());
    QCOMPARE(int(PuzzlePredictor::expectedShapes(c).size()), int(w.size()));
}

void TestGlickFormer::lossGoesDown() {
    const auto c = tiny(PuzzleVariant::FactorizedEncoder);
    auto model = makeGlickFormer(c, 5);
    model->train();
    const auto ps = samplePuzzles(64);
    auto batch = batchOf(ps, c);
    std::vector<float> t;
    for (const auto& p : ps) t.push_back(float((p.rating - 1565.0) / 581.0));
    auto target = torch::tensor(t);
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(3e-3));
    double first = 0, last = 0;
    for (int step = 0; step < 60; ++step) {
        auto loss = puzzleLoss(model->forward(batch), target, 0.1);
        opt.zero_grad();
        loss.backward();
        opt.step();
        if (step == 0) first = loss.item<double>();
        last = loss.item<double>();
    }
    QVERIFY2(last < 0.85 * first, qPrintable(QStringLiteral("first %1 last %2").arg(first).arg(last)));
}

void TestGlickFormer::configText() {
    auto c = puzzleConfigByName("small").value();
    c.variant = PuzzleVariant::FactorizedSelfAttention;
    auto back = puzzleConfigFromString(puzzleConfigToString(c));
    QVERIFY(back.ok());
    QCOMPARE(back.value(), c);
    QVERIFY(!puzzleConfigFromString("variant=fe d=32").ok());
    QVERIFY(!puzzleConfigByName("huge").ok());
    QCOMPARE(puzzleConfigByName("tiny+human").value().humanFeatures, 33);
}

QTEST_APPLESS_MAIN(TestGlickFormer)
#include "tst_glickformer.moc"
