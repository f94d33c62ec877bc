// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/evaluator.h"

#include <QAbstractTableModel>

#include <vector>

namespace kibitz::ui {

/// Table of human-move probabilities for one position: rank, move (SAN), probability, optional engine eval.
class MoveProbModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn = 0, MoveColumn, ProbabilityColumn, ColumnCount };
    /// Raw probability (double in [0, 1]) under this role in ProbabilityColumn.
    static constexpr int ProbabilityRole = Qt::UserRole + 1;

    explicit MoveProbModel(QObject* parent = nullptr);

    /// Replaces the rows; `moves` must be legal in `pos` and sorted by decreasing probability.
    void setMoves(const chess::Position& pos, const std::vector<encoding::MoveProb>& moves);
    void clear();
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
    };
    std::vector<Row> m_rows;
};

}  // namespace kibitz::ui
