// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/train_loop.h"

#include "core/training/trainer_torch.h"

#include <algorithm>
#include <chrono>

namespace kibitz::training {

StepWindow::StepWindow(std::vector<std::string> metricNames)
    : m_names(std::move(metricNames)), m_host(m_names.size() + 1, 0.0), m_device(m_names.size() + 1) {}

void StepWindow::add(std::size_t slot, double value) { m_host.at(slot) += value; }

void StepWindow::addOnDevice(std::size_t slot, const torch::Tensor& value, double alpha) {
    torch::Tensor& sum = m_device.at(slot);
    if (!sum.defined()) sum = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat64).device(value.device()));
    sum.add_(value, alpha);
}

void StepWindow::report(TrainProgress& p) {
    for (std::size_t i = 0; i < m_host.size(); ++i)
        if (m_device[i].defined()) {
            m_host[i] += m_device[i].item<double>();
            m_device[i].zero_();
        }
    auto mean = [this](double sum) { return m_weight > 0 ? sum / m_weight : 0.0; };
    p.loss = mean(m_host[0]);
    p.metrics.clear();
    for (std::size_t i = 0; i < m_names.size(); ++i) p.metrics.emplace_back(m_names[i], mean(m_host[i + 1]));
    std::fill(m_host.begin(), m_host.end(), 0.0);
    m_weight = 0.0;
}

bool defersStepReads(StepReads reads, const torch::Device& device, bool distributed) {
    return !distributed && (reads == StepReads::AtLogLines || (reads == StepReads::Auto && device.is_cuda()));
}

void clipGradients(const std::vector<torch::Tensor>& params, double maxNorm, bool deferredReads) {
    if (deferredReads)
        clipGradNormWithoutSync(params, maxNorm);
    else
        torch::nn::utils::clip_grad_norm_(params, maxNorm);
}

bool loadOptimizerState(torch::serialize::InputArchive& archive, torch::optim::Optimizer& optimizer,
                        const torch::Device& device) {
    torch::serialize::InputArchive optArchive;
    if (!archive.try_read("optimizer", optArchive)) return false;
    optimizer.load(optArchive);
    moveOptimizerState(optimizer, device);
    return true;
}

TrainLoop::TrainLoop(const ScheduleOptions& schedule, const LoopCadence& cadence, torch::optim::Optimizer& optimizer,
                     const CancelToken& cancel, std::vector<std::string> metricNames)
    : m_schedule(schedule),
      m_cadence(cadence),
      m_optimizer(optimizer),
      m_cancel(cancel),
      m_window(std::move(metricNames)) {}

std::int64_t TrainLoop::endStep() const {
    const std::int64_t total = m_schedule.totalSteps;
    return m_schedule.stopAfterSteps > 0 ? std::min(m_schedule.stopAfterSteps, total) : total;
}

double TrainLoop::learningRate(std::int64_t step) const {
    double lr = scheduledLearningRate(m_schedule.lrSchedule(), step);
    const std::int64_t warmup = m_schedule.warmupSteps;
    if (m_state.rewarmFrom >= 0 && warmup > 0 && step - m_state.rewarmFrom < warmup)
        lr *= double(step - m_state.rewarmFrom + 1) / double(warmup);
    return lr;
}

Result<LoopEnd> TrainLoop::run(const LoopHooks& hooks) {
    auto lastWall = std::chrono::steady_clock::now();
    m_meter = ThroughputMeter();
    bool stop = false;
    while (m_state.step < endStep() && !stop) {
        if (m_cadence.cancelBeforeStep && m_cancel.isCancelled()) return LoopEnd::Cancelled;
        const double lr = learningRate(m_state.step);
        setLearningRate(m_optimizer, lr);
        auto stepped = hooks.step(m_state.step, m_window);
        if (!stepped.ok()) return stepped.error();
        stop = stepped.value();
        ++m_state.step;
        m_meter.addStep(m_cadence.samplesPerStep);
        const auto now = std::chrono::steady_clock::now();
        m_state.wallSeconds += std::chrono::duration<double>(now - lastWall).count();
        lastWall = now;
        if (auto s = closeStep(hooks, lr, stop); !s.ok()) return s.error();
    }
    return stop ? LoopEnd::Cancelled : LoopEnd::Finished;
}

Status TrainLoop::closeStep(const LoopHooks& hooks, double lr, bool stop) {
    const std::int64_t step = m_state.step, end = endStep();
    const bool close = m_cadence.closeInLoop;
    const bool last = step == end || stop;
    auto every = [step](std::int64_t n) { return n > 0 && step % n == 0; };
    if (every(m_cadence.logEvery) || (close && last)) {
        TrainProgress p;
        p.step = step;
        p.totalSteps = m_schedule.totalSteps;
        p.samplesSeen = step * m_cadence.samplesPerStep;
        p.learningRate = lr;
        p.wallSeconds = m_state.wallSeconds;
        m_window.report(p);
        m_meter.report(p, end - step, m_cadence.samplesPerStep);
        if (hooks.progress) hooks.progress(p);
    }
    // A stop only checkpoints: validating first would delay the exit.
    const bool validate = close ? m_cadence.validateEvery > 0 && (every(m_cadence.validateEvery) || step == end)
                                : every(m_cadence.validateEvery) && step < end;
    if (validate && hooks.validate)
        if (auto s = hooks.validate(); !s.ok()) return s;
    CheckpointDue due;
    due.latest = close ? every(m_cadence.checkpointEvery) || last : every(m_cadence.checkpointEvery) && step < end;
    due.keep = every(m_cadence.keepEvery);
    if ((due.latest || due.keep) && hooks.checkpoint) return hooks.checkpoint(due);
    return {};
}

}  // namespace kibitz::training
