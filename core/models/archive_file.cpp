// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/archive_file.h"

#include "core/common/atomic_file.h"

#include <sstream>

namespace kibitz::models {

Status saveArchiveFile(torch::serialize::OutputArchive& archive, const std::string& path) {
    std::ostringstream bytes;
    try {
        archive.save_to(bytes);
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Io, path + ": cannot serialise the checkpoint: " + e.what());
    }
    return writeBytesToFile(path, bytes.str());
}

}  // namespace kibitz::models
