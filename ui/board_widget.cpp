// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/board_widget.h"

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {

using chess::Move;
using chess::Square;

namespace {

const QColor kLight(0xec, 0xda, 0xb9);
const QColor kDark(0xae, 0x8a, 0x68);
const QColor kLastMove(0xcd, 0xd2, 0x6a, 140);
const QColor kSelected(0x14, 0x55, 0x1e, 110);
const QColor kHint(0x14, 0x55, 0x1e, 105);
const QColor kDefaultArrow(0x1f, 0x6f, 0xc5);
constexpr chess::PieceType kPromotionOrder[4] = {chess::Queen, chess::Knight, chess::Rook, chess::Bishop};

bool isLightSquare(Square sq) { return (chess::fileOf(sq) + chess::rankOf(sq)) % 2 == 1; }

}  // namespace

BoardWidget::BoardWidget(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::ClickFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_legal = m_position.legalMoves();
}

BoardWidget::~BoardWidget() = default;

void BoardWidget::setPosition(const chess::Position& pos, Move lastMove) {
    m_position = pos;
    m_legal = m_position.legalMoves();
    m_lastMove = lastMove;
    closePromotionChooser();
    clearSelection();
    update();
}

void BoardWidget::setFlipped(bool flipped) {
    if (m_flipped == flipped) return;
    m_flipped = flipped;
    update();
}

void BoardWidget::setInteractive(bool interactive) {
    m_interactive = interactive;
    if (!interactive) {
        closePromotionChooser();
        clearSelection();
    }
    update();
}

void BoardWidget::setArrows(std::vector<BoardArrow> arrows) {
    m_arrows = std::move(arrows);
    if (m_highlightedArrow >= int(m_arrows.size())) m_highlightedArrow = -1;
    update();
}

void BoardWidget::setHighlightedArrow(int index) {
    m_highlightedArrow = (index >= 0 && index < int(m_arrows.size())) ? index : -1;
    update();
}

QSize BoardWidget::sizeHint() const { return {480, 480}; }
QSize BoardWidget::minimumSizeHint() const { return {160, 160}; }

qreal BoardWidget::squareSize() const {
    // Whole pixels per square keep the grid lines sharp.
    return std::floor(std::min(width(), height()) / 8.0);
}

QRectF BoardWidget::boardRect() const {
    const qreal side = squareSize() * 8;
    return {std::floor((width() - side) / 2), std::floor((height() - side) / 2), side, side};
}

QRectF BoardWidget::squareRect(Square sq) const {
    const qreal s = squareSize();
    const QRectF board = boardRect();
    const int col = m_flipped ? 7 - chess::fileOf(sq) : chess::fileOf(sq);
    const int row = m_flipped ? chess::rankOf(sq) : 7 - chess::rankOf(sq);
    return {board.left() + col * s, board.top() + row * s, s, s};
}

Square BoardWidget::squareAt(QPointF point) const {
    const QRectF board = boardRect();
    const qreal s = squareSize();
    if (s <= 0 || !board.contains(point)) return chess::NoSquare;
    const int col = std::clamp(int((point.x() - board.left()) / s), 0, 7);
    const int row = std::clamp(int((point.y() - board.top()) / s), 0, 7);
    const int file = m_flipped ? 7 - col : col;
    const int rank = m_flipped ? row : 7 - row;
    return chess::makeSquare(file, rank);
}

Square BoardWidget::promotionChoiceSquare(int index) const {
    if (!isPromotionChooserOpen() || index < 0 || index > 3) return chess::NoSquare;
    const int file = chess::fileOf(m_promoTo);
    const int rank = chess::rankOf(m_promoTo);
    return chess::makeSquare(file, rank == 7 ? 7 - index : index);
}

bool BoardWidget::isTarget(Square from, Square to) const {
    for (Move m : m_legal)
        if (m.from() == from && m.to() == to) return true;
    return false;
}

bool BoardWidget::ownPieceOn(Square sq) const {
    if (sq == chess::NoSquare) return false;
    const chess::Piece pc = m_position.pieceOn(sq);
    return pc != chess::NoPiece && chess::colorOf(pc) == m_position.sideToMove();
}

bool BoardWidget::tryMove(Square from, Square to) {
    Move plain;
    bool promotion = false;
    for (Move m : m_legal) {
        if (m.from() != from || m.to() != to) continue;
        if (m.isPromotion())
            promotion = true;
        else
            plain = m;
    }
    if (promotion) {
        m_promoFrom = from;
        m_promoTo = to;
        m_selected = from;
        setFocus(Qt::OtherFocusReason);
        update();
        return true;
    }
    if (!plain) return false;
    playMove(plain);
    return true;
}

void BoardWidget::playMove(Move move) {
    m_position.makeMove(move);
    m_legal = m_position.legalMoves();
    m_lastMove = move;
    // Arrows describe the position they were computed for; after a move they would mislead.
    m_arrows.clear();
    m_highlightedArrow = -1;
    closePromotionChooser();
    clearSelection();
    update();
    Q_EMIT moveMade(move);
}

void BoardWidget::clearSelection() {
    m_selected = chess::NoSquare;
    m_pressed = false;
    m_dragging = false;
    m_deselectOnRelease = false;
    m_hover = chess::NoSquare;
    update();
}

void BoardWidget::closePromotionChooser() {
    m_promoFrom = chess::NoSquare;
    m_promoTo = chess::NoSquare;
}

// --- Input ---

void BoardWidget::mousePressEvent(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (isPromotionChooserOpen()) {
        const Square sq = squareAt(pos);
        for (int i = 0; i < 4; ++i) {
            if (sq == promotionChoiceSquare(i)) {
                playMove(Move(m_promoFrom, m_promoTo, Move::Promotion, kPromotionOrder[i]));
                return;
            }
        }
        closePromotionChooser();
        clearSelection();
        return;
    }
    if (!m_interactive) return;
    if (event->button() != Qt::LeftButton) {
        clearSelection();
        return;
    }
    const Square sq = squareAt(pos);
    if (m_selected != chess::NoSquare && sq != m_selected && isTarget(m_selected, sq)) {
        tryMove(m_selected, sq);
        return;
    }
    if (ownPieceOn(sq)) {
        m_deselectOnRelease = sq == m_selected;
        m_selected = sq;
        m_pressed = true;
        m_dragging = false;
        m_pressPos = pos;
        m_dragPos = pos;
        update();
        return;
    }
    clearSelection();
}

void BoardWidget::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pressed) return;
    const QPointF pos = event->position();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) m_dragging = true;
    if (m_dragging) {
        m_dragPos = pos;
        m_hover = squareAt(pos);
        update();
    }
}

void BoardWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed) return;
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        m_hover = chess::NoSquare;
        const Square to = squareAt(event->position());
        if (to == m_selected) {
            // Dropped back where it started: keep it selected so a click on the target finishes the move.
            update();
            return;
        }
        if (to == chess::NoSquare || !tryMove(m_selected, to)) clearSelection();  // snap back
        update();
        return;
    }
    if (m_deselectOnRelease) clearSelection();
    update();
}

void BoardWidget::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && (isPromotionChooserOpen() || m_selected != chess::NoSquare)) {
        closePromotionChooser();
        clearSelection();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void BoardWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    update();
}

void BoardWidget::leaveEvent(QEvent* event) {
    QWidget::leaveEvent(event);
    if (m_hover != chess::NoSquare && !m_dragging) {
        m_hover = chess::NoSquare;
        update();
    }
}

// --- Painting ---

void BoardWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // The device transform carries the high-DPI scale (also when rendering into a pixmap with its own ratio).
    const QTransform t = p.deviceTransform();
    const qreal dpr = std::max(0.5, std::hypot(t.m11(), t.m12()));
    paintSquares(p);
    paintCoordinates(p);
    paintHints(p);
    paintPieces(p, dpr);
    paintArrows(p);
    if (isPromotionChooserOpen()) paintPromotionChooser(p, dpr);
}

void BoardWidget::paintSquares(QPainter& p) const {
    p.save();
    p.setPen(Qt::NoPen);
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        const QRectF r = squareRect(sq);
        p.fillRect(r, isLightSquare(sq) ? kLight : kDark);
        if (m_lastMove && (sq == m_lastMove.from() || sq == m_lastMove.to())) p.fillRect(r, kLastMove);
        if (sq == m_selected) p.fillRect(r, kSelected);
    }
    if (m_position.inCheck()) {
        const QRectF r = squareRect(m_position.kingSquare(m_position.sideToMove()));
        QRadialGradient g(r.center(), r.width() * 0.62);
        g.setColorAt(0.0, QColor(255, 30, 30, 235));
        g.setColorAt(0.45, QColor(230, 20, 20, 160));
        g.setColorAt(1.0, QColor(170, 0, 0, 0));
        p.fillRect(r, g);
    }
    p.restore();
}

void BoardWidget::paintCoordinates(QPainter& p) const {
    const qreal s = squareSize();
    if (s < 24) return;  // too small to read; skip rather than clutter
    p.save();
    QFont font = p.font();
    font.setPixelSize(std::max(8, int(s * 0.19)));
    font.setBold(true);
    p.setFont(font);
    const qreal pad = s * 0.06;
    for (int i = 0; i < 8; ++i) {
        // Files along the bottom edge, ranks along the left edge, in the colour of the opposite square.
        const Square fileSq = m_flipped ? chess::makeSquare(7 - i, 7) : chess::makeSquare(i, 0);
        const Square rankSq = m_flipped ? chess::makeSquare(7, 7 - i) : chess::makeSquare(0, i);
        const QRectF fr = squareRect(fileSq).adjusted(pad, pad, -pad, -pad * 0.5);
        p.setPen(isLightSquare(fileSq) ? kDark : kLight);
        p.drawText(fr, Qt::AlignRight | Qt::AlignBottom, QString(QLatin1Char(char('a' + chess::fileOf(fileSq)))));
        const QRectF rr = squareRect(rankSq).adjusted(pad * 0.7, pad * 0.4, -pad, -pad);
        p.setPen(isLightSquare(rankSq) ? kDark : kLight);
        p.drawText(rr, Qt::AlignLeft | Qt::AlignTop, QString(QLatin1Char(char('1' + chess::rankOf(rankSq)))));
    }
    p.restore();
}

void BoardWidget::paintHints(QPainter& p) const {
    if (m_selected == chess::NoSquare || isPromotionChooserOpen()) return;
    p.save();
    chess::Bitboard done = 0;
    const qreal s = squareSize();
    for (Move m : m_legal) {
        if (m.from() != m_selected || (done & chess::bb(m.to()))) continue;
        done |= chess::bb(m.to());
        const QRectF r = squareRect(m.to());
        const bool capture = m_position.isCapture(m);
        if (m.to() == m_hover && m_dragging) p.fillRect(r, QColor(kHint.red(), kHint.green(), kHint.blue(), 70));
        if (capture) {
            // A ring in the corners leaves the captured piece visible.
            QPainterPath path;
            path.addRect(r);
            QPainterPath hole;
            hole.addEllipse(r.center(), s * 0.54, s * 0.54);
            p.fillPath(path.subtracted(hole), kHint);
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(kHint);
            p.drawEllipse(r.center(), s * 0.16, s * 0.16);
        }
    }
    p.restore();
}

void BoardWidget::paintPieces(QPainter& p, qreal dpr) const {
    const int s = int(squareSize());
    for (int i = 0; i < 64; ++i) {
        const Square sq = Square(i);
        const chess::Piece pc = m_position.pieceOn(sq);
        if (pc == chess::NoPiece || (m_dragging && sq == m_selected)) continue;
        p.drawPixmap(squareRect(sq).topLeft(), m_pieces.pixmap(pc, s, dpr));
    }
    if (m_dragging && m_selected != chess::NoSquare) {
        const chess::Piece pc = m_position.pieceOn(m_selected);
        p.drawPixmap(m_dragPos - QPointF(s / 2.0, s / 2.0), m_pieces.pixmap(pc, s, dpr));
    }
}

void BoardWidget::paintArrows(QPainter& p) const {
    for (int i = 0; i < int(m_arrows.size()); ++i)
        if (i != m_highlightedArrow) paintArrow(p, m_arrows[std::size_t(i)], false);
    if (m_highlightedArrow >= 0) paintArrow(p, m_arrows[std::size_t(m_highlightedArrow)], true);
}

void BoardWidget::paintArrow(QPainter& p, const BoardArrow& arrow, bool highlighted) const {
    if (!arrow.move || arrow.move.from() == arrow.move.to()) return;
    const qreal s = squareSize();
    const double w = std::clamp(arrow.weight, 0.0, 1.0);
    const QPointF a = squareCenter(arrow.move.from());
    const QPointF b = squareCenter(arrow.move.to());
    const QPointF d = b - a;
    const qreal len = std::hypot(d.x(), d.y());
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    const qreal halfWidth = s * (0.035 + 0.085 * w);
    const qreal headHalf = std::max(halfWidth * 2.1, s * 0.14);
    const qreal headLen = headHalf * 1.5;
    const QPointF start = a + u * (s * 0.22);
    const QPointF tip = b - u * (s * 0.12);
    const QPointF neck = tip - u * headLen;

    QPolygonF shape;
    shape << start + n * halfWidth << neck + n * halfWidth << neck + n * headHalf << tip << neck - n * headHalf
          << neck - n * halfWidth << start - n * halfWidth;

    QColor colour = arrow.color.isValid() ? arrow.color : kDefaultArrow;
    colour.setAlphaF(highlighted ? 0.95 : 0.30 + 0.55 * w);
    p.save();
    p.setPen(highlighted ? QPen(QColor(255, 255, 255, 220), std::max(1.5, s * 0.025)) : QPen(Qt::NoPen));
    p.setBrush(colour);
    p.drawPolygon(shape);

    if (!arrow.label.isEmpty()) {
        QFont font = p.font();
        font.setPixelSize(std::max(8, int(s * 0.2)));
        font.setBold(true);
        p.setFont(font);
        const QFontMetricsF fm(font);
        const QPointF at = start + (neck - start) * 0.6;
        QRectF box(0, 0, fm.horizontalAdvance(arrow.label) + s * 0.14, fm.height() + s * 0.04);
        box.moveCenter(at);
        QColor bg = arrow.color.isValid() ? arrow.color : kDefaultArrow;
        bg.setAlphaF(highlighted ? 1.0 : 0.85);
        p.setPen(Qt::NoPen);
        p.setBrush(bg.darker(130));
        p.drawRoundedRect(box, box.height() * 0.3, box.height() * 0.3);
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, arrow.label);
    }
    p.restore();
}

void BoardWidget::paintPromotionChooser(QPainter& p, qreal dpr) const {
    p.save();
    p.fillRect(boardRect(), QColor(0, 0, 0, 110));
    const chess::Color mover = m_position.sideToMove();
    const int s = int(squareSize());
    for (int i = 0; i < 4; ++i) {
        const QRectF r = squareRect(promotionChoiceSquare(i));
        p.setPen(QPen(QColor(60, 60, 60), 1));
        p.setBrush(QColor(250, 250, 246));
        p.drawEllipse(r.adjusted(s * 0.03, s * 0.03, -s * 0.03, -s * 0.03));
        p.drawPixmap(r.topLeft(), m_pieces.pixmap(chess::makePiece(mover, kPromotionOrder[i]), s, dpr));
    }
    p.restore();
}

}  // namespace kibitz::ui
