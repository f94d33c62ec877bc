// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/evaluator.h"

namespace kibitz::encoding {

Result<std::vector<std::vector<MoveProb>>> Evaluator::moveDistributions(const std::vector<chess::Position>& positions,
                                                                        const std::vector<Conditioning>& conds) {
    if (positions.size() != conds.size())
        return makeError(ErrorCode::InvalidInput, "moveDistributions: positions and conditionings differ in count");
    std::vector<std::vector<MoveProb>> out;
    out.reserve(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        auto r = moveDistribution(positions[i], conds[i]);
        if (!r.ok()) return r.error();
        out.push_back(std::move(r).value());
    }
    return out;
}

Result<std::vector<std::vector<MoveProb>>> Evaluator::moveDistributionsWithHistory(
    const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
    const std::vector<RecentMoves>& /*recent*/) {
    return moveDistributions(positions, conds);
}

Result<std::vector<Wdl>> Evaluator::valueEstimates(const std::vector<chess::Position>& /*positions*/,
                                                   const std::vector<Conditioning>& /*conds*/,
                                                   const std::vector<RecentMoves>& /*recent*/) {
    return makeError(ErrorCode::Unsupported, "this model has no value head");
}

}  // namespace kibitz::encoding
