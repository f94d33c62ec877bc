// SPDX-License-Identifier: GPL-3.0-or-later
// JsonValue (plain C++) against its oracle, Qt's QJsonDocument: the CLI's --json output was written by Qt, so the
// Qt-free reports that replace it must write the same bytes (key order, numbers, escapes). Also the fixed-decimals
// style of the training logs' metric lines.
#include "core/common/json_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace kibitz;

class TstJsonWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void doublesAsQtWritesThem_data();
    void doublesAsQtWritesThem();
    void randomDoublesAsQt();
    void objectsSortKeysAsQt();
    void fixedDecimalsInOrder();
    void roundedToDecimals();
};

namespace {

QByteArray qtNumber(double d) { return QJsonDocument(QJsonArray{d}).toJson(QJsonDocument::Compact); }

std::string ours(double d) { return JsonValue::array().append(d).write(); }

}  // namespace

void TstJsonWriter::doublesAsQtWritesThem_data() {
    QTest::addColumn<double>("value");
    const double rows[] = {0.0,
                           -0.0,
                           1.0,
                           2.5,
                           0.1 + 0.2,
                           1.0 / 3.0,
                           2.0 / 3.0,
                           0.0001,
                           0.001,
                           0.00012,
                           1e-5,
                           1.5e-5,
                           100.0,
                           1e7,
                           1.2e7,
                           123456.0,
                           1e15,
                           1e16,
                           1e21,
                           1e-300,
                           5e-324,
                           -1.25,
                           -0.0625,
                           1630.5,
                           0.31234,
                           1.6355,
                           48.19,
                           0.48190,
                           1e100,
                           1.7e308,
                           0.05,
                           0.000123456789,
                           -1e7,
                           9007199254740991.0,
                           9007199254740992.0,
                           9007199254740994.0,
                           -9007199254740992.0,
                           4.5e15,
                           1e17 + 1024};
    for (const double d : rows) QTest::newRow(QByteArray::number(d, 'g', 17).constData()) << d;
}

void TstJsonWriter::doublesAsQtWritesThem() {
    QFETCH(double, value);
    QCOMPARE(QByteArray::fromStdString(ours(value)), qtNumber(value));
}

void TstJsonWriter::randomDoublesAsQt() {
    // Rates, NLLs and whatever else a report holds: uniform in [0, 1), spread over many magnitudes, and rounded to
    // five decimals as the metrics are.
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<int> exponent(-12, 12);
    for (int i = 0; i < 20000; ++i) {
        const double values[] = {unit(rng), unit(rng) * std::pow(10.0, exponent(rng)), -unit(rng) * 1000.0,
                                 std::round(unit(rng) * std::pow(10.0, exponent(rng) + 8)),
                                 kibitz::roundedToDecimals(unit(rng) * 5.0, 5)};
        for (const double d : values)
            if (QByteArray::fromStdString(ours(d)) != qtNumber(d))
                QFAIL(qPrintable(QStringLiteral("%1: ours %2, Qt %3")
                                     .arg(d, 0, 'g', 17)
                                     .arg(QString::fromStdString(ours(d)), QString::fromUtf8(qtNumber(d)))));
    }
}

void TstJsonWriter::objectsSortKeysAsQt() {
    JsonValue by = JsonValue::object();
    by.set("1500", JsonValue::object().set("positions", std::int64_t(12)).set("top1", 0.5));
    by.set("900", JsonValue::object().set("positions", 3).set("top1", 1.0 / 3.0));
    by.set("1000", JsonValue::object());
    JsonValue o = JsonValue::object();
    o.set("positions", std::int64_t(1234567890123)).set("nll", 1.6355).set("by_elo", by);
    o.set("conditioning", "Elo hidden, \"quoted\" \\ tab\there\nline\x01");
    o.set("guidance_scan", JsonValue::array().append(JsonValue::object().set("guidance", 0.5)).append(2));
    o.set("nll", 1.5);  // replaces, keeps its place
    o.set("empty", JsonValue::array());

    QJsonObject byQt{
        {QStringLiteral("1500"), QJsonObject{{QStringLiteral("positions"), 12}, {QStringLiteral("top1"), 0.5}}},
        {QStringLiteral("900"), QJsonObject{{QStringLiteral("positions"), 3}, {QStringLiteral("top1"), 1.0 / 3.0}}},
        {QStringLiteral("1000"), QJsonObject{}}};
    QJsonObject qt{{QStringLiteral("positions"), qint64(1234567890123)},
                   {QStringLiteral("nll"), 1.5},
                   {QStringLiteral("by_elo"), byQt},
                   {QStringLiteral("conditioning"), QStringLiteral("Elo hidden, \"quoted\" \\ tab\there\nline\x01")},
                   {QStringLiteral("guidance_scan"), QJsonArray{QJsonObject{{QStringLiteral("guidance"), 0.5}}, 2}},
                   {QStringLiteral("empty"), QJsonArray{}}};
    QCOMPARE(QByteArray::fromStdString(o.write()), QJsonDocument(qt).toJson(QJsonDocument::Compact));
    QCOMPARE(o.find("nll")->number(), 1.5);
    QCOMPARE(o.members().front().first, std::string("positions"));
    QVERIFY(o.find("missing") == nullptr);
}

void TstJsonWriter::fixedDecimalsInOrder() {
    JsonValue o = JsonValue::object();
    o.set("positions", 40).set("top1", 0.5).set("nll", 2.0 / 3.0).set("by_elo", JsonValue::object().set("600", 0.0));
    QCOMPARE(o.write({.sortKeys = false, .decimals = 5}),
             std::string("{\"positions\":40,\"top1\":0.50000,\"nll\":0.66667,\"by_elo\":{\"600\":0.00000}}"));
    QCOMPARE(o.write(),
             std::string("{\"by_elo\":{\"600\":0},\"nll\":0.6666666666666666,\"positions\":40,\"top1\":0.5}"));
    QCOMPARE(JsonValue::array().append(std::numeric_limits<double>::quiet_NaN()).write(), std::string("[null]"));
}

void TstJsonWriter::roundedToDecimals() {
    QCOMPARE(kibitz::roundedToDecimals(2.0 / 3.0, 5), 0.66667);
    QCOMPARE(kibitz::roundedToDecimals(0.123455, 5), std::strtod("0.12345", nullptr));  // as printf rounds it
    QCOMPARE(kibitz::roundedToDecimals(-1.0, 2), -1.0);
}

QTEST_APPLESS_MAIN(TstJsonWriter)
#include "tst_json_writer.moc"
