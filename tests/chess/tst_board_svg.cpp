// SPDX-License-Identifier: GPL-3.0-or-later
// Boards drawn as SVG for reports: the twelve pieces built in from resources/pieces, each piece of a real position
// (Lichess puzzle 0000D) on its square from either side, the last move's squares, arrows ending in their target
// square, coordinates, and an escaped title; every piece of output well-formed XML.
#include "core/chess/board_svg.h"
#include "core/chess/notation.h"

#include <QFile>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <vector>

using namespace kibitz;
using namespace kibitz::chess;

namespace {

// Lichess puzzle 0000D's position: White Kg1 Qd3 Rd1 Nf3 and pawns a2 b3 f2 g2 h2; Black Kg8 Qb6 Rf8 Bf6 and pawns
// a6 b7 f7 g7 h7.
const char* kFen = "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27";

struct Element {
    QString name;
    QXmlStreamAttributes attributes;
    QString text;
};

/// Every element of `xml` in document order; fails the test when it is not well-formed.
std::vector<Element> elementsOf(const std::string& xml) {
    std::vector<Element> out;
    QXmlStreamReader r(QString::fromStdString(xml));
    while (!r.atEnd()) {
        r.readNext();
        if (r.isStartElement()) out.push_back({r.name().toString(), r.attributes(), {}});
        if (r.isCharacters() && !out.empty()) out.back().text += r.text();
    }
    if (r.hasError()) qWarning("%s", qPrintable(r.errorString()));
    return r.hasError() ? std::vector<Element>{} : out;
}

double number(const Element& e, const char* attribute) {
    return e.attributes.value(QLatin1String(attribute)).toDouble();
}

}  // namespace

class TstBoardSvg : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defsHoldEveryPiece() {
        const auto elements = elementsOf(boardSvgDefs());
        QVERIFY(!elements.empty());
        std::map<QString, int> symbols;
        QString current;
        for (const Element& e : elements) {
            if (e.name == QLatin1String("symbol")) {
                current = e.attributes.value(QLatin1String("id")).toString();
                symbols[current] = 0;
                QCOMPARE(e.attributes.value(QLatin1String("viewBox")).toString(), QStringLiteral("0 0 45 45"));
            } else if (e.name == QLatin1String("pattern")) {
                current.clear();
            } else if (!current.isEmpty() && (e.name == QLatin1String("path") || e.name == QLatin1String("rect") ||
                                              e.name == QLatin1String("circle"))) {
                ++symbols[current];
            }
        }
        QCOMPARE(int(symbols.size()), 12);
        for (const char* piece : {"wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"}) {
            const QString id = QStringLiteral("kibitz-") + QLatin1String(piece);
            QVERIFY2(symbols.count(id) && symbols[id] > 0, qPrintable(id + " has no drawing"));
        }
        // The drawing is the piece file's own (resources/pieces), not a copy of it.
        QFile knight(QStringLiteral(KIBITZ_TEST_DATA_DIR "/../../resources/pieces/wN.svg"));
        QVERIFY(knight.open(QIODevice::ReadOnly));
        const QByteArray file = knight.readAll();
        const QByteArray path =
            file.mid(file.indexOf("<path"), file.indexOf("/>", file.indexOf("<path")) - file.indexOf("<path"));
        QVERIFY(!path.isEmpty());
        QVERIFY(boardSvgDefs().find(path.toStdString()) != std::string::npos);
    }

    void piecesOnTheirSquares_data() {
        QTest::addColumn<bool>("whiteBelow");
        QTest::newRow("White at the bottom") << true;
        QTest::newRow("Black at the bottom") << false;
    }

    void piecesOnTheirSquares() {
        QFETCH(bool, whiteBelow);
        const Position pos = Position::fromFen(kFen).value();
        BoardSvgOptions o;
        o.size = 240;
        o.bottom = whiteBelow ? White : Black;
        const auto elements = elementsOf(boardSvg(pos, o));
        QVERIFY(!elements.empty());
        std::map<QString, std::vector<std::pair<int, int>>> placed;  // piece -> (column, row) from the top left
        QString files, ranks;
        for (const Element& e : elements) {
            if (e.name == QLatin1String("use")) {
                QCOMPARE(number(e, "width"), 30.0);
                placed[e.attributes.value(QLatin1String("href")).toString().mid(8)].push_back(
                    {int(number(e, "x") / 30), int(number(e, "y") / 30)});
            }
            if (e.attributes.value(QLatin1String("class")) == QLatin1String("coord"))
                (e.text.front().isLetter() ? files : ranks) += e.text;
        }
        int pieces = 0;
        for (const auto& [name, at] : placed) pieces += int(at.size());
        QCOMPARE(pieces, 18);
        QCOMPARE(placed[QStringLiteral("wP")].size(), std::size_t(5));
        QCOMPARE(placed[QStringLiteral("bP")].size(), std::size_t(5));
        // g1 and g8 for the kings, d3 for the white queen, b6 for the black one: column from a (or h), row from 8
        // (or 1).
        auto at = [&](int file, int rank) {
            return whiteBelow ? std::pair{file, 7 - rank} : std::pair{7 - file, rank};
        };
        QCOMPARE(placed[QStringLiteral("wK")].front(), at(6, 0));
        QCOMPARE(placed[QStringLiteral("bK")].front(), at(6, 7));
        QCOMPARE(placed[QStringLiteral("wQ")].front(), at(3, 2));
        QCOMPARE(placed[QStringLiteral("bQ")].front(), at(1, 5));
        QCOMPARE(placed[QStringLiteral("bB")].front(), at(5, 5));
        QCOMPARE(placed.count(QStringLiteral("wB")), std::size_t(0));
        // Files left to right along the bottom, ranks top to bottom down the side, as the viewer sees them.
        QCOMPARE(files, whiteBelow ? QStringLiteral("abcdefgh") : QStringLiteral("hgfedcba"));
        QCOMPARE(ranks, whiteBelow ? QStringLiteral("87654321") : QStringLiteral("12345678"));
    }

    void lastMoveAndArrows() {
        const Position before = Position::fromFen(kFen).value();
        const Move setup = parseUci(before, "d3d6").value();
        Position faced = before.snapshot();
        faced.makeMove(setup);
        BoardSvgOptions o;
        o.size = 200;
        o.bottom = Black;
        o.lastMove = setup;
        o.title = "27... Rd8 <best> & \"played\"";
        const Move best = parseUci(faced, "f8d8").value(), played = parseUci(faced, "b6f2").value();
        o.arrows = {{played, "#c0392b"}, {best, "#2e8b57"}};
        const std::string svg = boardSvg(faced, o);
        const auto elements = elementsOf(svg);
        QVERIFY(!elements.empty());
        QCOMPARE(elements.front().name, QStringLiteral("svg"));
        const double sq = 25;
        // From Black's side a square (file, rank) has its top-left corner at ((7 - file) sq, rank sq).
        auto corner = [&](Square s) { return std::pair{(7 - fileOf(s)) * sq, rankOf(s) * sq}; };
        std::vector<std::pair<double, double>> tinted;
        std::vector<QString> arrowColours;
        std::vector<std::pair<double, double>> tips;
        QString title;
        for (std::size_t i = 0; i < elements.size(); ++i) {
            const Element& e = elements[i];
            if (e.name == QLatin1String("rect") &&
                e.attributes.value(QLatin1String("fill")).startsWith(QLatin1String("rgba")))
                tinted.push_back({number(e, "x"), number(e, "y")});
            if (e.attributes.value(QLatin1String("class")) == QLatin1String("arrow"))
                arrowColours.push_back(e.attributes.value(QLatin1String("fill")).toString());
            if (e.name == QLatin1String("polygon")) {
                const QStringList first =
                    e.attributes.value(QLatin1String("points")).toString().split(' ').front().split(',');
                tips.push_back({first[0].toDouble(), first[1].toDouble()});
            }
            if (e.name == QLatin1String("title")) title = e.text;
        }
        QCOMPARE(tinted.size(), std::size_t(2));
        QCOMPARE(tinted[0], corner(D3));
        QCOMPARE(tinted[1], corner(D6));
        QCOMPARE(arrowColours, (std::vector<QString>{QStringLiteral("#c0392b"), QStringLiteral("#2e8b57")}));
        // Each head's tip inside its target square (f2 for the played move, d8 for the best).
        int k = 0;
        for (const Square target : {F2, D8}) {
            const auto [x, y] = corner(target);
            QVERIFY2(tips[std::size_t(k)].first > x && tips[std::size_t(k)].first < x + sq &&
                         tips[std::size_t(k)].second > y && tips[std::size_t(k)].second < y + sq,
                     qPrintable(QStringLiteral("arrow %1 ends outside its square").arg(k)));
            ++k;
        }
        QCOMPARE(title, QString::fromStdString(o.title));
        QVERIFY(svg.find("&lt;best&gt; &amp; &quot;played&quot;") != std::string::npos);
    }
};

QTEST_MAIN(TstBoardSvg)
#include "tst_board_svg.moc"
