// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/glickformer.h"

#include <cmath>

namespace kibitz::models {

namespace nn = torch::nn;

namespace {

nn::Linear linear(int in, int out, bool bias = true) { return nn::Linear(nn::LinearOptions(in, out).bias(bias)); }
nn::LayerNorm layerNorm(int d) { return nn::LayerNorm(nn::LayerNormOptions({d})); }

}  // namespace

void PuzzleBatch::to(const torch::Device& device) {
    planes = planes.to(device);
    mask = mask.to(device);
    if (features.defined()) features = features.to(device);
}

// ---------------------------------------------------------------------------------------------------------------

SmolgenImpl::SmolgenImpl(int d, int heads, int compress, int hidden) : m_heads(heads), m_hidden(hidden) {
    m_compress = register_module("compress", linear(d, compress, false));
    m_dense = register_module("dense", linear(64 * compress, hidden));
    m_ln1 = register_module("ln1", layerNorm(hidden));
    m_perHead = register_module("per_head", linear(hidden, heads * hidden));
    m_ln2 = register_module("ln2", layerNorm(heads * hidden));
}

torch::Tensor SmolgenImpl::forward(const torch::Tensor& x, nn::Linear& shared) {
    const auto m = x.size(0);
    auto c = m_compress(x).reshape({m, -1});      // [M, 64*dc]
    auto h = m_ln1(torch::mish(m_dense(c)));      // [M, hs]
    auto g = m_ln2(torch::mish(m_perHead(h)));    // [M, h*hs]
    g = g.view({m, m_heads, m_hidden});           // [M, h, hs]
    return shared(g).view({m, m_heads, 64, 64});  // [M, h, 64, 64]
}

SelfAttentionImpl::SelfAttentionImpl(int d, int heads) : m_heads(heads) {
    m_qkv = register_module("qkv", linear(d, 3 * d));
    m_out = register_module("out", linear(d, d));
}

torch::Tensor SelfAttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& bias,
                                         const torch::Tensor& keyValid) {
    const auto m = x.size(0), t = x.size(1), d = x.size(2);
    const auto dk = d / m_heads;
    auto qkv = m_qkv(x).view({m, t, 3, m_heads, dk}).permute({2, 0, 3, 1, 4});  // [3, M, h, T, dk]
    auto q = qkv[0], k = qkv[1], v = qkv[2];
    auto scores = torch::matmul(q, k.transpose(-2, -1)) * (1.0 / std::sqrt(double(dk)));  // [M, h, T, T]
    if (bias.defined()) scores = scores + bias;
    if (keyValid.defined()) scores = scores.masked_fill(keyValid.logical_not().view({m, 1, 1, t}), -1e9);
    auto out = torch::matmul(torch::softmax(scores, -1), v);  // [M, h, T, dk]
    return m_out(out.transpose(1, 2).reshape({m, t, d}));
}

FeedForwardImpl::FeedForwardImpl(int d, int hidden) {
    m_up = register_module("up", linear(d, hidden));
    m_down = register_module("down", linear(hidden, d));
}

torch::Tensor FeedForwardImpl::forward(const torch::Tensor& x) { return m_down(torch::mish(m_up(x))); }

// ---------------------------------------------------------------------------------------------------------------

GlickFormerImpl::GlickFormerImpl(const PuzzleModelConfig& c) : m_config(c) {
    const int d = c.dModel;
    const int inFeatures = c.variant == PuzzleVariant::Stacked ? 16 * c.maxBoards : 16;
    m_input = register_module("input", linear(inFeatures, d));
    // Squares need an identity of their own: the planes say what is on a square, not where it is.
    m_squareEmbedding = register_parameter("square_embedding", torch::randn({64, d}) * 0.02);
    m_smolgenShared = register_module("smolgen_shared", linear(c.smolgenHidden(), 64 * 64, false));
    m_smolgen = register_module("smolgen", nn::ModuleList());
    m_spatialAttn = register_module("spatial_attn", nn::ModuleList());
    m_spatialFfn = register_module("spatial_ffn", nn::ModuleList());
    m_ln1 = register_module("ln1", nn::ModuleList());
    m_ln2 = register_module("ln2", nn::ModuleList());
    for (int l = 0; l < c.layers; ++l) {
        m_smolgen->push_back(Smolgen(d, c.heads, c.smolgenCompress(), c.smolgenHidden()));
        m_spatialAttn->push_back(SelfAttention(d, c.heads));
        m_spatialFfn->push_back(FeedForward(d, c.ffnMult * d));
        m_ln1->push_back(layerNorm(d));
        m_ln2->push_back(layerNorm(d));
    }
    if (c.variant == PuzzleVariant::FactorizedSelfAttention) {
        m_blockTemporalAttn = register_module("block_temporal_attn", nn::ModuleList());
        m_blockLnT = register_module("block_ln_t", nn::ModuleList());
        for (int l = 0; l < c.layers; ++l) {
            m_blockTemporalAttn->push_back(SelfAttention(d, c.temporalHeads));
            m_blockLnT->push_back(layerNorm(d));
        }
        m_blockTimeEmbedding = register_parameter("block_time_embedding", torch::randn({c.maxBoards, d}) * 0.02);
    }
    m_tokenTransform = register_module("token_transform", linear(d, c.tokenDim));
    m_boardProject = register_module("board_project", linear(64 * c.tokenDim, c.boardDim));
    if (c.variant == PuzzleVariant::FactorizedEncoder) {
        m_timeEmbedding = register_parameter("time_embedding", torch::randn({c.maxBoards, c.boardDim}) * 0.02);
        m_temporalAttn = register_module("temporal_attn", nn::ModuleList());
        m_temporalFfn = register_module("temporal_ffn", nn::ModuleList());
        m_tln1 = register_module("tln1", nn::ModuleList());
        m_tln2 = register_module("tln2", nn::ModuleList());
        for (int l = 0; l < c.temporalLayers; ++l) {
            m_temporalAttn->push_back(SelfAttention(c.boardDim, c.temporalHeads));
            m_temporalFfn->push_back(FeedForward(c.boardDim, c.ffnMult * c.boardDim));
            m_tln1->push_back(layerNorm(c.boardDim));
            m_tln2->push_back(layerNorm(c.boardDim));
        }
    }
    m_head1 = register_module("head1", linear(c.boardDim + c.humanFeatures, c.headHidden));
    m_head2 = register_module("head2", linear(c.headHidden, 2));
}

long long GlickFormerImpl::parameterCount() const {
    long long n = 0;
    for (const auto& p : parameters()) n += p.numel();
    return n;
}

torch::Tensor GlickFormerImpl::spatialBlocks(torch::Tensor x) {
    for (int l = 0; l < m_config.layers; ++l) {
        auto bias = m_smolgen[l]->as<Smolgen>()->forward(x, m_smolgenShared);
        x = m_ln1[l]->as<nn::LayerNorm>()->forward(x + m_spatialAttn[l]->as<SelfAttention>()->forward(x, bias, {}));
        x = m_ln2[l]->as<nn::LayerNorm>()->forward(x + m_spatialFfn[l]->as<FeedForward>()->forward(x));
    }
    return x;
}

torch::Tensor GlickFormerImpl::boardEmbedding(const torch::Tensor& x) {
    auto z = m_tokenTransform(x).reshape({x.size(0), -1});  // [M, 64*dz]
    return m_boardProject(z);                               // [M, de]
}

torch::Tensor GlickFormerImpl::forwardFactorizedEncoder(const PuzzleBatch& b) {
    const auto batch = b.planes.size(0), n = b.planes.size(1);
    // Only valid boards go through the spatial encoder (most puzzles have 1-3 of the 5 slots filled).
    auto flatMask = b.mask.reshape({batch * n});
    auto idx = flatMask.nonzero().squeeze(1);
    auto boards = b.planes.reshape({batch * n, 16, 64}).index_select(0, idx).transpose(1, 2);  // [M, 64, 16]
    auto x = spatialBlocks(m_input(boards) + m_squareEmbedding);
    auto s = boardEmbedding(x);  // [M, de]
    auto seq = torch::zeros({batch * n, m_config.boardDim}, s.options()).index_copy(0, idx, s);
    seq = seq.view({batch, n, m_config.boardDim}) + m_timeEmbedding.slice(0, 0, n);
    for (int l = 0; l < m_config.temporalLayers; ++l) {
        auto a = m_temporalAttn[l]->as<SelfAttention>()->forward(seq, {}, b.mask);
        seq = m_tln1[l]->as<nn::LayerNorm>()->forward(seq + a);
        seq = m_tln2[l]->as<nn::LayerNorm>()->forward(seq + m_temporalFfn[l]->as<FeedForward>()->forward(seq));
    }
    return seq.select(1, 0);
}

torch::Tensor GlickFormerImpl::forwardFactorizedSelfAttention(const PuzzleBatch& b) {
    const std::int64_t batch = b.planes.size(0), n = b.planes.size(1), d = m_config.dModel;
    auto boards = b.planes.reshape({batch * n, 16, 64}).transpose(1, 2);
    auto x = (m_input(boards) + m_squareEmbedding).view({batch, n, 64, d});
    x = (x + m_blockTimeEmbedding.slice(0, 0, n).view({1, n, 1, d})).view({batch * n, 64, d});
    // Per square, boards attend to the valid boards of their own puzzle.
    auto keyValid = b.mask.view({batch, 1, n}).expand({batch, 64, n}).reshape({batch * 64, n});
    for (int l = 0; l < m_config.layers; ++l) {
        auto bias = m_smolgen[l]->as<Smolgen>()->forward(x, m_smolgenShared);
        x = m_ln1[l]->as<nn::LayerNorm>()->forward(x + m_spatialAttn[l]->as<SelfAttention>()->forward(x, bias, {}));
        auto t = x.view({batch, n, 64, d}).transpose(1, 2).reshape({batch * 64, n, d});
        t = m_blockLnT[l]->as<nn::LayerNorm>()->forward(
            t + m_blockTemporalAttn[l]->as<SelfAttention>()->forward(t, {}, keyValid));
        x = t.view({batch, 64, n, d}).transpose(1, 2).reshape({batch * n, 64, d});
        x = m_ln2[l]->as<nn::LayerNorm>()->forward(x + m_spatialFfn[l]->as<FeedForward>()->forward(x));
    }
    return boardEmbedding(x).view({batch, n, m_config.boardDim}).select(1, 0);
}

torch::Tensor GlickFormerImpl::forwardStacked(const PuzzleBatch& b) {
    const auto batch = b.planes.size(0), n = b.planes.size(1);
    auto stacked = b.planes.reshape({batch, n * 16, 64}).transpose(1, 2);  // [B, 64, N*16]
    return boardEmbedding(spatialBlocks(m_input(stacked) + m_squareEmbedding));
}

PuzzleOutput GlickFormerImpl::forward(const PuzzleBatch& b) {
    torch::Tensor s;
    switch (m_config.variant) {
        case PuzzleVariant::FactorizedEncoder: s = forwardFactorizedEncoder(b); break;
        case PuzzleVariant::FactorizedSelfAttention: s = forwardFactorizedSelfAttention(b); break;
        case PuzzleVariant::Stacked: s = forwardStacked(b); break;
    }
    if (m_config.humanFeatures > 0) s = torch::cat({s, b.features}, 1);
    auto out = m_head2(torch::mish(m_head1(s)));
    return {out.select(1, 0), out.select(1, 1)};
}

// ---------------------------------------------------------------------------------------------------------------

GlickFormer makeGlickFormer(const PuzzleModelConfig& config, std::uint64_t seed) {
    torch::manual_seed(seed);
    return GlickFormer(config);
}

void saveGlickFormer(GlickFormer& model, torch::serialize::OutputArchive& archive) {
    archive.write("puzzle.config", c10::IValue(puzzleConfigToString(model->config())));
    torch::serialize::OutputArchive weights;
    model->save(weights);
    archive.write("puzzle.model", weights);
}

Result<GlickFormer> loadGlickFormer(torch::serialize::InputArchive& archive) {
    c10::IValue v;
    if (!archive.try_read("puzzle.config", v) || !v.isString())
        return makeError(ErrorCode::InvalidInput, "not a puzzle model checkpoint (no 'puzzle.config')");
    auto cfg = puzzleConfigFromString(v.toStringRef());
    if (!cfg.ok()) return cfg.error();
    GlickFormer model(cfg.value());
    torch::serialize::InputArchive weights;
    if (!archive.try_read("puzzle.model", weights))
        return makeError(ErrorCode::InvalidInput, "puzzle checkpoint has no 'puzzle.model' weights");
    try {
        model->load(weights);
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput,
                         std::string("puzzle weights do not match the config: ") + e.what_without_backtrace());
    }
    return model;
}

torch::Tensor puzzleLoss(const PuzzleOutput& out, const torch::Tensor& target, double nllWeight) {
    auto mse = (out.mean - target).pow(2).mean();
    if (nllWeight <= 0.0) return mse;
    auto lv = out.logVar.clamp(-10.0, 10.0);
    auto nll = 0.5 * (lv + (out.mean.detach() - target).pow(2) * torch::exp(-lv)).mean();
    return mse + nllWeight * nll;
}

}  // namespace kibitz::models
