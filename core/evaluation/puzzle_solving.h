// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How well the human-move model solves puzzles when asked to play at each puzzle's own rating: a puzzle is solved when
// the model's most likely move is the solution move at every solver turn; advancement is the share of solver moves
// found in order before the first miss. Models are reached only via Evaluator.

#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <cstdint>
#include <map>
#include <vector>

namespace kibitz::evaluation {

/// Totals for a set of puzzles.
struct PuzzleSolveStats {
    std::int64_t puzzles = 0;
    std::int64_t solved = 0;
    double advancementSum = 0.0;  ///< sum over puzzles of (solver moves found before the first miss) / (solver moves)
    double solveRate() const { return puzzles ? double(solved) / double(puzzles) : 0.0; }
    double advancement() const { return puzzles ? advancementSum / double(puzzles) : 0.0; }
    void add(bool isSolved, double advancementShare);
    void merge(const PuzzleSolveStats& other);
};

/// Overall and per 200-point puzzle-rating bucket (key: lower bound of the bucket).
struct PuzzleSolveReport {
    PuzzleSolveStats overall;
    std::map<int, PuzzleSolveStats> byRating;
};

/// Plays every solver move of each puzzle through `evaluator` with mover and opponent Elo set to the puzzle's
/// rating (clocks unknown). All solver positions of a puzzle go in one batched call.
Result<PuzzleSolveReport> evaluatePuzzleSolving(encoding::Evaluator& evaluator,
                                                const std::vector<chess::Puzzle>& puzzles);

}  // namespace kibitz::evaluation
