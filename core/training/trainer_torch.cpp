// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/trainer_torch.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

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

void clipGradNormWithoutSync(const std::vector<torch::Tensor>& params, double maxNorm) {
    torch::NoGradGuard ng;
    std::vector<torch::Tensor> norms;
    for (const auto& p : params)
        if (p.grad().defined()) norms.push_back(p.grad().norm(2));
    if (norms.empty()) return;
    const torch::Tensor total = torch::stack(norms).norm(2);
    const torch::Tensor scale = torch::clamp(maxNorm / (total + 1e-6), c10::nullopt, 1.0);
    for (const auto& p : params)
        if (p.grad().defined()) p.mutable_grad().mul_(scale.to(p.grad().dtype()));
}

void moveOptimizerState(torch::optim::Optimizer& optimizer, const torch::Device& device) {
    auto moved = [&device](const torch::Tensor& t) { return t.defined() ? t.to(device) : t; };
    for (auto& item : optimizer.state()) {
        torch::optim::OptimizerParamState* state = item.second.get();
        if (auto* a = dynamic_cast<torch::optim::AdamWParamState*>(state)) {
            a->exp_avg(moved(a->exp_avg()));
            a->exp_avg_sq(moved(a->exp_avg_sq()));
            a->max_exp_avg_sq(moved(a->max_exp_avg_sq()));
        } else if (auto* r = dynamic_cast<torch::optim::RMSpropParamState*>(state)) {
            r->square_avg(moved(r->square_avg()));
            r->momentum_buffer(moved(r->momentum_buffer()));
            r->grad_avg(moved(r->grad_avg()));
        }
    }
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

// LibTorch 2.4 replaced the CUDA-only autocast switches with per-device ones; Debian's is 1.13.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
#define KIBITZ_AUTOCAST_PER_DEVICE 1
#else
#define KIBITZ_AUTOCAST_PER_DEVICE 0
#endif

AutocastScope::AutocastScope(bool enabled) : m_enabled(enabled) {
    if (!m_enabled) return;
#if KIBITZ_AUTOCAST_PER_DEVICE
    m_previous = at::autocast::is_autocast_enabled(at::kCUDA);
    at::autocast::set_autocast_dtype(at::kCUDA, at::kBFloat16);
    at::autocast::set_autocast_enabled(at::kCUDA, true);
#else
    m_previous = at::autocast::is_enabled();
    at::autocast::set_autocast_gpu_dtype(at::kBFloat16);
    at::autocast::set_enabled(true);
#endif
}

AutocastScope::~AutocastScope() {
    if (!m_enabled) return;
#if KIBITZ_AUTOCAST_PER_DEVICE
    at::autocast::set_autocast_enabled(at::kCUDA, m_previous);
#else
    at::autocast::set_enabled(m_previous);
#endif
    if (!m_previous) at::autocast::clear_cache();
}

}  // namespace kibitz::training
