// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where one player stands against people of their rating: in the positions they actually faced, the loss of winning
// chances of their moves beside the peer baseline, the expected loss of a human of their rating and clock in the same
// position (the human mover's distribution, calibrated by rating and phase: peer_calibration.h), broken down by game
// phase, clock, speed, kind of position, opening and period; a rating estimate (guess-elo's likelihood restricted to
// those positions) per phase, clock bucket and period; and the positions where they lost most against their peers, as
// puzzles.
//
// Plain C++ over encoding::Evaluator and a PositionAnalyser (the engine), so the CLI and a GUI worker thread call the
// same function, with a progress callback and a cancel token.

#include "core/chess/game_phase.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/common/cancel_token.h"
#include "core/common/json_writer.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/elo_guess.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/strength_profile.h"
#include "core/play/human_play.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::evaluation {

/// The time left on the mover's clock before the move, in buckets: under 10 s, 10-29 s, 30-59 s, 1-3 min, 3-10 min,
/// 10 min or more, and unknown (a game without [%clk] comments).
enum class ClockBucket { Under10s = 0, Under30s, Under1Min, Under3Min, Under10Min, Over10Min, Unknown };
inline constexpr int kClockBuckets = 7;
ClockBucket clockBucket(std::optional<int> seconds);
/// "<10s", "10-29s", "30-59s", "1-3min", "3-10min", "10min+", "no clock".
const char* clockBucketName(ClockBucket bucket);

/// What a position offers the side to move, read off the per-move features the human-move model's encoder computes
/// (encoding::movefeat): each is one bit of positionKinds(); a position can be of several kinds, or of none (quiet).
enum class PositionKind {
    InCheck = 0,     ///< the side to move is in check
    MateInOne,       ///< a move mates
    WinsMaterial,    ///< a capture wins material by static exchange
    PieceHanging,    ///< a piece of the side to move (not the king) stands attacked and undefended
    Recapture,       ///< a capture on the square of the opponent's last move
    MateThreatened,  ///< the opponent would mate in one if it were their move
    Quiet,           ///< none of the above
};
inline constexpr int kPositionKinds = 7;
/// The speed groups of a profile, in order: a game's Lichess speed (Event or TimeControl), "unknown" without one.
inline constexpr std::array<const char*, 7> kProfileSpeeds{"ultrabullet", "bullet",         "blitz",  "rapid",
                                                           "classical",   "correspondence", "unknown"};
/// The kinds of `pos` as bits (1 << int(PositionKind)); `recent` names the last move (for Recapture).
unsigned positionKinds(const chess::Position& pos, const encoding::RecentMoves& recent);
/// "in check", "mate in one", "wins material", "piece hanging", "recapture", "mate threatened", "quiet".
const char* positionKindName(PositionKind kind);

/// The opening a game is filed under in a profile's breakdown by opening: the side the player had and the family of
/// the game's opening as Lichess names it (chess::openingOf, chess::openingFamily), "White: Italian Game" or "Black:
/// Sicilian Defense" ("White: set-up position" for a game from another start, "White: no moves"). Families are what a
/// few dozen games can tell apart, and what players call their openings; Lichess's table names every first move, and
/// a game gets its name from its moves, with or without ECO or Opening tags.
std::string openingGroupName(const chess::PgnGame& game, chess::Color side);
/// The variation a game is filed under in a profile's breakdown by variation: openingGroupName's name with the first
/// variation of the game's opening, "Black: Sicilian Defense: Alapin Variation", as Lichess files its puzzles (its
/// family's name alone for an opening without a variation, "White: Scotch Game"). The variations a player plays most
/// are listed as the openings are (kMaxOpeningGroups, kMinOpeningGames), the rest pooled under kOtherVariations.
std::string variationGroupName(const chess::PgnGame& game, chess::Color side);
inline constexpr const char* kOtherVariations = "other variations";
/// A group's name in lines for a chart's labels: a line ends after ": " (an opening's side, then its name) and before
/// a word that would take it past `width` characters (UTF-8 code points; a longer word stands alone). One rule for the
/// HTML report's labels and the app's charts.
std::vector<std::string> groupNameLines(const std::string& name, std::size_t width);
/// The openings a profile lists one by one: the most played (games, then positions), each with at least
/// kMinOpeningGames games (one or two games' positions are those games, not an opening) and kMinGroupPositions
/// positions, at most kMaxOpeningGroups of them; every other position is pooled under kOtherOpenings, listed last.
inline constexpr std::size_t kMaxOpeningGroups = 8;
inline constexpr std::int64_t kMinOpeningGames = 3;
inline constexpr const char* kOtherOpenings = "other openings";

/// The periods a profile splits a player's games into, in time (chess::gameTimeKey, oldest first): consecutive runs of
/// their dated games with as many games each, as many runs as give each kMinPeriodGames games or more, at most
/// kMaxPeriods, and none with fewer than two (no breakdown then). Games without a date are pooled under kNoDate, last.
/// A period is named by the dates of its first and last game, "2021-04-14 to 2021-06-30" (one date when they are the
/// same day). With the rating estimates, each period's is set beside their rating in its games: how they changed.
inline constexpr std::size_t kMaxPeriods = 4;
inline constexpr std::size_t kMinPeriodGames = 10;
inline constexpr const char* kNoDate = "no date";

/// A profile with fewer games is refused: one game's few dozen positions say nothing of a phase or a clock bucket.
inline constexpr std::size_t kMinProfileGames = 5;
/// A group with fewer positions gets no ratio and no rating estimate (its figures are printed as "-").
inline constexpr std::int64_t kMinGroupPositions = 20;

struct PlayerProfileOptions {
    /// Which positions (every: <= 0 for defaultProfileEvery's step; the engine's score cache); include is set here.
    ErrorProfileOptions positions;
    play::MovePolicy policy;      ///< the peer: peerCandidates() at the player's rating (default: calibrated)
    bool estimateRatings = true;  ///< the rating estimates (27 model queries per position)
    EloGuessOptions guess = EloGuessOptions::calibrated();  ///< their grid, prior and temper
    int bootstrapRounds = 200;                              ///< resamples of the games for the intervals
    double interval = 0.9;                                  ///< the intervals' coverage
    std::uint64_t seed = 1;                                 ///< of the resampling
    int puzzles = 20;                                       ///< positions exported as puzzles (at most)
    std::size_t minGames = kMinProfileGames;
    /// The peers' rating instead of the player's own in each game (0: their own): "against people rated 1800". On the
    /// profile's scale (chess.com's when every game is a chess.com game, else Lichess's, as
    /// PlayerProfile::ratingScale); the peers keep the player's clock and opponent. The model's ratings:
    /// encoding::kMinPlayableElo (on chess.com's scale encoding::kMinChessComElo) to encoding::kMaxPlayableElo. Games
    /// without the player's rating (club games without Elo tags) are profiled too: the peers do not need it.
    int peerRating = 0;
};

/// Progress: what is being done, and how far.
struct PlayerProfileProgress {
    enum class Stage { Scoring, Rating };  ///< the engine (and the peer model), then the rating queries
    Stage stage = Stage::Scoring;
    std::int64_t done = 0;
    std::int64_t total = 0;
};
using PlayerProfileProgressFn = std::function<void(const PlayerProfileProgress&)>;

/// The figures of one group of the player's positions.
struct ProfileCell {
    std::int64_t positions = 0;
    std::int64_t games = 0;  ///< games the positions come from
    double meanElo = 0.0;    ///< the player's mean rating (tags) over those of these positions that give it (0: none)
    double loss = 0.0;       ///< the player's mean loss of winning chances
    double blunders = 0.0;   ///< share of the player's moves that lost >= kBlunderLoss
    double peerLoss = 0.0;   ///< the peer's expected loss in the same positions
    double peerBlunders = 0.0;  ///< the peer's expected blunder share
    /// The central interval of lossRatio() over resamples of the group's games (PlayerProfileOptions::interval, e.g.
    /// 90%): how far other games of the same player could move it. An interval that holds 1 says the group is within
    /// what chance gives a player of their rating. Both 0 when unknown (too few positions, no peer loss).
    double ratioLow = 0.0, ratioHigh = 0.0;
    /// How often chance alone, in other games of a player of their rating, would put the ratio this far from 1 (two
    /// sided, from the same resamples: ResampledRatio::p); -1 when unknown (no interval).
    double ratioP = -1.0;
    /// The player's loss over the peer's (above 1: they lose more than people of their rating); 0 when unknown.
    double lossRatio() const { return peerLoss > 0.0 ? loss / peerLoss : 0.0; }
    bool hasRatioInterval() const { return ratioHigh > 0.0; }
    bool enough() const { return positions >= kMinGroupPositions; }
};

/// The breakdowns of a profile, as a group's section says it.
enum class ProfileSection { Phase, Clock, Speed, Kind, Opening, Variation, Period };
inline constexpr std::size_t kProfileSections = 7;
/// Its name for people, in English ("phase", "clock", "speed", "kind of position", "opening", "variation", "period").
const char* profileSectionName(ProfileSection section);

/// The chance, over all of a profile's groups at once, that a player who plays like their peers everywhere is named
/// as standing out in any of them (PlayerProfile::standouts).
inline constexpr double kStandoutLevel = 0.1;

/// A group where the player's loss differs from their peers' beyond chance.
struct ProfileStandout {
    ProfileSection section = ProfileSection::Phase;
    std::string name;  ///< the group's
    ProfileCell cell;
};

/// Where a player stands out from their peers, all groups weighed at once (PlayerProfile::standouts).
struct ProfileStandouts {
    std::vector<ProfileStandout> worse;   ///< they lose more than their peers there; the surest first
    std::vector<ProfileStandout> better;  ///< they lose less; the surest first
    std::size_t groups = 0;               ///< the groups weighed
};

/// A rating estimate from a group's moves: the posterior median under guess-elo's calibrated prior and temper. Its
/// interval is the wider of the posterior's credible interval and the central interval of that median over resamples
/// of the games (the moves of one game are not independent; moves that barely depend on the rating leave the prior).
struct ProfileRating {
    bool valid = false;
    double estimate = 0.0;
    double low = 0.0;
    double high = 0.0;
    std::int64_t moves = 0;
};

struct ProfileGroup {
    std::string name;
    ProfileCell cell;
    ProfileRating rating;  ///< phases, clock buckets and periods only
    /// Openings and variations only: the same figures over the group's positions in the opening phase
    /// (chess::gamePhase), beside the whole games' `cell`: how they play the opening's moves against their peers, not
    /// only how their games of it go. No positions elsewhere.
    ProfileCell openingPhase;
};

/// A position where the player lost most against their peers, as a Lichess-style puzzle: `fen` is the position before
/// the opponent's last move, `moves` that move and the engine's best reply (UCI).
struct ProfilePuzzle {
    std::string id;
    std::string fen;
    std::string setupMove;
    std::string bestMove;
    std::string playedMove;
    double loss = 0.0;
    double peerLoss = 0.0;
    int ply = 0;
    int playerElo = 0;  ///< their rating in that game (0: not in its tags)
    chess::GamePhase phase = chess::GamePhase::Opening;
    unsigned kinds = 0;
    std::string site;     ///< the game's Site tag
    std::string date;     ///< the game's date
    std::string opening;  ///< the game's opening as Lichess names it, whole (chess::openingOf; "" when unnamed)
    /// The game's opening as Lichess tags a puzzle (chess::openingTags), for a puzzle that starts before move
    /// chess::kOpeningTagsBeforeMove; else empty, as on Lichess.
    std::string openingTags;
    /// As a puzzle (set by jobs::rateProfilePuzzles, with the puzzle model; 0 and -1 when not rated): its predicted
    /// Lichess puzzle rating and that rating's sigma, and the chance that a player of their rating in that game
    /// solves it (jobs::playerSolveChance: Glicko's expected score, on Lichess's scale).
    double difficulty = 0.0;
    double difficultySigma = 0.0;
    double solveChance = -1.0;
    /// Whether it was rated as a puzzle (its difficulty set; solveChance may still be unknown).
    bool rated() const { return difficulty > 0.0; }

    /// The position the player faced: fen with the setup move played; none when the puzzle is damaged.
    std::optional<chess::Position> faced() const;
    /// One of its moves (playedMove, bestMove) in SAN where the player faced it; the UCI text itself when the
    /// puzzle is damaged. The reports people read show SAN, the JSON both, the puzzle CSV UCI.
    std::string san(const std::string& uci) const;
};

struct PlayerProfile {
    std::string player;
    /// The scale of every rating in the profile (the cells' meanElo, the estimates and their intervals, the puzzles'
    /// playerElo): chess.com's when every game profiled is a chess.com game, else Lichess's (a chess.com game among
    /// others has its ratings put on it). The peer baseline and the estimates are computed on the model's scale,
    /// Lichess's, either way (encoding::plyConditionings), and converted to chess.com's at the end.
    encoding::RatingSite ratingScale = encoding::RatingSite::Lichess;
    std::int64_t chessComGames = 0;   ///< of the games profiled, those whose ratings are chess.com's
    std::int64_t games = 0;           ///< the player's games profiled
    std::int64_t unratedGames = 0;    ///< their rating is not in the tags: left out, or profiled when peerRating is set
    std::int64_t gamesWithClock = 0;  ///< with [%clk] comments
    double interval = 0.9;            ///< the coverage of its intervals (PlayerProfileOptions::interval)
    int every = 1;       ///< one of every N of their moves scored (options.positions.every, or defaultProfileEvery's)
    int peerRating = 0;  ///< the peers' rating, on the profile's scale (0: each game's own rating of the player)
    ProfileCell all;
    ProfileRating rating;                                         ///< from all their positions
    std::vector<ProfileGroup> byPhase, byClock, bySpeed, byKind;  ///< groups with at least one position
    std::vector<ProfileGroup> byOpening;    ///< openingGroupName's groups (kMaxOpeningGroups), then kOtherOpenings
    std::vector<ProfileGroup> byVariation;  ///< variationGroupName's groups (as byOpening), then kOtherVariations
    std::vector<ProfileGroup> byPeriod;     ///< kMaxPeriods' periods, oldest first, then kNoDate; with estimates
    std::vector<ProfilePuzzle> puzzles;     ///< most lost against the peers first
    std::string model, engine;              ///< what produced it (set by the caller)
    /// Set by the caller when the model is not the one the peer's scales were fitted on (jobs::peerBaselineCaveat):
    /// one sentence the reports carry beside the model.
    std::string peerCaveat;

    /// What scale its ratings are on, for people, when chess.com is involved ("" for Lichess games alone): "Ratings
    /// on chess.com's scale (...)" or "Ratings on Lichess's scale (the N chess.com games' ratings converted ...)".
    std::string ratingScaleNote() const;
    /// The groups where they lose more or less than their peers beyond chance. Weighed: every group with a ratio
    /// interval by phase, clock, speed, opening, variation and period, but the pooled ones (kOtherOpenings,
    /// kOtherVariations, kNoDate); not the kinds of position, where the peer is not fitted (by band, speed and phase
    /// only). With many groups some interval lies wholly off 1 by chance alone, so each group's
    /// ProfileCell::ratioP goes through Holm's step-down rule: the chance that a player typical of their rating in
    /// every group is named anywhere is at most kStandoutLevel. Empty lists: nowhere beyond chance.
    ProfileStandouts standouts() const;
    /// Whether its worst positions were rated as puzzles (there are some, and jobs::rateProfilePuzzles rated them:
    /// all or none), which shows the reports' and the page's puzzle columns.
    bool puzzlesRated() const;
    /// The report as a table for the terminal.
    std::string toText() const;
    /// The report as JSON (keys sorted, as the CLI's --json).
    JsonValue toJson() const;
    /// The puzzles in the Lichess puzzle CSV format Kibitz's puzzle tools read (PuzzleId, FEN, Moves, Rating 0 and
    /// RatingDeviation 0: no Lichess rating, Themes: the phase and kinds, GameUrl: the Site tag).
    std::string puzzlesCsv() const;
};

/// Which side `name` plays in `game` (without case), or nothing.
std::optional<chess::Color> playerColor(const chess::PgnGame& game, const std::string& name);

/// Keeps the newest `count` games of `player` that a profile can use (those that give their rating; any game of theirs
/// when `anyRating`, the peers' rating chosen) and drops every older game; the games without their rating among the
/// newest are kept, for profilePlayer to count as left out. `games`: oldest first (as training::readPlayerGames gives
/// them). `count` <= 0: all.
void keepNewestProfileGames(std::vector<chess::PgnGame>& games, const std::string& player, int count, bool anyRating);

/// The positions a profile scores when its step is not given: the engine scores every legal move of each (about
/// 0.25 s at depth 8 on one core), so 200 or 1,000 games take a minute or two on two cores while a few dozen games are
/// scored whole.
inline constexpr int kProfileTargetPositions = 1000;

/// The step that scores about kProfileTargetPositions of the player's moves in `games` (their games): 1 for up to
/// about 30 games, about 7 for 200, about 30 for 1,000 (with games of some 60 plies).
int defaultProfileEvery(const std::vector<chess::PgnGame>& games);

/// The profile of `player` in `games` (their games, any order). Errors (InvalidInput, with a message for people):
/// fewer than options.minGames games, none (or too few) of them giving the player's rating (asked only when
/// options.peerRating is not set; the games without it are then left out and counted), no position to score, a
/// peer rating out of range;
/// the model's or the engine's errors; Cancelled (the score cache keeps what was scored).
Result<PlayerProfile> profilePlayer(const std::vector<chess::PgnGame>& games, const std::string& player,
                                    encoding::Evaluator& evaluator, PositionAnalyser& engine,
                                    const PlayerProfileOptions& options, const CancelToken& cancel,
                                    const PlayerProfileProgressFn& progress = {});

/// The words of the HTML report, in the reader's language. The defaults are English (the CLI's --html); the app fills
/// them from its translations. Plain text (the report escapes it); "%1" in a caption is the number it names.
struct ProfileHtmlText {
    std::string language = "en";  ///< the page's lang attribute
    std::string heading;          ///< the page's heading; empty: "Where PLAYER stands"
    std::string summary;          ///< the paragraph under it (games, rating, scale); empty: the English one
    std::string explanation =
        "Loss: the mean loss of winning chances of their moves against the engine's best. Peer: what a human of their "
        "rating and clock loses in the same positions, by the human-move model. A ratio above 1: they lose more than "
        "their peers there. Blunders lose at least 0.3.";
    std::string lossByPhase = "Loss by phase", lossByClock = "Loss by clock", lossBySpeed = "Loss by speed",
                lossByKind = "Loss by kind of position", lossByOpening = "Loss by opening",
                lossByVariation = "Loss by variation", lossByPeriod = "Loss by period",
                ratingByPeriod = "Rating by period", ratingByPhase = "Rating by phase",
                ratingByClock = "Rating by clock";
    std::string theirLoss = "their mean loss", peerLoss = "a human of their rating",
                ratioNote = "x: the ratio; the line on their bar: its interval";
    /// explanation and peerLoss when the peers are of a chosen rating (PlayerProfile::peerRating): "%1" is it.
    std::string explanationAt =
        "Loss: the mean loss of winning chances of their moves against the engine's best. Peer: what a human rated %1, "
        "with their clock, loses in the same positions, by the human-move model. A ratio above 1: they lose more than "
        "people rated %1 there. Blunders lose at least 0.3.";
    std::string peerLossAt = "a human rated %1";
    std::string player = "player", peers = "peers";  ///< a bar's tooltip: "opening: 0.0512 (player)"
    std::string ratingCaption =
        "the rating their moves play like, with its interval; the grey line: their rating in these games (%1)";
    std::string ratingCaptionUnrated = "the rating their moves play like, with its interval";  ///< no rating in tags
    /// The rating by period, where their rating moved: a mark on each row instead of one line.
    std::string ratingCaptionEach =
        "the rating their moves play like, with its interval; the grey mark: their rating in those games";
    std::string theirRating = "their rating";  ///< the periods' table: their mean rating in the period's games
    /// The openings' and variations' tables: the positions of their opening phase and the ratio there.
    std::array<std::string, 2> openingPhaseHeader{"opening moves", "ratio in the opening (interval)"};
    std::string allPositions = "All positions", byPhase = "By phase", byClock = "By clock", bySpeed = "By speed",
                byKind = "By kind of position", byOpening = "By opening", byVariation = "By variation",
                byPeriod = "By period", worstPositions = "Where they lost most against their peers";
    std::string allGroup = "all";  ///< the group of all positions in its table
    std::array<std::string, 8> tableHeader{"positions",        "games",    "loss", "peer",
                                           "ratio (interval)", "blunders", "peer", "rating (interval)"};
    /// Under the explanation; "%1" is the intervals' coverage ("90%").
    std::string intervalNote =
        "A ratio's interval: where it falls in %1 of resamples of their games. One that holds 1 is within chance of "
        "their peers; one wholly above or below is a real difference.";
    std::string tooFew = "too few positions";
    /// Where they stand out (PlayerProfile::standouts): the heading, the note under it ("%1": the groups weighed),
    /// the first column of each way's table, the line when there is none, and the sections' names
    /// (profileSectionName's, in ProfileSection's order).
    std::string standoutsTitle = "Where they stand out from their peers";
    std::string standoutsNote =
        "Beyond chance, all %1 groups weighed at once: a player who plays like their peers everywhere is named "
        "here in about one report in ten.";
    std::string standoutsWorse = "they lose more than their peers", standoutsBetter = "they lose less than their peers";
    std::string standoutsNone = "Nowhere: in every group the difference from their peers is within chance.";
    std::array<std::string, kProfileSections> sectionNames{"phase",   "clock",     "speed", "kind of position",
                                                           "opening", "variation", "period"};
    std::array<std::string, 9> puzzleHeader{"puzzle", "move",  "played", "best",   "loss",
                                            "peer",   "phase", "game",   "opening"};
    /// The worst positions' table's two columns when they are rated as puzzles (ProfilePuzzle::difficulty), and the
    /// note under the table that says what they are.
    std::array<std::string, 2> puzzleRatingHeader{"as a puzzle", "their chance"};
    std::string puzzleRatingNote =
        "As a puzzle: the rating Kibitz's puzzle model predicts for the position on Lichess's puzzle scale, with its "
        "uncertainty; their chance: the chance that a player of their rating in that game finds the best move, by that "
        "rating.";
    /// Over the worst positions' boards.
    std::string boardsNote =
        "Each position as they faced it: the move they played in red, the best move in green, the opponent's last "
        "move tinted.";
    std::string madeBy = "Made by Kibitz.";
    /// A group's name as shown (phases, clock buckets, speeds, kinds, openings); unset: the core's English names. In a
    /// chart, a name with ": " is drawn as two lines (an opening's side, then its moves).
    std::function<std::string(const std::string&)> groupName;
};

/// The report as one self-contained HTML page: its tables and inline SVG bar charts of the loss beside the peer
/// baseline by phase, clock bucket, speed, kind, opening, variation and period, and the rating estimates by phase,
/// clock bucket and period (beside their rating in each period's games).
std::string playerProfileHtml(const PlayerProfile& profile, const ProfileHtmlText& text = {});

}  // namespace kibitz::evaluation
