// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/elo_guess.h"

#include "core/encoding/game_conditioning.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kibitz::evaluation {

EloGuessOptions EloGuessOptions::calibrated() {
    EloGuessOptions o;
    o.prior = Prior::Population;
    o.temper = kGuessEloTemper;
    o.estimate = Estimate::PosteriorMedian;
    return o;
}

namespace {

/// Players (both colours) of the training split's games in 100-point cells centred on 600, 700, ..., 3200, the end
/// cells holding everything beyond: 249,964 player-games counted by scripts/rating_histogram.py in ../shared/data/games
/// (the lichess files the trainer reads; the hold-out rule of training::isHeldOut, 30 per mille).
constexpr std::array<int, 27> kPopulationCounts = {46,    220,   1229,  4428,  7277,  6544,  7513,  11805, 20180,
                                                   20991, 26279, 24300, 21682, 23652, 20657, 18418, 6959,  3690,
                                                   2772,  1687,  1124,  1018,  1372,  2156,  3733,  4474,  5758};

}  // namespace

double populationLogPrior(double elo) {
    static const std::array<double, kPopulationCounts.size()> logDensity = [] {
        constexpr std::size_t n = kPopulationCounts.size();
        double total = 0.0;
        for (int c : kPopulationCounts) total += c;
        // Players per rating point in each cell. The end cells hold everyone beyond them, and the grid ends at their
        // centres, so their whole count goes in their inner half cell (50 points).
        std::array<double, n> perPoint{};
        for (std::size_t i = 0; i < n; ++i)
            perPoint[i] = kPopulationCounts[i] / (i == 0 || i + 1 == n ? 50.0 : 100.0) / total;
        std::array<double, n> out{};
        for (std::size_t i = 0; i < n; ++i) {
            // (1 2 1) / 4, the end cells standing in for their missing neighbours.
            const double left = perPoint[i == 0 ? 0 : i - 1];
            const double right = perPoint[i + 1 == n ? i : i + 1];
            out[i] = std::log(std::max(0.25 * left + 0.5 * perPoint[i] + 0.25 * right, 1e-9));
        }
        return out;
    }();
    const double x = (elo - 600.0) / 100.0;
    if (!(x > 0)) return logDensity.front();
    const auto last = double(logDensity.size() - 1);
    if (x >= last) return logDensity.back();
    const auto i = std::size_t(x);
    const double t = x - double(i);
    return (1.0 - t) * logDensity[i] + t * logDensity[i + 1];
}

std::vector<int> eloGuessGrid(const EloGuessOptions& o) {
    std::vector<int> grid;
    for (int e = o.minElo; e <= o.maxElo; e += std::max(1, o.step)) grid.push_back(e);
    return grid;
}

EloEstimate estimateFromCurve(const std::vector<int>& grid, const std::vector<double>& ll, double drop) {
    EloEstimate est;
    if (grid.empty() || ll.size() != grid.size()) return est;
    const std::size_t best = std::size_t(std::max_element(ll.begin(), ll.end()) - ll.begin());
    double peak = ll[best];
    est.estimate = grid[best];
    // Parabola through the best point and its neighbours (interior maxima only).
    if (best > 0 && best + 1 < grid.size()) {
        const double a = ll[best - 1], b = ll[best], c = ll[best + 1];
        const double denom = a - 2 * b + c;
        if (denom < 0) {
            const double offset = 0.5 * (a - c) / denom;  // in grid steps, within [-0.5, 0.5]
            const double stepSize = grid[best + 1] - grid[best];
            est.estimate = grid[best] + std::clamp(offset, -0.5, 0.5) * stepSize;
            peak = b - 0.25 * (a - c) * offset;
        }
    }
    const double level = peak - drop;
    // Walk out from the maximum to where the curve crosses `level` (linear interpolation); the grid's end otherwise.
    est.low = grid.front();
    for (std::size_t i = best; i > 0; --i) {
        if (ll[i - 1] < level) {
            const double t = (ll[i] - level) / (ll[i] - ll[i - 1]);
            est.low = grid[i] - t * (grid[i] - grid[i - 1]);
            break;
        }
    }
    est.high = grid.back();
    for (std::size_t i = best; i + 1 < grid.size(); ++i) {
        if (ll[i + 1] < level) {
            const double t = (ll[i] - level) / (ll[i] - ll[i + 1]);
            est.high = grid[i] + t * (grid[i + 1] - grid[i]);
            break;
        }
    }
    est.low = std::min(est.low, est.estimate);
    est.high = std::max(est.high, est.estimate);
    est.logLikelihood = ll;
    est.valid = true;
    return est;
}

EloEstimate posteriorFromCurve(const std::vector<int>& grid, const std::vector<double>& logPosterior, double credible) {
    EloEstimate est;
    if (grid.empty() || logPosterior.size() != grid.size()) return est;
    const double peak = *std::max_element(logPosterior.begin(), logPosterior.end());
    std::vector<double> density(grid.size());
    for (std::size_t i = 0; i < grid.size(); ++i) density[i] = std::exp(logPosterior[i] - peak);
    if (grid.size() == 1) {
        est.estimate = est.low = est.high = grid.front();
    } else {
        // Mass of each segment under the linear interpolation of the density, and the rating where the cumulative
        // mass reaches a share q (solving the quadratic inside the segment).
        std::vector<double> cum(grid.size(), 0.0);
        for (std::size_t i = 1; i < grid.size(); ++i)
            cum[i] = cum[i - 1] + 0.5 * (density[i - 1] + density[i]) * (grid[i] - grid[i - 1]);
        const double total = cum.back();
        auto quantile = [&](double q) {
            const double target = q * total;
            for (std::size_t i = 1; i < grid.size(); ++i) {
                if (cum[i] < target && i + 1 < grid.size()) continue;
                const double w = grid[i] - grid[i - 1];
                const double a = density[i - 1], b = density[i];
                const double need = std::clamp(target - cum[i - 1], 0.0, cum[i] - cum[i - 1]);
                // mass(x) = a x + (b - a) x^2 / (2 w) for x in [0, w]
                double x = 0.0;
                if (std::abs(b - a) < 1e-12 * std::max(a, b))
                    x = a > 0 ? need / a : 0.0;
                else {
                    const double k = (b - a) / (2 * w);
                    x = (-a + std::sqrt(std::max(0.0, a * a + 4 * k * need))) / (2 * k);
                }
                return grid[i - 1] + std::clamp(x, 0.0, w);
            }
            return double(grid.back());
        };
        // total > 0: the density is 1 at the peak and the grid has at least two points.
        const double tail = 0.5 * (1.0 - std::clamp(credible, 0.0, 1.0));
        est.estimate = quantile(0.5);
        est.low = quantile(tail);
        est.high = quantile(1.0 - tail);
    }
    est.logLikelihood = logPosterior;
    est.valid = true;
    return est;
}

Result<GameEloGuess> guessGameElo(encoding::Evaluator& evaluator, const chess::PgnGame& game,
                                  const EloGuessOptions& options) {
    auto start = game.startPosition();
    if (!start) return start.error();
    const std::vector<int> grid = eloGuessGrid(options);
    if (grid.empty()) return makeError(ErrorCode::InvalidInput, "empty rating grid");
    const auto conds = encoding::plyConditionings(game);

    // Every (ply, grid rating) query of the game, with the move played.
    std::vector<chess::Position> positions;
    std::vector<encoding::Conditioning> qConds;
    std::vector<encoding::RecentMoves> recents;
    struct Query {
        int side;
        std::size_t level;
        chess::Move played;
    };
    std::vector<Query> queries;
    int moves[2] = {0, 0};
    chess::Position pos = *start;
    encoding::RecentMoves history;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const chess::Move m = game.moves[i].move;
        const int side = int(pos.sideToMove());
        if (pos.countLegalMoves() > 1) {
            ++moves[side];
            for (std::size_t l = 0; l < grid.size(); ++l) {
                encoding::Conditioning c = conds[i];
                c.moverElo = grid[l];
                switch (options.opponent) {
                    case EloGuessOptions::Opponent::FromTag:
                        if (!c.oppElo) c.oppElo = grid[l];
                        break;
                    case EloGuessOptions::Opponent::SameAsMover: c.oppElo = grid[l]; break;
                    case EloGuessOptions::Opponent::Unknown: c.oppElo.reset(); break;
                }
                positions.push_back(pos.snapshot());
                qConds.push_back(c);
                recents.push_back(history);
                queries.push_back({side, l, m});
            }
        }
        history.push(pos, m);
        pos.makeMove(m);
    }

    std::vector<double> ll[2] = {std::vector<double>(grid.size(), 0.0), std::vector<double>(grid.size(), 0.0)};
    const std::size_t step = std::size_t(std::max(1, options.batchSize));
    for (std::size_t first = 0; first < positions.size(); first += step) {
        const std::size_t last = std::min(positions.size(), first + step);
        std::vector<chess::Position> bp(positions.begin() + std::ptrdiff_t(first),
                                        positions.begin() + std::ptrdiff_t(last));
        std::vector<encoding::Conditioning> bc(qConds.begin() + std::ptrdiff_t(first),
                                               qConds.begin() + std::ptrdiff_t(last));
        std::vector<encoding::RecentMoves> br(recents.begin() + std::ptrdiff_t(first),
                                              recents.begin() + std::ptrdiff_t(last));
        auto dists = evaluator.moveDistributionsWithHistory(bp, bc, br);
        if (!dists) return dists.error();
        if (dists->size() != bp.size()) return makeError(ErrorCode::Runtime, "evaluator returned too few results");
        for (std::size_t j = 0; j < bp.size(); ++j) {
            const Query& q = queries[first + j];
            double p = 0.0;
            for (const auto& mp : (*dists)[j])
                if (mp.move == q.played) p = double(mp.prob);
            ll[q.side][q.level] += std::log(std::max(p, 1e-9));
        }
    }
    const std::vector<double> movesLl[2] = {ll[0], ll[1]};
    for (auto& curve : ll)
        for (std::size_t l = 0; l < grid.size(); ++l) {
            curve[l] *= options.temper;
            if (options.prior == EloGuessOptions::Prior::Gaussian && options.priorSd > 0) {
                const double z = (grid[l] - options.priorMean) / options.priorSd;
                curve[l] -= 0.5 * z * z;
            } else if (options.prior == EloGuessOptions::Prior::Population) {
                curve[l] += populationLogPrior(grid[l]);
            }
        }
    GameEloGuess out;
    EloEstimate* est[2] = {&out.white, &out.black};
    for (int side = 0; side < 2; ++side) {
        if (moves[side] == 0) continue;
        *est[side] = options.estimate == EloGuessOptions::Estimate::PosteriorMedian
                         ? posteriorFromCurve(grid, ll[side], options.credible)
                         : estimateFromCurve(grid, ll[side], options.intervalDrop);
        est[side]->moves = moves[side];
        est[side]->movesLogLikelihood = movesLl[side];
    }
    return out;
}

}  // namespace kibitz::evaluation
