// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Model-independent pieces of a training run (torch-free): learning-rate schedule and cadence options, optimizer
// choice, the progress report, throughput/ETA meter, atomic file write. Shared by every trainer; the loop itself is
// train_loop.h.

#include "core/common/atomic_file.h"
#include "core/common/result.h"
#include "core/common/run_lock.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kibitz::training {

/// Linear warm-up to `peak`, then cosine decay to peak * minLrFraction at `totalSteps` (constant after).
struct LrSchedule {
    double peak = 1e-3;
    std::int64_t warmupSteps = 0;
    std::int64_t totalSteps = 1;
    double minLrFraction = 0.1;
};
/// Learning rate of `schedule` at `step` (0-based).
double scheduledLearningRate(const LrSchedule& schedule, std::int64_t step);

/// The schedule and cadence every trainer's options share (each trainer's options derive from it and set their own
/// defaults). Steps count from 1: "every N" means after steps N, 2N, ...
struct ScheduleOptions {
    std::int64_t totalSteps = 1;       ///< length of the cosine schedule
    std::int64_t stopAfterSteps = -1;  ///< stop (with a checkpoint) at this step although the schedule is longer
    double learningRate = 1e-3;        ///< peak
    std::int64_t warmupSteps = 0;      ///< linear warm-up
    double minLrFraction = 0.1;        ///< cosine decays to peak * this
    std::int64_t logEvery = 50;        ///< a progress report this often
    std::int64_t validateEvery = 0;    ///< 0: see the trainer
    std::int64_t checkpointEvery = 0;  ///< latest.pt this often (0: see the trainer)
    std::int64_t keepEvery = 0;        ///< also keep a copy "step-N.pt" this often (0: never)
    LrSchedule lrSchedule() const { return {learningRate, warmupSteps, totalSteps, minLrFraction}; }
};

/// Which optimizer a run uses and its hyper-parameters (the learning rate comes from the schedule).
/// When a training step reads its loss and metrics (and the gradient norm) back to the host. Auto: at the log lines
/// only on CUDA with one process (each read waits for the device), every step otherwise (the CPU has nothing to
/// wait for; data-parallel ranks all-reduce the sums every step anyway). Both give the same weights.
enum class StepReads { Auto, EveryStep, AtLogLines };

enum class OptimizerKind { AdamW, RMSprop };
struct OptimizerSettings {
    OptimizerKind kind = OptimizerKind::AdamW;
    double weightDecay = 0.0;
    double beta1 = 0.9, beta2 = 0.999;  ///< AdamW
    double rho = 0.99;                  ///< RMSprop smoothing (alpha in torch)
    double eps = 1e-8;
};
/// "adamw" / "rmsprop"; anything else is InvalidInput.
Result<OptimizerKind> optimizerKindFromName(const std::string& name);
std::string optimizerKindName(OptimizerKind kind);

/// The progress report of every trainer, sent every logEvery steps (values averaged over that window, and over
/// ranks). `metrics` carries model-specific numbers (e.g. {"train_mae", 312.4} or {"accuracy", 0.41}) so one
/// dashboard shows every model.
struct TrainProgress {
    std::int64_t step = 0;
    std::int64_t totalSteps = 0;
    std::int64_t samplesSeen = 0;
    std::int64_t epoch = 0;
    double loss = 0.0;
    double learningRate = 0.0;
    double samplesPerSecond = 0.0;
    double etaSeconds = 0.0;
    double wallSeconds = 0.0;  ///< training time including earlier sessions
    std::vector<std::pair<std::string, double>> metrics;
    /// The metric called `name`, or `fallback` when the report has none.
    double metric(std::string_view name, double fallback = 0.0) const {
        for (const auto& [key, value] : metrics)
            if (key == name) return value;
        return fallback;
    }
};

/// Samples/s over the steps since the last report, and the ETA for the remaining steps.
class ThroughputMeter {
public:
    ThroughputMeter() : m_start(std::chrono::steady_clock::now()) {}
    void addStep(std::int64_t samples) {
        m_samples += samples;
        ++m_steps;
    }
    /// Fills samplesPerSecond and etaSeconds of `p` (remaining = remainingSteps * samplesPerStep) and restarts.
    void report(TrainProgress& p, std::int64_t remainingSteps, std::int64_t samplesPerStep);

private:
    std::chrono::steady_clock::time_point m_start;
    std::int64_t m_samples = 0;
    std::int64_t m_steps = 0;
};

/// Creates the run folder `dir` and, with `lock`, takes its run lock (one trainer per folder: a second one would
/// collide on latest.pt.tmp); without `lock` the answer is null.
Result<std::unique_ptr<RunLock>> openRunFolder(const std::string& dir, bool lock);

/// Atomic writes live in core/common (models write checkpoints too).
using kibitz::syncPath;
using kibitz::writeFileAtomically;

}  // namespace kibitz::training
