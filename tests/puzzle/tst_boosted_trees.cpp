// SPDX-License-Identifier: GPL-3.0-or-later
// Boosted regression trees with the absolute-error loss (core/models/boosted_trees): they learn a step and an
// interaction that no single input shows, ignore gross outliers (medians, not means), are deterministic (row
// subsampling too, by its seed), and their text form round-trips bit for bit and names the node that is wrong.
#include "core/models/boosted_trees.h"
#include "core/training/puzzle_stage_fit.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace kibitz;

namespace {

struct Data {
    std::vector<std::vector<float>> x;
    std::vector<double> y;
};

/// y = 300 where x0 > 0.5 and x1 > 0.5, else 0 (an interaction: neither input alone splits it), plus Laplace-like
/// noise of scale `noise`; x2 is noise the trees should ignore. `outlierShare` of the targets are off by +100,000.
Data interaction(std::size_t n, double noise, double outlierShare, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::exponential_distribution<double> e(1.0);
    Data d;
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<float> x{float(u(rng)), float(u(rng)), float(u(rng))};
        double y = (x[0] > 0.5f && x[1] > 0.5f) ? 300.0 : 0.0;
        y += noise * (u(rng) < 0.5 ? e(rng) : -e(rng));
        if (u(rng) < outlierShare) y += 100000.0;
        d.x.push_back(std::move(x));
        d.y.push_back(y);
    }
    return d;
}

double truth(const std::vector<float>& x) { return (x[0] > 0.5f && x[1] > 0.5f) ? 300.0 : 0.0; }

double meanAbsErrorToTruth(const models::BoostedTrees& m, const Data& d) {
    double s = 0;
    for (const auto& x : d.x) s += std::abs(m.predict(x) - truth(x));
    return s / double(d.x.size());
}

}  // namespace

class TestBoostedTrees : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void learnsAnInteraction() {
        const Data train = interaction(4000, 20.0, 0.0, 1), test = interaction(2000, 20.0, 0.0, 2);
        training::BoostOptions o;
        o.trees = 200;
        o.learningRate = 0.1;
        o.maxLeaves = 4;
        auto m = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        QCOMPARE(int(m->trees.size()), 200);
        QCOMPARE(m->inputCount, 3);
        // Predicting the median everywhere errs by ~75 on average (a quarter of the inputs are 300 off); the trees
        // come within a few points of the true step, away from its edges too.
        const double mae = meanAbsErrorToTruth(m.value(), test);
        QVERIFY2(mae < 15.0, qPrintable(QString::number(mae)));
        QVERIFY(std::abs(m->predict(std::vector<float>{0.9f, 0.9f, 0.1f}) - 300.0) < 15.0);
        QVERIFY(std::abs(m->predict(std::vector<float>{0.9f, 0.1f, 0.9f})) < 15.0);
        QVERIFY(std::abs(m->predict(std::vector<float>{0.1f, 0.9f, 0.5f})) < 15.0);
        // The first trees, fitted while the step is still in the residuals, never split on the noise input first.
        for (std::size_t t = 0; t < 5; ++t) QVERIFY(m->trees[t].nodes.front().feature != 2);
    }

    /// 10% of the targets are 100,000 too high. Squared-error boosting would move every prediction by ~10,000; the
    /// absolute error's medians stay with the bulk.
    void outliersDoNotPullTheTrees() {
        const Data train = interaction(4000, 20.0, 0.10, 3), test = interaction(2000, 20.0, 0.0, 4);
        training::BoostOptions o;
        o.trees = 200;
        o.learningRate = 0.1;
        o.maxLeaves = 4;
        auto m = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY(m.ok());
        const double mae = meanAbsErrorToTruth(m.value(), test);
        QVERIFY2(mae < 25.0, qPrintable(QString::number(mae)));
    }

    void minLeafSamplesBoundsEveryLeaf() {
        const Data train = interaction(1000, 20.0, 0.0, 5);
        training::BoostOptions o;
        o.trees = 5;
        o.maxLeaves = 64;
        o.minLeafSamples = 150;
        auto m = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY(m.ok());
        for (const auto& t : m->trees) {
            int leaves = 0;
            for (const auto& n : t.nodes) leaves += n.feature < 0;
            QVERIFY2(leaves <= 1000 / 150, qPrintable(QString::number(leaves)));
            QCOMPARE(int(t.nodes.size()), 2 * leaves - 1);
        }
    }

    void deterministicAndTextRoundTripsExactly() {
        const Data train = interaction(1500, 30.0, 0.0, 6);
        training::BoostOptions o;
        o.trees = 30;
        auto a = training::fitBoostedTreesLad(train.x, train.y, o);
        auto b = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(a->toText(), b->toText());
        auto back = models::BoostedTrees::fromText(a->toText());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->toText(), a->toText());
        const Data probe = interaction(500, 30.0, 0.0, 7);
        for (const auto& x : probe.x) QCOMPARE(back->predict(x), a->predict(x));
    }

    /// Stochastic boosting: each tree sees a fresh half of the samples, yet every sample's residual moves, so the
    /// sum still converges to the step (were the undrawn samples' residuals left stale, later trees would chase
    /// errors already corrected and overshoot). The draws follow the seed alone; subsample 1 ignores the seed.
    void subsampledRoundsLearnAndFollowTheSeed() {
        const Data train = interaction(4000, 20.0, 0.0, 8), test = interaction(2000, 20.0, 0.0, 9);
        training::BoostOptions o;
        o.trees = 200;
        o.learningRate = 0.1;
        o.maxLeaves = 4;
        o.subsample = 0.5;
        o.seed = 11;
        auto a = training::fitBoostedTreesLad(train.x, train.y, o);
        auto b = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
        QVERIFY(b.ok());
        QCOMPARE(a->toText(), b->toText());
        const double mae = meanAbsErrorToTruth(a.value(), test);
        QVERIFY2(mae < 15.0, qPrintable(QString::number(mae)));
        QVERIFY(std::abs(a->predict(std::vector<float>{0.9f, 0.9f, 0.1f}) - 300.0) < 15.0);
        QVERIFY(std::abs(a->predict(std::vector<float>{0.1f, 0.1f, 0.9f})) < 15.0);

        o.seed = 12;
        auto c = training::fitBoostedTreesLad(train.x, train.y, o);
        QVERIFY(c.ok());
        QVERIFY(c->toText() != a->toText());

        // A half of the samples gives a tree other than all of them do; subsample 1 is the plain fit whatever the seed.
        training::BoostOptions full = o;
        full.subsample = 1.0;
        auto plain = training::fitBoostedTreesLad(train.x, train.y, full);
        full.seed = 99;
        auto plainOtherSeed = training::fitBoostedTreesLad(train.x, train.y, full);
        QVERIFY(plain.ok() && plainOtherSeed.ok());
        QCOMPARE(plain->toText(), plainOtherSeed->toText());
        QVERIFY(plain->toText() != a->toText());

        o.subsample = 0.0;
        QVERIFY(!training::fitBoostedTreesLad(train.x, train.y, o).ok());
        o.subsample = 1.5;
        QVERIFY(!training::fitBoostedTreesLad(train.x, train.y, o).ok());
    }

    void badTextNamesTheNode_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("no base") << "3"
                                 << "header";
        QTest::newRow("inputs") << "x;0"
                                << "header";
        QTest::newRow("base") << "3;nan"
                              << "header";
        QTest::newRow("leaf value") << "3;0;0/0.5/1/2,=1,=abc"
                                    << "tree 1 node 2";
        QTest::newRow("input out of range") << "3;0;=1;3/0.5/1/2,=1,=2"
                                            << "tree 2 node 0";
        QTest::newRow("child before parent") << "3;0;0/0.5/1/2,0/0.1/0/2,=2"
                                             << "tree 1 node 1";
        QTest::newRow("child outside") << "3;0;0/0.5/1/3,=1,=2"
                                       << "tree 1 node 0";
        QTest::newRow("shared child") << "3;0;0/0.5/1/1,=1,=2"
                                      << "tree 1 node 1";
        QTest::newRow("unreached") << "3;0;0/0.5/1/2,=1,=2,=3"
                                   << "tree 1 node 3";
        QTest::newRow("malformed") << "3;0;0/0.5/1"
                                   << "tree 1 node 0";
    }
    void badTextNamesTheNode() {
        QFETCH(QString, text);
        QFETCH(QString, where);
        auto m = models::BoostedTrees::fromText(text.toStdString());
        QVERIFY(!m.ok());
        QVERIFY2(QString::fromStdString(m.error().message).contains(where), m.error().message.c_str());
    }

    void fitRefusesBadInput() {
        training::BoostOptions o;
        QVERIFY(!training::fitBoostedTreesLad({}, std::vector<double>{}, o).ok());
        const std::vector<std::vector<float>> x{{1.0f, 2.0f}, {1.0f, NAN}};
        auto m = training::fitBoostedTreesLad(x, std::vector<double>{1.0, 2.0}, o);
        QVERIFY(!m.ok());
        QVERIFY2(m.error().message.find("sample 2, input 2") != std::string::npos, m.error().message.c_str());
        const std::vector<std::vector<float>> ragged{{1.0f, 2.0f}, {1.0f}};
        QVERIFY(!training::fitBoostedTreesLad(ragged, std::vector<double>{1.0, 2.0}, o).ok());
        o.bins = 1;
        QVERIFY(!training::fitBoostedTreesLad(x, std::vector<double>{1.0, 2.0}, o).ok());
    }
};

QTEST_GUILESS_MAIN(TestBoostedTrees)
#include "tst_boosted_trees.moc"
