// SPDX-License-Identifier: GPL-3.0-or-later
// The think-time head on the command line: `train time` on the clocked games of tests/data/games_sample.pgn
// (Lichess, CC0) from the shipped model's trunk, the head carried through a bundle, `eval time --json` with its keys
// for the model and the plain rule, and the refusals: a model without the head, games without clocks.
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include "tests/cli/cli_run.h"

#include <cmath>

namespace {

const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
const QString kModel = QStringLiteral(KIBITZ_MODELS_DIR "/human-default.kibitz");

QJsonObject jsonOf(const QString& text) { return QJsonDocument::fromJson(text.trimmed().toUtf8()).object(); }

}  // namespace

class TestCliTime : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    /// `train time` on the sample's games to `out` in the temporary folder with `extra` options (from the test model
    /// unless they give --init).
    Run trainTime(const char* out, const QStringList& extra) const {
        QStringList a{QStringLiteral("train"), QStringLiteral("time"),
                      QStringLiteral("--pgn"), kGames,
                      QStringLiteral("--out"), path(out)};
        if (!extra.contains(QStringLiteral("--init"))) a << QStringLiteral("--init") << kModel;
        return run(a + extra);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // The head, trained briefly on the sample's clocked games, then exported to a bundle.
        const Run t = run({QStringLiteral("train"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--init"), kModel, QStringLiteral("--out"), path("time.pt"),
                           QStringLiteral("--positions"), QStringLiteral("3000"),
                           QStringLiteral("--validation-positions"), QStringLiteral("500"), QStringLiteral("--steps"),
                           QStringLiteral("300"), QStringLiteral("--validate-every"), QStringLiteral("0"),
                           QStringLiteral("--threads"), QStringLiteral("2")});
        QVERIFY2(t.code == 0, qPrintable(t.err + t.out));
        QVERIFY2(t.out.contains(QStringLiteral("training on ")), qPrintable(t.out));
        QVERIFY2(t.out.contains(QStringLiteral("time-json {")), qPrintable(t.out));
        const Run b = run({QStringLiteral("bundle"), QStringLiteral("export"), path("time.pt"), path("time.kibitz"),
                           QStringLiteral("--fp32")});
        QVERIFY2(b.code == 0, qPrintable(b.err));
        // A clock-only head (no trunk pass: quick), for the manifest check.
        const Run c = run({QStringLiteral("train"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--init"), kModel, QStringLiteral("--out"), path("clocks.pt"),
                           QStringLiteral("--inputs"), QStringLiteral("clocks"), QStringLiteral("--positions"),
                           QStringLiteral("2000"), QStringLiteral("--steps"), QStringLiteral("20")});
        QVERIFY2(c.code == 0, qPrintable(c.err + c.out));
        const Run cb =
            run({QStringLiteral("bundle"), QStringLiteral("export"), path("clocks.pt"), path("clocks.kibitz")});
        QVERIFY2(cb.code == 0, qPrintable(cb.err));
    }

    void cachedMovesAndTheMedianFit() {
        // The moves read through the trunk are kept and read back by a run with the same reading; the median fit
        // trains from them (a different loss, the same moves).
        const QString cache = path("cache");
        auto train = [&](const char* fit, const char* out) {
            return trainTime(
                out, {QStringLiteral("--positions"), QStringLiteral("800"), QStringLiteral("--validation-positions"),
                      QStringLiteral("300"), QStringLiteral("--steps"), QStringLiteral("30"), QStringLiteral("--fit"),
                      QString::fromLatin1(fit), QStringLiteral("--cache"), cache});
        };
        const Run first = train("normal", "normal.pt");
        QVERIFY2(first.code == 0, qPrintable(first.err + first.out));
        QVERIFY2(first.out.contains(QStringLiteral("kept the moves in")), qPrintable(first.out));
        QVERIFY(QFileInfo::exists(cache + QStringLiteral("/time-train.pt")));
        const Run second = train("median", "median.pt");
        QVERIFY2(second.code == 0, qPrintable(second.err + second.out));
        QVERIFY2(second.out.contains(QStringLiteral("read the moves kept in")), qPrintable(second.out));
        QVERIFY2(!second.out.contains(QStringLiteral("reading training moves")), qPrintable(second.out));
        const QString line = QStringLiteral("training on ");
        auto count = [&](const QString& out) { return out.mid(out.indexOf(line), 40).section(QLatin1Char(' '), 2, 2); };
        QCOMPARE(count(second.out), count(first.out));
        // Another reading (more moves) is not served from the cache.
        const Run other = run({QStringLiteral("train"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                               QStringLiteral("--init"), kModel, QStringLiteral("--out"), path("other.pt"),
                               QStringLiteral("--positions"), QStringLiteral("900"),
                               QStringLiteral("--validation-positions"), QStringLiteral("300"),
                               QStringLiteral("--steps"), QStringLiteral("5"), QStringLiteral("--cache"), cache});
        QVERIFY2(other.code == 0, qPrintable(other.err + other.out));
        QVERIFY2(other.out.contains(QStringLiteral("reading training moves")), qPrintable(other.out));
        const Run bad = trainTime("bad.pt", {QStringLiteral("--fit"), QStringLiteral("mode")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--fit: 'mode'")), qPrintable(bad.err));
    }

    void strideKeepsEveryNthMove() {
        // --every 1 keeps every timed move of the training games, the default every 4th: about four times as many
        // (clock-only heads: no trunk pass), and a cache of one stride does not serve the other.
        const QString cache = path("stride-cache");
        auto train = [&](const char* every, const char* out) {
            return trainTime(out, {QStringLiteral("--inputs"), QStringLiteral("clocks"), QStringLiteral("--positions"),
                                   QStringLiteral("10000000"), QStringLiteral("--every"), QString::fromLatin1(every),
                                   QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--cache"), cache});
        };
        const Run four = train("4", "four.pt");
        QVERIFY2(four.code == 0, qPrintable(four.err + four.out));
        const Run all = train("1", "all.pt");
        QVERIFY2(all.code == 0, qPrintable(all.err + all.out));
        QVERIFY2(all.out.contains(QStringLiteral("reading training moves")), qPrintable(all.out));
        const QString line = QStringLiteral("training on ");
        auto count = [&](const QString& out) {
            return out.mid(out.indexOf(line), 40).section(QLatin1Char(' '), 2, 2).toLongLong();
        };
        QVERIFY2(count(four.out) > 100, qPrintable(four.out));
        QVERIFY2(count(all.out) > 3 * count(four.out) && count(all.out) < 5 * count(four.out),
                 qPrintable(QStringLiteral("%1 against %2").arg(count(all.out)).arg(count(four.out))));
        const Run bad = trainTime("bad.pt", {QStringLiteral("--every"), QStringLiteral("0")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--every")), qPrintable(bad.err));
    }

    void headOfAnotherWidth() {
        // A narrower head (--hidden) is saved with its width: its checkpoint and its bundle load and answer, a run
        // from it continues it, and a run asked for another width starts a new head.
        auto train = [&](const QString& init, const char* out, const char* hidden) {
            QStringList a{QStringLiteral("--init"),      init,
                          QStringLiteral("--inputs"),    QStringLiteral("clocks"),
                          QStringLiteral("--positions"), QStringLiteral("2000"),
                          QStringLiteral("--steps"),     QStringLiteral("20")};
            if (hidden) a << QStringLiteral("--hidden") << QString::fromLatin1(hidden);
            return trainTime(out, a);
        };
        const Run narrow = train(kModel, "narrow.pt", "16");
        QVERIFY2(narrow.code == 0, qPrintable(narrow.err + narrow.out));
        const Run b =
            run({QStringLiteral("bundle"), QStringLiteral("export"), path("narrow.pt"), path("narrow.kibitz")});
        QVERIFY2(b.code == 0, qPrintable(b.err));
        const Run info = run({QStringLiteral("bundle"), QStringLiteral("info"), path("narrow.kibitz")});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.contains(QStringLiteral("think_time_head: clocks")), qPrintable(info.out));
        for (const char* model : {"narrow.pt", "narrow.kibitz"}) {
            const Run e = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                               QStringLiteral("--all-games"), QStringLiteral("--max-games"), QStringLiteral("5"),
                               QStringLiteral("--model"), path(model), QStringLiteral("--json")});
            QVERIFY2(e.code == 0, qPrintable(model + QStringLiteral(": ") + e.err));
            QVERIFY2(jsonOf(e.out).value(QStringLiteral("moves")).toInt() > 0, qPrintable(e.out));
        }
        const Run more = train(path("narrow.pt"), "narrow2.pt", nullptr);
        QVERIFY2(more.code == 0, qPrintable(more.err + more.out));
        QVERIFY2(more.out.contains(QStringLiteral("continuing the think-time head")), qPrintable(more.out));
        const Run wider = train(path("narrow.pt"), "wider.pt", "32");
        QVERIFY2(wider.code == 0, qPrintable(wider.err + wider.out));
        QVERIFY2(wider.out.contains(QStringLiteral("has another width: starting a new one")), qPrintable(wider.out));
        const Run bad = train(kModel, "bad.pt", "4");
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--hidden")), qPrintable(bad.err));
    }

    void toldTheMoveOrNot() {
        // The head reads the move chosen: eval time tells it the move played unless --without-move, and the two
        // answers differ on the same moves.
        auto eval = [&](bool without) {
            QStringList a{QStringLiteral("eval"),        QStringLiteral("time"),
                          QStringLiteral("--pgn"),       kGames,
                          QStringLiteral("--all-games"), QStringLiteral("--max-games"),
                          QStringLiteral("20"),          QStringLiteral("--model"),
                          path("time.kibitz"),           QStringLiteral("--json")};
            if (without) a << QStringLiteral("--without-move");
            return run(a);
        };
        const Run told = eval(false), notTold = eval(true);
        QVERIFY2(told.code == 0 && notTold.code == 0, qPrintable(told.err + notTold.err));
        const QJsonObject a = jsonOf(told.out), b = jsonOf(notTold.out);
        QCOMPARE(a.value(QStringLiteral("move_told")).toBool(), true);
        QCOMPARE(b.value(QStringLiteral("move_told")).toBool(), false);
        QCOMPARE(a.value(QStringLiteral("moves")).toInt(), b.value(QStringLiteral("moves")).toInt());
        QVERIFY(a.value(QStringLiteral("mae_s")).toDouble() != b.value(QStringLiteral("mae_s")).toDouble());
    }

    void analyseShowsValueAndThinkTime() {
        // `analyse` prints every head of the shipped model: the expected result for the side to move and, when the
        // mover's clock is given and there is a choice, the think time asked before the move is chosen.
        auto analyse = [&](const QString& fen, const QStringList& clocks) {
            QStringList a{QStringLiteral("analyse"),
                          QStringLiteral("--fen"),
                          fen,
                          QStringLiteral("--elo"),
                          QStringLiteral("1500"),
                          QStringLiteral("--opp-elo"),
                          QStringLiteral("1500"),
                          QStringLiteral("--top"),
                          QStringLiteral("3"),
                          QStringLiteral("--model"),
                          kModel,
                          QStringLiteral("--json")};
            const Run r = run(a + clocks);
            return r.code == 0 ? jsonOf(r.out) : QJsonObject{{QStringLiteral("error"), r.err}};
        };
        const QString start = QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        const QStringList blitz{QStringLiteral("--clock"), QStringLiteral("300"),   QStringLiteral("--opp-clock"),
                                QStringLiteral("300"),     QStringLiteral("--inc"), QStringLiteral("0")};
        const QJsonObject a = analyse(start, blitz);
        QVERIFY2(!a.contains(QStringLiteral("error")), qPrintable(a.value(QStringLiteral("error")).toString()));
        const QJsonObject v = a.value(QStringLiteral("value")).toObject();
        const double w = v.value(QStringLiteral("win")).toDouble(), d = v.value(QStringLiteral("draw")).toDouble(),
                     l = v.value(QStringLiteral("loss")).toDouble();
        QVERIFY(w > 0.0 && d > 0.0 && l > 0.0);
        QVERIFY(std::abs(w + d + l - 1.0) < 1e-4);
        QVERIFY(std::abs(v.value(QStringLiteral("score")).toDouble() - (w + d / 2)) < 1e-5);
        QVERIFY2(w > 0.3 && l > 0.3 && d < 0.2, qPrintable(QString::number(w) + " " + QString::number(d)));
        const QJsonObject t = a.value(QStringLiteral("think_time")).toObject();
        const double p10 = t.value(QStringLiteral("p10_s")).toDouble(),
                     med = t.value(QStringLiteral("median_s")).toDouble(),
                     p90 = t.value(QStringLiteral("p90_s")).toDouble();
        QVERIFY2(p10 >= 0.0 && p10 <= med && med < p90, qPrintable(QString::number(p10) + " " + QString::number(p90)));
        // A queen up in a king-and-pawns ending is a won game for either side to move; a queen up in the opening
        // is better than the start position. Ten minutes on the clock in a middlegame buy a longer think than twenty
        // seconds.
        auto scoreOf = [&](const char* fen) {
            return analyse(QString::fromLatin1(fen), blitz)
                .value(QStringLiteral("value"))
                .toObject()
                .value(QStringLiteral("score"))
                .toDouble(-1.0);
        };
        QVERIFY(scoreOf("6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 40") > 0.85);
        const double down = scoreOf("6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 40");
        QVERIFY(down >= 0.0 && down < 0.15);
        QVERIFY(scoreOf("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3") >
                v.value(QStringLiteral("score")).toDouble());
        const QString middlegame = QStringLiteral("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9");
        auto medianWith = [&](const char* clock) {
            return analyse(middlegame,
                           {QStringLiteral("--clock"), QString::fromLatin1(clock), QStringLiteral("--opp-clock"),
                            QString::fromLatin1(clock), QStringLiteral("--inc"), QStringLiteral("0")})
                .value(QStringLiteral("think_time"))
                .toObject()
                .value(QStringLiteral("median_s"))
                .toDouble();
        };
        QVERIFY(medianWith("600") > medianWith("20"));
        // No clock: no think time; a forced move (the king's only move is to take the queen): none either.
        QVERIFY(!analyse(start, {}).contains(QStringLiteral("think_time")));
        QVERIFY(analyse(start, {}).contains(QStringLiteral("value")));
        const QJsonObject forced = analyse(QStringLiteral("k7/8/8/8/8/8/1q6/K7 w - - 0 1"), blitz);
        QCOMPARE(forced.value(QStringLiteral("legal_moves")).toInt(), 1);
        QVERIFY(!forced.contains(QStringLiteral("think_time")));
    }

    void evalTimeReportsModelAndRule() {
        const Run r = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--all-games"), QStringLiteral("--model"), path("time.kibitz"),
                           QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = jsonOf(r.out);
        for (const char* key : {"moves", "pearson_r", "pearson_r_log", "mae_s", "median_ae_s", "by_speed", "baseline"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        const QJsonObject base = o.value(QStringLiteral("baseline")).toObject();
        for (const char* key : {"moves", "pearson_r", "pearson_r_log", "mae_s", "median_ae_s", "by_speed"})
            QVERIFY2(base.contains(QLatin1String(key)), key);
        // Every clocked game of the sample is scored (130, tests/data/README.md); the 170 without clocks are skipped.
        QCOMPARE(o.value(QStringLiteral("games")).toInt(), 130);
        QCOMPARE(o.value(QStringLiteral("games_skipped")).toInt(), 170);
        const int moves = o.value(QStringLiteral("moves")).toInt();
        QVERIFY(moves > 5000);
        QCOMPARE(base.value(QStringLiteral("moves")).toInt(), moves);
        int bySpeed = 0;
        const QJsonObject speeds = o.value(QStringLiteral("by_speed")).toObject();
        for (const char* s : {"bullet", "blitz", "rapid", "classical"})
            bySpeed += speeds.value(QLatin1String(s)).toObject().value(QStringLiteral("moves")).toInt();
        QCOMPARE(bySpeed, moves);
        // The sample's bullet, blitz and rapid games are all there.
        for (const char* s : {"bullet", "blitz", "rapid"})
            QVERIFY2(speeds.value(QLatin1String(s)).toObject().value(QStringLiteral("moves")).toInt() > 300, s);
        // Trained on these games, the head follows the real times on a log scale at least as the rule does.
        QVERIFY2(o.value(QStringLiteral("pearson_r_log")).toDouble() >
                     base.value(QStringLiteral("pearson_r_log")).toDouble(),
                 qPrintable(r.out));
        // The checkpoint and its fp32 bundle are one model: the same scores.
        const Run pt =
            run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                 QStringLiteral("--all-games"), QStringLiteral("--model"), path("time.pt"), QStringLiteral("--json")});
        QVERIFY2(pt.code == 0, qPrintable(pt.err));
        QVERIFY(std::abs(jsonOf(pt.out).value(QStringLiteral("mae_s")).toDouble() -
                         o.value(QStringLiteral("mae_s")).toDouble()) < 1e-3);
    }

    void evalTimeWritesEveryMove() {
        const Run r = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--all-games"), QStringLiteral("--model"), path("time.kibitz"),
                           QStringLiteral("--moves-out"), path("moves.csv"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = jsonOf(r.out);
        // The head has a distribution: its expected r is there (a correlation; this briefly trained head's widest
        // spreads make it small), the rule's is not.
        const double expected = o.value(QStringLiteral("pearson_r_expected")).toDouble(-2.0);
        QVERIFY2(expected >= -1.0 && expected <= 1.0, qPrintable(r.out));
        QVERIFY(!o.value(QStringLiteral("baseline")).toObject().contains(QStringLiteral("pearson_r_expected")));
        QFile f(path("moves.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.front(), QStringLiteral("game,time_control,speed,ply,mover_elo,opp_elo,mover_clock_s,"
                                               "opp_clock_s,increment_s,median_s,q10_s,q90_s,rule_s,real_s"));
        // One row per scored move, in the speeds the JSON counts, with the JSON's mean errors of model and rule.
        QCOMPARE(lines.size() - 1, o.value(QStringLiteral("moves")).toInt());
        QMap<QString, int> bySpeed;
        double modelErr = 0.0, ruleErr = 0.0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList c = lines[i].split(QLatin1Char(','));
            QCOMPARE(c.size(), 14);
            QVERIFY2(c[0].startsWith(QStringLiteral("https://lichess.org/")), qPrintable(lines[i]));
            ++bySpeed[c[2]];
            const double median = c[9].toDouble(), q10 = c[10].toDouble(), q90 = c[11].toDouble();
            QVERIFY2(q10 <= median && median <= q90, qPrintable(lines[i]));
            modelErr += std::abs(median - c[13].toDouble());
            ruleErr += std::abs(c[12].toDouble() - c[13].toDouble());
        }
        const QJsonObject speeds = o.value(QStringLiteral("by_speed")).toObject();
        for (const char* s : {"bullet", "blitz", "rapid"})
            QCOMPARE(bySpeed.value(QLatin1String(s)),
                     speeds.value(QLatin1String(s)).toObject().value(QStringLiteral("moves")).toInt());
        const double n = double(lines.size() - 1);
        QVERIFY(std::abs(modelErr / n - o.value(QStringLiteral("mae_s")).toDouble()) < 2e-3);
        QVERIFY(std::abs(ruleErr / n -
                         o.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("mae_s")).toDouble()) <
                2e-3);
        // Never over what it reads.
        const Run same = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                              QStringLiteral("--all-games"), QStringLiteral("--model"), path("time.kibitz"),
                              QStringLiteral("--moves-out"), kGames});
        QCOMPARE(same.code, 2);
        QVERIFY2(same.err.contains(QStringLiteral("--moves-out")), qPrintable(same.err));
    }

    void bundleSaysItHasTheHead() {
        const Run r =
            run({QStringLiteral("bundle"), QStringLiteral("info"), path("time.kibitz"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("\"think_time_head\":\"board+move\"")), qPrintable(r.out));
        const Run clocks =
            run({QStringLiteral("bundle"), QStringLiteral("info"), path("clocks.kibitz"), QStringLiteral("--json")});
        QVERIFY2(clocks.code == 0, qPrintable(clocks.err));
        QVERIFY2(clocks.out.contains(QStringLiteral("\"think_time_head\":\"clocks\"")), qPrintable(clocks.out));
        // Training another head keeps this one: train value on the checkpoint with the think-time head.
        const Run v = run({QStringLiteral("train"), QStringLiteral("value"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--init"), path("time.pt"), QStringLiteral("--out"), path("value.pt"),
                           QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--validation-positions"),
                           QStringLiteral("200")});
        QVERIFY2(v.code == 0, qPrintable(v.err + v.out));
        const Run vb =
            run({QStringLiteral("bundle"), QStringLiteral("export"), path("value.pt"), path("value.kibitz")});
        QVERIFY2(vb.code == 0, qPrintable(vb.err));
        const Run vi =
            run({QStringLiteral("bundle"), QStringLiteral("info"), path("value.kibitz"), QStringLiteral("--json")});
        QVERIFY2(vi.out.contains(QStringLiteral("\"think_time_head\":\"board+move\"")), qPrintable(vi.out));
        // The clock-only head answers too (no trunk features), with the same keys.
        const Run e = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                           QStringLiteral("--all-games"), QStringLiteral("--max-games"), QStringLiteral("10"),
                           QStringLiteral("--model"), path("clocks.kibitz"), QStringLiteral("--json")});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        QCOMPARE(jsonOf(e.out).value(QStringLiteral("games")).toInt(), 10);
    }

    void puzzlePinFollowsTheMoves() {
        // The shipped puzzle bundle records the shipped human model by its moves. A bundle with a new think-time head
        // on the same trunk (fp16 like the shipped one) has those moves, so it is taken; the fp32 export of the same
        // checkpoint stores other bytes, so it is another model: refused, and nothing is written.
        const QString puzzle = QStringLiteral(KIBITZ_MODELS_DIR "/puzzle-default.kibitz");
        const Run e = run({QStringLiteral("bundle"), QStringLiteral("export"), path("time.pt"), path("time16.kibitz")});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        const Run refused =
            run({QStringLiteral("bundle"), QStringLiteral("pin"), puzzle, path("time.kibitz"), path("never.kibitz")});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("is another")), qPrintable(refused.err));
        QVERIFY(!QFile::exists(path("never.kibitz")));
        const Run pinned = run(
            {QStringLiteral("bundle"), QStringLiteral("pin"), puzzle, path("time16.kibitz"), path("pinned.kibitz")});
        QVERIFY2(pinned.code == 0, qPrintable(pinned.err));
        const Run info =
            run({QStringLiteral("bundle"), QStringLiteral("info"), path("pinned.kibitz"), QStringLiteral("--json")});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.contains(QStringLiteral("\"name\":\"time16.kibitz\"")), qPrintable(info.out));
    }

    void refusals() {
        // A model without the head (a Maia-1 net, tests/data/maia-1).
        const Run none = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"), kGames,
                              QStringLiteral("--all-games"), QStringLiteral("--model"),
                              QStringLiteral(KIBITZ_TEST_DATA_DIR "/maia-1/maia-1100.pb.gz")});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains(QStringLiteral("no think-time head")), qPrintable(none.err));
        // Games without clocks: the sample's 170 unclocked games alone.
        QFile in(kGames);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QString all = QString::fromUtf8(in.readAll());
        QString unclocked;
        for (const QString& g : all.split(QStringLiteral("\n\n[Event "))) {
            if (g.contains(QStringLiteral("%clk"))) continue;
            unclocked += (g.startsWith(QStringLiteral("[Event ")) ? QString() : QStringLiteral("[Event ")) + g +
                         QStringLiteral("\n\n");
        }
        QFile out(path("unclocked.pgn"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(unclocked.toUtf8());
        out.close();
        const Run r = run({QStringLiteral("eval"), QStringLiteral("time"), QStringLiteral("--pgn"),
                           path("unclocked.pgn"), QStringLiteral("--all-games"), QStringLiteral("--model"),
                           path("time.kibitz"), QStringLiteral("--moves-out"), path("none.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no usable move: 170 games skipped")), qPrintable(r.err));
        QVERIFY(!QFile::exists(path("none.csv")));  // no move, no table
        // train time on them: nothing to learn from, nothing written.
        const Run t = run({QStringLiteral("train"), QStringLiteral("time"), QStringLiteral("--pgn"),
                           path("unclocked.pgn"), QStringLiteral("--init"), kModel, QStringLiteral("--out"),
                           path("none.pt"), QStringLiteral("--steps"), QStringLiteral("1")});
        QCOMPARE(t.code, 2);
        QVERIFY2(t.err.contains(QStringLiteral("no move with a known time")), qPrintable(t.err));
        QVERIFY(!QFile::exists(path("none.pt")));
    }
};

QTEST_GUILESS_MAIN(TestCliTime)
#include "tst_cli_time.moc"
