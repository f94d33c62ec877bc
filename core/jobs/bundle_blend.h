// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `bundle blend`: a human-move bundle asks to be run blended with a folder of rating-band nets, or no longer.
// Torch-free header; the CLI writes the bundle this returns.

#include "core/common/result.h"
#include "core/storage/bundle.h"

#include <QString>

namespace kibitz::jobs {

/// Makes `bundle` (a human-move bundle read from `path` and checked, jobs::checkHumanBundle) ask to be blended with
/// the rating-band nets named by `spec`, NETS@WEIGHT[,FADE[,KERNEL]] (NETS a folder name found beside the bundle or
/// the default models; the suffix as parseBlendSuffix reads it), or, for `spec` "none", to answer alone. The manifest's
/// config "blend" and the model card's "Blend" section are replaced; a model of a player stays blended relative to
/// the base it was fine-tuned from. The weights and the metrics are untouched. Fails (InvalidInput) naming the part of
/// `spec` or the manifest field that is wrong; `bundle` is then unchanged.
Status setBundleBlend(storage::Bundle& bundle, const QString& path, const QString& spec);

}  // namespace kibitz::jobs
