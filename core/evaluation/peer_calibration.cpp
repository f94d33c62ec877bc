// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/peer_calibration.h"

#include "core/encoding/blend_evaluator.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace kibitz::evaluation {

const std::vector<PeerScaleBand>& peerScaleBands() {
    // Per band: opening, middlegame, endgame scales for a game of unknown speed (all speeds), bullet, blitz, and rapid
    // or slower; the engine tilt last. Fitted on both halves of the held-out games (45,542 positions) with `kibitz-cli
    // eval strength errors --split heldout --every 8 --every-below 1000:2,1400:4 --max-per-band 0 --depth 8 --fit` on
    // the shipped default model and mover: the thin bands are sampled densely (5,418 positions under 1000, 10,368 at
    // 1000-1399) so that their cells rest on as many positions as the others. The same fit on either half puts 14 and
    // 14 of the other half's 15 band x phase cells within 0.9-1.1 of the players (the plain rule: 9), and 13 of 14 and
    // 12 of 13 band x speed cells; out are the <1000 middlegame (1.11, validation's fit on the test half) and the
    // 1000-1399 endgame (1.11, the other way). The tilt (32, the grid's best; 24 and 48 err more) starts at 2400, and
    // at 2000 in rapid and slower games, whose players from 2000 lose less than the model's favourite moves: over the
    // players the peer then reads 0.99 / 1.02 from 2400 / 2800 and 1.00 / 0.98 / 1.00 in the 2000-2399 rapid opening
    // / middlegame / endgame (untilted 1.38 / 1.51 and 1.00 / 1.12 / 1.32). Scales at the range's ends: the 2000-2399
    // bullet middlegame and endgame (its players err more than the rule does even at 2.5); the 1700-1999 rapid
    // middlegame and endgame, the 2000-2399 rapid middlegame and the 2400+ rapid endgame (less even at 0.4). Cells
    // under 100 positions (the <1000 bullet and blitz classes, the 2400+ blitz class) keep the scales over all speeds.
    // The tilt in the opening is 0.68 of itself (`--fit-peer-tilt-phase opening` on every ply of the held-out
    // 2400-2799 movers and one in four from 2800, docs/studies/2026-12-06-peer-top-openings.md): with the whole tilt
    // the peer lost only about 0.92 of what players from 2400 lose in the opening (1.10 over the 2400-2799 movers), and
    // no temperature mends that, since a looser one lets the tilt pull harder. Checked two-fold, it puts all four
    // top-span opening cells within 0.9-1.1 (the whole tilt: two) and changes no other count.
    using S = PeerScaleBand::PhaseScales;
    static const std::vector<PeerScaleBand> bands{
        {0, {S{1.161, 1.174, 0.966}, S{1.161, 1.174, 0.966}, S{1.161, 1.174, 0.966}, S{1.134, 1.174, 0.989}}},
        {1000, {S{1.023, 0.814, 0.902}, S{1.272, 1.059, 1.394}, S{0.882, 0.833, 0.989}, S{1.035, 0.786, 0.852}}},
        {1400, {S{1.035, 0.742, 0.611}, S{1.316, 1.035, 1.694}, S{1.161, 0.842, 0.611}, S{0.966, 0.693, 0.433}}},
        {1700, {S{1.257, 1.035, 1.121}, S{1.545, 1.410, 1.773}, S{0.892, 1.012, 0.438}, S{1.000, 0.400, 0.400}}},
        {2000, {S{1.362, 1.528, 1.316}, S{1.733, 2.500, 2.500}, S{1.347, 1.878, 1.426}, S{1.793, 0.400, 2.034}}},
        {2400,
         {S{1.694, 1.856, 0.989}, S{0.584, 1.161, 0.701}, S{1.694, 1.856, 0.989}, S{0.701, 1.618, 0.400}},
         32.0,
         {0.680, 1.000, 1.000}},
    };
    return bands;
}

int peerBand(int elo) { return bandOf(elo, kPeerBandLow); }

PeerSpeed peerSpeed(std::optional<chess::GameSpeed> speed) {
    if (!speed) return PeerSpeed::Any;
    switch (*speed) {
        case chess::GameSpeed::Bullet: return PeerSpeed::Bullet;
        case chess::GameSpeed::Blitz: return PeerSpeed::Blitz;
        case chess::GameSpeed::Rapid:
        case chess::GameSpeed::Classical: break;
    }
    return PeerSpeed::Rapid;
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

double peerEngineTilt(int elo, PeerSpeed speed, const std::vector<PeerScaleBand>& bands,
                      std::optional<chess::GamePhase> phase) {
    if (bands.empty()) return 0.0;
    const int start = speed == PeerSpeed::Rapid ? kPeerRapidLeanFrom : kPeerTiltFrom;
    const double multiple = phase ? bands.back().tiltByPhase[std::size_t(*phase)] : 1.0;
    return elo > start ? bands.back().engineTilt * multiple * double(elo - start) / 1000.0 : 0.0;
}

PeerModelFit peerModelFit(const encoding::Evaluator& model) {
    const auto isDefault = [](const encoding::Evaluator& e) {
        return e.describe().find("human-default.kibitz") != std::string::npos;
    };
    const auto* blend = dynamic_cast<const encoding::BlendEvaluator*>(&model);
    if (blend == nullptr) return isDefault(model) ? PeerModelFit::NetsMissing : PeerModelFit::OtherModel;
    // A model of a player fine-tuned from the default is blended relative to it, and a blend of other weights
    // (`+maia-1@0.3`) is another mix: other models.
    const bool asShipped = blend->schedule().weight == 0.5 && blend->schedule().fade == 2000;
    return !blend->hasReference() && asShipped && isDefault(blend->primary()) ? PeerModelFit::Fitted
                                                                              : PeerModelFit::OtherModel;
}

namespace {

/// The peer's candidates in `p` with the scales of `speed`.
std::vector<encoding::MoveProb> peerCandidatesIn(const ErrorPosition& p, const play::MovePolicy& policy,
                                                 PeerSpeed speed, const std::vector<PeerScaleBand>& bands) {
    play::MovePolicy q = policy;
    if (!q.calibrated) return play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, q, p.outcomes);
    const chess::GamePhase phase = chess::gamePhase(p.position);
    q.temperature *= peerTemperatureScale(p.moverElo, phase, speed, bands);
    auto cands = play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, q, p.outcomes);
    const double beta = peerEngineTilt(p.moverElo, speed, bands, phase);
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

/// Where in [low, high] `mismatch` is least: `start` unless a point beats it, of a logarithmic grid of kGridSteps
/// steps, then of a finer grid between the best point's neighbours.
double leastOnLogGrid(double low, double high, double start, const std::function<double(double)>& mismatch) {
    const double step = std::pow(high / low, 1.0 / kGridSteps);
    double best = start, bestMismatch = mismatch(start);
    const auto tryAt = [&](double x) {
        if (const double m = mismatch(x); m < bestMismatch) {
            bestMismatch = m;
            best = x;
        }
    };
    for (int i = 0; i <= kGridSteps; ++i) tryAt(low * std::pow(step, double(i)));
    const double centre = best;
    for (int i = -4; i <= 4; ++i)
        if (i != 0) tryAt(std::clamp(centre * std::pow(step, i / 5.0), low, high));
    return best;
}

/// The scale of `bands[k]` in `cell`'s speed class and phase `f` that fits `cell` best, the other bands as they are.
double bestScale(const PeerCell& cell, std::vector<PeerScaleBand>& bands, std::size_t k, std::size_t f) {
    double& scale = bands[k].scale[std::size_t(cell.speed)][f];
    scale = leastOnLogGrid(kLowestScale, kHighestScale, scale, [&](double s) {
        scale = s;
        return peerMismatch(cell, bands);
    });
    return scale;
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

/// The scales fitted with the top band's tilt at `engineTilt`; the bands under `refitFrom` keep `kept`'s, and with
/// `onlyPhase` those from it keep kept's other phases.
std::vector<PeerScaleBand> fitScalesAt(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                                       double engineTilt, const std::vector<PeerScaleBand>& kept, int refitFrom,
                                       std::optional<chess::GamePhase> onlyPhase) {
    std::vector<PeerScaleBand> bands;
    for (std::size_t b = 0; b < kPeerBandLow.size(); ++b) {
        PeerScaleBand band;  // every scale 1
        if (kPeerBandLow[b] < refitFrom || onlyPhase) band = kept[b];
        band.low = kPeerBandLow[b];
        band.engineTilt = 0.0;
        bands.push_back(band);
    }
    bands.back().engineTilt = engineTilt;
    for (int c = 0; c < kPeerSpeeds; ++c) {
        const auto speed = PeerSpeed(c);
        // cells[b][f]: band b's positions of this class in phase f; nullopt under minPositions.
        std::vector<std::array<std::optional<PeerCell>, chess::kGamePhases>> cells(bands.size());
        for (std::size_t b = 0; b < bands.size(); ++b) {
            if (bands[b].low < refitFrom) continue;  // kept as given
            std::array<PeerCell, chess::kGamePhases> byPhase;
            for (const auto& p : positions) {
                if (std::size_t(peerBand(p.moverElo)) != b) continue;
                if (speed != PeerSpeed::Any && peerSpeed(p.speed) != speed) continue;
                PeerCell& cell = byPhase[std::size_t(chess::gamePhase(p.position))];
                cell.in.push_back(&p);
                cell.humanLoss += p.humanLoss;
            }
            for (std::size_t f = 0; f < byPhase.size(); ++f) {
                if (onlyPhase && f != std::size_t(*onlyPhase)) continue;  // kept as given
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

/// How `bands`' peer errs where the engine tilts it: per kPeerTiltSpans entry its positions and the peer's mean loss
/// over the players' (as the profile reads it, each position at its game's speed class), the same per phase from
/// kPeerTiltFrom and per phase for the rapid games below it where the tilt starts earlier, and the mismatch the fit
/// ranks.
PeerTiltTrial tiltTrial(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                        const std::vector<PeerScaleBand>& bands) {
    PeerTiltTrial t;
    t.engineTilt = bands.back().engineTilt;
    const int top = kPeerTiltFrom, rapidFrom = kPeerRapidLeanFrom;
    // Sums per span, per phase from kPeerTiltFrom, then per phase in the rapid games below it.
    constexpr std::size_t kSpans = kPeerTiltSpans.size(), kPhases = std::size_t(chess::kGamePhases),
                          kGroups = kSpans + 2 * kPhases;
    std::array<double, kGroups> peer{}, human{};
    std::array<std::int64_t, kGroups> count{};
    for (const auto& p : positions) {
        const PeerSpeed speed = peerSpeed(p.speed);
        const bool inTop = p.moverElo >= top;
        const bool rapidBelow = !inTop && speed == PeerSpeed::Rapid && p.moverElo >= rapidFrom && p.moverElo < top;
        if (!inTop && !rapidBelow) continue;
        const double loss = expectedLoss(p, peerCandidatesIn(p, {}, speed, bands)).first;
        const std::size_t phase = std::size_t(chess::gamePhase(p.position));
        const auto add = [&](std::size_t g) {
            peer[g] += loss;
            human[g] += p.humanLoss;
            ++count[g];
        };
        if (rapidBelow) {
            add(kSpans + kPhases + phase);
            continue;
        }
        std::size_t s = 0;
        while (s + 1 < kSpans && p.moverElo >= kPeerTiltSpans[s + 1]) ++s;
        add(s);
        add(kSpans + phase);
    }
    for (std::size_t g = 0; g < kGroups; ++g) {
        const double ratio = human[g] > 0.0 ? peer[g] / human[g] : 0.0;
        (g < kSpans ? t.spans : g < kSpans + kPhases ? t.phases : t.rapidPhases).emplace_back(count[g], ratio);
        if (count[g] >= minPositions && ratio > 0.0) t.mismatch += double(count[g]) * std::pow(std::log(ratio), 2);
    }
    return t;
}

}  // namespace

std::vector<PeerScaleBand> fitPeerPhaseFactor(const std::vector<ErrorPosition>& positions,
                                              const std::vector<PeerScaleBand>& kept, int refitFrom,
                                              chess::GamePhase phase, std::int64_t minPositions, double* factor,
                                              std::vector<PeerTiltTrial>* scan) {
    std::vector<const ErrorPosition*> in;
    double human = 0.0;
    for (const auto& p : positions)
        if (kPeerBandLow[std::size_t(peerBand(p.moverElo))] >= refitFrom && chess::gamePhase(p.position) == phase) {
            in.push_back(&p);
            human += p.humanLoss;
        }
    const auto scaled = [&](double k) {
        auto bands = kept;
        for (auto& band : bands)
            if (band.low >= refitFrom)
                for (auto& phases : band.scale)
                    phases[std::size_t(phase)] =
                        std::clamp(phases[std::size_t(phase)] * k, kLowestScale, kHighestScale);
        return bands;
    };
    const auto mismatch = [&](double k) {
        const auto bands = scaled(k);
        double peer = 0.0;
        for (const ErrorPosition* p : in)
            peer += expectedLoss(*p, peerCandidatesIn(*p, {}, peerSpeed(p->speed), bands)).first;
        const double r = std::log(std::max(peer, 1e-12) / std::max(human, 1e-12));
        return r * r;
    };
    double best = 1.0;
    if (kept.size() == kPeerBandLow.size() && std::int64_t(in.size()) >= minPositions && human > 0.0)
        best = leastOnLogGrid(kPeerFactorRange[0], kPeerFactorRange[1], best, mismatch);
    if (factor) *factor = best;
    auto bands = scaled(best);
    if (scan && !bands.empty()) scan->push_back(tiltTrial(positions, minPositions, bands));
    return bands;
}

std::vector<PeerScaleBand> fitPeerTiltPhase(const std::vector<ErrorPosition>& positions,
                                            const std::vector<PeerScaleBand>& kept, chess::GamePhase phase,
                                            std::int64_t minPositions, double* multiple,
                                            std::vector<PeerTiltTrial>* scan) {
    auto bands = kept;
    if (bands.empty()) return bands;
    std::vector<const ErrorPosition*> in;
    double human = 0.0;
    for (const auto& p : positions)
        if (chess::gamePhase(p.position) == phase && peerEngineTilt(p.moverElo, peerSpeed(p.speed), kept) > 0.0) {
            in.push_back(&p);
            human += p.humanLoss;
        }
    double& g = bands.back().tiltByPhase[std::size_t(phase)];
    if (std::int64_t(in.size()) >= minPositions && human > 0.0) {
        const auto mismatch = [&](double at) {
            g = at;
            double peer = 0.0;
            for (const ErrorPosition* p : in)
                peer += expectedLoss(*p, peerCandidatesIn(*p, {}, peerSpeed(p->speed), bands)).first;
            const double r = std::log(std::max(peer, 1e-12) / human);
            return r * r;
        };
        const double low = kPeerTiltMultipleRange[0], high = kPeerTiltMultipleRange[1];
        double best = g, bestMismatch = mismatch(g);
        const auto tryMultiple = [&](double at) {
            if (const double m = mismatch(at); m < bestMismatch) {
                bestMismatch = m;
                best = at;
            }
        };
        for (double at = low; at <= high + 1e-9; at += kPeerTiltMultipleStep) tryMultiple(at);
        const double centre = best;
        for (int i = -9; i <= 9; ++i)
            if (i != 0) tryMultiple(std::clamp(centre + i * kPeerTiltMultipleStep / 10.0, low, high));
        g = best;
    }
    if (multiple) *multiple = g;
    if (scan) scan->push_back(tiltTrial(positions, minPositions, bands));
    return bands;
}

std::vector<PeerScaleBand> fitPeerScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                                         std::vector<PeerTiltTrial>* scan, const std::vector<PeerScaleBand>& kept,
                                         int refitFrom, std::optional<chess::GamePhase> onlyPhase) {
    if (kept.size() != kPeerBandLow.size()) {  // nothing to keep
        refitFrom = 0;
        onlyPhase.reset();
    }
    if (onlyPhase) {
        auto bands = fitScalesAt(positions, minPositions, kept.back().engineTilt, kept, refitFrom, onlyPhase);
        if (scan) scan->push_back(tiltTrial(positions, minPositions, bands));
        return bands;
    }
    std::vector<PeerScaleBand> best;
    double bestMismatch = 0.0;
    for (const double tilt : kPeerTiltGrid) {
        auto bands = fitScalesAt(positions, minPositions, tilt, kept, refitFrom, std::nullopt);
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
