// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/position_encoder.h"

#include <string>

namespace kibitz::models {

/// Inputs per legal move of the v2 move-feature head (see makeBatch) and the width of its bilinear form.
inline constexpr int kMoveFeatureInputs = 21;
inline constexpr int kMoveFeatureDim = 64;
/// Hidden width of the think-time head (TimeHead; the default: a head may be made wider or narrower, within
/// kTimeHiddenMin..kTimeHiddenMax, and its tensors' shapes say which).
inline constexpr int kTimeHidden = 128;
inline constexpr int kTimeHiddenMin = 8;
inline constexpr int kTimeHiddenMax = 2048;

/// Shape of the human-move transformer. Torch-free so the CLI and the GUI can show and choose configs.
struct ModelConfig {
    std::string name = "small";
    int dModel = 128;
    int nLayers = 6;
    int nHeads = 4;
    int ffnHidden = 384;  ///< SwiGLU hidden width
    encoding::BoardView view = encoding::BoardView::Mover;
    /// Encoding version the model reads (1: pieces, meta, conditioning tokens; 2: also the last moves as tokens,
    /// per-legal-move features in the move head and the conditioning as FiLM scale/shift in every block).
    int version = 1;
    bool operator==(const ModelConfig&) const = default;
};

/// "tiny" (tests), "small" (CPU-trainable), "medium" (GPU) are encoding v1; "tiny-v2", "small-v2" and "medium-v2"
/// the same shapes with encoding v2. Unknown names are InvalidInput.
Result<ModelConfig> modelConfigByName(const std::string& name);
/// "d=128 L=6 H=4 ffn=384 view=mover" (+ " v2").
std::string describeConfig(const ModelConfig& c);
/// Parameter count of the model a config builds (computed without torch).
long long parameterCount(const ModelConfig& c);

}  // namespace kibitz::models
