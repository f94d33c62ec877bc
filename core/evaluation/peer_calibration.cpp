// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/peer_calibration.h"

#include "core/play/human_mover.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace kibitz::evaluation {

const std::vector<PeerScaleBand>& peerScaleBands() {
    // Per band: opening, middlegame, endgame scales for a game of unknown speed (all speeds), bullet, blitz and slower;
    // the top band's engine tilt last. Fitted on both halves of the held-out games (36,310 positions) with `kibitz-cli
    // eval strength errors --split heldout --every 8 --max-per-band 0 --depth 8 --fit` on the shipped default model and
    // mover. The same fit on either half puts 14 (validation's fit, on the test half) and 12 (the test half's, on
    // validation) of the other half's 15 band x phase cells within 0.9-1.1 of the players (the plain rule: 9); the
    // <1000 endgame, whose halves disagree, is out both ways. With the tilt (64, the grid's best; 48 and 96 err more)
    // the peer over the players reads 1.06 / 0.99 from 2400 / 2800 (untilted 1.38 / 1.51). 2000-2399 has scales of
    // its own (the peer over its players 1.02; 0.86 under the strong accounts' scales): in middlegames and endgames
    // its bullet players err more than the rule does even at the range's top (2.5), its slower players less even at
    // its floor (0.4). Cells under 100 positions (the <1000 bullet class, the 1000-1399 bullet endgame) keep the
    // scales over all speeds.
    using S = PeerScaleBand::PhaseScales;
    static const std::vector<PeerScaleBand> bands{
        {0, {S{1.035, 1.257, 0.966}, S{1.035, 1.257, 0.966}, S{1.023, 1.243, 0.966}}},           // <1000
        {1000, {S{1.035, 0.777, 0.882}, S{1.545, 1.083, 0.882}, S{1.000, 0.751, 0.862}}},        // 1000-1399
        {1400, {S{1.023, 0.742, 0.611}, S{1.301, 1.035, 1.713}, S{0.989, 0.709, 0.459}}},        // 1400-1699
        {1700, {S{1.257, 1.035, 1.121}, S{1.545, 1.410, 1.773}, S{0.977, 0.734, 0.400}}},        // 1700-1999
        {2000, {S{1.378, 1.528, 1.316}, S{1.753, 2.500, 2.500}, S{1.012, 0.400, 0.400}}},        // 2000-2399
        {2400, {S{0.400, 0.966, 0.558}, S{0.400, 0.632, 0.449}, S{1.059, 2.500, 1.035}}, 64.0},  // 2400+
    };
    return bands;
}

int peerBand(int elo) { return bandOf(elo, kPeerBandLow); }

PeerSpeed peerSpeed(std::optional<chess::GameSpeed> speed) {
    if (!speed) return PeerSpeed::Any;
    return *speed == chess::GameSpeed::Bullet ? PeerSpeed::Bullet : PeerSpeed::Slower;
}

double peerTemperatureScale(int elo, chess::GamePhase phase, PeerSpeed speed, const std::vector<PeerScaleBand>& bands) {
    if (bands.empty()) return 1.0;
    const auto f = std::size_t(phase), c = std::size_t(speed);
    std::size_t b = 0;
    for (std::size_t i = 1; i < bands.size(); ++i) {
        const int edge = bands[i].low;
        if (elo > edge - kPeerScaleBlend && elo < edge + kPeerScaleBlend) {
            const double t = double(elo - (edge - kPeerScaleBlend)) / double(2 * kPeerScaleBlend);
            return std::exp((1.0 - t) * std::log(bands[i - 1].scale[c][f]) + t * std::log(bands[i].scale[c][f]));
        }
        if (elo >= edge) b = i;
    }
    return bands[b].scale[c][f];
}

double peerEngineTilt(int elo, const std::vector<PeerScaleBand>& bands) {
    const PeerScaleBand* in = nullptr;
    for (const auto& b : bands)
        if (elo >= b.low) in = &b;
    return in ? in->engineTilt * double(elo - in->low) / 1000.0 : 0.0;
}

namespace {

/// The peer's candidates in `p` with the scales of `speed`.
std::vector<encoding::MoveProb> peerCandidatesIn(const ErrorPosition& p, const play::MovePolicy& policy,
                                                 PeerSpeed speed, const std::vector<PeerScaleBand>& bands) {
    play::MovePolicy q = policy;
    if (!q.calibrated) return play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, q, p.outcomes);
    q.temperature *= peerTemperatureScale(p.moverElo, chess::gamePhase(p.position), speed, bands);
    auto cands = play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, q, p.outcomes);
    const double beta = peerEngineTilt(p.moverElo, bands);
    if (beta <= 0.0 || cands.empty()) return cands;
    const auto lossOf = [&p](const encoding::MoveProb& c) {
        const auto it = p.loss.find(c.move.raw());
        return it == p.loss.end() ? 0.0 : it->second;
    };
    // Measured from the candidates' least loss (the same after renormalising), so the best keeps its weight and the
    // sum cannot underflow to nothing.
    double least = lossOf(cands.front());
    for (const auto& c : cands) least = std::min(least, lossOf(c));
    for (auto& c : cands) c.prob = float(double(c.prob) * std::exp(-beta * (lossOf(c) - least)));
    play::renormalise(cands);
    return cands;
}

}  // namespace

CandidateFn peerCandidates(const play::MovePolicy& policy, const std::vector<PeerScaleBand>& bands) {
    return [policy, bands](const ErrorPosition& p) { return peerCandidatesIn(p, policy, peerSpeed(p.speed), bands); };
}

namespace {

/// One band, speed class and phase's positions and the players' mean loss there.
struct PeerCell {
    std::vector<const ErrorPosition*> in;
    double humanLoss = 0.0;
    PeerSpeed speed = PeerSpeed::Any;
};

/// The cell's positions read the scales of `speed` (Any: whatever their game's speed).
double peerMeanLoss(const PeerCell& c, const std::vector<PeerScaleBand>& bands) {
    double loss = 0.0;
    for (const ErrorPosition* p : c.in) loss += expectedLoss(*p, peerCandidatesIn(*p, {}, c.speed, bands)).first;
    return loss / double(c.in.size());
}

/// The squared log ratio of the peer's mean loss to the players' (a factor too high costs as much as one too low).
double peerMismatch(const PeerCell& c, const std::vector<PeerScaleBand>& bands) {
    const double r = std::log(std::max(peerMeanLoss(c, bands), 1e-9) / std::max(c.humanLoss, 1e-9));
    return r * r;
}

constexpr double kLowestScale = kPeerScaleRange[0], kHighestScale = kPeerScaleRange[1];
constexpr int kGridSteps = 32;

/// The scale of `bands[k]` in `cell`'s speed class and phase `f` that fits `cell` best, the other bands as they are:
/// the grid, then a finer grid between the best point's neighbours.
double bestScale(const PeerCell& cell, std::vector<PeerScaleBand>& bands, std::size_t k, std::size_t f) {
    double& scale = bands[k].scale[std::size_t(cell.speed)][f];
    const double step = std::pow(kHighestScale / kLowestScale, 1.0 / kGridSteps);
    double best = scale, bestMismatch = peerMismatch(cell, bands);
    const auto tryScale = [&](double s) {
        scale = s;
        if (const double m = peerMismatch(cell, bands); m < bestMismatch) {
            bestMismatch = m;
            best = s;
        }
    };
    for (int i = 0; i <= kGridSteps; ++i) tryScale(kLowestScale * std::pow(step, double(i)));
    const double centre = best;
    for (int i = -4; i <= 4; ++i)
        if (i != 0) tryScale(std::clamp(centre * std::pow(step, i / 5.0), kLowestScale, kHighestScale));
    scale = best;
    return best;
}

/// Fits one speed class's scales, passing over its cells (cells[b][f], nullopt: not fitted) until none moves by more
/// than 1%.
void fitSpeedClass(std::vector<PeerScaleBand>& bands,
                   const std::vector<std::array<std::optional<PeerCell>, chess::kGamePhases>>& cells) {
    for (int pass = 0; pass < 8; ++pass) {
        bool moved = false;
        for (std::size_t b = 0; b < bands.size(); ++b)
            for (std::size_t f = 0; f < std::size_t(chess::kGamePhases); ++f) {
                if (!cells[b][f]) continue;
                const double before = bands[b].scale[std::size_t(cells[b][f]->speed)][f];
                if (std::abs(std::log(bestScale(*cells[b][f], bands, b, f) / before)) > 0.01) moved = true;
            }
        if (!moved) break;
    }
}

}  // namespace

namespace {

/// The scales fitted with the top band's tilt at `engineTilt`.
std::vector<PeerScaleBand> fitScalesAt(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                                       double engineTilt) {
    std::vector<PeerScaleBand> bands;
    for (int low : kPeerBandLow) {
        PeerScaleBand band;  // every scale 1
        band.low = low;
        bands.push_back(band);
    }
    bands.back().engineTilt = engineTilt;
    for (int c = 0; c < kPeerSpeeds; ++c) {
        const auto speed = PeerSpeed(c);
        // cells[b][f]: band b's positions of this class in phase f; nullopt under minPositions.
        std::vector<std::array<std::optional<PeerCell>, chess::kGamePhases>> cells(bands.size());
        for (std::size_t b = 0; b < bands.size(); ++b) {
            std::array<PeerCell, chess::kGamePhases> byPhase;
            for (const auto& p : positions) {
                if (std::size_t(peerBand(p.moverElo)) != b) continue;
                if (speed != PeerSpeed::Any && peerSpeed(p.speed) != speed) continue;
                PeerCell& cell = byPhase[std::size_t(chess::gamePhase(p.position))];
                cell.in.push_back(&p);
                cell.humanLoss += p.humanLoss;
            }
            for (std::size_t f = 0; f < byPhase.size(); ++f) {
                // A class starts from (and without enough positions keeps) the scale over all speeds.
                if (speed != PeerSpeed::Any) bands[b].scale[std::size_t(c)][f] = bands[b].scale[0][f];
                if (std::int64_t(byPhase[f].in.size()) < minPositions || byPhase[f].humanLoss <= 0.0) continue;
                byPhase[f].humanLoss /= double(byPhase[f].in.size());
                byPhase[f].speed = speed;
                cells[b][f] = std::move(byPhase[f]);
            }
        }
        fitSpeedClass(bands, cells);
    }
    return bands;
}

/// How `bands`' peer errs across the top band: per kPeerTiltSpans entry its positions and the peer's mean loss over
/// the players' (as the profile reads it, each position at its game's speed class), and the mismatch the fit ranks.
PeerTiltTrial tiltTrial(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                        const std::vector<PeerScaleBand>& bands) {
    PeerTiltTrial t;
    t.engineTilt = bands.back().engineTilt;
    // Sums per span, then per phase.
    constexpr std::size_t kSpans = kPeerTiltSpans.size(), kGroups = kSpans + std::size_t(chess::kGamePhases);
    std::array<double, kGroups> peer{}, human{};
    std::array<std::int64_t, kGroups> count{};
    for (const auto& p : positions) {
        if (p.moverElo < kPeerTiltSpans.front()) continue;
        std::size_t s = 0;
        while (s + 1 < kSpans && p.moverElo >= kPeerTiltSpans[s + 1]) ++s;
        const double loss = expectedLoss(p, peerCandidatesIn(p, {}, peerSpeed(p.speed), bands)).first;
        for (const std::size_t g : {s, kSpans + std::size_t(chess::gamePhase(p.position))}) {
            peer[g] += loss;
            human[g] += p.humanLoss;
            ++count[g];
        }
    }
    for (std::size_t g = 0; g < kGroups; ++g) {
        const double ratio = human[g] > 0.0 ? peer[g] / human[g] : 0.0;
        (g < kSpans ? t.spans : t.phases).emplace_back(count[g], ratio);
        if (count[g] >= minPositions && ratio > 0.0) t.mismatch += double(count[g]) * std::pow(std::log(ratio), 2);
    }
    return t;
}

}  // namespace

std::vector<PeerScaleBand> fitPeerScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                                         std::vector<PeerTiltTrial>* scan) {
    std::vector<PeerScaleBand> best;
    double bestMismatch = 0.0;
    for (const double tilt : kPeerTiltGrid) {
        auto bands = fitScalesAt(positions, minPositions, tilt);
        const PeerTiltTrial trial = tiltTrial(positions, minPositions, bands);
        // A tilt is a trend across the band: it needs two spans to compare, and it is taken only where it brings the
        // spans closer by more than a 1% ratio would over all their positions (else the smaller tilt stays).
        std::int64_t compared = 0;
        int spans = 0;
        for (const auto& [n, ratio] : trial.spans)
            if (n >= minPositions && ratio > 0.0) {
                compared += n;
                ++spans;
            }
        const double margin = double(compared) * 1e-4;
        if (best.empty() || (spans >= 2 && trial.mismatch < bestMismatch - margin)) {
            best = std::move(bands);
            bestMismatch = trial.mismatch;
        }
        if (scan) scan->push_back(trial);
    }
    return best;
}

}  // namespace kibitz::evaluation
