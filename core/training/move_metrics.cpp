// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/move_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kibitz::training {

namespace {

void addTo(MoveMetrics::Bucket& b, int rank, double prob) {
    ++b.positions;
    if (rank == 0) ++b.top1;
    if (rank < 3) ++b.top3;
    b.nll += -std::log(std::max(prob, 1e-12));
}

JsonValue bucketJson(const MoveMetrics::Bucket& b) {
    return JsonValue::object()
        .set("positions", b.positions)
        .set("top1", roundedToDecimals(b.top1Rate(), 5))
        .set("top3", roundedToDecimals(b.top3Rate(), 5))
        .set("nll", roundedToDecimals(b.meanNll(), 5));
}

}  // namespace

void MoveMetrics::add(int rank, double prob, int moverElo) {
    addTo(m_all, rank, prob);
    if (moverElo >= 0) addTo(m_byElo[moverElo / 100 * 100], rank, prob);
}

void MoveMetrics::merge(const MoveMetrics& other) {
    auto mergeBucket = [](Bucket& a, const Bucket& b) {
        a.positions += b.positions;
        a.top1 += b.top1;
        a.top3 += b.top3;
        a.nll += b.nll;
    };
    mergeBucket(m_all, other.m_all);
    for (const auto& [k, b] : other.m_byElo) mergeBucket(m_byElo[k], b);
}

JsonValue MoveMetrics::toJsonValue() const {
    JsonValue byElo = JsonValue::object();
    for (const auto& [k, b] : m_byElo) byElo.set(std::to_string(k), bucketJson(b));
    return bucketJson(m_all).set("by_elo", std::move(byElo));
}

std::string MoveMetrics::toJson() const { return toJsonValue().write({.sortKeys = false, .decimals = 5}); }

std::string MoveMetrics::summary() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "n %lld top1 %.2f%% top3 %.2f%% nll %.4f", static_cast<long long>(m_all.positions),
                  100.0 * m_all.top1Rate(), 100.0 * m_all.top3Rate(), m_all.meanNll());
    return buf;
}

std::string MoveMetrics::table() const {
    std::string s = "  elo    positions  top1    top3    nll\n";
    for (const auto& [k, b] : m_byElo) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "  %-5d  %9lld  %5.1f%%  %5.1f%%  %.3f\n", k,
                      static_cast<long long>(b.positions), 100.0 * b.top1Rate(), 100.0 * b.top3Rate(), b.meanNll());
        s += buf;
    }
    return s;
}

}  // namespace kibitz::training
