// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kibitz {

/// Line-oriented reader over a plain or zstd-compressed file (chosen by the ".zst" suffix or the zstd magic
/// number). Constant memory whatever the file size. Strips a UTF-8 BOM at the start and a trailing '\r'.
class TextInput {
public:
    ~TextInput();
    TextInput(const TextInput&) = delete;
    TextInput& operator=(const TextInput&) = delete;

    /// Opens `path`; the error names the file.
    static Result<std::unique_ptr<TextInput>> open(const std::string& path);
    /// Reads from an in-memory buffer (copied); used by tests and fuzzers.
    static std::unique_ptr<TextInput> fromString(std::string data, std::string name = "<memory>");

    /// Next line without its terminator. Returns false at end of input or on error (see error()).
    /// The view stays valid until the next call.
    bool readLine(std::string_view& line);
    /// 1-based number of the line last returned.
    std::int64_t lineNumber() const { return m_line; }
    /// Bytes consumed from the underlying (possibly compressed) file, for progress.
    std::int64_t bytesRead() const;
    /// Total size of the underlying file, or -1 if unknown.
    std::int64_t totalBytes() const;
    const std::string& name() const { return m_name; }
    /// Set when a read failed (I/O or corrupt zstd frame); names the file.
    const std::string& error() const { return m_error; }

    /// Rewinds to the start (reopens the file). Returns false on failure.
    bool rewind();

private:
    TextInput() = default;
    struct Impl;
    bool fill();
    std::unique_ptr<Impl> m_impl;
    std::string m_name;
    std::string m_error;
    std::string m_buf;      // decompressed bytes not yet returned
    std::size_t m_pos = 0;  // read position in m_buf
    std::string m_lineBuf;  // storage for a line that spans refills
    std::int64_t m_line = 0;
    bool m_eof = false;
};

}  // namespace kibitz
