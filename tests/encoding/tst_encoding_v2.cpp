// SPDX-License-Identifier: GPL-3.0-or-later
// Encoding v2 of the human-move model: per-legal-move features (checked by hand on well-known positions), static
// exchange values worked out by hand, the last moves of a real game (tests/data/games_sample.pgn, Lichess, CC0),
// and the one conditioning rule shared by the trainer's sample path and review/GUI (encoding::plyConditionings),
// with the site a game's ratings come from and chess.com's ratings put on Lichess's scale (real chess.com games in
// tests/data/chesscom_sample.pgn; the expected ratings worked out by hand from Lichess = 614 + 0.797 x chess.com).
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/game_conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/training/human_samples.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace kibitz;
using namespace kibitz::chess;
namespace mf = kibitz::encoding::movefeat;

namespace {

Position fromFen(const char* fen) {
    auto p = Position::fromFen(fen);
    if (!p.ok()) qFatal("bad FEN in test: %s", fen);
    return p.value();
}

/// Feature bits of the legal move `uci` in `pos` (v2 encoding); fails the test if it is not legal.
std::uint16_t featuresOf(const Position& pos, const char* uci, const encoding::RecentMoves* recent = nullptr) {
    encoding::EncodedPosition e;
    if (!encoding::encodePosition(pos, {}, encoding::BoardView::Mover, Move::none(), e, 2, recent)) return 0xffff;
    const MoveList legal = pos.legalMoves();
    for (int i = 0; i < legal.size(); ++i)
        if (toUci(legal[i]) == uci) return e.moveFeatures[std::size_t(i)];
    return 0xffff;
}

Move moveOf(const Position& pos, const char* uci) {
    for (Move m : pos.legalMoves())
        if (toUci(m) == uci) return m;
    return Move::none();
}

/// Piece type a SAN move names: its leading letter, a pawn without one, the king when castling.
PieceType sanPiece(const std::string& san) {
    if (san.starts_with("O-O")) return King;
    switch (san.empty() ? ' ' : san[0]) {
        case 'N': return Knight;
        case 'B': return Bishop;
        case 'R': return Rook;
        case 'Q': return Queen;
        case 'K': return King;
        default: return Pawn;
    }
}

/// Square of two UCI characters ("e4"), read without Kibitz's parser.
Square uciSquare(const std::string& s) { return makeSquare(s[0] - 'a', s[1] - '1'); }

PgnGame firstSampleGame() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    PgnGame g;
    if (!reader.ok() || !reader.value()->next(g)) qFatal("cannot read games_sample.pgn");
    return g;
}

}  // namespace

class TestEncodingV2 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scholarsMate();
    void castlingAndEnPassant();
    void staticExchange_data();
    void staticExchange();
    void recapture();
    void historyOfARealGame();
    void versionOneHasNoExtras();
    void trainingAndReviewShareTheConditioning();
    void ratingSiteFromTags_data();
    void ratingSiteFromTags();
    void chessComRatingsOnLichessScale_data();
    void chessComRatingsOnLichessScale();
    void lichessScaleBackToChessCom();
    void chessComGamesAreConditionedOnLichessScale();
    void lichessAndUnknownGamesKeepTheirRatings();
};

void TestEncodingV2::scholarsMate() {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? : Qxf7 is mate. The queen on h5 stands attacked by Nf6 and undefended.
    const Position pos = fromFen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    const std::uint16_t mate = featuresOf(pos, "h5f7");
    QVERIFY(mate & mf::kCheck);
    QVERIFY(mate & mf::kMate);
    QCOMPARE(mf::captured(mate), int(Pawn));
    QCOMPARE(mf::moved(mate), int(Queen));
    QVERIFY(mate & mf::kDestAttacked);  // by the king, which cannot take: Bc4 guards f7
    QVERIFY(mate & mf::kDestDefended);
    QVERIFY(mate & mf::kSeeGain);
    QVERIFY(mate & mf::kFromAttacked);
    QVERIFY(!(mate & mf::kFromDefended));
    // Qxe5+ checks along the open e-file but Nc6 takes the queen: a pawn for a queen.
    const std::uint16_t e5 = featuresOf(pos, "h5e5");
    QVERIFY(e5 & mf::kCheck);
    QVERIFY(!(e5 & mf::kMate));
    QCOMPARE(mf::captured(e5), int(Pawn));
    QVERIFY(e5 & mf::kDestAttacked);
    QVERIFY(!(e5 & mf::kDestDefended));
    QVERIFY(e5 & mf::kSeeLoss);
    // Qxh7 takes a pawn the h8 rook guards; no check (g7 blocks the rank, h7-g8 is not the king's square).
    const std::uint16_t h7 = featuresOf(pos, "h5h7");
    QVERIFY(!(h7 & mf::kCheck));
    QVERIFY(h7 & mf::kSeeLoss);
    // A quiet pawn move: a2 is guarded by Ra1; a3 is hit by Bf8 (the e7 pawn has gone) and guarded by b2 and Nb1, so
    // taking on a3 loses the bishop for a pawn (SEE 0 for White, no bit).
    QCOMPARE(featuresOf(pos, "a2a3"),
             std::uint16_t((int(Pawn) << mf::kMovedShift) | mf::kFromDefended | mf::kDestAttacked | mf::kDestDefended));
    // Qg6?? puts the queen where the f7 and h7 pawns take it and nothing guards it; no check (f7 blocks the
    // diagonal to e8). The queen stands attacked by Nf6 and unguarded on h5.
    QCOMPARE(featuresOf(pos, "h5g6"),
             std::uint16_t((int(Queen) << mf::kMovedShift) | mf::kFromAttacked | mf::kDestAttacked | mf::kSeeLoss));
}

void TestEncodingV2::castlingAndEnPassant() {
    const Position castle = fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const std::uint16_t oo = featuresOf(castle, "e1g1");
    QVERIFY(oo & mf::kCastling);
    QCOMPARE(mf::moved(oo), int(King));
    QCOMPARE(mf::captured(oo), 0);
    QVERIFY(!(featuresOf(castle, "e1f1") & mf::kCastling));
    // Rook takes rook on a8 with check; the king on e8 cannot take back: a free rook.
    const std::uint16_t ra8 = featuresOf(castle, "a1a8");
    QVERIFY(ra8 & mf::kCheck);
    QVERIFY(!(ra8 & mf::kMate));
    QCOMPARE(mf::captured(ra8), int(Rook));
    QVERIFY(ra8 & mf::kSeeGain);

    const Position ep = fromFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const std::uint16_t exd6 = featuresOf(ep, "e5d6");
    QCOMPARE(mf::captured(exd6), int(Pawn));
    QCOMPARE(mf::moved(exd6), int(Pawn));
}

void TestEncodingV2::staticExchange_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("uci");
    QTest::addColumn<int>("see");
    // Pawn takes a knight the d6 pawn guards: +3 -1.
    QTest::newRow("PxN defended") << "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1"
                                  << "d4e5" << 2;
    // Queen takes a knight the c6 pawn guards: +3 -9.
    QTest::newRow("QxN defended") << "4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1"
                                  << "d1d5" << -6;
    // Rook takes a pawn; Re7 takes back; the e1 rook behind (x-ray) takes again: +1 -5 +5.
    QTest::newRow("x-ray") << "4k3/4r3/8/4p3/8/8/4R3/4RK2 w - - 0 1"
                           << "e2e5" << 1;
    // Without the second rook the recapture wins the exchange for Black: +1 -5.
    QTest::newRow("no x-ray") << "4k3/4r3/8/4p3/8/8/4R3/5K2 w - - 0 1"
                              << "e2e5" << -4;
    // Undefended piece: the whole value.
    QTest::newRow("free rook") << "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1"
                               << "d1d5" << 5;
    // A quiet move to a square nothing attacks.
    QTest::newRow("safe square") << "4k3/8/4p3/8/8/8/8/3NK3 w - - 0 1"
                                 << "d1c3" << 0;
    // The knight goes to d4, which the e5 pawn attacks and nothing guards.
    QTest::newRow("knight into pawn") << "4k3/8/8/4p3/8/8/2N5/4K3 w - - 0 1"
                                      << "c2d4" << -3;
    // Scholar's mate: the king may not take back on f7 (Bc4 guards it).
    QTest::newRow("king cannot recapture") << "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
                                           << "h5f7" << 1;
    // The same position: Qg6 goes where two pawns take it for nothing: -9.
    QTest::newRow("queen into pawns") << "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
                                      << "h5g6" << -9;
    // Rook takes the d7 pawn next to the king, which may take back (nothing guards d7): +1 -5.
    QTest::newRow("king recaptures") << "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1"
                                     << "d1d7" << -4;
    // Pawn takes the rook on d8 and promotes to a queen; the king takes the queen: a rook for the pawn, +5 -1.
    QTest::newRow("promotion taken back") << "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"
                                          << "e7d8q" << 4;
}

void TestEncodingV2::staticExchange() {
    QFETCH(QString, fen);
    QFETCH(QString, uci);
    QFETCH(int, see);
    const Position pos = fromFen(fen.toLatin1().constData());
    const Move m = moveOf(pos, uci.toLatin1().constData());
    QVERIFY2(!m.isNone(), qPrintable(uci + " is not legal"));
    QCOMPARE(encoding::staticExchange(pos, m), see);
}

void TestEncodingV2::recapture() {
    // 1.e4 d5 2.exd5: Qxd5 takes back on the square of the last move.
    Position pos;
    encoding::RecentMoves recent;
    for (const char* uci : {"e2e4", "d7d5", "e4d5"}) {
        const Move m = moveOf(pos, uci);
        QVERIFY(!m.isNone());
        recent.push(pos, m);
        pos.makeMove(m);
    }
    QCOMPARE(recent.count, 3);
    QCOMPARE(int(recent.plies[0].captured), int(Pawn));
    QVERIFY(featuresOf(pos, "d8d5", &recent) & mf::kRecapture);
    QVERIFY(!(featuresOf(pos, "d8d5") & mf::kRecapture));  // no history: unknown
    QVERIFY(!(featuresOf(pos, "g8f6", &recent) & mf::kRecapture));
}

void TestEncodingV2::historyOfARealGame() {
    const PgnGame game = firstSampleGame();
    QVERIFY(game.moves.size() > 6);
    Position pos;
    encoding::RecentMoves recent;
    encoding::EncodedPosition start;
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Mover, game.moves[0].move, start, 2, &recent));
    QCOMPARE(int(start.numHistory), 0);
    QCOMPARE(int(start.ply), 0);
    std::vector<PieceType> movedTypes;
    for (int i = 0; i < 5; ++i) {
        movedTypes.push_back(typeOf(pos.pieceOn(game.moves[std::size_t(i)].move.from())));
        recent.push(pos, game.moves[std::size_t(i)].move);
        pos.makeMove(game.moves[std::size_t(i)].move);
    }
    QCOMPARE(pos.sideToMove(), Black);
    encoding::EncodedPosition e;
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Mover, game.moves[5].move, e, 2, &recent));
    QCOMPARE(int(e.version), 2);
    QCOMPARE(int(e.ply), 5);
    QCOMPARE(int(e.numHistory), encoding::kHistoryPlies);
    for (int k = 0; k < encoding::kHistoryPlies; ++k) {
        const Move m = game.moves[std::size_t(4 - k)].move;  // newest first
        // Black to move: the mover's view flips the ranks.
        QCOMPARE(int(e.history[std::size_t(k)].from), int(flipRank(m.from())));
        QCOMPARE(int(e.history[std::size_t(k)].to), int(flipRank(m.to())));
        QCOMPARE(int(e.history[std::size_t(k)].piece), int(movedTypes[std::size_t(4 - k)]));
    }
    // The same against the independent decoding of the game (pgn-extract's UCI moves, games_sample_uci.txt) and
    // the SAN letters: 1.c4 e6 2.Nc3 d5 3.d4, so newest first d2d4 (P), d7d5 (P), b1c3 (N), e7e6 (P).
    std::ifstream uciFile(KIBITZ_TEST_DATA_DIR "/games_sample_uci.txt");
    std::string line;
    QVERIFY(std::getline(uciFile, line));
    std::istringstream words(line);
    std::vector<std::string> uci;
    for (std::string w; words >> w && uci.size() < 10;) uci.push_back(w);
    QCOMPARE(uci.size(), std::size_t(10));
    const PieceType expectedPiece[4] = {Pawn, Pawn, Knight, Pawn};
    for (int k = 0; k < encoding::kHistoryPlies; ++k) {
        const std::string& u = uci[std::size_t(4 - k)];
        QCOMPARE(int(e.history[std::size_t(k)].from), int(flipRank(uciSquare(u.substr(0, 2)))));
        QCOMPARE(int(e.history[std::size_t(k)].to), int(flipRank(uciSquare(u.substr(2, 2)))));
        QCOMPARE(int(sanPiece(game.moves[std::size_t(4 - k)].san)), int(expectedPiece[k]));
        QCOMPARE(int(e.history[std::size_t(k)].piece), int(expectedPiece[k]));
        QCOMPARE(int(e.history[std::size_t(k)].captured), 0);
    }
    // Five plies on (3...Be7 4.Nf3 Nf6 5.cxd5 exd5), White to move: the mover's view keeps the squares; newest first
    // e6d5 and c4d5 (pawns taking pawns), g8f6 (N), g1f3 (N).
    {
        Position p2 = pos;
        encoding::RecentMoves r2 = recent;
        for (std::size_t i = 5; i < 10; ++i) {
            r2.push(p2, game.moves[i].move);
            p2.makeMove(game.moves[i].move);
        }
        QCOMPARE(p2.sideToMove(), White);
        encoding::EncodedPosition w;
        QVERIFY(encoding::encodePosition(p2, {}, encoding::BoardView::Mover, Move::none(), w, 2, &r2));
        QCOMPARE(int(w.ply), 10);
        const PieceType piece[4] = {Pawn, Pawn, Knight, Knight};
        const PieceType captured[4] = {Pawn, Pawn, NoPieceType, NoPieceType};
        for (int k = 0; k < encoding::kHistoryPlies; ++k) {
            const std::string& u = uci[std::size_t(9 - k)];
            QCOMPARE(int(w.history[std::size_t(k)].from), int(uciSquare(u.substr(0, 2))));
            QCOMPARE(int(w.history[std::size_t(k)].to), int(uciSquare(u.substr(2, 2))));
            QCOMPARE(int(sanPiece(game.moves[std::size_t(9 - k)].san)), int(piece[k]));
            QCOMPARE(int(w.history[std::size_t(k)].piece), int(piece[k]));
            QCOMPARE(int(w.history[std::size_t(k)].captured), int(captured[k]));
        }
    }
    // The absolute view keeps the squares as they are.
    encoding::EncodedPosition a;
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Absolute, Move::none(), a, 2, &recent));
    QCOMPARE(int(a.history[0].to), int(game.moves[4].move.to()));
}

void TestEncodingV2::versionOneHasNoExtras() {
    const Position pos = fromFen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    encoding::RecentMoves recent;
    recent.push(fromFen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"), Move(G8, F6));
    encoding::EncodedPosition e;
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Mover, Move::none(), e, 1, &recent));
    QCOMPARE(int(e.version), 1);
    QCOMPARE(int(e.numHistory), 0);
    for (int i = 0; i < e.numLegal; ++i) QCOMPARE(e.moveFeatures[std::size_t(i)], std::uint16_t(0));
    // Reusing a struct that held a v2 encoding: version 1 leaves nothing of it behind.
    encoding::EncodedPosition reused;
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Mover, Move::none(), reused, 2, &recent));
    QVERIFY(reused.moveFeatures[0] != 0 && reused.history[0].piece != 0);
    QVERIFY(encoding::encodePosition(pos, {}, encoding::BoardView::Mover, Move::none(), reused, 1, &recent));
    QVERIFY(reused.history == decltype(reused.history){});
    for (std::uint16_t f : reused.moveFeatures) QCOMPARE(f, std::uint16_t(0));
}

void TestEncodingV2::trainingAndReviewShareTheConditioning() {
    // The trainer's sample path and the review/GUI path must give every ply the same conditioning.
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame game;
    int checked = 0, withClock = 0;
    for (int g = 0; g < 20 && reader.value()->next(game); ++g) {
        if (!training::unusableReason(game).empty()) continue;
        std::vector<encoding::EncodedPosition> out;
        training::SampleStats stats;
        training::gameToPositions(game, encoding::BoardView::Mover, out, stats, 2);
        const auto conds = encoding::plyConditionings(game);
        QCOMPARE(conds.size(), game.moves.size());
        for (const auto& e : out) {
            QCOMPARE(e.cond, conds[e.ply]);
            ++checked;
            if (e.cond.moverClockS) ++withClock;
        }
    }
    QVERIFY(checked > 500);
    QVERIFY(withClock > 0);  // the sample has clocked games: the clock rule is exercised too
}

namespace {

/// The games of tests/data/chesscom_sample.pgn (three real chess.com games), in file order.
std::vector<PgnGame> chessComSample() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/chesscom_sample.pgn");
    if (!reader.ok()) qFatal("cannot read chesscom_sample.pgn");
    std::vector<PgnGame> out;
    PgnGame game;
    while (reader.value()->next(game)) out.push_back(game);
    return out;
}

PgnGame withTags(std::vector<std::pair<std::string, std::string>> tags) {
    PgnGame g;
    g.tags = std::move(tags);
    return g;
}

}  // namespace

void TestEncodingV2::ratingSiteFromTags_data() {
    QTest::addColumn<QString>("site");
    QTest::addColumn<QString>("link");
    QTest::addColumn<int>("expected");
    const int lichess = int(encoding::RatingSite::Lichess), chesscom = int(encoding::RatingSite::ChessCom),
              unknown = int(encoding::RatingSite::Unknown);
    QTest::newRow("lichess game") << "https://lichess.org/abcd1234"
                                  << "" << lichess;
    QTest::newRow("lichess bare") << "lichess.org"
                                  << "" << lichess;
    QTest::newRow("lichess http, upper case") << "HTTP://LICHESS.ORG/abcd1234"
                                              << "" << lichess;
    QTest::newRow("chess.com export") << "Chess.com"
                                      << "https://www.chess.com/game/live/29629221643" << chesscom;
    QTest::newRow("chess.com site alone") << "Chess.com"
                                          << "" << chesscom;
    QTest::newRow("chess.com address") << "https://www.chess.com/game/daily/1"
                                       << "" << chesscom;
    QTest::newRow("chess.com link alone") << "?"
                                          << "https://www.chess.com/game/live/1" << chesscom;
    QTest::newRow("over the board") << "Wijk aan Zee NED"
                                    << "" << unknown;
    QTest::newRow("no site") << ""
                             << "" << unknown;
    QTest::newRow("a name that only contains it") << "notchess.com"
                                                  << "" << unknown;
    QTest::newRow("lichess site wins over a link") << "https://lichess.org/abcd1234"
                                                   << "https://www.chess.com/game/live/1" << lichess;
}

void TestEncodingV2::ratingSiteFromTags() {
    QFETCH(QString, site);
    QFETCH(QString, link);
    QFETCH(int, expected);
    std::vector<std::pair<std::string, std::string>> tags;
    if (!site.isEmpty()) tags.emplace_back("Site", site.toStdString());
    if (!link.isEmpty()) tags.emplace_back("Link", link.toStdString());
    QCOMPARE(int(encoding::ratingSite(withTags(tags))), expected);
}

void TestEncodingV2::chessComRatingsOnLichessScale_data() {
    QTest::addColumn<int>("chessCom");
    QTest::addColumn<int>("lichess");
    // 614 + 0.797 x, by hand.
    QTest::newRow("1000") << 1000 << 1411;           // 614 + 797
    QTest::newRow("780") << 780 << 1236;             // 614 + 621.66 = 1235.66: +456
    QTest::newRow("1530") << 1530 << 1833;           // 614 + 1219.41 = 1833.41: +303
    QTest::newRow("918") << 918 << 1346;             // 614 + 731.646 = 1345.646
    QTest::newRow("100") << 100 << 694;              // 614 + 79.7 = 693.7
    QTest::newRow("2825") << 2825 << 2866;           // 614 + 2251.525 = 2865.525
    QTest::newRow("3025: no gap") << 3025 << 3025;   // 614 + 2410.925 = 3024.925
    QTest::newRow("3363: clamped") << 3363 << 3200;  // 614 + 2680.311 = 3294.3, above kMaxPlayableElo
}

void TestEncodingV2::chessComRatingsOnLichessScale() {
    QFETCH(int, chessCom);
    QFETCH(int, lichess);
    QCOMPARE(encoding::toLichessScale(chessCom, encoding::RatingSite::ChessCom), lichess);
    QVERIFY(std::abs(encoding::chessComToLichess(chessCom) - lichess) <= 0.5);
    // Lichess's own ratings and an unknown site's are the model's scale already: unchanged, not even clamped.
    QCOMPARE(encoding::toLichessScale(chessCom, encoding::RatingSite::Lichess), chessCom);
    QCOMPARE(encoding::toLichessScale(chessCom, encoding::RatingSite::Unknown), chessCom);
}

void TestEncodingV2::lichessScaleBackToChessCom() {
    using encoding::lichessToChessCom;
    QCOMPARE(lichessToChessCom(1411.0), 1000.0);                      // (1411 - 614) / 0.797
    QVERIFY(std::abs(lichessToChessCom(1600.0) - 1237.139) < 0.001);  // 986 / 0.797
    // Inside the model's range the two conversions undo each other.
    for (const double c : {150.0, 780.0, 1234.5, 2500.0, 3000.0})
        QVERIFY(std::abs(lichessToChessCom(encoding::chessComToLichess(c)) - c) < 1e-9);
    // Clamped: a rating above the model's range is read as its top (3200 -> 2586 / 0.797 = 3244.67), and nothing
    // goes below chess.com's floor of 100 ((600 - 614) / 0.797 would be -17.6).
    QVERIFY(std::abs(lichessToChessCom(3500.0) - 3244.668) < 0.001);
    QCOMPARE(lichessToChessCom(3500.0), lichessToChessCom(double(encoding::kMaxPlayableElo)));
    QCOMPARE(lichessToChessCom(600.0), double(encoding::kMinChessComElo));
    QCOMPARE(lichessToChessCom(0.0), double(encoding::kMinChessComElo));
    QCOMPARE(encoding::fromLichessScale(1411.0, encoding::RatingSite::ChessCom), 1000.0);
    QCOMPARE(encoding::fromLichessScale(1411.0, encoding::RatingSite::Lichess), 1411.0);
    QCOMPARE(encoding::fromLichessScale(3500.0, encoding::RatingSite::Unknown), 3500.0);
    QCOMPARE(std::string(encoding::ratingScaleName(encoding::RatingSite::ChessCom)), std::string("chess.com"));
    QCOMPARE(std::string(encoding::ratingScaleName(encoding::RatingSite::Unknown)), std::string("lichess"));
}

void TestEncodingV2::chessComGamesAreConditionedOnLichessScale() {
    const auto games = chessComSample();
    QCOMPARE(games.size(), std::size_t(3));
    // (WhiteElo, BlackElo) as the tags give them, and on Lichess's scale by hand.
    const int tags[3][2] = {{918, 656}, {940, 801}, {2825, 3363}};
    const int lichess[3][2] = {{1346, 1137}, {1363, 1252}, {2866, 3200}};  // 656: 1136.83, 940: 1363.18, 801: 1252.40
    for (std::size_t g = 0; g < games.size(); ++g) {
        const PgnGame& game = games[g];
        QCOMPARE(int(encoding::ratingSite(game)), int(encoding::RatingSite::ChessCom));
        QCOMPARE(std::to_string(tags[g][0]), game.tag("WhiteElo"));
        QCOMPARE(std::to_string(tags[g][1]), game.tag("BlackElo"));
        const auto conds = encoding::plyConditionings(game, true);
        QCOMPARE(conds.size(), game.moves.size() + 1);
        for (std::size_t ply = 0; ply < conds.size(); ++ply) {
            const int mover = int(ply % 2), opp = 1 - mover;
            QCOMPARE(conds[ply].moverElo, std::optional<int>(lichess[g][mover]));
            QCOMPARE(conds[ply].oppElo, std::optional<int>(lichess[g][opp]));
        }
        // The clocks are read as before: the first game's White had 597 s left after 1. e4 ([%clk 0:09:57.1]).
        if (g == 0) QCOMPARE(conds[2].moverClockS, std::optional<int>(597));
    }
    // The training samples carry the same conversion (one rule).
    std::vector<encoding::EncodedPosition> out;
    training::SampleStats stats;
    training::gameToPositions(games[0], encoding::BoardView::Mover, out, stats, 2);
    QVERIFY(!out.empty());
    for (const auto& e : out) QVERIFY(e.cond.moverElo == 1346 || e.cond.moverElo == 1137);
}

void TestEncodingV2::lichessAndUnknownGamesKeepTheirRatings() {
    // A Lichess game: the tags' ratings as they are.
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame game;
    QVERIFY(reader.value()->next(game));
    QCOMPARE(int(encoding::ratingSite(game)), int(encoding::RatingSite::Lichess));
    const auto white = chess::parseEloTag(game.tag("WhiteElo")), black = chess::parseEloTag(game.tag("BlackElo"));
    QVERIFY(white && black);
    auto conds = encoding::plyConditionings(game);
    QCOMPARE(conds[0].moverElo, white);
    QCOMPARE(conds[1].moverElo, black);
    // The same game from an unknown site (an over-the-board event), and one rated beyond the model's range: unchanged.
    for (auto& [k, v] : game.tags) {
        if (k == "Site") v = "Wijk aan Zee NED";
        if (k == "WhiteElo") v = "3350";
    }
    QCOMPARE(int(encoding::ratingSite(game)), int(encoding::RatingSite::Unknown));
    conds = encoding::plyConditionings(game);
    QCOMPARE(conds[0].moverElo, std::optional<int>(3350));
    QCOMPARE(conds[0].oppElo, black);
}

QTEST_APPLESS_MAIN(TestEncodingV2)
#include "tst_encoding_v2.moc"
