// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"

#include <cstdint>
#include <span>
#include <vector>

namespace kibitz::encoding {

/// Version of the puzzle plane layout below; stored in puzzle checkpoints and bundles.
inline constexpr int kPuzzleEncodingVersion = 1;
/// Planes per board (seed 000, section IV-A).
inline constexpr int kPuzzlePlanes = 16;
inline constexpr int kPuzzleSquares = 64;
inline constexpr int kPuzzleBoardFloats = kPuzzlePlanes * kPuzzleSquares;
/// Default maximum number of boards (N_max of the paper).
inline constexpr int kDefaultPuzzleBoards = 5;

/// Plane indices. Piece planes follow chess::PieceType order (pawn, knight, bishop, rook, queen, king):
/// plane = type - 1 for the solver's pieces, 6 + type - 1 for the opponent's.
enum PuzzlePlane : int {
    kPlaneMoverPawn = 0,
    kPlaneOpponentPawn = 6,
    kPlanePrevFrom = 12,  ///< from-square of the move that led to this board (setup move or opponent reply)
    kPlanePrevTo = 13,
    kPlaneNextFrom = 14,  ///< from-square of the solver's solution move played from this board
    kPlaneNextTo = 15,
};

/// Options of the encoder.
struct PuzzleEncoderOptions {
    int maxBoards = kDefaultPuzzleBoards;  ///< N_max; boards beyond it are dropped
};

/// A puzzle as boards B1, B3, B5, ... (the positions where the solver is to move), each 16x8x8 from the
/// solver's view. Plain floats, backend-neutral.
/// Layout: planes[((board * 16) + plane) * 64 + square], square a1 = 0 ... h8 = 63 in the solver's view, i.e.
/// ranks mirrored (a1 <-> a8) when Black solves, so the solver's pieces always start at the bottom.
/// Boards at or beyond `boards` are all zero and `mask[b] == 0` for them.
struct EncodedPuzzle {
    int maxBoards = kDefaultPuzzleBoards;
    int boards = 0;          ///< valid boards (>= 1)
    int solutionLength = 0;  ///< solver moves in the full line (may exceed maxBoards)
    chess::Color solver = chess::White;
    std::vector<float> planes;       ///< maxBoards * 16 * 64
    std::vector<std::uint8_t> mask;  ///< maxBoards entries, 1 for valid boards

    float at(int board, int plane, chess::Square viewSquare) const {
        return planes[std::size_t((board * kPuzzlePlanes + plane) * kPuzzleSquares + int(viewSquare))];
    }
};

/// Encodes a puzzle given the position BEFORE the setup move and the full line (setup move, solver move,
/// reply, ...), the Lichess CSV convention. Fails (InvalidInput, naming the move index) when the line has
/// fewer than two moves or a move is illegal in sequence.
Result<EncodedPuzzle> encodePuzzle(const chess::Position& beforeSetup, std::span<const chess::Move> line,
                                   const PuzzleEncoderOptions& options = {});
/// Same for a puzzle read by PuzzleCsvReader (whose moves are already validated).
Result<EncodedPuzzle> encodePuzzle(const chess::Puzzle& puzzle, const PuzzleEncoderOptions& options = {});

/// Writes the encoding into caller-provided storage (`planes`: maxBoards * 1024 floats, `mask`: maxBoards bytes),
/// zeroing it first; for batching without allocation. Returns the number of valid boards, or an error.
Result<int> encodePuzzleInto(const chess::Position& beforeSetup, std::span<const chess::Move> line, int maxBoards,
                             float* planes, std::uint8_t* mask);

/// Number of boards a line of `plies` moves gives (one per solver move), capped at `maxBoards`.
constexpr int puzzleBoardCount(int plies, int maxBoards) {
    const int n = plies / 2;
    return n < maxBoards ? n : maxBoards;
}

}  // namespace kibitz::encoding
