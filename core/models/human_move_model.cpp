// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/human_move_model.h"

#include "core/models/fused_ops.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <dlfcn.h>
#include <malloc.h>

namespace kibitz::models {

using encoding::EncodedPosition;

namespace {

constexpr float kMaskValue = -1e9f;
// meta + conditioning (+ history in v2)
constexpr int prefixTokens(int version) {
    return 1 + encoding::kCondSlots + (version >= 2 ? encoding::kHistoryPlies : 0);
}

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

void ModelBatch::to(const torch::Device& device) {
    if (device.is_cpu()) return;
    for (torch::Tensor* t : {&pieceCode, &meta, &condIdx, &condAlpha, &keyBias, &legalA, &legalB, &target, &outcome,
                             &condScalars, &ply, &history, &moveFeat, &legalTok, &teacher, &teacherMask})
        if (t->defined()) *t = t->to(device, /*non_blocking=*/true);
}

torch::Tensor guideLogits(const torch::Tensor& rated, const torch::Tensor& unrated, double w) {
    if (w == 0.0) return rated;
    const torch::Tensor guided = rated * (1.0 + w) - unrated * w;
    return torch::where(rated <= 0.5 * kMaskValue, rated, guided);
}

namespace {

/// The conditioning of batch item `i` after the training dropout (none when both probabilities are 0): whole
/// clocks hidden together with probability clockProbability, then each field alone with probability probability.
encoding::Conditioning droppedConditioning(const EncodedPosition& e, const CondDropout& drop, int i) {
    encoding::Conditioning c = e.cond;
    if (drop.probability <= 0.0 && drop.clockProbability <= 0.0) return c;
    const std::uint64_t h0 = splitmix64(drop.seed ^ splitmix64(std::uint64_t(drop.firstSampleIndex + i)));
    if (double(splitmix64(h0 + 97) >> 11) * 0x1.0p-53 < drop.clockProbability) {
        c.moverClockS.reset();
        c.oppClockS.reset();
        c.incrementS.reset();
    }
    std::optional<int>* fields[] = {&c.moverElo, &c.oppElo, &c.moverClockS, &c.oppClockS, &c.incrementS};
    // A teacher-only item's ratings are what its target was computed for: they are never hidden.
    const int first = e.teacherKind == encoding::kTeacherOnly ? 2 : 0;
    for (int s = 0; s < encoding::kCondSlots; ++s) {
        const double u = double(splitmix64(h0 + std::uint64_t(s)) >> 11) * 0x1.0p-53;
        if (u < drop.probability && s >= first) fields[s]->reset();
    }
    return c;
}

/// The v2 history rows (from, to, piece, captured) of one position; a missing ply is masked in its key bias.
void writeHistory(const EncodedPosition& e, std::int64_t* rows, float* historyKeyBias) {
    for (int h = 0; h < encoding::kHistoryPlies; ++h) {
        std::int64_t* row = rows + h * 4;
        const encoding::HistoryPly& hp = e.history[std::size_t(h)];
        const bool real = h < e.numHistory && hp.piece != 0;
        row[0] = real ? hp.from : 64;
        row[1] = real ? hp.to : 64;
        row[2] = real ? hp.piece : 0;
        row[3] = real ? hp.captured : 0;
        if (!real) historyKeyBias[h] = kMaskValue;
    }
}

}  // namespace

void writeMoveFeatures(std::uint16_t f, float* row) {
    namespace mf = encoding::movefeat;
    row[0] = (f & mf::kCheck) ? 1.0f : 0.0f;
    row[1] = (f & mf::kMate) ? 1.0f : 0.0f;
    if (const int cap = mf::captured(f); cap >= 1 && cap <= 5) row[1 + cap] = 1.0f;
    row[7] = (f & mf::kCastling) ? 1.0f : 0.0f;
    row[8] = (f & mf::kDestAttacked) ? 1.0f : 0.0f;
    row[9] = (f & mf::kDestDefended) ? 1.0f : 0.0f;
    row[10] = (f & mf::kSeeGain) ? 1.0f : 0.0f;
    row[11] = (f & mf::kSeeLoss) ? 1.0f : 0.0f;
    row[12] = (f & mf::kFromAttacked) ? 1.0f : 0.0f;
    row[13] = (f & mf::kFromDefended) ? 1.0f : 0.0f;
    row[14] = (f & mf::kRecapture) ? 1.0f : 0.0f;
    if (const int mv = mf::moved(f); mv >= 1 && mv <= 6) row[14 + mv] = 1.0f;
}

ModelBatch makeBatch(std::span<const EncodedPosition* const> items, const CondDropout& drop) {
    const int b = int(items.size());
    int p = 1;
    int l = 1;
    for (const EncodedPosition* e : items) {
        p = std::max(p, int(e->numPieces));
        l = std::max(l, int(e->numLegal));
    }
    const int version = items.empty() ? 1 : int(items.front()->version);
    const int prefix = prefixTokens(version);
    const int t = prefix + p;
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
    mb.outcome = torch::empty({b}, i64);
    mb.condScalars = torch::empty({b, kCondScalars}, f32);
    float* cs = mb.condScalars.data_ptr<float>();
    mb.ply = torch::empty({b}, f32);
    float* plies = mb.ply.data_ptr<float>();
    mb.moverElo.resize(b);
    mb.version = version;
    std::int64_t* hi = nullptr;
    float* mf = nullptr;
    std::int64_t* lt = nullptr;
    constexpr int kF = kMoveFeatureInputs;
    if (version >= 2) {
        mb.history = torch::empty({b, encoding::kHistoryPlies, 4}, i64);
        mb.moveFeat = torch::zeros({b, l, kF}, f32);
        mb.legalTok = torch::zeros({b, l}, i64);
        hi = mb.history.data_ptr<std::int64_t>();
        mf = mb.moveFeat.data_ptr<float>();
        lt = mb.legalTok.data_ptr<std::int64_t>();
    }

    auto* pc = mb.pieceCode.data_ptr<std::int64_t>();
    auto* meta = mb.meta.data_ptr<std::int64_t>();
    auto* ci = mb.condIdx.data_ptr<std::int64_t>();
    auto* ca = mb.condAlpha.data_ptr<float>();
    auto* kb = mb.keyBias.data_ptr<float>();
    auto* la = mb.legalA.data_ptr<std::int64_t>();
    auto* lb = mb.legalB.data_ptr<std::int64_t>();
    auto* tg = mb.target.data_ptr<std::int64_t>();
    const bool anyTeacher = std::any_of(
        items.begin(), items.end(), [](const EncodedPosition* e) { return e->teacherKind != encoding::kNoTeacher; });
    float* tp = nullptr;
    float* tm = nullptr;
    if (anyTeacher) {
        mb.teacher = torch::zeros({b, l}, torch::kFloat32);
        mb.teacherMask = torch::zeros({b}, torch::kFloat32);
        tp = mb.teacher.data_ptr<float>();
        tm = mb.teacherMask.data_ptr<float>();
    }
    auto* oc = mb.outcome.data_ptr<std::int64_t>();
    // Flattened head output per position: p * 68 scores, then a zero column and a mask column.
    const std::int64_t zeroCol = std::int64_t(p) * encoding::kHeadOutputsPerToken;
    const std::int64_t maskCol = zeroCol + 1;

    for (int i = 0; i < b; ++i) {
        const EncodedPosition& e = *items[i];
        for (int j = 0; j < p; ++j) {
            const bool real = j < e.numPieces;
            pc[i * p + j] = real ? e.pieceCode[j] : encoding::kPadPieceCode;
            if (!real) kb[i * t + prefix + j] = kMaskValue;
        }
        plies[i] = float(e.ply);
        meta[i * 3 + 0] = e.sideToMove;
        meta[i * 3 + 1] = e.castling;
        meta[i * 3 + 2] = e.epFile;

        const encoding::Conditioning c = droppedConditioning(e, drop, i);
        const auto toks = encoding::encodeConditioning(c);
        for (int s = 0; s < encoding::kCondSlots; ++s) {
            ci[(i * encoding::kCondSlots + s) * 2 + 0] = toks[s].lo;
            ci[(i * encoding::kCondSlots + s) * 2 + 1] = toks[s].hi;
            ca[i * encoding::kCondSlots + s] = toks[s].alpha;
        }
        mb.moverElo[i] = e.cond.moverElo.value_or(-1);
        const auto scalars = condScalarsOf(c);
        std::copy(scalars.begin(), scalars.end(), cs + std::int64_t(i) * kCondScalars);

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
        oc[i] = e.outcome >= 0 ? e.outcome : -100;
        if (anyTeacher && e.teacherKind != encoding::kNoTeacher) {
            tm[i] = 1.0f;
            for (int j = 0; j < e.numLegal; ++j) tp[i * l + j] = float(e.teacher[std::size_t(j)]) / 65535.0f;
        }
        if (version >= 2) {
            if (e.version != version)
                throw std::invalid_argument("makeBatch: positions of different encoding versions");
            writeHistory(e, hi + std::int64_t(i) * encoding::kHistoryPlies * 4, kb + i * t + 1 + encoding::kCondSlots);
            for (int j = 0; j < e.numLegal; ++j) {
                lt[i * l + j] = encoding::legalBaseIndex(e.legal[j]) / encoding::kHeadOutputsPerToken;
                writeMoveFeatures(e.moveFeatures[j], mf + (std::int64_t(i) * l + j) * kF);
            }
        }
    }
    return mb;
}

RmsNormImpl::RmsNormImpl(int dim, double eps) : m_eps(eps) {
    m_weight = register_parameter("weight", torch::ones({dim}));
}

torch::Tensor RmsNormImpl::forward(const torch::Tensor& x) { return rmsNorm(x, m_weight, m_eps); }

torch::Tensor RmsNormImpl::modulated(const torch::Tensor& x, const torch::Tensor& scale, const torch::Tensor& shift) {
    return rmsNormModulated(x, m_weight, scale, shift, m_eps);
}

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

torch::Tensor BlockImpl::forward(const torch::Tensor& x, const torch::Tensor& keyBias, const torch::Tensor& film) {
    std::vector<torch::Tensor> f;
    if (film.defined()) f = film.chunk(4, -1);  // scale1, shift1, scale2, shift2: (B, d) each
    auto n1 = film.defined() ? m_norm1->modulated(x, f[0], f[1]) : m_norm1(x);
    // selfAttention(...) = softmax(q k^T / sqrt(dh) + key bias) v per head (core/models/fused_ops.h).
    auto o = selfAttention(linearNoBias(n1, m_qkv->weight), keyBias, m_heads);
    auto h = x + linearNoBias(o, m_out->weight);
    auto n2 = film.defined() ? m_norm2->modulated(h, f[2], f[3]) : m_norm2(h);
    return h + linearNoBias(swiGlu(linearNoBias(n2, m_up->weight)), m_down->weight);
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

    if (config.version >= 2) {
        m_histFrom = emb("hist_from", 65);
        m_histTo = emb("hist_to", 65);
        m_histPiece = emb("hist_piece", 7);
        m_histCap = emb("hist_captured", 7);
        m_histAge = emb("hist_age", encoding::kHistoryPlies);
        m_condProj = register_module("cond_proj", torch::nn::Linear(encoding::kCondSlots * d, d));
        m_film = register_module("film", torch::nn::ModuleList());
        for (int i = 0; i < config.nLayers; ++i)
            m_film->push_back(torch::nn::Linear(torch::nn::LinearOptions(d, 4 * d).bias(false)));
        auto lin = [](int in, int out) { return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false)); };
        m_featIn = register_module("feat_in", lin(kMoveFeatureInputs, kMoveFeatureDim));
        m_featQ = register_module("feat_q", lin(d, kMoveFeatureDim));
        m_featC = register_module("feat_c", lin(d, kMoveFeatureDim));
        m_featBias = register_module("feat_bias", lin(kMoveFeatureInputs, 1));
    }

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
    if (config.version >= 2) {
        // History tokens: five summed lookups.
        for (auto* e : {&m_histFrom, &m_histTo, &m_histPiece, &m_histCap, &m_histAge}) (*e)->weight.normal_(0.0, 0.45);
        // The v2 paths start by adding nothing, so a v1 trunk warm-starts unchanged (FiLM identity, feature term 0).
        for (const auto& m : *m_film) m->as<torch::nn::Linear>()->weight.zero_();
        m_featQ->weight.zero_();
        m_featC->weight.zero_();
        m_featBias->weight.zero_();
        m_featIn->weight.normal_(0.0, 1.0 / std::sqrt(double(kMoveFeatureInputs)));
    }
}

torch::Tensor HumanMoveModelImpl::forward(const ModelBatch& batch) { return forward(batch, nullptr); }

torch::Tensor HumanMoveModelImpl::forward(const ModelBatch& batch, torch::Tensor* features) {
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

    const bool v2 = m_config.version >= 2;
    TORCH_CHECK(batch.version == m_config.version, "batch encoded with version ", batch.version, ", model uses ",
                m_config.version);
    torch::Tensor x, condVec;
    if (v2) {
        const auto& hs = batch.history;
        auto ages = torch::arange(encoding::kHistoryPlies, hs.options());
        auto hist = m_histFrom(hs.select(2, 0)) + m_histTo(hs.select(2, 1)) + m_histPiece(hs.select(2, 2)) +
                    m_histCap(hs.select(2, 3)) + m_histAge(ages).unsqueeze(0);
        x = torch::cat({meta.unsqueeze(1), cond, hist, pieces}, 1);
        condVec = torch::silu(m_condProj(cond.reshape({b, encoding::kCondSlots * d})));
    } else {
        x = torch::cat({meta.unsqueeze(1), cond, pieces}, 1);
    }
    for (std::size_t i = 0; i < m_blocks->size(); ++i) {
        torch::Tensor film;
        if (v2) film = linearNoBias(condVec, m_film->ptr(i)->as<torch::nn::Linear>()->weight);
        x = m_blocks->ptr(i)->as<Block>()->forward(x, batch.keyBias, film);
    }

    auto h = m_finalNorm(x.slice(1, prefixTokens(m_config.version)));
    if (features) {
        auto mask = (batch.pieceCode != encoding::kPadPieceCode).to(h.dtype()).unsqueeze(-1);  // (B, P, 1)
        auto sum = (h * mask).sum(1);
        auto mean = sum / mask.sum(1).clamp_min(1.0);
        *features = torch::cat({m_finalNorm(x.select(1, 0)), mean, sum / 16.0, batch.condScalars}, 1);
    }
    auto out = linearNoBias(h, m_head->weight).reshape({b, p * encoding::kHeadOutputsPerToken});
    auto extra = torch::tensor({0.0f, kMaskValue}, out.options()).expand({b, 2});
    out = torch::cat({out, extra}, 1);
    auto logits = out.gather(1, batch.legalA) + out.gather(1, batch.legalB);
    if (v2) {
        const auto l = batch.legalTok.size(1);
        // The bias-free linear layers through linearNoBias: oneDNN's products where this build has them.
        auto q = linearNoBias(h, m_featQ->weight);  // (B, P, F)
        q = q.gather(1, batch.legalTok.unsqueeze(-1).expand({b, l, kMoveFeatureDim})) +
            linearNoBias(condVec, m_featC->weight).unsqueeze(1);
        auto f = linearNoBias(batch.moveFeat, m_featIn->weight);  // (B, L, F)
        logits = logits + (q * f).sum(-1) + linearNoBias(batch.moveFeat, m_featBias->weight).squeeze(-1);
    }
    return logits;
}

std::array<float, kCondScalars> condScalarsOf(const encoding::Conditioning& c) {
    std::array<float, kCondScalars> s{};
    auto clock = [](int seconds) { return float(std::log1p(double(std::max(0, seconds))) / 6.0); };
    if (c.moverElo) {
        s[0] = float((*c.moverElo - 1500) / 500.0);
        s[1] = 1.0f;
    }
    if (c.oppElo) {
        s[2] = float((*c.oppElo - 1500) / 500.0);
        s[3] = 1.0f;
    }
    if (c.moverElo && c.oppElo) s[4] = float((*c.moverElo - *c.oppElo) / 400.0);
    if (c.moverClockS) {
        s[5] = clock(*c.moverClockS);
        s[6] = 1.0f;
    }
    if (c.oppClockS) s[7] = clock(*c.oppClockS);
    if (c.moverClockS && c.oppClockS) s[8] = s[5] - s[7];
    if (c.incrementS) s[9] = float(*c.incrementS / 10.0);
    return s;
}

torch::Tensor materialScalars(const torch::Tensor& pieceCode) {
    // One row per piece code (and a zero row for padding): the code's contribution to each column.
    static const torch::Tensor table = [] {
        auto t = torch::zeros({encoding::kPadPieceCode + 1, kMaterialScalars});
        auto a = t.accessor<float, 2>();
        constexpr float kDiffScale[5] = {1.0f / 8, 1.0f / 2, 1.0f / 2, 1.0f / 2, 1.0f};
        constexpr float kValue[5] = {1, 3, 3, 5, 9};
        for (int code = 0; code < encoding::kPadPieceCode; ++code) {
            const int colour = code / 384, type = (code / 64) % 6;  // type 0..5: P, N, B, R, Q, K
            if (type == 5) continue;
            a[code][type] = (colour == 0 ? 1.0f : -1.0f) * kDiffScale[type];
            a[code][5] = kValue[type] / 78.0f;
        }
        return t;
    }();
    const auto b = pieceCode.size(0), p = pieceCode.size(1);
    return table.to(pieceCode.device()).index_select(0, pieceCode.reshape({-1})).view({b, p, kMaterialScalars}).sum(1);
}

torch::Tensor plyScalars(const torch::Tensor& ply) {
    return torch::stack({ply.clamp_max(200.0) / 100.0, ply.clamp_max(20.0) / 20.0}, 1);
}

std::int64_t ValueHeadImpl::inputWidth(int dModel, ValueInputs inputs) {
    std::int64_t width = 3 * std::int64_t(dModel) + kCondScalars;
    if (inputs >= ValueInputs::Material) width += kMaterialScalars;
    if (inputs >= ValueInputs::MaterialAndPly) width += kPlyScalars;
    return width;
}

std::optional<ValueInputs> ValueHeadImpl::inputsForWidth(int dModel, std::int64_t width) {
    for (ValueInputs inputs : {ValueInputs::Features, ValueInputs::Material, ValueInputs::MaterialAndPly})
        if (inputWidth(dModel, inputs) == width) return inputs;
    return std::nullopt;
}

ValueHeadImpl::ValueHeadImpl(int dModel, ValueInputs inputs) : m_inputs(inputs) {
    m_in = register_module("hidden", torch::nn::Linear(inputWidth(dModel, inputs), kValueHidden));
    m_out = register_module("out", torch::nn::Linear(kValueHidden, 3));
}

torch::Tensor ValueHeadImpl::forward(const torch::Tensor& features, const ModelBatch& batch) {
    std::vector<torch::Tensor> columns{features};
    if (m_inputs >= ValueInputs::Material) columns.push_back(materialScalars(batch.pieceCode).to(features.dtype()));
    if (m_inputs >= ValueInputs::MaterialAndPly) columns.push_back(plyScalars(batch.ply).to(features.dtype()));
    return m_out(torch::silu(m_in(columns.size() == 1 ? features : torch::cat(columns, 1))));
}

ValueHead widenValueHead(ValueHead& old, int dModel, ValueInputs inputs) {
    ValueHead head(dModel, inputs);
    torch::NoGradGuard noGrad;
    const auto oldWidth = ValueHeadImpl::inputWidth(dModel, old->inputs());
    auto w = old->named_parameters();
    auto n = head->named_parameters();
    n["hidden.weight"].zero_();
    n["hidden.weight"].slice(1, 0, oldWidth).copy_(w["hidden.weight"]);
    n["hidden.bias"].copy_(w["hidden.bias"]);
    n["out.weight"].copy_(w["out.weight"]);
    n["out.bias"].copy_(w["out.bias"]);
    return head;
}

torch::Tensor valueLoss(const torch::Tensor& valueLogits, const ModelBatch& batch) {
    return torch::nn::functional::cross_entropy(valueLogits, batch.outcome,
                                                torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100));
}

void saveValueHead(ValueHead& head, torch::serialize::OutputArchive& archive) {
    torch::serialize::OutputArchive weights;
    head->save(weights);
    archive.write("value", weights);
    archive.write("value_inputs", c10::IValue(std::int64_t(head->inputs())));
}

ValueHead loadValueHead(torch::serialize::InputArchive& archive, int dModel) {
    torch::serialize::InputArchive weights;
    if (!archive.try_read("value", weights)) return ValueHead(nullptr);
    // Checkpoints from before the kinds say "value_material" 1 for a head reading the material; before that, nothing.
    ValueInputs inputs = ValueInputs::Features;
    c10::IValue flag;
    if (archive.try_read("value_inputs", flag) && flag.isInt()) {
        const auto k = flag.toInt();
        TORCH_CHECK(k >= 0 && k <= std::int64_t(kLatestValueInputs), "value head: unknown input kind ", k,
                    " (value_inputs)");
        inputs = ValueInputs(k);
    } else if (archive.try_read("value_material", flag) && flag.isInt() && flag.toInt() == 1) {
        inputs = ValueInputs::Material;
    }
    ValueHead head(dModel, inputs);
    head->load(weights);
    return head;
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

long long countParameters(torch::nn::Module& module) {
    long long n = 0;
    for (const auto& p : module.parameters()) n += p.numel();
    return n;
}

torch::Tensor distillationLoss(const torch::Tensor& logits, const ModelBatch& batch) {
    if (!batch.teacher.defined()) return torch::zeros({}, logits.options().dtype(torch::kFloat32));
    const torch::Tensor logq = torch::log_softmax(logits.to(torch::kFloat32), -1);
    // Teacher rows renormalised (the quantisation to 1/65535 leaves sums a little off 1); p log p with 0 log 0 = 0.
    const torch::Tensor p = batch.teacher / batch.teacher.sum(-1, true).clamp_min(1e-12);
    const torch::Tensor perItem = (torch::xlogy(p, p) - p * logq.clamp_min(-1e4)).sum(-1);
    const torch::Tensor n = batch.teacherMask.sum();
    return (perItem * batch.teacherMask).sum() / n.clamp_min(1.0);
}

torch::Tensor moveLoss(const torch::Tensor& logits, const ModelBatch& batch) {
    return torch::nn::functional::cross_entropy(logits, batch.target,
                                                torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100));
}

torch::Tensor ratingContrastLoss(const torch::Tensor& logits, const torch::Tensor& shiftedLogits,
                                 const ModelBatch& batch, const torch::Tensor& mask) {
    // Items without a played move (target -100) count as masked out; their index is clamped for the gather only.
    const torch::Tensor known = batch.target.ge(0);
    const torch::Tensor m = mask.to(torch::kFloat32) * known.to(torch::kFloat32);
    const torch::Tensor idx = batch.target.clamp_min(0).unsqueeze(1);
    const torch::Tensor lp = torch::log_softmax(logits.to(torch::kFloat32), -1).gather(1, idx).squeeze(1);
    const torch::Tensor lps = torch::log_softmax(shiftedLogits.to(torch::kFloat32), -1).gather(1, idx).squeeze(1);
    const torch::Tensor perItem = torch::nn::functional::softplus(lps - lp);  // -log sigmoid(lp - lps)
    return (perItem * m).sum() / m.sum().clamp_min(1.0);
}

void saveModel(HumanMoveModel& model, torch::serialize::OutputArchive& archive) {
    const ModelConfig& c = model->config();
    archive.write("config.name", c10::IValue(c.name));
    archive.write("config.d_model", c10::IValue(std::int64_t(c.dModel)));
    archive.write("config.n_layers", c10::IValue(std::int64_t(c.nLayers)));
    archive.write("config.n_heads", c10::IValue(std::int64_t(c.nHeads)));
    archive.write("config.ffn_hidden", c10::IValue(std::int64_t(c.ffnHidden)));
    archive.write("config.view", c10::IValue(std::int64_t(c.view)));
    archive.write("config.encoding_version", c10::IValue(std::int64_t(c.version)));
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
    TORCH_CHECK(encoding::encodingVersionSupported(version), "checkpoint encoding version ", version,
                " but this build reads versions ", encoding::kMinEncodingVersion, " to ", encoding::kEncodingVersion);
    c.version = version;
    return c;
}

void loadModelWeights(HumanMoveModel& model, torch::serialize::InputArchive& archive) {
    torch::serialize::InputArchive weights;
    archive.read("model", weights);
    model->load(weights);
}

namespace {

void loadPartial(torch::nn::Module& m, torch::serialize::InputArchive& a, const std::string& prefix,
                 std::vector<std::string>& missing) {
    for (auto& p : m.named_parameters(/*recurse=*/false)) {
        torch::Tensor t;
        if (a.try_read(p.key(), t) && t.sizes() == p.value().sizes())
            p.value().copy_(t);
        else
            missing.push_back(prefix + p.key());
    }
    for (auto& buf : m.named_buffers(/*recurse=*/false)) {
        torch::Tensor t;
        if (a.try_read(buf.key(), t, /*is_buffer=*/true) && t.sizes() == buf.value().sizes())
            buf.value().copy_(t);
        else
            missing.push_back(prefix + buf.key());
    }
    for (auto& child : m.named_children()) {
        torch::serialize::InputArchive sub;
        if (a.try_read(child.key(), sub)) {
            loadPartial(*child.value(), sub, prefix + child.key() + ".", missing);
        } else {
            for (auto& p : child.value()->named_parameters()) missing.push_back(prefix + child.key() + "." + p.key());
        }
    }
}

}  // namespace

std::vector<std::string> loadModelWeightsPartial(HumanMoveModel& model, torch::serialize::InputArchive& archive) {
    torch::serialize::InputArchive weights;
    archive.read("model", weights);
    torch::NoGradGuard ng;
    std::vector<std::string> missing;
    loadPartial(*model, weights, "", missing);
    return missing;
}

}  // namespace kibitz::models
