// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A model of one player: the personal-model trainer between two bundles. Torch-free header; what the
// CLI's `personalize` and the app's "Model of a player" both call.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/personal_trainer.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace kibitz::jobs {

/// The personal trainer's options, report and progress as the app reads them: the user interface uses the jobs
/// layer, never core/training directly.
using PersonalizeOptions = training::PersonalizeOptions;
using PersonalizeReport = training::PersonalizeReport;
using TrainProgress = training::TrainProgress;

/// The players named in the games of `files` (White and Black tags) and how many games each played, most first
/// (training::countPlayerGames); errors name the file.
Result<std::vector<std::pair<std::string, std::int64_t>>> countPlayerGames(const std::vector<std::string>& files);

/// Builds a personal model of `options.player` from `base` (a .kibitz bundle or a trainer checkpoint of a Kibitz
/// human-move model; empty: the default model) and writes it as the bundle `out` (fp16 weights when `half`). The
/// bundle's manifest records the player, the games and positions used, their dates and the validation gain
/// (personalTrainingJson). options.baseCheckpoint and options.outCheckpoint are set here (temporary files). Nothing
/// is written at `out` on an error or a cancel.
Result<training::PersonalizeReport> buildPersonalModel(
    const QString& base, const QString& out, bool half, training::PersonalizeOptions options, const CancelToken& cancel,
    const std::function<void(const training::TrainProgress&)>& progress,
    const std::function<void(const std::string&)>& log);

/// The manifest's "training" section of a personal model: personal_player, personal_games, personal_positions, the
/// date range, the player's newest rating (personal_elo on Lichess's scale, the model's; personal_site_elo and
/// personal_rating_scale as their games' site rates them), the validation games and positions, top-1 of the base and
/// the personal model there, the gain, the weights trained and the time taken.
QJsonObject personalTrainingJson(const training::PersonalizeReport& report, const QString& base);

/// The player a human-move bundle's manifest says it models, or empty for a model of everyone.
QString personalPlayerOf(const QJsonObject& training);

/// Where the app keeps the models of players: $KIBITZ_PLAYER_MODELS, else "players" in the user's application data
/// folder (created on first write).
QString personalModelsFolder();

/// A model of a player as its manifest describes it.
struct PersonalModelInfo {
    QString path;
    QString player;
    int elo = 0;          ///< the player's newest rating on the model's scale, Lichess's (what the model is told)
    int siteElo = 0;      ///< the same on its games' site's scale (ratingScale)
    QString ratingScale;  ///< "lichess" or "chess.com" (encoding::ratingScaleName)
    QString timeControl;  ///< "300+0", or empty
    qint64 games = 0;
    double gainPoints = 0.0;
};
/// The models of players in `folder` (its .kibitz files whose manifest names a player), by player name. Files that
/// are not valid bundles are left out.
QList<PersonalModelInfo> listPersonalModels(const QString& folder);

}  // namespace kibitz::jobs
