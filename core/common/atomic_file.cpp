// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>

#include <fcntl.h>
#include <unistd.h>

namespace kibitz {

Status syncPath(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return makeError(ErrorCode::Io, path + ": cannot open for sync: " + std::strerror(errno));
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // Some file systems refuse fsync on directories (EINVAL); that is not a data-loss risk we can fix here.
    if (rc != 0 && err != EINVAL) return makeError(ErrorCode::Io, path + ": fsync failed: " + std::strerror(err));
    return {};
}

Status writeFileAtomically(const std::string& path, const std::function<Status(const std::string&)>& write) {
    namespace fs = std::filesystem;
    const std::string tmp = path + ".tmp";
    auto discard = [&] {
        std::error_code ec;
        fs::remove(tmp, ec);
    };
    try {
        if (auto st = write(tmp); !st.ok()) {
            discard();
            return st;
        }
    } catch (const std::exception& e) {
        discard();
        return makeError(ErrorCode::Io, path + ": write failed: " + e.what());
    }
    if (auto st = syncPath(tmp); !st.ok()) {
        discard();
        return st;
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) {
        discard();
        return makeError(ErrorCode::Io, path + ": rename from " + tmp + " failed: " + ec.message());
    }
    const fs::path dir = fs::path(path).has_parent_path() ? fs::path(path).parent_path() : fs::path(".");
    return syncPath(dir.string());
}

Status writeBytesToFile(const std::string& path, std::string_view bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return makeError(ErrorCode::Io, path + ": cannot create: " + std::strerror(errno));
    const std::size_t written = std::fwrite(bytes.data(), 1, bytes.size(), f);
    const int writeErr = errno;
    const int closed = std::fclose(f);
    const int closeErr = errno;
    if (written != bytes.size())
        return makeError(ErrorCode::Io, path + ": write failed after " + std::to_string(written) + " of " +
                                            std::to_string(bytes.size()) + " bytes: " + std::strerror(writeErr));
    if (closed != 0) return makeError(ErrorCode::Io, path + ": write failed: " + std::strerror(closeErr));
    return {};
}

Status writeBytesAtomically(const std::string& path, std::string_view bytes) {
    return writeFileAtomically(path, [bytes](const std::string& tmp) { return writeBytesToFile(tmp, bytes); });
}

Status refuseToOverwriteInput(const std::string& input, const std::string& output) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const bool same = input == output || fs::equivalent(input, output, ec);
    if (same)
        return makeError(ErrorCode::InvalidInput,
                         output + ": would overwrite its input " + input + "; write to another file");
    return {};
}

}  // namespace kibitz
