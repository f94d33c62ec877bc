// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// GlickFormer (seed 000): puzzle difficulty from a sequence of solver boards. Torch header: included only by
// core/models, core/training and the torch side of core/jobs.

#include "core/common/result.h"
#include "core/models/puzzle_config.h"

#include <torch/torch.h>

#include <string>

namespace kibitz::models {

/// One batch of encoded puzzles (encoding::EncodedPuzzle layout).
struct PuzzleBatch {
    torch::Tensor planes;    ///< [B, N, 16, 64] float
    torch::Tensor mask;      ///< [B, N] bool, board 0 always valid
    torch::Tensor features;  ///< [B, humanFeatures] float, or undefined when the config has none
    void to(const torch::Device& device);
};

/// Predicted standardised rating and the log-variance of its uncertainty, both [B].
struct PuzzleOutput {
    torch::Tensor mean;
    torch::Tensor logVar;
};

/// Smolgen (seed 000, IV-B1): a per-head 64x64 attention bias generated from the whole board.
/// compress d -> d/32 per square, concat, dense -> h_s, per-head dense -> h*h_s, then the projection h_s -> 64*64
/// shared by all blocks (passed in).
class SmolgenImpl : public torch::nn::Module {
public:
    SmolgenImpl(int d, int heads, int compress, int hidden);
    /// x [M, 64, d] -> bias [M, heads, 64, 64].
    torch::Tensor forward(const torch::Tensor& x, torch::nn::Linear& shared);

private:
    int m_heads, m_hidden;
    torch::nn::Linear m_compress{nullptr}, m_dense{nullptr}, m_perHead{nullptr};
    torch::nn::LayerNorm m_ln1{nullptr}, m_ln2{nullptr};
};
TORCH_MODULE(Smolgen);

/// Multi-head self-attention with an optional additive bias and key mask (own code, so the bias and the mask
/// combine freely).
class SelfAttentionImpl : public torch::nn::Module {
public:
    SelfAttentionImpl(int d, int heads);
    /// x [M, T, d]; bias [M, heads, T, T] or undefined; keyValid [M, T] bool or undefined.
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& bias, const torch::Tensor& keyValid);

private:
    int m_heads;
    torch::nn::Linear m_qkv{nullptr}, m_out{nullptr};
};
TORCH_MODULE(SelfAttention);

/// Position-wise FFN with Mish.
class FeedForwardImpl : public torch::nn::Module {
public:
    FeedForwardImpl(int d, int hidden);
    torch::Tensor forward(const torch::Tensor& x);

private:
    torch::nn::Linear m_up{nullptr}, m_down{nullptr};
};
TORCH_MODULE(FeedForward);

/// The rating model. Variant, sizes and the human-feature input come from the config.
class GlickFormerImpl : public torch::nn::Module {
public:
    explicit GlickFormerImpl(const PuzzleModelConfig& config);
    PuzzleOutput forward(const PuzzleBatch& batch);
    const PuzzleModelConfig& config() const { return m_config; }
    long long parameterCount() const;

private:
    /// Square tokens [M, 64, d] through the spatial blocks (no temporal attention).
    torch::Tensor spatialBlocks(torch::Tensor x);
    /// Token transform: [M, 64, d] -> [M, d_e].
    torch::Tensor boardEmbedding(const torch::Tensor& x);
    torch::Tensor forwardFactorizedEncoder(const PuzzleBatch& b);
    torch::Tensor forwardFactorizedSelfAttention(const PuzzleBatch& b);
    torch::Tensor forwardStacked(const PuzzleBatch& b);

    PuzzleModelConfig m_config;
    torch::nn::Linear m_input{nullptr};
    torch::Tensor m_squareEmbedding;
    torch::nn::Linear m_smolgenShared{nullptr};
    torch::nn::ModuleList m_smolgen, m_spatialAttn, m_spatialFfn, m_ln1, m_ln2;
    // Factorized self-attention: temporal attention inside each block.
    torch::nn::ModuleList m_blockTemporalAttn, m_blockLnT;
    torch::Tensor m_blockTimeEmbedding;
    torch::nn::Linear m_tokenTransform{nullptr}, m_boardProject{nullptr};
    // Factorized encoder: temporal transformer over board embeddings.
    torch::Tensor m_timeEmbedding;
    torch::nn::ModuleList m_temporalAttn, m_temporalFfn, m_tln1, m_tln2;
    torch::nn::Linear m_head1{nullptr}, m_head2{nullptr};
};
TORCH_MODULE(GlickFormer);

/// Builds a model with seeded weights (torch::manual_seed(seed) first).
GlickFormer makeGlickFormer(const PuzzleModelConfig& config, std::uint64_t seed);
/// Saves weights and the config string into an archive / reads them back (config checked against the weights).
void saveGlickFormer(GlickFormer& model, torch::serialize::OutputArchive& archive);
Result<GlickFormer> loadGlickFormer(torch::serialize::InputArchive& archive);

/// Gaussian training loss: MSE of the mean against the target (the paper's objective) plus `nllWeight` times the
/// Gaussian NLL of the target under (mean detached, exp(logVar)), which trains the uncertainty output.
torch::Tensor puzzleLoss(const PuzzleOutput& out, const torch::Tensor& target, double nllWeight);

}  // namespace kibitz::models
