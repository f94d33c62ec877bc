// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/position_encoder.h"

#include <string>

namespace kibitz::models {

/// Shape of the human-move transformer. Torch-free so the CLI and the GUI can show and choose configs.
struct ModelConfig {
    std::string name = "small";
    int dModel = 128;
    int nLayers = 6;
    int nHeads = 4;
    int ffnHidden = 384;  ///< SwiGLU hidden width
    encoding::BoardView view = encoding::BoardView::Mover;
    bool operator==(const ModelConfig&) const = default;
};

/// "tiny" (tests), "small" (shipped default, CPU-trainable), "medium" (GPU). Unknown names are InvalidInput.
Result<ModelConfig> modelConfigByName(const std::string& name);
/// "d=128 L=6 H=4 ffn=384 view=mover".
std::string describeConfig(const ModelConfig& c);
/// Parameter count of the model a config builds (computed without torch).
long long parameterCount(const ModelConfig& c);

}  // namespace kibitz::models
