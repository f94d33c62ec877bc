// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/train_common.h"

#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "core/models/compute_device.h"

#include <cstdio>
#include <filesystem>

namespace kibitz::cli {

namespace {
InitConverter& initConverter() {
    static InitConverter convert;
    return convert;
}
}  // namespace

void setInitConverter(InitConverter convert) { initConverter() = std::move(convert); }

void readScheduleOptions(Args& args, training::ScheduleOptions& o) {
    constexpr long long kMaxSteps = 1LL << 40;
    o.totalSteps = args.intValue("steps", o.totalSteps, 1, kMaxSteps);
    o.stopAfterSteps = args.intValue("stop-after", o.stopAfterSteps, -1, kMaxSteps);
    o.learningRate = args.doubleValue("lr", o.learningRate, 1e-9, 1.0);
    o.warmupSteps = args.intValue("warmup", o.warmupSteps, 0, kMaxSteps);
    o.logEvery = args.intValue("log-every", o.logEvery, 1, kMaxSteps);
    o.validateEvery = args.intValue("validate-every", o.validateEvery, 0, kMaxSteps);
    o.checkpointEvery = args.intValue("checkpoint-every", o.checkpointEvery, 1, kMaxSteps);
    o.keepEvery = args.intValue("keep-every", o.keepEvery, 0, kMaxSteps);
}

std::string deviceOption(const Args& args, DeviceChoice& device) {
    device = preferredDevice();  // kibitz-cli's global --device, when it was given before the command
    const auto d = args.value("device");
    if (!d) return {};
    const auto choice = parseDeviceChoice(*d);
    if (!choice) return "--device: '" + *d + "' is not one of auto, cpu, cuda";
    const auto usable = models::useDevice(*choice);
    if (!usable.ok()) return "--device: " + usable.error().message;
    device = *choice;
    return {};
}

std::string initOption(const std::string& kind, const std::string& source, const std::string& outDir,
                       const std::string& fileName, std::string& checkpoint) {
    std::string error;
    // The run writes `fileName` (the converted initial weights) and latest.pt in its folder: neither may be the file
    // it starts from.
    for (const std::string& written : {fileName, std::string("latest.pt")}) {
        std::error_code ec;
        const std::filesystem::path target = std::filesystem::path(outDir) / written;
        if (std::filesystem::exists(target, ec) && std::filesystem::exists(source, ec) &&
            std::filesystem::equivalent(target, source, ec) && !ec)
            return "--init: " + source + " is the file the run writes as " + target.string() +
                   "; copy it elsewhere first (or use --resume to continue that run)";
    }
    if (const InitConverter& convert = initConverter()) {
        checkpoint = convert(kind, source, outDir, fileName, error);
    } else {
        // The Qt-free trainer cannot open bundles (zip): it starts from checkpoints.
        if (!source.ends_with(".pt")) error = "this trainer reads checkpoints (.pt) only; convert a bundle first";
        checkpoint = source;
    }
    return error.empty() ? std::string() : "--init: " + error;
}

int finishTraining(const Status& st, const std::string& prog) {
    if (!st.ok()) {
        if (st.error().code == ErrorCode::Cancelled) {
            std::printf("%s  %s (resume with --resume)\n", timestamp().c_str(), st.error().message.c_str());
            return kExitOk;
        }
        std::fprintf(stderr, "%s: %s\n", prog.c_str(), st.error().message.c_str());
        return st.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    std::printf("%s  training finished\n", timestamp().c_str());
    return kExitOk;
}

}  // namespace kibitz::cli
