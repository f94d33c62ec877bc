// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/engine_analyser.h"

#include <QJsonObject>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace kibitz::evaluation {

// ---- Chessort difficulty (seed 003) ----

/// Chessort's difficulty labels, easiest first.
enum class SortLabel { Beginner, Easy, Medium, Hard, Master };

/// Label of a difficulty in [0, 100]: Beginner < 50 <= Easy < 75 <= Medium < 87.5 <= Hard < 95 <= Master.
SortLabel sortLabel(double difficulty);
/// "Beginner", "Easy", "Medium", "Hard", "Master".
const char* sortLabelName(SortLabel label);

/// Position of a score on Chessort's ordered scale before rescaling, from the side to move's point of view:
/// centipawns -> sigmoid(cp / 400) in (0, 1); the side to move mating in n -> 1 + sigmoid(-(n - 1) / 2) in
/// (1, 1.5]; the side to move mated in n (n <= 0) -> -sigmoid(-(|n| - 1) / 2) in [-0.5, 0). Mates for the side to
/// move therefore come first, then centipawn scores, then mates against it.
double sortScale(const engines::UciScore& score);

/// sortScale() rescaled linearly from [-0.5, 1.5] to [0, 1]: the "normalised strength" of a move for its mover.
double normalisedStrength(const engines::UciScore& score);

/// Chessort's difficulty of sorting moves with these scores (any order, side to move's view), in [0, 100]:
/// the normalised strengths sorted strongest first, the absolute adjacent differences with zeros (equal scores,
/// accepted in either order) left out, their harmonic mean H over the n remaining differences, and
/// 100 * (1 - n * H) (1 / n being the largest harmonic mean n ordered differences in [0, 1] can have).
/// Fewer than two scores, or all equal, give 0.
double sortDifficulty(const std::vector<engines::UciScore>& scores);

/// Points for a submitted order: the number of positions whose card has the same score as the card the engine
/// puts there (equal scores are interchangeable). `scores` are in engine order (best first); `order` lists
/// indices into `scores` as the player sorted them (strongest first). 0 for a malformed `order`.
int sortPoints(const std::vector<engines::UciScore>& scores, const std::vector<int>& order);

/// Beyond Chessort: how hard the sort is for a human of a given Elo according to the human-move model.
/// The player's order is modelled as Plackett-Luce over the model's probabilities of the cards (renormalised
/// over the cards, floored at 1e-6): the first card is the move they would most readily play, and so on. Over
/// all orders, weighted by that probability:
struct HumanSortDifficulty {
    double pCorrect = 0.0;         ///< probability of a fully correct order (ties interchangeable)
    double expectedPoints = 0.0;   ///< expected sortPoints
    double expectedKendall = 0.0;  ///< expected share of strictly ordered pairs put the wrong way round, [0, 1]
    double difficulty = 0.0;       ///< 100 * (1 - pCorrect), on Chessort's scale so sortLabel() applies
};

/// The human-aware difficulty (see HumanSortDifficulty). `probs` are the model's probabilities of the cards and
/// `scores` their engine scores, both in the same order; sizes must match and be at most 8.
Result<HumanSortDifficulty> humanSortDifficulty(const std::vector<double>& probs,
                                                const std::vector<engines::UciScore>& scores);

// ---- Game generation ----

/// A ranked candidate move of a position (engine order, best first).
struct RankedMove {
    MoveEval eval;
    int engineRank = 0;  ///< 1-based position in the engine's multi-PV list
};

/// Picks `count` of the ranked moves for a sorting game (Chessort's MoveSelectionStrategy).
class MoveSelectionStrategy {
public:
    virtual ~MoveSelectionStrategy() = default;
    /// True when select() can succeed: at least `count` moves (and whatever the strategy needs beyond that).
    virtual bool canHandle(const std::vector<RankedMove>& moves, int count) const;
    /// Indices into `moves` of the chosen moves in engine order, or nothing when the strategy cannot fill them.
    virtual std::optional<std::vector<int>> select(const std::vector<RankedMove>& moves, int count,
                                                   std::mt19937& rng) const = 0;
    virtual std::string name() const = 0;
};

/// Chessort's top-spread strategy: moves with equal scores form buckets (engine order); it takes the top move,
/// then repeatedly the first move of the next unused bucket whose normalised strength is at most the last
/// pick's minus `spread`. Fails when fewer buckets qualify.
class TopSpreadStrategy : public MoveSelectionStrategy {
public:
    explicit TopSpreadStrategy(double spread) : m_spread(spread) {}
    /// The spread that separates a 0.00 score from `cp` centipawns: normalisedStrength(cp) - 0.5.
    static double spreadForCp(int cp);
    bool canHandle(const std::vector<RankedMove>& moves, int count) const override;
    std::optional<std::vector<int>> select(const std::vector<RankedMove>& moves, int count,
                                           std::mt19937& rng) const override;
    std::string name() const override;

private:
    double m_spread = 0.0;
};

/// Fallback that always succeeds given enough moves: `count` distinct moves uniformly at random.
class RandomStrategy : public MoveSelectionStrategy {
public:
    std::optional<std::vector<int>> select(const std::vector<RankedMove>& moves, int count,
                                           std::mt19937& rng) const override;
    std::string name() const override { return "random"; }
};

/// One card of a sorting game.
struct SortCard {
    chess::Move move;
    std::string san;
    std::string uci;
    engines::UciScore score;          ///< side to move's view
    int engineRank = 0;               ///< rank among all analysed moves (1 = engine's best)
    std::optional<double> humanProb;  ///< model probability at the chosen Elo (all legal moves normalised)
};

/// A Chessort game: a position and cards in engine order (best first).
struct SortGame {
    std::string fen;
    std::string source;  ///< puzzle id, or empty
    std::vector<SortCard> cards;
    std::string strategy;
    double difficulty = 0.0;  ///< sortDifficulty of the cards
    SortLabel label = SortLabel::Beginner;
    std::optional<HumanSortDifficulty> human;
    std::optional<int> humanElo;
};

/// How games are generated.
struct SortOptions {
    int count = 1;                ///< games per position
    int cards = 4;                ///< moves per game
    int lines = 16;               ///< multi-PV lines asked of the engine
    std::optional<int> humanElo;  ///< Elo for the human difficulty (mover and opponent); needs an evaluator
    std::uint32_t seed = 1;       ///< random choices are reproducible
};

/// The strategy ladder used by generateSortGames: top spread for +500, +300, +150, +50 and 0 centipawns
/// (Chessort's Beginner..Master groups), tried in turn from game index `game` on; then random.
std::vector<std::unique_ptr<MoveSelectionStrategy>> defaultStrategies();

/// Builds a game from already ranked moves (no engine): cards for `picked` (indices into `moves`) sorted by
/// score (engine rank breaks ties), SAN, difficulty and, when `humanDist` (the model's distribution for `pos`) is
/// given, card probabilities and the human difficulty at `humanElo`. Fails on an index out of range or an
/// illegal move.
Result<SortGame> makeSortGame(const chess::Position& pos, const std::vector<RankedMove>& moves,
                              const std::vector<int>& picked, const std::string& strategy,
                              const std::vector<encoding::MoveProb>* humanDist, std::optional<int> humanElo);

/// Generates up to options.count distinct games for `pos` from one multi-PV analysis. Game i tries the strategy
/// ladder from rung i (so successive games get easier-to-harder spreads), skipping move sets already used, and
/// falls back to random. Fails with InvalidInput when the position has fewer legal moves than cards.
Result<std::vector<SortGame>> generateSortGames(const chess::Position& pos, PositionAnalyser& engine,
                                                encoding::Evaluator* human, const SortOptions& options,
                                                const CancelToken& cancel);

/// JSON of a game (kibitz-cli sort --json): {fen, source, strategy, difficulty, label, human: {elo, p_correct,
/// expected_points, expected_kendall, difficulty, label} or null, cards: [{uci, san, eval_cp, mate,
/// engine_rank, human_prob}]} with evals from the side to move.
QJsonObject sortGameToJson(const SortGame& game);

}  // namespace kibitz::evaluation
