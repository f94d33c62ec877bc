// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/common/text_input.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kibitz::chess {

struct PgnVariation;

/// One move of a game (main line or variation), with what the comments and annotations said about it.
struct PgnMove {
    Move move;
    std::string san;              ///< SAN as written in the file (normalised: without annotations)
    int clockSeconds = -1;        ///< [%clk h:mm:ss] after the move, in whole seconds; -1 if absent
    std::optional<int> evalCp;    ///< [%eval x.yz] in centipawns, White's view
    std::optional<int> evalMate;  ///< [%eval #n] mate distance (negative: Black mates)
    std::vector<int> nags;        ///< $n and !/?-style suffixes converted to NAG numbers
    std::string comment;          ///< comment text after the move with [%...] commands removed, trimmed
    /// Alternatives to this move (PGN's recursive annotation variations written after it), in file order. Each
    /// starts from the position before this move. Empty when the reader does not keep variations.
    std::vector<PgnVariation> variations;
};

/// A line of alternative moves (a "( ... )" in the movetext), possibly with variations of its own.
struct PgnVariation {
    std::string preComment;  ///< comment before the variation's first move
    std::vector<PgnMove> moves;
};

/// A parsed game: tags in file order, start position, main line with its variations (each move holds the
/// alternatives to it; see PgnReader::setKeepVariations).
struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::string startFen;  ///< FEN tag if present, else the standard start
    std::vector<PgnMove> moves;
    std::string result = "*";    ///< "1-0", "0-1", "1/2-1/2" or "*" (from the movetext, else the Result tag)
    std::string preComment;      ///< comment before the first move
    std::int64_t firstLine = 0;  ///< line of the first tag (or first movetext line) in the file

    /// Value of a tag, or empty.
    std::string tag(std::string_view name) const;
    /// The position before the first move.
    Result<Position> startPosition() const;
};

/// When `game` was played, as a key that sorts in time: UTCDate and UTCTime, else Date and Time ("?" parts sort
/// first). "2021.03.04 18:22:05"; its first 10 characters are the date. The one order of a player's games in time.
std::string gameTimeKey(const PgnGame& game);

/// Why a game was skipped, with the place.
struct PgnSkip {
    std::string file;
    std::int64_t line = 0;
    std::string reason;  ///< e.g. "illegal move 'Nf9' at ply 23", "Chess960 is not supported"

    /// "file:line: reason".
    std::string message() const;
};

/// Told of each game a reader passes over: its number in its file (games returned and passed over both counted, from
/// 1) and why, with the file and line. Every reader that skips games reports them in this form, so that a command
/// names each one the same way (app/cli/pgn_input.h prints them).
using GameSkipHook = std::function<void(std::int64_t number, const PgnSkip& skip)>;

/// Streaming PGN reader over TextInput (.pgn or .pgn.zst). Constant memory. A malformed game is
/// reported through `skipped()` and the stream continues with the next game.
class PgnReader {
public:
    /// Variations nested deeper than this skip the game ("variations nested deeper than 200 levels", with the
    /// line of the '(' that goes too deep). The move tree of a game is recursive (PgnMove holds PgnVariations
    /// that hold PgnMoves): copying or freeing one nested 70,000 deep exhausts the stack, and no annotated game
    /// nests more than a few levels.
    static constexpr int kMaxVariationDepth = 200;

    explicit PgnReader(std::unique_ptr<TextInput> input);
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;
    /// Opens a .pgn or .pgn.zst file; the error names the file.
    static Result<std::unique_ptr<PgnReader>> open(const std::string& path);

    /// Reads the next valid game into `game`. Returns false at end of input. Malformed games are skipped
    /// and recorded (see lastSkip()/skippedCount()); `onSkip` (if set) is called for each.
    bool next(PgnGame& game);
    /// Headers only: skip SAN validation of movetext (fast scan of tags). Default off.
    void setTagsOnly(bool on) { m_tagsOnly = on; }
    /// Keep the variations (default): their moves are checked like the main line's (an illegal move in a
    /// variation skips the game, naming the line and the move) and stored in PgnMove::variations with their
    /// comments, NAGs and clocks. Off: variations are only checked for balance and dropped (the training
    /// readers, which use the main line only).
    void setKeepVariations(bool on) { m_keepVariations = on; }
    void setOnSkip(std::function<void(const PgnSkip&)> cb) { m_onSkip = std::move(cb); }

    /// Valid games returned so far.
    std::int64_t gamesRead() const { return m_games; }
    std::int64_t skippedCount() const { return m_skipped; }
    /// The most recent skipped game (empty reason if none yet).
    const PgnSkip& lastSkip() const { return m_lastSkip; }
    const TextInput& input() const { return *m_input; }
    /// I/O or decompression error that ended the stream early (empty if none).
    const std::string& ioError() const { return m_input->error(); }

private:
    std::unique_ptr<TextInput> m_input;
    std::function<void(const PgnSkip&)> m_onSkip;
    bool m_tagsOnly = false;
    bool m_keepVariations = true;
    std::int64_t m_games = 0;
    std::int64_t m_skipped = 0;
    PgnSkip m_lastSkip;
    struct Parser;  // tokenizer state, defined in pgn_reader.cpp
    std::unique_ptr<Parser> m_parser;
};

/// The SAN decoder of PgnReader: finds the legal move `san` names ("Nbd7", "exd6", "e8=Q+", "O-O", "0-0",
/// "e8Q", trailing "!?" annotations allowed) from attack tables, without generating every legal move.
/// Errors: "malformed move 'x'", "illegal move 'x'", "ambiguous move 'x'", "move 'x' lacks the promotion piece".
Result<Move> matchSan(const Position& pos, std::string_view san);

/// Writes a game as PGN text (Seven Tag Roster first, moves wrapped at 80 columns, clocks/evals as comments,
/// variations in parentheses after the move they replace, nested as deep as they are).
std::string writePgn(const PgnGame& game);

/// Writes games to a PGN file atomically (a temporary next to it, renamed over it): a failed write leaves the
/// old file as it was. Errors name the file.
Status writePgnFile(const std::string& path, const std::vector<PgnGame>& games);

}  // namespace kibitz::chess
