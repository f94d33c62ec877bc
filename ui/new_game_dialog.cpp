// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/new_game_dialog.h"

#include "core/encoding/conditioning.h"
#include "core/play/human_mover.h"
#include "ui/settings_keys.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace kibitz::ui {

namespace {

struct Preset {
    const char* label;
    double minutes;  ///< 0: no clocks
    int increment;
};

// Lichess's common pools, then no clock; the last entry is "Custom" (the spin boxes as they are).
constexpr Preset kPresets[] = {
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Bullet 1+0"), 1, 0},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Bullet 2+1"), 2, 1},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Blitz 3+0"), 3, 0},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Blitz 3+2"), 3, 2},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Blitz 5+3"), 5, 3},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Rapid 10+0"), 10, 0},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Rapid 10+5"), 10, 5},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Rapid 15+10"), 15, 10},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Classical 30+0"), 30, 0},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "Classical 30+20"), 30, 20},
    {QT_TRANSLATE_NOOP("kibitz::ui::NewGameDialog", "No clock"), 0, 0},
};
constexpr int kPresetCount = int(sizeof kPresets / sizeof kPresets[0]);
constexpr int kDefaultPreset = 4;  // 5+3
constexpr int kNoClockPreset = kPresetCount - 1;
constexpr int kCustomPreset = kPresetCount;

// The ratings a player can be told, as the analysis sliders offer them.
constexpr int kMinElo = encoding::kMinPlayableElo;
constexpr int kMaxElo = encoding::kMaxPlayableElo;

}  // namespace

NewGameDialog::NewGameDialog(const chess::Position& boardPosition, QWidget* parent)
    : QDialog(parent), m_boardPosition(boardPosition.snapshot()) {
    setWindowTitle(tr("New game against the human model"));

    auto* players = new QGroupBox(tr("Players"));
    auto* pf = new QFormLayout(players);
    m_side = new QComboBox;
    m_side->addItem(tr("White"), 0);
    m_side->addItem(tr("Black"), 1);
    m_side->addItem(tr("Random"), 2);
    pf->addRow(tr("You play"), m_side);
    auto eloBox = [] {
        auto* s = new QSpinBox;
        s->setRange(kMinElo, kMaxElo);
        s->setSingleStep(50);
        s->setValue(1500);
        return s;
    };
    m_userElo = eloBox();
    m_userElo->setToolTip(tr("Your rating: the opponent plays as if it faced a player of this strength"));
    pf->addRow(tr("Your rating"), m_userElo);
    m_opponentElo = eloBox();
    m_opponentElo->setToolTip(tr("The opponent plays the moves a Lichess player of this rating would play"));
    pf->addRow(tr("Opponent's rating"), m_opponentElo);
    m_ratingStrength = new QCheckBox(tr("Plays at its rating's strength"));
    m_ratingStrength->setChecked(true);
    m_ratingStrength->setToolTip(
        tr("The rating sets how often the opponent errs, not only its style: its moves lose about as much winning "
           "chance as real Lichess players' of that rating (measured on games it never saw; the user guide has the "
           "table). Off: it draws from the model's distribution as it is, which errs alike at every rating"));
    pf->addRow(m_ratingStrength);
    m_strengthNote = new QLabel;
    m_strengthNote->setWordWrap(true);
    m_strengthNote->setMinimumWidth(320);
    m_strengthNote->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_strengthNote->setMinimumHeight(3 * m_strengthNote->fontMetrics().lineSpacing() + 4);
    pf->addRow(m_strengthNote);

    auto* time = new QGroupBox(tr("Time control"));
    auto* tf = new QFormLayout(time);
    m_preset = new QComboBox;
    for (const Preset& p : kPresets) m_preset->addItem(tr(p.label));
    m_preset->addItem(tr("Custom"));
    tf->addRow(tr("Preset"), m_preset);
    m_baseMinutes = new QDoubleSpinBox;
    m_baseMinutes->setRange(0.25, 180);
    m_baseMinutes->setDecimals(2);
    m_baseMinutes->setSingleStep(1);
    m_baseMinutes->setSuffix(tr(" min"));
    tf->addRow(tr("Clock"), m_baseMinutes);
    m_increment = new QSpinBox;
    m_increment->setRange(0, 180);
    m_increment->setSuffix(tr(" s per move"));
    tf->addRow(tr("Increment"), m_increment);

    auto* style = new QGroupBox(tr("Opponent"));
    auto* sf = new QFormLayout(style);
    m_temperature = new QDoubleSpinBox;
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(1.0);
    m_temperature->setToolTip(
        tr("On top of the rating's strength: 1 plays as people of that rating do; lower plays the likeliest moves "
           "more often (stronger), 0 always the likeliest; higher plays more varied moves (weaker)"));
    sf->addRow(tr("Temperature"), m_temperature);
    m_topP = new QSpinBox;
    m_topP->setRange(50, 100);
    m_topP->setValue(100);
    m_topP->setSuffix(QStringLiteral(" %"));
    m_topP->setToolTip(
        tr("Only the most likely moves that together make up this share are ever played, so a "
           "one-in-a-thousand move never is"));
    sf->addRow(tr("Top-p"), m_topP);
    m_thinkTime = new QCheckBox(tr("Thinks for a human time"));
    m_thinkTime->setChecked(true);
    m_thinkTime->setToolTip(
        tr("Spends time like a human on this clock: more on hard moves and early in the "
           "middlegame, less when short of time; off: moves at once"));
    sf->addRow(m_thinkTime);
    m_resigns = new QCheckBox(tr("May resign a lost game"));
    m_resigns->setChecked(true);
    sf->addRow(m_resigns);
    m_drawOffers = new QCheckBox(tr("May offer and accept draws"));
    m_drawOffers->setChecked(true);
    sf->addRow(m_drawOffers);

    m_fromBoard = new QCheckBox(tr("Start from the position on the board"));
    const bool custom = m_boardPosition.fen() != chess::Position::kStartFen && m_boardPosition.countLegalMoves() > 0;
    m_fromBoard->setEnabled(custom);
    m_fromBoard->setChecked(false);

    m_summary = new QLabel;
    m_summary->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Play"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        saveChoices();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(players);
    layout->addWidget(time);
    layout->addWidget(style);
    layout->addWidget(m_fromBoard);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &NewGameDialog::applyPreset);
    auto toCustom = [this] {
        // Hand-edited values that match a preset show it; others show "Custom".
        int match = kCustomPreset;
        for (int i = 0; i < kNoClockPreset; ++i)
            if (kPresets[i].minutes == m_baseMinutes->value() && kPresets[i].increment == m_increment->value())
                match = i;
        const QSignalBlocker block(m_preset);
        m_preset->setCurrentIndex(match);
        updateSummary();
    };
    connect(m_baseMinutes, &QDoubleSpinBox::valueChanged, this, toCustom);
    connect(m_increment, &QSpinBox::valueChanged, this, toCustom);
    for (QSpinBox* s : {m_userElo, m_opponentElo})
        connect(s, &QSpinBox::valueChanged, this, &NewGameDialog::updateSummary);
    connect(m_side, &QComboBox::currentIndexChanged, this, &NewGameDialog::updateSummary);
    connect(m_ratingStrength, &QCheckBox::toggled, this, &NewGameDialog::updateSummary);

    restoreChoices();
    updateSummary();
}

void NewGameDialog::applyPreset(int index) {
    const bool clocks = index != kNoClockPreset;
    m_baseMinutes->setEnabled(clocks);
    m_increment->setEnabled(clocks);
    if (index >= 0 && index < kNoClockPreset) {
        const QSignalBlocker b1(m_baseMinutes);
        const QSignalBlocker b2(m_increment);
        m_baseMinutes->setValue(kPresets[index].minutes);
        m_increment->setValue(kPresets[index].increment);
    }
    updateSummary();
}

QString NewGameDialog::strengthNoteText() const { return m_strengthNote->text(); }

void NewGameDialog::updateSummary() {
    const QString side = m_side->currentIndex() == 2 ? tr("a random side") : m_side->currentText();
    const QString clock = m_preset->currentIndex() == kNoClockPreset
                              ? tr("without clocks")
                              : tr("%1 min + %2 s").arg(m_baseMinutes->value()).arg(m_increment->value());
    const int elo = m_opponentElo->value();
    m_strengthNote->setText(
        !m_ratingStrength->isChecked() ? tr("Plays the model's moves as they come: about as error-prone at any rating.")
        : elo > play::kStrengthMeasuredUpTo
            ? tr("The style of a %1, the strength of about a %2: above %2 the rating stops adding strength "
                 "(measured in self-play).")
                  .arg(elo)
                  .arg(play::kStrengthMeasuredUpTo)
            : tr("Errs about as often as Lichess %1s do: it is measured against their games.").arg(elo));
    m_summary->setText(tr("You (%1) play %2 against a %3-rated human, %4.")
                           .arg(m_userElo->value())
                           .arg(side)
                           .arg(m_opponentElo->value())
                           .arg(clock));
}

jobs::PlaySettings NewGameDialog::settings() const {
    jobs::PlaySettings s;
    int side = m_side->currentData().toInt();
    if (side == 2) side = int(QRandomGenerator::global()->bounded(2));
    s.userColor = side == 0 ? chess::White : chess::Black;
    s.userElo = m_userElo->value();
    s.opponentElo = m_opponentElo->value();
    if (m_preset->currentIndex() == kNoClockPreset) {
        s.baseMs = 0;
        s.incrementMs = 0;
    } else {
        s.baseMs = std::int64_t(m_baseMinutes->value() * 60'000.0 + 0.5);
        s.incrementMs = std::int64_t(m_increment->value()) * 1000;
    }
    s.policy.temperature = m_temperature->value();
    s.policy.topP = m_topP->value() / 100.0;
    s.policy.calibrated = m_ratingStrength->isChecked();
    s.humanThinkTime = m_thinkTime->isChecked();
    s.decisions.allowResign = m_resigns->isChecked();
    s.decisions.allowDrawOffers = m_drawOffers->isChecked();
    if (!m_drawOffers->isChecked()) s.decisions.acceptDrawBelow = 0.0;  // never accepts either
    s.start = m_fromBoard->isChecked() && m_fromBoard->isEnabled() ? m_boardPosition : chess::Position();
    return s;
}

void NewGameDialog::saveChoices() const {
    QSettings st;
    st.setValue(settings_keys::kPlaySide, m_side->currentIndex());
    st.setValue(settings_keys::kPlayUserElo, m_userElo->value());
    st.setValue(settings_keys::kPlayOpponentElo, m_opponentElo->value());
    st.setValue(settings_keys::kPlayPreset, m_preset->currentIndex());
    st.setValue(settings_keys::kPlayBaseMinutes, m_baseMinutes->value());
    st.setValue(settings_keys::kPlayIncrement, m_increment->value());
    st.setValue(settings_keys::kPlayTemperature, m_temperature->value());
    st.setValue(settings_keys::kPlayTopP, m_topP->value());
    st.setValue(settings_keys::kPlayRatingStrength, m_ratingStrength->isChecked());
    st.setValue(settings_keys::kPlayThinkTime, m_thinkTime->isChecked());
    st.setValue(settings_keys::kPlayResigns, m_resigns->isChecked());
    st.setValue(settings_keys::kPlayDrawOffers, m_drawOffers->isChecked());
}

void NewGameDialog::restoreChoices() {
    // Out-of-range stored values are clamped by the widgets; an unknown preset index falls back to the default.
    QSettings st;
    m_side->setCurrentIndex(std::clamp(st.value(settings_keys::kPlaySide, 0).toInt(), 0, 2));
    m_userElo->setValue(st.value(settings_keys::kPlayUserElo, 1500).toInt());
    m_opponentElo->setValue(st.value(settings_keys::kPlayOpponentElo, 1500).toInt());
    int preset = st.value(settings_keys::kPlayPreset, kDefaultPreset).toInt();
    if (preset < 0 || preset > kCustomPreset) preset = kDefaultPreset;
    m_preset->setCurrentIndex(preset);
    applyPreset(preset);
    if (preset == kCustomPreset) {
        m_baseMinutes->setValue(st.value(settings_keys::kPlayBaseMinutes, 5.0).toDouble());
        m_increment->setValue(st.value(settings_keys::kPlayIncrement, 3).toInt());
    }
    m_temperature->setValue(st.value(settings_keys::kPlayTemperature, 1.0).toDouble());
    m_topP->setValue(st.value(settings_keys::kPlayTopP, 100).toInt());
    m_ratingStrength->setChecked(st.value(settings_keys::kPlayRatingStrength, true).toBool());
    m_thinkTime->setChecked(st.value(settings_keys::kPlayThinkTime, true).toBool());
    m_resigns->setChecked(st.value(settings_keys::kPlayResigns, true).toBool());
    m_drawOffers->setChecked(st.value(settings_keys::kPlayDrawOffers, true).toBool());
}

}  // namespace kibitz::ui
