// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free: turns streamed PGN games into shuffled chunks of encoded training positions.

#include "core/chess/game_pack.h"
#include "core/chess/pgn.h"
#include "core/common/result.h"
#include "core/encoding/position_encoder.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kibitz::training {

/// Which games a stream yields, by the game-id hold-out rule.
enum class Split { Train, Validation, All };

/// True when the game with this id (its Site tag, or a fallback key) is held out for validation.
/// Rule: FNV-1a 64 of "kibitz-holdout-v1:" + id, modulo 1000, below `permille`.
bool isHeldOut(const std::string& gameId, int permille);

/// The id the hold-out rule hashes: the Site tag, or players, date and time when there is none.
std::string gameId(const chess::PgnGame& game);

/// The game's result for White as a value-head class: 0 win, 1 draw, 2 loss; -1 for "*" or anything else.
int whiteOutcome(const chess::PgnGame& game);

/// The engine evaluation a game records for the position after `move` ([%eval] in its comment), White's view, in
/// centipawns clamped to +-encoding::kEngineCpLimit (a mate counts as the limit); nothing when it has none.
std::optional<int> annotatedEngineCp(const chess::PgnMove& move);

/// Counts of what a stream read and why games or positions were not used.
struct SampleStats {
    std::int64_t gamesRead = 0;        ///< games returned by the PGN reader
    std::int64_t gamesUsed = 0;        ///< games that produced positions in this split
    std::int64_t gamesOtherSplit = 0;  ///< valid games that belong to the other split
    std::int64_t skippedVariant = 0;
    std::int64_t skippedMissingElo = 0;
    std::int64_t skippedOddStart = 0;   ///< FEN/SetUp start positions
    std::int64_t skippedClocks = 0;     ///< impossible clocks or time control (encoding::clockProblem)
    std::int64_t skippedMalformed = 0;  ///< reported by the PGN reader (illegal SAN etc.)
    std::int64_t positions = 0;         ///< positions emitted
    std::int64_t positionsForced = 0;   ///< positions with a single legal move (not emitted)
    std::int64_t positionsWithClock = 0;
    std::int64_t positionsThinned = 0;  ///< left out by the rating/player balance caps
    /// One line "games 123 used 100 ...".
    std::string summary() const;
};

/// Whether a usable game must give both players' ratings: training does (the model learns what a rating does); a
/// reader that asks the model at ratings of its own (a player's profile against peers of a chosen rating) does not.
enum class GameRatings { Required, Optional };

/// Reasons a game is not usable for the human-move model, or empty when it is: "variant", "odd start", "missing Elo"
/// (only when `ratings` are Required), or "impossible clocks" (encoding::clockProblem says which).
std::string unusableReason(const chess::PgnGame& game, GameRatings ratings = GameRatings::Required);
/// The same reason for people ("Crazyhouse is not standard chess", "impossible clocks: ply 7: ..."), empty when
/// the game is usable.
std::string describeUnusable(const chess::PgnGame& game, GameRatings ratings = GameRatings::Required);
/// A skip report (chess::GameSkipHook) of an unusable game of `file`: its first line and describeUnusable.
chess::PgnSkip unusableSkip(const std::string& file, const chess::PgnGame& game,
                            GameRatings ratings = GameRatings::Required);

/// Keep probability of a position: lets a stream thin out crowded ratings and dominant players. Called with the
/// mover's colour and the ply; returns a probability in [0, 1].
using PositionKeep = std::function<double(chess::Color mover, int ply)>;

/// Encodes every position of a usable game (except forced moves) with its conditioning:
/// mover/opponent Elo from the tags, clocks from [%clk] (mover's clock = after his previous move, or the base time),
/// increment from TimeControl. `version` is the encoding version (2 also records the last moves and move features).
/// When `keep` is set, a position is emitted only when a hash of (`keepSeed`, ply) falls below keep(mover, ply).
/// Appends to `out` and updates `stats`.
/// `visit`, when set, is called for every position appended, with the position (carrying the game's moves, so
/// repetitions are known) and the moves that led to it (for models that read the board itself, such as lc0 nets).
using PositionVisit =
    std::function<void(const chess::Position& pos, const encoding::RecentMoves& recent, chess::Move played)>;
void gameToPositions(const chess::PgnGame& game, encoding::BoardView view, std::vector<encoding::EncodedPosition>& out,
                     SampleStats& stats, int version = 1, const PositionKeep& keep = {}, std::uint64_t keepSeed = 0,
                     const PositionVisit& visit = {});

/// A position of a chunk as the game had it: for evaluators that read boards, not encodings.
struct PositionContext {
    chess::Position position;
    encoding::RecentMoves recent;
    chess::Move played;  ///< the move the game went on with
};

/// Rating and player balance of a training stream (0 disables each cap).
struct BalanceOptions {
    /// Largest share of training positions any 200-point band of the mover's rating may hold; positions of crowded
    /// bands are thinned at random to that share.
    double maxRatingBandShare = 0.0;
    /// Largest share of training positions one player (by name) may hold as the mover.
    double maxPlayerShare = 0.0;
    bool active() const { return maxRatingBandShare > 0.0 || maxPlayerShare > 0.0; }
};

/// Options of a HumanSampleStream.
struct SampleStreamOptions {
    std::vector<std::string> files;
    encoding::BoardView view = encoding::BoardView::Mover;
    Split split = Split::Train;
    int holdoutPermille = 30;  ///< 3 % of games are held out for validation
    int chunkGames = 2000;     ///< games per shuffled chunk
    std::uint64_t seed = 1;
    bool shuffle = true;
    /// When > 0 (the global batch size), each run of 16 consecutive batches of the shuffled chunk is sorted by piece
    /// count and the 16 batches are shuffled again: batches then hold positions of similar length, so less padding
    /// is computed (about 20% fewer tokens), while every batch still mixes many games.
    int bucketBatch = 0;
    /// Encoding version of the positions (1 or 2).
    int encodingVersion = 1;
    /// Caps on rating bands and players (needs one extra pass over the data when opening the stream).
    BalanceOptions balance;
    /// When set, only the positions where this player moves (White or Black tag, compared without case): other
    /// games are passed over (they do not count as games) and the opponent's moves are left out.
    std::string moverName;
    /// When > 0, only each game's first `openingPlies` positions (1: the start position of every game), for the
    /// heads that must answer well where every game passes (the value head's first impression).
    int openingPlies = 0;
    /// Told of each game passed over as malformed or unusable (every pass over the files reports it again).
    chess::GameSkipHook onSkip;
    /// What a validation stream without one held-out game suggests besides more games: the trainers' way to go
    /// without validation; an evaluation's is to score every game (evaluationStreamOptions).
    std::string withoutHeldOutHint = "turn validation off (--validate-every 0)";
};

/// The stream every evaluation reads (Kibitz models and board-reading evaluators alike, so both score the same
/// positions): held-out games only or all, in file order, unshuffled, in chunks of at most 200 games that divide
/// `skipGames`.
SampleStreamOptions evaluationStreamOptions(const std::vector<std::string>& files, encoding::BoardView view,
                                            int encodingVersion, bool heldOutOnly, int holdoutPermille,
                                            std::int64_t maxGames, std::int64_t skipGames,
                                            const std::string& moverName = {}, chess::GameSkipHook onSkip = {});
/// True when two player names are the same but for the case of ASCII letters (Lichess and chess.com names).
bool samePlayerName(std::string_view a, std::string_view b);

/// Endless, deterministic stream of shuffled chunks of positions. Games come from all files interleaved at random
/// (weighted by file size, fixed per epoch by the seed); each chunk holds the positions of `chunkGames` games in a
/// seeded random order. (epoch, chunk) identifies a chunk exactly, so training can resume where it stopped.
class HumanSampleStream {
public:
    static Result<std::unique_ptr<HumanSampleStream>> open(const SampleStreamOptions& options);

    /// Fills `chunk` with the next chunk. At the end of the data it starts the next epoch. Fails when the files
    /// contain no usable game for this split, or on an I/O error (message names the file).
    Status nextChunk(std::vector<encoding::EncodedPosition>& chunk);
    /// Same, and `contexts` receives each position's board and recent moves: chunk[i]'s is
    /// contexts[chunk[i].context] (index for index when the stream does not shuffle).
    Status nextChunk(std::vector<encoding::EncodedPosition>& chunk, std::vector<PositionContext>& contexts);
    /// Positions the stream so that the next nextChunk() returns chunk `chunkIndex` of epoch `epoch`
    /// (re-reads the data from the start of that epoch).
    Status seek(std::int64_t epoch, std::int64_t chunkIndex);
    /// Epoch and index of the chunk that the next nextChunk() returns.
    std::int64_t epoch() const { return m_epoch; }
    std::int64_t chunkIndex() const { return m_chunk; }
    const SampleStats& stats() const { return m_stats; }
    /// After a balanced open: one line with the caps and how many positions they keep, else empty.
    const std::string& balanceSummary() const { return m_balanceSummary; }

private:
    explicit HumanSampleStream(SampleStreamOptions options);
    Status startEpoch(std::int64_t epoch);
    /// Counts training positions per rating band and per player to set the keep probabilities.
    Status scanBalance();
    double keepProbability(const std::string& player, int elo) const;
    /// Reads the next game of this split; false at the end of the epoch.
    Result<bool> nextGame(chess::PgnGame& game);
    Status fillChunk(std::vector<encoding::EncodedPosition>& chunk, std::vector<PositionContext>* contexts);

    SampleStreamOptions m_opt;
    std::vector<std::unique_ptr<chess::GameReader>> m_readers;
    std::vector<double> m_weights;
    std::vector<std::int64_t> m_malformedSeen;
    std::mt19937_64 m_pick;
    std::int64_t m_epoch = 0;
    std::int64_t m_chunk = 0;
    SampleStats m_stats;
    std::map<int, double> m_bandKeep;
    std::unordered_map<std::string, double> m_playerKeep;
    std::string m_balanceSummary;
};

}  // namespace kibitz::training
