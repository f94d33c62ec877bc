// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/perft.h"

namespace kibitz::chess {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(pos.countLegalMoves());
    std::uint64_t nodes = 0;
    const MoveList moves = pos.legalMoves();
    for (Move m : moves) {
        pos.makeMove(m);
        nodes += perft(pos, depth - 1);
        pos.unmakeMove(m);
    }
    return nodes;
}

}  // namespace kibitz::chess
