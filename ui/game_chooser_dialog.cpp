// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/game_chooser_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kibitz::ui {

namespace {
QString tagOr(const chess::PgnGame& game, const char* name, const QString& fallback) {
    const std::string value = game.tag(name);
    return (value.empty() || value == "?") ? fallback : QString::fromStdString(value);
}
}  // namespace

GameChooserDialog::GameChooserDialog(const std::vector<chess::PgnGame>& games, const QString& note, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Choose a game"));
    resize(760, 480);
    auto* layout = new QVBoxLayout(this);
    if (!note.isEmpty()) {
        auto* label = new QLabel(note, this);
        label->setWordWrap(true);
        layout->addWidget(label);
    }
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by player, event or date"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("gameList"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels({tr("#"), tr("White"), tr("Black"), tr("Result"), tr("Date"), tr("Event"), tr("Moves")});
    const QString unknown = tr("?");
    QList<QTreeWidgetItem*> items;
    items.reserve(qsizetype(games.size()));
    for (std::size_t i = 0; i < games.size(); ++i) {
        const chess::PgnGame& g = games[i];
        auto* item = new QTreeWidgetItem(QStringList{QString::number(i + 1), tagOr(g, "White", unknown),
                                                     tagOr(g, "Black", unknown), QString::fromStdString(g.result),
                                                     tagOr(g, "Date", unknown), tagOr(g, "Event", QString()),
                                                     QString::number((g.moves.size() + 1) / 2)});
        item->setData(0, Qt::UserRole, int(i));
        items.push_back(item);
    }
    m_list->addTopLevelItems(items);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (!items.isEmpty()) m_list->setCurrentItem(items.front());
    layout->addWidget(m_list);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Open"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
    connect(m_filter, &QLineEdit::textChanged, this, &GameChooserDialog::applyFilter);
    m_list->setFocus();
}

int GameChooserDialog::selectedGame() const {
    const QTreeWidgetItem* item = m_list->currentItem();
    if (!item || item->isHidden()) return -1;
    return item->data(0, Qt::UserRole).toInt();
}

void GameChooserDialog::applyFilter(const QString& text) {
    const QString needle = text.trimmed();
    QTreeWidgetItem* firstVisible = nullptr;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_list->topLevelItem(i);
        bool match = needle.isEmpty();
        for (int c = 1; !match && c < m_list->columnCount(); ++c)
            match = item->text(c).contains(needle, Qt::CaseInsensitive);
        item->setHidden(!match);
        if (match && !firstVisible) firstVisible = item;
    }
    if (m_list->currentItem() == nullptr || m_list->currentItem()->isHidden()) m_list->setCurrentItem(firstVisible);
}

}  // namespace kibitz::ui
