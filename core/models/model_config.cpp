// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/model_config.h"

#include "core/encoding/conditioning.h"

namespace kibitz::models {

Result<ModelConfig> modelConfigByName(const std::string& name) {
    ModelConfig c;
    c.name = name;
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
        return makeError(ErrorCode::InvalidInput,
                         "unknown model config '" + name + "' (expected tiny, small or medium)");
    }
    return c;
}

std::string describeConfig(const ModelConfig& c) {
    return "d=" + std::to_string(c.dModel) + " L=" + std::to_string(c.nLayers) + " H=" + std::to_string(c.nHeads) +
           " ffn=" + std::to_string(c.ffnHidden) +
           (c.view == encoding::BoardView::Mover ? " view=mover" : " view=absolute");
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
    return n;
}

}  // namespace kibitz::models
