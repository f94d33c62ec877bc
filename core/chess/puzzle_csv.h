// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/common/text_input.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kibitz::chess {

/// One Lichess puzzle. `fen` is the position BEFORE the opponent's setup move moves[0];
/// the solver plays moves[1], moves[3], ...; the opponent's forced replies are moves[2], moves[4], ...
struct Puzzle {
    std::string id;
    std::string fen;
    std::vector<Move> moves;  ///< validated: every move legal in sequence
    int rating = 0;
    int ratingDeviation = 0;
    int popularity = 0;
    int nbPlays = 0;
    std::vector<std::string> themes;
    std::string gameUrl;
    std::string openingTags;
    /// Kibitz's own optional columns, written by the player profile for the positions a player lost most in and
    /// read back by the puzzle panel (a Lichess file has none of them): the move the player made in the game where
    /// the solver's first move was due (`PlayedMove`, legal there; null when absent), the winning chances it lost
    /// against the best move (`PlayedLoss`) and what a human of their rating loses there on average (`PeerLoss`),
    /// each 0-2, -1 when absent.
    Move playedMove;
    double playedLoss = -1.0;
    double peerLoss = -1.0;
    /// Also the profile's: the player's rating in that game (`PlayerRating`) and, when the profile compared them with
    /// people of a chosen rating, that rating (`PeerRating`: whose loss PeerLoss is; 0 when it is the player's own),
    /// both on chess.com's scale when `RatingScale` is "chess.com", else on Lichess's ("lichess", or no column).
    /// 0 when absent; kMinPuzzlePlayerRating..kMaxPuzzlePlayerRating when given.
    int playerRating = 0;
    int peerRating = 0;
    bool chessComRatings = false;

    /// Position after the setup move (what the solver sees).
    Position solverStart() const;
    /// Number of solver moves ((moves.size()) / 2).
    int solutionLength() const { return int(moves.size()) / 2; }
};

/// The range of PlayerRating and PeerRating (chess.com's ratings start at 100).
inline constexpr int kMinPuzzlePlayerRating = 100;
inline constexpr int kMaxPuzzlePlayerRating = 4000;

/// A rejected row with its place: "file:row N, column 'Moves': illegal move 'e2e5' at index 3".
struct CsvSkip {
    std::string file;
    std::int64_t row = 0;   ///< 1-based data row (header excluded)
    std::int64_t line = 0;  ///< physical line in the file
    std::string column;
    std::string reason;

    /// "file: row 12, column 'Rating': not an integer 'abc' (line 13)".
    std::string message() const;
};

/// Streaming reader for the Lichess puzzle CSV (.csv or .csv.zst), RFC 4180 quoting, header required. Columns are
/// found by their header names, in any order; unknown ones are ignored.
class PuzzleCsvReader {
public:
    explicit PuzzleCsvReader(std::unique_ptr<TextInput> input);
    static Result<std::unique_ptr<PuzzleCsvReader>> open(const std::string& path);

    /// Next valid puzzle; false at end (or at an I/O error: see input().error()). Bad rows are skipped and
    /// reported via onSkip; a quoted field may span lines.
    bool next(Puzzle& puzzle);
    void setOnSkip(std::function<void(const CsvSkip&)> cb) { m_onSkip = std::move(cb); }
    std::int64_t rowsRead() const { return m_rows; }
    std::int64_t skippedCount() const { return m_skipped; }
    /// Set if the header is missing or lacks a required column (then next() returns false).
    const std::string& headerError() const { return m_headerError; }
    const TextInput& input() const { return *m_input; }

private:
    bool readHeader();
    bool readRecord();
    bool parseRow(Puzzle& puzzle);
    /// Kibitz's own columns of a row whose Lichess columns are read (the player profile's); false: skipped.
    bool parseProfileColumns(Puzzle& puzzle);
    /// The current row's field of known column `column` (empty when the file lacks that column).
    const std::string& field(int column) const;
    void skip(std::string column, std::string reason);

    std::unique_ptr<TextInput> m_input;
    std::function<void(const CsvSkip&)> m_onSkip;
    std::vector<int> m_columnIndex;     ///< index of each known column in the file's header, -1 if absent
    std::vector<std::string> m_fields;  ///< fields of the current record (reused between rows)
    std::string m_record;               ///< current record, physical lines joined
    const std::string m_empty;          ///< value of an absent optional column
    std::int64_t m_recordLine = 0;      ///< first physical line of the current record
    int m_headerFields = 0;
    std::string m_headerError;
    bool m_headerRead = false;
    std::int64_t m_rows = 0;
    std::int64_t m_skipped = 0;
};

/// Splits one CSV record (RFC 4180). Returns an error naming the column position on an unterminated quote.
Result<std::vector<std::string>> splitCsvRecord(std::string_view line);

/// The writing side of splitCsvRecord, and Kibitz's one CSV writer (rated puzzles, the GUI's exports): a field
/// quoted when it holds a comma, a quote, a CR or an LF, with its quotes doubled (RFC 4180), so that
/// splitCsvRecord(joinCsvRecord(f)) == f for any fields.
std::string csvField(std::string_view text);
/// The fields joined by commas (each through csvField) and ended by '\n'.
std::string joinCsvRecord(const std::vector<std::string>& fields);

}  // namespace kibitz::chess
