// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A player's rating estimated from the moves they played: the rating under which the human-move model finds their
// moves most likely (maximum likelihood over a grid), with the interval where the log-likelihood stays within a
// chosen drop of its maximum. Models are reached only through encoding::Evaluator.

#include "core/chess/pgn.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"

#include <vector>

namespace kibitz::evaluation {

/// Ratings of the players in the training games (../shared/data/games, both colours: mean 1783, sd 500), rounded:
/// the Gaussian prior (`--prior 1780:500`), the calibrated estimate's prior until the population histogram below.
inline constexpr double kPopulationRatingMean = 1780.0;
inline constexpr double kPopulationRatingSd = 500.0;

/// The log density (per rating point) of the training games' players' ratings at `elo`: the calibrated estimate's
/// prior, where a pure maximum likelihood over one game's ~35 moves often lands on the grid's ends. It is the
/// histogram of both players' ratings in every training-split game of ../shared/data/games in 100-point cells
/// centred on 600, 700, ..., 3200 (the cells at the ends hold everything beyond them, spread over their inner half
/// cell since the grid ends at their centres), smoothed by (1 2 1) / 4 and interpolated linearly between cell
/// centres; constant beyond the end cells. The ratings are not normal (a crowded
/// middle, a long tail of bullet players above 3000), so it fits them better than kPopulationRatingMean/Sd.
double populationLogPrior(double elo);
/// The log density (per rating point squared) of the training games' (white, black) rating pairs at (eloA, eloB):
/// every training-split game of ../shared/data/games with both ratings, counted by the cells of its two ratings
/// (the same cells as populationLogPrior), symmetrised, each axis smoothed as that one, interpolated bilinearly.
/// Lichess pairs players of similar ratings (the median |WhiteElo - BlackElo| there is 44 points), so the density
/// is a ridge along the diagonal; summed over either rating it gives back the players' histogram.
double populationPairLogPrior(double eloA, double eloB);
/// EloGuessOptions::temper of the calibrated estimates (the game review's; guess-elo's with either prior): fitted for
/// the shipped human-move model with the population prior on 200 training-split games spread over the data (every
/// 600th; 400 players): the posterior median's absolute error there is least at 0.6 and within 0.3 points of it from
/// 0.55 to 0.7 (docs/studies/2026-11-26-v2-cool-downs.md, "guess-elo calibration"). The pairs prior's error on the same
/// players, the model told neither rating, is least at the same T (docs/studies/2026-11-26-guess-elo.md).
inline constexpr double kGuessEloTemper = 0.6;

struct EloGuessOptions {
    /// The calibrated estimate of each player alone ("White played like a 1650", the game review's): the model told
    /// the opponent's rating from the tag, the population prior, kGuessEloTemper and the posterior median.
    static EloGuessOptions calibrated();
    /// Both players' ratings from the moves alone (guess-elo's default): the model told neither rating
    /// (Opponent::Unknown), the pairs prior (Prior::PopulationPairs), the same temper and the posterior median. The
    /// more accurate estimate of the ratings: on held-out games it errs less than calibrated() although it is told
    /// less (docs/studies/2026-11-26-guess-elo.md, "guess-elo: both players together").
    static EloGuessOptions calibratedPairs();

    int minElo = 600;
    int maxElo = 3200;  ///< the conditioning's top bracket: ~5% of the training games' players are above 3000
    int step = 100;     ///< grid spacing; the maximum is refined between grid points by a parabola
    /// Interval: ratings whose log-likelihood is within this of the maximum (1.92 = a 95 % likelihood-ratio interval).
    double intervalDrop = 1.92;
    /// Optional prior over ratings: the estimate becomes the maximum (or median) a posteriori, which pulls short or
    /// uninformative games toward the players' usual ratings instead of the grid's ends. Gaussian: priorMean and
    /// priorSd (> 0); Population: populationLogPrior, the training players' own histogram.
    /// PopulationPairs: both players are estimated together, from the posterior over (white, black) pairs under
    /// populationPairLogPrior, each estimate read off its player's marginal. Lichess pairs similar ratings, so each
    /// player's moves then inform the other's estimate too. It applies where the model is told neither rating
    /// (Opponent::SameAsMover or Unknown, or FromTag on a game without rating tags); a player whose opponent's rating
    /// the model is told gets Population alone (the pairing would pull the estimate to that known rating, which is
    /// no longer a reading of the moves).
    enum class Prior { None, Gaussian, Population, PopulationPairs };
    Prior prior = Prior::None;
    double priorMean = 0.0;
    double priorSd = 0.0;
    /// What the model is told about the opponent while the mover's rating runs over the grid: the tag's rating
    /// (FromTag; the grid value when the tag has none), the grid value itself (SameAsMover: the game's level, since
    /// Lichess pairs players of similar ratings and the model learnt that), or nothing (Unknown).
    enum class Opponent { FromTag, SameAsMover, Unknown };
    Opponent opponent = Opponent::FromTag;
    /// The moves' log-likelihood is multiplied by this before the prior is added. The moves of one game are not
    /// independent evidence of the rating (a player's style and the game's course repeat from move to move), so the
    /// plain sum is too sure of itself; a temper below 1, fitted on training games, makes the intervals hold.
    double temper = 1.0;
    /// How the estimate and interval are read off the curve: its maximum with the likelihood-ratio interval
    /// (intervalDrop), or (with a prior) the median of the posterior with its central `credible` interval, the
    /// estimate with the least expected absolute error when the prior and temper are right.
    enum class Estimate { Maximum, PosteriorMedian };
    Estimate estimate = Estimate::Maximum;
    double credible = 0.95;
    /// Queries (position, rating) per forward of the model; 0: one position's whole grid a forward, the fastest
    /// measured (bench/guess_elo_bench.sh, shipped model, one core of a loaded machine): 1.8-2.0 s a game, where 64
    /// a forward took 2.3 s, 512 (the former default, whose batches leave the CPU's caches) 3.0-5.0 s and one a
    /// forward 3.9-4.4 s. The estimates differ by under 0.001 points between batch sizes.
    int batchSize = 0;
};

/// One player's estimate. `moves` counts the positions used (forced moves are left out); with none, the estimate is
/// empty (valid == false).
struct EloEstimate {
    bool valid = false;
    double estimate = 0.0;
    double low = 0.0;
    double high = 0.0;
    int moves = 0;
    std::vector<double> logLikelihood;       ///< per grid rating: the curve the estimate was read from
    std::vector<double> movesLogLikelihood;  ///< per grid rating: the sum of the moves' log-probabilities alone
};

struct GameEloGuess {
    EloEstimate white;
    EloEstimate black;
    bool jointly = false;  ///< the two were estimated together (Prior::PopulationPairs applied)
};

/// The grid of ratings the estimates are computed on.
std::vector<int> eloGuessGrid(const EloGuessOptions& options);

/// Estimates both players' ratings in `game`. The conditioning of each position is the game's own
/// (plyConditionings: clocks and increment, the opponent's rating when the tag has it) with the mover's rating set to
/// each grid value; an unknown opponent rating is set equal to the mover's. EloGuessOptions::opponent says what the
/// model hears of the opponent instead. A blend of two models (encoding::BlendEvaluator: the default model with the
/// Maia-1 nets) is read through its primary model alone: EloGuessOptions::calibrated() was fitted on that model,
/// and the nets tell ratings apart only by which band's net answers.
Result<GameEloGuess> guessGameElo(encoding::Evaluator& evaluator, const chess::PgnGame& game,
                                  const EloGuessOptions& options = {});

/// `estimate` (on the model's scale: Lichess's) on `site`'s rating scale: for chess.com its estimate and interval
/// converted (encoding::fromLichessScale), for any other site the same. guess-elo reports a chess.com game's players
/// on both scales and compares them with their tags on chess.com's.
EloEstimate estimateOnScale(const EloEstimate& estimate, encoding::RatingSite site);

/// Reads the maximum and interval off a log-likelihood curve over `grid` (exposed for tests).
EloEstimate estimateFromCurve(const std::vector<int>& grid, const std::vector<double>& logLikelihood, double drop);
/// Reads the median and the central `credible` interval off a log-posterior curve over `grid`: the posterior is
/// taken as piecewise linear between grid points (exposed for tests).
EloEstimate posteriorFromCurve(const std::vector<int>& grid, const std::vector<double>& logPosterior, double credible);

}  // namespace kibitz::evaluation
