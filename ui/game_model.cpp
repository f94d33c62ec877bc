// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/game_model.h"

#include "core/chess/notation.h"

#include <QFont>

#include <algorithm>

namespace kibitz::ui {

GameModel::GameModel(QObject* parent) : QAbstractTableModel(parent) {}

void GameModel::reset(const chess::Position& start) { setGame(start, {}); }

int GameModel::setGame(const chess::Position& start, const std::vector<chess::Move>& moves) {
    beginResetModel();
    m_start = start;
    m_moves.clear();
    m_san.clear();
    chess::Position pos = start;
    for (chess::Move m : moves) {
        if (!pos.isLegal(m)) break;
        m_san.push_back(QString::fromStdString(chess::toSan(pos, m)));
        m_moves.push_back(m);
        pos.makeMove(m);
    }
    m_current = 0;
    m_currentPosition = m_start;
    endResetModel();
    Q_EMIT currentPlyChanged(m_current);
    return plyCount();
}

int GameModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return (offset() + plyCount() + 1) / 2;
}

int GameModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(ColumnCount); }

int GameModel::plyForIndex(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this || index.column() == NumberColumn) return -1;
    const int ply = index.row() * 2 + (index.column() - 1) - offset() + 1;
    return (ply >= 1 && ply <= plyCount()) ? ply : -1;
}

QModelIndex GameModel::indexForPly(int ply) const {
    if (ply < 1 || ply > plyCount()) return {};
    const int slot = ply - 1 + offset();
    return index(slot / 2, 1 + slot % 2);
}

QVariant GameModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int ply = plyForIndex(index);
    switch (role) {
        case Qt::DisplayRole:
            if (index.column() == NumberColumn)
                return QString(QString::number(m_start.fullmoveNumber() + index.row()) + QLatin1Char('.'));
            if (ply > 0) return m_san[std::size_t(ply - 1)];
            // Black starts: White's cell in the first row is a placeholder.
            if (index.row() == 0 && index.column() == WhiteColumn && offset() == 1) return QStringLiteral("…");
            return {};
        case Qt::FontRole:
            if (ply > 0 && ply == m_current) {
                QFont f;
                f.setBold(true);
                return f;
            }
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() == NumberColumn) return int(Qt::AlignRight | Qt::AlignVCenter);
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        case PlyRole: return ply > 0 ? QVariant(ply) : QVariant();
        default: return {};
    }
}

QVariant GameModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    switch (section) {
        case NumberColumn: return tr("#");
        case WhiteColumn: return tr("White");
        case BlackColumn: return tr("Black");
        default: return {};
    }
}

Qt::ItemFlags GameModel::flags(const QModelIndex& index) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    if (plyForIndex(index) > 0) f |= Qt::ItemIsSelectable;
    return f;
}

void GameModel::emitCurrentCellsChanged(int oldPly, int newPly) {
    const QList<int> roles{Qt::FontRole};
    for (int ply : {oldPly, newPly}) {
        const QModelIndex idx = indexForPly(ply);
        if (idx.isValid()) Q_EMIT dataChanged(idx, idx, roles);
    }
}

void GameModel::setCurrentPly(int ply) {
    ply = std::clamp(ply, 0, plyCount());
    if (ply == m_current) return;
    const int old = m_current;
    m_current = ply;
    m_currentPosition = positionAt(ply);
    emitCurrentCellsChanged(old, ply);
    Q_EMIT currentPlyChanged(ply);
}

chess::Move GameModel::moveAt(int ply) const {
    if (ply < 1 || ply > plyCount()) return chess::Move::none();
    return m_moves[std::size_t(ply - 1)];
}

QString GameModel::sanAt(int ply) const {
    if (ply < 1 || ply > plyCount()) return {};
    return m_san[std::size_t(ply - 1)];
}

encoding::RecentMoves GameModel::recentMovesAt(int ply) const {
    ply = std::clamp(ply, 0, plyCount());
    const int first = std::max(0, ply - encoding::kHistoryPlies);
    chess::Position pos = positionAt(first);
    encoding::RecentMoves recent;
    for (int i = first; i < ply; ++i) {
        recent.push(pos, m_moves[std::size_t(i)]);
        pos.makeMove(m_moves[std::size_t(i)]);
    }
    return recent;
}

chess::Position GameModel::positionAt(int ply) const {
    ply = std::clamp(ply, 0, plyCount());
    chess::Position pos = m_start;
    for (int i = 0; i < ply; ++i) pos.makeMove(m_moves[std::size_t(i)]);
    return pos;
}

bool GameModel::playMove(chess::Move move) {
    if (!m_currentPosition.isLegal(move)) return false;
    if (m_current < plyCount() && m_moves[std::size_t(m_current)] == move) {
        setCurrentPly(m_current + 1);
        return true;
    }
    // Cut the line after the current ply; rows that vanish or change are removed, then re-added.
    const int keep = m_current;
    const int oldRows = rowCount();
    const int keptRows = (offset() + keep + 1) / 2;  // rows still holding at least one kept move
    if (keptRows < oldRows) {
        beginRemoveRows({}, keptRows, oldRows - 1);
        m_moves.resize(std::size_t(keep));
        m_san.resize(std::size_t(keep));
        endRemoveRows();
    } else {
        m_moves.resize(std::size_t(keep));
        m_san.resize(std::size_t(keep));
    }
    if (keptRows > 0) {
        // The last kept row may have lost its Black move.
        const QModelIndex cell = index(keptRows - 1, BlackColumn);
        Q_EMIT dataChanged(cell, cell);
    }

    const QString san = QString::fromStdString(chess::toSan(m_currentPosition, move));
    const int newRows = (offset() + keep + 2) / 2;
    const int rowsNow = rowCount();
    if (newRows > rowsNow) beginInsertRows({}, rowsNow, newRows - 1);
    m_moves.push_back(move);
    m_san.push_back(san);
    if (newRows > rowsNow) endInsertRows();
    const QModelIndex cell = indexForPly(keep + 1);
    Q_EMIT dataChanged(cell, cell);
    setCurrentPly(keep + 1);
    return true;
}

}  // namespace kibitz::ui
