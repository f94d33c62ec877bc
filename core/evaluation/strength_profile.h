// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The error profile of `kibitz-cli eval strength errors`: on positions of real games, how much winning chance the
// humans' moves lost against the best move, band by band of the mover's rating (and by speed), beside what the
// opponent told that mover's rating loses there. The engine scores every legal move of each position once (multipv
// over all moves), so the opponent's loss is the exact expectation under the distribution it draws from
// (play::humanCandidates), not a sample, and any policy can be scored again without the engine (the temperature fit).
//
// Loss of winning chances is Lichess's: winning chances 2 / (1 + exp(-0.00368208 cp)) - 1 in [-1, 1] from the
// mover's side (a mate is +-1), the loss of a move the best move's chances less its own; a blunder loses at least
// 0.3 (Lichess's threshold for "blunder").

#include "core/chess/game_phase.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/chess/position.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/engines/uci_parser.h"
#include "core/evaluation/engine_analyser.h"
#include "core/play/human_mover.h"
#include "core/play/human_play.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::evaluation {

/// Lichess's winning chances of `score` for the side it is from, in [-1, 1]; a mate is +-1.
double winningChances(const engines::UciScore& score);

/// The rating bands of the profile: [0, 1000), [1000, 1400), [1400, 1700), [1700, 2000), [2000, inf).
inline constexpr std::array<int, 5> kStrengthBandLow{0, 1000, 1400, 1700, 2000};
/// The band of a rating among bands given by their lower edges, rising (index into `lows`; 0 below the first).
int bandOf(int elo, std::span<const int> lows);
/// The band of a rating (index into kStrengthBandLow) and its name ("<1000", "1000-1399", ..., "2000+").
int strengthBand(int elo);
std::string strengthBandName(int band);

/// One position of a real game with every legal move scored by the engine.
struct ErrorPosition {
    chess::Position position;
    int ply = 0;
    std::size_t game = 0;  ///< the index of its game in the games collectErrorPositions read
    int moverElo = 0;
    std::optional<chess::GameSpeed> speed;  ///< from the TimeControl tag, when it has one
    std::vector<encoding::MoveProb> dist;   ///< the model's distribution, as conditioned for the real mover
                                            ///< (or for ErrorProfileOptions::askMoverElo)
    play::MoveOutcomes outcomes;            ///< its weighed moves' outcomes by the value head (play::weighMoves)
    std::map<std::uint16_t, double> loss;   ///< each legal move's loss of winning chances (by Move::raw())
    double humanLoss = 0.0;                 ///< the loss of the move the human played
};

struct ErrorProfileOptions {
    int every = 8;  ///< one position in every N of each game's plies (chosen by hash; 1: all)
    /// Denser where bands are thin: a mover rated from `fromElo` to under `belowElo` gets one position in every
    /// `every` plies instead (ranges rising, apart). By the same hash, so `every`'s positions stay chosen when it
    /// divides the denser one's.
    struct Denser {
        int belowElo = 0;
        int every = 1;
        int fromElo = 0;
    };
    std::vector<Denser> denser;
    int maxPositions = 0;   ///< stop after this many positions (0: no limit)
    int maxPerBand = 0;     ///< leave out positions of a band that has this many already (0: no limit)
    int minPly = 0;         ///< positions from this ply on
    int minMoverElo = 0;    ///< positions whose mover is rated this or more (0: every rated mover)
    int maxMoverElo = 0;    ///< positions whose mover is rated under this (0: no upper bound)
    std::string cachePath;  ///< the engine's scores are kept here between runs ("" : none)
    std::string cacheTag;   ///< what the scores depend on besides the engine (analyserIdentity is added to it):
                            ///< lines of another tag are ignored, and kept
    /// More engines like the one passed, to score positions side by side (one process per core is the point):
    /// `engines` in all, the others made by `moreEngines` when a batch has positions the cache lacks, and closed
    /// when the call returns. One that fails to start leaves the work to those that did. 1 or no factory: the one.
    int engines = 1;
    AnalyserFactory moreEngines;
    /// Which positions may be chosen besides the rules above (empty: all): called with a game and a ply, e.g. to keep
    /// one player's moves.
    std::function<bool(const chess::PgnGame&, int ply)> include;
    /// The model is asked for a mover of this rating (the model's scale) instead of the game's (0: the game's, by
    /// encoding::plyConditionings, whose clocks and opponent's rating are kept either way): a profile's peers of a
    /// chosen rating. The positions are chosen, and ErrorPosition::moverElo set, by the game's rating all the same;
    /// a mover the game gives no rating is taken too (ErrorPosition::moverElo 0), chosen as one rated askMoverElo.
    int askMoverElo = 0;
};

/// Whether ply `ply` of the game `gameKey` names is one of one in `every` of its plies (1: every ply): by a hash of
/// both, so the choice is the same in every run, each ply chosen apart from its neighbours, and a ply chosen at
/// `every` is chosen at every divisor of it.
bool chosenPly(std::string_view gameKey, int ply, int every);
/// What names a game to chosenPly: its Site, White, Black and UTCTime tags.
std::string plyChoiceKey(const chess::PgnGame& game);

/// Progress: positions scored of those chosen (an estimate until the games are all read).
using ErrorProgressFn = std::function<void(std::int64_t done, std::int64_t chosen)>;

/// Reads the chosen positions of `games` (a forced move or a position whose move is unknown is left out), the model's
/// distribution for each (conditioned by encoding::plyConditionings, the one rule), and the engine's score of every
/// legal move (from the cache when it has them). Errors: the model's or the engine's (naming the position), the cache's
/// (naming its file and line), Cancelled (the cache keeps what was scored).
Result<std::vector<ErrorPosition>> collectErrorPositions(const std::vector<chess::PgnGame>& games,
                                                         encoding::Evaluator& evaluator, PositionAnalyser& engine,
                                                         const ErrorProfileOptions& options, const CancelToken& cancel,
                                                         const ErrorProgressFn& progress = {});

/// The loss figures of one group of positions.
struct ErrorCell {
    std::int64_t positions = 0;
    double meanElo = 0.0;
    double humanLoss = 0.0;      ///< the humans' mean loss
    double humanBlunders = 0.0;  ///< share of their moves that lost >= 0.3
    double modelLoss = 0.0;      ///< the opponent's expected loss (its candidates' probabilities times their losses)
    double modelBlunders = 0.0;  ///< its expected share of blunders
    /// The central interval (kErrorIntervalCoverage) of ratio() over resamples of the cell's games: how far other
    /// games of the same players could move it. Both 0 when the cell has no games or no human loss.
    double ratioLow = 0.0, ratioHigh = 0.0;
    double ratio() const { return humanLoss > 0.0 ? modelLoss / humanLoss : 0.0; }
    bool hasRatioInterval() const { return ratioHigh > 0.0; }
};

/// One game's share of a ratio of sums: what its positions add to the numerator and to the denominator.
struct GameSums {
    double numerator = 0.0;
    double denominator = 0.0;
};

/// Student's t with `df` degrees of freedom: the chance that |T| >= t (two-sided), and the t whose two-sided tail is
/// `tail` (e.g. 0.1 for a central 90%). df > 0.
double studentTTail(double t, double df);
double studentTQuantile(double tail, double df);

/// What resamples of the games say of a ratio of sums (resampledRatio).
struct ResampledRatio {
    double low = 0.0, high = 0.0;  ///< the central interval
    /// How often chance alone would put the ratio at least this far from 1 were the truth 1 (two-sided): the ratio's
    /// logarithm over its spread in the resamples, read on Student's t with one degree of freedom fewer than the
    /// games. 1 with a single game (nothing says what chance gives) or a ratio of 1; 0 when the games all give the same
    /// ratio, not 1.
    double p = 1.0;
};

/// The central `coverage` interval (e.g. 0.9) of sum(numerator) / sum(denominator) over `rounds` resamples of the
/// games drawn with replacement (games, not moves: one bad day is a game's worth of moves, not independent ones), and
/// how far from 1 the ratio is beyond chance (ResampledRatio::p). Resamples of a few games vary less than other games
/// would (three games give ten different resamples), so the interval is widened about the ratio, on the logarithm's
/// scale, by sqrt(n / (n - 1)) times Student's t over the normal's at that coverage (n games: 2.2 times for 3 games,
/// 1.17 for 10, 1.02 for 40; the "expanded percentile" interval). The same `seed` gives the same figures. nullopt with
/// no games, no rounds, or no resample with a denominator.
std::optional<ResampledRatio> resampledRatio(const std::vector<GameSums>& games, int rounds, std::uint64_t seed,
                                             double coverage);

/// The error profile's intervals: resamples and coverage.
inline constexpr int kErrorIntervalRounds = 200;
inline constexpr double kErrorIntervalCoverage = 0.9;

/// The profile: per band, per band and speed, per band and game phase, and over all.
struct ErrorProfile {
    std::vector<ErrorCell> byBand;                                   ///< one per kStrengthBandLow entry
    std::vector<std::array<ErrorCell, chess::kGameSpeeds>> bySpeed;  ///< [band][speed]
    std::vector<std::array<ErrorCell, chess::kGamePhases>> byPhase;  ///< [band][phase] (chess::gamePhase)
    ErrorCell all;
};

/// How the opponent would play each position: its candidate moves and their probabilities.
using CandidateFn = std::function<std::vector<encoding::MoveProb>(const ErrorPosition&)>;
/// The opponent as it plays: play::humanCandidates at the mover's rating with `policy`.
CandidateFn humanMoverCandidates(const play::MovePolicy& policy);

inline constexpr double kBlunderLoss = 0.3;
/// The expected loss and blunder share of a mover who plays `candidates` (moves and probabilities) in `position`.
std::pair<double, double> expectedLoss(const ErrorPosition& position,
                                       const std::vector<encoding::MoveProb>& candidates);
ErrorProfile profileErrors(const std::vector<ErrorPosition>& positions, const CandidateFn& candidates);

/// One fitted knot of the rating's strength: the band's mean rating and the temperature and tilt at which the
/// model's expected loss and blunder share there come nearest the humans' (positions before play's unshaped opening
/// plies keep the model's own distribution).
struct StrengthKnot {
    int band = 0;
    double meanElo = 0.0;
    std::int64_t positions = 0;
    play::Strength strength;
    double humanLoss = 0.0, humanBlunders = 0.0;
    double modelLoss = 0.0, modelBlunders = 0.0;  ///< at that strength
};
/// Fits one strength per band with at least `minPositions` positions: a grid over temperatures 0.2-2.5 and tilts
/// 0-64, minimising the squared relative errors of the mean loss and of the blunder share.
std::vector<StrengthKnot> fitStrength(const std::vector<ErrorPosition>& positions, std::int64_t minPositions = 100);

/// One band and game phase's fitted temperature scale: the factor on the shipped rating's temperature (the user's
/// temperature, as play::policyForRating applies it) at which the opponent's expected loss and blunder share in the
/// phase's positions come nearest the humans'. 1 means the shipped rule already matches there.
struct PhaseScaleFit {
    int band = 0;
    chess::GamePhase phase = chess::GamePhase::Opening;
    std::int64_t positions = 0;
    double scale = 1.0;
    double humanLoss = 0.0, humanBlunders = 0.0;
    double modelLoss = 0.0, modelBlunders = 0.0;  ///< at that scale
};
/// Fits the scale per band and phase with at least `minPositions` positions: a grid over 0.4-2.5 (logarithmic),
/// the same objective as fitStrength.
std::vector<PhaseScaleFit> fitPhaseScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions = 100);

}  // namespace kibitz::evaluation
