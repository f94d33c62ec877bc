// SPDX-License-Identifier: GPL-3.0-or-later
// EnginePanel driven by the scripted fake engine under the offscreen platform.
#include "ui/engine_panel.h"
#include "ui/eval_bar.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <memory>

using namespace kibitz::ui;
using kibitz::engines::UciEngine;

namespace {

bool processGone(qint64 pid) { return pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH; }

EngineSettings fakeSettings(int multiPv = 3) {
    EngineSettings s;
    s.path = QStringLiteral(KIBITZ_FAKE_ENGINE);
    s.threads = 1;
    s.hashMb = 16;
    s.multiPv = multiPv;
    return s;
}

std::unique_ptr<EnginePanel> makePanel(int multiPv = 3) {
    auto panel = std::make_unique<EnginePanel>();
    panel->setPersistSettings(false);
    panel->setSettings(fakeSettings(multiPv));
    panel->resize(500, 300);
    panel->show();
    return panel;
}

int countSent(const QSignalSpy& spy, const QString& prefix) {
    int n = 0;
    for (const auto& a : spy) n += a.at(0).toString().startsWith(prefix);
    return n;
}

}  // namespace

class TstEnginePanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void showsLinesInSan();
    void blackToMoveAndIllegalPv();
    void debouncesPositionChanges();
    void toggleOffAndOn();
    void multiPvSetting();
    void crashingEngineGivesUp();
    void missingEngine();
    void destroyLeavesNoOrphan();
    void humanBarBesideEngineBar();
};

void TstEnginePanel::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void TstEnginePanel::humanBarBesideEngineBar() {
    EnginePanel panel;
    QVERIFY(panel.humanBar() && panel.humanBar() != panel.evalBar());
    QVERIFY(!panel.humanBar()->expectation());
    QCOMPARE(panel.humanBar()->text(), QString());
    panel.setHumanExpectation(0.384, QStringLiteral("At 1200 vs 1200, White scores 38%"));
    QCOMPARE(panel.humanBar()->whiteFraction(), 0.384);
    QCOMPARE(panel.humanBar()->text(), QStringLiteral("38%"));
    QCOMPARE(panel.humanBar()->toolTip(), QStringLiteral("At 1200 vs 1200, White scores 38%"));
    QCOMPARE(panel.evalBar()->text(), QString());  // the engine's bar is separate
    panel.setFlipped(true);
    QVERIFY(panel.humanBar()->isFlipped() && panel.evalBar()->isFlipped());
    // An engine score replaces an expectation on the same bar, and back.
    EvalBar bar;
    bar.setExpectation(0.7);
    bar.setScore(kibitz::engines::UciScore{kibitz::engines::UciScore::Kind::Centipawns, 0,
                                           kibitz::engines::UciScore::Bound::Exact});
    QVERIFY(!bar.expectation());
    QCOMPARE(bar.whiteFraction(), 0.5);
    bar.setExpectation(1.4);  // clamped
    QCOMPARE(bar.whiteFraction(), 1.0);
    QCOMPARE(bar.text(), QStringLiteral("100%"));
    panel.setHumanExpectation(std::nullopt);
    QCOMPARE(panel.humanBar()->text(), QString());
}

void TstEnginePanel::init() { qunsetenv("KIBITZ_FAKE_MODE"); }

void TstEnginePanel::showsLinesInSan() {
    auto panel = makePanel();
    panel->setPosition(QString());
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->lines().size(), 3);
    QTRY_COMPARE(panel->lines().at(0).depth, 3);
    const QList<EngineLine> lines = panel->lines();
    QCOMPARE(lines.at(0).san, QStringLiteral("1. e4 e5 2. Nf3 Nc6"));
    QCOMPARE(lines.at(1).san, QStringLiteral("1. d4 d5 2. c4"));
    QCOMPARE(lines.at(2).san, QStringLiteral("1. Nf3 Nf6 2. c4 e6"));
    QTRY_COMPARE(panel->evalBar()->text(), QStringLiteral("+0.33"));  // widgets refresh at 10 Hz
    QVERIFY(panel->evalBar()->whiteFraction() > 0.5);
    QTRY_COMPARE(panel->depthText(), QStringLiteral("depth 3/5"));
    QCOMPARE(panel->speedText(), QStringLiteral("500 kn/s"));
    QTRY_VERIFY(panel->logText().contains(QStringLiteral("< uciok")));
    QVERIFY(panel->logText().contains(QStringLiteral("> setoption name MultiPV value 3")));
    QVERIFY(panel->logText().contains(QStringLiteral("> go infinite")));
    QVERIFY(panel->isEngineEnabled());
}

void TstEnginePanel::blackToMoveAndIllegalPv() {
    auto panel = makePanel(1);
    panel->setPosition(QString(), {QStringLiteral("g1f3")});
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->lines().size(), 1);
    QTRY_COMPARE(panel->lines().at(0).depth, 3);
    // Scores turn to White's view; the fake's line starts with a white move, illegal here, so nothing is shown.
    QTRY_COMPARE(panel->evalBar()->text(), QStringLiteral("-0.33"));
    QVERIFY(panel->evalBar()->whiteFraction() < 0.5);
    QCOMPARE(panel->lines().at(0).san, QString());

    panel->setPosition(QStringLiteral("not a fen"));
    QVERIFY2(panel->statusText().contains(QStringLiteral("Cannot analyse")), qPrintable(panel->statusText()));
    QVERIFY(panel->lines().isEmpty());
}

void TstEnginePanel::debouncesPositionChanges() {
    auto panel = makePanel(1);
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->engine()->state(), UciEngine::State::Searching);
    QSignalSpy sent(panel->engine(), &UciEngine::lineSent);
    const QStringList moves = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"};
    for (int i = 1; i <= moves.size(); ++i) panel->setPosition(QString(), moves.mid(0, i));  // 8 quick changes
    QTRY_COMPARE(countSent(sent, QStringLiteral("go ")), 1);
    QCOMPARE(countSent(sent, QStringLiteral("position ")), 1);
    QStringList lines;
    for (const auto& a : sent) lines.append(a.at(0).toString());
    QVERIFY2(lines.contains(QStringLiteral("position startpos moves ") + moves.join(u' ')),
             qPrintable(lines.join(u'\n')));
}

void TstEnginePanel::toggleOffAndOn() {
    auto panel = makePanel();
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->engine()->state(), UciEngine::State::Searching);
    const qint64 pid = panel->engine()->processId();
    panel->setEngineEnabled(false);
    QTRY_COMPARE(panel->engine()->state(), UciEngine::State::NotRunning);
    QVERIFY(processGone(pid));
    QVERIFY(panel->lines().isEmpty());
    QVERIFY(!panel->evalBar()->score().has_value());

    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->lines().size(), 3);
    QVERIFY(panel->engine()->processId() != pid);
    // Off and on again before the old process has gone: one process, still analysing.
    panel->setEngineEnabled(false);
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->engine()->state(), UciEngine::State::Searching);
    QTRY_COMPARE(panel->lines().size(), 3);
}

void TstEnginePanel::multiPvSetting() {
    auto panel = makePanel();
    QSignalSpy changed(panel.get(), &EnginePanel::linesChanged);
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->lines().size(), 3);
    QSignalSpy sent(panel->engine(), &UciEngine::lineSent);
    panel->setSettings(fakeSettings(1));
    QTRY_VERIFY(countSent(sent, QStringLiteral("setoption name MultiPV value 1")) == 1);
    QTRY_COMPARE(panel->lines().size(), 1);
    QTRY_COMPARE(panel->lines().at(0).depth, 3);
    QVERIFY(!changed.isEmpty());
}

void TstEnginePanel::crashingEngineGivesUp() {
    qputenv("KIBITZ_FAKE_MODE", "crash-search");
    auto panel = makePanel();
    panel->setEngineEnabled(true);
    // Each restart re-issues the search, which crashes again, until the engine gives up.
    QTRY_VERIFY_WITH_TIMEOUT(!panel->isEngineEnabled(), 10000);
    QCOMPARE(panel->engine()->state(), UciEngine::State::Failed);
    QCOMPARE(panel->engine()->restartCount(), 3);
    QVERIFY2(panel->statusText().contains(QStringLiteral("crashed")), qPrintable(panel->statusText()));
    QCOMPARE(panel->engine()->processId(), qint64(0));
}

void TstEnginePanel::missingEngine() {
    auto panel = makePanel();
    EngineSettings s = fakeSettings();
    s.path = QStringLiteral(KIBITZ_TEST_DATA_DIR "/engines/no-such-engine");
    panel->setSettings(s);
    panel->setEngineEnabled(true);
    QVERIFY(!panel->isEngineEnabled());
    QVERIFY2(panel->statusText().contains(QStringLiteral("no-such-engine")), qPrintable(panel->statusText()));
}

void TstEnginePanel::destroyLeavesNoOrphan() {
    auto panel = makePanel();
    panel->setEngineEnabled(true);
    QTRY_COMPARE(panel->engine()->state(), UciEngine::State::Searching);
    const qint64 pid = panel->engine()->processId();
    panel.reset();
    QVERIFY(processGone(pid));
}

QTEST_MAIN(TstEnginePanel)
#include "tst_engine_panel.moc"
