// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/elo_guess.h"

#include "core/encoding/blend_evaluator.h"
#include "core/encoding/game_conditioning.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace kibitz::evaluation {

EloGuessOptions EloGuessOptions::calibrated() {
    EloGuessOptions o;
    o.prior = Prior::Population;
    o.temper = kGuessEloTemper;
    o.estimate = Estimate::PosteriorMedian;
    return o;
}

EloGuessOptions EloGuessOptions::calibratedPairs() {
    EloGuessOptions o = calibrated();
    o.prior = Prior::PopulationPairs;
    o.opponent = Opponent::Unknown;
    return o;
}

namespace {

/// Players (both colours) of the training split's games in 100-point cells centred on 600, 700, ..., 3200, the end
/// cells holding everything beyond: 249,964 player-games counted by scripts/models/rating_histogram.py in
/// ../shared/data/games (the lichess files the trainer reads; the hold-out rule of training::isHeldOut, 30 per mille).
constexpr std::array<int, 27> kPopulationCounts = {46,    220,   1229,  4428,  7277,  6544,  7513,  11805, 20180,
                                                   20991, 26279, 24300, 21682, 23652, 20657, 18418, 6959,  3690,
                                                   2772,  1687,  1124,  1018,  1372,  2156,  3733,  4474,  5758};

/// Games of the training split with both ratings, by the cells (as kPopulationCounts) of their two ratings,
/// symmetrised: a game rated (a, b) counts in (a, b) and in (b, a). The upper triangle row by row (cells (i, j),
/// j >= i): 124,982 games counted by scripts/models/rating_histogram.py --pairs in the same files with the same rule.
// clang-format off
constexpr std::array<int, 27 * 28 / 2> kPairCounts = {
    14, 10, 3, 3, 2, 1, 3, 3, 2, 1, 0, 1, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    90, 88, 4, 4, 5, 7, 2, 0, 0, 2, 4, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    504, 500, 13, 9, 12, 19, 14, 14, 10, 7, 6, 9, 3, 10, 3, 1, 2, 1, 0, 0, 0, 0, 0, 0, 1,
    2364, 1243, 24, 43, 51, 37, 39, 27, 20, 20, 18, 15, 9, 7, 2, 1, 0, 1, 0, 0, 0, 0, 0, 0,
    4246, 1337, 85, 58, 61, 56, 42, 41, 25, 25, 11, 13, 6, 5, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    3388, 1103, 112, 112, 113, 91, 59, 44, 65, 33, 27, 4, 7, 6, 3, 0, 0, 0, 0, 1, 0, 0,
    3912, 1397, 168, 122, 168, 144, 87, 96, 66, 48, 21, 11, 7, 7, 4, 0, 0, 1, 0, 0, 1,
    6592, 2453, 233, 214, 179, 147, 140, 91, 55, 24, 8, 14, 4, 3, 0, 1, 1, 3, 0, 1,
    12416, 3273, 358, 323, 274, 317, 170, 93, 42, 18, 22, 13, 5, 3, 1, 0, 4, 0, 1,
    11816, 3373, 476, 417, 411, 297, 165, 73, 39, 40, 21, 8, 0, 0, 0, 3, 0, 1,
    15508, 4046, 674, 634, 490, 353, 108, 62, 49, 28, 22, 4, 1, 0, 9, 5, 1,
    13082, 3274, 920, 667, 625, 187, 93, 69, 38, 21, 8, 3, 0, 9, 3, 1,
    10794, 3550, 945, 762, 279, 134, 104, 61, 41, 13, 3, 3, 10, 5, 8,
    11964, 3398, 1156, 430, 211, 157, 57, 55, 12, 4, 0, 8, 6, 8,
    9310, 3864, 644, 251, 201, 68, 67, 15, 6, 5, 16, 7, 13,
    8624, 1846, 364, 197, 102, 62, 7, 10, 5, 7, 6, 8,
    2212, 714, 169, 63, 51, 29, 5, 3, 5, 17, 17,
    1034, 504, 99, 48, 18, 21, 13, 16, 9, 8,
    708, 295, 79, 45, 15, 17, 26, 28, 16,
    390, 150, 128, 29, 17, 39, 44, 29,
    188, 82, 37, 73, 47, 45, 35,
    48, 169, 195, 139, 85, 18,
    278, 187, 253, 268, 80,
    58, 372, 602, 604,
    394, 741, 1630,
    564, 2039,
    1238,
};
// clang-format on

/// Per rating point in each cell: the end cells hold everyone beyond them, and the grid ends at their centres, so
/// their whole count goes in their inner half cell.
double cellWidth(std::size_t i, std::size_t n) { return i == 0 || i + 1 == n ? 50.0 : 100.0; }

/// Linear interpolation of a per-cell table (cells centred on 600, 700, ...), constant beyond the end cells: the
/// cell index and the weight of the next one.
std::pair<std::size_t, double> cellPosition(double elo, std::size_t n) {
    const double x = (elo - 600.0) / 100.0;
    if (!(x > 0)) return {0, 0.0};
    if (x >= double(n - 1)) return {n - 1, 0.0};
    const auto i = std::size_t(x);
    return {i, x - double(i)};
}

}  // namespace

double populationLogPrior(double elo) {
    static const std::array<double, kPopulationCounts.size()> logDensity = [] {
        constexpr std::size_t n = kPopulationCounts.size();
        double total = 0.0;
        for (int c : kPopulationCounts) total += c;
        // Players per rating point in each cell. The end cells hold everyone beyond them, and the grid ends at their
        // centres, so their whole count goes in their inner half cell (50 points).
        std::array<double, n> perPoint{};
        for (std::size_t i = 0; i < n; ++i) perPoint[i] = kPopulationCounts[i] / cellWidth(i, n) / total;
        std::array<double, n> out{};
        for (std::size_t i = 0; i < n; ++i) {
            // (1 2 1) / 4, the end cells standing in for their missing neighbours.
            const double left = perPoint[i == 0 ? 0 : i - 1];
            const double right = perPoint[i + 1 == n ? i : i + 1];
            out[i] = std::log(std::max(0.25 * left + 0.5 * perPoint[i] + 0.25 * right, 1e-9));
        }
        return out;
    }();
    const auto [i, t] = cellPosition(elo, logDensity.size());
    return t > 0 ? (1.0 - t) * logDensity[i] + t * logDensity[i + 1] : logDensity[i];
}

double populationPairLogPrior(double eloA, double eloB) {
    constexpr std::size_t n = kPopulationCounts.size();
    using Table = std::array<std::array<double, n>, n>;
    static const Table logDensity = [] {
        Table density{};
        double total = 0.0;
        std::size_t k = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i; j < n; ++j, ++k) {
                density[i][j] = density[j][i] = kPairCounts[k];
                total += i == j ? kPairCounts[k] : 2.0 * kPairCounts[k];
            }
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) density[i][j] /= cellWidth(i, n) * cellWidth(j, n) * total;
        // (1 2 1) / 4 along each axis, the end cells standing in for their missing neighbours (as the players' table).
        auto smooth = [](const Table& in, bool alongRows) {
            Table out{};
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    auto at = [&](std::size_t c) { return alongRows ? in[i][c] : in[c][j]; };
                    const std::size_t c = alongRows ? j : i;
                    out[i][j] = 0.25 * at(c == 0 ? 0 : c - 1) + 0.5 * at(c) + 0.25 * at(c + 1 == n ? c : c + 1);
                }
            return out;
        };
        density = smooth(smooth(density, true), false);
        // Pairs never seen (600 against 3200) keep a density a billion times below the densest cell rather than
        // none, so a game that plays like them still has a posterior.
        double peak = 0.0;
        for (const auto& row : density)
            for (double v : row) peak = std::max(peak, v);
        Table out{};
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) out[i][j] = std::log(std::max(density[i][j], 1e-9 * peak));
        return out;
    }();
    const auto [i, s] = cellPosition(eloA, n);
    const auto [j, t] = cellPosition(eloB, n);
    const std::size_t i1 = std::min(i + 1, n - 1), j1 = std::min(j + 1, n - 1);
    return (1 - s) * ((1 - t) * logDensity[i][j] + t * logDensity[i][j1]) +
           s * ((1 - t) * logDensity[i1][j] + t * logDensity[i1][j1]);
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

EloEstimate estimateOnScale(const EloEstimate& estimate, encoding::RatingSite site) {
    EloEstimate out = estimate;
    if (!out.valid) return out;
    out.estimate = encoding::fromLichessScale(estimate.estimate, site);
    out.low = encoding::fromLichessScale(estimate.low, site);
    out.high = encoding::fromLichessScale(estimate.high, site);
    return out;
}

Result<GameEloGuess> guessGameElo(encoding::Evaluator& given, const chess::PgnGame& game,
                                  const EloGuessOptions& options) {
    // A blend is read through its primary model, the one the calibration was fitted on.
    auto* blend = dynamic_cast<encoding::BlendEvaluator*>(&given);
    encoding::Evaluator& evaluator = blend ? blend->primary() : given;
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
    bool toldOpponent[2] = {false, false};  // the model heard the opponent's real rating (FromTag with the tag)
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
                        if (c.oppElo)
                            toldOpponent[side] = true;
                        else
                            c.oppElo = grid[l];
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
    const std::size_t step = options.batchSize > 0 ? std::size_t(options.batchSize) : grid.size();
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
    using Prior = EloGuessOptions::Prior;
    const bool jointly = options.prior == Prior::PopulationPairs && !toldOpponent[0] && !toldOpponent[1];
    for (auto& curve : ll)
        for (std::size_t l = 0; l < grid.size(); ++l) {
            curve[l] *= options.temper;
            if (options.prior == Prior::Gaussian && options.priorSd > 0) {
                const double z = (grid[l] - options.priorMean) / options.priorSd;
                curve[l] -= 0.5 * z * z;
            } else if (options.prior == Prior::Population || (options.prior == Prior::PopulationPairs && !jointly)) {
                curve[l] += populationLogPrior(grid[l]);
            }
        }
    if (jointly) {
        // The posterior over (white, black) pairs, and each player's marginal (log-sum-exp over the other's grid).
        const std::size_t n = grid.size();
        std::vector<double> pair(n * n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                pair[i * n + j] = ll[0][i] + ll[1][j] + populationPairLogPrior(grid[i], grid[j]);
        auto logSumExp = [&](std::size_t first, std::size_t stride) {
            double peak = -std::numeric_limits<double>::infinity();
            for (std::size_t k = 0; k < n; ++k) peak = std::max(peak, pair[first + k * stride]);
            double sum = 0.0;
            for (std::size_t k = 0; k < n; ++k) sum += std::exp(pair[first + k * stride] - peak);
            return peak + std::log(sum);
        };
        for (std::size_t i = 0; i < n; ++i) {
            ll[0][i] = logSumExp(i * n, 1);  // White at grid[i], Black anywhere
            ll[1][i] = logSumExp(i, n);      // Black at grid[i]
        }
    }
    GameEloGuess out;
    out.jointly = jointly;
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
