// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/printable.h"

namespace kibitz {

namespace {

/// Length of the valid UTF-8 sequence starting at text[i] (2..4), or 0 when it is not one (overlong forms,
/// surrogates and code points above U+10FFFF included).
std::size_t utf8Length(std::string_view text, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = b(i);
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
    return n;
}

bool plain(unsigned char c) { return (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t'; }

}  // namespace

std::string printable(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size() && plain(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) return std::string(text);  // the common case: nothing to escape
    std::string out(text.substr(0, i));
    static constexpr char kHex[] = "0123456789abcdef";
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (plain(c)) {
            out += char(c);
            ++i;
        } else if (const std::size_t n = c >= 0x80 ? utf8Length(text, i) : 0; n > 0) {
            out.append(text.substr(i, n));
            i += n;
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++i;
        }
    }
    return out;
}

std::string xmlEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace kibitz
