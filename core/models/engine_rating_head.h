// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine stage of the puzzle-rating model: a small regression that corrects the GlickFormer's
// rating with what a multi-PV engine search says about the solver moves (evaluation::engineFeatures). The
// GlickFormer sees only the boards; the gap between the best and second-best move and the depth at which the
// solution is found carry difficulty it misses. Torch-free and Qt-free: the weights live in the bundle's manifest
// as text, the fit is a few lines of linear algebra.
//
// Form: rating = w . x(b, f), with b = the GlickFormer's rating / 1000 and f the engine features, and
// x = [1, b, f_1..f_k, f_1^2..f_k^2, b^2, b f_1..b f_k] (quadratic terms, so a gap matters more where the board
// model already expects a hard puzzle). Fitted by least absolute deviations (iteratively reweighted ridge), since
// the metric users read is the mean absolute error. sigma = sigmaScale * the GlickFormer's sigma, with the scale
// chosen so that 68.3% of the fitting puzzles lie within one sigma (a normal error's share).
//
// Optionally, boosted trees (core/models/boosted_trees.h, absolute-error loss) fitted to what the quadratic leaves
// over, on the inputs [b, f]: they follow interactions of the features that a quadratic cannot (a small gap means
// more when the human model also rarely completes the line). Their sigma scale comes from out-of-fold residuals
// (5 folds), since trees fit their own training puzzles more closely than new ones.

#include "core/common/result.h"
#include "core/models/boosted_trees.h"

#include <optional>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kibitz::models {

/// The human solve features the stage can take besides the engine's, chosen from the 33 of
/// evaluation::solveFeatures() ([P(solve) at Elo 800, 1000, ..., 2800], then the lowest and the first solver move's
/// log-probabilities / 10 at the same levels). "logsolve4": ln P(solve) / 10 at Elo 1000, 1600, 2200 and 2800
/// (P floored at 1e-12).
inline constexpr const char* kHumanStageSetLogSolve4 = "logsolve4";
/// "logsolve4min4": logsolve4, then the lowest solver move's log-probability / 10 at the same 4 levels (the hard move
/// on its own, which P(solve) mixes with the easy ones).
inline constexpr const char* kHumanStageSetLogSolve4Min4 = "logsolve4min4";
/// "logsolve4min4first4": logsolve4min4, then the first solver move's log-probability / 10 at the same 4 levels (the
/// move the solver must find with no line to follow yet). Read from the same model runs as the others.
inline constexpr const char* kHumanStageSetLogSolve4Min4First4 = "logsolve4min4first4";
/// Length of the solve-feature vector the sets read (evaluation::kSolveFeatureCount; checked in tests).
inline constexpr std::size_t kSolveFeatureInputs = 33;
/// Length of the Maia-1 feature vector (evaluation::kMaiaFeatureCount; checked in tests), which a set with a Maia
/// part reads after the kSolveFeatureInputs values of Kibitz's own human model.
inline constexpr std::size_t kMaiaFeatureInputs = 29;
/// A set may add a part from the nine Maia-1 nets after a '+': "+maia9": ln P(solve) / 10 at each of the
/// nine bands (P floored at 1e-12); "+maia27": also the lowest and the first solver move's log-probability / 10 at
/// each band; "+maia29": also the two "from which band the solution is the top move" values (line, first move).
/// E.g. "logsolve4min4first4+maia27".
inline constexpr const char* kMaiaStagePart9 = "maia9";
inline constexpr const char* kMaiaStagePart27 = "maia27";
inline constexpr const char* kMaiaStagePart29 = "maia29";
/// True when `set` has a Maia part (its features are then kSolveFeatureInputs + kMaiaFeatureInputs values).
bool humanStageUsesMaia(const std::string& set);
/// Length of the feature vector `set` reads: kSolveFeatureInputs, plus kMaiaFeatureInputs with a Maia part.
std::size_t humanStageInputCount(const std::string& set);
/// The names this build knows, for error messages ("logsolve4, ..., logsolve4min4first4+maia29").
std::string humanStageSetNames();
/// Number of values of a human stage set; 0 for an unknown name.
int humanStageFeatureCount(const std::string& set);
/// The rating levels (Elo) whose solve features `set` reads: a feature source need compute only these. Empty for an
/// unknown name.
std::vector<int> humanStageElos(const std::string& set);
/// The values of `set` from a puzzle's humanStageInputCount(set) features (fewer: an empty vector).
std::vector<float> humanStageFeatures(const std::string& set, std::span<const float> solveFeatures);

struct EngineRatingHead {
    std::string features;  ///< the engine feature set (evaluation::kEngineFeatureSet); empty: no engine stage
    int featureCount = 0;  ///< k: engine features
    /// The human solve-feature set (kHumanStageSetLogSolve4) whose values follow the engine features in the terms;
    /// empty: none. A stage with one needs the human-move model recorded in the puzzle model's meta.
    std::string human;
    int humanCount = 0;  ///< values of that set (0 without one)
    /// With a Maia part: the first 16 hex of the nine nets' digest (jobs::HumanModelIdentity of their folder), so a
    /// stage is never fed other nets' probabilities.
    std::string maiaNets;
    int depth = 0;                ///< search depth the features were computed at
    int lines = 0;                ///< multi-PV lines of that search
    std::vector<double> weights;  ///< termCount(inputCount()) values, in the order of the terms above
    double sigmaScale = 1.0;
    std::int64_t fittedPuzzles = 0;  ///< puzzles of the training split the stage was fitted on
    double ridge = 0.0;              ///< the ridge penalty of the fit (per puzzle, on every term but the constant)
    /// Correction added to the quadratic's rating; empty: none. Its inputs: b, then inputs() (1 + inputCount()).
    BoostedTrees trees;
    /// Mean absolute error on the fitting puzzles: in-sample for the quadratic alone, out of fold (5 folds) with
    /// trees; what a new puzzle of the same kind should see. 0: not recorded.
    double fitMae = 0.0;

    bool empty() const { return features.empty(); }
    /// Number of weights for k features.
    static int termCount(int k) { return 2 + 3 * k + 1; }
    /// All the values the terms are built from: engine features, then human ones.
    int inputCount() const { return featureCount + humanCount; }
    bool needsHuman() const { return humanCount > 0; }
    /// The corrected rating from the GlickFormer's rating, the engine features (featureCount values) and, for a
    /// stage with a human set, the puzzle's 33 solve features (evaluation::solveFeatures).
    double rating(double baseRating, std::span<const float> engineFeatures,
                  std::span<const float> solveFeatures = {}) const;
    /// The stage's input vector: engine features, then the human set's values.
    std::vector<float> inputs(std::span<const float> engineFeatures, std::span<const float> solveFeatures) const;
    double sigma(double baseSigma) const { return baseSigma * sigmaScale; }

    /// One line of key=value fields: "features=v2 k=14 depth=10 lines=4 sigma_scale=1.02 puzzles=6000 ridge=0.0001
    /// w=0.1,0.2,..." (plus "human=logsolve4" for a stage with human features; w then has termCount(k + 4)
    /// values; plus "trees=..." (BoostedTrees::toText) for a stage with trees, "fit_mae=..." when recorded). fromText
    /// checks every field and names the one that is missing or wrong.
    std::string toText() const;
    static Result<EngineRatingHead> fromText(const std::string& text);
};

/// The inputs of the stage's trees: b (thousands of rating points), then the stage's inputs (engine, human).
std::vector<float> treeInputs(double baseRating, std::span<const float> inputs);
/// The terms x(b, f) of the head for one puzzle (b in thousands of rating points).
std::vector<double> engineHeadTerms(double baseRating, std::span<const float> engineFeatures);

}  // namespace kibitz::models
