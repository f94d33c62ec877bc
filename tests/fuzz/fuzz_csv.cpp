// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: RFC 4180 record splitting, the Lichess puzzle CSV reader and the puzzle query (the first line read
// as one) over arbitrary text.
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"
#include "core/common/text_input.h"
#include "tests/fuzz/fuzz_check.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using kibitz::TextInput;
using kibitz::fuzz::check;
using namespace kibitz::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);

    const std::string_view firstLine = std::string_view(text).substr(0, text.find('\n'));
    auto fields = splitCsvRecord(firstLine);
    if (fields.ok()) {
        check(!fields->empty(), "a record has at least one field", firstLine);
        // The writer is the reader's inverse: whatever was read writes back to the same fields.
        std::string written = joinCsvRecord(*fields);
        check(!written.empty() && written.back() == '\n', "a written record ends its line", firstLine);
        written.pop_back();
        auto again = splitCsvRecord(written);
        check(again.ok() && *again == *fields, "split(join(fields)) == fields", firstLine);
    } else
        check(!fields.error().message.empty(), "a bad record has an error message", firstLine);

    // The same line as a query: read or refused with a reason; a read one is applied to every puzzle below.
    const auto filter = parsePuzzleFilter(firstLine);
    if (filter.ok()) {
        if (filter->minRating && filter->maxRating)
            check(*filter->minRating <= *filter->maxRating, "a read query's bounds hold a rating", firstLine);
        for (const auto& word : filter->words) check(!word.empty(), "a query's words are not empty", firstLine);
    } else
        check(!filter.error().message.empty(), "a refused query says why", firstLine);

    PuzzleCsvReader reader(TextInput::fromString(text, "fuzz.csv"));
    std::int64_t skips = 0;
    reader.setOnSkip([&skips](const CsvSkip& skip) {
        ++skips;
        check(!skip.reason.empty(), "a skipped row has a reason");
        check(skip.row >= 1, "a skipped row has a 1-based row number");
    });
    Puzzle puzzle;
    int puzzles = 0;
    while (reader.next(puzzle) && puzzles < 256) {
        ++puzzles;
        check(!puzzle.moves.empty(), "an accepted puzzle has a setup move", puzzle.id);
        // The solver's position is the FEN after the setup move: replaying the line must stay legal.
        Position pos = puzzle.solverStart();
        for (std::size_t i = 1; i < puzzle.moves.size(); ++i) {
            check(pos.isLegal(puzzle.moves[i]), "an accepted solution line is legal", puzzle.id);
            pos.makeMove(puzzle.moves[i]);
        }
        check(puzzle.solutionLength() == int(puzzle.moves.size()) / 2, "solution length", puzzle.id);
        // The profile's columns: a rating given is in range, a loss given is a loss.
        for (const int rating : {puzzle.playerRating, puzzle.peerRating})
            check(rating == 0 || (rating >= kMinPuzzlePlayerRating && rating <= kMaxPuzzlePlayerRating),
                  "an accepted player or peer rating is in range", puzzle.id);
        for (const double loss : {puzzle.playedLoss, puzzle.peerLoss})
            check(loss == -1.0 || (loss >= 0.0 && loss <= 2.0), "an accepted loss is 0-2", puzzle.id);
        if (filter.ok()) {
            const bool matched = filter->matches(puzzle);
            if (filter->empty()) check(matched, "an empty query matches every puzzle");
        }
    }
    if (!reader.headerError().empty()) check(puzzles == 0, "no puzzle after a header error");
    check(reader.skippedCount() == skips, "skippedCount matches the skip callbacks");
    return 0;
}
