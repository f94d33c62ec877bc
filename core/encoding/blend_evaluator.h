// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Two human-move models as one: the move probabilities of a primary model (Kibitz's own, which reads ratings, clocks
// and increment) and of a second one (the nine Maia-1 rating-band nets) combined as a weighted geometric mean,
//   p(m) ∝ p_primary(m)^(1 - w) · p_second(m)^w
// (or, for a primary fine-tuned from a reference model, p ∝ p_primary · (p_second / p_reference)^w),
// with the weight w a function of the mover's rating: full inside the range the second model knows (the Maia-1
// nets: band centres 1150-1950), fading linearly to nothing `fade` points beyond it, so a rating the second model
// cannot tell apart is answered by the primary alone. Everything else (value head, think-time head) is the
// primary's, and so is the probability of a move that mates where the blend would give it less (keepPrimaryMates).
// Plain C++: the blend is arithmetic on the two distributions.

#include "core/encoding/evaluator.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace kibitz::encoding {

/// The second model's weight by the mover's rating.
struct BlendSchedule {
    double weight = 0.5;  ///< w inside [fullFrom, fullTo] and for an unknown rating; 0 <= w <= 1
    int fullFrom = 1150;  ///< lowest rating with the full weight
    int fullTo = 1950;    ///< highest rating with the full weight
    int fade = 300;       ///< the weight reaches 0 this many points outside the range (0: at once)
    double weightFor(std::optional<int> moverElo) const;
};

/// p ∝ a^(1-w) · b^w over the legal moves (each probability floored at 1e-9 first), sorted by decreasing
/// probability. With a `reference` r (the model `a` was fine-tuned from), p ∝ a · (b / r)^w instead: the correction
/// the blend makes to r is made to a, and where a = r it is the plain blend of r. `a`, `b` and `reference` must hold
/// the same moves (in any order); fails (InvalidInput) otherwise.
Result<std::vector<MoveProb>> blendMoveDistributions(const std::vector<MoveProb>& a, const std::vector<MoveProb>& b,
                                                     double w, const std::vector<MoveProb>* reference = nullptr);
/// A move of `pos` that mates is never less likely in `mixed` than in `primary` (Kibitz's model reads "gives mate"
/// as a move feature; the Maia nets see only the board, and the geometric mean let them pull found mates down: the
/// top move was the mate in 78.5% of 1,000 mate-in-one puzzles against the primary's 81.0%). The other moves are
/// scaled to make up the rest; the result is sorted again.
void keepPrimaryMates(const chess::Position& pos, const std::vector<MoveProb>& primary, std::vector<MoveProb>& mixed);

class BlendEvaluator : public MoveMixingEvaluator {
public:
    /// Says which part of the second model a conditioning uses (the Maia band nets: "maia-1500.pb.gz"), for the
    /// conditioning note; may be empty.
    using PartNote = std::function<std::string(const Conditioning&)>;
    /// `secondName` names the second model in describe() and the conditioning note (e.g. "Maia-1 (GPL-3.0)").
    BlendEvaluator(std::unique_ptr<Evaluator> primary, std::unique_ptr<Evaluator> second, BlendSchedule schedule,
                   std::string secondName, PartNote partNote = {});

    std::string describe() const override;
    std::string conditioningNote(const Conditioning& cond) const override;

    const BlendSchedule& schedule() const { return m_schedule; }
    Evaluator& primary() { return *m_inner; }
    const Evaluator& primary() const { return *m_inner; }

    /// A model of one player fine-tuned from `reference` (the base model, run alone) is blended relative to it:
    /// p ∝ primary · (second / reference)^w, so the player's own habits are kept whole and the second model corrects
    /// what it corrects in the base (a plain geometric mean would halve the player's habits at w = 0.5). `name`
    /// names the reference in describe().
    void setReference(std::unique_ptr<Evaluator> reference, std::string name);
    bool hasReference() const { return m_reference != nullptr; }

protected:
    /// The primary's moves (read with its other heads, one trunk pass) blended with the second model's where the
    /// mover's rating gives it a weight; a think-time head that reads the move chosen gives its per-move times in the
    /// blended order.
    Status mixMoves(const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
                    const std::vector<RecentMoves>& recent, std::vector<std::vector<MoveProb>>& moves) override;

private:
    std::unique_ptr<Evaluator> m_second;
    std::unique_ptr<Evaluator> m_reference;
    std::string m_referenceName;
    BlendSchedule m_schedule;
    std::string m_secondName;
    PartNote m_partNote;
};

}  // namespace kibitz::encoding
