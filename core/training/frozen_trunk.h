// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch, internal to core/training: a human-move model read for a head trainer (value, think time). The trunk is
// frozen; the heads the trainer does not train are carried through unchanged, so training one head never drops
// another from the checkpoint.

#include "core/common/result.h"
#include "core/models/human_move_model.h"
#include "core/models/time_head.h"
#include "core/training/human_samples.h"

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

/// The sample stream the heads on a frozen trunk train and validate on: `files` read with the trunk's view and
/// encoding version, `split` of the games at `holdoutPermille`.
SampleStreamOptions trunkStreamOptions(const FrozenTrunk& trunk, const std::vector<std::string>& files, Split split,
                                       int holdoutPermille);

}  // namespace kibitz::training
