// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/move_prob_model.h"

#include "core/chess/notation.h"

namespace kibitz::ui {

MoveProbModel::MoveProbModel(QObject* parent) : QAbstractTableModel(parent) {}

void MoveProbModel::setMoves(const chess::Position& pos, const std::vector<encoding::MoveProb>& moves) {
    beginResetModel();
    m_rows.clear();
    m_sideToMove = pos.sideToMove();
    m_rows.reserve(moves.size());
    for (const auto& mp : moves) {
        if (!pos.isLegal(mp.move)) continue;  // a stale result for another position never reaches the table
        m_rows.push_back(Row{mp.move, QString::fromStdString(chess::toSan(pos, mp.move)),
                             QString::fromStdString(chess::toUci(mp.move)), double(mp.prob), std::nullopt});
        for (const auto& e : m_evals)
            if (e.move == mp.move) m_rows.back().eval = e.score;
    }
    endResetModel();
}

void MoveProbModel::clear() {
    beginResetModel();
    m_rows.clear();
    m_evals.clear();
    endResetModel();
}

void MoveProbModel::setEngineEvals(const std::vector<evaluation::MoveEval>& evals) {
    m_evals = evals;
    for (Row& r : m_rows) {
        r.eval.reset();
        for (const auto& e : m_evals)
            if (e.move == r.move) r.eval = e.score;
    }
    if (!m_rows.empty()) Q_EMIT dataChanged(index(0, EvalColumn), index(int(m_rows.size()) - 1, EvalColumn));
}

chess::Move MoveProbModel::moveAt(int row) const {
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].move : chess::Move::none();
}

double MoveProbModel::probabilityAt(int row) const {
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].prob : 0.0;
}

int MoveProbModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int MoveProbModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MoveProbModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const Row& r = m_rows[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case RankColumn: return index.row() + 1;
            case MoveColumn: return r.san;
            case ProbabilityColumn: return QStringLiteral("%1%").arg(r.prob * 100.0, 0, 'f', r.prob < 0.1 ? 1 : 0);
            case EvalColumn:
                if (!r.eval) return QStringLiteral("–");
                return evaluation::formatScore(m_sideToMove == chess::White ? *r.eval : evaluation::flipSide(*r.eval));
            default: return {};
        }
    }
    if (role == Qt::ToolTipRole) return QStringLiteral("%1 (%2): %3%").arg(r.san, r.uci).arg(r.prob * 100.0, 0, 'f', 2);
    if (role == ProbabilityRole && index.column() == ProbabilityColumn) return r.prob;
    if (role == EvalCpRole && index.column() == EvalColumn)
        return r.eval ? QVariant(evaluation::scoreToCp(*r.eval)) : QVariant();
    if (role == Qt::TextAlignmentRole && index.column() != MoveColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant MoveProbModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case RankColumn: return tr("#");
        case MoveColumn: return tr("Move");
        case ProbabilityColumn: return tr("Human %");
        case EvalColumn: return tr("Engine");
        default: return {};
    }
}

}  // namespace kibitz::ui
