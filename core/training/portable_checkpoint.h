// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <string>

namespace kibitz::training {

// A checkpoint in a format of Kibitz's own ("KBZP"): every entry of a LibTorch archive (model weights, optimizer
// state, run state, nested archives) as plain named tensors and scalars, little-endian. It exists so that a run
// can move between LibTorch versions: a checkpoint written by a newer LibTorch (a Python torch's, on a lent GPU
// machine) is converted there to KBZP and back here into Debian's LibTorch's own format, and training resumes
// exactly. The conversion is lossless for what the trainers write: tensors (any float/int dtype, moved to the
// CPU), int, double, bool and string values, tuples and lists of numbers, nested archives.
//
// Layout: "KBZP", u32 version (1), u64 entry count; each entry: u32 path length, then path components joined by
// '\x1f' (archive keys may contain '/'), u8 kind, payload. Kinds: 0 parameter, 1 buffer (u8 dtype, u32 rank,
// i64 sizes, raw data), 2 int64, 3 double, 4 bool, 5 string (u32 length, bytes), 6 tuple of doubles, 7 list of
// int64, 8 list of doubles (u32 count, values), 9 an empty nested archive.

/// Converts a LibTorch checkpoint (`.pt`, as the trainers write it) into a portable KBZP file, atomically.
/// `compact`: a resume checkpoint small enough to commit: the model's weights in bfloat16, no
/// optimizer state, the run state as it is, plus "state.compact" = 1. A run resumed from it starts AdamW afresh and
/// warms its learning rate up again (TrainOptions::warmupSteps); small-v2 fits in 3.7 MB instead of 21 MB.
Status exportPortableCheckpoint(const std::string& ptPath, const std::string& portablePath, bool compact = false);
/// Converts a KBZP file back into a LibTorch checkpoint that this build's trainers resume from, atomically.
/// bfloat16 tensors (a compact checkpoint's weights; the trainers write none) come back as float32.
/// A damaged or foreign file is an error naming the file and the entry; nothing is written then.
Status importPortableCheckpoint(const std::string& portablePath, const std::string& ptPath);

}  // namespace kibitz::training
