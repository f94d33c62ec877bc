// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <memory>
#include <string>
#include <vector>

namespace kibitz::storage {
struct Lc0Network;
}

namespace kibitz::models {

/// An lc0 network (Leela Chess Zero's format; the Maia-1 nets) as a human-move model: the 112-plane input from the
/// position and the 7 before it (taken back from the recorded moves), the SE residual tower, the convolution
/// policy (softmax over the legal moves) and the WDL value head. It reads no ratings or clocks: the conditioning is
/// ignored (a folder of rating-band nets, Lc0BandEvaluator, uses the mover's rating to pick the net).
/// Runs on CUDA when available, else CPU (torch stays out of this header). One thread at a time.
class Lc0Evaluator : public encoding::Evaluator {
public:
    ~Lc0Evaluator() override;
    /// Reads a `.pb.gz` file. Errors name the file and the field.
    static Result<std::unique_ptr<Lc0Evaluator>> load(const std::string& path);
    /// From a parsed network; `source` names it in describe() and errors.
    static std::unique_ptr<Lc0Evaluator> fromNetwork(const storage::Lc0Network& net, const std::string& source);

    Result<std::vector<encoding::MoveProb>> moveDistribution(const chess::Position& pos,
                                                             const encoding::Conditioning& cond) override;
    Result<std::vector<std::vector<encoding::MoveProb>>> moveDistributions(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds) override;
    Result<std::vector<std::vector<encoding::MoveProb>>> moveDistributionsWithHistory(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& recent) override;
    bool hasValueHead() const override { return true; }
    Result<std::vector<encoding::Wdl>> valueEstimates(const std::vector<chess::Position>& positions,
                                                      const std::vector<encoding::Conditioning>& conds,
                                                      const std::vector<encoding::RecentMoves>& recent) override;
    std::string describe() const override;

    /// Both heads in one pass: per position the legal moves' probabilities (sorted, decreasing) and the WDL.
    struct Output {
        std::vector<std::vector<encoding::MoveProb>> moves;
        std::vector<encoding::Wdl> wdl;
    };
    Result<Output> evaluate(const std::vector<chess::Position>& positions,
                            const std::vector<encoding::RecentMoves>& recent);
    const std::string& source() const;
    long long parameters() const;
    /// "6 x 64 SE" style shape, for model cards.
    std::string shape() const;

private:
    Lc0Evaluator();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace kibitz::models
