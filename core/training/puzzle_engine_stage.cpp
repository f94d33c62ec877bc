// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/puzzle_engine_stage.h"

#include "core/evaluation/puzzle_metrics.h"

#include <cmath>
#include <span>

namespace kibitz::training {

Result<std::vector<chess::Puzzle>> readEngineStagePuzzles(const std::vector<std::string>& files, std::int64_t every,
                                                          std::int64_t maxPuzzles) {
    std::vector<chess::Puzzle> puzzles;
    std::int64_t passed = 0;
    for (const std::string& path : files) {
        auto reader = chess::PuzzleCsvReader::open(path);
        if (!reader) return Error{ErrorCode::InvalidInput, reader.error().message};
        chess::Puzzle p;
        while (std::int64_t(puzzles.size()) < maxPuzzles && reader.value()->next(p)) {
            if (evaluation::isHeldOutPuzzle(p.id)) continue;
            if (passed++ % every != 0) continue;
            puzzles.push_back(p);
        }
        if (!reader.value()->input().error().empty())
            return Error{ErrorCode::InvalidInput, reader.value()->input().error()};
    }
    return puzzles;
}

const char* engineStageMeasured(const models::EngineRatingHead& head, std::size_t puzzles,
                                const std::optional<BoostOptions>& boost) {
    return head.trees.empty() || !boost || !engineStageFitsOutOfFold(puzzles, *boost) ? "in-sample" : "out of fold";
}

Result<EngineStageFit> fitEngineStage(const EngineStageData& data, const EngineStageOptions& options) {
    const models::EngineRatingHead& shape = options.shape;
    auto fit = [&](const std::string& set) {
        return fitEngineRatingHead(data.baseRatings, data.baseSigmas, data.engineFeatures, data.ratings, shape.features,
                                   shape.depth, shape.lines, options.ridge, 6, set, data.solveFeatures, options.boost);
    };
    EngineStageFit out;
    auto head = fit(shape.human);
    if (!head) return head.error();
    out.head = std::move(*head);
    if (models::humanStageUsesMaia(shape.human)) {
        auto fallback = fit(shape.human.substr(0, shape.human.find('+')));
        if (!fallback) return fallback.error();
        out.fallback = std::move(*fallback);
    }
    const bool withHuman = !shape.human.empty();
    double before = 0, after = 0;
    for (std::size_t i = 0; i < data.ratings.size(); ++i) {
        before += std::abs(data.baseRatings[i] - data.ratings[i]);
        after += std::abs(
            out.head.rating(data.baseRatings[i], data.engineFeatures[i],
                            withHuman ? std::span<const float>(data.solveFeatures[i]) : std::span<const float>()) -
            data.ratings[i]);
    }
    const double n = double(data.ratings.size());
    out.maeBefore = before / n;
    out.maeAfter = after / n;
    return out;
}

}  // namespace kibitz::training
