// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/puzzle_trainer.h"

#include "core/common/run_lock.h"
#include "core/models/archive_file.h"
#include "core/models/glickformer.h"
#include "core/models/human_move_model.h"
#include "core/models/puzzle_batch.h"
#include "core/training/trainer_torch.h"

#include <algorithm>
#include <chrono>
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

struct RunState {
    std::int64_t step = 0;
    std::int64_t epoch = 0;
    std::int64_t chunk = 0;   ///< index of the chunk in use
    std::int64_t offset = 0;  ///< next unused puzzle of that chunk
    double wallSeconds = 0.0;
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

Status runTraining(const PuzzleTrainOptions& o, const CancelToken& cancel, const PuzzleTrainCallbacks& cb) {
    auto log = [&](const std::string& s) {
        if (cb.log) cb.log(s);
    };
    if (o.csvFiles.empty()) return makeError(ErrorCode::InvalidInput, "no puzzle CSV files given");
    if (o.batchSize < 1 || o.chunkPuzzles < o.batchSize)
        return makeError(ErrorCode::InvalidInput, "batch size must be >= 1 and <= the chunk size");
    at::set_num_threads(std::max(1, o.threads));
    std::error_code ec;
    fs::create_directories(o.outDir, ec);
    if (ec) return makeError(ErrorCode::Io, o.outDir + ": cannot create directory: " + ec.message());
    const fs::path latest = fs::path(o.outDir) / "latest.pt";
    // One trainer per run folder: a second one would collide on latest.pt.tmp.
    auto runLock = RunLock::acquire(o.outDir);
    if (!runLock.ok()) return runLock.error();

    models::PuzzleModelConfig config = o.config;
    if (auto st = validatePuzzleConfig(config); !st.ok()) return st;
    models::PuzzleModelMeta meta;
    RunState st;
    std::optional<torch::serialize::InputArchive> resumeArchive;
    if (o.resume && fs::exists(latest)) {
        resumeArchive.emplace();
        resumeArchive->load_from(latest.string());
        const auto seed = archiveInt(*resumeArchive, "state.seed");
        const auto batch = archiveInt(*resumeArchive, "state.batch");
        const auto chunk = archiveInt(*resumeArchive, "state.chunk_puzzles");
        if (!seed || !batch || !chunk || std::uint64_t(*seed) != o.seed || *batch != o.batchSize ||
            *chunk != o.chunkPuzzles)
            return makeError(ErrorCode::InvalidInput, latest.string() +
                                                          ": checkpoint was made with a different seed, batch "
                                                          "size or chunk size; exact resume needs the same");
        if (o.config.humanFeatures > 0) {
            c10::IValue sha;
            const std::string had =
                resumeArchive->try_read("human.sha256", sha) && sha.isString() ? sha.toStringRef() : std::string();
            if (had != o.humanModelSha256)
                return makeError(ErrorCode::InvalidInput,
                                 latest.string() + ": checkpoint was trained with human-move model sha256 '" +
                                     had.substr(0, 16) + "', not '" + o.humanModelSha256.substr(0, 16) +
                                     "'; resume with the same --human-model");
        }
        auto m = models::readPuzzleMeta(*resumeArchive);
        if (!m.ok()) return makeError(ErrorCode::InvalidInput, latest.string() + ": " + m.error().message);
        meta = m.value();
    }
    models::GlickFormer model{nullptr};
    const bool fineTune = !resumeArchive && !o.initCheckpoint.empty();
    if (resumeArchive) {
        auto m = models::loadGlickFormer(*resumeArchive);
        if (!m.ok()) return makeError(ErrorCode::InvalidInput, latest.string() + ": " + m.error().message);
        model = m.value();
        config = model->config();
    } else if (fineTune) {
        if (!fs::exists(o.initCheckpoint))
            return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": no such initial checkpoint");
        torch::serialize::InputArchive init;
        init.load_from(o.initCheckpoint);
        auto m = models::loadGlickFormer(init);
        if (!m.ok()) return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": " + m.error().message);
        auto initMeta = models::readPuzzleMeta(init);
        if (!initMeta.ok())
            return makeError(ErrorCode::InvalidInput, o.initCheckpoint + ": " + initMeta.error().message);
        model = m.value();
        config = model->config();
        // The head predicts in the initial model's standardised units: keep its normalisation.
        meta.ratingMean = initMeta->ratingMean;
        meta.ratingStd = initMeta->ratingStd;
        log("fine-tuning: weights, config and rating normalisation from " + o.initCheckpoint +
            ", fresh optimizer state");
    } else {
        model = models::makeGlickFormer(config, o.seed);
    }
    const torch::Device device = models::deviceFor(o.device);
    model->to(device);
    std::vector<torch::Tensor> params = model->parameters();
    auto opt = makeOptimizer(params, o.optimizer);
    if (resumeArchive) {
        torch::serialize::InputArchive optArchive;
        resumeArchive->read("optimizer", optArchive);
        opt->load(optArchive);
        moveOptimizerState(*opt, device);
        st.step = archiveInt(*resumeArchive, "state.step").value_or(0);
        st.epoch = archiveInt(*resumeArchive, "state.epoch").value_or(0);
        st.chunk = archiveInt(*resumeArchive, "state.chunk").value_or(0);
        st.offset = archiveInt(*resumeArchive, "state.offset").value_or(0);
        st.wallSeconds = archiveDouble(*resumeArchive, "state.wall_seconds").value_or(0.0);
        resumeArchive.reset();
        log("resumed from " + latest.string() + " at step " + std::to_string(st.step) + " (epoch " +
            std::to_string(st.epoch) + ", chunk " + std::to_string(st.chunk) + ", offset " + std::to_string(st.offset) +
            ")");
    }
    log("puzzle model " + models::puzzleConfigToString(config) + ", " + std::to_string(model->parameterCount()) +
        " parameters, optimizer " + optimizerKindName(o.optimizer.kind) + ", batch " + std::to_string(o.batchSize) +
        ", threads " + std::to_string(at::get_num_threads()) + ", device " + device.str());

    PuzzleStream stream(o.csvFiles, Split::Train, o.chunkPuzzles, o.seed);
    if (!resumeArchive && st.step == 0) {
        // Standardisation and baselines from one pass over the training split.
        evaluation::MeanBaselines base;
        double sum = 0, sumSq = 0;
        std::int64_t n = 0;
        if (auto s = stream.forEach([&](const chess::Puzzle& p) {
                base.fit(p.rating, p.solutionLength());
                sum += p.rating;
                sumSq += double(p.rating) * p.rating;
                ++n;
            });
            !s.ok())
            return s;
        if (n < 2) return makeError(ErrorCode::InvalidInput, "fewer than 2 training puzzles in the given files");
        if (!fineTune) {
            meta.ratingMean = sum / double(n);
            meta.ratingStd = std::sqrt(std::max(1.0, sumSq / double(n) - meta.ratingMean * meta.ratingMean));
        }
        meta.baselineMean = base.predictMean();
        for (int len = 1; len <= 32; ++len)
            if (base.predictByLength(len) != base.predictMean() || len <= 8)
                meta.baselineByLength[len] = base.predictByLength(len);
        log("training split: " + std::to_string(n) + " puzzles, rating mean " + std::to_string(meta.ratingMean) +
            ", std " + std::to_string(meta.ratingStd) + " (" + std::to_string(stream.skippedRows()) +
            " bad rows skipped)");
    }
    evaluation::MeanBaselines baselines;
    baselines.set(meta.baselineMean, meta.baselineByLength);

    std::vector<chess::Puzzle> validation;
    if (o.validateEvery > 0 && o.validationPuzzles > 0) {
        PuzzleStream vs(o.csvFiles, Split::HeldOut, o.chunkPuzzles, o.seed);
        if (auto s = vs.readHead(std::size_t(o.validationPuzzles), validation); !s.ok()) return s;
        log("validation: " + std::to_string(validation.size()) + " held-out puzzles (FNV-1a(PuzzleId) % 20 == 0)");
    }

    std::vector<chess::Puzzle> chunk;
    if (auto s = stream.seek(st.epoch, st.chunk); !s.ok()) return s;
    if (auto s = stream.nextChunk(chunk); !s.ok()) return s;
    st.epoch = stream.epoch();
    st.chunk = stream.chunkIndex() - 1;
    st.offset = std::min<std::int64_t>(st.offset, std::int64_t(chunk.size()));

    const double mean = meta.ratingMean, stdev = meta.ratingStd;
    auto save = [&](const fs::path& path) -> Status {
        meta.steps = st.step;
        meta.samples = st.step * o.batchSize;
        meta.wallSeconds = st.wallSeconds;
        return writeFileAtomically(path.string(), [&](const std::string& tmp) -> Status {
            torch::serialize::OutputArchive a;
            models::saveGlickFormer(model, a);
            models::writePuzzleMeta(a, meta);
            torch::serialize::OutputArchive optArchive;
            opt->save(optArchive);
            a.write("optimizer", optArchive);
            a.write("state.step", c10::IValue(st.step));
            a.write("state.epoch", c10::IValue(st.epoch));
            a.write("state.chunk", c10::IValue(st.chunk));
            a.write("state.offset", c10::IValue(st.offset));
            a.write("state.wall_seconds", c10::IValue(st.wallSeconds));
            a.write("state.seed", c10::IValue(std::int64_t(o.seed)));
            a.write("state.batch", c10::IValue(std::int64_t(o.batchSize)));
            a.write("state.chunk_puzzles", c10::IValue(std::int64_t(o.chunkPuzzles)));
            a.write("state.total_steps", c10::IValue(o.totalSteps));
            a.write("state.optimizer", c10::IValue(optimizerKindName(o.optimizer.kind)));
            if (config.humanFeatures > 0) {
                a.write("human.sha256", c10::IValue(o.humanModelSha256));
                a.write("human.name", c10::IValue(o.humanModelName));
            }
            return models::saveArchiveFile(a, tmp);
        });
    };
    auto validate = [&]() -> Status {
        if (validation.empty()) return {};
        torch::InferenceMode guard;
        model->eval();
        PuzzleValidation v;
        v.step = st.step;
        for (std::size_t i = 0; i < validation.size(); i += 256) {
            std::vector<const chess::Puzzle*> ptrs;
            for (std::size_t j = i; j < std::min(validation.size(), i + 256); ++j) ptrs.push_back(&validation[j]);
            auto b = batchFor(ptrs, o, config);
            if (!b.ok()) return b.error();
            b.value().to(device);
            auto out = model->forward(b.value());
            auto m = out.mean.to(torch::kCPU).contiguous();
            const float* mp = m.data_ptr<float>();
            for (std::size_t j = 0; j < ptrs.size(); ++j) {
                const auto& p = *ptrs[j];
                const int len = p.solutionLength();
                v.model.add(p.rating, p.ratingDeviation, mean + stdev * double(mp[j]), len);
                v.predictMean.add(p.rating, p.ratingDeviation, baselines.predictMean(), len);
                v.meanByLength.add(p.rating, p.ratingDeviation, baselines.predictByLength(len), len);
            }
        }
        model->train();
        if (cb.validation) cb.validation(v);
        return {};
    };

    const LrSchedule schedule{o.learningRate, o.warmupSteps, o.totalSteps, o.minLrFraction};
    const std::int64_t endStep = o.stopAfterSteps > 0 ? std::min(o.stopAfterSteps, o.totalSteps) : o.totalSteps;
    model->train();
    ThroughputMeter meter;
    double winLoss = 0, winAbs = 0;
    std::int64_t winCount = 0, winSteps = 0;
    // On CUDA a step reads nothing back until the next log line (see StepReads): the sums stay on the device.
    const bool deferReads =
        o.stepReads == StepReads::AtLogLines || (o.stepReads == StepReads::Auto && device.is_cuda());
    torch::Tensor winLossDev, winAbsDev;
    if (deferReads) {
        winLossDev = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat64).device(device));
        winAbsDev = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat64).device(device));
    }
    auto lastWall = std::chrono::steady_clock::now();
    bool cancelled = false;
    std::vector<const chess::Puzzle*> ptrs;
    std::vector<chess::Puzzle> batchPuzzles;
    while (st.step < endStep) {
        if (cancel.isCancelled()) {
            cancelled = true;
            break;
        }
        // Copies, because a batch may cross a chunk boundary and nextChunk() refills `chunk`.
        batchPuzzles.clear();
        while (int(batchPuzzles.size()) < o.batchSize) {
            if (st.offset >= std::int64_t(chunk.size())) {
                if (auto s = stream.nextChunk(chunk); !s.ok()) return s;
                st.epoch = stream.epoch();
                st.chunk = stream.chunkIndex() - 1;
                st.offset = 0;
            }
            batchPuzzles.push_back(chunk[std::size_t(st.offset++)]);
        }
        ptrs.clear();
        for (const auto& p : batchPuzzles) ptrs.push_back(&p);
        auto batch = batchFor(ptrs, o, config);
        if (!batch.ok()) return batch.error();
        batch.value().to(device);

        // Targets: N(mu, phi^2) clipped to mu +- 3 phi, in standardised units; the generator depends only on
        // (seed, step), so a resumed run draws the same targets.
        auto target = torch::empty({o.batchSize}, torch::kFloat32);
        float* tp = target.data_ptr<float>();
        std::mt19937_64 rng(o.seed * 0xD1B54A32D192ED03ull + std::uint64_t(st.step));
        std::normal_distribution<double> normal(0.0, 1.0);
        for (int i = 0; i < o.batchSize; ++i) {
            const auto& p = *ptrs[std::size_t(i)];
            const double mu = (p.rating - mean) / stdev, phi = p.ratingDeviation / stdev;
            const double z = o.sampleTargets ? std::clamp(normal(rng), -3.0, 3.0) : 0.0;
            tp[i] = float(mu + phi * z);
        }
        const double lr = scheduledLearningRate(schedule, st.step);
        setLearningRate(*opt, lr);
        auto out = model->forward(batch.value());
        auto loss = models::puzzleLoss(out, target.to(device), o.nllWeight);
        opt->zero_grad();
        loss.backward();
        if (deferReads)
            clipGradNormWithoutSync(params, o.gradClip);
        else
            torch::nn::utils::clip_grad_norm_(params, o.gradClip);
        opt->step();
        {
            torch::NoGradGuard ng;
            if (deferReads) {
                auto ratings = torch::empty({o.batchSize}, torch::kFloat64);
                double* rp = ratings.data_ptr<double>();
                for (int i = 0; i < o.batchSize; ++i) rp[i] = ptrs[std::size_t(i)]->rating;
                const auto predicted = out.mean.detach().to(torch::kFloat64) * stdev + mean;
                winAbsDev.add_((ratings.to(device) - predicted).abs().sum());
                winLossDev.add_(loss.detach().to(torch::kFloat64), double(o.batchSize));
            } else {
                winLoss += loss.item<double>() * o.batchSize;
                auto m = out.mean.detach().to(torch::kCPU).contiguous();
                const float* mp = m.data_ptr<float>();
                for (int i = 0; i < o.batchSize; ++i)
                    winAbs += std::abs(ptrs[std::size_t(i)]->rating - (mean + stdev * mp[i]));
            }
        }
        winCount += o.batchSize;
        ++winSteps;
        meter.addStep(o.batchSize);
        ++st.step;
        const auto now = std::chrono::steady_clock::now();
        st.wallSeconds += std::chrono::duration<double>(now - lastWall).count();
        lastWall = now;

        if (st.step % o.logEvery == 0 || st.step == endStep) {
            if (deferReads) {
                winLoss += winLossDev.item<double>();
                winAbs += winAbsDev.item<double>();
                winLossDev.zero_();
                winAbsDev.zero_();
            }
            RunProgress pr;
            pr.step = st.step;
            pr.totalSteps = o.totalSteps;
            pr.samplesSeen = st.step * o.batchSize;
            pr.epoch = st.epoch;
            pr.loss = winLoss / double(std::max<std::int64_t>(1, winCount));
            pr.learningRate = lr;
            pr.wallSeconds = st.wallSeconds;
            pr.metrics = {{"train_mae", winAbs / double(std::max<std::int64_t>(1, winCount))}};
            meter.report(pr, endStep - st.step, o.batchSize);
            if (cb.progress) cb.progress(pr);
            winLoss = winAbs = 0;
            winCount = winSteps = 0;
        }
        if (st.step % o.checkpointEvery == 0 || st.step == endStep) {
            if (auto s = save(latest); !s.ok()) return s;
            if (o.keepEvery > 0 && st.step % o.keepEvery == 0)
                if (auto s = save(fs::path(o.outDir) / ("step-" + std::to_string(st.step) + ".pt")); !s.ok()) return s;
        }
        if (o.validateEvery > 0 && (st.step % o.validateEvery == 0 || st.step == endStep))
            if (auto s = validate(); !s.ok()) return s;
    }
    if (cancelled) {
        if (auto s = save(latest); !s.ok()) return s;
        log("checkpoint " + latest.string() + " at step " + std::to_string(st.step));
        return makeError(ErrorCode::Cancelled, "stopped at step " + std::to_string(st.step));
    }
    log("finished at step " + std::to_string(st.step) + ", checkpoint " + latest.string());
    return {};
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
