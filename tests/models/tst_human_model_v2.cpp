// SPDX-License-Identifier: GPL-3.0-or-later
// The encoding-v2 human-move model on real positions (tests/data/games_sample.pgn, Lichess): legal-move masking
// with history tokens and move features, parameter count, v1 -> v2 warm start (a v2 model whose new parts start at
// zero reproduces the v1 model exactly), save -> load of a v2 checkpoint, the evaluator with move history, and
// one training step through every new tensor.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/encoding/game_conditioning.h"
#include "core/models/human_move_model.h"
#include "core/models/torch_evaluator.h"
#include "core/training/human_samples.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace kibitz;
using encoding::EncodedPosition;

namespace {

std::vector<EncodedPosition> samplePositions(int version) {
    training::SampleStreamOptions so;
    so.files = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    so.split = training::Split::All;
    so.chunkGames = 40;
    so.seed = 7;
    so.encodingVersion = version;
    auto s = training::HumanSampleStream::open(so);
    std::vector<EncodedPosition> out;
    if (!s.ok() || !s.value()->nextChunk(out).ok()) qFatal("cannot read games_sample.pgn");
    return out;
}

/// Positions of the first sample games encoded without any move history (as for a position given by FEN): version 1,
/// or version 2 with `recent` null. The same positions in both versions.
std::vector<EncodedPosition> positionsWithoutHistory(int version, std::size_t count) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    if (!reader.ok()) qFatal("cannot read games_sample.pgn");
    std::vector<EncodedPosition> out;
    chess::PgnGame game;
    while (out.size() < count && reader.value()->next(game)) {
        if (!training::unusableReason(game).empty()) continue;
        const auto conds = encoding::plyConditionings(game);
        chess::Position pos;
        for (std::size_t ply = 0; ply < game.moves.size() && out.size() < count; ++ply) {
            EncodedPosition e;
            if (pos.countLegalMoves() > 1 && encoding::encodePosition(pos, conds[ply], encoding::BoardView::Mover,
                                                                      game.moves[ply].move, e, version, nullptr))
                out.push_back(e);
            pos.makeMove(game.moves[ply].move);
        }
    }
    return out;
}

std::vector<const EncodedPosition*> ptrs(const std::vector<EncodedPosition>& v, std::size_t first, std::size_t n) {
    std::vector<const EncodedPosition*> out;
    for (std::size_t i = first; i < first + n; ++i) out.push_back(&v[i % v.size()]);
    return out;
}

}  // namespace

class TestHumanModelV2 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { at::set_num_threads(1); }
    void configs_data();
    void configs();
    void logitsCoverExactlyTheLegalMoves();
    void warmStartReproducesV1();
    void saveLoadV2();
    void evaluatorUsesHistory();
    void trainingStepReachesNewTensors();
};

void TestHumanModelV2::configs_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("tiny-v2") << "tiny-v2";
    QTest::newRow("small-v2") << "small-v2";
    QTest::newRow("medium-v2") << "medium-v2";
}

void TestHumanModelV2::configs() {
    QFETCH(QString, name);
    auto cfg = models::modelConfigByName(name.toStdString());
    QVERIFY(cfg.ok());
    QCOMPARE(cfg.value().version, 2);
    models::HumanMoveModel model(cfg.value());
    QCOMPARE(models::countParameters(*model), models::parameterCount(cfg.value()));
    auto v1 = models::modelConfigByName(name.toStdString().substr(0, std::size_t(name.size()) - 3));
    QVERIFY(v1.ok());
    QCOMPARE(v1.value().version, 1);
    QVERIFY(models::parameterCount(cfg.value()) > models::parameterCount(v1.value()));
    QVERIFY(!models::modelConfigByName("small-v3").ok());
}

void TestHumanModelV2::logitsCoverExactlyTheLegalMoves() {
    const auto positions = samplePositions(2);
    QVERIFY(positions.size() > 1000);
    QVERIFY(std::any_of(positions.begin(), positions.end(), [](const auto& e) { return e.numHistory == 4; }));
    QVERIFY(std::any_of(positions.begin(), positions.end(), [](const auto& e) { return e.numHistory == 0; }));
    torch::manual_seed(5);
    models::HumanMoveModel model(models::modelConfigByName("tiny-v2").value());
    model->eval();
    torch::NoGradGuard ng;
    for (std::size_t first : {std::size_t(0), std::size_t(300)}) {
        const auto items = ptrs(positions, first, 48);
        const auto probs = torch::softmax(model->forward(models::makeBatch(items)), -1);
        for (std::size_t i = 0; i < items.size(); ++i) {
            const int n = items[i]->numLegal;
            QVERIFY(std::abs(probs[std::int64_t(i)].slice(0, 0, n).sum().item<double>() - 1.0) < 1e-5);
            QVERIFY(probs[std::int64_t(i)].slice(0, 0, n).min().item<double>() > 1e-7);
        }
    }
    // Mixing encoding versions in one batch is refused.
    const auto v1 = samplePositions(1);
    const EncodedPosition* mixed[] = {&positions[0], &v1[0]};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, models::makeBatch(mixed));
}

void TestHumanModelV2::warmStartReproducesV1() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("v1.pt")).toStdString();
    torch::manual_seed(21);
    models::HumanMoveModel v1(models::modelConfigByName("tiny").value());
    v1->eval();
    {
        torch::serialize::OutputArchive a;
        models::saveModel(v1, a);
        a.save_to(path);
    }
    torch::serialize::InputArchive in;
    in.load_from(path);
    torch::manual_seed(77);
    models::HumanMoveModel v2(models::modelConfigByName("tiny-v2").value());
    const auto fresh = models::loadModelWeightsPartial(v2, in);
    const std::set<std::string> got(fresh.begin(), fresh.end());
    const std::set<std::string> expected{
        "hist_from.weight", "hist_to.weight", "hist_piece.weight", "hist_captured.weight", "hist_age.weight",
        "cond_proj.weight", "cond_proj.bias", "film.0.weight",     "film.1.weight",        "feat_in.weight",
        "feat_q.weight",    "feat_c.weight",  "feat_bias.weight"};
    QCOMPARE(got, expected);
    v2->eval();
    // Positions without history: the v2 additions start at zero (FiLM, feature terms) and the absent history tokens
    // are masked, so the v2 model gives the v1 model's logits on the same positions.
    const auto p1 = positionsWithoutHistory(1, 256);
    const auto p2 = positionsWithoutHistory(2, 256);
    QCOMPARE(p1.size(), std::size_t(256));
    QCOMPARE(p2.size(), p1.size());
    QVERIFY(std::all_of(p2.begin(), p2.end(), [](const auto& e) { return e.version == 2 && e.numHistory == 0; }));
    // The features are there (not all zero): they must be cancelled by the zero-initialised weights, not be absent.
    QVERIFY(std::any_of(p2.begin(), p2.end(), [](const auto& e) {
        return std::any_of(e.moveFeatures.begin(), e.moveFeatures.begin() + e.numLegal,
                           [](std::uint16_t f) { return (f & encoding::movefeat::kSeeLoss) != 0; });
    }));
    torch::NoGradGuard ng;
    double maxDiff = 0;
    for (std::size_t first = 0; first < p1.size(); first += 64) {
        const auto b1 = ptrs(p1, first, 64);
        const auto l1 = v1->forward(models::makeBatch(b1));
        const auto l2 = v2->forward(models::makeBatch(ptrs(p2, first, 64)));
        for (int i = 0; i < 64; ++i) {
            const int n = b1[std::size_t(i)]->numLegal;
            QCOMPARE(int(ptrs(p2, first, 64)[std::size_t(i)]->numLegal), n);
            maxDiff = std::max(maxDiff, (l1[i].slice(0, 0, n) - l2[i].slice(0, 0, n)).abs().max().item<double>());
        }
    }
    QVERIFY2(maxDiff < 1e-5, qPrintable(QString::number(maxDiff)));
    // The sample stream's v2 positions carry history; with it cleared they give the same logits too.
    const auto s1 = samplePositions(1);
    auto s2 = samplePositions(2);
    QCOMPARE(s1.size(), s2.size());
    for (auto& e : s2) e.numHistory = 0;
    const auto l1 = v1->forward(models::makeBatch(ptrs(s1, 200, 64)));
    const auto l2 = v2->forward(models::makeBatch(ptrs(s2, 200, 64)));
    double maxDiffCleared = 0;
    for (int i = 0; i < 64; ++i) {
        const int n = ptrs(s1, 200, 64)[std::size_t(i)]->numLegal;
        maxDiffCleared =
            std::max(maxDiffCleared, (l1[i].slice(0, 0, n) - l2[i].slice(0, 0, n)).abs().max().item<double>());
    }
    QVERIFY2(maxDiffCleared < 1e-5, qPrintable(QString::number(maxDiffCleared)));
    // With the history present the history tokens take part and the output moves away from v1's.
    const auto l3 = v2->forward(models::makeBatch(ptrs(samplePositions(2), 200, 64)));
    QVERIFY((l3 - l2).abs().max().item<double>() > 1e-4);
}

void TestHumanModelV2::saveLoadV2() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("v2.pt")).toStdString();
    torch::manual_seed(31);
    const auto cfg = models::modelConfigByName("tiny-v2").value();
    models::HumanMoveModel model(cfg);
    {
        // Move the zero-initialised parts off zero so the file must carry them.
        torch::NoGradGuard ng;
        for (auto& p : model->parameters()) p.add_(torch::randn_like(p) * 0.05);
    }
    model->eval();
    {
        torch::serialize::OutputArchive a;
        models::saveModel(model, a);
        a.save_to(path);
    }
    torch::serialize::InputArchive in;
    in.load_from(path);
    const auto loadedCfg = models::loadModelConfig(in);
    QCOMPARE(loadedCfg.version, 2);
    QCOMPARE(loadedCfg, cfg);
    torch::manual_seed(1000);
    models::HumanMoveModel loaded(loadedCfg);
    models::loadModelWeights(loaded, in);
    loaded->eval();
    const auto positions = samplePositions(2);
    torch::NoGradGuard ng;
    const auto batch = models::makeBatch(ptrs(positions, 50, 32));
    QVERIFY(torch::equal(model->forward(batch), loaded->forward(batch)));
    auto ev = models::TorchEvaluator::load(path);
    QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
    QCOMPARE(ev.value()->config().version, 2);
}

void TestHumanModelV2::evaluatorUsesHistory() {
    torch::manual_seed(41);
    auto ev = models::TorchEvaluator::fromConfig(models::modelConfigByName("tiny-v2").value(), 41);
    {
        // The fresh model's v2 terms are zero; give them weight so history and features matter.
        auto w = ev->exportWeights();
        for (auto& t : w)
            for (auto& v : t.values)
                if (v == 0.0f) v = 0.05f;
        auto rebuilt = models::TorchEvaluator::fromWeights(ev->config(), w, "test");
        QVERIFY(rebuilt.ok());
        ev = std::move(rebuilt.value());
    }
    chess::Position pos;
    encoding::RecentMoves recent;
    for (const char* uci : {"e2e4", "d7d5", "e4d5"}) {
        chess::Move m;
        for (chess::Move c : pos.legalMoves())
            if (chess::toUci(c) == uci) m = c;
        recent.push(pos, m);
        pos.makeMove(m);
    }
    const encoding::Conditioning cond{1500, 1500, std::nullopt, std::nullopt, std::nullopt};
    auto without = ev->moveDistributions({pos}, {cond});
    auto with = ev->moveDistributionsWithHistory({pos}, {cond}, {recent});
    QVERIFY(without.ok() && with.ok());
    double diff = 0;
    for (const auto& a : without.value()[0])
        for (const auto& b : with.value()[0])
            if (a.move == b.move) diff = std::max(diff, double(std::abs(a.prob - b.prob)));
    QVERIFY2(diff > 1e-4, qPrintable(QString::number(diff)));
    // A history list of the wrong length is an error, not a crash.
    QVERIFY(!ev->moveDistributionsWithHistory({pos, pos}, {cond, cond}, {recent}).ok());
}

void TestHumanModelV2::trainingStepReachesNewTensors() {
    const auto positions = samplePositions(2);
    torch::manual_seed(51);
    models::HumanMoveModel model(models::modelConfigByName("tiny-v2").value());
    model->train();
    const auto batch = models::makeBatch(ptrs(positions, 0, 64));
    auto loss = models::moveLoss(model->forward(batch), batch);
    loss.backward();
    // Every v2 tensor gets a gradient; those initialised at zero at least through their own path (FiLM and the
    // feature query/bias are linear in their inputs).
    for (const auto& p : model->named_parameters()) {
        const std::string& n = p.key();
        if (!(n.starts_with("film.") || n.starts_with("feat_") || n.starts_with("hist_") || n.starts_with("cond_proj")))
            continue;
        QVERIFY2(p.value().grad().defined(), n.c_str());
        if (n == "feat_in.weight" || n.starts_with("cond_proj")) continue;  // zero query / zero FiLM at the start
        QVERIFY2(p.value().grad().abs().sum().item<double>() > 0.0, n.c_str());
    }
}

QTEST_APPLESS_MAIN(TestHumanModelV2)
#include "tst_human_model_v2.moc"
