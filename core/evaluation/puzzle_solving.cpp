// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/puzzle_solving.h"

namespace kibitz::evaluation {

void PuzzleSolveStats::add(bool isSolved, double advancementShare) {
    ++puzzles;
    solved += isSolved ? 1 : 0;
    advancementSum += advancementShare;
}

void PuzzleSolveStats::merge(const PuzzleSolveStats& o) {
    puzzles += o.puzzles;
    solved += o.solved;
    advancementSum += o.advancementSum;
}

Result<PuzzleSolveReport> evaluatePuzzleSolving(encoding::Evaluator& evaluator,
                                                const std::vector<chess::Puzzle>& puzzles) {
    PuzzleSolveReport report;
    for (std::size_t p = 0; p < puzzles.size(); ++p) {
        const chess::Puzzle& pz = puzzles[p];
        if (pz.moves.size() < 2)
            return makeError(ErrorCode::InvalidInput, "puzzle " + pz.id + ": fewer than two moves");
        auto start = chess::Position::fromFen(pz.fen);
        if (!start) return makeError(ErrorCode::InvalidInput, "puzzle " + pz.id + ": " + start.error().message);
        // Positions before each solver move: after the setup move, then after each (solver, reply) pair.
        std::vector<chess::Position> positions;
        std::vector<encoding::RecentMoves> recent;  // the setup move and the line so far (models that read them)
        std::vector<chess::Move> solutions;
        chess::Position pos = start->snapshot();
        encoding::RecentMoves history;
        for (std::size_t i = 0; i < pz.moves.size(); ++i) {
            if (!pos.isLegal(pz.moves[i]))
                return makeError(ErrorCode::InvalidInput,
                                 "puzzle " + pz.id + ": illegal move at index " + std::to_string(i));
            if (i % 2 == 1) {
                positions.push_back(pos.snapshot());
                recent.push_back(history);
                solutions.push_back(pz.moves[i]);
            }
            history.push(pos, pz.moves[i]);
            pos.makeMove(pz.moves[i]);
        }
        encoding::Conditioning cond;
        cond.moverElo = pz.rating;
        cond.oppElo = pz.rating;
        const std::vector<encoding::Conditioning> conds(positions.size(), cond);
        auto dists = evaluator.moveDistributionsWithHistory(positions, conds, recent);
        if (!dists) return makeError(ErrorCode::Runtime, "puzzle " + pz.id + ": " + dists.error().message);
        std::size_t found = 0;
        while (found < solutions.size() && !(*dists)[found].empty() && (*dists)[found].front().move == solutions[found])
            ++found;
        const bool solved = found == solutions.size();
        const double share = double(found) / double(solutions.size());
        report.overall.add(solved, share);
        report.byRating[(pz.rating / 200) * 200].add(solved, share);
    }
    return report;
}

}  // namespace kibitz::evaluation
