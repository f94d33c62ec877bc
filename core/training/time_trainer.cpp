// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/time_trainer.h"

#include "core/common/atomic_file.h"
#include "core/models/archive_file.h"
#include "core/models/time_head.h"
#include "core/training/frozen_trunk.h"
#include "core/training/human_samples.h"
#include "core/training/train_loop.h"
#include "core/training/trainer_common.h"
#include "core/training/trainer_torch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <random>

namespace kibitz::training {

using encoding::EncodedPosition;
using models::HumanMoveModel;
using models::TimeHead;

namespace {

/// What the head trains on, read once through the frozen trunk: features (N, 3 d + kCondScalars; empty for a
/// clock-only head), time scalars (N, kTimeScalars), ln(1 + s) targets (N) and the baseline rule's and the real
/// seconds (for validation lines).
struct TimeSet {
    torch::Tensor features, scalars, targets;
    std::vector<float> baselineS, realS;
    std::int64_t size() const { return scalars.defined() ? scalars.size(0) : 0; }
};

/// Reads up to `limit` moves with a known time from `stream`, keeping every `every`-th one, through the trunk.
/// With `dropRecent` > 0, that share of the moves (chosen by `seed`) is read without both players' last move times and
/// paces; with `dropMove` > 0, that share (drawn independently) without the move chosen.
Result<TimeSet> readTimeSet(HumanSampleStream& stream, HumanMoveModel& model, bool withBoard, std::int64_t limit,
                            int every, double dropRecent, double dropMove, std::uint64_t seed,
                            const torch::Device& device, const CancelToken& cancel,
                            const std::function<void(const std::string&)>& say) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution drop(dropRecent);
    std::bernoulli_distribution dropMoveOf(dropMove);
    std::vector<EncodedPosition> dropped;  // copies of the moves shown without their recent times
    dropped.reserve(256);
    std::vector<torch::Tensor> features, scalars, targets;
    TimeSet set;
    std::vector<EncodedPosition> chunk;
    std::vector<const EncodedPosition*> batch;
    std::int64_t kept = 0, seen = 0;
    auto flush = [&] {
        if (batch.empty()) return;
        torch::InferenceMode guard;
        torch::Tensor policy;
        if (withBoard) {
            models::ModelBatch mb = models::makeBatch(batch);
            mb.to(device);
            torch::Tensor f;
            auto logits = model->forward(mb, &f);
            features.push_back(f.to(torch::kCPU));
            policy = models::policySummary(logits, batch);
        }
        torch::Tensor s = models::timeScalars(batch, policy);
        if (dropMove > 0.0) {
            float* row = s.data_ptr<float>();
            for (std::int64_t i = 0; i < s.size(0); ++i, row += models::kTimeScalars)
                if (dropMoveOf(rng)) std::fill(row + models::kTimeMoveFirst, row + models::kTimeScalars, 0.0f);
        }
        scalars.push_back(s);
        targets.push_back(models::thinkTimeTargets(batch));
        for (const EncodedPosition* e : batch) {
            set.baselineS.push_back(float(baselineThinkTimeS(e->cond, e->ply)));
            set.realS.push_back(float(e->thinkTimeS));
        }
        batch.clear();
    };
    auto lastReport = std::chrono::steady_clock::now();
    while (kept < limit) {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "train time: cancelled");
        if (auto s = stream.nextChunk(chunk); !s) return s.error();
        if (stream.epoch() > 0) break;  // every game seen once
        for (const EncodedPosition& e : chunk) {
            if (e.thinkTimeS < 0 || (seen++ % every) != 0 || kept >= limit) continue;
            if (dropRecent > 0.0 && drop(rng)) {
                dropped.push_back(e);
                encoding::setRecentTimes(dropped.back(), {});
                batch.push_back(&dropped.back());
            } else {
                batch.push_back(&e);
            }
            ++kept;
            if (batch.size() == 256) {
                flush();
                dropped.clear();
            }
        }
        flush();
        dropped.clear();
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - lastReport).count() > 60) {
            say("read " + std::to_string(kept) + " moves");
            lastReport = now;
        }
    }
    if (kept == 0) return set;
    if (withBoard) set.features = torch::cat(features);
    set.scalars = torch::cat(scalars);
    set.targets = torch::cat(targets);
    return set;
}

/// Validation: the head's NLL and TimeScores of its median beside the rule's on the same moves.
struct TimeValidation {
    double nll = 0.0;
    TimeScores model, baseline;
};

/// With `hideMove`, the head is not told the moves chosen.
TimeValidation validateTimeHead(TimeHead& head, const TimeSet& set, const torch::Device& device, bool hideMove) {
    TimeValidation v;
    torch::InferenceMode guard;
    TimeSample model, base;
    double nllSum = 0.0;
    for (std::int64_t i = 0; i < set.size(); i += 4096) {
        const std::int64_t end = std::min(set.size(), i + 4096);
        auto f = set.features.defined() ? set.features.slice(0, i, end).to(device) : torch::Tensor();
        torch::Tensor scalars = set.scalars.slice(0, i, end).clone();
        if (hideMove) models::hideMoveScalars(scalars);
        auto out = head->forward(f, scalars.to(device)).to(torch::kCPU).contiguous();
        nllSum += models::timeLoss(out, set.targets.slice(0, i, end)).item<double>() * double(end - i);
        const float* o = out.data_ptr<float>();
        for (std::int64_t j = i; j < end; ++j) {
            const encoding::ThinkTime t = models::thinkTimeOf(o + 2 * (j - i));
            model.add(t, set.realS[std::size_t(j)]);
            base.add(set.baselineS[std::size_t(j)], set.realS[std::size_t(j)]);
        }
    }
    v.nll = set.size() > 0 ? nllSum / double(set.size()) : 0.0;
    v.model = model.scores();
    v.baseline = base.scores();
    return v;
}

std::string describeValidation(std::int64_t step, const TimeValidation& v, const char* what) {
    char buf[360];
    std::snprintf(buf, sizeof buf,
                  "validation step %lld%s: %lld moves  nll %.4f  r %.3f (expected %.3f)  r(log) %.3f  MAE %.2f s  "
                  "median AE %.2f s   (rule: r %.3f  r(log) %.3f  MAE %.2f s  median AE %.2f s)",
                  static_cast<long long>(step), what, static_cast<long long>(v.model.moves), v.nll, v.model.pearsonR,
                  v.model.pearsonRExpected.value_or(0.0), v.model.pearsonRLog, v.model.maeS, v.model.medianAeS,
                  v.baseline.pearsonR, v.baseline.pearsonRLog, v.baseline.maeS, v.baseline.medianAeS);
    return buf;
}

/// What a cached set was read with: the data, the reading options and a checksum of the trunk's weights.
std::string cacheKey(const TimeTrainOptions& o, FrozenTrunk& trunk) {
    double checksum = 0.0;
    {
        torch::NoGradGuard guard;
        for (const auto& p : trunk.model->parameters()) checksum += p.to(torch::kFloat64).abs().sum().item<double>();
    }
    std::string key;
    for (const std::string& f : o.pgnFiles) key += f + ";";
    char buf[200];
    std::snprintf(buf, sizeof buf, "%lld/%d/%d/%d/%.4f/%.4f/%llu/%d/%.9g", static_cast<long long>(o.trainPositions),
                  o.validationPositions, int(o.withBoard), int(o.withBoard && o.withMove), o.recentTimesDropout,
                  o.moveDropout, static_cast<unsigned long long>(o.seed), o.holdoutPermille, checksum);
    // Caches from before the stride was an option read every 4th move and have no suffix.
    return key + buf + (o.trainEvery == 4 ? std::string() : "/every" + std::to_string(o.trainEvery));
}

Status saveTimeSet(const TimeSet& set, const std::string& key, const std::string& path) {
    torch::serialize::OutputArchive a;
    a.write("key", c10::IValue(key));
    if (set.features.defined()) a.write("features", set.features);
    a.write("scalars", set.scalars);
    a.write("targets", set.targets);
    a.write("baseline", torch::from_blob(const_cast<float*>(set.baselineS.data()), {std::int64_t(set.baselineS.size())},
                                         torch::kFloat32));
    a.write("real",
            torch::from_blob(const_cast<float*>(set.realS.data()), {std::int64_t(set.realS.size())}, torch::kFloat32));
    return writeFileAtomically(path, [&](const std::string& tmp) { return models::saveArchiveFile(a, tmp); });
}

/// The set kept at `path` when it was read with `key`; nullopt otherwise.
std::optional<TimeSet> loadTimeSet(const std::string& key, const std::string& path) {
    if (!std::filesystem::exists(path)) return std::nullopt;
    torch::serialize::InputArchive a;
    a.load_from(path);
    c10::IValue stored;
    if (!a.try_read("key", stored) || !stored.isString() || stored.toStringRef() != key) return std::nullopt;
    TimeSet set;
    torch::Tensor baseline, real;
    a.try_read("features", set.features);
    a.read("scalars", set.scalars);
    a.read("targets", set.targets);
    a.read("baseline", baseline);
    a.read("real", real);
    baseline = baseline.contiguous();
    real = real.contiguous();
    set.baselineS.assign(baseline.data_ptr<float>(), baseline.data_ptr<float>() + baseline.numel());
    set.realS.assign(real.data_ptr<float>(), real.data_ptr<float>() + real.numel());
    return set;
}

/// The validation moves (every 2nd timed move of the held-out games) and the training moves (every
/// TimeTrainOptions::trainEvery-th of the training games'), read once through the trunk.
Result<std::pair<TimeSet, TimeSet>> readTimeSetsThroughTrunk(const TimeTrainOptions& o, FrozenTrunk& trunk,
                                                             const CancelToken& cancel,
                                                             const std::function<void(const std::string&)>& say) {
    auto streamOptions = [&](Split split, std::uint64_t seed) {
        SampleStreamOptions so = trunkStreamOptions(trunk, o.pgnFiles, split, o.holdoutPermille);
        so.seed = seed;
        return so;
    };
    SampleStreamOptions vo = streamOptions(Split::Validation, 1);
    vo.shuffle = false;
    vo.chunkGames = 200;
    auto vs = HumanSampleStream::open(vo);
    if (!vs) return vs.error();
    say("reading validation moves");
    auto validation =
        readTimeSet(**vs, trunk.model, o.withBoard, o.validationPositions, 2, 0.0, 0.0, 0, trunk.device, cancel, say);
    if (!validation) return validation.error();
    auto ts = HumanSampleStream::open(streamOptions(Split::Train, o.seed));
    if (!ts) return ts.error();
    say("reading training moves");
    auto train = readTimeSet(**ts, trunk.model, o.withBoard, o.trainPositions, o.trainEvery, o.recentTimesDropout,
                             o.withBoard && o.withMove ? o.moveDropout : 0.0, o.seed, trunk.device, cancel, say);
    if (!train) return train.error();
    if (train->size() == 0)
        return makeError(ErrorCode::InvalidInput,
                         "train time: the training games have no move with a known time "
                         "(games with [%clk] comments and a TimeControl tag)");
    return std::pair<TimeSet, TimeSet>{std::move(*validation), std::move(*train)};
}

/// readTimeSetsThroughTrunk, or the sets kept in `o.cacheDir` by a run that read the same (kept there afresh
/// otherwise).
Result<std::pair<TimeSet, TimeSet>> readTimeSets(const TimeTrainOptions& o, FrozenTrunk& trunk,
                                                 const CancelToken& cancel,
                                                 const std::function<void(const std::string&)>& say) {
    if (o.cacheDir.empty()) return readTimeSetsThroughTrunk(o, trunk, cancel, say);
    const std::string key = cacheKey(o, trunk);
    const std::string validationPath = o.cacheDir + "/time-validation.pt", trainPath = o.cacheDir + "/time-train.pt";
    auto validation = loadTimeSet(key, validationPath);
    auto train = validation ? loadTimeSet(key, trainPath) : std::nullopt;
    if (validation && train) {
        say("read the moves kept in " + o.cacheDir);
        return std::pair<TimeSet, TimeSet>{std::move(*validation), std::move(*train)};
    }
    auto sets = readTimeSetsThroughTrunk(o, trunk, cancel, say);
    if (!sets) return sets.error();
    std::error_code ec;
    std::filesystem::create_directories(o.cacheDir, ec);
    if (auto s = saveTimeSet(sets->first, key, validationPath); !s) return s.error();
    if (auto s = saveTimeSet(sets->second, key, trainPath); !s) return s.error();
    say("kept the moves in " + o.cacheDir);
    return sets;
}

/// The think-time head's part of the TrainLoop: batches from a shuffled order of the training set, drawn again
/// when it runs out.
class TimeRun {
public:
    TimeRun(const TimeTrainOptions& o, TimeHead& head, TimeSet& train, const TimeSet& validation,
            torch::optim::Optimizer& optimizer, const torch::Device& device,
            std::function<void(const std::string&)> say)
        : m_o(o),
          m_head(head),
          m_train(train),
          m_validation(validation),
          m_optimizer(optimizer),
          m_device(device),
          m_say(std::move(say)) {}

    /// Trains to the end or a cancel (saving with each validation); the steps taken.
    Result<std::int64_t> train(const CancelToken& cancel, const std::function<Status(std::int64_t)>& save);
    TimeValidation validate(std::int64_t step);

private:
    Result<bool> step(StepWindow& window);

    const TimeTrainOptions& m_o;
    TimeHead& m_head;
    TimeSet& m_train;
    const TimeSet& m_validation;
    torch::optim::Optimizer& m_optimizer;
    const torch::Device& m_device;
    std::function<void(const std::string&)> m_say;
    torch::Tensor m_order;
    std::int64_t m_cursor = 0;
};

TimeValidation TimeRun::validate(std::int64_t step) {
    if (m_validation.size() == 0) return TimeValidation{};
    m_head->eval();
    TimeValidation v = validateTimeHead(m_head, m_validation, m_device, false);
    m_say(describeValidation(step, v, ""));
    if (m_head->readsMove())
        m_say(describeValidation(step, validateTimeHead(m_head, m_validation, m_device, true), " (without the move)"));
    m_head->train();
    return v;
}

Result<bool> TimeRun::step(StepWindow& window) {
    const std::int64_t n = m_train.size();
    if (m_cursor + m_o.batchSize > n) {
        m_order = torch::randperm(n, torch::TensorOptions().dtype(torch::kInt64));
        m_cursor = 0;
    }
    auto idx = m_order.slice(0, m_cursor, m_cursor + std::min<std::int64_t>(m_o.batchSize, n)).to(m_device);
    m_cursor += m_o.batchSize;
    auto f = m_o.withBoard ? m_train.features.index_select(0, idx) : torch::Tensor();
    auto out = m_head->forward(f, m_train.scalars.index_select(0, idx));
    const auto targets = m_train.targets.index_select(0, idx);
    auto loss = m_o.medianFit ? models::timeMedianLoss(out, targets) : models::timeLoss(out, targets);
    m_optimizer.zero_grad();
    loss.backward();
    m_optimizer.step();
    window.add(0, loss.item<double>());  // the progress line shows the mean of the steps' losses
    window.addWeight(1.0);
    return false;
}

Result<std::int64_t> TimeRun::train(const CancelToken& cancel, const std::function<Status(std::int64_t)>& save) {
    m_head->train();
    m_order = torch::randperm(m_train.size(), torch::TensorOptions().dtype(torch::kInt64));
    // The head is saved with each validation (and at the end, and on a cancel).
    const LoopCadence cadence{m_o.logEvery, m_o.validateEvery, m_o.validateEvery, 0, m_o.batchSize, false, true};
    TrainLoop loop(m_o, cadence, m_optimizer, cancel);
    LoopHooks h;
    h.step = [this](std::int64_t, StepWindow& window) { return step(window); };
    h.progress = [this](const TrainProgress& p) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "step %lld/%lld  loss %.4f  lr %.2e", static_cast<long long>(p.step),
                      static_cast<long long>(p.totalSteps), p.loss, p.learningRate);
        m_say(buf);
    };
    h.validate = [this, &loop]() -> Status {
        validate(loop.state().step);
        return {};
    };
    h.checkpoint = [&save, &loop](const CheckpointDue&) { return save(loop.state().step); };
    auto end = loop.run(h);
    if (!end) return end.error();
    if (*end == LoopEnd::Cancelled) m_say("cancelled at step " + std::to_string(loop.state().step));
    return loop.state().step;
}

}  // namespace

Result<TimeEvaluation> trainTimeHead(const TimeTrainOptions& o, const CancelToken& cancel,
                                     const std::function<void(const std::string&)>& log) {
    auto say = [&log](const std::string& s) {
        if (log) log(s);
    };
    try {
        if (o.initCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train time: --init is required");
        if (o.outCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "train time: --out is required");
        models::setComputeThreads(o.threads);
        models::keepFreedMemory();
        torch::manual_seed(o.seed);
        FrozenTrunk trunk = loadFrozenTrunk(o.initCheckpoint);  // a value head in it is kept as it is
        const models::ModelConfig& config = trunk.config;
        const torch::Device device = trunk.device;
        const int scalars = o.withBoard && o.withMove ? models::kTimeScalars : models::kTimeScalarsBeforeMove;
        const int hidden = o.hiddenWidth > 0 ? o.hiddenWidth : models::kTimeHidden;
        const bool sameWidth = o.hiddenWidth <= 0 || (trunk.time && trunk.time->hiddenWidth() == hidden);
        if (trunk.time && trunk.time->withBoard() == o.withBoard && trunk.time->scalarCount() == scalars && sameWidth) {
            say("continuing the think-time head of " + o.initCheckpoint);
        } else {
            if (trunk.time)
                say("the think-time head of " + o.initCheckpoint +
                    (sameWidth ? " reads other inputs" : " has another width") + ": starting a new one");
            trunk.time = TimeHead(config.dModel, o.withBoard, scalars, hidden);
        }
        TimeHead& head = trunk.time;
        head->to(device);
        auto save = [&](std::int64_t atStep) {
            return saveFrozenTrunk(o.outCheckpoint, trunk, [&](torch::serialize::OutputArchive& a) {
                a.write("time_train.step", c10::IValue(atStep));
            });
        };

        auto sets = readTimeSets(o, trunk, cancel, say);
        if (!sets) return sets.error();
        TimeSet& validation = sets->first;
        TimeSet& train = sets->second;
        if (validation.size() == 0) say("no held-out move with a known time: validation lines are left out");
        say("training on " + std::to_string(train.size()) + " moves, validating on " +
            std::to_string(validation.size()));
        if (o.withBoard) train.features = train.features.to(device);
        train.scalars = train.scalars.to(device);
        train.targets = train.targets.to(device);

        OptimizerSettings os;
        os.weightDecay = o.weightDecay;
        auto optimizer = makeOptimizer(head->parameters(), os);
        TimeRun run(o, head, train, validation, *optimizer, device, say);
        const auto t0 = std::chrono::steady_clock::now();
        auto steps = run.train(cancel, save);
        if (!steps) return steps.error();
        const std::int64_t step = *steps;
        const TimeValidation final = run.validate(step);
        if (auto s = save(step); !s) return s.error();
        char buf[200];
        std::snprintf(buf, sizeof buf, "wrote %s: %lld steps in %.1f min", o.outCheckpoint.c_str(),
                      static_cast<long long>(step),
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 60.0);
        say(buf);
        TimeEvaluation e;
        e.model = final.model;
        e.baseline = final.baseline;
        return e;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("train time: ") + e.what());
    }
}

}  // namespace kibitz::training
