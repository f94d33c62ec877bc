// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/engines/uci_parser.h"

#include <QWidget>

#include <optional>

namespace kibitz::ui {

/// A vertical bar split between White (bottom) and Black (top) by the engine's expected score, with the
/// evaluation written on it ("+0.35", "#3", "-#2"). Scores are from White's point of view.
class EvalBar : public QWidget {
    Q_OBJECT
public:
    explicit EvalBar(QWidget* parent = nullptr);

    /// Sets the score from White's point of view; an empty optional clears the bar (engine off).
    void setScore(std::optional<engines::UciScore> whiteScore);
    /// Expectation mode (the human model's value head): White's expected score in [0, 1] drawn directly and written
    /// as a percentage ("62%"); an empty optional clears the bar. Replaces any engine score.
    void setExpectation(std::optional<double> whiteScore);
    std::optional<double> expectation() const { return m_expectation; }
    std::optional<engines::UciScore> score() const { return m_score; }
    /// White's share of the bar in [0, 1]: 0.5 for equal, 1 when White mates.
    double whiteFraction() const;
    /// The text drawn on the bar ("" when cleared).
    QString text() const;
    /// Puts Black at the bottom, matching a flipped board.
    void setFlipped(bool flipped);
    bool isFlipped() const { return m_flipped; }

    /// Formats a White-point-of-view score as the bar and the engine panel write it.
    static QString formatScore(const engines::UciScore& whiteScore);
    /// Expected score in [0, 1] for White: a logistic curve of centipawns (Lichess's win-chance model); mates
    /// give 0 or 1.
    static double whiteExpectation(const engines::UciScore& whiteScore);

    QSize sizeHint() const override { return {28, 240}; }
    QSize minimumSizeHint() const override { return {16, 60}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::optional<engines::UciScore> m_score;
    std::optional<double> m_expectation;
    bool m_flipped = false;
};

}  // namespace kibitz::ui
