// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/session.h"

#include "core/jobs/human_model.h"
#include "ui/settings_keys.h"

#include <QFileInfo>
#include <QSettings>

namespace kibitz::ui {

Session::Session(QObject* parent)
    : QObject(parent),
      m_startFen(QString::fromLatin1(chess::Position::kStartFen.data(), qsizetype(chess::Position::kStartFen.size()))) {
}

jobs::EvaluatorFactory Session::humanModelFactory() const { return jobs::humanEvaluatorFactory(m_humanModel); }

QString Session::modelName(const QString& path) {
    return path.isEmpty() ? tr("shipped default") : QFileInfo(path).fileName();
}

void Session::setPosition(const chess::Position& position, const encoding::RecentMoves& recent, const QString& startFen,
                          const QStringList& uciMoves) {
    m_position = position;
    m_recent = recent;
    m_startFen = startFen;
    m_uciMoves = uciMoves;
    Q_EMIT positionChanged();
}

Session::Players Session::Players::fromConditioning(const encoding::Conditioning& c, chess::Color mover) {
    const encoding::PlayerState moving{c.moverElo, c.moverClockS, c.incrementS};
    const encoding::PlayerState waiting{c.oppElo, c.oppClockS, c.incrementS};
    return mover == chess::White ? Players{moving, waiting, {}} : Players{waiting, moving, {}};
}

void Session::setPlayers(const std::optional<Players>& players) {
    if (!players && !m_players) return;
    m_players = players;
    Q_EMIT playersChanged();
}

void Session::setHumanModel(const QString& path) {
    m_humanModel = path;
    remember();
    Q_EMIT humanModelChanged();
}

void Session::setModels(const QString& humanModel, const QString& puzzleModel) {
    m_humanModel = humanModel;
    m_puzzleModel = puzzleModel;
    remember();
    Q_EMIT humanModelChanged();
    Q_EMIT puzzleModelChanged();
}

void Session::setPuzzleModel(const QString& path) {
    m_puzzleModel = path;
    remember();
    Q_EMIT puzzleModelChanged();
}

void Session::restoreModels() {
    const QSettings settings;
    setModels(settings.value(settings_keys::kHumanModel).toString(),
              settings.value(settings_keys::kPuzzleModel).toString());
}

void Session::remember() const {
    if (!m_persistent) return;
    QSettings settings;
    for (const auto& [key, path] :
         {std::pair{settings_keys::kHumanModel, &m_humanModel}, std::pair{settings_keys::kPuzzleModel, &m_puzzleModel}})
        if (path->isEmpty())
            settings.remove(key);
        else
            settings.setValue(key, *path);
}

void Session::setMode(Mode mode) {
    if (mode == m_mode) return;
    m_mode = mode;
    Q_EMIT modeChanged(mode);
}

}  // namespace kibitz::ui
