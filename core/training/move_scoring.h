// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch, internal to core/training: scoring a human-move model on encoded positions (the trainer's validation, the
// evaluations, the personal models).

#include "core/common/cancel_token.h"
#include "core/models/human_move_model.h"
#include "core/training/human_trainer.h"
#include "core/training/move_metrics.h"

#include <vector>

namespace kibitz::training {

/// Adds each row's rank of the target among the legal moves and its probability to `metrics`; `maia`, when given,
/// also receives the rows of `items` inMaiaProtocol.
void accumulateMetrics(const torch::Tensor& logits, const models::ModelBatch& batch, MoveMetrics& metrics,
                       const encoding::EncodedPosition* const* items = nullptr, MoveMetrics* maia = nullptr);

/// Metrics of the model on `positions` (the model is left in training mode); `maia`, when given, also receives those
/// of the positions inMaiaProtocol. A cancel returns the partial metrics (the caller reports it).
MoveMetrics evaluatePositions(models::HumanMoveModel& model, const std::vector<encoding::EncodedPosition>& positions,
                              const torch::Device& device, const ConditioningProbe& probe = {},
                              MoveMetrics* maia = nullptr, int batchSize = 512,
                              const CancelToken& cancel = CancelToken());

}  // namespace kibitz::training
