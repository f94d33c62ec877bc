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

}  // namespace kibitz::models
