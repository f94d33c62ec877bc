// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free header: the CLI, the GUI and core/jobs choose where the models run without including torch.

#include "core/common/device_choice.h"

#include <string>

namespace kibitz::models {

/// Whether this LibTorch sees a CUDA device (false with Debian's CPU-only LibTorch).
bool cudaAvailable();

/// Resolves `choice` against this machine (resolveDeviceChoice) and, when it is usable, makes it the process-wide
/// choice of chooseDevice(). Returns the device the models will run on (Cpu or Cuda), or the error for `cuda`
/// without CUDA (nothing is changed then).
Result<DeviceChoice> useDevice(DeviceChoice choice);

/// "cpu", or "cuda (N devices)": what chooseDevice() gives now, for logs and the GUI.
std::string currentDeviceName();

}  // namespace kibitz::models
