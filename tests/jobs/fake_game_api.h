// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A fake of Lichess's and chess.com's game-export APIs on the loopback, for the download tests (the real sites are
// never contacted), and the real games it serves: pnmadelaine's eight oldest of tests/data/games_sample.pgn.

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <climits>
#include <functional>
#include <memory>

#include <sys/socket.h>

namespace kibitz::test {

struct Game {
    QByteArray text;
    QDateTime start;  ///< UTC
};

/// pnmadelaine's eight oldest games of the sample, oldest first.
inline QList<Game> sampleGames() {
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray all = f.readAll();
    QList<Game> games;
    const QRegularExpression date(QStringLiteral("\\[UTCDate \"([^\"]+)\"\\]")),
        time(QStringLiteral("\\[UTCTime \"([^\"]+)\"\\]"));
    qsizetype start = 0;
    while (start >= 0 && start < all.size()) {
        const qsizetype next = all.indexOf("\n[Event ", start + 1);
        const QByteArray g = all.mid(start, next < 0 ? -1 : next - start).trimmed();
        start = next < 0 ? -1 : next + 1;
        if (!g.contains("[White \"pnmadelaine\"]") && !g.contains("[Black \"pnmadelaine\"]")) continue;
        const QString s = QString::fromUtf8(g);
        QDateTime t = QDateTime::fromString(date.match(s).captured(1) + u' ' + time.match(s).captured(1),
                                            QStringLiteral("yyyy.MM.dd HH:mm:ss"));
        t.setTimeSpec(Qt::UTC);
        games.push_back({g, t});
    }
    std::sort(games.begin(), games.end(), [](const Game& a, const Game& b) { return a.start < b.start; });
    return games.mid(0, 8);
}

struct Response {
    int status = 200;
    QByteArray body;
    QByteArray extraHeaders;
    qsizetype cutAfter = -1;      ///< send only this many body bytes, then close (Content-Length says all)
    bool closeDelimited = false;  ///< no Content-Length: the body ends where the connection closes (HTTP/1.0 style)
    bool stall = false;           ///< after the (cut) body, keep the connection open and send nothing more
    bool reset = false;           ///< after the (cut) body, reset the connection (RST) instead of closing it
    /// A large body made as it is sent: part i for i = 0, 1, ... until it returns empty, each written when the
    /// socket has drained below 1 MiB (so the server holds little of it). Close-delimited.
    std::function<QByteArray(qint64 part)> parts;
};

inline Response reply(int status, const QByteArray& body, const QByteArray& headers = {}) {
    Response r;
    r.status = status;
    r.body = body;
    r.extraHeaders = headers;
    return r;
}

/// A one-request-per-connection HTTP/1.1 server on 127.0.0.1 that records each request's path and query.
class FakeApi : public QObject {
public:
    std::function<Response(const QUrl&)> handler;
    QStringList requests;

    FakeApi() {
        m_server.listen(QHostAddress::LocalHost);
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                QObject::connect(s, &QTcpSocket::readyRead, this, [this, s] { answer(s); });
                QObject::connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QString root() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }

private:
    void answer(QTcpSocket* s) {
        QByteArray& buf = m_buffers[s];
        buf += s->readAll();
        if (!buf.contains("\r\n\r\n")) return;
        const QList<QByteArray> line = buf.left(buf.indexOf("\r\n")).split(' ');
        m_buffers.remove(s);
        const QUrl url(root() + QString::fromUtf8(line.value(1)));
        requests << url.path() + (url.hasQuery() ? u'?' + url.query() : QString());
        const Response r = handler(url);
        const QByteArray reason = r.status == 200   ? "OK"
                                  : r.status == 404 ? "Not Found"
                                  : r.status == 429 ? "Too Many Requests"
                                                    : "Error";
        const bool sized = !r.closeDelimited && !r.parts;
        QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reason + "\r\n" +
                          (sized ? "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n" : QByteArray()) +
                          "Connection: close\r\n" + r.extraHeaders + "\r\n";
        if (r.parts) {
            s->write(head);
            auto next = std::make_shared<qint64>(0);
            auto pump = [s, next, parts = r.parts] {
                while (s->bytesToWrite() < (qint64(1) << 20)) {
                    const QByteArray part = parts((*next)++);
                    if (part.isEmpty()) {
                        s->disconnectFromHost();
                        return;
                    }
                    s->write(part);
                }
            };
            QObject::connect(s, &QTcpSocket::bytesWritten, s, pump);
            pump();
            return;
        }
        s->write(head + (r.cutAfter >= 0 ? r.body.left(r.cutAfter) : r.body));
        s->flush();
        if (r.stall) {
            m_stalled << s;  // kept open, silent, until the test ends
            return;
        }
        if (r.reset) {
            s->waitForBytesWritten(1000);
            const linger hard{1, 0};  // close with a reset (RST), as a crashed server or a middlebox does
            ::setsockopt(int(s->socketDescriptor()), SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
            s->abort();
            return;
        }
        s->disconnectFromHost();
    }
    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
    QList<QTcpSocket*> m_stalled;
};

/// Lichess's export: the account's games newest first, at most `max`, none after `until` (ms).
inline Response lichess(const QList<Game>& games, const QUrl& url) {
    if (!url.path().endsWith(QLatin1String("/api/games/user/pnmadelaine")))
        return reply(404, "{\"error\":\"Not found\"}");
    const QUrlQuery q(url);
    const int max = q.hasQueryItem(QStringLiteral("max")) ? q.queryItemValue(QStringLiteral("max")).toInt() : 1 << 30;
    const qint64 until =
        q.hasQueryItem(QStringLiteral("until")) ? q.queryItemValue(QStringLiteral("until")).toLongLong() : LLONG_MAX;
    Response r;
    int n = 0;
    for (auto it = games.rbegin(); it != games.rend() && n < max; ++it)
        if (it->start.toMSecsSinceEpoch() <= until) {
            r.body += it->text + "\n\n\n";
            ++n;
        }
    return r;
}

}  // namespace kibitz::test
