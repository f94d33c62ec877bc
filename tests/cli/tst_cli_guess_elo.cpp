// SPDX-License-Identifier: GPL-3.0-or-later
// `kibitz-cli guess-elo` with the shipped model on real chess.com games (tests/data/chesscom_sample.pgn) and a real
// Lichess game (tests/data/games_sample.pgn): a chess.com player's estimate is reported on chess.com's scale beside
// the tag, and on Lichess's (the model's) too; a Lichess game's stays on Lichess's scale alone. The conversions are
// worked out here from the measured line, Lichess = 614 + 0.797 x chess.com.
#include "tests/cli/cli_run.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

const QString kChessCom = QStringLiteral(KIBITZ_TEST_DATA_DIR "/chesscom_sample.pgn");
const QString kLichess = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// The JSON lines of a --json run: the games, then the summary (its "summary" object).
struct JsonRun {
    std::vector<QJsonObject> games;
    QJsonObject summary;
};

JsonRun readLines(const QString& out) {
    JsonRun r;
    for (const QString& line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        if (o.contains(QStringLiteral("summary")))
            r.summary = o.value(QStringLiteral("summary")).toObject();
        else
            r.games.push_back(o);
    }
    return r;
}

/// A Lichess-scale rating on chess.com's: the line's inverse, never below chess.com's floor of 100.
double chessComOf(double lichess) { return std::max(100.0, (lichess - 614.0) / 0.797); }

}  // namespace

class TstCliGuessElo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    /// Both players of two chess.com games: the estimate and interval on chess.com's scale, next to the tag, and the
    /// model's own estimate on Lichess's scale with the tag converted to it; the summary scores chess.com's scale.
    void chessComGameOnBothScales() {
        const Run r = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), kChessCom,
                           QStringLiteral("--max-games"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const JsonRun j = readLines(r.out);
        QCOMPARE(j.games.size(), std::size_t(2));
        // The tags (chess.com) and, by hand, 614 + 0.797 x tag rounded: 918 -> 1345.6, 656 -> 1136.8, 940 -> 1363.2,
        // 801 -> 1252.4.
        const int tags[2][2] = {{918, 656}, {940, 801}};
        const int lichessTags[2][2] = {{1346, 1137}, {1363, 1252}};
        double absErr = 0.0;
        int players = 0;
        for (std::size_t g = 0; g < 2; ++g) {
            const char* sides[2] = {"white", "black"};
            for (int s = 0; s < 2; ++s) {
                const QJsonObject p = j.games[g].value(QLatin1String(sides[s])).toObject();
                QCOMPARE(p.value(QStringLiteral("scale")).toString(), QStringLiteral("chess.com"));
                QCOMPARE(p.value(QStringLiteral("true")).toInt(), tags[g][s]);
                const QJsonObject lichess = p.value(QStringLiteral("lichess")).toObject();
                QCOMPARE(lichess.value(QStringLiteral("true")).toInt(), lichessTags[g][s]);
                const double onLichess = lichess.value(QStringLiteral("estimate")).toDouble();
                const double onChessCom = p.value(QStringLiteral("estimate")).toDouble();
                qInfo("game %d %s: %.0f on chess.com's scale (rated %d), %.0f on Lichess's (rated %d there)",
                      int(g + 1), sides[s], onChessCom, tags[g][s], onLichess, lichessTags[g][s]);
                // Both are rounded to a point; chess.com's is read off the unrounded Lichess estimate.
                QVERIFY2(std::abs(onChessCom - chessComOf(onLichess)) <= 1.5,
                         qPrintable(QStringLiteral("%1 against %2").arg(onChessCom).arg(chessComOf(onLichess))));
                QVERIFY(onLichess >= 600 && onLichess <= 3200);
                QVERIFY(onChessCom < onLichess);  // chess.com's scale is below Lichess's at these ratings
                for (const char* bound : {"low", "high"})
                    QVERIFY(std::abs(p.value(QLatin1String(bound)).toDouble() -
                                     chessComOf(lichess.value(QLatin1String(bound)).toDouble())) <= 1.5);
                QVERIFY(p.value(QStringLiteral("low")).toDouble() <= onChessCom);
                QVERIFY(onChessCom <= p.value(QStringLiteral("high")).toDouble());
                absErr += std::abs(onChessCom - tags[g][s]);
                ++players;
            }
        }
        QCOMPARE(j.summary.value(QStringLiteral("scale")).toString(), QStringLiteral("chess.com"));
        QCOMPARE(j.summary.value(QStringLiteral("players")).toInt(), players);
        // The summary's error is against the tags on chess.com's scale (its estimates unrounded: within a point).
        QVERIFY2(std::abs(j.summary.value(QStringLiteral("mae")).toDouble() - absErr / players) <= 1.0,
                 qPrintable(QString::number(j.summary.value(QStringLiteral("mae")).toDouble())));
        const double meanTag = (918 + 656 + 940 + 801) / 4.0;
        QVERIFY(std::abs(j.summary.value(QStringLiteral("mean_rating")).toDouble() - meanTag) < 1e-9);

        // The text says both scales and the tag's.
        const Run text = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), kChessCom,
                              QStringLiteral("--max-games"), QStringLiteral("1")});
        QVERIFY2(text.code == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(QStringLiteral("White pnmadelaine is rated about ")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("on chess.com's scale, ")), qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("on Lichess's, ")));
        QVERIFY(text.out.contains(QStringLiteral(" - rated 918 on chess.com")));
        QVERIFY(text.out.contains(QStringLiteral("players (on chess.com's scale): MAE ")));
    }

    /// A Lichess game keeps one scale: the model's estimate against the tag as it is.
    void lichessGameOnItsScale() {
        const Run r = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), kLichess,
                           QStringLiteral("--max-games"), QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const JsonRun j = readLines(r.out);
        QCOMPARE(j.games.size(), std::size_t(1));
        for (const char* side : {"white", "black"}) {
            const QJsonObject p = j.games[0].value(QLatin1String(side)).toObject();
            QCOMPARE(p.value(QStringLiteral("scale")).toString(), QStringLiteral("lichess"));
            QVERIFY(!p.contains(QStringLiteral("lichess")));
            QVERIFY(p.value(QStringLiteral("true")).toInt() > 0);
        }
        QCOMPARE(j.summary.value(QStringLiteral("scale")).toString(), QStringLiteral("lichess"));
        const Run text = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), kLichess,
                              QStringLiteral("--max-games"), QStringLiteral("1")});
        QVERIFY2(text.code == 0, qPrintable(text.err));
        QVERIFY(!text.out.contains(QStringLiteral("chess.com")));
    }
};

QTEST_GUILESS_MAIN(TstCliGuessElo)
#include "tst_cli_guess_elo.moc"
