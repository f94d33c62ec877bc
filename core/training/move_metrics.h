// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/json_writer.h"

#include <cstdint>
#include <map>
#include <string>

namespace kibitz::training {

/// Top-1 / top-3 accuracy and NLL of predicted move distributions, overall and per 100-Elo bucket of the mover.
class MoveMetrics {
public:
    struct Bucket {
        std::int64_t positions = 0;
        std::int64_t top1 = 0;
        std::int64_t top3 = 0;
        double nll = 0.0;  ///< summed negative log-likelihood (nats)
        double top1Rate() const { return positions ? double(top1) / double(positions) : 0.0; }
        double top3Rate() const { return positions ? double(top3) / double(positions) : 0.0; }
        double meanNll() const { return positions ? nll / double(positions) : 0.0; }
    };

    /// Adds one position: `rank` of the played move among the legal moves (0 = most likely), its probability,
    /// and the mover's Elo (negative when unknown: counted overall only).
    void add(int rank, double prob, int moverElo);
    void merge(const MoveMetrics& other);
    const Bucket& overall() const { return m_all; }
    /// Buckets keyed by their lower bound (1500 = 1500..1599).
    const std::map<int, Bucket>& byElo() const { return m_byElo; }
    /// One JSON object: {"positions":..,"top1":..,"top3":..,"nll":..,"by_elo":{"1500":{...},...}}, rates and NLLs
    /// rounded to 5 decimals.
    JsonValue toJsonValue() const;
    /// toJsonValue() as text, in that key order with 5 decimals (the training log's line).
    std::string toJson() const;
    /// A short line for logs: "n 4000 top1 31.2% top3 55.0% nll 2.101".
    std::string summary() const;
    /// Multi-line table of the buckets.
    std::string table() const;

private:
    Bucket m_all;
    std::map<int, Bucket> m_byElo;
};

}  // namespace kibitz::training
