// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What `eval human` reports: the move metrics of a human-move model on games (under the conditioning asked for, under
// Maia's protocol, the value head's calibration, the rating sensitivity and the rating-guidance scan) and its puzzle
// solving. Plain data with its two renderings, the text the command prints and its --json object; the runs that fill
// it are in human_eval.h.

#include "core/common/json_writer.h"
#include "core/evaluation/puzzle_solving.h"
#include "core/training/move_metrics.h"
#include "core/training/value_metrics.h"

#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// The games part of the report.
struct GameEvalReport {
    std::string conditioning;  ///< ConditioningProbe::describe() of the probe asked for ("as recorded", ...)
    MoveMetrics moves;         ///< under that probe
    MoveMetrics maiaProtocol;  ///< the same probe on Maia's test positions (inMaiaProtocol)
    /// A model with a value head: its calibration against the results, beside the fitted baselines.
    struct Value {
        ValueMetrics metrics;
        std::string eloBaseline;     ///< the Elo baseline's fit
        std::string engineBaseline;  ///< the engine baseline's fit, empty without annotated training games
    };
    std::optional<Value> value;
    /// --sensitivity: the same positions with the ratings hidden, with the mover told `away` points off, and with both
    /// players told that far off.
    struct Sensitivity {
        int away = 600;
        MoveMetrics hidden;
        MoveMetrics moverAway;
        MoveMetrics bothAway;
    };
    std::optional<Sensitivity> sensitivity;
    /// --guidance-scan: the overall metrics at each rating guidance weight.
    struct GuidancePoint {
        double guidance = 0.0;
        MoveMetrics::Bucket overall;
    };
    std::vector<GuidancePoint> guidanceScan;

    /// The lines `eval human` prints for the games, each ending in a newline.
    std::string toText() const;
    /// Adds the games' keys to the report's object: the moves' metrics (positions, top1, top3, nll, by_elo),
    /// conditioning, maia_protocol and, where present, value, rating_sensitivity and guidance_scan.
    void addJson(JsonValue& out) const;
};

/// The puzzle part: every solver move top-1 at each puzzle's rating.
struct PuzzleSolvingEvalReport {
    evaluation::PuzzleSolveReport solving;
    std::string theme;  ///< the --theme filter, empty when none

    std::string toText() const;
    /// {puzzles, solve_rate, advancement, by_rating: [{puzzles, solve_rate, advancement, rating_from}, ...][, theme]}
    JsonValue toJsonValue() const;
};

/// The whole report of one `eval human` run: games, puzzles or both.
struct HumanEvalReport {
    std::optional<GameEvalReport> games;
    std::optional<PuzzleSolvingEvalReport> puzzles;

    /// The games' text, then the puzzles'.
    std::string toText() const;
    /// One compact JSON object, keys sorted (as kibitz-cli has always printed it): {positions, top1, top3, nll,
    /// by_elo, conditioning, maia_protocol[, value][, rating_sensitivity][, guidance_scan][, puzzle_solving]}.
    std::string toJson() const;
};

}  // namespace kibitz::training
