// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A player's public games from Lichess or chess.com, the games a model of that player learns from, through each
// site's documented export API:
// - Lichess: GET /api/games/user/{name}?max=&since=&until=&clocks=true (PGN, newest first, streamed);
// - chess.com: GET /pub/player/{name}/games/archives (JSON list of monthly archives), then {archive}/pgn for each,
//   newest month first.
// Games are written to FILE.part as they complete, with FILE.part.json recording how far the download got; an
// interrupted download (cancel, lost connection, a stream cut mid-game, a stalled connection, killed program)
// continues from there when started again with the same site, name and file, without writing a game twice, and the
// finished file is renamed into place whole. One download per output file (FILE.lock, as common/run_lock.h). HTTP
// 429 waits as the site asks (Retry-After, at most maxRetryAfterS; else a minute) and tries again. Responses are
// streamed to disk (memory stays flat); a 200 whose body is not PGN (HTML, garbage, binary) is an error; only the
// site's own https addresses (or the configured API root) are ever fetched. QtNetwork only; no credentials.

#include "core/jobs/game_stream.h"

#include <QByteArray>
#include <QDate>
#include <QObject>
#include <QSet>
#include <QString>
#include <QUrl>

#include <memory>
#include <utility>

namespace kibitz {
class RunLock;
}

class QFile;
class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace kibitz::jobs {

struct GameDownloadRequest {
    GameSite site = GameSite::Lichess;
    QString user;
    QString outPath;   ///< the PGN file written at the end (FILE.part and FILE.part.json meanwhile)
    int maxGames = 0;  ///< the newest N games (0: all)
    QDate since;       ///< games from this day on (invalid: all)
    /// The API's root: https://lichess.org or https://api.chess.com by default, $KIBITZ_LICHESS_API or
    /// $KIBITZ_CHESSCOM_API when set (tests point them at a server on the loopback).
    QUrl apiRoot;
    int maxRetries = 5;  ///< rate-limit waits before giving up
    /// A connection that sends nothing for this long is given up (resumable), with a message.
    int readTimeoutMs = 60000;
    /// The longest wait a Retry-After header is obeyed for; longer ones are cut to it (said in waiting()).
    int maxRetryAfterS = 600;
};

/// The API root a site uses (see GameDownloadRequest::apiRoot).
QUrl defaultApiRoot(GameSite site);
/// "Lichess" / "chess.com".
QString siteName(GameSite site);

/// One download. Lives in the thread that starts it (the network calls are asynchronous; nothing blocks).
class GameDownload : public QObject {
    Q_OBJECT
public:
    explicit GameDownload(GameDownloadRequest request, QObject* parent = nullptr);
    ~GameDownload() override;

    /// Starts (or resumes) the download; finished() is emitted once, also for a request refused at once.
    void start();
    /// Stops at once, keeping what was written for a later resume; finished(false, ...) follows.
    void cancel();

    qint64 games() const { return m_games; }
    /// Games that the run resumed after (0 for a fresh download).
    qint64 resumedGames() const { return m_resumedGames; }

Q_SIGNALS:
    void progress(qint64 games, qint64 bytes);
    /// Rate limited: trying again in `seconds`.
    void waiting(int seconds);
    /// `ok`: the file is complete at outPath. Otherwise `message` says why (with the account, the site, the HTTP
    /// status), and `resumable` whether starting again continues.
    void finished(bool ok, const QString& message, bool resumable);

private:
    void fail(const QString& message, bool resumable);
    void succeed();
    void get(const QUrl& url, bool stream);
    void onReadyRead();
    void onFinished();
    /// Feeds a response's bytes to m_stream and keeps the games they complete (written, or spooled for a
    /// chess.com month); at the stream's end also its last game, and, with `reportCut`, fails when that was cut.
    /// False when the download ended (failed, or reached maxGames).
    bool takeGames(const QByteArray& data, bool streamEnded, bool reportCut = true);
    bool writeGame(const QByteArray& game);
    bool spoolGame(const QByteArray& game);  ///< chess.com: a game of the month, to FILE.part.month
    bool saveState();
    bool loadState();
    bool indexWrittenGames();  ///< the keys of the games FILE.part holds, so that a resume writes none twice
    void nextArchive();
    void readArchiveList(const QByteArray& body);  ///< chess.com: the months to fetch
    void writeMonth();                             ///< chess.com: one month's games (spooled to disk), newest first
    void stopRequests();                           ///< the retry timer and the running request
    void failNotPgn(const Error& error);           ///< a 200 body that is not PGN games (m_stream's verdict)
    QUrl lichessUrl() const;
    void releaseLock();

    GameDownloadRequest m_request;
    std::unique_ptr<QNetworkAccessManager> m_net;
    QNetworkReply* m_reply = nullptr;
    QTimer* m_retryTimer = nullptr;
    QUrl m_currentUrl;
    bool m_currentStream = false;
    int m_retries = 0;
    bool m_done = false;
    GameStream m_stream;                            ///< the games of the running response
    QByteArray m_listBody;                          ///< chess.com: the archive list as it arrives
    std::unique_ptr<QFile> m_monthFile;             ///< chess.com: the month being received, spooled to FILE.part.month
    QList<std::pair<qint64, qint64>> m_monthGames;  ///< chess.com: offset and size of each spooled game, in order
    std::unique_ptr<RunLock> m_lock;                ///< FILE.lock while the download runs
    /// The games written, by a 64-bit digest of their key (Site, else a digest of the text): 8 bytes a game rather
    /// than the key's 50 or more (the set took about 160 bytes a game before; a 64 MiB Lichess download's memory peak
    /// fell from 12-13 to 8 MiB). Two keys share a digest with odds of about 1 in 40 million among a million games
    /// (the later game would be skipped as a duplicate).
    QSet<quint64> m_written;
    qint64 m_undated = 0;     ///< games written without a date (Lichess's `until` cannot skip them)
    qint64 m_duplicates = 0;  ///< games received again and not written
    qint64 m_games = 0, m_bytes = 0, m_resumedGames = 0;
    qint64 m_oldestMs = 0;     ///< Lichess: creation time (UTC ms) of the oldest game written, for `until`
    QStringList m_archives;    ///< chess.com: the months still to fetch, newest first
    QStringList m_doneMonths;  ///< chess.com: archives already written
    QString m_month;           ///< chess.com: the archive being fetched
};

}  // namespace kibitz::jobs
