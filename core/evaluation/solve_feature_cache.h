// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// On-disk cache of human solve-probability features (solveFeatures(), one vector per puzzle), keyed by the puzzle
// (its PuzzleId and a hash of its position and line) and the identity of the model that computed them (the human
// model's sha256, or the engine's name, depth and lines for engine features). Training reruns, eval and rate read
// the cache instead of running the human model again. Plain C++.

#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/solve_probability.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace kibitz::evaluation {

/// Feature vectors by PuzzleId for one human model. The file (binary, versioned, checksummed) is read whole by
/// open() and rewritten whole, atomically (temp file + rename), by save().
class SolveFeatureCache {
public:
    /// Opens `path` for the model `modelKey` (e.g. its sha256 in hex). A missing file gives an empty cache; a
    /// corrupt file, or one made for another model or feature count, is InvalidInput naming the file.
    static Result<SolveFeatureCache> open(const std::string& path, const std::string& modelKey, int featureCount);
    /// The features stored under `key`, or nullptr.
    const std::vector<float>* find(const std::string& key) const;
    /// Adds (or replaces) the features under `key`; they must have featureCount() values.
    void insert(const std::string& key, std::vector<float> features);
    /// The same by puzzle, under puzzleCacheKey(): two puzzles with one id but another position or line (custom
    /// puzzles all called "cli", a user's file reusing ids) never read each other's features.
    const std::vector<float>* find(const chess::Puzzle& puzzle) const { return find(puzzleCacheKey(puzzle)); }
    void insert(const chess::Puzzle& puzzle, std::vector<float> features) {
        insert(puzzleCacheKey(puzzle), std::move(features));
    }
    /// "<PuzzleId>#<16 hex of FNV-1a of the FEN and the UCI line>".
    static std::string puzzleCacheKey(const chess::Puzzle& puzzle);
    /// Writes the file when something was inserted since the last open/save (atomically; errors name the file).
    /// Entries another process saved meanwhile are merged in first (a corrupt file on disk is replaced).
    Status save();

    std::size_t size() const { return m_entries.size(); }
    bool dirty() const { return m_dirty; }
    const std::string& path() const { return m_path; }
    const std::string& modelKey() const { return m_modelKey; }
    int featureCount() const { return m_featureCount; }

private:
    std::string m_path;
    std::string m_modelKey;
    int m_featureCount = 0;
    bool m_dirty = false;
    std::unordered_map<std::string, std::vector<float>> m_entries;
};

/// Fills the places of `into` that are NaN (not computed: e.g. solve-feature levels nobody asked for) from `from`,
/// where it has them; the vectors have one layout (extra places of either are ignored).
void fillMissingValues(std::vector<float>& into, std::span<const float> from);

/// Features for puzzles from a cache, computing (and caching) only the missing ones with `evaluator`.
/// Counts what it computed, so callers can report the feature cost.
class CachedSolveFeatures {
public:
    /// `cache` may be null (no caching). Neither pointer is owned; both must outlive this object.
    CachedSolveFeatures(encoding::Evaluator* evaluator, SolveFeatureCache* cache, int maxBatch = 512)
        : m_evaluator(evaluator), m_cache(cache), m_maxBatch(maxBatch) {}

    /// One feature vector per puzzle, in order, with values at least for the levels `elos` (a subset of
    /// kSolveEloLevels; the other levels are NaN unless the cache had them). A cached entry without all of `elos`
    /// is computed again at `elos` and merged with what it had. With `saveEvery` > 0 the missing puzzles are
    /// computed in parts of that many and the cache is saved after each part, so a run that is killed or fails
    /// keeps the parts it finished (0: one part, never saved; call cache->save() yourself).
    Status features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out,
                    std::span<const int> elos = kSolveEloLevels);

    void setSaveEvery(std::int64_t n) { m_saveEvery = n; }
    /// Computes and checks the Maia layout instead (maiaSolveFeatures, kMaiaFeatureCount values; `elos` is then
    /// ignored): the evaluator is the folder of the nine Maia-1 nets.
    void setMaiaLayout(bool maia) { m_maia = maia; }
    /// Called after each computed part (see setSaveEvery) with the puzzles computed so far in this call and how
    /// many it had to compute; never called when the cache held them all.
    void setProgress(std::function<void(std::int64_t done, std::int64_t missing)> progress) {
        m_progress = std::move(progress);
    }
    std::int64_t computed() const { return m_computed; }        ///< puzzles run through the human model
    std::int64_t cacheHits() const { return m_hits; }           ///< puzzles answered by the cache
    double computeSeconds() const { return m_computeSeconds; }  ///< wall time spent in the human model

private:
    encoding::Evaluator* m_evaluator;
    SolveFeatureCache* m_cache;
    int m_maxBatch;
    bool m_maia = false;
    std::int64_t m_saveEvery = 0;
    std::int64_t m_sinceSave = 0;
    std::int64_t m_computed = 0;
    std::int64_t m_hits = 0;
    double m_computeSeconds = 0.0;
    std::function<void(std::int64_t, std::int64_t)> m_progress;
};

}  // namespace kibitz::evaluation
