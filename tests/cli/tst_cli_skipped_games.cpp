// SPDX-License-Identifier: GPL-3.0-or-later
// The commands whose games core reads (eval human, personalize, eval time) name every game they pass over as every
// other reader does ("kibitz-cli CMD: skipped game N of FILE:LINE: reason"), refuse a file without a game for what
// it is, and read no impossible clocks: the built kibitz-cli on files edited from real Lichess games
// (tests/data/games_sample.pgn): an illegal move, a Chess960 and a Crazyhouse game, variations nested too deep, a
// binary file, too few games of a player, and clocks or time controls no game can have.
#include "tests/cli/cli_run.h"
#include "tests/cli/sample_games.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kPlayer = QStringLiteral("pnmadelaine");

/// White's second move made illegal: a king from e1 to h8.
QString withIllegalMove(QString game) { return game.replace(QStringLiteral(" 2. "), QStringLiteral(" 2. Kxh8 2. ")); }

QString withVariant(QString game, const QString& variant) {
    return game.replace(QStringLiteral("[Variant \"Standard\"]"), QStringLiteral("[Variant \"%1\"]").arg(variant));
}

/// 250 variations nested in one another before White's third move (the reader allows 200 levels).
QString withDeepVariations(QString game) {
    return game.insert(
        game.indexOf(QStringLiteral(" 3. ")),
        QStringLiteral(" ") + QStringLiteral("( 2... a6 ").repeated(250) + QStringLiteral(")").repeated(250));
}

/// The `n`-th [%clk] comment of `game` (0-based) made to read `clock`.
QString withClock(QString game, int n, const QString& clock) {
    qsizetype at = -1;
    for (int i = 0; i <= n; ++i) at = game.indexOf(QStringLiteral("[%clk "), at + 1);
    const qsizetype end = game.indexOf(QLatin1Char(']'), at);
    return game.replace(at, end + 1 - at, QStringLiteral("[%clk %1]").arg(clock));
}

QJsonObject jsonOf(const QString& out) { return QJsonDocument::fromJson(out.toUtf8()).object(); }

/// The start of each game of `text` (its [Event tag), so that a game's number and line can be named.
QList<qsizetype> gameStarts(const QString& text) {
    QList<qsizetype> starts;
    for (qsizetype at = text.indexOf(QStringLiteral("[Event ")); at >= 0;
         at = text.indexOf(QStringLiteral("\n[Event "), at + 1))
        starts << (text.at(at) == QLatin1Char('\n') ? at + 1 : at);
    return starts;
}

}  // namespace

class TestCliSkippedGames : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    /// An illegal move, a Chess960 and a Crazyhouse game and variations nested too deep among real games: each named
    /// by its number in the file and its line, and the others scored.
    void evalHumanNamesEverySkippedGame() {
        const QStringList games = sampleGames();
        QVERIFY(games.size() >= 8);
        const QString text = games[0] + withIllegalMove(games[1]) + withVariant(games[2], QStringLiteral("Chess960")) +
                             withVariant(games[3], QStringLiteral("Crazyhouse")) + withDeepVariations(games[4]) +
                             games[5] + games[6] + games[7];
        const QString file = path("mixed.pgn");
        QVERIFY(writeAll(file, text.toUtf8()));
        const QList<qsizetype> start = gameStarts(text);
        QCOMPARE(start.size(), 8);
        const Run r = run({QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), file,
                           QStringLiteral("--all-games"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString prefix = QStringLiteral("kibitz-cli eval human: skipped game %1 of %2:%3: ");
        for (const QString& line :
             {prefix.arg(2).arg(file).arg(lineOf(text, QStringLiteral("Kxh8"))) +
                  QStringLiteral("illegal move 'Kxh8' at ply 3 (2.)"),
              prefix.arg(3).arg(file).arg(lineOf(text, QStringLiteral("[Variant \"Chess960\"]"))) +
                  QStringLiteral("Chess960 is not supported"),
              prefix.arg(4).arg(file).arg(lineOf(text, QStringLiteral("[Variant \"Crazyhouse\"]"))) +
                  QStringLiteral("variant 'Crazyhouse' is not supported"),
              prefix.arg(5).arg(file).arg(lineOf(text, QStringLiteral("( 2... a6"), start[4])) +
                  QStringLiteral("variations nested deeper than 200 levels"),
              QStringLiteral("kibitz-cli eval human: 4 game(s) skipped\n")})
            QVERIFY2(r.err.contains(line), qPrintable(line + QStringLiteral("\nnot in:\n") + r.err));
        QCOMPARE(r.err.count(QStringLiteral("skipped game")), 4);  // each once, though core reads the files twice
        // The four readable games are scored: the positions are those of the file without the skipped games.
        const QString clean = path("clean.pgn");
        QVERIFY(writeAll(clean, (games[0] + games[5] + games[6] + games[7]).toUtf8()));
        const Run c = run({QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), clean,
                           QStringLiteral("--all-games"), QStringLiteral("--json")});
        QVERIFY2(c.code == 0 && c.err.isEmpty(), qPrintable(c.err));
        QVERIFY(jsonOf(r.out).value(QStringLiteral("positions")).toInt() > 0);
        QCOMPARE(jsonOf(r.out).value(QStringLiteral("positions")).toInt(),
                 jsonOf(c.out).value(QStringLiteral("positions")).toInt());
    }

    /// A file without a single usable game is refused (exit 2) for what it is, never for the Elo baseline the value
    /// head's figures need.
    void evalHumanRefusesAFileWithoutGames_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<bool>("allGames");
        QTest::addColumn<QString>("says");  // %1: the file
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i) binary[i] = char((i * 7919 + 13) & 0xFF);
        const QString binarySays = QStringLiteral("kibitz-cli eval human: %1: binary data, not PGN text (byte 0x");
        QTest::newRow("binary") << binary << false << binarySays;
        QTest::newRow("binary, all games") << binary << true << binarySays;
        QTest::newRow("text") << QByteArray("hello world\nthis is not a game\n") << true
                              << QStringLiteral(
                                     "kibitz-cli eval human: skipped game 1 of %1:1: malformed move 'hello'");
        // Only unreadable games: the one below has neither ratings nor a result, the others a real game's.
        QTest::newRow("an illegal first move") << QByteArray("[Event \"x\"]\n\n1. e5 *\n") << false
                                               << QStringLiteral(
                                                      "kibitz-cli eval human: skipped game 1 of %1:3: "
                                                      "illegal move 'e5' at ply 1");
        const QStringList games = sampleGames();
        QTest::newRow("an illegal move and Chess960")
            << (withIllegalMove(games[1]) + withVariant(games[2], QStringLiteral("Chess960"))).toUtf8() << true
            << QStringLiteral("kibitz-cli eval human: skipped game 2 of %1:");
        QTest::newRow("empty") << QByteArray() << true
                               << QStringLiteral(
                                      "kibitz-cli eval: no usable games for the given PGN files (0 games "
                                      "read)");
    }
    void evalHumanRefusesAFileWithoutGames() {
        QFETCH(QByteArray, content);
        QFETCH(bool, allGames);
        QFETCH(QString, says);
        const QString file = path("nogames.pgn");
        QVERIFY(writeAll(file, content));
        QStringList args{QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), file};
        if (allGames) args << QStringLiteral("--all-games");
        const Run r = run(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(says.arg(file)), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("Elo baseline")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    /// A real game in the training split, without --all-games: none held out, and the way out is eval human's own
    /// option, not the trainers'.
    void evalHumanSaysHowToScoreFewGames() {
        const QString file = path("one.pgn");
        QVERIFY(writeAll(file, sampleGames()[0].toUtf8()));
        const Run r = run({QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("1 games read, 1 of them in the training split")) &&
                     r.err.contains(QStringLiteral("or score every game (--all-games)")),
                 qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("--validate-every")), qPrintable(r.err));
    }

    /// The player's games with an illegal move, a Chess960 game and variations nested too deep: named, and the model
    /// built from the rest (9 older games to learn from, the newest 2 to measure on).
    void personalizeNamesSkippedGames() {
        QStringList games;
        for (const QString& g : sampleGames())
            if (g.contains(QStringLiteral("\"") + kPlayer + QStringLiteral("\"")) && games.size() < 14) games << g;
        QCOMPARE(games.size(), 14);
        games[2] = withIllegalMove(games[2]);
        games[4] = withVariant(games[4], QStringLiteral("Chess960"));
        games[6] = withDeepVariations(games[6]);
        const QString text = games.join(QString());
        const QString file = path("player.pgn");
        QVERIFY(writeAll(file, text.toUtf8()));
        const QList<qsizetype> start = gameStarts(text);
        const QString out = path("player.kibitz");
        const Run r = run({QStringLiteral("personalize"), QStringLiteral("--pgn"), file, QStringLiteral("--player"),
                           kPlayer, QStringLiteral("--out"), out, QStringLiteral("--epochs"), QStringLiteral("1"),
                           QStringLiteral("--scope"), QStringLiteral("head"), QStringLiteral("--book-prior"),
                           QStringLiteral("1"), QStringLiteral("--choose"), QStringLiteral("0"),
                           QStringLiteral("--no-score"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString prefix = QStringLiteral("kibitz-cli personalize: skipped game %1 of %2:%3: ");
        for (const QString& line :
             {prefix.arg(3).arg(file).arg(lineOf(text, QStringLiteral("Kxh8"))) +
                  QStringLiteral("illegal move 'Kxh8' at ply 3 (2.)"),
              prefix.arg(5).arg(file).arg(lineOf(text, QStringLiteral("[Variant \"Chess960\"]"))) +
                  QStringLiteral("Chess960 is not supported"),
              prefix.arg(7).arg(file).arg(lineOf(text, QStringLiteral("( 2... a6"), start[6])) +
                  QStringLiteral("variations nested deeper than 200 levels"),
              QStringLiteral("kibitz-cli personalize: 3 game(s) skipped\n")})
            QVERIFY2(r.err.contains(line), qPrintable(line + QStringLiteral("\nnot in:\n") + r.err));
        QCOMPARE(r.err.count(QStringLiteral("skipped game")), 3);
        const QJsonObject j = jsonOf(r.out);
        QCOMPARE(j.value(QStringLiteral("personal_games")).toInt(), 9);
        QCOMPARE(j.value(QStringLiteral("personal_validation_games")).toInt(), 2);
        QVERIFY(QFile::exists(out));
    }

    /// Too few usable games (1; 11 of which 2 cannot be read): refused with how many there are and how many are
    /// needed, the skipped ones named, and nothing written (before: a model and "newest 0 games (0 moves)").
    void personalizeRefusesTooFewGames_data() {
        QTest::addColumn<int>("games");
        QTest::addColumn<int>("usable");
        QTest::newRow("1 game") << 1 << 1;
        QTest::newRow("11 games, 2 unreadable") << 11 << 9;
    }
    void personalizeRefusesTooFewGames() {
        QFETCH(int, games);
        QFETCH(int, usable);
        QStringList own;
        for (const QString& g : sampleGames())
            if (g.contains(QStringLiteral("\"") + kPlayer + QStringLiteral("\"")) && own.size() < games) own << g;
        QCOMPARE(own.size(), games);
        const int unreadable = games - usable;
        for (int i = 0; i < unreadable; ++i) own[i] = withIllegalMove(own[i]);
        const QString file = path("few.pgn");
        QVERIFY(writeAll(file, own.join(QString()).toUtf8()));
        const QString out = path("few.kibitz");
        const Run r = run({QStringLiteral("personalize"), QStringLiteral("--pgn"), file, QStringLiteral("--player"),
                           kPlayer, QStringLiteral("--out"), out, QStringLiteral("--epochs"), QStringLiteral("1"),
                           QStringLiteral("--scope"), QStringLiteral("head")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("kibitz-cli personalize: %1 has %2 usable game(s); a model of one "
                                               "player needs at least 10")
                                    .arg(kPlayer)
                                    .arg(usable)),
                 qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("kibitz-cli personalize: skipped game ")), unreadable);
        if (unreadable > 0) QVERIFY(r.err.contains(QStringLiteral("skipped game 1 of %1:").arg(file)));
        QVERIFY2(!r.out.contains(QStringLiteral("newest 0 games")) && !r.out.contains(QStringLiteral("wrote ")),
                 qPrintable(r.out));
        QVERIFY(!QFile::exists(out));
    }

    /// A real 600+0 game and five copies with clocks or a time control no game can have: the copies are skipped,
    /// named and counted by the one rule (encoding::clockProblem), and the figures are the real game's alone (before:
    /// one such game made the MAE millions of seconds).
    void evalTimeSkipsImpossibleClocks() {
        QString real;
        for (const QString& g : sampleGames())
            if (g.contains(QStringLiteral("[TimeControl \"600+0\"]")) && g.contains(QStringLiteral("[%clk "))) {
                real = g;
                break;
            }
        QVERIFY(!real.isEmpty());
        QString zeros = real;
        for (qsizetype at = zeros.indexOf(QStringLiteral("[%clk ")); at >= 0;
             at = zeros.indexOf(QStringLiteral("[%clk "), at + 1))
            zeros.replace(at, zeros.indexOf(QLatin1Char(']'), at) + 1 - at, QStringLiteral("[%clk 0:00:00]"));
        const QStringList impossible{
            withClock(real, 6, QStringLiteral("0:99:99")), withClock(real, 6, QStringLiteral("9999:00:00")), zeros,
            QString(real).replace(QStringLiteral("\"600+0\""), QStringLiteral("\"600+1000000000\"")),
            QString(real).replace(QStringLiteral("\"600+0\""), QStringLiteral("\"0+0\""))};
        const QString text = real + impossible.join(QString());
        const QString file = path("clocks.pgn");
        QVERIFY(writeAll(file, text.toUtf8()));
        const QString alone = path("real.pgn");
        QVERIFY(writeAll(alone, real.toUtf8()));
        const QStringList eval{QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--all-games"),
                               QStringLiteral("--json"), QStringLiteral("--pgn")};
        const Run r = run(eval + QStringList{file});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = jsonOf(r.out);
        QCOMPARE(o.value(QStringLiteral("games")).toInt(), 1);
        QCOMPARE(o.value(QStringLiteral("games_skipped")).toInt(), 5);
        QCOMPARE(o.value(QStringLiteral("games_impossible_clocks")).toInt(), 5);
        const QList<qsizetype> start = gameStarts(text);
        const QString prefix = QStringLiteral("kibitz-cli eval time: skipped game %1 of %2:%3: impossible clocks: ");
        const QStringList reasons{QStringLiteral("ply 7: a clock of 6039 s is more than the time control \"600+0\""),
                                  QStringLiteral("ply 7: a clock of 35996400 s is more than"),
                                  QStringLiteral("every clock reads 0:00:00"),
                                  QStringLiteral("an increment of 1000000000 s is longer than any clock's"),
                                  QStringLiteral("time control \"0+0\" gives no time")};
        for (int i = 0; i < reasons.size(); ++i) {
            const QString line = prefix.arg(i + 2).arg(file).arg(lineOf(text, QStringLiteral("[Event "), start[i + 1]));
            QVERIFY2(r.err.contains(line), qPrintable(line + QStringLiteral("\nnot in:\n") + r.err));
            QVERIFY2(r.err.contains(reasons[i]), qPrintable(reasons[i] + QStringLiteral("\nnot in:\n") + r.err));
        }
        QVERIFY(r.err.contains(QStringLiteral("kibitz-cli eval time: 5 game(s) skipped\n")));
        // The scores are the real game's alone.
        const Run a = run(eval + QStringList{alone});
        QVERIFY2(a.code == 0 && a.err.isEmpty(), qPrintable(a.err));
        const QJsonObject ao = jsonOf(a.out);
        for (const char* key : {"moves", "mae_s", "pearson_r"})
            QCOMPARE(o.value(QLatin1String(key)).toDouble(), ao.value(QLatin1String(key)).toDouble());
        QVERIFY2(o.value(QStringLiteral("mae_s")).toDouble() < 60.0, qPrintable(r.out));
        // Only impossible clocks: no usable move, exit 2, and the count says why.
        const QString none = path("impossible.pgn");
        QVERIFY(writeAll(none, impossible.join(QString()).toUtf8()));
        const Run n = run(eval + QStringList{none});
        QCOMPARE(n.code, 2);
        QVERIFY2(n.err.contains(QStringLiteral("no usable move: 5 games skipped (5 with impossible clocks")),
                 qPrintable(n.err));
    }

    /// eval time reads through the same input as the other commands: unreadable games named, a binary file refused.
    void evalTimeNamesUnreadableGames() {
        const QStringList games = sampleGames();
        const QString text = games[0] + withIllegalMove(games[1]) + withVariant(games[2], QStringLiteral("Chess960"));
        const QString file = path("unreadable.pgn");
        QVERIFY(writeAll(file, text.toUtf8()));
        const Run r = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--all-games"),
                           QStringLiteral("--json"), QStringLiteral("--pgn"), file});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("kibitz-cli eval time: skipped game 2 of %1:%2: illegal move 'Kxh8'")
                                    .arg(file)
                                    .arg(lineOf(text, QStringLiteral("Kxh8")))),
                 qPrintable(r.err));
        QVERIFY2(
            r.err.contains(QStringLiteral("kibitz-cli eval time: skipped game 3 of %1:%2: Chess960 is not supported")
                               .arg(file)
                               .arg(lineOf(text, QStringLiteral("[Variant \"Chess960\"]")))),
            qPrintable(r.err));
        const QJsonObject o = jsonOf(r.out);
        QCOMPARE(o.value(QStringLiteral("games_unreadable")).toInt(), 2);
        QCOMPARE(o.value(QStringLiteral("games")).toInt(), 1);

        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i) binary[i] = char((i * 7919 + 13) & 0xFF);
        const QString bin = path("binary.pgn");
        QVERIFY(writeAll(bin, binary));
        const Run b = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), bin});
        QCOMPARE(b.code, 2);
        QVERIFY2(b.err.startsWith(QStringLiteral("kibitz-cli eval time: %1: binary data, not PGN text").arg(bin)),
                 qPrintable(b.err));
    }

    /// review says why a game's clocks were not read, and reads none of them.
    void reviewSaysWhyClocksAreNotRead() {
        QString real;
        for (const QString& g : sampleGames())
            if (g.contains(QStringLiteral("[TimeControl \"600+0\"]")) && g.contains(QStringLiteral("[%clk "))) {
                real = g;
                break;
            }
        const QString file = path("review.pgn");
        QVERIFY(writeAll(file, (real + withClock(real, 6, QStringLiteral("0:99:99"))).toUtf8()));
        const QStringList review{QStringLiteral("review"),      QStringLiteral("--pgn"),      file,
                                 QStringLiteral("--no-engine"), QStringLiteral("--no-model"), QStringLiteral("--game")};
        const Run bad = run(review + QStringList{QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(bad.code == 0, qPrintable(bad.err));
        const QJsonObject j = jsonOf(bad.out);
        QVERIFY2(j.value(QStringLiteral("clocks_ignored"))
                     .toString()
                     .startsWith(QStringLiteral("ply 7: a clock of 6039 s is more than")),
                 qPrintable(bad.out.left(400)));
        for (const QJsonValue& ply : j.value(QStringLiteral("plies")).toArray())
            QVERIFY(ply.toObject().value(QStringLiteral("clock")).isNull());
        const Run text = run(review + QStringList{QStringLiteral("2")});
        QVERIFY2(text.out.contains(QStringLiteral("\nclocks: not read (ply 7: a clock of 6039 s")),
                 qPrintable(text.out.left(400)));
        // The real game's clocks are read, and nothing is said about them.
        const Run good = run(review + QStringList{QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(good.code == 0, qPrintable(good.err));
        QVERIFY(!jsonOf(good.out).contains(QStringLiteral("clocks_ignored")));
        QVERIFY(!jsonOf(good.out)
                     .value(QStringLiteral("plies"))
                     .toArray()
                     .at(4)
                     .toObject()
                     .value(QStringLiteral("clock"))
                     .isNull());
    }
};

QTEST_GUILESS_MAIN(TestCliSkippedGames)
#include "tst_cli_skipped_games.moc"
