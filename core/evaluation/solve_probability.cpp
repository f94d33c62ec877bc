// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/solve_probability.h"

#include "core/chess/notation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace kibitz::evaluation {

int SolveCurve::hardestMove(std::size_t levelIndex) const {
    if (levelIndex >= moveProb.size() || moveProb[levelIndex].empty()) return -1;
    const auto& p = moveProb[levelIndex];
    return int(std::min_element(p.begin(), p.end()) - p.begin());
}

int SolveCurve::levelOf(int elo) const {
    const auto it = std::find(elos.begin(), elos.end(), elo);
    return it == elos.end() ? -1 : int(it - elos.begin());
}

double SolveCurve::solveAt(double elo) const {
    const std::size_t n = std::min(elos.size(), solve.size());
    if (n == 0) return 0.0;
    if (elo <= elos[0]) return solve[0];
    for (std::size_t l = 1; l < n; ++l)
        if (elo <= elos[l]) {
            const double t = (elo - elos[l - 1]) / double(elos[l] - elos[l - 1]);
            return solve[l - 1] + t * (solve[l] - solve[l - 1]);
        }
    return solve[n - 1];
}

namespace {

/// Index of `elo` in kSolveEloLevels, or -1.
int standardLevel(int elo) {
    const auto it = std::find(kSolveEloLevels.begin(), kSolveEloLevels.end(), elo);
    return it == kSolveEloLevels.end() ? -1 : int(it - kSolveEloLevels.begin());
}

}  // namespace

std::vector<float> solveFeatures(const SolveCurve& curve) {
    const std::size_t levels = kSolveEloLevels.size();
    std::vector<float> f(std::size_t(kSolveFeatureCount), std::numeric_limits<float>::quiet_NaN());
    for (std::size_t c = 0; c < curve.solve.size() && c < curve.elos.size() && c < curve.moveProb.size(); ++c) {
        const int l = standardLevel(curve.elos[c]);
        if (l < 0) continue;
        const auto& probs = curve.moveProb[c];
        double minLog = 0.0;
        for (double p : probs) minLog = std::min(minLog, std::log(std::max(p, kMinMoveProb)));
        const double firstLog = probs.empty() ? 0.0 : std::log(std::max(probs.front(), kMinMoveProb));
        f[std::size_t(l)] = float(curve.solve[c]);
        f[levels + std::size_t(l)] = float(minLog / 10.0);
        f[2 * levels + std::size_t(l)] = float(firstLog / 10.0);
    }
    return f;
}

bool hasSolveLevels(std::span<const float> features, std::span<const int> elos) {
    if (features.size() != std::size_t(kSolveFeatureCount)) return false;
    const std::size_t levels = kSolveEloLevels.size();
    for (const int elo : elos) {
        const int l = standardLevel(elo);
        if (l < 0) return false;
        for (std::size_t k = 0; k < 3; ++k)
            if (std::isnan(features[k * levels + std::size_t(l)])) return false;
    }
    return true;
}

Result<std::vector<SolveCurve>> computeSolveCurves(encoding::Evaluator& evaluator, std::span<const PuzzleLine> puzzles,
                                                   std::span<const int> elos, int maxBatch) {
    // One query per (solver position, level); remember where each answer goes.
    struct Query {
        std::size_t puzzle;
        std::size_t level;
        std::size_t move;
        chess::Move expected;
    };
    std::vector<chess::Position> positions;
    std::vector<encoding::Conditioning> conds;
    std::vector<encoding::RecentMoves> recent;
    std::vector<Query> queries;
    std::vector<SolveCurve> curves(puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const PuzzleLine& pz = puzzles[i];
        if (pz.line.size() < 2)
            return makeError(ErrorCode::InvalidInput,
                             "puzzle " + std::to_string(i + 1) + ": needs the setup move and a solver move");
        chess::Position pos = pz.beforeSetup.snapshot();
        encoding::RecentMoves history;
        const std::size_t solverMoves = pz.line.size() / 2;
        SolveCurve& c = curves[i];
        c.elos.assign(elos.begin(), elos.end());
        c.moveProb.assign(elos.size(), std::vector<double>(solverMoves, 0.0));
        c.solve.assign(elos.size(), 1.0);
        c.moveTop.assign(elos.size(), std::vector<char>(solverMoves, 0));
        for (std::size_t m = 0; m < pz.line.size(); ++m) {
            if (!pos.isLegal(pz.line[m]))
                return makeError(ErrorCode::InvalidInput, "puzzle " + std::to_string(i + 1) + ": move " +
                                                              std::to_string(m + 1) + " '" + chess::toUci(pz.line[m]) +
                                                              "' is illegal");
            if (m % 2 == 1 && m / 2 < solverMoves) {
                for (std::size_t l = 0; l < elos.size(); ++l) {
                    positions.push_back(pos.snapshot());
                    encoding::Conditioning cond;
                    cond.moverElo = elos[l];
                    cond.oppElo = elos[l];
                    conds.push_back(cond);
                    recent.push_back(history);
                    queries.push_back({i, l, m / 2, pz.line[m]});
                }
            }
            history.push(pos, pz.line[m]);
            pos.makeMove(pz.line[m]);
        }
    }
    const std::size_t step = std::size_t(std::max(1, maxBatch));
    for (std::size_t start = 0; start < positions.size(); start += step) {
        const std::size_t end = std::min(positions.size(), start + step);
        std::vector<chess::Position> bp(positions.begin() + std::ptrdiff_t(start),
                                        positions.begin() + std::ptrdiff_t(end));
        std::vector<encoding::Conditioning> bc(conds.begin() + std::ptrdiff_t(start),
                                               conds.begin() + std::ptrdiff_t(end));
        std::vector<encoding::RecentMoves> br(recent.begin() + std::ptrdiff_t(start),
                                              recent.begin() + std::ptrdiff_t(end));
        auto dists = evaluator.moveDistributionsWithHistory(bp, bc, br);
        if (!dists.ok()) return dists.error();
        if (dists.value().size() != bp.size())
            return makeError(ErrorCode::Runtime, "evaluator returned " + std::to_string(dists.value().size()) +
                                                     " distributions for " + std::to_string(bp.size()) + " positions");
        for (std::size_t j = 0; j < bp.size(); ++j) {
            const Query& q = queries[start + j];
            double p = 0.0;
            double best = -1.0;
            chess::Move top;
            for (const auto& mp : dists.value()[j]) {
                if (mp.move == q.expected) p = double(mp.prob);
                if (double(mp.prob) > best) {
                    best = double(mp.prob);
                    top = mp.move;
                }
            }
            curves[q.puzzle].moveProb[q.level][q.move] = p;
            curves[q.puzzle].moveTop[q.level][q.move] = best >= 0.0 && top == q.expected;
        }
    }
    for (auto& c : curves)
        for (std::size_t l = 0; l < c.solve.size(); ++l)
            for (double p : c.moveProb[l]) c.solve[l] *= p;
    return curves;
}

std::vector<int> maiaLevelElos() {
    std::vector<int> elos;
    for (const int band : kMaiaBands) elos.push_back(band + 50);
    return elos;
}

std::vector<float> maiaSolveFeatures(const SolveCurve& curve) {
    const std::size_t bands = kMaiaBands.size();
    std::vector<float> f(std::size_t(kMaiaFeatureCount), std::numeric_limits<float>::quiet_NaN());
    // Per band: is the whole line / the first move the net's top choice (-1: band not computed).
    std::vector<int> lineTop(bands, -1), firstTop(bands, -1);
    for (std::size_t c = 0; c < curve.elos.size() && c < curve.solve.size() && c < curve.moveProb.size(); ++c) {
        const auto it = std::find(kMaiaBands.begin(), kMaiaBands.end(), curve.elos[c] - 50);
        if (it == kMaiaBands.end()) continue;
        const std::size_t b = std::size_t(it - kMaiaBands.begin());
        const auto& probs = curve.moveProb[c];
        double minLog = 0.0;
        for (double p : probs) minLog = std::min(minLog, std::log(std::max(p, kMinMoveProb)));
        f[b] = float(curve.solve[c]);
        f[bands + b] = float(minLog / 10.0);
        f[2 * bands + b] = float((probs.empty() ? 0.0 : std::log(std::max(probs.front(), kMinMoveProb))) / 10.0);
        if (c < curve.moveTop.size() && !curve.moveTop[c].empty()) {
            const auto& top = curve.moveTop[c];
            lineTop[b] = std::all_of(top.begin(), top.end(), [](char t) { return t != 0; }) ? 1 : 0;
            firstTop[b] = top.front() != 0 ? 1 : 0;
        }
    }
    // The lowest band from which every band above plays it as its top move (bands: "never").
    const auto fromBand = [bands](const std::vector<int>& top) -> float {
        if (std::find(top.begin(), top.end(), -1) != top.end()) return std::numeric_limits<float>::quiet_NaN();
        std::size_t from = bands;
        while (from > 0 && top[from - 1] == 1) --from;
        return float(double(from) / double(bands));
    };
    f[3 * bands] = fromBand(lineTop);
    f[3 * bands + 1] = fromBand(firstTop);
    return f;
}

bool hasMaiaFeatures(std::span<const float> features) {
    return features.size() == std::size_t(kMaiaFeatureCount) &&
           std::none_of(features.begin(), features.end(), [](float v) { return std::isnan(v); });
}

Result<SolveCurve> computeSolveCurve(encoding::Evaluator& evaluator, const PuzzleLine& puzzle,
                                     std::span<const int> elos) {
    auto r = computeSolveCurves(evaluator, std::span<const PuzzleLine>(&puzzle, 1), elos);
    if (!r.ok()) return r.error();
    return std::move(r.value().front());
}

Result<PuzzleLine> puzzleLineOf(const chess::Puzzle& puzzle) {
    auto pos = chess::Position::fromFen(puzzle.fen);
    if (!pos.ok()) return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": " + pos.error().message);
    if (puzzle.moves.size() < 2)
        return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": needs the setup move and a solver move");
    return PuzzleLine{std::move(pos.value()), puzzle.moves};
}

namespace {

/// Solve curves of CSV puzzles at `elos`; errors name the puzzle id where computeSolveCurves names an index.
Result<std::vector<SolveCurve>> puzzleSolveCurves(encoding::Evaluator& evaluator,
                                                  std::span<const chess::Puzzle> puzzles, std::span<const int> elos,
                                                  int maxBatch) {
    std::vector<PuzzleLine> lines;
    lines.reserve(puzzles.size());
    for (const auto& p : puzzles) {
        auto line = puzzleLineOf(p);
        if (!line.ok()) return line.error();
        lines.push_back(std::move(line.value()));
    }
    auto curves = computeSolveCurves(evaluator, lines, elos, maxBatch);
    if (!curves.ok())
        return makeError(
            curves.error().code,
            curves.error().message + (puzzles.size() == 1 ? " (puzzle " + puzzles[0].id + ")" : std::string()));
    return curves;
}

}  // namespace

Result<std::vector<std::vector<float>>> computeSolveFeatures(encoding::Evaluator& evaluator,
                                                             std::span<const chess::Puzzle> puzzles, int maxBatch,
                                                             std::span<const int> elos) {
    auto curves = puzzleSolveCurves(evaluator, puzzles, elos, maxBatch);
    if (!curves.ok()) return curves.error();
    std::vector<std::vector<float>> out;
    out.reserve(curves.value().size());
    for (const auto& c : curves.value()) out.push_back(solveFeatures(c));
    return out;
}

Result<std::vector<std::vector<float>>> computeMaiaSolveFeatures(encoding::Evaluator& evaluator,
                                                                 std::span<const chess::Puzzle> puzzles, int maxBatch) {
    auto curves = puzzleSolveCurves(evaluator, puzzles, maiaLevelElos(), maxBatch);
    if (!curves.ok()) return curves.error();
    std::vector<std::vector<float>> out;
    out.reserve(curves.value().size());
    for (const auto& c : curves.value()) out.push_back(maiaSolveFeatures(c));
    return out;
}

double ratingSolveProbability(double playerElo, double rating, double sigma) {
    constexpr double kPi = 3.14159265358979323846;
    const double q = std::log(10.0) / 400.0;
    const double g = 1.0 / std::sqrt(1.0 + 3.0 * q * q * sigma * sigma / (kPi * kPi));
    return 1.0 / (1.0 + std::pow(10.0, -g * (playerElo - rating) / 400.0));
}

std::vector<double> ratingSolveCurve(double rating, double sigma, std::span<const int> elos) {
    std::vector<double> out;
    out.reserve(elos.size());
    for (const int e : elos) out.push_back(ratingSolveProbability(e, rating, sigma));
    return out;
}

double solveMidpoint(std::span<const int> elos, std::span<const double> p) {
    if (elos.empty() || p.size() != elos.size()) return 0.0;
    if (p[0] >= 0.5) return elos[0];
    for (std::size_t i = 1; i < p.size(); ++i)
        if (p[i] >= 0.5) {
            const double t = (0.5 - p[i - 1]) / (p[i] - p[i - 1]);
            return elos[i - 1] + t * (elos[i] - elos[i - 1]);
        }
    return elos.back();
}

bool isNonDecreasing(std::span<const double> p) {
    for (std::size_t i = 1; i < p.size(); ++i)
        if (p[i] < p[i - 1] - 1e-9) return false;
    return true;
}

}  // namespace kibitz::evaluation
