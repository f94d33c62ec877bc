// SPDX-License-Identifier: GPL-3.0-or-later
// The LibTorch human-move model on real positions (tests/data/games_sample.pgn): legal-move masking,
// save -> load -> same output, the evaluator's distribution, and loss going down on a small real batch.
#include "core/chess/position.h"
#include "core/models/human_move_model.h"
#include "core/models/torch_evaluator.h"
#include "core/training/human_samples.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace kibitz;
using encoding::EncodedPosition;

class TestHumanModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void logitsCoverExactlyTheLegalMoves_data();
    void logitsCoverExactlyTheLegalMoves();
    void saveLoadSameOutput();
    void evaluatorDistribution();
    void evaluatorRejectsMate();
    void lossGoesDown();
    void configs_data();
    void configs();

private:
    std::vector<EncodedPosition> m_positions;
    std::vector<const EncodedPosition*> batchOf(std::size_t first, std::size_t n) const {
        std::vector<const EncodedPosition*> v;
        for (std::size_t i = first; i < first + n; ++i) v.push_back(&m_positions[i % m_positions.size()]);
        return v;
    }
};

void TestHumanModel::initTestCase() {
    at::set_num_threads(1);
    training::SampleStreamOptions so;
    so.files = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    so.split = training::Split::All;
    so.chunkGames = 60;
    so.seed = 7;
    auto s = training::HumanSampleStream::open(so);
    QVERIFY(s.ok());
    QVERIFY(s.value()->nextChunk(m_positions).ok());
    QVERIFY(m_positions.size() > 2000);
}

void TestHumanModel::logitsCoverExactlyTheLegalMoves_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("count");
    QTest::newRow("one position") << 0 << 1;
    QTest::newRow("batch of 16") << 100 << 16;
    QTest::newRow("batch of 64") << 500 << 64;
}

void TestHumanModel::logitsCoverExactlyTheLegalMoves() {
    QFETCH(int, first);
    QFETCH(int, count);
    torch::manual_seed(3);
    models::HumanMoveModel model(models::modelConfigByName("tiny").value());
    model->eval();
    torch::NoGradGuard ng;
    const auto items = batchOf(std::size_t(first), std::size_t(count));
    const auto batch = models::makeBatch(items);
    const auto probs = torch::softmax(model->forward(batch), -1);
    QCOMPARE(probs.size(0), std::int64_t(count));
    for (int i = 0; i < count; ++i) {
        const int n = items[std::size_t(i)]->numLegal;
        const double legalMass = probs[i].slice(0, 0, n).sum().item<double>();
        QVERIFY2(std::abs(legalMass - 1.0) < 1e-5, qPrintable(QString::number(legalMass)));
        // No legal move is masked, whatever it is.
        QVERIFY(probs[i].slice(0, 0, n).min().item<double>() > 1e-6);
    }
}

void TestHumanModel::saveLoadSameOutput() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("model.pt")).toStdString();
    torch::manual_seed(11);
    auto cfg = models::modelConfigByName("tiny").value();
    cfg.view = encoding::BoardView::Absolute;
    models::HumanMoveModel model(cfg);
    model->eval();
    {
        torch::serialize::OutputArchive a;
        models::saveModel(model, a);
        a.save_to(path);
    }
    torch::serialize::InputArchive in;
    in.load_from(path);
    const auto loadedCfg = models::loadModelConfig(in);
    QCOMPARE(loadedCfg, cfg);
    torch::manual_seed(999);  // different init: the weights must come from the file
    models::HumanMoveModel loaded(loadedCfg);
    models::loadModelWeights(loaded, in);
    loaded->eval();
    torch::NoGradGuard ng;
    const auto batch = models::makeBatch(batchOf(40, 32));
    QVERIFY(torch::equal(model->forward(batch), loaded->forward(batch)));

    // The evaluator reads the same file and gives the model's probabilities.
    auto ev = models::TorchEvaluator::load(path);
    QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
    QCOMPARE(ev.value()->config(), cfg);
    auto pos = chess::Position::fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    QVERIFY(pos.ok());
    encoding::Conditioning cond{1500, 1500, 180, 175, 2};
    EncodedPosition e;
    QVERIFY(encoding::encodePosition(pos.value(), cond, cfg.view, chess::Move::none(), e));
    const EncodedPosition* one[] = {&e};
    const auto p = torch::softmax(model->forward(models::makeBatch(one)), -1);
    auto dist = ev.value()->moveDistribution(pos.value(), cond);
    QVERIFY(dist.ok());
    const auto legal = pos.value().legalMoves();
    for (const auto& mp : dist.value()) {
        int idx = -1;
        for (int i = 0; i < legal.size(); ++i)
            if (legal[i] == mp.move) idx = i;
        QVERIFY(idx >= 0);
        QVERIFY(std::abs(mp.prob - p[0][idx].item<float>()) < 1e-6f);
    }
}

void TestHumanModel::evaluatorDistribution() {
    auto ev = models::TorchEvaluator::fromConfig(models::modelConfigByName("tiny").value(), 5);
    // Real positions: the start, a Black-to-move middlegame, and one with en passant and promotions to choose from.
    for (const char* fen :
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
          "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 b - - 3 10", "8/1P4k1/8/3pP3/8/8/6K1/8 w - d6 0 50"}) {
        auto pos = chess::Position::fromFen(fen);
        QVERIFY(pos.ok());
        auto dist = ev->moveDistribution(pos.value(), {});
        QVERIFY(dist.ok());
        QCOMPARE(int(dist.value().size()), pos.value().legalMoves().size());
        double sum = 0;
        for (std::size_t i = 0; i < dist.value().size(); ++i) {
            sum += dist.value()[i].prob;
            if (i > 0) QVERIFY(dist.value()[i - 1].prob >= dist.value()[i].prob);
        }
        QVERIFY(std::abs(sum - 1.0) < 1e-4);
    }
}

void TestHumanModel::evaluatorRejectsMate() {
    auto ev = models::TorchEvaluator::fromConfig(models::modelConfigByName("tiny").value(), 5);
    auto mate = chess::Position::fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    QVERIFY(mate.ok());
    auto dist = ev->moveDistribution(mate.value(), {});
    QVERIFY(!dist.ok());
    QCOMPARE(dist.error().code, ErrorCode::InvalidInput);
    QVERIFY(!models::TorchEvaluator::load("/nonexistent/model.pt").ok());
}

void TestHumanModel::lossGoesDown() {
    torch::manual_seed(1);
    models::HumanMoveModel model(models::modelConfigByName("tiny").value());
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(3e-3));
    const auto probe = models::makeBatch(batchOf(0, 256));
    auto probeLoss = [&] {
        torch::NoGradGuard ng;
        return models::moveLoss(model->forward(probe), probe).item<double>();
    };
    const double before = probeLoss();
    for (int step = 0; step < 60; ++step) {
        const auto b = models::makeBatch(batchOf(std::size_t(step) * 64 % 1024, 64));
        auto loss = models::moveLoss(model->forward(b), b);
        opt.zero_grad();
        loss.backward();
        opt.step();
    }
    const double after = probeLoss();
    QVERIFY2(after < 0.85 * before, qPrintable(QStringLiteral("before %1 after %2").arg(before).arg(after)));
}

void TestHumanModel::configs_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("tiny") << "tiny";
    QTest::newRow("small") << "small";
    QTest::newRow("medium") << "medium";
}

void TestHumanModel::configs() {
    QFETCH(QString, name);
    auto cfg = models::modelConfigByName(name.toStdString());
    QVERIFY(cfg.ok());
    models::HumanMoveModel model(cfg.value());
    QCOMPARE(models::countParameters(*model), models::parameterCount(cfg.value()));
    QVERIFY(!models::modelConfigByName("huge").ok());
}

QTEST_APPLESS_MAIN(TestHumanModel)
#include "tst_human_model.moc"
