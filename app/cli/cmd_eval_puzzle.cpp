// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval-puzzle (eval puzzle): MAE, RMSE, MAZ, within 1/2/3 RD, by solution length, with the
// predict-the-mean and mean-by-length baselines and any number of further models side by side.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_commands.h"
#include "app/cli/puzzle_human_args.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/puzzle_bundle.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace kibitz::cli {

namespace {

/// "name (+human)" for tables and JSON.
std::string labelOf(const std::string& path, const models::PuzzlePredictor& p) {
    std::string label = std::filesystem::path(path).filename().string();
    if (label == "latest.pt") label = std::filesystem::path(path).parent_path().filename().string() + "/latest.pt";
    label += p.config().humanFeatures > 0 ? " (+human)" : "";
    if (!p.meta().engineHead.empty()) label += p.hasEngineFeatureSource() ? " (+engine)" : " (engine stage off)";
    return label;
}

void printEvalPuzzleHelp() {
    std::printf(
        "Usage: kibitz-cli eval puzzle --csv FILE|DIR... [--model BUNDLE|CHECKPOINT] [--compare-model B]... [--max "
        "N]\n"
        "       [--held-out] [--json]\n\n"
        "Scores the puzzle-rating model on every puzzle of the files (or, with --held-out, only on those held out\n"
        "from training: FNV-1a(PuzzleId) %% 20 == 0). Baselines use the primary model's training statistics.\n"
        "Models with human features (+human configs) compute their solve features with the human-move model\n"
        "they were trained with, through the feature cache.\n"
        "  --model PATH          .kibitz bundle or train-puzzle checkpoint (default: the shipped puzzle-default)\n"
        "  --compare-model PATH  another model scored on the same puzzles (repeatable), e.g. GlickFormer alone\n"
        "                        vs GlickFormer + human features\n"
        "  --max N        at most N puzzles      --batch B  inference batch (default 256)\n"
        "  --every K      only every K-th puzzle of those selected (a spread-out sample, as puzzle-features\n"
        "                 --every takes it)\n"
        "Models with an engine stage correct the GlickFormer's rating with Stockfish's view of each solver move\n"
        "(features from the engine-feature cache, searched where missing); the JSON says \"engine_stage\".\n"
        "  --solve-curves also score the human model's own solve curves (P of finding every solver move at\n"
        "                 800..2800) beside the shipped curve, for models without human features too\n"
        "Every model with a sigma is scored on it (share within 1 and 2 sigma) and on its solve curve: Glicko's\n"
        "expected score around the predicted rating, which never falls and crosses 50%% at the prediction.\n"
        "  --json         one JSON object {puzzles, mae, rmse, maz, within_rd, by_length, model, baselines,\n"
        "                 compare: [{model, puzzles, mae, ...}]}\n"
        "%s",
        humanOptionsHelp());
}

/// Opens the models of `paths` (their labels too) and the human model they share where one needs it (or
/// --solve-curves asks for its curves): "" or the usage message.
std::string loadModels(const Args& args, const std::vector<std::string>& paths,
                       const jobs::EngineFeatureOptions& engine, jobs::HumanFeatureOptions& human,
                       std::vector<std::unique_ptr<models::PuzzlePredictor>>& predictors,
                       std::vector<std::string>& labels) {
    for (const auto& path : paths) {
        auto model = jobs::loadPuzzleModel(path, human, engine);
        if (!model.ok()) return model.error().message;
        labels.push_back(labelOf(path, *model.value()));
        predictors.push_back(std::move(model.value()));
    }
    if (args.has("solve-curves") && !human.shared) {
        auto h = jobs::HumanFeatures::open(human);
        if (!h.ok()) return h.error().message;
        human.shared = h.value();
    }
    for (std::size_t i = 0; i < predictors.size(); ++i) {
        // +human models take the features as input; a stage with a human set through the model's own source.
        if (predictors[i]->config().humanFeatures <= 0 && !predictors[i]->meta().engineHead.needsHuman()) continue;
        if (!human.shared) {
            auto h = jobs::HumanFeatures::open(human);
            if (!h.ok()) return h.error().message;
            human.shared = h.value();
        }
        if (auto st = jobs::attachHumanFeatures(*predictors[i], human); !st.ok())
            return paths[i] + ": " + st.error().message;
    }
    return {};
}

/// A model's predictions for the evaluation: its rating and sigma, and where the shared human model is open, the human
/// model's own solve curve (the first features are P(solve) at each level), so both curves are scored.
evaluation::PuzzlePredictionFn predictionFn(models::PuzzlePredictor& model, const jobs::HumanFeatureOptions& human,
                                            int batch) {
    models::PuzzlePredictor* p = &model;
    return [p, &human, batch](std::span<const chess::Puzzle> puzzles) -> Result<std::vector<evaluation::RatedPuzzle>> {
        std::vector<std::vector<float>> features;
        const bool withHuman = bool(human.shared);
        if (withHuman)
            if (auto st = human.shared->features(puzzles, features); !st.ok()) return st.error();
        // The features just read serve the model too: as its input (+human), or for its stage when it took the
        // shared human model (attachHumanFeatures set the source), so they are not computed twice.
        const bool takes =
            p->config().humanFeatures > 0 || (p->meta().engineHead.needsHuman() && p->hasFeatureSource());
        auto r = p->predict(puzzles, withHuman && takes ? &features : nullptr, batch);
        if (!r.ok()) return r.error();
        std::vector<evaluation::RatedPuzzle> out;
        for (std::size_t i = 0; i < r.value().size(); ++i) {
            evaluation::RatedPuzzle rp{r.value()[i].rating, r.value()[i].sigma, {}, r.value()[i].engineUsed};
            if (withHuman && features[i].size() >= evaluation::kSolveEloLevels.size())
                rp.humanCurve.assign(features[i].begin(), features[i].begin() + evaluation::kSolveEloLevels.size());
            out.push_back(std::move(rp));
        }
        return out;
    };
}

/// The text report: each model's summary beside the baselines, then MAE by solution length, rating band and theme,
/// the sigma and solve-curve calibration.
void printPuzzleReport(const evaluation::PuzzleEvalReport& r, const std::vector<std::string>& labels) {
    std::vector<std::pair<std::string, const evaluation::PuzzleMetrics*>> rows{
        {"predict-mean", &r.predictMean}, {"mean-by-length", &r.meanByLength}, {labels[0], &r.model}};
    for (std::size_t i = 0; i < r.compare.size(); ++i) rows.emplace_back(labels[i + 1], &r.compare[i]);
    std::size_t width = 0;
    for (const auto& row : rows) width = std::max(width, row.first.size());
    for (const auto& [name, m] : rows) std::printf("%-*s  %s\n", int(width), name.c_str(), m->summary().c_str());
    std::printf("MAE by solution length:\n  length  puzzles");
    const int col = int(std::max<std::size_t>(14, width));
    for (const auto& row : rows) std::printf("  %*s", col, row.first.c_str());
    std::printf("\n");
    for (const auto& [len, s] : r.model.byLength()) {
        std::printf("  %6d  %7lld", len, static_cast<long long>(s.count));
        for (const auto& row : rows) std::printf("  %*.1f", col, row.second->byLength().at(len).mae);
        std::printf("\n");
    }
    // The weak spots: MAE by rating band, and by the themes that say most about difficulty.
    std::printf("MAE by rating band (Lichess rating):\n  band       puzzles");
    for (const auto& row : rows) std::printf("  %*s", col, row.first.c_str());
    std::printf("\n");
    for (const auto& [band, s] : r.model.byBand()) {
        std::printf("  %-9s  %7lld", band.c_str(), static_cast<long long>(s.count));
        for (const auto& row : rows) std::printf("  %*.1f", col, row.second->byBand().at(band).mae);
        std::printf("\n");
    }
    static const char* const kThemes[] = {"mateIn1",   "mateIn2",  "mateIn3", "mate",          "oneMove",  "short",
                                          "long",      "veryLong", "opening", "middlegame",    "endgame",  "sacrifice",
                                          "quietMove", "fork",     "pin",     "defensiveMove", "crushing", "advantage"};
    const auto themes = r.model.byTheme();
    std::printf("MAE by theme (all themes in --json):\n  theme          puzzles");
    for (const auto& row : rows) std::printf("  %*s", col, row.first.c_str());
    std::printf("\n");
    for (const char* theme : kThemes) {
        const auto it = themes.find(theme);
        if (it == themes.end()) continue;
        std::printf("  %-13s  %7lld", theme, static_cast<long long>(it->second.count));
        for (const auto& row : rows) std::printf("  %*.1f", col, row.second->byTheme().at(theme).mae);
        std::printf("\n");
    }
    const evaluation::PuzzleCalibration cal = r.model.calibration();
    if (cal.withSigma > 0) {
        std::printf(
            "sigma: %.1f%% within 1 sigma, %.1f%% within 2 (a normal error: 68.3%% and 95.4%%), mean sigma %.0f\n",
            100.0 * cal.withinSigma[0], 100.0 * cal.withinSigma[1], cal.meanSigma);
        std::printf(
            "solve curve (Glicko expected score around the predicted rating): %.1f%% never fall, 50%% point "
            "%.0f from the prediction, %.0f from the Lichess rating\n",
            100.0 * cal.solveMonotone, cal.solveMidpointMae, cal.solveMidpointMaeTrue);
    }
    if (cal.withHumanCurve > 0)
        std::printf(
            "human model's own curve (all solver moves found): %.1f%% never fall, 50%% point %.0f from the "
            "prediction, %.0f from the Lichess rating\n",
            100.0 * cal.humanMonotone, cal.humanMidpointMae, cal.humanMidpointMaeTrue);
    if (r.skippedRows > 0) std::printf("%lld bad rows skipped\n", static_cast<long long>(r.skippedRows));
}

}  // namespace

int runEvalPuzzle(const std::vector<std::string>& argv) {
    Args args(argv, withHumanValueOptions({"csv", "model", "compare-model", "max", "batch", "every"}),
              withHumanFlagOptions({"json", "held-out", "help", "solve-curves"}));
    if (args.has("help")) {
        printEvalPuzzleHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval puzzle: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    const auto files = expandDataArgs(args.values("csv"), {".csv", ".csv.zst"}, dataError);  // folders too
    if (!dataError.empty()) return usage("--csv: " + dataError);
    if (files.empty()) return usage("--csv is required");
    std::vector<std::string> paths{args.value("model").value_or(jobs::defaultPuzzleModelPath())};
    if (paths.front().empty()) return usage("no --model given and no puzzle-default.kibitz found");
    for (const auto& c : args.values("compare-model")) paths.push_back(c);
    const auto maxPuzzles = args.intValue("max", 0, 0, 1LL << 40);
    const int batch = int(args.intValue("batch", 256, 1, 65536));
    const std::int64_t every = args.intValue("every", 1, 1, 1LL << 40);
    jobs::EngineFeatureOptions engine = engineFeatureOptions(args, "eval puzzle");
    if (!args.ok()) return usage(args.error());

    // One human model + cache shared by every model that needs one (+human, or an engine stage with human
    // features), opened only when one does.
    jobs::HumanFeatureOptions human = humanFeatureOptions(args, "eval puzzle");
    human.attach = false;
    // Puzzles missing from the solve-feature cache are computed batch by batch (minutes for thousands): say how
    // far it is, and save the cache every 500, so a killed evaluation keeps what it computed.
    human.saveEvery = 500;
    human.progress = solveFeatureProgress();
    std::vector<std::unique_ptr<models::PuzzlePredictor>> predictors;
    std::vector<std::string> labels;
    if (const std::string e = loadModels(args, paths, engine, human, predictors, labels); !e.empty()) return usage(e);
    // Each model gives its rating and sigma; a model with human features also gives the human model's own solve
    // curve (its first features are P(solve) at each level), so both curves are scored.
    std::vector<evaluation::PuzzlePredictionFn> fns;
    for (auto& p : predictors) fns.push_back(predictionFn(*p, human, batch));
    evaluation::MeanBaselines baselines;
    baselines.set(predictors.front()->meta().baselineMean, predictors.front()->meta().baselineByLength);
    CancelToken cancel;
    evaluation::PuzzleSelection selection;
    selection.heldOutOnly = args.has("held-out");
    selection.maxPuzzles = maxPuzzles;
    selection.every = every;
    auto report = evaluation::evaluatePuzzleFilesDetailed(files, selection, fns, baselines, cancel, batch);
    if (!report.ok()) {
        std::fprintf(stderr, "kibitz-cli eval puzzle: %s\n", report.error().message.c_str());
        return report.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    auto& r = report.value();
    r.labels = labels;
    // Every row skipped (or none selected) is no evaluation: the report is printed, the exit code says so.
    auto exitCode = [&r]() {
        if (r.model.count() > 0) return int(kExitOk);
        std::fprintf(stderr, "kibitz-cli eval puzzle: no usable puzzle to score (%lld rows skipped)\n",
                     static_cast<long long>(r.skippedRows));
        return int(kExitUsage);
    };
    if (args.has("json")) {
        std::printf("%s\n", r.toJson().c_str());
        return exitCode();
    }
    printPuzzleReport(r, labels);
    return exitCode();
}

namespace {
const bool kRegistered = registerCommand(
    {"eval-puzzle", "evaluate the puzzle-rating model on puzzle CSV (also: eval puzzle)", runEvalPuzzle});
}  // namespace

}  // namespace kibitz::cli
