// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/engine_rating_head.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

namespace kibitz::models {

std::vector<double> engineHeadTerms(double baseRating, std::span<const float> f) {
    const double b = baseRating / 1000.0;
    std::vector<double> x;
    x.reserve(std::size_t(EngineRatingHead::termCount(int(f.size()))));
    x.push_back(1.0);
    x.push_back(b);
    for (const float v : f) x.push_back(double(v));
    for (const float v : f) x.push_back(double(v) * double(v));
    x.push_back(b * b);
    for (const float v : f) x.push_back(b * double(v));
    return x;
}

namespace {

// The levels of logsolve4, and their indices in the P(solve) block (levels 800, 1000, ..., 2800; checked against
// evaluation::kSolveEloLevels in tst_engine_rating_head).
constexpr int kLogSolve4Elos[] = {1000, 1600, 2200, 2800};
constexpr std::size_t kLogSolve4Index[] = {1, 4, 7, 10};

}  // namespace

// Where the lowest and the first solver move's log-probabilities start in the solve features (after the 11
// P(solve), then 11 lowest).
constexpr std::size_t kLowestBlock = 11;
constexpr std::size_t kFirstBlock = 22;

namespace {

/// A set's two parts: the Kibitz model's (values 0, 4, 8 or 12) and the Maia nets' (0, 9, 27 or 29).
struct StageSetParts {
    int kibitz = 0;
    int maia = 0;
};

/// The value count of `name` among `table`'s (name, count) rows, or nothing.
std::optional<int> countOf(std::initializer_list<std::pair<const char*, int>> table, const std::string& name) {
    for (const auto& [n, count] : table)
        if (name == n) return count;
    return std::nullopt;
}

std::optional<StageSetParts> stageSetParts(const std::string& set) {
    const auto plus = set.find('+');
    const auto own = countOf(
        {{kHumanStageSetLogSolve4, 4}, {kHumanStageSetLogSolve4Min4, 8}, {kHumanStageSetLogSolve4Min4First4, 12}},
        set.substr(0, plus));
    if (!own) return std::nullopt;
    if (plus == std::string::npos) return StageSetParts{*own, 0};
    const auto maia =
        countOf({{kMaiaStagePart9, 9}, {kMaiaStagePart27, 27}, {kMaiaStagePart29, 29}}, set.substr(plus + 1));
    if (!maia) return std::nullopt;
    return StageSetParts{*own, *maia};
}

}  // namespace

bool humanStageUsesMaia(const std::string& set) {
    const auto parts = stageSetParts(set);
    return parts && parts->maia > 0;
}

std::size_t humanStageInputCount(const std::string& set) {
    return kSolveFeatureInputs + (humanStageUsesMaia(set) ? kMaiaFeatureInputs : 0);
}

std::string humanStageSetNames() {
    std::string out;
    for (const char* own : {kHumanStageSetLogSolve4, kHumanStageSetLogSolve4Min4, kHumanStageSetLogSolve4Min4First4})
        out += std::string(out.empty() ? "" : ", ") + own;
    for (const char* maia : {kMaiaStagePart9, kMaiaStagePart27, kMaiaStagePart29})
        out += std::string(", ") + kHumanStageSetLogSolve4Min4First4 + "+" + maia;
    return out;
}

int humanStageFeatureCount(const std::string& set) {
    const auto parts = stageSetParts(set);
    return parts ? parts->kibitz + parts->maia : 0;
}

std::vector<int> humanStageElos(const std::string& set) {
    if (humanStageFeatureCount(set) == 0) return {};
    return {std::begin(kLogSolve4Elos), std::end(kLogSolve4Elos)};
}

std::vector<float> humanStageFeatures(const std::string& set, std::span<const float> solve) {
    const auto parts = stageSetParts(set);
    if (!parts || solve.size() < humanStageInputCount(set)) return {};
    std::vector<float> out;
    for (std::size_t i : kLogSolve4Index) out.push_back(float(std::log(std::max(double(solve[i]), 1e-12)) / 10.0));
    if (parts->kibitz >= 8)
        for (std::size_t i : kLogSolve4Index) out.push_back(solve[kLowestBlock + i]);
    if (parts->kibitz >= 12)
        for (std::size_t i : kLogSolve4Index) out.push_back(solve[kFirstBlock + i]);
    // The Maia part: 9 P(solve), 9 lowest, 9 first, 2 top-move bands (evaluation::maiaSolveFeatures).
    const std::span<const float> maia = solve.subspan(kSolveFeatureInputs);
    for (int b = 0; b < parts->maia && b < 9; ++b)
        out.push_back(float(std::log(std::max(double(maia[std::size_t(b)]), 1e-12)) / 10.0));
    for (int j = 9; j < parts->maia; ++j) out.push_back(maia[std::size_t(j)]);
    return out;
}

std::vector<float> EngineRatingHead::inputs(std::span<const float> engineFeatures,
                                            std::span<const float> solveFeatures) const {
    std::vector<float> f(engineFeatures.begin(), engineFeatures.end());
    if (needsHuman()) {
        const std::vector<float> h = humanStageFeatures(human, solveFeatures);
        f.insert(f.end(), h.begin(), h.end());
    }
    return f;
}

double EngineRatingHead::rating(double baseRating, std::span<const float> engineFeatures,
                                std::span<const float> solveFeatures) const {
    const std::vector<float> in = inputs(engineFeatures, solveFeatures);
    const std::vector<double> x = engineHeadTerms(baseRating, in);
    double r = 0.0;
    const std::size_t n = std::min(x.size(), weights.size());
    for (std::size_t i = 0; i < n; ++i) r += weights[i] * x[i];
    if (!trees.empty()) r += trees.predict(treeInputs(baseRating, in));
    return r;
}

std::vector<float> treeInputs(double baseRating, std::span<const float> inputs) {
    std::vector<float> x;
    x.reserve(inputs.size() + 1);
    x.push_back(float(baseRating / 1000.0));
    x.insert(x.end(), inputs.begin(), inputs.end());
    return x;
}

std::string EngineRatingHead::toText() const {
    std::ostringstream o;
    char buf[48];
    o << "features=" << features << " k=" << featureCount << " depth=" << depth << " lines=" << lines;
    if (needsHuman()) o << " human=" << human;
    if (!maiaNets.empty()) o << " maia_nets=" << maiaNets;
    std::snprintf(buf, sizeof buf, "%.9g", sigmaScale);
    o << " sigma_scale=" << buf << " puzzles=" << fittedPuzzles;
    std::snprintf(buf, sizeof buf, "%.9g", ridge);
    o << " ridge=" << buf << " w=";
    for (std::size_t i = 0; i < weights.size(); ++i) {
        std::snprintf(buf, sizeof buf, "%.17g", weights[i]);
        o << (i ? "," : "") << buf;
    }
    if (fitMae > 0) {
        std::snprintf(buf, sizeof buf, "%.9g", fitMae);
        o << " fit_mae=" << buf;
    }
    if (!trees.empty()) o << " trees=" << trees.toText();
    return o.str();
}

namespace {

Error fieldError(const std::string& field, const std::string& what) {
    return makeError(ErrorCode::InvalidInput, "engine stage: field '" + field + "' " + what);
}

bool parseDouble(const std::string& s, double& out) {
    if (s.empty()) return false;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

bool parseInt(const std::string& s, std::int64_t& out) {
    if (s.empty()) return false;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}

}  // namespace

Result<EngineRatingHead> EngineRatingHead::fromText(const std::string& text) {
    std::map<std::string, std::string> kv;
    std::istringstream in(text);
    std::string tok;
    while (in >> tok) {
        const auto eq = tok.find('=');
        if (eq == std::string::npos || eq == 0)
            return makeError(ErrorCode::InvalidInput, "engine stage: '" + tok + "' is not key=value");
        kv[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
    EngineRatingHead h;
    auto need = [&](const char* key) -> const std::string* {
        auto it = kv.find(key);
        return it == kv.end() ? nullptr : &it->second;
    };
    const std::string* features = need("features");
    if (!features || features->empty()) return fieldError("features", "is missing");
    h.features = *features;
    std::int64_t iv = 0;
    for (const auto& [key, target, lo, hi] : {std::tuple<const char*, int*, int, int>{"k", &h.featureCount, 1, 1000},
                                              std::tuple<const char*, int*, int, int>{"depth", &h.depth, 1, 200},
                                              std::tuple<const char*, int*, int, int>{"lines", &h.lines, 1, 500}}) {
        const std::string* v = need(key);
        if (!v) return fieldError(key, "is missing");
        if (!parseInt(*v, iv) || iv < lo || iv > hi)
            return fieldError(
                key, "is '" + *v + "', not a whole number in " + std::to_string(lo) + ".." + std::to_string(hi));
        *target = int(iv);
    }
    if (const std::string* v = need("human")) {
        h.humanCount = humanStageFeatureCount(*v);
        if (h.humanCount == 0)
            return fieldError(
                "human", "is '" + *v + "', not a human feature set this build knows (" + humanStageSetNames() + ")");
        h.human = *v;
    }
    if (const std::string* v = need("maia_nets")) h.maiaNets = *v;
    if (humanStageUsesMaia(h.human) && h.maiaNets.empty())
        return fieldError("maia_nets", "is missing (the stage takes the Maia-1 nets' features)");
    const std::string* scale = need("sigma_scale");
    if (!scale) return fieldError("sigma_scale", "is missing");
    if (!parseDouble(*scale, h.sigmaScale) || h.sigmaScale <= 0)
        return fieldError("sigma_scale", "is '" + *scale + "', not a positive number");
    if (const std::string* v = need("puzzles")) {
        if (!parseInt(*v, iv) || iv < 0) return fieldError("puzzles", "is '" + *v + "', not a count");
        h.fittedPuzzles = iv;
    }
    if (const std::string* v = need("ridge"))
        if (!parseDouble(*v, h.ridge) || h.ridge < 0) return fieldError("ridge", "is '" + *v + "', not a number >= 0");
    const std::string* w = need("w");
    if (!w) return fieldError("w", "is missing");
    std::string item;
    std::istringstream ws(*w);
    while (std::getline(ws, item, ',')) {
        double d = 0;
        if (!parseDouble(item, d))
            return fieldError("w", "value " + std::to_string(h.weights.size() + 1) + " '" + item + "' is not a number");
        h.weights.push_back(d);
    }
    const int expected = termCount(h.inputCount());
    if (int(h.weights.size()) != expected)
        return fieldError("w", "has " + std::to_string(h.weights.size()) + " values, expected " +
                                   std::to_string(expected) + " for k=" + std::to_string(h.featureCount) +
                                   (h.needsHuman() ? " and human=" + h.human : std::string()));
    if (const std::string* v = need("fit_mae"))
        if (!parseDouble(*v, h.fitMae) || h.fitMae < 0)
            return fieldError("fit_mae", "is '" + *v + "', not a number >= 0");
    if (const std::string* v = need("trees")) {
        auto t = BoostedTrees::fromText(*v);
        if (!t.ok()) return fieldError("trees", t.error().message);
        if (t.value().inputCount != 1 + h.inputCount())
            return fieldError("trees", "take " + std::to_string(t.value().inputCount) + " inputs, expected " +
                                           std::to_string(1 + h.inputCount()));
        h.trees = std::move(t).value();
    }
    return h;
}

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

}  // namespace kibitz::models
