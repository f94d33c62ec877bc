// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/text_input.h"

#ifndef KIBITZ_HAVE_ZSTD
#define KIBITZ_HAVE_ZSTD 1
#endif
#if KIBITZ_HAVE_ZSTD
#include <zstd.h>
#else
// A trainer-only build on a machine without libzstd's headers (see KIBITZ_TRAINER_ONLY): .zst files are refused
// when opened (game packs and plain PGN need no zstd), so these stand-ins are never called.
#include <cstddef>
struct ZSTD_DCtx;
struct ZSTD_inBuffer {
    const void* src;
    std::size_t size;
    std::size_t pos;
};
struct ZSTD_outBuffer {
    void* dst;
    std::size_t size;
    std::size_t pos;
};
enum ZSTD_ResetDirective { ZSTD_reset_session_only = 1 };
inline ZSTD_DCtx* ZSTD_createDCtx() { return nullptr; }
inline std::size_t ZSTD_freeDCtx(ZSTD_DCtx*) { return 0; }
inline std::size_t ZSTD_DCtx_reset(ZSTD_DCtx*, ZSTD_ResetDirective) { return 0; }
inline std::size_t ZSTD_DStreamInSize() { return 1; }
inline std::size_t ZSTD_decompressStream(ZSTD_DCtx*, ZSTD_outBuffer*, ZSTD_inBuffer*) { return std::size_t(-1); }
inline unsigned ZSTD_isError(std::size_t) { return 1; }
inline const char* ZSTD_getErrorName(std::size_t) { return "built without zstd"; }
#endif

#include <sys/stat.h>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace kibitz {

namespace {

// Large buffers amortise the per-read cost; 1 MiB keeps memory constant and small.
constexpr std::size_t kChunk = std::size_t(1) << 20;
// A longer "line" means the file is not text; refuse instead of growing without bound.
constexpr std::size_t kMaxLine = std::size_t(64) << 20;
constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};  // 0xFD2FB528, little-endian

bool endsWith(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Skippable zstd frames use magic numbers 0x184D2A50..0x184D2A5F.
bool isSkippableMagic(const unsigned char* p) {
    return (p[0] & 0xF0) == 0x50 && p[1] == 0x2A && p[2] == 0x4D && p[3] == 0x18;
}

}  // namespace

/// The byte source under the line splitter: a plain file, a zstd file or an in-memory string.
struct TextInput::Impl {
    std::string path;  // empty for in-memory input
    std::FILE* file = nullptr;
    bool zstd = false;
    ZSTD_DCtx* dctx = nullptr;
    std::string raw;  // compressed bytes read from the file
    ZSTD_inBuffer in{nullptr, 0, 0};
    std::size_t lastZstdHint = 0;  // 0 when the last frame ended cleanly
    bool fileEof = false;
    std::int64_t rawConsumed = 0;
    std::int64_t total = -1;
    std::string sniffed;  // first bytes of a plain file, read while looking for the zstd magic
    std::string memory;   // data of fromString
    std::size_t memoryPos = 0;
    bool firstChunk = true;  // BOM check pending

    ~Impl() {
        if (file) std::fclose(file);
        if (dctx) ZSTD_freeDCtx(dctx);
    }
};

TextInput::~TextInput() = default;

Result<std::unique_ptr<TextInput>> TextInput::open(const std::string& path) {
    std::unique_ptr<TextInput> in(new TextInput());
    in->m_name = path;
    in->m_impl = std::make_unique<Impl>();
    in->m_impl->path = path;
    if (!in->rewind()) {
        const ErrorCode code =
            in->m_error.find("No such file") != std::string::npos || in->m_error.find("ermission") != std::string::npos
                ? ErrorCode::Io
                : ErrorCode::InvalidInput;
        return makeError(code, in->m_error);
    }
    return in;
}

std::unique_ptr<TextInput> TextInput::fromString(std::string data, std::string name) {
    std::unique_ptr<TextInput> in(new TextInput());
    in->m_name = std::move(name);
    in->m_impl = std::make_unique<Impl>();
    in->m_impl->memory = std::move(data);
    in->m_impl->total = std::int64_t(in->m_impl->memory.size());
    return in;
}

bool TextInput::rewind() {
    Impl& d = *m_impl;
    m_buf.clear();
    m_pos = 0;
    m_lineBuf.clear();
    m_line = 0;
    m_eof = false;
    m_error.clear();
    d.firstChunk = true;
    d.rawConsumed = 0;
    if (d.path.empty()) {
        d.memoryPos = 0;
        return true;
    }
    if (d.file) {
        std::fclose(d.file);
        d.file = nullptr;
    }
    d.file = std::fopen(d.path.c_str(), "rb");
    if (!d.file) {
        m_error = d.path + ": cannot open: " + std::strerror(errno);
        m_eof = true;
        return false;
    }
    struct stat st {};
    if (::fstat(fileno(d.file), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            m_error = d.path + ": is a directory";
            m_eof = true;
            return false;
        }
        d.total = S_ISREG(st.st_mode) ? std::int64_t(st.st_size) : -1;
    }
    // Sniff the first four bytes for the zstd magic; the suffix alone decides only for empty/short files.
    unsigned char head[4] = {0, 0, 0, 0};
    const std::size_t got = std::fread(head, 1, 4, d.file);
    if (std::ferror(d.file)) {
        m_error = d.path + ": read error: " + std::strerror(errno);
        m_eof = true;
        return false;
    }
    const bool magic = got == 4 && (std::memcmp(head, kZstdMagic, 4) == 0 || isSkippableMagic(head));
    if (endsWith(d.path, ".zst") && !magic) {
        m_error = d.path + ": not a zstd file (bad magic number)";
        m_eof = true;
        return false;
    }
    if (magic && !KIBITZ_HAVE_ZSTD) {
        m_error = d.path +
                  ": this build reads no zstd files (configured without libzstd); decompress it or use a "
                  "game pack (kibitz-cli pack-games)";
        m_eof = true;
        return false;
    }
    d.zstd = magic;
    d.fileEof = false;
    d.lastZstdHint = 1;  // a frame is expected
    if (d.zstd) {
        if (!d.dctx) d.dctx = ZSTD_createDCtx();
        ZSTD_DCtx_reset(d.dctx, ZSTD_reset_session_only);
        d.raw.resize(ZSTD_DStreamInSize() > kChunk ? ZSTD_DStreamInSize() : kChunk);
        std::memcpy(d.raw.data(), head, 4);
        d.in = ZSTD_inBuffer{d.raw.data(), got, 0};
    } else {
        // Keep the sniffed bytes: they are the start of the text.
        d.sniffed.assign(reinterpret_cast<const char*>(head), got);
    }
    d.rawConsumed = std::int64_t(got);
    return true;
}

std::int64_t TextInput::bytesRead() const {
    const Impl& d = *m_impl;
    if (d.path.empty()) return std::int64_t(d.memoryPos) - std::int64_t(m_buf.size() - m_pos);
    if (d.zstd) return d.rawConsumed - std::int64_t(d.in.size - d.in.pos);
    return d.rawConsumed - std::int64_t(m_buf.size() - m_pos);
}

std::int64_t TextInput::totalBytes() const { return m_impl->total; }

// Replaces m_buf with the next chunk of text. Returns false at end of input or on error.
bool TextInput::fill() {
    Impl& d = *m_impl;
    m_buf.clear();
    m_pos = 0;
    if (d.path.empty()) {
        if (d.memoryPos >= d.memory.size()) return false;
        const std::size_t n = std::min(kChunk, d.memory.size() - d.memoryPos);
        m_buf.assign(d.memory, d.memoryPos, n);
        d.memoryPos += n;
    } else if (!d.zstd) {
        m_buf.assign(d.sniffed);
        d.sniffed.clear();
        const std::size_t old = m_buf.size();
        m_buf.resize(old + kChunk);
        const std::size_t n = std::fread(m_buf.data() + old, 1, kChunk, d.file);
        m_buf.resize(old + n);
        d.rawConsumed += std::int64_t(n);
        if (n == 0) {
            if (std::ferror(d.file)) m_error = d.path + ": read error: " + std::strerror(errno);
            if (m_buf.empty()) return false;
        }
    } else {
        m_buf.resize(kChunk);
        ZSTD_outBuffer out{m_buf.data(), m_buf.size(), 0};
        // Loop until some text comes out: a chunk of compressed input may yield nothing (frame headers).
        while (out.pos == 0) {
            if (d.in.pos == d.in.size) {
                if (d.fileEof) break;
                const std::size_t n = std::fread(d.raw.data(), 1, d.raw.size(), d.file);
                d.rawConsumed += std::int64_t(n);
                d.in = ZSTD_inBuffer{d.raw.data(), n, 0};
                if (n == 0) {
                    if (std::ferror(d.file)) {
                        m_error = d.path + ": read error: " + std::strerror(errno);
                        m_buf.clear();
                        return false;
                    }
                    d.fileEof = true;
                    // Flush what the decoder still holds, then stop.
                }
            }
            // A return of 0 means the frame is complete and flushed: with no input left there is nothing more.
            if (d.fileEof && d.in.pos == d.in.size && d.lastZstdHint == 0) break;
            const std::size_t hint = ZSTD_decompressStream(d.dctx, &out, &d.in);
            if (ZSTD_isError(hint)) {
                m_error = d.path + ": corrupt zstd data: " + ZSTD_getErrorName(hint);
                m_buf.clear();
                return false;
            }
            d.lastZstdHint = hint;
            if (d.fileEof && d.in.pos == d.in.size && out.pos < out.size) break;
        }
        m_buf.resize(out.pos);
        if (out.pos == 0) {
            if (d.lastZstdHint != 0) m_error = d.path + ": truncated zstd data (unexpected end of file)";
            return false;
        }
    }
    if (d.firstChunk) {
        d.firstChunk = false;
        if (m_buf.size() >= 3 && static_cast<unsigned char>(m_buf[0]) == 0xEF &&
            static_cast<unsigned char>(m_buf[1]) == 0xBB && static_cast<unsigned char>(m_buf[2]) == 0xBF)
            m_pos = 3;
    }
    return true;
}

bool TextInput::readLine(std::string_view& line) {
    if (!m_error.empty()) return false;
    bool spanning = false;
    for (;;) {
        if (m_pos < m_buf.size()) {
            const char* start = m_buf.data() + m_pos;
            const std::size_t avail = m_buf.size() - m_pos;
            const void* nl = std::memchr(start, '\n', avail);
            if (nl) {
                const std::size_t len = std::size_t(static_cast<const char*>(nl) - start);
                m_pos += len + 1;
                ++m_line;
                if (!spanning) {
                    line = std::string_view(start, len);
                } else {
                    m_lineBuf.append(start, len);
                    line = m_lineBuf;
                }
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                return true;
            }
            // The line continues in the next chunk: keep its beginning aside.
            if (!spanning) {
                m_lineBuf.assign(start, avail);
                spanning = true;
            } else {
                m_lineBuf.append(start, avail);
            }
            m_pos = m_buf.size();
            if (m_lineBuf.size() > kMaxLine) {
                m_error = m_name + ":" + std::to_string(m_line + 1) + ": line longer than 64 MiB (not a text file?)";
                m_eof = true;
                return false;
            }
        }
        if (m_eof || !fill()) {
            m_eof = true;
            if (!m_error.empty()) return false;
            if (spanning && !m_lineBuf.empty()) {
                ++m_line;
                line = m_lineBuf;
                if (line.back() == '\r') line.remove_suffix(1);
                return true;
            }
            return false;
        }
    }
}

}  // namespace kibitz
