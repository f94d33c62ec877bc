// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/profile_job.h"

#include "core/common/atomic_file.h"
#include "core/evaluation/peer_calibration.h"
#include "core/jobs/cache_directory.h"
#include "core/training/player_games.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <exception>

namespace kibitz::jobs {
namespace {

constexpr qint64 kProgressIntervalMs = 66;  // ~15 Hz

/// Sends progress at most every kProgressIntervalMs, and always the last step of a stage.
class ProgressThrottle {
public:
    explicit ProgressThrottle(std::function<void(const ProfileProgress&)> emit) : m_emit(std::move(emit)) {
        m_clock.start();
    }
    void operator()(const ProfileProgress& p) {
        const bool last = p.done >= p.total;
        if (!last && p.stage == m_stage && m_clock.elapsed() - m_lastSent < kProgressIntervalMs) return;
        m_stage = p.stage;
        m_lastSent = m_clock.elapsed();
        m_emit(p);
    }

private:
    std::function<void(const ProfileProgress&)> m_emit;
    QElapsedTimer m_clock;
    qint64 m_lastSent = -kProgressIntervalMs;
    ProfileProgress::Stage m_stage = ProfileProgress::Stage::Reading;
};

/// The PGN files of `paths`: a file as it is, a folder as its .pgn and .pgn.zst files (by name). A folder without
/// any is an error naming it.
Result<std::vector<std::string>> gameFiles(const QStringList& paths) {
    std::vector<std::string> out;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
            out.push_back(path.toStdString());
            continue;
        }
        const QDir dir(path);
        const QStringList names = dir.entryList({QStringLiteral("*.pgn"), QStringLiteral("*.pgn.zst")},
                                                QDir::Files | QDir::Readable, QDir::Name);
        if (names.isEmpty())
            return makeError(ErrorCode::InvalidInput,
                             QDir::toNativeSeparators(path).toStdString() + ": no PGN files (.pgn, .pgn.zst) here");
        for (const QString& name : names) out.push_back(dir.filePath(name).toStdString());
    }
    return out;
}

}  // namespace

QString peerBaselineCaveat(const encoding::Evaluator& model) {
    switch (evaluation::peerModelFit(model)) {
        case evaluation::PeerModelFit::Fitted: break;
        case evaluation::PeerModelFit::NetsMissing:
            return ProfileWorker::tr(
                "The Maia-1 nets the default model blends with were not found (KIBITZ_MAIA_DIR names their folder): "
                "the peer baseline is fitted with them, and without them it loses about a tenth more than real "
                "players of each band.");
        case evaluation::PeerModelFit::OtherModel:
            return ProfileWorker::tr(
                "The peer baseline is fitted on the default model blended with the Maia-1 nets: with another model "
                "it is that model's, not calibrated to real players.");
    }
    return {};
}

void registerProfileMetaTypes() {
    qRegisterMetaType<ProfileRequest>();
    qRegisterMetaType<ProfileProgress>();
    qRegisterMetaType<ProfileOutcome>();
}

ProfileWorker::ProfileWorker(QObject* parent) : QObject(parent) { registerProfileMetaTypes(); }

ProfileWorker::~ProfileWorker() = default;

void ProfileWorker::setAnalyserFactory(const evaluation::AnalyserFactory& factory) { m_analyserFactory = factory; }

void ProfileWorker::setEvaluatorFactory(const EvaluatorFactory& factory) {
    m_evaluatorFactory = factory;
    m_evaluator.reset();
}

void ProfileWorker::setPuzzleRater(const PuzzleRater& rater) { m_puzzleRater = rater; }

void ProfileWorker::run(const ProfileRequest& request) {
    if (request.cancel.isCancelled()) {  // cancelled while it waited in the queue
        Q_EMIT cancelled();
        return;
    }
    QString note;
    Result<evaluation::PlayerProfile> r = makeError(ErrorCode::Runtime, "not run");
    try {
        r = profile(request, note);
    } catch (const std::exception& e) {
        r = makeError(ErrorCode::Runtime, e.what());
    }
    if (r.ok()) {
        Q_EMIT finished(ProfileOutcome{std::move(*r), note});
    } else if (r.error().code == ErrorCode::Cancelled) {
        Q_EMIT cancelled();
    } else {
        Q_EMIT failed(QString::fromStdString(r.error().message), r.error().code == ErrorCode::InvalidInput);
    }
}

Result<evaluation::PlayerProfile> ProfileWorker::profile(const ProfileRequest& request, QString& note) {
    if (!m_analyserFactory) return makeError(ErrorCode::InvalidInput, "no engine configured");
    if (!m_evaluatorFactory) return makeError(ErrorCode::InvalidInput, "no human-move model configured");
    ProgressThrottle progress([this](const ProfileProgress& p) { Q_EMIT progressChanged(p); });
    progress({ProfileProgress::Stage::Reading, 0, 0});

    const auto files = gameFiles(request.files);
    if (!files) return files.error();
    std::string matched;
    // Games without ratings too: profilePlayer says which it leaves out, and with peers of a chosen rating needs none.
    auto games =
        training::readPlayerGames(*files, request.player.toStdString(), &matched, {}, training::GameRatings::Optional);
    if (!games) return games.error();
    if (request.cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
    QStringList notes;
    if (!matched.empty()) notes << QString::fromStdString(matched);
    if (games->skipped > 0)
        notes << tr("%n game(s) of theirs left out (the human-move model cannot read them).", nullptr,
                    int(games->skipped));
    note = notes.join(u' ');
    evaluation::keepNewestProfileGames(games->games, games->name, request.maxGames, request.options.peerRating != 0);

    if (!m_evaluator) {
        auto e = m_evaluatorFactory();
        if (!e) return e.error();
        m_evaluator = std::move(*e);
    }
    const QString caveat = peerBaselineCaveat(*m_evaluator);
    if (!caveat.isEmpty()) note = note.isEmpty() ? caveat : note + u' ' + caveat;
    auto engine = m_analyserFactory();  // a fresh engine each run: its depth may have changed
    if (!engine) return engine.error();

    const auto onProgress = [&progress](const evaluation::PlayerProfileProgress& p) {
        const bool scoring = p.stage == evaluation::PlayerProfileProgress::Stage::Scoring;
        progress({scoring ? ProfileProgress::Stage::Scoring : ProfileProgress::Stage::Rating, p.done, p.total});
    };
    evaluation::PlayerProfileOptions options = request.options;
    if (!options.positions.moreEngines) {  // as many engines as cores, made like the first
        options.positions.moreEngines = m_analyserFactory;
        options.positions.engines = evaluation::defaultEngineProcesses();
    }
    auto r = evaluation::profilePlayer(games->games, games->name, *m_evaluator, **engine, options, request.cancel,
                                       onProgress);
    if (!r) {
        if (r.error().code != ErrorCode::Cancelled && r.error().code != ErrorCode::InvalidInput)
            m_evaluator.reset();  // a model that failed may be in a bad state: make a fresh one next time
        return r.error();
    }
    r->model = m_evaluator->describe();
    r->peerCaveat = caveat.toStdString();
    r->engine = (*engine)->describe().toStdString();
    if (m_puzzleRater && !r->puzzles.empty() && !request.cancel.isCancelled()) {
        Status rated = makeError(ErrorCode::Runtime, "not rated");
        try {
            rated = m_puzzleRater(*r);
        } catch (const std::exception& e) {
            rated = makeError(ErrorCode::Runtime, e.what());
        }
        if (!rated) {
            for (auto& z : r->puzzles) {
                z.difficulty = z.difficultySigma = 0.0;
                z.solveChance = -1.0;
            }
            note += (note.isEmpty() ? QString() : QStringLiteral(" ")) +
                    tr("The worst positions are not rated as puzzles: %1")
                        .arg(QString::fromStdString(rated.error().message));
        }
    }
    return r;
}

QString profileScoreCachePath() {
    const QString dir = cacheDirectory();
    if (!QDir().mkpath(dir)) return {};
    return QDir(dir).filePath(QStringLiteral("profile-scores.tsv"));
}

std::string profileCacheTag(int depth) { return "multipv-all depth " + std::to_string(depth); }

evaluation::AnalyserFactory profileAnalyserFactory(const QString& program, int depth) {
    evaluation::UciAnalyserOptions o = evaluation::uciAnalyserOptions(program, engines::SearchLimits::depth(depth));
    o.freshSearch = true;  // each position's scores depend on it alone: the cache is reusable
    return evaluation::uciAnalyserFactory(o);
}

Status writeProfilePuzzles(const evaluation::PlayerProfile& profile, const QString& path) {
    return writeBytesAtomically(path.toStdString(), profile.puzzlesCsv());
}

Status writeProfileReport(const evaluation::PlayerProfile& profile, const QString& path,
                          const evaluation::ProfileHtmlText& text) {
    return writeBytesAtomically(path.toStdString(), evaluation::playerProfileHtml(profile, text));
}

}  // namespace kibitz::jobs
