// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/model_config.h"

#include "core/encoding/conditioning.h"

namespace kibitz::models {

Result<ModelConfig> modelConfigByName(const std::string& fullName) {
    ModelConfig c;
    c.name = fullName;
    std::string name = fullName;
    if (name.ends_with("-v2")) {
        c.version = 2;
        name.resize(name.size() - 3);
    }
    if (name == "tiny") {
        c.dModel = 32;
        c.nLayers = 2;
        c.nHeads = 2;
        c.ffnHidden = 64;
    } else if (name == "small") {
        c.dModel = 128;
        c.nLayers = 6;
        c.nHeads = 4;
        c.ffnHidden = 384;
    } else if (name == "medium") {
        c.dModel = 384;
        c.nLayers = 12;
        c.nHeads = 8;
        c.ffnHidden = 1024;
    } else {
        return makeError(ErrorCode::InvalidInput, "unknown model config '" + fullName +
                                                      "' (expected tiny, small or medium, optionally with -v2)");
    }
    return c;
}

std::string describeConfig(const ModelConfig& c) {
    return "d=" + std::to_string(c.dModel) + " L=" + std::to_string(c.nLayers) + " H=" + std::to_string(c.nHeads) +
           " ffn=" + std::to_string(c.ffnHidden) +
           (c.view == encoding::BoardView::Mover ? " view=mover" : " view=absolute") + (c.version >= 2 ? " v2" : "");
}

long long parameterCount(const ModelConfig& c) {
    const long long d = c.dModel;
    const long long h = c.ffnHidden;
    // Embeddings: colour 2, type 6, file 8, rank 8, side 2, castling 16, ep 9, conditioning table.
    long long n = d * (2 + 6 + 8 + 8 + 2 + 16 + 9 + encoding::condTableRows());
    // Per layer: two RMSNorm weights, qkv + output projections, SwiGLU (two in, one out).
    n += c.nLayers * (2 * d + 4 * d * d + 3 * d * h);
    // Final norm and move head.
    n += d + d * encoding::kHeadOutputsPerToken;
    if (c.version >= 2) {
        // History embeddings (from 65, to 65, piece 7, captured 7, age 4), conditioning projection, FiLM per
        // layer, move-feature head.
        n += d * (65 + 65 + 7 + 7 + encoding::kHistoryPlies);
        n += encoding::kCondSlots * d * d + d;
        n += c.nLayers * d * 4 * d;
        n += kMoveFeatureInputs * kMoveFeatureDim + d * kMoveFeatureDim * 2 + kMoveFeatureInputs;
    }
    return n;
}

}  // namespace kibitz::models
