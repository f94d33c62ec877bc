// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/trainer_common.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <numbers>

#include <fcntl.h>
#include <unistd.h>

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

void ThroughputMeter::report(RunProgress& p, std::int64_t remainingSteps, std::int64_t samplesPerStep) {
    const auto now = std::chrono::steady_clock::now();
    const double secs = std::chrono::duration<double>(now - m_start).count();
    p.samplesPerSecond = secs > 0 ? double(m_samples) / secs : 0.0;
    p.etaSeconds = p.samplesPerSecond > 0 ? double(remainingSteps * samplesPerStep) / p.samplesPerSecond : 0.0;
    m_start = now;
    m_samples = 0;
    m_steps = 0;
}

Status syncPath(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return makeError(ErrorCode::Io, path + ": cannot open for sync: " + std::strerror(errno));
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // Some file systems refuse fsync on directories (EINVAL); that is not a data-loss risk we can fix here.
    if (rc != 0 && err != EINVAL) return makeError(ErrorCode::Io, path + ": fsync failed: " + std::strerror(err));
    return {};
}

Status writeFileAtomically(const std::string& path, const std::function<Status(const std::string&)>& write) {
    namespace fs = std::filesystem;
    const std::string tmp = path + ".tmp";
    try {
        if (auto st = write(tmp); !st.ok()) {
            std::error_code ec;
            fs::remove(tmp, ec);
            return st;
        }
    } catch (const std::exception& e) {
        std::error_code ec;
        fs::remove(tmp, ec);
        return makeError(ErrorCode::Io, path + ": write failed: " + e.what());
    }
    if (auto st = syncPath(tmp); !st.ok()) return st;
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) return makeError(ErrorCode::Io, path + ": rename from " + tmp + " failed: " + ec.message());
    const fs::path dir = fs::path(path).has_parent_path() ? fs::path(path).parent_path() : fs::path(".");
    return syncPath(dir.string());
}

}  // namespace kibitz::training
