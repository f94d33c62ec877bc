// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/evaluator.h"
#include "core/jobs/latest_request.h"
#include "core/play/human_mover.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kibitz::jobs {

/// What the GUI asks: one position under one conditioning, plus optionally the Elo sweep for the chart.
struct AnalysisRequest {
    quint64 id = 0;
    chess::Position position;
    encoding::Conditioning conditioning;
    encoding::RecentMoves recent;       ///< the moves that led to `position`, newest first (empty after a FEN)
    encoding::RecentTimes recentTimes;  ///< both players' last move times, where the game's clocks say
    bool withEloSweep = false;          ///< also compute the distribution at each Elo of eloSweepLevels()
    /// Also the value the play mode's decisions read (play::decisionConditioning: the opponent told the mover's
    /// rating), in AnalysisResult::decisionValue.
    bool withDecisionValue = false;
    /// Play mode: the opponent's rating, ply and policy; when its strength tilts there (play::weighsOutcomes), the
    /// outcomes of the weighed moves come back in AnalysisResult::moveOutcomes (play::weighMoves).
    struct Weigh {
        int elo = 1500;
        int ply = 0;
        play::MovePolicy policy;
    };
    std::optional<Weigh> weigh;
};

/// The answer to one request.
struct AnalysisResult {
    quint64 id = 0;
    std::vector<encoding::MoveProb> moves;  ///< all legal moves, sorted by decreasing probability
    /// For the sweep: one distribution per Elo level (mover and opponent both set to the level), moves in the
    /// same order as `moves`. Empty when not requested.
    std::vector<int> sweepElos;
    std::vector<std::vector<float>> sweepProbs;  ///< [level][move index in `moves`]
    /// The value head's win/draw/loss for the side to move (a game between humans of the request's conditioning);
    /// empty when the model has none.
    std::optional<encoding::Wdl> value;
    /// With AnalysisRequest::weigh: the outcomes of the weighed moves (in the order of `moves`), or empty.
    play::MoveOutcomes moveOutcomes;
    /// With AnalysisRequest::withDecisionValue and a value head: the value between equals (the decisions' own).
    std::optional<encoding::Wdl> decisionValue;
    /// The think-time head's distribution of the seconds the mover takes here (as conditioned; the clocks count);
    /// empty when the model has none or the position has a single legal move.
    std::optional<encoding::ThinkTime> thinkTime;
    /// With a head that reads the move chosen: per entry of `moves`, the seconds when that move is the one played
    /// (PositionReading::moveThinkTimes); empty otherwise.
    std::vector<encoding::ThinkTime> moveThinkTimes;
    /// What the model made of the conditioning, when it reads only part of it (an lc0 net: which rating-band net
    /// answered, and that clocks are not read); empty for Kibitz's own models.
    std::string conditioningNote;
    double milliseconds = 0.0;
};

/// Elo levels of the sweep chart: 800, 900, ..., 2800.
std::vector<int> eloSweepLevels();

/// Creates the evaluator inside the worker thread (models are used by one thread only).
using EvaluatorFactory = std::function<Result<std::unique_ptr<encoding::Evaluator>>()>;

/// Runs human-move inference off the GUI thread. Move it to a QThread; call submit() from any thread.
/// Requests coalesce: while one runs, only the newest pending request is kept, so slider drags never queue up.
class AnalysisWorker : public QObject {
    Q_OBJECT
public:
    explicit AnalysisWorker(QObject* parent = nullptr);
    ~AnalysisWorker() override;

    /// Thread-safe: records the request as the newest and schedules processing in the worker's thread.
    void submit(AnalysisRequest request);

public Q_SLOTS:
    /// Replaces the model; runs in the worker thread. Emits modelReady or failed.
    void setModel(const kibitz::jobs::EvaluatorFactory& factory);

Q_SIGNALS:
    void modelReady(const QString& description);
    void analysed(const kibitz::jobs::AnalysisResult& result);
    void failed(quint64 id, const QString& message);

private:
    void processPending();

    std::unique_ptr<encoding::Evaluator> m_evaluator;
    LatestRequest<AnalysisRequest> m_requests;
};

/// Computes one AnalysisResult synchronously (used by the worker and by kibitz-cli).
Result<AnalysisResult> analyse(encoding::Evaluator& evaluator, const AnalysisRequest& request);

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::AnalysisResult)
Q_DECLARE_METATYPE(kibitz::jobs::EvaluatorFactory)
