// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A player's repertoire: the moves one player chose at the positions of their games, counted, and how a
// model of that player uses them. Where the player has stood before, the model's distribution is the prior of a
// Dirichlet whose counts are the player's own moves there:
//   p(m) = (n(m) + prior · p_model(m)) / (N + prior),
// N the times the player stood in the position. A move they played every time dominates as its count grows; one
// they never played keeps a share of the model's probability, so a new choice stays possible. Elsewhere the model
// answers alone. Plain C++: counts and arithmetic on distributions.

#include "core/chess/position.h"
#include "core/encoding/evaluator.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kibitz::encoding {

class PlayerBook {
public:
    /// Positions are kept up to this many plies from the start of a game (the player's openings, where games meet
    /// again; later positions almost never recur).
    static constexpr int kDefaultMaxPly = 30;
    /// A model's weight against the counts: 1 was the best of 0.25-16 on the held-out games of three players (NLL).
    static constexpr double kDefaultPrior = 1.0;

    /// What identifies a position: the FEN's placement, side to move, castling rights and en-passant square (the
    /// move counters left out, so transpositions meet).
    static std::string positionKey(const chess::Position& pos);

    /// Counts `move` (UCI) once more at `pos`.
    void add(const chess::Position& pos, const std::string& uciMove);
    /// Counts `count` more at the position with key `key` (as positionKey writes it); for readers of a stored book.
    void add(const std::string& key, const std::string& uciMove, int count);
    /// The player's moves at `pos` (UCI -> times played), or null when they never stood there.
    const std::map<std::string, int>* find(const chess::Position& pos) const;

    std::size_t positions() const { return m_moves.size(); }
    std::int64_t moves() const { return m_total; }
    const std::unordered_map<std::string, std::map<std::string, int>>& entries() const { return m_moves; }

    double prior = kDefaultPrior;
    int maxPly = kDefaultMaxPly;
    std::string player;  ///< whose moves, as the games spell the name

private:
    std::unordered_map<std::string, std::map<std::string, int>> m_moves;
    std::int64_t m_total = 0;
};

/// The rule above on one position's distribution: `model` over the legal moves (any order), `counts` the player's
/// moves there (UCI -> times). Sorted by decreasing probability. Empty counts return the model's distribution.
std::vector<MoveProb> mixWithPlayerMoves(const std::vector<MoveProb>& model, const std::map<std::string, int>& counts,
                                         double prior);
/// The same rule on probabilities and counts in the same order (the trainer's scoring of held-out moves).
void mixWithPlayerCounts(std::vector<double>& probs, const std::vector<int>& counts, double prior);

/// A model of a player with their repertoire: `inner`'s moves mixed with the book where the player has stood
/// before; everything else (value, think time) is `inner`'s.
class PlayerBookEvaluator : public MoveMixingEvaluator {
public:
    PlayerBookEvaluator(std::unique_ptr<Evaluator> inner, PlayerBook book);

    std::string describe() const override;
    /// The inner model's note, then where the player's own moves come in.
    std::string conditioningNote(const Conditioning& cond) const override;

    const PlayerBook& book() const { return m_book; }

protected:
    /// The inner model's moves mixed with the book's counts where the player has stood before (mixWithPlayerMoves).
    Status mixMoves(const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
                    const std::vector<RecentMoves>& recent, std::vector<std::vector<MoveProb>>& moves) override;

private:
    PlayerBook m_book;
};

}  // namespace kibitz::encoding
