// SPDX-License-Identifier: GPL-3.0-or-later
// Integration with the real Stockfish: mate scores through UciAnalyser, a review of a real game's opening,
// Chessort games from real Lichess puzzles (the engine's top card is the puzzle's solution move), and the
// kibitz-cli review/sort commands end to end. Skipped when /usr/games/stockfish is missing.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/chessort.h"
#include "core/evaluation/game_review.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace kibitz;

namespace {

const QString kStockfish = QStringLiteral("/usr/games/stockfish");

evaluation::UciAnalyserOptions stockfish(int depth) {
    evaluation::UciAnalyserOptions o;
    o.program = kStockfish;
    o.limits = engines::SearchLimits::depth(depth);
    o.hashMb = 16;
    return o;
}

}  // namespace

class TestStockfishReview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        if (!QFileInfo(kStockfish).isExecutable()) QSKIP("Stockfish is not installed at /usr/games/stockfish");
    }

    void mateScores_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("best");
        QTest::addColumn<int>("mate");
        QTest::newRow("back rank, White") << "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
                                          << "a1a8" << 1;
        QTest::newRow("back rank, Black") << "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"
                                          << "a8a1" << 1;
        // 1. f3 e5 2. g4: Black mates in one.
        QTest::newRow("fool's mate threat") << "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
                                            << "d8h4" << 1;
    }
    void mateScores() {
        QFETCH(QString, fen);
        QFETCH(QString, best);
        QFETCH(int, mate);
        evaluation::UciAnalyser analyser(stockfish(10));
        auto pos = chess::Position::fromFen(fen.toStdString());
        QVERIFY(pos.ok());
        auto lines = analyser.analyse(*pos, 3, CancelToken());
        QVERIFY2(lines.ok(), lines.ok() ? "" : lines.error().message.c_str());
        QCOMPARE(QString::fromStdString(chess::toUci(lines->front().move)), best);
        QVERIFY(lines->front().score.isMate());
        QCOMPARE(lines->front().score.value, mate);
        // The score after the mating move, seen from the mover, is the same mate.
        chess::Position after = *pos;
        after.makeMove(lines->front().move);
        QVERIFY(after.isCheckmate());
    }

    void reviewOpening() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        QVERIFY((*reader)->next(game));
        evaluation::UciAnalyser analyser(stockfish(8));
        evaluation::ReviewOptions opt;
        opt.maxPlies = 12;
        auto r = evaluation::reviewGame(game, nullptr, &analyser, opt, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(int(r->plies.size()), 12);
        for (const auto& p : r->plies) {
            QVERIFY(p.before && p.after);
            // A queen's gambit between two GMs: nobody is near a winning advantage.
            QVERIFY2(!p.before->isMate() && std::abs(p.before->value) < 250, p.san.c_str());
            QVERIFY(p.lossCp >= 0 && p.lossCp < 250);
            QVERIFY(p.engineBest);
        }
        // Consecutive plies agree: the score after a move is the next position's score seen from the mover.
        for (std::size_t i = 0; i + 1 < r->plies.size(); ++i)
            QCOMPARE(r->plies[i].after->value, -r->plies[i + 1].before->value);
    }

    void sortPuzzles() {
        auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
        QVERIFY(reader.ok());
        evaluation::UciAnalyser analyser(stockfish(12));
        evaluation::SortOptions opt;
        opt.lines = 12;
        chess::Puzzle puzzle;
        for (int n = 0; n < 3 && (*reader)->next(puzzle); ++n) {
            const chess::Position pos = puzzle.solverStart();
            auto games = evaluation::generateSortGames(pos, analyser, nullptr, opt, CancelToken());
            QVERIFY2(games.ok(), games.ok() ? "" : games.error().message.c_str());
            QCOMPARE(int(games->size()), 1);
            const auto& g = games->front();
            QCOMPARE(int(g.cards.size()), 4);
            // Every top-spread rung takes the engine's best move first: the puzzle's (unique) solution.
            QCOMPARE(g.cards.front().engineRank, 1);
            QCOMPARE(g.cards.front().uci, chess::toUci(puzzle.moves[1]));
            QVERIFY(g.difficulty >= 0.0 && g.difficulty <= 100.0);
            for (std::size_t i = 1; i < g.cards.size(); ++i)
                QVERIFY(evaluation::scoreToCp(g.cards[i - 1].score) >= evaluation::scoreToCp(g.cards[i].score));
        }
    }

#ifdef KIBITZ_CLI
    void cliReview() {
        QProcess p;
        p.start(
            QStringLiteral(KIBITZ_CLI),
            {QStringLiteral("review"), QStringLiteral("--pgn"),
             QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"), QStringLiteral("--game"), QStringLiteral("2"),
             QStringLiteral("--depth"), QStringLiteral("6"), QStringLiteral("--max-plies"), QStringLiteral("8"),
             QStringLiteral("--no-model"), QStringLiteral("--engine"), kStockfish, QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonArray plies = o.value(QStringLiteral("plies")).toArray();
        QCOMPARE(plies.size(), 8);
        const QJsonObject first = plies.at(0).toObject();
        QCOMPARE(first.value(QStringLiteral("ply")).toInt(), 1);
        QVERIFY(first.value(QStringLiteral("human_prob")).isNull());
        QVERIFY(first.value(QStringLiteral("eval_before_cp")).isDouble());
        QVERIFY(first.value(QStringLiteral("loss_cp")).toInt() >= 0);
        QVERIFY(!first.value(QStringLiteral("uci")).toString().isEmpty());
    }

    void cliBadUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("review without --pgn") << QStringList{QStringLiteral("review")};
        QTest::newRow("review missing game") << QStringList{QStringLiteral("review"),
                                                            QStringLiteral("--pgn"),
                                                            QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"),
                                                            QStringLiteral("--game"),
                                                            QStringLiteral("100000"),
                                                            QStringLiteral("--no-model")};
        QTest::newRow("sort without position") << QStringList{QStringLiteral("sort")};
        QTest::newRow("sort bad fen") << QStringList{QStringLiteral("sort"), QStringLiteral("--fen"),
                                                     QStringLiteral("8/8/8 w")};
    }
    void cliBadUsage() {
        QFETCH(QStringList, args);
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(!p.readAllStandardError().isEmpty());
    }

    void cliSort() {
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI),
                {QStringLiteral("sort"), QStringLiteral("--csv"),
                 QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"), QStringLiteral("--limit"),
                 QStringLiteral("2"), QStringLiteral("--count"), QStringLiteral("2"), QStringLiteral("--depth"),
                 QStringLiteral("8"), QStringLiteral("--engine"), kStockfish, QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 4);  // 2 puzzles x 2 games
        for (const QByteArray& line : lines) {
            const QJsonObject g = QJsonDocument::fromJson(line).object();
            QCOMPARE(g.value(QStringLiteral("cards")).toArray().size(), 4);
            const QString label = g.value(QStringLiteral("label")).toString();
            QVERIFY2(QStringList({"Beginner", "Easy", "Medium", "Hard", "Master"}).contains(label), qPrintable(label));
            QVERIFY(!g.value(QStringLiteral("source")).toString().isEmpty());
        }
    }
#endif
};

QTEST_GUILESS_MAIN(TestStockfishReview)
#include "tst_stockfish_review.moc"
