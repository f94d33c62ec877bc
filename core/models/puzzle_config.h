// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free description of the puzzle-rating model (GlickFormer, seed 000), so the CLI, jobs and the GUI can
// show and choose configs without including torch.

#include "core/common/result.h"

#include <string>

namespace kibitz::models {

/// How the boards of a puzzle are combined (seed 000, section IV-B and V-B).
enum class PuzzleVariant {
    FactorizedEncoder,        ///< spatial encoder per board, then a temporal transformer over board embeddings
    FactorizedSelfAttention,  ///< spatial and temporal attention alternate inside each block
    Stacked,                  ///< baseline: all boards stacked on the input channels of one spatial encoder
};

/// Shape of a GlickFormer. Defaults are the `small` config.
struct PuzzleModelConfig {
    std::string name = "small";
    PuzzleVariant variant = PuzzleVariant::FactorizedEncoder;
    int maxBoards = 5;       ///< N_max
    int dModel = 32;         ///< d: square token width of the spatial encoder
    int layers = 2;          ///< L: spatial blocks (also the factorized-self-attention blocks)
    int heads = 4;           ///< h: spatial attention heads (dModel % heads == 0)
    int ffnMult = 2;         ///< FFN hidden = ffnMult * dModel
    int tokenDim = 8;        ///< d_z: per-square width of the token transform
    int boardDim = 64;       ///< d_e: board embedding width
    int temporalLayers = 2;  ///< L_t
    int temporalHeads = 4;   ///< heads of the temporal transformer (boardDim % temporalHeads == 0)
    int headHidden = 64;     ///< hidden width of the rating MLP head
    int humanFeatures = 0;   ///< extra inputs of the head (human solve-probability features); 0 = off
    bool operator==(const PuzzleModelConfig&) const = default;

    /// Smolgen compressed width per square, d/32 (at least 1).
    int smolgenCompress() const { return dModel / 32 > 0 ? dModel / 32 : 1; }
    /// Smolgen hidden size h_s = d/4 (at least 4).
    int smolgenHidden() const { return dModel / 4 > 4 ? dModel / 4 : 4; }
};

/// "tiny" (tests), "small" (CPU default), "paper" (seed 000 sizes: d 256, 16+16 layers, 16 heads). The name may be
/// followed by "+human" to enable the human-feature input. Unknown names are InvalidInput.
Result<PuzzleModelConfig> puzzleConfigByName(const std::string& name);
/// Stable text form "variant=fe N=5 d=32 L=2 h=4 ffn=2 dz=8 de=64 Lt=2 ht=4 hh=64 hf=0" (stored in checkpoints).
std::string puzzleConfigToString(const PuzzleModelConfig& c);
/// Parses puzzleConfigToString's output; unknown or missing keys are InvalidInput naming the key.
Result<PuzzleModelConfig> puzzleConfigFromString(const std::string& text);
/// "fe" / "fsa" / "stacked".
std::string puzzleVariantName(PuzzleVariant v);
Result<PuzzleVariant> puzzleVariantFromName(const std::string& name);
/// Checks divisibility and ranges; the error names the field.
Status validatePuzzleConfig(const PuzzleModelConfig& c);

}  // namespace kibitz::models
