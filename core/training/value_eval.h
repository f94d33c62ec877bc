// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch, internal to core/training: the value head scored on encoded positions, shared by the value trainer's
// validation and `eval human`.

#include "core/models/human_move_model.h"
#include "core/training/value_metrics.h"

#include <vector>

namespace kibitz::training {

/// Scores `value` (on `model`'s features) and the Elo baseline on the positions with a known outcome and both
/// ratings (the others are skipped), and the engine baseline (when given) where a position has an evaluation.
/// A cancel stops it between batches (of 256 positions); the metrics are then partial, and the caller checks it.
ValueMetrics evaluateValuePositions(models::HumanMoveModel& model, models::ValueHead& value,
                                    const std::vector<encoding::EncodedPosition>& positions,
                                    const EloBaseline& baseline, const torch::Device& device,
                                    const EngineBaseline* engine = nullptr, const CancelToken& cancel = CancelToken());

}  // namespace kibitz::training
