// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/move_tree_view.h"

#include "ui/game_model.h"

#include <QPalette>
#include <QUrl>

namespace kibitz::ui {

namespace {

using chess::GameTree;

QString nagText(int nag) {
    switch (nag) {
        case 1: return QStringLiteral("!");
        case 2: return QStringLiteral("?");
        case 3: return QStringLiteral("!!");
        case 4: return QStringLiteral("??");
        case 5: return QStringLiteral("!?");
        case 6: return QStringLiteral("?!");
        default: return QStringLiteral(" $") + QString::number(nag);
    }
}

/// Writes the tree's movetext; `html` adds anchors, emphasis and the highlight of `current`.
class Renderer {
public:
    Renderer(const GameTree& tree, bool html, GameTree::NodeId current, QColor highlight)
        : m_tree(tree), m_html(html), m_current(current), m_highlight(std::move(highlight)) {
        const chess::Position& start = tree.start();
        m_startPly = (start.fullmoveNumber() - 1) * 2 + (start.sideToMove() == chess::Black ? 1 : 0);
    }

    QString run() {
        comment(m_tree.node(GameTree::kRoot).comment);
        const auto& root = m_tree.node(GameTree::kRoot);
        if (!root.children.empty()) line(root.children.front(), 0);
        return m_out.trimmed();
    }

private:
    void word(const QString& w) {
        if (!m_out.isEmpty() && !m_glue) m_out += QLatin1Char(' ');
        m_glue = false;
        m_out += w;
    }
    QString escaped(const QString& s) const { return m_html ? s.toHtmlEscaped() : s; }
    void comment(const std::string& text) {
        if (text.empty()) return;
        const QString t = escaped(QString::fromStdString(text).simplified());
        word(m_html ? QStringLiteral("<i style=\"color:#2e7d32\">") + t + QStringLiteral("</i>")
                    : QLatin1Char('{') + t + QLatin1Char('}'));
    }

    void line(GameTree::NodeId first, int depth) {
        bool needNumber = true;
        for (GameTree::NodeId id = first; id != GameTree::kNone;) {
            const GameTree::Node& n = m_tree.node(id);
            if (!n.preComment.empty()) {
                comment(n.preComment);
                needNumber = true;
            }
            const int before = m_startPly + n.ply - 1;
            const int number = before / 2 + 1;
            if (before % 2 == 0)
                word(QString::number(number) + QLatin1Char('.'));
            else if (needNumber)
                word(QString::number(number) + QStringLiteral("..."));
            QString san = escaped(QString::fromStdString(n.san));
            for (int nag : n.nags) san += nagText(nag);
            if (m_html) {
                QString style;
                if (id == m_current) style = QStringLiteral("background-color:%1;").arg(m_highlight.name());
                if (depth == 0) style += QStringLiteral("font-weight:bold;");
                san = QStringLiteral("<a href=\"move:%1\"%2 style=\"%3\">%4</a>")
                          .arg(id)
                          .arg(id == m_current ? QStringLiteral(" name=\"current\"") : QString())
                          .arg(style, san);
            }
            word(san);
            needNumber = false;  // NAG symbols are glued to the move, so no number is needed after them
            if (!n.comment.empty()) {
                comment(n.comment);
                needNumber = true;
            }
            // This move's alternatives are its parent's other children, written after it.
            const GameTree::Node& parent = m_tree.node(n.parent);
            if (parent.children.front() == id && parent.children.size() > 1) {
                for (std::size_t i = 1; i < parent.children.size(); ++i) {
                    word(m_html ? QStringLiteral("<span style=\"color:gray\">(</span>") : QStringLiteral("("));
                    m_glue = true;  // "(" and ")" hug the variation's first and last words
                    line(parent.children[i], depth + 1);
                    m_out += m_html ? QStringLiteral("<span style=\"color:gray\">)</span>") : QStringLiteral(")");
                }
                needNumber = true;
            }
            id = n.children.empty() ? GameTree::kNone : n.children.front();
        }
    }

    const GameTree& m_tree;
    bool m_html;
    GameTree::NodeId m_current;
    QColor m_highlight;
    int m_startPly = 0;
    QString m_out;
    bool m_glue = false;
};

}  // namespace

QString MoveTreeView::plainText(const chess::GameTree& tree) {
    return Renderer(tree, false, GameTree::kNone, QColor()).run();
}

QString MoveTreeView::html(const chess::GameTree& tree, chess::GameTree::NodeId current) {
    return Renderer(tree, true, current, QColor(255, 213, 79)).run();
}

MoveTreeView::MoveTreeView(GameModel* game, QWidget* parent) : QTextBrowser(parent), m_game(game) {
    setObjectName(QStringLiteral("moveTree"));
    setOpenLinks(false);
    setOpenExternalLinks(false);
    // Arrow keys belong to game navigation.
    setFocusPolicy(Qt::NoFocus);
    // Moves read as text, not as web links.
    document()->setDefaultStyleSheet(
        QStringLiteral("a { text-decoration: none; color: %1; }").arg(palette().color(QPalette::Text).name()));
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() != QLatin1String("move")) return;
        bool ok = false;
        const int id = url.path().toInt(&ok);
        if (ok) m_game->setCurrentNode(id);
    });
    connect(m_game, &GameModel::treeChanged, this, &MoveTreeView::render);
    connect(m_game, &GameModel::currentPlyChanged, this, &MoveTreeView::render);
    render();
}

void MoveTreeView::render() {
    setHtml(html(m_game->tree(), m_game->currentNode()));
    scrollToAnchor(QStringLiteral("current"));
}

}  // namespace kibitz::ui
