// SPDX-License-Identifier: GPL-3.0-or-later
// Where the models run: the process-wide device choice (core/common/device_choice.h) resolved against this LibTorch.
#include "core/models/compute_device.h"

#include "core/models/human_move_model.h"

#include <stdexcept>
#include <string>

namespace kibitz::models {

bool cudaAvailable() { return torch::cuda::is_available(); }

Result<DeviceChoice> useDevice(DeviceChoice choice) {
    auto resolved = resolveDeviceChoice(choice, cudaAvailable());
    if (resolved.ok()) setPreferredDevice(choice);
    return resolved;
}

torch::Device deviceFor(DeviceChoice choice) {
    auto resolved = resolveDeviceChoice(choice, cudaAvailable());
    if (!resolved.ok()) throw std::runtime_error(resolved.error().message);
    return resolved.value() == DeviceChoice::Cuda ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

torch::Device chooseDevice() { return deviceFor(preferredDevice()); }

std::string currentDeviceName() {
    auto resolved = resolveDeviceChoice(preferredDevice(), cudaAvailable());
    if (!resolved.ok() || resolved.value() == DeviceChoice::Cpu) return "cpu";
    return "cuda (" + std::to_string(torch::cuda::device_count()) + " devices)";
}

}  // namespace kibitz::models
