// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The player profile off the GUI thread: reads one player's games from PGN files and runs
// evaluation::profilePlayer in a worker thread, with throttled progress and a per-request cancel token. What the
// app's Player profile page runs; `kibitz-cli profile` calls the same core function.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/player_profile.h"
#include "core/jobs/analysis_worker.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <string>

namespace kibitz::jobs {

/// One profile to make: whose, from which files, how.
struct ProfileRequest {
    QStringList files;  ///< PGN files (.pgn, .pgn.zst), e.g. what a download wrote
    QString player;     ///< as in the White/Black tags, any case (training::readPlayerGames' matching)
    int maxGames = 0;   ///< the newest N of their games (evaluation::keepNewestProfileGames; 0: all)
    evaluation::PlayerProfileOptions options;
    CancelToken cancel;  ///< this request's own token (made by the caller before it posts the request)
};

/// How far a profile is: reading the games, scoring the positions (engine and peer), rating the moves.
struct ProfileProgress {
    enum class Stage { Reading, Scoring, Rating };
    Stage stage = Stage::Reading;
    qint64 done = 0;
    qint64 total = 0;
};

/// A finished profile, with what the page may say beside it (a name matched loosely, games skipped).
struct ProfileOutcome {
    evaluation::PlayerProfile profile;
    QString note;
};

/// Runs profiles in a worker thread (move it to a jobs::WorkerThread; call run() there). The model is made on
/// first use and kept until the factory changes; the engine is made for each run from the factory (its depth may
/// change between runs). Every exception (LibTorch throws) becomes failed(); nothing crosses the thread.
class ProfileWorker : public QObject {
    Q_OBJECT
public:
    explicit ProfileWorker(QObject* parent = nullptr);
    ~ProfileWorker() override;

    /// How the engine is made (required: run() fails without one).
    void setAnalyserFactory(const kibitz::evaluation::AnalyserFactory& factory);
    /// How the human-move model is made (required); drops the current model.
    void setEvaluatorFactory(const kibitz::jobs::EvaluatorFactory& factory);
    /// Rates a finished profile's worst positions as puzzles (ProfilePuzzle::difficulty, solveChance), run in this
    /// worker's thread after the profile: the app gives jobs::rateProfilePuzzles with the puzzle model (this library
    /// has no torch). Empty: they stay unrated. A failure leaves them unrated and is said in the outcome's note.
    using PuzzleRater = std::function<Status(evaluation::PlayerProfile&)>;
    void setPuzzleRater(const PuzzleRater& rater);
    /// Reads the player's games and profiles them; emits progressChanged (at most ~15 times a second, and the last
    /// step of each stage), then exactly one of finished, cancelled or failed. A request already cancelled ends at
    /// once with cancelled.
    void run(const kibitz::jobs::ProfileRequest& request);

Q_SIGNALS:
    void progressChanged(const kibitz::jobs::ProfileProgress& progress);
    void finished(const kibitz::jobs::ProfileOutcome& outcome);
    void cancelled();
    /// `badInput`: the input cannot be profiled (no such player, too few games, no ratings), as opposed to a model
    /// or engine failure.
    void failed(const QString& message, bool badInput);

private:
    Result<evaluation::PlayerProfile> profile(const ProfileRequest& request, QString& note);

    evaluation::AnalyserFactory m_analyserFactory;
    EvaluatorFactory m_evaluatorFactory;
    std::unique_ptr<encoding::Evaluator> m_evaluator;
    PuzzleRater m_puzzleRater;
};

/// Where the engine's scores are kept between profiles: profile-scores.tsv in Kibitz's cache folder
/// (jobs::cacheDirectory(), created), as `kibitz-cli profile` keeps them; empty when the folder cannot be made.
QString profileScoreCachePath();
/// What the cached scores of Stockfish at `depth` are tagged with (the CLI's tag: one cache for both).
std::string profileCacheTag(int depth);
/// Stockfish at `program` searching every legal move to `depth`, each position on its own (fresh search), so the
/// scores can be cached and reused.
evaluation::AnalyserFactory profileAnalyserFactory(const QString& program, int depth);

/// Writes the profile's positions as the Lichess puzzle CSV (PlayerProfile::puzzlesCsv) to `path`, atomically.
Status writeProfilePuzzles(const evaluation::PlayerProfile& profile, const QString& path);
/// Writes the self-contained HTML report (evaluation::playerProfileHtml, in `text`'s words) to `path`, atomically.
Status writeProfileReport(const evaluation::PlayerProfile& profile, const QString& path,
                          const evaluation::ProfileHtmlText& text = {});

/// What the report should say when `model` is not the one the peer baseline's scales were fitted on
/// (evaluation::peerModelFit): one sentence, or empty when it is.
QString peerBaselineCaveat(const encoding::Evaluator& model);

/// Registers the metatypes of the signals above (idempotent; the worker's constructor calls it).
void registerProfileMetaTypes();

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::ProfileRequest)
Q_DECLARE_METATYPE(kibitz::jobs::ProfileProgress)
Q_DECLARE_METATYPE(kibitz::jobs::ProfileOutcome)
