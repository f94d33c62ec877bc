// SPDX-License-Identifier: GPL-3.0-or-later
// UciEngine against the real Stockfish found by locateStockfish (integration: skipped when none is installed).
#include "core/engines/engine_locator.h"
#include "core/engines/uci_engine.h"

#include <QSignalSpy>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <memory>
#include <set>

using namespace kibitz::engines;
using State = UciEngine::State;

class TstUciEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void handshake();
    void goDepth();
    void multiPv3();
    void mateScore();
    void limitStrength();
    void stopDuringInfinite();
    void restartAfterKill();
    void noOrphan();

private:
    QString m_path;
    std::unique_ptr<UciEngine> m_engine;
};

void TstUciEngine::initTestCase() {
    auto found = locateStockfish(QString());
    if (!found)
        QSKIP(
            qPrintable(QStringLiteral("Stockfish is not installed: ") + QString::fromStdString(found.error().message)));
    m_path = found.value();
    qInfo("using %s", qPrintable(m_path));
}

void TstUciEngine::init() {
    m_engine = std::make_unique<UciEngine>();
    m_engine->setProgram(m_path);
    QVERIFY(m_engine->setOption(QStringLiteral("Threads"), QStringLiteral("1")).ok());
    QVERIFY(m_engine->setOption(QStringLiteral("Hash"), QStringLiteral("16")).ok());
    m_engine->start();
    QTRY_COMPARE_WITH_TIMEOUT(m_engine->state(), State::Ready, 10000);
}

void TstUciEngine::cleanup() { m_engine.reset(); }

void TstUciEngine::handshake() {
    QVERIFY2(m_engine->engineName().startsWith(QStringLiteral("Stockfish")), qPrintable(m_engine->engineName()));
    QStringList names;
    for (const UciOption& o : m_engine->engineOptions()) names.append(o.name);
    for (const char* want : {"Threads", "Hash", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "UCI_ShowWDL"})
        QVERIFY2(names.contains(QLatin1String(want)), want);
    QSignalSpy pong(m_engine.get(), &UciEngine::pingAnswered);
    m_engine->ping();
    QVERIFY(pong.wait(5000));
}

void TstUciEngine::goDepth() {
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    QSignalSpy errors(m_engine.get(), &UciEngine::error);
    m_engine->setPosition(QString(), {QStringLiteral("e2e4"), QStringLiteral("c7c5")});
    m_engine->go(SearchLimits::depth(10));
    QVERIFY(best.wait(20000));
    const UciBestMove bm = best.first().at(0).value<UciBestMove>();
    QCOMPARE(bm.move.size(), 4);
    int maxDepth = 0;
    for (const auto& a : infos) {
        const UciInfo info = a.at(0).value<UciInfo>();
        if (info.score) maxDepth = std::max(maxDepth, info.depth.value_or(0));
    }
    QCOMPARE(maxDepth, 10);
    QVERIFY(errors.isEmpty());
}

void TstUciEngine::multiPv3() {
    QVERIFY(m_engine->setOption(QStringLiteral("MultiPV"), QStringLiteral("3")).ok());
    QVERIFY(m_engine->setOption(QStringLiteral("UCI_ShowWDL"), QStringLiteral("true")).ok());
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    m_engine->go(SearchLimits::depth(8));
    QVERIFY(best.wait(20000));
    std::set<QString> firstMoves;
    std::set<int> slots;
    for (const auto& a : infos) {
        const UciInfo info = a.at(0).value<UciInfo>();
        if (info.depth.value_or(0) != 8 || !info.score) continue;
        slots.insert(info.multiPv.value_or(0));
        QVERIFY(!info.pv.isEmpty());
        firstMoves.insert(info.pv.first());
        QVERIFY(info.wdl.has_value());
        QCOMPARE(info.wdl->win + info.wdl->draw + info.wdl->loss, 1000);
    }
    QCOMPARE(slots, (std::set<int>{1, 2, 3}));
    QCOMPARE(firstMoves.size(), std::size_t(3));
}

void TstUciEngine::mateScore() {
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    m_engine->setPosition(QStringLiteral("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"));
    m_engine->go(SearchLimits::moveTime(300));
    QVERIFY(best.wait(10000));
    QCOMPARE(best.first().at(0).value<UciBestMove>().move, QStringLiteral("h5f7"));
    const UciInfo last = infos.last().at(0).value<UciInfo>();
    QVERIFY(last.score.has_value());
    QVERIFY(last.score->isMate());
    QCOMPARE(last.score->value, 1);
}

void TstUciEngine::limitStrength() {
    QVERIFY(m_engine->setOption(QStringLiteral("UCI_LimitStrength"), QStringLiteral("true")).ok());
    QVERIFY(m_engine->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("1500")).ok());
    QVERIFY(!m_engine->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("99999")).ok());
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    m_engine->go(SearchLimits::nodes(20000));
    QVERIFY(best.wait(10000));
}

void TstUciEngine::stopDuringInfinite() {
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    m_engine->go(SearchLimits::infinite());
    QTRY_VERIFY_WITH_TIMEOUT(!infos.isEmpty() && infos.last().at(0).value<UciInfo>().depth.value_or(0) >= 8, 20000);
    QCOMPARE(m_engine->state(), State::Searching);
    m_engine->stop();
    QVERIFY(best.wait(5000));
    QCOMPARE(m_engine->state(), State::Ready);
    QCOMPARE(best.first().at(0).value<UciBestMove>().move.size(), 4);
}

void TstUciEngine::restartAfterKill() {
    QSignalSpy errors(m_engine.get(), &UciEngine::error);
    QSignalSpy restarted(m_engine.get(), &UciEngine::restarted);
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    m_engine->go(SearchLimits::infinite());
    QVERIFY(infos.wait(10000));
    const qint64 pid = m_engine->processId();
    QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
    QVERIFY(restarted.wait(10000));
    QCOMPARE(errors.first().at(0).value<EngineError>().kind, EngineErrorKind::Crashed);
    QCOMPARE(m_engine->state(), State::Ready);
    QVERIFY(m_engine->processId() != pid);
    QSignalSpy best(m_engine.get(), &UciEngine::bestMove);
    m_engine->go(SearchLimits::depth(6));
    QVERIFY(best.wait(10000));
}

void TstUciEngine::noOrphan() {
    QSignalSpy infos(m_engine.get(), &UciEngine::infoReceived);
    m_engine->go(SearchLimits::infinite());
    QVERIFY(infos.wait(10000));
    const qint64 pid = m_engine->processId();
    QVERIFY(pid > 0);
    m_engine.reset();
    errno = 0;
    QCOMPARE(::kill(pid_t(pid), 0), -1);
    QCOMPARE(errno, ESRCH);
}

QTEST_GUILESS_MAIN(TstUciEngine)
#include "tst_uci_engine.moc"
