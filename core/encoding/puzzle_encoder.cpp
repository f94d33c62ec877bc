// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/puzzle_encoder.h"

#include "core/chess/notation.h"

#include <algorithm>
#include <string>

namespace kibitz::encoding {

namespace {

/// Fills one board: pieces of the position from the solver's view, plus the two move-square pairs.
void encodeBoard(const chess::Position& pos, chess::Color solver, chess::Move prev, chess::Move next, float* out) {
    auto view = [solver](chess::Square s) { return solver == chess::Black ? chess::flipRank(s) : s; };
    for (int s = 0; s < kPuzzleSquares; ++s) {
        const chess::Piece p = pos.pieceOn(chess::Square(s));
        if (p == chess::NoPiece) continue;
        const int plane = (chess::colorOf(p) == solver ? 0 : 6) + int(chess::typeOf(p)) - 1;
        out[plane * kPuzzleSquares + view(chess::Square(s))] = 1.0f;
    }
    // Castling is stored king-from -> king-to, so the planes show the king's two squares, as UCI writes it.
    if (!prev.isNone()) {
        out[kPlanePrevFrom * kPuzzleSquares + view(prev.from())] = 1.0f;
        out[kPlanePrevTo * kPuzzleSquares + view(prev.to())] = 1.0f;
    }
    if (!next.isNone()) {
        out[kPlaneNextFrom * kPuzzleSquares + view(next.from())] = 1.0f;
        out[kPlaneNextTo * kPuzzleSquares + view(next.to())] = 1.0f;
    }
}

}  // namespace

Result<int> encodePuzzleInto(const chess::Position& beforeSetup, std::span<const chess::Move> line, int maxBoards,
                             float* planes, std::uint8_t* mask) {
    if (maxBoards < 1) return makeError(ErrorCode::InvalidInput, "puzzle encoder: maxBoards must be >= 1");
    std::fill(planes, planes + std::size_t(maxBoards) * kPuzzleBoardFloats, 0.0f);
    std::fill(mask, mask + maxBoards, std::uint8_t(0));
    if (line.size() < 2)
        return makeError(ErrorCode::InvalidInput,
                         "puzzle line: needs the setup move and at least one solver move, got " +
                             std::to_string(line.size()) + " move(s)");
    chess::Position pos = beforeSetup.snapshot();
    const chess::Color solver = ~pos.sideToMove();
    const int boards = puzzleBoardCount(int(line.size()), maxBoards);
    // Board b is the position after line[0..2b]; the previous move is line[2b], the next (solver) move line[2b+1].
    // Every move of the line is checked, including those beyond the last encoded board.
    int board = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!pos.isLegal(line[i]))
            return makeError(ErrorCode::InvalidInput, "puzzle line: move " + std::to_string(i + 1) + " '" +
                                                          chess::toUci(line[i]) + "' is illegal in " + pos.fen());
        pos.makeMove(line[i]);
        if (i % 2 == 0 && board < boards) {
            const chess::Move next = i + 1 < line.size() ? line[i + 1] : chess::Move::none();
            encodeBoard(pos, solver, line[i], next, planes + std::size_t(board) * kPuzzleBoardFloats);
            mask[board] = 1;
            ++board;
        }
    }
    return boards;
}

Result<EncodedPuzzle> encodePuzzle(const chess::Position& beforeSetup, std::span<const chess::Move> line,
                                   const PuzzleEncoderOptions& options) {
    EncodedPuzzle out;
    out.maxBoards = std::max(1, options.maxBoards);
    out.planes.assign(std::size_t(out.maxBoards) * kPuzzleBoardFloats, 0.0f);
    out.mask.assign(std::size_t(out.maxBoards), 0);
    auto n = encodePuzzleInto(beforeSetup, line, out.maxBoards, out.planes.data(), out.mask.data());
    if (!n.ok()) return n.error();
    out.boards = n.value();
    out.solutionLength = int(line.size()) / 2;
    out.solver = ~beforeSetup.sideToMove();
    return out;
}

Result<EncodedPuzzle> encodePuzzle(const chess::Puzzle& puzzle, const PuzzleEncoderOptions& options) {
    auto pos = chess::Position::fromFen(puzzle.fen);
    if (!pos.ok()) return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": " + pos.error().message);
    auto r = encodePuzzle(pos.value(), puzzle.moves, options);
    if (!r.ok()) return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": " + r.error().message);
    return r;
}

}  // namespace kibitz::encoding
