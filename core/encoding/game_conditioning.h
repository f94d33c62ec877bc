// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one rule that turns a game's tags and clock comments into the human-move model's conditioning, per ply.
// Training (core/training), evaluation, review, guess-elo, the GUI and the CLI all call it, so what the model saw in
// training is what it is shown everywhere else.

#include "core/chess/pgn.h"
#include "core/encoding/conditioning.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::encoding {

/// What is known of one player at a moment of a game: rating, remaining time, increment. Any field may be unknown.
struct PlayerState {
    std::optional<int> elo;
    std::optional<int> clockS;      ///< remaining time, seconds
    std::optional<int> incrementS;  ///< this player's increment per move, seconds
};

/// The conditioning for the side to move, from both players' states (index by chess::Color). The rule every caller
/// shares: mover first, then opponent; the increment is the mover's. plyConditionings applies it to a game's tags and
/// clocks; the UCI engine and play mode apply it to a live game (clocks from milliseconds via playerStateFromMs).
Conditioning moverConditioning(chess::Color mover, const PlayerState& white, const PlayerState& black);

/// A player in a live game (UCI `go wtime/winc`, the play mode's clocks), in milliseconds, as the model's seconds:
/// the clock rounded down like a PGN [%clk] comment (negative values, a clock run below zero before the flag falls,
/// count as 0), the increment rounded to the nearest second like a TimeControl tag.
PlayerState playerStateFromMs(std::optional<int> elo, std::optional<long long> clockMs,
                              std::optional<long long> incrementMs);

/// The longest base time and increment of any clock a game is played on (Lichess allows 180 minutes and 180 s, FIDE's
/// classical control 90 minutes and 30 s; correspondence time controls are not clocks).
inline constexpr int kMaxClockBaseS = 6 * 3600;
inline constexpr int kMaxClockIncrementS = 600;
/// Time a player may be given by the opponent beyond base + increments (Lichess's "give time" adds 15 s a click)
/// before a clock counts as impossible: the base once more, and at least this much. Measured on the 42,316 clocked
/// Lichess games of shared/data/games (and 1,684 of chess.com), this rule sets aside two, bullet games whose clocks
/// were raised to 497 s and 3,688 s: as unlike the games the clocks are read for as a broken clock.
inline constexpr int kMaxGivenTimeS = 300;

/// Why `game`'s time control or clocks cannot be real, or empty when they can (or the game has none): a TimeControl
/// beyond kMaxClockBaseS / kMaxClockIncrementS or giving no time at all ("0+0"); a [%clk] above what the base, the
/// increments so far and some given time allow (with no TimeControl: above the longest base); every clock of the
/// game reading 0. The one rule of impossible clocks: plyConditionings and plyThinkTimes read no clock and no
/// increment of such a game, and the readers that count unusable games (training, eval time, personalize) skip it
/// and count it.
std::string clockProblem(const chess::PgnGame& game);

/// The site whose rating scale a game's WhiteElo/BlackElo tags are on. The model learnt Lichess's scale (its
/// training games are Lichess's), and chess.com's ratings are hundreds of points lower at club level, so a chess.com
/// rating is put on Lichess's scale before the model reads it. An unknown site's ratings are read as Lichess's.
enum class RatingSite { Lichess, ChessCom, Unknown };

/// Which site `game`'s ratings come from, by its tags: Lichess when the Site tag is a lichess.org address (or
/// "lichess.org"); chess.com when the Site tag is "Chess.com" or a chess.com address, or else when a Link tag is a
/// chess.com address (chess.com's own exports carry both); otherwise Unknown.
RatingSite ratingSite(const chess::PgnGame& game);

/// The scale a site's ratings are reported on, as the JSON reports write it: "chess.com" for ChessCom, "lichess"
/// otherwise (an unknown site's ratings are read as Lichess's).
const char* ratingScaleName(RatingSite site);
/// The same for people: "chess.com" or "Lichess".
const char* ratingScaleTitle(RatingSite site);

/// chess.com to Lichess: Lichess = kChessComLichessBase + kChessComLichessSlope x chess.com. Measured on one player
/// (pnmadelaine, 97% of the shared chess.com games) who played on both sites in the same months: their mean rating per
/// month and speed on each site, over the 17 months where both sites have games (13 rapid, 4 blitz), a line through
/// those pairs with a residual sd of 34 points (docs/studies/2026-12-01-player-profile.md, "chess.com and Lichess
/// ratings"). The gap is +456 at chess.com 780 and +303 at 1530. Its limits: one player mostly, chess.com ratings
/// 780-1530 (club level; beyond, the line is extrapolated), rapid and blitz pooled (rapid alone: 543 + 0.848 x),
/// no bullet.
inline constexpr double kChessComLichessBase = 614.0;
inline constexpr double kChessComLichessSlope = 0.797;
/// chess.com's lowest rating: the floor of lichessToChessCom.
inline constexpr int kMinChessComElo = 100;

/// A chess.com rating on Lichess's scale (the line above), clamped to the model's ratings [kMinPlayableElo,
/// kMaxPlayableElo].
double chessComToLichess(double chessCom);
/// A rating on Lichess's scale as chess.com would rate it: the inverse of the line for the rating clamped to
/// [kMinPlayableElo, kMaxPlayableElo], and never below kMinChessComElo.
double lichessToChessCom(double lichess);
/// A rating from `site`'s tags on the model's (Lichess) scale, rounded to the nearest point: a chess.com rating
/// converted (chessComToLichess), any other unchanged (a game's own rating is sent as it is).
int toLichessScale(int elo, RatingSite site);
/// The inverse: a rating on the model's scale on `site`'s (lichessToChessCom for chess.com, any other unchanged).
double fromLichessScale(double elo, RatingSite site);

/// The conditioning before each ply of `game`: mover and opponent Elo from the WhiteElo/BlackElo tags, on the
/// model's (Lichess) scale (a chess.com game's converted: ratingSite, toLichessScale), each side's
/// remaining time before its move from its previous [%clk] (the TimeControl base before its first move; clocks stay
/// unknown in games without [%clk] comments), increment from TimeControl. Missing values stay unknown, and so do
/// every clock and the increment of a game whose clocks are impossible (clockProblem). One entry per move, plus one
/// for the position after the last move when `includeFinal` is set.
std::vector<Conditioning> plyConditionings(const chess::PgnGame& game, bool includeFinal = false);

/// The seconds each move of `game` took its player, from the clocks: own clock before the move (its [%clk] after
/// that player's previous move) + increment - own clock after it. Unknown (nullopt) for each side's first move
/// (Lichess does not run the clock for it), in games without [%clk] comments or a TimeControl tag, where a comment is
/// missing, where the clock went up by more than the increment (the opponent gave time), and in games whose clocks are
/// impossible (clockProblem). One entry per move.
std::vector<std::optional<int>> plyThinkTimes(const chess::PgnGame& game);

/// How many of a player's last timed moves make their pace (RecentTimes::moverPaceS): within one speed, the mean of
/// the last five predicts the next move's time better than the last one alone (Pearson r of log seconds on 190,000
/// moves of lichess_clk_002: bullet 0.37 against 0.24, blitz 0.41 against 0.30; three 0.36/0.40, eight 0.34/0.40).
inline constexpr int kPaceMoves = 5;

/// What the mover and the opponent spent on their last moves, in seconds (unknown when the game does not say): how
/// fast this game is going, which the think-time head reads beside the clocks.
struct RecentTimes {
    std::optional<int> moverLastS;
    std::optional<int> oppLastS;
    /// Mean seconds of the player's last (up to) kPaceMoves timed moves; unknown when none is timed.
    std::optional<double> moverPaceS;
    std::optional<double> oppPaceS;
    bool operator==(const RecentTimes&) const = default;
};

/// The recent times before ply `ply` of a game whose moves took `spent` seconds (plyThinkTimes, or a live game's own
/// record in the same form; entries from `ply` on are ignored): the mover's last move is ply - 2, the opponent's
/// ply - 1, and each pace the mean of that player's last kPaceMoves timed moves among the plies before. The one rule
/// training, evaluation, the review, the GUI, play mode and the UCI engine read a game's pace by.
RecentTimes recentTimesAt(const std::vector<std::optional<int>>& spent, std::size_t ply);

}  // namespace kibitz::encoding
