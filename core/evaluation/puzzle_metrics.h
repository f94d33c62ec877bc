// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Puzzle-rating metrics (seed 000, V-C; DESIGN.md section 4) and the held-out split. Plain C++.

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

/// Accumulates predictions against Lichess ratings, overall and by solution length (solver moves).
class PuzzleMetrics {
public:
    /// `rd` <= 0 is treated as 1 so MAZ stays finite.
    void add(double rating, double rd, double predicted, int solutionLength);
    void merge(const PuzzleMetrics& other);
    PuzzleScore overall() const { return score(m_all); }
    /// Scores per solution length, ascending.
    std::map<int, PuzzleScore> byLength() const;
    std::int64_t count() const { return m_all.n; }
    /// {"puzzles":N,"mae":..,"rmse":..,"maz":..,"within_rd":{"1":..,"2":..,"3":..},"mean_prediction":..,
    ///  "by_length":{"1":{same fields},...}}
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

/// One rating per puzzle.
using PuzzleRatingFn = std::function<Result<std::vector<double>>(std::span<const chess::Puzzle>)>;

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

}  // namespace kibitz::evaluation
