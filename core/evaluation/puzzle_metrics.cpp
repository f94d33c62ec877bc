// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/puzzle_metrics.h"

#include "core/evaluation/solve_probability.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace kibitz::evaluation {

std::uint64_t fnv1a64(std::string_view text) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

bool isHeldOutPuzzle(std::string_view puzzleId) { return fnv1a64(puzzleId) % kHeldOutModulus == 0; }

void PuzzleMetrics::Sums::add(double err, double rd, double prediction) {
    const double a = std::abs(err);
    ++n;
    absErr += a;
    sqErr += err * err;
    z += a / rd;
    pred += prediction;
    for (int k = 0; k < 3; ++k)
        if (a <= double(k + 1) * rd) ++within[k];
}

void PuzzleMetrics::Sums::merge(const Sums& o) {
    n += o.n;
    absErr += o.absErr;
    sqErr += o.sqErr;
    z += o.z;
    pred += o.pred;
    for (int k = 0; k < 3; ++k) within[k] += o.within[k];
}

void PuzzleMetrics::add(double rating, double rd, double predicted, int solutionLength) {
    const double safeRd = rd > 0 ? rd : 1.0;
    const double err = rating - predicted;
    m_all.add(err, safeRd, predicted);
    m_byLength[solutionLength].add(err, safeRd, predicted);
}

std::string puzzleRatingBand(int rating) {
    if (rating < 1000) return "<1000";
    if (rating >= 2600) return "2600+";
    const int lo = 1000 + (rating - 1000) / 400 * 400;
    return std::to_string(lo) + "-" + std::to_string(lo + 399);
}

void PuzzleMetrics::add(const chess::Puzzle& puzzle, double predicted) {
    add(puzzle.rating, puzzle.ratingDeviation, predicted, puzzle.solutionLength());
    const double rd = puzzle.ratingDeviation > 0 ? puzzle.ratingDeviation : 1.0;
    const double err = puzzle.rating - predicted;
    m_byBand[puzzleRatingBand(puzzle.rating)].add(err, rd, predicted);
    for (const std::string& theme : puzzle.themes) m_byTheme[theme].add(err, rd, predicted);
}

void PuzzleMetrics::addCalibration(double rating, const RatedPuzzle& p) {
    if (p.engineStage) ++m_engineStage;
    if (p.sigma <= 0) return;
    CalibrationSums& c = m_cal;
    ++c.n;
    const double err = std::abs(rating - p.rating);
    for (int k = 0; k < 2; ++k)
        if (err <= double(k + 1) * p.sigma) ++c.within[k];
    c.sigma += p.sigma;
    const std::vector<double> curve = ratingSolveCurve(p.rating, p.sigma);
    if (isNonDecreasing(curve)) ++c.monotone;
    const double mid = solveMidpoint(kSolveEloLevels, curve);
    c.midErr += std::abs(mid - p.rating);
    c.midErrTrue += std::abs(mid - rating);
    if (p.humanCurve.size() == kSolveEloLevels.size()) {
        ++c.human;
        if (isNonDecreasing(p.humanCurve)) ++c.humanMonotone;
        const double hm = solveMidpoint(kSolveEloLevels, p.humanCurve);
        c.humanMidErr += std::abs(hm - p.rating);
        c.humanMidErrTrue += std::abs(hm - rating);
    }
}

PuzzleCalibration PuzzleMetrics::calibration() const {
    PuzzleCalibration out;
    const CalibrationSums& c = m_cal;
    out.withSigma = c.n;
    out.withHumanCurve = c.human;
    if (c.n > 0) {
        const double n = double(c.n);
        for (int k = 0; k < 2; ++k) out.withinSigma[k] = double(c.within[k]) / n;
        out.meanSigma = c.sigma / n;
        out.solveMonotone = double(c.monotone) / n;
        out.solveMidpointMae = c.midErr / n;
        out.solveMidpointMaeTrue = c.midErrTrue / n;
    }
    if (c.human > 0) {
        const double n = double(c.human);
        out.humanMonotone = double(c.humanMonotone) / n;
        out.humanMidpointMae = c.humanMidErr / n;
        out.humanMidpointMaeTrue = c.humanMidErrTrue / n;
    }
    return out;
}

void PuzzleMetrics::merge(const PuzzleMetrics& other) {
    m_cal.n += other.m_cal.n;
    m_cal.within[0] += other.m_cal.within[0];
    m_cal.within[1] += other.m_cal.within[1];
    m_cal.monotone += other.m_cal.monotone;
    m_cal.human += other.m_cal.human;
    m_cal.humanMonotone += other.m_cal.humanMonotone;
    m_cal.sigma += other.m_cal.sigma;
    m_cal.midErr += other.m_cal.midErr;
    m_cal.midErrTrue += other.m_cal.midErrTrue;
    m_cal.humanMidErr += other.m_cal.humanMidErr;
    m_cal.humanMidErrTrue += other.m_cal.humanMidErrTrue;
    m_all.merge(other.m_all);
    for (const auto& [len, s] : other.m_byLength) m_byLength[len].merge(s);
    for (const auto& [theme, s] : other.m_byTheme) m_byTheme[theme].merge(s);
    for (const auto& [band, s] : other.m_byBand) m_byBand[band].merge(s);
    m_engineStage += other.m_engineStage;
}

PuzzleScore PuzzleMetrics::score(const Sums& s) {
    PuzzleScore out;
    out.count = s.n;
    if (s.n == 0) return out;
    const double n = double(s.n);
    out.mae = s.absErr / n;
    out.rmse = std::sqrt(s.sqErr / n);
    out.maz = s.z / n;
    out.meanPrediction = s.pred / n;
    for (int k = 0; k < 3; ++k) out.withinRd[k] = double(s.within[k]) / n;
    return out;
}

std::map<int, PuzzleScore> PuzzleMetrics::byLength() const {
    std::map<int, PuzzleScore> out;
    for (const auto& [len, s] : m_byLength) out[len] = score(s);
    return out;
}

std::map<std::string, PuzzleScore> PuzzleMetrics::byTheme() const {
    std::map<std::string, PuzzleScore> out;
    for (const auto& [theme, s] : m_byTheme) out[theme] = score(s);
    return out;
}

std::map<std::string, PuzzleScore> PuzzleMetrics::byBand() const {
    std::map<std::string, PuzzleScore> out;
    for (const auto& [band, s] : m_byBand) out[band] = score(s);
    return out;
}

std::string PuzzleMetrics::scoreJson(const PuzzleScore& s) {
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "\"puzzles\":%lld,\"mae\":%.3f,\"rmse\":%.3f,\"maz\":%.4f,\"within_rd\":{\"1\":%.4f,\"2\":%.4f,"
                  "\"3\":%.4f},\"mean_prediction\":%.2f",
                  static_cast<long long>(s.count), s.mae, s.rmse, s.maz, s.withinRd[0], s.withinRd[1], s.withinRd[2],
                  s.meanPrediction);
    return buf;
}

std::string PuzzleMetrics::toJson() const {
    std::ostringstream o;
    o << "{" << scoreJson(overall()) << ",\"by_length\":{";
    bool first = true;
    for (const auto& [len, s] : byLength()) {
        o << (first ? "" : ",") << "\"" << len << "\":{" << scoreJson(s) << "}";
        first = false;
    }
    o << "}";
    // Theme names are Lichess's camelCase words and band names fixed text: no JSON escaping needed.
    for (const auto& [key, groups] : {std::pair{"by_band", byBand()}, std::pair{"by_theme", byTheme()}}) {
        if (groups.empty()) continue;
        o << ",\"" << key << "\":{";
        first = true;
        for (const auto& [name, s] : groups) {
            o << (first ? "" : ",") << "\"" << name << "\":{" << scoreJson(s) << "}";
            first = false;
        }
        o << "}";
    }
    if (m_engineStage > 0 && m_all.n > 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, ",\"engine_stage\":%.4f", double(m_engineStage) / double(m_all.n));
        o << buf;
    }
    if (m_cal.n > 0) {
        const PuzzleCalibration c = calibration();
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      ",\"sigma\":{\"puzzles\":%lld,\"within_1\":%.4f,\"within_2\":%.4f,\"mean\":%.1f},"
                      "\"solve_monotone\":%.4f,\"solve_midpoint_mae\":%.1f,\"solve_midpoint_mae_true\":%.1f",
                      static_cast<long long>(c.withSigma), c.withinSigma[0], c.withinSigma[1], c.meanSigma,
                      c.solveMonotone, c.solveMidpointMae, c.solveMidpointMaeTrue);
        o << buf;
        if (c.withHumanCurve > 0) {
            std::snprintf(buf, sizeof buf,
                          ",\"solve_curve_human\":{\"puzzles\":%lld,\"monotone\":%.4f,\"midpoint_mae\":%.1f,"
                          "\"midpoint_mae_true\":%.1f}",
                          static_cast<long long>(c.withHumanCurve), c.humanMonotone, c.humanMidpointMae,
                          c.humanMidpointMaeTrue);
            o << buf;
        }
    }
    o << "}";
    return o.str();
}

std::string PuzzleMetrics::summary() const {
    const PuzzleScore s = overall();
    char buf[200];
    std::snprintf(buf, sizeof buf, "%lld puzzles  MAE %.1f  RMSE %.1f  MAZ %.2f  within 1/2/3 RD %.1f/%.1f/%.1f%%",
                  static_cast<long long>(s.count), s.mae, s.rmse, s.maz, 100 * s.withinRd[0], 100 * s.withinRd[1],
                  100 * s.withinRd[2]);
    return buf;
}

void MeanBaselines::fit(double rating, int solutionLength) {
    ++m_n;
    m_sum += rating;
    auto& b = m_byLength[solutionLength];
    ++b.first;
    b.second += rating;
}

double MeanBaselines::predictMean() const { return m_n > 0 ? m_sum / double(m_n) : 0.0; }

double MeanBaselines::predictByLength(int solutionLength) const {
    auto it = m_byLength.find(solutionLength);
    if (it == m_byLength.end() || it->second.first == 0) return predictMean();
    return it->second.second / double(it->second.first);
}

void MeanBaselines::set(double mean, const std::map<int, double>& byLength) {
    m_n = 1;
    m_sum = mean;
    m_byLength.clear();
    for (const auto& [len, m] : byLength) m_byLength[len] = {1, m};
}

namespace {
std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(ch)));
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}
}  // namespace

std::string PuzzleEvalReport::toJson() const {
    std::string m = model.toJson();
    m.pop_back();  // reopen the object to append the baselines
    if (!labels.empty()) m += ",\"model\":" + jsonString(labels.front());
    m += ",\"baselines\":{\"predict_mean\":" + predictMean.toJson() + ",\"mean_by_length\":" + meanByLength.toJson() +
         "}";
    if (!compare.empty()) {
        m += ",\"compare\":[";
        for (std::size_t i = 0; i < compare.size(); ++i) {
            std::string c = compare[i].toJson();
            const std::string label = i + 1 < labels.size() ? labels[i + 1] : "model " + std::to_string(i + 2);
            m += (i ? ",{" : "{") + std::string("\"model\":") + jsonString(label) + "," + c.substr(1);
        }
        m += "]";
    }
    return m + ",\"skipped_rows\":" + std::to_string(skippedRows) + "}";
}

Result<PuzzleEvalReport> evaluatePuzzleFiles(const std::vector<std::string>& csvFiles, bool heldOutOnly,
                                             std::int64_t maxPuzzles, const PuzzleRatingFn& predict,
                                             const MeanBaselines& baselines, const CancelToken& cancel, int batchSize,
                                             const std::function<void(std::int64_t)>& onProgress) {
    return evaluatePuzzleFilesCompare(csvFiles, heldOutOnly, maxPuzzles, {predict}, baselines, cancel, batchSize,
                                      onProgress);
}

Result<PuzzleEvalReport> evaluatePuzzleFilesCompare(const std::vector<std::string>& csvFiles, bool heldOutOnly,
                                                    std::int64_t maxPuzzles,
                                                    const std::vector<PuzzleRatingFn>& predictors,
                                                    const MeanBaselines& baselines, const CancelToken& cancel,
                                                    int batchSize,
                                                    const std::function<void(std::int64_t)>& onProgress) {
    std::vector<PuzzlePredictionFn> detailed;
    for (const PuzzleRatingFn& f : predictors)
        detailed.push_back([f](std::span<const chess::Puzzle> puzzles) -> Result<std::vector<RatedPuzzle>> {
            auto r = f(puzzles);
            if (!r.ok()) return r.error();
            std::vector<RatedPuzzle> out;
            out.reserve(r.value().size());
            for (const double x : r.value()) out.push_back(RatedPuzzle{x, 0.0, {}});
            return out;
        });
    return evaluatePuzzleFilesDetailed(csvFiles, PuzzleSelection{heldOutOnly, maxPuzzles, 1}, detailed, baselines,
                                       cancel, batchSize, onProgress);
}

Result<PuzzleEvalReport> evaluatePuzzleFilesDetailed(const std::vector<std::string>& csvFiles,
                                                     const PuzzleSelection& selection,
                                                     const std::vector<PuzzlePredictionFn>& predictors,
                                                     const MeanBaselines& baselines, const CancelToken& cancel,
                                                     int batchSize,
                                                     const std::function<void(std::int64_t)>& onProgress) {
    if (predictors.empty()) return makeError(ErrorCode::InvalidInput, "no puzzle model to evaluate");
    PuzzleEvalReport report;
    report.compare.resize(predictors.size() - 1);
    std::vector<chess::Puzzle> batch;
    std::int64_t taken = 0, passed = 0;
    const std::int64_t maxPuzzles = selection.maxPuzzles;
    const std::int64_t every = std::max<std::int64_t>(1, selection.every);
    auto flush = [&]() -> Status {
        if (batch.empty()) return {};
        for (std::size_t m = 0; m < predictors.size(); ++m) {
            auto r = predictors[m](batch);
            if (!r.ok()) return r.error();
            if (r.value().size() != batch.size())
                return makeError(ErrorCode::Runtime, "predictor returned the wrong number of ratings");
            PuzzleMetrics& target = m == 0 ? report.model : report.compare[m - 1];
            for (std::size_t i = 0; i < batch.size(); ++i) {
                target.add(batch[i], r.value()[i].rating);
                target.addCalibration(batch[i].rating, r.value()[i]);
            }
        }
        for (const auto& p : batch) {
            report.predictMean.add(p, baselines.predictMean());
            report.meanByLength.add(p, baselines.predictByLength(p.solutionLength()));
        }
        batch.clear();
        if (onProgress) onProgress(taken);
        return {};
    };
    for (const auto& file : csvFiles) {
        auto reader = chess::PuzzleCsvReader::open(file);
        if (!reader.ok()) return reader.error();
        auto& rd = *reader.value();
        if (!rd.headerError().empty()) return makeError(ErrorCode::InvalidInput, rd.headerError());
        chess::Puzzle p;
        while ((maxPuzzles <= 0 || taken < maxPuzzles) && rd.next(p)) {
            if (selection.heldOutOnly && !isHeldOutPuzzle(p.id)) continue;
            if (passed++ % every != 0) continue;
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "evaluation cancelled");
            batch.push_back(p);
            ++taken;
            if (int(batch.size()) >= batchSize)
                if (auto st = flush(); !st.ok()) return st.error();
        }
        if (!rd.headerError().empty()) return makeError(ErrorCode::InvalidInput, rd.headerError());
        if (!rd.input().error().empty()) return makeError(ErrorCode::Io, rd.input().error());
        report.skippedRows += rd.skippedCount();
    }
    if (auto st = flush(); !st.ok()) return st.error();
    return report;
}

}  // namespace kibitz::evaluation
