// SPDX-License-Identifier: GPL-3.0-or-later
// The schedule options of the trainer commands (train human, train-puzzle, train value, train time) are read by one
// parser, cli::readScheduleOptions, with one set of bounds: values given are read, absent ones keep each trainer's
// defaults, and a value out of bounds is a usage error naming the option, the same for every command.
#include "app/cli/args.h"
#include "app/cli/train_common.h"
#include "core/training/human_trainer.h"
#include "core/training/puzzle_trainer.h"
#include "core/training/time_trainer.h"
#include "core/training/value_trainer.h"

#include <QTest>

#include <cstdint>

using namespace kibitz;

namespace {

const std::set<std::string> kScheduleOptions = {
    "steps", "stop-after", "lr", "warmup", "log-every", "validate-every", "checkpoint-every", "keep-every"};

cli::Args scheduleArgs(const std::vector<std::string>& argv) { return cli::Args(argv, kScheduleOptions, {}); }

}  // namespace

class TstTrainOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valuesAreRead() {
        auto args = scheduleArgs({"--steps", "10", "--stop-after", "5", "--lr", "2e-9", "--warmup", "3", "--log-every",
                                  "2", "--validate-every", "0", "--checkpoint-every", "7", "--keep-every", "4"});
        training::PuzzleTrainOptions o;
        cli::readScheduleOptions(args, o);
        QVERIFY2(args.ok(), args.error().c_str());
        QCOMPARE(o.totalSteps, std::int64_t{10});
        QCOMPARE(o.stopAfterSteps, std::int64_t{5});
        QCOMPARE(o.learningRate, 2e-9);
        QCOMPARE(o.warmupSteps, std::int64_t{3});
        QCOMPARE(o.logEvery, std::int64_t{2});
        QCOMPARE(o.validateEvery, std::int64_t{0});
        QCOMPARE(o.checkpointEvery, std::int64_t{7});
        QCOMPARE(o.keepEvery, std::int64_t{4});
    }

    /// Each trainer keeps its own defaults for what is not given (the human run keeps a copy every 20,000 steps).
    void absentOptionsKeepTheTrainersDefaults() {
        auto check = [](auto o) {
            const auto defaults = o;
            auto args = scheduleArgs({});
            cli::readScheduleOptions(args, o);
            QVERIFY(args.ok());
            QCOMPARE(o.totalSteps, defaults.totalSteps);
            QCOMPARE(o.stopAfterSteps, defaults.stopAfterSteps);
            QCOMPARE(o.learningRate, defaults.learningRate);
            QCOMPARE(o.warmupSteps, defaults.warmupSteps);
            QCOMPARE(o.logEvery, defaults.logEvery);
            QCOMPARE(o.validateEvery, defaults.validateEvery);
            QCOMPARE(o.checkpointEvery, defaults.checkpointEvery);
            QCOMPARE(o.keepEvery, defaults.keepEvery);
        };
        check(training::TrainOptions{});
        check(training::PuzzleTrainOptions{});
        check(training::ValueTrainOptions{});
        check(training::TimeTrainOptions{});
        QCOMPARE(training::TrainOptions{}.keepEvery, std::int64_t{20000});
    }

    void outOfBoundsIsAnError_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::newRow("steps 0") << "steps"
                                 << "0";
        QTest::newRow("stop-after -2") << "stop-after"
                                       << "-2";
        QTest::newRow("lr 0") << "lr"
                              << "0";
        QTest::newRow("lr 1e-10") << "lr"
                                  << "1e-10";
        QTest::newRow("lr 2") << "lr"
                              << "2";
        QTest::newRow("warmup -1") << "warmup"
                                   << "-1";
        QTest::newRow("log-every 0") << "log-every"
                                     << "0";
        QTest::newRow("validate-every -1") << "validate-every"
                                           << "-1";
        QTest::newRow("checkpoint-every 0") << "checkpoint-every"
                                            << "0";
        QTest::newRow("keep-every -1") << "keep-every"
                                       << "-1";
        QTest::newRow("steps not a number") << "steps"
                                            << "ten";
    }
    void outOfBoundsIsAnError() {
        QFETCH(QString, option);
        QFETCH(QString, value);
        auto args = scheduleArgs({"--" + option.toStdString(), value.toStdString()});
        training::TrainOptions o;
        const training::TrainOptions defaults;
        cli::readScheduleOptions(args, o);
        QVERIFY(!args.ok());
        QVERIFY2(args.error().find("--" + option.toStdString()) != std::string::npos, args.error().c_str());
        QCOMPARE(o.totalSteps, defaults.totalSteps);
        QCOMPARE(o.learningRate, defaults.learningRate);
    }
};

QTEST_APPLESS_MAIN(TstTrainOptions)
#include "tst_train_options.moc"
