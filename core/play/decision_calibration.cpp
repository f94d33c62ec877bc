// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/decision_calibration.h"

#include "core/encoding/game_conditioning.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace kibitz::play {

namespace {

enum class Result3 { Unknown, WhiteWins, Draw, BlackWins };

Result3 resultOf(const chess::PgnGame& game) {
    if (game.result == "1-0") return Result3::WhiteWins;
    if (game.result == "0-1") return Result3::BlackWins;
    if (game.result == "1/2-1/2") return Result3::Draw;
    return Result3::Unknown;
}

bool lost(Result3 r, chess::Color side) {
    return (r == Result3::WhiteWins && side == chess::Black) || (r == Result3::BlackWins && side == chess::White);
}

encoding::Wdl flipped(const encoding::Wdl& w) { return {w.loss, w.draw, w.win}; }

}  // namespace

RecordedEnding recordedEnding(const chess::PgnGame& game) {
    const Result3 result = resultOf(game);
    if (result == Result3::Unknown) return RecordedEnding::Unknown;
    auto start = game.startPosition();
    if (!start) return RecordedEnding::Unknown;
    chess::Position pos = start.value();
    for (const chess::PgnMove& m : game.moves) pos.makeMove(m.move);
    if (pos.isCheckmate()) return RecordedEnding::Checkmate;
    const std::string termination = game.tag("Termination");
    if (termination == "Time forfeit") return RecordedEnding::TimeForfeit;
    if (termination != "Normal") return RecordedEnding::Other;
    if (result != Result3::Draw) return RecordedEnding::Resignation;
    if (pos.isStalemate() || pos.isInsufficientMaterial() || pos.isRepetition(3) || pos.isFiftyMoveDraw())
        return RecordedEnding::RuleDraw;
    return RecordedEnding::AgreedDraw;
}

DecisionCalibrator::DecisionCalibrator(GameDecisionPolicy policy, std::vector<double> resignThresholds)
    : m_policy(policy) {
    for (double t : resignThresholds) {
        ResignReplay r;
        r.threshold = t;
        m_result.replays.push_back(r);
    }
}

Status DecisionCalibrator::addGame(encoding::Evaluator& evaluator, const chess::PgnGame& game) {
    const Result3 result = resultOf(game);
    auto start = game.startPosition();
    if (result == Result3::Unknown || !start || game.moves.empty()) {
        ++m_result.skipped;
        return {};
    }
    const RecordedEnding ending = recordedEnding(game);
    const int n = int(game.moves.size());

    // Every position with a move to make (a final mate or stalemate has none), with its conditioning and history.
    const std::vector<encoding::Conditioning> conds = encoding::plyConditionings(game, /*includeFinal=*/true);
    std::vector<chess::Position> positions;
    std::vector<encoding::Conditioning> batchConds;
    std::vector<encoding::RecentMoves> recents;
    std::vector<int> plyOf;
    chess::Position pos = start.value();
    encoding::RecentMoves recent;
    for (int ply = 0; ply <= n; ++ply) {
        if (pos.countLegalMoves() > 0) {
            positions.push_back(pos.snapshot());
            batchConds.push_back(decisionConditioning(conds[std::size_t(ply)]));  // the rule's own value
            recents.push_back(recent);
            plyOf.push_back(ply);
        }
        if (ply == n) break;
        const chess::Move m = game.moves[std::size_t(ply)].move;
        recent.push(pos, m);
        pos.makeMove(m);
    }
    if (positions.empty()) {
        ++m_result.skipped;
        return {};
    }
    auto values = evaluator.valueEstimates(positions, batchConds, recents);
    if (!values) return values.error();
    ++m_result.games;
    m_result.positions += std::int64_t(positions.size());

    // White's and Black's turns: value from the mover's view, by ply.
    std::vector<std::optional<encoding::Wdl>> byPly(std::size_t(n) + 1);
    for (std::size_t i = 0; i < plyOf.size(); ++i) byPly[std::size_t(plyOf[i])] = values.value()[i];
    auto moverAt = [&](int ply) {
        return (start.value().sideToMove() == chess::White) == (ply % 2 == 0) ? chess::White : chess::Black;
    };
    const bool humanResigned = ending == RecordedEnding::Resignation;
    const chess::Color resigner = result == Result3::WhiteWins ? chess::Black : chess::White;

    // The human side.
    if (humanResigned && byPly[std::size_t(n)]) {
        const encoding::Wdl& w = *byPly[std::size_t(n)];
        m_result.resignScores.push_back(moverAt(n) == resigner ? w.score() : flipped(w).score());
    }
    if (ending == RecordedEnding::AgreedDraw && byPly[std::size_t(n)]) {
        const encoding::Wdl& w = *byPly[std::size_t(n)];
        m_result.agreedDraws.push_back(w.draw);
        m_result.agreedPlies.push_back(n);
        const GameDecisions rule(m_policy);
        if (rule.acceptsDraw(w, n) && rule.acceptsDraw(flipped(w), n)) ++m_result.agreedAccepted;
    }

    // Draw offers under the policy as given (resignations stop a side's offers only in play, not here).
    {
        GameDecisions sides[2] = {GameDecisions(m_policy), GameDecisions(m_policy)};
        bool offered = false;
        for (int ply = 0; ply <= n && !offered; ++ply)
            if (byPly[std::size_t(ply)])
                offered = sides[moverAt(ply)].decide(*byPly[std::size_t(ply)], ply) == GameDecision::OfferDraw;
        if (offered) {
            ++m_result.drawOffers;
            if (result == Result3::Draw) ++m_result.drawOffersDrawn;
        }
    }

    // Resignations, one replay per threshold.
    for (ResignReplay& r : m_result.replays) {
        GameDecisionPolicy p = m_policy;
        p.resignBelow = r.threshold;
        p.allowResign = true;
        GameDecisions sides[2] = {GameDecisions(p), GameDecisions(p)};
        std::optional<int> resignedAt[2];
        for (int ply = 0; ply <= n; ++ply) {
            if (!byPly[std::size_t(ply)]) continue;
            const chess::Color side = moverAt(ply);
            if (resignedAt[side]) continue;
            if (sides[side].decide(*byPly[std::size_t(ply)], ply) == GameDecision::Resign) resignedAt[side] = ply;
        }
        for (const chess::Color side : {chess::White, chess::Black}) {
            if (!resignedAt[side]) continue;
            ++r.resigns;
            if (lost(result, side)) ++r.resignsLost;
        }
        if (humanResigned) {
            ++r.humanResigned;
            if (resignedAt[resigner]) {
                ++r.humanResignedHit;
                r.leadPlies.push_back(n - *resignedAt[resigner]);
            }
        }
    }
    return {};
}

double quantile(std::vector<double> values, double q) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    const double at = std::clamp(q, 0.0, 1.0) * double(values.size() - 1);
    const std::size_t lo = std::size_t(std::floor(at));
    const std::size_t hi = std::min(values.size() - 1, lo + 1);
    return values[lo] + (values[hi] - values[lo]) * (at - double(lo));
}

}  // namespace kibitz::play
