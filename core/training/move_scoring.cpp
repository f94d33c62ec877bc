// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/move_scoring.h"

#include <algorithm>

namespace kibitz::training {

using encoding::EncodedPosition;
using models::HumanMoveModel;
using models::ModelBatch;

void accumulateMetrics(const torch::Tensor& logits, const ModelBatch& batch, MoveMetrics& metrics,
                       const EncodedPosition* const* items, MoveMetrics* maia) {
    auto probs = torch::softmax(logits.to(torch::kFloat32), -1).to(torch::kCPU);
    auto target = batch.target.to(torch::kCPU);
    auto valid = target.ge(0);
    auto safeTarget = target.clamp_min(0).unsqueeze(1);
    auto pt = probs.gather(1, safeTarget);
    auto rank = probs.gt(pt).sum(1).to(torch::kInt64);
    auto ptc = pt.squeeze(1).contiguous();
    const auto* r = rank.data_ptr<std::int64_t>();
    const auto* p = ptc.data_ptr<float>();
    const auto* v = valid.data_ptr<bool>();
    for (int i = 0; i < batch.size; ++i) {
        if (!v[i]) continue;
        metrics.add(int(r[i]), double(p[i]), batch.moverElo[std::size_t(i)]);
        if (maia && items && inMaiaProtocol(*items[i]))
            maia->add(int(r[i]), double(p[i]), batch.moverElo[std::size_t(i)]);
    }
}

MoveMetrics evaluatePositions(HumanMoveModel& model, const std::vector<EncodedPosition>& positions,
                              const torch::Device& device, const ConditioningProbe& probe, MoveMetrics* maia,
                              int batchSize, const CancelToken& cancel) {
    torch::InferenceMode guard;
    model->eval();
    MoveMetrics metrics;
    std::vector<EncodedPosition> altered;
    for (std::size_t i = 0; i < positions.size(); i += std::size_t(batchSize)) {
        if (cancel.isCancelled()) break;  // partial: the caller reports the cancel
        std::vector<const EncodedPosition*> ptrs;
        const std::size_t end = std::min(positions.size(), i + std::size_t(batchSize));
        if (probe.active()) {
            altered.assign(positions.begin() + std::ptrdiff_t(i), positions.begin() + std::ptrdiff_t(end));
            for (EncodedPosition& e : altered) e.cond = probedConditioning(e.cond, probe);
            for (const EncodedPosition& e : altered) ptrs.push_back(&e);
        } else {
            for (std::size_t j = i; j < end; ++j) ptrs.push_back(&positions[j]);
        }
        ModelBatch b = models::makeBatch(ptrs);
        // Buckets by the mover's true rating, whatever the model was shown.
        for (std::size_t j = i; j < end; ++j) b.moverElo[j - i] = positions[j].cond.moverElo.value_or(-1);
        b.to(device);
        std::vector<const EncodedPosition*> originals;
        for (std::size_t j = i; j < end; ++j) originals.push_back(&positions[j]);
        torch::Tensor logits = model->forward(b);
        if (probe.ratingGuidance != 0.0 && !probe.hideElo) {  // with the ratings hidden it changes nothing
            // The same positions with the ratings hidden; padded moves stay at the mask value in both.
            std::vector<EncodedPosition> unrated;
            unrated.reserve(ptrs.size());
            for (const EncodedPosition* e : ptrs) {
                unrated.push_back(*e);
                unrated.back().cond.moverElo = unrated.back().cond.oppElo = std::nullopt;
            }
            std::vector<const EncodedPosition*> uptrs;
            for (const EncodedPosition& e : unrated) uptrs.push_back(&e);
            ModelBatch ub = models::makeBatch(uptrs);
            ub.to(device);
            logits = models::guideLogits(logits, model->forward(ub), probe.ratingGuidance);
        }
        accumulateMetrics(logits, b, metrics, originals.data(), maia);
    }
    model->train();
    return metrics;
}

}  // namespace kibitz::training
