// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/puzzle_human.h"

#include "core/evaluation/solve_feature_cache.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/cache_directory.h"
#include "core/jobs/human_model.h"
#include "core/models/lc0_evaluator.h"
#include "core/storage/bundle.h"
#include "core/storage/default_models.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <optional>

namespace kibitz::jobs {

struct HumanFeatures::Impl {
    HumanModelIdentity identity;
    std::unique_ptr<encoding::Evaluator> evaluator;
    std::optional<evaluation::SolveFeatureCache> cache;
    std::unique_ptr<evaluation::CachedSolveFeatures> provider;
    std::function<void(const std::string&)> warn;
};

std::string movesSha256(const storage::Bundle& bundle) {
    std::vector<const storage::TensorBlob*> moves;
    for (const auto& t : bundle.tensors)
        if (t.name.rfind("value.", 0) != 0 && t.name.rfind("time.", 0) != 0) moves.push_back(&t);
    std::sort(moves.begin(), moves.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const auto* t : moves) {
        h.addData(QByteArray::fromStdString(t->name + '\0'));
        for (std::int64_t d : t->shape) h.addData(QByteArray::number(qlonglong(d)) + ',');
        h.addData(QByteArray::number(int(t->dtype)) + ';');
        h.addData(t->data);
    }
    return h.result().toHex().toStdString();
}

namespace {

/// A folder of lc0 nets: the sha256 of each `*.pb.gz` (name order), hashed with the names.
Result<HumanModelIdentity> folderIdentity(const QString& folder) {
    HumanModelIdentity id;
    id.path = folder;
    id.name = QFileInfo(folder).fileName().toStdString();
    const QStringList nets = QDir(folder).entryList({QStringLiteral("*.pb.gz")}, QDir::Files, QDir::Name);
    if (nets.isEmpty())
        return makeError(ErrorCode::InvalidInput, folder.toStdString() + ": no lc0 nets (*.pb.gz) in the folder");
    QCryptographicHash all(QCryptographicHash::Sha256);
    for (const QString& name : nets) {
        QFile f(QDir(folder).filePath(name));
        QCryptographicHash h(QCryptographicHash::Sha256);
        if (!f.open(QIODevice::ReadOnly) || !h.addData(&f))
            return makeError(ErrorCode::Io,
                             f.fileName().toStdString() + ": cannot read the net: " + f.errorString().toStdString());
        all.addData(name.toUtf8() + '\0' + h.result().toHex() + '\n');
    }
    id.sha256 = all.result().toHex().toStdString();
    return id;
}

}  // namespace

Result<HumanModelIdentity> humanModelIdentity(const QString& path) {
    HumanModelIdentity id;
    id.path = path.isEmpty() ? defaultHumanModelPath() : path;
    if (id.path.isEmpty())
        return makeError(ErrorCode::InvalidInput, "no human-move model given and no human-default.kibitz found");
    if (QFileInfo(id.path).isDir()) return folderIdentity(id.path);
    QFile f(id.path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::InvalidInput, id.path.toStdString() + ": cannot read the human-move model: " +
                                                      f.errorString().toStdString());
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f)) return makeError(ErrorCode::Io, id.path.toStdString() + ": read error while hashing");
    id.sha256 = h.result().toHex().toStdString();
    id.name = QFileInfo(id.path).fileName().toStdString();
    if (id.path.endsWith(QStringLiteral(".kibitz"))) {
        auto b = storage::readBundle(id.path);
        if (!b) return b.error();
        if (b->kind == storage::kKindHumanMove) id.movesSha256 = movesSha256(*b);
    }
    return id;
}

std::string defaultSolveFeatureCachePath(const std::string& sha256) {
    const QString dir = cacheDirectory();
    const QString name = QStringLiteral("solve-features-%1.bin").arg(QString::fromStdString(sha256.substr(0, 16)));
    return QDir(dir).filePath(name).toStdString();
}

QString defaultMaiaFolder() { return findModelNets(QStringLiteral("maia-1")); }

std::string defaultMaiaFeatureCachePath(const std::string& sha256) {
    const QString name = QStringLiteral("maia-features-%1.bin").arg(QString::fromStdString(sha256.substr(0, 16)));
    return QDir(cacheDirectory()).filePath(name).toStdString();
}

HumanFeatures::HumanFeatures() : m_impl(std::make_unique<Impl>()) {}

HumanFeatures::~HumanFeatures() {
    if (auto st = saveCache(); !st.ok() && m_impl->warn) m_impl->warn(st.error().message);
}

Result<std::shared_ptr<HumanFeatures>> HumanFeatures::open(const HumanFeatureOptions& options) {
    QString path = options.humanModel;
    if (options.maiaLayout && path.isEmpty()) {
        path = defaultMaiaFolder();
        if (path.isEmpty())
            return makeError(ErrorCode::InvalidInput,
                             "no folder of the nine Maia-1 nets (maia-1100.pb.gz ... maia-1900.pb.gz) given or "
                             "installed (set KIBITZ_MAIA_DIR)");
    }
    if (options.maiaLayout && !QFileInfo(path).isDir())
        return makeError(ErrorCode::InvalidInput, path.toStdString() + ": not a folder of the nine Maia-1 nets");
    auto id = humanModelIdentity(path);
    if (!id.ok()) return id.error();
    // The model alone: a puzzle stage learnt its own probabilities, not a blend its bundle may ask for.
    auto eval = loadHumanEvaluator(id.value().path, HumanLoadOptions{.blend = false});
    if (!eval.ok()) return eval.error();
    if (options.maiaLayout) {
        const auto* bands = dynamic_cast<const models::Lc0BandEvaluator*>(eval.value().get());
        std::vector<int> want(evaluation::kMaiaBands.begin(), evaluation::kMaiaBands.end());
        if (!bands || bands->bands() != want)
            return makeError(ErrorCode::InvalidInput, path.toStdString() +
                                                          ": the Maia features need the nine nets maia-1100.pb.gz ... "
                                                          "maia-1900.pb.gz, one per band");
    }
    std::shared_ptr<HumanFeatures> h(new HumanFeatures());
    h->m_impl->identity = id.value();
    h->m_impl->evaluator = std::move(eval.value());
    h->m_impl->warn = options.warn;
    if (options.useCache) {
        const std::string cache = !options.cachePath.empty() ? options.cachePath
                                  : options.maiaLayout       ? defaultMaiaFeatureCachePath(id.value().pin())
                                                             : defaultSolveFeatureCachePath(id.value().pin());
        auto c = evaluation::SolveFeatureCache::open(
            cache, id.value().pin(),
            options.maiaLayout ? evaluation::kMaiaFeatureCount : evaluation::kSolveFeatureCount);
        if (!c.ok()) return c.error();
        h->m_impl->cache.emplace(std::move(c.value()));
    }
    h->m_impl->provider = std::make_unique<evaluation::CachedSolveFeatures>(
        h->m_impl->evaluator.get(), h->m_impl->cache ? &*h->m_impl->cache : nullptr);
    h->m_impl->provider->setSaveEvery(options.saveEvery);
    h->m_impl->provider->setMaiaLayout(options.maiaLayout);
    if (options.progress) h->m_impl->provider->setProgress(options.progress);
    return h;
}

Status HumanFeatures::features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out,
                               std::span<const int> elos) {
    return m_impl->provider->features(puzzles, out, elos);
}

models::PuzzleFeatureSource HumanFeatures::sourceOf(const std::shared_ptr<HumanFeatures>& self,
                                                    std::span<const int> elos) {
    return [self, levels = std::vector<int>(elos.begin(), elos.end())](std::span<const chess::Puzzle> puzzles,
                                                                       std::vector<std::vector<float>>& out) {
        return self->features(puzzles, out, levels);
    };
}

Status HumanFeatures::saveCache() { return m_impl->cache ? m_impl->cache->save() : Status{}; }
void HumanFeatures::setSaveEvery(std::int64_t n) { m_impl->provider->setSaveEvery(n); }
const HumanModelIdentity& HumanFeatures::identity() const { return m_impl->identity; }
std::string HumanFeatures::cachePath() const { return m_impl->cache ? m_impl->cache->path() : std::string(); }
std::size_t HumanFeatures::cachedPuzzles() const { return m_impl->cache ? m_impl->cache->size() : 0; }
std::int64_t HumanFeatures::computedPuzzles() const { return m_impl->provider->computed(); }
std::int64_t HumanFeatures::cacheHits() const { return m_impl->provider->cacheHits(); }
double HumanFeatures::computeSeconds() const { return m_impl->provider->computeSeconds(); }

namespace {

/// The Maia-1 nets of a stage with a Maia part, checked against the digest the stage records.
Result<std::shared_ptr<HumanFeatures>> openStageMaia(const models::EngineRatingHead& head,
                                                     const HumanFeatureOptions& options) {
    HumanFeatureOptions mo;
    mo.humanModel = options.maiaFolder;
    mo.cachePath = options.maiaCachePath;
    mo.useCache = options.useCache;
    mo.saveEvery = options.saveEvery;
    mo.warn = options.warn;
    mo.maiaLayout = true;
    auto maia = HumanFeatures::open(mo);
    if (!maia.ok()) return maia.error();
    const std::string digest = maia.value()->identity().pin().substr(0, 16);
    if (digest != head.maiaNets && !options.allowMismatch)
        return makeError(ErrorCode::InvalidInput, "the engine stage was fitted on Maia-1 nets with digest " +
                                                      head.maiaNets + ", but " +
                                                      maia.value()->identity().path.toStdString() + " has " + digest);
    return maia;
}

}  // namespace

Status attachHumanFeatures(models::PuzzlePredictor& predictor, const HumanFeatureOptions& options) {
    // A +human model cannot rate without the features: every problem is an error. When only the engine stage takes
    // them, the stage is left off instead (the boards' rating, as without Stockfish) and the problem is a warning.
    const bool stageOnly = predictor.config().humanFeatures <= 0;
    if (stageOnly && !predictor.meta().engineHead.needsHuman()) return {};
    const std::string stageOff = ": puzzles are rated without the model's engine stage";
    if (!stageOnly && predictor.config().humanFeatures != evaluation::kSolveFeatureCount)
        return makeError(ErrorCode::InvalidInput,
                         "puzzle model expects " + std::to_string(predictor.config().humanFeatures) +
                             " human features; this build computes " + std::to_string(evaluation::kSolveFeatureCount));
    auto h = options.shared ? Result<std::shared_ptr<HumanFeatures>>(options.shared) : HumanFeatures::open(options);
    if (!h.ok()) {
        if (!stageOnly) return h.error();
        if (options.warn) options.warn(h.error().message + stageOff);
        return {};
    }
    const auto& meta = predictor.meta();
    const auto& id = h.value()->identity();
    if (meta.humanModelSha256.empty()) {
        if (options.warn)
            options.warn("the puzzle model does not record its human-move model; using " + id.name + " (sha256 " +
                         id.pin().substr(0, 16) + ")");
    } else if (!id.matches(meta.humanModelSha256)) {
        const std::string msg =
            std::string(stageOnly ? "the engine stage was fitted" : "the puzzle model was trained") +
            " with human-move model " + meta.humanModelName + " (sha256 " + meta.humanModelSha256.substr(0, 16) +
            "), but " + id.path.toStdString() + " has sha256 " + id.pin().substr(0, 16);
        if (!options.allowMismatch) {
            if (!stageOnly)
                return makeError(ErrorCode::InvalidInput,
                                 msg + "; pass that model with --human-model (or --allow-human-mismatch)");
            if (options.warn) options.warn(msg + stageOff + " (pass that model with --human-model)");
            return {};
        }
        if (options.warn) options.warn(msg + "; ratings may be off");
    }
    // A stage computes only the levels it reads (4 of 11 model runs per solver move).
    const std::string& set = predictor.meta().engineHead.human;
    models::PuzzleFeatureSource own = stageOnly ? HumanFeatures::sourceOf(h.value(), models::humanStageElos(set))
                                                : HumanFeatures::sourceOf(h.value());
    if (!models::humanStageUsesMaia(set)) {
        predictor.setFeatureSource(std::move(own));
        return {};
    }
    // The stage also reads the nine Maia-1 nets' features: they follow the model's own in one vector.
    auto maia = openStageMaia(predictor.meta().engineHead, options);
    if (!maia.ok()) {
        // The stage fitted without the nets takes its place where the model has one.
        const models::EngineRatingHead fallback = predictor.meta().engineHeadFallback;
        if (!fallback.empty() && !models::humanStageUsesMaia(fallback.human)) {
            if (options.warn)
                options.warn(maia.error().message + ": puzzles are rated with the stage fitted without them");
            predictor.setEngineHead(fallback);
            predictor.setFeatureSource(stageOnly
                                           ? HumanFeatures::sourceOf(h.value(), models::humanStageElos(fallback.human))
                                           : HumanFeatures::sourceOf(h.value()));
            return {};
        }
        if (options.warn) options.warn(maia.error().message + stageOff);
        if (!stageOnly) predictor.setFeatureSource(std::move(own));
        return {};
    }
    predictor.setFeatureSource([own = std::move(own), maia = maia.value()](std::span<const chess::Puzzle> puzzles,
                                                                           std::vector<std::vector<float>>& out) {
        if (auto st = own(puzzles, out); !st.ok()) return st;
        std::vector<std::vector<float>> nets;
        if (auto st = maia->features(puzzles, nets); !st.ok()) return st;
        for (std::size_t i = 0; i < out.size() && i < nets.size(); ++i)
            out[i].insert(out[i].end(), nets[i].begin(), nets[i].end());
        return Status{};
    });
    return {};
}

}  // namespace kibitz::jobs
