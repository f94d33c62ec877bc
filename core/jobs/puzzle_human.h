// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Human solve-probability features for the puzzle-rating model: the human-move model (identified by the sha256
// of its file) run through an on-disk feature cache, plugged into a PuzzlePredictor or a trainer.
//
// Policy: a puzzle model with human features records the sha256 and file name of the human model it was trained
// with. Loading it with another human model is refused (its rating head learnt that model's probabilities; a
// different model shifts the features and silently degrades the ratings) unless allowMismatch is set, which only
// warns.

#include "core/common/result.h"
#include "core/evaluation/solve_probability.h"
#include "core/models/puzzle_predictor.h"

#include <QString>

#include <functional>
#include <memory>
#include <string>

namespace kibitz::storage {
struct Bundle;
}

namespace kibitz::jobs {

class HumanFeatures;

/// Which human-move model and cache to use for solve features.
struct HumanFeatureOptions {
    /// An already opened human model + cache to share (then humanModel, cachePath and useCache are ignored).
    std::shared_ptr<HumanFeatures> shared;
    bool attach = true;          ///< loadPuzzleModel: false loads without a feature source (attach it later)
    QString humanModel;          ///< .kibitz bundle or .pt checkpoint; empty: the default human model
    std::string cachePath;       ///< feature cache file; empty: defaultSolveFeatureCachePath(sha256)
    bool useCache = true;        ///< false: always run the human model
    bool allowMismatch = false;  ///< load a puzzle model trained with another human model (with a warning)
    std::function<void(const std::string&)> warn;  ///< warnings (mismatch, unknown human model); may be empty
    std::int64_t saveEvery = 0;                    ///< HumanFeatures::setSaveEvery of what open() returns
    /// HumanFeatures::open: compute the Maia layout (evaluation::maiaSolveFeatures) with humanModel being the
    /// folder of the nine Maia-1 nets (empty: defaultMaiaFolder()); the cache defaults to
    /// defaultMaiaFeatureCachePath.
    bool maiaLayout = false;
    /// attachHumanFeatures, for an engine stage with a Maia part: the folder of the nine Maia-1 nets (empty:
    /// defaultMaiaFolder()) and its feature cache (empty: the default).
    QString maiaFolder;
    std::string maiaCachePath;
    std::function<void(std::int64_t done, std::int64_t missing)>
        progress;  ///< (done, to compute) after each computed part; may be empty
};

/// A human-move model file identified by content.
struct HumanModelIdentity {
    QString path;
    std::string sha256;  ///< hex of the file's bytes
    std::string name;    ///< file name
    /// Kibitz bundles: hex sha256 of the move model's tensors alone (names, shapes, types and bytes, in name order;
    /// not the value or think-time heads), so a bundle that gains or changes a head keeps the puzzle models fitted
    /// on its move probabilities. Empty for other files (checkpoints, lc0 nets).
    std::string movesSha256;
    /// What a puzzle model records as its human-move model, and what keys the solve-feature cache: the moves' hash
    /// where there is one, else the file's.
    const std::string& pin() const { return movesSha256.empty() ? sha256 : movesSha256; }
    /// True when `pinned` (a puzzle model's record) names this model: its moves' hash, or, for records written
    /// before that hash existed, the file's.
    bool matches(const std::string& pinned) const {
        return pinned == sha256 || (!movesSha256.empty() && pinned == movesSha256);
    }
};

/// Resolves `path` (empty: default human model) and hashes the file (and a bundle's move tensors). A folder of lc0
/// nets is hashed as the sha256 of its `*.pb.gz` files' names and sha256s, in name order. Errors name the file.
Result<HumanModelIdentity> humanModelIdentity(const QString& path);
/// The hash of a human-move bundle's move tensors (HumanModelIdentity::movesSha256).
std::string movesSha256(const storage::Bundle& bundle);

/// solve-features-<first 16 hex of sha256>.bin in Kibitz's cache folder (jobs::cacheDirectory()).
std::string defaultSolveFeatureCachePath(const std::string& sha256);

/// The folder of the nine Maia-1 nets (maia-1100.pb.gz ... maia-1900.pb.gz; CSSLab/maia-chess, GPL-3.0) that the
/// puzzle stage's Maia features come from: $KIBITZ_MAIA_DIR, else a `maia-1` folder beside the installed default
/// models, else empty (stages with Maia features are then left off, with a warning).
QString defaultMaiaFolder();
/// maia-features-<first 16 hex of sha256>.bin in Kibitz's cache folder (jobs::cacheDirectory()).
std::string defaultMaiaFeatureCachePath(const std::string& sha256);

/// A loaded human model with its cache. Thread-compatible (one caller at a time). Saves the cache when destroyed
/// (errors then go to the warn callback).
class HumanFeatures {
public:
    ~HumanFeatures();
    /// Loads the human model and opens the cache (a corrupt cache is an error naming the file).
    static Result<std::shared_ptr<HumanFeatures>> open(const HumanFeatureOptions& options);

    /// Features of the puzzles with values at least at the rating levels `elos` (evaluation::CachedSolveFeatures):
    /// cached ones are read, the others computed and cached.
    Status features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out,
                    std::span<const int> elos = evaluation::kSolveEloLevels);
    /// A source for PuzzlePredictor::setFeatureSource / PuzzleTrainOptions::features that keeps this alive and
    /// asks for the levels `elos` (an engine stage reads only a few: models::humanStageElos).
    static models::PuzzleFeatureSource sourceOf(const std::shared_ptr<HumanFeatures>& self,
                                                std::span<const int> elos = evaluation::kSolveEloLevels);
    /// Writes the cache if it changed.
    Status saveCache();
    /// Also save the cache after every n newly computed puzzles (0: only on saveCache / destruction).
    void setSaveEvery(std::int64_t n);

    const HumanModelIdentity& identity() const;
    std::string cachePath() const;  ///< empty without cache
    std::size_t cachedPuzzles() const;
    std::int64_t computedPuzzles() const;  ///< puzzles run through the human model by this object
    std::int64_t cacheHits() const;
    double computeSeconds() const;  ///< wall time of those runs

private:
    HumanFeatures();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Makes `predictor` compute its own human features when its config has them or its engine stage takes them (no-op
/// otherwise): checks the human model against the one recorded in the model (see the policy above), then sets the
/// feature source. For a stage-only need a missing or different human model is not an error: it warns and leaves
/// the source unset, so the model rates from the boards (allowMismatch attaches the other model anyway).
Status attachHumanFeatures(models::PuzzlePredictor& predictor, const HumanFeatureOptions& options);

}  // namespace kibitz::jobs
