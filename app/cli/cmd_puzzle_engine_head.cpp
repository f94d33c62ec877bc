// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli puzzle-engine-head: fits the engine stage of a puzzle-rating model on puzzles of the
// training split: the GlickFormer's rating and sigma, Stockfish's engine features (from the engine-feature cache,
// searched where missing) and the Lichess rating of each; writes the model with its new stage as a bundle or
// checkpoint. Held-out puzzles are never used, so `eval puzzle --held-out` stays an honest measure.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_human_args.h"
#include "core/evaluation/puzzle_engine_features.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_engine.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/engine_rating_head.h"
#include "core/training/puzzle_engine_stage.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <span>

namespace kibitz::cli {
namespace {

// The stage's trees as shipped (chosen by 5-fold cross-validation on training puzzles;
// docs/studies/2026-11-29-puzzle-engine-stage.md): 400 rounds, each grown on a fresh half of the puzzles (seed 1).
constexpr training::BoostOptions kDefaultBoost{
    .trees = 400, .learningRate = 0.05, .maxLeaves = 15, .minLeafSamples = 40, .subsample = 0.5, .seed = 1};

// The shipped stage's human set: the model's own 12 values and the nine Maia-1 nets' 27
// (docs/studies/2026-11-27-puzzle-maia-nets.md).
const std::string kDefaultHumanSet =
    std::string(models::kHumanStageSetLogSolve4Min4First4) + "+" + models::kMaiaStagePart27;

void printHelp() {
    std::printf(
        "Usage: kibitz-cli puzzle-engine-head --csv FILE|DIR... --out FILE [--model PATH] [options]\n\n"
        "Fits the engine stage of a puzzle-rating model: a regression (least absolute deviations, quadratic terms,\n"
        "then boosted trees on what they leave over) of the Lichess rating on the GlickFormer's rating and %d\n"
        "engine features of each solver move (a %d-line search per solver position) and the human model's solve\n"
        "probabilities, on puzzles of the training split only. Writes the model with the stage to\n"
        "OUT (.kibitz bundle, or a checkpoint for any other name). Its sigma is rescaled so that 68.3%% of the\n"
        "fitting puzzles lie within one sigma. `bundle export OUT.pt B.kibitz --kind puzzle --metrics M.json` adds\n"
        "held-out metrics to a bundle.\n"
        "  --model PATH     the puzzle model (default: the shipped puzzle-default.kibitz); an engine stage it has\n"
        "                   is replaced\n"
        "  --depth D        search depth (default %d)     --every K   every K-th training puzzle (default 1)\n"
        "  --max N          at most N puzzles (default 6000)   --ridge X  ridge penalty per puzzle (default 1e-4)\n"
        "  --engine PATH    UCI engine (default: Stockfish)   --engine-cache F   --engine-jobs N (default 1)\n"
        "  --human SET      human solve features the stage also takes: logsolve4min4first4 (ln P(solve), the\n"
        "                   lowest and the first solver move's log-probability at Elo 1000, 1600, 2200, 2800 from\n"
        "                   the human-move model), logsolve4min4 (without the first move's), logsolve4 (ln P(solve)\n"
        "                   alone) or none; SET+maia9, SET+maia27, SET+maia29 add the nine Maia-1 nets' values\n"
        "                   (ln P(solve) per band; also the lowest and first move's; also the band from which the\n"
        "                   solution is the top move). Default: logsolve4min4first4+maia27, which also fits the\n"
        "                   stage without the nets' values, for where they are not installed\n"
        "  --maia DIR       the folder of the nine Maia-1 nets (default: $KIBITZ_MAIA_DIR or the installed one)\n"
        "  --maia-cache F   their feature cache (default: $KIBITZ_CACHE_DIR or ~/.cache/kibitz/maia-features-*.bin)\n"
        "  --human-model PATH  the human-move model of those features (default: the default human model; the\n"
        "                   puzzle model records it)   --feature-cache F  its solve-feature cache\n"
        "  --trees N        boosted trees (absolute error) fitted to what the quadratic leaves over (default %d;\n"
        "                   0: the quadratic alone); the sigma scale is then measured out of fold (5 folds)\n"
        "  --tree-leaves L  leaves per tree (default %d)   --tree-rate R  learning rate (default %g)\n"
        "  --tree-min-leaf M  puzzles per leaf at least (default %d)\n"
        "  --tree-subsample S  share of the puzzles each tree is grown on, drawn afresh per tree (default %g: all)\n"
        "  --tree-seed N    seed of those draws (default %llu)\n",
        evaluation::kEngineFeatureCount, evaluation::kEngineFeatureLines, evaluation::kEngineFeatureDepth,
        kDefaultBoost.trees, kDefaultBoost.maxLeaves, kDefaultBoost.learningRate, kDefaultBoost.minLeafSamples,
        kDefaultBoost.subsample, static_cast<unsigned long long>(kDefaultBoost.seed));
}

int usageError(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli puzzle-engine-head: %s\n", msg.c_str());
    return kExitUsage;
}

int failure(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli puzzle-engine-head: %s\n", msg.c_str());
    return kExitFailure;
}

/// The trees' options as given (check args.ok() after).
training::BoostOptions boostOptions(Args& args) {
    training::BoostOptions boost = kDefaultBoost;
    boost.trees = int(args.intValue("trees", kDefaultBoost.trees, 0, 100000));
    boost.maxLeaves = int(args.intValue("tree-leaves", kDefaultBoost.maxLeaves, 2, 4096));
    boost.learningRate = args.doubleValue("tree-rate", kDefaultBoost.learningRate, 1e-6, 1.0);
    boost.minLeafSamples = int(args.intValue("tree-min-leaf", kDefaultBoost.minLeafSamples, 1, 1000000));
    boost.subsample = args.doubleValue("tree-subsample", kDefaultBoost.subsample, 0.01, 1.0);
    boost.seed = std::uint64_t(args.intValue("tree-seed", std::int64_t(kDefaultBoost.seed), 0, 1LL << 62));
    return boost;
}

/// Fills `out` with the solve features of `puzzles` through their cache (saved every 500 puzzles): the human-move
/// model's at `elos`, or with options.maiaLayout the nine Maia-1 nets'; says where they come from and what they
/// cost. An exit code when it fails (`flag` names the option of a usage error).
std::optional<int> readSolveFeatures(jobs::HumanFeatureOptions options, const std::string& flag,
                                     std::span<const chess::Puzzle> puzzles, std::span<const int> elos,
                                     std::vector<std::vector<float>>& out, jobs::HumanModelIdentity& identity) {
    options.saveEvery = 500;
    options.progress = solveFeatureProgress();
    auto source = jobs::HumanFeatures::open(options);
    if (!source.ok()) return usageError(flag + ": " + source.error().message);
    identity = source.value()->identity();
    std::fprintf(stderr, "%s from %s (cache %s holds %zu puzzles)\n",
                 options.maiaLayout ? "Maia-1 features" : "human solve features", identity.name.c_str(),
                 source.value()->cachePath().c_str(), source.value()->cachedPuzzles());
    if (auto st = source.value()->features(puzzles, out, elos); !st.ok()) return failure(st.error().message);
    if (auto st = source.value()->saveCache(); !st.ok()) return failure(st.error().message);
    std::fprintf(stderr, "%lld computed in %.0f s, %lld from the cache\n",
                 static_cast<long long>(source.value()->computedPuzzles()), source.value()->computeSeconds(),
                 static_cast<long long>(source.value()->cacheHits()));
    return std::nullopt;
}

/// Fills `out` with the engine features of `puzzles` (searched where the cache lacks them, saved every 100
/// puzzles), with a progress line. An exit code when it fails.
std::optional<int> readEngineFeatures(const models::EngineRatingHead& shape, const jobs::EngineFeatureOptions& engine,
                                      std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out) {
    auto features = jobs::EngineFeatures::open(shape, engine);
    if (!features.ok()) return usageError("--engine: " + features.error().message);
    std::fprintf(stderr, "%zu training puzzles; features of %s; cache %s holds %zu puzzles\n", puzzles.size(),
                 features.value()->key().c_str(), features.value()->cachePath().c_str(),
                 features.value()->cachedPuzzles());
    const auto start = std::chrono::steady_clock::now();
    ProgressLine line;
    for (std::size_t at = 0; at < puzzles.size(); at += 100) {
        const std::size_t n = std::min<std::size_t>(100, puzzles.size() - at);
        std::vector<std::vector<float>> part;
        if (auto st = features.value()->features(puzzles.subspan(at, n), part); !st.ok()) {
            line.end();
            return failure(st.error().message);
        }
        for (auto& f : part) out.push_back(std::move(f));
        if (auto st = features.value()->saveCache(); !st.ok()) {
            line.end();
            return failure(st.error().message);
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        line.show(at + n == puzzles.size(), "%zu/%zu puzzles (%lld searched, %.1f puzzles/s)", at + n, puzzles.size(),
                  static_cast<long long>(features.value()->searchedPuzzles()),
                  secs > 0 ? double(features.value()->searchedPuzzles()) / secs : 0.0);
    }
    return std::nullopt;
}

/// The stage's human solve features of `puzzles` from their caches: the human-move model's at the
/// levels the set reads, then the nine Maia-1 nets' after them in each puzzle's vector, whose pin goes to
/// `maiaNets`. Nothing for the set "none". An exit code when it fails.
std::optional<int> readStageHumanFeatures(const Args& args, const std::string& humanSet,
                                          std::span<const chess::Puzzle> puzzles,
                                          std::vector<std::vector<float>>& solveFeatures,
                                          jobs::HumanModelIdentity& humanId, std::string& maiaNets) {
    if (humanSet == "none") return std::nullopt;
    jobs::HumanFeatureOptions ho;
    ho.humanModel = QString::fromStdString(args.value("human-model").value_or(""));
    ho.cachePath = args.value("feature-cache").value_or("");
    // Only the levels the stage reads are computed (a cache holding all of them serves as well).
    if (auto code =
            readSolveFeatures(ho, "--human-model", puzzles, models::humanStageElos(humanSet), solveFeatures, humanId))
        return code;
    if (!models::humanStageUsesMaia(humanSet)) return std::nullopt;
    jobs::HumanFeatureOptions mo;
    mo.humanModel = QString::fromStdString(args.value("maia").value_or(""));
    mo.cachePath = args.value("maia-cache").value_or("");
    mo.maiaLayout = true;
    std::vector<std::vector<float>> nets;
    jobs::HumanModelIdentity netsId;
    if (auto code = readSolveFeatures(mo, "--maia", puzzles, {}, nets, netsId)) return code;
    maiaNets = netsId.pin().substr(0, 16);
    for (std::size_t i = 0; i < puzzles.size(); ++i)
        solveFeatures[i].insert(solveFeatures[i].end(), nets[i].begin(), nets[i].end());
    return std::nullopt;
}

int runPuzzleEngineHead(const std::vector<std::string>& argv) {
    Args args(argv, {"csv",           "out",    "model",        "depth",       "every",         "max",
                     "ridge",         "engine", "engine-cache", "engine-jobs", "human",         "human-model",
                     "feature-cache", "trees",  "tree-leaves",  "tree-rate",   "tree-min-leaf", "tree-subsample",
                     "tree-seed",     "maia",   "maia-cache"},
              {"help"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    if (!args.ok()) return usageError(args.error());
    const int depth = int(args.intValue("depth", evaluation::kEngineFeatureDepth, 1, 60));
    const std::int64_t every = args.intValue("every", 1, 1, 1LL << 40);
    const std::int64_t maxPuzzles = args.intValue("max", 6000, 1, 1LL << 40);
    const double ridge = args.doubleValue("ridge", 1e-4, 0.0, 1.0);
    const training::BoostOptions boost = boostOptions(args);
    jobs::EngineFeatureOptions engine = engineFeatureOptions(args, "puzzle-engine-head");
    if (!args.ok()) return usageError(args.error());
    if (!args.value("csv") || !args.value("out")) return usageError("--csv and --out are required");
    std::vector<std::string> given = args.values("csv");
    for (const auto& p : args.positionals()) given.push_back(p);
    std::string expandError;
    const std::vector<std::string> files = expandDataArgs(given, {".csv", ".csv.zst"}, expandError);
    if (!expandError.empty()) return usageError("--csv: " + expandError);
    const std::string modelPath = args.value("model").value_or(jobs::defaultPuzzleModelPath());
    if (modelPath.empty()) return usageError("no --model given and no puzzle-default.kibitz found");
    {
        std::vector<std::pair<std::string, std::string>> inputs{{"--model", modelPath}};
        for (const auto& f : files) inputs.emplace_back("--csv", f);
        if (const std::string e = outputIsInput("--out", *args.value("out"), inputs); !e.empty()) return usageError(e);
    }
    const std::string humanSet = args.value("human").value_or(kDefaultHumanSet);
    if (humanSet != "none" && models::humanStageFeatureCount(humanSet) == 0)
        return usageError("--human: '" + humanSet + "' is not one of " + models::humanStageSetNames() + ", none");
    const bool withHuman = humanSet != "none";
    jobs::EngineFeatureOptions noEngine;
    noEngine.attach = false;
    jobs::HumanFeatureOptions noHuman;  // the stage is replaced: its features are opened below, once
    noHuman.attach = false;
    auto loaded = jobs::loadPuzzleModel(modelPath, noHuman, noEngine);
    if (!loaded.ok()) return usageError(loaded.error().message);
    models::PuzzlePredictor& model = *loaded.value();
    model.setEngineHead({});  // the GlickFormer's own ratings are what the stage corrects
    model.setEngineHeadFallback({});

    auto selected = training::readEngineStagePuzzles(files, every, maxPuzzles);
    if (!selected) return usageError(selected.error().message);
    const std::vector<chess::Puzzle>& puzzles = *selected;
    training::EngineStageOptions stage;
    stage.ridge = ridge;
    stage.boost = boost.trees > 0 ? std::optional(boost) : std::nullopt;
    models::EngineRatingHead& shape = stage.shape;
    shape.features = evaluation::kEngineFeatureSet;
    shape.featureCount = evaluation::kEngineFeatureCount;
    shape.depth = depth;
    shape.lines = evaluation::kEngineFeatureLines;
    if (withHuman) {
        shape.human = humanSet;
        shape.humanCount = models::humanStageFeatureCount(humanSet);
    }
    if (std::int64_t(puzzles.size()) < 2 * models::EngineRatingHead::termCount(shape.inputCount()))
        return usageError("only " + std::to_string(puzzles.size()) + " training puzzles selected; the fit needs " +
                          std::to_string(2 * models::EngineRatingHead::termCount(shape.inputCount())));

    training::EngineStageData data;
    jobs::HumanModelIdentity humanId;
    std::string maiaNets;
    if (auto code = readStageHumanFeatures(args, humanSet, puzzles, data.solveFeatures, humanId, maiaNets))
        return *code;
    if (auto code = readEngineFeatures(shape, engine, puzzles, data.engineFeatures)) return *code;
    auto predicted = model.predict(puzzles);
    if (!predicted.ok()) return failure(predicted.error().message);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        data.baseRatings.push_back(predicted.value()[i].rating);
        data.baseSigmas.push_back(predicted.value()[i].sigma);
        data.ratings.push_back(puzzles[i].rating);
    }
    auto fit = training::fitEngineStage(data, stage);
    if (!fit.ok()) return failure(fit.error().message);
    if (fit->fallback) {
        std::printf("without the Maia-1 nets (the fallback stage): MAE %.1f (%s)\n", fit->fallback->fitMae,
                    training::engineStageMeasured(*fit->fallback, puzzles.size(), stage.boost));
        model.setEngineHeadFallback(*fit->fallback);
    }
    models::EngineRatingHead& head = fit->head;
    std::printf(
        "fitted on %zu training puzzles: MAE %.1f -> %.1f (in-sample), %.1f (%s), %zu trees, sigma scale "
        "%.3f\n",
        puzzles.size(), fit->maeBefore, fit->maeAfter, head.fitMae,
        training::engineStageMeasured(head, puzzles.size(), stage.boost), head.trees.trees.size(), head.sigmaScale);
    head.maiaNets = maiaNets;
    model.setEngineHead(head);
    if (withHuman) model.setHumanModel(humanId.pin(), humanId.name);
    const std::string out = *args.value("out");
    const Status written =
        out.ends_with(".kibitz") ? jobs::writePuzzleBundle(model, out, {}) : model.saveCheckpoint(out);
    if (!written.ok()) return failure(written.error().message);
    std::printf("wrote %s\n", out.c_str());
    return kExitOk;
}

const bool kRegistered = registerCommand({"puzzle-engine-head",
                                          "fit the engine stage of a puzzle model (Stockfish features, training split)",
                                          runPuzzleEngineHead});

}  // namespace
}  // namespace kibitz::cli
