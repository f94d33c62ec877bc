// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/game_tree.h"

#include <QString>
#include <QTextBrowser>

namespace kibitz::ui {

class GameModel;

/// The whole game as text, as ChessX and other analysis GUIs show it: the main line, each variation in
/// parentheses after the move it replaces (nested), NAGs as symbols, comments in italics. The current move is
/// highlighted; clicking a move goes there (GameModel::setCurrentNode).
class MoveTreeView : public QTextBrowser {
    Q_OBJECT
public:
    explicit MoveTreeView(GameModel* game, QWidget* parent = nullptr);

    /// The movetext as plain text (what the view shows), e.g. "1. e4 e5 (1... c5 2. Nf3) 2. Nf3".
    static QString plainText(const chess::GameTree& tree);
    /// The same as HTML with anchors "move:ID" and the current node highlighted.
    static QString html(const chess::GameTree& tree, chess::GameTree::NodeId current);

private:
    void render();

    GameModel* m_game;
};

}  // namespace kibitz::ui
