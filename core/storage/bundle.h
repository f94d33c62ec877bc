// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kibitz::storage {

/// Current bundle format version written into manifest.json.
constexpr int kBundleFormatVersion = 1;
/// Bundle kinds (manifest "kind").
inline const QString kKindHumanMove = QStringLiteral("human-move");
inline const QString kKindPuzzleRating = QStringLiteral("puzzle-rating");

enum class DType : std::uint8_t { F32 = 0, F16 = 1 };

/// One named tensor as raw little-endian bytes (no torch here; core/models converts).
struct TensorBlob {
    std::string name;
    std::vector<std::int64_t> shape;
    DType dtype = DType::F32;
    QByteArray data;  ///< numel * (4 for F32, 2 for F16) bytes

    std::int64_t numel() const;
};

/// A model bundle: manifest sections, weights and the model card (docs/models/README.md).
struct Bundle {
    QString kind;          ///< kKindHumanMove or kKindPuzzleRating
    QJsonObject config;    ///< model configuration (sizes, variant)
    QJsonObject encoding;  ///< encoding version and brackets
    QJsonObject training;  ///< data, steps, samples, wall time, device
    QJsonObject metrics;   ///< evaluation metrics
    QString modelCard;     ///< MODEL_CARD.md text
    std::vector<TensorBlob> tensors;
    // Filled on read:
    int formatVersion = kBundleFormatVersion;
    QString createdAt;
    QString kibitzVersion;
    std::map<QString, QString> sha256;  ///< entry name -> hex digest, as listed in the manifest
};

/// Writes `bundle` to `path` atomically (temporary file, then rename). The manifest records the sha256 of
/// every other entry, and of itself (manifest_sha256: its compact JSON without that field). Errors name the file.
Status writeBundle(const QString& path, const Bundle& bundle);

/// Reads and validates a bundle: a readable zip, the manifest's own checksum (when it has one: bundles written
/// before it was added have none), manifest schema and version, `expectedKind` (if not empty), sha256 of each
/// entry, and a well-formed weights file. Never returns a half-read bundle.
Result<Bundle> readBundle(const QString& path, const QString& expectedKind = {});

/// Elements stored in the bundle's weights (all tensors).
std::int64_t storedElements(const Bundle& bundle);

/// A manifest without its own checksum (an older bundle) can still be edited unnoticed: a config that implies at least
/// `configWeights` weights (a lower bound computed from its sizes) is refused when that is more than twice what the
/// bundle stores, before anything of that size is built. InvalidInput naming `what` (the config's sizes).
Status checkConfigAgainstWeights(const Bundle& bundle, double configWeights, const std::string& what);

/// The checks of readBundle after the zip has been read (exposed for the fuzzer and tests): `entries` maps entry
/// names ("manifest.json", "weights.bin", "MODEL_CARD.md") to their bytes; the manifest's schema and version, the
/// kind, the checksums and the weights are validated, errors name `path`.
Result<Bundle> parseBundleEntries(const QString& path, std::map<QString, QByteArray> entries,
                                  const QString& expectedKind = {});

/// Checks that `bundle` holds exactly the tensors of `expected` (name -> shape); the error names the first
/// missing, unexpected or mis-shaped entry.
Status validateShapes(const Bundle& bundle, const std::map<std::string, std::vector<std::int64_t>>& expected);

/// Serialises tensors into the "weights.bin" format (exposed for tests): magic "KBZW", version, count, then
/// per tensor name, dtype, shape and data, all little-endian.
QByteArray encodeWeights(const std::vector<TensorBlob>& tensors);
Result<std::vector<TensorBlob>> decodeWeights(const QByteArray& bytes);

/// Converts float32 values to IEEE half precision bytes and back (round to nearest even).
QByteArray floatsToHalf(const float* values, std::int64_t count);
void halfToFloats(const QByteArray& half, float* out);

/// Human-readable summary for `kibitz-cli bundle info`.
QString describeBundle(const Bundle& bundle, const QString& path);

}  // namespace kibitz::storage
