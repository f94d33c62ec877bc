// SPDX-License-Identifier: GPL-3.0-or-later
// Training-step speed of the human-move model on real positions: matmul GFLOP/s first (is BLAS fast?), then
// forward / backward / optimizer time per step, samples per wall second and per CPU second (the machine is shared).
#include "core/models/fused_ops.h"
#include "core/models/human_move_model.h"
#include "core/training/human_samples.h"

#include <torch/csrc/autograd/profiler_legacy.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>

using namespace kibitz;

namespace {

double cpuSeconds() { return double(std::clock()) / CLOCKS_PER_SEC; }
double wallSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::string pgn, config = "small", view = "mover", dump, profile;
    int batch = 256, steps = 20, threads = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--pgn")
            pgn = v;
        else if (k == "--config")
            config = v;
        else if (k == "--batch")
            batch = std::stoi(v);
        else if (k == "--steps")
            steps = std::stoi(v);
        else if (k == "--threads")
            threads = std::stoi(v);
        else if (k == "--view")
            view = v;
        else if (k == "--dump")
            dump = v;
        else if (k == "--profile")
            profile = v;
        else {
            std::fprintf(stderr, "unknown option %s\n", k.c_str());
            return 2;
        }
    }
    if (pgn.empty()) {
        std::fprintf(stderr,
                     "usage: kibitz-train-bench --pgn FILE [--config small] [--batch 256] [--steps 20] "
                     "[--threads 1] [--view mover|absolute] [--dump FILE] [--profile FILE]\n"
                     "--dump writes the timed batches for bench/train_peer.py (the Python peer).\n"
                     "--profile writes a Chrome trace of 5 fused training steps (bench/profile_ops.py sums it by "
                     "op).\n");
        return 2;
    }
    models::setComputeThreads(threads);
    models::keepFreedMemory();
    {
        auto a = torch::randn({1024, 1024}), b = torch::randn({1024, 1024});
        auto c = torch::mm(a, b);
        const double w0 = wallSeconds(), c0 = cpuSeconds();
        for (int i = 0; i < 10; ++i) c = torch::mm(a, b);
        const double w = wallSeconds() - w0, cs = cpuSeconds() - c0;
        std::printf("torch::mm 1024x1024 (%d thread%s): %.1f GFLOP/s wall, %.1f GFLOP/s per CPU second\n", threads,
                    threads == 1 ? "" : "s", 10 * 2.0 * 1024 * 1024 * 1024 / w / 1e9,
                    10 * 2.0 * 1024 * 1024 * 1024 / cs / 1e9);
    }
    {
        // Each fused kernel against its composite form, forward + backward, on the small model's shapes
        // (256 positions x 31 tokens).
        const int64_t rows = 256 * 31;
        auto timeOp = [](const char* name, const std::vector<torch::Tensor>& inputs,
                         const std::function<torch::Tensor(const std::vector<torch::Tensor>&)>& f) {
            double cpu[2] = {0, 0};
            for (int rep = 0; rep < 3; ++rep)
                for (const bool fused : {false, true}) {
                    models::setFusedKernelsEnabled(fused);
                    std::vector<torch::Tensor> in;
                    for (const auto& t : inputs) in.push_back(t.detach().clone().requires_grad_(t.requires_grad()));
                    const double c0 = cpuSeconds();
                    for (int i = 0; i < 5; ++i) f(in).sum().backward();
                    if (rep > 0) cpu[fused] += (cpuSeconds() - c0) / 10;
                }
            models::setFusedKernelsEnabled(true);
            std::printf("  %-14s composite %6.2f ms, fused %6.2f ms (forward + backward, CPU time)\n", name,
                        1e3 * cpu[0], 1e3 * cpu[1]);
        };
        std::printf("kernels:\n");
        timeOp("rms_norm", {torch::randn({rows, 128}).requires_grad_(), torch::ones({128}).requires_grad_()},
               [](const auto& in) { return models::rmsNorm(in[0], in[1], 1e-6); });
        timeOp("swiglu", {torch::randn({rows, 768}).requires_grad_()},
               [](const auto& in) { return models::swiGlu(in[0]); });
        auto bias = torch::zeros({256, 1, 1, 31});
        timeOp("softmax", {torch::randn({256 * 4, 31, 31}).requires_grad_()},
               [&](const auto& in) { return models::biasedSoftmax(in[0], bias, 4, 0.17); });
    }
    auto cfg = models::modelConfigByName(config);
    if (!cfg.ok()) return 2;
    cfg.value().view = view == "absolute" ? encoding::BoardView::Absolute : encoding::BoardView::Mover;
    training::SampleStreamOptions so;
    so.files = {pgn};
    so.view = cfg.value().view;
    so.chunkGames = 300;
    so.bucketBatch = std::getenv("KIBITZ_NO_BUCKET") ? 0 : batch;
    // The data pipeline per encoding version: PGN parsing, replay and encoding of the same 300 games (v2 adds the
    // last moves and the per-move features: check/mate by making each move, SEE).
    double encodeRate[3] = {0, 0, 0};
    for (int version : {1, 2}) {
        training::SampleStreamOptions eo = so;
        eo.encodingVersion = version;
        eo.shuffle = false;
        auto es = training::HumanSampleStream::open(eo);
        if (!es.ok()) {
            std::fprintf(stderr, "%s\n", es.error().message.c_str());
            return 1;
        }
        std::vector<encoding::EncodedPosition> c;
        const double c0 = cpuSeconds();
        if (!es.value()->nextChunk(c).ok()) return 1;
        encodeRate[version] = double(c.size()) / (cpuSeconds() - c0);
        std::printf("data pipeline, encoding v%d: %.0f positions per CPU second (%zu positions, parse + encode)\n",
                    version, encodeRate[version], c.size());
    }
    std::printf("encoding v2 / v1 positions per CPU second: %.2f\n", encodeRate[2] / encodeRate[1]);
    so.encodingVersion = cfg.value().version;
    auto stream = training::HumanSampleStream::open(so);
    if (!stream.ok()) {
        std::fprintf(stderr, "%s\n", stream.error().message.c_str());
        return 1;
    }
    std::vector<encoding::EncodedPosition> chunk;
    if (!stream.value()->nextChunk(chunk).ok() || chunk.size() < std::size_t(batch)) return 1;

    torch::manual_seed(1);
    models::HumanMoveModel model(cfg.value());
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(1e-3));
    std::printf("config %s (%s), %lld parameters, batch %d\n", config.c_str(),
                models::describeConfig(cfg.value()).c_str(), models::countParameters(*model), batch);
    // A fixed set of real batches, cycled; the Python peer gets exactly these.
    constexpr int kBatches = 8;
    std::vector<models::ModelBatch> batches;
    double prepWall = 0;
    for (int k = 0; k < kBatches; ++k) {
        const double w0 = wallSeconds();
        std::vector<const encoding::EncodedPosition*> ptrs;
        for (int i = 0; i < batch; ++i) ptrs.push_back(&chunk[(std::size_t(k) * batch + i) % chunk.size()]);
        batches.push_back(models::makeBatch(ptrs));
        prepWall += wallSeconds() - w0;
    }
    if (!dump.empty() && cfg.value().version == 1) {
        c10::impl::GenericList list(c10::AnyType::get());
        for (const auto& b : batches)
            list.push_back(c10::ivalue::Tuple::create(
                {b.pieceCode, b.meta, b.condIdx, b.condAlpha, b.keyBias, b.legalA, b.legalB, b.target}));
        const std::vector<char> bytes = torch::pickle_save(c10::IValue(list));
        std::FILE* f = std::fopen(dump.c_str(), "wb");
        if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
            std::fprintf(stderr, "%s: cannot write\n", dump.c_str());
            return 1;
        }
        std::fclose(f);
    }
    const double tPrep = prepWall / kBatches * steps;
    // The same steps twice in one run: ATen's composite ops, then the fused kernels (core/models/fused_ops).
    double fusedPerCpu = 0, compositePerCpu = 0;
    for (const bool fused : {false, true}) {
        models::setFusedKernelsEnabled(fused);
        double tFwd = 0, tBwd = 0, tOpt = 0, cpuAll = 0, wallAll = 0, tokens = 0, legal = 0;
        for (int s = -2; s < steps; ++s) {  // two warm-up steps
            const double w0 = wallSeconds(), c0 = cpuSeconds();
            const models::ModelBatch& b = batches[std::size_t(s + 2) % batches.size()];
            const double w1 = wallSeconds();
            auto logits = model->forward(b);
            auto loss = models::moveLoss(logits, b);
            const double w2 = wallSeconds();
            opt.zero_grad();
            loss.backward();
            const double w3 = wallSeconds();
            opt.step();
            const double w4 = wallSeconds();
            if (s < 0) continue;
            tFwd += w2 - w1;
            tBwd += w3 - w2;
            tOpt += w4 - w3;
            wallAll += w4 - w0;
            cpuAll += cpuSeconds() - c0;
            tokens += double(b.keyBias.size(3));
            legal += double(b.legalA.size(1));
        }
        const double n = double(steps) * batch;
        std::printf(
            "%s kernels, per step: prepare %.1f ms, forward %.1f ms, backward %.1f ms, optimizer %.1f ms; tokens %.1f, "
            "legal width %.1f\n",
            fused ? "fused" : "composite", 1e3 * tPrep / steps, 1e3 * tFwd / steps, 1e3 * tBwd / steps,
            1e3 * tOpt / steps, tokens / steps, legal / steps);
        (fused ? fusedPerCpu : compositePerCpu) = n / cpuAll;
        std::printf("%s samples/s: %.1f wall, %.1f per CPU second\n", fused ? "fused" : "composite", n / wallAll,
                    n / cpuAll);
    }
    std::printf("fused / composite per CPU second: %.2fx\n", fusedPerCpu / compositePerCpu);
    if (!profile.empty()) {
        models::setFusedKernelsEnabled(true);
        torch::autograd::profiler::RecordProfile guard(profile);
        for (int s = 0; s < 5; ++s) {
            const models::ModelBatch& b = batches[std::size_t(s) % batches.size()];
            auto loss = models::moveLoss(model->forward(b), b);
            opt.zero_grad();
            loss.backward();
            opt.step();
        }
    }
    if (cfg.value().version >= 2) {
        // The v1 model of the same shape on the same games (encoded v1), fused kernels: the price of v2 per sample.
        models::ModelConfig v1 = cfg.value();
        v1.version = 1;
        training::SampleStreamOptions o1 = so;
        o1.encodingVersion = 1;
        auto s1 = training::HumanSampleStream::open(o1);
        std::vector<encoding::EncodedPosition> chunk1;
        if (!s1.ok() || !s1.value()->nextChunk(chunk1).ok() || chunk1.size() < std::size_t(batch)) return 1;
        torch::manual_seed(1);
        models::HumanMoveModel m1(v1);
        torch::optim::AdamW opt1(m1->parameters(), torch::optim::AdamWOptions(1e-3));
        std::vector<models::ModelBatch> b1;
        for (int k = 0; k < kBatches; ++k) {
            std::vector<const encoding::EncodedPosition*> ptrs;
            for (int i = 0; i < batch; ++i) ptrs.push_back(&chunk1[(std::size_t(k) * batch + i) % chunk1.size()]);
            b1.push_back(models::makeBatch(ptrs));
        }
        double cpuAll = 0;
        for (int s = -2; s < steps; ++s) {
            const double c0 = cpuSeconds();
            const models::ModelBatch& b = b1[std::size_t(s + 2) % b1.size()];
            auto loss = models::moveLoss(m1->forward(b), b);
            opt1.zero_grad();
            loss.backward();
            opt1.step();
            if (s >= 0) cpuAll += cpuSeconds() - c0;
        }
        const double v1Rate = double(steps) * batch / cpuAll;
        std::printf("v1 model of the same shape: %.1f samples per CPU second; v2 / v1: %.2f\n", v1Rate,
                    fusedPerCpu / v1Rate);
    }
    // The line bench/train_speed.sh compares with the Python peer: the configuration training uses.
    std::printf(
        "samples/s: %.1f per CPU second (fused kernels; batch preparation runs on its own thread in training)\n",
        fusedPerCpu);
    return 0;
}
