// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/jobs/analysis_worker.h"
#include "core/models/model_config.h"

#include <QJsonObject>
#include <QString>

#include <memory>

namespace kibitz::storage {
struct Bundle;
}

namespace kibitz::jobs {

/// Where the default human-move model is found: $KIBITZ_HUMAN_MODEL, else storage::findDefaultModel (the bundle
/// compiled into the program, else <prefix>/share/kibitz/models relative to the program, else a checkout's
/// resources/models above a build tree). Returns an empty string when none exists.
QString defaultHumanModelPath();

/// Loads a human-move evaluator from a .kibitz bundle (validated: kind, checksums, config, tensor shapes), a
/// trainer checkpoint (.pt), an lc0 network (.pb.gz, such as a Maia-1 net) or a folder of rating-band lc0 nets
/// (maia-1100.pb.gz ... maia-1900.pb.gz: the mover's rating picks and blends them). An empty path means the default
/// model. Errors name the file.
Result<std::unique_ptr<encoding::Evaluator>> loadHumanEvaluator(const QString& path);

/// Everything loading a human-move bundle checks beyond storage::readBundle (encoding version, config, its size
/// against the stored weights, every tensor's shape), without loading the weights into a model: what loadHumanEvaluator
/// and `bundle info` both run. Returns the model's config; errors name the bundle and the field.
Result<models::ModelConfig> checkHumanBundle(const storage::Bundle& bundle, const QString& path);

/// Sets the compute threads of torch and its BLAS for this process (models::setComputeThreads, torch-free header).
void setModelComputeThreads(int threads);

/// A factory for AnalysisWorker::setModel that loads `path` (empty: default) in the worker thread.
EvaluatorFactory humanEvaluatorFactory(const QString& path);

/// Writes a .kibitz bundle from a trainer checkpoint: weights (fp16 when `half`), config, encoding, the given
/// training summary and metrics, and a model card. Written atomically.
Status exportHumanBundle(const QString& checkpoint, const QString& out, const QJsonObject& training,
                         const QJsonObject& metrics, bool half);

/// Model config <-> manifest JSON.
QJsonObject modelConfigToJson(const models::ModelConfig& config);
Result<models::ModelConfig> modelConfigFromJson(const QJsonObject& json);

}  // namespace kibitz::jobs
