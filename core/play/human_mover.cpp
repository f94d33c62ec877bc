// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/human_mover.h"

#include "core/chess/bitboard.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kibitz::play {
namespace {

/// The rating's strength at each knot (interpolated linearly in the rating, the temperature in its logarithm, and
/// held beyond the ends), chosen on the validation half of the held-out games and on the self-play ladder
/// (docs/studies/2026-12-01-rating-strength.md): `kibitz-cli eval strength errors --fit` gives per band the temperature
/// and tilt whose expected loss of winning chances and blunder share come nearest the real players' (Stockfish depth
/// 8), which is noisy band by band; the knots follow those fits where `eval strength ladder` keeps each 400 points
/// worth about what it is between real players (a 0.75 score). The top is where the model runs out: a temperature
/// near 0, a tilt above 12, a look one reply further (the value head after the opponent's likeliest replies) or the
/// primary model alone make the 2300 no stronger, so the knots from 1100 to 1900 are set softer (the 1900's where both
/// halves' error fits put its players) to spread the ladder's span evenly and leave the top pair room; what gives the
/// top its last 60 Elo is weighMoves counting a move that allows mate in one as lost, which the tilt reads.
struct Knot {
    int elo;
    Strength strength;
};
constexpr std::array<Knot, 8> kKnots{{
    {400, {1.000, 0.0}},
    {700, {0.970, 0.0}},
    {1100, {0.935, 0.0}},
    {1500, {0.890, 0.0}},
    {1900, {0.700, 2.0}},
    {2300, {0.189, 12.0}},
    {2700, {0.120, 16.0}},
    {3200, {0.090, 20.0}},
}};

/// A stalemating move of a mover ahead by at least this much material (pawns) keeps this share of its weight.
constexpr int kClearlyAheadPawns = 3;
constexpr double kStalemateShare = 0.05;

}  // namespace

Strength strengthAt(int elo, int ply) {
    if (ply < kUnshapedOpeningPlies) return {};
    if (elo <= kKnots.front().elo) return kKnots.front().strength;
    if (elo >= kKnots.back().elo) return kKnots.back().strength;
    for (std::size_t i = 1; i < kKnots.size(); ++i) {
        if (elo > kKnots[i].elo) continue;
        const Knot& a = kKnots[i - 1];
        const Knot& b = kKnots[i];
        const double t = double(elo - a.elo) / double(b.elo - a.elo);
        return {std::exp((1.0 - t) * std::log(a.strength.temperature) + t * std::log(b.strength.temperature)),
                (1.0 - t) * a.strength.tilt + t * b.strength.tilt};
    }
    return kKnots.back().strength;
}

MovePolicy policyForRating(const MovePolicy& user, int elo, int ply) {
    MovePolicy p = user;
    if (user.calibrated) p.temperature = user.temperature * strengthAt(elo, ply).temperature;
    return p;
}

bool weighsOutcomes(int elo, int ply, const MovePolicy& user) {
    return user.calibrated && strengthAt(elo, ply).tilt > 0.0;
}

int materialPawns(const chess::Position& pos, chess::Color side) {
    return chess::popcount(pos.pieces(side, chess::Pawn)) + 3 * chess::popcount(pos.pieces(side, chess::Knight)) +
           3 * chess::popcount(pos.pieces(side, chess::Bishop)) + 5 * chess::popcount(pos.pieces(side, chess::Rook)) +
           9 * chess::popcount(pos.pieces(side, chess::Queen));
}

Result<std::vector<MoveOutcomes>> weighMoves(encoding::Evaluator& evaluator,
                                             const std::vector<chess::Position>& positions,
                                             const std::vector<encoding::Conditioning>& conds,
                                             const std::vector<encoding::RecentMoves>& recent,
                                             const std::vector<std::vector<encoding::MoveProb>>& dists,
                                             const std::vector<bool>& want) {
    std::vector<MoveOutcomes> out(positions.size());
    if (!evaluator.hasValueHead()) return out;
    // Every weighed move's position, asked from the opponent's side (it is their move there) and flipped back.
    std::vector<chess::Position> children;
    std::vector<encoding::Conditioning> childConds;
    std::vector<encoding::RecentMoves> childRecent;
    std::vector<std::pair<std::size_t, std::size_t>> slot;  // (position, move) of each child asked
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (!want[i]) continue;
        const std::size_t n = std::min<std::size_t>(dists[i].size(), kWeighedMoves);
        out[i].assign(n, 0.5);
        encoding::Conditioning swapped;
        swapped.moverElo = conds[i].oppElo;
        swapped.oppElo = conds[i].moverElo;
        swapped.moverClockS = conds[i].oppClockS;
        swapped.oppClockS = conds[i].moverClockS;
        swapped.incrementS = conds[i].incrementS;
        for (std::size_t k = 0; k < n; ++k) {
            const chess::Move m = dists[i][k].move;
            chess::Position child = positions[i];  // with its history: a repetition is seen
            encoding::RecentMoves r = recent.empty() ? encoding::RecentMoves{} : recent[i];
            r.push(child, m);
            child.makeMove(m);
            if (child.countLegalMoves() == 0) {
                out[i][k] = child.inCheck() ? 1.0 : 0.5;
                continue;
            }
            // A move that ends the game drawn is worth a draw, whatever the position looks like to the value head:
            // a player ahead does not repeat, one behind may.
            if (child.isRepetition(3) || child.isFiftyMoveDraw() || child.isInsufficientMaterial()) {
                out[i][k] = 0.5;
                continue;
            }
            // A move that lets the opponent mate at once is lost, whatever the value head reads into the position
            // (it scores the position, not the threat in it); only the tilt reads this, so it is a strong player's
            // care, and a weak one still walks into mates.
            if (child.hasMateInOne()) {
                out[i][k] = 0.0;
                continue;
            }
            children.push_back(std::move(child));
            childConds.push_back(swapped);
            childRecent.push_back(r);
            slot.emplace_back(i, k);
        }
    }
    if (children.empty()) return out;
    auto values = evaluator.valueEstimates(children, childConds, childRecent);
    if (!values) return values.error();
    for (std::size_t c = 0; c < slot.size(); ++c) {
        const encoding::Wdl& w = (*values)[c];  // the opponent's view: their loss is the mover's win
        out[slot[c].first][slot[c].second] = double(w.loss) + 0.5 * double(w.draw);
    }
    return out;
}

namespace {

/// `dist` with each move that stalemates an opponent the mover is clearly ahead of kept at kStalemateShare of its
/// weight, and the tilt applied (pre-multiplied by exp(beta T (s - s_best)), so that the temperature's p^(1/T) leaves
/// exp(beta (s - s_best))), renormalised and sorted again.
std::vector<encoding::MoveProb> shaped(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                       const MoveOutcomes& outcomes, double tilt, double temperature) {
    std::vector<encoding::MoveProb> out = dist;
    bool changed = false;
    const chess::Color me = pos.sideToMove();
    if (out.size() > 1 && materialPawns(pos, me) - materialPawns(pos, ~me) >= kClearlyAheadPawns) {
        for (auto& m : out) {
            chess::Position child = pos.snapshot();
            child.makeMove(m.move);
            if (child.isStalemate()) {
                m.prob = float(m.prob * kStalemateShare);
                changed = true;
            }
        }
    }
    if (tilt > 0.0 && !outcomes.empty() && out.size() > 1) {
        const double best = *std::max_element(outcomes.begin(), outcomes.end());
        const double worst = *std::min_element(outcomes.begin(), outcomes.end());
        const double t = std::max(temperature, 1e-3);
        // `dist` and `outcomes` share their order (the stalemate rule above changes weights, not the order).
        for (std::size_t i = 0; i < out.size(); ++i) {
            const double s = i < outcomes.size() ? outcomes[i] : worst;
            out[i].prob = float(double(out[i].prob) * std::exp(tilt * t * (s - best)));
        }
        changed = true;
    }
    if (!changed) return out;
    return renormalise(out) ? out : dist;
}

/// The strength `user` plays `elo` with at `ply`: the user's temperature times the rating's, the rating's tilt; or the
/// user's temperature alone when not calibrated.
Strength effectiveStrength(int elo, int ply, const MovePolicy& user) {
    if (!user.calibrated) return {user.temperature, 0.0};
    const Strength s = strengthAt(elo, ply);
    return {user.temperature * s.temperature, s.tilt};
}

}  // namespace

std::vector<encoding::MoveProb> candidatesWith(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                               const MoveOutcomes& outcomes, const Strength& strength, double topP) {
    const MovePolicy policy{strength.temperature, topP, false};
    return candidateMoves(shaped(pos, dist, outcomes, strength.tilt, strength.temperature), policy);
}

bool renormalise(std::vector<encoding::MoveProb>& moves) {
    double sum = 0.0;
    for (const auto& m : moves) sum += m.prob;
    if (!(sum > 0.0)) return false;
    for (auto& m : moves) m.prob = float(m.prob / sum);
    std::stable_sort(moves.begin(), moves.end(),
                     [](const encoding::MoveProb& a, const encoding::MoveProb& b) { return a.prob > b.prob; });
    return true;
}

std::vector<encoding::MoveProb> humanCandidates(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                                int elo, int ply, const MovePolicy& user,
                                                const MoveOutcomes& outcomes) {
    return candidatesWith(pos, dist, outcomes, effectiveStrength(elo, ply, user), user.topP);
}

chess::Move chooseHumanMove(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist, int elo, int ply,
                            const MovePolicy& user, std::mt19937_64& rng, const MoveOutcomes& outcomes) {
    const Strength s = effectiveStrength(elo, ply, user);
    return sampleMove(shaped(pos, dist, outcomes, s.tilt, s.temperature), MovePolicy{s.temperature, user.topP, false},
                      rng);
}

std::int64_t humanMoveTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                             const std::optional<encoding::ThinkTime>& learned, std::mt19937_64& rng) {
    if (learned) return learnedThinkTimeMs(clock, *learned, int(dist.size()), rng);
    return humanThinkTimeMs(clock, ply, dist, rng);
}

}  // namespace kibitz::play
