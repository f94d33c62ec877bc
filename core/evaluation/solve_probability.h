// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Human solve probabilities of a puzzle: for each rating level, the
// probability that a human of that level (mover and opponent Elo = level, clocks unknown) plays each solution
// move, and P(solve) = their product. Plain C++; the model is reached only through encoding::Evaluator.

#include "core/chess/position.h"
#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <array>
#include <span>
#include <vector>

namespace kibitz::evaluation {

/// Elo 800, 1000, ..., 2800.
inline constexpr std::array<int, 11> kSolveEloLevels{800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800};
/// Probabilities below this are floored before taking logs.
inline constexpr double kMinMoveProb = 1e-6;

/// A puzzle line in the Lichess convention: the position before the setup move, then setup, solver, reply, ...
struct PuzzleLine {
    chess::Position beforeSetup;
    std::vector<chess::Move> line;
};

/// Solve probabilities of one puzzle.
struct SolveCurve {
    std::vector<int> elos;                      ///< rating levels
    std::vector<std::vector<double>> moveProb;  ///< [level][solver move k] = P(plays line[2k+1])
    std::vector<double> solve;                  ///< [level] = product over k
    /// [level][solver move k] = the model's most likely move at that level is the solution (ties: the first).
    std::vector<std::vector<char>> moveTop;
    /// Index k of the solver move with the lowest probability at level `levelIndex` (the hard move).
    int hardestMove(std::size_t levelIndex) const;
    /// Index of the rating level `elo` in `elos`, or -1 when the curve has no such level.
    int levelOf(int elo) const;
    /// P(solve) at any rating: linear between the two levels around `elo`, the end level's value outside them
    /// (0 for an empty curve).
    double solveAt(double elo) const;
};

/// Number of features solveFeatures() returns: per level P(solve), the lowest log-probability of a solver move
/// and the log-probability of the first solver move (3 * 11).
inline constexpr int kSolveFeatureCount = 3 * int(kSolveEloLevels.size());
/// Features for the rating head, in the order described above; logs are natural logs of the floored
/// probabilities divided by 10 (so they stay within about [-1.4, 0]). Always kSolveFeatureCount values: a level of
/// kSolveEloLevels that the curve was not computed at gets NaN in its three places (see hasSolveLevels).
std::vector<float> solveFeatures(const SolveCurve& curve);
/// True when `features` (solveFeatures() layout) has values for every level in `elos` (levels outside
/// kSolveEloLevels are never there).
bool hasSolveLevels(std::span<const float> features, std::span<const int> elos = kSolveEloLevels);

/// The nine Maia-1 nets' bands (maia-1100.pb.gz ... maia-1900.pb.gz: players rated NNNN to NNNN + 99). A folder of
/// them read as one evaluator (models::Lc0BandEvaluator) uses a band's net alone at the band's centre, NNNN + 50.
inline constexpr std::array<int, 9> kMaiaBands{1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900};
/// The ratings a curve of the Maia features is computed at: each band's centre (1150, 1250, ..., 1950).
std::vector<int> maiaLevelElos();
/// Number of values maiaSolveFeatures() returns: per band P(solve), the lowest and the first solver move's
/// log-probability / 10 (3 * 9, in three blocks like solveFeatures), then the two "from which band it is the top
/// move" values: for the whole line (every solver move the net's most likely move) and for the first solver move,
/// each the index of the lowest band from which every higher band agrees, / 9 (0: all nine nets play it; 1: not
/// even the 1900 net does).
inline constexpr int kMaiaFeatureCount = 3 * int(kMaiaBands.size()) + 2;
/// The Maia features of a curve computed at maiaLevelElos() (InvalidInput-free: a curve at other levels gives NaN
/// where a band is missing).
std::vector<float> maiaSolveFeatures(const SolveCurve& curve);
/// True when `features` has kMaiaFeatureCount values and none is NaN.
bool hasMaiaFeatures(std::span<const float> features);

/// Solve curves for many puzzles. All (position, level) queries are sent through Evaluator::moveDistributions
/// in batches of at most `maxBatch`. Fails (InvalidInput naming the puzzle index and move) when a line has fewer
/// than two moves or an illegal move, and passes on evaluator errors.
Result<std::vector<SolveCurve>> computeSolveCurves(encoding::Evaluator& evaluator, std::span<const PuzzleLine> puzzles,
                                                   std::span<const int> elos = kSolveEloLevels, int maxBatch = 512);
/// One puzzle.
Result<SolveCurve> computeSolveCurve(encoding::Evaluator& evaluator, const PuzzleLine& puzzle,
                                     std::span<const int> elos = kSolveEloLevels);

/// The chance that a player rated `playerElo` solves a puzzle rated `rating` with uncertainty `sigma`: Glicko's
/// expected score of the player against the puzzle, E = 1 / (1 + 10^(-g(sigma) (playerElo - rating) / 400)) with g(s) =
/// 1 / sqrt(1 + 3 q^2 s^2 / pi^2), q = ln 10 / 400. Lichess rates puzzles as Glicko-2 games between player and puzzle,
/// so this is what a puzzle rating means; an uncertain rating (large sigma) gives a flatter curve. Rising in the
/// player's rating, 50% at the puzzle's rating.
double ratingSolveProbability(double playerElo, double rating, double sigma);
/// ratingSolveProbability at each level.
std::vector<double> ratingSolveCurve(double rating, double sigma, std::span<const int> elos = kSolveEloLevels);
/// The rating where a solve curve first reaches 50%, interpolated linearly between levels; the first level when it
/// starts at or above 50%, the last when it never reaches it. `elos` and `p` have the same size (>= 1).
double solveMidpoint(std::span<const int> elos, std::span<const double> p);
/// True when the curve never falls as the rating rises (a drop below 1e-9 counts as flat).
bool isNonDecreasing(std::span<const double> p);

/// The line of a CSV puzzle (FEN before the setup move, setup + solution). InvalidInput names the puzzle id.
Result<PuzzleLine> puzzleLineOf(const chess::Puzzle& puzzle);
/// solveFeatures() of each puzzle at the levels `elos` (default: all of kSolveEloLevels; a subset costs that
/// share of the model runs and leaves the other levels NaN) in one computeSolveCurves call, so the evaluator sees
/// full batches. Errors name the puzzle id.
Result<std::vector<std::vector<float>>> computeSolveFeatures(encoding::Evaluator& evaluator,
                                                             std::span<const chess::Puzzle> puzzles, int maxBatch = 512,
                                                             std::span<const int> elos = kSolveEloLevels);
/// maiaSolveFeatures() of each puzzle, `evaluator` being the folder of the nine Maia-1 nets (one
/// computeSolveCurves call at maiaLevelElos()). Errors name the puzzle id.
Result<std::vector<std::vector<float>>> computeMaiaSolveFeatures(encoding::Evaluator& evaluator,
                                                                 std::span<const chess::Puzzle> puzzles,
                                                                 int maxBatch = 512);

}  // namespace kibitz::evaluation
