// SPDX-License-Identifier: GPL-3.0-or-later
// `kibitz-cli eval strength` and `kibitz-cli uci` with the shipped model: a short real game through uci (the one
// human mover at UCI_Elo), the ladder's report through the CLI, the error profile on real games with Stockfish (its
// cache reused by a second run) and the refusals of bad options.
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "tests/cli/cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace kibitz;

namespace {

const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// Reads lines from `p` until one starts with `prefix`; returns it (empty on timeout).
QString readUntil(QProcess& p, const QString& prefix) {
    for (int i = 0; i < 600; ++i) {
        while (p.canReadLine()) {
            const QString line = QString::fromUtf8(p.readLine()).trimmed();
            if (line.startsWith(prefix)) return line;
        }
        p.waitForReadyRead(100);
    }
    return {};
}

bool haveStockfish() {
    return !QStandardPaths::findExecutable(QStringLiteral("stockfish")).isEmpty() ||
           QFile::exists(QStringLiteral("/usr/games/stockfish"));
}

}  // namespace

class TstCliStrength : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uciPlaysAShortGame() {
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI), {QStringLiteral("uci")});
        QVERIFY(p.waitForStarted());
        p.write("uci\n");
        const QString ok = readUntil(p, QStringLiteral("uciok"));
        QCOMPARE(ok, QStringLiteral("uciok"));
        p.write("setoption name UCI_Elo value 1100\nsetoption name Seed value 5\nisready\n");
        QCOMPARE(readUntil(p, QStringLiteral("readyok")), QStringLiteral("readyok"));
        chess::Position pos;
        QStringList moves;
        for (int ply = 0; ply < 12; ++ply) {
            const QString cmd = QStringLiteral("position startpos") +
                                (moves.isEmpty() ? QString() : QStringLiteral(" moves ") + moves.join(' ')) +
                                QStringLiteral("\ngo wtime 180000 btime 180000\n");
            p.write(cmd.toUtf8());
            const QString best = readUntil(p, QStringLiteral("bestmove "));
            QVERIFY2(!best.isEmpty(), "no bestmove");
            const QString uci = best.section(' ', 1, 1);
            auto m = chess::parseUci(pos, uci.toStdString());
            QVERIFY2(m.ok(), qPrintable(best));
            pos.makeMove(*m);
            moves << uci;
        }
        p.write("quit\n");
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
    }

    void uciListsRatingStrength() {
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI), {QStringLiteral("uci")});
        QVERIFY(p.waitForStarted());
        p.write("uci\nquit\n");
        QVERIFY(p.waitForFinished(60000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY(out.contains(QStringLiteral("option name RatingStrength type check default true")));
        QVERIFY(out.contains(QStringLiteral("option name TopP type spin default 100")));
    }

    void ladderThroughTheCli() {
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("ladder.pgn"));
        const Run r =
            run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("ladder"),
                 QStringLiteral("--pairs"), QStringLiteral("1900:1100"), QStringLiteral("--games"), QStringLiteral("4"),
                 QStringLiteral("--max-plies"), QStringLiteral("60"), QStringLiteral("--tc"), QStringLiteral("60+0"),
                 QStringLiteral("--save-games"), saved, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray pairs = o.value(QStringLiteral("pairs")).toArray();
        QCOMPARE(pairs.size(), 1);
        const QJsonObject p = pairs.at(0).toObject();
        QCOMPARE(p.value(QStringLiteral("games")).toInt(), 4);
        QCOMPARE(p.value(QStringLiteral("high_wins")).toInt() + p.value(QStringLiteral("draws")).toInt() +
                     p.value(QStringLiteral("low_wins")).toInt(),
                 4);
        int ended = 0;
        const QJsonObject e = p.value(QStringLiteral("endings")).toObject();
        for (auto it = e.begin(); it != e.end(); ++it) ended += it.value().toInt();
        QCOMPARE(ended, 4);
        QVERIFY(o.value(QStringLiteral("calibrated")).toBool());
        // --save-games: the four games, colours alternating, their results those the report counts.
        QFile f(saved);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString pgn = QString::fromUtf8(f.readAll());
        QCOMPARE(pgn.count(QStringLiteral("[Event \"Kibitz strength ladder\"]")), 4);
        QCOMPARE(pgn.count(QStringLiteral("[WhiteElo \"1900\"]")), 2);
        QCOMPARE(pgn.count(QStringLiteral("[BlackElo \"1900\"]")), 2);
        QCOMPARE(pgn.count(QStringLiteral("[Result \"1/2-1/2\"]")), p.value(QStringLiteral("draws")).toInt());
        QCOMPARE(pgn.count(QStringLiteral("[Result \"1-0\"]")) + pgn.count(QStringLiteral("[Result \"0-1\"]")),
                 p.value(QStringLiteral("high_wins")).toInt() + p.value(QStringLiteral("low_wins")).toInt());
        QCOMPARE(pgn.count(QStringLiteral("[Result \"*\"]")), 0);  // a capped game is recorded as its draw
    }

    void errorsOnRealGames() {
        if (!haveStockfish()) QSKIP("no Stockfish on this machine");
        QTemporaryDir dir;
        const QString cache = dir.filePath(QStringLiteral("scores.tsv"));
        const QStringList args{QStringLiteral("eval"),
                               QStringLiteral("strength"),
                               QStringLiteral("errors"),
                               QStringLiteral("--pgn"),
                               kGames,
                               QStringLiteral("--split"),
                               QStringLiteral("all"),
                               QStringLiteral("--every"),
                               QStringLiteral("30"),
                               QStringLiteral("--max-positions"),
                               QStringLiteral("24"),
                               QStringLiteral("--depth"),
                               QStringLiteral("5"),
                               QStringLiteral("--cache"),
                               cache,
                               QStringLiteral("--json")};
        const Run r = run(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject all =
            QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("all")).toObject();
        QCOMPARE(all.value(QStringLiteral("positions")).toInt(), 24);
        const double human = all.value(QStringLiteral("human_loss")).toDouble();
        const double model = all.value(QStringLiteral("model_loss")).toDouble();
        QVERIFY(human >= 0.0 && human <= 2.0);
        QVERIFY(model >= 0.0 && model <= 2.0);
        QFile f(cache);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const int lines = QString::fromUtf8(f.readAll()).count('\n');
        QVERIFY(lines >= 24);
        f.close();
        // A second run reads every score from the cache: the same figures, no line added.
        const Run again = run(args);
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8()).object().value(QStringLiteral("all")).toObject(), all);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()).count('\n'), lines);
        f.close();
        // --peer scores the player profile's peer (the rule calibrated by band, speed and phase) on the same positions:
        // the players' figures are the same, the peer's are its own.
        const Run peer = run(args + QStringList{QStringLiteral("--peer")});
        QVERIFY2(peer.code == 0, qPrintable(peer.err));
        const QJsonObject peerJson = QJsonDocument::fromJson(peer.out.toUtf8()).object();
        QCOMPARE(peerJson.value(QStringLiteral("scored")).toString(), QStringLiteral("peer"));
        const QJsonObject peerAll = peerJson.value(QStringLiteral("all")).toObject();
        QCOMPARE(peerAll.value(QStringLiteral("human_loss")).toDouble(), human);
        const double peerLoss = peerAll.value(QStringLiteral("model_loss")).toDouble();
        QVERIFY2(peerLoss > 0.0 && std::abs(peerLoss - model) > 1e-6, qPrintable(QString::number(peerLoss)));
        // --min-elo keeps the positions of movers rated that or more: the bands below are empty.
        const Run strong = run(args + QStringList{QStringLiteral("--min-elo"), QStringLiteral("1800")});
        QVERIFY2(strong.code == 0, qPrintable(strong.err));
        const QJsonObject strongJson = QJsonDocument::fromJson(strong.out.toUtf8()).object();
        const QJsonObject strongAll = strongJson.value(QStringLiteral("all")).toObject();
        QVERIFY(strongAll.value(QStringLiteral("positions")).toInt() > 0);
        QVERIFY2(strongAll.value(QStringLiteral("mean_elo")).toDouble() >= 1800.0,
                 qPrintable(QString::number(strongAll.value(QStringLiteral("mean_elo")).toDouble())));
        int strongBands = 0;
        for (const auto& b : strongJson.value(QStringLiteral("by_band")).toArray()) {
            const QJsonObject band = b.toObject();
            const QString name = band.value(QStringLiteral("band")).toString();
            if (name == QStringLiteral("<1000") || name == QStringLiteral("1000-1399") ||
                name == QStringLiteral("1400-1699"))
                QCOMPARE(band.value(QStringLiteral("positions")).toInt(), 0);
            else if (band.value(QStringLiteral("positions")).toInt() > 0)
                ++strongBands;
        }
        QVERIFY(strongBands > 0);
        // --max-elo keeps the positions of movers rated under it: the bands from it up are empty, the ones below keep
        // the positions they had (and, under --max-positions, may take more in the room the others left).
        const Run weak = run(args + QStringList{QStringLiteral("--max-elo"), QStringLiteral("1700")});
        QVERIFY2(weak.code == 0, qPrintable(weak.err));
        const QJsonObject weakJson = QJsonDocument::fromJson(weak.out.toUtf8()).object();
        QVERIFY2(weakJson.value(QStringLiteral("all")).toObject().value(QStringLiteral("mean_elo")).toDouble() < 1700.0,
                 qPrintable(weak.out));
        const QJsonArray everyBand =
            QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("by_band")).toArray();
        int weakBands = 0;
        for (const auto& b : weakJson.value(QStringLiteral("by_band")).toArray()) {
            const QJsonObject band = b.toObject();
            const QString name = band.value(QStringLiteral("band")).toString();
            const int n = band.value(QStringLiteral("positions")).toInt();
            if (name == QStringLiteral("1700-1999") || name == QStringLiteral("2000+")) {
                QCOMPARE(n, 0);
                continue;
            }
            for (const auto& a : everyBand)
                if (a.toObject().value(QStringLiteral("band")).toString() == name)
                    QVERIFY(n >= a.toObject().value(QStringLiteral("positions")).toInt());
            if (n > 0) ++weakBands;
        }
        QVERIFY(weakBands > 0);
        // --every-below takes every ply of the movers under its rating (the sample's three games under 1000) where
        // --every takes one in 1000: that band gains positions, every other band keeps the same ones.
        const auto bandPositions = [](const Run& result) {
            std::map<QString, int> out;
            for (const auto& b :
                 QJsonDocument::fromJson(result.out.toUtf8()).object().value(QStringLiteral("by_band")).toArray())
                out[b.toObject().value(QStringLiteral("band")).toString()] =
                    b.toObject().value(QStringLiteral("positions")).toInt();
            return out;
        };
        const QStringList sparse{QStringLiteral("eval"),
                                 QStringLiteral("strength"),
                                 QStringLiteral("errors"),
                                 QStringLiteral("--pgn"),
                                 kGames,
                                 QStringLiteral("--split"),
                                 QStringLiteral("all"),
                                 QStringLiteral("--every"),
                                 QStringLiteral("1000"),
                                 QStringLiteral("--max-per-band"),
                                 QStringLiteral("0"),
                                 QStringLiteral("--depth"),
                                 QStringLiteral("5"),
                                 QStringLiteral("--cache"),
                                 cache,
                                 QStringLiteral("--json")};
        const Run few = run(sparse);
        QVERIFY2(few.code == 0, qPrintable(few.err));
        const Run dense = run(sparse + QStringList{QStringLiteral("--every-below"), QStringLiteral("1000:1")});
        QVERIFY2(dense.code == 0, qPrintable(dense.err));
        // `more` has at least `atLeast` more positions than `fewer` in `band`, and the same ones in every other band
        // (there being some): "" when so, else what differs.
        const auto onlyBandGains = [&bandPositions](const Run& more, const Run& fewer, const QString& band,
                                                    int atLeast) -> QString {
            auto moreBands = bandPositions(more), fewerBands = bandPositions(fewer);
            if (moreBands[band] < fewerBands[band] + atLeast)
                return QStringLiteral("%1: %2 against %3").arg(band).arg(moreBands[band]).arg(fewerBands[band]);
            moreBands.erase(band);
            fewerBands.erase(band);
            if (fewerBands.empty()) return QStringLiteral("no other band");
            return moreBands == fewerBands ? QString() : QStringLiteral("another band's positions changed");
        };
        QString differs = onlyBandGains(dense, few, QStringLiteral("<1000"), 30);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        // A LOW-HIGH:N item takes the movers from LOW to under HIGH (the sample's two rated 2179 and 2181), leaving the
        // ratings between the items at --every: the 2000+ band gains positions, the others keep the ones they had.
        const Run ranged =
            run(sparse + QStringList{QStringLiteral("--every-below"), QStringLiteral("1000:1,2179-2182:1")});
        QVERIFY2(ranged.code == 0, qPrintable(ranged.err));
        differs = onlyBandGains(ranged, dense, QStringLiteral("2000+"), 20);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        // A damaged cache is refused, naming the file and the line (after those the last run may have added).
        // The lines are tagged with the depth and the engine's name (as it says it), e.g. "multipv-all depth 5
        // engine=Stockfish 15.1 (depth 5)"; the damaged line carries the tag in use.
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString written = QString::fromUtf8(f.readAll());
        f.close();
        const int linesNow = written.count('\n');
        QVERIFY(linesNow >= lines);
        const QString tag = written.section('\t', 0, 0);
        QVERIFY2(
            tag.startsWith(QStringLiteral("multipv-all depth 5 engine=")) && tag.endsWith(QStringLiteral("(depth 5)")),
            qPrintable(tag));
        QVERIFY(f.open(QIODevice::Append));
        f.write((tag + QStringLiteral("\tnot a fen\te2e4:x\n")).toUtf8());
        f.close();
        const Run bad = run(args);
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(cache + QStringLiteral(":") + QString::number(linesNow + 1)), qPrintable(bad.err));
    }

    // --fit --fit-peer-from 2400 keeps the shipped peer bands under 2400 (the <1000 band, without a position here,
    // prints the shipped scales, not the 1s a fit leaves an empty band) and refits the one from 2400 (under 100
    // positions a cell here: 1s); the check reads each half by the fit on the other and by the shipped table.
    // With --fit-peer-phase opening the row from 2400 keeps the shipped middlegame and endgame scales (which differ
    // between speed classes) and the engine tilt; its openings, thin here, keep one scale over all speeds. With
    // --fit-peer-factor as well the fit prints its one factor; --fit-peer-tilt-phase keeps every scale as shipped.
    void peerRefitKeepsTheBandsBelow() {
        if (!haveStockfish()) QSKIP("stockfish not installed");
        QTemporaryDir dir;
        const QStringList fit{QStringLiteral("eval"),
                              QStringLiteral("strength"),
                              QStringLiteral("errors"),
                              QStringLiteral("--pgn"),
                              kGames,
                              QStringLiteral("--every"),
                              QStringLiteral("1"),
                              QStringLiteral("--max-per-band"),
                              QStringLiteral("0"),
                              QStringLiteral("--depth"),
                              QStringLiteral("4"),
                              QStringLiteral("--fit"),
                              QStringLiteral("--cache"),
                              dir.filePath(QStringLiteral("scores.tsv")),
                              QStringLiteral("--fit-peer-from"),
                              QStringLiteral("2400")};
        const Run r = run(fit);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString ones = QStringLiteral("S{1.000, 1.000, 1.000}");
        QString lowest, top;
        for (const QString& line : r.out.split(u'\n')) {
            if (line.trimmed().startsWith(QStringLiteral("{0, {"))) lowest = line;
            if (line.trimmed().startsWith(QStringLiteral("{2400, {"))) top = line;
        }
        QVERIFY2(!lowest.isEmpty() && !lowest.contains(ones), qPrintable(lowest));
        QVERIFY2(top.count(ones) == 4, qPrintable(top));
        qsizetype at = 0;
        for (const QString& check : {QStringLiteral("the peer fitted on the validation half, on the test half:"),
                                     QStringLiteral("the peer fitted on the test half, on the validation half:"),
                                     QStringLiteral("the peer as shipped, on the test half:"),
                                     QStringLiteral("the peer as shipped, on the validation half:")}) {
            at = r.out.indexOf(check, at);
            QVERIFY2(at >= 0, qPrintable(check));
        }
        const Run openings = run(fit + QStringList{QStringLiteral("--fit-peer-phase"), QStringLiteral("opening")});
        QVERIFY2(openings.code == 0, qPrintable(openings.err));
        const QRegularExpression row(QStringLiteral(
            R"(\{2400, \{S\{([\d.]+), ([\d.]+), [\d.]+\}, S\{([\d.]+), ([\d.]+), [\d.]+\}, S\{([\d.]+), ([\d.]+), )"
            R"([\d.]+\}, S\{([\d.]+), ([\d.]+), [\d.]+\}\}, ([\d.]+)(, \{[\d., ]+\})?\})"));
        const auto m = row.match(openings.out);
        QVERIFY2(m.hasMatch(), qPrintable(openings.out));
        QVERIFY2(m.captured(1) == m.captured(3) && m.captured(1) == m.captured(5) && m.captured(1) == m.captured(7),
                 qPrintable(m.captured(0)));
        QVERIFY2(m.captured(2) != m.captured(4), qPrintable(m.captured(0)));  // the shipped middlegames, by class
        QVERIFY2(m.captured(9).toDouble() > 0.0, qPrintable(m.captured(0)));
        // --fit-peer-factor: one factor on the openings, printed (1 where the openings from 2400 are under 100).
        const Run factor = run(fit + QStringList{QStringLiteral("--fit-peer-phase"), QStringLiteral("opening"),
                                                 QStringLiteral("--fit-peer-factor")});
        QVERIFY2(factor.code == 0, qPrintable(factor.err));
        QVERIFY2(factor.out.contains(QStringLiteral("(one factor on the phase's shipped scales: ")),
                 qPrintable(factor.out));
        // --fit-peer-tilt-phase: every scale as shipped (the <1000 row's too), the tilt's multiple printed.
        const Run tilt = run(QStringList(fit.begin(), fit.end() - 2) +
                             QStringList{QStringLiteral("--fit-peer-tilt-phase"), QStringLiteral("opening")});
        QVERIFY2(tilt.code == 0, qPrintable(tilt.err));
        QVERIFY2(tilt.out.contains(QStringLiteral("(the engine tilt's multiple in the opening: ")),
                 qPrintable(tilt.out));
        QVERIFY2(tilt.out.contains(lowest), qPrintable(tilt.out));
    }

    void refusals() {
        Run r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--pgn is required")));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("ladder"),
                 QStringLiteral("--pairs"), QStringLiteral("1100:1900")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("1100:1900")));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("ladder"),
                 QStringLiteral("--save-games"), QStringLiteral("/nonexistent-folder/ladder.pgn")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--save-games")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--split"), QStringLiteral("sideways")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("--split")));
        // --every-below's one-in-N must be denser than --every's, its ratings rising and its ranges apart.
        for (const QString& bad :
             {QStringLiteral("1400:8"), QStringLiteral("1400:2,1000:1"), QStringLiteral("x"),
              QStringLiteral("1400-1000:2"), QStringLiteral("1000:2,900-1400:4"), QStringLiteral("1000-1400:2x")}) {
            r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"),
                     QStringLiteral("--pgn"), kGames, QStringLiteral("--every-below"), bad});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("--every-below: '")), qPrintable(r.err));
        }
        // --max-elo must leave a rating above --min-elo.
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--min-elo"), QStringLiteral("1800"), QStringLiteral("--max-elo"),
                 QStringLiteral("1800")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--max-elo 1800 leaves no rating")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit-peer-from"), QStringLiteral("2400")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--fit-peer-from needs --fit")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit"), QStringLiteral("--fit-peer-phase"), QStringLiteral("opening")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--fit-peer-phase needs --fit-peer-from")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit"), QStringLiteral("--fit-peer-from"), QStringLiteral("2400"),
                 QStringLiteral("--fit-peer-factor")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--fit-peer-factor needs --fit-peer-phase")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit-peer-tilt-phase"), QStringLiteral("opening")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--fit-peer-tilt-phase needs --fit")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit"), QStringLiteral("--fit-peer-from"), QStringLiteral("2400"),
                 QStringLiteral("--fit-peer-tilt-phase"), QStringLiteral("opening")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("not with --fit-peer-from")), qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("errors"), QStringLiteral("--pgn"),
                 kGames, QStringLiteral("--fit"), QStringLiteral("--fit-peer-from"), QStringLiteral("2400"),
                 QStringLiteral("--fit-peer-phase"), QStringLiteral("late")});
        QCOMPARE(r.code, 2);
        QVERIFY2(
            r.err.contains(QStringLiteral("--fit-peer-phase: expected opening, middlegame or endgame, got 'late'")),
            qPrintable(r.err));
        r = run({QStringLiteral("eval"), QStringLiteral("strength"), QStringLiteral("sideways")});
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TstCliStrength)
#include "tst_cli_strength.moc"
