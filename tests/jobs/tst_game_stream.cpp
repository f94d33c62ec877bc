// SPDX-License-Identifier: GPL-3.0-or-later
// What a game site's export API answers, read as bytes (core/jobs/game_stream.h): the 300 real Lichess games of
// tests/data/games_sample.pgn as one response, fed whole and in chunks of every kind (the same games), cut in the
// middle of the last game (reported, the others kept), a megabyte of blank lines before the first game (skipped), and
// bodies that are not games (an HTML error page, text, JSON, binary data, a game without end) refused with a message
// however they arrive. chess.com's archive list: newest month first, `since`, and only chess.com's own https
// addresses. fetch-games itself: tst_game_download.
#include "core/jobs/game_stream.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kibitz;
using namespace kibitz::jobs;

namespace {

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray sampleBody() { return readFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn")); }

/// The games of a body, split by hand: every line that starts with "[Event " starts one.
QList<QByteArray> gamesByLine(const QByteArray& body) {
    QList<QByteArray> games;
    for (const QByteArray& line : body.split('\n')) {
        if (line.startsWith("[Event ")) games.push_back({});
        if (!games.isEmpty()) games.back() += line + '\n';
    }
    for (QByteArray& g : games) g = g.trimmed();
    return games;
}

struct Read {
    bool ok = false;
    QList<QByteArray> games;
    bool cut = false;
    QString error;
    bool errorStays = false;  ///< after the error, another feed gave it again
};

/// `body` through one GameStream in chunks of the given sizes, repeated (an empty list: whole).
Read readBody(const QByteArray& body, const QList<qsizetype>& sizes = {}, qsizetype limit = kMaxGameBytes) {
    GameStream stream(limit);
    Read out;
    auto fail = [&](const Error& e) {
        out.error = QString::fromStdString(e.message);
        out.errorStays = !stream.feed("[Event \"Rated Blitz game\"]\n").ok();
        return out;
    };
    qsizetype at = 0;
    for (int i = 0; at < body.size(); ++i) {
        const qsizetype n = sizes.isEmpty() ? body.size() : std::min(sizes.at(i % sizes.size()), body.size() - at);
        auto r = stream.feed(QByteArrayView(body).sliced(at, n));
        if (!r) return fail(r.error());
        out.games += *r;
        at += n;
    }
    auto end = stream.finish();
    if (!end) return fail(end.error());
    out.ok = true;
    out.games += end->games;
    out.cut = end->cut;
    return out;
}

}  // namespace

class TestGameStream : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// The same bytes give the same games however the network cuts them: one byte at a time, across every
    /// boundary's "\n[Event " (7 and 8 bytes), Qt's read sizes, irregular pieces, and with CRLF line ends.
    void chunkedEqualsWhole_data() {
        QTest::addColumn<QList<qsizetype>>("sizes");
        QTest::addColumn<bool>("crlf");
        QTest::newRow("1 byte") << QList<qsizetype>{1} << false;
        QTest::newRow("7 bytes") << QList<qsizetype>{7} << false;
        QTest::newRow("8 bytes") << QList<qsizetype>{8} << false;
        QTest::newRow("16 KiB") << QList<qsizetype>{16384} << false;
        QTest::newRow("irregular") << QList<qsizetype>{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 0, 4096} << false;
        QTest::newRow("CRLF, 1 byte") << QList<qsizetype>{1} << true;
        QTest::newRow("CRLF, irregular") << QList<qsizetype>{3, 500, 7, 1, 9000} << true;
    }
    void chunkedEqualsWhole() {
        QFETCH(QList<qsizetype>, sizes);
        QFETCH(bool, crlf);
        QByteArray body = sampleBody();
        QVERIFY(!body.isEmpty());
        if (crlf) body.replace("\n", "\r\n");
        const QList<QByteArray> expected = gamesByLine(body);
        QCOMPARE(expected.size(), 300);
        const Read whole = readBody(body);
        QVERIFY2(whole.ok, qPrintable(whole.error));
        QVERIFY(!whole.cut);
        QCOMPARE(whole.games, expected);
        QVERIFY(whole.games.front().contains("[Site \"https://lichess.org/0JWc9Xbd\"]"));
        const Read chunked = readBody(body, sizes);
        QVERIFY2(chunked.ok, qPrintable(chunked.error));
        QVERIFY(!chunked.cut);
        QCOMPARE(chunked.games.size(), whole.games.size());
        QCOMPARE(chunked.games, whole.games);
        for (const QByteArray& g : whole.games) QVERIFY2(endsAsGame(g), g.right(40).constData());
    }

    /// A body cut in the middle of its last game (the connection lost) keeps the games before it and says it was
    /// cut; cut after the result, it is whole.
    void cutBodyIsReported_data() {
        QTest::addColumn<QByteArray>("cutAfter");  ///< the body ends after the first occurrence of this in game 3
        QTest::addColumn<bool>("cut");
        QTest::newRow("in the tags") << QByteArray("[Site \"https://lichess.org/") << true;
        QTest::newRow("in the movetext") << QByteArray("1. ") << true;
        QTest::newRow("in a clock comment") << QByteArray("{ [%clk 0:0") << true;
        QTest::newRow("after a comment") << QByteArray("[%clk 0:01:00] }") << true;
        QTest::newRow("after the result") << QByteArray("\n\n\n") << false;
    }
    void cutBodyIsReported() {
        QFETCH(QByteArray, cutAfter);
        QFETCH(bool, cut);
        const QList<QByteArray> games = gamesByLine(sampleBody()).mid(0, 3);
        QCOMPARE(games.size(), 3);
        const QByteArray whole = games.join("\n\n\n") + "\n\n\n";
        const qsizetype third = whole.indexOf(games.at(2));
        const qsizetype at = whole.indexOf(cutAfter, third);
        QVERIFY(at > third);
        const QByteArray body = whole.left(at + cutAfter.size());
        for (const QList<qsizetype>& sizes : {QList<qsizetype>{}, QList<qsizetype>{1}, QList<qsizetype>{100}}) {
            const Read r = readBody(body, sizes);
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.cut, cut);
            QCOMPARE(r.games, cut ? games.mid(0, 2) : games);
        }
    }

    /// A 200 whose body is not PGN games is refused with a message that says what came, whole or byte by byte, and
    /// stays refused.
    void garbageIsRefused_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<qsizetype>("limit");
        QTest::addColumn<QString>("said");
        const QByteArray games = sampleBody().left(sampleBody().indexOf("\n[Event ", 10000));
        // nginx's own error page, as a proxy in front of a site sends it.
        QTest::newRow("html") << QByteArray(
                                     "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
                                     "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>"
                                     "\r\n</body>\r\n</html>\r\n")
                              << kMaxGameBytes << QStringLiteral("not PGN games (it starts \"<html>\?\?<head><title>");
        QTest::newRow("text") << QByteArray("hello world\n") << kMaxGameBytes
                              << QStringLiteral("not PGN games (it starts \"hello world\")");
        QTest::newRow("json") << QByteArray("{\"error\":\"Not found\"}") << kMaxGameBytes
                              << QStringLiteral("not PGN games (it starts \"{\"error\"");
        QTest::newRow("too short") << QByteArray("\n[Eve") << kMaxGameBytes
                                   << QStringLiteral("not PGN games (it starts \"[Eve\")");
        QTest::newRow("binary") << readFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/maia-1/maia-1500.pb.gz")).left(4096)
                                << kMaxGameBytes << QStringLiteral("binary data");
        QTest::newRow("games, then binary")
            << games + QByteArray("\n\0\x01\x02", 4) << kMaxGameBytes << QStringLiteral("binary data");
        QTest::newRow("a game without end")
            << games << qsizetype(4096) << QStringLiteral("a game of more than 4096 bytes");
    }
    void garbageIsRefused() {
        QFETCH(QByteArray, body);
        QFETCH(qsizetype, limit);
        QFETCH(QString, said);
        QVERIFY(!body.isEmpty());
        for (const QList<qsizetype>& sizes : {QList<qsizetype>{}, QList<qsizetype>{1}, QList<qsizetype>{7, 4096}}) {
            const Read r = readBody(body, sizes, limit);
            QVERIFY(!r.ok);
            QVERIFY2(r.error.contains(said), qPrintable(r.error));
            QVERIFY(r.errorStays);
        }
    }

    /// Blank lines before the first game are no part of it, however many and however they arrive.
    void leadingBlanksAreSkipped() {
        const QList<QByteArray> games = gamesByLine(sampleBody()).mid(0, 3);
        const QByteArray body = QByteArray(qsizetype(1) << 20, '\n') + " \r\n\t" + games.join("\n\n");
        for (const QList<qsizetype>& sizes : {QList<qsizetype>{}, QList<qsizetype>{1024}, QList<qsizetype>{3}}) {
            const Read r = readBody(body, sizes);
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.games, games);
        }
    }

    /// An account without games answers an empty body (or blank lines): no games, not cut, no error.
    void emptyBodyHasNoGames() {
        for (const QByteArray& body : {QByteArray(), QByteArray("\n"), QByteArray("\r\n\r\n \t\n")}) {
            const Read r = readBody(body, {1});
            QVERIFY2(r.ok, qPrintable(r.error));
            QVERIFY(r.games.isEmpty() && !r.cut);
        }
    }

    /// chess.com's list of monthly archives (oldest first, as its published-data API sends it): fetched newest first,
    /// those before `since` left out; any address that is not chess.com's own https host is refused, never followed.
    void archiveList_data() {
        QTest::addColumn<QStringList>("archives");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QDate>("since");
        QTest::addColumn<QStringList>("months");  ///< expected, newest first; empty: refused
        const QString base = QStringLiteral("https://api.chess.com/pub/player/pnmadelaine/games/");
        const QStringList three{base + QStringLiteral("2021/11"), base + QStringLiteral("2021/12"),
                                base + QStringLiteral("2022/01")};
        const QString builtIn = builtInApiRoot(GameSite::ChessCom).toString();
        QTest::newRow("all") << three << builtIn << QDate() << QStringList{three.at(2), three.at(1), three.at(0)};
        QTest::newRow("since") << three << builtIn << QDate(2021, 12, 15) << QStringList{three.at(2), three.at(1)};
        QTest::newRow("file:") << QStringList{three.at(0), QStringLiteral("file:///etc/passwd")} << builtIn << QDate()
                               << QStringList{};
        QTest::newRow("other host") << QStringList{QStringLiteral("https://example.org/pub/player/x/games/2021/11")}
                                    << builtIn << QDate() << QStringList{};
        QTest::newRow("http") << QStringList{QStringLiteral("http://api.chess.com/pub/player/x/games/2021/11")}
                              << builtIn << QDate() << QStringList{};
        QTest::newRow("other port") << QStringList{QStringLiteral(
                                           "https://api.chess.com:8443/pub/player/x/games/2021/11")}
                                    << builtIn << QDate() << QStringList{};
        const QString test = QStringLiteral("http://127.0.0.1:8080/pub/player/x/games/2021/11");
        QTest::newRow("test root") << QStringList{test} << QStringLiteral("http://127.0.0.1:8080") << QDate()
                                   << QStringList{test};
        QTest::newRow("test root, other port")
            << QStringList{test} << QStringLiteral("http://127.0.0.1:8081") << QDate() << QStringList{};
        QTest::newRow("chess.com with a test root")
            << QStringList{three.at(0)} << QStringLiteral("http://127.0.0.1:8080") << QDate() << QStringList{};
    }
    void archiveList() {
        QFETCH(QStringList, archives);
        QFETCH(QString, root);
        QFETCH(QDate, since);
        QFETCH(QStringList, months);
        const QByteArray body =
            QJsonDocument(QJsonObject{{QStringLiteral("archives"), QJsonArray::fromStringList(archives)}}).toJson();
        const auto r = parseArchiveList(body, QUrl(root), since);
        if (months.isEmpty()) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, ErrorCode::Unsupported);
            QVERIFY2(QString::fromStdString(r.error().message).contains(QLatin1String("not a chess.com address")),
                     r.error().message.c_str());
            return;
        }
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(*r, months);
    }

    void archiveListThatIsNotOne() {
        for (const QByteArray& body :
             {QByteArray("<html><body>Maintenance</body></html>"), QByteArray("[1, 2]"), QByteArray()}) {
            const auto r = parseArchiveList(body, builtInApiRoot(GameSite::ChessCom));
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        }
    }
};

QTEST_APPLESS_MAIN(TestGameStream)
#include "tst_game_stream.moc"
