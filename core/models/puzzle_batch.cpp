// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/puzzle_batch.h"

#include "core/encoding/puzzle_encoder.h"

#include <sstream>

namespace kibitz::models {

Result<PuzzleBatch> makePuzzleBatch(const std::vector<const chess::Puzzle*>& puzzles, const PuzzleModelConfig& config,
                                    std::span<const std::vector<float>> features) {
    const auto b = std::int64_t(puzzles.size());
    const int n = config.maxBoards;
    PuzzleBatch batch;
    batch.planes = torch::empty({b, n, encoding::kPuzzlePlanes, encoding::kPuzzleSquares}, torch::kFloat32);
    auto mask = torch::empty({b, n}, torch::kUInt8);
    float* planes = batch.planes.data_ptr<float>();
    std::uint8_t* m = mask.data_ptr<std::uint8_t>();
    for (std::int64_t i = 0; i < b; ++i) {
        const chess::Puzzle& p = *puzzles[std::size_t(i)];
        auto pos = chess::Position::fromFen(p.fen);
        if (!pos.ok()) return makeError(ErrorCode::InvalidInput, "puzzle " + p.id + ": " + pos.error().message);
        auto r = encoding::encodePuzzleInto(pos.value(), p.moves, n, planes + i * n * encoding::kPuzzleBoardFloats,
                                            m + i * n);
        if (!r.ok()) return makeError(ErrorCode::InvalidInput, "puzzle " + p.id + ": " + r.error().message);
    }
    batch.mask = mask.to(torch::kBool);
    if (config.humanFeatures > 0) {
        if (features.size() != puzzles.size())
            return makeError(ErrorCode::InvalidInput, "human features: got " + std::to_string(features.size()) +
                                                          " rows for " + std::to_string(puzzles.size()) + " puzzles");
        batch.features = torch::empty({b, config.humanFeatures}, torch::kFloat32);
        float* f = batch.features.data_ptr<float>();
        for (std::int64_t i = 0; i < b; ++i) {
            const auto& row = features[std::size_t(i)];
            // The model reads the first humanFeatures values (an engine stage may read more after them).
            if (int(row.size()) < config.humanFeatures)
                return makeError(ErrorCode::InvalidInput, "human features of puzzle " + puzzles[std::size_t(i)]->id +
                                                              ": expected " + std::to_string(config.humanFeatures) +
                                                              " values");
            std::copy(row.begin(), row.begin() + config.humanFeatures, f + i * config.humanFeatures);
        }
    }
    return batch;
}

void writePuzzleMeta(torch::serialize::OutputArchive& a, const PuzzleModelMeta& meta) {
    a.write("puzzle.meta.rating_mean", c10::IValue(meta.ratingMean));
    a.write("puzzle.meta.rating_std", c10::IValue(meta.ratingStd));
    a.write("puzzle.meta.baseline_mean", c10::IValue(meta.baselineMean));
    std::ostringstream s;
    for (const auto& [len, mean] : meta.baselineByLength) s << len << ":" << mean << " ";
    a.write("puzzle.meta.baseline_by_length", c10::IValue(s.str()));
    a.write("puzzle.meta.steps", c10::IValue(meta.steps));
    a.write("puzzle.meta.samples", c10::IValue(meta.samples));
    a.write("puzzle.meta.wall_seconds", c10::IValue(meta.wallSeconds));
}

Result<PuzzleModelMeta> readPuzzleMeta(torch::serialize::InputArchive& a) {
    PuzzleModelMeta meta;
    c10::IValue v;
    auto readDouble = [&](const char* key, double& out) -> bool {
        if (!a.try_read(key, v) || !v.isDouble()) return false;
        out = v.toDouble();
        return true;
    };
    if (!readDouble("puzzle.meta.rating_mean", meta.ratingMean) ||
        !readDouble("puzzle.meta.rating_std", meta.ratingStd))
        return makeError(ErrorCode::InvalidInput, "puzzle checkpoint has no rating normalisation (puzzle.meta.*)");
    readDouble("puzzle.meta.baseline_mean", meta.baselineMean);
    readDouble("puzzle.meta.wall_seconds", meta.wallSeconds);
    if (a.try_read("puzzle.meta.baseline_by_length", v) && v.isString()) {
        std::istringstream in(v.toStringRef());
        std::string tok;
        while (in >> tok) {
            const auto colon = tok.find(':');
            if (colon == std::string::npos) continue;
            meta.baselineByLength[std::stoi(tok.substr(0, colon))] = std::stod(tok.substr(colon + 1));
        }
    }
    if (a.try_read("puzzle.meta.steps", v) && v.isInt()) meta.steps = v.toInt();
    if (a.try_read("puzzle.meta.samples", v) && v.isInt()) meta.samples = v.toInt();
    return meta;
}

}  // namespace kibitz::models
