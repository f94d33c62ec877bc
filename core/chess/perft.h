// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"

#include <cstdint>

namespace kibitz::chess {

/// Leaf-node count at `depth` from `pos` with bulk counting at the last ply. `pos` is restored on return.
std::uint64_t perft(Position& pos, int depth);

}  // namespace kibitz::chess
