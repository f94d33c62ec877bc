// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/blend_evaluator.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>

namespace kibitz::encoding {

double BlendSchedule::weightFor(std::optional<int> moverElo) const {
    if (!moverElo || (*moverElo >= fullFrom && *moverElo <= fullTo)) return weight;
    const int beyond = *moverElo < fullFrom ? fullFrom - *moverElo : *moverElo - fullTo;
    if (fade <= 0 || beyond >= fade) return 0.0;
    return weight * (1.0 - double(beyond) / double(fade));
}

Result<std::vector<MoveProb>> blendMoveDistributions(const std::vector<MoveProb>& a, const std::vector<MoveProb>& b,
                                                     double w, const std::vector<MoveProb>* reference) {
    if (a.size() != b.size() || (reference && reference->size() != a.size()))
        return makeError(ErrorCode::InvalidInput, "blend: the models give " + std::to_string(a.size()) + " and " +
                                                      std::to_string(b.size()) + " moves for one position");
    std::unordered_map<std::uint16_t, float> second;
    second.reserve(b.size());
    for (const MoveProb& mp : b) second.emplace(mp.move.raw(), mp.prob);
    std::unordered_map<std::uint16_t, float> base;
    if (reference) {
        base.reserve(reference->size());
        for (const MoveProb& mp : *reference) base.emplace(mp.move.raw(), mp.prob);
    }
    constexpr double kFloor = 1e-9;
    std::vector<MoveProb> out;
    out.reserve(a.size());
    std::vector<double> logits;
    logits.reserve(a.size());
    double top = -1e300;
    for (const MoveProb& mp : a) {
        auto it = second.find(mp.move.raw());
        if (it == second.end())
            return makeError(ErrorCode::InvalidInput, "blend: the two models do not give the same legal moves");
        const double la = std::log(std::max(double(mp.prob), kFloor));
        const double lb = std::log(std::max(double(it->second), kFloor));
        double l = (1.0 - w) * la + w * lb;
        if (reference) {
            auto r = base.find(mp.move.raw());
            if (r == base.end())
                return makeError(ErrorCode::InvalidInput, "blend: the models do not give the same legal moves");
            l = la + w * (lb - std::log(std::max(double(r->second), kFloor)));
        }
        logits.push_back(l);
        top = std::max(top, l);
        out.push_back({mp.move, 0.0f});
    }
    double sum = 0.0;
    for (double& l : logits) sum += (l = std::exp(l - top));
    for (std::size_t i = 0; i < out.size(); ++i) out[i].prob = float(logits[i] / sum);
    std::stable_sort(out.begin(), out.end(), [](const MoveProb& x, const MoveProb& y) { return x.prob > y.prob; });
    return out;
}

void keepPrimaryMates(const chess::Position& pos, const std::vector<MoveProb>& primary, std::vector<MoveProb>& mixed) {
    double raisedOld = 0.0, raisedNew = 0.0;
    std::vector<bool> raised(mixed.size(), false);
    for (std::size_t i = 0; i < mixed.size(); ++i) {
        const chess::Move m = mixed[i].move;
        if (!pos.givesMate(m)) continue;
        auto it = std::find_if(primary.begin(), primary.end(), [m](const MoveProb& mp) { return mp.move == m; });
        if (it == primary.end() || it->prob <= mixed[i].prob) continue;
        raised[i] = true;
        raisedOld += mixed[i].prob;
        raisedNew += it->prob;
        mixed[i].prob = it->prob;
    }
    if (raisedNew == 0.0) return;
    const double rest = 1.0 - raisedOld;
    const double scale = rest > 0.0 ? std::max(0.0, 1.0 - raisedNew) / rest : 0.0;
    for (std::size_t i = 0; i < mixed.size(); ++i)
        if (!raised[i]) mixed[i].prob = float(mixed[i].prob * scale);
    std::stable_sort(mixed.begin(), mixed.end(), [](const MoveProb& x, const MoveProb& y) { return x.prob > y.prob; });
}

BlendEvaluator::BlendEvaluator(std::unique_ptr<Evaluator> primary, std::unique_ptr<Evaluator> second,
                               BlendSchedule schedule, std::string secondName, PartNote partNote)
    : MoveMixingEvaluator(std::move(primary)),
      m_second(std::move(second)),
      m_schedule(schedule),
      m_secondName(std::move(secondName)),
      m_partNote(std::move(partNote)) {}

Status BlendEvaluator::mixMoves(const std::vector<chess::Position>& positions, const std::vector<Conditioning>& conds,
                                const std::vector<RecentMoves>& recent, std::vector<std::vector<MoveProb>>& moves) {
    // Only the positions whose mover's rating gives the second model a weight are run through it.
    std::vector<std::size_t> used;
    std::vector<chess::Position> pos;
    std::vector<Conditioning> cond;
    std::vector<RecentMoves> rec;
    for (std::size_t i = 0; i < positions.size() && i < moves.size(); ++i) {
        if (m_schedule.weightFor(conds[i].moverElo) <= 0.0) continue;
        used.push_back(i);
        pos.push_back(positions[i]);
        cond.push_back(conds[i]);
        if (!recent.empty()) rec.push_back(recent[i]);
    }
    if (used.empty()) return {};
    auto second = m_second->moveDistributionsWithHistory(pos, cond, rec);
    if (!second) return second.error();
    Result<std::vector<std::vector<MoveProb>>> reference = std::vector<std::vector<MoveProb>>();
    if (m_reference) reference = m_reference->moveDistributionsWithHistory(pos, cond, rec);
    if (!reference) return reference.error();
    for (std::size_t k = 0; k < used.size(); ++k) {
        const std::size_t i = used[k];
        auto mixed = blendMoveDistributions(moves[i], (*second)[k], m_schedule.weightFor(conds[i].moverElo),
                                            m_reference ? &(*reference)[k] : nullptr);
        if (!mixed) return mixed.error();
        keepPrimaryMates(positions[i], moves[i], mixed.value());
        moves[i] = std::move(mixed.value());
    }
    return {};
}

void BlendEvaluator::setReference(std::unique_ptr<Evaluator> reference, std::string name) {
    m_reference = std::move(reference);
    m_referenceName = std::move(name);
}

std::string BlendEvaluator::describe() const {
    std::string d = m_inner->describe() + "; moves blended with " + m_secondName + " (weight " +
                    std::to_string(int(std::lround(100 * m_schedule.weight))) + "% for ratings " +
                    std::to_string(m_schedule.fullFrom) + "-" + std::to_string(m_schedule.fullTo) +
                    ", fading to 0 over " + std::to_string(m_schedule.fade) + " points beyond)";
    if (m_reference) d += " relative to the base model " + m_referenceName;
    return d;
}

std::string BlendEvaluator::conditioningNote(const Conditioning& cond) const {
    const double w = m_schedule.weightFor(cond.moverElo);
    std::string note = m_inner->conditioningNote(cond);
    if (w <= 0.0) return note;
    if (!note.empty()) note += "; ";
    note += "moves " + std::to_string(int(std::lround(100 * w))) + "% from " + m_secondName;
    if (m_partNote) {
        const std::string part = m_partNote(cond);
        if (!part.empty()) note += " (" + part + ")";
    }
    return note;
}

}  // namespace kibitz::encoding
