// SPDX-License-Identifier: GPL-3.0-or-later
// The value head: trained on real game results (tests/data/games_sample.pgn) on a frozen tiny-v2 trunk, it must beat
// the uniform guess, leave the trunk's move probabilities exactly as they were, and travel through checkpoints and
// bundle weights (all of its tensors or none); the material and ply columns: what they count on real positions, and
// heads of the older kinds that still load and that widening leaves answering exactly as they did.
#include "core/chess/position.h"
#include "core/encoding/position_encoder.h"
#include "core/models/human_move_model.h"
#include "core/models/model_config.h"
#include "core/models/torch_evaluator.h"
#include "core/training/value_trainer.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <sstream>

using namespace kibitz;

class TstValueHead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void trainsOnFrozenTrunk();
    void materialColumns();
    void plyColumns();
    void olderHeadKinds();
};

namespace {

/// Encoded positions (mover's view, v2) of `fens`, both players 1500.
std::vector<encoding::EncodedPosition> encodeFens(const std::vector<const char*>& fens) {
    std::vector<encoding::EncodedPosition> out(fens.size());
    for (std::size_t i = 0; i < fens.size(); ++i) {
        auto pos = chess::Position::fromFen(fens[i]);
        if (!pos) qFatal("bad FEN %s", fens[i]);
        const chess::MoveList legal = pos->legalMoves();
        encoding::Conditioning c;
        c.moverElo = c.oppElo = 1500;
        encoding::RecentMoves none;
        if (!encoding::encodePosition(*pos, legal, c, encoding::BoardView::Mover, legal[0], out[i], 2, &none))
            qFatal("cannot encode %s", fens[i]);
    }
    return out;
}

models::ModelBatch batchOf(const std::vector<encoding::EncodedPosition>& enc) {
    std::vector<const encoding::EncodedPosition*> ptrs;
    for (const auto& e : enc) ptrs.push_back(&e);
    return models::makeBatch(ptrs);
}

}  // namespace

void TstValueHead::materialColumns() {
    // The start position; Black's queen gone, White to move and Black to move (the mover's view: own minus the
    // opponent's); an endgame of king, queen and three pawns against king and three pawns.
    const auto enc = encodeFens({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                 "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
                                 "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
                                 "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 40"});
    const auto m = models::materialScalars(batchOf(enc).pieceCode);
    QCOMPARE(m.size(0), std::int64_t(4));
    QCOMPARE(m.size(1), std::int64_t(models::kMaterialScalars));
    auto a = m.accessor<float, 2>();
    const float expected[4][6] = {
        {0, 0, 0, 0, 0, 1.0f}, {0, 0, 0, 0, 1, 69.0f / 78}, {0, 0, 0, 0, -1, 69.0f / 78}, {0, 0, 0, 0, 1, 15.0f / 78}};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < models::kMaterialScalars; ++j)
            QVERIFY2(std::abs(a[i][j] - expected[i][j]) < 1e-6,
                     qPrintable(QStringLiteral("row %1 column %2: %3").arg(i).arg(j).arg(a[i][j])));
    // A knight for three pawns: the columns count each kind.
    const auto odd = encodeFens({"rnbqkb1r/ppp3pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5"});
    const auto oddMaterial = models::materialScalars(batchOf(odd).pieceCode);
    auto o = oddMaterial.accessor<float, 2>();
    QVERIFY(std::abs(o[0][0] - 3.0f / 8) < 1e-6);  // three pawns more
    QVERIFY(std::abs(o[0][1] - 0.5f) < 1e-6);      // a knight more
}

void TstValueHead::plyColumns() {
    // The plies come from the FEN's move number and side to move: 0, 4, 5 and 78.
    const auto enc = encodeFens({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                 "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
                                 "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
                                 "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 40"});
    const models::ModelBatch batch = batchOf(enc);
    const auto s = models::plyScalars(batch.ply);
    QCOMPARE(s.size(1), std::int64_t(models::kPlyScalars));
    auto a = s.accessor<float, 2>();
    const float expected[4][2] = {{0, 0}, {0.04f, 0.2f}, {0.05f, 0.25f}, {0.78f, 1.0f}};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < models::kPlyScalars; ++j)
            QVERIFY2(std::abs(a[i][j] - expected[i][j]) < 1e-6,
                     qPrintable(QStringLiteral("row %1 column %2: %3").arg(i).arg(j).arg(a[i][j])));
    // Past 200 plies the first column stops growing.
    encoding::EncodedPosition late = enc[0];
    late.ply = 300;
    QVERIFY(std::abs(models::plyScalars(batchOf({late}).ply)[0][0].item<float>() - 2.0f) < 1e-6);
}

void TstValueHead::olderHeadKinds() {
    torch::manual_seed(7);
    auto cfg = models::modelConfigByName("tiny-v2");
    QVERIFY(cfg.ok());
    const int d = cfg->dModel;
    using models::ValueInputs;
    // The start position and a later one a queen up: material and ply both differ.
    const auto enc = encodeFens({"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                 "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"});
    const models::ModelBatch batch = batchOf(enc);
    const auto features = torch::randn({2, models::ValueHeadImpl::inputWidth(d, ValueInputs::Features)});
    QVERIFY(models::ValueHead(d)->inputs() == models::kLatestValueInputs);
    for (const ValueInputs older : {ValueInputs::Features, ValueInputs::Material}) {
        const QString kind = QStringLiteral("kind %1").arg(int(older));
        models::ValueHead old(d, older);
        QVERIFY(old->inputs() == older);
        QVERIFY(models::ValueHeadImpl::inputsForWidth(d, models::ValueHeadImpl::inputWidth(d, older)) == older);
        torch::NoGradGuard noGrad;
        // Widened, it answers as before; once its new columns learn, the later position's answer changes.
        models::ValueHead wide = models::widenValueHead(old, d);
        QVERIFY(wide->inputs() == models::kLatestValueInputs);
        QVERIFY2(torch::allclose(wide->forward(features, batch), old->forward(features, batch), 1e-5, 1e-6),
                 qPrintable(kind));
        wide->named_parameters()["hidden.weight"].slice(1, models::ValueHeadImpl::inputWidth(d, older)).fill_(0.5);
        const auto diff = (wide->forward(features, batch) - old->forward(features, batch)).abs().sum(1);
        QVERIFY2(diff[1].item<float>() > diff[0].item<float>(), qPrintable(kind));

        // Checkpoints say which kind a head is.
        for (models::ValueHead* head : {&old, &wide}) {
            torch::serialize::OutputArchive out;
            models::saveValueHead(*head, out);
            std::ostringstream bytes;
            out.save_to(bytes);
            torch::serialize::InputArchive in;
            std::istringstream back(bytes.str());
            in.load_from(back);
            models::ValueHead loaded = models::loadValueHead(in, d);
            QVERIFY(loaded->inputs() == (*head)->inputs());
            QVERIFY(torch::equal(loaded->forward(features, batch), (*head)->forward(features, batch)));
        }

        // Bundle weights: a head of an older width makes a head of that kind.
        auto trunk = models::TorchEvaluator::fromConfig(*cfg, 3);
        auto weights = trunk->exportWeights();
        for (const auto& item : old->named_parameters()) {
            const torch::Tensor t = item.value().contiguous();
            models::NamedWeights w;
            w.name = "value." + item.key();
            w.shape.assign(t.sizes().begin(), t.sizes().end());
            w.values.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
            weights.push_back(std::move(w));
        }
        auto ev = models::TorchEvaluator::fromWeights(*cfg, weights, "older");
        QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
        QVERIFY((*ev)->hasValueHead());
        QVERIFY((*ev)->valueEstimates({chess::Position()}, {{}}, {}).ok());
        QCOMPARE(models::TorchEvaluator::valueHeadShapes(*cfg, models::ValueHeadImpl::inputWidth(d, older))
                     .at("value.hidden.weight")[1],
                 models::ValueHeadImpl::inputWidth(d, older));
        // A width of no kind is refused by name.
        for (auto& w : weights)
            if (w.name == "value.hidden.weight") {
                w.shape[1] += 1;
                w.values.resize(std::size_t(w.shape[0] * w.shape[1]));
            }
        auto bad = models::TorchEvaluator::fromWeights(*cfg, weights, "odd");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find("value.hidden.weight") != std::string::npos, bad.error().message.c_str());
    }
    QCOMPARE(models::TorchEvaluator::valueHeadShapes(*cfg).at("value.hidden.weight")[1],
             models::ValueHeadImpl::inputWidth(d, models::kLatestValueInputs));

    // A checkpoint from before the kinds marks a material head with "value_material" 1 and nothing else.
    models::ValueHead material(d, ValueInputs::Material);
    torch::serialize::OutputArchive out, weights;
    material->save(weights);
    out.write("value", weights);
    out.write("value_material", c10::IValue(std::int64_t(1)));
    std::ostringstream bytes;
    out.save_to(bytes);
    torch::serialize::InputArchive in;
    std::istringstream back(bytes.str());
    in.load_from(back);
    QVERIFY(models::loadValueHead(in, d)->inputs() == ValueInputs::Material);
}

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

    // Continuing from the output keeps its head (and says so), here with a quarter of each batch from the games'
    // first two positions; each validation prints the start position's answer as the app shows it on a new board.
    o.initCheckpoint = out;
    o.outCheckpoint = dir.filePath(QStringLiteral("value2.pt")).toStdString();
    o.totalSteps = 5;
    o.openingShare = 0.25;
    o.emaDecay = 0.9;
    lines.clear();
    QVERIFY(training::trainValueHead(o, CancelToken(), [&lines](const std::string& s) { lines.push_back(s); }).ok());
    auto has = [&lines](const char* prefix) {
        return std::any_of(lines.begin(), lines.end(), [prefix](const std::string& l) { return l.find(prefix) == 0; });
    };
    QVERIFY(has("continuing"));
    QVERIFY(has("opening stream: the first 2 positions of every training game, 25% of each batch"));
    QVERIFY(has("validation and the saved head use the moving average of the weights (decay 0.9"));
    const auto startLine =
        std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.find("start 1500-1500") == 0; });
    QVERIFY(startLine != lines.end());
    // The 5+0 figure is the head's answer for the start position at those clocks, as the evaluator gives it from the
    // saved file: validation and the file hold the same (averaged) weights.
    auto cont = models::TorchEvaluator::load(o.outCheckpoint);
    QVERIFY(cont.ok());
    encoding::Conditioning blitz;
    blitz.moverElo = blitz.oppElo = 1500;
    blitz.moverClockS = blitz.oppClockS = 300;
    blitz.incrementS = 0;
    auto w5 = (*cont)->valueEstimates({start}, {blitz}, {});
    QVERIFY(w5.ok());
    char expect[64];
    std::snprintf(expect, sizeof expect, "5+0 %.1f%%", 100.0 * w5->front().score());
    QVERIFY2(startLine->find(expect) != std::string::npos, (*startLine + " lacks " + expect).c_str());
}

QTEST_GUILESS_MAIN(TstValueHead)
#include "tst_value_head.moc"
