// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/storage/bundle.h"

#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipfileinfo.h>
#include <quazip/quazipnewinfo.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <bit>
#include <cstring>

namespace kibitz::storage {

namespace {

const QString kManifest = QStringLiteral("manifest.json");
const QString kWeights = QStringLiteral("weights.bin");
const QString kModelCard = QStringLiteral("MODEL_CARD.md");
constexpr char kWeightsMagic[4] = {'K', 'B', 'Z', 'W'};
constexpr std::uint32_t kWeightsVersion = 1;

Error bundleError(const QString& path, const QString& what) {
    return makeError(ErrorCode::InvalidInput, (QStringLiteral("bundle '%1': ").arg(path) + what).toStdString());
}

QString hexSha256(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

/// The manifest's checksum of itself: sha256 of its compact JSON without this field (QJsonObject keeps keys sorted
/// and Qt writes numbers in their shortest exact form, so a manifest read back digests to the same value).
const QString kManifestSha256 = QStringLiteral("manifest_sha256");

QString manifestDigest(const QJsonObject& manifestWithoutDigest) {
    return hexSha256(QJsonDocument(manifestWithoutDigest).toJson(QJsonDocument::Compact));
}

int dtypeSize(DType d) { return d == DType::F16 ? 2 : 4; }

// Little-endian writer/reader; the project only targets little-endian hosts, checked at compile time.
static_assert(std::endian::native == std::endian::little, "bundle weights are little-endian");

template <class T>
void put(QByteArray& out, T v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

class Reader {
public:
    explicit Reader(const QByteArray& b) : m_b(b) {}
    template <class T>
    bool get(T& v) {
        if (m_pos + qsizetype(sizeof(T)) > m_b.size()) return false;
        std::memcpy(&v, m_b.constData() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return true;
    }
    bool bytes(qsizetype n, QByteArray& out) {
        if (n < 0 || m_pos + n > m_b.size()) return false;
        out = m_b.mid(m_pos, n);
        m_pos += n;
        return true;
    }
    bool atEnd() const { return m_pos == m_b.size(); }
    qsizetype remaining() const { return m_b.size() - m_pos; }

private:
    const QByteArray& m_b;
    qsizetype m_pos = 0;
};

QString shapeText(const std::vector<std::int64_t>& shape) {
    QStringList parts;
    for (auto d : shape) parts << QString::number(d);
    return QLatin1Char('[') + parts.join(QLatin1Char(',')) + QLatin1Char(']');
}

}  // namespace

std::int64_t TensorBlob::numel() const {
    std::int64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
}

QByteArray encodeWeights(const std::vector<TensorBlob>& tensors) {
    QByteArray out;
    out.append(kWeightsMagic, 4);
    put<std::uint32_t>(out, kWeightsVersion);
    put<std::uint32_t>(out, std::uint32_t(tensors.size()));
    for (const auto& t : tensors) {
        put<std::uint16_t>(out, std::uint16_t(t.name.size()));
        out.append(t.name.data(), qsizetype(t.name.size()));
        put<std::uint8_t>(out, std::uint8_t(t.dtype));
        put<std::uint8_t>(out, std::uint8_t(t.shape.size()));
        for (auto d : t.shape) put<std::int64_t>(out, d);
        put<std::uint64_t>(out, std::uint64_t(t.data.size()));
        out.append(t.data);
    }
    return out;
}

Result<std::vector<TensorBlob>> decodeWeights(const QByteArray& bytes) {
    auto bad = [](const QString& what) {
        return makeError(ErrorCode::InvalidInput, ("weights.bin: " + what).toStdString());
    };
    Reader r(bytes);
    char magic[4];
    for (char& c : magic)
        if (!r.get(c)) return bad(QStringLiteral("truncated header"));
    if (std::memcmp(magic, kWeightsMagic, 4) != 0) return bad(QStringLiteral("not a Kibitz weights file (bad magic)"));
    std::uint32_t version = 0, count = 0;
    if (!r.get(version) || !r.get(count)) return bad(QStringLiteral("truncated header"));
    if (version != kWeightsVersion) return bad(QStringLiteral("unsupported weights version %1").arg(version));
    // Every tensor takes at least 12 bytes of header: a larger count is a damaged header, not a reason to allocate.
    if (std::uint64_t(count) > std::uint64_t(r.remaining() / 12))
        return bad(QStringLiteral("the header declares %1 tensors, more than the %2 bytes that follow can hold")
                       .arg(count)
                       .arg(r.remaining()));
    std::vector<TensorBlob> out;
    out.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        TensorBlob t;
        std::uint16_t nameLen = 0;
        QByteArray name;
        std::uint8_t dtype = 0, ndim = 0;
        if (!r.get(nameLen) || !r.bytes(nameLen, name) || !r.get(dtype) || !r.get(ndim))
            return bad(QStringLiteral("truncated at tensor %1").arg(i));
        t.name = name.toStdString();
        if (dtype > 1)
            return bad(QStringLiteral("tensor '%1': unknown dtype %2").arg(QString::fromStdString(t.name)).arg(dtype));
        t.dtype = DType(dtype);
        // The element count is bounded by the bytes left (checked dimension by dimension, so it cannot overflow).
        std::uint64_t elements = 1;
        for (int d = 0; d < ndim; ++d) {
            std::int64_t dim = 0;
            if (!r.get(dim) || dim < 0)
                return bad(QStringLiteral("tensor '%1': bad shape").arg(QString::fromStdString(t.name)));
            t.shape.push_back(dim);
            if (dim > 0 && elements > std::uint64_t(r.remaining()) / std::uint64_t(dim))
                return bad(QStringLiteral("tensor '%1': shape %2 is larger than the file")
                               .arg(QString::fromStdString(t.name), shapeText(t.shape)));
            elements *= std::uint64_t(dim);
        }
        std::uint64_t nbytes = 0;
        if (!r.get(nbytes)) return bad(QStringLiteral("truncated at tensor '%1'").arg(QString::fromStdString(t.name)));
        if (nbytes != std::uint64_t(t.numel() * dtypeSize(t.dtype)))
            return bad(QStringLiteral("tensor '%1': %2 bytes do not match shape %3")
                           .arg(QString::fromStdString(t.name))
                           .arg(nbytes)
                           .arg(shapeText(t.shape)));
        if (!r.bytes(qsizetype(nbytes), t.data))
            return bad(QStringLiteral("tensor '%1': data truncated").arg(QString::fromStdString(t.name)));
        out.push_back(std::move(t));
    }
    if (!r.atEnd()) return bad(QStringLiteral("trailing bytes after the last tensor"));
    return out;
}

QByteArray floatsToHalf(const float* values, std::int64_t count) {
    QByteArray out(qsizetype(count * 2), Qt::Uninitialized);
    auto* dst = reinterpret_cast<std::uint16_t*>(out.data());
    for (std::int64_t i = 0; i < count; ++i) {
        const std::uint32_t x = std::bit_cast<std::uint32_t>(values[i]);
        const std::uint32_t sign = (x >> 16) & 0x8000u;
        std::int32_t exp = std::int32_t((x >> 23) & 0xFF) - 127 + 15;
        std::uint32_t mant = x & 0x7FFFFFu;
        std::uint16_t h;
        if (((x >> 23) & 0xFF) == 0xFF) {
            h = std::uint16_t(sign | 0x7C00u | (mant ? 0x200u : 0u));  // inf / nan
        } else if (exp >= 31) {
            h = std::uint16_t(sign | 0x7C00u);  // overflow -> inf
        } else if (exp <= 0) {
            if (exp < -10) {
                h = std::uint16_t(sign);  // underflow -> signed zero
            } else {
                mant |= 0x800000u;
                const int shift = 14 - exp;
                std::uint32_t hm = mant >> shift;
                const std::uint32_t rem = mant & ((1u << shift) - 1);
                const std::uint32_t halfway = 1u << (shift - 1);
                if (rem > halfway || (rem == halfway && (hm & 1))) ++hm;
                h = std::uint16_t(sign | hm);
            }
        } else {
            std::uint32_t hm = mant >> 13;
            const std::uint32_t rem = mant & 0x1FFFu;
            std::uint32_t he = std::uint32_t(exp);
            if (rem > 0x1000u || (rem == 0x1000u && (hm & 1))) {
                if (++hm == 0x400u) {
                    hm = 0;
                    ++he;
                }
            }
            h = he >= 31 ? std::uint16_t(sign | 0x7C00u) : std::uint16_t(sign | (he << 10) | hm);
        }
        dst[i] = h;
    }
    return out;
}

void halfToFloats(const QByteArray& half, float* out) {
    const auto* src = reinterpret_cast<const std::uint16_t*>(half.constData());
    const qsizetype n = half.size() / 2;
    for (qsizetype i = 0; i < n; ++i) {
        const std::uint32_t h = src[i];
        const std::uint32_t sign = (h & 0x8000u) << 16;
        std::uint32_t exp = (h >> 10) & 0x1F;
        std::uint32_t mant = h & 0x3FF;
        std::uint32_t bits;
        if (exp == 0) {
            if (mant == 0) {
                bits = sign;
            } else {  // subnormal: normalise
                exp = 1;
                while (!(mant & 0x400)) {
                    mant <<= 1;
                    --exp;
                }
                mant &= 0x3FF;
                bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
            }
        } else if (exp == 31) {
            bits = sign | 0x7F800000u | (mant << 13);
        } else {
            bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
        }
        out[i] = std::bit_cast<float>(bits);
    }
}

Status writeBundle(const QString& path, const Bundle& bundle) {
    const QByteArray weights = encodeWeights(bundle.tensors);
    const QByteArray card = bundle.modelCard.toUtf8();

    QJsonObject manifest;
    manifest[QStringLiteral("format_version")] = kBundleFormatVersion;
    manifest[QStringLiteral("kind")] = bundle.kind;
    manifest[QStringLiteral("created_at")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    manifest[QStringLiteral("kibitz_version")] =
        bundle.kibitzVersion.isEmpty() ? QStringLiteral(KIBITZ_VERSION_STRING) : bundle.kibitzVersion;
    manifest[QStringLiteral("config")] = bundle.config;
    manifest[QStringLiteral("encoding")] = bundle.encoding;
    manifest[QStringLiteral("training")] = bundle.training;
    manifest[QStringLiteral("metrics")] = bundle.metrics;
    QJsonArray tensorList;
    for (const auto& t : bundle.tensors) {
        QJsonArray shape;
        for (auto d : t.shape) shape.append(qint64(d));
        tensorList.append(QJsonObject{
            {QStringLiteral("name"), QString::fromStdString(t.name)},
            {QStringLiteral("shape"), shape},
            {QStringLiteral("dtype"), t.dtype == DType::F16 ? QStringLiteral("f16") : QStringLiteral("f32")}});
    }
    manifest[QStringLiteral("tensors")] = tensorList;
    manifest[QStringLiteral("sha256")] = QJsonObject{{kWeights, hexSha256(weights)}, {kModelCard, hexSha256(card)}};
    manifest[kManifestSha256] = manifestDigest(manifest);
    const QByteArray manifestBytes = QJsonDocument(manifest).toJson(QJsonDocument::Indented);

    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot write '%1': %2").arg(path, out.errorString()).toStdString());
    {
        QuaZip zip(&out);
        zip.setAutoClose(false);  // QSaveFile must stay open until commit()
        if (!zip.open(QuaZip::mdCreate))
            return makeError(
                ErrorCode::Io,
                QStringLiteral("cannot create zip '%1' (error %2)").arg(path).arg(zip.getZipError()).toStdString());
        const std::pair<QString, const QByteArray*> entries[] = {
            {kManifest, &manifestBytes}, {kWeights, &weights}, {kModelCard, &card}};
        for (const auto& [name, data] : entries) {
            QuaZipFile f(&zip);
            // Weights compress poorly and are large; store them to keep loading fast.
            const int level = name == kWeights ? 0 : 6;
            if (!f.open(QIODevice::WriteOnly, QuaZipNewInfo(name), nullptr, 0, level ? Z_DEFLATED : 0, level) ||
                f.write(*data) != data->size()) {
                out.cancelWriting();
                return makeError(ErrorCode::Io,
                                 QStringLiteral("cannot write entry '%1' to '%2'").arg(name, path).toStdString());
            }
            f.close();
            if (f.getZipError() != ZIP_OK) {
                out.cancelWriting();
                return makeError(ErrorCode::Io,
                                 QStringLiteral("cannot write entry '%1' to '%2'").arg(name, path).toStdString());
            }
        }
        zip.close();
        if (zip.getZipError() != ZIP_OK) {
            out.cancelWriting();
            return makeError(ErrorCode::Io, QStringLiteral("cannot finish zip '%1'").arg(path).toStdString());
        }
    }
    if (!out.commit())
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot save '%1': %2").arg(path, out.errorString()).toStdString());
    return {};
}

namespace {

/// The largest manifest or model card read (both are a few kilobytes), and the largest weights.bin when the
/// manifest does not say how large it is (its `tensors` list missing or malformed: parseBundleEntries names that).
constexpr qint64 kMaxTextEntryBytes = 16LL << 20;
constexpr qint64 kMaxWeightsBytes = 1LL << 30;

/// The size weights.bin must have for the manifest's `tensors` list (encodeWeights' layout), or -1 when the list is
/// missing or malformed.
qint64 weightsBytesFromManifest(const QByteArray& manifest) {
    const QJsonDocument doc = QJsonDocument::fromJson(manifest);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("tensors")).isArray()) return -1;
    qint64 bytes = 12;  // magic, version, count
    for (const QJsonValue& v : doc.object().value(QStringLiteral("tensors")).toArray()) {
        const QJsonObject t = v.toObject();
        const QJsonArray shape = t.value(QStringLiteral("shape")).toArray();
        const QString dtype = t.value(QStringLiteral("dtype")).toString();
        if (dtype != QLatin1String("f16") && dtype != QLatin1String("f32")) return -1;
        qint64 elements = 1;
        for (const QJsonValue& d : shape) {
            const double dim = d.toDouble(-1);
            if (dim < 0 || dim > double(kMaxWeightsBytes)) return -1;
            elements *= qint64(dim);
            if (elements > kMaxWeightsBytes) return -1;
        }
        bytes += 2 + t.value(QStringLiteral("name")).toString().toUtf8().size() + 2 + 8 * shape.size() + 8 +
                 elements * (dtype == QLatin1String("f16") ? 2 : 4);
        if (bytes > kMaxWeightsBytes) return -1;
    }
    return bytes;
}

/// Inflates the current entry of `zip`, refusing before inflating when its declared size is over `limit` and
/// stopping as soon as it inflates past its declared size (a zip bomb declares little and inflates to gigabytes).
Result<QByteArray> readEntry(QuaZip& zip, const QString& path, const QString& name, qint64 limit,
                             const QString& limitWhy) {
    QuaZipFileInfo64 info;
    if (!zip.getCurrentFileInfo(&info))
        return bundleError(path, QStringLiteral("cannot read the zip header of entry '%1'").arg(name));
    const qint64 declared = qint64(info.uncompressedSize);
    if (declared < 0 || declared > limit)
        return bundleError(path, QStringLiteral("entry '%1' declares %2 bytes, more than %3 (%4)")
                                     .arg(name)
                                     .arg(info.uncompressedSize)
                                     .arg(limit)
                                     .arg(limitWhy));
    QuaZipFile f(&zip);
    if (!f.open(QIODevice::ReadOnly)) return bundleError(path, QStringLiteral("cannot open entry '%1'").arg(name));
    QByteArray data;
    data.reserve(qsizetype(declared));
    char buf[1 << 16];
    for (;;) {
        const qint64 n = f.read(buf, sizeof buf);
        if (n < 0) return bundleError(path, QStringLiteral("entry '%1' is corrupt (cannot inflate)").arg(name));
        if (n == 0) break;
        if (qint64(data.size()) + n > declared)
            return bundleError(
                path,
                QStringLiteral("entry '%1' inflates to more than the %2 bytes it declares").arg(name).arg(declared));
        data.append(buf, qsizetype(n));
    }
    f.close();
    if (f.getZipError() != UNZ_OK || qint64(data.size()) != declared)
        return bundleError(path, QStringLiteral("entry '%1' is corrupt (CRC or truncation)").arg(name));
    return data;
}

}  // namespace

Result<Bundle> readBundle(const QString& path, const QString& expectedKind) {
    if (!QFileInfo::exists(path)) return bundleError(path, QStringLiteral("file does not exist"));
    QuaZip zip(path);
    if (!zip.open(QuaZip::mdUnzip))
        return bundleError(
            path,
            QStringLiteral("not a readable zip archive (truncated or corrupt; zip error %1)").arg(zip.getZipError()));
    std::map<QString, QByteArray> entries;
    // The manifest first: its tensor list says how large weights.bin must be, before a byte of that is inflated.
    qint64 weightsLimit = kMaxWeightsBytes;
    QString weightsWhy = QStringLiteral("the largest weights file read");
    if (zip.setCurrentFile(kManifest)) {
        auto m = readEntry(zip, path, kManifest, kMaxTextEntryBytes, QStringLiteral("the largest manifest read"));
        if (!m) return m.error();
        if (const qint64 need = weightsBytesFromManifest(*m); need >= 0) {
            weightsLimit = need;
            weightsWhy = QStringLiteral("the size the manifest's tensors need");
        }
        entries[kManifest] = std::move(m.value());
    }
    for (bool more = zip.goToFirstFile(); more; more = zip.goToNextFile()) {
        const QString name = zip.getCurrentFileName();
        if ((name != kWeights && name != kModelCard) || entries.count(name)) continue;
        auto data = name == kWeights
                        ? readEntry(zip, path, name, weightsLimit, weightsWhy)
                        : readEntry(zip, path, name, kMaxTextEntryBytes, QStringLiteral("the largest model card read"));
        if (!data) return data.error();
        entries[name] = std::move(data.value());
    }
    if (zip.getZipError() != UNZ_OK)
        return bundleError(path, QStringLiteral("zip directory is corrupt (error %1)").arg(zip.getZipError()));
    return parseBundleEntries(path, entries, expectedKind);
}

Result<Bundle> parseBundleEntries(const QString& path, std::map<QString, QByteArray> entries,
                                  const QString& expectedKind) {
    for (const QString& required : {kManifest, kWeights})
        if (!entries.count(required)) return bundleError(path, QStringLiteral("missing entry '%1'").arg(required));

    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(entries[kManifest], &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject())
        return bundleError(
            path,
            QStringLiteral("manifest.json: invalid JSON at offset %1: %2").arg(perr.offset).arg(perr.errorString()));
    const QJsonObject m = doc.object();
    // The manifest's own checksum (bundles written before it existed have none and are read as they are): an edited
    // config or a damaged manifest is refused here, before any of its sizes is used.
    if (m.contains(kManifestSha256)) {
        if (!m.value(kManifestSha256).isString())
            return bundleError(path, QStringLiteral("manifest.json: field 'manifest_sha256' is not a string"));
        QJsonObject rest = m;
        rest.remove(kManifestSha256);
        if (m.value(kManifestSha256).toString() != manifestDigest(rest))
            return bundleError(path, QStringLiteral("manifest.json does not match its manifest_sha256 (the file was "
                                                    "modified or damaged)"));
    }
    Bundle b;
    if (!m.value(QStringLiteral("format_version")).isDouble())
        return bundleError(path, QStringLiteral("manifest.json: field 'format_version' missing or not a number"));
    b.formatVersion = m.value(QStringLiteral("format_version")).toInt();
    if (b.formatVersion < 1 || b.formatVersion > kBundleFormatVersion)
        return bundleError(path,
                           QStringLiteral("manifest.json: format_version %1 is not supported (this build reads 1..%2)")
                               .arg(b.formatVersion)
                               .arg(kBundleFormatVersion));
    b.kind = m.value(QStringLiteral("kind")).toString();
    if (b.kind != kKindHumanMove && b.kind != kKindPuzzleRating)
        return bundleError(
            path, QStringLiteral("manifest.json: field 'kind' is '%1', expected 'human-move' or 'puzzle-rating'")
                      .arg(b.kind));
    if (!expectedKind.isEmpty() && b.kind != expectedKind)
        return bundleError(
            path, QStringLiteral("this is a '%1' bundle, but a '%2' bundle is needed").arg(b.kind, expectedKind));
    for (const char* key : {"config", "encoding", "training", "metrics", "sha256"})
        if (!m.value(QLatin1String(key)).isObject())
            return bundleError(
                path, QStringLiteral("manifest.json: field '%1' missing or not an object").arg(QLatin1String(key)));
    b.config = m.value(QStringLiteral("config")).toObject();
    b.encoding = m.value(QStringLiteral("encoding")).toObject();
    b.training = m.value(QStringLiteral("training")).toObject();
    b.metrics = m.value(QStringLiteral("metrics")).toObject();
    b.createdAt = m.value(QStringLiteral("created_at")).toString();
    b.kibitzVersion = m.value(QStringLiteral("kibitz_version")).toString();
    const QJsonObject sums = m.value(QStringLiteral("sha256")).toObject();
    for (auto it = sums.begin(); it != sums.end(); ++it) b.sha256[it.key()] = it.value().toString();
    for (const auto& [name, data] : entries) {
        if (name == kManifest) continue;
        auto it = b.sha256.find(name);
        if (it == b.sha256.end())
            return bundleError(path, QStringLiteral("manifest.json: no sha256 listed for entry '%1'").arg(name));
        if (it->second != hexSha256(data))
            return bundleError(
                path, QStringLiteral("checksum mismatch for entry '%1' (the file was modified or damaged)").arg(name));
    }
    for (const auto& [name, sum] : b.sha256)
        if (!entries.count(name))
            return bundleError(path, QStringLiteral("entry '%1' listed in the manifest is missing").arg(name));
    auto tensors = decodeWeights(entries[kWeights]);
    if (!tensors) return bundleError(path, QString::fromStdString(tensors.error().message));
    b.tensors = std::move(tensors.value());
    // The manifest's tensor list (what `bundle info` and a reader without the weights see) must say exactly what
    // weights.bin holds: names, shapes and types, in order.
    if (!m.value(QStringLiteral("tensors")).isArray())
        return bundleError(path, QStringLiteral("manifest.json: field 'tensors' missing or not an array"));
    const QJsonArray listed = m.value(QStringLiteral("tensors")).toArray();
    if (listed.size() != qsizetype(b.tensors.size()))
        return bundleError(path, QStringLiteral("manifest.json: 'tensors' lists %1 tensors, weights.bin holds %2")
                                     .arg(listed.size())
                                     .arg(b.tensors.size()));
    for (qsizetype i = 0; i < listed.size(); ++i) {
        const TensorBlob& t = b.tensors[std::size_t(i)];
        const QJsonObject e = listed[i].toObject();
        std::vector<std::int64_t> shape;
        bool shapeOk = e.value(QStringLiteral("shape")).isArray();
        for (const QJsonValue& d : e.value(QStringLiteral("shape")).toArray()) {
            shapeOk = shapeOk && d.isDouble() && d.toDouble() == double(qint64(d.toDouble()));
            shape.push_back(qint64(d.toDouble()));
        }
        const QString dtype = t.dtype == DType::F16 ? QStringLiteral("f16") : QStringLiteral("f32");
        if (e.value(QStringLiteral("name")).toString().toStdString() != t.name || !shapeOk || shape != t.shape ||
            e.value(QStringLiteral("dtype")).toString() != dtype)
            return bundleError(path, QStringLiteral("manifest.json: tensors[%1] says '%2' %3 %4, weights.bin holds "
                                                    "'%5' %6 %7")
                                         .arg(i)
                                         .arg(e.value(QStringLiteral("name")).toString(), shapeText(shape),
                                              e.value(QStringLiteral("dtype")).toString(),
                                              QString::fromStdString(t.name), shapeText(t.shape), dtype));
    }
    b.modelCard = QString::fromUtf8(entries[kModelCard]);
    return b;
}

std::int64_t storedElements(const Bundle& bundle) {
    std::int64_t n = 0;
    for (const auto& t : bundle.tensors) n += t.numel();
    return n;
}

Status checkConfigAgainstWeights(const Bundle& bundle, double configWeights, const std::string& what) {
    const std::int64_t stored = storedElements(bundle);
    if (configWeights > 2.0 * double(stored))
        return makeError(ErrorCode::InvalidInput, "manifest.json: config (" + what + ") needs at least " +
                                                      std::to_string(std::int64_t(std::min(configWeights, 9e18))) +
                                                      " weights, but weights.bin holds " + std::to_string(stored));
    return {};
}

Status validateShapes(const Bundle& bundle, const std::map<std::string, std::vector<std::int64_t>>& expected) {
    std::map<std::string, const TensorBlob*> have;
    for (const auto& t : bundle.tensors) have[t.name] = &t;
    for (const auto& [name, shape] : expected) {
        auto it = have.find(name);
        if (it == have.end()) return makeError(ErrorCode::InvalidInput, "weights: tensor '" + name + "' is missing");
        if (it->second->shape != shape)
            return makeError(ErrorCode::InvalidInput, "weights: tensor '" + name + "' has shape " +
                                                          shapeText(it->second->shape).toStdString() + ", expected " +
                                                          shapeText(shape).toStdString());
    }
    for (const auto& [name, t] : have)
        if (!expected.count(name))
            return makeError(ErrorCode::InvalidInput,
                             "weights: unexpected tensor '" + name + "' (model config mismatch?)");
    return {};
}

QString describeBundle(const Bundle& b, const QString& path) {
    QString out;
    std::int64_t params = 0;
    for (const auto& t : b.tensors) params += t.numel();
    out += QStringLiteral("File:           %1 (%2 bytes)\n").arg(path).arg(QFileInfo(path).size());
    out += QStringLiteral("Kind:           %1\n").arg(b.kind);
    out += QStringLiteral("Format version: %1\n").arg(b.formatVersion);
    out += QStringLiteral("Created:        %1 by Kibitz %2\n").arg(b.createdAt, b.kibitzVersion);
    out += QStringLiteral("Parameters:     %1 in %2 tensors\n").arg(params).arg(b.tensors.size());
    auto section = [&out](const char* title, const QJsonObject& o) {
        out += QLatin1String(title) + QLatin1String(":\n");
        for (auto it = o.begin(); it != o.end(); ++it) {
            QString v =
                it.value().isObject() || it.value().isArray()
                    ? QString::fromUtf8(QJsonDocument(it.value().isObject() ? QJsonDocument(it.value().toObject())
                                                                            : QJsonDocument(it.value().toArray()))
                                            .toJson(QJsonDocument::Compact))
                    : it.value().toVariant().toString();
            out += QStringLiteral("  %1: %2\n").arg(it.key(), v);
        }
    };
    section("Config", b.config);
    section("Encoding", b.encoding);
    section("Training", b.training);
    section("Metrics", b.metrics);
    return out;
}

}  // namespace kibitz::storage
