// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/engine_panel.h"

#include "core/chess/notation.h"
#include "core/engines/engine_locator.h"
#include "ui/eval_bar.h"
#include "ui/session.h"
#include "ui/settings_keys.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QThread>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kibitz::ui {

using engines::UciEngine;

namespace {

constexpr int kRefreshMs = 100;  // lines, labels and log are redrawn at most 10 times a second
constexpr int kMaxLogLines = 2000;

QString formatNps(std::int64_t nps) {
    if (nps >= 1'000'000) return QStringLiteral("%1 Mn/s").arg(nps / 1e6, 0, 'f', 2);
    if (nps >= 1'000) return QStringLiteral("%1 kn/s").arg(nps / 1e3, 0, 'f', 0);
    return QStringLiteral("%1 n/s").arg(nps);
}

}  // namespace

EngineSettings EngineSettings::load() {
    const QSettings s;
    EngineSettings e;
    e.path = s.value(settings_keys::kEnginePath, e.path).toString();
    e.threads = s.value(settings_keys::kEngineThreads, e.threads).toInt();
    e.hashMb = s.value(settings_keys::kEngineHash, e.hashMb).toInt();
    e.multiPv = s.value(settings_keys::kEngineMultiPv, e.multiPv).toInt();
    return e;
}

Result<QString> EngineSettings::locateEngine() { return engines::locateStockfish(load().path); }

void EngineSettings::save() const {
    QSettings s;
    s.setValue(settings_keys::kEnginePath, path);
    s.setValue(settings_keys::kEngineThreads, threads);
    s.setValue(settings_keys::kEngineHash, hashMb);
    s.setValue(settings_keys::kEngineMultiPv, multiPv);
}

EnginePanel::EnginePanel(QWidget* parent) : QWidget(parent), m_engine(new UciEngine(this)) {
    m_settings = EngineSettings::load();
    buildUi();

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &EnginePanel::analyseNow);
    m_refresh.setInterval(kRefreshMs);
    connect(&m_refresh, &QTimer::timeout, this, [this] {
        flushLog();
        if (m_dirty) refreshView();
    });

    connect(m_engine, &UciEngine::infoReceived, this, &EnginePanel::onInfo);
    connect(m_engine, &UciEngine::error, this, &EnginePanel::onError);
    connect(m_engine, &UciEngine::stateChanged, this, &EnginePanel::onStateChanged);
    connect(m_engine, &UciEngine::restarted, this, &EnginePanel::analyseNow);  // the lost search is issued again
    connect(m_engine, &UciEngine::lineSent, this, [this](const QString& l) { appendLog(QStringLiteral("> ") + l); });
    connect(m_engine, &UciEngine::lineReceived, this,
            [this](const QString& l) { appendLog(QStringLiteral("< ") + l); });
}

EnginePanel::~EnginePanel() = default;  // m_engine is a child: its destructor quits and reaps the process

void EnginePanel::buildUi() {
    m_toggle = new QToolButton(this);
    m_toggle->setText(tr("Engine"));
    m_toggle->setCheckable(true);
    m_toggle->setToolTip(tr("Switch the engine on or off"));
    connect(m_toggle, &QToolButton::toggled, this, &EnginePanel::setEngineEnabled);
    m_nameLabel = new QLabel(tr("off"), this);
    m_depthLabel = new QLabel(this);
    m_speedLabel = new QLabel(this);
    auto* header = new QHBoxLayout;
    header->addWidget(m_toggle);
    header->addWidget(m_nameLabel, 1);
    header->addWidget(m_depthLabel);
    header->addWidget(m_speedLabel);

    m_lineView = new QTreeWidget(this);
    m_lineView->setColumnCount(3);
    m_lineView->setHeaderLabels({tr("Eval"), tr("Depth"), tr("Line")});
    m_lineView->setRootIsDecorated(false);
    m_lineView->setUniformRowHeights(true);
    m_lineView->setWordWrap(false);
    m_lineView->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_lineView->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_lineView->header()->setStretchLastSection(true);

    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setFont(QFont(QStringLiteral("monospace")));

    auto* settingsPage = new QWidget(this);
    auto* form = new QFormLayout(settingsPage);
    m_pathEdit = new QLineEdit(settingsPage);
    m_pathEdit->setPlaceholderText(tr("auto-detect Stockfish"));
    auto* browse = new QToolButton(settingsPage);
    browse->setText(QStringLiteral("…"));
    browse->setToolTip(tr("Choose the engine program"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Engine program"), m_pathEdit->text());
        if (file.isEmpty()) return;
        m_pathEdit->setText(file);
        settingsEdited();
    });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_pathEdit, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("Path"), pathRow);
    const int cores = std::max(1, QThread::idealThreadCount());
    m_threads = new QSpinBox(settingsPage);
    m_threads->setRange(1, std::max(cores, 1));
    form->addRow(tr("Threads"), m_threads);
    m_hash = new QSpinBox(settingsPage);
    m_hash->setRange(1, 65536);
    m_hash->setSuffix(tr(" MB"));
    form->addRow(tr("Hash"), m_hash);
    m_multiPv = new QSpinBox(settingsPage);
    m_multiPv->setRange(1, 10);
    form->addRow(tr("Lines"), m_multiPv);
    connect(m_pathEdit, &QLineEdit::editingFinished, this, &EnginePanel::settingsEdited);
    for (QSpinBox* box : {m_threads, m_hash, m_multiPv})
        connect(box, &QSpinBox::valueChanged, this, &EnginePanel::settingsEdited);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_lineView, tr("Lines"));
    m_tabs->addTab(m_log, tr("Log"));
    m_tabs->addTab(settingsPage, tr("Settings"));

    m_statusLabel = new QLabel(this);
    m_statusLabel->setWordWrap(true);

    m_evalBar = new EvalBar(this);
    m_evalBar->setToolTip(tr("The engine's evaluation (White's expected score by Lichess's win-chance curve)"));
    m_humanBar = new EvalBar(this);
    m_humanBar->setToolTip(tr("Human evaluation: White's expected score between players of the chosen ratings"));
    auto* right = new QVBoxLayout;
    right->addLayout(header);
    right->addWidget(m_tabs, 1);
    right->addWidget(m_statusLabel);
    auto* outer = new QHBoxLayout(this);
    outer->addWidget(m_humanBar);
    outer->addWidget(m_evalBar);
    outer->addLayout(right, 1);

    setSettings(m_settings);
}

void EnginePanel::setDebounceInterval(int ms) { m_debounce.setInterval(ms); }

void EnginePanel::setFlipped(bool flipped) {
    m_evalBar->setFlipped(flipped);
    m_humanBar->setFlipped(flipped);
}

void EnginePanel::setHumanExpectation(std::optional<double> whiteScore, const QString& tooltip) {
    m_humanBar->setExpectation(whiteScore);
    m_humanBar->setToolTip(tooltip.isEmpty()
                               ? tr("Human evaluation: White's expected score between players of the chosen ratings")
                               : tooltip);
}

void EnginePanel::setPosition(const chess::Position& pos) { setPosition(QString::fromStdString(pos.fen())); }

void EnginePanel::setPosition(const QString& fen, const QStringList& uciMoves) {
    auto parsed = chess::Position::fromFen(fen.isEmpty() ? chess::Position::kStartFen : fen.toStdString());
    QString problem;
    if (parsed) {
        chess::Position pos = std::move(parsed).value();
        for (const QString& text : uciMoves) {
            auto move = chess::parseUci(pos, text.toStdString());
            if (!move) {
                problem = tr("move %1: %2").arg(text, QString::fromStdString(move.error().message));
                break;
            }
            pos.makeMove(*move);
        }
        if (problem.isEmpty()) m_position = pos;
    } else {
        problem = QString::fromStdString(parsed.error().message);
    }
    m_positionValid = problem.isEmpty();
    if (!m_positionValid) {
        m_debounce.stop();
        clearLines();
        if (m_engine->state() == UciEngine::State::Searching) m_engine->stop();
        setStatus(tr("Cannot analyse: %1").arg(problem));
        return;
    }
    m_fen = fen;
    m_moves = uciMoves;
    if (m_enabled) m_debounce.start();  // restarts the delay: a burst of changes gives one search
}

void EnginePanel::setEngineEnabled(bool on) {
    if (on == m_enabled && on == m_toggle->isChecked()) return;
    m_enabled = on;
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(on);
    }
    if (on) {
        ensureProgram();
        if (!m_enabled) {
            Q_EMIT engineEnabledChanged(false);
            return;
        }
        applyOptions();
        m_engine->start();
        m_refresh.start();
        analyseNow();
    } else {
        m_debounce.stop();
        m_engine->quit();
        m_refresh.stop();
        flushLog();
        clearLines();
        m_nameLabel->setText(tr("off"));
    }
    Q_EMIT engineEnabledChanged(m_enabled);
}

void EnginePanel::ensureProgram() {
    auto found = engines::locateStockfish(m_settings.path);
    if (!found) {
        setStatus(QString::fromStdString(found.error().message));
        m_enabled = false;
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(false);
        return;
    }
    m_engine->setProgram(found.value());
}

void EnginePanel::applyOptions() {
    const std::pair<QLatin1String, int> options[] = {{engines::standard_option::kThreads, m_settings.threads},
                                                     {engines::standard_option::kHash, m_settings.hashMb},
                                                     {engines::standard_option::kMultiPv, m_settings.multiPv}};
    for (const auto& [name, value] : options) {
        const Status st = m_engine->setOption(name, QString::number(value));
        if (!st) setStatus(QString::fromStdString(st.error().message));
    }
}

void EnginePanel::analyseNow() {
    m_debounce.stop();
    if (!m_enabled || !m_positionValid) return;
    clearLines();
    const chess::GameStatus status = m_position.status();
    if (status == chess::GameStatus::Checkmate || status == chess::GameStatus::Stalemate) {
        if (m_engine->state() == UciEngine::State::Searching) m_engine->stop();
        setStatus(status == chess::GameStatus::Checkmate ? tr("Checkmate") : tr("Stalemate"));
        return;
    }
    setStatus(QString());
    m_engine->setPosition(m_fen, m_moves);
    m_engine->go(engines::SearchLimits::infinite());
}

void EnginePanel::clearLines() {
    m_lines.clear();
    m_depth = 0;
    m_selDepth = 0;
    m_nps.reset();
    m_dirty = false;
    refreshView();
}

void EnginePanel::onInfo(const engines::UciInfo& info) {
    if (info.nps) m_nps = info.nps;
    if (info.score && info.depth) {
        m_depth = *info.depth;
        m_selDepth = info.selDepth.value_or(m_selDepth);
    }
    m_dirty = true;
    // Bound scores come from an aspiration re-search and are partial: keep the last exact line instead.
    if (!info.score || info.pv.isEmpty() || info.score->bound != engines::UciScore::Bound::Exact) return;
    const int k = info.multiPv.value_or(1);
    if (k > m_settings.multiPv) return;
    EngineLine line;
    line.multiPv = k;
    line.depth = info.depth.value_or(0);
    line.whiteScore = *info.score;
    if (m_position.sideToMove() == chess::Black) line.whiteScore.value = -line.whiteScore.value;
    line.uciMoves = info.pv;
    line.san = sanLine(line.uciMoves);
    m_lines[k] = std::move(line);
}

QString EnginePanel::sanLine(const QStringList& uciMoves) const {
    chess::Position pos = m_position;
    QStringList parts;
    bool first = true;
    for (const QString& text : uciMoves) {
        auto move = chess::parseUci(pos, text.toStdString());
        if (!move) break;  // an engine line that is not legal here (stale or bogus) is cut, not shown wrongly
        const QString san = QString::fromStdString(chess::toSan(pos, *move));
        if (pos.sideToMove() == chess::White)
            parts.append(QStringLiteral("%1. %2").arg(pos.fullmoveNumber()).arg(san));
        else if (first)
            parts.append(QStringLiteral("%1... %2").arg(pos.fullmoveNumber()).arg(san));
        else
            parts.append(san);
        first = false;
        pos.makeMove(*move);
    }
    return parts.join(QLatin1Char(' '));
}

void EnginePanel::refreshView() {
    m_dirty = false;
    m_lineView->clear();
    QList<QTreeWidgetItem*> items;
    for (const auto& [k, line] : m_lines) {
        auto* item = new QTreeWidgetItem;
        item->setText(0, EvalBar::formatScore(line.whiteScore));
        item->setText(1, QString::number(line.depth));
        item->setText(2, line.san);
        item->setToolTip(2, line.uciMoves.join(QLatin1Char(' ')));
        items.append(item);
    }
    m_lineView->addTopLevelItems(items);
    m_evalBar->setScore(m_lines.empty() ? std::nullopt : std::optional(m_lines.begin()->second.whiteScore));
    m_depthLabel->setText(m_depth > 0 ? tr("depth %1/%2").arg(m_depth).arg(m_selDepth) : QString());
    m_speedLabel->setText(m_nps ? formatNps(*m_nps) : QString());
    Q_EMIT linesChanged(lines());
}

QList<EngineLine> EnginePanel::lines() const {
    QList<EngineLine> out;
    for (const auto& [k, line] : m_lines) out.append(line);
    return out;
}

void EnginePanel::onError(const engines::EngineError& error) {
    appendLog(QStringLiteral("! ") + error.message);
    // Protocol noise is logged only; anything that stops the engine is shown.
    if (error.kind != engines::EngineErrorKind::Protocol) setStatus(error.message);
}

void EnginePanel::onStateChanged(UciEngine::State state) {
    switch (state) {
        case UciEngine::State::Ready:
        case UciEngine::State::Searching: m_nameLabel->setText(m_engine->engineName()); break;
        case UciEngine::State::Starting: m_nameLabel->setText(tr("starting…")); break;
        case UciEngine::State::Failed:
            // The engine gave up; the toggle shows it, the status line says why.
            m_enabled = false;
            {
                const QSignalBlocker block(m_toggle);
                m_toggle->setChecked(false);
            }
            m_nameLabel->setText(tr("failed"));
            m_refresh.stop();
            flushLog();
            break;
        default: break;
    }
}

void EnginePanel::settingsEdited() {
    EngineSettings s;
    s.path = m_pathEdit->text().trimmed();
    s.threads = m_threads->value();
    s.hashMb = m_hash->value();
    s.multiPv = m_multiPv->value();
    if (s == m_settings) return;
    setSettings(s);
    Q_EMIT settingsChanged(m_settings);
}

void EnginePanel::setSettings(const EngineSettings& settings) {
    const EngineSettings old = m_settings;
    m_settings = settings;
    m_settings.threads = std::clamp(m_settings.threads, m_threads->minimum(), m_threads->maximum());
    m_settings.hashMb = std::clamp(m_settings.hashMb, m_hash->minimum(), m_hash->maximum());
    m_settings.multiPv = std::clamp(m_settings.multiPv, m_multiPv->minimum(), m_multiPv->maximum());
    {
        const QSignalBlocker b1(m_pathEdit), b2(m_threads), b3(m_hash), b4(m_multiPv);
        m_pathEdit->setText(m_settings.path);
        m_threads->setValue(m_settings.threads);
        m_hash->setValue(m_settings.hashMb);
        m_multiPv->setValue(m_settings.multiPv);
    }
    if (m_persist && !(old == m_settings)) m_settings.save();
    if (!m_enabled) return;
    if (old.path != m_settings.path) {
        ensureProgram();
        if (!m_enabled) {
            m_engine->quit();
            return;
        }
        applyOptions();
        m_engine->restart();  // restarted() issues the search again
        return;
    }
    if (old == m_settings) return;
    applyOptions();
    if (old.multiPv != m_settings.multiPv) clearLines();
    m_debounce.start();  // a new search picks up the options
}

void EnginePanel::appendLog(const QString& line) {
    m_logBuffer.append(line);
    if (m_logBuffer.size() > kMaxLogLines) m_logBuffer.erase(m_logBuffer.begin(), m_logBuffer.end() - kMaxLogLines);
}

void EnginePanel::flushLog() {
    if (m_logBuffer.isEmpty()) return;
    m_log->appendPlainText(m_logBuffer.join(QLatin1Char('\n')));
    m_logBuffer.clear();
}

void EnginePanel::setStatus(const QString& text) { m_statusLabel->setText(text); }

QString EnginePanel::depthText() const { return m_depthLabel->text(); }
QString EnginePanel::speedText() const { return m_speedLabel->text(); }
QString EnginePanel::statusText() const { return m_statusLabel->text(); }
QString EnginePanel::logText() const {
    QString text = m_log->toPlainText();
    if (!m_logBuffer.isEmpty()) text += QLatin1Char('\n') + m_logBuffer.join(QLatin1Char('\n'));
    return text;
}

void EnginePanel::observe(const Session* session) {
    connect(session, &Session::positionChanged, this,
            [this, session] { setPosition(session->startFen(), session->uciMoves()); });
}

}  // namespace kibitz::ui
