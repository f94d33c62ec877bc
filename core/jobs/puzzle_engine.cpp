// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/puzzle_engine.h"

#include "core/common/cancel_token.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/puzzle_engine_features.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/evaluation/solve_feature_cache.h"
#include "core/jobs/cache_directory.h"
#include "core/jobs/puzzle_human.h"

#include <QDir>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>

namespace kibitz::jobs {

struct EngineFeatures::Impl {
    evaluation::UciAnalyserOptions analyserOptions;
    std::vector<std::unique_ptr<evaluation::UciAnalyser>> analysers;  ///< created as the batches need them
    int jobs = 1;
    int lines = evaluation::kEngineFeatureLines;
    std::string key;
    std::optional<evaluation::SolveFeatureCache> cache;
    std::function<void(const std::string&)> warn;
    std::int64_t searched = 0, hits = 0, sinceSave = 0;
    double seconds = 0.0;
    CancelToken cancel;  ///< set when this object is destroyed mid-search (never otherwise)
};

std::string defaultEngineFeatureCachePath(const std::string& key) {
    const QString dir = cacheDirectory();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(evaluation::fnv1a64(key)));
    return QDir(dir).filePath(QStringLiteral("engine-features-%1.bin").arg(QString::fromLatin1(hex))).toStdString();
}

EngineFeatures::EngineFeatures() : m_impl(std::make_unique<Impl>()) {}

EngineFeatures::~EngineFeatures() {
    m_impl->cancel.cancel();
    if (auto st = saveCache(); !st.ok() && m_impl->warn) m_impl->warn(st.error().message);
}

Result<std::shared_ptr<EngineFeatures>> EngineFeatures::open(const models::EngineRatingHead& head,
                                                             const EngineFeatureOptions& options) {
    if (head.empty()) return makeError(ErrorCode::InvalidInput, "the model has no engine stage");
    if (head.featureCount != evaluation::kEngineFeatureCount)
        return makeError(ErrorCode::InvalidInput, "the model's engine stage takes " +
                                                      std::to_string(head.featureCount) +
                                                      " features, this program "
                                                      "computes " +
                                                      std::to_string(evaluation::kEngineFeatureCount));
    auto program = engines::locateStockfish(options.engine.isEmpty() ? options.configuredEngine : options.engine);
    if (!program.ok()) return makeError(ErrorCode::InvalidInput, program.error().message);
    std::shared_ptr<EngineFeatures> e(new EngineFeatures());
    Impl& d = *e->m_impl;
    d.analyserOptions = evaluation::engineFeatureAnalyserOptions(program.value(), head.depth);
    d.jobs = std::max(1, options.jobs);
    d.lines = head.lines;
    d.warn = options.warn;
    d.analysers.push_back(std::make_unique<evaluation::UciAnalyser>(d.analyserOptions));
    auto key = evaluation::engineFeatureKey(*d.analysers.front(), d.cancel, head.lines);
    if (!key.ok()) return key.error();
    d.key = key.value();
    const std::string wanted = " features=" + head.features;
    if (!d.key.ends_with(wanted))
        return makeError(ErrorCode::InvalidInput, "the model's engine stage takes features '" + head.features +
                                                      "', this program computes " + d.key);
    if (options.useCache) {
        const std::string path = options.cachePath.empty() ? defaultEngineFeatureCachePath(d.key) : options.cachePath;
        auto c = evaluation::SolveFeatureCache::open(path, d.key, evaluation::kEngineFeatureCount);
        if (!c.ok()) return c.error();
        d.cache.emplace(std::move(c.value()));
    }
    return e;
}

Status EngineFeatures::features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out) {
    Impl& d = *m_impl;
    out.assign(puzzles.size(), {});
    std::vector<std::size_t> missing;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (d.cache)
            if (const auto* f = d.cache->find(puzzles[i])) {
                out[i] = *f;
                ++d.hits;
                continue;
            }
        missing.push_back(i);
    }
    if (missing.empty()) return {};
    const std::size_t workers = std::min<std::size_t>(std::size_t(d.jobs), missing.size());
    while (d.analysers.size() < workers)
        d.analysers.push_back(std::make_unique<evaluation::UciAnalyser>(d.analyserOptions));
    const auto start = std::chrono::steady_clock::now();
    std::atomic<std::size_t> next{0};
    std::mutex mutex;  // guards `failure`
    std::optional<Error> failure;
    CancelToken stop = d.cancel;
    CancelToken local;  // stops the other workers after a failure
    auto work = [&](evaluation::UciAnalyser& analyser) {
        for (std::size_t j = next++; j < missing.size() && !local.isCancelled(); j = next++) {
            const chess::Puzzle& p = puzzles[missing[j]];
            auto facts = evaluation::analysePuzzleWithEngine(analyser, p, local, d.lines);
            if (stop.isCancelled()) local.cancel();
            if (!facts.ok()) {
                std::lock_guard lock(mutex);
                if (!failure && facts.error().code != ErrorCode::Cancelled)
                    failure = makeError(facts.error().code, "engine features of puzzle " +
                                                                (p.id.empty() ? std::string("?") : p.id) + ": " +
                                                                facts.error().message);
                local.cancel();
                return;
            }
            out[missing[j]] = evaluation::engineFeatures(facts.value());
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t w = 1; w < workers; ++w) threads.emplace_back(work, std::ref(*d.analysers[w]));
    work(*d.analysers.front());
    for (auto& t : threads) t.join();
    d.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (failure) return *failure;
    if (stop.isCancelled()) return makeError(ErrorCode::Cancelled, "engine features cancelled");
    d.searched += std::int64_t(missing.size());
    if (d.cache) {
        for (const std::size_t i : missing) d.cache->insert(puzzles[i], out[i]);
        d.sinceSave += std::int64_t(missing.size());
        if (d.sinceSave >= 100) {
            d.sinceSave = 0;
            if (auto st = d.cache->save(); !st.ok() && d.warn) d.warn(st.error().message);
        }
    }
    return {};
}

models::PuzzleFeatureSource EngineFeatures::sourceOf(const std::shared_ptr<EngineFeatures>& self) {
    return [self](std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out) {
        return self->features(puzzles, out);
    };
}

Status EngineFeatures::saveCache() {
    if (!m_impl->cache || !m_impl->cache->dirty()) return {};
    return m_impl->cache->save();
}

const std::string& EngineFeatures::key() const { return m_impl->key; }
std::string EngineFeatures::cachePath() const { return m_impl->cache ? m_impl->cache->path() : std::string(); }
std::size_t EngineFeatures::cachedPuzzles() const { return m_impl->cache ? m_impl->cache->size() : 0; }
std::int64_t EngineFeatures::searchedPuzzles() const { return m_impl->searched; }
std::int64_t EngineFeatures::cacheHits() const { return m_impl->hits; }
double EngineFeatures::searchSeconds() const { return m_impl->seconds; }

Status attachEngineFeatures(models::PuzzlePredictor& predictor, const EngineFeatureOptions& options) {
    const models::EngineRatingHead& head = predictor.meta().engineHead;
    if (head.empty()) return {};
    if (options.engine.isEmpty()) {
        auto program = engines::locateStockfish(options.configuredEngine);
        if (!program.ok()) {
            if (options.warn)
                options.warn(program.error().message +
                             ": puzzles are rated without the model's engine stage, from the boards alone");
            return {};
        }
    }
    auto e = EngineFeatures::open(head, options);
    if (!e.ok()) return e.error();
    predictor.setEngineFeatureSource(EngineFeatures::sourceOf(e.value()));
    return {};
}

}  // namespace kibitz::jobs
