// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <torch/serialize/output-archive.h>

#include <string>

namespace kibitz::models {

/// Writes `archive` to the file `path` (normally the temporary of writeFileAtomically). The archive is serialised
/// into memory first and then written with checked writes: LibTorch's own file writer throws from a destructor when
/// the disk fills, which ends the process; here a full disk is an Io error naming the file.
Status saveArchiveFile(torch::serialize::OutputArchive& archive, const std::string& path);

}  // namespace kibitz::models
