// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/human_model.h"

#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/common/atomic_file.h"
#include "core/encoding/blend_evaluator.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/lc0/lc0_net_file.h"
#include "core/models/compute_threads.h"
#include "core/models/lc0_evaluator.h"
#include "core/models/named_weights.h"
#include "core/models/torch_evaluator.h"
#include "core/storage/bundle.h"
#include "core/storage/default_models.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <optional>

namespace kibitz::jobs {

namespace {

QJsonObject encodingJson(int version) {
    QJsonObject o;
    o[QStringLiteral("version")] = version;
    const char* names[] = {"mover_elo", "opponent_elo", "mover_clock_s", "opponent_clock_s", "increment_s"};
    QJsonObject brackets;
    for (int slot = 0; slot < encoding::kCondSlots; ++slot) {
        QJsonArray a;
        for (int v : encoding::condBrackets(encoding::CondSlot(slot))) a.append(v);
        brackets[QLatin1String(names[slot])] = a;
    }
    o[QStringLiteral("brackets")] = brackets;
    return o;
}

}  // namespace

QString defaultHumanModelPath() {
    const QString env = qEnvironmentVariable("KIBITZ_HUMAN_MODEL");
    if (!env.isEmpty()) return env;
    return storage::findDefaultModel(QStringLiteral("human-default.kibitz"));
}

QJsonObject modelConfigToJson(const models::ModelConfig& c) {
    return QJsonObject{{QStringLiteral("name"), QString::fromStdString(c.name)},
                       {QStringLiteral("d_model"), c.dModel},
                       {QStringLiteral("layers"), c.nLayers},
                       {QStringLiteral("heads"), c.nHeads},
                       {QStringLiteral("ffn_hidden"), c.ffnHidden},
                       {QStringLiteral("view"),
                        c.view == encoding::BoardView::Mover ? QStringLiteral("mover") : QStringLiteral("absolute")}};
}

Result<models::ModelConfig> modelConfigFromJson(const QJsonObject& j) {
    models::ModelConfig c;
    auto intField = [&j](const char* key, int lo, int hi, int& out) -> std::optional<Error> {
        const QJsonValue v = j.value(QLatin1String(key));
        if (!v.isDouble() || v.toDouble() != double(v.toInt()) || v.toInt() < lo || v.toInt() > hi)
            return makeError(ErrorCode::InvalidInput, std::string("manifest.json: config field '") + key +
                                                          "' missing or not an integer in [" + std::to_string(lo) +
                                                          ", " + std::to_string(hi) + "]");
        out = v.toInt();
        return std::nullopt;
    };
    if (auto e = intField("d_model", 8, 4096, c.dModel)) return *e;
    if (auto e = intField("layers", 1, 64, c.nLayers)) return *e;
    if (auto e = intField("heads", 1, 64, c.nHeads)) return *e;
    if (auto e = intField("ffn_hidden", 8, 65536, c.ffnHidden)) return *e;
    if (c.dModel % c.nHeads != 0)
        return makeError(ErrorCode::InvalidInput, "manifest.json: config d_model is not divisible by heads");
    const QString view = j.value(QStringLiteral("view")).toString();
    if (view == QLatin1String("mover"))
        c.view = encoding::BoardView::Mover;
    else if (view == QLatin1String("absolute"))
        c.view = encoding::BoardView::Absolute;
    else
        return makeError(ErrorCode::InvalidInput, "manifest.json: config field 'view' must be 'mover' or 'absolute'");
    c.name = j.value(QStringLiteral("name")).toString(QStringLiteral("custom")).toStdString();
    return c;
}

void setModelComputeThreads(int threads) { models::setComputeThreads(threads); }

Result<models::ModelConfig> checkHumanBundle(const storage::Bundle& bundle, const QString& path) {
    const int encVersion = bundle.encoding.value(QStringLiteral("version")).toInt(-1);
    if (!encoding::encodingVersionSupported(encVersion))
        return makeError(ErrorCode::InvalidInput,
                         QStringLiteral("bundle '%1': encoding version %2, this build reads versions %3 to %4")
                             .arg(path)
                             .arg(encVersion)
                             .arg(encoding::kMinEncodingVersion)
                             .arg(encoding::kEncodingVersion)
                             .toStdString());
    auto config = modelConfigFromJson(bundle.config);
    if (!config)
        return makeError(ErrorCode::InvalidInput, "bundle '" + path.toStdString() + "': " + config.error().message);
    config->version = encVersion;
    // Attention (4 d^2) and feed-forward (2 d f) weights of every block, a lower bound of the model's size: a
    // config edited to huge sizes is refused here, before the shapes below are derived from a model of that size.
    const double d = config->dModel, f = config->ffnHidden;
    if (auto st = storage::checkConfigAgainstWeights(bundle, double(config->nLayers) * (4.0 * d * d + 2.0 * d * f),
                                                     "d_model " + std::to_string(config->dModel) + ", layers " +
                                                         std::to_string(config->nLayers) + ", ffn_hidden " +
                                                         std::to_string(config->ffnHidden));
        !st)
        return makeError(ErrorCode::InvalidInput, "bundle '" + path.toStdString() + "': " + st.error().message);
    // The value and think-time heads are optional: a bundle carries all of a head's tensors or none. Each head's first
    // layer's width says which kind it is (the value head with or without the material, the think-time head's
    // inputs); a head without its first layer is checked as the current kind, which names the missing tensor.
    auto expected = models::TorchEvaluator::weightShapes(*config);
    auto hasHead = [&bundle](const char* prefix) {
        return std::any_of(bundle.tensors.begin(), bundle.tensors.end(),
                           [prefix](const storage::TensorBlob& t) { return t.name.rfind(prefix, 0) == 0; });
    };
    auto firstLayerShape = [&bundle](const char* name, int dim) -> std::int64_t {
        for (const auto& t : bundle.tensors)
            if (t.name == name && t.shape.size() == 2) return t.shape[std::size_t(dim)];
        return 0;
    };
    auto firstLayerWidth = [&](const char* name) { return firstLayerShape(name, 1); };
    if (hasHead("value."))
        expected.merge(models::TorchEvaluator::valueHeadShapes(*config, firstLayerWidth("value.hidden.weight")));
    if (hasHead("time."))
        expected.merge(models::TorchEvaluator::timeHeadShapes(*config, firstLayerWidth("time.hidden.weight"),
                                                              firstLayerShape("time.hidden.weight", 0)));
    if (auto st = storage::validateShapes(bundle, expected); !st)
        return makeError(ErrorCode::InvalidInput, "bundle '" + path.toStdString() + "': " + st.error().message);
    if (auto blend = bundleBlendOf(bundle, path); !blend) return blend.error();
    if (auto book = bundleBookOf(bundle, path); !book) return book.error();
    return config;
}

Result<BlendSuffix> parseBlendSuffix(const QString& suffix) {
    BlendSuffix out;
    const QStringList parts = suffix.split(QLatin1Char(','));
    if (parts.size() > 3)
        return makeError(ErrorCode::InvalidInput,
                         "expected WEIGHT[,FADE[,KERNEL]] after '@', got '" + suffix.toStdString() + "'");
    bool ok = false;
    const double w = parts[0].toDouble(&ok);
    if (!ok || !(w >= 0.0 && w <= 1.0))
        return makeError(ErrorCode::InvalidInput, "the blend weight after '@' must be a number from 0 to 1, got '" +
                                                      parts[0].toStdString() + "'");
    out.schedule.weight = w;
    if (parts.size() >= 2) {
        const int fade = parts[1].toInt(&ok);
        if (!ok || fade < 0 || fade > 4000)
            return makeError(
                ErrorCode::InvalidInput,
                "the fade after the blend weight must be 0 to 4000 points, got '" + parts[1].toStdString() + "'");
        out.schedule.fade = fade;
    }
    if (parts.size() == 3) {
        const int kernel = parts[2].toInt(&ok);
        if (!ok || kernel < 100 || kernel > models::kMaxBandKernel)
            return makeError(ErrorCode::InvalidInput, "the band kernel after the fade must be 100 to " +
                                                          std::to_string(models::kMaxBandKernel) + " points, got '" +
                                                          parts[2].toStdString() + "'");
        out.netsKernel = kernel;
    }
    return out;
}

namespace {

ModelSpec::Kind modelKindOf(const QString& path) {
    if (QFileInfo(path).isDir()) return ModelSpec::Kind::NetFolder;
    if (lc0::looksLikeLc0NetworkPath(path.toStdString())) return ModelSpec::Kind::Lc0Net;
    if (path.endsWith(QLatin1String(".pt"))) return ModelSpec::Kind::Checkpoint;
    return ModelSpec::Kind::Bundle;
}

/// The default model's path when `path` is empty; fails when none is installed.
Result<QString> modelPathOrDefault(const QString& path) {
    if (!path.isEmpty()) return path;
    QString fallback = defaultHumanModelPath();
    if (fallback.isEmpty())
        return makeError(ErrorCode::InvalidInput,
                         "no human-move model: none was named and no default model is installed "
                         "(set KIBITZ_HUMAN_MODEL or pass --model)");
    return fallback;
}

}  // namespace

Result<ModelSpec> parseModelSpec(const QString& text) {
    ModelSpec spec;
    QString primary = text;
    const qsizetype plus = text.lastIndexOf(QLatin1Char('+'));
    if (!text.isEmpty() && !QFileInfo::exists(text) && plus >= 0) {
        primary = text.left(plus);
        QString nets = text.mid(plus + 1);
        const qsizetype at = nets.lastIndexOf(QLatin1Char('@'));
        if (at >= 0) {
            auto suffix = parseBlendSuffix(nets.mid(at + 1));
            if (!suffix)
                return makeError(ErrorCode::InvalidInput,
                                 "model '" + text.toStdString() + "': " + suffix.error().message);
            spec.suffix = *suffix;
            nets = nets.left(at);
        }
        if (nets.isEmpty() || !QFileInfo(nets).isDir())
            return makeError(
                ErrorCode::InvalidInput,
                QStringLiteral("model '%1': '%2' is not a folder of rating-band lc0 nets (PRIMARY+FOLDER[@WEIGHT])")
                    .arg(text, nets)
                    .toStdString());
        spec.nets = nets;
    }
    auto path = modelPathOrDefault(primary);
    if (!path) return path.error();
    spec.path = *path;
    spec.kind = modelKindOf(spec.path);
    return spec;
}

namespace {

/// `primary` blended with the rating-band nets of `folder` by `schedule` (its full-weight range set to the nets'
/// band centres: maia-1100 ... maia-1900 give 1150 ... 1950).
Result<std::unique_ptr<encoding::Evaluator>> blendWithNets(std::unique_ptr<encoding::Evaluator> primary,
                                                           const QString& folder, encoding::BlendSchedule schedule,
                                                           int netsKernel) {
    auto bands = models::Lc0BandEvaluator::loadFolder(folder.toStdString());
    if (!bands) return bands.error();
    (*bands)->setBandKernel(netsKernel);
    const std::vector<int> b = (*bands)->bands();
    schedule.fullFrom = b.front() + 50;
    schedule.fullTo = b.back() + 50;
    models::Lc0BandEvaluator* raw = bands->get();
    const QString name = QDir(QDir::cleanPath(folder)).dirName();
    return std::unique_ptr<encoding::Evaluator>(std::make_unique<encoding::BlendEvaluator>(
        std::move(primary), std::move(bands.value()), schedule, name.toStdString() + " nets",
        [raw](const encoding::Conditioning& c) { return raw->bandNote(c.moverElo); }));
}

}  // namespace

QString findModelNets(const QString& name, const QString& besideFile) {
    if (name == QLatin1String("maia-1")) {
        const QString env = qEnvironmentVariable("KIBITZ_MAIA_DIR");
        if (!env.isEmpty()) return env;
    }
    // Beside a bundle on disk (not one compiled into the program: the nets are read from files).
    if (!besideFile.isEmpty() && !besideFile.startsWith(QLatin1Char(':'))) {
        const QFileInfo nets(QFileInfo(besideFile).dir().filePath(name));
        if (nets.isDir()) return nets.canonicalFilePath();
    }
    if (QCoreApplication::instance()) {
        for (const QString& dir : storage::defaultModelDirs(QCoreApplication::applicationDirPath())) {
            const QFileInfo nets(QDir(dir).filePath(name));
            if (nets.isDir()) return nets.canonicalFilePath();
        }
    }
    return {};
}

Result<std::optional<BundleBlend>> bundleBlendOf(const storage::Bundle& bundle, const QString& path) {
    const QJsonValue v = bundle.config.value(QStringLiteral("blend"));
    if (v.isUndefined() || v.isNull()) return std::optional<BundleBlend>();
    auto bad = [&path](const QString& what) {
        return makeError(
            ErrorCode::InvalidInput,
            QStringLiteral("bundle '%1': manifest.json config field 'blend%2").arg(path, what).toStdString());
    };
    if (!v.isObject()) return bad(QStringLiteral("' must be an object"));
    const QJsonObject o = v.toObject();
    BundleBlend blend;
    blend.nets = o.value(QStringLiteral("nets")).toString();
    if (blend.nets.isEmpty() || blend.nets.contains(QLatin1Char('/')) || blend.nets.contains(QLatin1Char('\\')) ||
        blend.nets.startsWith(QLatin1Char('.')))
        return bad(QStringLiteral(".nets' must be a folder name (no path), such as \"maia-1\""));
    const QJsonValue w = o.value(QStringLiteral("weight"));
    if (!w.isDouble() || !(w.toDouble() >= 0.0 && w.toDouble() <= 1.0))
        return bad(QStringLiteral(".weight' must be a number from 0 to 1"));
    blend.schedule.weight = w.toDouble();
    const QJsonValue fade = o.value(QStringLiteral("fade"));
    if (!fade.isUndefined()) {
        if (!fade.isDouble() || fade.toDouble() != double(fade.toInt()) || fade.toInt() < 0 || fade.toInt() > 4000)
            return bad(QStringLiteral(".fade' must be an integer from 0 to 4000"));
        blend.schedule.fade = fade.toInt();
    }
    const QJsonValue kernel = o.value(QStringLiteral("kernel"));
    if (!kernel.isUndefined()) {
        if (!kernel.isDouble() || kernel.toDouble() != double(kernel.toInt()) || kernel.toInt() < 100 ||
            kernel.toInt() > models::kMaxBandKernel)
            return bad(QStringLiteral(".kernel' must be an integer from 100 to %1").arg(models::kMaxBandKernel));
        blend.netsKernel = kernel.toInt();
    }
    const QJsonValue reference = o.value(QStringLiteral("reference"));
    if (!reference.isUndefined()) {
        blend.reference = reference.toString();
        blend.referenceSha256 = o.value(QStringLiteral("reference_sha256")).toString();
        if (blend.reference.isEmpty() || blend.reference.contains(QLatin1Char('/')) ||
            blend.reference.contains(QLatin1Char('\\')) || blend.reference.startsWith(QLatin1Char('.')) ||
            !blend.reference.endsWith(QLatin1String(".kibitz")))
            return bad(
                QStringLiteral(".reference' must be a bundle's file name (no path), such as "
                               "\"human-default.kibitz\""));
        static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
        if (!hex.match(blend.referenceSha256).hasMatch())
            return bad(QStringLiteral(".reference_sha256' must be 64 lowercase hexadecimal digits"));
    }
    return std::optional<BundleBlend>(blend);
}

QJsonObject bundleBlendToJson(const BundleBlend& blend) {
    QJsonObject o{{QStringLiteral("nets"), blend.nets},
                  {QStringLiteral("weight"), blend.schedule.weight},
                  {QStringLiteral("fade"), blend.schedule.fade}};
    if (blend.netsKernel != 100) o.insert(QStringLiteral("kernel"), blend.netsKernel);
    if (!blend.reference.isEmpty()) {
        o.insert(QStringLiteral("reference"), blend.reference);
        o.insert(QStringLiteral("reference_sha256"), blend.referenceSha256);
    }
    return o;
}

Result<std::optional<encoding::PlayerBook>> bundleBookOf(const storage::Bundle& bundle, const QString& path) {
    const QJsonValue v = bundle.config.value(QStringLiteral("book"));
    if (v.isUndefined() || v.isNull()) return std::optional<encoding::PlayerBook>();
    auto bad = [&path](const QString& what) {
        return makeError(
            ErrorCode::InvalidInput,
            QStringLiteral("bundle '%1': manifest.json config field 'book%2").arg(path, what).toStdString());
    };
    if (!v.isObject()) return bad(QStringLiteral("' must be an object"));
    const QJsonObject o = v.toObject();
    encoding::PlayerBook book;
    book.player = o.value(QStringLiteral("player")).toString().toStdString();
    const QJsonValue prior = o.value(QStringLiteral("prior"));
    if (!prior.isUndefined()) {
        if (!prior.isDouble() || !(prior.toDouble() >= 0.0 && prior.toDouble() <= 100.0))
            return bad(QStringLiteral(".prior' must be a number from 0 to 100"));
        book.prior = prior.toDouble();
    }
    const QJsonValue maxPly = o.value(QStringLiteral("max_ply"));
    if (!maxPly.isUndefined()) {
        if (!maxPly.isDouble() || maxPly.toDouble() != double(maxPly.toInt()) || maxPly.toInt() < 0 ||
            maxPly.toInt() > 1000)
            return bad(QStringLiteral(".max_ply' must be an integer from 0 to 1000"));
        book.maxPly = maxPly.toInt();
    }
    const QJsonValue positions = o.value(QStringLiteral("positions"));
    if (!positions.isObject()) return bad(QStringLiteral(".positions' must be an object"));
    const QJsonObject all = positions.toObject();
    for (auto it = all.begin(); it != all.end(); ++it) {
        const QString where = QStringLiteral(".positions.%1'").arg(it.key());
        auto pos = chess::Position::fromFen(it.key().toStdString() + " 0 1");
        if (!pos)
            return bad(where + QStringLiteral(" is not a position: ") + QString::fromStdString(pos.error().message));
        if (!it.value().isObject()) return bad(where + QStringLiteral(" must be an object of moves and counts"));
        const QJsonObject moves = it.value().toObject();
        for (auto m = moves.begin(); m != moves.end(); ++m) {
            const QJsonValue c = m.value();
            if (!c.isDouble() || c.toDouble() != double(c.toInt()) || c.toInt() < 1)
                return bad(where + QStringLiteral(": the count of %1 must be a positive integer").arg(m.key()));
            auto move = chess::parseUci(*pos, m.key().toStdString());
            if (!move) return bad(where + QStringLiteral(": %1 is not a legal move there").arg(m.key()));
            book.add(encoding::PlayerBook::positionKey(*pos), chess::toUci(*move), c.toInt());
        }
    }
    return std::optional<encoding::PlayerBook>(std::move(book));
}

QJsonObject playerBookToJson(const encoding::PlayerBook& book) {
    QJsonObject positions;
    for (const auto& [key, moves] : book.entries()) {
        QJsonObject counts;
        for (const auto& [uci, n] : moves) counts.insert(QString::fromStdString(uci), n);
        positions.insert(QString::fromStdString(key), counts);
    }
    return QJsonObject{{QStringLiteral("player"), QString::fromStdString(book.player)},
                       {QStringLiteral("prior"), book.prior},
                       {QStringLiteral("max_ply"), book.maxPly},
                       {QStringLiteral("positions"), positions}};
}

namespace {

/// The model `blend.reference` names, run alone, when it is found beside the bundle at `besideFile` or among the
/// default models and its weights are the ones recorded; else null.
std::unique_ptr<encoding::Evaluator> loadReferenceModel(const BundleBlend& blend, const QString& besideFile) {
    QString path;
    if (!besideFile.startsWith(QLatin1Char(':'))) {
        const QFileInfo beside(QFileInfo(besideFile).dir().filePath(blend.reference));
        if (beside.isFile()) path = beside.absoluteFilePath();
    }
    if (path.isEmpty()) path = storage::findDefaultModel(blend.reference);
    if (path.isEmpty()) return nullptr;
    auto bundle = storage::readBundle(path, storage::kKindHumanMove);
    if (!bundle) return nullptr;
    const auto digest = bundle->sha256.find(QStringLiteral("weights.bin"));
    if (digest == bundle->sha256.end() || digest->second != blend.referenceSha256) return nullptr;
    auto ev = loadHumanEvaluator(path, HumanLoadOptions{.blend = false});
    return ev ? std::move(ev.value()) : nullptr;
}

/// One forward pass on the start position: a model whose weights are numbers but whose answers are not (NaN,
/// infinity: weights out of range) is refused at load with its file named, as an lc0 net is (Lc0Evaluator::probe),
/// instead of showing "nan%" later.
Status probeOutputs(encoding::Evaluator& model, const QString& path) {
    const auto start = chess::Position::fromFen(std::string(chess::Position::kStartFen));
    if (!start) return start.error();
    const std::string file = path.toStdString();
    auto moves = model.moveDistribution(*start, encoding::Conditioning{});
    if (!moves) return makeError(moves.error().code, file + ": " + moves.error().message);
    for (const encoding::MoveProb& m : *moves)
        if (!std::isfinite(m.prob))
            return makeError(ErrorCode::InvalidInput, file +
                                                          ": the model gives non-finite move probabilities "
                                                          "(weights out of range): not a usable model");
    if (!model.hasValueHead()) return {};
    auto wdl = model.valueEstimates({*start}, {encoding::Conditioning{}}, {});
    if (!wdl) return makeError(wdl.error().code, file + ": " + wdl.error().message);
    for (const encoding::Wdl& w : *wdl)
        if (!std::isfinite(w.win) || !std::isfinite(w.draw) || !std::isfinite(w.loss))
            return makeError(ErrorCode::InvalidInput, file +
                                                          ": the model's value head gives non-finite outputs "
                                                          "(weights out of range): not a usable model");
    return {};
}

/// `model` with the player's moves of the bundle at `path` mixed in, when it has a book.
Result<std::unique_ptr<encoding::Evaluator>> withBundleBook(std::unique_ptr<encoding::Evaluator> model,
                                                            const storage::Bundle& bundle, const QString& path) {
    auto book = bundleBookOf(bundle, path);
    if (!book) return book.error();
    if (!book->has_value() || (*book)->positions() == 0) return model;
    return std::unique_ptr<encoding::Evaluator>(
        std::make_unique<encoding::PlayerBookEvaluator>(std::move(model), std::move(**book)));
}

/// The network of the human-move bundle `bundle` (read from `path`), checked and probed, without its blend or book.
Result<std::unique_ptr<encoding::Evaluator>> bundleNetwork(const storage::Bundle& bundle, const QString& path) {
    auto config = checkHumanBundle(bundle, path);
    if (!config) return config.error();
    std::vector<models::NamedWeights> weights;
    weights.reserve(bundle.tensors.size());
    for (const auto& t : bundle.tensors) {
        models::NamedWeights w{t.name, t.shape, std::vector<float>(std::size_t(t.numel()))};
        if (t.dtype == storage::DType::F16)
            storage::halfToFloats(t.data, w.values.data());
        else
            std::memcpy(w.values.data(), t.data.constData(), w.values.size() * sizeof(float));
        weights.push_back(std::move(w));
    }
    auto ev = models::TorchEvaluator::fromWeights(*config, weights, path.toStdString());
    if (!ev) return ev.error();
    if (Status probe = probeOutputs(**ev, path); !probe) return probe.error();
    return std::unique_ptr<encoding::Evaluator>(std::move(ev.value()));
}

/// `model` (the network of the bundle at `path`) blended as the bundle's manifest asks, when its nets are found (and,
/// for a model of a player, the exact bundle it was fine-tuned from); else `model` alone.
Result<std::unique_ptr<encoding::Evaluator>> withBundleBlend(std::unique_ptr<encoding::Evaluator> model,
                                                             const storage::Bundle& bundle, const QString& path) {
    auto blend = bundleBlendOf(bundle, path);
    if (!blend) return blend.error();
    // Without its nets (not installed) the bundle answers alone; its describe() then names no blend.
    const QString nets = blend->has_value() ? findModelNets((*blend)->nets, path) : QString();
    if (nets.isEmpty()) return model;
    // A model of a player is blended relative to the exact bundle it was fine-tuned from, or not at all.
    std::unique_ptr<encoding::Evaluator> reference;
    if (!(*blend)->reference.isEmpty()) {
        reference = loadReferenceModel(**blend, path);
        if (!reference) return model;
    }
    auto blended = blendWithNets(std::move(model), nets, (*blend)->schedule, (*blend)->netsKernel);
    if (!blended) return blended.error();
    if (reference)
        static_cast<encoding::BlendEvaluator&>(*blended.value())
            .setReference(std::move(reference), (*blend)->reference.toStdString());
    return blended;
}

/// The model `spec` names, each file read once: the network alone, blended (as the spec says, else as its bundle
/// asks, when `options.blend`), then a bundle's book over it (when `options.blend`).
Result<std::unique_ptr<encoding::Evaluator>> loadSpec(const ModelSpec& spec, const HumanLoadOptions& options) {
    const QString& path = spec.path;
    std::unique_ptr<encoding::Evaluator> model;
    std::optional<storage::Bundle> bundle;
    switch (spec.kind) {
        case ModelSpec::Kind::NetFolder: {
            auto ev = models::Lc0BandEvaluator::loadFolder(path.toStdString());
            if (!ev) return ev.error();
            model = std::move(ev.value());
            break;
        }
        case ModelSpec::Kind::Lc0Net: {
            auto ev = models::Lc0Evaluator::load(path.toStdString());
            if (!ev) return ev.error();
            model = std::move(ev.value());
            break;
        }
        case ModelSpec::Kind::Checkpoint: {
            auto ev = models::TorchEvaluator::load(path.toStdString());
            if (!ev) return ev.error();
            if (Status probe = probeOutputs(**ev, path); !probe) return probe.error();
            model = std::move(ev.value());
            break;
        }
        case ModelSpec::Kind::Bundle: {
            auto read = storage::readBundle(path, storage::kKindHumanMove);
            if (!read) return read.error();
            bundle = std::move(read.value());
            if (auto blend = bundleBlendOf(*bundle, path); !blend)
                return blend.error();  // a bad entry is refused always
            auto ev = bundleNetwork(*bundle, path);
            if (!ev) return ev.error();
            model = std::move(ev.value());
            break;
        }
    }
    if (spec.isBlend()) {
        // The spec's blend replaces any blend its bundle asks for.
        auto blended = blendWithNets(std::move(model), spec.nets, spec.suffix.schedule, spec.suffix.netsKernel);
        if (!blended) return blended.error();
        model = std::move(blended.value());
    } else if (bundle && options.blend) {
        auto blended = withBundleBlend(std::move(model), *bundle, path);
        if (!blended) return blended.error();
        model = std::move(blended.value());
    }
    if (!bundle || !options.blend) return model;
    // A model of a player keeps its book over the blend.
    return withBundleBook(std::move(model), *bundle, path);
}

}  // namespace

Result<std::unique_ptr<encoding::Evaluator>> loadHumanEvaluator(const ModelSpec& spec,
                                                                const HumanLoadOptions& options) {
    try {
        return loadSpec(spec, options);
    } catch (const std::exception& e) {
        return makeError(
            ErrorCode::Runtime,
            QStringLiteral("loading '%1' failed: %2").arg(spec.path, QString::fromUtf8(e.what())).toStdString());
    }
}

Result<std::unique_ptr<encoding::Evaluator>> loadHumanEvaluator(const QString& path, const HumanLoadOptions& options) {
    auto spec = parseModelSpec(path);
    if (!spec) return spec.error();
    return loadHumanEvaluator(*spec, options);
}

EvaluatorFactory humanEvaluatorFactory(const QString& path) {
    return [path]() { return loadHumanEvaluator(path); };
}

Status exportHumanBundle(const QString& checkpoint, const QString& out, const QJsonObject& training,
                         const QJsonObject& metrics, bool half, const QJsonObject& extraConfig) {
    if (Status st = refuseToOverwriteInput(checkpoint.toStdString(), out.toStdString()); !st) return st;
    auto ev = models::TorchEvaluator::load(checkpoint.toStdString());
    if (!ev) return ev.error();
    storage::Bundle b;
    b.kind = storage::kKindHumanMove;
    b.config = modelConfigToJson((*ev)->config());
    // What the bundle holds beside the move head (readers before these keys ignore them; the tensors decide).
    b.config[QStringLiteral("value_head")] = (*ev)->hasValueHead();
    const std::string described = (*ev)->describe();
    b.config[QStringLiteral("think_time_head")] =
        !(*ev)->hasTimeHead()                                         ? QStringLiteral("none")
        : described.find("clocks only") != std::string::npos          ? QStringLiteral("clocks")
        : described.find("told the move chosen") != std::string::npos ? QStringLiteral("board+move")
                                                                      : QStringLiteral("board");
    for (auto it = extraConfig.begin(); it != extraConfig.end(); ++it) b.config.insert(it.key(), it.value());
    b.encoding = encodingJson((*ev)->config().version);
    b.training = training;
    b.metrics = metrics;
    for (auto& w : (*ev)->exportWeights()) {
        storage::TensorBlob t;
        t.name = w.name;
        t.shape = w.shape;
        if (half) {
            t.dtype = storage::DType::F16;
            t.data = storage::floatsToHalf(w.values.data(), std::int64_t(w.values.size()));
        } else {
            t.dtype = storage::DType::F32;
            t.data =
                QByteArray(reinterpret_cast<const char*>(w.values.data()), qsizetype(w.values.size() * sizeof(float)));
        }
        b.tensors.push_back(std::move(t));
    }
    QString card;
    card += QStringLiteral("# Kibitz human-move model\n\n");
    card += QStringLiteral(
        "Predicts the probability of every legal move for a human player, conditioned on both "
        "players' Elo, both clocks and the increment (docs/ARCHITECTURE.md, \"Where each rule lives\").\n\n");
    card += QStringLiteral("- Config: %1 (%2 parameters)\n")
                .arg(QString::fromStdString(models::describeConfig((*ev)->config())))
                .arg((*ev)->parameters());
    card += QStringLiteral("- Weights: %1\n").arg(half ? QStringLiteral("float16") : QStringLiteral("float32"));
    if ((*ev)->hasValueHead())
        card += QStringLiteral(
            "- Value head: win/draw/loss of a game between humans of the conditioned ratings and clocks, for the "
            "side to move (trained on game results with the trunk frozen)\n");
    if ((*ev)->hasTimeHead())
        card += QStringLiteral(
            "- Think-time head: the seconds a human of the conditioned ratings and clocks spends on the move, as a "
            "log-normal distribution (trained on the [%clk] comments of clocked games with the trunk frozen)\n");
    for (auto it = training.begin(); it != training.end(); ++it)
        card += QStringLiteral("- Training %1: %2\n")
                    .arg(it.key(), it.value().isNull() ? QStringLiteral("none") : it.value().toVariant().toString());
    for (auto it = metrics.begin(); it != metrics.end(); ++it)
        if (!it.value().isObject() && !it.value().isArray())
            card += QStringLiteral("- Metric %1: %2\n").arg(it.key(), it.value().toVariant().toString());
    card += QStringLiteral("\nTraining data: rated Lichess games (CC0, lichess.org open database).\n");
    b.modelCard = card;
    return storage::writeBundle(out, b);
}

}  // namespace kibitz::jobs
