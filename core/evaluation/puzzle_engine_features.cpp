// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/puzzle_engine_features.h"

#include "core/chess/bitboard.h"

#include <algorithm>
#include <cmath>

namespace kibitz::evaluation {

namespace {

int materialOf(const chess::Position& pos, chess::Color c) {
    constexpr int kValue[7] = {0, 1, 3, 3, 5, 9, 0};
    int total = 0;
    for (int pt = chess::Pawn; pt <= chess::Queen; ++pt)
        total += kValue[pt] * chess::popcount(pos.pieces(c, chess::PieceType(pt)));
    return total;
}

/// The solver's material minus the opponent's.
int balance(const chess::Position& pos, chess::Color solver) {
    return materialOf(pos, solver) - materialOf(pos, chess::Color(solver ^ 1));
}

float clamp01(double x) { return float(std::clamp(x, 0.0, 1.0)); }

float gapFeature(const SolverMoveFacts& m) {
    if (m.legalMoves <= 1 || m.lines <= 1) return 1.0f;  // a forced move: nothing to find
    return clamp01(double(m.bestCp - m.secondCp) / 1000.0);
}

float keeperShare(const SolverMoveFacts& m) { return m.lines > 0 ? float(m.keepers) / float(m.lines) : 0.0f; }

}  // namespace

bool keepsAdvantage(int lineCp, int bestCp) {
    constexpr int kAdvantage = 150;
    if (lineCp >= kAdvantage) return true;
    return bestCp < kAdvantage && lineCp >= bestCp - 50;
}

Result<PuzzleEngineFacts> analysePuzzleWithEngine(PositionAnalyser& analyser, const chess::Puzzle& puzzle,
                                                  const CancelToken& cancel, int lines) {
    if (puzzle.moves.size() < 2)
        return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": the line needs a setup and a solver move");
    auto start = chess::Position::fromFen(puzzle.fen);
    if (!start) return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": FEN: " + start.error().message);
    chess::Position pos = std::move(start.value());
    PuzzleEngineFacts facts;
    std::vector<chess::Move> played;
    pos.makeMove(puzzle.moves[0]);  // the setup move: the solver's position follows
    const chess::Color solver = pos.sideToMove();
    // The solver's material balance after each move of the line from the solver's first position (validated here).
    std::vector<int> balances{balance(pos, solver)};
    {
        chess::Position walk = pos;
        for (std::size_t i = 1; i < puzzle.moves.size(); ++i) {
            if (!walk.isLegal(puzzle.moves[i]))
                return makeError(ErrorCode::InvalidInput,
                                 "puzzle " + puzzle.id + ": illegal move at index " + std::to_string(i));
            walk.makeMove(puzzle.moves[i]);
            balances.push_back(balance(walk, solver));
        }
    }
    for (std::size_t i = 1; i < puzzle.moves.size(); i += 2) {
        const chess::Move solution = puzzle.moves[i];
        auto evals = analyser.analyse(pos, lines, cancel);
        if (!evals) return evals.error();
        const std::vector<MoveEval>& e = evals.value();
        SolverMoveFacts m;
        m.legalMoves = pos.countLegalMoves();
        m.lines = int(e.size());
        m.bestCp = scoreToCp(e.front().score);
        m.secondCp = e.size() > 1 ? scoreToCp(e[1].score) : m.bestCp;
        m.searchDepth = e.front().depth;
        m.solutionRank = lines;
        m.solutionCp = scoreToCp(e.back().score);
        for (std::size_t k = 0; k < e.size(); ++k) {
            const int cp = scoreToCp(e[k].score);
            if (keepsAdvantage(cp, m.bestCp)) ++m.keepers;
            if (e[k].move == solution) {
                m.solutionRank = int(k);
                m.solutionCp = cp;
            }
        }
        // A solution that scores as well as the engine's first line (another mate in one beside it, say) is a best
        // move too: which of two equal moves the engine lists first says nothing about the puzzle.
        if (m.solutionRank > 0 && m.solutionRank < lines && m.solutionCp == m.bestCp) m.solutionRank = 0;
        m.stableFromDepth = m.solutionRank == 0 ? e.front().stableFromDepth : 0;
        m.capture = pos.isCapture(solution);
        m.check = pos.givesCheck(solution);
        m.promotion = solution.isPromotion();
        // After this move, the reply and the solver's next move (or the end of the line): still down material
        // means it was given, not traded (an exchange in progress is complete by then).
        m.sacrifice = balances[std::min(i + 2, balances.size() - 1)] <= balances.front() - 2;
        pos.makeMove(solution);
        if (i + 1 < puzzle.moves.size()) pos.makeMove(puzzle.moves[i + 1]);
        facts.moves.push_back(m);
    }
    return facts;
}

std::vector<float> engineFeatures(const PuzzleEngineFacts& facts) {
    std::vector<float> f(kEngineFeatureCount, 0.0f);
    if (facts.moves.empty()) return f;
    const SolverMoveFacts& first = facts.moves.front();
    f[0] = gapFeature(first);
    f[1] = keeperShare(first);
    f[2] = first.solutionRank == 0 ? 1.0f : 0.0f;
    f[3] = first.solutionRank == 0 && first.searchDepth > 0 && first.stableFromDepth > 0
               ? clamp01(double(first.stableFromDepth) / double(first.searchDepth))
               : 1.0f;
    f[4] = first.quiet() ? 1.0f : 0.0f;
    f[5] = first.check ? 1.0f : 0.0f;
    f[6] = first.sacrifice ? 1.0f : 0.0f;
    float minGap = 1.0f, keepers = 0.0f, quiet = 0.0f, notBest = 0.0f;
    bool sacrifice = false;
    for (const SolverMoveFacts& m : facts.moves) {
        minGap = std::min(minGap, gapFeature(m));
        keepers += keeperShare(m);
        quiet += m.quiet() ? 1.0f : 0.0f;
        notBest += m.solutionRank != 0 ? 1.0f : 0.0f;
        sacrifice = sacrifice || m.sacrifice;
    }
    const float n = float(facts.moves.size());
    f[7] = minGap;
    f[8] = keepers / n;
    f[9] = quiet / n;
    f[10] = sacrifice ? 1.0f : 0.0f;
    f[11] = notBest / n;
    f[12] = clamp01(double(n) / 5.0);
    f[13] = float(std::tanh(double(std::clamp(first.bestCp, -3000, 3000)) / 600.0));
    return f;
}

const std::vector<std::string>& engineFeatureNames() {
    static const std::vector<std::string> names{
        "first_gap",     "first_keepers",   "first_is_best", "first_stable_depth", "first_quiet",
        "first_check",   "first_sacrifice", "min_gap",       "mean_keepers",       "quiet_share",
        "any_sacrifice", "not_best_share",  "solver_moves",  "first_score"};
    return names;
}

UciAnalyserOptions engineFeatureAnalyserOptions(QString program, int depth) {
    UciAnalyserOptions o = uciAnalyserOptions(std::move(program), engines::SearchLimits::depth(depth));
    o.hashMb = 16;
    o.freshSearch = true;  // v2: each position's search is independent of the others
    return o;
}

Result<std::string> engineFeatureKey(PositionAnalyser& analyser, const CancelToken& cancel, int lines) {
    auto identity = analyserIdentity(analyser, cancel);
    if (!identity) return identity.error();
    return *identity + " lines=" + std::to_string(lines) + " features=" + std::string(kEngineFeatureSet);
}

}  // namespace kibitz::evaluation
