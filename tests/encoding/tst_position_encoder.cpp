// SPDX-License-Identifier: GPL-3.0-or-later
// Encoder of the human-move model on real positions from tests/data/games_sample.pgn (Lichess, CC0):
// piece tokens, meta token, legal-move head indices and conditioning, in both board views; the training stream's
// keep rule and player balance cap.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/training/human_samples.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <string>

using namespace kibitz;
using namespace kibitz::chess;
using encoding::BoardView;
using encoding::EncodedPosition;

Q_DECLARE_METATYPE(kibitz::encoding::BoardView)

namespace {

struct Found {
    Position pos;
    Move played;
    bool ok = false;
};

/// First position of the sample games (replayed by the PGN reader) for which `pred(pos, played)` holds.
Found findPosition(const std::function<bool(const Position&, Move)>& pred) {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    Found f;
    if (!reader.ok()) return f;
    PgnGame g;
    while (reader.value()->next(g)) {
        Position pos;
        for (const auto& pm : g.moves) {
            if (pred(pos, pm.move)) {
                f.pos = pos;
                f.played = pm.move;
                f.ok = true;
                return f;
            }
            pos.makeMove(pm.move);
        }
    }
    return f;
}

bool hasLegal(const Position& pos, const std::function<bool(Move)>& pred) {
    for (Move m : pos.legalMoves())
        if (pred(m)) return true;
    return false;
}

}  // namespace

class TestPositionEncoder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void realPositions_data();
    void realPositions();
    void castlingBits_data();
    void castlingBits();
    void blend_data();
    void blend();
    void timeControl_data();
    void timeControl();
    void gameConditioning();
    void holdOutIsStable();
    void balanceCaps();
    void openingPlies();
};

void TestPositionEncoder::realPositions_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<BoardView>("view");
    for (const char* kind : {"white to move", "black to move", "white castles", "black castles", "en passant",
                             "promotion", "black promotes"}) {
        QTest::newRow((std::string(kind) + " / mover").c_str()) << QString::fromLatin1(kind) << BoardView::Mover;
        QTest::newRow((std::string(kind) + " / absolute").c_str()) << QString::fromLatin1(kind) << BoardView::Absolute;
    }
}

void TestPositionEncoder::realPositions() {
    QFETCH(QString, kind);
    QFETCH(BoardView, view);
    const std::string k = kind.toStdString();
    auto pred = [&](const Position& p, Move played) {
        if (k == "white to move") return p.sideToMove() == White && p.fullmoveNumber() == 12;
        if (k == "black to move") return p.sideToMove() == Black && p.fullmoveNumber() == 12;
        if (k == "white castles") return p.sideToMove() == White && played.isCastling();
        if (k == "black castles") return p.sideToMove() == Black && played.isCastling();
        if (k == "en passant") return hasLegal(p, [](Move m) { return m.isEnPassant(); });
        if (k == "promotion") return hasLegal(p, [](Move m) { return m.isPromotion(); });
        return p.sideToMove() == Black && played.isPromotion();
    };
    const Found f = findPosition(pred);
    QVERIFY2(f.ok, "no such position in the sample games");
    const Position& pos = f.pos;
    const Color stm = pos.sideToMove();
    encoding::Conditioning cond{1500, 1710, 300, 280, 2};
    EncodedPosition e;
    QVERIFY(encoding::encodePosition(pos, cond, view, f.played, e));

    // Piece tokens: one per piece, each decoding to the piece that really stands there.
    QCOMPARE(int(e.numPieces), std::popcount(pos.pieces()));
    const bool flip = view == BoardView::Mover && stm == Black;
    Bitboard seen = 0;
    for (int i = 0; i < e.numPieces; ++i) {
        const auto t = encoding::decodePieceCode(e.pieceCode[i]);
        const Square real = flip ? flipRank(t.square) : t.square;
        const Piece p = pos.pieceOn(real);
        QVERIFY(p != NoPiece);
        QCOMPARE(t.type, typeOf(p));
        const int expectColor = view == BoardView::Mover ? int(colorOf(p) != stm) : int(colorOf(p));
        QCOMPARE(t.color, expectColor);
        seen |= bb(real);
    }
    QCOMPARE(seen, pos.pieces());
    QCOMPARE(int(e.sideToMove), int(stm));
    QCOMPARE(int(e.epFile), pos.epSquare() == NoSquare ? encoding::kNoEpFile : fileOf(pos.epSquare()));

    // Legal moves, in legalMoves() order: token of the moving piece, destination and promotion.
    const MoveList legal = pos.legalMoves();
    QCOMPARE(int(e.numLegal), legal.size());
    for (int i = 0; i < legal.size(); ++i) {
        const Move m = legal[i];
        const int base = encoding::legalBaseIndex(e.legal[i]);
        const int tok = base / encoding::kHeadOutputsPerToken;
        const int to = base % encoding::kHeadOutputsPerToken;
        QVERIFY(tok < e.numPieces);
        const auto t = encoding::decodePieceCode(e.pieceCode[tok]);
        QCOMPARE(int(flip ? flipRank(t.square) : t.square), int(m.from()));
        QCOMPARE(to, int(flip ? flipRank(m.to()) : m.to()));
        QCOMPARE(encoding::legalPromotion(e.legal[i]), m.isPromotion() ? int(m.promotion()) - int(Knight) + 1 : 0);
    }
    QVERIFY(e.target >= 0);
    QCOMPARE(legal[e.target], f.played);
    QCOMPARE(e.cond, cond);
    if (k == "promotion" || k == "black promotes") {
        int promos = 0;
        for (int i = 0; i < e.numLegal; ++i) promos += encoding::legalPromotion(e.legal[i]) != 0;
        QVERIFY(promos >= 4);  // every promotion comes in four pieces
    }
}

void TestPositionEncoder::castlingBits_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("absolute");
    QTest::addColumn<int>("mover");
    QTest::newRow("white, all") << "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1" << 15 << 15;
    QTest::newRow("black, Kq") << "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b Kq - 0 1" << (1 | 8) << (2 | 4);
    QTest::newRow("black, k only") << "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b k - 0 1" << 4 << 1;
    QTest::newRow("white, Q only") << "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Q - 0 1" << 2 << 2;
}

void TestPositionEncoder::castlingBits() {
    QFETCH(QString, fen);
    QFETCH(int, absolute);
    QFETCH(int, mover);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos.ok());
    EncodedPosition a, m;
    QVERIFY(encoding::encodePosition(pos.value(), {}, BoardView::Absolute, Move::none(), a));
    QVERIFY(encoding::encodePosition(pos.value(), {}, BoardView::Mover, Move::none(), m));
    QCOMPARE(int(a.castling), absolute);
    QCOMPARE(int(m.castling), mover);
    QCOMPARE(int(a.target), -1);
}

void TestPositionEncoder::blend_data() {
    QTest::addColumn<int>("slot");
    QTest::addColumn<int>("value");  // -1: unknown
    QTest::addColumn<int>("loValue");
    QTest::addColumn<int>("hiValue");
    QTest::addColumn<double>("alpha");
    QTest::newRow("elo between") << 0 << 1500 << 1400 << 1600 << 0.5;
    QTest::newRow("elo on bracket") << 1 << 1600 << 1400 << 1600 << 0.0;
    QTest::newRow("elo below range") << 0 << 150 << 400 << 400 << 1.0;
    QTest::newRow("elo above range") << 1 << 3500 << 3200 << 3200 << 1.0;
    QTest::newRow("clock 75 s") << 2 << 75 << 60 << 90 << 0.5;
    QTest::newRow("increment 4") << 4 << 4 << 3 << 5 << 0.5;
    QTest::newRow("unknown clock") << 3 << -1 << -1 << -1 << 1.0;
}

void TestPositionEncoder::blend() {
    QFETCH(int, slot);
    QFETCH(int, value);
    QFETCH(int, loValue);
    QFETCH(int, hiValue);
    QFETCH(double, alpha);
    const auto s = encoding::CondSlot(slot);
    const auto br = encoding::condBrackets(s);
    const int base = encoding::condRowOffset(s);
    auto rowOf = [&](int v) {
        if (v < 0) return base + int(br.size());
        for (std::size_t i = 0; i < br.size(); ++i)
            if (br[i] == v) return base + int(i);
        return -100;
    };
    const auto t = encoding::blendCondition(s, value < 0 ? std::nullopt : std::optional<int>(value));
    QCOMPARE(int(t.lo), rowOf(loValue));
    QCOMPARE(int(t.hi), rowOf(hiValue));
    QCOMPARE(double(t.alpha), alpha);
    QVERIFY(t.hi < encoding::condTableRows());
}

void TestPositionEncoder::timeControl_data() {
    QTest::addColumn<QString>("tag");
    QTest::addColumn<int>("base");  // -1: rejected
    QTest::addColumn<int>("inc");
    QTest::newRow("blitz") << "180+2" << 180 << 2;
    QTest::newRow("chess.com no increment") << "600" << 600 << 0;
    QTest::newRow("correspondence") << "-" << -1 << 0;
    QTest::newRow("unknown") << "?" << -1 << 0;
    QTest::newRow("garbage increment") << "300+x" << -1 << 0;
    QTest::newRow("empty") << "" << -1 << 0;
}

void TestPositionEncoder::timeControl() {
    QFETCH(QString, tag);
    QFETCH(int, base);
    QFETCH(int, inc);
    const auto tc = chess::parseTimeControl(tag.toStdString());
    if (base < 0) {
        QVERIFY(!tc);
        return;
    }
    QVERIFY(tc);
    QCOMPARE(tc->first, base);
    QCOMPARE(tc->second, inc);
}

// The first clocked game of the sample: Elo from the tags, the mover's clock is his [%clk] after his previous move.
void TestPositionEncoder::gameConditioning() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame g;
    bool found = false;
    while (reader.value()->next(g))
        if (!g.moves.empty() && g.moves.front().clockSeconds >= 0 && g.moves.size() > 10 &&
            training::unusableReason(g).empty()) {
            found = true;
            break;
        }
    QVERIFY(found);
    std::vector<EncodedPosition> out;
    training::SampleStats stats;
    training::gameToPositions(g, BoardView::Mover, out, stats);
    QCOMPARE(stats.positions + stats.positionsForced, std::int64_t(g.moves.size()));
    QCOMPARE(std::int64_t(out.size()), stats.positions);
    const int whiteElo = std::stoi(g.tag("WhiteElo"));
    const int blackElo = std::stoi(g.tag("BlackElo"));
    const auto tc = chess::parseTimeControl(g.tag("TimeControl"));
    QVERIFY(tc);
    // Without forced moves in the first plies, out[i] is ply i.
    QCOMPARE(*out[0].cond.moverElo, whiteElo);
    QCOMPARE(*out[0].cond.oppElo, blackElo);
    QCOMPARE(*out[0].cond.moverClockS, tc->first);
    QCOMPARE(*out[1].cond.moverElo, blackElo);
    QCOMPARE(*out[4].cond.moverClockS, g.moves[2].clockSeconds);
    QCOMPARE(*out[4].cond.oppClockS, g.moves[3].clockSeconds);
    QCOMPARE(*out[5].cond.moverClockS, g.moves[3].clockSeconds);
    QCOMPARE(*out[5].cond.incrementS, tc->second);
    QCOMPARE(int(out[1].sideToMove), 1);
}

void TestPositionEncoder::holdOutIsStable() {
    // About 3 % of real Site tags are held out, and the rule never changes (it decides what was trained on).
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    reader.value()->setTagsOnly(true);
    PgnGame g;
    int n = 0, held = 0;
    while (reader.value()->next(g)) {
        ++n;
        held += training::isHeldOut(g.tag("Site"), 30);
    }
    QCOMPARE(n, 300);
    QVERIFY2(held >= 2 && held <= 25, qPrintable(QString::number(held)));
    QCOMPARE(training::isHeldOut("https://lichess.org/0JWc9Xbd", 30),
             training::isHeldOut("https://lichess.org/0JWc9Xbd", 30));
    QVERIFY(training::isHeldOut("https://lichess.org/0JWc9Xbd", 1000));
    QVERIFY(!training::isHeldOut("https://lichess.org/0JWc9Xbd", 0));
}

// The keep rule of gameToPositions and the player cap of the sample stream, on the real games of the sample.
void TestPositionEncoder::balanceCaps() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame game;
    QVERIFY(reader.value()->next(game));
    QVERIFY(training::unusableReason(game).empty());
    // Counted by replaying the game: positions with a choice, per mover, and forced ones.
    std::int64_t choices[2] = {0, 0}, forced = 0;
    {
        Position pos;
        for (const auto& pm : game.moves) {
            if (pos.countLegalMoves() > 1)
                ++choices[pos.sideToMove()];
            else
                ++forced;
            pos.makeMove(pm.move);
        }
    }
    QVERIFY(choices[White] > 10 && choices[Black] > 10);

    std::vector<EncodedPosition> all, whiteOnly, half;
    training::SampleStats sAll, sWhite, sHalf;
    training::gameToPositions(game, BoardView::Mover, all, sAll, 2);
    training::gameToPositions(
        game, BoardView::Mover, whiteOnly, sWhite, 2, [](Color mover, int) { return mover == White ? 1.0 : 0.0; },
        12345);
    QCOMPARE(sAll.positions, choices[White] + choices[Black]);
    QCOMPARE(sAll.positionsThinned, std::int64_t(0));
    QCOMPARE(sWhite.positions, choices[White]);
    QCOMPARE(sWhite.positionsThinned, choices[Black]);
    QCOMPARE(sWhite.positionsForced, forced);  // a forced position counts as forced, not thinned
    QCOMPARE(std::int64_t(whiteOnly.size()), sWhite.positions);
    // The kept positions are those of the full run, history included: Black's left-out plies still count as moves
    // played (four plies of history from ply 4 on).
    std::vector<const EncodedPosition*> whiteOfAll;
    for (const auto& e : all)
        if (e.sideToMove == 0) whiteOfAll.push_back(&e);
    QCOMPARE(whiteOfAll.size(), whiteOnly.size());
    for (std::size_t i = 0; i < whiteOnly.size(); ++i) {
        const EncodedPosition& a = *whiteOfAll[i];
        const EncodedPosition& w = whiteOnly[i];
        QCOMPARE(int(w.sideToMove), 0);
        QCOMPARE(int(w.ply), int(a.ply));
        QCOMPARE(int(w.target), int(a.target));
        QCOMPARE(int(w.numLegal), int(a.numLegal));
        QCOMPARE(int(w.numHistory), std::min(int(w.ply), encoding::kHistoryPlies));
        QVERIFY(w.history == a.history);
        QVERIFY(w.pieceCode == a.pieceCode);
        QVERIFY(w.moveFeatures == a.moveFeatures);
        QCOMPARE(w.cond, a.cond);
    }
    // Keep probability one half: every position with a choice is either kept or thinned, and both happen.
    training::gameToPositions(
        game, BoardView::Mover, half, sHalf, 2, [](Color, int) { return 0.5; }, 777);
    QCOMPARE(sHalf.positions + sHalf.positionsThinned, sAll.positions);
    QVERIFY(sHalf.positions > 0 && sHalf.positionsThinned > 0);

    // Player cap on the stream: in the sample two players (pnmadelaine, DrNykterstein) are the mover in more than 5 %
    // of all plies. Counted here from the games: plies and positions with a choice per player.
    constexpr double kCap = 0.05;
    std::map<std::string, std::int64_t> plies, choicesOf;
    std::int64_t totalPlies = 0;
    {
        auto r = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(r.ok());
        PgnGame g;
        while (r.value()->next(g)) {
            if (!training::unusableReason(g).empty()) continue;
            const std::string name[2] = {g.tag("White"), g.tag("Black")};
            Position pos;
            for (const auto& pm : g.moves) {
                ++plies[name[pos.sideToMove()]];
                ++totalPlies;
                if (pos.countLegalMoves() > 1) ++choicesOf[name[pos.sideToMove()]];
                pos.makeMove(pm.move);
            }
        }
    }
    int capped = 0;
    double expectThinned = 0;
    for (const auto& [name, n] : plies) {
        const double share = double(n) / double(totalPlies);
        if (share <= kCap) continue;
        ++capped;
        expectThinned += double(choicesOf[name]) * (1.0 - kCap / share);  // he keeps kCap / share of them
    }
    QCOMPARE(capped, 2);

    training::SampleStreamOptions so;
    so.files = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    so.split = training::Split::All;
    so.chunkGames = 1000;  // the whole sample in one chunk
    so.seed = 3;
    so.encodingVersion = 2;
    auto plain = training::HumanSampleStream::open(so);
    QVERIFY(plain.ok());
    std::vector<EncodedPosition> plainChunk, cappedChunk;
    QVERIFY(plain.value()->nextChunk(plainChunk).ok());
    QVERIFY(plain.value()->balanceSummary().empty());
    QCOMPARE(plain.value()->stats().positionsThinned, std::int64_t(0));
    so.balance.maxPlayerShare = kCap;
    auto balanced = training::HumanSampleStream::open(so);
    QVERIFY(balanced.ok());
    QVERIFY(balanced.value()->nextChunk(cappedChunk).ok());
    const auto& st = balanced.value()->stats();
    const std::string& summary = balanced.value()->balanceSummary();
    QVERIFY2(summary.find("player cap 0.050 (2 players thinned)") != std::string::npos, summary.c_str());
    QCOMPARE(st.gamesUsed, std::int64_t(300));
    QVERIFY(st.positionsThinned > 0);
    QCOMPARE(std::int64_t(cappedChunk.size()), st.positions);
    QVERIFY(cappedChunk.size() < plainChunk.size());
    QCOMPARE(st.positions + st.positionsThinned, std::int64_t(plainChunk.size()));
    // About as many as the cap promises (a few thousand draws: 10 % is many standard deviations).
    QVERIFY2(std::abs(double(st.positionsThinned) - expectThinned) < 0.1 * expectThinned,
             qPrintable(QStringLiteral("thinned %1, expected about %2").arg(st.positionsThinned).arg(expectThinned)));
    QVERIFY(st.summary().find("thinned by the balance caps " + std::to_string(st.positionsThinned)) !=
            std::string::npos);
}

// The opening stream (the value head's extra share of start positions): each game's first K positions, exactly as the
// stream of whole games encodes them (the result and the clocks of a shortened game are those of the whole game).
void TestPositionEncoder::openingPlies() {
    training::SampleStreamOptions so;
    so.files = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    so.split = training::Split::All;
    so.chunkGames = 1000;  // the whole sample in one chunk
    so.shuffle = false;
    so.encodingVersion = 2;
    std::vector<EncodedPosition> whole, first;
    auto all = training::HumanSampleStream::open(so);
    QVERIFY(all.ok());
    QVERIFY(all.value()->nextChunk(whole).ok());
    const std::int64_t games = all.value()->stats().gamesUsed;
    QCOMPARE(games, std::int64_t(300));
    for (int k : {1, 2}) {
        so.openingPlies = k;
        auto opening = training::HumanSampleStream::open(so);
        QVERIFY(opening.ok());
        QVERIFY(opening.value()->nextChunk(first).ok());
        QCOMPARE(opening.value()->stats().gamesUsed, games);
        std::vector<const EncodedPosition*> expected;
        for (const auto& e : whole)
            if (int(e.ply) < k) expected.push_back(&e);
        QCOMPARE(first.size(), expected.size());
        QVERIFY(first.size() >= std::size_t(k) * std::size_t(games) * 9 / 10);  // a few games end or are forced early
        int clocked = 0, decided = 0;
        for (std::size_t i = 0; i < first.size(); ++i) {
            const EncodedPosition &a = first[i], &b = *expected[i];
            QVERIFY(int(a.ply) < k);
            QCOMPARE(a.ply, b.ply);
            QCOMPARE(a.target, b.target);
            QCOMPARE(a.outcome, b.outcome);
            QCOMPARE(a.cond.moverElo, b.cond.moverElo);
            QCOMPARE(a.cond.oppElo, b.cond.oppElo);
            QCOMPARE(a.cond.moverClockS, b.cond.moverClockS);
            QCOMPARE(a.cond.oppClockS, b.cond.oppClockS);
            QCOMPARE(a.cond.incrementS, b.cond.incrementS);
            QCOMPARE(a.numPieces, b.numPieces);
            clocked += a.cond.moverClockS.has_value();
            decided += a.outcome == 0 || a.outcome == 2;
        }
        QVERIFY(clocked > 0);
        QVERIFY(decided > int(first.size()) / 2);
    }
}

QTEST_APPLESS_MAIN(TestPositionEncoder)
#include "tst_position_encoder.moc"
