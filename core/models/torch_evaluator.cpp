// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/torch_evaluator.h"

#include "core/models/human_move_model.h"

#include <algorithm>

namespace kibitz::models {

struct TorchEvaluator::Impl {
    HumanMoveModel model{nullptr};
    torch::Device device{torch::kCPU};
    std::string source;
};

TorchEvaluator::TorchEvaluator() : m_impl(std::make_unique<Impl>()) {}
TorchEvaluator::~TorchEvaluator() = default;

Result<std::unique_ptr<TorchEvaluator>> TorchEvaluator::load(const std::string& path) {
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path);
        const ModelConfig config = loadModelConfig(archive);
        std::unique_ptr<TorchEvaluator> ev(new TorchEvaluator());
        ev->m_impl->model = HumanMoveModel(config);
        loadModelWeights(ev->m_impl->model, archive);
        ev->m_impl->device = chooseDevice();
        ev->m_impl->model->to(ev->m_impl->device);
        ev->m_impl->model->eval();
        ev->m_impl->source = path;
        return ev;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, path + ": not a usable human-move checkpoint: " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::InvalidInput, path + ": " + e.what());
    }
}

std::unique_ptr<TorchEvaluator> TorchEvaluator::fromConfig(const ModelConfig& config, std::uint64_t seed) {
    torch::manual_seed(seed);
    std::unique_ptr<TorchEvaluator> ev(new TorchEvaluator());
    ev->m_impl->model = HumanMoveModel(config);
    ev->m_impl->device = chooseDevice();
    ev->m_impl->model->to(ev->m_impl->device);
    ev->m_impl->model->eval();
    ev->m_impl->source = "untrained";
    return ev;
}

Result<std::vector<encoding::MoveProb>> TorchEvaluator::moveDistribution(const chess::Position& pos,
                                                                         const encoding::Conditioning& cond) {
    auto r = moveDistributions({pos}, {cond});
    if (!r.ok()) return r.error();
    return std::move(r.value().front());
}

Result<std::vector<std::vector<encoding::MoveProb>>> TorchEvaluator::moveDistributions(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds) {
    if (positions.size() != conds.size())
        return makeError(ErrorCode::InvalidInput, "moveDistributions: positions and conditionings differ in count");
    std::vector<encoding::EncodedPosition> enc(positions.size());
    std::vector<chess::MoveList> legal(positions.size());
    std::vector<const encoding::EncodedPosition*> ptrs;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        legal[i] = positions[i].legalMoves();
        if (legal[i].empty())
            return makeError(ErrorCode::InvalidInput, "position " + std::to_string(i + 1) + " has no legal move (" +
                                                          positions[i].fen() + ")");
        if (!encoding::encodePosition(positions[i], legal[i], conds[i], config().view, chess::Move::none(), enc[i]))
            return makeError(ErrorCode::InvalidInput, "position cannot be encoded: " + positions[i].fen());
        ptrs.push_back(&enc[i]);
    }
    try {
        torch::InferenceMode guard;
        ModelBatch batch = makeBatch(ptrs);
        batch.to(m_impl->device);
        auto probs = torch::softmax(m_impl->model->forward(batch), -1).to(torch::kCPU).contiguous();
        const auto l = probs.size(1);
        const float* pr = probs.data_ptr<float>();
        std::vector<std::vector<encoding::MoveProb>> out(positions.size());
        for (std::size_t i = 0; i < positions.size(); ++i) {
            auto& v = out[i];
            v.reserve(legal[i].size());
            for (int j = 0; j < legal[i].size(); ++j) v.push_back({legal[i][j], pr[std::int64_t(i) * l + j]});
            std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
        }
        return out;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, std::string("model evaluation failed: ") + e.what_without_backtrace());
    }
}

std::string TorchEvaluator::describe() const {
    return "human-move " + config().name + " (" + describeConfig(config()) + ", " + std::to_string(parameters()) +
           " parameters, " + m_impl->source + ")";
}

const ModelConfig& TorchEvaluator::config() const { return m_impl->model->config(); }

long long TorchEvaluator::parameters() const { return countParameters(*m_impl->model); }

}  // namespace kibitz::models
