// SPDX-License-Identifier: GPL-3.0-or-later
// eval human's report (plain C++): its --json object against the one kibitz-cli built before the report existed
// (the metrics' JSON text parsed into QJsonObjects, keys added, written by QJsonDocument), which scripts and the
// README rely on, byte for byte; its keys; and its text.
#include "core/training/human_eval_report.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <set>

using namespace kibitz;
using namespace kibitz::training;

class TstHumanEvalReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonAsTheCommandWroteIt();
    void jsonKeys();
    void puzzlesOnly();
    void text();
};

namespace {

MoveMetrics metrics(int seed) {
    MoveMetrics m;
    for (int i = 0; i < 40; ++i) m.add((i * seed) % 5, 0.05 + 0.9 * double((i * 7 + seed) % 11) / 11.0, 700 + 97 * i);
    m.add(0, 0.9, -1);  // no rating: overall only
    return m;
}

ValueMetrics valueMetrics() {
    ValueMetrics v;
    for (int i = 0; i < 30; ++i) {
        const float w = 0.1f + 0.025f * float(i);
        v.add({w, 0.2f, 0.8f - w}, {0.4f, 0.2f, 0.4f}, i % 3, 4 * i,
              i % 2 ? std::optional<encoding::Wdl>({0.5f, 0.2f, 0.3f}) : std::nullopt, i % 2, 50 * (i - 15));
    }
    return v;
}

HumanEvalReport fullReport() {
    GameEvalReport g;
    g.conditioning = "as recorded";
    g.moves = metrics(1);
    g.maiaProtocol = metrics(2);
    g.value = GameEvalReport::Value{valueMetrics(), "draw share 10.0 % over 300 games", ""};
    g.sensitivity = GameEvalReport::Sensitivity{600, metrics(3), metrics(4), metrics(6)};
    g.guidanceScan = {{0.0, metrics(1).overall()}, {0.5, metrics(7).overall()}};
    evaluation::PuzzleSolveReport solving;
    solving.overall.add(true, 1.0);
    solving.overall.add(false, 1.0 / 3.0);
    solving.byRating[1200].add(true, 1.0);
    solving.byRating[1400].add(false, 1.0 / 3.0);
    HumanEvalReport r;
    r.games = g;
    r.puzzles = PuzzleSolvingEvalReport{solving, "mateIn1"};
    return r;
}

QJsonObject parsed(const std::string& json) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

QJsonObject solveJson(const evaluation::PuzzleSolveStats& s) {
    return QJsonObject{{QStringLiteral("puzzles"), qint64(s.puzzles)},
                       {QStringLiteral("solve_rate"), s.solveRate()},
                       {QStringLiteral("advancement"), s.advancement()}};
}

/// What runEvalHuman printed with --json before this report (its code, kept here as the oracle).
QByteArray formerJson(const HumanEvalReport& r) {
    QJsonObject out;
    if (r.games) {
        const GameEvalReport& g = *r.games;
        out = parsed(g.moves.toJson());
        out[QStringLiteral("conditioning")] = QString::fromStdString(g.conditioning);
        out[QStringLiteral("maia_protocol")] = parsed(g.maiaProtocol.toJson());
        if (g.value) {
            QJsonObject vj = parsed(g.value->metrics.toJson());
            vj[QStringLiteral("baseline_elo_fit")] = QString::fromStdString(g.value->eloBaseline);
            vj[QStringLiteral("baseline_engine_fit")] = QString::fromStdString(g.value->engineBaseline);
            out[QStringLiteral("value")] = vj;
        }
        if (g.sensitivity) {
            const MoveMetrics& main = g.moves;
            const MoveMetrics& hidden = g.sensitivity->hidden;
            const MoveMetrics& away = g.sensitivity->moverAway;
            const MoveMetrics& both = g.sensitivity->bothAway;
            QJsonObject sj{{QStringLiteral("nll_true"), main.overall().meanNll()},
                           {QStringLiteral("nll_hidden"), hidden.overall().meanNll()},
                           {QStringLiteral("nll_gain"), hidden.overall().meanNll() - main.overall().meanNll()},
                           {QStringLiteral("away"), g.sensitivity->away},
                           {QStringLiteral("top1_true"), main.overall().top1Rate()},
                           {QStringLiteral("top1_hidden"), hidden.overall().top1Rate()},
                           {QStringLiteral("top1_away"), away.overall().top1Rate()},
                           {QStringLiteral("top1_both_away"), both.overall().top1Rate()},
                           {QStringLiteral("nll_away"), away.overall().meanNll()},
                           {QStringLiteral("nll_both_away"), both.overall().meanNll()}};
            QJsonObject by;
            for (const auto& [lo, b] : main.byElo()) {
                const auto& h = hidden.byElo().at(lo);
                const auto& a = away.byElo().at(lo);
                const auto& ab = both.byElo().at(lo);
                by[QString::number(lo)] = QJsonObject{{QStringLiteral("positions"), qint64(b.positions)},
                                                      {QStringLiteral("top1_true"), b.top1Rate()},
                                                      {QStringLiteral("top1_away"), a.top1Rate()},
                                                      {QStringLiteral("top1_both_away"), ab.top1Rate()},
                                                      {QStringLiteral("nll_true"), b.meanNll()},
                                                      {QStringLiteral("nll_hidden"), h.meanNll()},
                                                      {QStringLiteral("nll_away"), a.meanNll()},
                                                      {QStringLiteral("nll_both_away"), ab.meanNll()}};
            }
            sj[QStringLiteral("by_elo")] = by;
            out[QStringLiteral("rating_sensitivity")] = sj;
        }
        if (!g.guidanceScan.empty()) {
            QJsonArray sj;
            for (const auto& p : g.guidanceScan)
                sj.append(QJsonObject{{QStringLiteral("guidance"), p.guidance},
                                      {QStringLiteral("top1"), p.overall.top1Rate()},
                                      {QStringLiteral("top3"), p.overall.top3Rate()},
                                      {QStringLiteral("nll"), p.overall.meanNll()}});
            out[QStringLiteral("guidance_scan")] = sj;
        }
    }
    if (r.puzzles) {
        QJsonObject pj = solveJson(r.puzzles->solving.overall);
        QJsonArray buckets;
        for (const auto& [lo, s] : r.puzzles->solving.byRating) {
            QJsonObject b = solveJson(s);
            b[QStringLiteral("rating_from")] = lo;
            buckets.append(b);
        }
        pj[QStringLiteral("by_rating")] = buckets;
        if (!r.puzzles->theme.empty()) pj[QStringLiteral("theme")] = QString::fromStdString(r.puzzles->theme);
        out[QStringLiteral("puzzle_solving")] = pj;
    }
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

}  // namespace

void TstHumanEvalReport::jsonAsTheCommandWroteIt() {
    const HumanEvalReport r = fullReport();
    QCOMPARE(QByteArray::fromStdString(r.toJson()), formerJson(r));
    HumanEvalReport plain = r;  // games alone, without the optional parts
    plain.games->value.reset();
    plain.games->sensitivity.reset();
    plain.games->guidanceScan.clear();
    plain.puzzles.reset();
    QCOMPARE(QByteArray::fromStdString(plain.toJson()), formerJson(plain));
}

void TstHumanEvalReport::jsonKeys() {
    const QJsonObject o = parsed(fullReport().toJson());
    QCOMPARE(o.keys(), (QStringList{"by_elo", "conditioning", "guidance_scan", "maia_protocol", "nll", "positions",
                                    "puzzle_solving", "rating_sensitivity", "top1", "top3", "value"}));
    QCOMPARE(o.value("positions").toInteger(), 41);
    QCOMPARE(o.value("conditioning").toString(), QStringLiteral("as recorded"));
    QCOMPARE(o.value("by_elo").toObject().value("700").toObject().value("positions").toInteger(),
             2);  // Elo 700 and 797
    QCOMPARE(o.value("rating_sensitivity").toObject().value("away").toInt(), 600);
    QCOMPARE(o.value("guidance_scan").toArray().size(), 2);
    QCOMPARE(o.value("value").toObject().value("baseline_engine_fit").toString(), QString());
    QVERIFY(o.value("value").toObject().contains("calibration"));
    const QJsonObject p = o.value("puzzle_solving").toObject();
    QCOMPARE(p.value("theme").toString(), QStringLiteral("mateIn1"));
    QCOMPARE(p.value("solve_rate").toDouble(), 0.5);
    QCOMPARE(p.value("by_rating").toArray().at(1).toObject().value("rating_from").toInt(), 1400);
}

void TstHumanEvalReport::puzzlesOnly() {
    HumanEvalReport r = fullReport();
    r.games.reset();
    r.puzzles->theme.clear();
    QCOMPARE(QByteArray::fromStdString(r.toJson()), formerJson(r));
    QCOMPARE(parsed(r.toJson()).keys(), QStringList{"puzzle_solving"});
    QVERIFY(!parsed(r.toJson()).value("puzzle_solving").toObject().contains("theme"));
}

void TstHumanEvalReport::text() {
    const HumanEvalReport r = fullReport();
    const QString text = QString::fromStdString(r.toText());
    const GameEvalReport& g = *r.games;
    QVERIFY(text.startsWith(QString::fromStdString("conditioning: as recorded\n" + g.moves.summary() + "\n" +
                                                   g.moves.table() +
                                                   "\nMaia protocol (ply >= 10, mover clock >= 30 "
                                                   "s): " +
                                                   g.maiaProtocol.summary() + "\n")));
    // The phases in the order of their names, as the JSON object listed them.
    const int endgame = text.indexOf("  endgame brier"), middle = text.indexOf("  middlegame brier"),
              opening = text.indexOf("  opening brier");
    QVERIFY(endgame > 0 && endgame < middle && middle < opening);
    QVERIFY(text.contains("engine baseline ([%eval] of the games): none (no annotated training game)\n"));
    QVERIFY(text.contains("rating sensitivity: NLL true "));
    QVERIFY(text.contains("rating guidance scan:\n  guidance  top1      top3      nll\n     0.000  "));
    QVERIFY(
        text.endsWith("puzzles 2: solved 50.0%, advancement 66.7% (at each puzzle's rating)\n"
                      "  1200-1399      1 puzzles  solved 100.0%  advancement 100.0%\n"
                      "  1400-1599      1 puzzles  solved   0.0%  advancement  33.3%\n"));
    QCOMPARE(QString::fromStdString(r.toText()), QString::fromStdString(r.games->toText() + r.puzzles->toText()));
}

QTEST_APPLESS_MAIN(TstHumanEvalReport)
#include "tst_human_eval_report.moc"
