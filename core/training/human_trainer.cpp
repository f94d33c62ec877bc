// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/human_trainer.h"
#include "core/training/value_eval.h"

#include "core/common/run_lock.h"
#include "core/models/archive_file.h"
#include "core/models/human_move_model.h"
#include "core/training/distributed.h"
#include "core/training/human_samples.h"
#include "core/training/move_scoring.h"
#include "core/training/teacher.h"
#include "core/training/trainer_common.h"
#include "core/training/trainer_torch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <numbers>
#include <numeric>
#include <optional>
#include <thread>

namespace kibitz::training {

using encoding::EncodedPosition;
using models::HumanMoveModel;
using models::ModelBatch;
namespace fs = std::filesystem;

namespace {

/// Where the next global batch starts: chunk (epoch, index) and the offset of its next unused position.
struct DataPosition {
    std::int64_t epoch = 0;
    std::int64_t chunk = 0;
    std::int64_t offset = 0;
};

struct PreparedBatch {
    ModelBatch batch;
    DataPosition after;  ///< data position once this batch is consumed
    Status error;
};

/// Reads the stream and prepares this rank's slice of each global batch on its own thread, a few batches ahead.
class BatchProducer {
public:
    BatchProducer(std::unique_ptr<HumanSampleStream> stream, DataPosition start, int globalBatch, int rank,
                  int worldSize, double condDropout, std::uint64_t seed, std::int64_t firstStep,
                  Teacher* teacher = nullptr)
        : m_stream(std::move(stream)),
          m_pos(start),
          m_global(globalBatch),
          m_local(globalBatch / worldSize),
          m_rank(rank),
          m_dropout(condDropout),
          m_seed(seed),
          m_step(firstStep),
          m_teacher(teacher) {
        m_thread = std::thread([this] { run(); });
    }
    ~BatchProducer() {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_cv.notify_all();
        m_thread.join();
    }
    /// Blocks until the next batch is ready.
    PreparedBatch pop() {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [this] { return !m_queue.empty(); });
        PreparedBatch b = std::move(m_queue.front());
        m_queue.pop_front();
        m_cv.notify_all();
        return b;
    }

private:
    static constexpr std::size_t kDepth = 3;

    Status loadChunk() {
        if (auto st = m_teacher ? m_stream->nextChunk(m_chunk, m_contexts) : m_stream->nextChunk(m_chunk); !st.ok())
            return st;
        m_pos.epoch = m_stream->epoch();
        m_pos.chunk = m_stream->chunkIndex() - 1;
        return {};
    }

    void run() {
        Status failure;
        bool first = true;
        while (failure.ok()) {
            PreparedBatch pb;
            try {
                if (first) {
                    // Resume: rebuild the chunk the checkpoint was in, then skip what it had used.
                    first = false;
                    const std::int64_t offset = m_pos.offset;
                    if (auto st = m_stream->seek(m_pos.epoch, m_pos.chunk); !st.ok()) throw StatusError{st};
                    if (auto st = loadChunk(); !st.ok()) throw StatusError{st};
                    m_pos.offset = std::min<std::int64_t>(offset, std::int64_t(m_chunk.size()));
                }
                m_items.clear();
                m_boards.clear();
                for (int i = 0; i < m_global; ++i) {
                    while (m_pos.offset >= std::int64_t(m_chunk.size())) {
                        if (auto st = loadChunk(); !st.ok()) throw StatusError{st};
                        m_pos.offset = 0;
                    }
                    const EncodedPosition& e = m_chunk[std::size_t(m_pos.offset++)];
                    if (i >= m_rank * m_local && i < (m_rank + 1) * m_local) {
                        m_items.push_back(e);
                        if (m_teacher) m_boards.push_back(m_contexts[e.context]);
                    }
                }
                // The teacher labels this rank's slice only (each rank reads every chunk).
                if (m_teacher)
                    if (auto st = m_teacher->label(m_items, m_boards); !st.ok()) throw StatusError{st};
                std::vector<const EncodedPosition*> ptrs;
                for (const auto& e : m_items) ptrs.push_back(&e);
                models::CondDropout drop{m_dropout, m_seed, m_step * m_global + std::int64_t(m_rank) * m_local};
                pb.batch = models::makeBatch(ptrs, drop);
                pb.after = m_pos;
                ++m_step;
            } catch (const StatusError& e) {
                failure = e.status;
                pb.error = e.status;
            } catch (const std::exception& e) {
                failure = makeError(ErrorCode::Runtime, std::string("batch preparation failed: ") + e.what());
                pb.error = failure;
            }
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stop || m_queue.size() < kDepth; });
            if (m_stop) return;
            m_queue.push_back(std::move(pb));
            m_cv.notify_all();
        }
    }

    struct StatusError {
        Status status;
    };

    std::unique_ptr<HumanSampleStream> m_stream;
    DataPosition m_pos;
    int m_global, m_local, m_rank;
    double m_dropout;
    std::uint64_t m_seed;
    std::int64_t m_step;
    Teacher* m_teacher = nullptr;
    std::vector<EncodedPosition> m_chunk;
    std::vector<PositionContext> m_contexts;
    std::vector<EncodedPosition> m_items;
    std::vector<PositionContext> m_boards;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<PreparedBatch> m_queue;
    bool m_stop = false;
    std::thread m_thread;
};

std::vector<torch::optim::OptimizerParamGroup> paramGroups(HumanMoveModel& model, double weightDecay) {
    std::vector<torch::Tensor> decay, noDecay;
    for (const auto& item : model->named_parameters()) {
        const std::string& n = item.key();
        const bool matrix = n.ends_with("qkv.weight") || n.ends_with("out.weight") || n.ends_with("up.weight") ||
                            n.ends_with("down.weight") || n.ends_with("head.weight");
        (matrix ? decay : noDecay).push_back(item.value());
    }
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(decay, std::make_unique<torch::optim::AdamWOptions>(
                                   torch::optim::AdamWOptions(1e-3).betas({0.9, 0.95}).weight_decay(weightDecay)));
    groups.emplace_back(noDecay, std::make_unique<torch::optim::AdamWOptions>(
                                     torch::optim::AdamWOptions(1e-3).betas({0.9, 0.95}).weight_decay(0.0)));
    return groups;
}

// A checkpoint entry the run cannot do without; a missing or mistyped one ends the run with an error naming it
// (trainHumanModel turns the exception into an Error).
std::int64_t readInt(torch::serialize::InputArchive& a, const char* key) {
    if (auto v = archiveInt(a, key)) return *v;
    throw std::runtime_error(std::string("checkpoint entry '") + key + "' is missing or not an integer");
}

double readDouble(torch::serialize::InputArchive& a, const char* key) {
    if (auto v = archiveDouble(a, key)) return *v;
    throw std::runtime_error(std::string("checkpoint entry '") + key + "' is missing or not a number");
}

struct RunState {
    std::int64_t step = 0;
    DataPosition data;
    double wallSeconds = 0.0;
};

Status writeCheckpoint(const fs::path& path, HumanMoveModel& model, torch::optim::AdamW& opt, const RunState& st,
                       const TrainOptions& o) {
    torch::serialize::OutputArchive a;
    models::saveModel(model, a);
    torch::serialize::OutputArchive optArchive;
    opt.save(optArchive);
    a.write("optimizer", optArchive);
    a.write("state.step", c10::IValue(st.step));
    a.write("state.samples", c10::IValue(st.step * std::int64_t(o.batchSize)));
    a.write("state.data_epoch", c10::IValue(st.data.epoch));
    a.write("state.data_chunk", c10::IValue(st.data.chunk));
    a.write("state.data_offset", c10::IValue(st.data.offset));
    a.write("state.wall_seconds", c10::IValue(st.wallSeconds));
    a.write("state.seed", c10::IValue(std::int64_t(o.seed)));
    a.write("state.batch", c10::IValue(std::int64_t(o.batchSize)));
    a.write("state.chunk_games", c10::IValue(std::int64_t(o.chunkGames)));
    a.write("state.holdout_permille", c10::IValue(std::int64_t(o.holdoutPermille)));
    a.write("state.bucket", c10::IValue(std::int64_t(o.bucketBySize)));
    a.write("state.total_steps", c10::IValue(o.totalSteps));
    a.write("state.balance_band", c10::IValue(o.maxRatingBandShare));
    a.write("state.balance_player", c10::IValue(o.maxPlayerShare));
    return writeFileAtomically(path.string(),
                               [&](const std::string& tmp) -> Status { return models::saveArchiveFile(a, tmp); });
}

/// The run itself; may throw c10::Error / std::exception, which trainHumanModel turns into an Error.
Status runTraining(const TrainOptions& o, const CancelToken& cancel, const TrainCallbacks& cb) {
    auto log = [&](const std::string& s) {
        if (cb.log) cb.log(s);
    };
    if (o.worldSize < 1 || o.batchSize % o.worldSize != 0)
        return makeError(ErrorCode::InvalidInput, "batch size " + std::to_string(o.batchSize) +
                                                      " must be a multiple of the world size " +
                                                      std::to_string(o.worldSize));
    models::setComputeThreads(o.threads);
    models::keepFreedMemory();
    const torch::Device device = models::deviceFor(o.device);
    const bool leader = o.rank == 0;
    const bool autocast = device.is_cuda() && o.mixedPrecision;
    log(std::string("device: ") + (device.is_cuda() ? "cuda" : "cpu") + (autocast ? ", bf16 autocast" : ""));
    std::error_code ec;
    fs::create_directories(o.outDir, ec);
    if (ec) return makeError(ErrorCode::Io, o.outDir + ": cannot create directory: " + ec.message());
    const fs::path latest = fs::path(o.outDir) / "latest.pt";
    // One trainer per run folder (the leader writes the checkpoints): a second one would collide on latest.pt.tmp.
    std::unique_ptr<RunLock> runLock;
    if (leader) {
        auto lock = RunLock::acquire(o.outDir);
        if (!lock.ok()) return lock.error();
        runLock = std::move(lock.value());
        if (runLock->takenOverFrom() > 0)
            log("run folder lock of process " + std::to_string(runLock->takenOverFrom()) + " (gone) taken over");
    }

    std::unique_ptr<DistributedGroup> group;
    if (o.worldSize > 1) {
        log("rank " + std::to_string(o.rank) + "/" + std::to_string(o.worldSize) + ": joining " + o.masterAddr + ":" +
            std::to_string(o.masterPort));
        auto g = DistributedGroup::create(o.worldSize, o.rank, o.masterAddr, o.masterPort, std::chrono::seconds(600),
                                          device.is_cuda());
        if (!g.ok()) return g.error();
        group = std::move(g.value());
        log(std::string("collectives: ") + group->backendName());
    }

    torch::manual_seed(o.seed);
    models::ModelConfig config = o.config;
    RunState st;
    std::optional<torch::serialize::InputArchive> resumeArchive;
    if (o.resume && fs::exists(latest)) {
        resumeArchive.emplace();
        resumeArchive->load_from(latest.string());
        config = models::loadModelConfig(*resumeArchive);
        if (readInt(*resumeArchive, "state.batch") != o.batchSize ||
            readInt(*resumeArchive, "state.chunk_games") != o.chunkGames ||
            std::uint64_t(readInt(*resumeArchive, "state.seed")) != o.seed ||
            readInt(*resumeArchive, "state.holdout_permille") != o.holdoutPermille ||
            readInt(*resumeArchive, "state.bucket") != std::int64_t(o.bucketBySize) ||
            archiveDouble(*resumeArchive, "state.balance_band").value_or(0.0) != o.maxRatingBandShare ||
            archiveDouble(*resumeArchive, "state.balance_player").value_or(0.0) != o.maxPlayerShare)
            return makeError(ErrorCode::InvalidInput,
                             latest.string() +
                                 ": checkpoint was made with a different batch "
                                 "size, chunk size, seed, bucketing, balance caps or hold-out; exact resume needs the "
                                 "same");
    }
    std::optional<torch::serialize::InputArchive> initArchive;
    bool upgrade = false;
    if (!resumeArchive && !o.initCheckpoint.empty()) {
        if (!fs::exists(o.initCheckpoint))
            return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": no such initial checkpoint");
        initArchive.emplace();
        initArchive->load_from(o.initCheckpoint);
        const models::ModelConfig initConfig = models::loadModelConfig(*initArchive);
        models::ModelConfig sameShape = o.config;
        sameShape.version = initConfig.version;
        sameShape.name = initConfig.name;
        if (o.config.version > initConfig.version) {
            if (!(sameShape == initConfig))
                return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": a warm start into " + o.config.name +
                                                              " needs a checkpoint of the same shape, not " +
                                                              models::describeConfig(initConfig));
            upgrade = true;
        } else {
            config = initConfig;
        }
    }
    HumanMoveModel model(config);
    if (resumeArchive) models::loadModelWeights(model, *resumeArchive);
    if (initArchive) {
        if (upgrade) {
            const auto fresh = models::loadModelWeightsPartial(model, *initArchive);
            std::string names;
            for (const auto& n : fresh) names += (names.empty() ? "" : ", ") + n;
            log("warm start: encoding v" + std::to_string(config.version) + " model from " + o.initCheckpoint +
                "; new tensors: " + names + "; fresh optimizer state");
        } else {
            models::loadModelWeights(model, *initArchive);
            log("fine-tuning: weights and config from " + o.initCheckpoint + ", fresh optimizer state");
        }
        initArchive.reset();
    }
    model->to(device);
    torch::optim::AdamW opt(paramGroups(model, o.weightDecay));
    std::int64_t rewarmFrom = -1;  // a compact checkpoint's resume step: the learning rate warms up again from there
    if (resumeArchive) {
        torch::serialize::InputArchive optArchive;
        const bool withOptimizer = resumeArchive->try_read("optimizer", optArchive);
        if (withOptimizer) {
            opt.load(optArchive);
            moveOptimizerState(opt, device);
        }
        st.step = readInt(*resumeArchive, "state.step");
        if (!withOptimizer) {
            rewarmFrom = st.step;
            log("compact checkpoint (no optimizer state): AdamW starts afresh and the learning rate warms up again "
                "over " +
                std::to_string(o.warmupSteps) + " steps");
        }
        st.data = {readInt(*resumeArchive, "state.data_epoch"), readInt(*resumeArchive, "state.data_chunk"),
                   readInt(*resumeArchive, "state.data_offset")};
        st.wallSeconds = readDouble(*resumeArchive, "state.wall_seconds");
        log("resumed from " + latest.string() + " at step " + std::to_string(st.step) + " (epoch " +
            std::to_string(st.data.epoch) + ", chunk " + std::to_string(st.data.chunk) + ", offset " +
            std::to_string(st.data.offset) + ")");
        resumeArchive.reset();
    }
    std::vector<torch::Tensor> params;
    for (const auto& p : model->parameters()) params.push_back(p);
    std::int64_t flatSize = 0;
    for (const auto& p : params) flatSize += p.numel();
    if (group) {
        // Start from identical weights whatever each rank did before.
        for (auto& p : params) {
            torch::NoGradGuard ng;
            auto t = p.detach().to(torch::kCPU).contiguous();
            group->broadcast(t, 0);
            p.copy_(t);
        }
    }
    log("model " + config.name + " (" + models::describeConfig(config) + "), " +
        std::to_string(models::countParameters(*model)) + " parameters, device " + device.str() + ", threads " +
        std::to_string(at::get_num_threads()) + ", global batch " + std::to_string(o.batchSize) + " over " +
        std::to_string(o.worldSize) + " rank(s)");

    SampleStreamOptions so;
    so.files = o.pgnFiles;
    so.view = config.view;
    so.split = Split::Train;
    so.holdoutPermille = o.holdoutPermille;
    so.chunkGames = o.chunkGames;
    so.seed = o.seed;
    so.bucketBatch = o.bucketBySize ? o.batchSize : 0;
    so.encodingVersion = config.version;
    so.balance = BalanceOptions{o.maxRatingBandShare, o.maxPlayerShare};
    auto stream = HumanSampleStream::open(so);
    if (!stream.ok()) return stream.error();
    if (!stream.value()->balanceSummary().empty()) log(stream.value()->balanceSummary());

    std::vector<EncodedPosition> validation;
    if (leader && o.validateEvery > 0 && o.validationPositions > 0) {
        SampleStreamOptions vo = so;
        vo.split = Split::Validation;
        vo.balance = {};
        vo.chunkGames = std::max(50, o.validationPositions / 20);
        auto vs = HumanSampleStream::open(vo);
        if (!vs.ok()) return vs.error();
        if (auto s = vs.value()->nextChunk(validation); !s.ok()) return s;
        if (validation.size() > std::size_t(o.validationPositions))
            validation.resize(std::size_t(o.validationPositions));
        log("validation: " + std::to_string(validation.size()) + " positions from held-out games (" +
            vs.value()->stats().summary() + ")");
    }

    std::unique_ptr<Teacher> teacher;
    if (!o.teacher.empty()) {
        auto t = Teacher::open(o.teacher, o.teacherRelabel, o.seed);
        if (!t) return t.error();
        teacher = std::move(t.value());
        char weight[32];
        std::snprintf(weight, sizeof weight, "%.3g", o.teacherWeight);
        log("distillation: " + teacher->describe() + "; loss = cross-entropy + " + weight + " x KL(teacher || model)");
    }
    BatchProducer producer(std::move(stream.value()), st.data, o.batchSize, o.rank, o.worldSize, o.condDropout, o.seed,
                           st.step, teacher.get());
    model->train();
    const std::int64_t endStep = o.stopAfterSteps > 0 ? std::min(o.stopAfterSteps, o.totalSteps) : o.totalSteps;
    // Gradients and four counters (loss, correct, count, stop) in one buffer: one all-reduce per step.
    torch::Tensor flat =
        group ? torch::zeros({flatSize + 4}, torch::TensorOptions().device(group->bufferDevice())) : torch::Tensor();
    double winLoss = 0, winCorrect = 0, winCount = 0;
    // On CUDA (one process) a step reads nothing back: the loss and accuracy sums stay on the device until the next
    // log line and the gradient clip scales without asking for the norm, so the host queues the next step while
    // the device still runs this one. Three reads per step (loss, accuracy, norm) each waited for the device.
    const bool deferReads =
        !group && (o.stepReads == StepReads::AtLogLines || (o.stepReads == StepReads::Auto && device.is_cuda()));
    torch::Tensor winLossDev, winCorrectDev;
    if (deferReads) {
        winLossDev = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat64).device(device));
        winCorrectDev = torch::zeros({}, torch::TensorOptions().dtype(torch::kInt64).device(device));
    }
    auto winStart = std::chrono::steady_clock::now();
    std::int64_t winSteps = 0;
    auto lastWall = std::chrono::steady_clock::now();
    Status saveError;
    auto save = [&](const fs::path& p) {
        if (auto saved = writeCheckpoint(p, model, opt, st, o); !saved.ok()) {
            if (saveError.ok()) saveError = saved;
            log("checkpoint failed: " + saved.error().message);
            return;
        }
        log("checkpoint " + p.string() + " at step " + std::to_string(st.step));
    };
    auto validate = [&] {
        if (validation.empty()) return;
        MoveMetrics m = evaluatePositions(model, validation, device);
        if (cb.validation) cb.validation(st.step, m);
    };

    bool stop = false;
    while (st.step < endStep && !stop) {
        PreparedBatch pb = producer.pop();
        if (!pb.error.ok()) return pb.error;
        ModelBatch& batch = pb.batch;
        batch.to(device);
        double lr = learningRateAt(o, st.step);
        if (rewarmFrom >= 0 && o.warmupSteps > 0 && st.step - rewarmFrom < o.warmupSteps)
            lr *= double(st.step - rewarmFrom + 1) / double(o.warmupSteps);
        setLearningRate(opt, lr);

        torch::Tensor logits, loss;
        {
            AutocastScope amp(autocast);
            logits = model->forward(batch);
            loss = models::moveLoss(logits.to(torch::kFloat32), batch);
            if (teacher) loss = loss + o.teacherWeight * models::distillationLoss(logits, batch);
        }
        opt.zero_grad();
        loss.backward();
        double lossSum = 0, correct = 0;
        {
            torch::NoGradGuard ng;
            if (deferReads) {
                winCorrectDev.add_(logits.argmax(1).eq(batch.target).sum());
                winLossDev.add_(loss.detach().to(torch::kFloat64), double(batch.size));
            } else {
                correct = double(logits.argmax(1).eq(batch.target).sum().item<std::int64_t>());
                lossSum = loss.item<double>() * batch.size;
            }
        }
        double count = batch.size;
        bool stopFlag = cancel.isCancelled();
        if (group) {
            torch::NoGradGuard ng;
            std::int64_t off = 0;
            for (auto& p : params) {
                const auto n = p.numel();
                flat.narrow(0, off, n).copy_(p.grad().reshape({-1}));
                off += n;
            }
            const float counters[4] = {float(lossSum), float(correct), float(count), stopFlag ? 1.0f : 0.0f};
            flat.narrow(0, flatSize, 4).copy_(torch::from_blob(const_cast<float*>(counters), {4}));
            group->allreduceSum(flat);
            flat.narrow(0, 0, flatSize).div_(double(o.worldSize));
            const torch::Tensor sums = flat.narrow(0, flatSize, 4).to(torch::kCPU).contiguous();
            const float* tail = sums.data_ptr<float>();
            off = 0;
            for (auto& p : params) {
                const auto n = p.numel();
                p.mutable_grad().copy_(flat.narrow(0, off, n).view_as(p));
                off += n;
            }
            lossSum = tail[0];
            correct = tail[1];
            count = tail[2];
            stopFlag = tail[3] > 0.0f;
        }
        if (deferReads)
            clipGradNormWithoutSync(params, o.gradClip);
        else
            torch::nn::utils::clip_grad_norm_(params, o.gradClip);
        opt.step();
        ++st.step;
        st.data = pb.after;
        const auto now = std::chrono::steady_clock::now();
        st.wallSeconds += std::chrono::duration<double>(now - lastWall).count();
        lastWall = now;
        winLoss += lossSum;
        winCorrect += correct;
        winCount += count;
        ++winSteps;
        if (stopFlag) stop = true;

        if (st.step % o.logEvery == 0 || st.step == endStep || stop) {
            if (deferReads) {
                winLoss += winLossDev.item<double>();
                winCorrect += double(winCorrectDev.item<std::int64_t>());
                winLossDev.zero_();
                winCorrectDev.zero_();
            }
            const double secs = std::chrono::duration<double>(now - winStart).count();
            TrainProgress pr;
            pr.step = st.step;
            pr.totalSteps = o.totalSteps;
            pr.samplesSeen = st.step * o.batchSize;
            pr.loss = winCount > 0 ? winLoss / winCount : 0.0;
            pr.accuracy = winCount > 0 ? winCorrect / winCount : 0.0;
            pr.learningRate = lr;
            pr.samplesPerSecond = secs > 0 ? double(winSteps) * o.batchSize / secs : 0.0;
            pr.etaSeconds =
                pr.samplesPerSecond > 0 ? double(endStep - st.step) * o.batchSize / pr.samplesPerSecond : 0.0;
            pr.wallSeconds = st.wallSeconds;
            pr.epoch = st.data.epoch;
            if (cb.progress && leader) cb.progress(pr);
            winLoss = winCorrect = winCount = 0;
            winSteps = 0;
            winStart = now;
        }
        if (leader) {
            const bool last = st.step == endStep || stop;
            // A stop request only checkpoints: validating first would delay the exit.
            if (o.validateEvery > 0 && (st.step % o.validateEvery == 0 || st.step == endStep)) validate();
            if (st.step % o.checkpointEvery == 0 || last) save(latest);
            if (o.keepEvery > 0 && st.step % o.keepEvery == 0)
                save(fs::path(o.outDir) / ("step-" + std::to_string(st.step) + ".pt"));
        } else if (o.checkpointAllRanks && (st.step % o.checkpointEvery == 0 || st.step == endStep || stop)) {
            save(fs::path(o.outDir) / ("latest.rank" + std::to_string(o.rank) + ".pt"));
        }
        // A checkpoint that cannot be written (disk full, folder gone) ends the run: training on without one would
        // lose the work on the next crash.
        if (!saveError.ok()) return saveError;
    }
    if (stop) return makeError(ErrorCode::Cancelled, "training stopped at step " + std::to_string(st.step));
    return {};
}

}  // namespace

double learningRateAt(const TrainOptions& o, std::int64_t step) {
    return scheduledLearningRate(LrSchedule{o.learningRate, o.warmupSteps, o.totalSteps, o.minLrFraction}, step);
}

Status trainHumanModel(const TrainOptions& options, const CancelToken& cancel, const TrainCallbacks& callbacks) {
    try {
        return runTraining(options, cancel, callbacks);
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, std::string("training failed: ") + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("training failed: ") + e.what());
    }
}

encoding::Conditioning probedConditioning(const encoding::Conditioning& recorded, const ConditioningProbe& probe) {
    encoding::Conditioning c = recorded;
    if (c.moverElo && probe.moverEloShift != 0) c.moverElo = *c.moverElo + probe.moverEloShift;
    if (c.moverElo && probe.moverEloAway != 0) {
        const int delta = *c.moverElo < 1700 ? probe.moverEloAway : -probe.moverEloAway;
        c.moverElo = *c.moverElo + delta;
        if (probe.awayWithOpponent && c.oppElo) c.oppElo = *c.oppElo + delta;
    }
    if (probe.hideElo) c.moverElo = c.oppElo = std::nullopt;
    if (probe.hideClock) c.moverClockS = c.oppClockS = c.incrementS = std::nullopt;
    return c;
}

std::string ConditioningProbe::describe() const {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (hideElo) add("Elo hidden");
    if (hideClock) add("clocks hidden");
    if (moverEloShift != 0)
        add("mover Elo " + std::string(moverEloShift > 0 ? "+" : "") + std::to_string(moverEloShift));
    if (moverEloAway != 0)
        add(std::string(awayWithOpponent ? "mover and opponent Elo " : "mover Elo ") + std::to_string(moverEloAway) +
            " toward the middle");
    if (ratingGuidance != 0.0) {
        char w[32];
        std::snprintf(w, sizeof w, "%g", ratingGuidance);
        add(std::string("rating guidance ") + w);
    }
    return s.empty() ? "as recorded" : s;
}

bool inMaiaProtocol(const encoding::EncodedPosition& e) {
    return e.ply >= 10 && (!e.cond.moverClockS || *e.cond.moverClockS >= 30);
}

Result<MoveMetrics> evaluateHumanModel(const std::string& checkpoint, const std::vector<std::string>& pgnFiles,
                                       bool heldOutOnly, int holdoutPermille, std::int64_t maxGames, int threads,
                                       const ConditioningProbe& probe, const CancelToken& cancel,
                                       std::int64_t skipGames) {
    auto r = evaluateHumanModelProbes(checkpoint, pgnFiles, heldOutOnly, holdoutPermille, maxGames, threads, {probe},
                                      cancel, skipGames);
    if (!r.ok()) return r.error();
    return std::move(r.value().perProbe.front());
}

Result<HumanEvaluation> evaluateHumanModelProbes(const std::string& checkpoint,
                                                 const std::vector<std::string>& pgnFiles, bool heldOutOnly,
                                                 int holdoutPermille, std::int64_t maxGames, int threads,
                                                 const std::vector<ConditioningProbe>& probes,
                                                 const CancelToken& cancel, std::int64_t skipGames,
                                                 const std::string& player) {
    const auto cancelled = [&] { return makeError(ErrorCode::Cancelled, checkpoint + ": evaluation cancelled"); };
    try {
        if (probes.empty()) return makeError(ErrorCode::InvalidInput, "no conditioning to evaluate");
        models::setComputeThreads(threads);
        torch::serialize::InputArchive a;
        a.load_from(checkpoint);
        const models::ModelConfig config = models::loadModelConfig(a);
        HumanMoveModel model(config);
        models::loadModelWeights(model, a);
        models::ValueHead value = models::loadValueHead(a, config.dModel);
        const torch::Device device = models::chooseDevice();
        model->to(device);
        std::optional<EloBaseline> baseline;
        std::optional<EngineBaseline> engine;
        if (value) {
            value->to(device);
            value->eval();
            auto fit = fitEloBaseline(pgnFiles, holdoutPermille, 20000, cancel);
            if (!fit) return fit.error().code == ErrorCode::Cancelled ? cancelled() : fit.error();
            baseline = std::move(*fit);
            // Games without [%eval] annotations give no engine baseline; that is not an error.
            if (auto e = fitEngineBaseline(pgnFiles, holdoutPermille, 300000, 40000, cancel)) engine = *e;
            if (cancel.isCancelled()) return cancelled();
        }
        auto stream = HumanSampleStream::open(evaluationStreamOptions(
            pgnFiles, config.view, config.version, heldOutOnly, holdoutPermille, maxGames, skipGames, player));
        if (!stream.ok()) return stream.error();
        HumanEvaluation total;
        total.perProbe.resize(probes.size());
        total.hasValue = bool(value);
        if (baseline) total.eloBaseline = baseline->describe();
        if (engine) total.engineBaseline = engine->describe();
        std::vector<EncodedPosition> chunk;
        for (;;) {
            if (cancel.isCancelled()) return cancelled();
            if (maxGames > 0 && stream.value()->stats().gamesUsed >= skipGames + maxGames) break;
            if (auto s = stream.value()->nextChunk(chunk); !s.ok()) return s.error();
            if (stream.value()->epoch() > 0) break;  // wrapped around: every game was seen once
            if (stream.value()->stats().gamesUsed <= skipGames) continue;
            for (std::size_t i = 0; i < probes.size(); ++i)
                total.perProbe[i].merge(evaluatePositions(model, chunk, device, probes[i],
                                                          i == 0 ? &total.maiaProtocol : nullptr, 512, cancel));
            if (value)
                total.value.merge(evaluateValuePositions(model, value, chunk, *baseline, device,
                                                         engine ? &*engine : nullptr, cancel));
        }
        return total;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, checkpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, checkpoint + ": " + e.what());
    }
}

}  // namespace kibitz::training
