// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Puzzle-rating metrics (GlickFormer's seed 000 protocol, V-C) and the held-out split. Plain C++.

#include "core/chess/puzzle_csv.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::evaluation {

/// 64-bit FNV-1a of the bytes of `text` (offset basis 14695981039346656037, prime 1099511628211).
std::uint64_t fnv1a64(std::string_view text);

/// The puzzle split used by training and `eval puzzle`: a puzzle is held out iff fnv1a64(PuzzleId) % 20 == 0
/// (5% of puzzles). Deterministic, independent of file order.
inline constexpr int kHeldOutModulus = 20;
bool isHeldOutPuzzle(std::string_view puzzleId);

/// Aggregates of one group of puzzles.
struct PuzzleScore {
    std::int64_t count = 0;
    double mae = 0.0;         ///< mean |r - r_hat|
    double rmse = 0.0;        ///< sqrt(mean (r - r_hat)^2)
    double maz = 0.0;         ///< mean |r - r_hat| / RD
    double withinRd[3] = {};  ///< fraction with |r - r_hat| <= k * RD, k = 1, 2, 3
    double meanPrediction = 0.0;
};

/// One model's answer for one puzzle, beyond the rating: its uncertainty and the human model's solve curve.
struct RatedPuzzle {
    double rating = 0.0;
    double sigma = 0.0;              ///< predicted standard deviation; 0 when the model gives none
    std::vector<double> humanCurve;  ///< P(solve) at kSolveEloLevels from the human model alone; empty when none
    bool engineStage = false;        ///< the model's engine stage corrected this rating
};

/// The rating band of a Lichess rating for the by-band report: "<1000", "1000-1399", "1400-1799", "1800-2199",
/// "2200-2599", "2600+".
std::string puzzleRatingBand(int rating);

/// How honest the uncertainty and the solve curves are.
struct PuzzleCalibration {
    std::int64_t withSigma = 0;
    double withinSigma[2] = {};  ///< share with |rating - predicted| <= k * sigma, k = 1, 2 (target 0.62-0.74 for 1)
    double meanSigma = 0.0;
    /// The shipped solve curve (ratingSolveCurve of the prediction and sigma): share of puzzles whose curve never
    /// falls, and the mean distance of its 50% point from the predicted rating and from the Lichess rating.
    double solveMonotone = 0.0;
    double solveMidpointMae = 0.0;
    double solveMidpointMaeTrue = 0.0;
    /// The same for the human model's own curve (product of the solver moves' probabilities), when given.
    std::int64_t withHumanCurve = 0;
    double humanMonotone = 0.0;
    double humanMidpointMae = 0.0;
    double humanMidpointMaeTrue = 0.0;
};

/// Accumulates predictions against Lichess ratings, overall and by solution length (solver moves).
class PuzzleMetrics {
public:
    /// `rd` <= 0 is treated as 1 so MAZ stays finite.
    void add(double rating, double rd, double predicted, int solutionLength);
    /// add() for a puzzle, also by each of its themes and by its rating band (puzzleRatingBand).
    void add(const chess::Puzzle& puzzle, double predicted);
    /// Also scores the sigma and the solve curves of a prediction (the rating itself goes through add()).
    void addCalibration(double rating, const RatedPuzzle& prediction);
    PuzzleCalibration calibration() const;
    void merge(const PuzzleMetrics& other);
    PuzzleScore overall() const { return score(m_all); }
    /// Scores per solution length, ascending.
    std::map<int, PuzzleScore> byLength() const;
    /// Scores per Lichess theme and per rating band (only puzzles added with add(puzzle, predicted)).
    std::map<std::string, PuzzleScore> byTheme() const;
    std::map<std::string, PuzzleScore> byBand() const;
    std::int64_t count() const { return m_all.n; }
    /// {"puzzles":N,"mae":..,"rmse":..,"maz":..,"within_rd":{"1":..,"2":..,"3":..},"mean_prediction":..,
    ///  "by_length":{"1":{same fields},...}, "by_band":{"<1000":{..},...}, "by_theme":{"mateIn1":{..},...}},
    ///  "engine_stage" (share of puzzles the engine stage rated) when any was, and when calibration was scored:
    ///  "sigma":{"puzzles":N,"within_1":.., "within_2":..,"mean":..}, "solve_monotone", "solve_midpoint_mae",
    ///  "solve_midpoint_mae_true" and
    ///  "solve_curve_human":{"puzzles":N,"monotone":..,"midpoint_mae":..,"midpoint_mae_true":..}.
    std::string toJson() const;
    /// One line: "N puzzles  MAE 301.2  RMSE 390.0  MAZ 3.41  within 1/2/3 RD 20.1/38.0/52.3%".
    std::string summary() const;

private:
    struct Sums {
        std::int64_t n = 0;
        double absErr = 0, sqErr = 0, z = 0, pred = 0;
        std::int64_t within[3] = {};
        void add(double err, double rd, double pred);
        void merge(const Sums& o);
    };
    static PuzzleScore score(const Sums& s);
    static std::string scoreJson(const PuzzleScore& s);
    Sums m_all;
    std::map<int, Sums> m_byLength;
    std::map<std::string, Sums> m_byTheme;
    std::map<std::string, Sums> m_byBand;
    std::int64_t m_engineStage = 0;
    struct CalibrationSums {
        std::int64_t n = 0, within[2] = {}, monotone = 0, human = 0, humanMonotone = 0;
        double sigma = 0, midErr = 0, midErrTrue = 0, humanMidErr = 0, humanMidErrTrue = 0;
    } m_cal;
};

/// Baselines fitted on training ratings: predict the overall mean, or the mean of the puzzle's solution length
/// (falling back to the overall mean for lengths never seen).
class MeanBaselines {
public:
    void fit(double rating, int solutionLength);
    /// Sets the baselines directly (e.g. from a model's stored training statistics).
    void set(double mean, const std::map<int, double>& byLength);
    double predictMean() const;
    double predictByLength(int solutionLength) const;
    std::int64_t count() const { return m_n; }

private:
    std::int64_t m_n = 0;
    double m_sum = 0;
    std::map<int, std::pair<std::int64_t, double>> m_byLength;
};

/// Result of scoring a model on puzzle files, with both baselines (and optionally other models) on the same
/// puzzles.
struct PuzzleEvalReport {
    PuzzleMetrics model;
    PuzzleMetrics predictMean;
    PuzzleMetrics meanByLength;
    std::vector<PuzzleMetrics> compare;  ///< further models, in the order of the predictors after the first
    std::vector<std::string> labels;     ///< a label per model (primary first); may be empty
    std::int64_t skippedRows = 0;
    /// The model's metrics object plus "model" (its label, when set), "baselines":{"predict_mean":{..},
    /// "mean_by_length":{..}}, "compare":[{"model":label, metrics...}, ...] and "skipped_rows".
    std::string toJson() const;
};

/// Which puzzles of the files are scored.
struct PuzzleSelection {
    bool heldOutOnly = false;     ///< only those held out from training (isHeldOutPuzzle)
    std::int64_t maxPuzzles = 0;  ///< at most this many (<= 0: all)
    std::int64_t every = 1;       ///< every K-th of those that pass heldOutOnly (puzzle-features --every picks alike)
};

/// One rating per puzzle.
using PuzzleRatingFn = std::function<Result<std::vector<double>>(std::span<const chess::Puzzle>)>;
/// One rating, sigma and (optionally) human solve curve per puzzle.
using PuzzlePredictionFn = std::function<Result<std::vector<RatedPuzzle>>(std::span<const chess::Puzzle>)>;

/// Reads puzzles from `csvFiles` (only held-out ones when `heldOutOnly`), at most `maxPuzzles` (<= 0: all), in
/// batches of `batchSize`, and scores `predict` (one rating per puzzle) and the baselines against them.
/// Bad rows are counted and skipped. Stops with a Cancelled error when `cancel` is set.
Result<PuzzleEvalReport> evaluatePuzzleFiles(
    const std::vector<std::string>& csvFiles, bool heldOutOnly, std::int64_t maxPuzzles,
    const std::function<Result<std::vector<double>>(std::span<const chess::Puzzle>)>& predict,
    const MeanBaselines& baselines, const CancelToken& cancel, int batchSize = 256,
    const std::function<void(std::int64_t done)>& onProgress = {});

/// The same with several models side by side on the same puzzles: predictors[0] fills report.model, the others
/// report.compare (in order). At least one predictor.
Result<PuzzleEvalReport> evaluatePuzzleFilesCompare(const std::vector<std::string>& csvFiles, bool heldOutOnly,
                                                    std::int64_t maxPuzzles,
                                                    const std::vector<PuzzleRatingFn>& predictors,
                                                    const MeanBaselines& baselines, const CancelToken& cancel,
                                                    int batchSize = 256,
                                                    const std::function<void(std::int64_t done)>& onProgress = {});

/// evaluatePuzzleFilesCompare with sigmas and solve curves: every model's calibration is scored too.
Result<PuzzleEvalReport> evaluatePuzzleFilesDetailed(const std::vector<std::string>& csvFiles,
                                                     const PuzzleSelection& selection,
                                                     const std::vector<PuzzlePredictionFn>& predictors,
                                                     const MeanBaselines& baselines, const CancelToken& cancel,
                                                     int batchSize = 256,
                                                     const std::function<void(std::int64_t done)>& onProgress = {});

}  // namespace kibitz::evaluation
