// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/analysis_worker.h"

#include "core/play/game_clock.h"
#include "core/play/human_mover.h"

#include <QMetaObject>
#include <QThread>

#include <chrono>
#include <exception>

namespace kibitz::jobs {

std::vector<int> eloSweepLevels() {
    std::vector<int> out;
    for (int e = 800; e <= 2800; e += 100) out.push_back(e);
    return out;
}

Result<AnalysisResult> analyse(encoding::Evaluator& evaluator, const AnalysisRequest& request) {
    const auto start = std::chrono::steady_clock::now();
    AnalysisResult result;
    result.id = request.id;
    // One pass of the model for the moves, the value and the think time (a forced move gets no time line).
    auto reading =
        evaluator.readPosition(request.position, request.conditioning, request.recent, request.recentTimes, true);
    if (!reading) return reading.error();
    result.moves = std::move(reading->moves);
    result.value = reading->value;
    if (result.moves.size() > 1) {
        result.thinkTime = reading->thinkTime;
        result.moveThinkTimes = std::move(reading->moveThinkTimes);
    }
    if (request.weigh && play::weighsOutcomes(request.weigh->elo, request.weigh->ply, request.weigh->policy)) {
        auto w = play::weighMoves(evaluator, {request.position}, {request.conditioning}, {request.recent},
                                  {result.moves}, {true});
        if (!w) return w.error();
        result.moveOutcomes = std::move(w->front());
    }
    if (request.withDecisionValue && result.value) {
        const encoding::Conditioning between = play::decisionConditioning(request.conditioning);
        if (between == request.conditioning) {
            result.decisionValue = result.value;
        } else {
            auto v = evaluator.valueEstimates({request.position}, {between}, {request.recent});
            if (!v) return v.error();
            result.decisionValue = v->front();
        }
    }
    if (request.withEloSweep) {
        result.sweepElos = eloSweepLevels();
        std::vector<chess::Position> positions(result.sweepElos.size(), request.position);
        std::vector<encoding::Conditioning> conds;
        for (int elo : result.sweepElos) {
            encoding::Conditioning c = request.conditioning;
            c.moverElo = elo;
            c.oppElo = elo;
            conds.push_back(c);
        }
        const std::vector<encoding::RecentMoves> recent(positions.size(), request.recent);
        auto sweep = evaluator.moveDistributionsWithHistory(positions, conds, recent);
        if (!sweep) return sweep.error();
        for (const auto& level : sweep.value()) {
            std::vector<float> probs(result.moves.size(), 0.0f);
            for (const auto& mp : level)
                for (std::size_t i = 0; i < result.moves.size(); ++i)
                    if (result.moves[i].move == mp.move) {
                        probs[i] = mp.prob;
                        break;
                    }
            result.sweepProbs.push_back(std::move(probs));
        }
    }
    result.conditioningNote = evaluator.conditioningNote(request.conditioning);
    result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

AnalysisWorker::AnalysisWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<kibitz::jobs::AnalysisResult>();
    qRegisterMetaType<kibitz::jobs::EvaluatorFactory>();
}

AnalysisWorker::~AnalysisWorker() = default;

void AnalysisWorker::submit(AnalysisRequest request) {
    if (m_requests.post(std::move(request)))
        QMetaObject::invokeMethod(this, &AnalysisWorker::processPending, Qt::QueuedConnection);
}

void AnalysisWorker::setModel(const EvaluatorFactory& factory) {
    // Torch errors are exceptions; none may cross the slot boundary.
    try {
        auto made = factory();
        if (!made) {
            Q_EMIT failed(0, QString::fromStdString(made.error().message));
            return;
        }
        m_evaluator = std::move(made.value());
        Q_EMIT modelReady(QString::fromStdString(m_evaluator->describe()));
    } catch (const std::exception& e) {
        Q_EMIT failed(0, QStringLiteral("loading the model failed: %1").arg(QString::fromUtf8(e.what())));
    }
    processPending();
}

void AnalysisWorker::processPending() {
    // Kept pending until a model is ready (setModel calls this again).
    std::optional<AnalysisRequest> request = m_requests.take(m_evaluator != nullptr);
    if (!request) return;
    try {
        auto result = analyse(*m_evaluator, *request);
        if (result)
            Q_EMIT analysed(result.value());
        else
            Q_EMIT failed(request->id, QString::fromStdString(result.error().message));
    } catch (const std::exception& e) {
        Q_EMIT failed(request->id, QStringLiteral("analysis failed: %1").arg(QString::fromUtf8(e.what())));
    }
}

}  // namespace kibitz::jobs
