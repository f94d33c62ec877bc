// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting the puzzle engine stage (models::EngineRatingHead): an iteratively reweighted ridge for least absolute
// deviations over the stage's quadratic terms, then boosted trees on what it leaves over, and the sigma scale.
#include "core/training/puzzle_stage_fit.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

namespace kibitz::training {

using models::engineHeadTerms;
using models::EngineRatingHead;
using models::humanStageFeatureCount;
using models::humanStageFeatures;
using models::humanStageInputCount;
using models::treeInputs;

namespace {

/// Solves A x = b (A symmetric positive definite after the ridge) by Gaussian elimination with partial pivoting.
bool solveLinear(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>& x) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t piv = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[piv][c])) piv = r;
        if (std::abs(a[piv][c]) < 1e-300) return false;
        std::swap(a[c], a[piv]);
        std::swap(b[c], b[piv]);
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            if (f == 0.0) continue;
            for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    x.assign(n, 0.0);
    for (std::size_t i = n; i-- > 0;) {
        double s = b[i];
        for (std::size_t k = i + 1; k < n; ++k) s -= a[i][k] * x[k];
        x[i] = s / a[i][i];
    }
    return true;
}

}  // namespace

/// Folds of the out-of-fold errors the stage's trees are measured on.
constexpr std::size_t kStageFolds = 5;

bool engineStageFitsOutOfFold(std::size_t puzzles, const BoostOptions& boost) {
    return puzzles >= 2 * kStageFolds * std::size_t(std::max(1, boost.minLeafSamples));
}

Result<EngineRatingHead> fitEngineRatingHead(std::span<const double> baseRatings, std::span<const double> baseSigmas,
                                             const std::vector<std::vector<float>>& features,
                                             std::span<const double> ratings, const std::string& featureSet, int depth,
                                             int lines, double ridge, int iterations, const std::string& humanSet,
                                             std::span<const std::vector<float>> solveFeatures,
                                             const std::optional<BoostOptions>& boost) {
    const std::size_t n = ratings.size();
    if (baseRatings.size() != n || baseSigmas.size() != n || features.size() != n)
        return makeError(ErrorCode::InvalidInput,
                         "engine stage fit: ratings, predictions, sigmas and features differ "
                         "in number");
    const int humanCount = humanSet.empty() ? 0 : humanStageFeatureCount(humanSet);
    if (!humanSet.empty() && humanCount == 0)
        return makeError(ErrorCode::InvalidInput, "engine stage fit: unknown human feature set '" + humanSet + "'");
    if (humanCount > 0 && solveFeatures.size() != n)
        return makeError(ErrorCode::InvalidInput, "engine stage fit: " + std::to_string(solveFeatures.size()) +
                                                      " puzzles have solve features, expected " + std::to_string(n));
    if (n == 0 || features.front().empty())
        return makeError(ErrorCode::InvalidInput, "engine stage fit: no puzzles or no features");
    const std::size_t k = features.front().size();
    for (std::size_t i = 0; i < n; ++i)
        if (features[i].size() != k)
            return makeError(ErrorCode::InvalidInput, "engine stage fit: puzzle " + std::to_string(i + 1) + " has " +
                                                          std::to_string(features[i].size()) + " features, not " +
                                                          std::to_string(k));
    EngineRatingHead h;
    h.features = featureSet;
    h.featureCount = int(k);
    h.human = humanCount > 0 ? humanSet : std::string();
    h.humanCount = humanCount;
    std::vector<std::vector<float>> inputs(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (humanCount > 0 && solveFeatures[i].size() < humanStageInputCount(humanSet))
            return makeError(ErrorCode::InvalidInput, "engine stage fit: puzzle " + std::to_string(i + 1) + " has " +
                                                          std::to_string(solveFeatures[i].size()) +
                                                          " solve features, not " +
                                                          std::to_string(humanStageInputCount(humanSet)));
        inputs[i] =
            h.inputs(features[i], humanCount > 0 ? std::span<const float>(solveFeatures[i]) : std::span<const float>());
    }
    const std::size_t d = std::size_t(EngineRatingHead::termCount(h.inputCount()));
    if (n < 2 * d)
        return makeError(ErrorCode::InvalidInput, "engine stage fit: " + std::to_string(n) +
                                                      " puzzles are too few for " + std::to_string(d) + " terms");
    std::vector<std::vector<double>> xs(n);
    for (std::size_t i = 0; i < n; ++i) xs[i] = engineHeadTerms(baseRatings[i], inputs[i]);
    std::vector<double> weights(n, 1.0), w, predicted(n, 0.0);
    for (int it = 0; it < std::max(1, iterations); ++it) {
        std::vector<std::vector<double>> a(d, std::vector<double>(d, 0.0));
        std::vector<double> b(d, 0.0);
        double weightSum = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double q = weights[i];
            weightSum += q;
            const std::vector<double>& x = xs[i];
            for (std::size_t r = 0; r < d; ++r) {
                const double qx = q * x[r];
                b[r] += qx * ratings[i];
                for (std::size_t c = r; c < d; ++c) a[r][c] += qx * x[c];
            }
        }
        for (std::size_t r = 0; r < d; ++r)
            for (std::size_t c = 0; c < r; ++c) a[r][c] = a[c][r];
        for (std::size_t r = 1; r < d; ++r) a[r][r] += ridge * weightSum;
        if (!solveLinear(a, b, w))
            return makeError(ErrorCode::Runtime, "engine stage fit: the normal equations are singular");
        for (std::size_t i = 0; i < n; ++i) {
            double p = 0.0;
            for (std::size_t r = 0; r < d; ++r) p += w[r] * xs[i][r];
            predicted[i] = p;
            weights[i] = 1.0 / std::max(30.0, std::abs(p - ratings[i]));
        }
    }
    h.depth = depth;
    h.lines = lines;
    h.weights = w;
    h.fittedPuzzles = std::int64_t(n);
    h.ridge = ridge;
    // Errors the sigma scale is measured on: in-sample for the quadratic alone (it does not overfit: 57 terms on
    // thousands of puzzles), out-of-fold for the trees.
    std::vector<double> error(n);
    for (std::size_t i = 0; i < n; ++i) error[i] = ratings[i] - predicted[i];
    if (boost && boost->trees > 0) {
        std::vector<std::vector<float>> tx(n);
        for (std::size_t i = 0; i < n; ++i) tx[i] = treeInputs(baseRatings[i], inputs[i]);
        std::vector<double> outOfFold(n, 0.0);
        const bool folds = engineStageFitsOutOfFold(n, *boost);
        if (folds) {
            for (std::size_t fold = 0; fold < kStageFolds; ++fold) {
                std::vector<std::vector<float>> fx;
                std::vector<double> fy;
                for (std::size_t i = 0; i < n; ++i)
                    if (i % kStageFolds != fold) {
                        fx.push_back(tx[i]);
                        fy.push_back(error[i]);
                    }
                auto t = fitBoostedTreesLad(fx, fy, *boost);
                if (!t.ok()) return makeError(t.error().code, "engine stage fit: " + t.error().message);
                for (std::size_t i = fold; i < n; i += kStageFolds) outOfFold[i] = error[i] - t.value().predict(tx[i]);
            }
        }
        auto t = fitBoostedTreesLad(tx, error, *boost);
        if (!t.ok()) return makeError(t.error().code, "engine stage fit: " + t.error().message);
        h.trees = std::move(t).value();
        if (!folds)  // too few puzzles for folds: the errors of the whole fit on its own puzzles
            for (std::size_t i = 0; i < n; ++i) outOfFold[i] = error[i] - h.trees.predict(tx[i]);
        error = std::move(outOfFold);
    }
    double absSum = 0.0;
    for (const double e : error) absSum += std::abs(e);
    h.fitMae = absSum / double(n);
    // The sigma scale: the 68.27% quantile of |error| / sigma, so one sigma holds a normal error's share.
    std::vector<double> z;
    z.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        if (baseSigmas[i] > 0) z.push_back(std::abs(error[i]) / baseSigmas[i]);
    if (!z.empty()) {
        const std::size_t at = std::min(z.size() - 1, std::size_t(0.6827 * double(z.size())));
        std::nth_element(z.begin(), z.begin() + std::ptrdiff_t(at), z.end());
        if (z[at] > 0) h.sigmaScale = z[at];
    }
    return h;
}

}  // namespace kibitz::training
