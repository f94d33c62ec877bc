// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/position_encoder.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace kibitz::ui {

/// The main line of one game as a table for navigation: column 0 the move number ("12."), column 1 White's
/// move, column 2 Black's move (SAN). A game starting with Black to move shows "…" for White in row 0.
/// Keeps a current ply (0 = start position) that the board follows; the current move is shown in bold.
class GameModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NumberColumn = 0, WhiteColumn = 1, BlackColumn = 2, ColumnCount = 3 };
    /// Extra role: the ply reached after the move in a cell (1-based), or an invalid QVariant for empty cells.
    static constexpr int PlyRole = Qt::UserRole + 1;

    explicit GameModel(QObject* parent = nullptr);

    /// Starts a new game from `start` (no moves, current ply 0).
    void reset(const chess::Position& start = chess::Position());
    /// Loads a main line. Stops at the first illegal move and returns how many moves were kept.
    int setGame(const chess::Position& start, const std::vector<chess::Move>& moves);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// Number of moves (plies) in the line.
    int plyCount() const { return int(m_moves.size()); }
    int currentPly() const { return m_current; }
    /// Moves to `ply`, clamped to [0, plyCount()]; emits currentPlyChanged when it changes.
    void setCurrentPly(int ply);
    /// The move that led to `ply` (1-based); none for ply 0 or out of range.
    chess::Move moveAt(int ply) const;
    /// SAN of the move that led to `ply`; empty when out of range.
    QString sanAt(int ply) const;
    const chess::Position& startPosition() const { return m_start; }
    /// The position after `ply` moves (replayed from the start, so repetition history is kept).
    chess::Position positionAt(int ply) const;
    /// The last moves (up to encoding::kHistoryPlies, newest first) that led to `ply`, for the human-move model.
    encoding::RecentMoves recentMovesAt(int ply) const;
    chess::Position currentPosition() const { return m_currentPosition; }
    /// Plays a legal move at the current ply: if it is the next move of the line, only advances; otherwise
    /// the rest of the line is cut and the move appended. Returns false (nothing changes) if it is illegal.
    bool playMove(chess::Move move);

    /// Cell of the move that led to `ply` (invalid for ply 0 or out of range).
    QModelIndex indexForPly(int ply) const;
    /// Ply reached by the move in `index`, or -1 for the number column and empty cells.
    int plyForIndex(const QModelIndex& index) const;

Q_SIGNALS:
    /// The current ply changed (navigation, a move played, or a new game).
    void currentPlyChanged(int ply);

private:
    /// 1 when the first move is Black's, so White's column of row 0 is empty.
    int offset() const { return m_start.sideToMove() == chess::Black ? 1 : 0; }
    void emitCurrentCellsChanged(int oldPly, int newPly);

    chess::Position m_start;
    chess::Position m_currentPosition;
    std::vector<chess::Move> m_moves;
    std::vector<QString> m_san;
    int m_current = 0;
};

}  // namespace kibitz::ui
