// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a game site's export API answers, read as bytes: no network, no files, no QObject. GameDownload feeds it what
// the network delivers; tests/fuzz/fuzz_download.cpp feeds it arbitrary bytes in arbitrary pieces.
// - GameStream: the PGN games of one response (Lichess's export stream, one chess.com month), chunk by chunk;
// - parseArchiveList: chess.com's list of monthly archives (JSON);
// - fetchAllowed: the only addresses a download may fetch.

#include "core/common/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace kibitz::jobs {

enum class GameSite { Lichess, ChessCom };

/// The longest text a single game may have in a response before the response is not PGN.
inline constexpr qsizetype kMaxGameBytes = qsizetype(8) << 20;

/// The PGN games of one response, fed as its bytes arrive. A game starts where a line starts with "[Event " (the
/// body's first game at its first non-blank byte); it is complete once the next one has begun, the last one at
/// finish() if it ends as a game does. The same bytes give the same games and the same verdict however they are
/// split into chunks. Memory: one game and one chunk.
class GameStream {
public:
    explicit GameStream(qsizetype maxGameBytes = kMaxGameBytes);

    /// The next bytes of the response. Returns the games they completed, in order (often none), each trimmed (so
    /// starting with "[Event"). Error (InvalidInput) when the response is not PGN games: binary data (a NUL byte),
    /// a body that starts with anything but "[Event " (an HTML page, text; said once its first 40 characters are in,
    /// which the message quotes), a game longer than maxGameBytes. After an error, every call returns it again.
    Result<QList<QByteArray>> feed(QByteArrayView bytes);

    struct End {
        QList<QByteArray> games;  ///< the games still held, the last one only if it ends as a game does
        bool cut = false;         ///< the last game did not end as a game does (a stream cut in the middle of it)
    };
    /// The end of the response, called once after the last feed. Error: as feed (a body too short to be a game
    /// included).
    Result<End> finish();

    /// Whether the body has been seen to start with a game.
    bool started() const { return m_started; }

private:
    Error fail(Error error);
    Result<QList<QByteArray>> takeGames(qsizetype searchFrom);

    qsizetype m_maxGameBytes;
    QByteArray m_pending;   ///< the current game's bytes so far (before the first game: the body's first bytes)
    qsizetype m_blank = 0;  ///< before the first game: how many of the body's first bytes are known to be blank
    bool m_started = false;
    std::optional<Error> m_error;
};

/// Whether a game's text ends as a game does: its movetext closed by the result (1-0, 0-1, 1/2-1/2, *), outside a
/// comment. A game cut by a lost connection does not.
bool endsAsGame(QByteArrayView game);

/// What identifies a game among those written: its address (chess.com's Link tag, Lichess's Site), else a digest of
/// its text (chess.com's Site is "Chess.com" for every game). Never empty.
QByteArray gameKey(const QByteArray& game);

/// When a game started (UTCDate and UTCTime, else Date), UTC; invalid when the tags do not say.
QDateTime gameStartTime(const QByteArray& game);

/// The first bytes of a text for a message: printable ASCII (anything else as '?'), at most 40 characters.
QString textPreview(QByteArrayView text);

/// The API root of a site when none is configured: https://lichess.org, https://api.chess.com.
QUrl builtInApiRoot(GameSite site);

/// Whether a download for `site` whose API root is `apiRoot` may fetch `url`: with the built-in root, the site's own
/// host over https (port 443) only; with another root (a test server), that root's scheme, host and port, over http
/// or https. Never a file: URL, another host or another port.
bool fetchAllowed(GameSite site, const QUrl& apiRoot, const QUrl& url);

/// chess.com's archive list ({"archives": ["https://api.chess.com/pub/player/NAME/games/2024/01", ...]}, oldest
/// first) for a download whose API root is `apiRoot`: the months' addresses newest first, those before the month of
/// `since` (when valid) left out. Errors: InvalidInput when the body is not a JSON object; Unsupported when it names
/// an address fetchAllowed refuses for chess.com (a file: URL, another host), which must never be followed.
Result<QStringList> parseArchiveList(QByteArrayView body, const QUrl& apiRoot, QDate since = {});

}  // namespace kibitz::jobs
