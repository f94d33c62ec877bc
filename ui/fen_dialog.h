// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"

#include <QDialog>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace kibitz::ui {

/// Asks for a FEN and checks it while the user types: the error text names the FEN field that is wrong
/// (from Position::fromFen), and OK stays disabled until the FEN is valid.
class FenDialog : public QDialog {
    Q_OBJECT
public:
    explicit FenDialog(QWidget* parent = nullptr);

    /// Puts `fen` in the editor and validates it.
    void setFen(const QString& fen);
    QString fen() const;
    /// The parsed position when the text is valid.
    std::optional<chess::Position> position() const { return m_position; }
    /// The current error message (empty when valid).
    QString errorText() const;

private:
    void validate();

    QLineEdit* m_edit = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    std::optional<chess::Position> m_position;
};

}  // namespace kibitz::ui
