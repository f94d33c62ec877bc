// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace kibitz {

/// `text` safe to print in a message: control bytes (NUL, ESC, ... but not tab or newline) and bytes that are not
/// valid UTF-8 become "\xNN", so a hostile input echoed in an error (a FEN line, a PGN token) cannot write raw
/// bytes or terminal escape sequences. Valid UTF-8 (names, paths) is kept as it is.
std::string printable(std::string_view text);

/// `text` safe inside XML and HTML, in text and in quoted attributes: & < > " ' written as entities.
std::string xmlEscaped(std::string_view text);

}  // namespace kibitz
