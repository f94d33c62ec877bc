// SPDX-License-Identifier: GPL-3.0-or-later
// Puzzle planes (seed 000): real Lichess puzzles, expected planes written by hand from the FEN and moves.
// Each row lists, for one board, the view squares set in each of the 16 planes; every other cell must be 0.
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"
#include "core/encoding/puzzle_encoder.h"

#include <QStringList>
#include <QTest>

using namespace kibitz;
using namespace kibitz::chess;
using namespace kibitz::encoding;

namespace {

const char* kHeader = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";

// White solves (Black's f6f5 is the setup) and promotes on the second solver move.
const char* kWhitePromotion =
    "01Dt6,3r2k1/1bqPn1pp/p3pp2/1pp3PQ/8/8/PPP4P/1K1R1R2 b - - 1 28,f6f5 h5e8 d8e8 d7e8q,1322,75,88,1903,"
    "advancedPawn kingsideAttack mate mateIn2 middlegame promotion short,https://lichess.org/rCyfbn1Z/black#56,";
// Black solves (board mirrored); White's reply is queenside castling e1c1.
const char* kBlackCastling =
    "00XPO,r2q1r1k/1pp3p1/1b2b2p/3n4/pP6/P1P2N1P/1BB2PP1/R2QK2R w KQ - 0 20,d1d3 e6f5 e1c1 f5d3,1673,75,94,763,"
    "crushing middlegame short,https://lichess.org/ybuM6OK3#39,";
// Black solves and promotes with a capture (f2xg1=Q#).
const char* kBlackPromotion =
    "00XoP,6r1/p6k/1p4rp/3q1Q2/8/P7/4Rp1P/5R1K w - - 0 37,f5d5 g6g1 f1g1 f2g1q,686,89,76,66,"
    "advancedPawn endgame mate mateIn2 promotion queenRookEndgame short,https://lichess.org/KLJMqvTZ#73,";
// White solves a three-move line.
const char* kWhiteLong =
    "000VW,r4r2/1p3pkp/p5p1/3R1N1Q/3P4/8/P1q2P2/3R2K1 b - - 3 25,g6f5 d5c5 c2e4 h5g5 g7h8 g5f6,2854,107,85,257,"
    "crushing endgame long,https://lichess.org/e9AY2m5j/black#50,";

Puzzle readPuzzle(const char* row) {
    PuzzleCsvReader reader(TextInput::fromString(std::string(kHeader) + row + "\n", "test.csv"));
    Puzzle p;
    if (!reader.next(p)) qFatal("test row did not parse: %s", row);
    return p;
}

/// 16 space-separated square lists, one per plane, "-" for an empty plane.
QStringList planes(std::initializer_list<const char*> lists) {
    QStringList out;
    for (const char* l : lists) out << QString::fromLatin1(l);
    return out;
}

}  // namespace

class TestPuzzleEncoder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void boardPlanes_data();
    void boardPlanes();
    void boardsAndMask_data();
    void boardsAndMask();
    void illegalLine_data();
    void illegalLine();
};

void TestPuzzleEncoder::boardPlanes_data() {
    QTest::addColumn<QString>("row");
    QTest::addColumn<int>("board");
    QTest::addColumn<QStringList>("expected");
    // Order: mover P N B R Q K, opponent P N B R Q K, prev from, prev to, next from, next to.
    QTest::newRow("white-promotion-B1") << kWhitePromotion << 0
                                        << planes({"a2 b2 c2 h2 d7 g5", "-", "-", "d1 f1", "h5", "b1",    //
                                                   "g7 h7 a6 e6 f5 b5 c5", "e7", "b7", "d8", "c7", "g8",  //
                                                   "f6", "f5", "h5", "e8"});
    QTest::newRow("white-promotion-B3") << kWhitePromotion << 1
                                        << planes({"a2 b2 c2 h2 d7 g5", "-", "-", "d1 f1", "-", "b1",     //
                                                   "g7 h7 a6 e6 f5 b5 c5", "e7", "b7", "e8", "c7", "g8",  //
                                                   "d8", "e8", "d7", "e8"});
    // Black solver: every square is rank-mirrored (d1 -> d8, h8 -> h1, ...).
    QTest::newRow("black-castling-B1") << kBlackCastling << 0
                                       << planes({"b2 c2 g2 h3 a5", "d4", "b3 e3", "a1 f1", "d1", "h1",     //
                                                  "b5 a6 c6 h6 f7 g7", "f6", "b7 c7", "a8 h8", "d6", "e8",  //
                                                  "d8", "d6", "e3", "f4"});
    QTest::newRow("black-castling-B3") << kBlackCastling << 1
                                       << planes({"b2 c2 g2 h3 a5", "d4", "b3 f4", "a1 f1", "d1", "h1",     //
                                                  "b5 a6 c6 h6 f7 g7", "f6", "b7 c7", "d8 h8", "d6", "c8",  //
                                                  "e8", "c8", "f4", "d6"});
    QTest::newRow("black-promotion-B1") << kBlackPromotion << 0
                                        << planes({"a2 b3 h3 f7", "-", "-", "g1 g3", "-", "h2",  //
                                                   "a6 h7", "-", "-", "e7 f8", "d4", "h8",       //
                                                   "f4", "d4", "g3", "g8"});
    QTest::newRow("black-promotion-B3") << kBlackPromotion << 1
                                        << planes({"a2 b3 h3 f7", "-", "-", "g1", "-", "h2",  //
                                                   "a6 h7", "-", "-", "e7 g8", "d4", "h8",    //
                                                   "f8", "g8", "f7", "g8"});
}

void TestPuzzleEncoder::boardPlanes() {
    QFETCH(QString, row);
    QFETCH(int, board);
    QFETCH(QStringList, expected);
    QCOMPARE(expected.size(), kPuzzlePlanes);
    const Puzzle p = readPuzzle(row.toLatin1().constData());
    auto enc = encodePuzzle(p);
    QVERIFY2(enc.ok(), enc.ok() ? "" : enc.error().message.c_str());
    const EncodedPuzzle& e = enc.value();
    QCOMPARE(e.maxBoards, kDefaultPuzzleBoards);
    QCOMPARE(int(e.planes.size()), kDefaultPuzzleBoards * kPuzzleBoardFloats);
    for (int plane = 0; plane < kPuzzlePlanes; ++plane) {
        bool want[64] = {};
        if (expected[plane] != QLatin1String("-")) {
            for (const QString& name : expected[plane].split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                const Square s = parseSquare(name.toStdString());
                QVERIFY2(s != NoSquare, qPrintable(name));
                want[s] = true;
            }
        }
        for (int s = 0; s < 64; ++s) {
            const float got = e.at(board, plane, Square(s));
            if (got != (want[s] ? 1.0f : 0.0f))
                QFAIL(qPrintable(QStringLiteral("plane %1 square %2: got %3, want %4")
                                     .arg(plane)
                                     .arg(QString::fromStdString(squareName(Square(s))))
                                     .arg(got)
                                     .arg(want[s] ? 1 : 0)));
        }
    }
}

void TestPuzzleEncoder::boardsAndMask_data() {
    QTest::addColumn<QString>("row");
    QTest::addColumn<int>("maxBoards");
    QTest::addColumn<int>("boards");
    QTest::addColumn<int>("solutionLength");
    QTest::addColumn<int>("solver");
    QTest::newRow("two-boards") << kWhitePromotion << 5 << 2 << 2 << int(White);
    QTest::newRow("black") << kBlackCastling << 5 << 2 << 2 << int(Black);
    QTest::newRow("three-boards") << kWhiteLong << 5 << 3 << 3 << int(White);
    QTest::newRow("capped-at-2") << kWhiteLong << 2 << 2 << 3 << int(White);
    QTest::newRow("capped-at-1") << kBlackPromotion << 1 << 1 << 2 << int(Black);
}

void TestPuzzleEncoder::boardsAndMask() {
    QFETCH(QString, row);
    QFETCH(int, maxBoards);
    QFETCH(int, boards);
    QFETCH(int, solutionLength);
    QFETCH(int, solver);
    const Puzzle p = readPuzzle(row.toLatin1().constData());
    auto enc = encodePuzzle(p, PuzzleEncoderOptions{maxBoards});
    QVERIFY(enc.ok());
    const EncodedPuzzle& e = enc.value();
    QCOMPARE(e.boards, boards);
    QCOMPARE(e.solutionLength, solutionLength);
    QCOMPARE(int(e.solver), solver);
    QCOMPARE(int(e.mask.size()), maxBoards);
    QCOMPARE(int(e.planes.size()), maxBoards * kPuzzleBoardFloats);
    for (int b = 0; b < maxBoards; ++b) {
        QCOMPARE(int(e.mask[std::size_t(b)]), b < boards ? 1 : 0);
        float sum = 0;
        for (int i = 0; i < kPuzzleBoardFloats; ++i) sum += e.planes[std::size_t(b * kPuzzleBoardFloats + i)];
        // A valid board has its pieces plus four move squares; padding boards are all zero.
        if (b < boards)
            QVERIFY(sum > 4.0f);
        else
            QCOMPARE(sum, 0.0f);
    }
    // The last valid board of the three-move line: 000VW, after ... h5g5 g7h8, White plays g5f6.
    if (boards == 3) {
        QCOMPARE(e.at(2, kPlanePrevFrom, G7), 1.0f);
        QCOMPARE(e.at(2, kPlanePrevTo, H8), 1.0f);
        QCOMPARE(e.at(2, kPlaneNextFrom, G5), 1.0f);
        QCOMPARE(e.at(2, kPlaneNextTo, F6), 1.0f);
        QCOMPARE(e.at(2, kPlaneOpponentPawn + 5, H8), 1.0f);  // opponent king
    }
}

void TestPuzzleEncoder::illegalLine_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("moves");
    QTest::addColumn<QString>("message");
    const QString fen = QStringLiteral("3r2k1/1bqPn1pp/p3pp2/1pp3PQ/8/8/PPP4P/1K1R1R2 b - - 1 28");
    QTest::newRow("one-move") << fen << "f6f5"
                              << "needs the setup move";
    QTest::newRow("illegal-solver-move") << fen << "f6f5 h5h8"
                                         << "move 2 'h5h8' is illegal";
    QTest::newRow("illegal-fourth") << fen << "f6f5 h5e8 d8e8 d1d8"
                                    << "move 4 'd1d8' is illegal";
}

void TestPuzzleEncoder::illegalLine() {
    QFETCH(QString, fen);
    QFETCH(QString, moves);
    QFETCH(QString, message);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos.ok());
    // Build the line move by move: moves that do not parse are taken as raw from/to squares.
    std::vector<Move> line;
    Position p = pos.value();
    for (const QString& m : moves.split(QLatin1Char(' '))) {
        auto mv = parseUci(p, m.toStdString());
        Move raw = mv.ok() ? mv.value()
                           : Move(parseSquare(m.left(2).toStdString()), parseSquare(m.mid(2, 2).toStdString()),
                                  m.size() == 5 ? Move::Promotion : Move::Normal, Queen);
        line.push_back(raw);
        if (mv.ok()) p.makeMove(raw);
    }
    auto enc = encodePuzzle(pos.value(), line);
    QVERIFY(!enc.ok());
    QCOMPARE(enc.error().code, ErrorCode::InvalidInput);
    QVERIFY2(QString::fromStdString(enc.error().message).contains(message), enc.error().message.c_str());
}

QTEST_APPLESS_MAIN(TestPuzzleEncoder)
#include "tst_puzzle_encoder.moc"
