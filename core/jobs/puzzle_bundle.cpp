// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/puzzle_bundle.h"

#include "core/common/atomic_file.h"
#include "core/encoding/puzzle_encoder.h"
#include "core/storage/bundle.h"
#include "core/storage/default_models.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <utility>

#include <cstdlib>
#include <cstring>

namespace kibitz::jobs {

Result<models::PuzzleModelConfig> checkPuzzleBundle(const storage::Bundle& bundle, const std::string& path) {
    const QString cfgText = bundle.config.value(QStringLiteral("glickformer")).toString();
    auto cfg = models::puzzleConfigFromString(cfgText.toStdString());
    if (!cfg.ok()) return makeError(ErrorCode::InvalidInput, path + ": manifest config: " + cfg.error().message);
    const int encVersion = bundle.encoding.value(QStringLiteral("version")).toInt(-1);
    if (encVersion != encoding::kPuzzleEncodingVersion)
        return makeError(ErrorCode::InvalidInput, path + ": puzzle encoding version " + std::to_string(encVersion) +
                                                      " is not supported (expected " +
                                                      std::to_string(encoding::kPuzzleEncodingVersion) + ")");
    if (auto st = models::validatePuzzleConfig(cfg.value()); !st.ok())
        return makeError(ErrorCode::InvalidInput, path + ": manifest config: " + st.error().message);
    {
        // Spatial blocks (attention 4 d^2, feed-forward 2 m d^2) and temporal blocks (4 e^2): a lower bound of the
        // model's size, checked before a model of the config's size is built.
        const models::PuzzleModelConfig& c = cfg.value();
        const double d = c.dModel, e = c.boardDim;
        const double atLeast =
            double(c.layers) * (4.0 + 2.0 * c.ffnMult) * d * d + double(c.temporalLayers) * 4.0 * e * e;
        if (auto st = storage::checkConfigAgainstWeights(bundle, atLeast, cfgText.toStdString()); !st.ok())
            return makeError(ErrorCode::InvalidInput, path + ": " + st.error().message);
    }
    if (auto st = storage::validateShapes(bundle, models::PuzzlePredictor::expectedShapes(cfg.value())); !st.ok())
        return makeError(ErrorCode::InvalidInput, path + ": " + st.error().message);
    return cfg.value();
}

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

Result<std::unique_ptr<models::PuzzlePredictor>> fromBundle(const std::string& path) {
    auto b = storage::readBundle(q(path), storage::kKindPuzzleRating);
    if (!b.ok()) return b.error();
    const storage::Bundle& bundle = b.value();
    auto checked = checkPuzzleBundle(bundle, path);
    if (!checked.ok()) return checked.error();
    const models::PuzzleModelConfig& config = checked.value();
    models::PuzzleModelMeta meta;
    const QJsonObject t = bundle.training;
    meta.ratingMean = t.value(QStringLiteral("rating_mean")).toDouble(1516.0);
    meta.ratingStd = t.value(QStringLiteral("rating_std")).toDouble(543.0);
    meta.baselineMean = t.value(QStringLiteral("baseline_mean")).toDouble(meta.ratingMean);
    const QJsonObject byLen = t.value(QStringLiteral("baseline_by_length")).toObject();
    for (auto it = byLen.begin(); it != byLen.end(); ++it)
        meta.baselineByLength[it.key().toInt()] = it.value().toDouble();
    meta.steps = t.value(QStringLiteral("steps")).toInteger();
    meta.samples = t.value(QStringLiteral("samples")).toInteger();
    meta.wallSeconds = t.value(QStringLiteral("wall_seconds")).toDouble();
    const QJsonObject human = t.value(QStringLiteral("human_model")).toObject();
    meta.humanModelSha256 = human.value(QStringLiteral("sha256")).toString().toStdString();
    meta.humanModelName = human.value(QStringLiteral("name")).toString().toStdString();
    for (const auto& [key, target] :
         {std::pair{"engine_head", &meta.engineHead}, std::pair{"engine_head_fallback", &meta.engineHeadFallback}})
        if (t.contains(QLatin1String(key))) {
            auto head = models::EngineRatingHead::fromText(t.value(QLatin1String(key)).toString().toStdString());
            if (!head.ok())
                return makeError(ErrorCode::InvalidInput,
                                 path + ": manifest training." + key + ": " + head.error().message);
            *target = head.value();
        }
    std::vector<models::NamedArray> weights;
    for (const auto& tb : bundle.tensors) {
        models::NamedArray a;
        a.name = tb.name;
        a.shape = tb.shape;
        a.values.resize(std::size_t(tb.numel()));
        if (tb.dtype == storage::DType::F16)
            storage::halfToFloats(tb.data, a.values.data());
        else
            std::memcpy(a.values.data(), tb.data.constData(), a.values.size() * sizeof(float));
        weights.push_back(std::move(a));
    }
    auto p = models::PuzzlePredictor::fromWeights(config, meta, weights);
    if (!p.ok()) return makeError(ErrorCode::InvalidInput, path + ": " + p.error().message);
    return p;
}

}  // namespace

Result<std::unique_ptr<models::PuzzlePredictor>> loadPuzzleModel(const std::string& path,
                                                                 const HumanFeatureOptions& human,
                                                                 const EngineFeatureOptions& engine) {
    if (!QFileInfo::exists(q(path))) return makeError(ErrorCode::InvalidInput, path + ": no such file");
    auto p = path.ends_with(".kibitz") ? fromBundle(path) : models::PuzzlePredictor::loadCheckpoint(path);
    if (!p.ok()) return p;
    if (human.attach)
        if (auto st = attachHumanFeatures(*p.value(), human); !st.ok())
            return makeError(st.error().code, path + ": " + st.error().message);
    if (engine.attach)
        if (auto st = attachEngineFeatures(*p.value(), engine); !st.ok())
            return makeError(st.error().code, path + ": engine stage: " + st.error().message);
    return p;
}

Status exportPuzzleBundle(const std::string& checkpoint, const std::string& bundlePath, const std::string& metricsJson,
                          const std::string& trainingJson) {
    if (Status st = refuseToOverwriteInput(checkpoint, bundlePath); !st) return st;
    auto p = models::PuzzlePredictor::loadCheckpoint(checkpoint);
    if (!p.ok()) return p.error();
    return writePuzzleBundle(*p.value(), bundlePath, metricsJson, trainingJson);
}

Status writePuzzleBundle(const models::PuzzlePredictor& m, const std::string& bundlePath,
                         const std::string& metricsJson, const std::string& trainingJson) {
    storage::Bundle b;
    b.kind = storage::kKindPuzzleRating;
    b.config.insert(QStringLiteral("glickformer"), q(models::puzzleConfigToString(m.config())));
    b.config.insert(QStringLiteral("variant"), q(models::puzzleVariantName(m.config().variant)));
    b.config.insert(QStringLiteral("parameters"), double(m.parameters()));
    b.encoding.insert(QStringLiteral("version"), encoding::kPuzzleEncodingVersion);
    b.encoding.insert(QStringLiteral("planes"), encoding::kPuzzlePlanes);
    b.encoding.insert(QStringLiteral("max_boards"), m.config().maxBoards);
    b.encoding.insert(QStringLiteral("view"), QStringLiteral("solver, ranks mirrored when Black solves"));
    const auto& meta = m.meta();
    b.training.insert(QStringLiteral("rating_mean"), meta.ratingMean);
    b.training.insert(QStringLiteral("rating_std"), meta.ratingStd);
    b.training.insert(QStringLiteral("baseline_mean"), meta.baselineMean);
    QJsonObject byLen;
    for (const auto& [len, mean] : meta.baselineByLength) byLen.insert(QString::number(len), mean);
    b.training.insert(QStringLiteral("baseline_by_length"), byLen);
    b.training.insert(QStringLiteral("steps"), double(meta.steps));
    b.training.insert(QStringLiteral("samples"), double(meta.samples));
    b.training.insert(QStringLiteral("wall_seconds"), meta.wallSeconds);
    b.training.insert(QStringLiteral("device"), QStringLiteral("cpu"));
    if (m.config().humanFeatures > 0 || meta.engineHead.needsHuman())
        b.training.insert(QStringLiteral("human_model"),
                          QJsonObject{{QStringLiteral("sha256"), q(meta.humanModelSha256)},
                                      {QStringLiteral("name"), q(meta.humanModelName)}});
    if (!meta.engineHead.empty()) b.training.insert(QStringLiteral("engine_head"), q(meta.engineHead.toText()));
    if (!meta.engineHeadFallback.empty())
        b.training.insert(QStringLiteral("engine_head_fallback"), q(meta.engineHeadFallback.toText()));
    b.training.insert(QStringLiteral("data"), QStringLiteral("Lichess puzzle database (CC0), shared/data/puzzles, "
                                                             "held out: FNV-1a(PuzzleId) % 20 == 0"));
    if (!metricsJson.empty()) {
        QJsonParseError err{};
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(metricsJson), &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject())
            return makeError(ErrorCode::InvalidInput, "metrics: not a JSON object: " + err.errorString().toStdString());
        b.metrics = doc.object();
    }
    QString history;
    if (!trainingJson.empty()) {
        QJsonParseError err{};
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(trainingJson), &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject())
            return makeError(ErrorCode::InvalidInput,
                             "training summary: not a JSON object: " + err.errorString().toStdString());
        const QJsonObject extra = doc.object();
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            if (b.training.contains(it.key()))
                return makeError(ErrorCode::InvalidInput, "training summary: key '" + it.key().toStdString() +
                                                              "' is written from the checkpoint and cannot be "
                                                              "replaced");
            b.training.insert(it.key(), it.value());
            const QString text =
                it.value().isString()
                    ? it.value().toString()
                    : QString::fromUtf8(
                          QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact).sliced(1).chopped(1));
            history += QStringLiteral("- %1: %2\n").arg(it.key(), text);
        }
    }
    b.modelCard =
        QStringLiteral(
            "# Kibitz puzzle-rating model\n\nGlickFormer (Milosz & Kapusta, seed 000) predicting the Lichess "
            "Glicko-2 rating of a puzzle from its solver boards.\n\n- config: %1\n- parameters: %2\n"
            "- trained steps: %3, puzzles seen: %4, wall time: %5 h on CPU\n- rating normalisation: mean %6, "
            "std %7\n%8\nMetrics (held-out puzzles) are in manifest.json.\n")
            .arg(q(models::puzzleConfigToString(m.config())))
            .arg(m.parameters())
            .arg(meta.steps)
            .arg(meta.samples)
            .arg(meta.wallSeconds / 3600.0, 0, 'f', 2)
            .arg(meta.ratingMean, 0, 'f', 1)
            .arg(meta.ratingStd, 0, 'f', 1)
            .arg(meta.engineHead.empty()
                     ? QString()
                     : QStringLiteral("- engine stage: features %1 of a %2-line search at depth %3 (Stockfish "
                                      "when installed), fitted on %4 training puzzles; without an engine "
                                      "the GlickFormer's rating is used\n%5")
                               .arg(q(meta.engineHead.features))
                               .arg(meta.engineHead.lines)
                               .arg(meta.engineHead.depth)
                               .arg(meta.engineHead.fittedPuzzles)
                               .arg(meta.engineHead.needsHuman()
                                        ? QStringLiteral("- the stage also takes the human-move model's solve "
                                                         "probabilities (%1) from %2 (sha256 %3)\n")
                                              .arg(q(meta.engineHead.human), q(meta.humanModelName),
                                                   q(meta.humanModelSha256.substr(0, 16)))
                                        : QString()) +
                           (models::humanStageUsesMaia(meta.engineHead.human)
                                ? QStringLiteral("- and the nine Maia-1 nets' chances of finding each solver move "
                                                 "(maia-1100 ... maia-1900.pb.gz, digest %1; McIlroy-Young, Sen, "
                                                 "Kleinberg, Anderson, KDD 2020; github.com/CSSLab/maia-chess, "
                                                 "GPL-3.0; shipped in share/kibitz/models/maia-1); where they "
                                                 "are missing, the same stage fitted without them is used\n")
                                      .arg(q(meta.engineHead.maiaNets))
                                : QString()));
    if (!history.isEmpty()) b.modelCard += QStringLiteral("\n## Training history\n\n") + history;
    for (const auto& w : m.exportWeights()) {
        storage::TensorBlob t;
        t.name = w.name;
        t.shape = w.shape;
        t.dtype = storage::DType::F32;
        t.data = QByteArray(reinterpret_cast<const char*>(w.values.data()), qsizetype(w.values.size() * sizeof(float)));
        b.tensors.push_back(std::move(t));
    }
    return storage::writeBundle(q(bundlePath), b);
}

std::string defaultPuzzleModelPath() {
    if (const char* env = std::getenv("KIBITZ_MODELS_DIR")) {
        const QString p = QDir(QString::fromLocal8Bit(env)).filePath(QStringLiteral("puzzle-default.kibitz"));
        if (QFileInfo::exists(p)) return p.toStdString();
    }
    return storage::findDefaultModel(QStringLiteral("puzzle-default.kibitz")).toStdString();
}

}  // namespace kibitz::jobs
