// SPDX-License-Identifier: GPL-3.0-or-later
// fetch-games against a server on the loopback that answers as each site's export API is
// documented (the real sites are never contacted): Lichess's /api/games/user/{name} (PGN, newest first, `max`,
// `until`), chess.com's /pub/player/{name}/games/archives (JSON) and {archive}/pgn; an unknown account (404), rate
// limiting (429 with Retry-After), a connection lost mid-game and its resume, no server at all. And a hostile or
// broken server: a stream cut mid-game without an HTTP error, a reset, a stall, an absurd Retry-After, 500, HTML,
// garbage and binary bodies, a large body (memory stays flat), file: and foreign URLs in the archive list, two
// downloads into one file, games without dates on resume. The games served are real Lichess games
// (tests/data/games_sample.pgn: pnmadelaine's eight oldest, November-December 2021).
#include "core/jobs/game_download.h"
#include "tests/jobs/fake_game_api.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
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
#include <QTimer>
#include <QUrlQuery>

#include <malloc.h>
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
    QList<int> waitSeconds;
    qint64 elapsedMs = 0;
};
Outcome download(jobs::GameDownloadRequest r) {
    jobs::GameDownload d(std::move(r));
    QSignalSpy finished(&d, &jobs::GameDownload::finished);
    QSignalSpy waiting(&d, &jobs::GameDownload::waiting);
    QElapsedTimer clock;
    clock.start();
    d.start();
    Outcome o;
    if (finished.isEmpty() && !finished.wait(30000)) {
        o.message = QStringLiteral("(no end within 30 s)");
        return o;
    }
    o.ok = finished.front().at(0).toBool();
    o.message = finished.front().at(1).toString();
    o.resumable = finished.front().at(2).toBool();
    o.waits = int(waiting.size());
    for (const auto& w : waiting) o.waitSeconds << w.at(0).toInt();
    o.elapsedMs = clock.elapsed();
    return o;
}

jobs::GameDownloadRequest lichessRequest(const FakeApi& api, const QTemporaryDir& dir, const char* file = "g.pgn") {
    jobs::GameDownloadRequest r;
    r.user = QStringLiteral("pnmadelaine");
    r.outPath = dir.filePath(QString::fromLatin1(file));
    r.apiRoot = QUrl(api.root());
    return r;
}

/// Where game `n` (1-based) of a body starts (n - 1 whole games before it).
qsizetype gameStart(const QByteArray& body, int n) {
    qsizetype at = 0;
    for (int i = 1; i < n; ++i) at = body.indexOf("[Event ", at + 1);
    return at;
}
qsizetype fourthGame(const QByteArray& body) { return gameStart(body, 4); }

/// Lichess serving `games`, whose first reply is cut `extra` bytes into game `n` (then `edit` may change it further:
/// close-delimited, reset); every later reply is whole.
std::function<Response(const QUrl&)> lichessCutOnce(const QList<Game>& games, int n, qsizetype extra,
                                                    std::function<void(Response&)> edit = {}) {
    auto cut = std::make_shared<bool>(true);
    return [games, n, extra, edit, cut](const QUrl& url) {
        Response r = lichess(games, url);
        if (*cut) {
            r.cutAfter = gameStart(r.body, n) + extra;
            if (edit) edit(r);
            *cut = false;
        }
        return r;
    };
}

/// The resident memory of this process, in KiB (Linux).
qint64 residentKiB() {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ').front().toLongLong();
    return 0;
}

/// What this process's allocations hold now, in KiB (glibc, every arena): unlike the resident size, this does not
/// count freed memory the allocator keeps for reuse, which grows with how the threads happen to interleave.
qint64 heapInUseKiB() {
    const struct mallinfo2 m = mallinfo2();
    return qint64((m.uordblks + m.hblkhd) >> 10);
}

/// The files a download left in `dir` besides `keep`.
QStringList leftovers(const QTemporaryDir& dir, const QStringList& keep = {}) {
    QStringList out = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
    for (const QString& k : keep) out.removeAll(k);
    return out;
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
        api.handler = lichessCutOnce(games, 4, 200);
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

    /// A stream that ends mid-game without an HTTP error (no Content-Length: the close looks like the end), and one
    /// reset mid-game: neither is complete. Three games are kept, the run fails resumable, and the next run ends with
    /// all eight, none twice.
    void cutOrResetStreamIsResumed_data() {
        QTest::addColumn<bool>("reset");
        QTest::newRow("cut") << false;
        QTest::newRow("reset") << true;
    }
    void cutOrResetStreamIsResumed() {
        QFETCH(bool, reset);
        const QList<Game> games = sampleGames();
        FakeApi api;
        api.handler = lichessCutOnce(games, 4, 200, [reset](Response& r) { r.reset = reset; });
        const auto cutOnce = api.handler;
        api.handler = [cutOnce](const QUrl& url) {
            Response r = cutOnce(url);
            r.closeDelimited = true;  // every reply, the whole ones too
            return r;
        };
        QTemporaryDir dir;
        const jobs::GameDownloadRequest r = lichessRequest(api, dir);
        const Outcome first = download(r);
        QVERIFY2(!first.ok && first.resumable, qPrintable(first.message));
        QVERIFY2(first.message.contains(QLatin1String("after 3 game")), qPrintable(first.message));
        if (!reset) QVERIFY2(first.message.contains(QLatin1String("middle of a game")), qPrintable(first.message));
        QVERIFY(!QFile::exists(r.outPath));
        QCOMPARE(leftovers(dir), (QStringList{QStringLiteral("g.pgn.part"), QStringLiteral("g.pgn.part.json")}));
        const Outcome second = download(r);
        QVERIFY2(second.ok, qPrintable(second.message));
        const QList<QByteArray> sites = gamesIn(r.outPath);
        QCOMPARE(sites.size(), 8);
        QCOMPARE(QSet<QByteArray>(sites.begin(), sites.end()).size(), 8);
        QCOMPARE(leftovers(dir), QStringList{QStringLiteral("g.pgn")});
    }

    /// One download per output file: a second one into the same file is refused at once and names the first; the
    /// first is not disturbed. A stalled connection ends in the read timeout, with a message, resumable.
    void oneDownloadPerFileAndReadTimeout() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        api.handler = [&](const QUrl& url) {
            Response r = lichess(games, url);
            r.closeDelimited = true;
            r.cutAfter = fourthGame(r.body);  // three whole games, then silence
            r.stall = true;
            return r;
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r = lichessRequest(api, dir);
        r.readTimeoutMs = 1500;
        jobs::GameDownload first(r);
        QSignalSpy firstDone(&first, &jobs::GameDownload::finished);
        first.start();
        QTRY_VERIFY_WITH_TIMEOUT(api.requests.size() == 1, 5000);
        const Outcome second = download(r);
        QVERIFY(!second.ok && !second.resumable);
        QVERIFY2(second.message.contains(QLatin1String("in use by another download")) &&
                     second.message.contains(QStringLiteral("process %1").arg(QCoreApplication::applicationPid())),
                 qPrintable(second.message));
        QCOMPARE(api.requests.size(), 1);  // the second never asked
        QElapsedTimer stalled;
        stalled.start();
        QVERIFY(firstDone.wait(10000));
        QVERIFY(stalled.elapsed() < 8000);
        QVERIFY(!firstDone.front().at(0).toBool() && firstDone.front().at(2).toBool());
        const QString message = firstDone.front().at(1).toString();
        QVERIFY2(message.contains(QLatin1String("sent nothing for 1.5 s")) &&
                     message.contains(QLatin1String("after 3 game")),
                 qPrintable(message));
        QVERIFY(!QFile::exists(r.outPath + QStringLiteral(".lock")));
        // The next run resumes after the three.
        api.handler = [&](const QUrl& url) { return lichess(games, url); };
        const Outcome resumed = download(r);
        QVERIFY2(resumed.ok, qPrintable(resumed.message));
        QCOMPARE(gamesIn(r.outPath).size(), 8);
    }

    /// Retry-After beyond any sensible wait (2147484 s overflowed the timer in ms) is cut to maxRetryAfterS.
    void absurdRetryAfterIsClamped() {
        const QList<Game> games = sampleGames();
        FakeApi api;
        int calls = 0;
        api.handler = [&](const QUrl& url) {
            if (calls++ == 0) return reply(429, "{}", "Retry-After: 2147484\r\n");
            return lichess(games, url);
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r = lichessRequest(api, dir);
        r.maxRetryAfterS = 1;
        const Outcome o = download(r);
        QVERIFY2(o.ok, qPrintable(o.message));
        QCOMPARE(o.waitSeconds, QList<int>{1});
        QVERIFY(o.elapsedMs < 10000);
        QCOMPARE(gamesIn(r.outPath).size(), 8);
    }

    /// A 200 whose body is not PGN games (an HTML page, text, binary data) is an error naming what came, from
    /// Lichess and in a chess.com month alike; so is a 500. Nothing is left as the output.
    void nonPgnBodiesAreErrors_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("said");
        QTest::newRow("html") << 200 << QByteArray("<!DOCTYPE html><html><body>Maintenance</body></html>\n")
                              << QStringLiteral("not PGN games (it starts \"<!DOCTYPE html>");
        QTest::newRow("text") << 200 << QByteArray("hello world\nthis is no game\n")
                              << QStringLiteral("not PGN games (it starts \"hello world");
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i) binary[i] = char((i * 7919 + 13) & 0xFF);
        QTest::newRow("binary") << 200 << binary << QStringLiteral("binary data");
        QTest::newRow("500") << 500 << QByteArray("oops") << QStringLiteral("HTTP 500");
    }
    void nonPgnBodiesAreErrors() {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, said);
        FakeApi api;
        api.handler = [&](const QUrl& url) {
            if (url.path() == QLatin1String("/pub/player/pnmadelaine/games/archives"))
                return reply(
                    200, QJsonDocument(QJsonObject{{QStringLiteral("archives"),
                                                    QJsonArray{api.root() + QStringLiteral("/pub/player/pnmadelaine/"
                                                                                           "games/2021/11")}}})
                             .toJson());
            return reply(status, body);
        };
        for (const jobs::GameSite site : {jobs::GameSite::Lichess, jobs::GameSite::ChessCom}) {
            QTemporaryDir dir;
            jobs::GameDownloadRequest r = lichessRequest(api, dir);
            r.site = site;
            const Outcome o = download(r);
            QVERIFY(!o.ok);
            QVERIFY2(o.message.contains(said), qPrintable(o.message));
            QVERIFY(!QFile::exists(r.outPath));
            QVERIFY(!QFile::exists(r.outPath + QStringLiteral(".part.month")));
            QVERIFY(!QFile::exists(r.outPath + QStringLiteral(".lock")));
        }
    }

    /// A response far larger than memory should hold (64 MiB of games, as a month of chess.com and as Lichess's
    /// stream) is written as it comes. What the process holds does not grow with the response: between the first
    /// and the last third of the download it grows by less than 16 MiB (medians of the samples in each, so that a
    /// moment's buffers do not count; a quiet machine: 0-1 MiB, a machine busy with other tests: 9 MiB; a downloader
    /// that kept half of what it read: 25 MiB, all of it: 40 or more), and at its peak it holds less than 56 MiB more
    /// than before, short of the response (a busy machine's moment has reached 34 MiB), as does the resident size
    /// (less than the response; freed memory the allocator keeps counts there, and on a busy machine that alone has
    /// reached 44 MiB).
    void memoryStaysFlat() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("the sanitizers' allocators keep freed memory (quarantine, shadow): resident size says nothing there");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP("the sanitizers' allocators keep freed memory (quarantine, shadow): resident size says nothing there");
#endif
#endif
        const QList<Game> games = sampleGames();
        constexpr qint64 kParts = 64;  // of about 1 MiB each
        // Memory is read as each part is served (64 readings, however fast the machine) and every 20 ms besides: a
        // timer alone gave a fast run too few readings in a third to take a median of.
        std::function<void()> probe;
        auto part = [&](qint64 i) -> QByteArray {
            if (probe) probe();
            if (i >= kParts) return {};
            QByteArray out;
            for (int n = 0; out.size() < (1 << 20); ++n) {
                QByteArray g = games.at(n % games.size()).text;
                g.replace("[Site \"https://lichess.org/", "[Site \"https://lichess.org/big" + QByteArray::number(i) +
                                                              "x" + QByteArray::number(n) + "-");
                out += g + "\n\n";
            }
            return out;
        };
        FakeApi api;
        api.handler = [&](const QUrl& url) {
            if (url.path() == QLatin1String("/pub/player/pnmadelaine/games/archives"))
                return reply(
                    200, QJsonDocument(QJsonObject{{QStringLiteral("archives"),
                                                    QJsonArray{api.root() + QStringLiteral("/pub/player/pnmadelaine/"
                                                                                           "games/2021/11")}}})
                             .toJson());
            Response r;
            r.parts = part;
            return r;
        };
        for (const jobs::GameSite site : {jobs::GameSite::ChessCom, jobs::GameSite::Lichess}) {
            QTemporaryDir dir;
            jobs::GameDownloadRequest r = lichessRequest(api, dir);
            r.site = site;
            const qint64 before = residentKiB();
            const qint64 heapBefore = heapInUseKiB();
            qint64 peak = before;
            qint64 heapPeak = heapBefore;
            // How far the download was when the memory in use peaked (bytes on disk): a peak that comes late says
            // memory grows with the response, one at the start a fixed cost.
            qint64 onDiskAtPeak = 0;
            QList<std::pair<qint64, qint64>> samples;  // bytes on disk, KiB in use
            auto measure = [&] {
                peak = std::max(peak, residentKiB());
                const qint64 heap = heapInUseKiB();
                const qint64 onDisk = QFileInfo(r.outPath + QStringLiteral(".part")).size() +
                                      QFileInfo(r.outPath + QStringLiteral(".part.month")).size() +
                                      QFileInfo(r.outPath).size();
                samples.push_back({onDisk, heap});
                if (heap > heapPeak) {
                    heapPeak = heap;
                    onDiskAtPeak = onDisk;
                }
            };
            probe = measure;
            QTimer sample;
            QObject::connect(&sample, &QTimer::timeout, measure);
            sample.start(20);
            const Outcome o = download(r);
            sample.stop();
            probe = nullptr;
            measure();
            QVERIFY2(o.ok, qPrintable(o.message));
            const qint64 size = QFileInfo(r.outPath).size();
            QVERIFY2(size > (qint64(60) << 20), qPrintable(QString::number(size)));
            qInfo(
                "%s: %lld MiB written, memory in use grew by %lld MiB (its peak with %lld MiB on disk), resident "
                "memory by %lld MiB",
                site == jobs::GameSite::Lichess ? "Lichess" : "chess.com", size >> 20, (heapPeak - heapBefore) >> 10,
                onDiskAtPeak >> 20, (peak - before) >> 10);
            // The median of what is in use while the first third, and the last third, of the response is written.
            auto median = [&](qint64 from, qint64 to) -> qint64 {
                QList<qint64> in;
                for (const auto& [onDisk, heap] : std::as_const(samples))
                    if (onDisk >= from && onDisk < to) in << heap;
                if (in.size() < 3) return -1;
                std::nth_element(in.begin(), in.begin() + in.size() / 2, in.end());
                return in.at(in.size() / 2);
            };
            const qint64 early = median(0, size / 3), late = median(size * 2 / 3, size);
            qInfo("%s: in use while the first third was written %lld MiB more than before, the last third %lld MiB",
                  site == jobs::GameSite::Lichess ? "Lichess" : "chess.com", (early - heapBefore) >> 10,
                  (late - heapBefore) >> 10);
            QVERIFY2(early >= 0 && late >= 0,
                     qPrintable(QStringLiteral("fewer than 3 readings in the first or last third (%1 readings in all)")
                                    .arg(samples.size())));
            QVERIFY2(
                late - early < 16 * 1024,
                qPrintable(QStringLiteral("in use grew by %1 KiB from the first third to the last").arg(late - early)));
            QVERIFY2(heapPeak - heapBefore < 56 * 1024,
                     qPrintable(QStringLiteral("in use grew by %1 KiB").arg(heapPeak - heapBefore)));
            QVERIFY2(peak - before < 64 * 1024,
                     qPrintable(QStringLiteral("resident grew by %1 KiB").arg(peak - before)));
        }
    }

    /// chess.com's archive list may only name chess.com's months: a file: URL, or another host, is refused and never
    /// fetched, and nothing is written.
    void foreignArchiveUrlsAreRefused_data() {
        QTest::addColumn<QString>("url");
        QTest::newRow("file") << QStringLiteral("file:///etc/passwd");
        QTest::newRow("other host") << QStringLiteral("http://192.0.2.1/pub/player/pnmadelaine/games/2021/11");
        QTest::newRow("other port") << QStringLiteral("http://127.0.0.1:1/pub/player/pnmadelaine/games/2021/11");
    }
    void foreignArchiveUrlsAreRefused() {
        QFETCH(QString, url);
        FakeApi api;
        api.handler = [&](const QUrl&) {
            return reply(200, QJsonDocument(QJsonObject{{QStringLiteral("archives"), QJsonArray{url}}}).toJson());
        };
        QTemporaryDir dir;
        jobs::GameDownloadRequest r = lichessRequest(api, dir);
        r.site = jobs::GameSite::ChessCom;
        const Outcome o = download(r);
        QVERIFY(!o.ok && !o.resumable);
        QVERIFY2(o.message.contains(QLatin1String("not a chess.com address: refused")), qPrintable(o.message));
        QCOMPARE(api.requests.size(), 1);
        QVERIFY2(leftovers(dir).isEmpty(), qPrintable(leftovers(dir).join(u' ')));
    }

    /// Games without date tags cannot be skipped by Lichess's `until`: the resume asks from the newest again and
    /// the games already written are passed over, so four games stay four (not six).
    void undatedGamesAreNotDuplicatedOnResume() {
        QList<Game> games = sampleGames().mid(0, 4);
        for (Game& g : games) {
            static const QRegularExpression dates(QStringLiteral("\\[(UTCDate|UTCTime|Date) \"[^\"]*\"\\]\n"));
            g.text = QString::fromUtf8(g.text).remove(dates).toUtf8();
            QVERIFY(!g.text.contains("Date"));
        }
        FakeApi api;
        api.handler = lichessCutOnce(games, 3, 100);  // two whole games
        QTemporaryDir dir;
        const jobs::GameDownloadRequest r = lichessRequest(api, dir);
        const Outcome first = download(r);
        QVERIFY2(!first.ok && first.resumable, qPrintable(first.message));
        QVERIFY2(first.message.contains(QLatin1String("after 2 game")), qPrintable(first.message));
        const Outcome second = download(r);
        QVERIFY2(second.ok, qPrintable(second.message));
        QVERIFY(!api.requests.back().contains(QLatin1String("until=")));
        const QList<QByteArray> sites = gamesIn(r.outPath);
        QCOMPARE(sites.size(), 4);
        QCOMPARE(QSet<QByteArray>(sites.begin(), sites.end()).size(), 4);
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
