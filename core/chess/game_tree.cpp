// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/game_tree.h"

#include "core/chess/notation.h"

#include <algorithm>

namespace kibitz::chess {

GameTree::GameTree(const Position& start) : m_start(start) { m_nodes.emplace_back(); }

GameTree::NodeId GameTree::append(NodeId parent, const Position& before, Move move) {
    Node n;
    n.move = move;
    n.san = toSan(before, move);
    n.parent = parent;
    n.ply = m_nodes[std::size_t(parent)].ply + 1;
    const NodeId id = NodeId(m_nodes.size());
    m_nodes.push_back(std::move(n));
    m_nodes[std::size_t(parent)].children.push_back(id);
    ++m_moveCount;
    return id;
}

Status GameTree::addLine(NodeId parent, Position pos, const std::vector<PgnMove>& moves, const std::string& pre) {
    NodeId cur = parent;
    bool first = true;
    for (const PgnMove& m : moves) {
        if (!pos.isLegal(m.move))
            return makeError(ErrorCode::InvalidInput, "move " + std::to_string(pos.fullmoveNumber()) +
                                                          (pos.sideToMove() == White ? ". " : "... ") +
                                                          (m.san.empty() ? toUci(m.move) : m.san) +
                                                          " is not legal in " + pos.fen());
        const NodeId id = append(cur, pos, m.move);
        Node& n = m_nodes[std::size_t(id)];
        n.clockSeconds = m.clockSeconds;
        n.evalCp = m.evalCp;
        n.evalMate = m.evalMate;
        n.nags = m.nags;
        n.comment = m.comment;
        if (first) n.preComment = pre;
        first = false;
        // The variations are alternatives to this move: they start from the same position, after it.
        for (const PgnVariation& v : m.variations)
            if (Status st = addLine(cur, pos, v.moves, v.preComment); !st) return st;
        pos.makeMove(m.move);
        cur = id;
    }
    return {};
}

Result<GameTree> GameTree::fromPgn(const PgnGame& game) {
    auto start = game.startPosition();
    if (!start) return start.error();
    GameTree tree(start.value());
    tree.m_nodes[kRoot].comment = game.preComment;
    if (Status st = tree.addLine(kRoot, start.value(), game.moves, std::string()); !st) return st.error();
    return tree;
}

PgnMove GameTree::toPgnMove(const Node& n) const {
    PgnMove m;
    m.move = n.move;
    m.san = n.san;
    m.clockSeconds = n.clockSeconds;
    m.evalCp = n.evalCp;
    m.evalMate = n.evalMate;
    m.nags = n.nags;
    m.comment = n.comment;
    return m;
}

void GameTree::writeLine(NodeId first, std::vector<PgnMove>& out) const {
    for (NodeId id = first; id != kNone;) {
        const Node& n = m_nodes[std::size_t(id)];
        PgnMove m = toPgnMove(n);
        // This move's alternatives are its parent's other children.
        const Node& parent = m_nodes[std::size_t(n.parent)];
        if (parent.children.front() == id) {
            for (std::size_t i = 1; i < parent.children.size(); ++i) {
                PgnVariation& v = m.variations.emplace_back();
                v.preComment = m_nodes[std::size_t(parent.children[i])].preComment;
                writeLine(parent.children[i], v.moves);
            }
        }
        out.push_back(std::move(m));
        id = n.children.empty() ? kNone : n.children.front();
    }
}

void GameTree::toPgn(PgnGame& game) const {
    game.startFen = m_start.fen();
    game.preComment = m_nodes[kRoot].comment;
    game.moves.clear();
    const Node& root = m_nodes[kRoot];
    if (root.children.empty()) return;
    writeLine(root.children.front(), game.moves);
}

std::vector<PgnMove> GameTree::lineMoves(NodeId id, bool continueMainLine) const {
    const std::vector<NodeId> ids = continueMainLine ? lineThrough(id) : pathTo(id);
    std::vector<PgnMove> out;
    out.reserve(ids.size());
    for (NodeId n : ids) out.push_back(toPgnMove(m_nodes[std::size_t(n)]));
    return out;
}

bool GameTree::hasVariations() const {
    return std::any_of(m_nodes.begin(), m_nodes.end(), [](const Node& n) { return n.alive && n.children.size() > 1; });
}

bool GameTree::hasComments() const {
    return std::any_of(m_nodes.begin(), m_nodes.end(),
                       [](const Node& n) { return n.alive && (!n.comment.empty() || !n.preComment.empty()); });
}

GameTree::NodeId GameTree::childWithMove(NodeId parent, Move move) const {
    if (!isValid(parent)) return kNone;
    for (NodeId c : m_nodes[std::size_t(parent)].children)
        if (m_nodes[std::size_t(c)].move == move) return c;
    return kNone;
}

GameTree::NodeId GameTree::addMove(NodeId parent, Move move) {
    if (!isValid(parent)) return kNone;
    if (const NodeId existing = childWithMove(parent, move); existing != kNone) return existing;
    const Position before = positionAt(parent);
    if (!before.isLegal(move)) return kNone;
    return append(parent, before, move);
}

bool GameTree::promoteToMainLine(NodeId id) {
    if (!isValid(id)) return false;
    bool changed = false;
    for (NodeId n = id; n != kRoot; n = m_nodes[std::size_t(n)].parent) {
        auto& siblings = m_nodes[std::size_t(m_nodes[std::size_t(n)].parent)].children;
        auto it = std::find(siblings.begin(), siblings.end(), n);
        if (it != siblings.begin()) {
            // The promoted node goes first; the others keep their order after it. A comment that opened the
            // variation now stands between two moves of one line: it becomes the comment of the move before.
            std::rotate(siblings.begin(), it, it + 1);
            Node& promoted = m_nodes[std::size_t(n)];
            if (!promoted.preComment.empty()) {
                std::string& before = m_nodes[std::size_t(promoted.parent)].comment;
                before += (before.empty() ? "" : " ") + promoted.preComment;
                promoted.preComment.clear();
            }
            changed = true;
        }
    }
    return changed;
}

GameTree::NodeId GameTree::remove(NodeId id) {
    if (!isValid(id) || id == kRoot) return kNone;
    const NodeId parent = m_nodes[std::size_t(id)].parent;
    auto& siblings = m_nodes[std::size_t(parent)].children;
    siblings.erase(std::find(siblings.begin(), siblings.end(), id));
    std::vector<NodeId> stack{id};
    while (!stack.empty()) {
        Node& n = m_nodes[std::size_t(stack.back())];
        stack.pop_back();
        n.alive = false;
        --m_moveCount;
        stack.insert(stack.end(), n.children.begin(), n.children.end());
        n.children.clear();
    }
    return parent;
}

GameTree::NodeId GameTree::variationStart(NodeId id) const {
    if (!isValid(id)) return kNone;
    for (NodeId n = id; n != kRoot; n = m_nodes[std::size_t(n)].parent)
        if (m_nodes[std::size_t(m_nodes[std::size_t(n)].parent)].children.front() != n) return n;
    return kNone;
}

std::vector<GameTree::NodeId> GameTree::pathTo(NodeId id) const {
    std::vector<NodeId> path;
    if (!isValid(id)) return path;
    for (NodeId n = id; n != kRoot; n = m_nodes[std::size_t(n)].parent) path.push_back(n);
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<GameTree::NodeId> GameTree::lineThrough(NodeId id) const {
    std::vector<NodeId> line = pathTo(id);
    if (!isValid(id)) return line;
    for (NodeId n = id; !m_nodes[std::size_t(n)].children.empty();) {
        n = m_nodes[std::size_t(n)].children.front();
        line.push_back(n);
    }
    return line;
}

Position GameTree::positionAt(NodeId id) const {
    Position pos = m_start;
    for (NodeId n : pathTo(id)) pos.makeMove(m_nodes[std::size_t(n)].move);
    return pos;
}

}  // namespace kibitz::chess
