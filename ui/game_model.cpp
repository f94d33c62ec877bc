// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/game_model.h"

#include "core/chess/notation.h"

#include <QFont>

#include <algorithm>

namespace kibitz::ui {

GameModel::GameModel(QObject* parent) : QAbstractTableModel(parent) {}

void GameModel::reset(const chess::Position& start) { setGame(start, {}); }

void GameModel::resetTree(chess::GameTree tree) {
    beginResetModel();
    m_tree = std::move(tree);
    m_start = m_tree.start();
    m_madeOnBoard.clear();
    m_line = m_tree.lineThrough(chess::GameTree::kRoot);
    m_current = 0;
    m_currentPosition = m_start;
    endResetModel();
    Q_EMIT treeChanged();
    Q_EMIT lineChanged();
    Q_EMIT currentPlyChanged(m_current);
}

int GameModel::setGame(const chess::Position& start, const std::vector<chess::Move>& moves) {
    chess::GameTree tree(start);
    chess::GameTree::NodeId at = chess::GameTree::kRoot;
    for (chess::Move m : moves) {
        const chess::GameTree::NodeId next = tree.addMove(at, m);
        if (next == chess::GameTree::kNone) break;
        at = next;
    }
    resetTree(std::move(tree));
    return plyCount();
}

Status GameModel::setGame(const chess::PgnGame& game) {
    auto tree = chess::GameTree::fromPgn(game);
    if (!tree) return tree.error();
    resetTree(std::move(tree.value()));
    return {};
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
            if (ply > 0) return QString::fromStdString(m_tree.node(m_line[std::size_t(ply - 1)]).san);
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
    return m_tree.node(m_line[std::size_t(ply - 1)]).move;
}

QString GameModel::sanAt(int ply) const {
    if (ply < 1 || ply > plyCount()) return {};
    return QString::fromStdString(m_tree.node(m_line[std::size_t(ply - 1)]).san);
}

encoding::RecentMoves GameModel::recentMovesAt(int ply) const {
    ply = std::clamp(ply, 0, plyCount());
    const int first = std::max(0, ply - encoding::kRecentPlies);
    chess::Position pos = positionAt(first);
    encoding::RecentMoves recent;
    for (int i = first; i < ply; ++i) {
        recent.push(pos, moveAt(i + 1));
        pos.makeMove(moveAt(i + 1));
    }
    return recent;
}

chess::Position GameModel::positionAt(int ply) const {
    ply = std::clamp(ply, 0, plyCount());
    chess::Position pos = m_start;
    for (int i = 1; i <= ply; ++i) pos.makeMove(moveAt(i));
    return pos;
}

chess::GameTree::NodeId GameModel::nodeAt(int ply) const {
    if (ply == 0) return chess::GameTree::kRoot;
    if (ply < 0 || ply > plyCount()) return chess::GameTree::kNone;
    return m_line[std::size_t(ply - 1)];
}

chess::GameTree::NodeId GameModel::currentNode() const { return nodeAt(m_current); }

void GameModel::showLineThrough(chess::GameTree::NodeId id) {
    std::vector<chess::GameTree::NodeId> line = m_tree.lineThrough(id);
    const int ply = m_tree.node(id).ply;
    if (line != m_line) {
        beginResetModel();
        m_line = std::move(line);
        m_current = ply;
        m_currentPosition = positionAt(ply);
        endResetModel();
        Q_EMIT lineChanged();
        Q_EMIT currentPlyChanged(ply);
        return;
    }
    setCurrentPly(ply);
}

void GameModel::setCurrentNode(chess::GameTree::NodeId id) {
    if (!m_tree.isValid(id)) return;
    const int ply = m_tree.node(id).ply;
    if (nodeAt(ply) == id) {
        setCurrentPly(ply);  // on the line shown: it stays
        return;
    }
    showLineThrough(id);
}

bool GameModel::inVariation() const { return m_tree.variationStart(currentNode()) != chess::GameTree::kNone; }

bool GameModel::playMove(chess::Move move) {
    if (!m_currentPosition.isLegal(move)) return false;
    if (m_current < plyCount() && moveAt(m_current + 1) == move) {
        setCurrentPly(m_current + 1);
        return true;
    }
    const chess::GameTree::NodeId parent = currentNode();
    chess::GameTree::NodeId id = m_tree.childWithMove(parent, move);
    if (id == chess::GameTree::kNone) {
        id = m_tree.addMove(parent, move);
        if (id == chess::GameTree::kNone) return false;
        m_madeOnBoard.push_back(id);
        Q_EMIT treeChanged();
    }
    showLineThrough(id);
    return true;
}

bool GameModel::promoteCurrentLine() {
    // The line shown ends at its last move; promoting that node promotes the whole line.
    if (m_line.empty() || !m_tree.promoteToMainLine(m_line.back())) return false;
    Q_EMIT treeChanged();
    return true;
}

bool GameModel::deleteCurrentVariation() {
    const chess::GameTree::NodeId first = m_tree.variationStart(currentNode());
    if (first == chess::GameTree::kNone) return false;
    const chess::GameTree::NodeId parent = m_tree.remove(first);
    std::erase_if(m_madeOnBoard, [this](chess::GameTree::NodeId n) { return !m_tree.isValid(n); });
    Q_EMIT treeChanged();
    showLineThrough(parent);
    return true;
}

bool GameModel::canTakeBack() const {
    return std::any_of(m_madeOnBoard.begin(), m_madeOnBoard.end(),
                       [this](chess::GameTree::NodeId n) { return m_tree.isValid(n); });
}

bool GameModel::takeBack() {
    while (!m_madeOnBoard.empty() && !m_tree.isValid(m_madeOnBoard.back())) m_madeOnBoard.pop_back();
    if (m_madeOnBoard.empty()) return false;
    const chess::GameTree::NodeId id = m_madeOnBoard.back();
    m_madeOnBoard.pop_back();
    const chess::GameTree::NodeId parent = m_tree.remove(id);
    std::erase_if(m_madeOnBoard, [this](chess::GameTree::NodeId n) { return !m_tree.isValid(n); });
    Q_EMIT treeChanged();
    showLineThrough(parent);
    return true;
}

chess::PgnGame GameModel::gamePgn(const chess::PgnGame& header) const {
    chess::PgnGame game;
    game.tags = header.tags;
    game.result = header.result;
    game.firstLine = header.firstLine;
    m_tree.toPgn(game);
    return game;
}

chess::PgnGame GameModel::linePgn(const chess::PgnGame& header) const {
    chess::PgnGame game;
    game.tags = header.tags;
    game.firstLine = header.firstLine;
    game.startFen = m_start.fen();
    game.preComment = m_tree.node(chess::GameTree::kRoot).comment;
    game.moves = m_tree.lineMoves(m_line.empty() ? chess::GameTree::kRoot : m_line.back(), false);
    // The result belongs to the main line; another line's end is open.
    const bool mainLine = m_line.empty() || m_tree.variationStart(m_line.back()) == chess::GameTree::kNone;
    game.result = mainLine ? header.result : std::string("*");
    return game;
}

}  // namespace kibitz::ui
