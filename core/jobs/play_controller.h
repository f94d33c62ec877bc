// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Play mode: a game between the user and the human-move model playing "as a human of rating R". The controller owns
// the game (play::PlaySession: clocks, rules, PGN) and the opponent: the model runs in its own thread (an
// AnalysisWorker), the move and its thinking time come from the one human mover (play::chooseHumanMove: the
// distribution shaped by the opponent's rating, then temperature and top-p; play::humanMoveTimeMs), and the move is
// played when that time, counted from when the opponent's clock started, has passed, so the inference time is part of
// it. The opponent resigns, offers and accepts draws from its value head
// (play::GameDecisions). Everything here runs in the GUI thread except inference; no call blocks.

#include "core/chess/pgn.h"
#include "core/encoding/evaluator.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/metatypes.h"
#include "core/jobs/worker_thread.h"
#include "core/play/game_clock.h"
#include "core/play/human_play.h"
#include "core/play/play_session.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>
#include <random>

namespace kibitz::jobs {

/// What a new game is.
struct PlaySettings {
    chess::Color userColor = chess::White;
    int userElo = 1500;
    int opponentElo = 1500;
    QString userName = QStringLiteral("You");
    std::int64_t baseMs = 5 * 60 * 1000;  ///< 0: no clocks
    std::int64_t incrementMs = 3 * 1000;
    chess::Position start;
    play::MovePolicy policy;             ///< the opponent's sampling: rating shape, temperature, top-p
    play::GameDecisionPolicy decisions;  ///< when the opponent resigns, offers or accepts draws
    bool humanThinkTime = true;          ///< false: the opponent moves as soon as the model answers
    std::optional<std::uint64_t> seed;   ///< for reproducible games (tests); random otherwise
};

class PlayController : public QObject {
    Q_OBJECT
public:
    explicit PlayController(QObject* parent = nullptr);
    /// Stops the game and the model thread (waits for a running inference to finish; no thread outlives this).
    ~PlayController() override;

    /// The opponent's model, made in its thread (as for the analysis panel). A game started before the model is
    /// ready waits for it, the opponent's clock running.
    void setEvaluatorFactory(const EvaluatorFactory& factory);

    /// Starts a new game (ending one that runs, without a result). The clocks start at once.
    void newGame(const PlaySettings& settings);
    /// The user's move. False (and nothing happens) when no game runs, it is not the user's turn, or it is illegal.
    bool userMove(chess::Move move);
    void resign();
    /// The user offers a draw; the opponent answers when it next thinks (drawAnswered).
    void offerDraw();
    /// The user accepts the opponent's standing offer. False when there is none.
    bool acceptDraw();
    /// The user declines the opponent's standing offer (moving declines it too).
    void declineDraw();
    /// Ends the game without a result.
    void abort();

    bool isPlaying() const { return m_session && !m_session->isOver(); }
    bool hasGame() const { return m_session != nullptr; }
    bool isUserTurn() const { return isPlaying() && m_session->sideToMove() == m_settings.userColor; }
    bool isOpponentThinking() const { return m_thinking; }
    const PlaySettings& settings() const { return m_settings; }
    /// The current game (nullptr before the first).
    const play::PlaySession* session() const { return m_session.get(); }
    /// The opponent's name, e.g. "Kibitz human 1500".
    QString opponentName() const;
    /// The game as PGN, with clocks; empty game before the first.
    chess::PgnGame pgn() const;
    /// The opponent's last value estimate for itself (win/draw/loss), if the model has a value head.
    std::optional<encoding::Wdl> opponentValue() const { return m_lastValue; }

Q_SIGNALS:
    /// A new game began (its session is set up, clocks shown; the opponent may already be thinking).
    void gameStarted();
    /// A move was played (by either side); `ply` is the number of moves played after it.
    void moved(kibitz::chess::Move move, int ply);
    /// About every 100 ms while the game runs, and after each move.
    void clocksChanged();
    void thinkingChanged(bool thinking);
    /// The opponent offers a draw (with its move).
    void drawOffered();
    /// The opponent's answer to the user's offer.
    void drawAnswered(bool accepted);
    void gameOver(const kibitz::play::GameOutcome& outcome);
    /// The model failed (load or inference): the game is aborted and the message says why.
    void failed(const QString& message);
    void modelReady(const QString& description);

private:
    void startOpponentTurn();
    void onAnalysed(const kibitz::jobs::AnalysisResult& result);
    void onFailed(quint64 id, const QString& message);
    void playOpponentMove();
    void tick();
    void setThinking(bool thinking);
    void afterMove(chess::Move move);
    void endIfOver();
    chess::Color opponentColor() const { return ~m_settings.userColor; }

    PlaySettings m_settings;
    std::unique_ptr<play::PlaySession> m_session;
    play::GameDecisions m_decisions;
    std::mt19937_64 m_rng;
    WorkerThread m_thread{QStringLiteral("kibitz-play")};
    AnalysisWorker* m_worker = nullptr;
    QTimer m_tick;
    QTimer m_moveTimer;
    quint64 m_requestId = 0;
    std::int64_t m_turnStartedMs = 0;
    std::optional<chess::Move> m_pendingMove;
    bool m_pendingDrawOffer = false;  ///< the opponent offers a draw with its pending move
    bool m_userOfferPending = false;  ///< the user's offer awaits the opponent's answer
    bool m_thinking = false;
    bool m_overSignalled = false;
    std::optional<encoding::Wdl> m_lastValue;
};

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::play::GameOutcome)
