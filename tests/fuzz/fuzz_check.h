// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace kibitz::fuzz {

/// Aborts with a message when an invariant does not hold, so libFuzzer records the input as a crash.
/// Used instead of assert() because the fuzz build may define NDEBUG.
inline void check(bool condition, std::string_view what, std::string_view detail = {}) {
    if (condition) return;
    std::fprintf(stderr, "fuzz invariant violated: %.*s\n  %.*s\n", int(what.size()), what.data(), int(detail.size()),
                 detail.data());
    std::abort();
}

}  // namespace kibitz::fuzz
