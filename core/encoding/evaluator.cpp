// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/evaluator.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>

namespace kibitz::encoding {

void setRecentTimes(EncodedPosition& e, const RecentTimes& t) {
    auto seconds = [](const std::optional<int>& s) { return std::int16_t(s ? std::clamp(*s, 0, 32767) : -1); };
    auto tenths = [](const std::optional<double>& s) {
        return std::int16_t(s ? std::clamp(std::lround(*s * 10.0), 0L, 32767L) : -1);
    };
    e.moverLastThinkS = seconds(t.moverLastS);
    e.oppLastThinkS = seconds(t.oppLastS);
    e.moverPaceDs = tenths(t.moverPaceS);
    e.oppPaceDs = tenths(t.oppPaceS);
}

RecentTimes recentTimesOf(const EncodedPosition& e) {
    RecentTimes t;
    if (e.moverLastThinkS >= 0) t.moverLastS = e.moverLastThinkS;
    if (e.oppLastThinkS >= 0) t.oppLastS = e.oppLastThinkS;
    if (e.moverPaceDs >= 0) t.moverPaceS = e.moverPaceDs / 10.0;
    if (e.oppPaceDs >= 0) t.oppPaceS = e.oppPaceDs / 10.0;
    return t;
}

void PositionReading::replaceMoves(std::vector<MoveProb> reordered) {
    if (!moveThinkTimes.empty()) {
        std::unordered_map<std::uint16_t, ThinkTime> byMove;
        for (std::size_t i = 0; i < moves.size() && i < moveThinkTimes.size(); ++i)
            byMove.emplace(moves[i].move.raw(), moveThinkTimes[i]);
        std::vector<ThinkTime> times;
        times.reserve(reordered.size());
        for (const MoveProb& mp : reordered) times.push_back(byMove[mp.move.raw()]);
        moveThinkTimes = std::move(times);
    }
    moves = std::move(reordered);
}

Result<std::vector<PositionReading>> Evaluator::read(const std::vector<chess::Position>& positions,
                                                     const std::vector<Conditioning>& conds,
                                                     const std::vector<RecentMoves>& recent,
                                                     const std::vector<RecentTimes>& times,
                                                     const std::vector<chess::Move>& played, const Reads& what) {
    const std::size_t n = positions.size();
    auto fits = [n](std::size_t count) { return count == 0 || count == n; };
    if (conds.size() != n || !fits(recent.size()) || !fits(times.size()) || !fits(played.size()))
        return makeError(ErrorCode::InvalidInput,
                         "evaluator: " + std::to_string(n) + " positions, " + std::to_string(conds.size()) +
                             " conditionings, " + std::to_string(recent.size()) + " move histories, " +
                             std::to_string(times.size()) + " recent times and " + std::to_string(played.size()) +
                             " moves played: the counts differ");
    auto out = readBatch(positions, conds, recent, times, played, what);
    if (out && out->size() != n)
        return makeError(ErrorCode::Runtime, "evaluator: " + std::to_string(out->size()) + " readings for " +
                                                 std::to_string(n) + " positions");
    return out;
}

Result<std::vector<std::vector<MoveProb>>> Evaluator::moveDistributionsWithHistory(
    const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
    const std::vector<RecentMoves>& recent) {
    auto readings = read(positions, conds, recent, {}, {}, Reads{.moves = true});
    if (!readings) return readings.error();
    std::vector<std::vector<MoveProb>> out;
    out.reserve(readings->size());
    for (PositionReading& r : readings.value()) out.push_back(std::move(r.moves));
    return out;
}

Result<std::vector<MoveProb>> Evaluator::moveDistribution(const chess::Position& pos, const Conditioning& cond) {
    auto r = moveDistributionsWithHistory({pos}, {cond}, {});
    if (!r) return r.error();
    if (r->size() != 1) return makeError(ErrorCode::Runtime, "evaluator returned no distribution");
    return std::move(r->front());
}

Result<std::vector<std::vector<MoveProb>>> Evaluator::moveDistributions(const std::vector<chess::Position>& positions,
                                                                        const std::vector<Conditioning>& conds) {
    return moveDistributionsWithHistory(positions, conds, {});
}

Result<std::vector<Wdl>> Evaluator::valueEstimates(const std::vector<chess::Position>& positions,
                                                   const std::vector<Conditioning>& conds,
                                                   const std::vector<RecentMoves>& recent) {
    if (!heads().value) return makeError(ErrorCode::Unsupported, "this model has no value head");
    auto readings = read(positions, conds, recent, {}, {}, Reads{.moves = false, .value = true});
    if (!readings) return readings.error();
    std::vector<Wdl> out;
    out.reserve(readings->size());
    for (const PositionReading& r : readings.value()) {
        if (!r.value) return makeError(ErrorCode::Runtime, "evaluator returned no value");
        out.push_back(*r.value);
    }
    return out;
}

Result<std::vector<ThinkTime>> Evaluator::thinkTimes(const std::vector<chess::Position>& positions,
                                                     const std::vector<Conditioning>& conds,
                                                     const std::vector<RecentMoves>& recent,
                                                     const std::vector<RecentTimes>& times,
                                                     const std::vector<chess::Move>& played) {
    if (!heads().thinkTime) return makeError(ErrorCode::Unsupported, "this model has no think-time head");
    auto readings = read(positions, conds, recent, times, played, Reads{.moves = false, .thinkTime = true});
    if (!readings) return readings.error();
    std::vector<ThinkTime> out;
    out.reserve(readings->size());
    for (const PositionReading& r : readings.value()) {
        if (!r.thinkTime) return makeError(ErrorCode::Runtime, "evaluator returned no think time");
        out.push_back(*r.thinkTime);
    }
    return out;
}

Result<PositionReading> Evaluator::readPosition(const chess::Position& pos, const Conditioning& cond,
                                                const RecentMoves& recent, const RecentTimes& times, bool withTime) {
    const Reads what{.moves = true, .value = true, .thinkTime = withTime, .moveThinkTimes = withTime};
    auto readings = read({pos}, {cond}, {recent}, {times}, {}, what);
    if (!readings) return readings.error();
    if (readings->size() != 1) return makeError(ErrorCode::Runtime, "evaluator returned no distribution");
    return std::move(readings->front());
}

Result<std::vector<PositionReading>> MoveMixingEvaluator::readBatch(const std::vector<chess::Position>& positions,
                                                                    const std::vector<Conditioning>& conds,
                                                                    const std::vector<RecentMoves>& recent,
                                                                    const std::vector<RecentTimes>& times,
                                                                    const std::vector<chess::Move>& played,
                                                                    const Reads& what) {
    auto readings = m_inner->read(positions, conds, recent, times, played, what);
    if (!readings || !what.moves) return readings;
    std::vector<std::vector<MoveProb>> moves;
    moves.reserve(readings->size());
    for (const PositionReading& r : readings.value()) moves.push_back(r.moves);
    if (Status st = mixMoves(positions, conds, recent, moves); !st) return st.error();
    for (std::size_t i = 0; i < readings->size() && i < moves.size(); ++i)
        (*readings)[i].replaceMoves(std::move(moves[i]));
    return readings;
}

namespace {

/// The standard normal's quantile (Acklam's rational approximation, relative error below 1.2e-9).
double normalQuantile(double p) {
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    p = std::clamp(p, 1e-12, 1.0 - 1e-12);
    constexpr double lo = 0.02425;
    if (p < lo) {
        const double q = std::sqrt(-2.0 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    }
    if (p > 1.0 - lo) return -normalQuantile(1.0 - p);
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
}

}  // namespace

double ThinkTime::atDeviateS(double z) const { return std::max(0.0, std::expm1(double(mu) + double(sigma) * z)); }

double ThinkTime::quantileS(double q) const { return atDeviateS(normalQuantile(q)); }

namespace {

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

/// E[max(0, e^X - 1)^k] for X ~ N(mu, sigma^2), k = 1 or 2: the draw is e^X - 1 where X > 0, else 0, so with
/// E[e^(jX); X > 0] = exp(j mu + j^2 sigma^2 / 2) Phi((mu + j sigma^2) / sigma) the binomial terms add up.
double clampedMoment(double mu, double sigma, int k) {
    auto part = [&](int j) {
        return j == 0 ? normalCdf(mu / sigma)
                      : std::exp(j * mu + j * j * sigma * sigma / 2.0) * normalCdf((mu + j * sigma * sigma) / sigma);
    };
    return k == 1 ? part(1) - part(0) : part(2) - 2.0 * part(1) + part(0);
}

}  // namespace

double ThinkTime::meanS() const {
    if (!(sigma > 0.0f)) return atDeviateS(0.0);
    return clampedMoment(mu, sigma, 1);
}

double ThinkTime::varianceS() const {
    if (!(sigma > 0.0f)) return 0.0;
    const double m = clampedMoment(mu, sigma, 1);
    return std::max(0.0, clampedMoment(mu, sigma, 2) - m * m);
}

}  // namespace kibitz::encoding
