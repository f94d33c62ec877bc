// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch, internal to core/training: a human-move model read for a head trainer (value, think time). The trunk is
// frozen; the heads the trainer does not train are carried through unchanged, so training one head never drops
// another from the checkpoint.

#include "core/common/result.h"
#include "core/models/human_move_model.h"
#include "core/models/time_head.h"

#include <functional>
#include <string>

namespace kibitz::training {

struct FrozenTrunk {
    models::ModelConfig config;
    models::HumanMoveModel model{nullptr};
    models::ValueHead value{nullptr};  ///< nullptr when the checkpoint has none
    models::TimeHead time{nullptr};    ///< nullptr when the checkpoint has none
    torch::Device device{torch::kCPU};
};

/// Reads the trunk and its heads from `path` (trainer or TorchEvaluator::save format) and puts the trunk on the
/// chosen device in eval mode without gradients. Throws c10::Error.
FrozenTrunk loadFrozenTrunk(const std::string& path);

/// Writes the trunk and every head it has, then `extra` entries (a trainer's step count), to `path` atomically.
Status saveFrozenTrunk(const std::string& path, FrozenTrunk& trunk,
                       const std::function<void(torch::serialize::OutputArchive&)>& extra);

}  // namespace kibitz::training
