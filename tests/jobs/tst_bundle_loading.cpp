// SPDX-License-Identifier: GPL-3.0-or-later
// Bundles whose manifest promises a far larger model than the weights hold (re-written with valid checksums, as a
// bundle from before manifests carried their own checksum can be edited; an edit of a newer one fails its
// manifest_sha256, tst_bundle): the loaders refuse them at once, naming the file, instead of building a model of the
// promised size (a 2.6 MB bundle edited this way once took 74 s and 3.3 GB before it was rejected; the puzzle
// loader had no bound at all). The shipped bundles load, so the check does not refuse real models.
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/models/puzzle_config.h"
#include "core/models/puzzle_predictor.h"
#include "core/storage/bundle.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace kibitz;

namespace {
const QString kHuman = QStringLiteral(KIBITZ_SOURCE_DIR "/resources/models/human-default.kibitz");
const QString kPuzzle = QStringLiteral(KIBITZ_SOURCE_DIR "/resources/models/puzzle-default.kibitz");
}  // namespace

class TestBundleLoading : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedBundlesLoad() {
        QVERIFY(jobs::loadHumanEvaluator(kHuman).ok());
        QVERIFY(jobs::loadPuzzleModel(kPuzzle.toStdString()).ok());
    }

    void humanConfigLargerThanItsWeights() {
        QTemporaryDir dir;
        auto b = storage::readBundle(kHuman);
        QVERIFY(b.ok());
        b->config[QStringLiteral("d_model")] = 4096;
        b->config[QStringLiteral("layers")] = 64;
        b->config[QStringLiteral("ffn_hidden")] = 65536;
        const QString path = dir.filePath(QStringLiteral("edited.kibitz"));
        QVERIFY(storage::writeBundle(path, *b).ok());  // a valid zip with valid checksums: only the config lies
        QElapsedTimer t;
        t.start();
        auto ev = jobs::loadHumanEvaluator(path);
        QVERIFY(!ev.ok());
        // Refused before a model of the config's size is built (which takes minutes and gigabytes); the bound
        // leaves room for a loaded machine, the time is reported.
        qInfo("refused in %lld ms", static_cast<long long>(t.elapsed()));
        QVERIFY(t.elapsed() < 5000);
        const QString msg = QString::fromStdString(ev.error().message);
        QVERIFY2(msg.contains(path) && msg.contains(QStringLiteral("d_model 4096, layers 64, ffn_hidden 65536")) &&
                     msg.contains(QStringLiteral("but weights.bin holds")),
                 qPrintable(msg));
    }

    // A bundle whose weights turn the model's answers into NaN (every value of its first tensor infinite, with valid
    // checksums) is refused at load by the one forward pass on the start position, naming the file, instead of
    // showing "nan%" for every move later.
    void humanOutputsThatAreNotNumbers() {
        QTemporaryDir dir;
        auto b = storage::readBundle(kHuman);
        QVERIFY(b.ok());
        QVERIFY(!b->tensors.empty());
        storage::TensorBlob& t = b->tensors.front();
        if (t.dtype == storage::DType::F16) {
            auto* v = reinterpret_cast<quint16*>(t.data.data());
            for (qint64 i = 0; i < t.numel(); ++i) v[i] = 0x7C00;  // +infinity
        } else {
            auto* v = reinterpret_cast<float*>(t.data.data());
            for (qint64 i = 0; i < t.numel(); ++i) v[i] = std::numeric_limits<float>::infinity();
        }
        const QString path = dir.filePath(QStringLiteral("overflowing.kibitz"));
        QVERIFY(storage::writeBundle(path, *b).ok());
        auto ev = jobs::loadHumanEvaluator(path);
        QVERIFY(!ev.ok());
        const QString msg = QString::fromStdString(ev.error().message);
        QVERIFY2(msg.startsWith(path + QStringLiteral(": ")) && msg.contains(QLatin1String("non-finite")),
                 qPrintable(msg));
    }

    void puzzleConfigLargerThanItsWeights() {
        QTemporaryDir dir;
        auto b = storage::readBundle(kPuzzle);
        QVERIFY(b.ok());
        auto cfg =
            models::puzzleConfigFromString(b->config.value(QStringLiteral("glickformer")).toString().toStdString());
        QVERIFY(cfg.ok());
        cfg->dModel = 8192;
        cfg->layers = 48;
        b->config[QStringLiteral("glickformer")] = QString::fromStdString(models::puzzleConfigToString(*cfg));
        const QString path = dir.filePath(QStringLiteral("edited-puzzle.kibitz"));
        QVERIFY(storage::writeBundle(path, *b).ok());
        QElapsedTimer t;
        t.start();
        auto p = jobs::loadPuzzleModel(path.toStdString());
        QVERIFY(!p.ok());
        // Refused before a model of the config's size is built (which takes minutes and gigabytes); the bound
        // leaves room for a loaded machine, the time is reported.
        qInfo("refused in %lld ms", static_cast<long long>(t.elapsed()));
        QVERIFY(t.elapsed() < 5000);
        QVERIFY2(QString::fromStdString(p.error().message).contains(QStringLiteral("but weights.bin holds")),
                 p.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBundleLoading)
#include "tst_bundle_loading.moc"
