// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/player_book.h"

#include "core/chess/notation.h"

#include <algorithm>
#include <unordered_map>

namespace kibitz::encoding {

std::string PlayerBook::positionKey(const chess::Position& pos) {
    const std::string fen = pos.fen();
    // The first four fields: placement, side, castling, en passant.
    std::size_t cut = 0;
    for (int field = 0; field < 4 && cut != std::string::npos; ++field) cut = fen.find(' ', cut + (field ? 1 : 0));
    return cut == std::string::npos ? fen : fen.substr(0, cut);
}

void PlayerBook::add(const chess::Position& pos, const std::string& uciMove) { add(positionKey(pos), uciMove, 1); }

void PlayerBook::add(const std::string& key, const std::string& uciMove, int count) {
    if (count <= 0) return;
    m_moves[key][uciMove] += count;
    m_total += count;
}

const std::map<std::string, int>* PlayerBook::find(const chess::Position& pos) const {
    if (m_moves.empty()) return nullptr;
    const auto it = m_moves.find(positionKey(pos));
    return it == m_moves.end() ? nullptr : &it->second;
}

void mixWithPlayerCounts(std::vector<double>& probs, const std::vector<int>& counts, double prior) {
    double total = 0.0;
    for (int c : counts) total += std::max(c, 0);
    if (total <= 0.0) return;
    const double p = std::max(prior, 0.0);
    for (std::size_t i = 0; i < probs.size(); ++i) {
        const double c = i < counts.size() ? double(std::max(counts[i], 0)) : 0.0;
        probs[i] = (c + p * probs[i]) / (total + p);
    }
}

std::vector<MoveProb> mixWithPlayerMoves(const std::vector<MoveProb>& model, const std::map<std::string, int>& counts,
                                         double prior) {
    std::vector<double> probs;
    std::vector<int> aligned;
    probs.reserve(model.size());
    aligned.reserve(model.size());
    for (const MoveProb& mp : model) {
        probs.push_back(mp.prob);
        const auto it = counts.find(chess::toUci(mp.move));
        aligned.push_back(it == counts.end() ? 0 : it->second);
    }
    mixWithPlayerCounts(probs, aligned, prior);
    std::vector<MoveProb> out;
    out.reserve(model.size());
    for (std::size_t i = 0; i < model.size(); ++i) out.push_back({model[i].move, float(probs[i])});
    std::stable_sort(out.begin(), out.end(), [](const MoveProb& a, const MoveProb& b) { return a.prob > b.prob; });
    return out;
}

PlayerBookEvaluator::PlayerBookEvaluator(std::unique_ptr<Evaluator> inner, PlayerBook book)
    : MoveMixingEvaluator(std::move(inner)), m_book(std::move(book)) {}

Status PlayerBookEvaluator::mixMoves(const std::vector<chess::Position>& positions,
                                     const std::vector<Conditioning>& /*conds*/,
                                     const std::vector<RecentMoves>& /*recent*/,
                                     std::vector<std::vector<MoveProb>>& moves) {
    for (std::size_t i = 0; i < moves.size() && i < positions.size(); ++i)
        if (const auto* counts = m_book.find(positions[i]))
            moves[i] = mixWithPlayerMoves(moves[i], *counts, m_book.prior);
    return {};
}

std::string PlayerBookEvaluator::conditioningNote(const Conditioning& cond) const {
    std::string note = m_inner->conditioningNote(cond);
    if (!note.empty()) note += "; ";
    const std::string who = m_book.player.empty() ? std::string("the player") : m_book.player;
    return note + "where " + who + " has stood before (" + std::to_string(m_book.positions()) +
           " positions of their openings), their own moves count";
}

std::string PlayerBookEvaluator::describe() const {
    std::string who = m_book.player.empty() ? std::string("the player") : m_book.player;
    return m_inner->describe() + "; with " + who + "'s own moves at " + std::to_string(m_book.positions()) +
           " positions of their games (first " + std::to_string(m_book.maxPly) + " plies)";
}

}  // namespace kibitz::encoding
