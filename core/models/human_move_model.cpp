// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/human_move_model.h"

#include "core/models/fused_ops.h"

#include <algorithm>
#include <cmath>

#include <dlfcn.h>
#include <malloc.h>

namespace kibitz::models {

using encoding::EncodedPosition;

namespace {

constexpr float kMaskValue = -1e9f;
constexpr int kPrefixTokens = 1 + encoding::kCondSlots;  // meta + conditioning

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

void ModelBatch::to(const torch::Device& device) {
    if (device.is_cpu()) return;
    for (torch::Tensor* t : {&pieceCode, &meta, &condIdx, &condAlpha, &keyBias, &legalA, &legalB, &target})
        *t = t->to(device, /*non_blocking=*/true);
}

ModelBatch makeBatch(std::span<const EncodedPosition* const> items, const CondDropout& drop) {
    const int b = int(items.size());
    int p = 1;
    int l = 1;
    for (const EncodedPosition* e : items) {
        p = std::max(p, int(e->numPieces));
        l = std::max(l, int(e->numLegal));
    }
    const int t = kPrefixTokens + p;
    const auto i64 = torch::TensorOptions().dtype(torch::kInt64);
    const auto f32 = torch::TensorOptions().dtype(torch::kFloat32);
    ModelBatch mb;
    mb.size = b;
    mb.pieceCode = torch::empty({b, p}, i64);
    mb.meta = torch::empty({b, 3}, i64);
    mb.condIdx = torch::empty({b, encoding::kCondSlots, 2}, i64);
    mb.condAlpha = torch::empty({b, encoding::kCondSlots}, f32);
    mb.keyBias = torch::zeros({b, 1, 1, t}, f32);
    mb.legalA = torch::empty({b, l}, i64);
    mb.legalB = torch::empty({b, l}, i64);
    mb.target = torch::empty({b}, i64);
    mb.moverElo.resize(b);

    auto* pc = mb.pieceCode.data_ptr<std::int64_t>();
    auto* meta = mb.meta.data_ptr<std::int64_t>();
    auto* ci = mb.condIdx.data_ptr<std::int64_t>();
    auto* ca = mb.condAlpha.data_ptr<float>();
    auto* kb = mb.keyBias.data_ptr<float>();
    auto* la = mb.legalA.data_ptr<std::int64_t>();
    auto* lb = mb.legalB.data_ptr<std::int64_t>();
    auto* tg = mb.target.data_ptr<std::int64_t>();
    // Flattened head output per position: p * 68 scores, then a zero column and a mask column.
    const std::int64_t zeroCol = std::int64_t(p) * encoding::kHeadOutputsPerToken;
    const std::int64_t maskCol = zeroCol + 1;

    for (int i = 0; i < b; ++i) {
        const EncodedPosition& e = *items[i];
        for (int j = 0; j < p; ++j) {
            const bool real = j < e.numPieces;
            pc[i * p + j] = real ? e.pieceCode[j] : encoding::kPadPieceCode;
            if (!real) kb[i * t + kPrefixTokens + j] = kMaskValue;
        }
        meta[i * 3 + 0] = e.sideToMove;
        meta[i * 3 + 1] = e.castling;
        meta[i * 3 + 2] = e.epFile;

        encoding::Conditioning c = e.cond;
        if (drop.probability > 0.0) {
            const std::uint64_t h0 = splitmix64(drop.seed ^ splitmix64(std::uint64_t(drop.firstSampleIndex + i)));
            std::optional<int>* fields[] = {&c.moverElo, &c.oppElo, &c.moverClockS, &c.oppClockS, &c.incrementS};
            for (int s = 0; s < encoding::kCondSlots; ++s) {
                const double u = double(splitmix64(h0 + std::uint64_t(s)) >> 11) * 0x1.0p-53;
                if (u < drop.probability) fields[s]->reset();
            }
        }
        const auto toks = encoding::encodeConditioning(c);
        for (int s = 0; s < encoding::kCondSlots; ++s) {
            ci[(i * encoding::kCondSlots + s) * 2 + 0] = toks[s].lo;
            ci[(i * encoding::kCondSlots + s) * 2 + 1] = toks[s].hi;
            ca[i * encoding::kCondSlots + s] = toks[s].alpha;
        }
        mb.moverElo[i] = e.cond.moverElo.value_or(-1);

        for (int j = 0; j < l; ++j) {
            if (j < e.numLegal) {
                const std::uint16_t m = e.legal[j];
                const int base = encoding::legalBaseIndex(m);
                const int promo = encoding::legalPromotion(m);
                la[i * l + j] = base;
                const int tok = base / encoding::kHeadOutputsPerToken;
                lb[i * l + j] = promo ? std::int64_t(tok * encoding::kHeadOutputsPerToken + 64 + promo - 1) : zeroCol;
            } else {
                la[i * l + j] = maskCol;
                lb[i * l + j] = zeroCol;
            }
        }
        tg[i] = e.target >= 0 ? e.target : -100;
    }
    return mb;
}

RmsNormImpl::RmsNormImpl(int dim, double eps) : m_eps(eps) {
    m_weight = register_parameter("weight", torch::ones({dim}));
}

torch::Tensor RmsNormImpl::forward(const torch::Tensor& x) { return rmsNorm(x, m_weight, m_eps); }

BlockImpl::BlockImpl(int dModel, int nHeads, int ffnHidden, int nLayers) : m_heads(nHeads) {
    auto lin = [](int in, int out) { return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false)); };
    m_norm1 = register_module("norm1", RmsNorm(dModel));
    m_norm2 = register_module("norm2", RmsNorm(dModel));
    m_qkv = register_module("qkv", lin(dModel, 3 * dModel));
    m_out = register_module("out", lin(dModel, dModel));
    m_up = register_module("up", lin(dModel, 2 * ffnHidden));
    m_down = register_module("down", lin(ffnHidden, dModel));
    torch::NoGradGuard ng;
    // GPT-2 style: inputs ~ 1/sqrt(fan_in); projections back into the residual stream scaled by 1/sqrt(2L).
    const double resid = 1.0 / std::sqrt(2.0 * nLayers);
    m_qkv->weight.normal_(0.0, 1.0 / std::sqrt(double(dModel)));
    m_up->weight.normal_(0.0, 1.0 / std::sqrt(double(dModel)));
    m_out->weight.normal_(0.0, resid / std::sqrt(double(dModel)));
    m_down->weight.normal_(0.0, resid / std::sqrt(double(ffnHidden)));
}

torch::Tensor BlockImpl::forward(const torch::Tensor& x, const torch::Tensor& keyBias) {
    // selfAttention(...) = softmax(q k^T / sqrt(dh) + key bias) v per head (core/models/fused_ops.h).
    auto o = selfAttention(linearNoBias(m_norm1(x), m_qkv->weight), keyBias, m_heads);
    auto h = x + linearNoBias(o, m_out->weight);
    return h + linearNoBias(swiGlu(linearNoBias(m_norm2(h), m_up->weight)), m_down->weight);
}

HumanMoveModelImpl::HumanMoveModelImpl(const ModelConfig& config) : m_config(config) {
    const int d = config.dModel;
    auto emb = [&](const char* name, int n) { return register_module(name, torch::nn::Embedding(n, d)); };
    m_color = emb("color", 2);
    m_type = emb("type", 6);
    m_file = emb("file", 8);
    m_rank = emb("rank", 8);
    m_side = emb("side", 2);
    m_castling = emb("castling", 16);
    m_ep = emb("ep", encoding::kNoEpFile + 1);
    m_cond = emb("cond", encoding::condTableRows());
    m_blocks = register_module("blocks", torch::nn::ModuleList());
    for (int i = 0; i < config.nLayers; ++i)
        m_blocks->push_back(Block(d, config.nHeads, config.ffnHidden, config.nLayers));
    m_finalNorm = register_module("final_norm", RmsNorm(d));
    m_head = register_module(
        "head", torch::nn::Linear(torch::nn::LinearOptions(d, encoding::kHeadOutputsPerToken).bias(false)));

    std::vector<std::int64_t> col, type, file, rank;
    for (int code = 0; code < encoding::kPieceCodes; ++code) {
        const auto pt = encoding::decodePieceCode(code);
        col.push_back(pt.color);
        type.push_back(int(pt.type) - 1);
        file.push_back(chess::fileOf(pt.square));
        rank.push_back(chess::rankOf(pt.square));
    }
    auto i64 = torch::TensorOptions().dtype(torch::kInt64);
    m_codeColor = register_buffer("code_color", torch::tensor(col, i64));
    m_codeType = register_buffer("code_type", torch::tensor(type, i64));
    m_codeFile = register_buffer("code_file", torch::tensor(file, i64));
    m_codeRank = register_buffer("code_rank", torch::tensor(rank, i64));

    torch::NoGradGuard ng;
    // Four (or three) summed lookups: keep the sum near unit scale.
    for (auto* e : {&m_color, &m_type, &m_file, &m_rank}) (*e)->weight.normal_(0.0, 0.5);
    for (auto* e : {&m_side, &m_castling, &m_ep}) (*e)->weight.normal_(0.0, 0.58);
    m_cond->weight.normal_(0.0, 1.0);
    // A small head starts the model near the uniform distribution over legal moves.
    m_head->weight.normal_(0.0, 0.02);
}

torch::Tensor HumanMoveModelImpl::forward(const ModelBatch& batch) {
    const auto b = batch.pieceCode.size(0);
    const auto p = batch.pieceCode.size(1);
    const int d = m_config.dModel;
    // Factorised piece table (768 codes + a zero padding row), then one lookup per token.
    auto table = m_color->weight.index_select(0, m_codeColor) + m_type->weight.index_select(0, m_codeType) +
                 m_file->weight.index_select(0, m_codeFile) + m_rank->weight.index_select(0, m_codeRank);
    table = torch::cat({table, torch::zeros({1, d}, table.options())}, 0);
    auto pieces = table.index_select(0, batch.pieceCode.reshape({-1})).view({b, p, d});

    auto meta = m_side(batch.meta.select(1, 0)) + m_castling(batch.meta.select(1, 1)) + m_ep(batch.meta.select(1, 2));
    auto condRows = m_cond(batch.condIdx);  // (B, 5, 2, d)
    auto alpha = batch.condAlpha.unsqueeze(-1);
    auto cond = condRows.select(2, 0) * alpha + condRows.select(2, 1) * (1.0 - alpha);

    auto x = torch::cat({meta.unsqueeze(1), cond, pieces}, 1);
    for (const auto& blk : *m_blocks) x = blk->as<Block>()->forward(x, batch.keyBias);

    auto h = m_finalNorm(x.slice(1, kPrefixTokens));
    auto out = linearNoBias(h, m_head->weight).reshape({b, p * encoding::kHeadOutputsPerToken});
    auto extra = torch::tensor({0.0f, kMaskValue}, out.options()).expand({b, 2});
    out = torch::cat({out, extra}, 1);
    return out.gather(1, batch.legalA) + out.gather(1, batch.legalB);
}

void setComputeThreads(int threads) {
    threads = std::max(1, threads);
    at::set_num_threads(threads);
    // Looked up at run time: the BLAS behind libtorch is chosen by the system (alternatives), not by us.
    using SetThreads = void (*)(int);
    if (auto* f = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) f(threads);
}

void keepFreedMemory() {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

torch::Device chooseDevice() {
    return torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

long long countParameters(torch::nn::Module& module) {
    long long n = 0;
    for (const auto& p : module.parameters()) n += p.numel();
    return n;
}

torch::Tensor moveLoss(const torch::Tensor& logits, const ModelBatch& batch) {
    return torch::nn::functional::cross_entropy(logits, batch.target,
                                                torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100));
}

void saveModel(HumanMoveModel& model, torch::serialize::OutputArchive& archive) {
    const ModelConfig& c = model->config();
    archive.write("config.name", c10::IValue(c.name));
    archive.write("config.d_model", c10::IValue(std::int64_t(c.dModel)));
    archive.write("config.n_layers", c10::IValue(std::int64_t(c.nLayers)));
    archive.write("config.n_heads", c10::IValue(std::int64_t(c.nHeads)));
    archive.write("config.ffn_hidden", c10::IValue(std::int64_t(c.ffnHidden)));
    archive.write("config.view", c10::IValue(std::int64_t(c.view)));
    archive.write("config.encoding_version", c10::IValue(std::int64_t(encoding::kEncodingVersion)));
    torch::serialize::OutputArchive weights;
    model->save(weights);
    archive.write("model", weights);
}

ModelConfig loadModelConfig(torch::serialize::InputArchive& archive) {
    auto readInt = [&](const char* key) {
        c10::IValue v;
        archive.read(key, v);
        return int(v.toInt());
    };
    c10::IValue name;
    archive.read("config.name", name);
    ModelConfig c;
    c.name = name.toStringRef();
    c.dModel = readInt("config.d_model");
    c.nLayers = readInt("config.n_layers");
    c.nHeads = readInt("config.n_heads");
    c.ffnHidden = readInt("config.ffn_hidden");
    c.view = encoding::BoardView(readInt("config.view"));
    const int version = readInt("config.encoding_version");
    TORCH_CHECK(version == encoding::kEncodingVersion, "checkpoint encoding version ", version, " but this build uses ",
                encoding::kEncodingVersion);
    return c;
}

void loadModelWeights(HumanMoveModel& model, torch::serialize::InputArchive& archive) {
    torch::serialize::InputArchive weights;
    archive.read("model", weights);
    model->load(weights);
}

}  // namespace kibitz::models
