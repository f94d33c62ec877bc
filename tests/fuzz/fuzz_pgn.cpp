// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the streaming PGN reader over arbitrary text, and the writer on every game it accepts
// (what writePgn produces must read back as the same moves).
#include "core/chess/pgn.h"
#include "core/common/text_input.h"
#include "tests/fuzz/fuzz_check.h"

#include <cstddef>
#include <cstdint>
#include <string>

using kibitz::TextInput;
using kibitz::fuzz::check;
using namespace kibitz::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    PgnReader reader(TextInput::fromString(std::string(reinterpret_cast<const char*>(data), size), "fuzz.pgn"));
    std::int64_t skips = 0;
    reader.setOnSkip([&skips](const PgnSkip& skip) {
        ++skips;
        check(!skip.reason.empty(), "a skipped game has a reason");
        check(skip.line >= 0, "a skipped game has a line");
    });

    PgnGame game;
    int games = 0;
    while (reader.next(game) && games < 64) {
        ++games;
        auto start = game.startPosition();
        check(start.ok(), "an accepted game has a valid start position", game.startFen);

        const std::string written = writePgn(game);
        PgnReader again(TextInput::fromString(written, "written.pgn"));
        PgnGame copy;
        check(again.next(copy), "writePgn output reads back", written);
        check(copy.moves.size() == game.moves.size(), "written game keeps its length", written);
        for (std::size_t i = 0; i < game.moves.size(); ++i)
            check(copy.moves[i].move == game.moves[i].move, "written game keeps its moves", written);
        check(copy.result == game.result, "written game keeps its result", written);
    }
    check(reader.skippedCount() == skips, "skippedCount matches the skip callbacks");
    return 0;
}
