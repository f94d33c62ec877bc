// SPDX-License-Identifier: GPL-3.0-or-later
// The puzzle model's engine stage end to end: the stage travels in checkpoints and bundles, corrects
// the GlickFormer's rating only when engine features come in, EngineFeatures runs the real Stockfish through its
// cache and gives what analysePuzzleWithEngine gives, an engine named but missing is an error, and the CLI fits a
// stage (puzzle-engine-head) that rate and eval puzzle then use, or skip with --no-engine. Real Lichess puzzles
// from tests/data; skipped where /usr/games/stockfish is missing (the parts that need it).
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/puzzle_engine_features.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_engine.h"
#include "core/jobs/puzzle_human.h"
#include "core/jobs/training_job.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz;

namespace {

const QString kStockfish = QStringLiteral("/usr/games/stockfish");

std::vector<chess::Puzzle> samplePuzzles(std::size_t n) {
    std::vector<chess::Puzzle> out;
    auto r = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    if (!r.ok()) return out;
    chess::Puzzle p;
    while (out.size() < n && r.value()->next(p)) out.push_back(p);
    return out;
}

/// A stage that adds 100 points, keeps the board rating and adds 500 * first_gap; sigma x 0.8.
models::EngineRatingHead simpleHead(int depth) {
    models::EngineRatingHead h;
    h.features = evaluation::kEngineFeatureSet;
    h.featureCount = evaluation::kEngineFeatureCount;
    h.depth = depth;
    h.lines = evaluation::kEngineFeatureLines;
    h.weights.assign(std::size_t(models::EngineRatingHead::termCount(h.featureCount)), 0.0);
    h.weights[0] = 100.0;
    h.weights[1] = 1000.0;  // the board rating, in thousands
    h.weights[2] = 500.0;   // first_gap
    h.sigmaScale = 0.8;
    h.fittedPuzzles = 1;
    return h;
}

/// An engine-feature source giving every puzzle `count` features, all 0 but the first (first_gap) = `firstGap`.
models::PuzzleFeatureSource fixedEngineFeatures(std::size_t count, float firstGap) {
    return [count, firstGap](std::span<const chess::Puzzle> ps, std::vector<std::vector<float>>& out) {
        out.assign(ps.size(), std::vector<float>(count, 0.0f));
        for (auto& f : out) f[0] = firstGap;
        return Status{};
    };
}

QString runCli(const QStringList& args, int* exitCode, QString* err = nullptr) {
    QProcess cli;
    cli.start(QStringLiteral(KIBITZ_CLI), args);
    if (!cli.waitForFinished(240000)) {
        cli.kill();
        cli.waitForFinished();
    }
    *exitCode = cli.exitStatus() == QProcess::NormalExit ? cli.exitCode() : -1;
    if (err) *err = QString::fromLocal8Bit(cli.readAllStandardError());
    return QString::fromLocal8Bit(cli.readAllStandardOutput());
}

}  // namespace

class TestPuzzleEngineStage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void stageTravelsInCheckpointAndBundle() {
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        model->setEngineHead(simpleHead(6));
        const std::string ckpt = m_tmp.filePath("staged.pt").toStdString();
        QVERIFY(model->saveCheckpoint(ckpt).ok());
        auto back = models::PuzzlePredictor::loadCheckpoint(ckpt);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back.value()->meta().engineHead.toText(), simpleHead(6).toText());

        const std::string bundle = m_tmp.filePath("staged.kibitz").toStdString();
        QVERIFY(jobs::writePuzzleBundle(*model, bundle, {}).ok());
        jobs::EngineFeatureOptions off;
        off.attach = false;
        auto fromBundle = jobs::loadPuzzleModel(bundle, {}, off);
        QVERIFY2(fromBundle.ok(), fromBundle.ok() ? "" : fromBundle.error().message.c_str());
        QCOMPARE(fromBundle.value()->meta().engineHead.toText(), simpleHead(6).toText());
        QVERIFY(!fromBundle.value()->hasEngineFeatureSource());

        // A fine-tune starts from the GlickFormer alone: the stage was fitted on the old model's ratings.
        const QString init = m_tmp.filePath("init.pt");
        QVERIFY(jobs::writeInitialCheckpoint(jobs::ModelKind::Puzzle, QString::fromStdString(bundle), init).ok());
        auto initModel = models::PuzzlePredictor::loadCheckpoint(init.toStdString());
        QVERIFY(initModel.ok());
        QVERIFY(initModel.value()->meta().engineHead.empty());
    }

    void stageAppliesOnlyWithFeatures() {
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        model->setEngineHead(simpleHead(6));
        const auto puzzles = samplePuzzles(3);
        auto plain = model->predict(puzzles);
        QVERIFY(plain.ok());
        for (const auto& p : plain.value()) {
            QVERIFY(!p.engineUsed);
            QCOMPARE(p.rating, p.boardRating);
        }
        model->setEngineFeatureSource(fixedEngineFeatures(evaluation::kEngineFeatureCount, 0.5f));
        auto staged = model->predict(puzzles);
        QVERIFY(staged.ok());
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            const auto& p = staged.value()[i];
            QVERIFY(p.engineUsed);
            QCOMPARE(p.boardRating, plain.value()[i].rating);
            QVERIFY(std::abs(p.rating - (p.boardRating + 350.0)) < 1e-6);
            QVERIFY(std::abs(p.sigma - 0.8 * p.boardSigma) < 1e-9);
        }
        // A source that gives the wrong number of features is an error naming the puzzle, not a silent rating.
        model->setEngineFeatureSource(fixedEngineFeatures(3, 0.0f));
        auto bad = model->predict(puzzles);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find(puzzles.front().id) != std::string::npos, bad.error().message.c_str());
    }

    /// A stage that takes human features runs only when the human ones come too (from the source or the caller),
    /// and then uses them; the human model travels with the stage in checkpoints and bundles.
    void humanStageNeedsHumanFeatures() {
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        models::EngineRatingHead h = simpleHead(6);
        h.human = models::kHumanStageSetLogSolve4;
        h.humanCount = 4;
        h.weights.assign(std::size_t(models::EngineRatingHead::termCount(h.inputCount())), 0.0);
        h.weights[1] = 1000.0;
        h.weights[2 + evaluation::kEngineFeatureCount + 1] = -1000.0;  // ln P(solve at 1600) / 10, in thousands
        model->setEngineHead(h);
        model->setHumanModel("ab12", "human-test.kibitz");
        model->setEngineFeatureSource(fixedEngineFeatures(evaluation::kEngineFeatureCount, 0.0f));
        const auto puzzles = samplePuzzles(2);
        auto noHuman = model->predict(puzzles);
        QVERIFY(noHuman.ok());
        for (const auto& p : noHuman.value()) QVERIFY(!p.engineUsed);
        std::vector<std::vector<float>> solve(puzzles.size(), std::vector<float>(33, 0.5f));
        solve[0][4] = 0.01f;
        model->setFeatureSource([&](std::span<const chess::Puzzle> ps, std::vector<std::vector<float>>& out) {
            out.assign(solve.begin(), solve.begin() + std::ptrdiff_t(ps.size()));
            return Status{};
        });
        auto staged = model->predict(puzzles);
        QVERIFY(staged.ok());
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            const auto& p = staged.value()[i];
            QVERIFY(p.engineUsed);
            const double expected = p.boardRating - 100.0 * std::log(double(solve[i][4]));
            QVERIFY2(std::abs(p.rating - expected) < 1e-3, qPrintable(QString::number(p.rating - expected)));
        }
        const std::string bundle = m_tmp.filePath("human-staged.kibitz").toStdString();
        QVERIFY(jobs::writePuzzleBundle(*model, bundle, {}).ok());
        jobs::EngineFeatureOptions off;
        off.attach = false;
        jobs::HumanFeatureOptions noHumanAttach;
        noHumanAttach.attach = false;
        auto back = jobs::loadPuzzleModel(bundle, noHumanAttach, off);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back.value()->meta().engineHead.toText(), h.toText());
        QCOMPARE(back.value()->meta().humanModelSha256, std::string("ab12"));
        QCOMPARE(back.value()->meta().humanModelName, std::string("human-test.kibitz"));
        // The default human model is not the one recorded: the stage is left off with a warning, not an error.
        jobs::HumanFeatureOptions other;
        other.useCache = false;
        std::string warned;
        other.warn = [&](const std::string& m) { warned = m; };
        auto mismatched = jobs::loadPuzzleModel(bundle, other, off);
        QVERIFY2(mismatched.ok(), mismatched.ok() ? "" : mismatched.error().message.c_str());
        QVERIFY(!mismatched.value()->hasFeatureSource());
        QVERIFY2(warned.find("ab12") != std::string::npos, warned.c_str());
    }

    /// A stage that reads the nine Maia-1 nets uses them where they are installed (the shipped folder) and its
    /// fallback, fitted without them, where they are not (an empty folder, or only three of the nine nets).
    void maiaStageFallsBackWithoutTheNets() {
        const QString maiaFolder = jobs::defaultMaiaFolder();
        QVERIFY2(!maiaFolder.isEmpty(), "the shipped Maia-1 nets are not found");
        auto nets = jobs::humanModelIdentity(maiaFolder);
        QVERIFY(nets.ok());
        auto human = jobs::humanModelIdentity({});
        QVERIFY(human.ok());
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        models::EngineRatingHead h = simpleHead(6);
        h.human = std::string(models::kHumanStageSetLogSolve4) + "+" + models::kMaiaStagePart9;
        h.humanCount = models::humanStageFeatureCount(h.human);
        h.maiaNets = nets.value().pin().substr(0, 16);
        h.weights.assign(std::size_t(models::EngineRatingHead::termCount(h.inputCount())), 0.0);
        h.weights[1] = 1000.0;
        h.weights[2 + evaluation::kEngineFeatureCount + 4] = -1000.0;  // maia-1100's ln P(solve) / 10
        models::EngineRatingHead fallback = simpleHead(6);
        fallback.human = models::kHumanStageSetLogSolve4;
        fallback.humanCount = 4;
        fallback.weights.assign(std::size_t(models::EngineRatingHead::termCount(fallback.inputCount())), 0.0);
        fallback.weights[0] = 77.0;
        fallback.weights[1] = 1000.0;
        model->setEngineHead(h);
        model->setEngineHeadFallback(fallback);
        model->setHumanModel(human.value().pin(), human.value().name);
        const std::string bundle = m_tmp.filePath("maia-staged.kibitz").toStdString();
        QVERIFY(jobs::writePuzzleBundle(*model, bundle, {}).ok());
        const auto puzzles = samplePuzzles(2);
        jobs::EngineFeatureOptions off;
        off.attach = false;
        auto load = [&](const QString& folder, std::string& warned) {
            jobs::HumanFeatureOptions o;
            o.useCache = false;
            o.maiaFolder = folder;
            o.warn = [&warned](const std::string& m) { warned += m + "\n"; };
            auto m = jobs::loadPuzzleModel(bundle, o, off);
            if (m.ok()) m.value()->setEngineFeatureSource(fixedEngineFeatures(evaluation::kEngineFeatureCount, 0.0f));
            return m;
        };
        // With the nets: the rating follows maia-1100's chance of finding the line, computed here by hand.
        std::string warned;
        auto withNets = load(maiaFolder, warned);
        QVERIFY2(withNets.ok(), withNets.ok() ? "" : withNets.error().message.c_str());
        QCOMPARE(withNets.value()->meta().engineHead.human, h.human);
        auto rated = withNets.value()->predict(puzzles);
        QVERIFY2(rated.ok(), rated.ok() ? "" : rated.error().message.c_str());
        auto band = jobs::loadHumanEvaluator(maiaFolder);
        QVERIFY(band.ok());
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            auto line = evaluation::puzzleLineOf(puzzles[i]);
            QVERIFY(line.ok());
            const std::vector<int> at1150{1150};
            auto curve = evaluation::computeSolveCurve(*band.value(), line.value(), at1150);
            QVERIFY(curve.ok());
            const double expected =
                rated.value()[i].boardRating - 100.0 * std::log(std::max(curve.value().solve[0], 1e-12));
            QVERIFY(rated.value()[i].engineUsed);
            QVERIFY2(std::abs(rated.value()[i].rating - expected) < 0.05,
                     qPrintable(QString::number(rated.value()[i].rating - expected)));
        }
        // Without them (an empty folder; a folder of three nets): the fallback stage, and a warning that says so.
        QTemporaryDir empty;
        for (const QString& folder : {empty.path(), QStringLiteral(KIBITZ_TEST_DATA_DIR "/maia-1")}) {
            warned.clear();
            auto without = load(folder, warned);
            QVERIFY2(without.ok(), without.ok() ? "" : without.error().message.c_str());
            QCOMPARE(without.value()->meta().engineHead.toText(), fallback.toText());
            QVERIFY2(warned.find("fitted without them") != std::string::npos, warned.c_str());
            auto plain = without.value()->predict(puzzles);
            QVERIFY(plain.ok());
            for (const auto& p : plain.value()) {
                QVERIFY(p.engineUsed);
                QVERIFY(std::abs(p.rating - (p.boardRating + 77.0)) < 1e-6);
            }
        }
        // Another set of nets than the stage was fitted on is refused the same way.
        QVERIFY(std::string(warned).find("nine") != std::string::npos);
    }

    /// The shipped puzzle model's stage takes human features from the shipped human model: the two bundles must
    /// agree, or the GUI would rate every puzzle without the stage.
    void shippedStageMatchesShippedHumanModel() {
        const std::string path = jobs::defaultPuzzleModelPath();
        if (path.empty()) QSKIP("no puzzle-default.kibitz");
        jobs::HumanFeatureOptions noHuman;
        noHuman.attach = false;
        jobs::EngineFeatureOptions noEngine;
        noEngine.attach = false;
        auto model = jobs::loadPuzzleModel(path, noHuman, noEngine);
        QVERIFY2(model.ok(), model.ok() ? "" : model.error().message.c_str());
        const auto& meta = model.value()->meta();
        QVERIFY(!meta.engineHead.empty());
        // The stage reads the shipped Maia-1 nets (the digest it records is the shipped folder's), and carries the
        // same stage fitted without them.
        QCOMPARE(meta.engineHead.human,
                 std::string(models::kHumanStageSetLogSolve4Min4First4) + "+" + models::kMaiaStagePart27);
        auto nets = jobs::humanModelIdentity(jobs::defaultMaiaFolder());
        QVERIFY2(nets.ok(), nets.ok() ? "" : nets.error().message.c_str());
        QCOMPARE(meta.engineHead.maiaNets, nets.value().pin().substr(0, 16));
        QCOMPARE(meta.engineHeadFallback.human, std::string(models::kHumanStageSetLogSolve4Min4First4));
        auto human = jobs::humanModelIdentity({});
        QVERIFY2(human.ok(), human.ok() ? "" : human.error().message.c_str());
        // Recorded by the moves' hash (bundle pin), so the human bundle may gain or change its other heads.
        QCOMPARE(meta.humanModelSha256, human.value().movesSha256);
        QVERIFY(human.value().matches(meta.humanModelSha256));
    }

    void namedEngineMissingIsAnError() {
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        model->setEngineHead(simpleHead(6));
        jobs::EngineFeatureOptions o;
        o.engine = m_tmp.filePath("no-such-engine");
        auto st = jobs::attachEngineFeatures(*model, o);
        QVERIFY(!st.ok());
        QVERIFY2(st.error().message.find("no-such-engine") != std::string::npos, st.error().message.c_str());
        QVERIFY(!model->hasEngineFeatureSource());
    }

    /// The app's engine setting (configuredEngine, what the settings hold, handed in by the GUI) is not a command:
    /// a path there that is no engine leaves the model on its boards with a warning naming the path, not an error.
    void configuredEngineMissingIsAWarning() {
        auto model = models::PuzzlePredictor::fromConfig(models::puzzleConfigByName("tiny").value(), 7);
        model->setEngineHead(simpleHead(6));
        jobs::EngineFeatureOptions o;
        o.configuredEngine = m_tmp.filePath("no-such-engine");
        std::string warned;
        o.warn = [&warned](const std::string& message) { warned = message; };
        auto st = jobs::attachEngineFeatures(*model, o);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
        QVERIFY2(warned.find("no-such-engine") != std::string::npos, warned.c_str());
        QVERIFY(!model->hasEngineFeatureSource());
    }

    /// EngineFeatures gives what a fresh analyser gives for each puzzle, with 2 engines in parallel, and a second
    /// run takes everything from its cache.
    void realEngineThroughTheCache() {
        if (!QFileInfo(kStockfish).isExecutable()) QSKIP("Stockfish is not installed at /usr/games/stockfish");
        const auto puzzles = samplePuzzles(6);
        jobs::EngineFeatureOptions o;
        o.engine = kStockfish;
        o.cachePath = m_tmp.filePath("engine-cache.bin").toStdString();
        o.jobs = 2;
        std::vector<std::vector<float>> first;
        {
            auto e = jobs::EngineFeatures::open(simpleHead(6), o);
            QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
            QVERIFY(e.value()->key().find("Stockfish") != std::string::npos);
            QVERIFY(e.value()->key().find("depth 6") != std::string::npos);
            QVERIFY(e.value()->features(puzzles, first).ok());
            QCOMPARE(e.value()->searchedPuzzles(), std::int64_t(6));
        }  // saves the cache
        evaluation::UciAnalyserOptions ao;
        ao.program = kStockfish;
        ao.limits = engines::SearchLimits::depth(6);
        ao.hashMb = 16;
        ao.freshSearch = true;
        evaluation::UciAnalyser analyser(ao);
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            auto facts = evaluation::analysePuzzleWithEngine(analyser, puzzles[i], CancelToken());
            QVERIFY(facts.ok());
            QVERIFY2(evaluation::engineFeatures(facts.value()) == first[i], puzzles[i].id.c_str());
        }
        auto again = jobs::EngineFeatures::open(simpleHead(6), o);
        QVERIFY(again.ok());
        QCOMPARE(again.value()->cachedPuzzles(), std::size_t(6));
        std::vector<std::vector<float>> second;
        QVERIFY(again.value()->features(puzzles, second).ok());
        QCOMPARE(again.value()->searchedPuzzles(), std::int64_t(0));
        QCOMPARE(again.value()->cacheHits(), std::int64_t(6));
        QVERIFY(second == first);
        // Another puzzle under a cached id (custom puzzles are all "cli" in the CLI): searched, not read.
        chess::Puzzle renamed = samplePuzzles(7).back();
        renamed.id = puzzles.front().id;
        std::vector<std::vector<float>> third;
        QVERIFY(again.value()->features(std::span<const chess::Puzzle>(&renamed, 1), third).ok());
        QCOMPARE(again.value()->searchedPuzzles(), std::int64_t(1));
        auto facts = evaluation::analysePuzzleWithEngine(analyser, renamed, CancelToken());
        QVERIFY(facts.ok());
        QVERIFY(evaluation::engineFeatures(facts.value()) == third.front());
    }

    /// The CLI fits a stage on training-split sample puzzles, and rate / eval puzzle use it.
    void cliFitsAndUsesAStage() {
        if (!QFileInfo(kStockfish).isExecutable()) QSKIP("Stockfish is not installed at /usr/games/stockfish");
        const std::string base = jobs::defaultPuzzleModelPath();
        if (base.empty()) QSKIP("no puzzle-default.kibitz");
        const QString staged = m_tmp.filePath("cli-staged.pt"), cache = m_tmp.filePath("cli-cache.bin");
        int code = 0;
        QString err;
        const QString fit = runCli(
            {"puzzle-engine-head", "--csv", KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv", "--model",
             QString::fromStdString(base), "--max", "170", "--depth", "6", "--out", staged, "--engine", kStockfish,
             "--engine-cache", cache, "--engine-jobs", "2", "--feature-cache", m_tmp.filePath("cli-solve.bin"),
             // 170 puzzles are too few for the default set's 39 human values (the fit says so): the model's own 12.
             "--human", QString::fromLatin1(models::kHumanStageSetLogSolve4Min4First4)},
            &code, &err);
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(fit.contains(QLatin1String("fitted on 170 training puzzles")), qPrintable(fit));
        // The stage takes the default human model's solve features too, and records that model.
        auto fitted = models::PuzzlePredictor::loadCheckpoint(staged.toStdString());
        QVERIFY(fitted.ok());
        QCOMPARE(fitted.value()->meta().engineHead.human, std::string(models::kHumanStageSetLogSolve4Min4First4));
        auto humanId = jobs::humanModelIdentity({});
        QVERIFY(humanId.ok());
        QCOMPARE(fitted.value()->meta().humanModelSha256, humanId.value().pin());  // a bundle: its moves' hash
        QCOMPARE(humanId.value().pin(), humanId.value().movesSha256);

        const auto p = samplePuzzles(1).front();
        QString moves;
        for (const auto m : p.moves) moves += (moves.isEmpty() ? "" : " ") + QString::fromStdString(chess::toUci(m));
        const QStringList one{"rate",
                              "--model",
                              staged,
                              "--fen",
                              QString::fromStdString(p.fen),
                              "--moves",
                              moves,
                              "--engine",
                              kStockfish,
                              "--engine-cache",
                              cache,
                              "--feature-cache",
                              m_tmp.filePath("cli-solve.bin")};
        QString out = runCli(one, &code, &err);
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(out.contains(QLatin1String("engine stage: on")), qPrintable(out));
        out = runCli(QStringList(one) << "--no-engine", &code, &err);
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(out.contains(QLatin1String("engine stage: off")), qPrintable(out));
        out = runCli(QStringList(one) << "--json", &code, &err);
        QVERIFY2(code == 0, qPrintable(err));
        const QJsonObject rated = QJsonDocument::fromJson(out.toUtf8()).object();
        QVERIFY2(rated.value("engine_stage").toBool(), qPrintable(out));
        QVERIFY(rated.contains("board_rating"));

        out = runCli({"eval", "puzzle", "--csv", KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv", "--model", staged, "--max",
                      "30", "--json", "--engine", kStockfish, "--engine-cache", cache, "--feature-cache",
                      m_tmp.filePath("cli-solve.bin")},
                     &code, &err);
        QVERIFY2(code == 0, qPrintable(err));
        const QJsonObject report = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(report.value("puzzles").toInt(), 30);
        QCOMPARE(report.value("engine_stage").toDouble(), 1.0);
        QVERIFY(report.value("model").toString().contains(QLatin1String("+engine")));
        QVERIFY(report.value("by_band").toObject().size() >= 3);
        const QJsonObject themes = report.value("by_theme").toObject();
        QVERIFY2(themes.contains("endgame") && themes.contains("short"), qPrintable(out));
        // Every puzzle of a theme or band is counted once in it; the bands hold every puzzle exactly once.
        int inBands = 0;
        for (const auto& v : report.value("by_band").toObject()) inBands += v.toObject().value("puzzles").toInt();
        QCOMPARE(inBands, 30);
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_GUILESS_MAIN(TestPuzzleEngineStage)
#include "tst_puzzle_engine_stage.moc"
