// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/human_mover.h"

#include "core/chess/bitboard.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kibitz::play {
namespace {

/// The rating's temperature at each knot, interpolated linearly in log T between knots and held beyond the ends.
/// Fitted by `kibitz-cli eval strength errors --fit` on the validation half of the held-out games (the shipped
/// default model, Stockfish depth 10): per band the temperature at which the expected loss of winning chances of the
/// model's moves equals the real players' mean loss there (docs/studies: the rating-strength study).
struct Knot {
    int elo;
    double temperature;
};
constexpr std::array<Knot, 6> kKnots{{
    {800, 1.0},
    {1200, 1.0},
    {1600, 1.0},
    {2000, 1.0},
    {2400, 1.0},
    {2800, 1.0},
}};

/// A stalemating move of a mover ahead by at least this much material (pawns) keeps this share of its weight.
constexpr int kClearlyAheadPawns = 3;
constexpr double kStalemateShare = 0.05;

}  // namespace

double strengthTemperature(int elo, int ply) {
    if (ply < kUnshapedOpeningPlies) return 1.0;
    if (elo <= kKnots.front().elo) return kKnots.front().temperature;
    if (elo >= kKnots.back().elo) return kKnots.back().temperature;
    for (std::size_t i = 1; i < kKnots.size(); ++i) {
        if (elo > kKnots[i].elo) continue;
        const Knot& a = kKnots[i - 1];
        const Knot& b = kKnots[i];
        const double t = double(elo - a.elo) / double(b.elo - a.elo);
        return std::exp((1.0 - t) * std::log(a.temperature) + t * std::log(b.temperature));
    }
    return kKnots.back().temperature;
}

MovePolicy policyForRating(const MovePolicy& user, int elo, int ply) {
    MovePolicy p = user;
    if (user.calibrated) p.temperature = user.temperature * strengthTemperature(elo, ply);
    return p;
}

int materialPawns(const chess::Position& pos, chess::Color side) {
    return chess::popcount(pos.pieces(side, chess::Pawn)) + 3 * chess::popcount(pos.pieces(side, chess::Knight)) +
           3 * chess::popcount(pos.pieces(side, chess::Bishop)) + 5 * chess::popcount(pos.pieces(side, chess::Rook)) +
           9 * chess::popcount(pos.pieces(side, chess::Queen));
}

namespace {

/// `dist` with each move that stalemates an opponent the mover is clearly ahead of kept at kStalemateShare of its
/// weight, renormalised and sorted again.
std::vector<encoding::MoveProb> withoutCarelessStalemates(const chess::Position& pos,
                                                          const std::vector<encoding::MoveProb>& dist) {
    std::vector<encoding::MoveProb> shaped = dist;
    const chess::Color me = pos.sideToMove();
    if (shaped.size() <= 1 || materialPawns(pos, me) - materialPawns(pos, ~me) < kClearlyAheadPawns) return shaped;
    bool changed = false;
    for (auto& m : shaped) {
        chess::Position child = pos.snapshot();
        child.makeMove(m.move);
        if (child.isStalemate()) {
            m.prob = float(m.prob * kStalemateShare);
            changed = true;
        }
    }
    if (!changed) return shaped;
    std::stable_sort(shaped.begin(), shaped.end(),
                     [](const encoding::MoveProb& a, const encoding::MoveProb& b) { return a.prob > b.prob; });
    double sum = 0.0;
    for (const auto& m : shaped) sum += m.prob;
    for (auto& m : shaped) m.prob = float(m.prob / sum);
    return shaped;
}

}  // namespace

std::vector<encoding::MoveProb> humanCandidates(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                                int elo, int ply, const MovePolicy& user) {
    return candidateMoves(withoutCarelessStalemates(pos, dist), policyForRating(user, elo, ply));
}

chess::Move chooseHumanMove(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist, int elo, int ply,
                            const MovePolicy& user, std::mt19937_64& rng) {
    return sampleMove(withoutCarelessStalemates(pos, dist), policyForRating(user, elo, ply), rng);
}

std::int64_t humanMoveTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                             const std::optional<encoding::ThinkTime>& learned, std::mt19937_64& rng) {
    if (learned) return learnedThinkTimeMs(clock, *learned, int(dist.size()), rng);
    return humanThinkTimeMs(clock, ply, dist, rng);
}

}  // namespace kibitz::play
