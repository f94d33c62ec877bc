// SPDX-License-Identifier: GPL-3.0-or-later
// UciParser on real Stockfish 15.1 output (tests/data/engines, see PROVENANCE.md) and on malformed lines.
#include "core/engines/uci_parser.h"

#include <QFile>
#include <QTest>

using namespace kibitz::engines;

namespace {

QStringList readLines(const QString& name) {
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/engines/") + name);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList lines;
    while (!f.atEnd()) {
        QByteArray l = f.readLine();
        if (l.endsWith('\n')) l.chop(1);
        lines.append(QString::fromUtf8(l));
    }
    return lines;
}

}  // namespace

class TstUciParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void wholeFiles_data();
    void wholeFiles();
    void infoLines_data();
    void infoLines();
    void currMoveAndString();
    void options_data();
    void options();
    void idAndAcks();
    void garbage_data();
    void garbage();
};

// Every line of every capture parses; the counts and the final bestmove match the file.
void TstUciParser::wholeFiles_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("infos");
    QTest::addColumn<int>("options");
    QTest::addColumn<int>("unknown");
    QTest::addColumn<QString>("best");
    QTest::addColumn<QString>("ponder");
    QTest::addColumn<int>("maxMultiPv");
    QTest::addColumn<int>("lastDepth");

    // unknown = the banner line and the empty line after the id lines.
    QTest::newRow("handshake") << "sf15_uci_handshake.txt" << 0 << 21 << 2 << QString() << QString() << 0 << 0;
    QTest::newRow("multipv3 wdl") << "sf15_multipv3_wdl.txt" << 37 << 21 << 2 << "g1f3"
                                  << "g8f6" << 3 << 12;
    QTest::newRow("mate for white") << "sf15_mate_white.txt" << 21 << 21 << 2 << "h5f7" << QString() << 2 << 10;
    QTest::newRow("mated now") << "sf15_mated.txt" << 2 << 21 << 2 << "(none)" << QString() << 0 << 0;
    QTest::newRow("mated in 2") << "sf15_mated_in_n.txt" << 13 << 21 << 2 << "a1a2"
                                << "g1f2" << 1 << 12;
    QTest::newRow("bounds long") << "sf15_bounds.txt" << 62 << 21 << 2 << "c2f5"
                                 << "d5f5" << 1 << 25;
}

void TstUciParser::wholeFiles() {
    QFETCH(QString, file);
    QFETCH(int, infos);
    QFETCH(int, options);
    QFETCH(int, unknown);
    QFETCH(QString, best);
    QFETCH(QString, ponder);
    QFETCH(int, maxMultiPv);
    QFETCH(int, lastDepth);

    const QStringList lines = readLines(file);
    QVERIFY2(!lines.isEmpty(), qPrintable(file));
    int nInfo = 0, nOption = 0, nUnknown = 0, nBest = 0, multiPv = 0, depth = 0;
    UciBestMove bm;
    for (int i = 0; i < lines.size(); ++i) {
        auto r = parseUciLine(lines[i]);
        QVERIFY2(r.ok(), qPrintable(QStringLiteral("%1:%2: %3")
                                        .arg(file)
                                        .arg(i + 1)
                                        .arg(r.ok() ? QString() : QString::fromStdString(r.error().message))));
        if (auto* info = std::get_if<UciInfo>(&r.value())) {
            ++nInfo;
            if (info->multiPv) multiPv = std::max(multiPv, *info->multiPv);
            if (info->depth && info->score) depth = *info->depth;
        } else if (std::holds_alternative<UciOption>(r.value())) {
            ++nOption;
        } else if (std::holds_alternative<UciUnknown>(r.value())) {
            ++nUnknown;
        } else if (auto* b = std::get_if<UciBestMove>(&r.value())) {
            ++nBest;
            bm = *b;
        }
    }
    QCOMPARE(nInfo, infos);
    QCOMPARE(nOption, options);
    QCOMPARE(nUnknown, unknown);
    QCOMPARE(nBest, best.isEmpty() ? 0 : 1);
    QCOMPARE(bm.move, best);
    QCOMPARE(bm.ponder, ponder);
    QCOMPARE(bm.isNone(), best == QLatin1String("(none)"));
    QCOMPARE(multiPv, maxMultiPv);
    QCOMPARE(depth, lastDepth);
}

// Selected lines, addressed by file and 1-based line number, with every field checked.
void TstUciParser::infoLines_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("lineNo");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("selDepth");
    QTest::addColumn<int>("multiPv");
    QTest::addColumn<bool>("mate");
    QTest::addColumn<int>("score");
    QTest::addColumn<int>("bound");       // 0 exact, 1 lower, 2 upper
    QTest::addColumn<QList<int>>("wdl");  // empty: none
    QTest::addColumn<qint64>("nodes");
    QTest::addColumn<qint64>("nps");
    QTest::addColumn<int>("hashFull");
    QTest::addColumn<qint64>("timeMs");
    QTest::addColumn<QStringList>("pv");

    QTest::newRow("multipv 1 depth 1") << "sf15_multipv3_wdl.txt" << 29 << 1 << 1 << 1 << false << 16 << 0
                                       << QList<int>{19, 977, 4} << qint64(88) << qint64(44000) << 0 << qint64(2)
                                       << QStringList{"g1f3"};
    QTest::newRow("multipv 3 depth 12")
        << "sf15_multipv3_wdl.txt" << 64 << 12 << 15 << 3 << false << 6 << 0 << QList<int>{12, 982, 6} << qint64(112616)
        << qint64(557504) << 53 << qint64(202)
        << QString("f1c4 g8f6 b1c3 b8c6 d2d3 f8b4 g1e2 d7d5 e4d5 f6d5 e1g1 d5c3").split(' ');
    QTest::newRow("mate 1, no wdl") << "sf15_mate_white.txt" << 47 << 10 << 2 << 1 << true << 1 << 0 << QList<int>{}
                                    << qint64(6045) << qint64(431785) << 1 << qint64(14) << QStringList{"h5f7"};
    QTest::newRow("negative cp multipv 2")
        << "sf15_mate_white.txt" << 48 << 10 << 11 << 2 << false << -130 << 0 << QList<int>{} << qint64(6045)
        << qint64(431785) << 1 << qint64(14) << QString("h5f3 c6d4 f3d1 f6e4 g1e2 d7d5 e2d4 e5d4 c4e2 d8g5").split(' ');
    QTest::newRow("mate -2 with wdl") << "sf15_mated_in_n.txt" << 34 << 6 << 5 << 1 << true << -2 << 0
                                      << QList<int>{0, 0, 1000} << qint64(138) << qint64(138000) << 0 << qint64(1)
                                      << QString("a1a2 g1f2 a2a1 f2b2").split(' ');
    QTest::newRow("lowerbound after wdl")
        << "sf15_bounds.txt" << 51 << 23 << 29 << 1 << false << 63 << 1 << QList<int>{128, 872, 0} << qint64(1512406)
        << qint64(482734) << 505 << qint64(3133) << QStringList{"c2f5"};
    QTest::newRow("upperbound after wdl")
        << "sf15_bounds.txt" << 63 << 24 << 33 << 1 << false << 56 << 2 << QList<int>{90, 910, 0} << qint64(1784123)
        << qint64(474374) << 579 << qint64(3761) << QStringList{"c2f5", "d5f5"};
}

void TstUciParser::infoLines() {
    QFETCH(QString, file);
    QFETCH(int, lineNo);
    const QStringList lines = readLines(file);
    QVERIFY(lineNo <= lines.size());
    auto r = parseUciLine(lines[lineNo - 1]);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const auto* info = std::get_if<UciInfo>(&r.value());
    QVERIFY(info);

    QFETCH(int, depth);
    QFETCH(int, selDepth);
    QFETCH(int, multiPv);
    QFETCH(bool, mate);
    QFETCH(int, score);
    QFETCH(int, bound);
    QFETCH(QList<int>, wdl);
    QFETCH(qint64, nodes);
    QFETCH(qint64, nps);
    QFETCH(int, hashFull);
    QFETCH(qint64, timeMs);
    QFETCH(QStringList, pv);
    QCOMPARE(info->depth.value_or(-1), depth);
    QCOMPARE(info->selDepth.value_or(-1), selDepth);
    QCOMPARE(info->multiPv.value_or(-1), multiPv);
    QVERIFY(info->score.has_value());
    QCOMPARE(info->score->isMate(), mate);
    QCOMPARE(info->score->value, score);
    QCOMPARE(int(info->score->bound), bound);
    QCOMPARE(info->wdl.has_value(), !wdl.isEmpty());
    if (info->wdl) {
        QCOMPARE(info->wdl->win, wdl[0]);
        QCOMPARE(info->wdl->draw, wdl[1]);
        QCOMPARE(info->wdl->loss, wdl[2]);
    }
    QCOMPARE(qint64(info->nodes.value_or(-1)), nodes);
    QCOMPARE(qint64(info->nps.value_or(-1)), nps);
    QCOMPARE(info->hashFull.value_or(-1), hashFull);
    QCOMPARE(qint64(info->tbHits.value_or(-1)), qint64(0));
    QCOMPARE(qint64(info->timeMs.value_or(-1)), timeMs);
    QCOMPARE(info->pv, pv);
    QVERIFY(info->string.isEmpty());
}

void TstUciParser::currMoveAndString() {
    const QStringList lines = readLines(QStringLiteral("sf15_bounds.txt"));
    QVERIFY(lines.size() >= 53);
    auto cm = parseUciLine(lines[52]);  // "info depth 22 currmove g6f5 currmovenumber 2"
    QVERIFY(cm.ok());
    const auto& info = std::get<UciInfo>(cm.value());
    QCOMPARE(info.depth.value_or(-1), 22);
    QCOMPARE(info.currMove, QStringLiteral("g6f5"));
    QCOMPARE(info.currMoveNumber.value_or(-1), 2);
    QVERIFY(!info.score.has_value());
    QVERIFY(info.pv.isEmpty());

    auto str = parseUciLine(lines[27]);
    QVERIFY(str.ok());
    QCOMPARE(std::get<UciInfo>(str.value()).string,
             QStringLiteral("NNUE evaluation using nn-ad9b42354671.nnue enabled"));
    QVERIFY(!std::get<UciInfo>(str.value()).depth.has_value());
}

void TstUciParser::options_data() {
    QTest::addColumn<int>("lineNo");  // in sf15_uci_handshake.txt
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("defaultValue");
    QTest::addColumn<qint64>("min");  // -1: none
    QTest::addColumn<qint64>("max");

    QTest::newRow("string, empty default, spaces in name")
        << 5 << "Debug Log File" << int(UciOption::Type::String) << QString() << qint64(-1) << qint64(-1);
    QTest::newRow("Threads") << 6 << "Threads" << int(UciOption::Type::Spin) << "1" << qint64(1) << qint64(1024);
    QTest::newRow("Hash") << 7 << "Hash" << int(UciOption::Type::Spin) << "16" << qint64(1) << qint64(33554432);
    QTest::newRow("button") << 8 << "Clear Hash" << int(UciOption::Type::Button) << QString() << qint64(-1)
                            << qint64(-1);
    QTest::newRow("MultiPV") << 10 << "MultiPV" << int(UciOption::Type::Spin) << "1" << qint64(1) << qint64(500);
    QTest::newRow("UCI_LimitStrength") << 17 << "UCI_LimitStrength" << int(UciOption::Type::Check) << "false"
                                       << qint64(-1) << qint64(-1);
    QTest::newRow("UCI_Elo") << 18 << "UCI_Elo" << int(UciOption::Type::Spin) << "1350" << qint64(1350) << qint64(2850);
    QTest::newRow("SyzygyPath") << 20 << "SyzygyPath" << int(UciOption::Type::String) << "<empty>" << qint64(-1)
                                << qint64(-1);
}

void TstUciParser::options() {
    QFETCH(int, lineNo);
    QFETCH(QString, name);
    QFETCH(int, type);
    QFETCH(QString, defaultValue);
    QFETCH(qint64, min);
    QFETCH(qint64, max);
    const QStringList lines = readLines(QStringLiteral("sf15_uci_handshake.txt"));
    auto r = parseUciLine(lines.value(lineNo - 1));
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const auto* opt = std::get_if<UciOption>(&r.value());
    QVERIFY(opt);
    QCOMPARE(opt->name, name);
    QCOMPARE(int(opt->type), type);
    QCOMPARE(opt->defaultValue, defaultValue);
    QCOMPARE(qint64(opt->min.value_or(-1)), min);
    QCOMPARE(qint64(opt->max.value_or(-1)), max);

    // A combo, which Stockfish 15.1 does not declare (the UCI spec's own example).
    auto combo = parseOption(u"name Style type combo default Normal var Solid var Normal var Risky");
    QVERIFY(combo.ok());
    QCOMPARE(combo->vars, (QStringList{"Solid", "Normal", "Risky"}));
    QCOMPARE(combo->defaultValue, QStringLiteral("Normal"));
}

void TstUciParser::idAndAcks() {
    const QStringList lines = readLines(QStringLiteral("sf15_uci_handshake.txt"));
    QVERIFY(lines.size() >= 27);
    auto name = parseUciLine(lines[1]);
    QVERIFY(name.ok());
    QCOMPARE(std::get<UciId>(name.value()).value, QStringLiteral("Stockfish 15.1"));
    QCOMPARE(std::get<UciId>(name.value()).field, UciId::Field::Name);
    auto author = parseUciLine(lines[2]);
    QVERIFY(author.ok());
    QCOMPARE(std::get<UciId>(author.value()).field, UciId::Field::Author);
    QVERIFY(std::holds_alternative<UciUnknown>(parseUciLine(lines[0]).value()));  // the banner
    QVERIFY(std::holds_alternative<UciUciOk>(parseUciLine(lines[25]).value()));
    QVERIFY(std::holds_alternative<UciReadyOk>(parseUciLine(lines[26]).value()));
    QVERIFY(std::holds_alternative<UciReadyOk>(parseUciLine(u"readyok\r").value()));  // CRLF engines
}

// Malformed lines: each is an error whose message names the offending token.
void TstUciParser::garbage_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("mentions");

    QTest::newRow("depth not a number") << "info depth x nodes 5"
                                        << "'depth' expects an integer, got 'x'";
    QTest::newRow("depth at end") << "info depth"
                                  << "'depth' expects an integer, got end of line";
    QTest::newRow("nodes overflow text") << "info nodes 12ab"
                                         << "'12ab'";
    QTest::newRow("negative nodes") << "info nodes -5"
                                    << "'nodes' must be between 0 and 9223372036854775807, got '-5'";
    // Found by fuzz_uci (a Stockfish info line with "depth -1"); a count past int's range is refused, not wrapped.
    QTest::newRow("negative depth") << "info depth -1 seldepth 13 multipv 2 score cp 16"
                                    << "'depth' must be between 0 and 2147483647, got '-1'";
    QTest::newRow("depth wraps") << "info depth 4294967295"
                                 << "'depth' must be between 0 and 2147483647, got '4294967295'";
    QTest::newRow("multipv wraps to 1") << "info multipv 4294967297"
                                        << "'multipv' must be between 1 and 2147483647";
    QTest::newRow("negative seldepth") << "info seldepth -3"
                                       << "'seldepth' must be between 0";
    QTest::newRow("score kind") << "info depth 3 score pawns 12"
                                << "'pawns'";
    QTest::newRow("score value") << "info score cp twelve"
                                 << "'twelve'";
    QTest::newRow("score truncated") << "info score cp"
                                     << "'score' expects";
    QTest::newRow("bound without score") << "info depth 3 lowerbound"
                                         << "'lowerbound' must follow";
    QTest::newRow("wdl short") << "info wdl 1 2"
                               << "'wdl' expects three";
    QTest::newRow("wdl negative") << "info wdl 1 -2 3"
                                  << "'-2'";
    QTest::newRow("multipv zero") << "info multipv 0"
                                  << "'multipv' must be between 1 and 2147483647, got '0'";
    // Found by fuzz_uci (a Stockfish option line with one digit of min changed).
    QTest::newRow("spin min above max") << "option name UCI_Elo type spin default 1350 min 9350 max 2850"
                                        << "spin 'UCI_Elo' has min 9350 above max 2850";
    QTest::newRow("pv bad move") << "info depth 2 pv e2e4 e7e9"
                                 << "'e7e9'";
    QTest::newRow("pv empty") << "info depth 2 pv"
                              << "'pv' expects at least one move";
    QTest::newRow("currmove bad") << "info currmove zz"
                                  << "'zz'";
    QTest::newRow("unknown info token") << "info depth 3 frobnicate 7"
                                        << "unknown token 'frobnicate'";
    QTest::newRow("bestmove empty") << "bestmove"
                                    << "bestmove: expects a move";
    QTest::newRow("bestmove bad") << "bestmove e2-e4"
                                  << "'e2-e4'";
    QTest::newRow("bestmove junk after") << "bestmove e2e4 maybe d7d5"
                                         << "'maybe'";
    QTest::newRow("ponder missing") << "bestmove e2e4 ponder"
                                    << "'ponder' expects a move";
    QTest::newRow("option without type") << "option name Hash default 16"
                                         << "missing 'type'";
    QTest::newRow("option bad type") << "option name Hash type spinner default 1"
                                     << "'spinner'";
    QTest::newRow("option spin default") << "option name Hash type spin default big"
                                         << "'big'";
    QTest::newRow("option check default") << "option name Ponder type check default maybe"
                                          << "'maybe'";
    QTest::newRow("option min") << "option name Hash type spin default 1 min low"
                                << "'low'";
    QTest::newRow("id field") << "id version 3"
                              << "'version'";
    QTest::newRow("uciok trailing") << "uciok please"
                                    << "'please'";
}

void TstUciParser::garbage() {
    QFETCH(QString, line);
    QFETCH(QString, mentions);
    auto r = parseUciLine(line);
    QVERIFY2(!r.ok(), qPrintable(line));
    const QString msg = QString::fromStdString(r.error().message);
    QVERIFY2(msg.contains(mentions), qPrintable(msg));
    QCOMPARE(r.error().code, kibitz::ErrorCode::InvalidInput);
}

QTEST_APPLESS_MAIN(TstUciParser)
#include "tst_uci_parser.moc"
