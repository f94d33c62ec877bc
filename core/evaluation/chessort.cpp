// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/chessort.h"

#include "core/chess/notation.h"

#include <QJsonArray>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>

namespace kibitz::evaluation {
namespace {

// Chessort's downscale factors: centipawns relative to 4 pawns, mate distances relative to 2 moves.
constexpr double kCpScale = 400.0;
constexpr double kMateScale = 2.0;
constexpr double kScaleMin = -0.5;
constexpr double kScaleMax = 1.5;

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

bool sameScore(const engines::UciScore& a, const engines::UciScore& b) { return scoreToCp(a) == scoreToCp(b); }

}  // namespace

SortLabel sortLabel(double d) {
    if (d < 50.0) return SortLabel::Beginner;
    if (d < 75.0) return SortLabel::Easy;
    if (d < 87.5) return SortLabel::Medium;
    if (d < 95.0) return SortLabel::Hard;
    return SortLabel::Master;
}

const char* sortLabelName(SortLabel label) {
    switch (label) {
        case SortLabel::Beginner: return "Beginner";
        case SortLabel::Easy: return "Easy";
        case SortLabel::Medium: return "Medium";
        case SortLabel::Hard: return "Hard";
        case SortLabel::Master: return "Master";
    }
    return "Beginner";
}

double sortScale(const engines::UciScore& score) {
    if (!score.isMate()) return sigmoid(score.value / kCpScale);
    // Mate in 1 sits at the end of its range and longer mates approach the centipawn range.
    const int n = std::max(1, std::abs(score.value));
    const double m = sigmoid(-(n - 1) / kMateScale);  // (0, 0.5]
    return score.value > 0 ? 1.0 + m : -m;
}

double normalisedStrength(const engines::UciScore& score) {
    return (sortScale(score) - kScaleMin) / (kScaleMax - kScaleMin);
}

double sortDifficulty(const std::vector<engines::UciScore>& scores) {
    std::vector<double> s;
    s.reserve(scores.size());
    for (const auto& sc : scores) s.push_back(normalisedStrength(sc));
    std::sort(s.begin(), s.end(), std::greater<>());
    double inverseSum = 0.0;
    int n = 0;
    for (std::size_t i = 1; i < s.size(); ++i) {
        const double diff = std::abs(s[i - 1] - s[i]);
        if (diff == 0.0) continue;  // equal scores: any order is right, so the pair costs nothing
        inverseSum += 1.0 / diff;
        ++n;
    }
    if (n == 0) return 0.0;
    const double harmonic = n / inverseSum;
    // The n differences of values in [0, 1] sum to at most 1, so their harmonic mean is at most 1 / n.
    return std::clamp(100.0 * (1.0 - n * harmonic), 0.0, 100.0);
}

int sortPoints(const std::vector<engines::UciScore>& scores, const std::vector<int>& order) {
    if (order.size() != scores.size()) return 0;
    std::vector<bool> seen(scores.size(), false);
    for (int i : order) {
        if (i < 0 || i >= int(scores.size()) || seen[std::size_t(i)]) return 0;
        seen[std::size_t(i)] = true;
    }
    // The reference order: by score, best first (stable, so engine order breaks nothing that matters).
    std::vector<int> ref(scores.size());
    std::iota(ref.begin(), ref.end(), 0);
    std::stable_sort(ref.begin(), ref.end(), [&](int a, int b) {
        return scoreToCp(scores[std::size_t(a)]) > scoreToCp(scores[std::size_t(b)]);
    });
    int points = 0;
    for (std::size_t pos = 0; pos < order.size(); ++pos)
        if (sameScore(scores[std::size_t(order[pos])], scores[std::size_t(ref[pos])])) ++points;
    return points;
}

Result<HumanSortDifficulty> humanSortDifficulty(const std::vector<double>& probs,
                                                const std::vector<engines::UciScore>& scores) {
    const std::size_t n = probs.size();
    if (n != scores.size() || n == 0 || n > 8)
        return makeError(ErrorCode::InvalidInput, "human sort difficulty: need 1 to 8 cards with one probability each");
    std::vector<double> w(n);
    for (std::size_t i = 0; i < n; ++i) w[i] = std::max(probs[i], 1e-6);
    const double total = std::accumulate(w.begin(), w.end(), 0.0);
    for (double& x : w) x /= total;

    int orderedPairs = 0;
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            if (!sameScore(scores[a], scores[b])) ++orderedPairs;

    HumanSortDifficulty out;
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    do {
        // Plackett-Luce: pick the first card with probability w / (weight left), then the next, ...
        double p = 1.0;
        double left = 1.0;
        for (int i : perm) {
            p *= w[std::size_t(i)] / left;
            left -= w[std::size_t(i)];
            if (left < 1e-15) left = 1e-15;
        }
        const int points = sortPoints(scores, perm);
        if (points == int(n)) out.pCorrect += p;
        out.expectedPoints += p * points;
        int wrong = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j)
                if (scoreToCp(scores[std::size_t(perm[i])]) < scoreToCp(scores[std::size_t(perm[j])])) ++wrong;
        if (orderedPairs > 0) out.expectedKendall += p * double(wrong) / orderedPairs;
    } while (std::next_permutation(perm.begin(), perm.end()));
    out.pCorrect = std::clamp(out.pCorrect, 0.0, 1.0);
    out.difficulty = 100.0 * (1.0 - out.pCorrect);
    return out;
}

bool MoveSelectionStrategy::canHandle(const std::vector<RankedMove>& moves, int count) const {
    return count > 0 && int(moves.size()) >= count;
}

double TopSpreadStrategy::spreadForCp(int cp) {
    return normalisedStrength(
               engines::UciScore{engines::UciScore::Kind::Centipawns, cp, engines::UciScore::Bound::Exact}) -
           0.5;
}

namespace {

// Consecutive runs of equal scores in a list sorted best first.
std::vector<std::vector<int>> buckets(const std::vector<RankedMove>& moves) {
    std::vector<std::vector<int>> out;
    for (int i = 0; i < int(moves.size()); ++i) {
        if (out.empty() ||
            !sameScore(moves[std::size_t(out.back().front())].eval.score, moves[std::size_t(i)].eval.score))
            out.emplace_back();
        out.back().push_back(i);
    }
    return out;
}

}  // namespace

bool TopSpreadStrategy::canHandle(const std::vector<RankedMove>& moves, int count) const {
    return MoveSelectionStrategy::canHandle(moves, count) && int(buckets(moves).size()) >= count;
}

std::optional<std::vector<int>> TopSpreadStrategy::select(const std::vector<RankedMove>& moves, int count,
                                                          std::mt19937&) const {
    if (!canHandle(moves, count)) return std::nullopt;
    const auto groups = buckets(moves);
    std::vector<bool> used(groups.size(), false);
    std::vector<int> picked;
    double maxStrength = 2.0;  // nothing limits the first pick
    for (int k = 0; k < count; ++k) {
        bool found = false;
        for (std::size_t b = 0; b < groups.size(); ++b) {
            if (used[b]) continue;
            const double strength = normalisedStrength(moves[std::size_t(groups[b].front())].eval.score);
            if (strength > maxStrength + 1e-12) continue;
            used[b] = true;
            picked.push_back(groups[b].front());
            maxStrength = strength - m_spread;
            found = true;
            break;
        }
        if (!found) return std::nullopt;
    }
    std::sort(picked.begin(), picked.end());
    return picked;
}

std::string TopSpreadStrategy::name() const {
    // Name it by the centipawn spread it stands for (inverse of spreadForCp).
    const double s = std::clamp(2.0 * (m_spread + 0.5) - 0.5, 1e-9, 1.0 - 1e-9);
    const int cp = int(std::lround(kCpScale * std::log(s / (1.0 - s))));
    return "top-spread(" + std::to_string(cp) + "cp)";
}

std::optional<std::vector<int>> RandomStrategy::select(const std::vector<RankedMove>& moves, int count,
                                                       std::mt19937& rng) const {
    if (!canHandle(moves, count)) return std::nullopt;
    std::vector<int> all(moves.size());
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(std::size_t(count));
    std::sort(all.begin(), all.end());
    return all;
}

std::vector<std::unique_ptr<MoveSelectionStrategy>> defaultStrategies() {
    std::vector<std::unique_ptr<MoveSelectionStrategy>> out;
    for (int cp : {500, 300, 150, 50, 0})
        out.push_back(std::make_unique<TopSpreadStrategy>(TopSpreadStrategy::spreadForCp(cp)));
    out.push_back(std::make_unique<RandomStrategy>());
    return out;
}

Result<SortGame> makeSortGame(const chess::Position& pos, const std::vector<RankedMove>& moves,
                              const std::vector<int>& picked, const std::string& strategy,
                              const std::vector<encoding::MoveProb>* humanDist, std::optional<int> humanElo) {
    SortGame game;
    game.fen = pos.fen();
    game.strategy = strategy;
    for (int i : picked) {
        if (i < 0 || i >= int(moves.size()))
            return makeError(ErrorCode::InvalidInput, "sort game: move index out of range");
        const RankedMove& rm = moves[std::size_t(i)];
        if (!pos.isLegal(rm.eval.move))
            return makeError(ErrorCode::InvalidInput,
                             "sort game: illegal move " + chess::toUci(rm.eval.move) + " in " + pos.fen());
        SortCard card;
        card.move = rm.eval.move;
        card.san = chess::toSan(pos, card.move);
        card.uci = chess::toUci(card.move);
        card.score = rm.eval.score;
        card.engineRank = rm.engineRank;
        if (humanDist) {
            card.humanProb = 0.0;
            for (const auto& mp : *humanDist)
                if (mp.move == card.move) card.humanProb = mp.prob;
        }
        game.cards.push_back(std::move(card));
    }
    std::stable_sort(game.cards.begin(), game.cards.end(), [](const SortCard& a, const SortCard& b) {
        const int ca = scoreToCp(a.score), cb = scoreToCp(b.score);
        return ca != cb ? ca > cb : a.engineRank < b.engineRank;
    });
    std::vector<engines::UciScore> scores;
    for (const auto& c : game.cards) scores.push_back(c.score);
    game.difficulty = sortDifficulty(scores);
    game.label = sortLabel(game.difficulty);
    if (humanDist) {
        std::vector<double> probs;
        for (const auto& c : game.cards) probs.push_back(*c.humanProb);
        auto h = humanSortDifficulty(probs, scores);
        if (!h) return h.error();
        game.human = *h;
        game.humanElo = humanElo;
    }
    return game;
}

Result<std::vector<SortGame>> generateSortGames(const chess::Position& pos, PositionAnalyser& engine,
                                                encoding::Evaluator* human, const SortOptions& options,
                                                const CancelToken& cancel) {
    const int legal = pos.countLegalMoves();
    if (options.cards < 2) return makeError(ErrorCode::InvalidInput, "sort: a game needs at least 2 cards");
    if (legal < options.cards)
        return makeError(ErrorCode::InvalidInput, "sort: " + pos.fen() + " has " + std::to_string(legal) +
                                                      " legal moves, fewer than " + std::to_string(options.cards) +
                                                      " cards");
    auto lines = engine.analyse(pos, std::max(options.lines, options.cards), cancel);
    if (!lines) return lines.error();

    std::vector<RankedMove> ranked;
    for (auto& e : *lines) ranked.push_back(RankedMove{std::move(e), 0});
    // The engine's list is nearly sorted already; multi-PV lines of different depths can disagree, and the
    // bucketing needs equal scores next to each other.
    std::stable_sort(ranked.begin(), ranked.end(), [](const RankedMove& a, const RankedMove& b) {
        return scoreToCp(a.eval.score) > scoreToCp(b.eval.score);
    });
    for (std::size_t i = 0; i < ranked.size(); ++i) ranked[i].engineRank = int(i) + 1;
    if (int(ranked.size()) < options.cards)
        return makeError(ErrorCode::Runtime,
                         "sort: the engine returned " + std::to_string(ranked.size()) + " lines for " + pos.fen());

    std::optional<std::vector<encoding::MoveProb>> dist;
    if (human && options.humanElo) {
        encoding::Conditioning cond;
        cond.moverElo = *options.humanElo;
        cond.oppElo = *options.humanElo;
        auto d = human->moveDistribution(pos, cond);
        if (!d) return d.error();
        dist = std::move(*d);
    }

    const auto ladder = defaultStrategies();
    const int topRungs = int(ladder.size()) - 1;  // the last one is the random fallback
    std::mt19937 rng(options.seed);
    std::set<std::vector<int>> used;
    std::vector<SortGame> games;
    for (int g = 0; g < options.count; ++g) {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
        std::optional<std::vector<int>> pick;
        std::string name;
        for (int r = 0; r < topRungs && !pick; ++r) {
            const auto& s = ladder[std::size_t((g + r) % topRungs)];
            auto p = s->select(ranked, options.cards, rng);
            if (p && !used.count(*p)) {
                pick = std::move(p);
                name = s->name();
            }
        }
        // Random fallback; with few moves every set may be taken, then stop early.
        for (int attempt = 0; attempt < 50 && !pick; ++attempt) {
            auto p = ladder.back()->select(ranked, options.cards, rng);
            if (p && !used.count(*p)) {
                pick = std::move(p);
                name = ladder.back()->name();
            }
        }
        if (!pick) break;
        used.insert(*pick);
        auto game = makeSortGame(pos, ranked, *pick, name, dist ? &*dist : nullptr, options.humanElo);
        if (!game) return game.error();
        games.push_back(std::move(*game));
    }
    return games;
}

QJsonObject sortGameToJson(const SortGame& game) {
    QJsonArray cards;
    for (const SortCard& c : game.cards) {
        cards.append(QJsonObject{
            {QStringLiteral("uci"), QString::fromStdString(c.uci)},
            {QStringLiteral("san"), QString::fromStdString(c.san)},
            {QStringLiteral("eval_cp"), c.score.isMate() ? QJsonValue(QJsonValue::Null) : QJsonValue(c.score.value)},
            {QStringLiteral("mate"), c.score.isMate() ? QJsonValue(c.score.value) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("engine_rank"), c.engineRank},
            {QStringLiteral("human_prob"), c.humanProb ? QJsonValue(*c.humanProb) : QJsonValue(QJsonValue::Null)}});
    }
    QJsonValue human(QJsonValue::Null);
    if (game.human) {
        human = QJsonObject{
            {QStringLiteral("elo"), game.humanElo ? QJsonValue(*game.humanElo) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("p_correct"), game.human->pCorrect},
            {QStringLiteral("expected_points"), game.human->expectedPoints},
            {QStringLiteral("expected_kendall"), game.human->expectedKendall},
            {QStringLiteral("difficulty"), game.human->difficulty},
            {QStringLiteral("label"), QString::fromLatin1(sortLabelName(sortLabel(game.human->difficulty)))}};
    }
    return QJsonObject{{QStringLiteral("fen"), QString::fromStdString(game.fen)},
                       {QStringLiteral("source"), QString::fromStdString(game.source)},
                       {QStringLiteral("strategy"), QString::fromStdString(game.strategy)},
                       {QStringLiteral("difficulty"), game.difficulty},
                       {QStringLiteral("label"), QString::fromLatin1(sortLabelName(game.label))},
                       {QStringLiteral("human"), human},
                       {QStringLiteral("cards"), cards}};
}

}  // namespace kibitz::evaluation
