// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/engines/uci_engine.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <map>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTabWidget;
class QToolButton;
class QTreeWidget;

namespace kibitz::ui {

class Session;

class EvalBar;

/// Engine settings the panel edits and keeps in QSettings (keys under "engine/").
struct EngineSettings {
    QString path;  ///< empty: auto-detect Stockfish
    int threads = 1;
    int hashMb = 64;
    int multiPv = 3;

    /// Reads the stored settings (defaults for missing keys).
    static EngineSettings load();
    /// Writes them to QSettings.
    void save() const;
    /// Stockfish as every dock finds it: the stored path first, then as engines::locateStockfish searches. Errors
    /// name the path.
    static Result<QString> locateEngine();
    bool operator==(const EngineSettings&) const = default;
};

/// One principal variation as the panel shows it.
struct EngineLine {
    int multiPv = 1;
    int depth = 0;
    engines::UciScore whiteScore;  ///< from White's point of view
    QStringList uciMoves;
    QString san;  ///< numbered SAN, e.g. "12. e4 e5 13. Nf3"; stops at the first move that is not legal
};

/// Stockfish beside the board: multi-PV lines in SAN, an eval bar, depth and nodes/s, the engine log and its
/// settings (path, threads, hash, lines). Position changes are debounced; one engine process runs while the
/// panel is switched on, and it is quit (then killed if needed) when switched off or destroyed.
class EnginePanel : public QWidget {
    Q_OBJECT
public:
    explicit EnginePanel(QWidget* parent = nullptr);
    /// Follows `session` from now on (see ui/session.h): the position (the game from its start).
    void observe(const Session* session);
    ~EnginePanel() override;

    /// Analyses `fen` (empty: start position) after `uciMoves`, after the debounce delay. Invalid input clears the
    /// lines and shows the error.
    void setPosition(const QString& fen, const QStringList& uciMoves = {});
    /// Convenience: analyses a position given as an object (no move history is sent).
    void setPosition(const chess::Position& pos);
    /// Debounce delay for position changes (default 150 ms).
    void setDebounceInterval(int ms);

    /// Switches the engine on (starting the process) or off (quitting it).
    void setEngineEnabled(bool on);
    bool isEngineEnabled() const { return m_enabled; }

    /// Applies settings; a new path restarts the engine, other values are sent as UCI options.
    void setSettings(const EngineSettings& settings);
    const EngineSettings& settings() const { return m_settings; }
    /// When false, settings are not written to QSettings (tests, embedded uses). Default true.
    void setPersistSettings(bool persist) { m_persist = persist; }

    /// The current lines, best first.
    QList<EngineLine> lines() const;
    /// The engine client, for wiring and tests; it lives as long as the panel.
    engines::UciEngine* engine() const { return m_engine; }
    EvalBar* evalBar() const { return m_evalBar; }
    /// The human bar beside the engine's: the human model's expected score for White (value head), set by the owner
    /// from the analysis panel (setHumanExpectation).
    EvalBar* humanBar() const { return m_humanBar; }
    /// White's expected score in a game between the chosen ratings from here, or nothing to clear the human bar.
    void setHumanExpectation(std::optional<double> whiteScore, const QString& tooltip = {});
    /// Text of the depth and speed labels and of the status line, for tests and accessibility.
    QString depthText() const;
    QString speedText() const;
    QString statusText() const;
    QString logText() const;

    /// Board orientation for the eval bar.
    void setFlipped(bool flipped);

Q_SIGNALS:
    /// The lines changed (at most ~10 times a second).
    void linesChanged(const QList<kibitz::ui::EngineLine>& lines);
    /// The user edited the settings.
    void settingsChanged(const kibitz::ui::EngineSettings& settings);
    /// The engine was switched on or off (also when it could not be found and stays off).
    void engineEnabledChanged(bool on);

private:
    void buildUi();
    void analyseNow();
    void onInfo(const engines::UciInfo& info);
    void onError(const engines::EngineError& error);
    void onStateChanged(engines::UciEngine::State state);
    void refreshView();
    void appendLog(const QString& line);
    void flushLog();
    void applyOptions();
    void ensureProgram();
    void settingsEdited();
    void clearLines();
    void setStatus(const QString& text);
    QString sanLine(const QStringList& uciMoves) const;

    engines::UciEngine* m_engine = nullptr;
    EngineSettings m_settings;
    bool m_persist = true;
    bool m_enabled = false;
    QString m_fen;
    QStringList m_moves;
    chess::Position m_position;
    bool m_positionValid = true;
    bool m_searchPending = false;

    std::map<int, EngineLine> m_lines;
    int m_depth = 0;
    int m_selDepth = 0;
    std::optional<std::int64_t> m_nps;
    bool m_dirty = false;

    QTimer m_debounce;
    QTimer m_refresh;
    QStringList m_logBuffer;

    QToolButton* m_toggle = nullptr;
    QLabel* m_nameLabel = nullptr;
    QLabel* m_depthLabel = nullptr;
    QLabel* m_speedLabel = nullptr;
    QLabel* m_statusLabel = nullptr;
    EvalBar* m_evalBar = nullptr;
    EvalBar* m_humanBar = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTreeWidget* m_lineView = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QLineEdit* m_pathEdit = nullptr;
    QSpinBox* m_threads = nullptr;
    QSpinBox* m_hash = nullptr;
    QSpinBox* m_multiPv = nullptr;
};

}  // namespace kibitz::ui
