// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/types.h"

#include <QHash>
#include <QPixmap>
#include <QSvgRenderer>

#include <array>
#include <memory>

namespace kibitz::ui {

/// Kibitz's own SVG piece set (":/pieces/wK.svg" ...), rendered on demand into pixmaps cached per device
/// pixel size, so pieces stay crisp at any devicePixelRatio. GUI thread only.
class PieceSet {
public:
    PieceSet();
    ~PieceSet();
    PieceSet(const PieceSet&) = delete;
    PieceSet& operator=(const PieceSet&) = delete;

    /// True when all 12 SVGs loaded and parsed.
    bool isValid() const;
    /// Pixmap of `piece` for a square of `logicalSize` pixels at `dpr`; its devicePixelRatio is `dpr`.
    /// Returns a null pixmap for NoPiece or a non-positive size.
    QPixmap pixmap(chess::Piece piece, int logicalSize, qreal dpr) const;
    /// Resource path of a piece's SVG, e.g. ":/pieces/bN.svg".
    static QString resourcePath(chess::Piece piece);
    /// Number of pixmaps currently cached (for tests).
    int cacheSize() const { return int(m_cache.size()); }

private:
    std::array<std::unique_ptr<QSvgRenderer>, 16> m_renderers;
    mutable QHash<quint64, QPixmap> m_cache;
    mutable int m_cachedDevicePixels = 0;
};

}  // namespace kibitz::ui
