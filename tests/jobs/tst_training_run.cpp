// SPDX-License-Identifier: GPL-3.0-or-later
// Run folders: run.json round trip and errors, metrics appended across a resume (each step once), torn last
// lines, runs written before the puzzle columns existed, checkpoint ordering, which runs are offered for resume.

#include "core/jobs/training_run.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using kibitz::jobs::RunStatus;
using kibitz::jobs::TrainingPoint;
using kibitz::jobs::TrainingRun;
using kibitz::jobs::TrainingRunConfig;

namespace {

QVector<TrainingPoint> points(qint64 from, qint64 to, double loss) {
    QVector<TrainingPoint> out;
    for (qint64 s = from; s <= to; ++s) {
        TrainingPoint p;
        p.step = s;
        p.totalSteps = 100;
        p.loss = loss + 0.01 * double(s);
        p.learningRate = 1e-3;
        out.append(p);
    }
    return out;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

class TestTrainingRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void configRoundTrip();
    void configWrongType_data();
    void configWrongType();
    void intervals_data();
    void intervals();
    void resumeKeepsEachStepOnce_data();
    void resumeKeepsEachStepOnce();
    void tornLastLineIsDropped();
    void badHeaderNamesTheFile();
    void legacyFilesReadAndExtend();
    void checkpointsNewestFirst();
    void resumableRuns();
    void newRunNames();
};

void TestTrainingRun::configRoundTrip() {
    QTemporaryDir dir;
    TrainingRunConfig c;
    c.name = QStringLiteral("r1");
    c.dataFiles = {QStringLiteral("/data/a.pgn"), QStringLiteral("/data/b.pgn.zst")};
    c.size = QStringLiteral("small");
    c.steps = 12345;
    c.batchSize = 48;
    c.learningRate = 3e-4;
    c.seed = 0xFFFFFFFFFFFFull;  // beyond a double's exact integers would be lost if stored as a number
    c.kind = kibitz::jobs::ModelKind::Puzzle;
    c.variant = QStringLiteral("fsa");
    c.initFrom = QStringLiteral("/models/base.kibitz");
    c.device = kibitz::DeviceChoice::Cpu;
    TrainingRun run(dir.filePath(QStringLiteral("r1")));
    QVERIFY(run.writeRunJson(c, RunStatus::Running).ok());
    auto back = run.readConfig();
    QVERIFY(back.ok());
    QCOMPARE(back->dataFiles, c.dataFiles);
    QCOMPARE(back->size, c.size);
    QCOMPARE(back->steps, c.steps);
    QCOMPARE(back->batchSize, c.batchSize);
    QCOMPARE(back->learningRate, c.learningRate);
    QCOMPARE(back->seed, c.seed);
    QCOMPARE(back->kind, c.kind);
    QCOMPARE(back->variant, c.variant);
    QCOMPARE(back->initFrom, c.initFrom);
    QCOMPARE(back->device, kibitz::DeviceChoice::Cpu);
    QCOMPARE(run.readStatus().value(), RunStatus::Running);
    QFile json(run.runJsonPath());
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QByteArray text = json.readAll();
    QVERIFY(text.contains("\"kind\": \"puzzle\""));  // the file keeps the kind's name
    QVERIFY(text.contains("\"device\": \"cpu\""));
    // A run.json of before the device key trains where the default says.
    QJsonObject old = c.toJson();
    old.remove(QStringLiteral("device"));
    QCOMPARE(TrainingRunConfig::fromJson(old)->device, kibitz::DeviceChoice::Auto);

    // A kind that is neither is refused, naming the key and the value.
    QJsonObject bad = c.toJson();
    bad[QStringLiteral("kind")] = QStringLiteral("engine");
    auto refused = TrainingRunConfig::fromJson(bad);
    QVERIFY(!refused.ok());
    QVERIFY2(QString::fromStdString(refused.error().message).contains(QStringLiteral("'kind'")) &&
                 QString::fromStdString(refused.error().message).contains(QStringLiteral("'engine'")),
             refused.error().message.c_str());
}

void TestTrainingRun::configWrongType_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("key");
    QTest::newRow("steps") << QByteArray(R"({"config":{"steps":"many"}})") << "steps";
    QTest::newRow("files") << QByteArray(R"({"config":{"data_files":"a.pgn"}})") << "data_files";
    QTest::newRow("seed") << QByteArray(R"({"config":{"seed":"x1"}})") << "seed";
    QTest::newRow("device") << QByteArray(R"({"config":{"device":"gpu"}})") << "device";
    QTest::newRow("device type") << QByteArray(R"({"config":{"device":1}})") << "device";
}

void TestTrainingRun::configWrongType() {
    QFETCH(QByteArray, json);
    QFETCH(QString, key);
    QTemporaryDir dir;
    TrainingRun run(dir.path());
    writeFile(run.runJsonPath(), json);
    auto c = run.readConfig();
    QVERIFY(!c.ok());
    const QString message = QString::fromStdString(c.error().message);
    QVERIFY2(message.contains(run.runJsonPath()) && message.contains(key), qPrintable(message));
}

void TestTrainingRun::intervals_data() {
    QTest::addColumn<qint64>("steps");
    QTest::addColumn<qint64>("logEvery");
    QTest::addColumn<qint64>("checkpointEvery");
    QTest::newRow("tiny run") << qint64(600) << qint64(1) << qint64(30);
    QTest::newRow("default") << qint64(20000) << qint64(40) << qint64(1000);
    QTest::newRow("long") << qint64(200000) << qint64(50) << qint64(1000);
}

void TestTrainingRun::intervals() {
    QFETCH(qint64, steps);
    QFETCH(qint64, logEvery);
    QFETCH(qint64, checkpointEvery);
    TrainingRunConfig c;
    c.steps = steps;
    c.deriveIntervals();
    QCOMPARE(c.logEvery, logEvery);
    QCOMPARE(c.checkpointEvery, checkpointEvery);
}

void TestTrainingRun::resumeKeepsEachStepOnce_data() {
    QTest::addColumn<qint64>("resumeFrom");
    QTest::addColumn<bool>("reopen");  // a new TrainingRun object (the app restarted) reads the last step from disk
    QTest::newRow("after a pause") << qint64(11) << false;
    QTest::newRow("after a kill, same object") << qint64(6) << false;
    QTest::newRow("after a kill, restarted app") << qint64(6) << true;
    QTest::newRow("back to the start") << qint64(1) << true;
}

void TestTrainingRun::resumeKeepsEachStepOnce() {
    QFETCH(qint64, resumeFrom);
    QFETCH(bool, reopen);
    QTemporaryDir dir;
    TrainingRun first(dir.path());
    QVERIFY(first.appendTraining(points(1, 10, 2.0)).ok());
    TrainingRun second(dir.path());
    TrainingRun& run = reopen ? second : first;
    QVERIFY(run.appendTraining(points(resumeFrom, 15, 5.0)).ok());
    auto m = TrainingRun(dir.path()).readMetrics();
    QVERIFY(m.ok());
    QCOMPARE(m->training.size(), 15);
    for (int i = 0; i < 15; ++i) {
        QCOMPARE(m->training[i].step, qint64(i + 1));
        const double base = m->training[i].step >= resumeFrom ? 5.0 : 2.0;
        QCOMPARE(m->training[i].loss, base + 0.01 * double(i + 1));
    }
    QVERIFY(run.writeMetricsJson().ok());
    QVERIFY(QFile::exists(run.metricsJsonPath()));
}

void TestTrainingRun::tornLastLineIsDropped() {
    QTemporaryDir dir;
    TrainingRun run(dir.path());
    QVERIFY(run.appendTraining(points(1, 3, 1.0)).ok());
    QFile f(run.metricsCsvPath());
    QVERIFY(f.open(QIODevice::Append));
    f.write("4,100,0,1.0");  // the app died in the middle of a line
    f.close();
    auto m = run.readMetrics();
    QVERIFY(m.ok());
    QCOMPARE(m->training.size(), 3);
    // The next append replaces the torn line instead of gluing onto it.
    QVERIFY(TrainingRun(dir.path()).appendTraining(points(4, 5, 1.0)).ok());
    m = run.readMetrics();
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(m->training.size(), 5);
    QCOMPARE(m->training.last().step, qint64(5));
}

void TestTrainingRun::badHeaderNamesTheFile() {
    QTemporaryDir dir;
    TrainingRun run(dir.path());
    writeFile(run.metricsCsvPath(), "epoch,loss\n1,2\n");
    auto m = run.readMetrics();
    QVERIFY(!m.ok());
    QVERIFY(QString::fromStdString(m.error().message).startsWith(run.metricsCsvPath() + QStringLiteral(":1:")));
}

void TestTrainingRun::legacyFilesReadAndExtend() {
    // A run folder from before puzzle runs: the columns then known, no puzzle columns.
    QTemporaryDir dir;
    TrainingRun run(dir.path());
    writeFile(run.metricsCsvPath(),
              "step,total_steps,samples_seen,loss,accuracy,learning_rate,samples_per_second,eta_seconds,wall_seconds,"
              "epoch\n1,10,16,2.5,0.1,0.001,100,9,1,0\n2,10,32,2.4,0.2,0.001,100,8,2,0\n");
    writeFile(run.validationCsvPath(), "step,positions,top1,top3,nll\n2,50,0.25,0.5,2.1\n");
    auto m = run.readMetrics();
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(m->training.size(), 2);
    QCOMPARE(m->training[1].loss, 2.4);
    QCOMPARE(m->training[1].mae, 0.0);
    QCOMPARE(m->validation.size(), 1);
    QCOMPARE(m->validation[0].top1, 0.25);
    // Appending rewrites the old rows under the current header, so every row has every column.
    auto more = points(3, 4, 2.0);
    more[1].mae = 321.5;
    QVERIFY(run.appendTraining(more).ok());
    kibitz::jobs::ValidationPoint v;
    v.step = 4;
    v.mae = 300.25;
    v.baselineMae = 410.5;
    QVERIFY(run.appendValidation({v}).ok());
    m = run.readMetrics();
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(m->training.size(), 4);
    QCOMPARE(m->training[0].loss, 2.5);
    QCOMPARE(m->training[3].mae, 321.5);
    QCOMPARE(m->validation.size(), 2);
    QCOMPARE(m->validation[1].mae, 300.25);
    QCOMPARE(m->validation[1].baselineMae, 410.5);
    QFile f(run.metricsCsvPath());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readLine().trimmed().endsWith(",epoch,mae"));
}

void TestTrainingRun::checkpointsNewestFirst() {
    QTemporaryDir dir;
    for (const char* name : {"step-20.pt", "step-200.pt", "latest.pt", "step-100.pt", "notes.txt", "latest.pt.tmp"})
        writeFile(dir.filePath(QLatin1String(name)), "x");
    QStringList names;
    for (const QString& f : TrainingRun(dir.path()).checkpoints()) names << QFileInfo(f).fileName();
    QCOMPARE(names, (QStringList{"latest.pt", "step-200.pt", "step-100.pt", "step-20.pt"}));
}

void TestTrainingRun::resumableRuns() {
    QTemporaryDir dir;
    TrainingRunConfig c;
    auto make = [&](const QString& name, RunStatus status, bool checkpoint) {
        TrainingRun run(dir.filePath(name));
        QVERIFY(run.writeRunJson(c, status).ok());
        if (checkpoint) writeFile(run.latestCheckpoint(), "x");
    };
    make(QStringLiteral("killed"), RunStatus::Running, true);
    make(QStringLiteral("paused"), RunStatus::Paused, true);
    make(QStringLiteral("done"), RunStatus::Completed, true);
    make(QStringLiteral("killed-before-checkpoint"), RunStatus::Running, false);
    QStringList names;
    for (const QString& r : kibitz::jobs::resumableRuns(dir.path())) names << QFileInfo(r).fileName();
    names.sort();
    QCOMPARE(names, (QStringList{"killed", "paused"}));
}

void TestTrainingRun::newRunNames() {
    QTemporaryDir runs;
    QVERIFY(runs.isValid());
    const QDateTime at(QDate(2026, 11, 28), QTime(3, 4, 5));
    TrainingRunConfig c;
    c.kind = kibitz::jobs::ModelKind::Puzzle;
    c.size = QStringLiteral("small");
    QCOMPARE(kibitz::jobs::newRunName(c, runs.path(), at), QStringLiteral("puzzle-small-20261128-030405"));
    c.initFrom = QStringLiteral("/models/base.kibitz");
    QCOMPARE(kibitz::jobs::newRunName(c, runs.path(), at), QStringLiteral("puzzle-finetune-20261128-030405"));
    // A chosen name is kept; taken names get the next free suffix.
    c.name = QStringLiteral("mine");
    QCOMPARE(kibitz::jobs::newRunName(c, runs.path(), at), QStringLiteral("mine"));
    QVERIFY(QDir(runs.path()).mkdir(QStringLiteral("mine")));
    QVERIFY(QDir(runs.path()).mkdir(QStringLiteral("mine-2")));
    QCOMPARE(kibitz::jobs::newRunName(c, runs.path(), at), QStringLiteral("mine-3"));
}

QTEST_GUILESS_MAIN(TestTrainingRun)
#include "tst_training_run.moc"
