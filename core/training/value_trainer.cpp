// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/value_trainer.h"

#include "core/common/atomic_file.h"
#include "core/models/archive_file.h"
#include "core/training/frozen_trunk.h"
#include "core/training/human_samples.h"
#include "core/training/trainer_common.h"
#include "core/training/trainer_torch.h"
#include "core/training/value_eval.h"

#include <chrono>
#include <cstdio>
#include <optional>

namespace kibitz::training {

using encoding::EncodedPosition;
using models::HumanMoveModel;
using models::ValueHead;

ValueMetrics evaluateValuePositions(HumanMoveModel& model, ValueHead& value,
                                    const std::vector<EncodedPosition>& positions, const EloBaseline& baseline,
                                    const torch::Device& device, const EngineBaseline* engine,
                                    const CancelToken& cancel) {
    ValueMetrics metrics;
    constexpr std::size_t kBatch = 256;
    torch::InferenceMode guard;
    std::vector<const EncodedPosition*> batch;
    auto flush = [&] {
        if (batch.empty()) return;
        models::ModelBatch mb = models::makeBatch(batch);
        mb.to(device);
        torch::Tensor features;
        model->forward(mb, &features);
        auto probs = torch::softmax(value->forward(features), -1).to(torch::kCPU).contiguous();
        const float* p = probs.data_ptr<float>();
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const EncodedPosition& e = *batch[i];
            const encoding::Wdl w{p[3 * i], p[3 * i + 1], p[3 * i + 2]};
            std::optional<encoding::Wdl> eng;
            if (engine && e.engineCp != encoding::kNoEngineCp) eng = engine->predict(e.engineCp);
            metrics.add(w, baseline.predict(*e.cond.moverElo, *e.cond.oppElo), e.outcome, e.ply, eng, e.sideToMove,
                        *e.cond.moverElo - *e.cond.oppElo);
        }
        batch.clear();
    };
    for (const EncodedPosition& e : positions) {
        if (e.outcome < 0 || !e.cond.moverElo || !e.cond.oppElo) continue;
        batch.push_back(&e);
        if (batch.size() == kBatch) {
            if (cancel.isCancelled()) return metrics;
            flush();
        }
    }
    flush();
    return metrics;
}

Result<ValueMetrics> trainValueHead(const ValueTrainOptions& o, const CancelToken& cancel,
                                    const std::function<void(const std::string&)>& log) {
    auto say = [&log](const std::string& s) {
        if (log) log(s);
    };
    try {
        if (o.initCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train value: --init is required");
        if (o.outCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train value: --out is required");
        models::setComputeThreads(o.threads);
        models::keepFreedMemory();
        torch::manual_seed(o.seed);
        FrozenTrunk trunk = loadFrozenTrunk(o.initCheckpoint);  // a think-time head in it is kept as it is
        const models::ModelConfig& config = trunk.config;
        const torch::Device device = trunk.device;
        HumanMoveModel& model = trunk.model;
        if (trunk.value)
            say("continuing the value head of " + o.initCheckpoint);
        else
            trunk.value = ValueHead(config.dModel);
        ValueHead& value = trunk.value;
        value->to(device);
        value->train();

        auto baseline = fitEloBaseline(o.pgnFiles, o.holdoutPermille, o.baselineGames);
        if (!baseline) return baseline.error();
        say("Elo baseline: " + baseline->describe());

        auto streamOptions = [&](Split split) {
            SampleStreamOptions so;
            so.files = o.pgnFiles;
            so.view = config.view;
            so.encodingVersion = config.version;
            so.split = split;
            so.holdoutPermille = o.holdoutPermille;
            return so;
        };
        // Validation positions: spread over many held-out games (every 4th position).
        std::vector<EncodedPosition> validation;
        {
            SampleStreamOptions vo = streamOptions(Split::Validation);
            vo.chunkGames = 200;
            vo.shuffle = false;
            auto vs = HumanSampleStream::open(vo);
            if (!vs) return vs.error();
            std::vector<EncodedPosition> chunk;
            std::size_t k = 0;
            while (int(validation.size()) < o.validationPositions) {
                if (auto s = (*vs)->nextChunk(chunk); !s) return s.error();
                if ((*vs)->epoch() > 0) break;
                for (const auto& e : chunk)
                    if (e.outcome >= 0 && (k++ % 4) == 0 && int(validation.size()) < o.validationPositions)
                        validation.push_back(e);
            }
        }
        auto validate = [&](std::int64_t step) {
            value->eval();
            ValueMetrics m = evaluateValuePositions(model, value, validation, *baseline, device);
            value->train();
            say("validation step " + std::to_string(step) + ": " + m.summary());
            return m;
        };

        SampleStreamOptions so = streamOptions(Split::Train);
        so.seed = o.seed;  // the data order; the validation stream keeps the default, so its positions do not move
        auto stream = HumanSampleStream::open(so);
        if (!stream) return stream.error();

        OptimizerSettings os;
        os.weightDecay = o.weightDecay;
        auto optimizer = makeOptimizer(value->parameters(), os);
        const LrSchedule schedule{o.learningRate, o.warmupSteps, o.steps, 0.1};

        std::vector<EncodedPosition> chunk;
        std::size_t next = 0;
        std::int64_t samples = 0;
        auto save = [&](std::int64_t atStep) {
            return saveFrozenTrunk(o.outCheckpoint, trunk, [&](torch::serialize::OutputArchive& a) {
                a.write("value_train.step", c10::IValue(atStep));
                a.write("value_train.samples", c10::IValue(samples));
            });
        };
        double lossSum = 0.0;
        std::int64_t lossN = 0;
        const auto t0 = std::chrono::steady_clock::now();
        auto windowStart = t0;
        std::int64_t windowSamples = 0;
        std::vector<const EncodedPosition*> batch;
        std::int64_t step = 0;
        for (; step < o.steps; ++step) {
            if (cancel.isCancelled()) {
                say("cancelled at step " + std::to_string(step));
                break;
            }
            batch.clear();
            while (int(batch.size()) < o.batchSize) {
                if (next >= chunk.size()) {
                    if (auto s = (*stream)->nextChunk(chunk); !s) return s.error();
                    next = 0;
                    continue;
                }
                const EncodedPosition& e = chunk[next++];
                if (e.outcome >= 0) batch.push_back(&e);
            }
            models::CondDropout clockDrop;
            clockDrop.seed = o.seed;
            clockDrop.firstSampleIndex = samples;
            clockDrop.clockProbability = o.clockDropout;
            models::ModelBatch mb = models::makeBatch(batch, clockDrop);
            mb.to(device);
            torch::Tensor features;
            {
                torch::NoGradGuard noGrad;
                model->forward(mb, &features);
            }
            setLearningRate(*optimizer, scheduledLearningRate(schedule, step));
            optimizer->zero_grad();
            auto loss = models::valueLoss(value->forward(features.detach()), mb);
            loss.backward();
            optimizer->step();
            samples += std::int64_t(batch.size());
            windowSamples += std::int64_t(batch.size());
            lossSum += loss.item<double>();
            ++lossN;
            if (o.logEvery > 0 && (step + 1) % o.logEvery == 0) {
                const auto now = std::chrono::steady_clock::now();
                const double secs = std::chrono::duration<double>(now - windowStart).count();
                char buf[200];
                std::snprintf(buf, sizeof buf, "step %lld/%lld  samples %lld  loss %.4f  lr %.2e  %.0f samples/s",
                              static_cast<long long>(step + 1), static_cast<long long>(o.steps),
                              static_cast<long long>(samples), lossSum / double(lossN),
                              scheduledLearningRate(schedule, step), secs > 0 ? double(windowSamples) / secs : 0.0);
                say(buf);
                lossSum = 0.0;
                lossN = 0;
                windowStart = now;
                windowSamples = 0;
            }
            if (o.validateEvery > 0 && (step + 1) % o.validateEvery == 0 && step + 1 < o.steps) {
                validate(step + 1);
                if (auto s = save(step + 1); !s) return s.error();
            }
        }
        ValueMetrics final = validate(step);
        if (auto s = save(step); !s) return s.error();
        const double hours = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 3600.0;
        char buf[160];
        std::snprintf(buf, sizeof buf, "wrote %s: %lld steps, %lld samples, %.2f h", o.outCheckpoint.c_str(),
                      static_cast<long long>(step), static_cast<long long>(samples), hours);
        say(buf);
        return final;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("train value: ") + e.what());
    }
}

}  // namespace kibitz::training
