// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/trainer_torch.h"

namespace kibitz::training {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const std::vector<torch::Tensor>& params,
                                                       const OptimizerSettings& s) {
    if (s.kind == OptimizerKind::RMSprop)
        return std::make_unique<torch::optim::RMSprop>(
            params, torch::optim::RMSpropOptions(1e-3).alpha(s.rho).eps(s.eps).weight_decay(s.weightDecay));
    return std::make_unique<torch::optim::AdamW>(
        params, torch::optim::AdamWOptions(1e-3).betas({s.beta1, s.beta2}).eps(s.eps).weight_decay(s.weightDecay));
}

void setLearningRate(torch::optim::Optimizer& optimizer, double lr) {
    for (auto& g : optimizer.param_groups()) g.options().set_lr(lr);
}

std::optional<std::int64_t> archiveInt(torch::serialize::InputArchive& a, const std::string& key) {
    c10::IValue v;
    if (!a.try_read(key, v) || !v.isInt()) return std::nullopt;
    return v.toInt();
}

std::optional<double> archiveDouble(torch::serialize::InputArchive& a, const std::string& key) {
    c10::IValue v;
    if (!a.try_read(key, v) || !v.isDouble()) return std::nullopt;
    return v.toDouble();
}

std::optional<std::string> archiveString(torch::serialize::InputArchive& a, const std::string& key) {
    c10::IValue v;
    if (!a.try_read(key, v) || !v.isString()) return std::nullopt;
    return v.toStringRef();
}

}  // namespace kibitz::training
