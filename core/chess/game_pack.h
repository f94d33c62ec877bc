// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A compact binary file of games (".kgames") for training where PGN cannot go: the games of ../shared/data/games are
// 191 MB as PGN and need zstd to be 30 MB; as a pack they are a few tens of MB, read without zstd and without
// parsing SAN, so the trainer can travel to a machine that has neither (a lent GPU) and read its data fast anywhere.
//
// What a pack keeps of each game is what training, evaluation and the hold-out split read: the tags below, the start
// FEN, the result, and per move its 16-bit code, its [%clk] and its [%eval]. SAN, comments, NAGs and variations are
// not kept (PgnMove::san is left empty; notation can be recomputed from the moves).
//
// Layout (little-endian): "KBZGAMES", u32 version (2; 1 is read too), then records until the end of the file, each
// a game or (version 2) a section mark. A section mark is u32 0xFFFFFFFF, u64 bytes of the source file, u16 name
// bytes, name: the games after it, up to the next mark, came from that source (a PGN file). Training interleaves its
// sources at random in proportion to their sizes (HumanSampleStream), so it reads a pack's sections as the sources
// they were, with their recorded sizes: a pack and the PGN files it was made of give the same stream of positions,
// in the same order, and a run resumes exactly from either. A game record is
//   u32 record bytes, u8 flags (1: moves carry evals, 2: moves carry clocks), u8 tag count, per tag: u8 key bytes,
//   key, u16 value bytes, value; u16 start-FEN bytes (0: standard), FEN; u8 result bytes, result; u16 move count;
//   per move u16 move, with flag 2 a u16 clock in seconds (0xFFFF: none), with flag 1 an i16 eval (INT16_MIN: none;
//   |v| >= 30000: mate in |v| - 30000, the sign telling whose, else centipawns).
// Event, Date, Round, UTCDate and UTCTime are kept only for games without a Site (they then identify the game).
// The reader checks every field and replays the moves: a bad file is an error naming the file, the game and what.

#include "core/chess/pgn.h"
#include "core/common/result.h"

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace kibitz::chess {

inline constexpr std::uint32_t kGamePackVersion = 2;

/// One source file's run of games in a pack.
struct GamePackSection {
    std::string name;               ///< the source's file name (no folders)
    std::uint64_t sourceBytes = 0;  ///< the source file's size, the weight training gives it
    std::uint64_t offset = 0;       ///< where its first record starts in the pack
};

/// Tags a pack keeps (everything else in a PGN header is dropped).
bool gamePackKeepsTag(std::string_view key);

/// Writes games to a pack. Write to a temporary name and rename (see writeFileAtomically) for an atomic file.
class GamePackWriter {
public:
    ~GamePackWriter();
    static Result<std::unique_ptr<GamePackWriter>> create(const std::string& path);
    /// Starts a section: the games added next came from the source `name`, a file of `sourceBytes` bytes.
    Status beginSection(const std::string& name, std::uint64_t sourceBytes);
    /// Appends one game. Errors: a value too long for the format, a write failure (naming the file).
    Status add(const PgnGame& game);
    /// Flushes and closes; the error names the file.
    Status close();
    std::int64_t gamesWritten() const { return m_games; }

private:
    GamePackWriter() = default;
    std::string m_path;
    std::ofstream m_out;
    std::int64_t m_games = 0;
};

/// Reads a pack game by game, like PgnReader: next() returns false at the end or on an error (then error() says
/// what). A game whose moves do not replay is an error, not a skip: a pack is written by Kibitz and a bad one is
/// corrupt.
class GamePackReader {
public:
    ~GamePackReader();
    static Result<std::unique_ptr<GamePackReader>> open(const std::string& path);
    /// A reader of one section alone: it ends where the next section starts.
    static Result<std::unique_ptr<GamePackReader>> open(const std::string& path, const GamePackSection& section);
    /// The sections of a pack, in file order (empty for a version-1 pack or one written without sections); reads
    /// only the record sizes. Errors name the file and the offset.
    static Result<std::vector<GamePackSection>> sections(const std::string& path);
    bool next(PgnGame& game);
    const std::string& error() const { return m_error; }
    std::int64_t gamesRead() const { return m_games; }

private:
    GamePackReader() = default;
    bool fail(const std::string& what);
    std::string m_path;
    std::ifstream m_in;
    std::int64_t m_games = 0;
    std::string m_error;
    std::string m_record;
    bool m_oneSection = false;  ///< stop at the next section mark
};

/// True when `path` names a pack (by its ".kgames" suffix).
bool isGamePackPath(std::string_view path);

/// Games from a PGN file (.pgn, .pgn.zst) or a pack (.kgames), chosen by the file name: what training and evaluation
/// read, so every data path takes both.
class GameReader {
public:
    ~GameReader();
    static Result<std::unique_ptr<GameReader>> open(const std::string& path);
    /// One section of a pack (GamePackReader::sections).
    static Result<std::unique_ptr<GameReader>> open(const std::string& path, const GamePackSection& section);
    bool next(PgnGame& game);
    /// PGN: read only the tags (fast scans); a pack reads its moves anyway (they cost little).
    void setTagsOnly(bool on);
    /// Malformed PGN games skipped so far (a pack has none: a bad pack is an error).
    std::int64_t skippedCount() const;
    /// Reports each malformed game skipped from now on, numbered as gameNumber() numbers games.
    void setOnSkip(GameSkipHook hook);
    /// The number in its file of the game next() returned last: games returned and skipped so far.
    std::int64_t gameNumber() const { return m_returned + skippedCount(); }
    /// The file it reads, as given to open().
    const std::string& path() const { return m_path; }
    /// Set when reading stopped on an I/O error or a corrupt pack; names the file.
    std::string ioError() const;

private:
    GameReader() = default;
    std::unique_ptr<PgnReader> m_pgn;
    std::unique_ptr<GamePackReader> m_pack;
    std::int64_t m_returned = 0;
    std::string m_path;
};

}  // namespace kibitz::chess
