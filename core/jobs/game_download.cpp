// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/game_download.h"

#include "core/common/run_lock.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace kibitz::jobs {

namespace {

QString partPath(const QString& out) { return out + QStringLiteral(".part"); }
QString statePath(const QString& out) { return out + QStringLiteral(".part.json"); }
QString monthPath(const QString& out) { return out + QStringLiteral(".part.month"); }
QString lockPath(const QString& out) { return out + QStringLiteral(".lock"); }

QString siteKey(GameSite site) {
    return site == GameSite::Lichess ? QStringLiteral("lichess") : QStringLiteral("chesscom");
}

/// The first 8 bytes of the SHA-1 of a game's key (gameKey), as the set of games written holds it.
quint64 writtenDigest(const QByteArray& game) {
    const QByteArray h = QCryptographicHash::hash(gameKey(game), QCryptographicHash::Sha1);
    quint64 out = 0;
    for (int i = 0; i < 8; ++i) out = out << 8 | quint8(h.at(i));
    return out;
}

}  // namespace

QUrl defaultApiRoot(GameSite site) {
    const QString env = qEnvironmentVariable(site == GameSite::Lichess ? "KIBITZ_LICHESS_API" : "KIBITZ_CHESSCOM_API");
    if (!env.isEmpty()) return QUrl(env);
    return builtInApiRoot(site);
}

QString siteName(GameSite site) {
    return site == GameSite::Lichess ? QStringLiteral("Lichess") : QStringLiteral("chess.com");
}

GameDownload::GameDownload(GameDownloadRequest request, QObject* parent)
    : QObject(parent), m_request(std::move(request)) {
    if (!m_request.apiRoot.isValid() || m_request.apiRoot.isEmpty()) m_request.apiRoot = defaultApiRoot(m_request.site);
    m_retryTimer = new QTimer(this);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this,
            [this] { get(m_request.site == GameSite::Lichess ? lichessUrl() : m_currentUrl, m_currentStream); });
}

GameDownload::~GameDownload() { stopRequests(); }

QUrl GameDownload::lichessUrl() const {
    QUrl url = m_request.apiRoot;
    url.setPath(url.path() + QStringLiteral("/api/games/user/") + m_request.user);
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("clocks"), QStringLiteral("true"));
    q.addQueryItem(QStringLiteral("opening"), QStringLiteral("false"));
    // Lichess sends newest first: `until` skips what was written, unless a game without a date was among it; then
    // the export starts again from the newest and the games already written are recognised and passed over.
    const bool useUntil = m_oldestMs > 0 && m_undated == 0;
    if (m_request.maxGames > 0)
        q.addQueryItem(QStringLiteral("max"),
                       QString::number(useUntil ? m_request.maxGames - m_games : m_request.maxGames));
    if (m_request.since.isValid())
        q.addQueryItem(QStringLiteral("since"),
                       QString::number(QDateTime(m_request.since, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()));
    if (useUntil) q.addQueryItem(QStringLiteral("until"), QString::number(m_oldestMs - 1));
    url.setQuery(q);
    return url;
}

void GameDownload::start() {
    static const QRegularExpression account(QStringLiteral("^[A-Za-z0-9_-]{1,50}$"));
    if (!account.match(m_request.user).hasMatch())
        return fail(tr("'%1' is not a %2 account name (letters, digits, '-' and '_')")
                        .arg(m_request.user, siteName(m_request.site)),
                    false);
    if (m_request.outPath.isEmpty()) return fail(tr("no output file given"), false);
    if (!fetchAllowed(m_request.site, m_request.apiRoot, m_request.apiRoot))
        return fail(tr("%1 is not an address Kibitz fetches games from").arg(m_request.apiRoot.toString()), false);
    // One download per output: a second one into the same file would interleave its games with ours.
    auto lock = RunLock::acquireFile(lockPath(m_request.outPath).toStdString(),
                                     m_request.outPath.toStdString() + ": in use by another download",
                                     "wait for it to end or choose another file");
    if (!lock) return fail(QString::fromStdString(lock.error().message), false);
    m_lock = std::move(*lock);
    m_net = std::make_unique<QNetworkAccessManager>();
    if (QFile::exists(statePath(m_request.outPath))) {
        if (!loadState()) return;  // failed with its message
    } else {
        QFile part(partPath(m_request.outPath));
        if (!part.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(tr("%1: cannot write: %2").arg(part.fileName(), part.errorString()), false);
    }
    if (m_request.maxGames > 0 && m_games >= m_request.maxGames) return succeed();
    if (m_request.site == GameSite::Lichess) return get(lichessUrl(), true);
    QUrl url = m_request.apiRoot;
    url.setPath(url.path() + QStringLiteral("/pub/player/") + m_request.user.toLower() +
                QStringLiteral("/games/archives"));
    get(url, false);
}

bool GameDownload::loadState() {
    QFile f(statePath(m_request.outPath));
    const QJsonObject s = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    if (s.value(QStringLiteral("site")).toString() != siteKey(m_request.site) ||
        s.value(QStringLiteral("user")).toString().compare(m_request.user, Qt::CaseInsensitive) != 0) {
        fail(tr("%1 belongs to another download (not %2 on %3): delete it, or choose another file")
                 .arg(f.fileName(), m_request.user, siteName(m_request.site)),
             false);
        return false;
    }
    m_games = m_resumedGames = s.value(QStringLiteral("games")).toInteger();
    m_bytes = s.value(QStringLiteral("bytes")).toInteger();
    m_oldestMs = s.value(QStringLiteral("oldest_ms")).toInteger();
    m_undated = s.value(QStringLiteral("undated")).toInteger();
    for (const auto& v : s.value(QStringLiteral("done_months")).toArray()) m_doneMonths << v.toString();
    QFile part(partPath(m_request.outPath));
    // What was written after the state was saved (a game cut by the interruption) is dropped.
    if (!part.open(QIODevice::ReadWrite) || part.size() < m_bytes || !part.resize(m_bytes)) {
        fail(tr("%1 does not hold the %2 games its state records: delete it and %3 to start again")
                 .arg(part.fileName())
                 .arg(m_games)
                 .arg(f.fileName()),
             false);
        return false;
    }
    part.close();
    return indexWrittenGames();
}

bool GameDownload::indexWrittenGames() {
    QFile part(partPath(m_request.outPath));
    if (!part.open(QIODevice::ReadOnly)) {
        fail(tr("%1: cannot read: %2").arg(part.fileName(), part.errorString()), false);
        return false;
    }
    // One game in memory at a time: the file may hold many.
    QByteArray game;
    auto take = [&] {
        if (!game.trimmed().isEmpty()) m_written.insert(writtenDigest(game));
        game.clear();
    };
    while (!part.atEnd()) {
        const QByteArray line = part.readLine();
        if (line.startsWith("[Event ")) take();
        game += line;
    }
    take();
    return true;
}

bool GameDownload::saveState() {
    QSaveFile f(statePath(m_request.outPath));
    QJsonArray months;
    for (const QString& m : std::as_const(m_doneMonths)) months.append(m);
    const QJsonObject s{{QStringLiteral("site"), siteKey(m_request.site)},
                        {QStringLiteral("user"), m_request.user},
                        {QStringLiteral("games"), m_games},
                        {QStringLiteral("bytes"), m_bytes},
                        {QStringLiteral("oldest_ms"), m_oldestMs},
                        {QStringLiteral("undated"), m_undated},
                        {QStringLiteral("done_months"), months}};
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(s).toJson()) >= 0 && f.commit();
}

void GameDownload::get(const QUrl& url, bool stream) {
    if (m_done) return;
    if (!fetchAllowed(m_request.site, m_request.apiRoot, url))
        return fail(tr("refused to fetch %1: only %2's own addresses are fetched")
                        .arg(textPreview(url.toString().toUtf8()), siteName(m_request.site)),
                    false);
    m_currentUrl = url;
    m_currentStream = stream;
    m_stream = GameStream();
    m_listBody.clear();
    m_monthFile.reset();
    m_monthGames.clear();
    if (!m_month.isEmpty()) {
        m_monthFile = std::make_unique<QFile>(monthPath(m_request.outPath));
        if (!m_monthFile->open(QIODevice::ReadWrite | QIODevice::Truncate))
            return fail(tr("%1: cannot write: %2").arg(m_monthFile->fileName(), m_monthFile->errorString()), true);
    }
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("Kibitz (chess study; github.com/kibitz)"));
    if (m_request.site == GameSite::Lichess) request.setRawHeader("Accept", "application/x-chess-pgn");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setTransferTimeout(m_request.readTimeoutMs);
    m_reply = m_net->get(request);
    m_reply->setReadBufferSize(qint64(4) << 20);  // Qt pauses the transfer rather than buffer more
    // Every response is read as it arrives, so that no response is held whole in memory.
    connect(m_reply, &QNetworkReply::readyRead, this, &GameDownload::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &GameDownload::onFinished);
}

void GameDownload::failNotPgn(const Error& error) {
    fail(tr("%1 answered %2, from %3")
             .arg(siteName(m_request.site), QString::fromStdString(error.message), m_currentUrl.toString()),
         true);
}

void GameDownload::onReadyRead() {
    if (!m_reply || m_done) return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) return;  // an error page: onFinished reports it
    const QByteArray data = m_reply->readAll();
    if (m_request.site == GameSite::ChessCom && m_month.isEmpty()) {
        // The archive list: a short JSON document.
        m_listBody += data;
        if (m_listBody.size() > kMaxGameBytes)
            fail(tr("chess.com answered an archive list of more than %1 MiB for '%2': not its archive list")
                     .arg(kMaxGameBytes >> 20)
                     .arg(m_request.user),
                 false);
        return;
    }
    takeGames(data, false);
}

bool GameDownload::takeGames(const QByteArray& data, bool streamEnded, bool reportCut) {
    // Complete games are those another game follows; at the end of the stream, the last one too, if it ends as a
    // game does (a stream cut mid-game by the server's side looks ended to HTTP): else, with `reportCut`, the
    // download fails as cut.
    auto fed = m_stream.feed(data);
    if (!fed) {
        failNotPgn(fed.error());
        return false;
    }
    QList<QByteArray> games = std::move(*fed);
    bool cut = false;
    if (streamEnded) {
        auto end = m_stream.finish();
        if (!end) {
            failNotPgn(end.error());
            return false;
        }
        games += end->games;
        cut = end->cut;
    }
    if (m_monthFile) {
        // chess.com: the month goes to disk as it comes; writeMonth writes it newest first once it is complete.
        for (const QByteArray& g : std::as_const(games))
            if (!spoolGame(g)) return false;
        if (cut && reportCut) {
            fail(tr("the download of %1 from chess.com ended in the middle of a game (the stream was cut); start "
                    "again to resume")
                     .arg(m_month),
                 true);
            return false;
        }
        return true;
    }
    for (const QByteArray& g : std::as_const(games)) {
        if (m_done) return false;
        if (!writeGame(g)) return false;
        if (m_request.maxGames > 0 && m_games >= m_request.maxGames) {
            succeed();
            return false;
        }
    }
    if ((streamEnded || !games.isEmpty()) && !saveState()) {
        fail(tr("%1: cannot write").arg(statePath(m_request.outPath)), true);
        return false;
    }
    if (cut && reportCut) {
        fail(tr("the download from %1 ended in the middle of a game after %n game(s) (the stream was cut); start "
                "again to resume",
                nullptr, int(m_games))
                 .arg(siteName(m_request.site)),
             true);
        return false;
    }
    return true;
}

bool GameDownload::spoolGame(const QByteArray& game) {
    const QByteArray text = game + "\n\n";
    const qint64 at = m_monthFile->pos();
    if (m_monthFile->write(text) != text.size()) {
        fail(tr("%1: cannot write: %2").arg(m_monthFile->fileName(), m_monthFile->errorString()), true);
        return false;
    }
    m_monthGames.push_back({at, game.size()});
    return true;
}

bool GameDownload::writeGame(const QByteArray& game) {
    const QDateTime start = gameStartTime(game);
    if (m_request.since.isValid() && start.isValid() && start.date() < m_request.since) return true;
    const quint64 key = writtenDigest(game);
    if (m_written.contains(key)) {
        ++m_duplicates;  // sent again (a resume that could not skip it): written once
        return true;
    }
    QFile part(partPath(m_request.outPath));
    const QByteArray text = game + "\n\n";
    if (!part.open(QIODevice::WriteOnly | QIODevice::Append) || part.write(text) != text.size()) {
        fail(tr("%1: cannot write: %2").arg(part.fileName(), part.errorString()), true);
        return false;
    }
    ++m_games;
    m_bytes += text.size();
    m_written.insert(key);
    if (start.isValid()) {
        const qint64 ms = start.toMSecsSinceEpoch();
        if (m_oldestMs == 0 || ms < m_oldestMs) m_oldestMs = ms;
    } else {
        ++m_undated;
    }
    Q_EMIT progress(m_games, m_bytes);
    return true;
}

void GameDownload::onFinished() {
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    if (!reply) return;
    reply->deleteLater();
    if (m_done) return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString site = siteName(m_request.site);
    if (status == 429) {
        if (m_retries >= m_request.maxRetries)
            return fail(tr("%1 refused %2 times for sending too many requests (HTTP 429); try again later")
                            .arg(site)
                            .arg(m_retries + 1),
                        true);
        ++m_retries;
        bool ok = false;
        const qint64 asked = reply->rawHeader("Retry-After").trimmed().toLongLong(&ok);
        // Lichess: "wait a full minute"; a longer wait than maxRetryAfterS is cut to it (an absurd one would overflow
        // the timer and never come).
        const int seconds = !ok || asked < 0 ? 60 : int(std::min<qint64>(asked, std::max(0, m_request.maxRetryAfterS)));
        Q_EMIT waiting(seconds);
        m_retryTimer->start(std::chrono::seconds(seconds));
        return;
    }
    if (status == 404) {
        // Nothing to resume: the account does not exist (any more).
        QFile::remove(partPath(m_request.outPath));
        QFile::remove(statePath(m_request.outPath));
        return fail(tr("no %1 account '%2' (HTTP 404)").arg(site, m_request.user), false);
    }
    if (status >= 400)
        return fail(tr("%1 answered HTTP %2 for %3").arg(site).arg(status).arg(reply->url().toString()), true);
    if (reply->error() != QNetworkReply::NoError) {
        if (m_request.site == GameSite::Lichess && status == 200) {
            const QByteArray rest = reply->isOpen() ? reply->readAll() : QByteArray();
            takeGames(rest, true, false);  // keep the games that came complete, the last one too if it is
        }
        if (m_done) return;
        saveState();
        if (reply->error() == QNetworkReply::OperationCanceledError ||
            reply->error() == QNetworkReply::TimeoutError)  // the transfer timeout: nothing came for that long
            return fail(tr("%1 sent nothing for %2 s (the connection stalled) after %n game(s); start again to resume",
                           nullptr, int(m_games))
                            .arg(site)
                            .arg(m_request.readTimeoutMs / 1000.0),
                        true);
        if (status == 200 || m_games > m_resumedGames)
            return fail(
                tr("the connection to %1 was lost after %n game(s) (%2); start again to resume", nullptr, int(m_games))
                    .arg(site, reply->errorString()),
                true);
        return fail(tr("cannot reach %1 (%2): is the computer online?").arg(site, reply->errorString()), true);
    }
    if (m_request.site == GameSite::ChessCom && m_month.isEmpty()) {
        m_listBody += reply->readAll();
        return readArchiveList(m_listBody);
    }
    if (!takeGames(reply->readAll(), true) || m_done) return;
    if (m_monthFile) return writeMonth();
    succeed();
}

void GameDownload::readArchiveList(const QByteArray& body) {
    auto months = parseArchiveList(body, m_request.apiRoot, m_request.since);
    if (!months) {
        const QString why = QString::fromStdString(months.error().message);
        // An address that is not chess.com's is refused for good; a garbled list may come right on a retry.
        if (months.error().code == ErrorCode::Unsupported)
            return fail(tr("chess.com's archive list for '%1' %2").arg(m_request.user, why), false);
        return fail(tr("chess.com answered something that is not its archive list for '%1'").arg(m_request.user), true);
    }
    for (const QString& url : std::as_const(*months))
        if (!m_doneMonths.contains(url)) m_archives << url;
    nextArchive();
}

void GameDownload::writeMonth() {
    // One month, oldest game first, spooled to disk: written newest first, as Lichess sends them, one game in
    // memory at a time.
    QFile& month = *m_monthFile;
    if (!month.flush()) return fail(tr("%1: cannot write: %2").arg(month.fileName(), month.errorString()), true);
    for (qsizetype i = m_monthGames.size() - 1; i >= 0; --i) {
        const auto [offset, size] = m_monthGames.at(i);
        QByteArray g;
        if (month.seek(offset)) g = month.read(size);
        if (g.size() != size) return fail(tr("%1: cannot read: %2").arg(month.fileName(), month.errorString()), true);
        if (!writeGame(g)) return;
        if (m_request.maxGames > 0 && m_games >= m_request.maxGames) return succeed();
    }
    m_monthFile.reset();
    m_monthGames.clear();
    QFile::remove(monthPath(m_request.outPath));
    m_doneMonths << m_month;
    if (!saveState()) return fail(tr("%1: cannot write").arg(statePath(m_request.outPath)), true);
    nextArchive();
}

void GameDownload::nextArchive() {
    if (m_archives.isEmpty()) return succeed();
    m_month = m_archives.takeFirst();
    get(QUrl(m_month + QStringLiteral("/pgn")), false);
}

void GameDownload::stopRequests() {
    m_retryTimer->stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
}

void GameDownload::releaseLock() {
    if (!m_lock) return;
    // Removed while held, then released: a download waiting on it finds the file gone and makes its own.
    QFile::remove(lockPath(m_request.outPath));
    m_lock.reset();
}

void GameDownload::fail(const QString& message, bool resumable) {
    if (m_done) return;
    m_done = true;
    stopRequests();
    if (m_monthFile) {
        m_monthFile.reset();
        QFile::remove(monthPath(m_request.outPath));
    }
    if (m_lock) {
        // Nothing to resume from: a download that wrote no game and saved no state leaves no part file behind.
        if (m_games == 0 && m_resumedGames == 0 && !QFile::exists(statePath(m_request.outPath)))
            QFile::remove(partPath(m_request.outPath));
        releaseLock();
    }
    Q_EMIT finished(false, message, resumable);
}

void GameDownload::succeed() {
    if (m_done) return;
    m_done = true;
    stopRequests();
    std::error_code ec;
    std::filesystem::rename(partPath(m_request.outPath).toStdString(), m_request.outPath.toStdString(), ec);
    if (ec) {
        m_done = false;
        return fail(tr("%1: cannot rename it to %2: %3")
                        .arg(partPath(m_request.outPath), m_request.outPath, QString::fromStdString(ec.message())),
                    true);
    }
    QFile::remove(statePath(m_request.outPath));
    QFile::remove(monthPath(m_request.outPath));
    releaseLock();
    Q_EMIT finished(true,
                    tr("%n game(s) of %1 from %2 in %3", nullptr, int(m_games))
                        .arg(m_request.user, siteName(m_request.site), m_request.outPath),
                    false);
}

void GameDownload::cancel() {
    if (m_done) return;
    saveState();
    fail(tr("interrupted after %n game(s); start again with the same file to resume", nullptr, int(m_games)), true);
}

}  // namespace kibitz::jobs
