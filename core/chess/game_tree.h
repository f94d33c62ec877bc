// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/common/result.h"

#include <optional>
#include <string>
#include <vector>

namespace kibitz::chess {

/// A game as an analysis GUI keeps it: a tree of moves from a start position. Each node's first child
/// continues its line; the other children are variations (alternatives to that first child). Nodes have stable
/// ids; removing a subtree leaves the other ids valid. Plain C++, no Qt.
class GameTree {
public:
    using NodeId = int;
    static constexpr NodeId kRoot = 0;
    static constexpr NodeId kNone = -1;

    struct Node {
        Move move;  ///< none for the root
        std::string san;
        NodeId parent = kNone;
        std::vector<NodeId> children;  ///< children[0] continues the line, the rest are variations
        int ply = 0;                   ///< moves from the start (the root is 0)
        bool alive = true;
        // What the PGN said about the move (see PgnMove); the root's comment is the game's first comment.
        int clockSeconds = -1;
        std::optional<int> evalCp;
        std::optional<int> evalMate;
        std::vector<int> nags;
        std::string comment;
        std::string preComment;  ///< comment before this move when it opens a variation
    };

    explicit GameTree(const Position& start = Position());

    /// The tree of a parsed game: its main line and every variation, nested, with comments, NAGs and clocks.
    /// Errors name the move that is not legal where it stands (games from PgnReader never have one).
    static Result<GameTree> fromPgn(const PgnGame& game);
    /// Writes the tree into `game`: start FEN, moves with their variations (in child order) and the first
    /// comment. Tags and result are left as they are.
    void toPgn(PgnGame& game) const;
    /// The line ending at `id` (and continuing along first children after it when `continueMainLine`) as PGN
    /// moves without variations: what conditioning, review and training read.
    std::vector<PgnMove> lineMoves(NodeId id, bool continueMainLine) const;

    const Position& start() const { return m_start; }
    bool isValid(NodeId id) const { return id >= 0 && id < NodeId(m_nodes.size()) && m_nodes[std::size_t(id)].alive; }
    /// The node; `id` must be valid.
    const Node& node(NodeId id) const { return m_nodes[std::size_t(id)]; }
    /// Moves in the tree (the root not counted).
    int moveCount() const { return m_moveCount; }
    /// Whether any node has more than one child.
    bool hasVariations() const;
    /// Whether any node (or the game's first comment) has a comment.
    bool hasComments() const;

    /// The child of `parent` reached by `move`, or kNone.
    NodeId childWithMove(NodeId parent, Move move) const;
    /// Plays `move` after `parent`: returns the existing child with that move, or adds one after the other
    /// children (so it continues the line when `parent` had none, else it is a new variation). kNone when
    /// `parent` is not valid or the move is illegal there.
    NodeId addMove(NodeId parent, Move move);
    /// Makes the line through `id` the main line: at every branch on the way from the root, its node becomes
    /// the first child. Returns whether anything changed.
    bool promoteToMainLine(NodeId id);
    /// Removes `id` and everything after it (not the root). Returns its parent, or kNone if `id` is not valid.
    NodeId remove(NodeId id);
    /// The first node of the variation that holds `id` (the nearest node on the way to the root that is not
    /// a first child), or kNone when `id` is on the main line.
    NodeId variationStart(NodeId id) const;

    /// Nodes from the first move to `id` (empty for the root).
    std::vector<NodeId> pathTo(NodeId id) const;
    /// pathTo(id), then the first children after `id` to the end of its line.
    std::vector<NodeId> lineThrough(NodeId id) const;
    /// The position after `id`'s move (replayed from the start, so repetition history is kept).
    Position positionAt(NodeId id) const;

private:
    NodeId append(NodeId parent, const Position& before, Move move);
    Status addLine(NodeId parent, Position pos, const std::vector<PgnMove>& moves, const std::string& pre);
    void writeLine(NodeId first, std::vector<PgnMove>& out) const;
    PgnMove toPgnMove(const Node& n) const;

    Position m_start;
    std::vector<Node> m_nodes;
    int m_moveCount = 0;
};

}  // namespace kibitz::chess
