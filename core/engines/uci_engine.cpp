// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engines/uci_engine.h"

#include <QCoreApplication>
#include <QDateTime>

#ifdef Q_OS_LINUX
#include <sys/prctl.h>

#include <csignal>
#endif

namespace kibitz::engines {
namespace {

// Output that never contains a newline is garbage; do not let it grow without bound.
constexpr qsizetype kMaxLineBytes = 1 << 20;

QString kindName(EngineErrorKind kind) {
    switch (kind) {
        case EngineErrorKind::StartFailed: return QStringLiteral("start failed");
        case EngineErrorKind::HandshakeTimeout: return QStringLiteral("handshake timeout");
        case EngineErrorKind::Crashed: return QStringLiteral("crashed");
        case EngineErrorKind::Hung: return QStringLiteral("hung");
        case EngineErrorKind::Protocol: return QStringLiteral("protocol");
        case EngineErrorKind::NotRunning: return QStringLiteral("not running");
    }
    return QString();
}

}  // namespace

QString SearchLimits::command() const {
    switch (kind) {
        case Kind::Infinite: return QStringLiteral("go infinite");
        case Kind::Depth: return QStringLiteral("go depth ") + QString::number(value);
        case Kind::MoveTime: return QStringLiteral("go movetime ") + QString::number(value);
        case Kind::Nodes: return QStringLiteral("go nodes ") + QString::number(value);
        case Kind::Clock:
            return QStringLiteral("go wtime %1 btime %2 winc %3 binc %4")
                .arg(wtimeMs)
                .arg(btimeMs)
                .arg(wincMs)
                .arg(bincMs);
    }
    return QStringLiteral("go infinite");
}

UciEngine::UciEngine(QObject* parent) : QObject(parent) {
    for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer, &m_quitTimer})
        t->setSingleShot(true);
    connect(&m_handshakeTimer, &QTimer::timeout, this, [this] {
        fail(EngineErrorKind::HandshakeTimeout,
             QStringLiteral("%1: no %2 within %3 ms")
                 .arg(m_program, m_gotUciOk ? QStringLiteral("readyok") : QStringLiteral("uciok"))
                 .arg(m_timeouts.handshakeMs),
             m_restarting);
    });
    connect(&m_pingTimer, &QTimer::timeout, this,
            [this] { onHang(QStringLiteral("no readyok within %1 ms").arg(m_timeouts.pingMs)); });
    connect(&m_stopTimer, &QTimer::timeout, this,
            [this] { onHang(QStringLiteral("no bestmove within %1 ms of stop").arg(m_timeouts.stopMs)); });
    connect(&m_silenceTimer, &QTimer::timeout, this, &UciEngine::ping);
    connect(&m_quitTimer, &QTimer::timeout, this, [this] {
        // The engine ignored quit: kill it; onFinished then reports NotRunning.
        if (m_process) m_process->kill();
    });
    if (QCoreApplication* app = QCoreApplication::instance()) {
        connect(app, &QCoreApplication::aboutToQuit, this, [this] {
            shutdownNow();
            setState(State::NotRunning);
        });
    }
}

UciEngine::~UciEngine() { shutdownNow(); }

void UciEngine::setProgram(const QString& program, const QStringList& arguments) {
    m_program = program;
    m_arguments = arguments;
}

bool UciEngine::isRunning() const {
    return m_state == State::Ready || m_state == State::Searching || m_state == State::Stopping;
}

qint64 UciEngine::processId() const { return m_process ? m_process->processId() : 0; }

void UciEngine::setState(State s) {
    if (m_state == s) return;
    m_state = s;
    Q_EMIT stateChanged(s);
}

void UciEngine::reportError(EngineErrorKind kind, const QString& message) {
    Q_EMIT error(EngineError{kind, kindName(kind) + QStringLiteral(": ") + message});
}

void UciEngine::send(const QString& line) {
    if (!m_process || m_process->state() == QProcess::NotRunning) return;
    m_process->write(line.toUtf8() + '\n');
    Q_EMIT lineSent(line);
}

void UciEngine::start() {
    if (m_process) {
        // Switched back on while the old process is still quitting: launch again once it has gone.
        if (m_state == State::Quitting) {
            m_restartPending = true;
            m_restarting = false;
            m_restartsLeft = m_maxRestarts;
            setState(State::Starting);
        }
        return;
    }
    m_restartsLeft = m_maxRestarts;
    m_restarting = false;
    launch();
}

void UciEngine::launch() {
    m_stdoutBuffer.clear();
    m_stderrBuffer.clear();
    m_engineOptions.clear();
    m_engineName.clear();
    m_gotUciOk = false;
    m_pendingReadyOk = 0;
    m_pendingOptions.clear();
    m_discardSearch = false;
    m_expectExit = false;

    m_process = new QProcess(this);
#ifdef Q_OS_LINUX
    // If Kibitz dies without running destructors (SIGKILL, crash), the kernel kills the engine too.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
#endif
    connect(m_process, &QProcess::readyReadStandardOutput, this, &UciEngine::onReadyRead);
    connect(m_process, &QProcess::readyReadStandardError, this, &UciEngine::onStderr);
    connect(m_process, &QProcess::finished, this, &UciEngine::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &UciEngine::onProcessError);
    setState(State::Starting);
    m_handshakeTimer.start(m_timeouts.handshakeMs);
    m_process->start(m_program, m_arguments);
    // QProcess buffers what is written while the child is starting; a failed start arrives as errorOccurred.
    if (m_process) send(QStringLiteral("uci"));
}

void UciEngine::onReadyRead() {
    if (!m_process) return;
    m_stdoutBuffer += m_process->readAllStandardOutput();
    qsizetype nl;
    while (m_process && (nl = m_stdoutBuffer.indexOf('\n')) >= 0) {
        const QByteArray raw = m_stdoutBuffer.left(nl);
        m_stdoutBuffer.remove(0, nl + 1);
        handleLine(QString::fromUtf8(raw));
    }
    if (m_stdoutBuffer.size() > kMaxLineBytes) {
        m_stdoutBuffer.clear();
        reportError(EngineErrorKind::Protocol,
                    QStringLiteral("output line longer than %1 bytes dropped").arg(kMaxLineBytes));
    }
}

void UciEngine::onStderr() {
    if (!m_process) return;
    m_stderrBuffer += m_process->readAllStandardError();
    qsizetype nl;
    while ((nl = m_stderrBuffer.indexOf('\n')) >= 0) {
        Q_EMIT lineReceived(QStringLiteral("[stderr] ") + QString::fromUtf8(m_stderrBuffer.left(nl)));
        m_stderrBuffer.remove(0, nl + 1);
    }
    if (m_stderrBuffer.size() > kMaxLineBytes) m_stderrBuffer.clear();
}

void UciEngine::handleLine(const QString& line) {
    Q_EMIT lineReceived(line);
    if (m_state == State::Searching || m_state == State::Stopping) {
        if (!m_pingTimer.isActive()) m_silenceTimer.start(m_timeouts.silenceMs);
    }
    auto parsed = parseUciLine(line);
    if (!parsed) {
        reportError(EngineErrorKind::Protocol, QString::fromStdString(parsed.error().message) +
                                                   QStringLiteral(" in line \"") + line + QLatin1Char('"'));
        // A malformed bestmove still ends the engine's search: finish it here instead of waiting for a timeout.
        const bool bestmoveLine = line.trimmed().startsWith(QLatin1String("bestmove")) &&
                                  (line.trimmed().size() == 8 || line.trimmed().at(8).isSpace());
        if (bestmoveLine && (m_state == State::Searching || m_state == State::Stopping)) {
            m_stopTimer.stop();
            m_silenceTimer.stop();
            const bool discard = m_discardSearch;
            m_discardSearch = false;
            setState(State::Ready);
            if (!discard) Q_EMIT bestMove(UciBestMove{});
            if (m_state == State::Ready && m_pendingGo)
                sendSearch();
            else if (m_state == State::Ready)
                flushPendingOptions();
        }
        return;
    }
    UciMessage& msg = parsed.value();
    if (auto* id = std::get_if<UciId>(&msg)) {
        if (id->field == UciId::Field::Name) m_engineName = id->value;
    } else if (auto* opt = std::get_if<UciOption>(&msg)) {
        if (m_state == State::Starting && !m_gotUciOk) m_engineOptions.append(*opt);
    } else if (std::holds_alternative<UciUciOk>(msg)) {
        if (m_state == State::Starting && !m_gotUciOk) {
            m_gotUciOk = true;
            finishHandshakeOptions();
        }
    } else if (std::holds_alternative<UciReadyOk>(msg)) {
        handleReadyOk();
    } else if (auto* info = std::get_if<UciInfo>(&msg)) {
        if ((m_state == State::Searching || m_state == State::Stopping) && !m_discardSearch) Q_EMIT infoReceived(*info);
    } else if (auto* best = std::get_if<UciBestMove>(&msg)) {
        if (m_state != State::Searching && m_state != State::Stopping) {
            reportError(EngineErrorKind::Protocol,
                        QStringLiteral("bestmove without a search: \"") + line + QLatin1Char('"'));
            return;
        }
        m_stopTimer.stop();
        m_silenceTimer.stop();
        const bool discard = m_discardSearch;
        m_discardSearch = false;
        m_restartsLeft = m_maxRestarts;  // a search completed: the engine works again
        setState(State::Ready);
        if (!discard) Q_EMIT bestMove(*best);
        if (m_state == State::Ready && m_pendingGo)
            sendSearch();
        else if (m_state == State::Ready)
            flushPendingOptions();
    }
}

void UciEngine::finishHandshakeOptions() {
    // Apply the stored options now that the engine has said which it knows; drop (and report) the others.
    QList<QPair<QString, QString>> valid;
    for (const auto& [name, value] : std::as_const(m_options)) {
        const Status st = validateOption(name, value);
        if (!st) {
            reportError(EngineErrorKind::Protocol, QString::fromStdString(st.error().message));
            continue;
        }
        valid.append({name, value});
        send(QStringLiteral("setoption name ") + name + QStringLiteral(" value ") + value);
    }
    m_options = valid;
    ++m_pendingReadyOk;
    send(QStringLiteral("isready"));
}

void UciEngine::handleReadyOk() {
    if (m_pendingReadyOk == 0) return;  // a stray readyok is harmless
    --m_pendingReadyOk;
    if (m_state == State::Starting) {
        if (!m_gotUciOk) return;
        m_handshakeTimer.stop();
        setState(State::Ready);
        if (m_restarting) {
            m_restarting = false;
            Q_EMIT restarted();
        }
        if (m_state != State::Ready) return;  // a slot connected to restarted() already moved on
        if (m_pendingGo)
            sendSearch();
        else
            flushPendingOptions();
        return;
    }
    if (m_pendingReadyOk == 0) m_pingTimer.stop();
    if (m_state == State::Searching || m_state == State::Stopping) m_silenceTimer.start(m_timeouts.silenceMs);
    Q_EMIT pingAnswered(int(QDateTime::currentMSecsSinceEpoch() - m_pingSentAt));
}

Status UciEngine::validateOption(const QString& name, const QString& value) const {
    for (const UciOption& opt : m_engineOptions) {
        if (opt.name.compare(name, Qt::CaseInsensitive) != 0) continue;
        const std::string where = "option '" + name.toStdString() + "' value '" + value.toStdString() + "'";
        switch (opt.type) {
            case UciOption::Type::Spin: {
                bool ok = false;
                const qlonglong v = value.toLongLong(&ok);
                if (!ok) return makeError(ErrorCode::InvalidInput, where + ": not an integer");
                if ((opt.min && v < *opt.min) || (opt.max && v > *opt.max))
                    return makeError(ErrorCode::InvalidInput, where + ": outside " +
                                                                  std::to_string(opt.min.value_or(v)) + ".." +
                                                                  std::to_string(opt.max.value_or(v)));
                return {};
            }
            case UciOption::Type::Check:
                if (value != QLatin1String("true") && value != QLatin1String("false"))
                    return makeError(ErrorCode::InvalidInput, where + ": expected true or false");
                return {};
            case UciOption::Type::Combo:
                for (const QString& var : opt.vars)
                    if (var.compare(value, Qt::CaseInsensitive) == 0) return {};
                return makeError(ErrorCode::InvalidInput,
                                 where + ": expected one of " + opt.vars.join(QStringLiteral(", ")).toStdString());
            case UciOption::Type::Button:
            case UciOption::Type::String: return {};
        }
        return {};
    }
    return makeError(ErrorCode::InvalidInput,
                     "engine '" + m_engineName.toStdString() + "' has no option '" + name.toStdString() + "'");
}

Status UciEngine::setOption(const QString& name, const QString& value) {
    if (name.trimmed().isEmpty()) return makeError(ErrorCode::InvalidInput, "option name is empty");
    if (m_gotUciOk) {
        const Status st = validateOption(name, value);
        if (!st) return st;
    }
    bool isButton = false;
    for (const UciOption& opt : std::as_const(m_engineOptions))
        if (opt.name.compare(name, Qt::CaseInsensitive) == 0) isButton = opt.type == UciOption::Type::Button;
    if (!isButton) {
        // Options persist across restarts; buttons ("Clear Hash") are one-off actions.
        bool replaced = false;
        for (auto& entry : m_options) {
            if (entry.first.compare(name, Qt::CaseInsensitive) == 0) {
                entry.second = value;
                replaced = true;
            }
        }
        if (!replaced) m_options.append({name, value});
    }
    const bool handshakeWillSend = m_state == State::Starting && !m_gotUciOk && !isButton;
    if (handshakeWillSend || m_state == State::NotRunning || m_state == State::Failed) return {};
    m_pendingOptions.append({name, isButton ? QString() : value});
    if (m_state == State::Ready) flushPendingOptions();
    return {};
}

void UciEngine::flushPendingOptions() {
    for (const auto& [name, value] : std::as_const(m_pendingOptions)) {
        QString line = QStringLiteral("setoption name ") + name;
        if (!value.isEmpty()) line += QStringLiteral(" value ") + value;
        send(line);
    }
    m_pendingOptions.clear();
}

void UciEngine::setPosition(const QString& fen, const QStringList& uciMoves) {
    m_fen = fen;
    m_moves = uciMoves;
}

void UciEngine::newGame() { m_newGamePending = true; }

void UciEngine::go(const SearchLimits& limits) {
    switch (m_state) {
        case State::Failed:
        case State::Quitting:
            reportError(EngineErrorKind::NotRunning, QStringLiteral("cannot search: the engine is not running"));
            return;
        case State::NotRunning:
            m_pendingGo = limits;
            start();
            return;
        case State::Starting: m_pendingGo = limits; return;
        case State::Ready:
            m_pendingGo = limits;
            sendSearch();
            return;
        case State::Searching:
            m_pendingGo = limits;
            m_discardSearch = true;
            send(QStringLiteral("stop"));
            setState(State::Stopping);
            m_stopTimer.start(m_timeouts.stopMs);
            return;
        case State::Stopping:
            m_pendingGo = limits;
            m_discardSearch = true;
            return;
    }
}

void UciEngine::sendSearch() {
    flushPendingOptions();
    if (m_newGamePending) {
        send(QStringLiteral("ucinewgame"));
        m_newGamePending = false;
    }
    QString pos =
        m_fen.isEmpty() ? QStringLiteral("position startpos") : QString(QStringLiteral("position fen ") + m_fen);
    if (!m_moves.isEmpty()) pos += QStringLiteral(" moves ") + m_moves.join(QLatin1Char(' '));
    send(pos);
    send(m_pendingGo.value_or(SearchLimits::infinite()).command());
    m_pendingGo.reset();
    m_discardSearch = false;
    setState(State::Searching);
    m_silenceTimer.start(m_timeouts.silenceMs);
}

void UciEngine::stop() {
    if (m_state == State::Starting || m_state == State::NotRunning) {
        m_pendingGo.reset();
        return;
    }
    if (m_state == State::Stopping) {
        m_pendingGo.reset();
        m_discardSearch = false;  // the caller now wants the result of the search being stopped
        return;
    }
    if (m_state != State::Searching) return;
    send(QStringLiteral("stop"));
    setState(State::Stopping);
    m_stopTimer.start(m_timeouts.stopMs);
}

void UciEngine::ping() {
    if (!isRunning()) return;
    m_silenceTimer.stop();
    if (m_pingTimer.isActive()) return;  // one outstanding ping is enough to detect a hang
    m_pingSentAt = QDateTime::currentMSecsSinceEpoch();
    ++m_pendingReadyOk;
    send(QStringLiteral("isready"));
    m_pingTimer.start(m_timeouts.pingMs);
}

void UciEngine::onHang(const QString& what) {
    fail(EngineErrorKind::Hung, m_program + QStringLiteral(": ") + what, true);
}

void UciEngine::fail(EngineErrorKind kind, const QString& message, bool mayRestart) {
    for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer}) t->stop();
    m_pendingGo.reset();
    if (mayRestart && m_restartsLeft > 0) {
        reportError(kind, message + QStringLiteral("; restarting"));
        --m_restartsLeft;
        ++m_restartCount;
        m_restarting = true;
        setState(State::Starting);
        if (m_process) {
            m_restartPending = true;
            killProcess();
        } else {
            launch();
        }
        return;
    }
    reportError(kind, message);
    m_restarting = false;
    m_restartPending = false;
    setState(State::Failed);
    if (m_process) killProcess();
}

void UciEngine::killProcess() {
    if (!m_process) return;
    m_expectExit = true;
    m_process->kill();
}

void UciEngine::onFinished(int exitCode, QProcess::ExitStatus status) {
    if (!m_process) return;
    // Lines written just before the exit still count (e.g. a last info or an error message).
    onReadyRead();
    if (!m_process) return;
    for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer, &m_quitTimer}) t->stop();
    m_process->disconnect(this);
    m_process->deleteLater();
    m_process = nullptr;

    if (m_expectExit) {
        m_expectExit = false;
        if (m_restartPending) {
            m_restartPending = false;
            launch();
        } else if (m_state != State::Failed) {
            setState(State::NotRunning);
        }
        return;
    }
    const QString how = status == QProcess::CrashExit
                            ? QStringLiteral("%1 crashed").arg(m_program)
                            : QStringLiteral("%1 exited with code %2").arg(m_program).arg(exitCode);
    const bool wasWorking = m_state != State::Starting || m_restarting;
    fail(EngineErrorKind::Crashed, how, wasWorking);
}

void UciEngine::onProcessError(QProcess::ProcessError err) {
    if (err != QProcess::FailedToStart || !m_process) return;
    const QString why = m_process->errorString();
    m_process->disconnect(this);
    m_process->deleteLater();
    m_process = nullptr;
    m_handshakeTimer.stop();
    m_restarting = false;
    m_restartPending = false;
    m_pendingGo.reset();
    reportError(EngineErrorKind::StartFailed, QStringLiteral("%1: %2").arg(m_program, why));
    setState(State::Failed);
}

void UciEngine::quit() {
    if (!m_process) {
        if (m_state != State::Failed) setState(State::NotRunning);
        return;
    }
    for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer}) t->stop();
    m_pendingGo.reset();
    m_restartPending = false;
    if (m_state == State::Searching) send(QStringLiteral("stop"));
    m_expectExit = true;
    send(QStringLiteral("quit"));
    m_process->closeWriteChannel();
    setState(State::Quitting);
    m_quitTimer.start(m_timeouts.quitMs);
}

void UciEngine::restart() {
    m_restarting = true;
    m_restartsLeft = m_maxRestarts;
    if (m_process) {
        for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer, &m_quitTimer}) t->stop();
        m_pendingGo.reset();
        m_restartPending = true;
        setState(State::Starting);
        killProcess();
    } else {
        launch();
    }
}

void UciEngine::shutdownNow() {
    for (QTimer* t : {&m_handshakeTimer, &m_pingTimer, &m_stopTimer, &m_silenceTimer, &m_quitTimer}) t->stop();
    if (!m_process) return;
    QProcess* proc = m_process;
    m_process = nullptr;
    proc->disconnect(this);
    if (proc->state() != QProcess::NotRunning) {
        // Polite first, then certain: the child must not outlive us.
        proc->write("quit\n");
        proc->closeWriteChannel();
        if (!proc->waitForFinished(m_timeouts.quitMs)) {
            proc->kill();
            proc->waitForFinished(-1);
        }
    }
    delete proc;
}

}  // namespace kibitz::engines
