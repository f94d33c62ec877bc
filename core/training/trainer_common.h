// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Model-independent pieces of a training run (torch-free): learning-rate schedule, optimizer choice, progress
// report, throughput/ETA meter, atomic file write. Shared by the puzzle trainer and meant for the human trainer.

#include "core/common/atomic_file.h"
#include "core/common/result.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
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

/// A progress report of any trainer. `metrics` carries model-specific numbers (e.g. {"mae", 312.4} or
/// {"accuracy", 0.41}) so one dashboard shows both models.
struct RunProgress {
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
    void report(RunProgress& p, std::int64_t remainingSteps, std::int64_t samplesPerStep);

private:
    std::chrono::steady_clock::time_point m_start;
    std::int64_t m_samples = 0;
    std::int64_t m_steps = 0;
};

/// Atomic writes live in core/common (models write checkpoints too).
using kibitz::syncPath;
using kibitz::writeFileAtomically;

}  // namespace kibitz::training
