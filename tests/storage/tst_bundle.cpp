// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/storage/bundle.h"

#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipnewinfo.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace kibitz::storage;

class TestBundle : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void roundTrip();
    void halfPrecision_data();
    void halfPrecision();
    void rejects_data();
    void rejects();
    void manifestChecksum();
    void wrongKind();
    void wrongShapes();
    void writeIsAtomic();
    void hugeHeadersAreRefusedCheaply();

private:
    Bundle sample() const;
    QString write(const Bundle& b, const QString& name);
    /// Rewrites a bundle's zip with one entry replaced (or dropped when `data` is null).
    QString rewriteEntry(const QString& src, const QString& entry, const QByteArray* data, const QString& name);
    QTemporaryDir m_dir;
};

void TestBundle::initTestCase() { QVERIFY(m_dir.isValid()); }

namespace {
/// The manifest of a bundle as written (empty when it cannot be read).
QJsonObject manifestOf(const QString& bundle) {
    QuaZip zip(bundle);
    if (!zip.open(QuaZip::mdUnzip) || !zip.setCurrentFile(QStringLiteral("manifest.json"))) return {};
    QuaZipFile f(&zip);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}
}  // namespace

Bundle TestBundle::sample() const {
    Bundle b;
    b.kind = kKindHumanMove;
    b.config = QJsonObject{{QStringLiteral("d_model"), 8}, {QStringLiteral("layers"), 1}};
    b.encoding = QJsonObject{{QStringLiteral("version"), 1}};
    b.training = QJsonObject{{QStringLiteral("steps"), 10}};
    b.metrics = QJsonObject{{QStringLiteral("top1"), 0.31}};
    b.modelCard = QStringLiteral("# Test model\n");
    TensorBlob w{"layer.weight", {2, 3}, DType::F32, {}};
    const float vals[6] = {1.f, -2.f, 0.5f, 3.25f, -0.125f, 100.f};
    w.data = QByteArray(reinterpret_cast<const char*>(vals), sizeof(vals));
    TensorBlob h{"layer.half", {4}, DType::F16, {}};
    const float hv[4] = {0.1f, -1.5f, 65504.f, 0.f};
    h.data = floatsToHalf(hv, 4);
    b.tensors = {w, h};
    return b;
}

QString TestBundle::write(const Bundle& b, const QString& name) {
    const QString path = m_dir.filePath(name);
    auto st = writeBundle(path, b);
    if (!st.ok()) qWarning("%s", st.error().message.c_str());
    return st.ok() ? path : QString();
}

QString TestBundle::rewriteEntry(const QString& src, const QString& entry, const QByteArray* data,
                                 const QString& name) {
    QuaZip in(src);
    if (!in.open(QuaZip::mdUnzip)) return {};
    const QString dst = m_dir.filePath(name);
    QuaZip out(dst);
    if (!out.open(QuaZip::mdCreate)) return {};
    for (bool more = in.goToFirstFile(); more; more = in.goToNextFile()) {
        const QString n = in.getCurrentFileName();
        QuaZipFile f(&in);
        f.open(QIODevice::ReadOnly);
        QByteArray bytes = f.readAll();
        f.close();
        if (n == entry) {
            if (!data) continue;
            bytes = *data;
        }
        QuaZipFile o(&out);
        o.open(QIODevice::WriteOnly, QuaZipNewInfo(n));
        o.write(bytes);
        o.close();
    }
    out.close();
    return dst;
}

void TestBundle::roundTrip() {
    const Bundle b = sample();
    const QString path = write(b, QStringLiteral("ok.kibitz"));
    QVERIFY(!path.isEmpty());
    auto r = readBundle(path, kKindHumanMove);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->kind, kKindHumanMove);
    QCOMPARE(r->config, b.config);
    QCOMPARE(r->metrics, b.metrics);
    QCOMPARE(r->modelCard, b.modelCard);
    QCOMPARE(r->tensors.size(), std::size_t(2));
    QCOMPARE(r->tensors[0].name, std::string("layer.weight"));
    QCOMPARE(r->tensors[0].shape, (std::vector<std::int64_t>{2, 3}));
    QCOMPARE(r->tensors[0].data, b.tensors[0].data);
    QCOMPARE(r->tensors[1].data, b.tensors[1].data);
    QVERIFY(r->sha256.count(QStringLiteral("weights.bin")));
    QVERIFY(describeBundle(*r, path).contains(QStringLiteral("Parameters:     10 in 2 tensors")));
}

void TestBundle::halfPrecision_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<float>("expected");  // IEEE 754 binary16 nearest value
    QTest::newRow("one") << 1.0f << 1.0f;
    QTest::newRow("third") << 1.0f / 3.0f << 0.333251953125f;
    QTest::newRow("max") << 65504.0f << 65504.0f;
    QTest::newRow("overflow") << 70000.0f << std::numeric_limits<float>::infinity();
    QTest::newRow("min normal") << 6.103515625e-05f << 6.103515625e-05f;
    QTest::newRow("subnormal") << 5.9604644775390625e-08f << 5.9604644775390625e-08f;
    QTest::newRow("tiny") << 1e-9f << 0.0f;
    QTest::newRow("negative") << -2.5f << -2.5f;
    QTest::newRow("tie to even") << 1.00048828125f << 1.0f;  // halfway between 1 and 1+2^-10
}

void TestBundle::halfPrecision() {
    QFETCH(float, value);
    QFETCH(float, expected);
    const QByteArray h = floatsToHalf(&value, 1);
    QCOMPARE(h.size(), 2);
    float back = 0;
    halfToFloats(h, &back);
    QCOMPARE(back, expected);
}

void TestBundle::rejects_data() {
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated zip") << "truncate"
                                   << "not a readable zip";
    QTest::newRow("tampered weights") << "tamper"
                                      << "checksum mismatch for entry 'weights.bin'";
    QTest::newRow("missing weights") << "drop-weights"
                                     << "missing entry 'weights.bin'";
    QTest::newRow("bad manifest json") << "bad-json"
                                       << "manifest.json: invalid JSON";
    QTest::newRow("future version") << "future"
                                    << "format_version 99 is not supported";
    QTest::newRow("missing file") << "missing"
                                  << "does not exist";
    QTest::newRow("weights truncated inside") << "short-weights"
                                              << "weights.bin";
    // The manifest is covered by its own checksum, so an edited config is refused at once.
    QTest::newRow("edited manifest") << "edit-manifest"
                                     << "manifest.json does not match its manifest_sha256";
}

void TestBundle::rejects() {
    QFETCH(QString, mutation);
    QFETCH(QString, expected);
    const QString good = write(sample(), QStringLiteral("good-%1.kibitz").arg(mutation));
    QVERIFY(!good.isEmpty());
    QString path;
    if (mutation == QLatin1String("truncate")) {
        QFile f(good);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray all = f.readAll();
        f.close();
        path = m_dir.filePath(QStringLiteral("truncated.kibitz"));
        QFile o(path);
        QVERIFY(o.open(QIODevice::WriteOnly));
        o.write(all.left(all.size() / 2));
    } else if (mutation == QLatin1String("tamper")) {
        auto b = readBundle(good);
        QVERIFY(b.ok());
        b->tensors[0].data[0] = char(b->tensors[0].data[0] ^ 0x40);
        const QByteArray w = encodeWeights(b->tensors);
        path = rewriteEntry(good, QStringLiteral("weights.bin"), &w, QStringLiteral("tampered.kibitz"));
    } else if (mutation == QLatin1String("drop-weights")) {
        path = rewriteEntry(good, QStringLiteral("weights.bin"), nullptr, QStringLiteral("noweights.kibitz"));
    } else if (mutation == QLatin1String("bad-json")) {
        const QByteArray j("{\"format_version\": 1, \"kind\": ");
        path = rewriteEntry(good, QStringLiteral("manifest.json"), &j, QStringLiteral("badjson.kibitz"));
    } else if (mutation == QLatin1String("future")) {
        const QByteArray j("{\"format_version\": 99, \"kind\": \"human-move\"}");
        path = rewriteEntry(good, QStringLiteral("manifest.json"), &j, QStringLiteral("future.kibitz"));
    } else if (mutation == QLatin1String("edit-manifest")) {
        QJsonObject m = manifestOf(good);
        QVERIFY(m.contains(QStringLiteral("manifest_sha256")));
        QJsonObject config = m.value(QStringLiteral("config")).toObject();
        config[QStringLiteral("d_model")] = 4096;  // what an edit that makes the loader build a huge model looks like
        m[QStringLiteral("config")] = config;
        const QByteArray j = QJsonDocument(m).toJson();
        path = rewriteEntry(good, QStringLiteral("manifest.json"), &j, QStringLiteral("edited.kibitz"));
    } else if (mutation == QLatin1String("missing")) {
        path = m_dir.filePath(QStringLiteral("nope.kibitz"));
    } else if (mutation == QLatin1String("short-weights")) {
        // A weights file cut short, with a manifest whose checksum matches it: the decoder must catch it.
        auto b = readBundle(good);
        QVERIFY(b.ok());
        Bundle copy = *b;
        QByteArray w = encodeWeights(copy.tensors);
        w.chop(3);
        auto decoded = decodeWeights(w);
        QVERIFY(!decoded.ok());
        QVERIFY(QString::fromStdString(decoded.error().message).contains(QStringLiteral("truncated")));
        return;
    }
    QVERIFY(!path.isEmpty());
    auto r = readBundle(path);
    QVERIFY(!r.ok());
    const QString msg = QString::fromStdString(r.error().message);
    QVERIFY2(msg.contains(expected), qPrintable(msg));
    QVERIFY2(msg.contains(path), qPrintable(msg));  // names the file
}

// A bundle written before manifests carried their own checksum still reads; the manifest re-indented (same JSON)
// keeps its checksum.
void TestBundle::manifestChecksum() {
    const QString good = write(sample(), QStringLiteral("digest.kibitz"));
    QVERIFY(!good.isEmpty());
    QJsonObject m = manifestOf(good);
    const QString digest = m.value(QStringLiteral("manifest_sha256")).toString();
    QCOMPARE(digest.size(), 64);

    const QByteArray compact = QJsonDocument(m).toJson(QJsonDocument::Compact);
    const QString same =
        rewriteEntry(good, QStringLiteral("manifest.json"), &compact, QStringLiteral("compact.kibitz"));
    auto r = readBundle(same);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());

    m.remove(QStringLiteral("manifest_sha256"));
    const QByteArray legacy = QJsonDocument(m).toJson();
    const QString old = rewriteEntry(good, QStringLiteral("manifest.json"), &legacy, QStringLiteral("legacy.kibitz"));
    auto l = readBundle(old);
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QCOMPARE(l->config, sample().config);

    m[QStringLiteral("manifest_sha256")] = 42;
    const QByteArray wrongType = QJsonDocument(m).toJson();
    const QString bad = rewriteEntry(good, QStringLiteral("manifest.json"), &wrongType, QStringLiteral("num.kibitz"));
    auto b = readBundle(bad);
    QVERIFY(!b.ok());
    QVERIFY(QString::fromStdString(b.error().message).contains(QStringLiteral("'manifest_sha256' is not a string")));
}

void TestBundle::wrongKind() {
    const QString path = write(sample(), QStringLiteral("kind.kibitz"));
    auto r = readBundle(path, kKindPuzzleRating);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("'human-move' bundle")));
}

void TestBundle::wrongShapes() {
    const Bundle b = sample();
    QVERIFY(validateShapes(b, {{"layer.weight", {2, 3}}, {"layer.half", {4}}}).ok());
    auto st = validateShapes(b, {{"layer.weight", {3, 2}}, {"layer.half", {4}}});
    QVERIFY(!st.ok());
    QVERIFY(QString::fromStdString(st.error().message)
                .contains(QStringLiteral("'layer.weight' has shape [2,3], expected [3,2]")));
    st = validateShapes(b, {{"layer.weight", {2, 3}}});
    QVERIFY(!st.ok());
    QVERIFY(QString::fromStdString(st.error().message).contains(QStringLiteral("unexpected tensor 'layer.half'")));
    st = validateShapes(b, {{"layer.weight", {2, 3}}, {"layer.half", {4}}, {"extra", {1}}});
    QVERIFY(!st.ok());
    QVERIFY(QString::fromStdString(st.error().message).contains(QStringLiteral("'extra' is missing")));
}

void TestBundle::writeIsAtomic() {
    // Writing over an existing bundle into a directory we cannot create fails cleanly; a good file stays intact.
    const QString path = write(sample(), QStringLiteral("atomic.kibitz"));
    QVERIFY(!path.isEmpty());
    Bundle other = sample();
    other.metrics = QJsonObject{{QStringLiteral("top1"), 0.5}};
    QVERIFY(writeBundle(path, other).ok());
    auto r = readBundle(path);
    QVERIFY(r.ok());
    QCOMPARE(r->metrics.value(QStringLiteral("top1")).toDouble(), 0.5);
    const QDir dir(m_dir.path());
    QCOMPARE(dir.entryList(QStringList{QStringLiteral("atomic.kibitz*")}, QDir::Files).size(), 1);  // no temp left
    QFile blocker(m_dir.filePath(QStringLiteral("blocker")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    QVERIFY(!writeBundle(m_dir.filePath(QStringLiteral("blocker/x.kibitz")), sample()).ok());
}

// Weights headers that declare 4G tensors or a tensor of 2^62 elements (`bundle info` once aborted with
// bad_alloc): refused at once, naming what is wrong, without allocating what they declare.
void TestBundle::hugeHeadersAreRefusedCheaply() {
    auto header = [](std::uint32_t count) {
        QByteArray w("KBZW", 4);
        const std::uint32_t version = 1;
        w.append(reinterpret_cast<const char*>(&version), 4).append(reinterpret_cast<const char*>(&count), 4);
        return w;
    };
    QElapsedTimer t;
    t.start();
    QByteArray many = header(0xFFFFFFFFu);
    many.append(QByteArray(64, '\0'));
    auto r = decodeWeights(many);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("declares 4294967295 tensors")),
             r.error().message.c_str());

    QByteArray big = header(1);
    const std::uint16_t nameLen = 1;
    big.append(reinterpret_cast<const char*>(&nameLen), 2).append("w", 1);
    big.append(char(0)).append(char(2));  // float32, two dimensions
    const std::int64_t dim = std::int64_t(1) << 31;
    big.append(reinterpret_cast<const char*>(&dim), 8).append(reinterpret_cast<const char*>(&dim), 8);
    const std::uint64_t nbytes = 0;
    big.append(reinterpret_cast<const char*>(&nbytes), 8);
    r = decodeWeights(big);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(QStringLiteral("larger than the file")),
             r.error().message.c_str());
    qInfo("refused in %lld ms", static_cast<long long>(t.elapsed()));
    QVERIFY(t.elapsed() < 5000);  // no 2^62-element allocation is attempted; room for a loaded machine
}

QTEST_GUILESS_MAIN(TestBundle)
#include "tst_bundle.moc"
