// SPDX-License-Identifier: GPL-3.0-or-later
// The puzzle panel's solving: the board set to the puzzle, the user's moves judged against the solution, the
// opponent's replies played, the parts that would give the solution away hidden until it ends.
#include "core/chess/notation.h"
#include "ui/puzzle_panel.h"
#include "ui/session.h"

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>

namespace kibitz::ui {

namespace {

QString sideName(chess::Color side) {
    return side == chess::White ? PuzzlePanel::tr("White") : PuzzlePanel::tr("Black");
}

}  // namespace

QString PuzzlePanel::solveText() const { return m_solveLine->text(); }

void PuzzlePanel::updateNext() {
    const int row = m_list->currentRow();
    const bool listed = m_file && row >= 0 && std::size_t(row) < m_listed.size() &&
                        m_file->puzzles[m_listed[std::size_t(row)]].id == m_puzzle.id && !m_building;
    m_next->setEnabled(!isSolving() && listed && row + 1 < m_list->count());
}

void PuzzlePanel::startSolving() {
    if (isSolving() || m_building || m_puzzle.moves.size() < 2) return;
    auto before = chess::Position::fromFen(m_puzzle.fen);
    if (!before) return;
    // The window sets the board first (and may leave another mode on the way); the judging starts after.
    Q_EMIT solveRequested(before.value(), m_puzzle.moves.front());
    m_solveAt = m_puzzle.solverStart();
    m_solveNext = 1;
    m_table->hide();
    m_maiaLine->hide();
    m_line->setText(lineText());
    m_solve->setText(tr("Show the solution"));
    m_solveLine->setText(tr("%1 to play: find the best move on the board.").arg(sideName(m_solveAt.sideToMove())));
    m_solveLine->show();
    updateNext();
}

void PuzzlePanel::showSolution() {
    if (!isSolving()) return;
    endSolving(true, false, tr("The solution: %1").arg(lineText()));
}

void PuzzlePanel::followSolve() {
    if (!m_session || m_session->uciMoves().isEmpty()) return;
    // Only a move played on the board in the position to solve counts (not navigating, not the reply being played).
    const auto move = chess::parseUci(m_solveAt, m_session->uciMoves().last().toStdString());
    if (!move || !m_solveAt.isLegal(*move)) return;
    chess::Position after = m_solveAt.snapshot();
    after.makeMove(*move);
    if (after.key() != m_session->position().key()) return;
    const chess::Move expected = m_puzzle.moves[std::size_t(m_solveNext)];
    const QString played = QString::fromStdString(chess::toSan(m_solveAt, *move));
    // As on Lichess, any move that mates solves it.
    if (*move != expected && !after.isCheckmate()) {
        const QString right = QString::fromStdString(chess::toSan(m_solveAt, expected));
        endSolving(true, false, tr("Not the move: %1 was played, the solution is %2.").arg(played, right));
        return;
    }
    if (after.isCheckmate() || std::size_t(m_solveNext) + 1 >= m_puzzle.moves.size()) {
        endSolving(true, true, tr("Solved: %1.").arg(played));
        return;
    }
    const chess::Move reply = m_puzzle.moves[std::size_t(m_solveNext) + 1];
    const QString answer = QString::fromStdString(chess::toSan(after, reply));
    const QString replier = sideName(after.sideToMove());
    after.makeMove(reply);
    m_solveAt = after.snapshot();
    m_solveNext += 2;
    m_solveLine->setText(tr("Right: %1. %2 replies %3; find the next move.").arg(played, replier, answer));
    Q_EMIT replyRequested(reply);
}

void PuzzlePanel::endSolving(bool counted, bool solved, const QString& text) {
    if (!isSolving()) return;
    m_solveNext = -1;
    if (counted) {
        ++m_tried;
        if (solved) ++m_solved;
    }
    m_table->show();
    showMaia();
    m_line->setText(lineText());
    m_solve->setText(tr("Solve it"));
    m_solveLine->setText(counted ? text + QLatin1Char(' ') + tr("Solved %1 of %2 here.").arg(m_solved).arg(m_tried)
                                 : text);
    m_solveLine->setVisible(!text.isEmpty());
    updateNext();
    Q_EMIT solveEnded(solved);
}

}  // namespace kibitz::ui
