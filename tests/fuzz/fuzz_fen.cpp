// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: strict FEN parsing, FEN writing and move generation on whatever the parser accepts.
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "tests/fuzz/fuzz_check.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using kibitz::fuzz::check;
using namespace kibitz::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = Position::fromFen(text);
    if (!parsed.ok()) {
        check(!parsed.error().message.empty(), "a rejected FEN has an error message", text);
        return 0;
    }
    Position pos = std::move(parsed.value());

    // Writing is a fixed point: fen(fromFen(fen(p))) == fen(p).
    const std::string fen = pos.fen();
    auto again = Position::fromFen(fen);
    check(again.ok(), "fromFen accepts its own fen() output", fen);
    check(again->fen() == fen, "FEN round trip is stable", fen);

    const MoveList moves = pos.legalMoves();
    check(pos.countLegalMoves() == moves.size(), "countLegalMoves matches legalMoves", fen);
    const GameStatus status = pos.status();
    if (moves.empty())
        check(status == GameStatus::Checkmate || status == GameStatus::Stalemate,
              "no legal move means mate or stalemate", fen);

    // Every generated move is legal, survives UCI and SAN, and make/unmake restores the position exactly.
    const Key key = pos.key();
    for (Move m : moves) {
        check(pos.isLegal(m), "generated move is legal", fen + " " + toUci(m));
        auto uci = parseUci(pos, toUci(m));
        check(uci.ok() && *uci == m, "UCI round trip", fen + " " + toUci(m));
        auto san = parseSan(pos, toSan(pos, m));
        check(san.ok() && *san == m, "SAN round trip", fen + " " + toSan(pos, m));

        pos.makeMove(m);
        check(pos.countLegalMoves() == pos.legalMoves().size(), "move counts agree after a move", fen + " " + toUci(m));
        pos.unmakeMove(m);
        check(pos.key() == key, "unmakeMove restores the hash", fen + " " + toUci(m));
        check(pos.fen() == fen, "unmakeMove restores the position", fen + " " + toUci(m));
    }
    return 0;
}
