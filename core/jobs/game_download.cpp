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
#include <cstring>
#include <filesystem>
#include <vector>

namespace kibitz::jobs {

namespace {

QString partPath(const QString& out) { return out + QStringLiteral(".part"); }
QString statePath(const QString& out) { return out + QStringLiteral(".part.json"); }
QString monthPath(const QString& out) { return out + QStringLiteral(".part.month"); }
QString lockPath(const QString& out) { return out + QStringLiteral(".lock"); }

/// Whether a game's text ends as a game does: its movetext closed by the result (1-0, 0-1, 1/2-1/2, *). A game cut
/// by a lost connection does not.
bool completeGame(const QByteArray& game) {
    const QByteArray t = game.trimmed();
    const bool result = t.endsWith("1-0") || t.endsWith("0-1") || t.endsWith("1/2-1/2") || t.endsWith('*');
    return result && t.count('{') == t.count('}');  // not a result quoted in a comment that was cut
}

/// The first bytes of a text for a message: printable ASCII, at most 40 characters.
QString preview(const QByteArray& data) {
    QString out;
    for (const char c : data.trimmed().left(40)) out += c >= 0x20 && c < 0x7f ? QChar(c) : QChar(u'?');
    return out;
}
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

/// What identifies a game among those written: its address (chess.com's Link tag, Lichess's Site), else a digest
/// of its text (chess.com's Site is "Chess.com" for every game).
QByteArray gameKey(const QByteArray& game) {
    const QString link = tagOf(game, "Link");
    if (link.contains(QLatin1String("://"))) return "link:" + link.toUtf8();
    const QString site = tagOf(game, "Site");
    if (site.contains(QLatin1String("://"))) return "site:" + site.toUtf8();
    return "sha1:" + QCryptographicHash::hash(game.trimmed(), QCryptographicHash::Sha1).toHex();
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
    if (!allowedUrl(m_request.apiRoot))
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
        if (!game.trimmed().isEmpty()) m_written.insert(gameKey(game));
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

bool GameDownload::allowedUrl(const QUrl& url) const {
    const QUrl root = m_request.apiRoot;
    const QUrl builtIn(m_request.site == GameSite::Lichess ? QStringLiteral("https://lichess.org")
                                                           : QStringLiteral("https://api.chess.com"));
    if (root != builtIn) {
        // A configured root (a test server): that scheme, host and port only.
        return url.scheme() == root.scheme() && url.host() == root.host() && url.port() == root.port() &&
               (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"));
    }
    return url.scheme() == QLatin1String("https") && url.host() == builtIn.host() &&
           (url.port() == -1 || url.port() == 443);
}

void GameDownload::get(const QUrl& url, bool stream) {
    if (m_done) return;
    if (!allowedUrl(url))
        return fail(tr("refused to fetch %1: only %2's own addresses are fetched")
                        .arg(preview(url.toString().toUtf8()), siteName(m_request.site)),
                    false);
    m_currentUrl = url;
    m_currentStream = stream;
    m_pending.clear();
    m_listBody.clear();
    m_bodyChecked = false;
    m_monthFile.reset();
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

bool GameDownload::checkBody(const QByteArray& data) {
    const QString site = siteName(m_request.site);
    if (data.contains('\0')) {
        fail(tr("%1 answered binary data instead of PGN games (from %2)").arg(site, m_currentUrl.toString()), true);
        return false;
    }
    if (m_bodyChecked) return true;
    const QByteArray start = data.trimmed();
    if (start.isEmpty()) return true;  // not yet known
    if (!start.startsWith("[Event ") && !(start.size() < 7 && QByteArray("[Event ").startsWith(start))) {
        fail(tr("%1 answered something that is not PGN games (it starts \"%2\", from %3)")
                 .arg(site, preview(start), m_currentUrl.toString()),
             true);
        return false;
    }
    m_bodyChecked = start.size() >= 7;
    return true;
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
    if (!checkBody(m_bodyChecked ? data : m_pending + data)) return;
    if (m_monthFile) {
        // chess.com: the month goes to disk as it comes; writeMonth reads it back once it is complete.
        if (!m_bodyChecked) m_pending += data;  // the first bytes, until they show PGN
        if (m_monthFile->write(data) != data.size())
            fail(tr("%1: cannot write: %2").arg(m_monthFile->fileName(), m_monthFile->errorString()), true);
        if (m_bodyChecked) m_pending.clear();
        return;
    }
    m_pending += data;
    takeGames(false);
}

bool GameDownload::takeGames(bool streamEnded, bool reportCut) {
    // Complete games are those another game follows; at the end of the stream, the last one too, if it ends as a
    // game does (a stream cut mid-game by the server's side looks ended to HTTP): else, with `reportCut`, the
    // download fails as cut.
    qsizetype end = m_pending.lastIndexOf("\n[Event ");
    if (streamEnded) end = m_pending.size();
    if (end <= 0) {
        if (m_pending.size() > kMaxGameBytes) {
            fail(tr("%1 sent more than %2 MiB without a game boundary: not PGN games")
                     .arg(siteName(m_request.site))
                     .arg(kMaxGameBytes >> 20),
                 true);
            return false;
        }
        return true;
    }
    QList<QByteArray> games = splitGames(m_pending.left(end));
    m_pending.remove(0, end);
    bool cut = false;
    if (streamEnded && !games.isEmpty() && !completeGame(games.back())) {
        games.removeLast();
        cut = true;
    }
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

bool GameDownload::writeGame(const QByteArray& game) {
    const QDateTime start = startOf(game);
    if (m_request.since.isValid() && start.isValid() && start.date() < m_request.since) return true;
    const QByteArray key = gameKey(game);
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
            if (checkBody(m_bodyChecked ? rest : m_pending + rest)) {
                m_pending += rest;
                takeGames(true, false);  // keep the games that came complete, the last one too if it is
            }
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
    if (m_request.site == GameSite::Lichess) {
        const QByteArray rest = reply->readAll();
        if (!checkBody(m_bodyChecked ? rest : m_pending + rest)) return;
        m_pending += rest;
        if (takeGames(true) && !m_done) succeed();
        return;
    }
    if (m_month.isEmpty()) {
        m_listBody += reply->readAll();
        return readArchiveList(m_listBody);
    }
    const QByteArray rest = reply->readAll();
    if (!rest.isEmpty()) {
        if (!checkBody(m_bodyChecked ? rest : m_pending + rest)) return;
        if (m_monthFile->write(rest) != rest.size())
            return fail(tr("%1: cannot write: %2").arg(m_monthFile->fileName(), m_monthFile->errorString()), true);
    }
    writeMonth();
}

void GameDownload::readArchiveList(const QByteArray& body) {
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return fail(tr("chess.com answered something that is not its archive list for '%1'").arg(m_request.user), true);
    for (const auto& v : doc.object().value(QStringLiteral("archives")).toArray()) {
        const QString url = v.toString();
        // Only chess.com's own months: a file: URL, another host or scheme in the list is refused, never followed.
        if (!allowedUrl(QUrl(url + QStringLiteral("/pgn"))))
            return fail(tr("chess.com's archive list for '%1' names %2, not a chess.com address: refused")
                            .arg(m_request.user, preview(url.toUtf8())),
                        false);
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

void GameDownload::writeMonth() {
    // One month, oldest game first, spooled to disk: written newest first, as Lichess sends them, one game in
    // memory at a time (the games' offsets are found in one pass, then each is read back).
    QFile& month = *m_monthFile;
    month.flush();
    if (!month.seek(0)) return fail(tr("%1: cannot read: %2").arg(month.fileName(), month.errorString()), true);
    QList<qint64> starts;
    qint64 offset = 0;
    bool lineStart = true;
    std::vector<char> buf(std::size_t(64) << 10);
    for (;;) {
        // A line longer than the buffer comes in pieces; only a piece that starts a line can start a game.
        const qint64 n = month.readLine(buf.data(), qint64(buf.size()));
        if (n <= 0) break;
        if (lineStart && n >= 7 && std::memcmp(buf.data(), "[Event ", 7) == 0) starts << offset;
        lineStart = buf[std::size_t(n - 1)] == '\n';
        offset += n;
    }
    const qint64 size = offset;
    if (size > 0 && (starts.isEmpty() || starts.front() > 4096))  // checkBody saw it start with a game
        return fail(tr("chess.com answered something that is not PGN games for %1").arg(m_month), true);
    for (qsizetype i = starts.size() - 1; i >= 0; --i) {
        const qint64 end = i + 1 < starts.size() ? starts.at(i + 1) : size;
        if (end - starts.at(i) > kMaxGameBytes)
            return fail(tr("%1: a game of more than %2 MiB: not PGN games").arg(m_month).arg(kMaxGameBytes >> 20),
                        true);
        if (!month.seek(starts.at(i)))
            return fail(tr("%1: cannot read: %2").arg(month.fileName(), month.errorString()), true);
        const QByteArray g = month.read(end - starts.at(i)).trimmed();
        if (i + 1 == starts.size() && !completeGame(g))
            return fail(tr("the download of %1 from chess.com ended in the middle of a game (the stream was cut); "
                           "start again to resume")
                            .arg(m_month),
                        true);
        if (!writeGame(g)) return;
        if (m_request.maxGames > 0 && m_games >= m_request.maxGames) return succeed();
    }
    m_monthFile.reset();
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
