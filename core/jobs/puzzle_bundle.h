// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Glue between model bundles (core/storage, Qt) and the puzzle-rating model (core/models, torch behind a
// torch-free header): load a .kibitz bundle or a trainer checkpoint, export a checkpoint as a bundle.

#include "core/common/result.h"
#include "core/jobs/puzzle_engine.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/puzzle_predictor.h"

#include <memory>
#include <string>

namespace kibitz::storage {
struct Bundle;
}

namespace kibitz::jobs {

/// Everything loading a puzzle-rating bundle checks beyond storage::readBundle (config, encoding version, the
/// config's size against the stored weights, every tensor's shape), without loading the weights into a model: what
/// loadPuzzleModel and `bundle info` both run. Returns the model's config; errors name the file and the field.
Result<models::PuzzleModelConfig> checkPuzzleBundle(const storage::Bundle& bundle, const std::string& path);

/// Loads a puzzle-rating model from a `.kibitz` bundle (kind "puzzle-rating", validated: manifest, checksums,
/// tensor names and shapes) or from a trainer checkpoint (any other file). Errors name the file. A model with
/// human features gets its feature source attached (attachHumanFeatures with `human`: by default the default
/// human-move model, which must be the one the model was trained with, and the default feature cache). A model with
/// an engine stage gets its engine features attached (attachEngineFeatures with `engine`: by default Stockfish as
/// locateStockfish finds it; without one the model rates from the boards alone, with a warning).
Result<std::unique_ptr<models::PuzzlePredictor>> loadPuzzleModel(const std::string& path,
                                                                 const HumanFeatureOptions& human = {},
                                                                 const EngineFeatureOptions& engine = {});

/// Writes the model of `checkpoint` as a bundle at `bundlePath` (atomically), with `metricsJson` (a JSON object
/// text, may be empty) in the manifest and a generated model card. `trainingJson` (a JSON object text, may be empty)
/// adds a training history to the manifest's training section and the card: what the checkpoint's own counters
/// cannot say, such as the run a fine-tune started from. Its keys must not be those the bundle writes itself
/// (steps, samples, rating_mean, ...): the error names the key.
Status exportPuzzleBundle(const std::string& checkpoint, const std::string& bundlePath, const std::string& metricsJson,
                          const std::string& trainingJson = {});

/// Writes `model` (weights, meta and engine stage) as a bundle at `bundlePath` (atomically), as exportPuzzleBundle.
Status writePuzzleBundle(const models::PuzzlePredictor& model, const std::string& bundlePath,
                         const std::string& metricsJson, const std::string& trainingJson = {});

/// The shipped default model: puzzle-default.kibitz in $KIBITZ_MODELS_DIR when it is there, else
/// storage::findDefaultModel (compiled in, else <prefix>/share/kibitz/models relative to the program, else a
/// checkout's resources/models above a build tree). Empty when not found.
std::string defaultPuzzleModelPath();

}  // namespace kibitz::jobs
