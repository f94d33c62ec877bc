// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/models/model_config.h"
#include "core/models/named_weights.h"

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

    encoding::Heads heads() const override;
    std::string describe() const override;
    /// Builds a model of `config` and copies `weights` into it (names and shapes must match weightShapes(); tensors
    /// named "value.*" make the value head, all of valueHeadShapes() or none; "time.*" the think-time head likewise).
    /// `source` names the origin for describe() and errors.
    static Result<std::unique_ptr<TorchEvaluator>> fromWeights(const ModelConfig& config,
                                                               const std::vector<NamedWeights>& weights,
                                                               const std::string& source);
    /// The model's parameters and buffers as plain floats (for bundles).
    std::vector<NamedWeights> exportWeights() const;
    /// Writes the model as a checkpoint that load() and the trainer's evaluation read (temp file + rename).
    Status save(const std::string& path) const;
    /// Names and shapes of the tensors a model of `config` has (without the value head).
    static WeightShapes weightShapes(const ModelConfig& config);
    /// Names ("value." + name) and shapes of the value head's tensors for a model of `config`, of the kind whose first
    /// layer is `firstLayerWidth` wide (models::ValueInputs); the current kind's for any other width (0: the current
    /// one), so that a check names it.
    static WeightShapes valueHeadShapes(const ModelConfig& config, std::int64_t firstLayerWidth = 0);
    /// Names ("time." + name) and shapes of the think-time head's tensors for a model of `config`, of the kind whose
    /// first layer is `firstLayerWidth` wide (the board or the clocks only, with the paces or from before them); the
    /// current board-reading head's when no kind has that width (0: the current one), so that a check names it; its
    /// hidden layers `hiddenWidth` wide (the first layer's height; the default width for 0 or one out of range).
    static WeightShapes timeHeadShapes(const ModelConfig& config, std::int64_t firstLayerWidth = 0,
                                       std::int64_t hiddenWidth = 0);
    const ModelConfig& config() const;
    long long parameters() const;

protected:
    /// Every head asked for in one pass of the trunk (none when only a clocks-only think-time head is asked).
    Result<std::vector<encoding::PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                             const std::vector<encoding::Conditioning>& conds,
                                                             const std::vector<encoding::RecentMoves>& recent,
                                                             const std::vector<encoding::RecentTimes>& times,
                                                             const std::vector<chess::Move>& played,
                                                             const encoding::Reads& what) override;

private:
    TorchEvaluator();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace kibitz::models
