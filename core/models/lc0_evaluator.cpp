// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/lc0_evaluator.h"

#include "core/encoding/lc0_input.h"
#include "core/models/human_move_model.h"
#include "core/storage/lc0_net_file.h"

#include <torch/torch.h>

#include <algorithm>

namespace kibitz::models {

namespace {

/// Positions per forward pass (bounds the activations' memory: 256 x 64 filters x 64 squares x 4 B = 4 MB a layer).
constexpr std::size_t kChunk = 256;

struct Conv {
    torch::Tensor weight;  // [out, in, k, k]
    torch::Tensor bias;    // [out]
    int padding = 0;
    torch::Tensor operator()(const torch::Tensor& x) const {
        return torch::conv2d(x, weight, bias, /*stride=*/1, /*padding=*/padding);
    }
};

struct Dense {
    torch::Tensor weight;  // [out, in]
    torch::Tensor bias;
    torch::Tensor operator()(const torch::Tensor& x) const { return torch::linear(x, weight, bias); }
};

torch::Tensor fromVector(const std::vector<float>& v, std::vector<std::int64_t> shape) {
    return torch::from_blob(const_cast<float*>(v.data()), shape, torch::kFloat32).clone();
}

Conv makeConv(const storage::Lc0Conv& c) {
    return Conv{fromVector(c.weight, {c.out, c.in, c.kernel, c.kernel}), fromVector(c.bias, {c.out}), c.kernel / 2};
}

Dense makeDense(const storage::Lc0Dense& d) {
    return Dense{fromVector(d.weight, {d.out, d.in}), fromVector(d.bias, {d.out})};
}

struct Lc0Block {
    Conv conv1, conv2;
    Dense se1, se2;
    bool se = false;
};

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

std::unique_ptr<Lc0Evaluator> Lc0Evaluator::fromNetwork(const storage::Lc0Network& net, const std::string& source) {
    std::unique_ptr<Lc0Evaluator> ev(new Lc0Evaluator());
    Impl& m = *ev->m_impl;
    m.source = source;
    m.filters = net.filters;
    m.seChannels = net.seChannels;
    m.parameters = net.parameters();
    m.input = makeConv(net.input);
    for (const storage::Lc0Residual& r : net.tower) {
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
    Result<storage::Lc0Network> net = storage::readLc0Network(path);
    if (!net) return net.error();
    try {
        return fromNetwork(*net, path);
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, path + ": cannot build the network: " + e.what());
    }
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

Result<std::vector<encoding::MoveProb>> Lc0Evaluator::moveDistribution(const chess::Position& pos,
                                                                       const encoding::Conditioning& cond) {
    auto r = moveDistributions({pos}, {cond});
    if (!r) return r.error();
    return std::move(r->front());
}

Result<std::vector<std::vector<encoding::MoveProb>>> Lc0Evaluator::moveDistributions(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds) {
    return moveDistributionsWithHistory(positions, conds, {});
}

Result<std::vector<std::vector<encoding::MoveProb>>> Lc0Evaluator::moveDistributionsWithHistory(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& /*conds*/,
    const std::vector<encoding::RecentMoves>& recent) {
    auto r = evaluate(positions, recent);
    if (!r) return r.error();
    return std::move(r->moves);
}

Result<std::vector<encoding::Wdl>> Lc0Evaluator::valueEstimates(const std::vector<chess::Position>& positions,
                                                                const std::vector<encoding::Conditioning>& /*conds*/,
                                                                const std::vector<encoding::RecentMoves>& recent) {
    auto r = evaluate(positions, recent);
    if (!r) return r.error();
    return std::move(r->wdl);
}

std::string Lc0Evaluator::shape() const {
    return std::to_string(m_impl->tower.size()) + " x " + std::to_string(m_impl->filters) +
           (m_impl->seChannels > 0 ? " SE" : "");
}

std::string Lc0Evaluator::describe() const {
    return "lc0 network " + shape() + " (" + std::to_string(m_impl->parameters) + " parameters) from " + m_impl->source;
}

const std::string& Lc0Evaluator::source() const { return m_impl->source; }
long long Lc0Evaluator::parameters() const { return m_impl->parameters; }

}  // namespace kibitz::models
