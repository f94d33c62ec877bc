// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/puzzle_predictor.h"

#include "core/common/atomic_file.h"
#include "core/encoding/puzzle_encoder.h"
#include "core/models/archive_file.h"
#include "core/models/glickformer.h"
#include "core/models/puzzle_batch.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace kibitz::models {

struct PuzzlePredictor::Impl {
    PuzzleModelConfig config;
    PuzzleModelMeta meta;
    GlickFormer model{nullptr};
    PuzzleFeatureSource featureSource;
    PuzzleFeatureSource engineSource;
};

namespace {
// Checkpoint keys of the human-model identity (written by the puzzle trainer).
std::string archiveString(torch::serialize::InputArchive& a, const std::string& key) {
    c10::IValue v;
    if (!a.try_read(key, v) || !v.isString()) return {};
    return v.toStringRef();
}
}  // namespace

PuzzlePredictor::PuzzlePredictor() : m_impl(std::make_unique<Impl>()) {}
PuzzlePredictor::~PuzzlePredictor() = default;

Result<std::unique_ptr<PuzzlePredictor>> PuzzlePredictor::loadCheckpoint(const std::string& path) {
    try {
        torch::serialize::InputArchive a;
        a.load_from(path);
        auto model = loadGlickFormer(a);
        if (!model.ok()) return makeError(model.error().code, path + ": " + model.error().message);
        auto meta = readPuzzleMeta(a);
        if (!meta.ok()) return makeError(meta.error().code, path + ": " + meta.error().message);
        std::unique_ptr<PuzzlePredictor> p(new PuzzlePredictor());
        p->m_impl->model = model.value();
        p->m_impl->config = p->m_impl->model->config();
        p->m_impl->meta = meta.value();
        p->m_impl->meta.humanModelSha256 = archiveString(a, "human.sha256");
        p->m_impl->meta.humanModelName = archiveString(a, "human.name");
        for (const auto& [key, target] : {std::pair{"engine_head", &p->m_impl->meta.engineHead},
                                          std::pair{"engine_head_fallback", &p->m_impl->meta.engineHeadFallback}})
            if (const std::string head = archiveString(a, key); !head.empty()) {
                auto h = EngineRatingHead::fromText(head);
                if (!h.ok()) return makeError(ErrorCode::InvalidInput, path + ": " + key + ": " + h.error().message);
                *target = h.value();
            }
        p->m_impl->model->eval();
        return p;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput,
                         path + ": cannot read puzzle checkpoint: " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::InvalidInput, path + ": cannot read puzzle checkpoint: " + e.what());
    }
}

std::map<std::string, std::vector<std::int64_t>> PuzzlePredictor::expectedShapes(const PuzzleModelConfig& config) {
    GlickFormer m(config);
    std::map<std::string, std::vector<std::int64_t>> out;
    for (const auto& p : m->named_parameters()) out[p.key()] = p.value().sizes().vec();
    return out;
}

Result<std::unique_ptr<PuzzlePredictor>> PuzzlePredictor::fromWeights(const PuzzleModelConfig& config,
                                                                      const PuzzleModelMeta& meta,
                                                                      const std::vector<NamedArray>& weights) {
    if (auto st = validatePuzzleConfig(config); !st.ok()) return st.error();
    std::unique_ptr<PuzzlePredictor> p(new PuzzlePredictor());
    p->m_impl->config = config;
    p->m_impl->meta = meta;
    p->m_impl->model = GlickFormer(config);
    auto params = p->m_impl->model->named_parameters();
    std::map<std::string, const NamedArray*> byName;
    for (const auto& w : weights) byName[w.name] = &w;
    if (byName.size() != params.size())
        return makeError(ErrorCode::InvalidInput, "puzzle weights: expected " + std::to_string(params.size()) +
                                                      " tensors, got " + std::to_string(byName.size()));
    torch::NoGradGuard ng;
    for (auto& item : params) {
        auto it = byName.find(item.key());
        if (it == byName.end())
            return makeError(ErrorCode::InvalidInput, "puzzle weights: missing tensor '" + item.key() + "'");
        const NamedArray& w = *it->second;
        if (w.shape != item.value().sizes().vec() || std::int64_t(w.values.size()) != item.value().numel())
            return makeError(ErrorCode::InvalidInput,
                             "puzzle weights: tensor '" + item.key() + "' has the wrong shape");
        item.value().copy_(
            torch::from_blob(const_cast<float*>(w.values.data()), item.value().sizes(), torch::kFloat32));
    }
    p->m_impl->model->eval();
    return p;
}

std::unique_ptr<PuzzlePredictor> PuzzlePredictor::fromConfig(const PuzzleModelConfig& config, std::uint64_t seed) {
    std::unique_ptr<PuzzlePredictor> p(new PuzzlePredictor());
    p->m_impl->config = config;
    p->m_impl->model = makeGlickFormer(config, seed);
    p->m_impl->model->eval();
    return p;
}

std::vector<NamedArray> PuzzlePredictor::exportWeights() const {
    std::vector<NamedArray> out;
    for (const auto& item : m_impl->model->named_parameters()) {
        auto t = item.value().detach().to(torch::kCPU).to(torch::kFloat32).contiguous();
        NamedArray a;
        a.name = item.key();
        a.shape = t.sizes().vec();
        a.values.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
        out.push_back(std::move(a));
    }
    return out;
}

Status PuzzlePredictor::saveCheckpoint(const std::string& path) const {
    return writeFileAtomically(path, [&](const std::string& tmp) -> Status {
        try {
            torch::serialize::OutputArchive archive;
            GlickFormer model = m_impl->model;
            saveGlickFormer(model, archive);
            writePuzzleMeta(archive, m_impl->meta);
            if (!m_impl->meta.humanModelSha256.empty()) {
                archive.write("human.sha256", c10::IValue(m_impl->meta.humanModelSha256));
                archive.write("human.name", c10::IValue(m_impl->meta.humanModelName));
            }
            if (!m_impl->meta.engineHead.empty())
                archive.write("engine_head", c10::IValue(m_impl->meta.engineHead.toText()));
            if (!m_impl->meta.engineHeadFallback.empty())
                archive.write("engine_head_fallback", c10::IValue(m_impl->meta.engineHeadFallback.toText()));
            return saveArchiveFile(archive, tmp);
        } catch (const c10::Error& e) {
            return makeError(ErrorCode::Io, path + ": cannot write the checkpoint: " + e.what_without_backtrace());
        }
        return {};
    });
}

Result<std::vector<PuzzlePrediction>> PuzzlePredictor::predict(std::span<const chess::Puzzle> puzzles,
                                                               const std::vector<std::vector<float>>* features,
                                                               int batchSize) {
    const auto& c = m_impl->config;
    const EngineRatingHead& head = m_impl->meta.engineHead;
    // The engine stage runs when it has its engine features, and its human ones when it takes any.
    const bool stage = !head.empty() && m_impl->engineSource;
    std::vector<std::vector<float>> computed;
    if ((c.humanFeatures > 0 || (stage && head.needsHuman())) && !features && m_impl->featureSource) {
        if (auto st = m_impl->featureSource(puzzles, computed); !st.ok()) return st.error();
        features = &computed;
    }
    if (c.humanFeatures > 0 && (!features || features->size() != puzzles.size()))
        return makeError(ErrorCode::InvalidInput,
                         "this puzzle model needs human solve-probability features (no human-move model attached)");
    std::vector<PuzzlePrediction> out;
    out.reserve(puzzles.size());
    try {
        torch::InferenceMode guard;
        const std::size_t step = std::size_t(std::max(1, batchSize));
        for (std::size_t start = 0; start < puzzles.size(); start += step) {
            const std::size_t end = std::min(puzzles.size(), start + step);
            std::vector<const chess::Puzzle*> ptrs;
            for (std::size_t i = start; i < end; ++i) ptrs.push_back(&puzzles[i]);
            auto batch =
                makePuzzleBatch(ptrs, c,
                                features && c.humanFeatures > 0
                                    ? std::span<const std::vector<float>>(*features).subspan(start, end - start)
                                    : std::span<const std::vector<float>>());
            if (!batch.ok()) return batch.error();
            auto o = m_impl->model->forward(batch.value());
            auto mean = o.mean.to(torch::kCPU).contiguous();
            auto lv = o.logVar.to(torch::kCPU).contiguous();
            for (std::int64_t i = 0; i < mean.size(0); ++i) {
                PuzzlePrediction p;
                p.rating = m_impl->meta.ratingMean + m_impl->meta.ratingStd * double(mean[i].item<float>());
                p.sigma = m_impl->meta.ratingStd * std::exp(0.5 * std::clamp(double(lv[i].item<float>()), -10.0, 10.0));
                p.boardRating = p.rating;
                p.boardSigma = p.sigma;
                out.push_back(p);
            }
        }
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::Runtime, std::string("puzzle model: ") + e.what_without_backtrace());
    }
    // A stage reads its human features only when every puzzle has all of them (a stage with a Maia part needs the
    // nets' values after the model's own): features passed for the GlickFormer alone are too short, and then the
    // feature source gives the stage its own.
    auto complete = [&](const std::vector<std::vector<float>>* f) {
        return f && f->size() == puzzles.size() && std::all_of(f->begin(), f->end(), [&head](const auto& v) {
                   return v.size() >= humanStageInputCount(head.human);
               });
    };
    std::vector<std::vector<float>> stageComputed;
    const std::vector<std::vector<float>>* stageFeatures = features;
    if (stage && head.needsHuman() && !complete(features) && features != &computed && m_impl->featureSource) {
        if (auto st = m_impl->featureSource(puzzles, stageComputed); !st.ok()) return st.error();
        stageFeatures = &stageComputed;
    }
    const bool stageHuman = head.needsHuman() && complete(stageFeatures);
    if (stage && (!head.needsHuman() || stageHuman)) {
        std::vector<std::vector<float>> engine;
        if (auto st = m_impl->engineSource(puzzles, engine); !st.ok()) return st.error();
        if (engine.size() != puzzles.size())
            return makeError(ErrorCode::Runtime, "engine features: got " + std::to_string(engine.size()) +
                                                     " puzzles, expected " + std::to_string(puzzles.size()));
        for (std::size_t i = 0; i < out.size(); ++i) {
            if (int(engine[i].size()) != head.featureCount)
                return makeError(ErrorCode::Runtime, "engine features of puzzle " + puzzles[i].id + ": " +
                                                         std::to_string(engine[i].size()) +
                                                         " values, the model's "
                                                         "engine stage takes " +
                                                         std::to_string(head.featureCount));
            out[i].rating =
                head.rating(out[i].boardRating, engine[i],
                            stageHuman ? std::span<const float>((*stageFeatures)[i]) : std::span<const float>());
            out[i].sigma = head.sigma(out[i].boardSigma);
            out[i].engineUsed = true;
        }
    }
    return out;
}

void PuzzlePredictor::setFeatureSource(PuzzleFeatureSource source) { m_impl->featureSource = std::move(source); }
bool PuzzlePredictor::hasFeatureSource() const { return bool(m_impl->featureSource); }
void PuzzlePredictor::setEngineFeatureSource(PuzzleFeatureSource source) { m_impl->engineSource = std::move(source); }
bool PuzzlePredictor::hasEngineFeatureSource() const { return bool(m_impl->engineSource); }
void PuzzlePredictor::setEngineHead(const EngineRatingHead& head) { m_impl->meta.engineHead = head; }
void PuzzlePredictor::setEngineHeadFallback(const EngineRatingHead& head) { m_impl->meta.engineHeadFallback = head; }
void PuzzlePredictor::setHumanModel(const std::string& sha256, const std::string& name) {
    m_impl->meta.humanModelSha256 = sha256;
    m_impl->meta.humanModelName = name;
}

const PuzzleModelConfig& PuzzlePredictor::config() const { return m_impl->config; }
const PuzzleModelMeta& PuzzlePredictor::meta() const { return m_impl->meta; }
long long PuzzlePredictor::parameters() const { return m_impl->model->parameterCount(); }

}  // namespace kibitz::models
