// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the window is about, held in one place: the position under analysis with how it was
// reached, the players when a game tells them (ratings, clocks, increment), and the active models. The main window
// changes the session; every dock observes it (each panel's observe()), so no dock is told separately and none can
// be forgotten when a model or a position changes.

#include "core/chess/position.h"
#include "core/encoding/game_conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/jobs/analysis_worker.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace kibitz::ui {

class Session : public QObject {
    Q_OBJECT
public:
    /// The players of the game on the board, at the position shown: what the Elo and clock controls show.
    /// Who plays, as the game says it: each field may be unknown (no rating tag, no [%clk], no TimeControl), and
    /// the controls show it so ("unknown") and send it so, as training and review read the same game.
    struct Players {
        encoding::PlayerState white;
        encoding::PlayerState black;
        /// How long the side to move and its opponent took over their last moves and their paces, where the game's
        /// clocks say (encoding::recentTimesAt): the think-time head's view of the game's pace.
        encoding::RecentTimes recentTimes;
        bool operator==(const Players& o) const {
            auto same = [](const encoding::PlayerState& a, const encoding::PlayerState& b) {
                return a.elo == b.elo && a.clockS == b.clockS && a.incrementS == b.incrementS;
            };
            return same(white, o.white) && same(black, o.black) && recentTimes == o.recentTimes;
        }
        /// The players behind the conditioning of one ply (encoding::plyConditionings), `mover` to move: the
        /// inverse of encoding::moverConditioning.
        static Players fromConditioning(const encoding::Conditioning& c, chess::Color mover);
    };

    /// What the board is for: analysis (every hint shown), a play-mode game, an unanswered sorting round or a puzzle
    /// being solved (the hints would give the moves away, so the docks hide them).
    enum class Mode { Analysis, Play, SortRound, Solve };

    explicit Session(QObject* parent = nullptr);

    /// The position under analysis, the moves that led to it (for v2 models), and the game from its start in UCI
    /// (for the engine).
    const chess::Position& position() const { return m_position; }
    const encoding::RecentMoves& recentMoves() const { return m_recent; }
    const QString& startFen() const { return m_startFen; }
    const QStringList& uciMoves() const { return m_uciMoves; }
    /// Empty when no game tells who plays (a new game, a pasted FEN): the controls keep the user's values.
    const std::optional<Players>& players() const { return m_players; }
    /// The active models (empty path: the shipped default).
    const QString& humanModelPath() const { return m_humanModel; }
    const QString& puzzleModelPath() const { return m_puzzleModel; }
    Mode mode() const { return m_mode; }
    bool hintsHidden() const { return m_mode != Mode::Analysis; }
    /// A factory for the active human model (each worker builds its own copy on its thread).
    jobs::EvaluatorFactory humanModelFactory() const;
    /// "human-default (shipped)" or the file name: how the docks name the active model.
    static QString modelName(const QString& path);

    /// A new position under analysis; positionChanged() is emitted even when it equals the current one (a model
    /// switch or a suspended analysis may need the same position again).
    void setPosition(const chess::Position& position, const encoding::RecentMoves& recent, const QString& startFen,
                     const QStringList& uciMoves);
    /// playersChanged() whenever there are players (a navigation re-applies the game's ratings and clocks at that
    /// ply, as the controls always did), and once when they go away.
    void setPlayers(const std::optional<Players>& players);
    /// humanModelChanged() / puzzleModelChanged() always: choosing the same file again reloads it (it may have
    /// been rewritten by a training run). The session is the one owner of the model choice: a persistent session
    /// remembers it (QSettings models/human, models/puzzle; empty: the shipped default) for the next start,
    /// whoever chose it (a file dialog, the training studio's "Use for analysis", the default).
    void setHumanModel(const QString& path);
    void setPuzzleModel(const QString& path);
    /// Both (the window's start): humanModelChanged() then puzzleModelChanged().
    void setModels(const QString& humanModel, const QString& puzzleModel);
    /// Remember the choice in QSettings from now on (the app's window; tests' sessions do not).
    void setPersistent(bool on) { m_persistent = on; }
    /// The remembered choice (setModels with what QSettings holds): the window's start.
    void restoreModels();
    /// modeChanged() when the mode changes.
    void setMode(Mode mode);
    /// The same models loaded again (after a device switch: loaded models stay on the device they were loaded on).
    void reloadModels() { setModels(m_humanModel, m_puzzleModel); }

Q_SIGNALS:
    void positionChanged();
    void playersChanged();
    void humanModelChanged();
    void puzzleModelChanged();
    void modeChanged(kibitz::ui::Session::Mode mode);

private:
    void remember() const;

    bool m_persistent = false;
    Mode m_mode = Mode::Analysis;
    chess::Position m_position;
    encoding::RecentMoves m_recent;
    QString m_startFen;
    QStringList m_uciMoves;
    std::optional<Players> m_players;
    QString m_humanModel;
    QString m_puzzleModel;
};

}  // namespace kibitz::ui
