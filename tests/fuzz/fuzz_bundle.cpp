// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the model bundle reader after the zip layer (core/storage parseBundleEntries: manifest schema,
// checksums, the weights header and data) and the weights decoder alone. Input: a manifest and a weights file,
// separated by the first NUL byte. Besides the input as given, the weights are also checked under a manifest that
// lists their true sha256 and tensor list, so the decoder is reached whatever the fuzzer does to the manifest. Nothing
// may crash, allocate what a header merely claims, or accept weights whose sizes disagree with their shapes.
#include "core/storage/bundle.h"
#include "tests/fuzz/fuzz_check.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>
#include <map>

using kibitz::fuzz::check;
using namespace kibitz::storage;

namespace {

void checkDecoded(const std::vector<TensorBlob>& tensors, std::size_t bytes) {
    std::size_t total = 0;
    for (const TensorBlob& t : tensors) {
        const std::int64_t size = t.dtype == DType::F16 ? 2 : 4;
        check(std::int64_t(t.data.size()) == t.numel() * size, "tensor data matches its shape", t.name);
        total += std::size_t(t.data.size());
    }
    check(total <= bytes, "decoded data fits in the input");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray all(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype nul = all.indexOf('\0');
    const QByteArray manifest = nul < 0 ? all : all.left(nul);
    const QByteArray weights = nul < 0 ? QByteArray() : all.mid(nul + 1);

    if (auto decoded = decodeWeights(weights); decoded.ok())
        checkDecoded(*decoded, std::size_t(weights.size()));
    else
        check(!decoded.error().message.empty(), "a rejected weights file has an error message");

    const QString path = QStringLiteral("fuzz.kibitz");
    auto b = parseBundleEntries(
        path, {{QStringLiteral("manifest.json"), manifest}, {QStringLiteral("weights.bin"), weights}});
    if (!b.ok()) {
        check(b.error().message.find("fuzz.kibitz") != std::string::npos, "bundle errors name the file",
              b.error().message);
    } else {
        checkDecoded(b->tensors, std::size_t(weights.size()));
        check(b->kind == kKindHumanMove || b->kind == kKindPuzzleRating, "kind is known");
    }

    // The same weights under a manifest with their true checksum.
    QJsonObject m = QJsonDocument::fromJson(manifest).object();
    m[QStringLiteral("format_version")] = 1;
    if (!m.value(QStringLiteral("kind")).isString()) m[QStringLiteral("kind")] = kKindPuzzleRating;
    for (const char* key : {"config", "encoding", "training", "metrics"})
        if (!m.value(QLatin1String(key)).isObject()) m[QLatin1String(key)] = QJsonObject();
    // ... and their true tensor list, as the writer makes it, when they decode (so the checks after it run).
    if (auto decoded = decodeWeights(weights); decoded.ok()) {
        QJsonArray list;
        for (const TensorBlob& t : *decoded) {
            QJsonArray shape;
            for (auto d : t.shape) shape.append(qint64(d));
            list.append(QJsonObject{
                {QStringLiteral("name"), QString::fromStdString(t.name)},
                {QStringLiteral("shape"), shape},
                {QStringLiteral("dtype"), t.dtype == DType::F16 ? QStringLiteral("f16") : QStringLiteral("f32")}});
        }
        m[QStringLiteral("tensors")] = list;
    }
    m[QStringLiteral("sha256")] =
        QJsonObject{{QStringLiteral("weights.bin"),
                     QString::fromLatin1(QCryptographicHash::hash(weights, QCryptographicHash::Sha256).toHex())}};
    auto b2 = parseBundleEntries(
        path, {{QStringLiteral("manifest.json"), QJsonDocument(m).toJson()}, {QStringLiteral("weights.bin"), weights}});
    if (b2.ok()) {
        checkDecoded(b2->tensors, std::size_t(weights.size()));
        (void)checkConfigAgainstWeights(*b2, 1e18, "fuzz");
    }
    return 0;
}
