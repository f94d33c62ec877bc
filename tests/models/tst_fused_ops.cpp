// SPDX-License-Identifier: GPL-3.0-or-later
// The fused CPU kernels (core/models/fused_ops) against the composite ATen forms they replace: values and
// gradients, on shapes of the real model (odd widths and lengths too), and a whole training step of the model.
#include "core/models/dnnl_matmul.h"
#include "core/models/fused_ops.h"
#include "core/models/human_move_model.h"
#include "core/training/human_samples.h"

#include <QtTest>

using namespace kibitz;

namespace {

/// Runs `f` with the fused kernels on or off, returning its output and the gradients of sum(out * probe) with
/// respect to the inputs.
template <typename F>
std::vector<torch::Tensor> valueAndGrads(bool fused, std::vector<torch::Tensor> inputs, const F& f) {
    models::setFusedKernelsEnabled(fused);
    for (auto& t : inputs) t = t.detach().clone().requires_grad_(t.requires_grad());
    auto out = f(inputs);
    torch::manual_seed(7);
    auto probe = torch::randn_like(out);
    (out * probe).sum().backward();
    std::vector<torch::Tensor> result{out.detach()};
    for (auto& t : inputs)
        if (t.requires_grad()) result.push_back(t.grad());
    models::setFusedKernelsEnabled(true);
    return result;
}

void compareAll(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b, double tol) {
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QVERIFY2(a[i].defined() && b[i].defined(), qPrintable(QStringLiteral("output %1 undefined").arg(i)));
        QCOMPARE(a[i].sizes().vec(), b[i].sizes().vec());
        const double scale = std::max(1.0, b[i].abs().max().item<double>());
        const double diff = (a[i] - b[i]).abs().max().item<double>();
        QVERIFY2(diff <= tol * scale,
                 qPrintable(QStringLiteral("output %1: max difference %2 (scale %3)").arg(i).arg(diff).arg(scale)));
    }
}

}  // namespace

class TestFusedOps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rmsNorm_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("width");
        QTest::newRow("model width") << 500 << 128;
        QTest::newRow("odd width") << 37 << 13;
        QTest::newRow("one row") << 1 << 64;
    }
    void rmsNorm() {
        QFETCH(int, rows);
        QFETCH(int, width);
        torch::manual_seed(1);
        auto x = torch::randn({rows, width}) * 3.0;
        x.requires_grad_(true);
        auto w = (torch::rand({width}) + 0.5).requires_grad_(true);
        auto f = [](const std::vector<torch::Tensor>& in) { return models::rmsNorm(in[0], in[1], 1e-6); };
        compareAll(valueAndGrads(true, {x, w}, f), valueAndGrads(false, {x, w}, f), 2e-5);
    }

    void rmsNormModulated_data() {
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("width");
        QTest::newRow("model shape") << 24 << 35 << 128;
        QTest::newRow("odd width") << 5 << 7 << 13;
        QTest::newRow("one token") << 3 << 1 << 64;
    }
    /// The FiLM form of the blocks: scale and shift are slices of one [B, 4 d] projection, as the model passes them
    /// (not contiguous), and their gradients must flow back into it.
    void rmsNormModulated() {
        QFETCH(int, batch);
        QFETCH(int, tokens);
        QFETCH(int, width);
        torch::manual_seed(4);
        auto x = (torch::randn({batch, tokens, width}) * 2.0).requires_grad_(true);
        auto w = (torch::rand({width}) + 0.5).requires_grad_(true);
        auto film = (torch::randn({batch, 4 * width}) * 0.5).requires_grad_(true);
        auto f = [](const std::vector<torch::Tensor>& in) {
            auto parts = in[2].chunk(4, -1);
            return models::rmsNormModulated(in[0], in[1], parts[2], parts[3], 1e-6);
        };
        auto fused = valueAndGrads(true, {x, w, film}, f);
        compareAll(fused, valueAndGrads(false, {x, w, film}, f), 2e-5);
        // The film rows the function does not read get no gradient; the ones it reads do.
        QCOMPARE(fused[3].slice(1, 0, 2 * width).abs().max().item<float>(), 0.0f);
        QVERIFY(fused[3].slice(1, 2 * width).abs().min().item<float>() > 0.0f);
    }

    void swiGlu_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("hidden");
        QTest::newRow("model width") << 300 << 384;
        QTest::newRow("odd width") << 17 << 7;
    }
    void swiGlu() {
        QFETCH(int, rows);
        QFETCH(int, hidden);
        torch::manual_seed(2);
        // Wide range: silu's tails (large negative and positive inputs) must match too.
        auto u = (torch::randn({rows, 2 * hidden}) * 6.0).requires_grad_(true);
        auto f = [](const std::vector<torch::Tensor>& in) { return models::swiGlu(in[0]); };
        compareAll(valueAndGrads(true, {u}, f), valueAndGrads(false, {u}, f), 2e-5);
    }

    void biasedSoftmax_data() {
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("tokens");
        QTest::newRow("model shape") << 8 << 4 << 31;
        QTest::newRow("one head, odd length") << 3 << 1 << 5;
    }
    void biasedSoftmax() {
        QFETCH(int, batch);
        QFETCH(int, heads);
        QFETCH(int, tokens);
        torch::manual_seed(3);
        auto scores = (torch::randn({batch * heads, tokens, tokens}) * 4.0).requires_grad_(true);
        // Key bias as the model builds it: 0 for real tokens, -1e9 for padding at the end of some rows.
        auto bias = torch::zeros({batch, 1, 1, tokens});
        for (int b = 0; b < batch; b += 2) bias[b][0][0][tokens - 1] = -1e9f;
        auto f = [&](const std::vector<torch::Tensor>& in) {
            return models::biasedSoftmax(in[0], bias, heads, 1.0 / std::sqrt(32.0));
        };
        auto fused = valueAndGrads(true, {scores}, f);
        compareAll(fused, valueAndGrads(false, {scores}, f), 2e-6);
        // Masked keys get exactly zero weight.
        QCOMPARE(fused[0].select(2, tokens - 1).slice(0, 0, heads).abs().max().item<float>(), 0.0f);
    }

    /// This build must have oneDNN when the build system found it: otherwise the tests below compare the composite
    /// form with itself.
    void oneDnnPresent() {
#if KIBITZ_EXPECT_DNNL
        QVERIFY(models::dnnl::available());
#else
        QSKIP("built without oneDNN");
#endif
    }

    /// oneDNN products on strided views against torch::matmul computed in double: plain, transposed and batched
    /// over two leading dimensions with a head-slice layout like attention's.
    void dnnlMatmul() {
        if (!models::dnnl::available()) QSKIP("built without oneDNN");
        torch::manual_seed(11);
        auto a = torch::randn({37, 19});
        auto bt = torch::randn({23, 19});  // b = bt^T, read with strides (1, 19)
        auto c = torch::empty({37, 23});
        models::dnnl::View va{a.data_ptr<float>(), 2, {37, 19, 0, 0}, {19, 1, 0, 0}};
        models::dnnl::View vb{bt.data_ptr<float>(), 2, {19, 23, 0, 0}, {1, 19, 0, 0}};
        QVERIFY(models::dnnl::matmul(va, vb, c.data_ptr<float>(), {23, 1, 0, 0}));
        auto want = torch::matmul(a.to(torch::kDouble), bt.to(torch::kDouble).t()).to(torch::kFloat);
        QVERIFY((c - want).abs().max().item<float>() < 1e-4f);
        // Batched [2, 3] of [5 x 4] * [4 x 6] where a is a slice of a wider row, like one head of q in qkv.
        auto wide = torch::randn({2, 5, 3, 3, 4});  // (batch, row, part, head, col): part 1 is used
        auto bb = torch::randn({2, 3, 4, 6});
        auto cc = torch::empty({2, 3, 5, 6});
        models::dnnl::View vw{wide.data_ptr<float>() + 12, 4, {2, 3, 5, 4}, {5 * 36, 4, 36, 1}};
        models::dnnl::View vbb{bb.data_ptr<float>(), 4, {2, 3, 4, 6}, {72, 24, 6, 1}};
        QVERIFY(models::dnnl::matmul(vw, vbb, cc.data_ptr<float>(), {90, 30, 6, 1}));
        auto aw = wide.select(2, 1).permute({0, 2, 1, 3}).to(torch::kDouble);  // (batch, head, row, col)
        auto want4 = torch::matmul(aw, bb.to(torch::kDouble)).to(torch::kFloat);
        QVERIFY((cc - want4).abs().max().item<float>() < 1e-4f);
        // Mismatched inner dimensions are refused, not run.
        models::dnnl::View bad = vb;
        bad.dims[0] = 18;
        QVERIFY(!models::dnnl::matmul(va, bad, c.data_ptr<float>(), {23, 1, 0, 0}));
    }

    void linear_data() {
        QTest::addColumn<QList<int>>("inputShape");
        QTest::addColumn<int>("outputs");
        QTest::newRow("qkv of the small model") << QList<int>{16, 31, 128} << 384;
        QTest::newRow("down projection") << QList<int>{4, 29, 384} << 128;
        QTest::newRow("odd sizes") << QList<int>{5, 7, 13} << 3;
        QTest::newRow("one row") << QList<int>{1, 64} << 68;
    }
    void linear() {
        QFETCH(QList<int>, inputShape);
        QFETCH(int, outputs);
        torch::manual_seed(4);
        std::vector<int64_t> shape(inputShape.begin(), inputShape.end());
        auto x = torch::randn(shape).requires_grad_(true);
        auto w = (torch::randn({outputs, shape.back()}) * 0.1).requires_grad_(true);
        auto f = [](const std::vector<torch::Tensor>& in) { return models::linearNoBias(in[0], in[1]); };
        compareAll(valueAndGrads(true, {x, w}, f), valueAndGrads(false, {x, w}, f), 2e-5);
        // A non-contiguous input (a transposed view) gives the same result.
        auto f2 = [](const std::vector<torch::Tensor>& in) {
            return models::linearNoBias(in[0].transpose(0, 1).contiguous().transpose(0, 1), in[1]);
        };
        compareAll(valueAndGrads(true, {x, w}, f2), valueAndGrads(false, {x, w}, f), 2e-5);
    }

    void attention_data() {
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("width");
        QTest::newRow("small model") << 8 << 4 << 31 << 128;
        QTest::newRow("tiny model") << 5 << 2 << 12 << 32;
        QTest::newRow("odd head width") << 3 << 2 << 5 << 6;
        QTest::newRow("one token") << 2 << 1 << 1 << 8;
    }
    void attention() {
        QFETCH(int, batch);
        QFETCH(int, heads);
        QFETCH(int, tokens);
        QFETCH(int, width);
        torch::manual_seed(6);
        auto qkv = (torch::randn({batch, tokens, 3 * width}) * 2.0).requires_grad_(true);
        // Padding keys at the end of every other position, as makeBatch builds them.
        auto bias = torch::zeros({batch, 1, 1, tokens});
        if (tokens > 2)
            for (int b = 0; b < batch; b += 2) bias[b][0][0][tokens - 1] = -1e9f;
        auto f = [&](const std::vector<torch::Tensor>& in) { return models::selfAttention(in[0], bias, heads); };
        auto fused = valueAndGrads(true, {qkv}, f);
        compareAll(fused, valueAndGrads(false, {qkv}, f), 2e-5);
        // Against a direct per-head computation in double (independent of both forms above).
        auto x = qkv.detach().to(torch::kDouble);
        const int dh = width / heads;
        for (int h = 0; h < heads; ++h) {
            auto q = x.slice(2, h * dh, (h + 1) * dh);
            auto k = x.slice(2, width + h * dh, width + (h + 1) * dh);
            auto v = x.slice(2, 2 * width + h * dh, 2 * width + (h + 1) * dh);
            auto s = torch::matmul(q, k.transpose(1, 2)) / std::sqrt(double(dh)) + bias.view({batch, 1, tokens});
            auto o = torch::matmul(torch::softmax(s, -1), v);
            const double diff =
                (fused[0].slice(2, h * dh, (h + 1) * dh).to(torch::kDouble) - o).abs().max().item<double>();
            QVERIFY2(diff < 1e-4, qPrintable(QStringLiteral("head %1: %2").arg(h).arg(diff)));
        }
    }

    /// A whole forward + backward of the small model on real positions: loss and every parameter's gradient agree.
    void modelStep_data() {
        QTest::addColumn<QString>("config");
        QTest::newRow("v1") << QStringLiteral("tiny");
        QTest::newRow("v2 (history, FiLM, move features)") << QStringLiteral("tiny-v2");
    }
    void modelStep() {
        QFETCH(QString, config);
        auto cfg = models::modelConfigByName(config.toStdString());
        QVERIFY(cfg.ok());
        training::SampleStreamOptions so;
        so.files = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
        so.encodingVersion = cfg.value().version;
        so.chunkGames = 50;
        auto stream = training::HumanSampleStream::open(so);
        QVERIFY2(stream.ok(), stream.ok() ? "" : stream.error().message.c_str());
        std::vector<encoding::EncodedPosition> chunk;
        QVERIFY(stream.value()->nextChunk(chunk).ok());
        QVERIFY(chunk.size() >= 64);
        std::vector<const encoding::EncodedPosition*> ptrs;
        for (int i = 0; i < 64; ++i) ptrs.push_back(&chunk[std::size_t(i)]);
        const auto batch = models::makeBatch(ptrs);
        torch::manual_seed(5);
        models::HumanMoveModel model(cfg.value());
        {
            // A new v2 model's FiLM and move-feature weights are zero (it starts as v1): give them values, so that
            // both paths compute the conditioning and the feature terms for real.
            torch::NoGradGuard ng;
            for (auto& p : model->named_parameters())
                if (p.key().starts_with("film") || p.key().starts_with("feat_")) p.value().normal_(0.0, 0.1);
        }
        auto run = [&](bool fused) {
            models::setFusedKernelsEnabled(fused);
            model->zero_grad();
            auto loss = models::moveLoss(model->forward(batch), batch);
            loss.backward();
            std::vector<torch::Tensor> out{loss.detach()};
            for (const auto& p : model->parameters()) out.push_back(p.grad().clone());
            models::setFusedKernelsEnabled(true);
            return out;
        };
        auto fused = run(true);
        auto composite = run(false);
        QVERIFY(fused[0].item<double>() > 1.0);  // a real loss, not a degenerate one
        compareAll(fused, composite, 1e-4);
    }
};

QTEST_GUILESS_MAIN(TestFusedOps)
#include "tst_fused_ops.moc"
