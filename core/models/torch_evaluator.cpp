// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/torch_evaluator.h"

#include "core/chess/notation.h"
#include "core/common/atomic_file.h"
#include "core/models/archive_file.h"
#include "core/models/human_move_model.h"
#include "core/models/time_head.h"

#include <algorithm>
#include <map>

namespace kibitz::models {

struct TorchEvaluator::Impl {
    HumanMoveModel model{nullptr};
    ValueHead value{nullptr};
    TimeHead time{nullptr};
    torch::Device device{torch::kCPU};
    std::string source;

    void placeOnDevice() {
        model->to(device);
        model->eval();
        if (value) {
            value->to(device);
            value->eval();
        }
        if (time) {
            time->to(device);
            time->eval();
        }
    }
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
        ev->m_impl->value = loadValueHead(archive, config.dModel);
        ev->m_impl->time = loadTimeHead(archive, config.dModel);
        ev->m_impl->device = chooseDevice();
        ev->m_impl->placeOnDevice();
        ev->m_impl->source = path;
        return ev;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput,
                         path + ": not a usable human-move checkpoint: " + e.what_without_backtrace());
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

namespace {

/// Encodes positions for one forward pass (the legal lists are kept for reading the output). Errors name the
/// position; `what` names the call.
Status encodeAll(const ModelConfig& config, const std::vector<chess::Position>& positions,
                 const std::vector<encoding::Conditioning>& conds, const std::vector<encoding::RecentMoves>& recent,
                 const char* what, std::vector<encoding::EncodedPosition>& enc, std::vector<chess::MoveList>& legal,
                 std::vector<const encoding::EncodedPosition*>& ptrs, const std::vector<chess::Move>& played = {}) {
    if (positions.size() != conds.size() || (!recent.empty() && recent.size() != positions.size()) ||
        (!played.empty() && played.size() != positions.size()))
        return makeError(ErrorCode::InvalidInput,
                         std::string(what) + ": positions, conditionings, move histories and moves differ in count");
    enc.resize(positions.size());
    legal.resize(positions.size());
    ptrs.clear();
    for (std::size_t i = 0; i < positions.size(); ++i) {
        legal[i] = positions[i].legalMoves();
        if (legal[i].empty())
            return makeError(ErrorCode::InvalidInput,
                             "position " + std::to_string(i + 1) + " has no legal move (" + positions[i].fen() + ")");
        const chess::Move move = played.empty() ? chess::Move::none() : played[i];
        if (!encoding::encodePosition(positions[i], legal[i], conds[i], config.view, move, enc[i], config.version,
                                      recent.empty() ? nullptr : &recent[i]))
            return makeError(ErrorCode::InvalidInput, "position cannot be encoded: " + positions[i].fen());
        if (!move.isNone() && enc[i].target < 0)
            return makeError(ErrorCode::InvalidInput, std::string(what) + ": " + chess::toUci(move) +
                                                          " is not a legal move in " + positions[i].fen());
        ptrs.push_back(&enc[i]);
    }
    return {};
}

/// Every legal move's probability from the policy logits (B, L), sorted by decreasing probability.
std::vector<std::vector<encoding::MoveProb>> movesOf(const torch::Tensor& logits,
                                                     const std::vector<chess::MoveList>& legal) {
    auto probs = torch::softmax(logits, -1).to(torch::kCPU).contiguous();
    const auto l = probs.size(1);
    const float* pr = probs.data_ptr<float>();
    std::vector<std::vector<encoding::MoveProb>> out(legal.size());
    for (std::size_t i = 0; i < legal.size(); ++i) {
        auto& v = out[i];
        v.reserve(legal[i].size());
        for (int j = 0; j < legal[i].size(); ++j) v.push_back({legal[i][j], pr[std::int64_t(i) * l + j]});
        std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
    }
    return out;
}

/// Win/draw/loss from the value head's logits (B, 3).
std::vector<encoding::Wdl> wdlOf(const torch::Tensor& logits) {
    auto probs = torch::softmax(logits, -1).to(torch::kCPU).contiguous();
    const float* pr = probs.data_ptr<float>();
    std::vector<encoding::Wdl> out(std::size_t(probs.size(0)));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = {pr[3 * i], pr[3 * i + 1], pr[3 * i + 2]};
    return out;
}

/// The players' recent move times into the encoded positions (the think-time head reads them).
void setRecentTimes(std::vector<encoding::EncodedPosition>& enc, const std::vector<encoding::RecentTimes>& times) {
    for (std::size_t i = 0; i < times.size() && i < enc.size(); ++i) encoding::setRecentTimes(enc[i], times[i]);
}

/// The think-time head's answer for each of `moves` (PositionReading::moveThinkTimes) of the position `e` (its legal
/// moves `legal`), from the trunk's row of logits and features and the position's timeScalars() row.
std::vector<encoding::ThinkTime> moveThinkTimes(TimeHead& head, const encoding::EncodedPosition& e,
                                                const chess::MoveList& legal,
                                                const std::vector<encoding::MoveProb>& moves,
                                                const torch::Tensor& logitsRow, const torch::Tensor& featuresRow,
                                                const torch::Tensor& scalarsRow) {
    const torch::Tensor scalars = timeScalarsPerMove(e, logitsRow, scalarsRow);
    const auto n = scalars.size(0);
    auto t = head->forward(featuresRow.unsqueeze(0).expand({n, featuresRow.size(0)}), scalars.to(featuresRow.device()))
                 .to(torch::kCPU)
                 .contiguous();
    const float* o = t.data_ptr<float>();
    std::vector<encoding::ThinkTime> out;
    out.reserve(moves.size());
    const int count = legal.size();
    for (const encoding::MoveProb& mp : moves) {
        int j = 0;
        while (j < count && legal[j] != mp.move) ++j;
        out.push_back(j < count ? thinkTimeOf(o + 2 * j) : encoding::ThinkTime{});
    }
    return out;
}

/// The think-time head's answers for every position of a batch into `out` (thinkTime, and moveThinkTimes for a
/// head that reads the move chosen when `perMove`), from the trunk's `logits` and `features` (undefined for a
/// clocks-only head).
void readThinkTimes(TimeHead& head, const std::vector<encoding::EncodedPosition>& enc,
                    const std::vector<const encoding::EncodedPosition*>& ptrs,
                    const std::vector<chess::MoveList>& legal, const torch::Tensor& logits,
                    const torch::Tensor& features, torch::Device device, bool perMove,
                    std::vector<encoding::PositionReading>& out) {
    const bool board = head->withBoard();
    const torch::Tensor scalars = timeScalars(ptrs, board ? policySummary(logits, ptrs) : torch::Tensor());
    auto t = head->forward(board ? features : torch::Tensor(), scalars.to(device)).to(torch::kCPU).contiguous();
    const float* o = t.data_ptr<float>();
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].thinkTime = thinkTimeOf(o + 2 * i);
        if (perMove && head->readsMove())
            out[i].moveThinkTimes = moveThinkTimes(head, enc[i], legal[i], out[i].moves, logits[std::int64_t(i)],
                                                   features[std::int64_t(i)], scalars[std::int64_t(i)]);
    }
}

}  // namespace

encoding::Heads TorchEvaluator::heads() const {
    return {.value = bool(m_impl->value),
            .thinkTime = bool(m_impl->time),
            .thinkTimeReadsMove = m_impl->time && m_impl->time->readsMove()};
}

Result<std::vector<encoding::PositionReading>> TorchEvaluator::readBatch(
    const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
    const std::vector<encoding::RecentMoves>& recent, const std::vector<encoding::RecentTimes>& times,
    const std::vector<chess::Move>& played, const encoding::Reads& what) {
    std::vector<encoding::EncodedPosition> enc;
    std::vector<chess::MoveList> legal;
    std::vector<const encoding::EncodedPosition*> ptrs;
    if (auto st = encodeAll(config(), positions, conds, recent, "read", enc, legal, ptrs, played); !st)
        return st.error();
    std::vector<encoding::PositionReading> out(positions.size());
    if (positions.empty()) return out;
    setRecentTimes(enc, times);
    const bool value = what.value && m_impl->value;
    const bool time = what.thinkTime && m_impl->time;
    // The trunk runs once, for every head that reads it; a clocks-only think-time head alone needs none of it.
    const bool features = value || (time && m_impl->time->withBoard());
    try {
        torch::InferenceMode guard;
        ModelBatch batch = makeBatch(ptrs);
        torch::Tensor logits, trunk;
        if (what.moves || features) {
            batch.to(m_impl->device);
            logits = m_impl->model->forward(batch, features ? &trunk : nullptr);
        }
        if (what.moves) {
            auto moves = movesOf(logits, legal);
            for (std::size_t i = 0; i < out.size(); ++i) out[i].moves = std::move(moves[i]);
        }
        if (value) {
            const auto wdl = wdlOf(m_impl->value->forward(trunk, batch));
            for (std::size_t i = 0; i < out.size(); ++i) out[i].value = wdl[i];
        }
        if (time)
            readThinkTimes(m_impl->time, enc, ptrs, legal, logits, trunk, m_impl->device,
                           what.moves && what.moveThinkTimes, out);
        return out;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, std::string("model evaluation failed: ") + e.what_without_backtrace());
    }
}

std::string TorchEvaluator::describe() const {
    return "human-move " + config().name + " (" + describeConfig(config()) + ", " + std::to_string(parameters()) +
           " parameters" + (m_impl->value ? ", value head" : "") +
           (!m_impl->time               ? ""
            : m_impl->time->readsMove() ? ", think-time head (told the move chosen)"
            : m_impl->time->withBoard() ? ", think-time head"
                                        : ", think-time head (clocks only)") +
           ", " + m_impl->source + ")";
}

namespace {

const std::string kValuePrefix = "value.";
const std::string kTimePrefix = "time.";
const std::string kTimeFirstLayer = "time.hidden.weight";

// Parameters and buffers under one naming, the way bundles store them.
std::vector<std::pair<std::string, torch::Tensor>> namedTensors(torch::nn::Module& module) {
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto& p : module.named_parameters(true)) out.emplace_back(p.key(), p.value());
    for (const auto& b : module.named_buffers(true)) out.emplace_back(b.key(), b.value());
    return out;
}

}  // namespace

Result<std::unique_ptr<TorchEvaluator>> TorchEvaluator::fromWeights(const ModelConfig& config,
                                                                    const std::vector<NamedWeights>& weights,
                                                                    const std::string& source) {
    try {
        std::unique_ptr<TorchEvaluator> ev(new TorchEvaluator());
        ev->m_impl->model = HumanMoveModel(config);
        std::map<std::string, const NamedWeights*> byName;
        bool anyValue = false;
        for (const auto& w : weights) {
            byName[w.name] = &w;
            anyValue |= w.name.rfind(kValuePrefix, 0) == 0;
        }
        // A think-time head's kind shows in its first layer's input width (clocks only, or trunk features too; with
        // the paces or from before them). A width no head has fails the shape check below, by name.
        if (auto it = byName.find(kTimeFirstLayer); it != byName.end()) {
            const auto& shape = it->second->shape;
            ev->m_impl->time = shape.size() == 2 ? timeHeadForWidth(config.dModel, shape[1], shape[0])
                                                 : timeHeadForWidth(config.dModel, 0);
        }
        torch::NoGradGuard noGrad;
        auto tensors = namedTensors(*ev->m_impl->model);
        if (anyValue) {
            // The value head's first layer's width says what it reads (ValueInputs); a width no kind has fails the
            // shape check below as the current kind, by name.
            ValueInputs inputs = kLatestValueInputs;
            if (auto it = byName.find(kValuePrefix + "hidden.weight");
                it != byName.end() && it->second->shape.size() == 2)
                inputs = ValueHeadImpl::inputsForWidth(config.dModel, it->second->shape[1]).value_or(inputs);
            ev->m_impl->value = ValueHead(config.dModel, inputs);
            for (auto& [name, tensor] : namedTensors(*ev->m_impl->value))
                tensors.emplace_back(kValuePrefix + name, tensor);
        }
        if (ev->m_impl->time)
            for (auto& [name, tensor] : namedTensors(*ev->m_impl->time))
                tensors.emplace_back(kTimePrefix + name, tensor);
        for (auto& [name, tensor] : tensors) {
            auto it = byName.find(name);
            if (it == byName.end())
                return makeError(ErrorCode::InvalidInput, source + ": tensor '" + name + "' is missing");
            const NamedWeights& w = *it->second;
            if (std::vector<std::int64_t>(tensor.sizes().begin(), tensor.sizes().end()) != w.shape ||
                std::int64_t(w.values.size()) != tensor.numel())
                return makeError(ErrorCode::InvalidInput, source + ": tensor '" + name + "' has the wrong shape");
            auto src = torch::from_blob(const_cast<float*>(w.values.data()), tensor.sizes(), torch::kFloat32);
            tensor.copy_(src.to(tensor.dtype()));
        }
        if (byName.size() != tensors.size())
            return makeError(ErrorCode::InvalidInput, source + ": the weights hold tensors this model does not have");
        ev->m_impl->device = chooseDevice();
        ev->m_impl->placeOnDevice();
        ev->m_impl->source = source;
        return ev;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, source + ": cannot build the model: " + e.what_without_backtrace());
    }
}

std::vector<NamedWeights> TorchEvaluator::exportWeights() const {
    std::vector<NamedWeights> out;
    auto tensors = namedTensors(*m_impl->model);
    if (m_impl->value)
        for (auto& [name, tensor] : namedTensors(*m_impl->value)) tensors.emplace_back(kValuePrefix + name, tensor);
    if (m_impl->time)
        for (auto& [name, tensor] : namedTensors(*m_impl->time)) tensors.emplace_back(kTimePrefix + name, tensor);
    for (auto& [name, tensor] : tensors) {
        auto t = tensor.detach().to(torch::kCPU, torch::kFloat32).contiguous();
        NamedWeights w{name, std::vector<std::int64_t>(t.sizes().begin(), t.sizes().end()),
                       std::vector<float>(t.data_ptr<float>(), t.data_ptr<float>() + t.numel())};
        out.push_back(std::move(w));
    }
    return out;
}

Status TorchEvaluator::save(const std::string& path) const {
    return writeFileAtomically(path, [&](const std::string& tmp) -> Status {
        try {
            torch::serialize::OutputArchive archive;
            saveModel(m_impl->model, archive);
            if (m_impl->value) saveValueHead(m_impl->value, archive);
            if (m_impl->time) saveTimeHead(m_impl->time, archive);
            return saveArchiveFile(archive, tmp);
        } catch (const c10::Error& e) {
            return makeError(ErrorCode::Io, path + ": cannot write the checkpoint: " + e.what_without_backtrace());
        }
        return {};
    });
}

WeightShapes TorchEvaluator::weightShapes(const ModelConfig& config) {
    HumanMoveModel model(config);
    WeightShapes out;
    for (auto& [name, tensor] : namedTensors(*model))
        out[name] = std::vector<std::int64_t>(tensor.sizes().begin(), tensor.sizes().end());
    return out;
}

WeightShapes TorchEvaluator::valueHeadShapes(const ModelConfig& config, std::int64_t firstLayerWidth) {
    ValueHead head(config.dModel,
                   ValueHeadImpl::inputsForWidth(config.dModel, firstLayerWidth).value_or(kLatestValueInputs));
    WeightShapes out;
    for (auto& [name, tensor] : namedTensors(*head))
        out[kValuePrefix + name] = std::vector<std::int64_t>(tensor.sizes().begin(), tensor.sizes().end());
    return out;
}

WeightShapes TorchEvaluator::timeHeadShapes(const ModelConfig& config, std::int64_t firstLayerWidth,
                                            std::int64_t hiddenWidth) {
    TimeHead head = timeHeadForWidth(config.dModel, firstLayerWidth, hiddenWidth);
    WeightShapes out;
    for (auto& [name, tensor] : namedTensors(*head))
        out[kTimePrefix + name] = std::vector<std::int64_t>(tensor.sizes().begin(), tensor.sizes().end());
    return out;
}

const ModelConfig& TorchEvaluator::config() const { return m_impl->model->config(); }

long long TorchEvaluator::parameters() const { return countParameters(*m_impl->model); }

}  // namespace kibitz::models
