// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <QString>
#include <QStringList>

namespace kibitz::engines {

/// Places Kibitz looks for Stockfish after the configured path and PATH, in order.
QStringList defaultStockfishLocations();

/// Finds a Stockfish executable: `configuredPath` first (when non-empty), then `stockfish` on PATH, then
/// `fallbacks` (by default defaultStockfishLocations()). Returns the absolute path of the first executable file.
/// A configured path that is not an executable file is an error naming it, so a typo is not silently ignored.
Result<QString> locateStockfish(const QString& configuredPath,
                                const QStringList& fallbacks = defaultStockfishLocations());

}  // namespace kibitz::engines
