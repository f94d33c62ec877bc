// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/jobs/metatypes.h"
#include "ui/piece_set.h"

#include <QColor>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <vector>

namespace kibitz::ui {

/// One arrow drawn over the board: a move with a weight in [0, 1] (width and opacity follow it), a short
/// label (e.g. "42%") and a colour. Used by the human-move panel to show move probabilities.
struct BoardArrow {
    chess::Move move;
    double weight = 1.0;
    QString label;
    QColor color;
};

/// A chess board that shows a Position and lets the user play legal moves by drag and drop or by clicking
/// the piece and then its target square. Draws coordinates, the last move, check, legal-move hints for the
/// selected piece and optional arrows. Promotions open a small chooser over the board (Queen, Knight, Rook,
/// Bishop, from the promotion square towards the centre); Esc or a click elsewhere cancels it.
/// The widget keeps its own copy of the position and applies a move before emitting moveMade().
class BoardWidget : public QWidget {
    Q_OBJECT
public:
    explicit BoardWidget(QWidget* parent = nullptr);
    ~BoardWidget() override;

    /// Shows `pos`; `lastMove` (the move that led to it, or none) is highlighted. Cancels any selection.
    void setPosition(const chess::Position& pos, chess::Move lastMove = chess::Move::none());
    const chess::Position& position() const { return m_position; }
    chess::Move lastMove() const { return m_lastMove; }

    /// Shows the board from Black's side when `flipped`.
    void setFlipped(bool flipped);
    bool isFlipped() const { return m_flipped; }

    /// When false, the board only displays (no selection, no moves).
    void setInteractive(bool interactive);
    bool isInteractive() const { return m_interactive; }

    /// Replaces the arrows overlay (empty to clear). Arrows for the same move are drawn in the given order.
    void setArrows(std::vector<BoardArrow> arrows);
    const std::vector<BoardArrow>& arrows() const { return m_arrows; }
    /// Emphasises the arrow at `index` (e.g. while its move is hovered in a list); -1 for none.
    void setHighlightedArrow(int index);
    int highlightedArrow() const { return m_highlightedArrow; }

    /// Geometry helpers (widget coordinates), honouring flip. squareAt returns NoSquare outside the board.
    QRectF squareRect(chess::Square sq) const;
    QPointF squareCenter(chess::Square sq) const { return squareRect(sq).center(); }
    chess::Square squareAt(QPointF point) const;
    /// The square currently selected by a click or press, or NoSquare.
    chess::Square selectedSquare() const { return m_selected; }
    /// True while the promotion chooser is open.
    bool isPromotionChooserOpen() const { return m_promoTo != chess::NoSquare; }
    /// Square on which the chooser shows promotion piece `index` (0 Queen, 1 Knight, 2 Rook, 3 Bishop).
    chess::Square promotionChoiceSquare(int index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return width; }

Q_SIGNALS:
    /// A legal move was played on the board (already applied to position()).
    void moveMade(kibitz::chess::Move move);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRectF boardRect() const;
    qreal squareSize() const;
    bool isTarget(chess::Square from, chess::Square to) const;
    bool ownPieceOn(chess::Square sq) const;
    /// Plays from->to if legal (opening the promotion chooser when needed). Returns true if it was legal.
    bool tryMove(chess::Square from, chess::Square to);
    void playMove(chess::Move move);
    void clearSelection();
    void closePromotionChooser();

    void paintSquares(QPainter& p) const;
    void paintCoordinates(QPainter& p) const;
    void paintHints(QPainter& p) const;
    void paintPieces(QPainter& p, qreal dpr) const;
    void paintArrows(QPainter& p) const;
    void paintArrow(QPainter& p, const BoardArrow& arrow, bool highlighted) const;
    void paintPromotionChooser(QPainter& p, qreal dpr) const;

    PieceSet m_pieces;
    chess::Position m_position;
    chess::MoveList m_legal;
    chess::Move m_lastMove;
    bool m_flipped = false;
    bool m_interactive = true;

    chess::Square m_selected = chess::NoSquare;
    bool m_pressed = false;   // mouse button held after pressing on a selectable piece
    bool m_dragging = false;  // the piece follows the mouse
    bool m_deselectOnRelease = false;
    QPointF m_pressPos;
    QPointF m_dragPos;
    chess::Square m_hover = chess::NoSquare;

    chess::Square m_promoFrom = chess::NoSquare;
    chess::Square m_promoTo = chess::NoSquare;

    std::vector<BoardArrow> m_arrows;
    int m_highlightedArrow = -1;
};

}  // namespace kibitz::ui
