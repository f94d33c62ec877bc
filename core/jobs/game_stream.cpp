// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/game_stream.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace kibitz::jobs {

namespace {

constexpr QByteArrayView kGameStart = "[Event ";
constexpr QByteArrayView kBoundary = "\n[Event ";

/// At most this many bytes of a boundary can wait at the end of what has arrived: "\n[Event" without its space.
constexpr qsizetype kPartialBoundary = 7;

/// How much of a body that is not games a message quotes.
constexpr qsizetype kPreviewChars = 40;

/// The blanks QByteArray::trimmed() removes.
bool isBlank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

Error notPgn(QByteArrayView start) {
    return makeError(
        ErrorCode::InvalidInput,
        QStringLiteral("something that is not PGN games (it starts \"%1\")").arg(textPreview(start)).toStdString());
}

Error tooLong(qsizetype limit) {
    const QString size = limit >= (qsizetype(1) << 20) ? QStringLiteral("%1 MiB").arg(limit >> 20)
                                                       : QStringLiteral("%1 bytes").arg(limit);
    return makeError(
        ErrorCode::InvalidInput,
        QStringLiteral("a game of more than %1 (no game boundary): not PGN games").arg(size).toStdString());
}

/// A tag's value in one game's text, or empty.
QString tagOf(const QByteArray& game, const char* tag) {
    const QRegularExpression re(QStringLiteral("^\\[%1 \"([^\"]*)\"\\]").arg(QLatin1String(tag)),
                                QRegularExpression::MultilineOption);
    const auto m = re.match(QString::fromUtf8(game));
    return m.hasMatch() ? m.captured(1) : QString();
}

}  // namespace

GameStream::GameStream(qsizetype maxGameBytes) : m_maxGameBytes(maxGameBytes) {}

Error GameStream::fail(Error error) {
    m_pending.clear();
    m_error = error;
    return error;
}

Result<QList<QByteArray>> GameStream::feed(QByteArrayView bytes) {
    if (m_error) return *m_error;
    if (bytes.contains('\0')) return fail(makeError(ErrorCode::InvalidInput, "binary data instead of PGN games"));
    const qsizetype before = m_pending.size();
    m_pending += bytes;
    if (!m_started) {
        // The body's first non-blank bytes must be a game's start; fewer than its seven bytes leave it open. A body
        // that is not is refused once kPreviewChars bytes from its first non-blank one are in (or at its end), so
        // that the message quotes the same start however the bytes came. Only those bytes are looked at, and blanks
        // once: a long run of them costs its length, not its length squared.
        while (m_blank < m_pending.size() && isBlank(m_pending.at(m_blank))) ++m_blank;
        const QByteArrayView start =
            QByteArrayView(m_pending).sliced(m_blank).first(std::min(m_pending.size() - m_blank, kPreviewChars));
        if (start.startsWith(kGameStart)) {
            m_started = true;
        } else {
            if (!kGameStart.startsWith(start) && start.size() == kPreviewChars) return fail(notPgn(start));
            if (m_pending.size() - kPartialBoundary > m_maxGameBytes) return fail(tooLong(m_maxGameBytes));
            return QList<QByteArray>{};
        }
    }
    // A boundary found now ends in the new bytes: the earlier ones were taken by the last call.
    return takeGames(std::max<qsizetype>(0, before - kPartialBoundary));
}

Result<QList<QByteArray>> GameStream::takeGames(qsizetype searchFrom) {
    // Every boundary splits: a game is the text between two of them (the first, from the body's start), trimmed.
    // Only its raw length counts against the limit, so the verdict does not depend on how the bytes were cut.
    QList<QByteArray> games;
    qsizetype at = m_pending.indexOf(kBoundary, searchFrom);
    if (at >= 0) {
        const qsizetype last = m_pending.lastIndexOf(kBoundary);
        qsizetype start = 0;
        for (; at >= 0 && at <= last; at = m_pending.indexOf(kBoundary, start)) {
            if (at - start > m_maxGameBytes) return fail(tooLong(m_maxGameBytes));
            const QByteArray game = m_pending.sliced(start, at - start).trimmed();
            if (!game.isEmpty()) games.push_back(game);
            start = at + 1;
        }
        m_pending.remove(0, last + 1);
    }
    // What is held belongs to one game, which is at least this long whatever comes next.
    if (m_pending.size() - kPartialBoundary > m_maxGameBytes) return fail(tooLong(m_maxGameBytes));
    return games;
}

Result<GameStream::End> GameStream::finish() {
    if (m_error) return *m_error;
    if (m_pending.size() > m_maxGameBytes) return fail(tooLong(m_maxGameBytes));
    const QByteArray last = m_pending.trimmed();
    m_pending.clear();
    End end;
    if (last.isEmpty()) return end;  // an empty body: no games
    if (!m_started) return fail(notPgn(last));
    if (endsAsGame(last))
        end.games.push_back(last);
    else
        end.cut = true;
    return end;
}

bool endsAsGame(QByteArrayView game) {
    const QByteArrayView t = game.trimmed();
    const bool result = t.endsWith("1-0") || t.endsWith("0-1") || t.endsWith("1/2-1/2") || t.endsWith('*');
    return result && t.count('{') == t.count('}');  // not a result quoted in a comment that was cut
}

QByteArray gameKey(const QByteArray& game) {
    const QString link = tagOf(game, "Link");
    if (link.contains(QLatin1String("://"))) return "link:" + link.toUtf8();
    const QString site = tagOf(game, "Site");
    if (site.contains(QLatin1String("://"))) return "site:" + site.toUtf8();
    return "sha1:" + QCryptographicHash::hash(game.trimmed(), QCryptographicHash::Sha1).toHex();
}

QDateTime gameStartTime(const QByteArray& game) {
    QString date = tagOf(game, "UTCDate");
    if (date.isEmpty()) date = tagOf(game, "Date");
    QString time = tagOf(game, "UTCTime");
    if (time.isEmpty()) time = QStringLiteral("00:00:00");
    QDateTime t = QDateTime::fromString(date + u' ' + time, QStringLiteral("yyyy.MM.dd HH:mm:ss"));
    t.setTimeSpec(Qt::UTC);
    return t;
}

QString textPreview(QByteArrayView text) {
    QString out;
    const QByteArrayView t = text.trimmed();
    for (const char c : t.first(std::min(t.size(), kPreviewChars)))
        out += c >= 0x20 && c < 0x7f ? QChar(c) : QChar(u'?');
    return out;
}

QUrl builtInApiRoot(GameSite site) {
    return QUrl(site == GameSite::Lichess ? QStringLiteral("https://lichess.org")
                                          : QStringLiteral("https://api.chess.com"));
}

bool fetchAllowed(GameSite site, const QUrl& apiRoot, const QUrl& url) {
    const QUrl builtIn = builtInApiRoot(site);
    if (apiRoot != builtIn) {
        // A configured root (a test server): that scheme, host and port only.
        return url.scheme() == apiRoot.scheme() && url.host() == apiRoot.host() && url.port() == apiRoot.port() &&
               (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"));
    }
    return url.scheme() == QLatin1String("https") && url.host() == builtIn.host() &&
           (url.port() == -1 || url.port() == 443);
}

Result<QStringList> parseArchiveList(QByteArrayView body, const QUrl& apiRoot, QDate since) {
    const QJsonDocument doc = QJsonDocument::fromJson(body.toByteArray());
    if (!doc.isObject()) return makeError(ErrorCode::InvalidInput, "not its archive list");
    QStringList months;
    for (const auto& v : doc.object().value(QStringLiteral("archives")).toArray()) {
        const QString url = v.toString();
        // Only chess.com's own months: a file: URL, another host or scheme in the list is refused, never followed.
        if (!fetchAllowed(GameSite::ChessCom, apiRoot, QUrl(url + QStringLiteral("/pgn"))))
            return makeError(ErrorCode::Unsupported, QStringLiteral("names %1, not a chess.com address: refused")
                                                         .arg(textPreview(url.toUtf8()))
                                                         .toStdString());
        // ".../games/2024/01": months before `since` are left out.
        const QStringList parts = url.split(u'/');
        if (since.isValid() && parts.size() >= 2) {
            const int year = parts.at(parts.size() - 2).toInt(), month = parts.back().toInt();
            if (year * 12 + month < since.year() * 12 + since.month()) continue;
        }
        months.prepend(url);  // newest first
    }
    return months;
}

}  // namespace kibitz::jobs
