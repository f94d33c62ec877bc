// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/game_tree.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/encoding/position_encoder.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace kibitz::ui {

/// A game with its variations (a chess::GameTree) and the line being shown: the moves from the start to the
/// current move, then the first continuation after it. The table shows that line for navigation: column 0 the
/// move number ("12."), column 1 White's move, column 2 Black's move (SAN); a game starting with Black to move
/// shows "…" for White in row 0. The current ply (0 = start position) is a place on the line; the board follows
/// it and the current move is shown in bold. Ply-based calls (positionAt, moveAt, ...) are about the line.
///
/// A move played anywhere never deletes anything: if it continues the line it only advances, if the tree
/// already has it the line switches to it, otherwise it is added as a new variation (or as the continuation
/// at the end of a line).
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
    /// Loads a game with its variations and comments; the line shown is the main line, at ply 0.
    Status setGame(const chess::PgnGame& game);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// Number of moves (plies) in the line.
    int plyCount() const { return int(m_line.size()); }
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
    /// The last moves (up to encoding::kRecentPlies, newest first) that led to `ply`, for the human-move models.
    encoding::RecentMoves recentMovesAt(int ply) const;
    chess::Position currentPosition() const { return m_currentPosition; }
    /// Plays a legal move at the current ply (see the class comment: nothing is ever cut). Returns false
    /// (nothing changes) if it is illegal.
    bool playMove(chess::Move move);

    // ---- The tree ----
    const chess::GameTree& tree() const { return m_tree; }
    /// The node of the current ply (GameTree::kRoot at ply 0).
    chess::GameTree::NodeId currentNode() const;
    /// The node reached at `ply` of the line (kRoot for 0, kNone out of range).
    chess::GameTree::NodeId nodeAt(int ply) const;
    /// Goes to a node anywhere in the tree: the line becomes the path to it and its first continuation.
    void setCurrentNode(chess::GameTree::NodeId id);
    /// Whether the current move lies in a variation (not on the main line).
    bool inVariation() const;
    /// Makes the current line the main line. Returns whether anything changed.
    bool promoteCurrentLine();
    /// Deletes the variation holding the current move (from its first move on) and goes to the move before
    /// it. Returns false on the main line.
    bool deleteCurrentVariation();
    /// Takes back the last move made on the board (playMove that added a move): removes it and goes to the
    /// move before. Returns false when no such move is left.
    bool takeBack();
    /// Whether takeBack() would do something.
    bool canTakeBack() const;
    /// The whole game (tags, result and first comment from `header`, moves and variations from the tree).
    chess::PgnGame gamePgn(const chess::PgnGame& header) const;
    /// The line shown, without variations, as a game with `header`'s tags: what conditioning and review read.
    chess::PgnGame linePgn(const chess::PgnGame& header) const;

    /// Cell of the move that led to `ply` (invalid for ply 0 or out of range).
    QModelIndex indexForPly(int ply) const;
    /// Ply reached by the move in `index`, or -1 for the number column and empty cells.
    int plyForIndex(const QModelIndex& index) const;

Q_SIGNALS:
    /// The current ply changed (navigation, a move played, or a new game).
    void currentPlyChanged(int ply);
    /// The line shown changed (another variation, a new game); emitted before currentPlyChanged.
    void lineChanged();
    /// Moves were added, removed or reordered in the tree (or a new game was loaded).
    void treeChanged();

private:
    /// 1 when the first move is Black's, so White's column of row 0 is empty.
    int offset() const { return m_start.sideToMove() == chess::Black ? 1 : 0; }
    void emitCurrentCellsChanged(int oldPly, int newPly);
    /// Shows the line through `id` with `id` current (a model reset when the line differs).
    void showLineThrough(chess::GameTree::NodeId id);
    void resetTree(chess::GameTree tree);

    chess::GameTree m_tree;
    chess::Position m_start;
    chess::Position m_currentPosition;
    std::vector<chess::GameTree::NodeId> m_line;  ///< the line shown: node of ply 1, 2, ...
    int m_current = 0;
    std::vector<chess::GameTree::NodeId> m_madeOnBoard;  ///< nodes added by playMove, oldest first
};

}  // namespace kibitz::ui
