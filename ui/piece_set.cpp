// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/piece_set.h"

#include <QPainter>

#include <cmath>

namespace kibitz::ui {

using chess::Piece;

namespace {
constexpr Piece kAllPieces[] = {chess::WPawn,   chess::WKnight, chess::WBishop, chess::WRook,
                                chess::WQueen,  chess::WKing,   chess::BPawn,   chess::BKnight,
                                chess::BBishop, chess::BRook,   chess::BQueen,  chess::BKing};
}

PieceSet::PieceSet() {
    for (Piece p : kAllPieces) m_renderers[p] = std::make_unique<QSvgRenderer>(resourcePath(p));
}

PieceSet::~PieceSet() = default;

bool PieceSet::isValid() const {
    for (Piece p : kAllPieces)
        if (!m_renderers[p] || !m_renderers[p]->isValid()) return false;
    return true;
}

QString PieceSet::resourcePath(Piece piece) {
    static const char kLetters[] = " PNBRQK";
    const QChar colour = chess::colorOf(piece) == chess::White ? QLatin1Char('w') : QLatin1Char('b');
    return QStringLiteral(":/pieces/") + colour + QLatin1Char(kLetters[chess::typeOf(piece)]) + QStringLiteral(".svg");
}

QPixmap PieceSet::pixmap(Piece piece, int logicalSize, qreal dpr) const {
    if (piece == chess::NoPiece || logicalSize <= 0 || !m_renderers[piece]) return {};
    const int devicePixels = int(std::lround(logicalSize * dpr));
    // One board size is on screen at a time: drop pixmaps of other sizes instead of letting a resize grow the cache.
    if (devicePixels != m_cachedDevicePixels) {
        m_cache.clear();
        m_cachedDevicePixels = devicePixels;
    }
    const quint64 key = (quint64(devicePixels) << 8) | quint64(piece);
    if (auto it = m_cache.constFind(key); it != m_cache.constEnd()) return *it;

    QPixmap pm(devicePixels, devicePixels);
    pm.fill(Qt::transparent);
    {
        QPainter painter(&pm);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        m_renderers[piece]->render(&painter, QRectF(0, 0, devicePixels, devicePixels));
    }
    pm.setDevicePixelRatio(dpr);
    m_cache.insert(key, pm);
    return pm;
}

}  // namespace kibitz::ui
