// SPDX-License-Identifier: GPL-3.0-or-later
// fetch-games (issue 38, item 4) against a server on the loopback that answers as each site's export API is
// documented (the real sites are never contacted): Lichess's /api/games/user/{name} (PGN, newest first, `max`,
// `until`), chess.com's /pub/player/{name}/games/archives (JSON) and {archive}/pgn; an unknown account (404), rate
// limiting (429 with Retry-After), a connection lost mid-game and its resume, no server at all. The games served
// are real Lichess games (tests/data/games_sample.pgn: pnmadelaine's eight oldest, November-December 2021).
#include "core/jobs/game_download.h"
#include "tests/jobs/fake_game_api.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>
#include <functional>

using namespace kibitz;
using namespace kibitz::test;

namespace {

/// Games of a PGN file, in order.
QList<QByteArray> gamesIn(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QList<QByteArray> out;
    for (const QByteArray& part : f.readAll().split('\n'))
        if (part.startsWith("[Site ")) out << part;
    return out;
}

QByteArray siteOf(const QByteArray& game) {
    const qsizetype at = game.indexOf("[Site ");
    return game.mid(at, game.indexOf('\n', at) - at);
}

/// Runs a download to its end.
struct Outcome {
    bool ok = false;
    QString message;
    bool resumable = false;
    int waits = 0;
};
Outcome download(jobs::GameDownloadRequest r) {
    jobs::GameDownload d(std::move(r));
    QSignalSpy finished(&d, &jobs::GameDownload::finished);
    QSignalSpy waiting(&d, &jobs::GameDownload::waiting);
    d.start();
    if (finished.isEmpty() && !finished.wait(30000)) return {};
    return {finished.front().at(0).toBool(), finished.front().at(1).toString(), finished.front().at(2).toBool(),
            int(waiting.size())};
}

}  // namespace

class TestGameDownload : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCOMPARE(sampleGames().size(), 8); }

    void lichessNewestFirstWithMax() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        api.handler = [&](const QUrl& url) { return lichess(games, url); };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r;
        r.user = QStringLiteral("pnmadelaine");
        r.outPath = dir.filePath(QStringLiteral("g.pgn"));
        r.apiRoot = QUrl(api.root());
        r.maxGames = 5;
        const Outcome o = download(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QVERIFY(api.requests.front().contains(QLatin1String("clocks=true")));
        QVERIFY(api.requests.front().contains(QLatin1String("max=5")));
        const QList<QByteArray> sites = gamesIn(r.outPath);
        QCOMPARE(sites.size(), 5);
        QCOMPARE(sites.front(), siteOf(games.back().text));  // newest first
        QVERIFY(!QFile::exists(r.outPath + QStringLiteral(".part")));
        QVERIFY(!QFile::exists(r.outPath + QStringLiteral(".part.json")));
    }

    void unknownAccountAndNoServer() {
        FakeApi api;
        api.handler = [](const QUrl&) { return reply(404, "{\"error\":\"Not found\"}"); };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r;
        r.user = QStringLiteral("nobody");
        r.outPath = dir.filePath(QStringLiteral("g.pgn"));
        r.apiRoot = QUrl(api.root());
        Outcome o = download(r);
        QVERIFY(!o.ok && !o.resumable);
        QVERIFY2(o.message.contains(QLatin1String("no Lichess account 'nobody'")), qPrintable(o.message));
        QVERIFY(QDir(dir.path()).isEmpty());
        r.site = jobs::GameSite::ChessCom;
        o = download(r);
        QVERIFY2(o.message.contains(QLatin1String("no chess.com account 'nobody'")), qPrintable(o.message));
        // Nothing listens on the port a closed server had.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        r.apiRoot = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort()));
        closed.close();
        o = download(r);
        QVERIFY(!o.ok && o.resumable);
        QVERIFY2(o.message.contains(QLatin1String("cannot reach chess.com")), qPrintable(o.message));
    }

    void waitsWhenRateLimited() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        int calls = 0;
        api.handler = [&](const QUrl& url) {
            if (calls++ == 0) return reply(429, "{\"error\":\"Too many requests\"}", "Retry-After: 1\r\n");
            return lichess(games, url);
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r;
        r.user = QStringLiteral("pnmadelaine");
        r.outPath = dir.filePath(QStringLiteral("g.pgn"));
        r.apiRoot = QUrl(api.root());
        const Outcome o = download(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QCOMPARE(o.waits, 1);
        QCOMPARE(gamesIn(r.outPath).size(), 8);
        // A site that keeps refusing: given up after the retries, resumable.
        api.handler = [](const QUrl&) { return reply(429, "{}", "Retry-After: 0\r\n"); };
        r.outPath = dir.filePath(QStringLiteral("h.pgn"));
        r.maxRetries = 2;
        const Outcome refused = download(r);
        QVERIFY(!refused.ok && refused.resumable);
        QVERIFY2(refused.message.contains(QLatin1String("HTTP 429")), qPrintable(refused.message));
    }

    /// The connection drops in the middle of the fourth game: three are kept, and the next run asks for the games
    /// before the oldest of them and ends with all eight, none twice.
    void resumesAfterALostConnection() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        bool cut = true;
        api.handler = [&](const QUrl& url) {
            Response r = lichess(games, url);
            if (cut) {
                qsizetype at = 0;
                for (int i = 0; i < 3; ++i) at = r.body.indexOf("[Event ", at + 1);
                r.cutAfter = at + 200;
                cut = false;
            }
            return r;
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r;
        r.user = QStringLiteral("pnmadelaine");
        r.outPath = dir.filePath(QStringLiteral("g.pgn"));
        r.apiRoot = QUrl(api.root());
        const Outcome first = download(r);
        QVERIFY(!first.ok && first.resumable);
        QVERIFY2(first.message.contains(QLatin1String("after 3 game")), qPrintable(first.message));
        QVERIFY(!QFile::exists(r.outPath));
        const Outcome second = download(r);
        QVERIFY2(second.ok, qPrintable(second.message));
        const qint64 oldestKept = games.at(5).start.toMSecsSinceEpoch();
        QVERIFY2(api.requests.back().contains(QStringLiteral("until=%1").arg(oldestKept - 1)),
                 qPrintable(api.requests.back()));
        const QList<QByteArray> sites = gamesIn(r.outPath);
        QCOMPARE(sites.size(), 8);
        QCOMPARE(QSet<QByteArray>(sites.begin(), sites.end()).size(), 8);
        // Another account's download is not mixed into an unfinished file.
        QFile state(r.outPath + QStringLiteral(".part.json"));
        QVERIFY(state.open(QIODevice::WriteOnly));
        state.write("{\"site\":\"lichess\",\"user\":\"someone\",\"games\":1,\"bytes\":0}");
        state.close();
        const Outcome other = download(r);
        QVERIFY(!other.ok);
        QVERIFY2(other.message.contains(QLatin1String("another download")), qPrintable(other.message));
        QVERIFY(QFile::exists(r.outPath + QStringLiteral(".part.json")));
    }

    /// chess.com: the archive list, then each month's PGN, newest month first; --since leaves out older months.
    void chessComArchives() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        api.handler = [&](const QUrl& url) {
            const QString path = url.path();
            if (path == QLatin1String("/pub/player/pnmadelaine/games/archives")) {
                const QJsonObject o{{QStringLiteral("archives"),
                                     QJsonArray{api.root() + QStringLiteral("/pub/player/pnmadelaine/games/2021/11"),
                                                api.root() + QStringLiteral("/pub/player/pnmadelaine/games/2021/12")}}};
                return reply(200, QJsonDocument(o).toJson());
            }
            const QRegularExpression month(QStringLiteral("/games/(\\d{4})/(\\d{2})/pgn$"));
            const auto m = month.match(path);
            if (!m.hasMatch()) return reply(404, "{}");
            Response r;
            for (const Game& g : games)  // oldest first, as chess.com's monthly archives are
                if (g.start.date().year() == m.captured(1).toInt() && g.start.date().month() == m.captured(2).toInt())
                    r.body += g.text + "\n\n";
            return r;
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r;
        r.site = jobs::GameSite::ChessCom;
        r.user = QStringLiteral("PNMadelaine");
        r.outPath = dir.filePath(QStringLiteral("c.pgn"));
        r.apiRoot = QUrl(api.root());
        Outcome o = download(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QList<QByteArray> sites = gamesIn(r.outPath);
        QCOMPARE(sites.size(), 8);
        QCOMPARE(sites.front(), siteOf(games.back().text));
        QVERIFY(api.requests.at(1).endsWith(QLatin1String("/2021/12/pgn")));  // the newest month first
        r.since = QDate(2021, 12, 1);
        r.outPath = dir.filePath(QStringLiteral("d.pgn"));
        o = download(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QCOMPARE(gamesIn(r.outPath).size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestGameDownload)
#include "tst_game_download.moc"
