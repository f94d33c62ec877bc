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

/// Reads an int / double / string entry; nullopt when absent or of another type.
std::optional<std::int64_t> archiveInt(torch::serialize::InputArchive& a, const std::string& key);
std::optional<double> archiveDouble(torch::serialize::InputArchive& a, const std::string& key);
std::optional<std::string> archiveString(torch::serialize::InputArchive& a, const std::string& key);

}  // namespace kibitz::training
