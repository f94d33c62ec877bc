// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval-puzzle (eval puzzle): MAE, RMSE, MAZ, within 1/2/3 RD, by solution length, with the
// predict-the-mean and mean-by-length baselines side by side.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_commands.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/jobs/puzzle_bundle.h"

#include <cstdio>

namespace kibitz::cli {

int runEvalPuzzle(const std::vector<std::string>& argv) {
    Args args(argv, {"csv", "model", "max", "batch"}, {"json", "held-out", "help"});
    if (args.has("help")) {
        std::printf(
            "Usage: kibitz-cli eval puzzle --csv FILE... [--model BUNDLE|CHECKPOINT] [--max N] [--held-out] "
            "[--json]\n\n"
            "Scores the puzzle-rating model on every puzzle of the files (or, with --held-out, only on those held out\n"
            "from training: FNV-1a(PuzzleId) %% 20 == 0). Baselines use the model's training statistics.\n"
            "  --model PATH   .kibitz bundle or train-puzzle checkpoint (default: the shipped puzzle-default.kibitz)\n"
            "  --max N        at most N puzzles      --batch B  inference batch (default 256)\n"
            "  --json         one JSON object {puzzles, mae, rmse, maz, within_rd, by_length, baselines}\n");
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval puzzle: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    const auto files = args.values("csv");
    if (files.empty()) return usage("--csv is required");
    const std::string modelPath = args.value("model").value_or(jobs::defaultPuzzleModelPath());
    if (modelPath.empty()) return usage("no --model given and no puzzle-default.kibitz found");
    const auto maxPuzzles = args.intValue("max", 0, 0, 1LL << 40);
    const int batch = int(args.intValue("batch", 256, 1, 65536));
    if (!args.ok()) return usage(args.error());
    auto model = jobs::loadPuzzleModel(modelPath);
    if (!model.ok()) {
        std::fprintf(stderr, "kibitz-cli eval puzzle: %s\n", model.error().message.c_str());
        return kExitUsage;
    }
    auto& predictor = *model.value();
    evaluation::MeanBaselines baselines;
    baselines.set(predictor.meta().baselineMean, predictor.meta().baselineByLength);
    CancelToken cancel;
    auto report = evaluation::evaluatePuzzleFiles(
        files, args.has("held-out"), maxPuzzles,
        [&](std::span<const chess::Puzzle> puzzles) -> Result<std::vector<double>> {
            auto r = predictor.predict(puzzles, nullptr, batch);
            if (!r.ok()) return r.error();
            std::vector<double> out;
            for (const auto& p : r.value()) out.push_back(p.rating);
            return out;
        },
        baselines, cancel, batch);
    if (!report.ok()) {
        std::fprintf(stderr, "kibitz-cli eval puzzle: %s\n", report.error().message.c_str());
        return report.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    const auto& r = report.value();
    if (args.has("json")) {
        std::printf("%s\n", r.toJson().c_str());
    } else {
        std::printf("model           %s\npredict-mean    %s\nmean-by-length  %s\n", r.model.summary().c_str(),
                    r.predictMean.summary().c_str(), r.meanByLength.summary().c_str());
        for (const auto& [len, s] : r.model.byLength())
            std::printf("  length %2d: %6lld puzzles  MAE %6.1f  (mean-by-length %6.1f)\n", len,
                        static_cast<long long>(s.count), s.mae, r.meanByLength.byLength().at(len).mae);
        if (r.skippedRows > 0) std::printf("%lld bad rows skipped\n", static_cast<long long>(r.skippedRows));
    }
    return kExitOk;
}

namespace {
const bool kRegistered = registerCommand(
    {"eval-puzzle", "evaluate the puzzle-rating model on puzzle CSV (also: eval puzzle)", runEvalPuzzle});
}  // namespace

}  // namespace kibitz::cli
