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
#include "core/training/train_loop.h"
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
    ModelBatch shifted;     ///< the same positions with the ratings shifted (rating contrast only; size 0 otherwise)
    torch::Tensor differs;  ///< (B) float: 1 where the contrast counts (see makeShifted; rating contrast only)
    DataPosition after;     ///< data position once this batch is consumed
    Status error;
};

/// Reads the stream and prepares this rank's slice of each global batch on its own thread, a few batches ahead.
class BatchProducer {
public:
    BatchProducer(std::unique_ptr<HumanSampleStream> stream, DataPosition start, int globalBatch, int rank,
                  int worldSize, double condDropout, std::uint64_t seed, std::int64_t firstStep,
                  Teacher* teacher = nullptr, int contrastAway = 0)
        : m_stream(std::move(stream)),
          m_pos(start),
          m_global(globalBatch),
          m_local(globalBatch / worldSize),
          m_rank(rank),
          m_dropout(condDropout),
          m_seed(seed),
          m_step(firstStep),
          m_teacher(teacher),
          m_contrastAway(contrastAway) {
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
                if (m_contrastAway != 0) makeShifted(pb, drop);
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

    /// The rating contrast's second reading of this rank's items: the same positions and dropout decisions, both
    /// ratings moved toward the middle, and which items count: those whose mover the move brings nearer the middle
    /// and whose conditioning (after the dropout) it changed.
    void makeShifted(PreparedBatch& pb, const models::CondDropout& drop) {
        ConditioningProbe probe;
        probe.moverEloAway = m_contrastAway;
        probe.awayWithOpponent = true;
        m_shiftedItems = m_items;
        std::vector<const EncodedPosition*> ptrs;
        std::vector<float> nearer;
        for (auto& e : m_shiftedItems) {
            const std::optional<int> before = e.cond.moverElo;
            e.cond = probedConditioning(e.cond, probe);
            ptrs.push_back(&e);
            nearer.push_back(
                before && std::abs(*e.cond.moverElo - kRatingMiddle) < std::abs(*before - kRatingMiddle) ? 1.0f : 0.0f);
        }
        pb.shifted = models::makeBatch(ptrs, drop);
        const torch::Tensor changed = (pb.batch.condScalars - pb.shifted.condScalars).abs().sum(1).gt(0);
        pb.differs = changed.to(torch::kFloat32) * torch::tensor(nearer);
    }

    std::unique_ptr<HumanSampleStream> m_stream;
    DataPosition m_pos;
    int m_global, m_local, m_rank;
    double m_dropout;
    std::uint64_t m_seed;
    std::int64_t m_step;
    Teacher* m_teacher = nullptr;
    int m_contrastAway = 0;
    std::vector<EncodedPosition> m_shiftedItems;
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

Status writeCheckpoint(const fs::path& path, HumanMoveModel& model, torch::optim::AdamW& opt, std::int64_t step,
                       const DataPosition& data, double wallSeconds, const TrainOptions& o) {
    torch::serialize::OutputArchive a;
    models::saveModel(model, a);
    torch::serialize::OutputArchive optArchive;
    opt.save(optArchive);
    a.write("optimizer", optArchive);
    a.write("state.step", c10::IValue(step));
    a.write("state.samples", c10::IValue(step * std::int64_t(o.batchSize)));
    a.write("state.data_epoch", c10::IValue(data.epoch));
    a.write("state.data_chunk", c10::IValue(data.chunk));
    a.write("state.data_offset", c10::IValue(data.offset));
    a.write("state.wall_seconds", c10::IValue(wallSeconds));
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

/// One human-move training run: its set-up (run folder, process group, resume or initial weights, data, teacher)
/// and the model's part of the TrainLoop (the step with its all-reduce, validation, checkpoints).
class HumanRun {
public:
    HumanRun(const TrainOptions& o, const CancelToken& cancel, const TrainCallbacks& cb)
        : m_o(o), m_cancel(cancel), m_cb(cb), m_latest(fs::path(o.outDir) / "latest.pt"), m_leader(o.rank == 0) {}

    Status run();

private:
    void log(const std::string& s) const {
        if (m_cb.log) m_cb.log(s);
    }
    Status openFolderAndGroup();
    Status checkResume(torch::serialize::InputArchive& a) const;
    Status loadInit(std::optional<torch::serialize::InputArchive>& init, bool& upgrade);
    Status buildModel(std::optional<torch::serialize::InputArchive>& resume);
    void restoreState(torch::serialize::InputArchive& resume);
    void joinWeights();
    Status openData();
    Result<bool> step(StepWindow& window);
    void allReduce(double& lossSum, double& correct, double& count, bool& stopFlag);
    void save(const fs::path& path);
    Status checkpoint(const CheckpointDue& due);
    LoopHooks hooks();

    const TrainOptions& m_o;
    const CancelToken& m_cancel;
    const TrainCallbacks& m_cb;
    const fs::path m_latest;
    const bool m_leader;
    torch::Device m_device = torch::kCPU;
    bool m_autocast = false;
    bool m_deferReads = false;
    std::unique_ptr<RunLock> m_runLock;
    std::unique_ptr<DistributedGroup> m_group;
    models::ModelConfig m_config;
    HumanMoveModel m_model{nullptr};
    std::unique_ptr<torch::optim::AdamW> m_opt;
    std::unique_ptr<TrainLoop> m_loop;
    DataPosition m_data;
    std::vector<torch::Tensor> m_params;
    std::int64_t m_flatSize = 0;
    torch::Tensor m_flat;  ///< gradients and four counters (loss, correct, count, stop): one all-reduce per step
    std::vector<EncodedPosition> m_validation;
    std::unique_ptr<Teacher> m_teacher;
    std::unique_ptr<BatchProducer> m_producer;
    Status m_saveError;
};

Status HumanRun::openFolderAndGroup() {
    auto lock = openRunFolder(m_o.outDir, m_leader);  // the leader writes the checkpoints
    if (!lock.ok()) return lock.error();
    m_runLock = std::move(lock.value());
    if (m_runLock && m_runLock->takenOverFrom() > 0)
        log("run folder lock of process " + std::to_string(m_runLock->takenOverFrom()) + " (gone) taken over");
    if (m_o.worldSize > 1) {
        log("rank " + std::to_string(m_o.rank) + "/" + std::to_string(m_o.worldSize) + ": joining " + m_o.masterAddr +
            ":" + std::to_string(m_o.masterPort));
        auto g = DistributedGroup::create(m_o.worldSize, m_o.rank, m_o.masterAddr, m_o.masterPort,
                                          std::chrono::seconds(600), m_device.is_cuda());
        if (!g.ok()) return g.error();
        m_group = std::move(g.value());
        log(std::string("collectives: ") + m_group->backendName());
    }
    return {};
}

/// Exact resume needs the data settings the checkpoint was made with.
Status HumanRun::checkResume(torch::serialize::InputArchive& a) const {
    if (readInt(a, "state.batch") != m_o.batchSize || readInt(a, "state.chunk_games") != m_o.chunkGames ||
        std::uint64_t(readInt(a, "state.seed")) != m_o.seed ||
        readInt(a, "state.holdout_permille") != m_o.holdoutPermille ||
        readInt(a, "state.bucket") != std::int64_t(m_o.bucketBySize) ||
        archiveDouble(a, "state.balance_band").value_or(0.0) != m_o.maxRatingBandShare ||
        archiveDouble(a, "state.balance_player").value_or(0.0) != m_o.maxPlayerShare)
        return makeError(ErrorCode::InvalidInput, m_latest.string() +
                                                      ": checkpoint was made with a different batch "
                                                      "size, chunk size, seed, bucketing, balance caps or hold-out; "
                                                      "exact resume needs the same");
    return {};
}

/// The fine-tuning checkpoint: its config, or (a newer encoding of the same shape) a warm start into o.config.
Status HumanRun::loadInit(std::optional<torch::serialize::InputArchive>& init, bool& upgrade) {
    if (!fs::exists(m_o.initCheckpoint))
        return makeError(ErrorCode::InvalidInput, m_o.initCheckpoint + ": no such initial checkpoint");
    init.emplace();
    init->load_from(m_o.initCheckpoint);
    const models::ModelConfig initConfig = models::loadModelConfig(*init);
    models::ModelConfig sameShape = m_o.config;
    sameShape.version = initConfig.version;
    sameShape.name = initConfig.name;
    if (m_o.config.version > initConfig.version) {
        if (!(sameShape == initConfig))
            return makeError(ErrorCode::InvalidInput, m_o.initCheckpoint + ": a warm start into " + m_o.config.name +
                                                          " needs a checkpoint of the same shape, not " +
                                                          models::describeConfig(initConfig));
        upgrade = true;
    } else {
        m_config = initConfig;
    }
    return {};
}

/// The model with the resumed, initial or fresh weights, on the device, and its optimizer.
Status HumanRun::buildModel(std::optional<torch::serialize::InputArchive>& resume) {
    std::optional<torch::serialize::InputArchive> init;
    bool upgrade = false;
    if (!resume && !m_o.initCheckpoint.empty())
        if (auto s = loadInit(init, upgrade); !s.ok()) return s;
    m_model = HumanMoveModel(m_config);
    if (resume) models::loadModelWeights(m_model, *resume);
    if (init && upgrade) {
        const auto fresh = models::loadModelWeightsPartial(m_model, *init);
        std::string names;
        for (const auto& n : fresh) names += (names.empty() ? "" : ", ") + n;
        log("warm start: encoding v" + std::to_string(m_config.version) + " model from " + m_o.initCheckpoint +
            "; new tensors: " + names + "; fresh optimizer state");
    } else if (init) {
        models::loadModelWeights(m_model, *init);
        log("fine-tuning: weights and config from " + m_o.initCheckpoint + ", fresh optimizer state");
    }
    init.reset();
    m_model->to(m_device);
    m_opt = std::make_unique<torch::optim::AdamW>(paramGroups(m_model, m_o.weightDecay));
    return {};
}

/// The optimizer state, step, data position and training time of a resume checkpoint.
void HumanRun::restoreState(torch::serialize::InputArchive& resume) {
    LoopState& st = m_loop->state();
    const bool withOptimizer = loadOptimizerState(resume, *m_opt, m_device);
    st.step = readInt(resume, "state.step");
    if (!withOptimizer) {
        st.rewarmFrom = st.step;  // a compact checkpoint: the learning rate warms up again from here
        log("compact checkpoint (no optimizer state): AdamW starts afresh and the learning rate warms up again "
            "over " +
            std::to_string(m_o.warmupSteps) + " steps");
    }
    m_data = {readInt(resume, "state.data_epoch"), readInt(resume, "state.data_chunk"),
              readInt(resume, "state.data_offset")};
    st.wallSeconds = readDouble(resume, "state.wall_seconds");
    log("resumed from " + m_latest.string() + " at step " + std::to_string(st.step) + " (epoch " +
        std::to_string(m_data.epoch) + ", chunk " + std::to_string(m_data.chunk) + ", offset " +
        std::to_string(m_data.offset) + ")");
}

/// Every rank starts from the leader's weights, whatever each did before.
void HumanRun::joinWeights() {
    for (const auto& p : m_model->parameters()) m_params.push_back(p);
    for (const auto& p : m_params) m_flatSize += p.numel();
    if (!m_group) return;
    torch::NoGradGuard ng;
    for (auto& p : m_params) {
        auto t = p.detach().to(torch::kCPU).contiguous();
        m_group->broadcast(t, 0);
        p.copy_(t);
    }
    m_flat = torch::zeros({m_flatSize + 4}, torch::TensorOptions().device(m_group->bufferDevice()));
}

/// The training stream (from the run's data position), the leader's validation positions and the teacher.
Status HumanRun::openData() {
    SampleStreamOptions so;
    so.files = m_o.pgnFiles;
    so.view = m_config.view;
    so.split = Split::Train;
    so.holdoutPermille = m_o.holdoutPermille;
    so.chunkGames = m_o.chunkGames;
    so.seed = m_o.seed;
    so.bucketBatch = m_o.bucketBySize ? m_o.batchSize : 0;
    so.encodingVersion = m_config.version;
    so.balance = BalanceOptions{m_o.maxRatingBandShare, m_o.maxPlayerShare};
    auto stream = HumanSampleStream::open(so);
    if (!stream.ok()) return stream.error();
    if (!stream.value()->balanceSummary().empty()) log(stream.value()->balanceSummary());
    if (m_leader && m_o.validateEvery > 0 && m_o.validationPositions > 0) {
        SampleStreamOptions vo = so;
        vo.split = Split::Validation;
        vo.balance = {};
        vo.chunkGames = std::max(50, m_o.validationPositions / 20);
        auto vs = HumanSampleStream::open(vo);
        if (!vs.ok()) return vs.error();
        if (auto s = vs.value()->nextChunk(m_validation); !s.ok()) return s;
        if (m_validation.size() > std::size_t(m_o.validationPositions))
            m_validation.resize(std::size_t(m_o.validationPositions));
        log("validation: " + std::to_string(m_validation.size()) + " positions from held-out games (" +
            vs.value()->stats().summary() + ")");
    }
    if (!m_o.teacher.empty()) {
        auto t = Teacher::open(m_o.teacher, m_o.teacherRelabel, m_o.seed);
        if (!t) return t.error();
        m_teacher = std::move(t.value());
        char weight[32];
        std::snprintf(weight, sizeof weight, "%.3g", m_o.teacherWeight);
        log("distillation: " + m_teacher->describe() + "; loss = cross-entropy + " + weight +
            " x KL(teacher || model)");
    }
    if (m_o.ratingContrast > 0.0) {
        char weight[32];
        std::snprintf(weight, sizeof weight, "%.3g", m_o.ratingContrast);
        log(std::string("rating contrast: loss += ") + weight +
            " x -log sigmoid(log p(move | ratings) - log p(move | both ratings " +
            std::to_string(m_o.ratingContrastAway) + " points toward the middle)) where that brings the mover nearer " +
            std::to_string(kRatingMiddle));
    }
    m_producer = std::make_unique<BatchProducer>(
        std::move(stream.value()), m_data, m_o.batchSize, m_o.rank, m_o.worldSize, m_o.condDropout, m_o.seed,
        m_loop->state().step, m_teacher.get(), m_o.ratingContrast > 0.0 ? m_o.ratingContrastAway : 0);
    return {};
}

/// On CUDA (one process) a step reads nothing back: the loss and accuracy sums stay on the device until the next
/// log line and the gradient clip scales without asking for the norm, so the host queues the next step while the
/// device still runs this one.
Result<bool> HumanRun::step(StepWindow& window) {
    PreparedBatch pb = m_producer->pop();
    if (!pb.error.ok()) return pb.error.error();
    ModelBatch& batch = pb.batch;
    batch.to(m_device);
    torch::Tensor logits, loss;
    {
        AutocastScope amp(m_autocast);
        logits = m_model->forward(batch);
        loss = models::moveLoss(logits.to(torch::kFloat32), batch);
        if (m_teacher) loss = loss + m_o.teacherWeight * models::distillationLoss(logits, batch);
        if (pb.shifted.size > 0) {
            pb.shifted.to(m_device);
            const torch::Tensor shiftedLogits = m_model->forward(pb.shifted);
            loss = loss + m_o.ratingContrast *
                              models::ratingContrastLoss(logits, shiftedLogits, batch, pb.differs.to(m_device));
        }
    }
    m_opt->zero_grad();
    loss.backward();
    double lossSum = 0, correct = 0;
    {
        torch::NoGradGuard ng;
        if (m_deferReads) {
            window.addOnDevice(1, logits.argmax(1).eq(batch.target).sum());
            window.addOnDevice(0, loss.detach().to(torch::kFloat64), double(batch.size));
        } else {
            correct = double(logits.argmax(1).eq(batch.target).sum().item<std::int64_t>());
            lossSum = loss.item<double>() * batch.size;
        }
    }
    double count = batch.size;
    bool stopFlag = m_cancel.isCancelled();
    if (m_group) allReduce(lossSum, correct, count, stopFlag);
    clipGradients(m_params, m_o.gradClip, m_deferReads);
    m_opt->step();
    m_data = pb.after;
    window.add(0, lossSum);
    window.add(1, correct);
    window.addWeight(count);
    return stopFlag;
}

/// Averages the gradients over the ranks and sums the counters (the stop flag too, so every rank stops together).
void HumanRun::allReduce(double& lossSum, double& correct, double& count, bool& stopFlag) {
    torch::NoGradGuard ng;
    std::int64_t off = 0;
    for (auto& p : m_params) {
        const auto n = p.numel();
        m_flat.narrow(0, off, n).copy_(p.grad().reshape({-1}));
        off += n;
    }
    const float counters[4] = {float(lossSum), float(correct), float(count), stopFlag ? 1.0f : 0.0f};
    m_flat.narrow(0, m_flatSize, 4).copy_(torch::from_blob(const_cast<float*>(counters), {4}));
    m_group->allreduceSum(m_flat);
    m_flat.narrow(0, 0, m_flatSize).div_(double(m_o.worldSize));
    const torch::Tensor sums = m_flat.narrow(0, m_flatSize, 4).to(torch::kCPU).contiguous();
    const float* tail = sums.data_ptr<float>();
    off = 0;
    for (auto& p : m_params) {
        const auto n = p.numel();
        p.mutable_grad().copy_(m_flat.narrow(0, off, n).view_as(p));
        off += n;
    }
    lossSum = tail[0];
    correct = tail[1];
    count = tail[2];
    stopFlag = tail[3] > 0.0f;
}

void HumanRun::save(const fs::path& p) {
    const LoopState& st = m_loop->state();
    if (auto saved = writeCheckpoint(p, m_model, *m_opt, st.step, m_data, st.wallSeconds, m_o); !saved.ok()) {
        if (m_saveError.ok()) m_saveError = saved;
        log("checkpoint failed: " + saved.error().message);
        return;
    }
    log("checkpoint " + p.string() + " at step " + std::to_string(st.step));
}

/// The leader writes latest.pt and the kept copies; other ranks latest.rankR.pt when asked to. A checkpoint that
/// cannot be written (disk full, folder gone) ends the run: training on without one would lose the work on the next
/// crash.
Status HumanRun::checkpoint(const CheckpointDue& due) {
    const std::int64_t step = m_loop->state().step;
    if (m_leader) {
        if (due.latest) save(m_latest);
        if (due.keep) save(fs::path(m_o.outDir) / ("step-" + std::to_string(step) + ".pt"));
    } else if (m_o.checkpointAllRanks && due.latest) {
        save(fs::path(m_o.outDir) / ("latest.rank" + std::to_string(m_o.rank) + ".pt"));
    }
    return m_saveError;
}

LoopHooks HumanRun::hooks() {
    LoopHooks h;
    h.step = [this](std::int64_t, StepWindow& w) { return step(w); };
    h.progress = [this](TrainProgress& p) {
        p.epoch = m_data.epoch;
        if (m_cb.progress && m_leader) m_cb.progress(p);
    };
    h.validate = [this]() -> Status {
        if (!m_leader || m_validation.empty()) return {};
        MoveMetrics m = evaluatePositions(m_model, m_validation, m_device);
        if (m_cb.validation) m_cb.validation(m_loop->state().step, m);
        return {};
    };
    h.checkpoint = [this](const CheckpointDue& due) { return checkpoint(due); };
    return h;
}

Status HumanRun::run() {
    if (m_o.worldSize < 1 || m_o.batchSize % m_o.worldSize != 0)
        return makeError(ErrorCode::InvalidInput, "batch size " + std::to_string(m_o.batchSize) +
                                                      " must be a multiple of the world size " +
                                                      std::to_string(m_o.worldSize));
    models::setComputeThreads(m_o.threads);
    models::keepFreedMemory();
    m_device = models::deviceFor(m_o.device);
    m_autocast = m_device.is_cuda() && m_o.mixedPrecision;
    log(std::string("device: ") + (m_device.is_cuda() ? "cuda" : "cpu") + (m_autocast ? ", bf16 autocast" : ""));
    if (auto s = openFolderAndGroup(); !s.ok()) return s;
    torch::manual_seed(m_o.seed);
    m_config = m_o.config;
    std::optional<torch::serialize::InputArchive> resume;
    if (m_o.resume && fs::exists(m_latest)) {
        resume.emplace();
        resume->load_from(m_latest.string());
        m_config = models::loadModelConfig(*resume);
        if (auto s = checkResume(*resume); !s.ok()) return s;
    }
    if (auto s = buildModel(resume); !s.ok()) return s;
    const LoopCadence cadence{m_o.logEvery, m_o.validateEvery, m_o.checkpointEvery, m_o.keepEvery, m_o.batchSize, true,
                              false};
    m_loop = std::make_unique<TrainLoop>(m_o, cadence, *m_opt, m_cancel, std::vector<std::string>{"accuracy"});
    if (resume) restoreState(*resume);
    resume.reset();
    joinWeights();
    log("model " + m_config.name + " (" + models::describeConfig(m_config) + "), " +
        std::to_string(models::countParameters(*m_model)) + " parameters, device " + m_device.str() + ", threads " +
        std::to_string(at::get_num_threads()) + ", global batch " + std::to_string(m_o.batchSize) + " over " +
        std::to_string(m_o.worldSize) + " rank(s)");
    if (auto s = openData(); !s.ok()) return s;
    m_model->train();
    m_deferReads = defersStepReads(m_o.stepReads, m_device, bool(m_group));
    auto end = m_loop->run(hooks());
    if (!end.ok()) return end.error();
    if (end.value() == LoopEnd::Cancelled)
        return makeError(ErrorCode::Cancelled, "training stopped at step " + std::to_string(m_loop->state().step));
    return {};
}

/// The run itself; may throw c10::Error / std::exception, which trainHumanModel turns into an Error.
Status runTraining(const TrainOptions& o, const CancelToken& cancel, const TrainCallbacks& cb) {
    return HumanRun(o, cancel, cb).run();
}

}  // namespace

double learningRateAt(const TrainOptions& o, std::int64_t step) { return scheduledLearningRate(o.lrSchedule(), step); }

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
        const int delta = *c.moverElo < kRatingMiddle ? probe.moverEloAway : -probe.moverEloAway;
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

Status ensureValueBaselines(std::optional<ValueBaselines>& baselines, HumanEvaluation& total,
                            const std::vector<std::string>& pgnFiles, int holdoutPermille, const CancelToken& cancel) {
    if (baselines) return Status::success();
    auto fit = fitValueBaselines(pgnFiles, holdoutPermille, cancel);
    if (!fit) return fit.error();
    baselines = std::move(*fit);
    total.eloBaseline = baselines->elo.describe();
    if (baselines->engine) total.engineBaseline = baselines->engine->describe();
    return Status::success();
}

Result<HumanEvaluation> evaluateHumanModelProbes(const std::string& checkpoint,
                                                 const std::vector<std::string>& pgnFiles, bool heldOutOnly,
                                                 int holdoutPermille, std::int64_t maxGames, int threads,
                                                 const std::vector<ConditioningProbe>& probes,
                                                 const CancelToken& cancel, std::int64_t skipGames,
                                                 const std::string& player, const chess::GameSkipHook& onSkip) {
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
        if (value) {
            value->to(device);
            value->eval();
        }
        auto stream = HumanSampleStream::open(evaluationStreamOptions(
            pgnFiles, config.view, config.version, heldOutOnly, holdoutPermille, maxGames, skipGames, player, onSkip));
        if (!stream.ok()) return stream.error();
        HumanEvaluation total;
        total.perProbe.resize(probes.size());
        total.hasValue = bool(value);
        std::optional<ValueBaselines> baselines;
        std::vector<EncodedPosition> chunk;
        for (;;) {
            if (cancel.isCancelled()) return cancelled();
            if (maxGames > 0 && stream.value()->stats().gamesUsed >= skipGames + maxGames) break;
            if (auto s = stream.value()->nextChunk(chunk); !s.ok()) return s.error();
            if (value)  // once the stream has given positions (fitValueBaselines says why)
                if (Status s = ensureValueBaselines(baselines, total, pgnFiles, holdoutPermille, cancel); !s.ok())
                    return s.error().code == ErrorCode::Cancelled ? cancelled() : s.error();
            if (stream.value()->epoch() > 0) break;  // wrapped around: every game was seen once
            if (stream.value()->stats().gamesUsed <= skipGames) continue;
            for (std::size_t i = 0; i < probes.size(); ++i)
                total.perProbe[i].merge(evaluatePositions(model, chunk, device, probes[i],
                                                          i == 0 ? &total.maiaProtocol : nullptr, 512, cancel));
            if (value)
                total.value.merge(evaluateValuePositions(model, value, chunk, baselines->elo, device,
                                                         baselines->engine ? &*baselines->engine : nullptr, cancel));
        }
        return total;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, checkpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, checkpoint + ": " + e.what());
    }
}

}  // namespace kibitz::training
