// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: lenient SAN parsing. The input is "FEN\nSAN"; when the first line is not a valid FEN the
// whole input is parsed as SAN against each of a few fixed positions (start, Kiwipete, promotions, en passant).
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "tests/fuzz/fuzz_check.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using kibitz::fuzz::check;
using namespace kibitz::chess;

namespace {

constexpr std::string_view kPositions[] = {
    Position::kStartFen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete: castling both ways
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                               // promotions with captures
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",         // en passant available
    "8/8/8/8/8/2N1N3/8/K1k1N3 w - - 0 1",                                    // three knights: disambiguation
};

void fuzzOne(const Position& pos, std::string_view san) {
    auto parsed = parseSan(pos, san);
    if (!parsed.ok()) {
        check(!parsed.error().message.empty(), "a rejected SAN has an error message", san);
        return;
    }
    const Move m = *parsed;
    const std::string where = pos.fen() + " '" + std::string(san) + "'";
    check(pos.legalMoves().contains(m), "parseSan returns a legal move", where);
    // Canonical SAN of the move parses back to the same move.
    const std::string canonical = toSan(pos, m);
    auto back = parseSan(pos, canonical);
    check(back.ok() && *back == m, "canonical SAN round trip", where + " -> " + canonical);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto nl = text.find('\n'); nl != std::string_view::npos) {
        auto pos = Position::fromFen(text.substr(0, nl));
        if (pos.ok()) {
            fuzzOne(*pos, text.substr(nl + 1));
            return 0;
        }
    }
    for (std::string_view fen : kPositions) {
        auto pos = Position::fromFen(fen);
        check(pos.ok(), "fixed fuzz position parses", fen);
        fuzzOne(*pos, text);
    }
    return 0;
}
