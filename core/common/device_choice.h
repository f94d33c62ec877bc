// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the models run: the user's choice (CLI --device, the GUI's settings, the training studio) and its one
// resolution rule. Torch-free: whether CUDA is there is passed in (models::cudaAvailable() asks LibTorch).

#include "core/common/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace kibitz {

enum class DeviceChoice {
    Auto,  ///< CUDA when LibTorch sees a GPU, else the CPU (the default everywhere)
    Cpu,
    Cuda,
};

/// "auto", "cpu", "cuda" (the spelling of --device, of the settings and of run.json).
const char* deviceChoiceName(DeviceChoice choice);
/// Parses that spelling (case-sensitive); std::nullopt for anything else.
std::optional<DeviceChoice> parseDeviceChoice(std::string_view text);

/// The device a choice means here: Auto gives Cuda when `cudaAvailable`, else Cpu; Cuda without CUDA is an error
/// (InvalidInput) whose message says why and what to do. Never returns Auto.
Result<DeviceChoice> resolveDeviceChoice(DeviceChoice choice, bool cudaAvailable);

/// The process-wide choice that models::chooseDevice() resolves (Auto until set). Set it once at start-up, before
/// any model is loaded: a model already loaded stays where it is. Thread-safe.
void setPreferredDevice(DeviceChoice choice);
DeviceChoice preferredDevice();

}  // namespace kibitz
