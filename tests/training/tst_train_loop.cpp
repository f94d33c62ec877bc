// SPDX-License-Identifier: GPL-3.0-or-later
// The one training loop (core/training/train_loop.h) with a one-weight model: which steps it takes and at which
// learning rate, when it reports, validates and checkpoints, how a cancel between steps and a stop from a step end
// it, that a resumed loop continues at its step (and warms up again after a compact checkpoint), and that deferred
// sums report the same means as sums read every step.
#include "core/training/train_loop.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace kibitz;
using training::CheckpointDue;
using training::LoopCadence;
using training::LoopEnd;
using training::LoopHooks;
using training::ScheduleOptions;
using training::StepWindow;
using training::TrainLoop;
using training::TrainProgress;

namespace {

ScheduleOptions schedule(std::int64_t total) {
    ScheduleOptions s;
    s.totalSteps = total;
    s.learningRate = 0.1;
    s.warmupSteps = 2;
    s.minLrFraction = 0.1;
    return s;
}

/// What the hooks saw, step by step.
struct Record {
    std::vector<std::int64_t> steps, reports, validations, latest, kept;
    std::vector<double> rates;   ///< the optimizer's learning rate inside each step
    std::vector<double> losses;  ///< reported mean losses
};

/// A one-weight model whose loss is (w - 1)^2; each step adds `step` to the loss sum (weight 1) and the metric.
class Fixture {
public:
    Fixture() : m_w(torch::zeros({1}, torch::requires_grad())), m_opt({m_w}, torch::optim::SGDOptions(0.1)) {}

    LoopHooks hooks(TrainLoop& loop, Record& r, std::int64_t stopAt = -1, bool deferred = false) {
        LoopHooks h;
        h.step = [this, &r, stopAt, deferred](std::int64_t step, StepWindow& w) -> Result<bool> {
            r.steps.push_back(step);
            r.rates.push_back(m_opt.param_groups()[0].options().get_lr());
            m_opt.zero_grad();
            auto loss = (m_w - 1.0).pow(2).sum();
            loss.backward();
            m_opt.step();
            if (deferred) {
                w.addOnDevice(0, torch::tensor(double(step)));
                w.addOnDevice(1, torch::tensor(std::int64_t(2 * step)));
            } else {
                w.add(0, double(step));
                w.add(1, double(2 * step));
            }
            w.addWeight(1.0);
            return step == stopAt;
        };
        h.progress = [&r](TrainProgress& p) {
            r.reports.push_back(p.step);
            r.losses.push_back(p.loss);
        };
        h.validate = [&r, &loop]() -> Status {
            r.validations.push_back(loop.state().step);
            return {};
        };
        h.checkpoint = [&r, &loop](const CheckpointDue& due) -> Status {
            if (due.latest) r.latest.push_back(loop.state().step);
            if (due.keep) r.kept.push_back(loop.state().step);
            return {};
        };
        return h;
    }
    torch::optim::SGD& optimizer() { return m_opt; }

private:
    torch::Tensor m_w;
    torch::optim::SGD m_opt;
};

using Steps = std::vector<std::int64_t>;

}  // namespace

class TestTrainLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cadenceOfAWholeRun() {
        Fixture f;
        CancelToken cancel;
        LoopCadence c{4, 3, 5, 6, 32};
        TrainLoop loop(schedule(10), c, f.optimizer(), cancel, {"twice"});
        Record r;
        auto end = loop.run(f.hooks(loop, r));
        QVERIFY(end.ok());
        QCOMPARE(end.value(), LoopEnd::Finished);
        QCOMPARE(r.steps, (Steps{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
        QCOMPARE(r.reports, (Steps{4, 8, 10}));         // every 4, and the last step
        QCOMPARE(r.validations, (Steps{3, 6, 9, 10}));  // every 3, and the schedule's end
        QCOMPARE(r.latest, (Steps{5, 10}));
        QCOMPARE(r.kept, (Steps{6}));
        // The window's mean: steps 0..3 add 0+1+2+3 over 4 steps, then 4..7, then 8..9.
        QCOMPARE(r.losses, (std::vector<double>{1.5, 5.5, 8.5}));
        for (std::size_t i = 0; i < r.steps.size(); ++i)
            QCOMPARE(r.rates[i], training::scheduledLearningRate(schedule(10).lrSchedule(), r.steps[i]));
        QCOMPARE(loop.state().step, std::int64_t(10));
        QVERIFY(loop.state().wallSeconds >= 0.0);
    }

    void progressCarriesTheRun() {
        Fixture f;
        CancelToken cancel;
        TrainLoop loop(schedule(8), LoopCadence{4, 0, 0, 0, 32}, f.optimizer(), cancel, {"twice"});
        std::vector<TrainProgress> seen;
        Record r;
        LoopHooks h = f.hooks(loop, r);
        h.progress = [&seen](TrainProgress& p) { seen.push_back(p); };
        QVERIFY(loop.run(h).ok());
        QCOMPARE(int(seen.size()), 2);
        QCOMPARE(seen[0].step, std::int64_t(4));
        QCOMPARE(seen[0].totalSteps, std::int64_t(8));
        QCOMPARE(seen[0].samplesSeen, std::int64_t(128));
        QCOMPARE(seen[0].metric("twice"), 3.0);  // (0 + 2 + 4 + 6) / 4
        QCOMPARE(seen[0].metric("absent", -1.0), -1.0);
        QCOMPARE(seen[1].learningRate, training::scheduledLearningRate(schedule(8).lrSchedule(), 7));
        QVERIFY(r.validations.empty());  // 0: never
        QCOMPARE(r.latest, (Steps{8}));  // but the last step always checkpoints
    }

    void cancelBetweenStepsTakesNoFurtherStep() {
        Fixture f;
        CancelToken cancel;
        TrainLoop loop(schedule(10), LoopCadence{0, 0, 2, 0, 1}, f.optimizer(), cancel, {"twice"});
        Record r;
        LoopHooks h = f.hooks(loop, r);
        auto step = h.step;
        h.step = [&](std::int64_t s, StepWindow& w) {
            if (s == 4) cancel.cancel();  // seen before step 5
            return step(s, w);
        };
        auto end = loop.run(h);
        QVERIFY(end.ok());
        QCOMPARE(end.value(), LoopEnd::Cancelled);
        QCOMPARE(r.steps, (Steps{0, 1, 2, 3, 4}));
        QCOMPARE(loop.state().step, std::int64_t(5));
        QCOMPARE(r.latest, (Steps{2, 4}));  // the trainer saves after a cancel itself
    }

    void stopFromAStepClosesThatStep() {
        Fixture f;
        CancelToken cancel;
        LoopCadence c{4, 3, 100, 0, 1};
        c.cancelBeforeStep = false;
        TrainLoop loop(schedule(10), c, f.optimizer(), cancel, {"twice"});
        Record r;
        auto end = loop.run(f.hooks(loop, r, 4));
        QVERIFY(end.ok());
        QCOMPARE(end.value(), LoopEnd::Cancelled);
        QCOMPARE(loop.state().step, std::int64_t(5));
        QCOMPARE(r.reports, (Steps{4, 5}));  // the stop reports and checkpoints, but does not validate
        QCOMPARE(r.latest, (Steps{5}));
        QCOMPARE(r.validations, (Steps{3}));
    }

    void resumeContinuesAtItsStep() {
        Fixture f;
        CancelToken cancel;
        ScheduleOptions s = schedule(10);
        s.stopAfterSteps = 8;
        TrainLoop loop(s, LoopCadence{2, 0, 3, 0, 1}, f.optimizer(), cancel, {"twice"});
        loop.state() = {6, 12.5};
        Record r;
        QVERIFY(loop.run(f.hooks(loop, r)).ok());
        QCOMPARE(r.steps, (Steps{6, 7}));  // to stopAfterSteps, not the schedule's end
        QCOMPARE(r.reports, (Steps{8}));
        QCOMPARE(r.latest, (Steps{8}));  // the last step checkpoints
        QCOMPARE(r.rates[0], training::scheduledLearningRate(s.lrSchedule(), 6));
        QVERIFY(loop.state().wallSeconds >= 12.5);
    }

    void compactResumeWarmsUpAgain() {
        Fixture f;
        CancelToken cancel;
        ScheduleOptions s = schedule(20);
        s.warmupSteps = 4;
        TrainLoop loop(s, LoopCadence{}, f.optimizer(), cancel, {"twice"});
        loop.state().step = 10;
        loop.state().rewarmFrom = 10;
        for (std::int64_t k = 0; k < 6; ++k) {
            const double base = training::scheduledLearningRate(s.lrSchedule(), 10 + k);
            QCOMPARE(loop.learningRate(10 + k), k < 4 ? base * double(k + 1) / 4.0 : base);
        }
    }

    void closeOutsideTheLoopLeavesTheLastStep() {
        Fixture f;
        CancelToken cancel;
        LoopCadence c{5, 4, 4, 0, 1};
        c.closeInLoop = false;  // the value and time heads validate and save after the loop
        TrainLoop loop(schedule(8), c, f.optimizer(), cancel, {"twice"});
        Record r;
        QVERIFY(loop.run(f.hooks(loop, r)).ok());
        QCOMPARE(r.reports, (Steps{5}));
        QCOMPARE(r.validations, (Steps{4}));
        QCOMPARE(r.latest, (Steps{4}));
    }

    void deferredSumsReportTheSame() {
        std::vector<double> losses[2];
        std::vector<double> twice[2];
        for (int i = 0; i < 2; ++i) {
            Fixture f;
            CancelToken cancel;
            TrainLoop loop(schedule(9), LoopCadence{3, 0, 0, 0, 1}, f.optimizer(), cancel, {"twice"});
            Record r;
            LoopHooks h = f.hooks(loop, r, -1, i == 1);
            h.progress = [&, i](TrainProgress& p) {
                losses[i].push_back(p.loss);
                twice[i].push_back(p.metric("twice"));
            };
            QVERIFY(loop.run(h).ok());
        }
        QCOMPARE(losses[0], (std::vector<double>{1.0, 4.0, 7.0}));
        QCOMPARE(losses[1], losses[0]);
        QCOMPARE(twice[1], twice[0]);
    }

    void aFailingHookEndsTheRun() {
        Fixture f;
        CancelToken cancel;
        TrainLoop loop(schedule(10), LoopCadence{0, 2, 0, 0, 1}, f.optimizer(), cancel, {"twice"});
        Record r;
        LoopHooks h = f.hooks(loop, r);
        h.validate = [] { return Status(makeError(ErrorCode::Io, "disk gone")); };
        auto end = loop.run(h);
        QVERIFY(!end.ok());
        QCOMPARE(end.error().message, std::string("disk gone"));
        QCOMPARE(loop.state().step, std::int64_t(2));
    }
};

QTEST_APPLESS_MAIN(TestTrainLoop)
#include "tst_train_loop.moc"
