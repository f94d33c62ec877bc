// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/engine_analyser.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace kibitz::ui {

/// Table of human-move probabilities for one position: rank, move (SAN), probability, optional engine eval.
class MoveProbModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn = 0, MoveColumn, ProbabilityColumn, EvalColumn, ColumnCount };
    /// Raw probability (double in [0, 1]) under this role in ProbabilityColumn.
    static constexpr int ProbabilityRole = Qt::UserRole + 1;
    /// Engine score of the move in centipawns from the side to move (mates via evaluation::scoreToCp) under this
    /// role in EvalColumn; invalid when the engine has not evaluated the move.
    static constexpr int EvalCpRole = Qt::UserRole + 2;

    explicit MoveProbModel(QObject* parent = nullptr);

    /// Replaces the rows; `moves` must be legal in `pos` and sorted by decreasing probability.
    void setMoves(const chess::Position& pos, const std::vector<encoding::MoveProb>& moves);
    void clear();
    /// Engine scores of some moves (side to move's view, e.g. the multi-PV lines); shown in EvalColumn from
    /// White's view like the engine panel. Moves without a score show a dash. Kept (and applied to the rows of
    /// later setMoves calls) until clear().
    void setEngineEvals(const std::vector<evaluation::MoveEval>& evals);
    chess::Move moveAt(int row) const;
    double probabilityAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        chess::Move move;
        QString san;
        QString uci;
        double prob = 0.0;
        std::optional<engines::UciScore> eval;
    };
    std::vector<Row> m_rows;
    std::vector<evaluation::MoveEval> m_evals;
    chess::Color m_sideToMove = chess::White;
};

}  // namespace kibitz::ui
