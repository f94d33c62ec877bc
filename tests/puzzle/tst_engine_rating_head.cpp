// SPDX-License-Identifier: GPL-3.0-or-later
// The engine stage's regression (core/models/engine_rating_head): the fit recovers a known relation, resists gross
// outliers (least absolute deviations), scales sigma to a normal error's share, and its text form round-trips
// exactly and names the field that is wrong.
#include "core/evaluation/solve_probability.h"
#include "core/models/engine_rating_head.h"
#include "core/training/puzzle_stage_fit.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace kibitz;

namespace {

/// Puzzles whose rating follows rating = 150 + 0.9 * board + 400 * f0 - 250 * f1 * f1 + 0.3 * board * f2 (board in
/// rating points, the product in thousands), plus noise; features uniform in [0, 1].
struct Synthetic {
    std::vector<double> board, sigma, rating;
    std::vector<std::vector<float>> features;
};

Synthetic makeData(std::size_t n, double noise, double outlierShare, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0), boardDist(600.0, 2600.0);
    std::normal_distribution<double> eps(0.0, noise);
    Synthetic s;
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<float> f(4);
        for (float& v : f) v = float(u(rng));
        const double b = boardDist(rng);
        double r = 150.0 + 0.9 * b + 400.0 * f[0] - 250.0 * f[1] * f[1] + 0.3 * b * f[2] + eps(rng);
        if (u(rng) < outlierShare) r += 3000.0;  // a gross error, far from everything
        s.board.push_back(b);
        s.sigma.push_back(200.0);
        s.rating.push_back(r);
        s.features.push_back(std::move(f));
    }
    return s;
}

double meanAbsError(const models::EngineRatingHead& h, const Synthetic& s, bool skipOutliers) {
    double sum = 0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.rating.size(); ++i) {
        const double truth = 150.0 + 0.9 * s.board[i] + 400.0 * s.features[i][0] -
                             250.0 * s.features[i][1] * s.features[i][1] + 0.3 * s.board[i] * s.features[i][2];
        if (skipOutliers && std::abs(s.rating[i] - truth) > 1000) continue;
        sum += std::abs(h.rating(s.board[i], s.features[i]) - truth);
        ++n;
    }
    return sum / double(n);
}

}  // namespace

class TestEngineRatingHead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void termsHaveTheDocumentedOrder() {
        const std::vector<float> f{0.5f, 0.25f};
        const std::vector<double> x = models::engineHeadTerms(2000.0, f);
        QCOMPARE(int(x.size()), models::EngineRatingHead::termCount(2));
        const std::vector<double> expected{1.0, 2.0, 0.5, 0.25, 0.25, 0.0625, 4.0, 1.0, 0.5};
        for (std::size_t i = 0; i < x.size(); ++i) QCOMPARE(x[i], expected[i]);
    }

    void fitRecoversAKnownRelation() {
        const Synthetic s = makeData(3000, 20.0, 0.0, 1);
        auto h = training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4, 0.0);
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().message.c_str());
        QCOMPARE(h->featureCount, 4);
        QCOMPARE(h->fittedPuzzles, std::int64_t(3000));
        // The noise is 20 points; the fitted function is within a few points of the true one.
        const double mae = meanAbsError(h.value(), s, false);
        QVERIFY2(mae < 5.0, qPrintable(QString::number(mae)));
        // One sigma holds 68.3% of the residuals (normal noise of 20 against a board sigma of 200: scale ~0.1).
        QVERIFY2(h->sigmaScale > 0.08 && h->sigmaScale < 0.12, qPrintable(QString::number(h->sigmaScale)));
        int within = 0;
        for (std::size_t i = 0; i < s.rating.size(); ++i)
            within += std::abs(h->rating(s.board[i], s.features[i]) - s.rating[i]) <= h->sigma(s.sigma[i]);
        QVERIFY(std::abs(within / 3000.0 - 0.683) < 0.01);
    }

    /// 10% of the ratings are off by 3,000 points. Least squares would shift every prediction by ~300; least
    /// absolute deviations ignores them.
    void outliersDoNotPullTheFit() {
        const Synthetic s = makeData(3000, 20.0, 0.10, 2);
        auto h = training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4, 0.0);
        QVERIFY(h.ok());
        const double robust = meanAbsError(h.value(), s, true);
        QVERIFY2(robust < 15.0, qPrintable(QString::number(robust)));
        auto ls = training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4, 0.0, 1);
        QVERIFY(ls.ok());
        QVERIFY2(meanAbsError(ls.value(), s, true) > 100.0, "one round is least squares: the outliers pull it");
    }

    void textRoundTripsExactly() {
        const Synthetic s = makeData(500, 50.0, 0.0, 3);
        auto h = training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4, 1e-4);
        QVERIFY(h.ok());
        auto back = models::EngineRatingHead::fromText(h->toText());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->toText(), h->toText());
        QCOMPARE(back->weights, h->weights);
        QCOMPARE(back->depth, 10);
        QCOMPARE(back->lines, 4);
        QCOMPARE(back->features, std::string("v2"));
        for (std::size_t i = 0; i < 20; ++i)
            QCOMPARE(back->rating(s.board[i], s.features[i]), h->rating(s.board[i], s.features[i]));
    }

    void badTextNamesTheField_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        const QString ok = QStringLiteral("features=v2 k=1 depth=10 lines=4 sigma_scale=0.9 w=1,2,3,4,5,6");
        QTest::newRow("missing w") << QStringLiteral("features=v2 k=1 depth=10 lines=4 sigma_scale=0.9") << "'w'";
        QTest::newRow("weights short") << QString(ok).replace(QLatin1String(",6"), QString()) << "'w'";
        QTest::newRow("weight not a number")
            << QString(ok).replace(QLatin1String(",6"), QLatin1String(",x")) << "'w' value 6";
        QTest::newRow("bad depth") << QString(ok).replace(QLatin1String("depth=10"), QLatin1String("depth=ten"))
                                   << "'depth'";
        QTest::newRow("missing k") << QString(ok).replace(QLatin1String("k=1 "), QString()) << "'k'";
        QTest::newRow("negative sigma") << QString(ok).replace(QLatin1String("sigma_scale=0.9"),
                                                               QLatin1String("sigma_scale=-1"))
                                        << "'sigma_scale'";
        QTest::newRow("no features") << QString(ok).replace(QLatin1String("features=v2 "), QString()) << "'features'";
        QTest::newRow("not key=value") << ok + QStringLiteral(" junk") << "'junk'";
    }

    void badTextNamesTheField() {
        QFETCH(QString, text);
        QFETCH(QString, field);
        auto h = models::EngineRatingHead::fromText(text.toStdString());
        QVERIFY(!h.ok());
        QCOMPARE(h.error().code, ErrorCode::InvalidInput);
        QVERIFY2(QString::fromStdString(h.error().message).contains(field), h.error().message.c_str());
    }

    /// logsolve4 reads P(solve) at Elo 1000, 1600, 2200, 2800 out of the 33 solve features, in the layout that
    /// evaluation::solveFeatures writes.
    void humanSetReadsTheSolveFeatureLayout() {
        QCOMPARE(std::size_t(evaluation::kSolveFeatureCount), models::kSolveFeatureInputs);
        QCOMPARE(evaluation::kSolveEloLevels[1], 1000);
        QCOMPARE(evaluation::kSolveEloLevels[4], 1600);
        QCOMPARE(evaluation::kSolveEloLevels[7], 2200);
        QCOMPARE(evaluation::kSolveEloLevels[10], 2800);
        evaluation::SolveCurve curve;
        curve.elos.assign(evaluation::kSolveEloLevels.begin(), evaluation::kSolveEloLevels.end());
        for (std::size_t l = 0; l < curve.elos.size(); ++l) {
            const double p = 0.01 * double(l + 1);
            curve.moveProb.push_back({p});
            curve.solve.push_back(p);
        }
        const std::vector<float> solve = evaluation::solveFeatures(curve);
        const std::vector<float> h = models::humanStageFeatures(models::kHumanStageSetLogSolve4, solve);
        QCOMPARE(int(h.size()), models::humanStageFeatureCount(models::kHumanStageSetLogSolve4));
        const double levels[] = {2, 5, 8, 11};  // (l + 1) of 1000, 1600, 2200, 2800
        for (std::size_t i = 0; i < 4; ++i) QVERIFY(std::abs(h[i] - std::log(0.01 * levels[i]) / 10.0) < 1e-6);
        QVERIFY(models::humanStageFeatures("nope", solve).empty());
        QVERIFY(models::humanStageFeatures(models::kHumanStageSetLogSolve4, std::vector<float>(5)).empty());
        // The levels a feature source is asked for are the ones read: a curve computed at only those gives the
        // same values (the other levels are NaN and never read).
        QCOMPARE(models::humanStageElos(models::kHumanStageSetLogSolve4), (std::vector<int>{1000, 1600, 2200, 2800}));
        QVERIFY(models::humanStageElos("nope").empty());
        evaluation::SolveCurve part;
        for (const int elo : models::humanStageElos(models::kHumanStageSetLogSolve4)) {
            const std::size_t l =
                std::size_t(std::find(curve.elos.begin(), curve.elos.end(), elo) - curve.elos.begin());
            part.elos.push_back(elo);
            part.moveProb.push_back(curve.moveProb[l]);
            part.solve.push_back(curve.solve[l]);
        }
        const std::vector<float> partFeatures = evaluation::solveFeatures(part);
        QVERIFY(std::isnan(partFeatures[0]));
        QVERIFY(evaluation::hasSolveLevels(partFeatures, part.elos));
        QVERIFY(models::humanStageFeatures(models::kHumanStageSetLogSolve4, partFeatures) == h);
        // A zero probability is floored, not -inf.
        std::vector<float> zero(33, 0.0f);
        QVERIFY(std::isfinite(models::humanStageFeatures(models::kHumanStageSetLogSolve4, zero)[0]));
    }

    /// A set with a Maia part reads the nine nets' values after the model's own 33 (evaluation::maiaSolveFeatures'
    /// layout), and its text must name the nets it was fitted on.
    void maiaPartReadsTheNetsAfterTheModel() {
        QCOMPARE(std::size_t(evaluation::kMaiaFeatureCount), models::kMaiaFeatureInputs);
        const std::string set = std::string(models::kHumanStageSetLogSolve4Min4First4) + "+" + models::kMaiaStagePart29;
        QVERIFY(models::humanStageUsesMaia(set));
        QVERIFY(!models::humanStageUsesMaia(models::kHumanStageSetLogSolve4Min4First4));
        QCOMPARE(models::humanStageInputCount(set), std::size_t(33 + 29));
        QCOMPARE(models::humanStageFeatureCount(set), 12 + 29);
        QCOMPARE(models::humanStageFeatureCount(std::string(models::kHumanStageSetLogSolve4) + "+maia9"), 4 + 9);
        QCOMPARE(models::humanStageFeatureCount(std::string(models::kHumanStageSetLogSolve4) + "+maia8"), 0);
        QCOMPARE(models::humanStageFeatureCount("+maia9"), 0);
        std::vector<float> in(62, 0.5f);
        for (std::size_t b = 0; b < 9; ++b) in[33 + b] = 0.1f * float(b + 1);  // P(solve) per band
        for (std::size_t j = 9; j < 29; ++j) in[33 + j] = -0.01f * float(j);   // logs, then top-move bands
        const std::vector<float> h = models::humanStageFeatures(set, in);
        QCOMPARE(int(h.size()), 41);
        for (std::size_t b = 0; b < 9; ++b) QVERIFY(std::abs(h[12 + b] - std::log(0.1 * double(b + 1)) / 10.0) < 1e-6);
        for (std::size_t j = 9; j < 29; ++j) QCOMPARE(h[12 + j], in[33 + j]);
        // Without the nets' values the set reads nothing (the stage is then left off, never fed short inputs).
        QVERIFY(models::humanStageFeatures(set, std::vector<float>(33, 0.5f)).empty());
        // Text: the set and the nets' digest round-trip; a Maia set without the digest is refused.
        models::EngineRatingHead head;
        head.features = "v2";
        head.featureCount = 1;
        head.depth = 10;
        head.lines = 4;
        head.human = set;
        head.humanCount = models::humanStageFeatureCount(set);
        head.maiaNets = "0123456789abcdef";
        head.weights.assign(std::size_t(models::EngineRatingHead::termCount(head.inputCount())), 0.5);
        auto back = models::EngineRatingHead::fromText(head.toText());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->maiaNets, head.maiaNets);
        QCOMPARE(back->human, set);
        QString noNets = QString::fromStdString(head.toText()).remove(QStringLiteral(" maia_nets=0123456789abcdef"));
        auto refused = models::EngineRatingHead::fromText(noNets.toStdString());
        QVERIFY(!refused.ok());
        QVERIFY2(QString::fromStdString(refused.error().message).contains(QLatin1String("'maia_nets'")),
                 refused.error().message.c_str());
    }

    /// With a human set the fit takes the set's values as four more features: a rating that depends on them is
    /// recovered, the text keeps the set, and the weight count follows k + 4.
    void fitWithHumanFeatures() {
        const Synthetic s = makeData(3000, 20.0, 0.0, 5);
        std::mt19937 rng(9);
        std::uniform_real_distribution<double> u(1e-4, 1.0);
        std::vector<std::vector<float>> solve;
        std::vector<double> rating = s.rating;
        for (std::size_t i = 0; i < s.rating.size(); ++i) {
            std::vector<float> f(33, 0.0f);
            for (float& v : f) v = float(u(rng));
            rating[i] -= 2000.0 * std::log(double(f[4])) / 10.0;  // harder when P(solve) at 1600 is low
            solve.push_back(std::move(f));
        }
        auto without = training::fitEngineRatingHead(s.board, s.sigma, s.features, rating, "v2", 10, 4, 0.0);
        auto with = training::fitEngineRatingHead(s.board, s.sigma, s.features, rating, "v2", 10, 4, 0.0, 6,
                                                  models::kHumanStageSetLogSolve4, solve);
        QVERIFY2(with.ok(), with.ok() ? "" : with.error().message.c_str());
        QCOMPARE(with->humanCount, 4);
        QCOMPARE(int(with->weights.size()), models::EngineRatingHead::termCount(4 + 4));
        double errWith = 0, errWithout = 0;
        for (std::size_t i = 0; i < rating.size(); ++i) {
            errWith += std::abs(with->rating(s.board[i], s.features[i], solve[i]) - rating[i]);
            errWithout += std::abs(without->rating(s.board[i], s.features[i]) - rating[i]);
        }
        QVERIFY2(errWith / 3000.0 < 25.0, qPrintable(QString::number(errWith / 3000.0)));
        QVERIFY2(errWithout / 3000.0 > 80.0, qPrintable(QString::number(errWithout / 3000.0)));
        auto back = models::EngineRatingHead::fromText(with->toText());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->human, std::string(models::kHumanStageSetLogSolve4));
        QCOMPARE(back->rating(s.board[0], s.features[0], solve[0]), with->rating(s.board[0], s.features[0], solve[0]));
        // Unknown sets and missing solve features are refused.
        auto unknown = models::EngineRatingHead::fromText(
            "features=v2 k=1 depth=10 lines=4 sigma_scale=0.9 human=logsolve9 w=1,2,3,4,5,6");
        QVERIFY(!unknown.ok());
        QVERIFY(unknown.error().message.find("'human'") != std::string::npos);
        QVERIFY(!training::fitEngineRatingHead(s.board, s.sigma, s.features, rating, "v2", 10, 4, 0.0, 6,
                                               models::kHumanStageSetLogSolve4, {})
                     .ok());
    }

    /// A rating with a step where two features are both high, which no quadratic term follows: the trees fitted to
    /// the quadratic's residuals recover it, their sigma scale comes from out-of-fold errors (so it matches new
    /// puzzles, not the fitted ones), and the text keeps them exactly.
    void treesCorrectWhatTheQuadraticMisses() {
        const Synthetic train = makeData(4000, 20.0, 0.0, 11), test = makeData(2000, 20.0, 0.0, 12);
        auto step = [](const Synthetic& s, std::size_t i) {
            return (s.features[i][0] > 0.5f && s.features[i][3] > 0.5f) ? 300.0 : 0.0;
        };
        std::vector<double> rating = train.rating;
        for (std::size_t i = 0; i < rating.size(); ++i) rating[i] += step(train, i);
        training::BoostOptions boost;
        boost.trees = 150;
        boost.learningRate = 0.1;
        boost.maxLeaves = 8;
        auto plain = training::fitEngineRatingHead(train.board, train.sigma, train.features, rating, "v2", 10, 4, 0.0);
        auto trees = training::fitEngineRatingHead(train.board, train.sigma, train.features, rating, "v2", 10, 4, 0.0,
                                                   6, {}, {}, boost);
        QVERIFY2(trees.ok(), trees.ok() ? "" : trees.error().message.c_str());
        QVERIFY(plain->trees.empty());
        QCOMPARE(int(trees->trees.trees.size()), 150);
        QCOMPARE(trees->trees.inputCount, 1 + 4);
        double errPlain = 0, errTrees = 0;
        int within = 0;
        for (std::size_t i = 0; i < test.rating.size(); ++i) {
            const double r = test.rating[i] + step(test, i);
            errPlain += std::abs(plain->rating(test.board[i], test.features[i]) - r);
            const double e = std::abs(trees->rating(test.board[i], test.features[i]) - r);
            errTrees += e;
            within += e <= trees->sigma(test.sigma[i]);
        }
        errPlain /= 2000.0;
        errTrees /= 2000.0;
        // The quadratic smears the step (~100 off on average); the trees come within the noise's reach.
        QVERIFY2(errPlain > 60.0, qPrintable(QString::number(errPlain)));
        QVERIFY2(errTrees < 35.0, qPrintable(QString::number(errTrees)));
        // The recorded fitting error is out of fold: it predicts the new puzzles' error.
        QVERIFY2(std::abs(trees->fitMae - errTrees) < 0.2 * errTrees,
                 qPrintable(QStringLiteral("%1 vs %2").arg(trees->fitMae).arg(errTrees)));
        // One sigma holds about 68% of new puzzles' errors.
        QVERIFY2(std::abs(within / 2000.0 - 0.683) < 0.04, qPrintable(QString::number(within / 2000.0)));
        auto back = models::EngineRatingHead::fromText(trees->toText());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->toText(), trees->toText());
        for (std::size_t i = 0; i < 50; ++i)
            QCOMPARE(back->rating(test.board[i], test.features[i]), trees->rating(test.board[i], test.features[i]));
        // Trees that take another number of inputs than the stage gives them are refused, naming the field.
        std::string text = plain->toText() + " trees=3;0;0/0.5/1/2,=1,=2";
        auto wrong = models::EngineRatingHead::fromText(text);
        QVERIFY(!wrong.ok());
        QVERIFY2(wrong.error().message.find("'trees'") != std::string::npos, wrong.error().message.c_str());
        auto ok = models::EngineRatingHead::fromText(plain->toText() + " trees=5;0;0/0.5/1/2,=1,=2");
        QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().message.c_str());
    }

    /// Below ten times the smallest leaf there are no folds: the recorded error is then the whole fit's own
    /// (quadratic and trees) on its puzzles, and the fold rule says so.
    void smallFitsRecordTheirOwnErrors() {
        const Synthetic s = makeData(300, 20.0, 0.0, 21);
        training::BoostOptions boost;
        boost.trees = 30;
        boost.maxLeaves = 4;
        boost.minLeafSamples = 40;
        QVERIFY(!training::engineStageFitsOutOfFold(399, boost));
        QVERIFY(training::engineStageFitsOutOfFold(400, boost));
        auto h =
            training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4, 0.0, 6, {}, {}, boost);
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().message.c_str());
        QVERIFY(!h->trees.empty());
        double own = 0;
        for (std::size_t i = 0; i < s.rating.size(); ++i)
            own += std::abs(h->rating(s.board[i], s.features[i]) - s.rating[i]);
        own /= double(s.rating.size());
        QVERIFY2(std::abs(h->fitMae - own) < 1e-3 * own,
                 qPrintable(QStringLiteral("%1 vs %2").arg(h->fitMae).arg(own)));
    }

    void tooFewPuzzlesAreRefused() {
        const Synthetic s = makeData(20, 20.0, 0.0, 4);  // 15 terms need at least 30
        auto h = training::fitEngineRatingHead(s.board, s.sigma, s.features, s.rating, "v2", 10, 4);
        QVERIFY(!h.ok());
        QCOMPARE(h.error().code, ErrorCode::InvalidInput);
        std::vector<double> shortRatings(s.rating.begin(), s.rating.end() - 1);
        QVERIFY(!training::fitEngineRatingHead(s.board, s.sigma, s.features, shortRatings, "v2", 10, 4).ok());
    }
};

QTEST_GUILESS_MAIN(TestEngineRatingHead)
#include "tst_engine_rating_head.moc"
