// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/game_conditioning.h"
#include "core/encoding/position_encoder.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::encoding {

/// One legal move and the probability a human (as conditioned) plays it.
struct MoveProb {
    chess::Move move;
    float prob = 0.0f;
};

/// The expected result of a game between humans (as conditioned) from a position, for the side to move.
struct Wdl {
    float win = 0.0f;
    float draw = 0.0f;
    float loss = 0.0f;
    /// Expected score: win + draw / 2.
    float score() const { return win + 0.5f * draw; }
};

/// How long a human (as conditioned) takes over their move in a position: a log-normal distribution of
/// ln(1 + seconds) with mean `mu` and spread `sigma` (the think-time head).
struct ThinkTime {
    float mu = 0.0f;
    float sigma = 1.0f;
    /// Seconds at quantile q in (0, 1) (0.5: the median).
    double quantileS(double q) const;
    /// Seconds drawn for a standard normal deviate z: exp(mu + sigma z) - 1, at least 0.
    double atDeviateS(double z) const;
    /// The mean and the variance of the seconds atDeviateS draws (z standard normal; the draws below 0 count as 0),
    /// in closed form.
    double meanS() const;
    double varianceS() const;
};

/// `t` into the fields of `e` the think-time head reads (moverLastThinkS, oppLastThinkS, moverPaceDs, oppPaceDs:
/// capped to their ranges, -1 for unknown), and back.
void setRecentTimes(EncodedPosition& e, const RecentTimes& t);
RecentTimes recentTimesOf(const EncodedPosition& e);

/// Everything a model says about one position (Evaluator::read, readPosition).
struct PositionReading {
    std::vector<MoveProb> moves;         ///< every legal move, sorted by decreasing probability, when asked for
    std::optional<Wdl> value;            ///< with a value head, when asked for
    std::optional<ThinkTime> thinkTime;  ///< with a think-time head, when asked for (the move played, if told one)
    /// With a think-time head that reads the move chosen, when asked for with the moves: per entry of `moves`, the
    /// time the mover takes when that is the move they play (empty otherwise).
    std::vector<ThinkTime> moveThinkTimes;

    /// Replaces `moves` by `reordered` (the same legal moves with new probabilities, in a new order, as a blend or a
    /// player's repertoire gives them), carrying each move's entry of `moveThinkTimes` along with it.
    void replaceMoves(std::vector<MoveProb> reordered);
};

/// The heads a model has besides the moves (Evaluator::heads).
struct Heads {
    bool value = false;               ///< a value head: PositionReading::value
    bool thinkTime = false;           ///< a think-time head: PositionReading::thinkTime
    bool thinkTimeReadsMove = false;  ///< the think-time head reads the move chosen: PositionReading::moveThinkTimes
};

/// What one Evaluator::read asks for. A head the model lacks is not read (its field of the reading stays empty).
struct Reads {
    bool moves = true;            ///< PositionReading::moves
    bool value = false;           ///< PositionReading::value
    bool thinkTime = false;       ///< PositionReading::thinkTime
    bool moveThinkTimes = false;  ///< PositionReading::moveThinkTimes (with `moves` and `thinkTime` only)
};

/// Anything that turns a position into a distribution over its legal moves (a torch model, a fake in tests), and
/// that may read it with further heads (Heads). Implementations are used from one thread at a time.
///
/// A model implements four things: the one batched read (readBatch: every head asked for, for every position, in
/// one call, so that a model whose heads share a trunk runs it once), which heads it has, describe() and, when it
/// reads only part of the conditioning, conditioningNote(). Everything else is a helper built on read(), the same
/// for every model.
class Evaluator {
public:
    virtual ~Evaluator() = default;

    /// Reads each position by the heads `what` asks for (those the model has: heads()), given its conditioning and,
    /// per position, the moves that led to it (newest first; for models that read them: encoding v2, lc0 nets), how
    /// long both players took over their last moves (`times`: the think-time head reads them) and the move played
    /// (`played`: Move::none() for one position, not known; a think-time head that reads the move is told it, others
    /// ignore it); `recent`, `times` and `played` are each empty (not known for any position) or one per position.
    /// One reading per position. Fails with InvalidInput when the counts differ, a position has no legal move or a
    /// played move is not legal there (models that read it).
    Result<std::vector<PositionReading>> read(const std::vector<chess::Position>& positions,
                                              const std::vector<Conditioning>& conds,
                                              const std::vector<RecentMoves>& recent,
                                              const std::vector<RecentTimes>& times,
                                              const std::vector<chess::Move>& played, const Reads& what);
    /// Which heads the model has besides the moves. None by default.
    virtual Heads heads() const { return {}; }
    /// Short description (model kind, config, parameters) for logs and UIs.
    virtual std::string describe() const = 0;
    /// For models that read only part of the conditioning (lc0 nets: no clocks, ratings only through the choice of
    /// a rating-band net): one line saying what `cond` became, for the user. Empty when the model reads all of it.
    virtual std::string conditioningNote(const Conditioning& /*cond*/) const { return {}; }

    /// For each position, the probability of every legal move, summing to 1, sorted by decreasing probability, given
    /// the moves that led to it (`recent` empty or one per position): read() of the moves. Fails (InvalidInput) when
    /// a position has no legal move or the counts differ.
    Result<std::vector<std::vector<MoveProb>>> moveDistributionsWithHistory(
        const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
        const std::vector<RecentMoves>& recent);
    /// One position without its history: moveDistributionsWithHistory({pos}, {cond}, {}).
    Result<std::vector<MoveProb>> moveDistribution(const chess::Position& pos, const Conditioning& cond);
    /// A batch without the history: moveDistributionsWithHistory(positions, conds, {}).
    Result<std::vector<std::vector<MoveProb>>> moveDistributions(const std::vector<chess::Position>& positions,
                                                                 const std::vector<Conditioning>& conds);
    /// True when the model has a value head, so valueEstimates() works (heads().value).
    bool hasValueHead() const { return heads().value; }
    /// Win/draw/loss for the side to move of each position, in a game between humans of the conditioned ratings and
    /// clocks (value head). Fails with Unsupported when the model has none, InvalidInput for a position without moves
    /// or counts that differ.
    Result<std::vector<Wdl>> valueEstimates(const std::vector<chess::Position>& positions,
                                            const std::vector<Conditioning>& conds,
                                            const std::vector<RecentMoves>& recent);
    /// True when the model has a think-time head, so thinkTimes() works (heads().thinkTime).
    bool hasTimeHead() const { return heads().thinkTime; }
    /// How long the mover of each position will take over the move, as conditioned (ratings, both clocks, increment)
    /// and, where known, from how long both players took over their last moves (`times` empty: unknown for all), and
    /// the move they chose (`played` empty, or Move::none() for one position: not known; a head made before it was an
    /// input ignores it). Fails with Unsupported when the model has none, InvalidInput for a position without moves,
    /// a played move that is not legal there or counts that differ.
    Result<std::vector<ThinkTime>> thinkTimes(const std::vector<chess::Position>& positions,
                                              const std::vector<Conditioning>& conds,
                                              const std::vector<RecentMoves>& recent,
                                              const std::vector<RecentTimes>& times,
                                              const std::vector<chess::Move>& played);
    /// One position read by every head the model has (the think-time head only `withTime`, with the per-move times
    /// of a head that reads the move chosen), in one read(): one pass of the trunk for a model whose heads share it
    /// (TorchEvaluator). Errors as read()'s.
    Result<PositionReading> readPosition(const chess::Position& pos, const Conditioning& cond,
                                         const RecentMoves& recent, const RecentTimes& times, bool withTime);

protected:
    /// read() with the counts checked (`conds` one per position; `recent`, `times`, `played` empty or one per
    /// position): one reading per position, of the heads `what` asks for that the model has.
    virtual Result<std::vector<PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                           const std::vector<Conditioning>& conds,
                                                           const std::vector<RecentMoves>& recent,
                                                           const std::vector<RecentTimes>& times,
                                                           const std::vector<chess::Move>& played,
                                                           const Reads& what) = 0;
};

/// An evaluator that changes another's moves (a blend with a second model, a player's repertoire) and answers
/// everything else with it: the heads are the inner model's, read in the same call as its moves, and the per-move
/// think times follow the moves into their new order (PositionReading::replaceMoves).
class MoveMixingEvaluator : public Evaluator {
public:
    explicit MoveMixingEvaluator(std::unique_ptr<Evaluator> inner) : m_inner(std::move(inner)) {}

    Heads heads() const override { return m_inner->heads(); }

protected:
    /// The inner model's readings with each position's moves (when asked for) replaced by mixMoves'.
    Result<std::vector<PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                   const std::vector<Conditioning>& conds,
                                                   const std::vector<RecentMoves>& recent,
                                                   const std::vector<RecentTimes>& times,
                                                   const std::vector<chess::Move>& played, const Reads& what) final;
    /// Changes `moves` (per position the inner model's distribution, sorted) into this model's: the same legal
    /// moves with new probabilities, sorted by decreasing probability. The other arguments are read()'s.
    virtual Status mixMoves(const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
                            const std::vector<RecentMoves>& recent, std::vector<std::vector<MoveProb>>& moves) = 0;

    std::unique_ptr<Evaluator> m_inner;
};

}  // namespace kibitz::encoding
