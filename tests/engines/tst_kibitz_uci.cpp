// SPDX-License-Identifier: GPL-3.0-or-later
// `kibitz-cli uci` on its shipped model, driven by the app's own UCI client (UciEngine) as a GUI would drive it:
// handshake and option declarations, a search on the clock with multipv lines, bad input that keeps the engine
// alive, and short games against Stockfish at skill level 0 where every move must be legal and each game must end
// by the rules (or at the ply cap).
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/engines/engine_locator.h"
#include "core/engines/uci_engine.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <memory>
#include <set>

using namespace kibitz;
using namespace kibitz::engines;
using State = UciEngine::State;

class TstKibitzUci : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void handshakeAndOptions();
    void searchOnTheClock();
    void badInputKeepsItAlive();
    void matchAgainstStockfish();

private:
    std::unique_ptr<UciEngine> m_kibitz;
};

void TstKibitzUci::init() {
    m_kibitz = std::make_unique<UciEngine>();
    m_kibitz->setProgram(QStringLiteral(KIBITZ_CLI), {QStringLiteral("uci")});
    m_kibitz->start();
    QTRY_COMPARE_WITH_TIMEOUT(m_kibitz->state(), State::Ready, 20000);  // the first isready loads the model
}

void TstKibitzUci::cleanup() {
    const qint64 pid = m_kibitz ? m_kibitz->processId() : 0;
    m_kibitz.reset();  // sends quit, waits, kills after the timeout and reaps
    if (pid > 0) QVERIFY2(::kill(pid_t(pid), 0) == -1 && errno == ESRCH, "kibitz-cli uci outlived its UciEngine");
}

void TstKibitzUci::handshakeAndOptions() {
    QVERIFY2(m_kibitz->engineName().startsWith(QStringLiteral("Kibitz")), qPrintable(m_kibitz->engineName()));
    QSet<QString> names;
    for (const UciOption& o : m_kibitz->engineOptions()) names.insert(o.name);
    for (const char* want :
         {"UCI_Elo", "UCI_LimitStrength", "OpponentElo", "Temperature", "TopP", "MultiPV", "ModelFile", "Threads"})
        QVERIFY2(names.contains(QLatin1String(want)), want);
    // The client validates against the declared ranges.
    QVERIFY(m_kibitz->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("1200")).ok());
    QVERIFY(!m_kibitz->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("99999")).ok());
    QSignalSpy pong(m_kibitz.get(), &UciEngine::pingAnswered);
    m_kibitz->ping();
    QVERIFY(pong.wait(5000));
}

void TstKibitzUci::searchOnTheClock() {
    QVERIFY(m_kibitz->setOption(QStringLiteral("MultiPV"), QStringLiteral("3")).ok());
    QVERIFY(m_kibitz->setOption(QStringLiteral("Temperature"), QStringLiteral("0")).ok());
    QVERIFY(m_kibitz->setOption(QStringLiteral("UCI_ShowWDL"), QStringLiteral("true")).ok());
    QSignalSpy infos(m_kibitz.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_kibitz.get(), &UciEngine::bestMove);
    QSignalSpy errors(m_kibitz.get(), &UciEngine::error);
    // The Scholar's-mate trap: the model v2 sees the mate; at temperature 0 it plays it.
    const QString fen = QStringLiteral("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    m_kibitz->setPosition(fen);
    m_kibitz->go(SearchLimits::clock(180000, 175000, 2000, 2000));
    QVERIFY(best.wait(10000));
    QCOMPARE(best.first().at(0).value<UciBestMove>().move, QStringLiteral("h5f7"));
    std::vector<int> slots;
    for (const auto& a : infos) {
        const UciInfo info = a.at(0).value<UciInfo>();
        if (!info.multiPv) continue;
        slots.push_back(*info.multiPv);
        QVERIFY(info.score);
        // The shipped model has a value head: every line has a wdl, and its score is that wdl's expected score
        // (never the move's probability); the mate, the likeliest move, is a sure win and `score mate 1`.
        QVERIFY(info.wdl.has_value());
        QCOMPARE(info.wdl->win + info.wdl->draw + info.wdl->loss, 1000);
        if (*info.multiPv == 1) {
            QCOMPARE(info.pv.first(), QStringLiteral("h5f7"));
            QCOMPARE(*info.wdl, (UciWdl{1000, 0, 0}));
            QVERIFY(info.score->isMate());
            QCOMPARE(info.score->value, 1);
        } else {
            QVERIFY(!info.score->isMate());
            const double es = std::clamp((info.wdl->win + 0.5 * info.wdl->draw) / 1000.0, 0.001, 0.999);
            QCOMPARE(info.score->value, int(std::lround(400.0 * std::log10(es / (1.0 - es)))));
        }
    }
    QCOMPARE(slots, (std::vector<int>{1, 2, 3}));
    QVERIFY(errors.isEmpty());
}

void TstKibitzUci::badInputKeepsItAlive() {
    QSignalSpy infos(m_kibitz.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_kibitz.get(), &UciEngine::bestMove);
    m_kibitz->setPosition(QString(), {QStringLiteral("e2e4"), QStringLiteral("e2e4")});  // illegal second move
    m_kibitz->go(SearchLimits::moveTime(100));
    QVERIFY(best.wait(10000));
    QCOMPARE(best.first().at(0).value<UciBestMove>().move, QStringLiteral("0000"));
    bool reported = false;
    for (const auto& a : infos)
        reported |= a.at(0).value<UciInfo>().string.startsWith(QStringLiteral("error: position: move 2"));
    QVERIFY(reported);
    // Still alive and playing.
    best.clear();
    m_kibitz->setPosition(QString(), {QStringLiteral("e2e4")});
    m_kibitz->go(SearchLimits::moveTime(100));
    QVERIFY(best.wait(10000));
    chess::Position pos;
    pos.makeMove(*chess::parseUci(pos, "e2e4"));
    QVERIFY(chess::parseUci(pos, best.first().at(0).value<UciBestMove>().move.toStdString()).ok());
    QCOMPARE(m_kibitz->restartCount(), 0);
}

void TstKibitzUci::matchAgainstStockfish() {
    auto found = locateStockfish(QString());
    if (!found) QSKIP("Stockfish is not installed");
    UciEngine stockfish;
    stockfish.setProgram(found.value());
    QVERIFY(stockfish.setOption(QStringLiteral("Threads"), QStringLiteral("1")).ok());
    QVERIFY(stockfish.setOption(QStringLiteral("Hash"), QStringLiteral("16")).ok());
    QVERIFY(stockfish.setOption(QStringLiteral("Skill Level"), QStringLiteral("0")).ok());
    stockfish.start();
    QTRY_COMPARE_WITH_TIMEOUT(stockfish.state(), State::Ready, 10000);
    QVERIFY(m_kibitz->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("1500")).ok());
    QVERIFY(m_kibitz->setOption(QStringLiteral("Seed"), QStringLiteral("7")).ok());

    constexpr int kPlyCap = 160;
    std::set<QString> endings;
    for (int game = 0; game < 2; ++game) {
        m_kibitz->newGame();
        stockfish.newGame();
        chess::Position pos;
        QStringList moves;
        // Clocks only for the conditioning: 3+2 at the start, each side's clock runs down 2 s a move (net of the
        // increment), as a human blitz game would.
        qint64 clock[2] = {180000, 180000};
        UciEngine* side[2] = {game == 0 ? m_kibitz.get() : &stockfish, game == 0 ? &stockfish : m_kibitz.get()};
        QString ending;
        for (int ply = 0; ply < kPlyCap; ++ply) {
            const auto status = pos.status();
            if (status != chess::GameStatus::Ongoing) {
                static const char* const kNames[] = {"ongoing",
                                                     "checkmate",
                                                     "stalemate",
                                                     "fifty-move rule",
                                                     "threefold repetition",
                                                     "insufficient material"};
                ending = QLatin1String(kNames[int(status)]);
                if (status == chess::GameStatus::Checkmate)
                    ending += side[~pos.sideToMove()] == &stockfish ? QStringLiteral(", Stockfish wins")
                                                                    : QStringLiteral(", Kibitz wins");
                break;
            }
            UciEngine* e = side[pos.sideToMove()];
            QSignalSpy best(e, &UciEngine::bestMove);
            QSignalSpy errors(e, &UciEngine::error);
            e->setPosition(QString(), moves);
            e->go(e == &stockfish ? SearchLimits::moveTime(10) : SearchLimits::clock(clock[0], clock[1], 2000, 2000));
            QVERIFY2(best.wait(10000), qPrintable(QStringLiteral("no bestmove at ply %1").arg(ply)));
            if (!errors.isEmpty()) QFAIL(qPrintable(errors.first().at(0).value<EngineError>().message));
            const QString mv = best.first().at(0).value<UciBestMove>().move;
            auto m = chess::parseUci(pos, mv.toStdString());
            QVERIFY2(m.ok(),
                     qPrintable(QStringLiteral("game %1 ply %2: illegal move %3 from %4 in %5")
                                    .arg(game)
                                    .arg(ply)
                                    .arg(mv, e == &stockfish ? QStringLiteral("Stockfish") : QStringLiteral("Kibitz"),
                                         QString::fromStdString(pos.fen()))));
            pos.makeMove(*m);
            moves.append(mv);
            clock[~pos.sideToMove()] = std::max<qint64>(clock[~pos.sideToMove()] - 2000, 1000);
        }
        if (ending.isEmpty()) ending = QStringLiteral("cap");
        qInfo("game %d: %lld plies, ended: %s", game, static_cast<long long>(moves.size()), qPrintable(ending));
        endings.insert(ending);
    }
    QCOMPARE(m_kibitz->restartCount(), 0);
    QCOMPARE(stockfish.restartCount(), 0);
}

QTEST_GUILESS_MAIN(TstKibitzUci)
#include "tst_kibitz_uci.moc"
