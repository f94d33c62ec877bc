// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Engine features for the puzzle model's engine stage: Stockfish (or the configured UCI engine) searches
// every solver position (evaluation::analysePuzzleWithEngine) at the depth the stage was fitted at, through an
// on-disk cache keyed by the engine's name, depth and line count, and plugged into a PuzzlePredictor.
//
// Policy: a model with an engine stage rates with it when an engine is found. When none is found (no Stockfish
// installed, no engine configured) the model falls back to the GlickFormer's own rating, with a warning, and every
// prediction says so (PuzzlePrediction::engineUsed); an engine that was named explicitly but cannot be run is an
// error. Features of another engine version or depth are another cache, so a newer Stockfish never reads stale
// features.

#include "core/common/result.h"
#include "core/models/puzzle_predictor.h"

#include <QString>

#include <functional>
#include <memory>
#include <string>

namespace kibitz::jobs {

/// Which engine and cache give the engine features.
struct EngineFeatureOptions {
    bool attach = true;  ///< loadPuzzleModel: attach to a model with an engine stage (false: leave it off)
    QString engine;      ///< engine executable; empty: Stockfish found as locateStockfish finds it
    /// With an empty `engine`: a path to try first as locateStockfish does (the app's engine setting); unlike
    /// `engine`, an engine not found there is a warning (the model rates without its stage), not an error.
    QString configuredEngine;
    std::string cachePath;  ///< feature cache file; empty: defaultEngineFeatureCachePath(key)
    bool useCache = true;   ///< false: always search
    int jobs = 1;           ///< engines searching in parallel (one thread each) when a batch needs features
    std::function<void(const std::string&)> warn;  ///< warnings (no engine found, cache not saved); may be empty
};

/// engine-features-<16 hex of FNV-1a(key)>.bin in Kibitz's cache folder (jobs::cacheDirectory()).
std::string defaultEngineFeatureCachePath(const std::string& key);

/// A running engine (or `jobs` of them) with its cache. One caller at a time; the searches of one call run in
/// parallel. Saves the cache when destroyed (errors go to the warn callback). Stops the engines when destroyed.
class EngineFeatures {
public:
    ~EngineFeatures();
    /// Locates and starts the engine, reads its name (the cache key) and opens the cache. Errors: InvalidInput
    /// when the engine is not found or not executable (naming it), the engine's own error when it fails to answer,
    /// InvalidInput for a corrupt cache (naming the file) or a head whose feature set or count this program does
    /// not compute.
    static Result<std::shared_ptr<EngineFeatures>> open(const models::EngineRatingHead& head,
                                                        const EngineFeatureOptions& options);

    /// Engine features of the puzzles, in order: cached ones are read, the others searched and cached. The error
    /// of a puzzle that cannot be searched names it.
    Status features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out);
    /// A source for PuzzlePredictor::setEngineFeatureSource that keeps this alive.
    static models::PuzzleFeatureSource sourceOf(const std::shared_ptr<EngineFeatures>& self);
    /// Writes the cache if it changed.
    Status saveCache();

    const std::string& key() const;  ///< "engine=<name> (depth D) lines=L features=v2"
    std::string cachePath() const;   ///< empty without cache
    std::size_t cachedPuzzles() const;
    std::int64_t searchedPuzzles() const;  ///< puzzles this object searched
    std::int64_t cacheHits() const;
    double searchSeconds() const;  ///< wall time of those searches

private:
    EngineFeatures();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Makes `predictor` apply its engine stage (no-op for a model without one): opens EngineFeatures and sets the
/// predictor's engine feature source. When no engine is found and none was named, warns and leaves the model on
/// the GlickFormer's rating (returns ok); any other failure is returned.
Status attachEngineFeatures(models::PuzzlePredictor& predictor, const EngineFeatureOptions& options);

}  // namespace kibitz::jobs
