// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Core values that travel in queued signals and QVariants, declared once for every library that emits or receives
// them: chess values (board moves, play-mode moves, games) and the plain C++ CancelToken (core/common has no Qt).

#include "core/chess/pgn.h"
#include "core/chess/types.h"
#include "core/common/cancel_token.h"

#include <QMetaType>

Q_DECLARE_METATYPE(kibitz::chess::Move)
Q_DECLARE_METATYPE(kibitz::chess::PgnGame)
Q_DECLARE_METATYPE(kibitz::CancelToken)
