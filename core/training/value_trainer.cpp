// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/value_trainer.h"

#include "core/common/atomic_file.h"
#include "core/models/archive_file.h"
#include "core/training/frozen_trunk.h"
#include "core/training/human_samples.h"
#include "core/training/train_loop.h"
#include "core/training/trainer_common.h"
#include "core/training/trainer_torch.h"
#include "core/training/value_eval.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

namespace kibitz::training {

using encoding::EncodedPosition;
using models::HumanMoveModel;
using models::ValueHead;

namespace {

/// Win/draw/loss probabilities (B, 3; on the CPU) of the head for `batch`, the trunk's features computed once.
torch::Tensor valueProbabilities(HumanMoveModel& model, ValueHead& value,
                                 const std::vector<const EncodedPosition*>& batch, const torch::Device& device) {
    models::ModelBatch mb = models::makeBatch(batch);
    mb.to(device);
    torch::Tensor features;
    model->forward(mb, &features);
    return torch::softmax(value->forward(features, mb), -1).to(torch::kCPU).contiguous();
}

}  // namespace

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
        const torch::Tensor probs = valueProbabilities(model, value, batch, device);
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

namespace {

/// Held-out positions with a result, spread over many games (every 4th position).
Result<std::vector<EncodedPosition>> readValueValidation(SampleStreamOptions vo, int positions) {
    vo.chunkGames = 200;
    vo.shuffle = false;
    auto vs = HumanSampleStream::open(vo);
    if (!vs) return vs.error();
    std::vector<EncodedPosition> validation, chunk;
    std::size_t k = 0;
    while (int(validation.size()) < positions) {
        if (auto s = (*vs)->nextChunk(chunk); !s) return s.error();
        if ((*vs)->epoch() > 0) break;
        for (const auto& e : chunk)
            if (e.outcome >= 0 && (k++ % 4) == 0 && int(validation.size()) < positions) validation.push_back(e);
    }
    return validation;
}

/// A value-head run on the frozen trunk: the model's part of the TrainLoop.
class ValueRun {
public:
    ValueRun(const ValueTrainOptions& o, FrozenTrunk& trunk, const std::function<void(const std::string&)>& log)
        : m_o(o), m_trunk(trunk), m_log(log) {}

    /// The Elo baseline, the validation positions and the training stream.
    Status open();
    /// Trains to the end or a cancel, then validates and saves once more; the final validation.
    Result<ValueMetrics> train(const CancelToken& cancel);

private:
    void say(const std::string& s) const {
        if (m_log) m_log(s);
    }
    SampleStreamOptions streamOptions(Split split) const;
    Result<bool> step(std::int64_t step, StepWindow& window);
    ValueMetrics validate(std::int64_t step);
    Status save(std::int64_t step);
    LoopHooks hooks(const TrainLoop& loop);

    const ValueTrainOptions& m_o;
    FrozenTrunk& m_trunk;
    const std::function<void(const std::string&)>& m_log;
    std::optional<EloBaseline> m_baseline;
    std::vector<EncodedPosition> m_validation;
    /// Positions of one training stream, drawn a batch's share at a time.
    struct Source {
        std::unique_ptr<HumanSampleStream> stream;
        std::vector<EncodedPosition> chunk;
        std::size_t next = 0;
        /// Appends `n` positions with a result to `out` (copies: a batch may cross a chunk boundary).
        Status take(int n, std::vector<EncodedPosition>& out);
    };
    /// The start position, both players 1500, at 5+0, 10+0, 3+2 and with the clocks unknown: the head's first
    /// impression, as the app shows it on a new board ("start 1500-1500, White's score: 5+0 49.9% (W 47.7 D 4.3
    /// L 48.0), 10+0 ...").
    std::string startLine();

    /// While alive, the head holds the moving average of its weights (when there is one); then its own again.
    class AverageWeights {
    public:
        explicit AverageWeights(ValueRun& run);
        ~AverageWeights();
        AverageWeights(const AverageWeights&) = delete;
        AverageWeights& operator=(const AverageWeights&) = delete;

    private:
        ValueRun& m_run;
        std::vector<torch::Tensor> m_own;
    };
    void updateAverage(std::int64_t step);

    std::unique_ptr<torch::optim::Optimizer> m_optimizer;
    std::vector<torch::Tensor> m_average;  ///< moving average of the head's parameters (emaDecay > 0)
    Source m_main, m_opening;
    std::vector<EncodedPosition> m_batchStore;
    std::vector<const EncodedPosition*> m_batch;
};

ValueRun::AverageWeights::AverageWeights(ValueRun& run) : m_run(run) {
    if (m_run.m_average.empty()) return;
    torch::NoGradGuard noGrad;
    auto params = m_run.m_trunk.value->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) {
        m_own.push_back(params[i].detach().clone());
        params[i].copy_(m_run.m_average[i]);
    }
}

ValueRun::AverageWeights::~AverageWeights() {
    if (m_own.empty()) return;
    torch::NoGradGuard noGrad;
    auto params = m_run.m_trunk.value->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) params[i].copy_(m_own[i]);
}

void ValueRun::updateAverage(std::int64_t step) {
    if (m_average.empty()) return;
    const double decay = std::min(m_o.emaDecay, double(1 + step) / double(10 + step));
    torch::NoGradGuard noGrad;
    auto params = m_trunk.value->parameters();
    for (std::size_t i = 0; i < params.size(); ++i) m_average[i].mul_(decay).add_(params[i].detach(), 1.0 - decay);
}

Status ValueRun::Source::take(int n, std::vector<EncodedPosition>& out) {
    for (int got = 0; got < n;) {
        if (next >= chunk.size()) {
            if (auto s = stream->nextChunk(chunk); !s) return s;
            next = 0;
            continue;
        }
        const EncodedPosition& e = chunk[next++];
        if (e.outcome < 0) continue;
        out.push_back(e);
        ++got;
    }
    return {};
}

std::string ValueRun::startLine() {
    struct Clocks {
        const char* name;
        std::optional<int> clock, inc;
    };
    static const Clocks kClocks[] = {{"5+0", 300, 0}, {"10+0", 600, 0}, {"3+2", 180, 2}, {"no clocks", {}, {}}};
    const chess::Position start;
    const chess::MoveList legal = start.legalMoves();
    std::vector<EncodedPosition> enc(std::size(kClocks));
    std::vector<const EncodedPosition*> ptrs;
    for (std::size_t i = 0; i < enc.size(); ++i) {
        encoding::Conditioning c;
        c.moverElo = c.oppElo = 1500;
        c.moverClockS = c.oppClockS = kClocks[i].clock;
        c.incrementS = kClocks[i].inc;
        encoding::RecentMoves none;
        encoding::encodePosition(start, legal, c, m_trunk.config.view, legal[0], enc[i], m_trunk.config.version, &none);
        ptrs.push_back(&enc[i]);
    }
    torch::InferenceMode guard;
    m_trunk.value->eval();
    const torch::Tensor probs = valueProbabilities(m_trunk.model, m_trunk.value, ptrs, m_trunk.device);
    m_trunk.value->train();
    const float* p = probs.data_ptr<float>();
    std::string line = "start 1500-1500, White's score:";
    for (std::size_t i = 0; i < enc.size(); ++i) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%s %s %.1f%% (W %.1f D %.1f L %.1f)", i ? "," : "", kClocks[i].name,
                      100.0 * (p[3 * i] + 0.5 * p[3 * i + 1]), 100.0 * p[3 * i], 100.0 * p[3 * i + 1],
                      100.0 * p[3 * i + 2]);
        line += buf;
    }
    return line;
}

SampleStreamOptions ValueRun::streamOptions(Split split) const {
    return trunkStreamOptions(m_trunk, m_o.pgnFiles, split, m_o.holdoutPermille);
}

Status ValueRun::open() {
    auto baseline = fitEloBaseline(m_o.pgnFiles, m_o.holdoutPermille, m_o.baselineGames);
    if (!baseline) return baseline.error();
    m_baseline = std::move(*baseline);
    say("Elo baseline: " + m_baseline->describe());
    auto validation = readValueValidation(streamOptions(Split::Validation), m_o.validationPositions);
    if (!validation) return validation.error();
    m_validation = std::move(*validation);
    SampleStreamOptions so = streamOptions(Split::Train);
    so.seed = m_o.seed;  // the data order; the validation stream keeps the default, so its positions do not move
    auto stream = HumanSampleStream::open(so);
    if (!stream) return stream.error();
    m_main.stream = std::move(*stream);
    if (m_o.openingShare > 0.0) {
        SampleStreamOptions oo = so;
        oo.openingPlies = m_o.openingPlies;
        oo.seed = so.seed ^ 0x0be41ULL;  // its own game order
        auto opening = HumanSampleStream::open(oo);
        if (!opening) return opening.error();
        m_opening.stream = std::move(*opening);
        say("opening stream: the first " + std::to_string(m_o.openingPlies) + " positions of every training game, " +
            std::to_string(int(std::lround(100.0 * m_o.openingShare))) + "% of each batch");
    }
    OptimizerSettings os;
    os.weightDecay = m_o.weightDecay;
    m_optimizer = makeOptimizer(m_trunk.value->parameters(), os);
    if (m_o.emaDecay > 0.0) {
        for (const auto& p : m_trunk.value->parameters()) m_average.push_back(p.detach().clone());
        say("validation and the saved head use the moving average of the weights (decay " +
            std::to_string(m_o.emaDecay).substr(0, 6) + ")");
    }
    return {};
}

Result<bool> ValueRun::step(std::int64_t step, StepWindow& window) {
    const int fromOpening =
        m_opening.stream ? std::clamp(int(std::lround(m_o.openingShare * m_o.batchSize)), 0, m_o.batchSize) : 0;
    m_batchStore.clear();
    if (auto s = m_main.take(m_o.batchSize - fromOpening, m_batchStore); !s) return s.error();
    if (auto s = m_opening.stream ? m_opening.take(fromOpening, m_batchStore) : Status(); !s) return s.error();
    m_batch.clear();
    for (const EncodedPosition& e : m_batchStore) m_batch.push_back(&e);
    models::CondDropout clockDrop;
    clockDrop.seed = m_o.seed;
    clockDrop.firstSampleIndex = step * m_o.batchSize;  // every batch is full
    clockDrop.clockProbability = m_o.clockDropout;
    models::ModelBatch mb = models::makeBatch(m_batch, clockDrop);
    mb.to(m_trunk.device);
    torch::Tensor features;
    {
        torch::NoGradGuard noGrad;
        m_trunk.model->forward(mb, &features);
    }
    m_optimizer->zero_grad();
    auto loss = models::valueLoss(m_trunk.value->forward(features.detach(), mb), mb);
    loss.backward();
    m_optimizer->step();
    updateAverage(step);
    window.add(0, loss.item<double>());  // the progress line shows the mean of the steps' losses
    window.addWeight(1.0);
    return false;
}

ValueMetrics ValueRun::validate(std::int64_t step) {
    AverageWeights averaged(*this);
    ValueHead& value = m_trunk.value;
    value->eval();
    ValueMetrics m = evaluateValuePositions(m_trunk.model, value, m_validation, *m_baseline, m_trunk.device);
    value->train();
    say("validation step " + std::to_string(step) + ": " + m.summary());
    say(startLine());
    return m;
}

Status ValueRun::save(std::int64_t step) {
    const std::int64_t samples = step * m_o.batchSize;
    AverageWeights averaged(*this);
    return saveFrozenTrunk(m_o.outCheckpoint, m_trunk, [&](torch::serialize::OutputArchive& a) {
        a.write("value_train.step", c10::IValue(step));
        a.write("value_train.samples", c10::IValue(samples));
    });
}

LoopHooks ValueRun::hooks(const TrainLoop& loop) {
    LoopHooks h;
    h.step = [this](std::int64_t s, StepWindow& window) { return step(s, window); };
    h.progress = [this](const TrainProgress& p) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "step %lld/%lld  samples %lld  loss %.4f  lr %.2e  %.0f samples/s",
                      static_cast<long long>(p.step), static_cast<long long>(p.totalSteps),
                      static_cast<long long>(p.samplesSeen), p.loss, p.learningRate, p.samplesPerSecond);
        say(buf);
    };
    h.validate = [this, &loop]() -> Status {
        validate(loop.state().step);
        return {};
    };
    h.checkpoint = [this, &loop](const CheckpointDue&) { return save(loop.state().step); };
    return h;
}

Result<ValueMetrics> ValueRun::train(const CancelToken& cancel) {
    // The head is saved with each validation (and at the end, and on a cancel).
    const LoopCadence cadence{m_o.logEvery, m_o.validateEvery, m_o.validateEvery, 0, m_o.batchSize, false, true};
    TrainLoop loop(m_o, cadence, *m_optimizer, cancel);
    const auto t0 = std::chrono::steady_clock::now();
    auto end = loop.run(hooks(loop));
    if (!end) return end.error();
    const std::int64_t step = loop.state().step;
    if (*end == LoopEnd::Cancelled) say("cancelled at step " + std::to_string(step));
    ValueMetrics final = validate(step);
    if (auto s = save(step); !s) return s.error();
    const double hours = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 3600.0;
    char buf[160];
    std::snprintf(buf, sizeof buf, "wrote %s: %lld steps, %lld samples, %.2f h", m_o.outCheckpoint.c_str(),
                  static_cast<long long>(step), static_cast<long long>(step * m_o.batchSize), hours);
    say(buf);
    return final;
}

}  // namespace

Result<ValueMetrics> trainValueHead(const ValueTrainOptions& o, const CancelToken& cancel,
                                    const std::function<void(const std::string&)>& log) {
    try {
        if (o.initCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train value: --init is required");
        if (o.outCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train value: --out is required");
        models::setComputeThreads(o.threads);
        models::keepFreedMemory();
        torch::manual_seed(o.seed);
        FrozenTrunk trunk = loadFrozenTrunk(o.initCheckpoint);  // a think-time head in it is kept as it is
        if (trunk.value && o.newHead) {
            if (log) log("a new value head replaces the one of " + o.initCheckpoint);
            trunk.value = ValueHead(trunk.config.dModel);
        } else if (trunk.value) {
            if (log) log("continuing the value head of " + o.initCheckpoint);
            if (trunk.value->inputs() != models::kLatestValueInputs) {
                trunk.value = models::widenValueHead(trunk.value, trunk.config.dModel);
                if (log) log("the head now reads the material and the ply too (its new columns start at zero)");
            }
        } else {
            trunk.value = ValueHead(trunk.config.dModel);
        }
        trunk.value->to(trunk.device);
        trunk.value->train();
        ValueRun run(o, trunk, log);
        if (auto s = run.open(); !s) return s.error();
        return run.train(cancel);
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("train value: ") + e.what());
    }
}

}  // namespace kibitz::training
