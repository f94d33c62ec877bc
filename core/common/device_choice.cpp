// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/device_choice.h"

#include <atomic>

namespace kibitz {

namespace {
std::atomic<DeviceChoice> gPreferred{DeviceChoice::Auto};
}  // namespace

const char* deviceChoiceName(DeviceChoice choice) {
    switch (choice) {
        case DeviceChoice::Auto: return "auto";
        case DeviceChoice::Cpu: return "cpu";
        case DeviceChoice::Cuda: return "cuda";
    }
    return "auto";
}

std::optional<DeviceChoice> parseDeviceChoice(std::string_view text) {
    for (DeviceChoice c : {DeviceChoice::Auto, DeviceChoice::Cpu, DeviceChoice::Cuda})
        if (text == deviceChoiceName(c)) return c;
    return std::nullopt;
}

Result<DeviceChoice> resolveDeviceChoice(DeviceChoice choice, bool cudaAvailable) {
    switch (choice) {
        case DeviceChoice::Auto: return cudaAvailable ? DeviceChoice::Cuda : DeviceChoice::Cpu;
        case DeviceChoice::Cpu: return DeviceChoice::Cpu;
        case DeviceChoice::Cuda:
            if (cudaAvailable) return DeviceChoice::Cuda;
            return makeError(
                ErrorCode::InvalidInput,
                "CUDA was asked for, but this LibTorch sees no CUDA device (a CPU-only LibTorch, no NVIDIA "
                "driver, or CUDA_VISIBLE_DEVICES hides the GPUs); use auto or cpu");
    }
    return DeviceChoice::Cpu;
}

void setPreferredDevice(DeviceChoice choice) { gPreferred.store(choice, std::memory_order_relaxed); }

DeviceChoice preferredDevice() { return gPreferred.load(std::memory_order_relaxed); }

}  // namespace kibitz
