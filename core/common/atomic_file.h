// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Whole-file writes that never leave a torn file: write a temporary next to the target, fsync it, rename it over the
// target, fsync the directory. Used for checkpoints, exported models and other files a crash must not half-write.

#include "core/common/result.h"

#include <functional>
#include <string>
#include <string_view>

namespace kibitz {

/// Writes `path` atomically: `write` fills a temporary file next to it (path + ".tmp"), which is fsync'd and
/// renamed over `path`, so a crash leaves either the old or the new file, never a torn one. Exceptions thrown by
/// `write` (e.g. torch serialisation) are turned into an Io error naming the file; the temporary is removed on
/// every failure.
Status writeFileAtomically(const std::string& path, const std::function<Status(const std::string& tmpPath)>& write);

/// Writes `bytes` to `path` atomically (writeFileAtomically); a short write (a full disk, a file size limit) is an
/// Io error naming the file and the reason, and leaves the old file and no temporary.
Status writeBytesAtomically(const std::string& path, std::string_view bytes);

/// Writes `bytes` to `path` (created or truncated) with checked writes, not atomically: for the temporary of
/// writeFileAtomically. A short write or a failed close is an Io error naming the file and the reason.
Status writeBytesToFile(const std::string& path, std::string_view bytes);

/// fsync of a file or directory by path (best effort on directories). Io error naming the path.
Status syncPath(const std::string& path);

/// An InvalidInput error when `output` names the same file as `input` (however the paths are spelled, links
/// included): a converter or exporter must never write over what it reads.
Status refuseToOverwriteInput(const std::string& input, const std::string& output);

}  // namespace kibitz
