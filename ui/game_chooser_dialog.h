// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"

#include <QDialog>

#include <vector>

class QLineEdit;
class QTreeWidget;

namespace kibitz::ui {

/// Lets the user pick one game of a multi-game PGN: one row per game (White, Black, result, date, event),
/// a filter box, double-click or OK to choose.
class GameChooserDialog : public QDialog {
    Q_OBJECT
public:
    /// `note` is shown above the list (e.g. that only the first games were read); may be empty.
    GameChooserDialog(const std::vector<chess::PgnGame>& games, const QString& note, QWidget* parent = nullptr);

    /// Index into the games passed to the constructor, or -1 when nothing is selected.
    int selectedGame() const;

private:
    void applyFilter(const QString& text);

    QLineEdit* m_filter = nullptr;
    QTreeWidget* m_list = nullptr;
};

}  // namespace kibitz::ui
