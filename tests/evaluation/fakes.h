// SPDX-License-Identifier: GPL-3.0-or-later
// Fakes shared by the worker and widget tests: a human model and engines that need no torch and no process.
#pragma once

#include "core/chess/notation.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/engine_analyser.h"
#include "tests/encoding/position_evaluator.h"

#include <QThread>

#include <algorithm>
#include <memory>

namespace kibitz::testing {

/// 0.6 for the legal move whose UCI text sorts first, the rest shared equally.
class FakeEvaluator : public PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        const chess::MoveList legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<chess::Move> moves(legal.begin(), legal.end());
        std::sort(moves.begin(), moves.end(),
                  [](chess::Move a, chess::Move b) { return chess::toUci(a) < chess::toUci(b); });
        std::vector<encoding::MoveProb> out;
        for (std::size_t i = 0; i < moves.size(); ++i)
            out.push_back({moves[i], float(moves.size() == 1 ? 1.0 : i == 0 ? 0.6 : 0.4 / double(moves.size() - 1))});
        return out;
    }
    std::string describe() const override { return "fake model"; }
};

/// Scores the first `lines` legal moves: the i-th gets 50 - 40 i centipawns (so every game has distinct scores).
/// Optionally waits `delayMs` per call, to give cancellation something to interrupt.
class LadderAnalyser : public evaluation::PositionAnalyser {
public:
    explicit LadderAnalyser(int delayMs = 0) : m_delayMs(delayMs) {}
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int lines,
                                                      const CancelToken& cancel) override {
        if (m_delayMs > 0) QThread::msleep(unsigned(m_delayMs));
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
        const chess::MoveList legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<evaluation::MoveEval> out;
        for (int i = 0; i < legal.size() && i < lines; ++i)
            out.push_back(
                {legal[i],
                 engines::UciScore{engines::UciScore::Kind::Centipawns, 50 - 40 * i, engines::UciScore::Bound::Exact},
                 8,
                 {}});
        return out;
    }
    QString describe() const override { return QStringLiteral("ladder"); }

private:
    int m_delayMs = 0;
};

/// The first legal move wins (+300 centipawns), every other loses (-300 and below): each position has one answer.
class OneAnswerAnalyser : public evaluation::PositionAnalyser {
public:
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int lines,
                                                      const CancelToken&) override {
        const chess::MoveList legal = pos.legalMoves();
        std::vector<evaluation::MoveEval> out;
        for (int i = 0; i < legal.size() && i < lines; ++i)
            out.push_back({legal[i],
                           engines::UciScore{engines::UciScore::Kind::Centipawns, i == 0 ? 300 : -300 - 10 * i,
                                             engines::UciScore::Bound::Exact},
                           8,
                           {}});
        return out;
    }
    QString describe() const override { return QStringLiteral("one answer"); }
};

inline evaluation::AnalyserFactory ladderFactory(int delayMs = 0) {
    return [delayMs]() -> Result<std::unique_ptr<evaluation::PositionAnalyser>> {
        return std::unique_ptr<evaluation::PositionAnalyser>(std::make_unique<LadderAnalyser>(delayMs));
    };
}

inline std::function<Result<std::unique_ptr<encoding::Evaluator>>()> fakeEvaluatorFactory() {
    return []() -> Result<std::unique_ptr<encoding::Evaluator>> {
        return std::unique_ptr<encoding::Evaluator>(std::make_unique<FakeEvaluator>());
    };
}

}  // namespace kibitz::testing
