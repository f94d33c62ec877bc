// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/trainer_common.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

namespace kibitz::training {

double scheduledLearningRate(const LrSchedule& s, std::int64_t step) {
    if (s.warmupSteps > 0 && step < s.warmupSteps) return s.peak * double(step + 1) / double(s.warmupSteps);
    const double span = double(std::max<std::int64_t>(1, s.totalSteps - s.warmupSteps));
    const double t = std::clamp(double(step - s.warmupSteps) / span, 0.0, 1.0);
    const double cosine = 0.5 * (1.0 + std::cos(std::numbers::pi * t));
    return s.peak * (s.minLrFraction + (1.0 - s.minLrFraction) * cosine);
}

Result<OptimizerKind> optimizerKindFromName(const std::string& name) {
    if (name == "adamw") return OptimizerKind::AdamW;
    if (name == "rmsprop") return OptimizerKind::RMSprop;
    return makeError(ErrorCode::InvalidInput, "unknown optimizer '" + name + "' (adamw, rmsprop)");
}

std::string optimizerKindName(OptimizerKind kind) { return kind == OptimizerKind::RMSprop ? "rmsprop" : "adamw"; }

Result<std::unique_ptr<RunLock>> openRunFolder(const std::string& dir, bool lock) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return makeError(ErrorCode::Io, dir + ": cannot create directory: " + ec.message());
    if (!lock) return std::unique_ptr<RunLock>();
    return RunLock::acquire(dir);
}

void ThroughputMeter::report(TrainProgress& p, std::int64_t remainingSteps, std::int64_t samplesPerStep) {
    const auto now = std::chrono::steady_clock::now();
    const double secs = std::chrono::duration<double>(now - m_start).count();
    p.samplesPerSecond = secs > 0 ? double(m_samples) / secs : 0.0;
    p.etaSeconds = p.samplesPerSecond > 0 ? double(remainingSteps * samplesPerStep) / p.samplesPerSecond : 0.0;
    m_start = now;
    m_samples = 0;
    m_steps = 0;
}

}  // namespace kibitz::training
