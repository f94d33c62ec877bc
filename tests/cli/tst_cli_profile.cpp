// SPDX-License-Identifier: GPL-3.0-or-later
// `kibitz-cli profile` with the shipped model and Stockfish on a real player's games (pnmadelaine in
// tests/data/games_sample.pgn): the report, the HTML page (its SVG charts well-formed XML), the puzzle CSV, the
// engine's cache reused by a second run (same figures, nothing scored again), peers of a chosen rating
// (--peers-rated, also for games without the player's rating), Ctrl+C writing nothing, and the refusals of bad input.
#include "tests/cli/cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>
#include <numbers>

namespace {

const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
const QString kPlayer = QStringLiteral("pnmadelaine");

bool haveStockfish() {
    return !QStandardPaths::findExecutable(QStringLiteral("stockfish")).isEmpty() ||
           QFile::exists(QStringLiteral("/usr/games/stockfish"));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes the sample's games of `player` with their rating tags emptied ("?": unknown) to unrated.pgn in `dir`: its
/// path, or "" when it cannot be written.
QString writeUnratedGames(const QTemporaryDir& dir, const QString& player) {
    const QString text = QString::fromUtf8(readAll(kGames));
    QString out;
    for (const QString& game : text.split(QStringLiteral("\n\n[Event"))) {
        if (!game.contains(QStringLiteral("\"") + player + QStringLiteral("\""))) continue;
        QString g = game.startsWith(QStringLiteral("[Event")) ? game : QStringLiteral("[Event") + game;
        g.replace(QRegularExpression(QStringLiteral("\\[(White|Black)Elo \"\\d+\"\\]")),
                  QStringLiteral("[\\1Elo \"?\"]"));
        out += g.trimmed() + QStringLiteral("\n\n");
    }
    const QString path = dir.filePath(QStringLiteral("unrated.pgn"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out.toUtf8()) < 0) return {};
    return path;
}

}  // namespace

class TstCliProfile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void profileOfARealPlayer() {
        if (!haveStockfish()) QSKIP("no Stockfish on this machine");
        QTemporaryDir dir;
        const QString cache = dir.filePath(QStringLiteral("scores.tsv"));
        const QString html = dir.filePath(QStringLiteral("report.html"));
        const QString puzzles = dir.filePath(QStringLiteral("puzzles.csv"));
        const QStringList args{QStringLiteral("profile"),
                               QStringLiteral("--pgn"),
                               kGames,
                               QStringLiteral("--player"),
                               kPlayer,
                               QStringLiteral("--games"),
                               QStringLiteral("8"),
                               QStringLiteral("--every"),
                               QStringLiteral("4"),
                               QStringLiteral("--depth"),
                               QStringLiteral("5"),
                               QStringLiteral("--cache"),
                               cache,
                               QStringLiteral("--html"),
                               html,
                               QStringLiteral("--puzzles"),
                               puzzles,
                               QStringLiteral("--json")};
        const Run r = run(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("player")).toString(), kPlayer);
        QCOMPARE(o.value(QStringLiteral("games")).toInt(), 8);
        const QJsonObject all = o.value(QStringLiteral("all")).toObject();
        const int positions = all.value(QStringLiteral("positions")).toInt();
        // Progress into a pipe is whole lines (no carriage returns), each stage's last one among them.
        QVERIFY2(!r.err.contains(u'\r'), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("profile: scoring %1 / %1 positions\n").arg(positions)),
                 qPrintable(r.err));
        // Where they stand out: the groups weighed and each way's list.
        const QJsonObject standouts = o.value(QStringLiteral("standouts")).toObject();
        QVERIFY(standouts.value(QStringLiteral("groups")).toInt() >= 3);
        QCOMPARE(standouts.value(QStringLiteral("level")).toDouble(), 0.1);
        QVERIFY(standouts.value(QStringLiteral("worse")).isArray() &&
                standouts.value(QStringLiteral("better")).isArray());
        QVERIFY2(positions >= 40, qPrintable(QString::number(positions)));
        const double loss = all.value(QStringLiteral("loss")).toDouble();
        const double peer = all.value(QStringLiteral("peer_loss")).toDouble();
        QVERIFY(loss >= 0.0 && loss <= 2.0);
        QVERIFY(peer > 0.0 && peer <= 2.0);
        // Every position in one phase and in one opening (eight games: few openings with three of them, the rest
        // pooled).
        for (const char* breakdown : {"by_phase", "by_opening"}) {
            int sum = 0;
            for (const auto& g : o.value(QLatin1String(breakdown)).toArray())
                sum += g.toObject().value(QStringLiteral("positions")).toInt();
            QCOMPARE(sum, positions);
        }
        const QJsonObject rating = o.value(QStringLiteral("rating")).toObject();
        QVERIFY(rating.value(QStringLiteral("low")).toDouble() <= rating.value(QStringLiteral("estimate")).toDouble());
        QVERIFY(rating.value(QStringLiteral("estimate")).toDouble() <= rating.value(QStringLiteral("high")).toDouble());

        // The HTML page: whole, self-contained, every chart well-formed SVG.
        const QString page = QString::fromUtf8(readAll(html));
        QVERIFY(page.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY(page.trimmed().endsWith(QStringLiteral("</html>")));
        QVERIFY(!page.contains(QStringLiteral("<script")));
        int charts = 0;
        for (qsizetype at = page.indexOf(QStringLiteral("<svg")); at >= 0;
             at = page.indexOf(QStringLiteral("<svg"), at + 1)) {
            const qsizetype end = page.indexOf(QStringLiteral("</svg>"), at);
            QVERIFY(end > at);
            QXmlStreamReader xml(page.mid(at, end + 6 - at));
            while (!xml.atEnd()) xml.readNext();
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            ++charts;
        }
        QVERIFY(charts >= 3);
        // The puzzles: Lichess's columns, each with a setup move and an answer.
        const QStringList rows = QString::fromUtf8(readAll(puzzles)).split('\n', Qt::SkipEmptyParts);
        QVERIFY(!rows.isEmpty());
        QVERIFY(rows.front().startsWith(QStringLiteral("PuzzleId,FEN,Moves,Rating,RatingDeviation")));
        QCOMPARE(rows.size() - 1, o.value(QStringLiteral("puzzles")).toArray().size());
        for (int i = 1; i < rows.size(); ++i) QCOMPARE(rows[i].section(',', 2, 2).split(' ').size(), 2);
        // Each rated as a puzzle as `rate` rates it, with the player's chance by Glicko's expected score at their
        // rating in that game (Lichess games: the scale the puzzle ratings are on).
        const QJsonArray worst = o.value(QStringLiteral("puzzles")).toArray();
        QVERIFY(!worst.isEmpty());
        for (const auto& value : worst) {
            const QJsonObject z = value.toObject();
            const double difficulty = z.value(QStringLiteral("difficulty")).toDouble();
            const double sigma = z.value(QStringLiteral("difficulty_sigma")).toDouble();
            const double elo = z.value(QStringLiteral("player_elo")).toDouble();
            QVERIFY2(difficulty > 400.0 && difficulty < 3500.0 && sigma > 0.0, qPrintable(QString::number(difficulty)));
            const double g =
                1.0 / std::sqrt(1.0 + 3.0 * std::pow(std::log(10.0) / 400.0 * sigma / std::numbers::pi, 2.0));
            const double expected = 1.0 / (1.0 + std::pow(10.0, -g * (elo - difficulty) / 400.0));
            QVERIFY(std::abs(z.value(QStringLiteral("solve_chance")).toDouble() - expected) < 1e-9);
        }
        const QJsonObject first = worst.first().toObject();
        const Run rated =
            run({QStringLiteral("rate"), QStringLiteral("--fen"), first.value(QStringLiteral("fen")).toString(),
                 QStringLiteral("--moves"), first.value(QStringLiteral("moves")).toString(), QStringLiteral("--json")});
        QVERIFY2(rated.code == 0, qPrintable(rated.err));
        QVERIFY(
            std::abs(QJsonDocument::fromJson(rated.out.toUtf8()).object().value(QStringLiteral("rating")).toDouble() -
                     first.value(QStringLiteral("difficulty")).toDouble()) <= 0.05 + 1e-9);
        QCOMPARE(int(page.count(QStringLiteral("<th>as a puzzle</th>"))), 1);
        // Each position's rating twice: in its row of the table and under its board.
        QCOMPARE(int(page.count(QStringLiteral("</td><td>") +
                                QString::number(std::lround(first.value(QStringLiteral("difficulty")).toDouble())) +
                                QStringLiteral(" &#177; "))),
                 1);
        QCOMPARE(int(page.count(QStringLiteral(" &#177; "))), 2 * int(worst.size()));
        QCOMPARE(int(page.count(QStringLiteral("<br>as a puzzle "))), int(worst.size()));

        // A second run reads every score from the cache: the same figures, not a line added to the cache (a line per
        // position scored; a position met in two games, such as an opening they repeat, once).
        const int lines = int(readAll(cache).count('\n'));
        QVERIFY(lines > positions / 2 && lines <= positions);
        const Run again = run(QStringList(args) << QStringLiteral("--no-puzzle-rating"));
        QVERIFY2(again.code == 0, qPrintable(again.err));
        const QJsonObject second = QJsonDocument::fromJson(again.out.toUtf8()).object();
        QCOMPARE(second.value(QStringLiteral("all")).toObject(), all);
        QCOMPARE(int(readAll(cache).count('\n')), lines);
        // Left unrated when asked: no figure made up.
        for (const auto& value : second.value(QStringLiteral("puzzles")).toArray())
            for (const char* key : {"difficulty", "difficulty_sigma", "solve_chance"})
                QVERIFY(value.toObject().value(QLatin1String(key)).isNull());
    }

    /// --peers-rated: the same moves of theirs set beside peers of a chosen rating; the shipped model's 2400s lose
    /// less than its 800s in the same positions, and the report names the rating. One outside the model's ratings is
    /// refused.
    void peersOfAChosenRating() {
        if (!haveStockfish()) QSKIP("no Stockfish on this machine");
        QTemporaryDir dir;
        auto profileAt = [&](const QString& rating) {
            return run({QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"), kPlayer,
                        QStringLiteral("--games"), QStringLiteral("8"), QStringLiteral("--every"), QStringLiteral("4"),
                        QStringLiteral("--depth"), QStringLiteral("5"), QStringLiteral("--no-rating"),
                        QStringLiteral("--cache"), dir.filePath(QStringLiteral("scores.tsv")),
                        QStringLiteral("--peers-rated"), rating, QStringLiteral("--json")});
        };
        const Run weak = profileAt(QStringLiteral("800")), strong = profileAt(QStringLiteral("2400"));
        QVERIFY2(weak.code == 0, qPrintable(weak.err));
        QVERIFY2(strong.code == 0, qPrintable(strong.err));
        const QJsonObject w = QJsonDocument::fromJson(weak.out.toUtf8()).object();
        const QJsonObject s = QJsonDocument::fromJson(strong.out.toUtf8()).object();
        QCOMPARE(w.value(QStringLiteral("peer_rating")).toInt(), 800);
        QCOMPARE(s.value(QStringLiteral("peer_rating")).toInt(), 2400);
        const QJsonObject wAll = w.value(QStringLiteral("all")).toObject(),
                          sAll = s.value(QStringLiteral("all")).toObject();
        QCOMPARE(sAll.value(QStringLiteral("positions")), wAll.value(QStringLiteral("positions")));
        QCOMPARE(sAll.value(QStringLiteral("loss")), wAll.value(QStringLiteral("loss")));
        const double weakPeer = wAll.value(QStringLiteral("peer_loss")).toDouble();
        const double strongPeer = sAll.value(QStringLiteral("peer_loss")).toDouble();
        qInfo("their loss %.4f; peers rated 800 %.4f, rated 2400 %.4f", wAll.value(QStringLiteral("loss")).toDouble(),
              weakPeer, strongPeer);
        QVERIFY(strongPeer > 0.0 && strongPeer < 0.8 * weakPeer);

        const Run text = run(
            {QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"), kPlayer,
             QStringLiteral("--games"), QStringLiteral("8"), QStringLiteral("--every"), QStringLiteral("4"),
             QStringLiteral("--depth"), QStringLiteral("5"), QStringLiteral("--no-rating"), QStringLiteral("--cache"),
             dir.filePath(QStringLiteral("scores.tsv")), QStringLiteral("--peers-rated"), QStringLiteral("2400")});
        QVERIFY2(text.code == 0 && text.out.contains(QStringLiteral("a human rated 2400")), qPrintable(text.out));

        // Lichess games: 400 is the model's lowest rating (100 is chess.com's, for chess.com games).
        const Run low = profileAt(QStringLiteral("300"));
        QCOMPARE(low.code, 2);
        QVERIFY2(low.err.contains(QStringLiteral("400 to 3200 on Lichess's scale")), qPrintable(low.err));
        QVERIFY(low.out.isEmpty());
        const Run high = profileAt(QStringLiteral("3300"));
        QCOMPARE(high.code, 2);
        QVERIFY2(high.err.contains(QStringLiteral("--peers-rated")), qPrintable(high.err));
    }

    /// Games without the player's rating (club games): refused against peers of their rating (the message names
    /// --peers-rated), profiled against peers of a chosen rating: the same positions and losses as the same games
    /// with their ratings, and no rating of theirs made up.
    void unratedGamesAgainstChosenPeers() {
        if (!haveStockfish()) QSKIP("no Stockfish on this machine");
        QTemporaryDir dir;
        const QString unrated = writeUnratedGames(dir, kPlayer);
        QVERIFY(!unrated.isEmpty());
        auto profile = [&](const QString& pgn, const QStringList& more) {
            return run(QStringList{QStringLiteral("profile"), QStringLiteral("--pgn"), pgn, QStringLiteral("--player"),
                                   kPlayer, QStringLiteral("--games"), QStringLiteral("8"), QStringLiteral("--every"),
                                   QStringLiteral("4"), QStringLiteral("--depth"), QStringLiteral("5"),
                                   QStringLiteral("--no-rating"), QStringLiteral("--cache"),
                                   dir.filePath(QStringLiteral("scores.tsv"))} +
                       more);
        };
        const Run refused = profile(unrated, {});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("--peers-rated")), qPrintable(refused.err));
        QVERIFY(refused.out.isEmpty());

        const QStringList at1500{QStringLiteral("--peers-rated"), QStringLiteral("1500"), QStringLiteral("--json")};
        const Run club = profile(unrated, at1500), tagged = profile(kGames, at1500);
        QVERIFY2(club.code == 0, qPrintable(club.err));
        QVERIFY2(tagged.code == 0, qPrintable(tagged.err));
        const QJsonObject c = QJsonDocument::fromJson(club.out.toUtf8()).object();
        const QJsonObject t = QJsonDocument::fromJson(tagged.out.toUtf8()).object();
        QCOMPARE(c.value(QStringLiteral("games")).toInt(), 8);
        QCOMPARE(c.value(QStringLiteral("unrated_games")).toInt(), 8);
        QCOMPARE(c.value(QStringLiteral("peer_rating")).toInt(), 1500);
        const QJsonObject cAll = c.value(QStringLiteral("all")).toObject(),
                          tAll = t.value(QStringLiteral("all")).toObject();
        QVERIFY(cAll.value(QStringLiteral("mean_elo")).isNull());
        QVERIFY(tAll.value(QStringLiteral("mean_elo")).toDouble() > 1000.0);
        QCOMPARE(cAll.value(QStringLiteral("positions")), tAll.value(QStringLiteral("positions")));
        QCOMPARE(cAll.value(QStringLiteral("loss")), tAll.value(QStringLiteral("loss")));
        // The peers differ only by the opponent's rating, which club games do not give either.
        const double clubPeer = cAll.value(QStringLiteral("peer_loss")).toDouble();
        const double taggedPeer = tAll.value(QStringLiteral("peer_loss")).toDouble();
        qInfo("peers rated 1500: %.4f with the ratings unknown, %.4f with them known", clubPeer, taggedPeer);
        QVERIFY(clubPeer > 0.8 * taggedPeer && clubPeer < 1.25 * taggedPeer);
    }

    /// SIGTERM (as Ctrl+C's SIGINT) while scoring: exit code 1, no report and no temporary left.
    void interruptedWritesNothing() {
        if (!haveStockfish()) QSKIP("no Stockfish on this machine");
        QTemporaryDir dir;
        const QString html = dir.filePath(QStringLiteral("report.html"));
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI),
                {QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"), kPlayer,
                 QStringLiteral("--every"), QStringLiteral("1"), QStringLiteral("--depth"), QStringLiteral("10"),
                 QStringLiteral("--no-cache"), QStringLiteral("--html"), html});
        QVERIFY(p.waitForStarted());
        QString err;
        for (int i = 0; i < 1800 && !err.contains(QStringLiteral("scoring")); ++i) {  // the models load first
            p.waitForReadyRead(100);
            err += QString::fromUtf8(p.readAllStandardError());
        }
        QVERIFY2(err.contains(QStringLiteral("scoring")), qPrintable(err));
        p.terminate();
        QVERIFY(p.waitForFinished(60000));
        err += QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("nothing written")), qPrintable(err));
        QVERIFY(!QFile::exists(html));
        QVERIFY(!QFile::exists(html + QStringLiteral(".tmp")));
    }

    void refusals() {
        Run r = run({QStringLiteral("profile"), QStringLiteral("--pgn"), kGames});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--player")));
        r = run({QStringLiteral("profile"), QStringLiteral("--player"), kPlayer});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--pgn")));
        // Nobody of that name: the players in the file are listed.
        r = run({QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"),
                 QStringLiteral("nobody-at-all-here"), QStringLiteral("--no-cache")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(kPlayer), qPrintable(r.err));
        // One game: a clear message, no figure.
        r = run({QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"), kPlayer,
                 QStringLiteral("--games"), QStringLiteral("1"), QStringLiteral("--no-cache")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("at least 5")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        // The output would overwrite the input.
        r = run({QStringLiteral("profile"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"), kPlayer,
                 QStringLiteral("--html"), kGames});
        QCOMPARE(r.code, 2);
        // Games without the player's rating.
        QTemporaryDir dir;
        const QString unrated = writeUnratedGames(dir, kPlayer);
        QVERIFY(!unrated.isEmpty());
        r = run({QStringLiteral("profile"), QStringLiteral("--pgn"), unrated, QStringLiteral("--player"), kPlayer,
                 QStringLiteral("--no-cache")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("rating")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstCliProfile)
#include "tst_cli_profile.moc"
