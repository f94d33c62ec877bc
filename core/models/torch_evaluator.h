// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/models/model_config.h"

#include <memory>
#include <string>

namespace kibitz::models {

/// Evaluator backed by the LibTorch human-move model (torch stays out of this header).
/// Runs on CUDA when available, else CPU. One thread at a time; inference guards are set inside each call.
class TorchEvaluator : public encoding::Evaluator {
public:
    ~TorchEvaluator() override;
    /// Loads a checkpoint written by the trainer (or saveModel). Errors name the file.
    static Result<std::unique_ptr<TorchEvaluator>> load(const std::string& path);
    /// A freshly initialised model (seeded), mostly for tests and benchmarks.
    static std::unique_ptr<TorchEvaluator> fromConfig(const ModelConfig& config, std::uint64_t seed);

    Result<std::vector<encoding::MoveProb>> moveDistribution(const chess::Position& pos,
                                                             const encoding::Conditioning& cond) override;
    Result<std::vector<std::vector<encoding::MoveProb>>> moveDistributions(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds) override;
    std::string describe() const override;
    const ModelConfig& config() const;
    long long parameters() const;

private:
    TorchEvaluator();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace kibitz::models
