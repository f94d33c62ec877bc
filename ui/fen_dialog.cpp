// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/fen_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kibitz::ui {

FenDialog::FenDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Set up position from FEN"));
    auto* layout = new QVBoxLayout(this);
    auto* prompt = new QLabel(tr("Paste or type a position in FEN:"), this);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("fenEdit"));
    m_edit->setMinimumWidth(460);
    m_edit->setClearButtonEnabled(true);
    prompt->setBuddy(m_edit);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("fenError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette pal = m_error->palette();
    pal.setColor(QPalette::WindowText, QColor(0xb0, 0x1c, 0x1c));
    m_error->setPalette(pal);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(prompt);
    layout->addWidget(m_edit);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_edit, &QLineEdit::textChanged, this, &FenDialog::validate);
    validate();
}

void FenDialog::setFen(const QString& fen) {
    m_edit->setText(fen.trimmed());
    validate();
}

QString FenDialog::fen() const { return m_edit->text().trimmed(); }

QString FenDialog::errorText() const { return m_error->text(); }

void FenDialog::validate() {
    const QString text = fen();
    m_position.reset();
    if (text.isEmpty()) {
        m_error->clear();
    } else if (auto parsed = chess::Position::fromFen(text.toStdString()); parsed) {
        m_position = std::move(parsed.value());
        m_error->clear();
    } else {
        m_error->setText(tr("Invalid FEN: %1").arg(QString::fromStdString(parsed.error().message)));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_position.has_value());
}

}  // namespace kibitz::ui
