// SPDX-License-Identifier: GPL-3.0-or-later
// Puzzle metrics with hand-computed values, FNV-1a test vectors, baselines, and a file evaluation on real rows.
#include "core/evaluation/puzzle_metrics.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kibitz;
using namespace kibitz::evaluation;

class TestPuzzleMetrics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fnv_data();
    void fnv();
    void heldOutFraction();
    void overall();
    void byLength();
    void json();
    void baselines();
    void evaluateFile();
    void calibration();
};

void TestPuzzleMetrics::calibration() {
    PuzzleMetrics m;
    // Errors 50, 250, 700 against sigmas 100, 200, 300: within 1 sigma: 1 of 3; within 2: 2 of 3.
    const double truth[] = {1500, 1750, 2300};
    const double sigma[] = {100, 200, 300};
    for (int i = 0; i < 3; ++i) {
        RatedPuzzle p{1450 + 50.0 * i, sigma[i], {}};
        if (i == 0) p.humanCurve = {0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.01};  // falls: not monotone
        if (i == 1) p.humanCurve = {0.0, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99};  // 50% at 1700
        m.add(truth[i], 80, p.rating, 2);
        m.addCalibration(truth[i], p);
    }
    m.addCalibration(1500, RatedPuzzle{1500, 0.0, {}});  // no sigma: not counted
    const PuzzleCalibration c = m.calibration();
    QCOMPARE(c.withSigma, std::int64_t(3));
    QVERIFY(std::abs(c.withinSigma[0] - 1.0 / 3) < 1e-12);
    QVERIFY(std::abs(c.withinSigma[1] - 2.0 / 3) < 1e-12);
    QCOMPARE(c.meanSigma, 200.0);
    // The shipped curve (Glicko around the prediction) never falls and crosses 50% near the prediction.
    QCOMPARE(c.solveMonotone, 1.0);
    QVERIFY(c.solveMidpointMae < 20);
    QCOMPARE(c.withHumanCurve, std::int64_t(2));
    QCOMPARE(c.humanMonotone, 0.5);
    // Midpoints 800 (starts above) and 1700, predictions 1450 and 1500: errors 650 and 200.
    QVERIFY(std::abs(c.humanMidpointMae - 425.0) < 1e-9);
    const QString json = QString::fromStdString(m.toJson());
    QVERIFY2(json.contains(QLatin1String("\"sigma\":{\"puzzles\":3,\"within_1\":0.3333,\"within_2\":0.6667")),
             qPrintable(json));
    QVERIFY(json.contains(QLatin1String("\"solve_monotone\":1.0000")));
    QVERIFY(json.contains(QLatin1String("\"solve_curve_human\":{\"puzzles\":2,\"monotone\":0.5000")));
}

void TestPuzzleMetrics::fnv_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<quint64>("hash");
    // Published FNV-1a 64-bit test vectors.
    QTest::newRow("empty") << QByteArray("") << quint64(0xcbf29ce484222325ull);
    QTest::newRow("a") << QByteArray("a") << quint64(0xaf63dc4c8601ec8cull);
    QTest::newRow("foobar") << QByteArray("foobar") << quint64(0x85944171f73967e8ull);
}

void TestPuzzleMetrics::fnv() {
    QFETCH(QByteArray, text);
    QFETCH(quint64, hash);
    QCOMPARE(quint64(fnv1a64(std::string_view(text.constData(), std::size_t(text.size())))), hash);
}

void TestPuzzleMetrics::heldOutFraction() {
    // 5% of the 500 real sample ids, give or take sampling noise.
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.readLine();
    int n = 0, held = 0;
    while (!f.atEnd()) {
        const QByteArray id = f.readLine().split(',').front();
        ++n;
        if (isHeldOutPuzzle(id.toStdString())) ++held;
        QCOMPARE(isHeldOutPuzzle(id.toStdString()), fnv1a64(id.toStdString()) % 20 == 0);
    }
    QCOMPARE(n, 500);
    QVERIFY2(held >= 10 && held <= 40, qPrintable(QString::number(held)));
}

namespace {
// rating, RD, prediction, solution length; the expected values below are worked out by hand.
PuzzleMetrics fourRows() {
    PuzzleMetrics m;
    m.add(1500, 100, 1600, 1);  // |e| 100, z 1.0: within 1, 2, 3 RD
    m.add(2000, 80, 1800, 2);   // |e| 200, z 2.5: within 3 RD only
    m.add(1000, 50, 1000, 2);   // |e| 0: within all
    m.add(1200, 0, 1210, 3);    // RD 0 counts as 1: |e| 10, z 10, within none
    return m;
}
}  // namespace

void TestPuzzleMetrics::overall() {
    const PuzzleScore s = fourRows().overall();
    QCOMPARE(s.count, 4);
    QCOMPARE(s.mae, 77.5);
    QVERIFY(std::abs(s.rmse - std::sqrt(12525.0)) < 1e-9);
    QCOMPARE(s.maz, 3.375);
    QCOMPARE(s.withinRd[0], 0.5);
    QCOMPARE(s.withinRd[1], 0.5);
    QCOMPARE(s.withinRd[2], 0.75);
    QCOMPARE(s.meanPrediction, 1402.5);
}

void TestPuzzleMetrics::byLength() {
    const auto by = fourRows().byLength();
    QCOMPARE(int(by.size()), 3);
    const PuzzleScore two = by.at(2);
    QCOMPARE(two.count, 2);
    QCOMPARE(two.mae, 100.0);
    QVERIFY(std::abs(two.rmse - std::sqrt(20000.0)) < 1e-9);
    QCOMPARE(two.maz, 1.25);
    QCOMPARE(two.withinRd[0], 0.5);
    QCOMPARE(two.withinRd[2], 1.0);
    QCOMPARE(by.at(1).mae, 100.0);
    QCOMPARE(by.at(3).maz, 10.0);
}

void TestPuzzleMetrics::json() {
    const QString j = QString::fromStdString(fourRows().toJson());
    QVERIFY2(j.startsWith(QLatin1String("{\"puzzles\":4,\"mae\":77.500,")), qPrintable(j));
    QVERIFY(j.contains(QLatin1String("\"within_rd\":{\"1\":0.5000,\"2\":0.5000,\"3\":0.7500}")));
    QVERIFY(j.contains(QLatin1String("\"by_length\":{\"1\":{\"puzzles\":1,")));
    QVERIFY(j.endsWith(QLatin1String("}}}")));
}

void TestPuzzleMetrics::baselines() {
    MeanBaselines b;
    b.fit(1000, 1);
    b.fit(1200, 1);
    b.fit(2000, 2);
    QCOMPARE(b.predictMean(), 1400.0);
    QCOMPARE(b.predictByLength(1), 1100.0);
    QCOMPARE(b.predictByLength(2), 2000.0);
    QCOMPARE(b.predictByLength(3), 1400.0);  // unseen length: overall mean
    MeanBaselines s;
    s.set(1500, {{1, 1200.0}});
    QCOMPARE(s.predictMean(), 1500.0);
    QCOMPARE(s.predictByLength(1), 1200.0);
    QCOMPARE(s.predictByLength(4), 1500.0);
}

void TestPuzzleMetrics::evaluateFile() {
    // The first four real rows of the sample: ratings 1492/74 (2 moves), 2854/107 (3), 1353/75 (2), 2052/79 (3),
    // and one broken row, scored against a constant 1500 prediction.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("four.csv"));
    QFile src(QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"));
    QVERIFY(src.open(QIODevice::ReadOnly));
    QByteArray text;
    for (int i = 0; i < 5; ++i) text += src.readLine();
    text += "zzzzz,not a fen,e2e4 e7e5,1500,80,90,10,short,https://lichess.org/x,\n";
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    MeanBaselines base;
    base.set(1600, {{2, 1400.0}, {3, 2500.0}});
    CancelToken cancel;
    int calls = 0;
    auto r = evaluatePuzzleFiles(
        {path.toStdString()}, false, 0,
        [&calls](std::span<const chess::Puzzle> ps) -> Result<std::vector<double>> {
            ++calls;
            return std::vector<double>(ps.size(), 1500.0);
        },
        base, cancel, 3);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(calls, 2);  // batches of 3 and 1
    const PuzzleScore s = r.value().model.overall();
    QCOMPARE(s.count, 4);
    QCOMPARE(s.mae, (8.0 + 1354.0 + 147.0 + 552.0) / 4);
    QVERIFY(std::abs(s.maz - (8.0 / 74 + 1354.0 / 107 + 147.0 / 75 + 552.0 / 79) / 4) < 1e-9);
    QCOMPARE(s.withinRd[0], 0.25);
    QCOMPARE(s.withinRd[1], 0.5);
    QCOMPARE(s.withinRd[2], 0.5);
    // Mean baseline 1600: errors 108, 1254, 247, 452. By length: 1400 for 2 moves, 2500 for 3: 92, 354, 47, 448.
    QCOMPARE(r.value().predictMean.overall().mae, (108.0 + 1254.0 + 247.0 + 452.0) / 4);
    QCOMPARE(r.value().meanByLength.overall().mae, (92.0 + 354.0 + 47.0 + 448.0) / 4);
    QCOMPARE(r.value().skippedRows, 1);
    QVERIFY(QString::fromStdString(r.value().toJson())
                .contains(QLatin1String("\"baselines\":{\"predict_mean\":{\"puzzles\":4")));
    // Cap and cancel.
    auto capped = evaluatePuzzleFiles(
        {path.toStdString()}, false, 2,
        [](std::span<const chess::Puzzle> ps) -> Result<std::vector<double>> {
            return std::vector<double>(ps.size(), 1500.0);
        },
        base, cancel, 3);
    QVERIFY(capped.ok());
    QCOMPARE(capped.value().model.count(), 2);
    cancel.cancel();
    auto stopped = evaluatePuzzleFiles(
        {path.toStdString()}, false, 0,
        [](std::span<const chess::Puzzle> ps) -> Result<std::vector<double>> {
            return std::vector<double>(ps.size(), 1500.0);
        },
        base, cancel, 3);
    QVERIFY(!stopped.ok());
    QCOMPARE(stopped.error().code, ErrorCode::Cancelled);
}

QTEST_APPLESS_MAIN(TestPuzzleMetrics)
#include "tst_puzzle_metrics.moc"
