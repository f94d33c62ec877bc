// SPDX-License-Identifier: GPL-3.0-or-later
// The training page's chart data (ui::TrainingSeries): points by step, a resumed run's repeated steps replaced,
// the loss's moving average worked out by hand, validation points replaced the same way.
#include "ui/training_series.h"

#include <QTest>

using namespace kibitz;

namespace {

jobs::TrainingPoint point(qint64 step, double loss, double lr = 1e-3, double speed = 100.0) {
    jobs::TrainingPoint p;
    p.step = step;
    p.loss = loss;
    p.learningRate = lr;
    p.samplesPerSecond = speed;
    return p;
}

}  // namespace

class TstTrainingSeries : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void appendsAndSmooths() {
        ui::TrainingSeries s;
        s.setSmoothing(0.5);
        QVERIFY(!s.append({point(50, 4.0), point(100, 2.0)}));
        QVERIFY(!s.append({point(150, 3.0, 5e-4, 120.0)}));
        QCOMPARE(s.lastStep(), qint64(150));
        QCOMPARE(s.loss().size(), 3);
        QCOMPARE(s.loss()[1], QPointF(100, 2.0));
        // EMA with half the weight on the previous value, starting at the first loss: 4, 3, 3.
        QCOMPARE(s.smoothedLoss()[0].y(), 4.0);
        QCOMPARE(s.smoothedLoss()[1].y(), 3.0);
        QCOMPARE(s.smoothedLoss()[2].y(), 3.0);
        QCOMPARE(s.learningRate()[2], QPointF(150, 5e-4));
        QCOMPARE(s.speed()[2], QPointF(150, 120.0));
        // No smoothing: the raw loss.
        s.setSmoothing(0.0);
        QCOMPARE(s.smoothedLoss(), s.loss());
    }

    void resumeReplacesRepeatedSteps() {
        ui::TrainingSeries s;
        s.setSmoothing(0.5);
        QVERIFY(!s.append({point(50, 4.0), point(100, 2.0), point(150, 6.0)}));
        // A run killed after its step-100 checkpoint resumes and reports step 150 again.
        QVERIFY(s.append({point(150, 1.0), point(200, 1.0)}));
        QCOMPARE(s.points().size(), 4);
        QCOMPARE(s.loss()[2], QPointF(150, 1.0));
        QCOMPARE(s.loss()[3], QPointF(200, 1.0));
        // The average continues from step 100's (3): 2, then 1.5.
        QCOMPARE(s.smoothedLoss()[2].y(), 2.0);
        QCOMPARE(s.smoothedLoss()[3].y(), 1.5);
        QCOMPARE(s.smoothedLoss().size(), s.loss().size());
    }

    void validationReplacesRepeatedSteps() {
        ui::TrainingSeries s;
        s.appendValidation({1000, 0.40});
        s.appendValidation({2000, 0.45});
        s.appendValidation({2000, 0.46});
        QCOMPARE(s.validation().size(), 2);
        QCOMPARE(s.validation().last(), QPointF(2000, 0.46));
        s.clear();
        QVERIFY(s.validation().isEmpty());
        QVERIFY(s.loss().isEmpty());
        QCOMPARE(s.lastStep(), qint64(0));
    }
};

QTEST_APPLESS_MAIN(TstTrainingSeries)
#include "tst_training_series.moc"
