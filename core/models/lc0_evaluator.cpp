// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/lc0_evaluator.h"

#include "core/chess/notation.h"
#include "core/encoding/lc0_input.h"
#include "core/lc0/lc0_net_file.h"
#include "core/models/fused_ops.h"
#include "core/models/human_move_model.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

namespace kibitz::models {

namespace {

/// Positions per forward pass (bounds the activations' memory: 256 x 64 filters x 64 squares x 4 B = 4 MB a layer).
constexpr std::size_t kChunk = 256;

/// A convolution on the 8x8 board. On the CPU it runs as one matrix product through oneDNN (models::linearNoBias):
/// the k x k patches of every square side by side ([B*64, in*k*k]) times the weights. Why: Debian's LibTorch runs a
/// batch-1 conv2d as im2col plus an OpenBLAS product, whose worker threads spin in sched_yield; with two training
/// processes on the two cores, analysing one position with the blended default model took p50 83 ms, p95 192 ms
/// (bench/analysis_latency.py), against p50 8.6 ms with OpenBLAS on one thread. oneDNN runs on torch's OpenMP team,
/// like the rest of Kibitz's models. Larger batches, CUDA, and runs with the fused kernels off use torch::conv2d: at
/// batch 256 the patches' copy costs more than it saves (kibitz-lc0-bench, one thread: 241 positions/s this way
/// against 994/s with conv2d; at batch 1, 263/s against 134/s).
constexpr std::int64_t kMatmulMaxBatch = 16;

struct Conv {
    torch::Tensor weight;  // [out, in, k, k]
    torch::Tensor bias;    // [out]
    int padding = 0;
    torch::Tensor flat;  // [out, in*k*k]: the weights as the matrix product reads them (CPU only)

    torch::Tensor operator()(const torch::Tensor& x) const {
        if (!x.is_cpu() || x.size(0) > kMatmulMaxBatch || !fusedKernelsEnabled() || !flat.defined())
            return torch::conv2d(x, weight, bias, /*stride=*/1, /*padding=*/padding);
        const std::int64_t b = x.size(0), c = x.size(1), h = x.size(2), w = x.size(3);
        const std::int64_t k = weight.size(2);
        torch::Tensor patches;  // [B, H, W, C, k, k]
        if (k == 1) {
            patches = x.permute({0, 2, 3, 1});
        } else {
            const torch::Tensor padded = torch::constant_pad_nd(x, {padding, padding, padding, padding});
            patches = padded.unfold(2, k, 1).unfold(3, k, 1).permute({0, 2, 3, 1, 4, 5});
        }
        torch::Tensor y = linearNoBias(patches.reshape({b * h * w, c * k * k}), flat);
        y.add_(bias);
        return y.view({b, h, w, weight.size(0)}).permute({0, 3, 1, 2}).contiguous();
    }
};

struct Dense {
    torch::Tensor weight;  // [out, in]
    torch::Tensor bias;
    torch::Tensor operator()(const torch::Tensor& x) const {
        if (x.is_cpu() && x.dim() == 2 && x.size(0) <= kMatmulMaxBatch) return linearNoBias(x, weight) + bias;
        return torch::linear(x, weight, bias);
    }
};

torch::Tensor fromVector(const std::vector<float>& v, std::vector<std::int64_t> shape) {
    return torch::from_blob(const_cast<float*>(v.data()), shape, torch::kFloat32).clone();
}

Conv makeConv(const lc0::Lc0Conv& c) {
    Conv conv{fromVector(c.weight, {c.out, c.in, c.kernel, c.kernel}), fromVector(c.bias, {c.out}), c.kernel / 2, {}};
    conv.flat = conv.weight.reshape({c.out, c.in * c.kernel * c.kernel}).contiguous();
    return conv;
}

Dense makeDense(const lc0::Lc0Dense& d) {
    return Dense{fromVector(d.weight, {d.out, d.in}), fromVector(d.bias, {d.out})};
}

struct Lc0Block {
    Conv conv1, conv2;
    Dense se1, se2;
    bool se = false;
};

/// Both heads' outputs as one reading per position, with the heads `what` asks for.
std::vector<encoding::PositionReading> readingsOf(Lc0Evaluator::Output out, const encoding::Reads& what) {
    std::vector<encoding::PositionReading> readings(out.moves.size());
    for (std::size_t i = 0; i < readings.size(); ++i) {
        if (what.moves) readings[i].moves = std::move(out.moves[i]);
        if (what.value && i < out.wdl.size()) readings[i].value = out.wdl[i];
    }
    return readings;
}

}  // namespace

struct Lc0Evaluator::Impl {
    std::string source;
    int filters = 0;
    int seChannels = 0;
    long long parameters = 0;
    torch::Device device{torch::kCPU};
    Conv input;
    std::vector<Lc0Block> tower;
    Conv policy1, policy, value;
    Dense value1, value2;

    void to(torch::Device d) {
        device = d;
        auto moveConv = [&](Conv& c) {
            c.weight = c.weight.to(d);
            c.bias = c.bias.to(d);
            c.flat = c.weight.reshape({c.weight.size(0), -1}).contiguous();
        };
        auto moveDense = [&](Dense& l) {
            if (!l.weight.defined()) return;
            l.weight = l.weight.to(d);
            l.bias = l.bias.to(d);
        };
        moveConv(input);
        for (Lc0Block& b : tower) {
            moveConv(b.conv1);
            moveConv(b.conv2);
            moveDense(b.se1);
            moveDense(b.se2);
        }
        moveConv(policy1);
        moveConv(policy);
        moveConv(value);
        moveDense(value1);
        moveDense(value2);
    }

    /// Policy logits [B, 5120] and WDL probabilities [B, 3] of input planes [B, 112, 8, 8].
    std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& planes) const {
        torch::Tensor x = torch::relu(input(planes));
        for (const Lc0Block& b : tower) {
            torch::Tensor y = torch::relu(b.conv1(x));
            y = b.conv2(y);
            if (b.se) {
                torch::Tensor s = torch::relu(b.se1(y.mean({2, 3})));
                s = b.se2(s);
                auto parts = s.split(filters, 1);
                y = torch::sigmoid(parts[0]).unsqueeze(-1).unsqueeze(-1) * y + parts[1].unsqueeze(-1).unsqueeze(-1);
            }
            x = torch::relu(y + x);
        }
        torch::Tensor p = policy(torch::relu(policy1(x))).flatten(1);
        torch::Tensor v = torch::relu(value(x)).flatten(1);
        v = torch::softmax(value2(torch::relu(value1(v))), 1);
        return {p, v};
    }
};

Lc0Evaluator::Lc0Evaluator() : m_impl(std::make_unique<Impl>()) {}
Lc0Evaluator::~Lc0Evaluator() = default;

std::unique_ptr<Lc0Evaluator> Lc0Evaluator::fromNetwork(const lc0::Lc0Network& net, const std::string& source) {
    std::unique_ptr<Lc0Evaluator> ev(new Lc0Evaluator());
    Impl& m = *ev->m_impl;
    m.source = source;
    m.filters = net.filters;
    m.seChannels = net.seChannels;
    m.parameters = net.parameters();
    m.input = makeConv(net.input);
    for (const lc0::Lc0Residual& r : net.tower) {
        Lc0Block b;
        b.conv1 = makeConv(r.conv1);
        b.conv2 = makeConv(r.conv2);
        b.se = !r.se1.weight.empty();
        if (b.se) {
            b.se1 = makeDense(r.se1);
            b.se2 = makeDense(r.se2);
        }
        m.tower.push_back(std::move(b));
    }
    m.policy1 = makeConv(net.policy1);
    m.policy = makeConv(net.policy);
    m.value = makeConv(net.value);
    m.value1 = makeDense(net.value1);
    m.value2 = makeDense(net.value2);
    m.to(chooseDevice());
    return ev;
}

Result<std::unique_ptr<Lc0Evaluator>> Lc0Evaluator::load(const std::string& path) {
    Result<lc0::Lc0Network> net = lc0::readLc0Network(path);
    if (!net) return net.error();
    std::unique_ptr<Lc0Evaluator> ev;
    try {
        ev = fromNetwork(*net, path);
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, path + ": cannot build the network: " + e.what());
    }
    if (Status probe = ev->probe(); !probe.ok()) return probe.error();
    return ev;
}

Status Lc0Evaluator::probe() {
    // Positions of each phase with their histories: the start, an open middlegame (Italian game) and a king and
    // pawn ending. A net whose weights are finite but extreme overflows on every one of them.
    const char* const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "8/5k2/8/3p4/3P4/4K3/8/8 w - - 0 50",
    };
    std::vector<chess::Position> positions;
    for (const char* fen : fens) {
        auto pos = chess::Position::fromFen(fen);
        if (!pos) return pos.error();
        positions.push_back(*pos);
    }
    auto out = evaluate(positions, {});
    if (!out) return makeError(out.error().code, out.error().message + " (in the load check)");
    return {};
}

Result<Lc0Evaluator::Output> Lc0Evaluator::evaluate(const std::vector<chess::Position>& positions,
                                                    const std::vector<encoding::RecentMoves>& recent) {
    if (!recent.empty() && recent.size() != positions.size())
        return makeError(ErrorCode::InvalidInput, "lc0 evaluation: " + std::to_string(recent.size()) +
                                                      " histories for " + std::to_string(positions.size()) +
                                                      " positions");
    Output out;
    out.moves.resize(positions.size());
    out.wdl.resize(positions.size());
    std::vector<chess::MoveList> legal(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        legal[i] = positions[i].legalMoves();
        if (legal[i].size() == 0)
            return makeError(ErrorCode::InvalidInput, "lc0 evaluation: position " + std::to_string(i) +
                                                          " has no legal move (" + positions[i].fen() + ")");
    }
    try {
        torch::InferenceMode guard;
        for (std::size_t first = 0; first < positions.size(); first += kChunk) {
            const std::size_t n = std::min(kChunk, positions.size() - first);
            torch::Tensor planes = torch::empty({std::int64_t(n), encoding::kLc0Planes, 8, 8}, torch::kFloat32);
            float* pl = planes.data_ptr<float>();
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t k = first + i;
                const encoding::Lc0History h =
                    encoding::lc0History(positions[k], recent.empty() ? nullptr : &recent[k]);
                encoding::encodeLc0Planes(positions[k], h, pl + i * std::size_t(encoding::kLc0Planes) * 64);
            }
            auto [logits, wdl] = m_impl->forward(planes.to(m_impl->device));
            logits = logits.to(torch::kCPU).contiguous();
            wdl = wdl.to(torch::kCPU).contiguous();
            // Non-finite outputs (a net with extreme weights overflows) are an error, never probabilities: a NaN
            // logit would make every move's share NaN and a NaN WDL a "null" score.
            if (!torch::isfinite(wdl).all().item<bool>())
                return makeError(ErrorCode::InvalidInput,
                                 m_impl->source +
                                     ": the network's value head gives non-finite outputs (weights out of "
                                     "range): not a usable network");
            const float* lg = logits.data_ptr<float>();
            const float* w = wdl.data_ptr<float>();
            for (std::size_t i = 0; i < n; ++i) {
                const std::size_t k = first + i;
                const chess::MoveList& moves = legal[k];
                std::vector<encoding::MoveProb>& v = out.moves[k];
                v.resize(std::size_t(moves.size()));
                float maxLogit = -1e30f;
                for (int j = 0; j < moves.size(); ++j) {
                    const int idx = encoding::lc0PolicyIndex(positions[k], moves[j]);
                    v[std::size_t(j)] = {moves[j],
                                         idx < 0 ? -1e30f : lg[i * encoding::kLc0PolicyOutputs + std::size_t(idx)]};
                    if (!std::isfinite(v[std::size_t(j)].prob))
                        return makeError(ErrorCode::InvalidInput,
                                         m_impl->source + ": the network's policy head gives a non-finite output for " +
                                             chess::toUci(moves[j]) + " in " + positions[k].fen() +
                                             " (weights out of range): not a usable network");
                    maxLogit = std::max(maxLogit, v[std::size_t(j)].prob);
                }
                double sum = 0.0;
                for (auto& mp : v) {
                    mp.prob = std::exp(mp.prob - maxLogit);
                    sum += mp.prob;
                }
                for (auto& mp : v) mp.prob = float(mp.prob / sum);
                std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
                out.wdl[k] = encoding::Wdl{w[3 * i], w[3 * i + 1], w[3 * i + 2]};
            }
        }
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, m_impl->source + ": evaluation failed: " + e.what_without_backtrace());
    }
    return out;
}

Result<std::vector<encoding::PositionReading>> Lc0Evaluator::readBatch(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& /*conds*/,
    const std::vector<encoding::RecentMoves>& recent, const std::vector<encoding::RecentTimes>& /*times*/,
    const std::vector<chess::Move>& /*played*/, const encoding::Reads& what) {
    auto r = evaluate(positions, recent);
    if (!r) return r.error();
    return readingsOf(std::move(r.value()), what);
}

std::string Lc0Evaluator::shape() const {
    return std::to_string(m_impl->tower.size()) + " x " + std::to_string(m_impl->filters) +
           (m_impl->seChannels > 0 ? " SE" : "");
}

std::string Lc0Evaluator::describe() const {
    return "lc0 network " + shape() + " (" + std::to_string(m_impl->parameters) + " parameters) from " +
           m_impl->source + "; " + lc0NetProvenance(m_impl->source);
}

std::string Lc0Evaluator::conditioningNote(const encoding::Conditioning& /*cond*/) const {
    const std::optional<int> band = lc0BandOfFileName(std::filesystem::path(m_impl->source).filename().string());
    return (band ? "one net for " + std::to_string(*band) + "-" + std::to_string(*band + 99) + ": " : std::string()) +
           "this net reads no ratings and no clocks";
}

const std::string& Lc0Evaluator::source() const { return m_impl->source; }
long long Lc0Evaluator::parameters() const { return m_impl->parameters; }

// ---------------------------------------------------------------------------------------------------------------
// Lc0BandEvaluator

namespace {
constexpr int kBandWidth = 100;
constexpr int kBandCentre = kBandWidth / 2;
}  // namespace

std::optional<int> lc0BandOfFileName(const std::string& fileName) {
    std::string stem = fileName;
    for (const char* ext : {".pb.gz", ".pb"})
        if (stem.size() > std::strlen(ext) && stem.ends_with(ext)) {
            stem.resize(stem.size() - std::strlen(ext));
            break;
        }
    if (stem == fileName) return std::nullopt;
    const std::size_t dash = stem.rfind('-');
    if (dash == std::string::npos || dash + 1 >= stem.size() || stem.size() - dash - 1 > 4) return std::nullopt;
    int v = 0;
    for (std::size_t i = dash + 1; i < stem.size(); ++i) {
        if (stem[i] < '0' || stem[i] > '9') return std::nullopt;
        v = v * 10 + (stem[i] - '0');
    }
    if (v < 100 || v > 4000) return std::nullopt;
    return v;
}

std::string lc0NetProvenance(const std::string& fileName) {
    const std::string name = std::filesystem::path(fileName).filename().string();
    if (name.rfind("maia-", 0) == 0 && lc0BandOfFileName(name))
        return "Maia-1 (McIlroy-Young, Sen, Kleinberg, Anderson, KDD 2020; github.com/CSSLab/maia-chess), "
               "GPL-3.0";
    return "lc0-format network; its licence is its publisher's";
}

Lc0BandEvaluator::~Lc0BandEvaluator() = default;

std::unique_ptr<Lc0BandEvaluator> Lc0BandEvaluator::fromNets(
    std::vector<std::pair<int, std::unique_ptr<Lc0Evaluator>>> nets, const std::string& source) {
    std::sort(nets.begin(), nets.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::unique_ptr<Lc0BandEvaluator> ev(new Lc0BandEvaluator());
    ev->m_source = source;
    for (auto& [band, net] : nets) {
        ev->m_bands.push_back(band);
        ev->m_nets.push_back(std::move(net));
    }
    return ev;
}

Result<std::unique_ptr<Lc0BandEvaluator>> Lc0BandEvaluator::loadFolder(const std::string& folder) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) return makeError(ErrorCode::Io, folder + ": not a folder");
    std::map<int, std::string> files;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
        if (!e.is_regular_file(ec)) continue;
        const std::string name = e.path().filename().string();
        const std::optional<int> band = lc0BandOfFileName(name);
        if (!band) continue;
        if (files.count(*band))
            return makeError(ErrorCode::InvalidInput, folder + ": two nets for the band " + std::to_string(*band) +
                                                          " (" + fs::path(files[*band]).filename().string() + " and " +
                                                          name + ")");
        files[*band] = e.path().string();
    }
    if (ec) return makeError(ErrorCode::Io, folder + ": cannot list it: " + ec.message());
    if (files.empty())
        return makeError(ErrorCode::InvalidInput,
                         folder + ": no lc0 net named NAME-NNNN.pb.gz (such as maia-1500.pb.gz) in this folder");
    std::vector<std::pair<int, std::unique_ptr<Lc0Evaluator>>> nets;
    for (const auto& [band, path] : files) {
        auto net = Lc0Evaluator::load(path);
        if (!net) return net.error();
        nets.emplace_back(band, std::move(net.value()));
    }
    return fromNets(std::move(nets), folder);
}

std::vector<int> Lc0BandEvaluator::bands() const { return m_bands; }

std::vector<std::pair<int, float>> Lc0BandEvaluator::blendFor(std::optional<int> moverElo) const {
    const int n = int(m_bands.size());
    if (!moverElo) return {{n / 2, 1.0f}};
    const double r = double(*moverElo);
    if (m_kernel > kBandWidth) {
        // A triangular kernel over the band centres: a net's weight falls linearly from 1 at its centre to 0 at
        // m_kernel points from it; a rating beyond the outer centres counts as that centre. A folder whose nets are
        // farther apart than the kernel (a gap) falls back to the two nearest below.
        const double rc = std::clamp(r, double(m_bands.front() + kBandCentre), double(m_bands.back() + kBandCentre));
        std::vector<std::pair<int, float>> out;
        double total = 0.0;
        for (int i = 0; i < n; ++i) {
            const double w = 1.0 - std::abs(rc - double(m_bands[std::size_t(i)] + kBandCentre)) / double(m_kernel);
            if (w <= 1e-9) continue;
            out.emplace_back(i, float(w));
            total += w;
        }
        if (!out.empty()) {
            for (auto& [i, w] : out) w = float(double(w) / total);
            return out;
        }
    }
    // The two nearest nets, blended linearly between their centres (however far apart they are).
    if (r <= m_bands.front() + kBandCentre) return {{0, 1.0f}};
    if (r >= m_bands.back() + kBandCentre) return {{n - 1, 1.0f}};
    for (int i = 0; i + 1 < n; ++i) {
        const double lo = m_bands[std::size_t(i)] + kBandCentre, hi = m_bands[std::size_t(i + 1)] + kBandCentre;
        if (r >= lo && r <= hi) {
            const float w = float((r - lo) / (hi - lo));
            if (w <= 0.0f) return {{i, 1.0f}};
            if (w >= 1.0f) return {{i + 1, 1.0f}};
            return {{i, 1.0f - w}, {i + 1, w}};
        }
    }
    return {{n - 1, 1.0f}};
}

void Lc0BandEvaluator::setBandKernel(int points) { m_kernel = std::clamp(points, kBandWidth, kMaxBandKernel); }
int Lc0BandEvaluator::bandKernel() const { return m_kernel; }

std::string Lc0BandEvaluator::bandNote(std::optional<int> moverElo) const {
    auto name = [&](int i) { return std::filesystem::path(m_nets[std::size_t(i)]->source()).filename().string(); };
    const auto blend = blendFor(moverElo);
    std::string note;
    if (blend.size() == 1) {
        note = name(blend[0].first);
    } else {
        for (const auto& [net, w] : blend)
            note += (note.empty() ? "" : " + ") + name(net) + " " + std::to_string(int(std::lround(100 * w))) + "%";
    }
    const int lowest = m_bands.front(), highest = m_bands.back() + kBandWidth - 1;
    if (!moverElo)
        note += " (rating unknown: the middle band)";
    else if (*moverElo < lowest || *moverElo > highest)
        note += " (the nearest net: " + std::to_string(*moverElo) + " is outside the nets' " + std::to_string(lowest) +
                "-" + std::to_string(highest) + ")";
    return note;
}

Result<Lc0Evaluator::Output> Lc0BandEvaluator::evaluate(const std::vector<chess::Position>& positions,
                                                        const std::vector<encoding::Conditioning>& conds,
                                                        const std::vector<encoding::RecentMoves>& recent) {
    if (conds.size() != positions.size())
        return makeError(ErrorCode::InvalidInput, "lc0 band evaluation: " + std::to_string(conds.size()) +
                                                      " conditionings for " + std::to_string(positions.size()) +
                                                      " positions");
    if (!recent.empty() && recent.size() != positions.size())
        return makeError(ErrorCode::InvalidInput, "lc0 band evaluation: histories do not match the positions");
    Lc0Evaluator::Output out;
    out.moves.resize(positions.size());
    out.wdl.resize(positions.size());
    std::vector<std::vector<std::pair<int, float>>> blends(positions.size());
    // Per net, the positions that use it.
    std::vector<std::vector<std::size_t>> users(m_nets.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        blends[i] = blendFor(conds[i].moverElo);
        for (const auto& [net, w] : blends[i]) users[std::size_t(net)].push_back(i);
    }
    std::vector<std::map<std::uint16_t, float>> mixed(positions.size());
    for (std::size_t n = 0; n < m_nets.size(); ++n) {
        if (users[n].empty()) continue;
        std::vector<chess::Position> pos;
        std::vector<encoding::RecentMoves> rec;
        for (std::size_t i : users[n]) {
            pos.push_back(positions[i]);
            if (!recent.empty()) rec.push_back(recent[i]);
        }
        auto r = m_nets[n]->evaluate(pos, rec);
        if (!r) return r.error();
        for (std::size_t k = 0; k < users[n].size(); ++k) {
            const std::size_t i = users[n][k];
            float w = 0.0f;
            for (const auto& [net, weight] : blends[i])
                if (std::size_t(net) == n) w = weight;
            for (const encoding::MoveProb& mp : r->moves[k]) mixed[i][mp.move.raw()] += w * mp.prob;
            out.wdl[i].win += w * r->wdl[k].win;
            out.wdl[i].draw += w * r->wdl[k].draw;
            out.wdl[i].loss += w * r->wdl[k].loss;
        }
    }
    for (std::size_t i = 0; i < positions.size(); ++i) {
        auto& v = out.moves[i];
        for (const auto& [raw, p] : mixed[i]) v.push_back({chess::Move::fromRaw(raw), p});
        std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
    }
    return out;
}

Result<std::vector<encoding::PositionReading>> Lc0BandEvaluator::readBatch(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
    const std::vector<encoding::RecentMoves>& recent, const std::vector<encoding::RecentTimes>& /*times*/,
    const std::vector<chess::Move>& /*played*/, const encoding::Reads& what) {
    auto r = evaluate(positions, conds, recent);
    if (!r) return r.error();
    return readingsOf(std::move(r.value()), what);
}

std::string Lc0BandEvaluator::conditioningNote(const encoding::Conditioning& cond) const {
    return bandNote(cond.moverElo) + "; these nets read no clocks";
}

std::string Lc0BandEvaluator::describe() const {
    return "lc0 rating-band nets (" + std::to_string(m_nets.size()) + " nets, " + std::to_string(m_bands.front()) +
           "-" + std::to_string(m_bands.back() + kBandWidth - 1) + ", " + m_nets.front()->shape() + ") from " +
           m_source + "; " + lc0NetProvenance(m_nets.front()->source());
}

}  // namespace kibitz::models
