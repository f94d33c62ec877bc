// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/puzzle_trainer.h"

#include "core/common/run_lock.h"
#include "core/models/archive_file.h"
#include "core/models/glickformer.h"
#include "core/models/human_move_model.h"
#include "core/models/puzzle_batch.h"
#include "core/training/train_loop.h"
#include "core/training/trainer_torch.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <random>

namespace kibitz::training {

using evaluation::isHeldOutPuzzle;
namespace fs = std::filesystem;

namespace {

enum class Split { Train, HeldOut };

/// Streams the puzzles of one split in chunks of `chunkSize`, each chunk shuffled with a seed derived from
/// (seed, epoch, chunk). A chunk never crosses an epoch, so chunk c of any epoch starts at puzzle c * chunkSize
/// of the split: seek() can rebuild the exact stream position for resume.
class PuzzleStream {
public:
    PuzzleStream(std::vector<std::string> files, Split split, int chunkSize, std::uint64_t seed)
        : m_files(std::move(files)), m_split(split), m_chunkSize(chunkSize), m_seed(seed) {}

    std::int64_t epoch() const { return m_epoch; }
    /// Index of the chunk the next nextChunk() returns.
    std::int64_t chunkIndex() const { return m_chunk; }

    /// Positions the stream at chunk `chunk` of epoch `epoch`.
    Status seek(std::int64_t epoch, std::int64_t chunk) {
        m_epoch = epoch;
        m_chunk = 0;
        if (auto st = restart(); !st.ok()) return st;
        chess::Puzzle p;
        for (std::int64_t skip = chunk * m_chunkSize; skip > 0; --skip) {
            auto r = readOne(p);
            if (!r.ok()) return r.error();
            if (!r.value()) break;
        }
        m_chunk = chunk;
        return {};
    }

    /// The next chunk (shuffled); starts a new epoch when the files are exhausted.
    Status nextChunk(std::vector<chess::Puzzle>& out) {
        out.clear();
        if (!m_reader)
            if (auto st = restart(); !st.ok()) return st;
        chess::Puzzle p;
        while (int(out.size()) < m_chunkSize) {
            auto r = readOne(p);
            if (!r.ok()) return r.error();
            if (!r.value()) break;
            out.push_back(p);
        }
        if (out.empty()) {
            if (m_chunk == 0)
                return makeError(ErrorCode::InvalidInput, "no puzzles in the training split of the given files");
            ++m_epoch;
            m_chunk = 0;
            if (auto st = restart(); !st.ok()) return st;
            return nextChunk(out);
        }
        std::mt19937_64 rng(m_seed * 0x9E3779B97F4A7C15ull + std::uint64_t(m_epoch) * 1000003ull +
                            std::uint64_t(m_chunk));
        std::shuffle(out.begin(), out.end(), rng);
        ++m_chunk;
        if (int(out.size()) < m_chunkSize) {
            // Short chunk = end of the epoch; the next call starts the next one.
            m_reader.reset();
            m_fileIndex = m_files.size();
        }
        return {};
    }

    /// Reads the first `n` puzzles of the split (no shuffle), from the start.
    Status readHead(std::size_t n, std::vector<chess::Puzzle>& out) {
        if (auto st = restart(); !st.ok()) return st;
        chess::Puzzle p;
        while (out.size() < n) {
            auto r = readOne(p);
            if (!r.ok()) return r.error();
            if (!r.value()) break;
            out.push_back(p);
        }
        return {};
    }

    /// Calls `f` for every puzzle of the split (one full pass).
    Status forEach(const std::function<void(const chess::Puzzle&)>& f) {
        if (auto st = restart(); !st.ok()) return st;
        chess::Puzzle p;
        for (;;) {
            auto r = readOne(p);
            if (!r.ok()) return r.error();
            if (!r.value()) break;
            f(p);
        }
        m_reader.reset();
        return {};
    }

    std::int64_t skippedRows() const { return m_skipped; }

private:
    Status restart() {
        m_fileIndex = 0;
        m_reader.reset();
        return openCurrent();
    }
    Status openCurrent() {
        if (m_fileIndex >= m_files.size()) return {};
        auto r = chess::PuzzleCsvReader::open(m_files[m_fileIndex]);
        if (!r.ok()) return r.error();
        m_reader = std::move(r.value());
        return {};
    }
    /// Next puzzle of the split; false at the end of the last file.
    Result<bool> readOne(chess::Puzzle& p) {
        while (m_reader) {
            while (m_reader->next(p)) {
                const bool held = isHeldOutPuzzle(p.id);
                if (held == (m_split == Split::HeldOut)) return true;
            }
            if (!m_reader->headerError().empty()) return makeError(ErrorCode::InvalidInput, m_reader->headerError());
            if (!m_reader->input().error().empty()) return makeError(ErrorCode::Io, m_reader->input().error());
            m_skipped += m_reader->skippedCount();
            m_reader.reset();
            ++m_fileIndex;
            if (auto st = openCurrent(); !st.ok()) return st.error();
        }
        return false;
    }

    std::vector<std::string> m_files;
    Split m_split;
    int m_chunkSize;
    std::uint64_t m_seed;
    std::size_t m_fileIndex = 0;
    std::unique_ptr<chess::PuzzleCsvReader> m_reader;
    std::int64_t m_epoch = 0;
    std::int64_t m_chunk = 0;
    std::int64_t m_skipped = 0;
};

/// Where the next batch starts: the chunk in use and its next unused puzzle.
struct DataPosition {
    std::int64_t epoch = 0;
    std::int64_t chunk = 0;   ///< index of the chunk in use
    std::int64_t offset = 0;  ///< next unused puzzle of that chunk
};

Result<models::PuzzleBatch> batchFor(const std::vector<const chess::Puzzle*>& ptrs, const PuzzleTrainOptions& o,
                                     const models::PuzzleModelConfig& config) {
    std::vector<std::vector<float>> features;
    if (config.humanFeatures > 0) {
        if (!o.features)
            return makeError(ErrorCode::InvalidInput, "the config has human features but no feature provider");
        std::vector<chess::Puzzle> copies;
        for (const auto* p : ptrs) copies.push_back(*p);
        if (auto st = o.features(copies, features); !st.ok()) return st.error();
    }
    return models::makePuzzleBatch(ptrs, config, features);
}

/// One puzzle training run: the model's part of the TrainLoop (the step, validation and checkpoint) and its set-up.
class PuzzleRun {
public:
    PuzzleRun(const PuzzleTrainOptions& o, const CancelToken& cancel, const PuzzleTrainCallbacks& cb)
        : m_o(o), m_cancel(cancel), m_cb(cb), m_latest(fs::path(o.outDir) / "latest.pt") {}

    Status run();

private:
    void log(const std::string& s) const {
        if (m_cb.log) m_cb.log(s);
    }
    Status checkOptions() const;
    Status checkResume(torch::serialize::InputArchive& a);
    Status buildModel(std::optional<torch::serialize::InputArchive>& resume);
    Status fitNormalisation();
    Status openData();
    Result<bool> step(std::int64_t step, StepWindow& window);
    void addSums(StepWindow& window, const models::PuzzleOutput& out, const torch::Tensor& loss);
    Status validate();
    Status save(const fs::path& path);
    Status checkpoint(const CheckpointDue& due);
    LoopHooks hooks();

    const PuzzleTrainOptions& m_o;
    const CancelToken& m_cancel;
    const PuzzleTrainCallbacks& m_cb;
    const fs::path m_latest;
    models::PuzzleModelConfig m_config;
    models::PuzzleModelMeta m_meta;
    models::GlickFormer m_model{nullptr};
    torch::Device m_device = torch::kCPU;
    std::vector<torch::Tensor> m_params;
    std::unique_ptr<torch::optim::Optimizer> m_opt;
    std::unique_ptr<TrainLoop> m_loop;
    bool m_fineTune = false;
    bool m_deferReads = false;
    std::unique_ptr<PuzzleStream> m_stream;
    std::vector<chess::Puzzle> m_chunk;
    DataPosition m_data;
    evaluation::MeanBaselines m_baselines;
    std::vector<chess::Puzzle> m_validation;
    std::vector<chess::Puzzle> m_batchPuzzles;
    std::vector<const chess::Puzzle*> m_ptrs;
};

Status PuzzleRun::checkOptions() const {
    if (m_o.csvFiles.empty()) return makeError(ErrorCode::InvalidInput, "no puzzle CSV files given");
    if (m_o.batchSize < 1 || m_o.chunkPuzzles < m_o.batchSize)
        return makeError(ErrorCode::InvalidInput, "batch size must be >= 1 and <= the chunk size");
    return {};
}

/// Exact resume needs the checkpoint's seed, batch and chunk size (and human-move model); reads its meta.
Status PuzzleRun::checkResume(torch::serialize::InputArchive& a) {
    const auto seed = archiveInt(a, "state.seed");
    const auto batch = archiveInt(a, "state.batch");
    const auto chunk = archiveInt(a, "state.chunk_puzzles");
    if (!seed || !batch || !chunk || std::uint64_t(*seed) != m_o.seed || *batch != m_o.batchSize ||
        *chunk != m_o.chunkPuzzles)
        return makeError(ErrorCode::InvalidInput, m_latest.string() +
                                                      ": checkpoint was made with a different seed, batch "
                                                      "size or chunk size; exact resume needs the same");
    if (m_o.config.humanFeatures > 0) {
        const std::string had = archiveString(a, "human.sha256").value_or(std::string());
        if (had != m_o.humanModelSha256)
            return makeError(ErrorCode::InvalidInput,
                             m_latest.string() + ": checkpoint was trained with human-move model sha256 '" +
                                 had.substr(0, 16) + "', not '" + m_o.humanModelSha256.substr(0, 16) +
                                 "'; resume with the same --human-model");
    }
    auto m = models::readPuzzleMeta(a);
    if (!m.ok()) return makeError(ErrorCode::InvalidInput, m_latest.string() + ": " + m.error().message);
    m_meta = m.value();
    return {};
}

/// The model: resumed, fine-tuned from initCheckpoint (keeping its rating normalisation) or fresh.
Status PuzzleRun::buildModel(std::optional<torch::serialize::InputArchive>& resume) {
    m_fineTune = !resume && !m_o.initCheckpoint.empty();
    if (resume) {
        auto m = models::loadGlickFormer(*resume);
        if (!m.ok()) return makeError(ErrorCode::InvalidInput, m_latest.string() + ": " + m.error().message);
        m_model = m.value();
    } else if (m_fineTune) {
        if (!fs::exists(m_o.initCheckpoint))
            return makeError(ErrorCode::InvalidInput, m_o.initCheckpoint + ": no such initial checkpoint");
        torch::serialize::InputArchive init;
        init.load_from(m_o.initCheckpoint);
        auto m = models::loadGlickFormer(init);
        if (!m.ok()) return makeError(ErrorCode::InvalidInput, m_o.initCheckpoint + ": " + m.error().message);
        auto initMeta = models::readPuzzleMeta(init);
        if (!initMeta.ok())
            return makeError(ErrorCode::InvalidInput, m_o.initCheckpoint + ": " + initMeta.error().message);
        m_model = m.value();
        // The head predicts in the initial model's standardised units: keep its normalisation.
        m_meta.ratingMean = initMeta->ratingMean;
        m_meta.ratingStd = initMeta->ratingStd;
        log("fine-tuning: weights, config and rating normalisation from " + m_o.initCheckpoint +
            ", fresh optimizer state");
    } else {
        m_model = models::makeGlickFormer(m_config, m_o.seed);
    }
    m_config = m_model->config();
    m_device = models::deviceFor(m_o.device);
    m_model->to(m_device);
    m_params = m_model->parameters();
    m_opt = makeOptimizer(m_params, m_o.optimizer);
    return {};
}

/// Standardisation and baselines from one pass over the training split (a fresh run only).
Status PuzzleRun::fitNormalisation() {
    evaluation::MeanBaselines base;
    double sum = 0, sumSq = 0;
    std::int64_t n = 0;
    if (auto s = m_stream->forEach([&](const chess::Puzzle& p) {
            base.fit(p.rating, p.solutionLength());
            sum += p.rating;
            sumSq += double(p.rating) * p.rating;
            ++n;
        });
        !s.ok())
        return s;
    if (n < 2) return makeError(ErrorCode::InvalidInput, "fewer than 2 training puzzles in the given files");
    if (!m_fineTune) {
        m_meta.ratingMean = sum / double(n);
        m_meta.ratingStd = std::sqrt(std::max(1.0, sumSq / double(n) - m_meta.ratingMean * m_meta.ratingMean));
    }
    m_meta.baselineMean = base.predictMean();
    for (int len = 1; len <= 32; ++len)
        if (base.predictByLength(len) != base.predictMean() || len <= 8)
            m_meta.baselineByLength[len] = base.predictByLength(len);
    log("training split: " + std::to_string(n) + " puzzles, rating mean " + std::to_string(m_meta.ratingMean) +
        ", std " + std::to_string(m_meta.ratingStd) + " (" + std::to_string(m_stream->skippedRows()) +
        " bad rows skipped)");
    return {};
}

/// The held-out puzzles and the training stream at the run's data position.
Status PuzzleRun::openData() {
    m_baselines.set(m_meta.baselineMean, m_meta.baselineByLength);
    if (m_o.validateEvery > 0 && m_o.validationPuzzles > 0) {
        PuzzleStream vs(m_o.csvFiles, Split::HeldOut, m_o.chunkPuzzles, m_o.seed);
        if (auto s = vs.readHead(std::size_t(m_o.validationPuzzles), m_validation); !s.ok()) return s;
        log("validation: " + std::to_string(m_validation.size()) + " held-out puzzles (FNV-1a(PuzzleId) % 20 == 0)");
    }
    if (auto s = m_stream->seek(m_data.epoch, m_data.chunk); !s.ok()) return s;
    if (auto s = m_stream->nextChunk(m_chunk); !s.ok()) return s;
    m_data.epoch = m_stream->epoch();
    m_data.chunk = m_stream->chunkIndex() - 1;
    m_data.offset = std::min<std::int64_t>(m_data.offset, std::int64_t(m_chunk.size()));
    return {};
}

Result<bool> PuzzleRun::step(std::int64_t step, StepWindow& window) {
    // Copies, because a batch may cross a chunk boundary and nextChunk() refills the chunk.
    m_batchPuzzles.clear();
    while (int(m_batchPuzzles.size()) < m_o.batchSize) {
        if (m_data.offset >= std::int64_t(m_chunk.size())) {
            if (auto s = m_stream->nextChunk(m_chunk); !s.ok()) return s.error();
            m_data = {m_stream->epoch(), m_stream->chunkIndex() - 1, 0};
        }
        m_batchPuzzles.push_back(m_chunk[std::size_t(m_data.offset++)]);
    }
    m_ptrs.clear();
    for (const auto& p : m_batchPuzzles) m_ptrs.push_back(&p);
    auto batch = batchFor(m_ptrs, m_o, m_config);
    if (!batch.ok()) return batch.error();
    batch.value().to(m_device);

    // Targets: N(mu, phi^2) clipped to mu +- 3 phi, in standardised units; the generator depends only on
    // (seed, step), so a resumed run draws the same targets.
    auto target = torch::empty({m_o.batchSize}, torch::kFloat32);
    float* tp = target.data_ptr<float>();
    std::mt19937_64 rng(m_o.seed * 0xD1B54A32D192ED03ull + std::uint64_t(step));
    std::normal_distribution<double> normal(0.0, 1.0);
    const double mean = m_meta.ratingMean, stdev = m_meta.ratingStd;
    for (int i = 0; i < m_o.batchSize; ++i) {
        const auto& p = *m_ptrs[std::size_t(i)];
        const double mu = (p.rating - mean) / stdev, phi = p.ratingDeviation / stdev;
        const double z = m_o.sampleTargets ? std::clamp(normal(rng), -3.0, 3.0) : 0.0;
        tp[i] = float(mu + phi * z);
    }
    auto out = m_model->forward(batch.value());
    auto loss = models::puzzleLoss(out, target.to(m_device), m_o.nllWeight);
    m_opt->zero_grad();
    loss.backward();
    clipGradients(m_params, m_o.gradClip, m_deferReads);
    m_opt->step();
    addSums(window, out, loss);
    return false;
}

/// The step's loss (slot 0) and absolute rating error (slot 1) into the window, summed over the batch.
void PuzzleRun::addSums(StepWindow& window, const models::PuzzleOutput& out, const torch::Tensor& loss) {
    torch::NoGradGuard ng;
    const double mean = m_meta.ratingMean, stdev = m_meta.ratingStd;
    if (m_deferReads) {
        auto ratings = torch::empty({m_o.batchSize}, torch::kFloat64);
        double* rp = ratings.data_ptr<double>();
        for (int i = 0; i < m_o.batchSize; ++i) rp[i] = m_ptrs[std::size_t(i)]->rating;
        const auto predicted = out.mean.detach().to(torch::kFloat64) * stdev + mean;
        window.addOnDevice(1, (ratings.to(m_device) - predicted).abs().sum());
        window.addOnDevice(0, loss.detach().to(torch::kFloat64), double(m_o.batchSize));
    } else {
        window.add(0, loss.item<double>() * m_o.batchSize);
        auto m = out.mean.detach().to(torch::kCPU).contiguous();
        const float* mp = m.data_ptr<float>();
        for (int i = 0; i < m_o.batchSize; ++i)
            window.add(1, std::abs(m_ptrs[std::size_t(i)]->rating - (mean + stdev * mp[i])));
    }
    window.addWeight(double(m_o.batchSize));
}

Status PuzzleRun::validate() {
    if (m_validation.empty()) return {};
    torch::InferenceMode guard;
    m_model->eval();
    PuzzleValidation v;
    v.step = m_loop->state().step;
    const double mean = m_meta.ratingMean, stdev = m_meta.ratingStd;
    for (std::size_t i = 0; i < m_validation.size(); i += 256) {
        std::vector<const chess::Puzzle*> ptrs;
        for (std::size_t j = i; j < std::min(m_validation.size(), i + 256); ++j) ptrs.push_back(&m_validation[j]);
        auto b = batchFor(ptrs, m_o, m_config);
        if (!b.ok()) return b.error();
        b.value().to(m_device);
        auto out = m_model->forward(b.value());
        auto m = out.mean.to(torch::kCPU).contiguous();
        const float* mp = m.data_ptr<float>();
        for (std::size_t j = 0; j < ptrs.size(); ++j) {
            const auto& p = *ptrs[j];
            const int len = p.solutionLength();
            v.model.add(p.rating, p.ratingDeviation, mean + stdev * double(mp[j]), len);
            v.predictMean.add(p.rating, p.ratingDeviation, m_baselines.predictMean(), len);
            v.meanByLength.add(p.rating, p.ratingDeviation, m_baselines.predictByLength(len), len);
        }
    }
    m_model->train();
    if (m_cb.validation) m_cb.validation(v);
    return {};
}

Status PuzzleRun::save(const fs::path& path) {
    const LoopState& st = m_loop->state();
    m_meta.steps = st.step;
    m_meta.samples = st.step * m_o.batchSize;
    m_meta.wallSeconds = st.wallSeconds;
    return writeFileAtomically(path.string(), [&](const std::string& tmp) -> Status {
        torch::serialize::OutputArchive a;
        models::saveGlickFormer(m_model, a);
        models::writePuzzleMeta(a, m_meta);
        torch::serialize::OutputArchive optArchive;
        m_opt->save(optArchive);
        a.write("optimizer", optArchive);
        a.write("state.step", c10::IValue(st.step));
        a.write("state.epoch", c10::IValue(m_data.epoch));
        a.write("state.chunk", c10::IValue(m_data.chunk));
        a.write("state.offset", c10::IValue(m_data.offset));
        a.write("state.wall_seconds", c10::IValue(st.wallSeconds));
        a.write("state.seed", c10::IValue(std::int64_t(m_o.seed)));
        a.write("state.batch", c10::IValue(std::int64_t(m_o.batchSize)));
        a.write("state.chunk_puzzles", c10::IValue(std::int64_t(m_o.chunkPuzzles)));
        a.write("state.total_steps", c10::IValue(m_o.totalSteps));
        a.write("state.optimizer", c10::IValue(optimizerKindName(m_o.optimizer.kind)));
        if (m_config.humanFeatures > 0) {
            a.write("human.sha256", c10::IValue(m_o.humanModelSha256));
            a.write("human.name", c10::IValue(m_o.humanModelName));
        }
        return models::saveArchiveFile(a, tmp);
    });
}

/// latest.pt when due, and a kept copy when one is due at the same step (the puzzle trainer's rule).
Status PuzzleRun::checkpoint(const CheckpointDue& due) {
    if (!due.latest) return {};
    if (auto s = save(m_latest); !s.ok()) return s;
    if (due.keep) return save(fs::path(m_o.outDir) / ("step-" + std::to_string(m_loop->state().step) + ".pt"));
    return {};
}

LoopHooks PuzzleRun::hooks() {
    LoopHooks h;
    h.step = [this](std::int64_t s, StepWindow& w) { return step(s, w); };
    h.progress = [this](TrainProgress& p) {
        p.epoch = m_data.epoch;
        if (m_cb.progress) m_cb.progress(p);
    };
    h.validate = [this] { return validate(); };
    h.checkpoint = [this](const CheckpointDue& due) { return checkpoint(due); };
    return h;
}

Status PuzzleRun::run() {
    if (auto s = checkOptions(); !s.ok()) return s;
    at::set_num_threads(std::max(1, m_o.threads));
    auto runLock = openRunFolder(m_o.outDir, true);  // one trainer per run folder (latest.pt.tmp)
    if (!runLock.ok()) return runLock.error();
    m_config = m_o.config;
    if (auto s = validatePuzzleConfig(m_config); !s.ok()) return s;
    std::optional<torch::serialize::InputArchive> resume;
    if (m_o.resume && fs::exists(m_latest)) {
        resume.emplace();
        resume->load_from(m_latest.string());
        if (auto s = checkResume(*resume); !s.ok()) return s;
    }
    if (auto s = buildModel(resume); !s.ok()) return s;
    LoopCadence cadence{m_o.logEvery, m_o.validateEvery, m_o.checkpointEvery, m_o.keepEvery, m_o.batchSize};
    m_loop = std::make_unique<TrainLoop>(m_o, cadence, *m_opt, m_cancel, std::vector<std::string>{"train_mae"});
    if (resume) {
        if (!loadOptimizerState(*resume, *m_opt, m_device))
            return makeError(ErrorCode::InvalidInput, m_latest.string() + ": the checkpoint has no optimizer state");
        m_loop->state() = {archiveInt(*resume, "state.step").value_or(0),
                           archiveDouble(*resume, "state.wall_seconds").value_or(0.0)};
        m_data = {archiveInt(*resume, "state.epoch").value_or(0), archiveInt(*resume, "state.chunk").value_or(0),
                  archiveInt(*resume, "state.offset").value_or(0)};
        log("resumed from " + m_latest.string() + " at step " + std::to_string(m_loop->state().step) + " (epoch " +
            std::to_string(m_data.epoch) + ", chunk " + std::to_string(m_data.chunk) + ", offset " +
            std::to_string(m_data.offset) + ")");
    }
    log("puzzle model " + models::puzzleConfigToString(m_config) + ", " + std::to_string(m_model->parameterCount()) +
        " parameters, optimizer " + optimizerKindName(m_o.optimizer.kind) + ", batch " + std::to_string(m_o.batchSize) +
        ", threads " + std::to_string(at::get_num_threads()) + ", device " + m_device.str());
    m_stream = std::make_unique<PuzzleStream>(m_o.csvFiles, Split::Train, m_o.chunkPuzzles, m_o.seed);
    if (m_loop->state().step == 0)
        if (auto s = fitNormalisation(); !s.ok()) return s;
    resume.reset();
    if (auto s = openData(); !s.ok()) return s;
    m_model->train();
    m_deferReads = defersStepReads(m_o.stepReads, m_device);  // the sums stay on the device until a log line
    auto end = m_loop->run(hooks());
    if (!end.ok()) return end.error();
    const std::string at = std::to_string(m_loop->state().step);
    if (end.value() == LoopEnd::Cancelled) {
        if (auto s = save(m_latest); !s.ok()) return s;
        log("checkpoint " + m_latest.string() + " at step " + at);
        return makeError(ErrorCode::Cancelled, "stopped at step " + at);
    }
    log("finished at step " + at + ", checkpoint " + m_latest.string());
    return {};
}

Status runTraining(const PuzzleTrainOptions& o, const CancelToken& cancel, const PuzzleTrainCallbacks& cb) {
    return PuzzleRun(o, cancel, cb).run();
}

}  // namespace

Status trainPuzzleModel(const PuzzleTrainOptions& options, const CancelToken& cancel,
                        const PuzzleTrainCallbacks& callbacks) {
    try {
        return runTraining(options, cancel, callbacks);
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, std::string("puzzle training: ") + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("puzzle training: ") + e.what());
    }
}

}  // namespace kibitz::training
