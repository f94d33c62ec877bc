// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/engines/uci_parser.h"

#include <QByteArray>
#include <QLatin1String>
#include <QList>
#include <QObject>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <cstdint>
#include <optional>

namespace kibitz::engines {

/// The standard UCI options the client sets on the engines it runs (their spelling in the UCI protocol and in
/// Stockfish), named once for the analyser and the engine panel.
namespace standard_option {
inline constexpr QLatin1String kThreads{"Threads"};
inline constexpr QLatin1String kHash{"Hash"};
inline constexpr QLatin1String kMultiPv{"MultiPV"};
}  // namespace standard_option

/// What a `go` command asks for: one limit, as the panel and the jobs use them, or the clocks of a game.
struct SearchLimits {
    enum class Kind { Infinite, Depth, MoveTime, Nodes, Clock };
    Kind kind = Kind::Infinite;
    std::int64_t value = 0;
    /// Kind::Clock: remaining times and increments in milliseconds (`go wtime W btime B winc WI binc BI`).
    std::int64_t wtimeMs = 0, btimeMs = 0, wincMs = 0, bincMs = 0;

    static SearchLimits infinite() { return {}; }
    static SearchLimits depth(int plies) { return {Kind::Depth, plies}; }
    static SearchLimits moveTime(int ms) { return {Kind::MoveTime, ms}; }
    static SearchLimits nodes(std::int64_t n) { return {Kind::Nodes, n}; }
    static SearchLimits clock(std::int64_t wtimeMs, std::int64_t btimeMs, std::int64_t wincMs, std::int64_t bincMs) {
        return {Kind::Clock, 0, wtimeMs, btimeMs, wincMs, bincMs};
    }
    /// The UCI command, e.g. "go depth 12" or "go infinite".
    QString command() const;
};

/// Time limits of the protocol watchdogs, in milliseconds.
struct EngineTimeouts {
    int handshakeMs = 10000;  ///< `uci` -> `uciok` and the first `isready` -> `readyok`
    int pingMs = 5000;        ///< `isready` -> `readyok` once running
    int stopMs = 5000;        ///< `stop` -> `bestmove`
    int quitMs = 2000;        ///< `quit` -> process exit, then the process is killed
    int silenceMs = 5000;     ///< silence during a search after which the engine is pinged
};

/// Why an engine reported a problem.
enum class EngineErrorKind {
    StartFailed,       ///< the program could not be started
    HandshakeTimeout,  ///< no `uciok`/`readyok` in time
    Crashed,           ///< the process exited on its own
    Hung,              ///< no answer to `isready` or `stop` in time; the process was killed
    Protocol,          ///< a line of output could not be parsed, or an option was refused
    NotRunning,        ///< a command was given while the engine had failed for good
};

/// A problem reported by UciEngine::error. `message` is for people and names the line or option.
struct EngineError {
    EngineErrorKind kind = EngineErrorKind::Protocol;
    QString message;
};

/// A UCI engine in a child process, driven asynchronously from the thread that owns this object.
///
/// One QProcess; output is read on readyRead into a line buffer and parsed with parseUciLine. Watchdog timers
/// cover the handshake, `isready` pings, `stop`, silence during searches and `quit`. A crash or a hang after a
/// successful handshake is reported and the engine is restarted (up to maxRestarts times in a row), with its
/// options re-applied; `restarted` then tells the owner to issue its search again. The child never outlives
/// this object: the destructor and application exit send `quit`, then kill and reap it, and on Linux the child
/// is also killed by the kernel if the owning thread dies.
class UciEngine : public QObject {
    Q_OBJECT
public:
    enum class State {
        NotRunning,  ///< no process
        Starting,    ///< process started, handshake in progress
        Ready,       ///< idle, accepts commands
        Searching,   ///< `go` sent
        Stopping,    ///< `stop` sent, waiting for `bestmove`
        Quitting,    ///< `quit` sent, waiting for exit
        Failed,      ///< gave up (start failure, handshake timeout or too many restarts); start() again to retry
    };
    Q_ENUM(State)

    explicit UciEngine(QObject* parent = nullptr);
    ~UciEngine() override;

    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    /// Program and arguments used by the next start().
    void setProgram(const QString& program, const QStringList& arguments = {});
    QString program() const { return m_program; }
    void setTimeouts(const EngineTimeouts& timeouts) { m_timeouts = timeouts; }
    const EngineTimeouts& timeouts() const { return m_timeouts; }
    /// Consecutive automatic restarts allowed after crashes or hangs (default 3); a completed search resets the count.
    void setMaxRestarts(int n) { m_maxRestarts = n; }

    State state() const { return m_state; }
    /// True in Ready, Searching and Stopping.
    bool isRunning() const;
    /// PID of the child process, or 0 when none.
    qint64 processId() const;
    /// `id name` of the engine, once the handshake is done.
    QString engineName() const { return m_engineName; }
    /// Options the engine declared during the handshake.
    const QList<UciOption>& engineOptions() const { return m_engineOptions; }
    /// Number of automatic restarts since this object was created.
    int restartCount() const { return m_restartCount; }

    /// Sets an option now if the engine is idle, else before the next search; it is re-applied after restarts.
    /// Once the option list is known, an unknown name or an out-of-range spin value is refused with an error.
    Status setOption(const QString& name, const QString& value = {});
    /// Position for the next go(): an empty fen means the start position; moves are UCI ("e2e4").
    void setPosition(const QString& fen, const QStringList& uciMoves = {});
    /// Sends `ucinewgame` before the next search.
    void newGame();

public Q_SLOTS:
    /// Starts the process and the handshake. No effect if already running; while quitting, starts again once the
    /// old process has exited.
    void start();
    /// Searches the current position. A running search is stopped first and its result discarded.
    /// Before the handshake is done the search is queued.
    void go(const kibitz::engines::SearchLimits& limits);
    /// Stops the running search; the engine answers with bestMove.
    void stop();
    /// Sends `isready`; pingAnswered follows, or an error Hung after the ping timeout.
    void ping();
    /// Sends `quit` and kills the process if it has not exited after the quit timeout.
    void quit();
    /// Kills any process and starts again.
    void restart();

Q_SIGNALS:
    void stateChanged(kibitz::engines::UciEngine::State state);
    /// An `info` line of the current search.
    void infoReceived(const kibitz::engines::UciInfo& info);
    /// The search finished (on its own or after stop()). `move.move` is empty when the engine ended the search with
    /// a malformed `bestmove` line (a protocol error was reported just before): the search is over all the same,
    /// so nobody waits for a bestmove that will not come.
    void bestMove(const kibitz::engines::UciBestMove& move);
    /// Something went wrong; see EngineErrorKind.
    void error(const kibitz::engines::EngineError& error);
    /// The engine answered `isready` after `ms` milliseconds.
    void pingAnswered(int ms);
    /// The engine was restarted after a crash or hang and is ready again; a lost search is not resumed.
    void restarted();
    /// Every line sent to the engine (for a log pane).
    void lineSent(const QString& line);
    /// Every line received from the engine, stdout and stderr (for a log pane).
    void lineReceived(const QString& line);

private:
    void setState(State s);
    void send(const QString& line);
    void launch();
    void onReadyRead();
    void onStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError err);
    void handleLine(const QString& line);
    void handleReadyOk();
    void finishHandshakeOptions();
    void sendSearch();
    void flushPendingOptions();
    void onHang(const QString& what);
    void fail(EngineErrorKind kind, const QString& message, bool mayRestart);
    void killProcess();
    void shutdownNow();
    Status validateOption(const QString& name, const QString& value) const;
    void reportError(EngineErrorKind kind, const QString& message);

    QString m_program;
    QStringList m_arguments;
    EngineTimeouts m_timeouts;
    int m_maxRestarts = 3;
    int m_restartsLeft = 3;
    int m_restartCount = 0;

    QProcess* m_process = nullptr;
    QByteArray m_stdoutBuffer;
    QByteArray m_stderrBuffer;
    State m_state = State::NotRunning;
    bool m_expectExit = false;      // we asked the process to go (quit or kill)
    bool m_restartPending = false;  // start again once the process has exited
    bool m_gotUciOk = false;
    bool m_restarting = false;  // the handshake in progress follows an automatic restart
    int m_pendingReadyOk = 0;
    qint64 m_pingSentAt = 0;

    QString m_engineName;
    QList<UciOption> m_engineOptions;
    QList<QPair<QString, QString>> m_options;         // applied on every start, in order
    QList<QPair<QString, QString>> m_pendingOptions;  // to send when idle
    QString m_fen;
    QStringList m_moves;
    bool m_newGamePending = false;
    std::optional<SearchLimits> m_pendingGo;
    bool m_discardSearch = false;  // the running search was superseded; drop its output

    QTimer m_handshakeTimer;
    QTimer m_pingTimer;
    QTimer m_stopTimer;
    QTimer m_silenceTimer;
    QTimer m_quitTimer;
};

}  // namespace kibitz::engines

Q_DECLARE_METATYPE(kibitz::engines::UciInfo)
Q_DECLARE_METATYPE(kibitz::engines::UciBestMove)
Q_DECLARE_METATYPE(kibitz::engines::EngineError)
Q_DECLARE_METATYPE(kibitz::engines::SearchLimits)
