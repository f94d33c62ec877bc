// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/game_download.h"

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
#include <filesystem>

namespace kibitz::jobs {

namespace {

QString partPath(const QString& out) { return out + QStringLiteral(".part"); }
QString statePath(const QString& out) { return out + QStringLiteral(".part.json"); }
QString siteKey(GameSite site) {
    return site == GameSite::Lichess ? QStringLiteral("lichess") : QStringLiteral("chesscom");
}

/// A tag's value in one game's text, or empty.
QString tagOf(const QByteArray& game, const char* tag) {
    const QRegularExpression re(QStringLiteral("^\\[%1 \"([^\"]*)\"\\]").arg(QLatin1String(tag)),
                                QRegularExpression::MultilineOption);
    const auto m = re.match(QString::fromUtf8(game));
    return m.hasMatch() ? m.captured(1) : QString();
}

/// When a game started (UTCDate and UTCTime, else Date), UTC; invalid when the tags do not say.
QDateTime startOf(const QByteArray& game) {
    QString date = tagOf(game, "UTCDate");
    if (date.isEmpty()) date = tagOf(game, "Date");
    QString time = tagOf(game, "UTCTime");
    if (time.isEmpty()) time = QStringLiteral("00:00:00");
    QDateTime t = QDateTime::fromString(date + u' ' + time, QStringLiteral("yyyy.MM.dd HH:mm:ss"));
    t.setTimeSpec(Qt::UTC);
    return t;
}

/// The games of a PGN text, in order: each starts at a line "[Event ".
QList<QByteArray> splitGames(const QByteArray& text) {
    QList<QByteArray> games;
    qsizetype start = text.startsWith("[Event ") ? 0 : text.indexOf("\n[Event ");
    while (start >= 0) {
        if (text.at(start) == '\n') ++start;
        const qsizetype next = text.indexOf("\n[Event ", start);
        const QByteArray game = text.mid(start, next < 0 ? -1 : next - start).trimmed();
        if (!game.isEmpty()) games.push_back(game);
        start = next;
    }
    return games;
}

}  // namespace

QUrl defaultApiRoot(GameSite site) {
    const QString env = qEnvironmentVariable(site == GameSite::Lichess ? "KIBITZ_LICHESS_API" : "KIBITZ_CHESSCOM_API");
    if (!env.isEmpty()) return QUrl(env);
    return QUrl(site == GameSite::Lichess ? QStringLiteral("https://lichess.org")
                                          : QStringLiteral("https://api.chess.com"));
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
    if (m_request.maxGames > 0) q.addQueryItem(QStringLiteral("max"), QString::number(m_request.maxGames - m_games));
    if (m_request.since.isValid())
        q.addQueryItem(QStringLiteral("since"),
                       QString::number(QDateTime(m_request.since, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()));
    if (m_oldestMs > 0) q.addQueryItem(QStringLiteral("until"), QString::number(m_oldestMs - 1));
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
                        {QStringLiteral("done_months"), months}};
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(s).toJson()) >= 0 && f.commit();
}

void GameDownload::get(const QUrl& url, bool stream) {
    if (m_done) return;
    m_currentUrl = url;
    m_currentStream = stream;
    m_pending.clear();
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("Kibitz (chess study; github.com/kibitz)"));
    if (m_request.site == GameSite::Lichess) request.setRawHeader("Accept", "application/x-chess-pgn");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    m_reply = m_net->get(request);
    if (stream) connect(m_reply, &QNetworkReply::readyRead, this, &GameDownload::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &GameDownload::onFinished);
}

void GameDownload::onReadyRead() {
    if (!m_reply || m_done) return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) return;  // an error page: onFinished reports it
    m_pending += m_reply->readAll();
    takeGames(false);
}

bool GameDownload::takeGames(bool streamEnded) {
    // Complete games are those another game follows; at the end of the stream, the last one too.
    qsizetype end = m_pending.lastIndexOf("\n[Event ");
    if (streamEnded) end = m_pending.size();
    if (end <= 0) return true;
    const QList<QByteArray> games = splitGames(m_pending.left(end));
    m_pending.remove(0, end);
    for (const QByteArray& g : games) {
        if (m_done) return false;
        if (!writeGame(g)) return false;
        if (m_request.maxGames > 0 && m_games >= m_request.maxGames) {
            succeed();
            return false;
        }
    }
    if (!saveState()) {
        fail(tr("%1: cannot write").arg(statePath(m_request.outPath)), true);
        return false;
    }
    return true;
}

bool GameDownload::writeGame(const QByteArray& game) {
    const QDateTime start = startOf(game);
    if (m_request.since.isValid() && start.isValid() && start.date() < m_request.since) return true;
    QFile part(partPath(m_request.outPath));
    const QByteArray text = game + "\n\n";
    if (!part.open(QIODevice::WriteOnly | QIODevice::Append) || part.write(text) != text.size()) {
        fail(tr("%1: cannot write: %2").arg(part.fileName(), part.errorString()), true);
        return false;
    }
    ++m_games;
    m_bytes += text.size();
    if (start.isValid()) {
        const qint64 ms = start.toMSecsSinceEpoch();
        if (m_oldestMs == 0 || ms < m_oldestMs) m_oldestMs = ms;
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
        int seconds = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
        if (!ok || seconds < 0) seconds = 60;  // Lichess: "wait a full minute"
        Q_EMIT waiting(seconds);
        m_retryTimer->start(seconds * 1000);
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
        if (m_currentStream) takeGames(false);  // keep the games that came complete
        if (m_done) return;
        saveState();
        if (status == 200 || m_games > m_resumedGames)
            return fail(
                tr("the connection to %1 was lost after %n game(s) (%2); start again to resume", nullptr, int(m_games))
                    .arg(site, reply->errorString()),
                true);
        return fail(tr("cannot reach %1 (%2): is the computer online?").arg(site, reply->errorString()), true);
    }
    if (m_request.site == GameSite::Lichess) {
        m_pending += reply->readAll();
        if (takeGames(true) && !m_done) succeed();
        return;
    }
    const QByteArray body = reply->readAll();
    if (m_month.isEmpty())
        readArchiveList(body);
    else
        writeMonth(body);
}

void GameDownload::readArchiveList(const QByteArray& body) {
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return fail(tr("chess.com answered something that is not its archive list for '%1'").arg(m_request.user), true);
    for (const auto& v : doc.object().value(QStringLiteral("archives")).toArray()) {
        const QString url = v.toString();
        // ".../games/2024/01": months before `since` are left out.
        const QStringList parts = url.split(u'/');
        if (m_request.since.isValid() && parts.size() >= 2) {
            const int year = parts.at(parts.size() - 2).toInt(), month = parts.back().toInt();
            if (year * 12 + month < m_request.since.year() * 12 + m_request.since.month()) continue;
        }
        if (!m_doneMonths.contains(url)) m_archives.prepend(url);  // newest first
    }
    nextArchive();
}

void GameDownload::writeMonth(const QByteArray& body) {
    // One month, oldest game first: written newest first, as Lichess sends them.
    QList<QByteArray> games = splitGames(body);
    std::reverse(games.begin(), games.end());
    for (const QByteArray& g : games) {
        if (!writeGame(g)) return;
        if (m_request.maxGames > 0 && m_games >= m_request.maxGames) return succeed();
    }
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

void GameDownload::fail(const QString& message, bool resumable) {
    if (m_done) return;
    m_done = true;
    stopRequests();
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
