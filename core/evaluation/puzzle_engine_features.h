// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Engine features of a puzzle: what a multi-PV search says about each solver move, and what the
// move is (quiet, capture, check, sacrifice). Computed once per puzzle and cached (SolveFeatureCache, keyed by the
// engine, depth and line count), for training, evaluation and the GUI alike. Engines only through PositionAnalyser.

#include "core/chess/puzzle_csv.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/evaluation/engine_analyser.h"

#include <string>
#include <vector>

namespace kibitz::evaluation {

/// Lines of the multi-PV search per solver position.
inline constexpr int kEngineFeatureLines = 4;
/// Default search depth (the GUI rates a custom puzzle in well under a second at this depth).
inline constexpr int kEngineFeatureDepth = 10;

/// What the engine and the board say about one solver move.
struct SolverMoveFacts {
    int bestCp = 0;      ///< the best line's score for the solver (scoreToCp: mates as +-kMateCp - n)
    int secondCp = 0;    ///< the second line's score; bestCp when the position has one legal move
    int solutionCp = 0;  ///< the solution move's score when it is among the lines, else the lowest line's
    int solutionRank =
        0;  ///< 0: the engine's best (or scored as well); k: the (k+1)-th line; kEngineFeatureLines: not listed
    int keepers = 0;          ///< lines that keep the advantage (see keepsAdvantage)
    int lines = 0;            ///< lines the engine gave (fewer when there are fewer legal moves)
    int legalMoves = 0;       ///< legal moves of the solver
    int stableFromDepth = 0;  ///< depth from which the engine's best move stayed best (0: unknown)
    int searchDepth = 0;      ///< the depth of the best line
    bool capture = false;
    bool check = false;
    bool promotion = false;
    /// Material the solver has given up for the attack: after this move, the opponent's reply and the solver's next
    /// move in the solution line (or its end), the solver's material balance (1/3/3/5/9) is 2 or more below the
    /// balance of the puzzle's start. An exchange in progress is complete by then and does not count.
    bool sacrifice = false;
    bool quiet() const { return !capture && !check && !promotion; }
};

/// The facts of every solver move of a puzzle, in order.
struct PuzzleEngineFacts {
    std::vector<SolverMoveFacts> moves;
};

/// A line keeps the advantage when its score is at least 150 centipawns for the solver, or, where even the best
/// line is below that, when it is within 50 of the best line.
bool keepsAdvantage(int lineCp, int bestCp);

/// Facts of one puzzle from a `lines`-line search of each solver position (the solution line needs at least two
/// moves: setup and first solver move). Errors: InvalidInput for a bad line, Cancelled, or the analyser's error.
Result<PuzzleEngineFacts> analysePuzzleWithEngine(PositionAnalyser& analyser, const chess::Puzzle& puzzle,
                                                  const CancelToken& cancel, int lines = kEngineFeatureLines);

/// The version of the feature definitions and of how they are searched (part of the cache key and of a model's
/// engine stage).
inline constexpr const char* kEngineFeatureSet = "v2";

/// Number of values engineFeatures() returns.
inline constexpr int kEngineFeatureCount = 14;
/// The features, all within [0, 1] (or [-1, 1] for the squashed score):
///  0-6  first solver move: best-minus-second gap (centipawns / 1000, capped at 1), share of lines that keep the
///       advantage, solution is the engine's best, depth from which it is stably best (/ depth, 1 when not best),
///       quiet, check, sacrifice;
///  7-12 all solver moves: smallest gap, mean share of keepers, share of quiet moves, any sacrifice, share where the
///       solution is not the engine's best, solver moves (/ 5, capped at 1);
///  13   tanh(best score of the first position / 600).
std::vector<float> engineFeatures(const PuzzleEngineFacts& facts);
/// The names of the features, in order (for the CSV output and the README table).
const std::vector<std::string>& engineFeatureNames();

/// The options of the analysers the features are computed with (the CLI's puzzle-features and the app's rating alike):
/// `program` searching to depth `depth` with one thread and a 16 MB hash, cleared before every search (features v2).
UciAnalyserOptions engineFeatureAnalyserOptions(QString program, int depth);

/// The identity of the features an analyser gives, for the cache key: "engine=<describe()> lines=L features=v2"
/// (v2: each position searched with a cleared hash, UciAnalyserOptions::freshSearch, which the analyser must have;
/// v1 carried the hash from one puzzle to the next, so a feature depended on the order of the puzzles).
/// Runs one search of the start position first, so that describe() names the engine (its `id name`) rather than
/// the program's path: features of another engine version or depth are another cache.
Result<std::string> engineFeatureKey(PositionAnalyser& analyser, const CancelToken& cancel,
                                     int lines = kEngineFeatureLines);

}  // namespace kibitz::evaluation
