// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one training loop of every trainer (docs/ARCHITECTURE.md, "One training step"): the learning-rate schedule,
// the step counter and training time, the progress window (with deferred reads), the validation and checkpoint
// cadence and the cancel check. What a step, a validation and a checkpoint do is the model's, given as hooks.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/trainer_common.h"

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kibitz::training {

/// Sums over the steps since the last progress report: the loss (slot 0) and the named metrics (slots 1..), each
/// divided by the window's weight (samples, or steps) at the report. A sum added as a tensor stays on its device
/// until the report reads it (deferred reads, see StepReads); sums added as numbers are on the host already.
class StepWindow {
public:
    explicit StepWindow(std::vector<std::string> metricNames = {});
    /// Adds a host number to `slot` (0: loss, 1 + i: metric i).
    void add(std::size_t slot, double value);
    /// Adds `alpha * value` (a 0-dim tensor of any device and type) to `slot`, read back only at the report.
    void addOnDevice(std::size_t slot, const torch::Tensor& value, double alpha = 1.0);
    void addWeight(double weight) { m_weight += weight; }
    /// Reads the device sums, fills loss and metrics of `p` (0 when the window is empty) and starts a new window.
    void report(TrainProgress& p);

private:
    std::vector<std::string> m_names;
    std::vector<double> m_host;
    std::vector<torch::Tensor> m_device;
    double m_weight = 0.0;
};

/// When a step reads its loss and metrics back: see StepReads. Data-parallel ranks read every step (they all-reduce
/// the sums anyway).
bool defersStepReads(StepReads reads, const torch::Device& device, bool distributed = false);

/// Clips the gradients' global norm to `maxNorm`; without reading the norm back when the reads are deferred.
void clipGradients(const std::vector<torch::Tensor>& params, double maxNorm, bool deferredReads);

/// Loads the optimizer state of a checkpoint ("optimizer") and moves it to `device`; false when the checkpoint has
/// none (a compact checkpoint).
bool loadOptimizerState(torch::serialize::InputArchive& archive, torch::optim::Optimizer& optimizer,
                        const torch::Device& device);

/// What the loop carries over a resume (each trainer writes it into its checkpoint with its own keys).
struct LoopState {
    std::int64_t step = 0;     ///< steps done
    double wallSeconds = 0.0;  ///< training time, earlier sessions included
    /// A compact checkpoint's resume step (no optimizer state): the learning rate warms up again from there over
    /// the schedule's warm-up. -1: none.
    std::int64_t rewarmFrom = -1;
};

/// When the loop reports, validates and checkpoints (steps count from 1: "at step N" is after N steps).
struct LoopCadence {
    std::int64_t logEvery = 50;        ///< progress every this many steps (0: never)
    std::int64_t validateEvery = 0;    ///< 0: never in the loop
    std::int64_t checkpointEvery = 0;  ///< latest checkpoint (0: only at the last step, with closeInLoop)
    std::int64_t keepEvery = 0;        ///< a kept copy (0: never)
    std::int64_t samplesPerStep = 1;   ///< for samples seen, samples/s and the ETA
    /// True: the last step (the schedule's end, stopAfterSteps or a stop) also reports and checkpoints, and validates
    /// at the schedule's end (the human and puzzle trainers). False: the last step neither validates nor
    /// checkpoints: the trainer does its own final validation and save after the loop (the value and time heads).
    bool closeInLoop = true;
    /// True: the loop checks the cancel token before each step and ends without taking it. False: the step hook
    /// reads it (data-parallel ranks agree on it in their all-reduce) and answers stop.
    bool cancelBeforeStep = true;
};

/// Which saves are due after a step.
struct CheckpointDue {
    bool latest = false;  ///< by checkpointEvery, or the last step
    bool keep = false;    ///< by keepEvery
};

/// The model's part of the loop. All hooks run on the loop's thread; errors end the run.
struct LoopHooks {
    /// One optimizer step at `step` (0-based; the learning rate is set). Adds its sums to `window` and answers
    /// whether the run stops after it (cancelBeforeStep = false only).
    std::function<Result<bool>(std::int64_t step, StepWindow& window)> step;
    /// A progress report (the loop filled every field but `epoch`); may be empty.
    std::function<void(TrainProgress&)> progress;
    /// A validation at the loop's current step; may be empty.
    std::function<Status()> validate;
    /// Saves what is due at the loop's current step; may be empty.
    std::function<Status(const CheckpointDue&)> checkpoint;
};

/// How a loop ended (errors come back as errors).
enum class LoopEnd { Finished, Cancelled };

class TrainLoop {
public:
    TrainLoop(const ScheduleOptions& schedule, const LoopCadence& cadence, torch::optim::Optimizer& optimizer,
              const CancelToken& cancel, std::vector<std::string> metricNames = {});

    LoopState& state() { return m_state; }
    const LoopState& state() const { return m_state; }
    /// The step the run stops at: the schedule's end, or stopAfterSteps when that comes first.
    std::int64_t endStep() const;
    /// The learning rate of `step`: the schedule's, warmed up again after a compact checkpoint.
    double learningRate(std::int64_t step) const;

    /// Steps from state().step to endStep(); Cancelled when the cancel token (or a step) stopped it.
    Result<LoopEnd> run(const LoopHooks& hooks);

private:
    Status closeStep(const LoopHooks& hooks, double lr, bool stop);

    ScheduleOptions m_schedule;
    LoopCadence m_cadence;
    torch::optim::Optimizer& m_optimizer;
    const CancelToken& m_cancel;
    LoopState m_state;
    StepWindow m_window;
    ThroughputMeter m_meter;
};

}  // namespace kibitz::training
