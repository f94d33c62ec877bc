// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli train-puzzle: trains or resumes the GlickFormer puzzle-rating model on Lichess puzzle CSV files. The
// options and the run are app/cli/train_puzzle (shared with kibitz-train); this adds the human solve features.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_commands.h"
#include "app/cli/puzzle_human_args.h"
#include "app/cli/train_puzzle.h"

#include <cstdio>
#include <memory>

namespace kibitz::cli {

int runTrainPuzzle(const std::vector<std::string>& argv) {
    std::shared_ptr<jobs::HumanFeatures> human;
    PuzzleTrainExtras extras;
    extras.valueOptions = withHumanValueOptions({});
    extras.flagOptions = withHumanFlagOptions({});
    extras.help = humanOptionsHelp();
    extras.prepare = [&human](Args& args, training::PuzzleTrainOptions& o) -> std::string {
        if (o.config.humanFeatures <= 0) return {};
        auto h = jobs::HumanFeatures::open(humanFeatureOptions(args, "train-puzzle"));
        if (!h.ok()) return h.error().message;
        human = h.value();
        human->setSaveEvery(5000);
        o.features = jobs::HumanFeatures::sourceOf(human);
        o.humanModelSha256 = human->identity().sha256;
        o.humanModelName = human->identity().name;
        std::printf("%s  human features: %s (sha256 %s), cache %s (%zu puzzles)\n", timestamp().c_str(),
                    human->identity().path.toStdString().c_str(), o.humanModelSha256.substr(0, 16).c_str(),
                    human->cachePath().empty() ? "off" : human->cachePath().c_str(), human->cachedPuzzles());
        return {};
    };
    // Feature cost so far: puzzles computed by the human model, their rate, cache hits.
    auto featureSummary = [&human]() -> std::string {
        if (!human) return {};
        char buf[160];
        std::snprintf(buf, sizeof buf, "  features: %lld computed (%.1f puzzles/s), %lld cached hits",
                      static_cast<long long>(human->computedPuzzles()),
                      human->computeSeconds() > 0 ? double(human->computedPuzzles()) / human->computeSeconds() : 0.0,
                      static_cast<long long>(human->cacheHits()));
        return buf;
    };
    extras.progressSuffix = featureSummary;
    extras.finish = [&human, &featureSummary]() {
        if (!human) return;
        if (auto s = human->saveCache(); !s.ok())
            std::fprintf(stderr, "kibitz-cli train-puzzle: %s\n", s.error().message.c_str());
        std::printf("%s %s\n", timestamp().c_str(), featureSummary().c_str());
    };
    return runTrainPuzzleCommand(argv, "kibitz-cli train-puzzle", extras);
}

namespace {
const bool kRegistered = registerCommand(
    {"train-puzzle", "train the puzzle-rating model on Lichess puzzle CSV (also: train puzzle)", runTrainPuzzle});
}  // namespace

}  // namespace kibitz::cli
