// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Chess values that travel in queued signals and QVariants (board moves, play-mode moves), declared once for every
// library that emits them.

#include "core/chess/pgn.h"
#include "core/chess/types.h"

#include <QMetaType>

Q_DECLARE_METATYPE(kibitz::chess::Move)
Q_DECLARE_METATYPE(kibitz::chess::PgnGame)
