// SPDX-License-Identifier: GPL-3.0-or-later
// lc0 networks on the command line: `--model FILE.pb.gz` and `--model DIR` (a folder of
// rating-band nets) in analyse, eval human and uci, with the published Maia-1 nets of tests/data/maia-1 (GPL-3.0;
// provenance in tests/data/README.md). The numbers checked come from the reference outputs published with the nets,
// not from Kibitz.
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "tests/cli/cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kNets = QStringLiteral(KIBITZ_TEST_DATA_DIR "/maia-1");
const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// Probability of `uci` in an `analyse --json` line.
double probOf(const QString& jsonLine, const QString& uci) {
    const QJsonObject o = QJsonDocument::fromJson(jsonLine.toUtf8()).object();
    for (const auto& m : o.value(QStringLiteral("moves")).toArray()) {
        const QJsonObject mo = m.toObject();
        if (mo.value(QStringLiteral("uci")).toString() == uci) return mo.value(QStringLiteral("prob")).toDouble();
    }
    return -1.0;
}

/// Every key path of a JSON value ("a.b.c"); the keys of per-rating tables are replaced by "*" (their ratings
/// depend on the games, not on the model).
void keyPaths(const QJsonValue& v, const QString& prefix, QSet<QString>& out) {
    if (!v.isObject()) return;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const bool numeric = !it.key().isEmpty() && it.key().at(0).isDigit();
        const QString path =
            prefix + (prefix.isEmpty() ? QString() : QStringLiteral(".")) + (numeric ? QStringLiteral("*") : it.key());
        out.insert(path);
        keyPaths(it.value(), path, out);
    }
}

}  // namespace

class TestCliLc0 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void analyseWithOneNet() {
        // The start position: maia-1500 gives e2e4 0.651525 (reference_outputs.jsonl, line 2).
        const Run r = run({QStringLiteral("analyse"), QStringLiteral("--fen"),
                           QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                           QStringLiteral("--model"), kNets + QStringLiteral("/maia-1500.pb.gz"),
                           QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("3")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(std::abs(probOf(r.out.trimmed(), QStringLiteral("e2e4")) - 0.651525) < 1e-3);
    }

    void analyseWithAFolderFollowsTheRating() {
        // maia-1100: e2e4 0.660563; maia-1900: 0.563882 (reference outputs); band centres are 1150 and 1950.
        for (const auto& [elo, expect] : {std::pair{1150, 0.660563}, std::pair{1950, 0.563882},
                                          std::pair{700, 0.660563}, std::pair{2600, 0.563882}}) {
            const Run r = run({QStringLiteral("analyse"), QStringLiteral("--fen"),
                               QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                               QStringLiteral("--model"), kNets, QStringLiteral("--elo"), QString::number(elo),
                               QStringLiteral("--json")});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            QVERIFY2(std::abs(probOf(r.out.trimmed(), QStringLiteral("e2e4")) - expect) < 1e-3,
                     qPrintable(QStringLiteral("Elo %1: %2").arg(elo).arg(r.out)));
        }
    }

    void hostileNetIsRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString bad = dir.filePath(QStringLiteral("maia-1500.pb.gz"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x1f\x8b\x08\x00garbage that is no gzip stream");
        f.close();
        const Run r = run({QStringLiteral("analyse"), QStringLiteral("--fen"),
                           QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                           QStringLiteral("--model"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(bad) && r.err.contains(QStringLiteral("gzip")), qPrintable(r.err));
        // The same file in a folder: the folder is refused, naming the file.
        const Run folder = run({QStringLiteral("analyse"), QStringLiteral("--fen"),
                                QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                                QStringLiteral("--model"), dir.path()});
        QCOMPARE(folder.code, 2);
        QVERIFY2(folder.err.contains(QStringLiteral("maia-1500.pb.gz")), qPrintable(folder.err));
        // An empty folder: no net in it.
        QTemporaryDir empty;
        const Run none = run({QStringLiteral("analyse"), QStringLiteral("--fen"),
                              QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                              QStringLiteral("--model"), empty.path()});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains(QStringLiteral("no lc0 net")), qPrintable(none.err));
    }

    // eval human prints the same JSON keys for a Maia net as for the shipped Kibitz bundle, on the same games.
    void evalHumanSameKeys() {
        const QStringList common{QStringLiteral("eval"),        QStringLiteral("human"),
                                 QStringLiteral("--pgn"),       kGames,
                                 QStringLiteral("--all-games"), QStringLiteral("--max-games"),
                                 QStringLiteral("10"),          QStringLiteral("--json")};
        const Run own = run(common);
        QVERIFY2(own.code == 0, qPrintable(own.err));
        const Run maia =
            run(common + QStringList{QStringLiteral("--model"), kNets + QStringLiteral("/maia-1500.pb.gz")});
        QVERIFY2(maia.code == 0, qPrintable(maia.err));
        const Run folder = run(common + QStringList{QStringLiteral("--model"), kNets});
        QVERIFY2(folder.code == 0, qPrintable(folder.err));
        QSet<QString> a, b, c;
        keyPaths(QJsonDocument::fromJson(own.out.toUtf8()).object(), {}, a);
        keyPaths(QJsonDocument::fromJson(maia.out.toUtf8()).object(), {}, b);
        keyPaths(QJsonDocument::fromJson(folder.out.toUtf8()).object(), {}, c);
        QVERIFY(a.size() > 10);
        QCOMPARE(b, a);
        QCOMPARE(c, a);
        // Same positions: the position counts agree.
        const auto positions = [](const Run& r) {
            return QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("positions")).toInt(-1);
        };
        QVERIFY(positions(own) > 500);
        QCOMPARE(positions(maia), positions(own));
        QCOMPARE(positions(folder), positions(own));
    }

    /// eval human --player: only that player's moves are scored, the same positions for every
    /// model; the count is the player's non-forced moves, counted here with the rules library from the PGN itself.
    /// An unknown name lists the players with their game counts (pnmadelaine has 90 games in the sample: 46 as White
    /// and 44 as Black, by grep).
    void evalHumanOnePlayer() {
        const QStringList common{QStringLiteral("eval"),        QStringLiteral("human"),
                                 QStringLiteral("--pgn"),       kGames,
                                 QStringLiteral("--all-games"), QStringLiteral("--json"),
                                 QStringLiteral("--player"),    QStringLiteral("drnykterstein")};
        const Run own = run(common);
        QVERIFY2(own.code == 0, qPrintable(own.err));
        const Run maia =
            run(common + QStringList{QStringLiteral("--model"), kNets + QStringLiteral("/maia-1500.pb.gz")});
        QVERIFY2(maia.code == 0, qPrintable(maia.err));
        const auto positions = [](const Run& r) {
            return QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("positions")).toInt(-1);
        };
        auto reader = kibitz::chess::PgnReader::open(kGames.toStdString());
        QVERIFY(reader.ok());
        kibitz::chess::PgnGame game;
        int expected = 0;
        while (reader.value()->next(game)) {
            const bool white = game.tag("White") == "DrNykterstein", black = game.tag("Black") == "DrNykterstein";
            if (!white && !black) continue;
            auto pos = kibitz::chess::Position::fromFen(game.startFen);
            QVERIFY(pos.ok());
            kibitz::chess::Position p = pos.value();
            for (const auto& m : game.moves) {
                const bool mine = p.sideToMove() == kibitz::chess::White ? white : black;
                if (mine && p.legalMoves().size() > 1) ++expected;
                p.makeMove(m.move);
            }
        }
        QVERIFY(expected > 1000);
        QCOMPARE(positions(own), expected);
        QCOMPARE(positions(maia), expected);
        const Run unknown = run({QStringLiteral("eval"), QStringLiteral("human"), QStringLiteral("--pgn"), kGames,
                                 QStringLiteral("--all-games"), QStringLiteral("--player"), QStringLiteral("nobody")});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(QLatin1String("no scored move of 'nobody'")), qPrintable(unknown.err));
        QVERIFY2(unknown.err.contains(QLatin1String("pnmadelaine (90)")), qPrintable(unknown.err));
    }

    void uciPlaysWithAFolder() {
        const Run r = run({QStringLiteral("uci"), QStringLiteral("--model"), kNets},
                          "uci\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1200\n"
                          "isready\nposition startpos moves e2e4\ngo\nquit\n");
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("bestmove ")) && !r.out.contains(QStringLiteral("bestmove 0000")),
                 qPrintable(r.out));
    }

    void bundleBlend() {
        // `bundle blend` writes, changes and removes a human bundle's request to be blended with a folder of nets;
        // the weights are kept; a path instead of a folder name is refused by field and nothing is written.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString shipped = QStringLiteral(KIBITZ_MODELS_DIR "/human-default.kibitz");
        const QString alone = dir.filePath(QStringLiteral("alone.kibitz"));
        const QString blended = dir.filePath(QStringLiteral("blended.kibitz"));
        const QString never = dir.filePath(QStringLiteral("never.kibitz"));
        QVERIFY(run({QStringLiteral("bundle"), QStringLiteral("blend"), shipped, QStringLiteral("none"), alone}).code ==
                0);
        const Run a = run({QStringLiteral("bundle"), QStringLiteral("info"), alone, QStringLiteral("--json")});
        auto config = [](const QString& json) {
            return QJsonDocument::fromJson(json.toUtf8()).object().value(QStringLiteral("config")).toObject();
        };
        QVERIFY2(a.code == 0 && !config(a.out).isEmpty() && !config(a.out).contains(QStringLiteral("blend")),
                 qPrintable(a.out + a.err));
        const Run w = run(
            {QStringLiteral("bundle"), QStringLiteral("blend"), alone, QStringLiteral("maia-1@0.6,500,200"), blended});
        QVERIFY2(w.code == 0, qPrintable(w.err));
        const Run b = run({QStringLiteral("bundle"), QStringLiteral("info"), blended, QStringLiteral("--json")});
        const QJsonObject blend = config(b.out).value(QStringLiteral("blend")).toObject();
        QVERIFY2(b.code == 0, qPrintable(b.err));
        QCOMPARE(blend.value(QStringLiteral("nets")).toString(), QStringLiteral("maia-1"));
        QCOMPARE(blend.value(QStringLiteral("weight")).toDouble(), 0.6);
        QCOMPARE(blend.value(QStringLiteral("fade")).toInt(), 500);
        QCOMPARE(blend.value(QStringLiteral("kernel")).toInt(), 200);
        QCOMPARE(QFileInfo(blended).size() > 1000000, true);
        for (const QString& bad :
             {QStringLiteral("../maia-1@0.5"), QStringLiteral("maia-1@2"), QStringLiteral("maia-1"),
              QStringLiteral("maia-1@0.5,300,50"), QStringLiteral("maia-1@0.5,300,200,1")}) {
            const Run r = run({QStringLiteral("bundle"), QStringLiteral("blend"), shipped, bad, never});
            QCOMPARE(r.code, 2);
            QVERIFY(!QFile::exists(never));
            // The same parser as a PRIMARY+FOLDER@... model spec's: the part that is wrong is named.
            if (bad.endsWith(QStringLiteral("@2")))
                QVERIFY2(r.err.contains(QStringLiteral("weight after '@' must be a number from 0 to 1")),
                         qPrintable(r.err));
            if (bad.endsWith(QStringLiteral(",50")))
                QVERIFY2(r.err.contains(QStringLiteral("band kernel after the fade")), qPrintable(r.err));
        }
        const Run r =
            run({QStringLiteral("bundle"), QStringLiteral("blend"), shipped, QStringLiteral("../x@0.5"), never});
        QVERIFY2(r.err.contains(QStringLiteral("blend.nets")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliLc0)
#include "tst_cli_lc0.moc"
