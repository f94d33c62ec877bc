// SPDX-License-Identifier: GPL-3.0-or-later
// Variations end to end in the chess core: PgnReader keeps (and checks) nested variations with their comments and
// NAGs, writePgn writes them back, GameTree holds them and edits them (add, promote, remove) as the GUI does.
// The game is Morphy's Opera Game (1858) with variations written and checked by hand (tests/data/PROVENANCE.md).
#include "core/chess/game_tree.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTest>

using namespace kibitz;
using namespace kibitz::chess;

namespace {

const char* const kOpera = KIBITZ_TEST_DATA_DIR "/pgn/opera_annotated.pgn";

PgnGame readOne(const std::string& path, bool keep = true) {
    auto reader = PgnReader::open(path);
    if (!reader) qFatal("cannot open %s", path.c_str());
    reader.value()->setKeepVariations(keep);
    PgnGame g;
    if (!reader.value()->next(g))
        qFatal("no game in %s: %s", path.c_str(), reader.value()->lastSkip().message().c_str());
    return g;
}

std::vector<PgnGame> readText(const std::string& text, std::vector<PgnSkip>* skips = nullptr) {
    PgnReader reader(TextInput::fromString(text, "inline.pgn"));
    reader.setOnSkip([skips](const PgnSkip& s) {
        if (skips) skips->push_back(s);
    });
    std::vector<PgnGame> games;
    PgnGame g;
    while (reader.next(g)) games.push_back(g);
    return games;
}

QString sans(const std::vector<PgnMove>& moves) {
    QStringList l;
    for (const auto& m : moves) l << QString::fromStdString(m.san);
    return l.join(QLatin1Char(' '));
}

/// Two move lists agree in moves, NAGs, comments, clocks and (recursively) variations.
void compareLines(const std::vector<PgnMove>& a, const std::vector<PgnMove>& b, const QString& where) {
    QCOMPARE(int(a.size()), int(b.size()));
    for (std::size_t i = 0; i < a.size(); ++i) {
        const QString at = where + QStringLiteral(" move %1 (%2)").arg(i + 1).arg(QString::fromStdString(a[i].san));
        QVERIFY2(a[i].move == b[i].move, qPrintable(at));
        QVERIFY2(a[i].nags == b[i].nags, qPrintable(at));
        QVERIFY2(a[i].comment == b[i].comment, qPrintable(at + " comment: " + QString::fromStdString(b[i].comment)));
        QVERIFY2(a[i].clockSeconds == b[i].clockSeconds, qPrintable(at));
        QVERIFY2(a[i].variations.size() == b[i].variations.size(), qPrintable(at));
        for (std::size_t v = 0; v < a[i].variations.size(); ++v) {
            QVERIFY2(a[i].variations[v].preComment == b[i].variations[v].preComment, qPrintable(at));
            compareLines(a[i].variations[v].moves, b[i].variations[v].moves,
                         at + QStringLiteral(" variation %1").arg(v + 1));
            if (QTest::currentTestFailed()) return;
        }
    }
}

}  // namespace

class TestPgnVariations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The move tree is recursive, so a game nested 70,000 deep crashed whatever copied or freed it. The
    // reader keeps up to kMaxVariationDepth levels and skips a deeper game, naming its line; the next game is read.
    void variationDepthIsBounded() {
        auto nested = [](int depth) {
            std::string s = "[Event \"deep\"]\n[Result \"*\"]\n\n1. e4\n";
            for (int i = 0; i < depth; ++i) s += "( 1. d4 ";
            for (int i = 0; i < depth; ++i) s += ") ";
            return s + "1... e5 *\n\n";
        };
        const std::string next = "[Event \"next\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
        std::vector<PgnSkip> skips;
        auto games = readText(
            nested(PgnReader::kMaxVariationDepth) + nested(PgnReader::kMaxVariationDepth + 1) + nested(100000) + next,
            &skips);
        QCOMPARE(games.size(), std::size_t(2));
        // The first game keeps every level: 200 alternatives, each inside the one before.
        int depth = 0;
        for (const PgnMove* m = &games[0].moves[0]; !m->variations.empty(); m = &m->variations[0].moves[0]) ++depth;
        QCOMPARE(depth, PgnReader::kMaxVariationDepth);
        QCOMPARE(games[1].tag("Event"), std::string("next"));
        QCOMPARE(skips.size(), std::size_t(2));
        for (const PgnSkip& s : skips) {
            QCOMPARE(s.reason.rfind("variations nested deeper than 200 levels", 0), std::size_t(0));
            QCOMPARE(s.file, std::string("inline.pgn"));
        }
        QCOMPARE(skips[0].line, std::int64_t(11));  // the 201st '(' of the second game
        QCOMPARE(skips[1].line, std::int64_t(17));  // the third game's moves
        // Copying and freeing the deepest game the reader keeps stays far from the stack's end.
        const PgnGame copy = games[0];
        QCOMPARE(copy.moves[0].variations.size(), std::size_t(1));
    }

    void readsNestedVariations() {
        const PgnGame g = readOne(kOpera);
        QCOMPARE(sans(g.moves), QStringLiteral("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 "
                                               "Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ "
                                               "Nxb8 Rd8#"));
        QCOMPARE(g.result, std::string("1-0"));
        QCOMPARE(g.preComment, std::string("The Opera Game."));
        QCOMPARE(g.moves[3].comment, std::string("Philidor's Defence."));
        // 3... Bg4 $2 has two alternatives; the first opens with a comment and holds a variation of its own.
        const PgnMove& bg4 = g.moves[5];
        QCOMPARE(bg4.nags, std::vector<int>{2});
        QCOMPARE(int(bg4.variations.size()), 2);
        QCOMPARE(bg4.variations[0].preComment, std::string("Better:"));
        QCOMPARE(sans(bg4.variations[0].moves), QStringLiteral("exd4 Nxd4 Nf6 Nc3"));
        QCOMPARE(int(bg4.variations[0].moves[2].variations.size()), 1);
        QCOMPARE(sans(bg4.variations[0].moves[2].variations[0].moves), QStringLiteral("g6"));
        QCOMPARE(sans(bg4.variations[1].moves), QStringLiteral("Nd7"));
        // 4... Bxf3 (4... dxe5 ... 6. Nxe5 {wins a pawn.})
        QCOMPARE(int(g.moves[7].variations.size()), 1);
        QCOMPARE(sans(g.moves[7].variations[0].moves), QStringLiteral("dxe5 Qxd8+ Kxd8 Nxe5"));
        QCOMPARE(g.moves[7].variations[0].moves[3].comment, std::string("wins a pawn."));
        // 7... Qe7 (7... Qd7 8. Qxb7 Qc6 (8... Qd6) 9. Bb5)
        QCOMPARE(sans(g.moves[13].variations[0].moves), QStringLiteral("Qd7 Qxb7 Qc6 Bb5"));
        QCOMPARE(sans(g.moves[13].variations[0].moves[2].variations[0].moves), QStringLiteral("Qd6"));
        // 15... Nxd7 (15... Qxd7 {...} 16. Qb8+ Ke7 17. Qxe5+ {...})
        const PgnVariation& qxd7 = g.moves[29].variations[0];
        QCOMPARE(sans(qxd7.moves), QStringLiteral("Qxd7 Qb8+ Ke7 Qxe5+"));
        QCOMPARE(qxd7.moves[0].comment, std::string("the queen takes back instead"));
        QCOMPARE(qxd7.moves[3].comment, std::string("and mates soon."));
        // NAGs on the main line after the variations.
        QCOMPARE(g.moves[17].nags, std::vector<int>{6});
        QCOMPARE(g.moves[18].nags, std::vector<int>{1});
        QCOMPARE(g.moves[30].nags, std::vector<int>{3});
        QVERIFY(g.moves[32].variations.empty());
    }

    void mainLineOnlyWhenNotKept() {
        const PgnGame kept = readOne(kOpera, true);
        const PgnGame dropped = readOne(kOpera, false);
        QCOMPARE(sans(dropped.moves), sans(kept.moves));
        for (const PgnMove& m : dropped.moves) QVERIFY(m.variations.empty());
        // Comments and NAGs of the main line are the same either way; those inside variations are not leaked.
        QCOMPARE(dropped.moves[3].comment, kept.moves[3].comment);
        QCOMPARE(dropped.moves[29].comment, std::string());
        QCOMPARE(dropped.moves[5].nags, kept.moves[5].nags);
    }

    void variationMovesAreChecked_data() {
        QTest::addColumn<QByteArray>("pgn");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("line");
        QTest::newRow("illegal move in a variation")
            << QByteArray("[Event \"v\"]\n\n1. e4 e5\n(1... Ke5 2. Nf3) 2. Nf3 *\n")
            << "illegal move 'Ke5' at 1... in a variation" << 4;
        QTest::newRow("illegal move in a nested variation")
            << QByteArray("[Event \"v\"]\n\n1. d4 (1. e4 e5 (1... c5 2. Bc5)) 1... d5 *\n")
            << "illegal move 'Bc5' at 2. in a variation" << 3;
        QTest::newRow("variation before any move of its line") << QByteArray("[Event \"v\"]\n\n1. d4 ((1. e4)) d5 *\n")
                                                               << "variation before the first move of its line" << 3;
    }
    void variationMovesAreChecked() {
        QFETCH(QByteArray, pgn);
        QFETCH(QString, reason);
        QFETCH(int, line);
        std::vector<PgnSkip> skips;
        // The bad game is skipped with its place; the next game still reads.
        const auto games = readText(pgn.toStdString() + "\n[Event \"next\"]\n\n1. c4 *\n", &skips);
        QCOMPARE(int(games.size()), 1);
        QCOMPARE(sans(games[0].moves), QStringLiteral("c4"));
        QCOMPARE(int(skips.size()), 1);
        QVERIFY2(QString::fromStdString(skips[0].reason).contains(reason), skips[0].reason.c_str());
        QCOMPARE(int(skips[0].line), line);
    }

    void writerLayout() {
        const auto games = readText("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 $1 {good} (1... c5) 2. Nf3 *\n");
        QCOMPARE(int(games.size()), 1);
        const std::string text = writePgn(games[0]);
        const std::string movetext = text.substr(text.find("\n\n") + 2);
        QCOMPARE(movetext,
                 std::string("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 $1 { good } (1... c5) 2. Nf3 *\n"));
    }

    void writeReadRoundTrip() {
        const PgnGame g = readOne(kOpera);
        const std::string text = writePgn(g);
        const auto back = readText(text);
        QCOMPARE(int(back.size()), 1);
        QCOMPARE(back[0].preComment, g.preComment);
        QCOMPARE(back[0].result, g.result);
        QCOMPARE(back[0].tag("White"), g.tag("White"));
        compareLines(g.moves, back[0].moves, QStringLiteral("main line"));
        // Lines stay within 80 columns.
        for (const QString& l : QString::fromStdString(text).split(QLatin1Char('\n')))
            QVERIFY2(l.size() <= 80, qPrintable(l));
        // And the file written atomically reads back the same.
        const std::string path = QDir::tempPath().toStdString() + "/kibitz-tst-pgn-variations.pgn";
        QVERIFY(writePgnFile(path, {g, back[0]}).ok());
        auto reader = PgnReader::open(path);
        QVERIFY(reader.ok());
        PgnGame again;
        int n = 0;
        while (reader.value()->next(again)) {
            compareLines(g.moves, again.moves, QStringLiteral("file game %1").arg(++n));
            if (QTest::currentTestFailed()) return;
        }
        QCOMPARE(n, 2);
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".tmp")));
        QFile::remove(QString::fromStdString(path));
        QVERIFY(!writePgnFile("/nonexistent-dir/x.pgn", {g}).ok());
    }

    void treeHoldsTheGame() {
        const PgnGame g = readOne(kOpera);
        auto built = GameTree::fromPgn(g);
        QVERIFY(built.ok());
        GameTree& tree = built.value();
        // 33 main-line moves and 19 in variations (4 + 1 + 1, 4, 4 + 1, 4).
        QCOMPARE(tree.moveCount(), 52);
        QVERIFY(tree.hasVariations());
        QVERIFY(tree.hasComments());
        PgnGame back = g;
        tree.toPgn(back);
        QCOMPARE(back.preComment, g.preComment);
        compareLines(g.moves, back.moves, QStringLiteral("tree"));

        // Walk to 5. Nc3 in the first alternative to 3... Bg4: the position, worked out on a board.
        const std::vector<GameTree::NodeId> main = tree.lineThrough(GameTree::kRoot);
        QCOMPARE(int(main.size()), 33);
        const GameTree::NodeId d4 = main[4];
        const auto& alternatives = tree.node(d4).children;
        QCOMPARE(int(alternatives.size()), 3);  // Bg4, exd4, Nd7
        const GameTree::NodeId exd4 = alternatives[1];
        QCOMPARE(tree.node(exd4).san, std::string("exd4"));
        QCOMPARE(tree.node(exd4).preComment, std::string("Better:"));
        const std::vector<GameTree::NodeId> line = tree.lineThrough(exd4);
        QCOMPARE(int(line.size()), 9);
        QCOMPARE(tree.node(line.back()).san, std::string("Nc3"));
        QCOMPARE(tree.positionAt(line.back()).fen(),
                 std::string("rnbqkb1r/ppp2ppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5"));
        QCOMPARE(tree.variationStart(line.back()), exd4);
        QCOMPARE(tree.variationStart(main[20]), GameTree::kNone);
        QCOMPARE(tree.pathTo(line.back()), line);

        // Playing a move the tree has finds it; a new one becomes a variation; an illegal one is refused.
        const GameTree::NodeId nc3 = line.back();
        QCOMPARE(tree.addMove(d4, tree.node(exd4).move), exd4);
        const Move bb5 = parseUci(tree.positionAt(nc3), "f8e7").value();
        const GameTree::NodeId be7 = tree.addMove(nc3, bb5);
        QVERIFY(be7 != GameTree::kNone);
        QCOMPARE(tree.node(be7).san, std::string("Be7"));
        QCOMPARE(tree.node(nc3).children.front(), be7);  // the end of a line: it continues the line
        QCOMPARE(tree.addMove(nc3, Move(E2, E4)), GameTree::kNone);
        QCOMPARE(tree.moveCount(), 53);

        // Promote the line to the main line: every branch on its way now starts with it.
        QVERIFY(tree.promoteToMainLine(be7));
        QCOMPARE(tree.node(d4).children.front(), exd4);
        QCOMPARE(tree.node(d4).children[1], main[5]);  // 3... Bg4 is now the first alternative
        QCOMPARE(tree.lineThrough(GameTree::kRoot).back(), be7);
        QCOMPARE(tree.variationStart(be7), GameTree::kNone);
        QVERIFY(!tree.promoteToMainLine(be7));
        PgnGame promoted = g;
        tree.toPgn(promoted);
        QCOMPARE(sans(promoted.moves), QStringLiteral("e4 e5 Nf3 d6 d4 exd4 Nxd4 Nf6 Nc3 Be7"));
        QCOMPARE(sans(promoted.moves[5].variations[0].moves).left(18), QStringLiteral("Bg4 dxe5 Bxf3 Qxf3"));
        QCOMPARE(sans(promoted.moves[5].variations[1].moves), QStringLiteral("Nd7"));

        // Remove the old main line from 3... Bg4 on: 33 - 5 moves go, with the three variations inside it.
        const int before = tree.moveCount();
        QCOMPARE(tree.remove(main[5]), d4);
        QCOMPARE(tree.moveCount(), before - 28 - 4 - 4 - 1 - 4);
        QVERIFY(!tree.isValid(main[5]));
        QVERIFY(!tree.isValid(main[32]));
        QVERIFY(tree.isValid(be7));
        QCOMPARE(tree.remove(GameTree::kRoot), GameTree::kNone);
        QCOMPARE(tree.remove(main[5]), GameTree::kNone);
    }

    void treeRefusesAnIllegalGame() {
        PgnGame g = readOne(kOpera);
        g.moves[13].variations[0].moves[1].move = Move(E1, E3);  // 8. Qxb7 replaced by a move White cannot make there
        auto tree = GameTree::fromPgn(g);
        QVERIFY(!tree.ok());
        QVERIFY2(QString::fromStdString(tree.error().message).contains(QStringLiteral("8. Qxb7 is not legal")),
                 tree.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPgnVariations)
#include "tst_pgn_variations.moc"
