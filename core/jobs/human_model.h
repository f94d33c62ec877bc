// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/blend_evaluator.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/player_book.h"
#include "core/jobs/analysis_worker.h"
#include "core/models/model_config.h"

#include <QJsonObject>
#include <QString>

#include <memory>
#include <optional>
#include <string>

namespace kibitz::storage {
struct Bundle;
}

namespace kibitz::jobs {

/// Where the default human-move model is found: $KIBITZ_HUMAN_MODEL, else storage::findDefaultModel (the bundle
/// compiled into the program, else <prefix>/share/kibitz/models relative to the program, else a checkout's
/// resources/models above a build tree). Returns an empty string when none exists.
QString defaultHumanModelPath();

/// What follows the '@' of a blend (`PRIMARY+FOLDER@...`, `bundle blend NETS@...`), parsed: see parseBlendSuffix.
struct BlendSuffix {
    encoding::BlendSchedule schedule;
    int netsKernel = 100;
};

/// A human-move model as a user names it (`--model`, the app's settings, UCI's ModelFile), read once into a value
/// that says what to load (parseModelSpec) and loaded by what it is (loadHumanEvaluator):
/// - empty: the default model (defaultHumanModelPath);
/// - a folder: rating-band lc0 nets (maia-1100.pb.gz ... maia-1900.pb.gz: the mover's rating picks and mixes them);
/// - an lc0 network file (`.pb.gz`, such as a Maia-1 net); a trainer checkpoint (`.pt`); else a `.kibitz` bundle;
/// - `PRIMARY+FOLDER[@WEIGHT[,FADE[,KERNEL]]]`, read so only when no file of that name exists: a blend
///   (encoding::BlendEvaluator) of the primary model (any of the above; empty: the default model) with a folder of
///   rating-band lc0 nets (the nine Maia-1 nets) whose moves get WEIGHT (default 0.5) over their bands' centres,
///   fading to nothing over FADE points beyond (default 300), the folder's nets mixed by a band kernel of KERNEL
///   points (default 100, the two nearest nets: models::Lc0BandEvaluator::setBandKernel).
struct ModelSpec {
    enum class Kind { Bundle, Checkpoint, Lc0Net, NetFolder };
    Kind kind = Kind::Bundle;
    QString path;        ///< the model's file or folder (a blend: its primary's); the default model's when none named
    QString nets;        ///< a blend: the folder of rating-band nets; empty when the spec names no blend
    BlendSuffix suffix;  ///< a blend: its weight, fade and kernel
    bool isBlend() const { return !nets.isEmpty(); }
};
/// Parses a model as a user names it. Fails (InvalidInput) naming the text and the part that is wrong: a blend whose
/// folder is not a folder, a bad weight, fade or kernel, no model named when no default model is installed.
Result<ModelSpec> parseModelSpec(const QString& text);

/// What follows the '@' of a blend (`PRIMARY+FOLDER@...`, `bundle blend NETS@...`): WEIGHT[,FADE[,KERNEL]], the
/// weight 0 to 1, the fade 0 to 4000 points and the band kernel 100 to models::kMaxBandKernel points, the defaults
/// of BlendSchedule and 100 where absent. Fails (InvalidInput) naming the part that is wrong.
Result<BlendSuffix> parseBlendSuffix(const QString& suffix);

/// How a human-move bundle asks to be run (manifest config "blend", written by `bundle blend`): its moves blended
/// with a folder of rating-band lc0 nets of this name (the nine Maia-1 nets: "maia-1"), found by findModelNets.
struct BundleBlend {
    QString nets;  ///< a folder name, no path
    encoding::BlendSchedule schedule;
    int netsKernel = 100;  ///< the band kernel the folder's nets are mixed by ("kernel"; absent: 100)
    /// A model of a player: the bundle (a file name, found like the default models or beside this bundle) its
    /// network was fine-tuned from, and the sha256 of that bundle's weights ("reference", "reference_sha256"). The
    /// blend is then made relative to it (BlendEvaluator::setReference); without that exact bundle the model answers
    /// unblended.
    QString reference;
    QString referenceSha256;
};
/// The "blend" entry of a bundle's config, if any. Errors name the bundle and the field (a path instead of a
/// folder name, a weight outside 0-1, a fade outside 0-4000, a kernel outside 100-400).
Result<std::optional<BundleBlend>> bundleBlendOf(const storage::Bundle& bundle, const QString& path);
QJsonObject bundleBlendToJson(const BundleBlend& blend);

/// The "book" entry of a bundle's config (a model of one player: their moves at the positions of their games, see
/// encoding::PlayerBook): {"player", "prior", "max_ply", "positions": {"<FEN's first four fields>": {"e2e4": 3, ...}}}.
/// None when absent. Errors name the bundle and the field: a position that is not a legal FEN, a move that is not
/// legal there, a count that is not a positive integer, a prior outside 0-100.
Result<std::optional<encoding::PlayerBook>> bundleBookOf(const storage::Bundle& bundle, const QString& path);
QJsonObject playerBookToJson(const encoding::PlayerBook& book);

/// A folder of lc0 nets by name: for "maia-1" $KIBITZ_MAIA_DIR when set, else the folder of that name beside
/// `besideFile` (a bundle on disk) when given, else in the directories the default models are looked up in
/// (share/kibitz/models, a checkout's resources/models); empty when there is none.
QString findModelNets(const QString& name, const QString& besideFile = QString());

/// What loadHumanEvaluator builds from a bundle that asks to be blended.
struct HumanLoadOptions {
    /// false: the bundle's own model alone, without a blend or a player's book (what the puzzle stage's features,
    /// fine-tunes and checkpoints read)
    bool blend = true;
};

/// Loads the human-move evaluator `spec` names: a .kibitz bundle (validated: kind, checksums, config, tensor shapes,
/// a probe forward), a trainer checkpoint, an lc0 network, a folder of rating-band nets, or a blend of one of these
/// with a folder of nets. A bundle whose manifest asks for a blend (BundleBlend) is blended when `options.blend` and
/// its nets are found, else answers alone; a blend the spec names replaces it. A model of a player (a bundle with a
/// "book") mixes in the player's own moves last, over the blend. Each file is read once. Errors name the file.
Result<std::unique_ptr<encoding::Evaluator>> loadHumanEvaluator(const ModelSpec& spec,
                                                                const HumanLoadOptions& options = {});
/// parseModelSpec, then the above.
Result<std::unique_ptr<encoding::Evaluator>> loadHumanEvaluator(const QString& path,
                                                                const HumanLoadOptions& options = {});

/// Everything loading a human-move bundle checks beyond storage::readBundle (encoding version, config, its size
/// against the stored weights, every tensor's shape), without loading the weights into a model: what loadHumanEvaluator
/// and `bundle info` both run. Returns the model's config; errors name the bundle and the field.
Result<models::ModelConfig> checkHumanBundle(const storage::Bundle& bundle, const QString& path);

/// Sets the compute threads of torch and its BLAS for this process (models::setComputeThreads, torch-free header).
void setModelComputeThreads(int threads);

/// A factory for AnalysisWorker::setModel that loads `path` (empty: default) in the worker thread.
EvaluatorFactory humanEvaluatorFactory(const QString& path);

/// Writes a .kibitz bundle from a trainer checkpoint: weights (fp16 when `half`), config, encoding, the given
/// training summary and metrics, and a model card. `extraConfig`'s entries (a "blend", a "book") are added to the
/// manifest's config. Written atomically.
Status exportHumanBundle(const QString& checkpoint, const QString& out, const QJsonObject& training,
                         const QJsonObject& metrics, bool half, const QJsonObject& extraConfig = {});

/// Model config <-> manifest JSON.
QJsonObject modelConfigToJson(const models::ModelConfig& config);
Result<models::ModelConfig> modelConfigFromJson(const QJsonObject& json);

}  // namespace kibitz::jobs
