// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/personal_model.h"

#include "core/jobs/human_model.h"
#include "core/jobs/training_job.h"

#include "core/chess/pgn.h"
#include "core/storage/bundle.h"
#include "core/training/human_eval.h"
#include "core/training/player_games.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>

namespace kibitz::jobs {

Result<std::vector<std::pair<std::string, std::int64_t>>> countPlayerGames(const std::vector<std::string>& files) {
    return training::countPlayerGames(files);
}

QJsonObject personalTrainingJson(const training::PersonalizeReport& r, const QString& base) {
    auto s = [](const std::string& v) { return QString::fromStdString(v); };
    const auto& b = r.base.overall();
    const auto& p = r.personal.overall();
    return QJsonObject{
        {QStringLiteral("personal_player"), s(r.player)},
        {QStringLiteral("personal_base"), base},
        {QStringLiteral("personal_elo"), r.elo},
        {QStringLiteral("personal_site_elo"), r.siteElo},
        {QStringLiteral("personal_rating_scale"), QString::fromLatin1(encoding::ratingScaleName(r.ratingSite))},
        {QStringLiteral("personal_time_control"), s(r.timeControl)},
        {QStringLiteral("personal_games"), qint64(r.trainGames)},
        {QStringLiteral("personal_positions"), qint64(r.trainPositions)},
        {QStringLiteral("personal_from"), s(r.firstDate)},
        {QStringLiteral("personal_to"), s(r.lastDate)},
        {QStringLiteral("personal_validation_games"), qint64(r.validationGames)},
        {QStringLiteral("personal_validation_positions"), qint64(r.validationPositions)},
        {QStringLiteral("personal_validation_from"), s(r.validationFrom)},
        {QStringLiteral("personal_validation_to"), s(r.validationTo)},
        {QStringLiteral("personal_validation_top1_base"), b.top1Rate()},
        {QStringLiteral("personal_validation_top1"), p.top1Rate()},
        {QStringLiteral("personal_validation_gain_points"), r.gainPoints()},
        {QStringLiteral("personal_validation_nll_base"), b.meanNll()},
        {QStringLiteral("personal_validation_nll"), p.meanNll()},
        {QStringLiteral("personal_validation_scored_as"), s(r.scoredAs)},
        {QStringLiteral("personal_network_top1_base"), r.networkBase.overall().top1Rate()},
        {QStringLiteral("personal_network_top1"), r.personalModelOnly.overall().top1Rate()},
        {QStringLiteral("personal_network_top1_with_book"), r.networkWithBook.overall().top1Rate()},
        {QStringLiteral("personal_network_top1_base_with_book"), r.baseWithBook.overall().top1Rate()},
        {QStringLiteral("personal_book_positions"), qint64(r.book.positions())},
        {QStringLiteral("personal_book_moves"), qint64(r.book.moves())},
        {QStringLiteral("personal_chosen_epochs"), r.chosenEpochs},
        {QStringLiteral("personal_chosen_book_prior"),
         r.chosenPrior >= 0.0 ? QJsonValue(r.chosenPrior) : QJsonValue(QJsonValue::Null)},  // null: no repertoire
        {QStringLiteral("personal_choice_games"), qint64(r.tuneGames)},
        {QStringLiteral("personal_choice_positions"), qint64(r.tunePositions)},
        {QStringLiteral("personal_scope"), s(r.scope)},
        {QStringLiteral("personal_trained_weights"), qint64(r.trainableParameters)},
        {QStringLiteral("personal_steps"), qint64(r.steps)},
        {QStringLiteral("personal_seconds"), r.seconds},
    };
}

QString personalPlayerOf(const QJsonObject& training) {
    return training.value(QStringLiteral("personal_player")).toString();
}

QString personalModelsFolder() {
    const QString env = qEnvironmentVariable("KIBITZ_PLAYER_MODELS");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/players");
}

QList<PersonalModelInfo> listPersonalModels(const QString& folder) {
    QList<PersonalModelInfo> out;
    const QDir dir(folder);
    for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.kibitz")}, QDir::Files, QDir::Name)) {
        auto bundle = storage::readBundle(f.absoluteFilePath(), storage::kKindHumanMove);
        if (!bundle) continue;
        const QJsonObject& t = bundle->training;
        PersonalModelInfo info;
        info.player = personalPlayerOf(t);
        if (info.player.isEmpty()) continue;
        info.path = f.absoluteFilePath();
        info.elo = t.value(QStringLiteral("personal_elo")).toInt();
        info.siteElo = t.value(QStringLiteral("personal_site_elo")).toInt(info.elo);  // older bundles: Lichess's
        info.ratingScale = t.value(QStringLiteral("personal_rating_scale")).toString(QStringLiteral("lichess"));
        info.timeControl = t.value(QStringLiteral("personal_time_control")).toString();
        info.games = t.value(QStringLiteral("personal_games")).toInteger();
        info.gainPoints = t.value(QStringLiteral("personal_validation_gain_points")).toDouble();
        out.push_back(info);
    }
    std::sort(out.begin(), out.end(), [](const PersonalModelInfo& a, const PersonalModelInfo& b) {
        return a.player.compare(b.player, Qt::CaseInsensitive) < 0;
    });
    return out;
}

Result<training::PersonalizeReport> buildPersonalModel(
    const QString& base, const QString& out, bool half, training::PersonalizeOptions options, const CancelToken& cancel,
    const std::function<void(const training::TrainProgress&)>& progress,
    const std::function<void(const std::string&)>& log) {
    QElapsedTimer clock;  // the whole build, scoring included, for the report
    clock.start();
    if (out.isEmpty()) return makeError(ErrorCode::InvalidInput, "personalize: no output bundle given");
    const QString basePath = base.isEmpty() ? defaultHumanModelPath() : base;
    if (basePath.isEmpty())
        return makeError(ErrorCode::InvalidInput, "personalize: no default human-move model found; give a base model");
    if (!QDir().mkpath(QFileInfo(out).absolutePath()))
        return makeError(ErrorCode::Io, out.toStdString() + ": cannot create its folder");
    QTemporaryDir tmp;
    if (!tmp.isValid())
        return makeError(ErrorCode::Io,
                         "personalize: cannot create a temporary folder: " + tmp.errorString().toStdString());
    // The base as a trainer checkpoint (bundles are converted; an lc0 net is refused there: it has no Kibitz weights).
    const QString baseCheckpoint = tmp.filePath(QStringLiteral("base.pt"));
    if (Status st = writeInitialCheckpoint(ModelKind::Human, basePath, baseCheckpoint); !st) return st.error();
    options.baseCheckpoint = baseCheckpoint.toStdString();
    options.outCheckpoint = tmp.filePath(QStringLiteral("personal.pt")).toStdString();
    auto report = training::personalizeHumanModel(options, cancel, progress, log);
    if (!report) return report.error();
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
    // The player's book, and the base bundle's blend made relative to the base (a personal model answers as its base
    // does, with the fine-tuned network in its place and the player's habits kept whole).
    QJsonObject extraConfig;
    if (report->book.positions() > 0) extraConfig.insert(QStringLiteral("book"), playerBookToJson(report->book));
    if (QFileInfo(basePath).suffix() == QLatin1String("kibitz")) {
        auto baseBundle = storage::readBundle(basePath, storage::kKindHumanMove);
        if (!baseBundle) return baseBundle.error();
        auto blend = bundleBlendOf(*baseBundle, basePath);
        if (!blend) return blend.error();
        const auto digest = baseBundle->sha256.find(QStringLiteral("weights.bin"));
        if (blend->has_value() && digest != baseBundle->sha256.end()) {
            BundleBlend relative = **blend;
            relative.reference = QFileInfo(basePath).fileName();
            relative.referenceSha256 = digest->second;
            extraConfig.insert(QStringLiteral("blend"), bundleBlendToJson(relative));
        }
    }
    const QString checkpoint = QString::fromStdString(options.outCheckpoint);
    auto metricsOf = [](const training::PersonalizeReport& r) {
        return QJsonObject{
            {QStringLiteral("personal_validation_top1"), r.personal.overall().top1Rate()},
            {QStringLiteral("personal_validation_top3"), r.personal.overall().top3Rate()},
            {QStringLiteral("personal_validation_nll"), r.personal.overall().meanNll()},
        };
    };
    // The finished bundle and the base as they answer, on the player's moves of the held-out games: what the user
    // compares. The bundle is written first to the temporary folder (where its base is found by name like any
    // default model).
    if (options.scoreBundles && !report->validationGameList.empty()) {
        const QString trial = tmp.filePath(QStringLiteral("personal.kibitz"));
        if (Status st =
                exportHumanBundle(checkpoint, trial, personalTrainingJson(*report, QFileInfo(basePath).fileName()),
                                  metricsOf(*report), half, extraConfig);
            !st)
            return st.error();
        const std::string games = tmp.filePath(QStringLiteral("validation.pgn")).toStdString();
        if (Status st = chess::writePgnFile(games, report->validationGameList); !st) return st.error();
        training::HumanGamesEvalOptions eval;
        eval.files = {games};
        eval.heldOutOnly = false;
        eval.player = report->player;
        eval.threads = options.threads;
        auto score = [&](const QString& path) -> Result<training::MoveMetrics> {
            auto ev = loadHumanEvaluator(path);
            if (!ev) return ev.error();
            auto r = training::evaluateHumanGames(**ev, path.toStdString(), eval, cancel);
            if (!r) return r.error();
            return r->moves;
        };
        if (log) log("scoring the base and the personal bundle as they answer on the held-out games");
        auto baseScore = score(basePath);
        if (!baseScore) return baseScore.error();
        auto personalScore = score(trial);
        if (!personalScore) return personalScore.error();
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        report->base = *baseScore;
        report->personal = *personalScore;
        report->scoredAs = "bundles";
        if (log)
            log("as they answer: the base " + report->base.summary() + "; the personal model " +
                report->personal.summary());
    }
    report->seconds = double(clock.elapsed()) / 1000.0;
    if (Status st = exportHumanBundle(checkpoint, out, personalTrainingJson(*report, QFileInfo(basePath).fileName()),
                                      metricsOf(*report), half, extraConfig);
        !st)
        return st.error();
    return report;
}

}  // namespace kibitz::jobs
