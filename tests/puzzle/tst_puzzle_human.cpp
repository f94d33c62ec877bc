// SPDX-License-Identifier: GPL-3.0-or-later
// Human solve features end to end with the real default human-move model: batched features of real puzzles
// equal computeSolveCurve's, the feature cache round trip and its rejection of corrupt files (named), a tiny
// +human training that records its human model, the predictor computing its own features (and refusing another
// human model), and `eval puzzle --compare-model --json` through the CLI.
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/solve_feature_cache.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/engine_rating_head.h"
#include "core/storage/bundle.h"
#include "core/training/puzzle_trainer.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>

using namespace kibitz;

namespace {

std::vector<chess::Puzzle> samplePuzzles(std::size_t n) {
    std::vector<chess::Puzzle> out;
    auto r = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    if (!r.ok()) return out;
    chess::Puzzle p;
    while (out.size() < n && r.value()->next(p)) out.push_back(p);
    return out;
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeAll(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

/// Trains `config` for a few steps on the sample (human features from `human` when the config has them).
Status trainTiny(const std::string& config, const std::string& outDir,
                 const std::shared_ptr<jobs::HumanFeatures>& human, const std::string& shaOverride = {}) {
    training::PuzzleTrainOptions o;
    o.csvFiles = {KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"};
    o.config = models::puzzleConfigByName(config).value();
    o.outDir = outDir;
    o.totalSteps = 3;
    o.batchSize = 8;
    o.warmupSteps = 1;
    o.chunkPuzzles = 64;
    o.checkpointEvery = 3;
    o.logEvery = 1;
    o.validateEvery = 3;
    o.validationPuzzles = 8;
    if (human) {
        o.features = jobs::HumanFeatures::sourceOf(human);
        o.humanModelSha256 = shaOverride.empty() ? human->identity().sha256 : shaOverride;
        o.humanModelName = human->identity().name;
    }
    return training::trainPuzzleModel(o, CancelToken(), {});
}

}  // namespace

/// Passes every query to the real model and counts the positions it was asked about.
class CountingEvaluator : public encoding::Evaluator {
public:
    explicit CountingEvaluator(encoding::Evaluator& inner) : m_inner(inner) {}
    encoding::Heads heads() const override { return m_inner.heads(); }
    std::string describe() const override { return "counting " + m_inner.describe(); }
    std::int64_t positions = 0;
    std::int64_t calls = 0;          ///< batched calls answered
    std::int64_t failFromCall = -1;  ///< from this call on, every batched call fails (-1: never), as a killed run

protected:
    Result<std::vector<encoding::PositionReading>> readBatch(const std::vector<chess::Position>& p,
                                                             const std::vector<encoding::Conditioning>& c,
                                                             const std::vector<encoding::RecentMoves>& r,
                                                             const std::vector<encoding::RecentTimes>& t,
                                                             const std::vector<chess::Move>& played,
                                                             const encoding::Reads& what) override {
        if (failFromCall >= 0 && calls >= failFromCall) return makeError(ErrorCode::Cancelled, "evaluator stopped");
        ++calls;
        positions += std::int64_t(p.size());
        return m_inner.read(p, c, r, t, played, what);
    }

private:
    encoding::Evaluator& m_inner;
};

class TestPuzzleHuman : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void featuresMatchSolveCurve();
    void cacheRoundTrip();
    void stageLevelsOnly();
    void savedPartByPart();
    void corruptCache_data();
    void corruptCache();
    void trainAndPredict();
    void evalCompareJson();
    void evalReportsAndSavesComputedFeatures();

private:
    std::unique_ptr<encoding::Evaluator> m_human;
    QTemporaryDir m_tmp;
};

void TestPuzzleHuman::initTestCase() {
    QVERIFY2(!jobs::defaultHumanModelPath().isEmpty(), "the default human-move model is needed");
    auto e = jobs::loadHumanEvaluator(QString());
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
    m_human = std::move(e.value());
    QVERIFY(m_tmp.isValid());
    qputenv("KIBITZ_CACHE_DIR", m_tmp.filePath("cache").toUtf8());
}

void TestPuzzleHuman::featuresMatchSolveCurve() {
    const auto puzzles = samplePuzzles(6);
    QCOMPARE(puzzles.size(), std::size_t(6));
    // Small batches, so several evaluator calls are merged back in the right order.
    auto batched = evaluation::computeSolveFeatures(*m_human, puzzles, 7);
    QVERIFY2(batched.ok(), batched.ok() ? "" : batched.error().message.c_str());
    QCOMPARE(batched.value().size(), puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        auto line = evaluation::puzzleLineOf(puzzles[i]);
        QVERIFY(line.ok());
        auto curve = evaluation::computeSolveCurve(*m_human, line.value());
        QVERIFY(curve.ok());
        const auto expected = evaluation::solveFeatures(curve.value());
        QCOMPARE(int(batched.value()[i].size()), evaluation::kSolveFeatureCount);
        for (std::size_t k = 0; k < expected.size(); ++k)
            QVERIFY2(std::abs(batched.value()[i][k] - expected[k]) < 1e-5f,
                     qPrintable(QStringLiteral("puzzle %1 feature %2: %3 vs %4")
                                    .arg(QString::fromStdString(puzzles[i].id))
                                    .arg(k)
                                    .arg(batched.value()[i][k])
                                    .arg(expected[k])));
        // A real model gives real probabilities: P(solve) in (0, 1], decreasing log features <= 0.
        QVERIFY(expected[0] > 0.0f && expected[0] <= 1.0f);
        QVERIFY(expected[std::size_t(evaluation::kSolveEloLevels.size())] <= 0.0f);
    }
}

void TestPuzzleHuman::cacheRoundTrip() {
    const auto puzzles = samplePuzzles(5);
    const std::string path = m_tmp.filePath("roundtrip.bin").toStdString();
    auto cache = evaluation::SolveFeatureCache::open(path, "sha-a", evaluation::kSolveFeatureCount);
    QVERIFY(cache.ok());
    QCOMPARE(cache.value().size(), std::size_t(0));
    evaluation::CachedSolveFeatures provider(m_human.get(), &cache.value());
    std::vector<std::vector<float>> first, second;
    QVERIFY(provider.features(puzzles, first).ok());
    QCOMPARE(provider.computed(), std::int64_t(5));
    QVERIFY(cache.value().save().ok());
    QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp")));

    // Reopened: everything comes from the file, bit for bit, and nothing is recomputed.
    auto again = evaluation::SolveFeatureCache::open(path, "sha-a", evaluation::kSolveFeatureCount);
    QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
    QCOMPARE(again.value().size(), std::size_t(5));
    evaluation::CachedSolveFeatures cached(nullptr, &again.value());
    QVERIFY(cached.features(puzzles, second).ok());
    QCOMPARE(cached.computed(), std::int64_t(0));
    QCOMPARE(cached.cacheHits(), std::int64_t(5));
    QVERIFY(second == first);

    // Two writers (a training run and an eval): the second save keeps the first one's entries.
    auto a = evaluation::SolveFeatureCache::open(path, "sha-a", evaluation::kSolveFeatureCount);
    auto b = evaluation::SolveFeatureCache::open(path, "sha-a", evaluation::kSolveFeatureCount);
    QVERIFY(a.ok() && b.ok());
    a.value().insert("from-a", first[0]);
    b.value().insert("from-b", first[1]);
    QVERIFY(a.value().save().ok());
    QVERIFY(b.value().save().ok());
    auto merged = evaluation::SolveFeatureCache::open(path, "sha-a", evaluation::kSolveFeatureCount);
    QVERIFY(merged.ok());
    QCOMPARE(merged.value().size(), std::size_t(7));
    QVERIFY(merged.value().find("from-a") && merged.value().find("from-b"));

    // Another human model does not reuse the features.
    auto other = evaluation::SolveFeatureCache::open(path, "sha-b", evaluation::kSolveFeatureCount);
    QVERIFY(!other.ok());
    QVERIFY(other.error().message.find(path) != std::string::npos);
}

void TestPuzzleHuman::stageLevelsOnly() {
    // The engine stage reads 4 of the 11 levels: computing only those costs 4/11 of the model runs, gives the same
    // values there, and leaves no value that could be mistaken for a computed one.
    const auto puzzles = samplePuzzles(5);
    const std::vector<int> stage = models::humanStageElos(models::kHumanStageSetLogSolve4);
    QCOMPARE(stage, (std::vector<int>{1000, 1600, 2200, 2800}));
    CountingEvaluator counting(*m_human);
    auto full = evaluation::computeSolveFeatures(counting, puzzles);
    QVERIFY(full.ok());
    const std::int64_t fullRuns = counting.positions;
    counting.positions = 0;
    auto part = evaluation::computeSolveFeatures(counting, puzzles, 512, stage);
    QVERIFY(part.ok());
    QCOMPARE(counting.positions * 11, fullRuns * 4);
    const std::size_t levels = evaluation::kSolveEloLevels.size();
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const auto& f = full.value()[i];
        const auto& p = part.value()[i];
        QCOMPARE(int(p.size()), evaluation::kSolveFeatureCount);
        QVERIFY(evaluation::hasSolveLevels(f));
        QVERIFY(evaluation::hasSolveLevels(p, stage));
        QVERIFY(!evaluation::hasSolveLevels(p));
        for (std::size_t l = 0; l < levels; ++l) {
            const bool computed = std::find(stage.begin(), stage.end(), evaluation::kSolveEloLevels[l]) != stage.end();
            for (std::size_t k = 0; k < 3; ++k) {
                const std::size_t at = k * levels + l;
                if (computed)
                    QVERIFY2(
                        std::abs(p[at] - f[at]) < 1e-5f,
                        qPrintable(
                            QStringLiteral("puzzle %1 feature %2: %3 vs %4").arg(i).arg(at).arg(p[at]).arg(f[at])));
                else
                    QVERIFY(std::isnan(p[at]));
            }
        }
        const auto a = models::humanStageFeatures(models::kHumanStageSetLogSolve4, f);
        const auto b = models::humanStageFeatures(models::kHumanStageSetLogSolve4, p);
        QCOMPARE(a.size(), std::size_t(4));
        QCOMPARE(b.size(), std::size_t(4));
        for (std::size_t k = 0; k < 4; ++k) QVERIFY(std::abs(a[k] - b[k]) < 1e-5f);
        // logsolve4min4: the same 4, then the lowest solver move's log-probability / 10 at the same levels (the
        // second block of the layout), all computed from the stage levels alone.
        QCOMPARE(models::humanStageElos(models::kHumanStageSetLogSolve4Min4), stage);
        const auto c = models::humanStageFeatures(models::kHumanStageSetLogSolve4Min4, p);
        QCOMPARE(c.size(), std::size_t(8));
        for (std::size_t k = 0; k < 4; ++k) {
            QCOMPARE(c[k], b[k]);
            const auto l = std::size_t(
                std::find(evaluation::kSolveEloLevels.begin(), evaluation::kSolveEloLevels.end(), stage[k]) -
                evaluation::kSolveEloLevels.begin());
            QCOMPARE(c[4 + k], f[levels + l]);
            QVERIFY(c[4 + k] <= 0.0f && c[4 + k] >= float(std::log(evaluation::kMinMoveProb) / 10.0) - 1e-6f);
        }
        // logsolve4min4first4: those 8, then the first solver move's log-probability / 10 (the third block), no
        // lower than the lowest one at the same level; also from the stage levels alone.
        QCOMPARE(models::humanStageElos(models::kHumanStageSetLogSolve4Min4First4), stage);
        const auto e = models::humanStageFeatures(models::kHumanStageSetLogSolve4Min4First4, p);
        QCOMPARE(e.size(), std::size_t(12));
        QCOMPARE(int(e.size()), models::humanStageFeatureCount(models::kHumanStageSetLogSolve4Min4First4));
        for (std::size_t k = 0; k < 8; ++k) QCOMPARE(e[k], c[k]);
        for (std::size_t k = 0; k < 4; ++k) {
            const auto l = std::size_t(
                std::find(evaluation::kSolveEloLevels.begin(), evaluation::kSolveEloLevels.end(), stage[k]) -
                evaluation::kSolveEloLevels.begin());
            QCOMPARE(e[8 + k], f[2 * levels + l]);
            QVERIFY(std::isfinite(e[8 + k]) && e[8 + k] <= 0.0f && e[8 + k] >= c[4 + k]);
        }
    }

    // Through the cache: a stage request computes the stage levels; a second one reads them; a request for all
    // levels computes again (the cached entries lack levels) and the entries grow to all levels.
    const std::string path = m_tmp.filePath("stage-levels.bin").toStdString();
    auto cache = evaluation::SolveFeatureCache::open(path, "sha-s", evaluation::kSolveFeatureCount);
    QVERIFY(cache.ok());
    evaluation::CachedSolveFeatures provider(&counting, &cache.value());
    std::vector<std::vector<float>> out;
    counting.positions = 0;
    QVERIFY(provider.features(puzzles, out, stage).ok());
    QCOMPARE(provider.computed(), std::int64_t(5));
    QCOMPARE(counting.positions * 11, fullRuns * 4);
    QVERIFY(provider.features(puzzles, out, stage).ok());
    QCOMPARE(provider.computed(), std::int64_t(5));
    QCOMPARE(provider.cacheHits(), std::int64_t(5));
    QVERIFY(provider.features(puzzles, out).ok());
    QCOMPARE(provider.computed(), std::int64_t(10));
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        QVERIFY(evaluation::hasSolveLevels(out[i]));
        for (std::size_t k = 0; k < out[i].size(); ++k) QVERIFY(std::abs(out[i][k] - full.value()[i][k]) < 1e-5f);
    }
    QVERIFY(provider.features(puzzles, out, stage).ok());
    QCOMPARE(provider.cacheHits(), std::int64_t(10));

    // Two writers: one holds an entry with only the stage levels, the file has it with all; the save keeps all.
    QVERIFY(cache.value().save().ok());
    auto writer = evaluation::SolveFeatureCache::open(path, "sha-s", evaluation::kSolveFeatureCount);
    QVERIFY(writer.ok());
    writer.value().insert(puzzles[0], part.value()[0]);
    QVERIFY(writer.value().save().ok());
    auto reread = evaluation::SolveFeatureCache::open(path, "sha-s", evaluation::kSolveFeatureCount);
    QVERIFY(reread.ok());
    const auto* merged = reread.value().find(puzzles[0]);
    QVERIFY(merged);
    QVERIFY(evaluation::hasSolveLevels(*merged));
}

/// With saveEvery, the missing puzzles are computed and saved part by part: when the model fails in the third
/// part (as a killed run stops), the file holds the first two parts' features, the same as computed alone.
void TestPuzzleHuman::savedPartByPart() {
    const auto puzzles = samplePuzzles(5);
    CountingEvaluator counting(*m_human);
    const std::span<const chess::Puzzle> all(puzzles);
    auto first = evaluation::computeSolveFeatures(counting, all.subspan(0, 2));
    auto second = evaluation::computeSolveFeatures(counting, all.subspan(2, 2));
    QVERIFY(first.ok() && second.ok());
    const std::int64_t callsForFour = counting.calls;
    QVERIFY(callsForFour >= 2);

    const std::string path = m_tmp.filePath("parts.bin").toStdString();
    auto cache = evaluation::SolveFeatureCache::open(path, "sha-p", evaluation::kSolveFeatureCount);
    QVERIFY(cache.ok());
    counting.calls = 0;
    counting.failFromCall = callsForFour;
    evaluation::CachedSolveFeatures provider(&counting, &cache.value());
    provider.setSaveEvery(2);
    std::vector<std::pair<std::int64_t, std::int64_t>> progress;
    provider.setProgress(
        [&progress](std::int64_t done, std::int64_t missing) { progress.emplace_back(done, missing); });
    std::vector<std::vector<float>> out;
    const Status st = provider.features(puzzles, out);
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.find("evaluator stopped") != std::string::npos, st.error().message.c_str());
    QCOMPARE(provider.computed(), std::int64_t(4));
    // One progress report per finished part, none for the part that failed.
    QCOMPARE(progress.size(), std::size_t(2));
    QCOMPARE(progress[0], std::make_pair(std::int64_t(2), std::int64_t(5)));
    QCOMPARE(progress[1], std::make_pair(std::int64_t(4), std::int64_t(5)));

    auto reread = evaluation::SolveFeatureCache::open(path, "sha-p", evaluation::kSolveFeatureCount);
    QVERIFY2(reread.ok(), reread.ok() ? "" : reread.error().message.c_str());
    QCOMPARE(reread.value().size(), std::size_t(4));
    QVERIFY(reread.value().find(puzzles[4]) == nullptr);
    for (std::size_t i = 0; i < 4; ++i) {
        const auto* f = reread.value().find(puzzles[i]);
        QVERIFY(f);
        const auto& expected = i < 2 ? first.value()[i] : second.value()[i - 2];
        QCOMPARE(f->size(), expected.size());
        for (std::size_t k = 0; k < expected.size(); ++k) QVERIFY(std::abs((*f)[k] - expected[k]) < 1e-6f);
    }
}

void TestPuzzleHuman::corruptCache_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("reason");
    QTest::newRow("truncated") << "truncate"
                               << "checksum";
    QTest::newRow("flipped byte") << "flip"
                                  << "checksum";
    QTest::newRow("not a cache") << "garbage"
                                 << "not a Kibitz solve-feature cache";
    QTest::newRow("empty") << "empty"
                           << "not a Kibitz solve-feature cache";
}

void TestPuzzleHuman::corruptCache() {
    QFETCH(QString, damage);
    QFETCH(QString, reason);
    const std::string path = m_tmp.filePath("corrupt-" + damage + ".bin").toStdString();
    {
        auto c = evaluation::SolveFeatureCache::open(path, "sha-a", 3);
        QVERIFY(c.ok());
        c.value().insert("00008", {0.5f, -0.25f, -0.1f});
        c.value().insert("0000D", {0.25f, -0.5f, -0.2f});
        QVERIFY(c.value().save().ok());
    }
    std::string bytes = readAll(path);
    QVERIFY(bytes.size() > 40);
    if (damage == "truncate") bytes.resize(bytes.size() - 7);
    if (damage == "flip") bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
    if (damage == "garbage") bytes = "PuzzleId,FEN,Moves,Rating\n00008,...\n";
    if (damage == "empty") bytes.clear();
    writeAll(path, bytes);
    auto c = evaluation::SolveFeatureCache::open(path, "sha-a", 3);
    QVERIFY(!c.ok());
    QVERIFY2(c.error().message.find(path) != std::string::npos, c.error().message.c_str());
    QVERIFY2(c.error().message.find(reason.toStdString()) != std::string::npos, c.error().message.c_str());
}

void TestPuzzleHuman::trainAndPredict() {
    jobs::HumanFeatureOptions opts;
    opts.cachePath = m_tmp.filePath("train-cache.bin").toStdString();
    auto h = jobs::HumanFeatures::open(opts);
    QVERIFY2(h.ok(), h.ok() ? "" : h.error().message.c_str());
    auto human = h.value();
    QCOMPARE(human->identity().sha256.size(), std::size_t(64));
    const std::string dir = m_tmp.filePath("tiny-human").toStdString();
    const Status st = trainTiny("tiny+human", dir, human);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    QVERIFY(human->computedPuzzles() >= 24);  // 3 steps x 8 puzzles, plus the validation puzzles
    QVERIFY(human->saveCache().ok());
    QVERIFY(QFile::exists(QString::fromStdString(opts.cachePath)));

    // The checkpoint records the human model; loading attaches it and computes features itself.
    const std::string ckpt = dir + "/latest.pt";
    jobs::HumanFeatureOptions load;
    load.cachePath = opts.cachePath;
    auto model = jobs::loadPuzzleModel(ckpt, load);
    QVERIFY2(model.ok(), model.ok() ? "" : model.error().message.c_str());
    QCOMPARE(model.value()->meta().humanModelSha256, human->identity().sha256);
    QVERIFY(model.value()->hasFeatureSource());
    const auto puzzles = samplePuzzles(4);
    auto pred = model.value()->predict(puzzles);
    QVERIFY2(pred.ok(), pred.ok() ? "" : pred.error().message.c_str());
    QCOMPARE(pred.value().size(), std::size_t(4));
    for (const auto& p : pred.value()) QVERIFY(std::isfinite(p.rating) && p.sigma > 0);
    // Same predictions as with explicitly passed features.
    std::vector<std::vector<float>> f;
    QVERIFY(human->features(puzzles, f).ok());
    auto explicitPred = model.value()->predict(puzzles, &f);
    QVERIFY(explicitPred.ok());
    for (std::size_t i = 0; i < puzzles.size(); ++i) QCOMPARE(explicitPred.value()[i].rating, pred.value()[i].rating);

    // The bundle keeps the human model identity.
    const std::string bundle = m_tmp.filePath("tiny-human.kibitz").toStdString();
    QVERIFY(jobs::exportPuzzleBundle(ckpt, bundle, "").ok());
    auto fromBundle = jobs::loadPuzzleModel(bundle, load);
    QVERIFY2(fromBundle.ok(), fromBundle.ok() ? "" : fromBundle.error().message.c_str());
    QCOMPARE(fromBundle.value()->meta().humanModelSha256, human->identity().sha256);
    // A training history (the run a fine-tune started from) goes into the manifest and the card; a key the
    // checkpoint's own counters fill is refused by name, and nothing is written.
    const std::string withHistory = m_tmp.filePath("tiny-history.kibitz").toStdString();
    QVERIFY(jobs::exportPuzzleBundle(ckpt, withHistory, "", R"({"fine_tuned_from": "main run step 11,090"})").ok());
    auto hist = storage::readBundle(QString::fromStdString(withHistory));
    QVERIFY2(hist.ok(), hist.ok() ? "" : hist.error().message.c_str());
    QCOMPARE(hist.value().training.value(QStringLiteral("fine_tuned_from")).toString(),
             QStringLiteral("main run step 11,090"));
    QVERIFY2(hist.value().modelCard.contains(QStringLiteral("- fine_tuned_from: main run step 11,090")),
             qPrintable(hist.value().modelCard));
    const std::string clash = m_tmp.filePath("tiny-clash.kibitz").toStdString();
    auto refusedKey = jobs::exportPuzzleBundle(ckpt, clash, "", R"({"steps": 5})");
    QVERIFY(!refusedKey.ok());
    QVERIFY2(refusedKey.error().message.find("'steps'") != std::string::npos, refusedKey.error().message.c_str());
    QVERIFY(!QFileInfo::exists(QString::fromStdString(clash)));
    // ... and so does a checkpoint written back from it (the start of a fine-tuning run).
    const std::string resaved = m_tmp.filePath("resaved.pt").toStdString();
    QVERIFY(fromBundle.value()->saveCheckpoint(resaved).ok());
    auto back = models::PuzzlePredictor::loadCheckpoint(resaved);
    QVERIFY(back.ok());
    QCOMPARE(back.value()->meta().humanModelSha256, human->identity().sha256);

    // Trained with another human model: refused, or accepted with a warning when allowed.
    const std::string otherDir = m_tmp.filePath("tiny-other").toStdString();
    QVERIFY(trainTiny("tiny+human", otherDir, human, std::string(64, 'a')).ok());
    auto refused = jobs::loadPuzzleModel(otherDir + "/latest.pt", load);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("aaaaaaaaaaaaaaaa") != std::string::npos, refused.error().message.c_str());
    std::string warned;
    load.allowMismatch = true;
    load.warn = [&warned](const std::string& m) { warned = m; };
    QVERIFY(jobs::loadPuzzleModel(otherDir + "/latest.pt", load).ok());
    QVERIFY(warned.find("aaaaaaaaaaaaaaaa") != std::string::npos);

    // A config without human features needs no feature source.
    const std::string plainDir = m_tmp.filePath("tiny").toStdString();
    QVERIFY(trainTiny("tiny", plainDir, nullptr).ok());
    auto plain = jobs::loadPuzzleModel(plainDir + "/latest.pt");
    QVERIFY(plain.ok());
    QVERIFY(!plain.value()->hasFeatureSource());
}

void TestPuzzleHuman::evalCompareJson() {
    const QString plain = m_tmp.filePath("tiny/latest.pt"), human = m_tmp.filePath("tiny-human/latest.pt");
    QVERIFY2(QFile::exists(plain) && QFile::exists(human), "trainAndPredict makes the models");
    QProcess cli;
    cli.start(QStringLiteral(KIBITZ_CLI),
              {"eval", "puzzle", "--csv", KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv", "--max", "40", "--model", plain,
               "--compare-model", human, "--feature-cache", m_tmp.filePath("train-cache.bin"), "--json"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const auto doc = QJsonDocument::fromJson(cli.readAllStandardOutput());
    QVERIFY(doc.isObject());
    const QJsonObject o = doc.object();
    for (const char* key : {"puzzles", "mae", "rmse", "maz", "within_rd", "by_length", "baselines", "compare"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value("puzzles").toInt(), 40);
    QVERIFY(o.value("baselines").toObject().contains("predict_mean"));
    const QJsonArray compare = o.value("compare").toArray();
    QCOMPARE(compare.size(), 1);
    const QJsonObject c = compare.at(0).toObject();
    QVERIFY(c.value("model").toString().contains("+human"));
    for (const char* key : {"puzzles", "mae", "rmse", "maz", "within_rd", "by_length"})
        QVERIFY2(c.contains(QLatin1String(key)), key);
    QCOMPARE(c.value("puzzles").toInt(), 40);
    QVERIFY(c.value("mae").toDouble() > 0);
    // Different models, different errors.
    QVERIFY(c.value("mae").toDouble() != o.value("mae").toDouble());
}

/// eval puzzle computes the solve features its cache lacks batch by batch: it says how many so far, and the cache
/// holds them afterwards (saved as it goes, so a killed evaluation would keep them too).
void TestPuzzleHuman::evalReportsAndSavesComputedFeatures() {
    const QString cachePath = m_tmp.filePath("eval-progress.bin");
    QProcess cli;
    cli.start(QStringLiteral(KIBITZ_CLI),
              {"eval", "puzzle", "--csv", KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv", "--max", "40", "--batch", "16",
               "--no-engine", "--solve-curves", "--feature-cache", cachePath, "--json"});
    QVERIFY(cli.waitForFinished(120000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(err));
    // Batches of 16: 16, 32, then the last 8.
    for (const char* line : {"solve features: 16 puzzles computed", "solve features: 32 puzzles computed",
                             "solve features: 40 puzzles computed"})
        QVERIFY2(err.contains(QLatin1String(line)), qPrintable(err));
    auto id = jobs::humanModelIdentity({});
    QVERIFY(id.ok());
    auto cache =
        evaluation::SolveFeatureCache::open(cachePath.toStdString(), id.value().pin(), evaluation::kSolveFeatureCount);
    QVERIFY2(cache.ok(), cache.ok() ? "" : cache.error().message.c_str());
    QCOMPARE(cache.value().size(), std::size_t(40));
}

QTEST_GUILESS_MAIN(TestPuzzleHuman)
#include "tst_puzzle_human.moc"
