// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch helpers shared by trainers: optimizer from OptimizerSettings, learning-rate update, typed archive reads.

#include "core/training/trainer_common.h"

#include <torch/torch.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// AdamW or RMSprop over `params` with the settings (the learning rate is set per step by setLearningRate).
std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const std::vector<torch::Tensor>& params,
                                                       const OptimizerSettings& settings);
/// Sets the learning rate of every parameter group.
void setLearningRate(torch::optim::Optimizer& optimizer, double lr);

/// Moves an optimizer's state (AdamW's moments, RMSprop's averages) to `device`: a checkpoint's archive loads on the
/// CPU, and a resumed CUDA run would otherwise mix devices in its first step.
void moveOptimizerState(torch::optim::Optimizer& optimizer, const torch::Device& device);

/// Scales the gradients so that their global 2-norm is at most `maxNorm`, as torch::nn::utils::clip_grad_norm_
/// does, without reading the norm back to the host (that read waits for the device on CUDA).
void clipGradNormWithoutSync(const std::vector<torch::Tensor>& params, double maxNorm);

/// Reads an int / double / string entry; nullopt when absent or of another type.
std::optional<std::int64_t> archiveInt(torch::serialize::InputArchive& a, const std::string& key);
std::optional<double> archiveDouble(torch::serialize::InputArchive& a, const std::string& key);
std::optional<std::string> archiveString(torch::serialize::InputArchive& a, const std::string& key);

/// bf16 autocast on CUDA for the scope's lifetime (the forward pass and the loss of a training step); does nothing
/// when `enabled` is false. Matrix products and attention run in bf16, reductions and the loss in fp32, as
/// torch.autocast does; the weights and the optimizer stay fp32.
class AutocastScope {
public:
    explicit AutocastScope(bool enabled);
    ~AutocastScope();
    AutocastScope(const AutocastScope&) = delete;
    AutocastScope& operator=(const AutocastScope&) = delete;

private:
    bool m_enabled;
    bool m_previous = false;
};

}  // namespace kibitz::training
