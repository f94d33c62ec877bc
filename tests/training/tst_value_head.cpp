// SPDX-License-Identifier: GPL-3.0-or-later
// The value head: trained on real game results (tests/data/games_sample.pgn) on a frozen tiny-v2 trunk, it must beat
// the uniform guess, leave the trunk's move probabilities exactly as they were, and travel through checkpoints and
// bundle weights (all of its tensors or none).
#include "core/models/model_config.h"
#include "core/models/torch_evaluator.h"
#include "core/training/value_trainer.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kibitz;

class TstValueHead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void trainsOnFrozenTrunk();
};

void TstValueHead::trainsOnFrozenTrunk() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string init = dir.filePath(QStringLiteral("init.pt")).toStdString();
    const std::string out = dir.filePath(QStringLiteral("value.pt")).toStdString();
    auto cfg = models::modelConfigByName("tiny-v2");
    QVERIFY(cfg.ok());
    auto trunk = models::TorchEvaluator::fromConfig(*cfg, 3);
    QVERIFY(trunk->save(init).ok());
    QVERIFY(!trunk->hasValueHead());
    QCOMPARE(trunk->valueEstimates({chess::Position()}, {{}}, {}).error().code, ErrorCode::Unsupported);

    training::ValueTrainOptions o;
    o.pgnFiles = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    o.initCheckpoint = init;
    o.outCheckpoint = out;
    o.totalSteps = 120;
    o.batchSize = 64;
    o.learningRate = 3e-3;
    o.warmupSteps = 10;
    o.holdoutPermille = 200;
    o.validateEvery = 0;
    o.validationPositions = 600;
    o.baselineGames = 1000;
    std::vector<std::string> lines;
    auto r = training::trainValueHead(o, CancelToken(), [&lines](const std::string& s) { lines.push_back(s); });
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QVERIFY(r->model().positions > 100);
    // Uniform thirds score 2/3 whatever the result; decisive games dominate, so a head that learnt anything is below.
    QVERIFY2(r->model().meanBrier() < 0.62, r->summary().c_str());
    QVERIFY(r->baseline().positions == r->model().positions);

    auto loaded = models::TorchEvaluator::load(out);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    QVERIFY((*loaded)->hasValueHead());
    // The trunk is frozen: the move probabilities are bit for bit those of the initial model.
    const chess::Position start;
    encoding::Conditioning c;
    c.moverElo = 1500;
    c.oppElo = 1600;
    auto before = trunk->moveDistribution(start, c);
    auto after = (*loaded)->moveDistribution(start, c);
    QVERIFY(before.ok() && after.ok());
    for (std::size_t i = 0; i < before->size(); ++i) {
        QCOMPARE((*after)[i].move, (*before)[i].move);
        QCOMPARE((*after)[i].prob, (*before)[i].prob);
    }
    auto wdl = (*loaded)->valueEstimates({start}, {c}, {});
    QVERIFY(wdl.ok());
    QVERIFY(std::abs(wdl->front().win + wdl->front().draw + wdl->front().loss - 1.0f) < 1e-5);
    QVERIFY(wdl->front().draw < 0.3f);  // draws are 4 % of these games
    // A finished game has no value to give.
    auto mate = chess::Position::fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    QCOMPARE((*loaded)->valueEstimates({*mate}, {c}, {}).error().code, ErrorCode::InvalidInput);

    // Bundle weights: "value.*" tensors round-trip; a partial head is refused.
    auto weights = (*loaded)->exportWeights();
    int valueTensors = 0;
    for (const auto& w : weights) valueTensors += w.name.rfind("value.", 0) == 0;
    QCOMPARE(valueTensors, int(models::TorchEvaluator::valueHeadShapes(*cfg).size()));
    auto copy = models::TorchEvaluator::fromWeights(*cfg, weights, "copy");
    QVERIFY(copy.ok());
    auto wdl2 = (*copy)->valueEstimates({start}, {c}, {});
    QCOMPARE(wdl2->front().win, wdl->front().win);
    auto partial = weights;
    partial.erase(std::remove_if(partial.begin(), partial.end(),
                                 [](const models::NamedWeights& w) { return w.name == "value.out.bias"; }),
                  partial.end());
    QVERIFY(!models::TorchEvaluator::fromWeights(*cfg, partial, "partial").ok());

    // Continuing from the output keeps its head (and says so).
    o.initCheckpoint = out;
    o.outCheckpoint = dir.filePath(QStringLiteral("value2.pt")).toStdString();
    o.totalSteps = 5;
    lines.clear();
    QVERIFY(training::trainValueHead(o, CancelToken(), [&lines](const std::string& s) { lines.push_back(s); }).ok());
    QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("continuing") == 0; }));
}

QTEST_GUILESS_MAIN(TstValueHead)
#include "tst_value_head.moc"
