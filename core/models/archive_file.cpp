// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/archive_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace kibitz::models {

Status saveArchiveFile(torch::serialize::OutputArchive& archive, const std::string& path) {
    std::ostringstream bytes;
    try {
        archive.save_to(bytes);
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Io, path + ": cannot serialise the checkpoint: " + e.what());
    }
    const std::string data = bytes.str();
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return makeError(ErrorCode::Io, path + ": cannot create: " + std::strerror(errno));
    const std::size_t written = std::fwrite(data.data(), 1, data.size(), f);
    const int writeErr = errno;
    const int closed = std::fclose(f);
    const int closeErr = errno;
    if (written != data.size())
        return makeError(ErrorCode::Io, path + ": write failed after " + std::to_string(written) + " of " +
                                            std::to_string(data.size()) + " bytes: " + std::strerror(writeErr));
    if (closed != 0) return makeError(ErrorCode::Io, path + ": write failed: " + std::strerror(closeErr));
    return {};
}

}  // namespace kibitz::models
