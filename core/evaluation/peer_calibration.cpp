// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/peer_calibration.h"

#include "core/play/human_mover.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace kibitz::evaluation {

const std::vector<PeerScaleBand>& peerScaleBands() {
    // Opening, middlegame, endgame. Fitted with `kibitz-cli eval strength errors --split validation --every 8
    // --max-per-band 0 --depth 8 --fit` (17,855 positions) on the shipped default model and mover; on the test half
    // (18,455 positions) 13 of the 15 cells come within 0.9-1.1 of the players (9 with the plain rule).
    static const std::vector<PeerScaleBand> bands{
        {0, {1.047, 1.215, 1.134}},    {1000, {1.012, 0.751, 0.882}}, {1400, {1.035, 0.795, 0.424}},
        {1700, {1.272, 1.109, 1.174}}, {2000, {0.934, 0.400, 0.400}},
    };
    return bands;
}

double peerTemperatureScale(int elo, chess::GamePhase phase, const std::vector<PeerScaleBand>& bands) {
    if (bands.empty()) return 1.0;
    const auto f = std::size_t(phase);
    std::size_t b = 0;
    for (std::size_t i = 1; i < bands.size(); ++i) {
        const int edge = bands[i].low;
        if (elo > edge - kPeerScaleBlend && elo < edge + kPeerScaleBlend) {
            const double t = double(elo - (edge - kPeerScaleBlend)) / double(2 * kPeerScaleBlend);
            return std::exp((1.0 - t) * std::log(bands[i - 1].scale[f]) + t * std::log(bands[i].scale[f]));
        }
        if (elo >= edge) b = i;
    }
    return bands[b].scale[f];
}

CandidateFn peerCandidates(const play::MovePolicy& policy, const std::vector<PeerScaleBand>& bands) {
    return [policy, bands](const ErrorPosition& p) {
        play::MovePolicy q = policy;
        if (q.calibrated) q.temperature *= peerTemperatureScale(p.moverElo, chess::gamePhase(p.position), bands);
        return play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, q, p.outcomes);
    };
}

namespace {

/// One band and phase's positions and the players' mean loss there.
struct PeerCell {
    std::vector<const ErrorPosition*> in;
    double humanLoss = 0.0;
};

double peerMeanLoss(const PeerCell& c, const std::vector<PeerScaleBand>& bands) {
    const CandidateFn peer = peerCandidates(play::MovePolicy{}, bands);
    double loss = 0.0;
    for (const ErrorPosition* p : c.in) loss += expectedLoss(*p, peer(*p)).first;
    return loss / double(c.in.size());
}

/// The squared log ratio of the peer's mean loss to the players' (a factor too high costs as much as one too low).
double peerMismatch(const PeerCell& c, const std::vector<PeerScaleBand>& bands) {
    const double r = std::log(std::max(peerMeanLoss(c, bands), 1e-9) / std::max(c.humanLoss, 1e-9));
    return r * r;
}

constexpr double kLowestScale = kPeerScaleRange[0], kHighestScale = kPeerScaleRange[1];
constexpr int kGridSteps = 32;

/// The scale of `bands[k]` in `f` that fits `cell` best, the other bands as they are: the grid, then a finer grid
/// between the best point's neighbours.
double bestScale(const PeerCell& cell, std::vector<PeerScaleBand>& bands, std::size_t k, std::size_t f) {
    const double step = std::pow(kHighestScale / kLowestScale, 1.0 / kGridSteps);
    double best = bands[k].scale[f], bestMismatch = peerMismatch(cell, bands);
    const auto tryScale = [&](double s) {
        bands[k].scale[f] = s;
        if (const double m = peerMismatch(cell, bands); m < bestMismatch) {
            bestMismatch = m;
            best = s;
        }
    };
    for (int i = 0; i <= kGridSteps; ++i) tryScale(kLowestScale * std::pow(step, double(i)));
    const double centre = best;
    for (int i = -4; i <= 4; ++i)
        if (i != 0) tryScale(std::clamp(centre * std::pow(step, i / 5.0), kLowestScale, kHighestScale));
    bands[k].scale[f] = best;
    return best;
}

}  // namespace

std::vector<PeerScaleBand> fitPeerScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions) {
    std::vector<PeerScaleBand> bands;
    // cells[b][f]: the positions of band b in phase f; nullopt under minPositions (its scale stays 1).
    std::vector<std::array<std::optional<PeerCell>, chess::kGamePhases>> cells(kStrengthBandLow.size());
    for (std::size_t b = 0; b < kStrengthBandLow.size(); ++b) {
        bands.push_back({kStrengthBandLow[b], {1.0, 1.0, 1.0}});
        std::array<PeerCell, chess::kGamePhases> byPhase;
        for (const auto& p : positions) {
            if (std::size_t(strengthBand(p.moverElo)) != b) continue;
            PeerCell& c = byPhase[std::size_t(chess::gamePhase(p.position))];
            c.in.push_back(&p);
            c.humanLoss += p.humanLoss;
        }
        for (std::size_t f = 0; f < byPhase.size(); ++f) {
            if (std::int64_t(byPhase[f].in.size()) < minPositions || byPhase[f].humanLoss <= 0.0) continue;
            byPhase[f].humanLoss /= double(byPhase[f].in.size());
            cells[b][f] = std::move(byPhase[f]);
        }
    }
    // A band's positions near its edges read a blend with the next band's scale: passes until no scale moves by more
    // than 1%.
    for (int pass = 0; pass < 8; ++pass) {
        bool moved = false;
        for (std::size_t b = 0; b < bands.size(); ++b)
            for (std::size_t f = 0; f < std::size_t(chess::kGamePhases); ++f) {
                if (!cells[b][f]) continue;
                const double before = bands[b].scale[f];
                if (std::abs(std::log(bestScale(*cells[b][f], bands, b, f) / before)) > 0.01) moved = true;
            }
        if (!moved) break;
    }
    return bands;
}

}  // namespace kibitz::evaluation
