// SPDX-License-Identifier: GPL-3.0-or-later
// Drives a tiny real training run from the Training page: points reach the loss chart, pause stops the worker
// within seconds with a checkpoint, resume continues from that checkpoint's step, a run left "running" (the
// app was killed: a child process is SIGKILLed) is offered for resume and loses nothing. Saves a screenshot of the page
// next to the test binary.

#include "core/jobs/training_run.h"
#include "ui/training_page.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLineSeries>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using kibitz::jobs::RunStatus;
using kibitz::jobs::TrainingEnd;
using kibitz::jobs::TrainingRun;
using kibitz::ui::TrainingPage;

namespace {

QPushButton* button(TrainingPage& page, const char* name) { return page.findChild<QPushButton*>(QLatin1String(name)); }

/// Sets the form to the tiny test config.
void configureTiny(TrainingPage& page, const QString& runs) {
    page.setRunsFolder(runs);
    page.setDataFiles({QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn")});
    auto* size = page.findChild<QComboBox*>(QStringLiteral("size"));
    size->setCurrentIndex(size->findData(QStringLiteral("tiny")));
    page.findChild<QSpinBox*>(QStringLiteral("steps"))->setValue(600);
    page.findChild<QSpinBox*>(QStringLiteral("batch"))->setValue(16);
    page.findChild<QSpinBox*>(QStringLiteral("threads"))->setValue(1);
}

/// True when the series' x values strictly increase (no restart from step 0, no duplicate steps).
bool increasing(const QLineSeries* s) {
    for (int i = 1; i < s->count(); ++i)
        if (s->at(i).x() <= s->at(i - 1).x()) return false;
    return true;
}

}  // namespace

class TestTrainingPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void scanShowsTheSample();
    void trainPauseResumeStop();
    void killedRunResumesWithNothingLost();
};

void TestTrainingPage::scanShowsTheSample() {
    TrainingPage page;
    QSignalSpy scanned(&page, &TrainingPage::scanned);
    page.setDataFiles({QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn")});
    QVERIFY(scanned.wait(20000));
    const auto scan = scanned.first().first().value<kibitz::jobs::DataScan>();
    QCOMPARE(scan.games, qint64(300));  // the sample holds 300 games (tests/data/README.md)
    QVERIFY(!scan.puzzles);
    QVERIFY(scan.positions > 300 * 20);
    QVERIFY(scan.eloMin > 0 && scan.eloMin < scan.eloMax);
    QVERIFY(scan.errors.isEmpty());
}

void TestTrainingPage::trainPauseResumeStop() {
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    TrainingPage page;
    page.resize(1280, 860);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));  // the user sees the page before pressing Start
    configureTiny(page, runs.path());
    QSignalSpy ended(&page, &TrainingPage::runEnded);
    QSignalSpy failed(&page, &TrainingPage::runFailed);

    button(page, "start")->click();
    QVERIFY(page.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStep() >= 40 || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(page.smoothedLossSeries()->count() == page.lossSeries()->count());
    const QString runDir = page.currentRunDir();

    // Pause: the worker finishes its step, writes latest.pt and stops within a few seconds.
    QElapsedTimer stopClock;
    stopClock.start();
    button(page, "pause")->click();
    QVERIFY(ended.wait(10000));
    const qint64 stopMs = stopClock.elapsed();
    const auto firstDelay = page.loopDelay();
    qInfo("first session: GUI event loop delay max %.1f ms, mean %.2f ms over %lld probes; pause took %lld ms",
          firstDelay.maxMs, firstDelay.meanMs, static_cast<long long>(firstDelay.samples),
          static_cast<long long>(stopMs));
    // The target is < 50 ms; the mean is asserted (the max depends on what else the machine runs).
    QVERIFY(firstDelay.samples > 10 && firstDelay.meanMs < 50.0);
    QVERIFY2(stopMs < 5000, qPrintable(QStringLiteral("pause took %1 ms").arg(stopMs)));
    QCOMPARE(ended.first().at(0).value<TrainingEnd>(), TrainingEnd::Paused);
    const qint64 pausedStep = ended.first().at(1).toLongLong();
    QVERIFY(pausedStep > 0 && pausedStep < 600);
    TrainingRun run(runDir);
    QVERIFY(QFileInfo::exists(run.latestCheckpoint()));
    QCOMPARE(run.readStatus().value(), RunStatus::Paused);
    auto metrics = run.readMetrics();
    QVERIFY(metrics.ok());
    QCOMPARE(metrics->training.last().step, pausedStep);
    QCOMPARE(page.lastStep(), pausedStep);
    const int pointsBefore = int(page.lossSeries()->count());

    // Checkpoint actions: evaluate on held-out games, export a bundle, offer it for analysis.
    QSignalSpy evaluated(&page, &TrainingPage::checkpointEvaluated);
    page.evaluateCheckpoint(run.latestCheckpoint());
    QVERIFY(evaluated.wait(60000));
    const auto evaluation = evaluated.first().first().value<kibitz::jobs::CheckpointEvaluation>();
    QVERIFY(evaluation.overall.positions > 0);
    QVERIFY(evaluation.overall.top1 > 0.0 && evaluation.overall.top1 <= evaluation.overall.top3);
    auto* table = page.findChild<QTableWidget*>(QStringLiteral("evaluation"));
    QCOMPARE(table->columnCount(), 5);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("all"));
    QCOMPARE(table->item(0, 1)->text().toLongLong(), evaluation.overall.positions);
    // A second evaluation is shown beside the first (Elo + 4 metrics x 2 checkpoints).
    page.evaluateCheckpoint(run.latestCheckpoint());
    QVERIFY(evaluated.wait(60000));
    QCOMPARE(table->columnCount(), 9);
    QCOMPARE(table->item(0, 1)->text(), table->item(0, 2)->text());  // same checkpoint, same positions
    QSignalSpy exported(&page, &TrainingPage::checkpointExported);
    const QString bundle = runs.filePath(QStringLiteral("tiny.kibitz"));
    page.exportCheckpoint(run.latestCheckpoint(), bundle);
    QVERIFY(exported.wait(60000));
    QVERIFY2(exported.first().at(1).toString().isEmpty(), qPrintable(exported.first().at(1).toString()));
    QVERIFY(QFileInfo(bundle).size() > 0);
    QSignalSpy use(&page, &TrainingPage::useModelRequested);
    auto* checkpoints = page.findChild<QListWidget*>(QStringLiteral("checkpoints"));
    QVERIFY(checkpoints->count() >= 1);
    checkpoints->setCurrentRow(0);
    button(page, "useForAnalysis")->click();
    QCOMPARE(use.count(), 1);
    QCOMPARE(use.first().first().toString(), run.latestCheckpoint());

    // Resume: steps continue after the checkpoint's step, never from 0.
    QVERIFY(button(page, "resume")->isEnabled());
    button(page, "resume")->click();
    QTRY_VERIFY_WITH_TIMEOUT(page.lastStep() >= pausedStep + 40 || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(page.lossSeries()->count() > pointsBefore);
    QVERIFY(page.lossSeries()->at(pointsBefore).x() > double(pausedStep));
    QVERIFY(increasing(page.lossSeries()));
    const QString log = page.findChild<QPlainTextEdit*>(QStringLiteral("log"))->toPlainText();
    QVERIFY2(log.contains(QStringLiteral("at step %1").arg(pausedStep)), qPrintable(log.right(2000)));

    const auto delay = page.loopDelay();
    qInfo("GUI event loop delay while training: max %.1f ms, mean %.2f ms over %lld probes", delay.maxMs, delay.meanMs,
          static_cast<long long>(delay.samples));
    QVERIFY(delay.samples > 10);

    QVERIFY(page.grab().save(QCoreApplication::applicationDirPath() + QStringLiteral("/screenshot_training.png")));
    QVERIFY(page.exportChartsCsv(runs.filePath(QStringLiteral("charts.csv"))));

    ended.clear();
    button(page, "stop")->click();
    QVERIFY(ended.wait(10000));
    QCOMPARE(ended.first().at(0).value<TrainingEnd>(), TrainingEnd::Stopped);
    const qint64 stoppedStep = ended.first().at(1).toLongLong();
    QVERIFY(stoppedStep > pausedStep);
    QCOMPARE(run.readStatus().value(), RunStatus::Stopped);
}

void TestTrainingPage::killedRunResumesWithNothingLost() {
    // A child copy of this test binary trains from the page until it is killed with SIGKILL mid-run.
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KIBITZ_TRAINING_CHILD_RUNS"), runs.path());
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    QString runDir;
    qint64 killedAt = 0;
    auto progressed = [&] {
        const auto dirs = QDir(runs.path()).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
        if (dirs.isEmpty()) return false;
        runDir = dirs.first().absoluteFilePath();
        TrainingRun r(runDir);
        auto m = r.readMetrics();
        if (!QFileInfo::exists(r.latestCheckpoint()) || !m.ok() || m->training.isEmpty()) return false;
        killedAt = m->training.last().step;
        return killedAt >= 40;  // past the first checkpoint (every 30 steps)
    };
    QTRY_VERIFY_WITH_TIMEOUT(progressed() || child.state() == QProcess::NotRunning, 90000);
    QCOMPARE(child.state(), QProcess::Running);
    child.kill();
    QVERIFY(child.waitForFinished(10000));
    TrainingRun run(runDir);
    QCOMPARE(run.readStatus().value(), RunStatus::Running);  // nobody got to write "paused"
    auto before = run.readMetrics();
    QVERIFY(before.ok());
    killedAt = before->training.last().step;

    // Reopening offers the run; resuming continues from its last checkpoint and re-runs the steps after it.
    TrainingPage reopened;
    reopened.setRunsFolder(runs.path());
    QSignalSpy offered(&reopened, &TrainingPage::resumeOffered);
    QSignalSpy ended(&reopened, &TrainingPage::runEnded);
    reopened.checkResumableRuns();
    QVERIFY(offered.wait(10000));
    QCOMPARE(offered.first().first().toString(), runDir);
    reopened.findChild<QPushButton*>(QStringLiteral("bannerResume"))->click();
    QVERIFY(reopened.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(reopened.lastStep() > killedAt + 5, 60000);
    reopened.pause();
    QVERIFY(ended.wait(10000));
    const qint64 finalStep = ended.first().at(1).toLongLong();
    QVERIFY(finalStep > killedAt);
    // Nothing lost: every step from 1 to the last one is in the metrics exactly once (one point per step).
    auto after = run.readMetrics();
    QVERIFY(after.ok());
    QCOMPARE(after->training.size(), finalStep);
    for (int i = 0; i < after->training.size(); ++i) QCOMPARE(after->training[i].step, qint64(i + 1));
    // The chart shows the history from before the kill as well.
    QCOMPARE(reopened.lossSeries()->at(0).x(), 1.0);
    QCOMPARE(reopened.lastStep(), finalStep);
}

namespace {

/// The child of killedRunResumesWithNothingLost: starts a run from the page and trains until killed.
int runChild(const QString& runs) {
    TrainingPage page;
    configureTiny(page, runs);
    page.start();
    QObject::connect(&page, &TrainingPage::runEnded, qApp, &QCoreApplication::quit);
    QObject::connect(&page, &TrainingPage::runFailed, qApp, [](const QString& m) {
        qWarning("child run failed: %s", qPrintable(m));
        QCoreApplication::exit(1);
    });
    return QCoreApplication::exec();
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QString childRuns = qEnvironmentVariable("KIBITZ_TRAINING_CHILD_RUNS");
    if (!childRuns.isEmpty()) return runChild(childRuns);
    TestTrainingPage test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_training_page.moc"
