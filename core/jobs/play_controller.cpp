// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/play_controller.h"

#include "core/encoding/game_conditioning.h"
#include "core/play/human_mover.h"

#include <algorithm>

namespace kibitz::jobs {

namespace {
/// Clock refresh and flag check while a game runs: tenths of a second show under ten seconds, so 100 ms.
constexpr int kTickMs = 100;
/// A game without clocks still gets human-paced moves: they are paced as in a 15+10 game.
constexpr play::ClockState kUntimedPace{15 * 60 * 1000, 10 * 1000};
}  // namespace

PlayController::PlayController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<kibitz::play::GameOutcome>();
    m_worker = m_thread.make<AnalysisWorker>();
    connect(m_worker, &AnalysisWorker::analysed, this, &PlayController::onAnalysed);
    connect(m_worker, &AnalysisWorker::failed, this, &PlayController::onFailed);
    connect(m_worker, &AnalysisWorker::modelReady, this, &PlayController::modelReady);

    m_tick.setInterval(kTickMs);
    connect(&m_tick, &QTimer::timeout, this, &PlayController::tick);
    m_moveTimer.setSingleShot(true);
    connect(&m_moveTimer, &QTimer::timeout, this, &PlayController::playOpponentMove);
}

PlayController::~PlayController() {
    m_tick.stop();
    m_moveTimer.stop();
    // A running inference finishes (milliseconds), then the loop ends; its result is never delivered.
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread.stop();
}

void PlayController::setEvaluatorFactory(const EvaluatorFactory& factory) {
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, factory] { w->setModel(factory); }, Qt::QueuedConnection);
}

QString PlayController::opponentName() const { return tr("Kibitz human %1").arg(m_settings.opponentElo); }

chess::PgnGame PlayController::pgn() const { return m_session ? m_session->toPgn() : chess::PgnGame{}; }

void PlayController::newGame(const PlaySettings& settings) {
    if (isPlaying()) m_session->abort();
    m_moveTimer.stop();
    m_pendingMove.reset();
    m_pendingDrawOffer = false;
    m_userOfferPending = false;
    m_lastValue.reset();
    ++m_requestId;  // an answer for the previous game is ignored
    setThinking(false);

    m_settings = settings;
    m_rng.seed(settings.seed ? *settings.seed : std::random_device{}());
    m_decisions = play::GameDecisions(settings.decisions);

    play::SessionSetup setup;
    setup.start = settings.start.snapshot();
    setup.baseMs = std::max<std::int64_t>(0, settings.baseMs);
    setup.incrementMs = std::max<std::int64_t>(0, settings.incrementMs);
    const play::Player user{settings.userName.toStdString(), settings.userElo};
    const play::Player opponent{opponentName().toStdString(), settings.opponentElo};
    setup.white = settings.userColor == chess::White ? user : opponent;
    setup.black = settings.userColor == chess::White ? opponent : user;
    m_session = std::make_unique<play::PlaySession>(std::move(setup));
    m_overSignalled = false;
    m_session->start();
    Q_EMIT gameStarted();
    Q_EMIT clocksChanged();
    if (m_session->isOver()) {
        endIfOver();
        return;
    }
    if (m_session->timed()) m_tick.start();
    if (m_session->sideToMove() == opponentColor()) startOpponentTurn();
}

bool PlayController::userMove(chess::Move move) {
    if (!isUserTurn()) return false;
    if (!m_session->position().isLegal(move)) return false;
    if (!m_session->play(move)) {
        endIfOver();  // the flag had fallen
        return false;
    }
    m_pendingDrawOffer = false;  // an offer of the opponent's is declined by moving
    afterMove(move);
    if (isPlaying()) startOpponentTurn();
    return true;
}

void PlayController::afterMove(chess::Move move) {
    Q_EMIT moved(move, m_session->ply());
    Q_EMIT clocksChanged();
    endIfOver();
}

void PlayController::startOpponentTurn() {
    m_turnStartedMs = play::steadyNowMs();
    AnalysisRequest request;
    request.id = ++m_requestId;
    request.position = m_session->position();
    request.conditioning = m_session->moverConditioning();
    request.recent = m_session->recentMoves();
    request.withDecisionValue = true;
    request.weigh = AnalysisRequest::Weigh{m_settings.opponentElo, m_session->ply(), m_settings.policy};
    // Both players' last move times, read from the game's clocks by the one rule (the think-time head's pace).
    if (m_session->timed()) {
        const auto spent = encoding::plyThinkTimes(m_session->toPgn());
        request.recentTimes = encoding::recentTimesAt(spent, spent.size());
    }
    setThinking(true);
    m_worker->submit(std::move(request));
}

void PlayController::onAnalysed(const AnalysisResult& result) {
    if (result.id != m_requestId || !isPlaying() || m_session->sideToMove() != opponentColor()) return;
    if (result.moves.empty()) {
        onFailed(result.id, tr("the model returned no move"));
        return;
    }
    const int ply = m_session->ply();
    m_lastValue = result.value;
    // Resignations and draws read the position between equals (play::decisionConditioning), not the rating gap.
    const std::optional<encoding::Wdl> own = result.decisionValue ? result.decisionValue : result.value;
    if (own) {
        // The user's standing offer first: people answer it before thinking about their move.
        if (m_userOfferPending) {
            m_userOfferPending = false;
            const bool accepted = m_decisions.acceptsDraw(*own, ply);
            Q_EMIT drawAnswered(accepted);
            if (accepted) {
                (void)m_session->acceptDraw(opponentColor());
                setThinking(false);
                endIfOver();
                return;
            }
            m_session->declineDraw(opponentColor());
        }
        const play::GameDecision decision = m_decisions.decide(*own, ply);
        if (decision == play::GameDecision::Resign) {
            m_session->resign(opponentColor());
            setThinking(false);
            endIfOver();
            return;
        }
        m_pendingDrawOffer = decision == play::GameDecision::OfferDraw;
    } else if (m_userOfferPending) {
        // Without a value head the opponent cannot judge the position: it plays on.
        m_userOfferPending = false;
        m_session->declineDraw(opponentColor());
        Q_EMIT drawAnswered(false);
    }

    m_pendingMove = play::chooseHumanMove(m_session->position(), result.moves, m_settings.opponentElo, ply,
                                          m_settings.policy, m_rng, result.moveOutcomes);
    std::int64_t delay = 0;
    if (m_settings.humanThinkTime) {
        const chess::Color me = opponentColor();
        const play::ClockState clock =
            m_session->timed() ? play::ClockState{m_session->remainingMs(me), m_session->setup().incrementMs}
                               : kUntimedPace;
        // The model's learned think time when it has that head (its distribution for this position and these
        // clocks), else the hand-made rule.
        // With a head that reads the move chosen, the time for the move drawn (a recapture is quick).
        std::optional<encoding::ThinkTime> learned = result.thinkTime;
        for (std::size_t i = 0; i < result.moveThinkTimes.size() && i < result.moves.size(); ++i)
            if (m_pendingMove && result.moves[i].move == *m_pendingMove) learned = result.moveThinkTimes[i];
        const std::int64_t think = play::humanMoveTimeMs(clock, ply, result.moves, learned, m_rng);
        delay = std::max<std::int64_t>(0, think - (play::steadyNowMs() - m_turnStartedMs));
    }
    m_moveTimer.start(int(std::min<std::int64_t>(delay, 24LL * 3600 * 1000)));
}

void PlayController::playOpponentMove() {
    if (!m_pendingMove || !isPlaying()) return;
    const chess::Move move = *m_pendingMove;
    m_pendingMove.reset();
    setThinking(false);
    if (!m_session->play(move)) {
        endIfOver();  // its flag fell while it thought
        return;
    }
    if (m_pendingDrawOffer && isPlaying()) {
        m_session->offerDraw(opponentColor());
        Q_EMIT drawOffered();
    }
    m_pendingDrawOffer = false;
    afterMove(move);
}

void PlayController::onFailed(quint64 id, const QString& message) {
    // id 0: the model did not load. Either way the opponent cannot move: the game stops without a result.
    if (id != 0 && id != m_requestId) return;
    if (!isPlaying()) {
        if (id == 0) Q_EMIT failed(message);
        return;
    }
    m_session->abort();
    setThinking(false);
    Q_EMIT failed(message);
    endIfOver();
}

void PlayController::resign() {
    if (!isPlaying()) return;
    m_session->resign(m_settings.userColor);
    endIfOver();
}

void PlayController::offerDraw() {
    if (!isPlaying() || m_userOfferPending) return;
    m_session->offerDraw(m_settings.userColor);
    m_userOfferPending = true;
    // While the opponent thinks, its answer comes with its move; on the user's turn, with its next move.
}

bool PlayController::acceptDraw() {
    if (!isPlaying()) return false;
    if (!m_session->acceptDraw(m_settings.userColor)) return false;
    endIfOver();
    return true;
}

void PlayController::declineDraw() {
    if (!isPlaying()) return;
    m_session->declineDraw(m_settings.userColor);
}

void PlayController::abort() {
    if (!isPlaying()) return;
    m_session->abort();
    endIfOver();
}

void PlayController::tick() {
    if (!m_session) return;
    m_session->checkTime();
    Q_EMIT clocksChanged();
    endIfOver();
}

void PlayController::setThinking(bool thinking) {
    if (m_thinking == thinking) return;
    m_thinking = thinking;
    Q_EMIT thinkingChanged(thinking);
}

void PlayController::endIfOver() {
    if (!m_session || !m_session->isOver() || m_overSignalled) return;
    m_overSignalled = true;
    m_tick.stop();
    m_moveTimer.stop();
    m_pendingMove.reset();
    ++m_requestId;
    setThinking(false);
    Q_EMIT clocksChanged();
    Q_EMIT gameOver(m_session->outcome());
}

}  // namespace kibitz::jobs
