// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli personalize: a model of one player from the games of tests/data/games_sample.pgn
// (real Lichess games; pnmadelaine plays 90 of them, 46 as White and 44 as Black, by grep). The counts checked are
// taken from the PGN with the rules library, not from the trainer.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "tests/cli/cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

namespace {

const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// The player's non-forced moves in the sample, counted with the rules library.
int movesOf(const std::string& player) {
    auto reader = kibitz::chess::PgnReader::open(kGames.toStdString());
    if (!reader.ok()) return -1;
    kibitz::chess::PgnGame game;
    int n = 0;
    while (reader.value()->next(game)) {
        const bool white = game.tag("White") == player, black = game.tag("Black") == player;
        if (!white && !black) continue;
        auto start = kibitz::chess::Position::fromFen(game.startFen);
        if (!start.ok()) return -1;
        kibitz::chess::Position p = start.value();
        for (const auto& m : game.moves) {
            if ((p.sideToMove() == kibitz::chess::White ? white : black) && p.legalMoves().size() > 1) ++n;
            p.makeMove(m.move);
        }
    }
    return n;
}

/// The player's moves in the first 30 plies of their games but the newest `heldOut` (by UTCDate and UTCTime), not
/// forced, counted with the rules library: what the repertoire of a personal model holds.
int openingMovesOf(const std::string& player, int heldOut) {
    auto reader = kibitz::chess::PgnReader::open(kGames.toStdString());
    if (!reader.ok()) return -1;
    std::vector<std::pair<std::string, kibitz::chess::PgnGame>> games;
    kibitz::chess::PgnGame game;
    while (reader.value()->next(game))
        if (game.tag("White") == player || game.tag("Black") == player)
            games.emplace_back(game.tag("UTCDate") + " " + game.tag("UTCTime"), game);
    std::stable_sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    int n = 0;
    for (std::size_t g = 0; g + std::size_t(heldOut) < games.size(); ++g) {
        const auto& pg = games[g].second;
        const bool white = pg.tag("White") == player;
        auto start = kibitz::chess::Position::fromFen(pg.startFen);
        if (!start.ok()) return -1;
        kibitz::chess::Position p = start.value();
        int ply = 0;
        for (const auto& m : pg.moves) {
            if (ply < 30 && (p.sideToMove() == kibitz::chess::White) == white && p.legalMoves().size() > 1) ++n;
            p.makeMove(m.move);
            ++ply;
        }
    }
    return n;
}

/// The player's most frequent first move as White in their games but the newest `heldOut`: the move, its count and
/// the number of those games.
std::tuple<std::string, int, int> favouriteFirstMove(const std::string& player, int heldOut) {
    auto reader = kibitz::chess::PgnReader::open(kGames.toStdString());
    std::vector<std::pair<std::string, kibitz::chess::PgnGame>> games;
    kibitz::chess::PgnGame game;
    while (reader.ok() && reader.value()->next(game))
        if (game.tag("White") == player || game.tag("Black") == player)
            games.emplace_back(game.tag("UTCDate") + " " + game.tag("UTCTime"), game);
    std::stable_sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::map<std::string, int> firsts;
    int white = 0;
    for (std::size_t g = 0; g + std::size_t(heldOut) < games.size(); ++g) {
        const auto& pg = games[g].second;
        if (pg.tag("White") != player || pg.moves.empty()) continue;
        ++white;
        ++firsts[kibitz::chess::toUci(pg.moves.front().move)];
    }
    std::tuple<std::string, int, int> best{"", 0, white};
    for (const auto& [m, c] : firsts)
        if (c > std::get<1>(best)) best = {m, c, white};
    return best;
}

}  // namespace

class TestCliPersonalize : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// A personal model from the 81 older games, validated on the newest 9: the report's counts, dates and gain,
    /// the manifest's record of them, and the bundle loads where any model does (eval human --player scores the
    /// player's moves of both parts: the same positions the trainer used).
    void buildsAPersonalModel() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("pn.kibitz"));
        const Run r = run({QStringLiteral("personalize"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"),
                           QStringLiteral("PNMADELAINE"), QStringLiteral("--out"), out, QStringLiteral("--epochs"),
                           QStringLiteral("1"), QStringLiteral("--scope"), QStringLiteral("head"),
                           QStringLiteral("--book-prior"), QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(j.value(QStringLiteral("personal_player")).toString(), QStringLiteral("pnmadelaine"));
        QCOMPARE(j.value(QStringLiteral("personal_games")).toInt(), 81);
        QCOMPARE(j.value(QStringLiteral("personal_validation_games")).toInt(), 9);
        const int moves = movesOf("pnmadelaine");
        QVERIFY(moves > 2000);
        QCOMPARE(j.value(QStringLiteral("personal_positions")).toInt() +
                     j.value(QStringLiteral("personal_validation_positions")).toInt(),
                 moves);
        // The newest games are the validation games.
        QVERIFY(j.value(QStringLiteral("personal_validation_from")).toString() >=
                j.value(QStringLiteral("personal_to")).toString());
        QVERIFY(j.value(QStringLiteral("personal_from")).toString() <=
                j.value(QStringLiteral("personal_to")).toString());
        const double base = j.value(QStringLiteral("personal_validation_top1_base")).toDouble(-1);
        const double personal = j.value(QStringLiteral("personal_validation_top1")).toDouble(-1);
        QVERIFY(base > 0.2 && base < 1.0);
        QVERIFY(personal > 0.2 && personal < 1.0);
        QVERIFY(qAbs(j.value(QStringLiteral("personal_validation_gain_points")).toDouble() -
                     100.0 * (personal - base)) < 1e-9);
        QVERIFY(j.value(QStringLiteral("personal_trained_weights")).toInt() > 0);
        // The choice was made on the newest fifth of the 81 training games; the prior was given, so the book stays.
        QCOMPARE(j.value(QStringLiteral("personal_choice_games")).toInt(), 16);
        QVERIFY(j.value(QStringLiteral("personal_choice_positions")).toInt() > 300);
        const int chosenEpochs = j.value(QStringLiteral("personal_chosen_epochs")).toInt(-1);
        QVERIFY(chosenEpochs == 0 || chosenEpochs == 1);
        QCOMPARE(j.value(QStringLiteral("personal_steps")).toInt() > 0, chosenEpochs == 1);
        QCOMPARE(j.value(QStringLiteral("personal_chosen_book_prior")).toDouble(), 1.0);
        // The repertoire: every move of the player in the first 30 plies of the training games, counted once.
        QCOMPARE(j.value(QStringLiteral("personal_book_moves")).toInt(), openingMovesOf("pnmadelaine", 9));
        QVERIFY(j.value(QStringLiteral("personal_book_positions")).toInt() > 100);
        QVERIFY(j.value(QStringLiteral("personal_book_positions")).toInt() <=
                j.value(QStringLiteral("personal_book_moves")).toInt());
        // The two bundles were scored as they answer, on the same positions the networks were.
        QCOMPARE(j.value(QStringLiteral("personal_validation_scored_as")).toString(), QStringLiteral("bundles"));
        for (const char* key : {"personal_network_top1_base", "personal_network_top1",
                                "personal_network_top1_with_book", "personal_network_top1_base_with_book"}) {
            const double v = j.value(QLatin1String(key)).toDouble(-1);
            QVERIFY2(v > 0.2 && v < 1.0, key);
        }

        const Run info = run({QStringLiteral("bundle"), QStringLiteral("info"), out});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.contains(QLatin1String("personal_player")) && info.out.contains(QLatin1String("pnmadelaine")),
                 qPrintable(info.out));
        // The repertoire is summarised there, not listed (--json has it whole).
        QVERIFY2(!info.out.contains(QLatin1String("/pppppppp/")), "bundle info lists the repertoire");
        const Run infoJson = run({QStringLiteral("bundle"), QStringLiteral("info"), out, QStringLiteral("--json")});
        QVERIFY2(infoJson.code == 0, qPrintable(infoJson.err));
        const QJsonObject config =
            QJsonDocument::fromJson(infoJson.out.toUtf8()).object().value(QStringLiteral("config")).toObject();
        QCOMPARE(config.value("book").toObject().value("positions").toObject().size(),
                 j.value(QStringLiteral("personal_book_positions")).toInt());
        const QString reference = config.value("blend").toObject().value("reference").toString();
        QCOMPARE(reference, QStringLiteral("human-default.kibitz"));
        // Blended anew with another weight, it stays relative to its base.
        const QString reblended = dir.filePath(QStringLiteral("pn-0.3.kibitz"));
        const Run blend =
            run({QStringLiteral("bundle"), QStringLiteral("blend"), out, QStringLiteral("maia-1@0.3"), reblended});
        QVERIFY2(blend.code == 0, qPrintable(blend.err));
        const Run again = run({QStringLiteral("bundle"), QStringLiteral("info"), reblended, QStringLiteral("--json")});
        const QJsonObject blendAgain = QJsonDocument::fromJson(again.out.toUtf8())
                                           .object()
                                           .value(QStringLiteral("config"))
                                           .toObject()
                                           .value("blend")
                                           .toObject();
        QCOMPARE(blendAgain.value("weight").toDouble(), 0.3);
        QCOMPARE(blendAgain.value("reference").toString(), reference);
        // The bundle keeps the repertoire and its base's blend, made relative to the base.
        // At the start position the model gives the player's most frequent first move as White at least n / (N + 1)
        // (n of their N training games as White; prior 1): the counts are taken from the PGN here.
        const auto [firstMove, n, whiteGames] = favouriteFirstMove("pnmadelaine", 9);
        QVERIFY(whiteGames > 10 && n > whiteGames / 2);
        const Run analysed =
            run({QStringLiteral("analyse"), QStringLiteral("--model"), out, QStringLiteral("--json"),
                 QStringLiteral("--fen"), QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")});
        QVERIFY2(analysed.code == 0, qPrintable(analysed.err));
        double prob = -1.0;
        for (const QJsonValue m : QJsonDocument::fromJson(analysed.out.toUtf8()).object().value("moves").toArray())
            if (m.toObject().value("uci").toString().toStdString() == firstMove)
                prob = m.toObject().value("prob").toDouble();
        QVERIFY2(prob >= double(n) / double(whiteGames + 1) - 1e-4,
                 qPrintable(QStringLiteral("%1: %2 < %3/%4")
                                .arg(QString::fromStdString(firstMove))
                                .arg(prob)
                                .arg(n)
                                .arg(whiteGames + 1)));
        const Run eval = run({QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), kGames,
                              QStringLiteral("--all-games"), QStringLiteral("--player"), QStringLiteral("pnmadelaine"),
                              QStringLiteral("--model"), out, QStringLiteral("--json")});
        QVERIFY2(eval.code == 0, qPrintable(eval.err));
        QCOMPARE(QJsonDocument::fromJson(eval.out.toUtf8()).object().value(QStringLiteral("positions")).toInt(), moves);
    }

    /// --games N takes the newest N of the older games.
    void gamesLimitTakesTheNewest() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("pn20.kibitz"));
        const Run all = run({QStringLiteral("personalize"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"),
                             QStringLiteral("pnmadelaine"), QStringLiteral("--out"), out, QStringLiteral("--epochs"),
                             QStringLiteral("1"), QStringLiteral("--games"), QStringLiteral("20"),
                             QStringLiteral("--scope"), QStringLiteral("head"), QStringLiteral("--json")});
        QVERIFY2(all.code == 0, qPrintable(all.err));
        const QJsonObject j = QJsonDocument::fromJson(all.out.toUtf8()).object();
        QCOMPARE(j.value(QStringLiteral("personal_games")).toInt(), 20);
        QCOMPARE(j.value(QStringLiteral("personal_validation_games")).toInt(), 9);
        QVERIFY(QFile::exists(out));
        // Epochs and prior chosen on the newest 4 of the 20: the prior one of the candidates, or no repertoire (null,
        // and then none in the bundle).
        QCOMPARE(j.value(QStringLiteral("personal_choice_games")).toInt(), 4);
        const QJsonValue chosen = j.value(QStringLiteral("personal_chosen_book_prior"));
        const double prior = chosen.toDouble(-1);
        QVERIFY2(chosen.isNull() || prior == 0.5 || prior == 1.0 || prior == 2.0 || prior == 4.0 || prior == 16.0,
                 qPrintable(QString::number(prior)));
        QCOMPARE(j.value(QStringLiteral("personal_book_positions")).toInt() > 0, !chosen.isNull());
        // Without a choice (--choose 0) the given epochs are run.
        const QString fixed = dir.filePath(QStringLiteral("pn20-fixed.kibitz"));
        const Run noChoice =
            run({QStringLiteral("personalize"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"),
                 QStringLiteral("pnmadelaine"), QStringLiteral("--out"), fixed, QStringLiteral("--epochs"),
                 QStringLiteral("1"), QStringLiteral("--games"), QStringLiteral("20"), QStringLiteral("--scope"),
                 QStringLiteral("head"), QStringLiteral("--choose"), QStringLiteral("0"), QStringLiteral("--no-score"),
                 QStringLiteral("--json")});
        QVERIFY2(noChoice.code == 0, qPrintable(noChoice.err));
        const QJsonObject k = QJsonDocument::fromJson(noChoice.out.toUtf8()).object();
        QCOMPARE(k.value(QStringLiteral("personal_chosen_epochs")).toInt(), -1);
        QCOMPARE(k.value(QStringLiteral("personal_choice_games")).toInt(), 0);
        QVERIFY(k.value(QStringLiteral("personal_steps")).toInt() > 0);
        QCOMPARE(k.value(QStringLiteral("personal_chosen_book_prior")).toDouble(-1), 1.0);
        QVERIFY(k.value(QStringLiteral("personal_book_positions")).toInt() > 0);
    }

    /// Bad input: exit 2 with a message that helps, and nothing written.
    void refusesBadInput() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.kibitz"));
        auto personalize = [&](const QString& pgn, const QString& player) {
            return run({QStringLiteral("personalize"), QStringLiteral("--pgn"), pgn, QStringLiteral("--player"), player,
                        QStringLiteral("--out"), out, QStringLiteral("--epochs"), QStringLiteral("1")});
        };
        const Run unknown = personalize(kGames, QStringLiteral("nobody"));
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(QLatin1String("no game of 'nobody'")) &&
                     unknown.err.contains(QLatin1String("pnmadelaine (90)")),
                 qPrintable(unknown.err));
        // DrNykterstein and DrDrunkenstein both contain "dr".
        const Run ambiguous = personalize(kGames, QStringLiteral("dr"));
        QCOMPARE(ambiguous.code, 2);
        QVERIFY2(ambiguous.err.contains(QLatin1String("DrNykterstein (41)")) &&
                     ambiguous.err.contains(QLatin1String("DrDrunkenstein")),
                 qPrintable(ambiguous.err));
        const QString untagged = dir.filePath(QStringLiteral("untagged.pgn"));
        QFile f(untagged);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[Event \"Casual game\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
        f.close();
        const Run noTags = personalize(untagged, QStringLiteral("pnmadelaine"));
        QCOMPARE(noTags.code, 2);
        QVERIFY2(noTags.err.contains(QLatin1String("name no players")), qPrintable(noTags.err));
        QVERIFY(!QFile::exists(out));
    }

    /// fetch-games' exit codes (tst_game_download covers the download itself against a fake API): a name that is not
    /// an account name is bad usage (2); a site that cannot be reached is network trouble (1), its partial file kept
    /// for a resume.
    void fetchGamesExitCodes() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("g.pgn"));
        const Run bad = run({QStringLiteral("fetch-games"), QStringLiteral("--lichess"), QStringLiteral("a/b"),
                             QStringLiteral("--out"), out});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QLatin1String("not a Lichess account name")), qPrintable(bad.err));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KIBITZ_CHESSCOM_API"), QStringLiteral("http://127.0.0.1:1"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(KIBITZ_CLI), {QStringLiteral("fetch-games"), QStringLiteral("--chesscom"),
                                             QStringLiteral("someone"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(QString::fromUtf8(p.readAllStandardError()).contains(QLatin1String("cannot reach chess.com")),
                 "no network is said");
        QVERIFY(!QFile::exists(out));
    }

    /// Interrupted (SIGTERM, as Ctrl+C) while training: the run stops within a step and writes nothing.
    void interruptedRunWritesNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("cut.kibitz"));
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI),
                {QStringLiteral("personalize"), QStringLiteral("--pgn"), kGames, QStringLiteral("--player"),
                 QStringLiteral("pnmadelaine"), QStringLiteral("--out"), out, QStringLiteral("--epochs"),
                 QStringLiteral("500")});
        QVERIFY(p.waitForStarted());
        QString seen;
        while (!seen.contains(QLatin1String("training ")) && p.state() == QProcess::Running) {
            p.waitForReadyRead(1000);
            seen += QString::fromUtf8(p.readAllStandardOutput());
        }
        QVERIFY2(seen.contains(QLatin1String("training ")), qPrintable(seen));
        p.terminate();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(QString::fromUtf8(p.readAllStandardError()).contains(QLatin1String("nothing written")),
                 "the interrupt is reported");
        QVERIFY(!QFile::exists(out));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliPersonalize)
#include "tst_cli_personalize.moc"
