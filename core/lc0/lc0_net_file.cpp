// SPDX-License-Identifier: GPL-3.0-or-later
// Reader for lc0 network files (the format of Leela Chess Zero's nets and of the Maia-1 nets). The schema is lc0's
// net.proto (message pblczero.Net); this is a hand-written reader of the protobuf wire format for the fields Kibitz
// uses, with every length checked against the bytes that are there.
#include "core/lc0/lc0_net_file.h"

#if KIBITZ_HAVE_ZLIB
#include <zlib.h>
#endif

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>

namespace kibitz::lc0 {

namespace {

using Bytes = std::span<const std::uint8_t>;

constexpr std::uint32_t kLc0Magic = 0x1c0;
constexpr float kBatchNormEpsilon = 1e-5f;
constexpr int kMaxFilters = 1024;
constexpr int kMaxBlocks = 128;

// Protobuf wire types.
constexpr int kVarint = 0;
constexpr int kFixed64 = 1;
constexpr int kLengthDelimited = 2;
constexpr int kFixed32 = 5;

// pblczero field numbers (net.proto).
namespace field {
// Net
constexpr int kMagic = 1;
constexpr int kLicense = 2;
constexpr int kMinVersion = 3;
constexpr int kFormat = 4;
constexpr int kTrainingParams = 5;
constexpr int kWeights = 10;
// Format
constexpr int kWeightsEncoding = 1;
constexpr int kNetworkFormat = 2;
// NetworkFormat
constexpr int kInput = 1;
// 2 is the output format (classical or WDL), not read: the value format (5) says the same.
constexpr int kNetwork = 3;
constexpr int kPolicy = 4;
constexpr int kValue = 5;
// Weights
constexpr int kInputConv = 1;
constexpr int kResidual = 2;
constexpr int kPolicyConv = 3;
constexpr int kValueConv = 6;
constexpr int kIp1ValW = 7;
constexpr int kIp1ValB = 8;
constexpr int kIp2ValW = 9;
constexpr int kIp2ValB = 10;
constexpr int kPolicy1Conv = 11;
// Residual
constexpr int kConv1 = 1;
constexpr int kConv2 = 2;
constexpr int kSe = 3;
// ConvBlock
constexpr int kConvWeights = 1;
constexpr int kConvBiases = 2;
constexpr int kBnMeans = 3;
constexpr int kBnStddivs = 4;  // lc0 stores the variance here
constexpr int kBnGammas = 5;
constexpr int kBnBetas = 6;
// SEunit
constexpr int kSeW1 = 1;
constexpr int kSeB1 = 2;
constexpr int kSeW2 = 3;
constexpr int kSeB2 = 4;
// Layer
constexpr int kMinVal = 1;
constexpr int kMaxVal = 2;
constexpr int kParams = 3;
constexpr int kLayerEncoding = 4;
}  // namespace field

// NetworkFormat / Format enum values Kibitz runs.
constexpr std::uint64_t kInputClassical112 = 1;
constexpr std::uint64_t kNetworkClassical = 1;
constexpr std::uint64_t kNetworkSe = 2;
constexpr std::uint64_t kNetworkClassicalWithHeadFormat = 3;
constexpr std::uint64_t kNetworkSeWithHeadFormat = 4;
constexpr std::uint64_t kPolicyConvolution = 2;
constexpr std::uint64_t kValueWdl = 2;
constexpr std::uint64_t kEncodingLinear16 = 1;
constexpr std::uint64_t kEncodingFloat16 = 2;
constexpr std::uint64_t kEncodingBfloat16 = 3;
constexpr std::uint64_t kEncodingFloat32 = 4;

/// One field of a message: its number and either a varint/fixed value or a byte range.
struct Field {
    int number = 0;
    int wireType = 0;
    std::uint64_t scalar = 0;
    Bytes bytes;
};

class WireError {
public:
    std::string message;
};

/// Walks the fields of one message. Every length is checked against the end of the message.
class MessageReader {
public:
    explicit MessageReader(Bytes data) : m_data(data) {}
    /// Next field, nothing at the end; an error message for malformed bytes.
    std::optional<Field> next(std::string& error) {
        if (m_pos >= m_data.size()) return std::nullopt;
        std::uint64_t key = 0;
        if (!varint(key)) {
            error = "truncated field key";
            return std::nullopt;
        }
        Field f;
        f.number = int(key >> 3);
        f.wireType = int(key & 7);
        if (f.number == 0 || (key >> 3) > 0x1fffffff) {
            error = "invalid field number";
            return std::nullopt;
        }
        switch (f.wireType) {
            case kVarint:
                if (!varint(f.scalar)) error = "truncated varint";
                break;
            case kFixed64:
                if (m_data.size() - m_pos < 8) {
                    error = "truncated 64-bit field";
                    break;
                }
                for (int i = 7; i >= 0; --i) f.scalar = (f.scalar << 8) | m_data[m_pos + std::size_t(i)];
                m_pos += 8;
                break;
            case kFixed32:
                if (m_data.size() - m_pos < 4) {
                    error = "truncated 32-bit field";
                    break;
                }
                for (int i = 3; i >= 0; --i) f.scalar = (f.scalar << 8) | m_data[m_pos + std::size_t(i)];
                m_pos += 4;
                break;
            case kLengthDelimited: {
                std::uint64_t len = 0;
                if (!varint(len)) {
                    error = "truncated length";
                    break;
                }
                if (len > m_data.size() - m_pos) {
                    error = "length " + std::to_string(len) + " runs past the end of its message (" +
                            std::to_string(m_data.size() - m_pos) + " bytes left)";
                    break;
                }
                f.bytes = m_data.subspan(m_pos, std::size_t(len));
                m_pos += std::size_t(len);
                break;
            }
            default:
                error =
                    "unsupported wire type " + std::to_string(f.wireType) + " (field " + std::to_string(f.number) + ")";
        }
        if (!error.empty()) return std::nullopt;
        return f;
    }

private:
    bool varint(std::uint64_t& out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_data.size()) return false;
            const std::uint8_t b = m_data[m_pos++];
            out |= std::uint64_t(b & 0x7f) << shift;
            if ((b & 0x80) == 0) return true;
        }
        return false;  // more than 10 bytes
    }
    Bytes m_data;
    std::size_t m_pos = 0;
};

/// Parses every field of `data` into `onField`, which returns an error text to stop. Returns the first error.
std::string forEachField(Bytes data, const std::function<std::string(const Field&)>& onField) {
    MessageReader r(data);
    for (;;) {
        std::string error;
        std::optional<Field> f = r.next(error);
        if (!error.empty()) return error;
        if (!f) return {};
        std::string e = onField(*f);
        if (!e.empty()) return e;
    }
}

float fixed32AsFloat(std::uint64_t v) { return std::bit_cast<float>(std::uint32_t(v)); }

float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = std::uint32_t(h & 0x8000) << 16;
    std::uint32_t exp = (h >> 10) & 0x1f;
    std::uint32_t mant = h & 0x3ff;
    std::uint32_t bits;
    if (exp == 0) {
        if (mant == 0) {
            bits = sign;
        } else {  // subnormal: normalise
            exp = 127 - 15 + 1;
            while ((mant & 0x400) == 0) {
                mant <<= 1;
                --exp;
            }
            mant &= 0x3ff;
            bits = sign | (exp << 23) | (mant << 13);
        }
    } else if (exp == 31) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else {
        bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
    }
    return std::bit_cast<float>(bits);
}

/// A tensor as stored: its range and raw values (not yet decoded).
struct RawLayer {
    bool present = false;
    float minVal = 0.0f;
    float maxVal = 0.0f;
    std::uint64_t encoding = 0;  // 0: the file's weights_encoding
    Bytes params;
};

struct ParseContext {
    std::string source;
    std::uint64_t fileEncoding = kEncodingLinear16;
    std::string error;  // first error, with its field path

    bool fail(const std::string& path, const std::string& what) {
        if (error.empty()) error = source + ": " + path + ": " + what;
        return false;
    }
};

bool parseLayer(Bytes data, RawLayer& out, ParseContext& ctx, const std::string& path) {
    out = RawLayer{};
    out.present = true;
    const std::string e = forEachField(data, [&](const Field& f) -> std::string {
        switch (f.number) {
            case field::kMinVal:
                if (f.wireType != kFixed32) return "min_val is not a 32-bit float";
                out.minVal = fixed32AsFloat(f.scalar);
                break;
            case field::kMaxVal:
                if (f.wireType != kFixed32) return "max_val is not a 32-bit float";
                out.maxVal = fixed32AsFloat(f.scalar);
                break;
            case field::kParams:
                if (f.wireType != kLengthDelimited) return "params is not a byte string";
                out.params = f.bytes;
                break;
            case field::kLayerEncoding:
                if (f.wireType != kVarint) return "encoding is not a number";
                out.encoding = f.scalar;
                break;
            default: break;  // fields Kibitz does not read (dims, ...)
        }
        return {};
    });
    if (!e.empty()) return ctx.fail(path, e);
    return true;
}

/// Decodes a layer into floats, requiring exactly `expected` values (`what` describes the shape for errors).
bool decodeLayer(const RawLayer& layer, std::size_t expected, const std::string& what, std::vector<float>& out,
                 ParseContext& ctx, const std::string& path) {
    if (!layer.present) return ctx.fail(path, "missing (expected " + what + ")");
    const std::uint64_t enc = layer.encoding != 0 ? layer.encoding : ctx.fileEncoding;
    const std::size_t width = enc == kEncodingFloat32 ? 4 : 2;
    if (enc != kEncodingLinear16 && enc != kEncodingFloat16 && enc != kEncodingBfloat16 && enc != kEncodingFloat32)
        return ctx.fail(path, "unsupported weight encoding " + std::to_string(enc));
    if (layer.params.size() % width != 0)
        return ctx.fail(path, std::to_string(layer.params.size()) + " bytes is not a whole number of " +
                                  std::to_string(width) + "-byte values");
    const std::size_t n = layer.params.size() / width;
    if (n != expected)
        return ctx.fail(path, std::to_string(n) + " values, expected " + std::to_string(expected) + " (" + what + ")");
    if (enc == kEncodingLinear16 && (!std::isfinite(layer.minVal) || !std::isfinite(layer.maxVal)))
        return ctx.fail(path, "min_val/max_val are not finite");
    out.resize(n);
    const std::uint8_t* p = layer.params.data();
    const float scale = (layer.maxVal - layer.minVal) / 65535.0f;
    for (std::size_t i = 0; i < n; ++i) {
        float v = 0.0f;
        if (enc == kEncodingFloat32) {
            const std::uint32_t bits = std::uint32_t(p[4 * i]) | (std::uint32_t(p[4 * i + 1]) << 8) |
                                       (std::uint32_t(p[4 * i + 2]) << 16) | (std::uint32_t(p[4 * i + 3]) << 24);
            v = std::bit_cast<float>(bits);
        } else {
            const std::uint16_t q = std::uint16_t(p[2 * i] | (p[2 * i + 1] << 8));
            if (enc == kEncodingLinear16)
                v = layer.minVal + float(q) * scale;
            else if (enc == kEncodingFloat16)
                v = halfToFloat(q);
            else
                v = std::bit_cast<float>(std::uint32_t(q) << 16);
        }
        if (!std::isfinite(v)) return ctx.fail(path, "value " + std::to_string(i) + " is not finite");
        out[i] = v;
    }
    return true;
}

struct RawConv {
    bool present = false;
    RawLayer weights, biases, means, variances, gammas, betas;
};

bool parseConv(Bytes data, RawConv& out, ParseContext& ctx, const std::string& path) {
    out = RawConv{};
    out.present = true;
    bool ok = true;
    const std::string e = forEachField(data, [&](const Field& f) -> std::string {
        if (f.wireType != kLengthDelimited) return {};
        RawLayer* target = nullptr;
        const char* name = "";
        switch (f.number) {
            case field::kConvWeights: target = &out.weights, name = "weights"; break;
            case field::kConvBiases: target = &out.biases, name = "biases"; break;
            case field::kBnMeans: target = &out.means, name = "bn_means"; break;
            case field::kBnStddivs: target = &out.variances, name = "bn_stddivs"; break;
            case field::kBnGammas: target = &out.gammas, name = "bn_gammas"; break;
            case field::kBnBetas: target = &out.betas, name = "bn_betas"; break;
            default: return {};
        }
        if (!parseLayer(f.bytes, *target, ctx, path + "." + name)) ok = false;
        return ok ? std::string() : std::string("stop");
    });
    if (!ok) return false;
    if (!e.empty()) return ctx.fail(path, e);
    return true;
}

/// Decodes a convolution block of `outCh` x `inCh` x k x k and folds its batch norm (when present) into weight and
/// bias: y = gamma * (conv(x) + bias - mean) / sqrt(var + eps) + beta.
bool foldConv(const RawConv& raw, int outCh, int inCh, int k, Lc0Conv& out, ParseContext& ctx,
              const std::string& path) {
    if (!raw.present) return ctx.fail(path, "missing");
    out.out = outCh;
    out.in = inCh;
    out.kernel = k;
    const std::size_t per = std::size_t(inCh) * std::size_t(k) * std::size_t(k);
    const std::string shape =
        std::to_string(outCh) + " x " + std::to_string(inCh) + " x " + std::to_string(k) + " x " + std::to_string(k);
    if (!decodeLayer(raw.weights, std::size_t(outCh) * per, shape, out.weight, ctx, path + ".weights")) return false;
    const std::string vec = std::to_string(outCh) + " channels";
    std::vector<float> bias(std::size_t(outCh), 0.0f);
    if (raw.biases.present && !decodeLayer(raw.biases, std::size_t(outCh), vec, bias, ctx, path + ".biases"))
        return false;
    out.bias = bias;
    if (!raw.means.present && !raw.variances.present) return true;  // no batch norm
    std::vector<float> mean, var, gamma(std::size_t(outCh), 1.0f), beta(std::size_t(outCh), 0.0f);
    if (!decodeLayer(raw.means, std::size_t(outCh), vec, mean, ctx, path + ".bn_means")) return false;
    if (!decodeLayer(raw.variances, std::size_t(outCh), vec, var, ctx, path + ".bn_stddivs")) return false;
    if (raw.gammas.present && !decodeLayer(raw.gammas, std::size_t(outCh), vec, gamma, ctx, path + ".bn_gammas"))
        return false;
    if (raw.betas.present && !decodeLayer(raw.betas, std::size_t(outCh), vec, beta, ctx, path + ".bn_betas"))
        return false;
    for (std::size_t o = 0; o < std::size_t(outCh); ++o) {
        if (var[o] < 0.0f) return ctx.fail(path + ".bn_stddivs", "negative variance at channel " + std::to_string(o));
        const float s = gamma[o] / std::sqrt(var[o] + kBatchNormEpsilon);
        for (std::size_t i = 0; i < per; ++i) out.weight[o * per + i] *= s;
        out.bias[o] = (bias[o] - mean[o]) * s + beta[o];
        // Folding multiplies: finite values can overflow (a huge gamma, a tiny variance).
        bool finite = std::isfinite(out.bias[o]);
        for (std::size_t i = 0; finite && i < per; ++i) finite = std::isfinite(out.weight[o * per + i]);
        if (!finite)
            return ctx.fail(path + ".bn_gammas",
                            "folding the batch norm into channel " + std::to_string(o) + " gives a non-finite value");
    }
    return true;
}

bool decodeDense(const RawLayer& w, const RawLayer& b, int outN, int inN, Lc0Dense& out, ParseContext& ctx,
                 const std::string& wPath, const std::string& bPath) {
    out.out = outN;
    out.in = inN;
    const std::string shape = std::to_string(outN) + " x " + std::to_string(inN);
    return decodeLayer(w, std::size_t(outN) * std::size_t(inN), shape, out.weight, ctx, wPath) &&
           decodeLayer(b, std::size_t(outN), std::to_string(outN) + " outputs", out.bias, ctx, bPath);
}

/// The number of values a layer holds (for inferring shapes), or 0 when absent or malformed.
std::size_t valueCount(const RawLayer& l, const ParseContext& ctx) {
    if (!l.present) return 0;
    const std::uint64_t enc = l.encoding != 0 ? l.encoding : ctx.fileEncoding;
    return l.params.size() / (enc == kEncodingFloat32 ? 4 : 2);
}

struct RawSe {
    bool present = false;
    RawLayer w1, b1, w2, b2;
};

struct RawResidual {
    RawConv conv1, conv2;
    RawSe se;
};

struct RawWeights {
    RawConv input, policy1, policy, value;
    std::vector<RawResidual> residual;
    RawLayer ip1w, ip1b, ip2w, ip2b;
};

bool parseSe(Bytes data, RawSe& out, ParseContext& ctx, const std::string& path) {
    out = RawSe{};
    out.present = true;
    bool ok = true;
    const std::string e = forEachField(data, [&](const Field& f) -> std::string {
        if (f.wireType != kLengthDelimited) return {};
        RawLayer* t = nullptr;
        const char* name = "";
        switch (f.number) {
            case field::kSeW1: t = &out.w1, name = "w1"; break;
            case field::kSeB1: t = &out.b1, name = "b1"; break;
            case field::kSeW2: t = &out.w2, name = "w2"; break;
            case field::kSeB2: t = &out.b2, name = "b2"; break;
            default: return {};
        }
        if (!parseLayer(f.bytes, *t, ctx, path + "." + name)) ok = false;
        return ok ? std::string() : std::string("stop");
    });
    if (!ok) return false;
    if (!e.empty()) return ctx.fail(path, e);
    return true;
}

bool parseWeights(Bytes data, RawWeights& out, ParseContext& ctx) {
    bool ok = true;
    const std::string e = forEachField(data, [&](const Field& f) -> std::string {
        if (f.wireType != kLengthDelimited) return {};
        const std::string base = "weights.";
        switch (f.number) {
            case field::kInputConv: ok = parseConv(f.bytes, out.input, ctx, base + "input"); break;
            case field::kPolicy1Conv: ok = parseConv(f.bytes, out.policy1, ctx, base + "policy1"); break;
            case field::kPolicyConv: ok = parseConv(f.bytes, out.policy, ctx, base + "policy"); break;
            case field::kValueConv: ok = parseConv(f.bytes, out.value, ctx, base + "value"); break;
            case field::kIp1ValW: ok = parseLayer(f.bytes, out.ip1w, ctx, base + "ip1_val_w"); break;
            case field::kIp1ValB: ok = parseLayer(f.bytes, out.ip1b, ctx, base + "ip1_val_b"); break;
            case field::kIp2ValW: ok = parseLayer(f.bytes, out.ip2w, ctx, base + "ip2_val_w"); break;
            case field::kIp2ValB: ok = parseLayer(f.bytes, out.ip2b, ctx, base + "ip2_val_b"); break;
            case field::kResidual: {
                if (out.residual.size() >= std::size_t(kMaxBlocks)) {
                    ok = ctx.fail(base + "residual", "more than " + std::to_string(kMaxBlocks) + " blocks");
                    break;
                }
                const std::string path = base + "residual[" + std::to_string(out.residual.size()) + "]";
                RawResidual& r = out.residual.emplace_back();
                ok = ok && forEachField(f.bytes, [&](const Field& g) -> std::string {
                               if (g.wireType != kLengthDelimited) return {};
                               bool good = true;
                               if (g.number == field::kConv1)
                                   good = parseConv(g.bytes, r.conv1, ctx, path + ".conv1");
                               else if (g.number == field::kConv2)
                                   good = parseConv(g.bytes, r.conv2, ctx, path + ".conv2");
                               else if (g.number == field::kSe)
                                   good = parseSe(g.bytes, r.se, ctx, path + ".se");
                               return good ? std::string() : std::string("stop");
                           }).empty();
                if (!ok) ctx.fail(path, "malformed residual block");
                break;
            }
            default: break;
        }
        return ok ? std::string() : std::string("stop");
    });
    if (!ok) return false;
    if (!e.empty()) return ctx.fail("weights", e);
    return true;
}

/// Infers a count from `values` / `divisor`, requiring an exact, positive result no larger than `limit`.
bool inferCount(std::size_t values, std::size_t divisor, int limit, int& out, ParseContext& ctx,
                const std::string& path, const std::string& what) {
    if (values == 0 || divisor == 0 || values % divisor != 0 || values / divisor > std::size_t(limit))
        return ctx.fail(path, std::to_string(values) + " values do not make " + what);
    out = int(values / divisor);
    return true;
}

#if KIBITZ_HAVE_ZLIB
bool gunzip(Bytes in, std::vector<std::uint8_t>& out, std::size_t maxBytes, std::string& error) {
    z_stream zs{};
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
        error = "cannot start gzip decompression";
        return false;
    }
    zs.next_in = const_cast<Bytef*>(in.data());
    zs.avail_in = uInt(std::min<std::size_t>(in.size(), 0x7fffffff));
    out.clear();
    std::array<std::uint8_t, 1 << 16> chunk{};
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        zs.next_out = chunk.data();
        zs.avail_out = uInt(chunk.size());
        rc = inflate(&zs, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END) {
            error = rc == Z_BUF_ERROR ? "truncated gzip stream"
                                      : std::string("corrupt gzip stream (") + (zs.msg ? zs.msg : "zlib error") + ")";
            inflateEnd(&zs);
            return false;
        }
        const std::size_t produced = chunk.size() - zs.avail_out;
        if (out.size() + produced > maxBytes) {
            error =
                "decompresses to more than " + std::to_string(maxBytes >> 20) + " MiB, larger than any supported net";
            inflateEnd(&zs);
            return false;
        }
        out.insert(out.end(), chunk.begin(), chunk.begin() + std::ptrdiff_t(produced));
        if (rc != Z_STREAM_END && zs.avail_in == 0 && produced == 0) {
            error = "truncated gzip stream";
            inflateEnd(&zs);
            return false;
        }
    }
    inflateEnd(&zs);
    return true;
}
#else
bool gunzip(Bytes, std::vector<std::uint8_t>&, std::size_t, std::string& error) {
    error = "this build has no zlib: give the network decompressed (gunzip the .pb.gz)";
    return false;
}
#endif

}  // namespace

long long Lc0Network::parameters() const {
    long long n = 0;
    auto conv = [&](const Lc0Conv& c) { n += (long long)(c.weight.size() + c.bias.size()); };
    auto dense = [&](const Lc0Dense& d) { n += (long long)(d.weight.size() + d.bias.size()); };
    conv(input);
    for (const Lc0Residual& r : tower) {
        conv(r.conv1);
        conv(r.conv2);
        dense(r.se1);
        dense(r.se2);
    }
    conv(policy1);
    conv(policy);
    conv(value);
    dense(value1);
    dense(value2);
    return n;
}

bool looksLikeLc0NetworkPath(std::string_view path) { return path.ends_with(".pb.gz") || path.ends_with(".pb"); }

namespace {

/// The top-level fields of an lc0 net file: the magic number, the format and the weights (still encoded).
struct Lc0TopLevel {
    std::optional<std::uint32_t> magic;
    Bytes format, weights;
    bool haveFormat = false, haveWeights = false;
};

/// Reads the top-level message into `top` and the descriptive fields (licence, min version, steps) into `net`;
/// returns an error text, empty on success.
std::string readTopLevel(Bytes data, Lc0TopLevel& top, Lc0Network& net) {
    return forEachField(data, [&](const Field& f) -> std::string {
        switch (f.number) {
            case field::kMagic:
                if (f.wireType != kFixed32) return "field 1 (magic) is not a 32-bit value";
                top.magic = std::uint32_t(f.scalar);
                break;
            case field::kLicense:
                if (f.wireType == kLengthDelimited)
                    net.license.assign(reinterpret_cast<const char*>(f.bytes.data()), f.bytes.size());
                break;
            case field::kMinVersion:
                if (f.wireType == kLengthDelimited) {
                    std::array<std::uint64_t, 3> v{};
                    const std::string ve = forEachField(f.bytes, [&](const Field& g) -> std::string {
                        if (g.wireType == kVarint && g.number >= 1 && g.number <= 3)
                            v[std::size_t(g.number - 1)] = g.scalar;
                        return {};
                    });
                    if (!ve.empty()) return "min_version: " + ve;
                    net.minVersion = std::to_string(v[0]) + "." + std::to_string(v[1]) + "." + std::to_string(v[2]);
                }
                break;
            case field::kFormat:
                if (f.wireType != kLengthDelimited) return "field 4 (format) is not a message";
                top.format = f.bytes;
                top.haveFormat = true;
                break;
            case field::kTrainingParams:
                if (f.wireType == kLengthDelimited) {
                    const std::string te = forEachField(f.bytes, [&](const Field& g) -> std::string {
                        if (g.number == 1 && g.wireType == kVarint) net.trainingSteps = std::int64_t(g.scalar);
                        return {};
                    });
                    if (!te.empty()) return "training_params: " + te;
                }
                break;
            case field::kWeights:
                if (f.wireType != kLengthDelimited) return "field 10 (weights) is not a message";
                top.weights = f.bytes;
                top.haveWeights = true;
                break;
            default: break;
        }
        return {};
    });
}

/// The network format the file declares, checked against what Kibitz runs; sets ctx.fileEncoding. True for an SE
/// tower.
Result<bool> readFormat(Bytes formatBytes, bool haveFormat, ParseContext& ctx) {
    std::uint64_t input = 0, network = 0, policy = 0, value = 0;
    ctx.fileEncoding = kEncodingLinear16;
    if (haveFormat) {
        std::string fe = forEachField(formatBytes, [&](const Field& f) -> std::string {
            if (f.number == field::kWeightsEncoding && f.wireType == kVarint) ctx.fileEncoding = f.scalar;
            if (f.number == field::kNetworkFormat && f.wireType == kLengthDelimited)
                return forEachField(f.bytes, [&](const Field& g) -> std::string {
                    if (g.wireType != kVarint) return {};
                    if (g.number == field::kInput) input = g.scalar;
                    if (g.number == field::kNetwork) network = g.scalar;
                    if (g.number == field::kPolicy) policy = g.scalar;
                    if (g.number == field::kValue) value = g.scalar;
                    return {};
                });
            return {};
        });
        if (!fe.empty()) return makeError(ErrorCode::InvalidInput, ctx.source + ": format: " + fe);
    }
    auto unsupported = [&](const std::string& what) {
        return makeError(ErrorCode::Unsupported,
                         ctx.source + ": unsupported lc0 network format: " + what +
                             " (Kibitz runs classical 112-plane input, a residual tower, "
                             "convolution policy and WDL value, as Maia-1 and lc0's T40-era nets)");
    };
    if (input != kInputClassical112) return unsupported("input format " + std::to_string(input));
    if (network != kNetworkClassical && network != kNetworkSe && network != kNetworkClassicalWithHeadFormat &&
        network != kNetworkSeWithHeadFormat)
        return unsupported("network structure " + std::to_string(network));
    if (policy != kPolicyConvolution) return unsupported("policy head " + std::to_string(policy));
    if (value != kValueWdl) return unsupported("value head " + std::to_string(value));
    return network == kNetworkSe || network == kNetworkSeWithHeadFormat;
}

/// The residual tower, each convolution with its batch norm folded, SE layers checked against the declared format.
Status buildTower(const RawWeights& raw, bool se, int filters, Lc0Network& net, ParseContext& ctx) {
    net.tower.resize(raw.residual.size());
    for (std::size_t b = 0; b < raw.residual.size(); ++b) {
        const RawResidual& r = raw.residual[b];
        Lc0Residual& out = net.tower[b];
        const std::string path = "weights.residual[" + std::to_string(b) + "]";
        if (!foldConv(r.conv1, filters, filters, 3, out.conv1, ctx, path + ".conv1") ||
            !foldConv(r.conv2, filters, filters, 3, out.conv2, ctx, path + ".conv2"))
            return makeError(ErrorCode::InvalidInput, ctx.error);
        if (se != r.se.present)
            return makeError(
                ErrorCode::InvalidInput,
                ctx.source + ": " + path + ".se: " + (se ? "missing in an SE network" : "present in a non-SE network"));
        if (!se) continue;
        int seCh = 0;
        if (!inferCount(valueCount(r.se.w1, ctx), std::size_t(filters), kMaxFilters, seCh, ctx, path + ".se.w1",
                        "se_channels x filters"))
            return makeError(ErrorCode::InvalidInput, ctx.error);
        if (b == 0) net.seChannels = seCh;
        if (seCh != net.seChannels)
            return makeError(ErrorCode::InvalidInput, ctx.source + ": " + path + ".se.w1: " + std::to_string(seCh) +
                                                          " SE channels, block 0 has " +
                                                          std::to_string(net.seChannels));
        if (!decodeDense(r.se.w1, r.se.b1, seCh, filters, out.se1, ctx, path + ".se.w1", path + ".se.b1") ||
            !decodeDense(r.se.w2, r.se.b2, 2 * filters, seCh, out.se2, ctx, path + ".se.w2", path + ".se.b2"))
            return makeError(ErrorCode::InvalidInput, ctx.error);
    }
    return Status::success();
}

/// The policy head (3x3 filters -> filters -> 80 planes) and the WDL value head.
Status buildHeads(const RawWeights& raw, int filters, Lc0Network& net, ParseContext& ctx) {
    // Policy: 3x3 filters -> filters (policy1), then 3x3 filters -> 80 planes.
    if (!foldConv(raw.policy1, filters, filters, 3, net.policy1, ctx, "weights.policy1"))
        return makeError(ErrorCode::InvalidInput, ctx.error);
    net.policyPlanes = 80;
    if (!foldConv(raw.policy, net.policyPlanes, filters, 3, net.policy, ctx, "weights.policy"))
        return makeError(ErrorCode::InvalidInput, ctx.error);
    // Value: 1x1 filters -> channels, dense channels*64 -> hidden, dense hidden -> 3.
    int valueCh = 0, hidden = 0;
    if (!raw.value.present) return makeError(ErrorCode::InvalidInput, ctx.source + ": weights.value: missing");
    if (!inferCount(valueCount(raw.value.weights, ctx), std::size_t(filters), kMaxFilters, valueCh, ctx,
                    "weights.value.weights", "channels x filters x 1 x 1") ||
        !foldConv(raw.value, valueCh, filters, 1, net.value, ctx, "weights.value") ||
        !inferCount(valueCount(raw.ip1w, ctx), std::size_t(valueCh) * 64, 1 << 16, hidden, ctx, "weights.ip1_val_w",
                    "hidden x channels x 64") ||
        !decodeDense(raw.ip1w, raw.ip1b, hidden, valueCh * 64, net.value1, ctx, "weights.ip1_val_w",
                     "weights.ip1_val_b") ||
        !decodeDense(raw.ip2w, raw.ip2b, 3, hidden, net.value2, ctx, "weights.ip2_val_w", "weights.ip2_val_b"))
        return makeError(ErrorCode::InvalidInput, ctx.error);
    net.valueChannels = valueCh;
    net.valueHidden = hidden;
    return Status::success();
}

}  // namespace

Result<Lc0Network> parseLc0Network(Bytes bytes, std::string_view source, std::size_t maxBytes) {
    const std::string src(source);
    std::vector<std::uint8_t> inflated;
    Bytes data = bytes;
    if (bytes.size() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
        std::string error;
        if (!gunzip(bytes, inflated, maxBytes, error)) return makeError(ErrorCode::InvalidInput, src + ": " + error);
        data = inflated;
    } else if (bytes.size() > maxBytes) {
        return makeError(ErrorCode::InvalidInput, src + ": larger than any supported net");
    }

    ParseContext ctx;
    ctx.source = src;
    Lc0Network net;
    Lc0TopLevel top;
    const std::string e = readTopLevel(data, top, net);
    if (!e.empty()) return makeError(ErrorCode::InvalidInput, src + ": not an lc0 network (" + e + ")");
    if (!top.magic || *top.magic != kLc0Magic)
        return makeError(ErrorCode::InvalidInput,
                         src + ": not an lc0 network (no lc0 magic number; is it a .pb.gz weights file?)");
    if (!top.haveWeights) return makeError(ErrorCode::InvalidInput, src + ": lc0 network without weights");
    const Result<bool> se = readFormat(top.format, top.haveFormat, ctx);
    if (!se) return se.error();

    RawWeights raw;
    if (!parseWeights(top.weights, raw, ctx)) return makeError(ErrorCode::InvalidInput, ctx.error);

    // Shapes: the filter count from the input convolution, the rest checked against it.
    int filters = 0;
    if (!raw.input.present) return makeError(ErrorCode::InvalidInput, src + ": weights.input: missing");
    if (!inferCount(valueCount(raw.input.weights, ctx), std::size_t(kLc0InputPlanes) * 9, kMaxFilters, filters, ctx,
                    "weights.input.weights", "filters x 112 x 3 x 3"))
        return makeError(ErrorCode::InvalidInput, ctx.error);
    net.filters = filters;
    net.blocks = int(raw.residual.size());
    if (net.blocks == 0) return makeError(ErrorCode::InvalidInput, src + ": weights.residual: no residual blocks");
    if (!foldConv(raw.input, filters, kLc0InputPlanes, 3, net.input, ctx, "weights.input"))
        return makeError(ErrorCode::InvalidInput, ctx.error);
    if (Status s = buildTower(raw, se.value(), filters, net, ctx); !s) return s.error();
    if (Status s = buildHeads(raw, filters, net, ctx); !s) return s.error();
    return net;
}

Result<Lc0Network> readLc0Network(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return makeError(ErrorCode::Io, path + ": cannot open");
    const std::streamoff size = in.tellg();
    if (size < 0) return makeError(ErrorCode::Io, path + ": cannot read its size");
    if (std::uint64_t(size) > kLc0MaxNetBytes)
        return makeError(ErrorCode::InvalidInput, path + ": larger than any supported net");
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    in.seekg(0);
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        return makeError(ErrorCode::Io, path + ": read failed");
    if (bytes.empty()) return makeError(ErrorCode::InvalidInput, path + ": empty file, not an lc0 network");
    return parseLc0Network(bytes, path);
}

}  // namespace kibitz::lc0
