// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/eval_bar.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {

EvalBar::EvalBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    setToolTip(tr("Engine evaluation from White's point of view"));
}

void EvalBar::setScore(std::optional<engines::UciScore> whiteScore) {
    if (m_score == whiteScore && !m_expectation) return;
    m_score = whiteScore;
    m_expectation.reset();
    update();
}

void EvalBar::setExpectation(std::optional<double> whiteScore) {
    if (whiteScore) whiteScore = std::clamp(*whiteScore, 0.0, 1.0);
    if (m_expectation == whiteScore && !m_score) return;
    m_expectation = whiteScore;
    m_score.reset();
    update();
}

void EvalBar::setFlipped(bool flipped) {
    if (m_flipped == flipped) return;
    m_flipped = flipped;
    update();
}

double EvalBar::whiteExpectation(const engines::UciScore& s) {
    // Mate 0 carries no side once turned to White's view; the panel never shows it (game over, no search).
    if (s.isMate()) return s.value > 0 ? 1.0 : (s.value < 0 ? 0.0 : 0.5);
    // Lichess maps centipawns to a win chance in [-1, 1] with 2 / (1 + exp(-0.00368208 cp)) - 1.
    const double winChance = 2.0 / (1.0 + std::exp(-0.00368208 * s.value)) - 1.0;
    return (winChance + 1.0) / 2.0;
}

double EvalBar::whiteFraction() const {
    if (m_expectation) return *m_expectation;
    return m_score ? whiteExpectation(*m_score) : 0.5;
}

QString EvalBar::formatScore(const engines::UciScore& s) {
    if (s.isMate()) {
        return s.value > 0 ? QStringLiteral("#%1").arg(s.value) : QStringLiteral("-#%1").arg(-s.value);
    }
    const double pawns = s.value / 100.0;
    return (s.value > 0 ? QStringLiteral("+") : QString()) + QString::number(pawns, 'f', 2);
}

QString EvalBar::text() const {
    if (m_expectation) return QStringLiteral("%1%").arg(std::lround(100.0 * *m_expectation));
    return m_score ? formatScore(*m_score) : QString();
}

void EvalBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QRectF r = rect();
    const QColor white(0xf0, 0xf0, 0xf0);
    const QColor black(0x30, 0x30, 0x30);
    p.fillRect(r, black);
    const double whiteHeight = r.height() * whiteFraction();
    // White fills from the bottom unless the board is flipped.
    const QRectF whiteRect = m_flipped ? QRectF(r.left(), r.top(), r.width(), whiteHeight)
                                       : QRectF(r.left(), r.bottom() - whiteHeight, r.width(), whiteHeight);
    const bool shown = m_score || m_expectation;
    p.fillRect(whiteRect, shown ? white : QColor(0x90, 0x90, 0x90));
    p.setPen(QColor(0x80, 0x80, 0x80));
    p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
    if (!shown) return;
    QFont f = font();
    f.setPointSizeF(std::max(6.0, f.pointSizeF() * 0.75));
    p.setFont(f);
    const bool whiteAhead = whiteFraction() >= 0.5;
    // Write on the leading side's end, in the contrasting colour.
    const bool atBottom = whiteAhead != m_flipped;
    const QRectF textRect =
        atBottom ? QRectF(r.left(), r.bottom() - 20, r.width(), 18) : QRectF(r.left(), r.top() + 2, r.width(), 18);
    p.setPen(whiteAhead ? black : white);
    p.drawText(textRect, Qt::AlignCenter, text());
}

}  // namespace kibitz::ui
