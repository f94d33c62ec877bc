// SPDX-License-Identifier: GPL-3.0-or-later
// The base of the tests' fake models that answer one position at a time.
#pragma once

#include "core/encoding/evaluator.h"

#include <vector>

namespace kibitz::testing {

/// A fake model whose moves come from movesAt(pos, cond), one position at a time: the batched read of
/// encoding::Evaluator asks it for each position in turn (the moves that led there are not read), and stops at the
/// first error. Its heads are read by head, as batches: readMoves() (by default movesAt() for each position), then
/// readValues() and readThinkTimes() for the heads it says it has (heads()) when the read asks for them, so a fake
/// overrides one of these to record or count what it is asked. Counts that differ are InvalidInput, as for a real
/// model (Evaluator::read).
class PositionEvaluator : public encoding::Evaluator {
public:
    virtual Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                            const encoding::Conditioning& cond) = 0;

    /// The moves of a batch: movesAt() for each position.
    virtual Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& /*recent*/) {
        std::vector<std::vector<encoding::MoveProb>> out;
        out.reserve(positions.size());
        for (std::size_t i = 0; i < positions.size(); ++i) {
            auto r = movesAt(positions[i], conds[i]);
            if (!r) return r.error();
            out.push_back(std::move(r).value());
        }
        return out;
    }
    /// The value head of a batch (with heads().value).
    virtual Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& /*positions*/,
                                                          const std::vector<encoding::Conditioning>& /*conds*/,
                                                          const std::vector<encoding::RecentMoves>& /*recent*/) {
        return makeError(ErrorCode::Unsupported, "this fake has no value head");
    }
    /// The think-time head of a batch (with heads().thinkTime).
    virtual Result<std::vector<encoding::ThinkTime>> readThinkTimes(
        const std::vector<chess::Position>& /*positions*/, const std::vector<encoding::Conditioning>& /*conds*/,
        const std::vector<encoding::RecentMoves>& /*recent*/, const std::vector<encoding::RecentTimes>& /*times*/,
        const std::vector<chess::Move>& /*played*/) {
        return makeError(ErrorCode::Unsupported, "this fake has no think-time head");
    }

protected:
    Result<std::vector<encoding::PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                             const std::vector<encoding::Conditioning>& conds,
                                                             const std::vector<encoding::RecentMoves>& recent,
                                                             const std::vector<encoding::RecentTimes>& times,
                                                             const std::vector<chess::Move>& played,
                                                             const encoding::Reads& what) override {
        std::vector<encoding::PositionReading> out(positions.size());
        if (what.moves) {
            auto moves = readMoves(positions, conds, recent);
            if (!moves) return moves.error();
            for (std::size_t i = 0; i < out.size() && i < moves->size(); ++i) out[i].moves = std::move((*moves)[i]);
        }
        const encoding::Heads has = heads();
        if (what.value && has.value) {
            auto values = readValues(positions, conds, recent);
            if (!values) return values.error();
            for (std::size_t i = 0; i < out.size() && i < values->size(); ++i) out[i].value = (*values)[i];
        }
        if (what.thinkTime && has.thinkTime) {
            auto t = readThinkTimes(positions, conds, recent, times, played);
            if (!t) return t.error();
            for (std::size_t i = 0; i < out.size() && i < t->size(); ++i) out[i].thinkTime = (*t)[i];
        }
        return out;
    }
};

}  // namespace kibitz::testing
