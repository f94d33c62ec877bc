// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobs/play_controller.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace kibitz::ui {

/// "New game against the human model": the user's side (or random), both ratings, the time control (presets, custom
/// base and increment, or no clocks), how the opponent samples (temperature, top-p), whether it thinks for a human
/// time, resigns and offers draws, and whether the game starts from the board's position. The choices are
/// remembered (QSettings "play/...").
class NewGameDialog : public QDialog {
    Q_OBJECT
public:
    /// `boardPosition` is offered as the start when it is not the standard one.
    explicit NewGameDialog(const chess::Position& boardPosition, QWidget* parent = nullptr);

    /// The game as chosen ("Random" side drawn here). Call after exec() returned Accepted.
    jobs::PlaySettings settings() const;
    /// Writes the choices to QSettings (done on accept).
    void saveChoices() const;

    /// Widgets, for tests.
    QComboBox* sideBox() const { return m_side; }
    QSpinBox* userEloBox() const { return m_userElo; }
    QSpinBox* opponentEloBox() const { return m_opponentElo; }
    QComboBox* timeControlBox() const { return m_preset; }
    QDoubleSpinBox* baseMinutesBox() const { return m_baseMinutes; }
    QSpinBox* incrementBox() const { return m_increment; }
    QCheckBox* fromBoardBox() const { return m_fromBoard; }
    QCheckBox* ratingStrengthBox() const { return m_ratingStrength; }
    QString strengthNoteText() const;

private:
    void applyPreset(int index);
    void updateSummary();
    void restoreChoices();

    chess::Position m_boardPosition;
    QComboBox* m_side = nullptr;
    QSpinBox* m_userElo = nullptr;
    QSpinBox* m_opponentElo = nullptr;
    QComboBox* m_preset = nullptr;
    QDoubleSpinBox* m_baseMinutes = nullptr;
    QSpinBox* m_increment = nullptr;
    QDoubleSpinBox* m_temperature = nullptr;
    QSpinBox* m_topP = nullptr;
    QCheckBox* m_ratingStrength = nullptr;
    QCheckBox* m_thinkTime = nullptr;
    QCheckBox* m_resigns = nullptr;
    QCheckBox* m_drawOffers = nullptr;
    QCheckBox* m_fromBoard = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_strengthNote = nullptr;
};

}  // namespace kibitz::ui
