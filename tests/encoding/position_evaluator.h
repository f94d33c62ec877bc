// SPDX-License-Identifier: GPL-3.0-or-later
// The base of the tests' fake models that answer one position at a time.
#pragma once

#include "core/encoding/evaluator.h"

#include <vector>

namespace kibitz::testing {

/// A fake model whose moves come from movesAt(pos, cond), one position at a time: the batched read of
/// encoding::Evaluator asks it for each position in turn (the moves that led there are not read), and stops at the
/// first error. Positions and conditionings that differ in count are InvalidInput, as for a real model.
class PositionEvaluator : public encoding::Evaluator {
public:
    virtual Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                            const encoding::Conditioning& cond) = 0;

    Result<std::vector<std::vector<encoding::MoveProb>>> moveDistributionsWithHistory(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& /*recent*/) override {
        if (positions.size() != conds.size())
            return makeError(ErrorCode::InvalidInput, "moveDistributions: positions and conditionings differ in count");
        std::vector<std::vector<encoding::MoveProb>> out;
        out.reserve(positions.size());
        for (std::size_t i = 0; i < positions.size(); ++i) {
            auto r = movesAt(positions[i], conds[i]);
            if (!r) return r.error();
            out.push_back(std::move(r).value());
        }
        return out;
    }
};

}  // namespace kibitz::testing
