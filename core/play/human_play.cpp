// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/human_play.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace kibitz::play {

std::vector<encoding::MoveProb> candidateMoves(const std::vector<encoding::MoveProb>& dist, const MovePolicy& policy) {
    assert(!dist.empty());
    std::vector<encoding::MoveProb> out;
    if (policy.temperature <= 1e-3) {  // the limit of p^(1/T): all mass on the most likely move
        out.push_back({dist.front().move, 1.0f});
        return out;
    }
    // p^(1/T), computed in log space relative to the top move so small temperatures do not underflow to 0/0.
    const double invT = 1.0 / policy.temperature;
    const double top = std::log(std::max(double(dist.front().prob), 1e-30));
    std::vector<double> w(dist.size());
    double sum = 0.0;
    for (std::size_t i = 0; i < dist.size(); ++i) {
        w[i] = std::exp((std::log(std::max(double(dist[i].prob), 1e-30)) - top) * invT);
        sum += w[i];
    }
    const double keep = std::clamp(policy.topP, 0.0, 1.0);
    double acc = 0.0;
    for (std::size_t i = 0; i < dist.size(); ++i) {
        out.push_back({dist[i].move, float(w[i] / sum)});
        acc += w[i] / sum;
        if (acc >= keep - 1e-9) break;  // the move that crosses the threshold is kept, so at least one is
    }
    double kept = 0.0;
    for (const auto& m : out) kept += m.prob;
    for (auto& m : out) m.prob = float(m.prob / kept);
    return out;
}

chess::Move sampleMove(const std::vector<encoding::MoveProb>& dist, const MovePolicy& policy, std::mt19937_64& rng) {
    const auto cands = candidateMoves(dist, policy);
    if (cands.size() == 1) return cands.front().move;
    std::uniform_real_distribution<double> u(0.0, 1.0);
    double r = u(rng);
    for (const auto& c : cands) {
        r -= c.prob;
        if (r < 0.0) return c.move;
    }
    return cands.back().move;  // rounding left a sliver at the end
}

// The time model. Humans do not spread their clock evenly; three things dominate what Lichess clocks show:
// - a budget per move: the remaining time over the moves they expect still to play (about 40 at the start, never
//   fewer than 20, as most games are decided or simplified by then) plus most of the increment;
// - the opening goes fast (known moves): the first 10 plies take about a third of the budget;
// - hard moves take longer than obvious ones. The model's own distribution says which is which: when one move holds
//   most of the mass (a recapture, the only defence) people play it quickly, when many moves are plausible they think.
//   Factor 0.4 + 1.6 (1 - p_top): 0.56 of the budget for p_top 0.9, 1.6 for p_top 0.25;
// and a log-normal spread (sigma 0.5) around that, since the same player takes 2 s on one move and 10 s on the next.
// A forced move takes a short reaction time. The result is capped at a fifth of the clock plus the increment, so a
// human-like engine never loses on time by thinking, and at least 100 ms.
std::int64_t humanThinkTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                              std::mt19937_64& rng) {
    const double remaining = double(std::max<std::int64_t>(clock.remainingMs, 0));
    const double inc = double(std::max<std::int64_t>(clock.incrementMs, 0));
    const double cap = std::max(100.0, remaining / 5.0 + inc);
    std::lognormal_distribution<double> spread(0.0, 0.5);
    double ms = 0.0;
    if (dist.size() <= 1) {
        ms = 400.0 * spread(rng);
    } else {
        const int moveNumber = ply / 2 + 1;
        const double movesLeft = std::max(20.0, 40.0 - 0.5 * (moveNumber - 1));
        const double budget = remaining / movesLeft + 0.8 * inc;
        const double opening = ply < 10 ? 0.35 : 1.0;
        const double hard = 0.4 + 1.6 * (1.0 - std::clamp(double(dist.front().prob), 0.0, 1.0));
        ms = budget * opening * hard * spread(rng);
    }
    return std::int64_t(std::clamp(ms, 100.0, cap));
}

std::int64_t learnedThinkTimeMs(const ClockState& clock, const encoding::ThinkTime& learned, int legalMoves,
                                std::mt19937_64& rng) {
    const double remaining = double(std::max<std::int64_t>(clock.remainingMs, 0));
    const double cap = std::max(100.0, remaining - 300.0);
    double ms = 0.0;
    if (legalMoves <= 1) {
        std::lognormal_distribution<double> spread(0.0, 0.5);
        ms = 400.0 * spread(rng);
    } else {
        std::normal_distribution<double> z(0.0, 1.0);
        ms = 1000.0 * learned.atDeviateS(z(rng));
    }
    return std::int64_t(std::clamp(ms, 100.0, cap));
}

}  // namespace kibitz::play
