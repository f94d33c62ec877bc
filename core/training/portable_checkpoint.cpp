// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/portable_checkpoint.h"

#include "core/common/atomic_file.h"

#include <torch/serialize.h>
#include <torch/torch.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace kibitz::training {

namespace {

constexpr char kMagic[4] = {'K', 'B', 'Z', 'P'};
constexpr std::uint32_t kVersion = 1;
constexpr char kSeparator = '\x1f';
// Bounds that a real checkpoint stays far below; a damaged header cannot make us allocate more.
constexpr std::uint64_t kMaxEntries = 1u << 20;
constexpr std::uint32_t kMaxString = 1u << 20;
constexpr std::uint32_t kMaxRank = 8;
constexpr std::uint64_t kMaxTensorBytes = std::uint64_t(4) << 30;

enum class Kind : std::uint8_t {
    Parameter = 0,
    Buffer = 1,
    Int = 2,
    Double = 3,
    Bool = 4,
    String = 5,
    DoubleTuple = 6,
    IntList = 7,
    DoubleList = 8,
    EmptyArchive = 9,
};

struct DtypeCode {
    std::uint8_t code;
    c10::ScalarType type;
};
constexpr DtypeCode kDtypes[] = {
    {0, c10::ScalarType::Float},    {1, c10::ScalarType::Long}, {2, c10::ScalarType::Double},
    {3, c10::ScalarType::Int},      {4, c10::ScalarType::Bool}, {5, c10::ScalarType::Half},
    {6, c10::ScalarType::BFloat16}, {7, c10::ScalarType::Byte}, {8, c10::ScalarType::Char},
    {9, c10::ScalarType::Short},
};

/// One archive entry in memory.
struct Entry {
    std::vector<std::string> path;
    Kind kind = Kind::Int;
    torch::Tensor tensor;
    std::int64_t i = 0;
    double d = 0.0;
    bool b = false;
    std::string s;
    std::vector<double> doubles;
    std::vector<std::int64_t> ints;
};

// ---- Reading a LibTorch archive into entries ----

void collect(torch::serialize::InputArchive& archive, std::vector<std::string>& path, std::vector<Entry>& out) {
    std::vector<std::string> keys = archive.keys();
    const std::size_t before = out.size();
    for (const std::string& key : keys) {
        if (key == "training") continue;  // every module's own flag, not written by the trainers
        path.push_back(key);
        torch::serialize::InputArchive child;
        c10::IValue value;
        if (archive.try_read(key, child)) {
            collect(child, path, out);
        } else if (archive.try_read(key, value)) {
            Entry e;
            e.path = path;
            if (value.isTensor()) {
                // Parameters and buffers are both tensors in the archive; the reader does not tell them apart,
                // and OutputArchive::write needs to know: a tensor that requires grad is a parameter.
                e.tensor = value.toTensor().detach().to(torch::kCPU).contiguous();
                e.kind = value.toTensor().requires_grad() ? Kind::Parameter : Kind::Buffer;
            } else if (value.isInt()) {
                e.kind = Kind::Int;
                e.i = value.toInt();
            } else if (value.isDouble()) {
                e.kind = Kind::Double;
                e.d = value.toDouble();
            } else if (value.isBool()) {
                e.kind = Kind::Bool;
                e.b = value.toBool();
            } else if (value.isString()) {
                e.kind = Kind::String;
                e.s = value.toStringRef();
            } else if (value.isTuple()) {
                e.kind = Kind::DoubleTuple;
                for (const auto& x : value.toTupleRef().elements()) {
                    TORCH_CHECK(x.isDouble() || x.isInt(), "entry '", key, "': a tuple of ", x.tagKind());
                    e.doubles.push_back(x.isDouble() ? x.toDouble() : double(x.toInt()));
                }
            } else if (value.isIntList()) {
                e.kind = Kind::IntList;
                e.ints = value.toIntVector();
            } else if (value.isDoubleList()) {
                e.kind = Kind::DoubleList;
                e.doubles = value.toDoubleVector();
            } else if (value.isNone()) {
                // Nothing to keep (an unset optional option).
            } else {
                TORCH_CHECK(false, "entry '", key, "' holds a ", value.tagKind(), ", which KBZP does not carry");
            }
            if (!value.isNone()) out.push_back(std::move(e));
        }
        path.pop_back();
    }
    if (out.size() == before && !path.empty()) {
        Entry e;
        e.path = path;
        e.kind = Kind::EmptyArchive;
        out.push_back(std::move(e));
    }
}

// ---- Writing entries ----

template <class T>
void put(std::string& out, T v) {
    char buf[sizeof(T)];
    std::memcpy(buf, &v, sizeof(T));
    out.append(buf, sizeof(T));  // x86-64 and aarch64 are little-endian, as the format is
}

void putString(std::string& out, const std::string& s) {
    put<std::uint32_t>(out, std::uint32_t(s.size()));
    out += s;
}

std::string encode(const std::vector<Entry>& entries) {
    std::string out(kMagic, 4);
    put<std::uint32_t>(out, kVersion);
    put<std::uint64_t>(out, entries.size());
    for (const Entry& e : entries) {
        std::string joined;
        for (std::size_t i = 0; i < e.path.size(); ++i) joined += (i ? std::string(1, kSeparator) : "") + e.path[i];
        putString(out, joined);
        put<std::uint8_t>(out, std::uint8_t(e.kind));
        switch (e.kind) {
            case Kind::Parameter:
            case Kind::Buffer: {
                std::uint8_t code = 255;
                for (const auto& d : kDtypes)
                    if (d.type == e.tensor.scalar_type()) code = d.code;
                TORCH_CHECK(code != 255, "tensor of type ", e.tensor.scalar_type(), " is not carried by KBZP");
                put<std::uint8_t>(out, code);
                put<std::uint32_t>(out, std::uint32_t(e.tensor.dim()));
                for (std::int64_t s : e.tensor.sizes()) put<std::int64_t>(out, s);
                const std::size_t bytes = std::size_t(e.tensor.numel()) * e.tensor.element_size();
                out.append(static_cast<const char*>(e.tensor.data_ptr()), bytes);
                break;
            }
            case Kind::Int: put<std::int64_t>(out, e.i); break;
            case Kind::Double: put<double>(out, e.d); break;
            case Kind::Bool: put<std::uint8_t>(out, e.b ? 1 : 0); break;
            case Kind::String: putString(out, e.s); break;
            case Kind::DoubleTuple:
            case Kind::DoubleList:
                put<std::uint32_t>(out, std::uint32_t(e.doubles.size()));
                for (double v : e.doubles) put<double>(out, v);
                break;
            case Kind::IntList:
                put<std::uint32_t>(out, std::uint32_t(e.ints.size()));
                for (std::int64_t v : e.ints) put<std::int64_t>(out, v);
                break;
            case Kind::EmptyArchive: break;
        }
    }
    return out;
}

// ---- Reading entries ----

class Reader {
public:
    Reader(const std::string& bytes, std::string file) : m_bytes(bytes), m_file(std::move(file)) {}

    template <class T>
    bool get(T& v) {
        if (m_bytes.size() - m_pos < sizeof(T)) return short_();
        std::memcpy(&v, m_bytes.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return true;
    }
    bool getString(std::string& s) {
        std::uint32_t n = 0;
        if (!get(n) || n > kMaxString) return false;
        if (m_bytes.size() - m_pos < n) return short_();
        s.assign(m_bytes.data() + m_pos, n);
        m_pos += n;
        return true;
    }
    bool getBytes(void* dst, std::uint64_t n) {
        if (m_bytes.size() - m_pos < n) return short_();
        std::memcpy(dst, m_bytes.data() + m_pos, std::size_t(n));
        m_pos += std::size_t(n);
        return true;
    }
    bool atEnd() const { return m_pos == m_bytes.size(); }
    std::size_t offset() const { return m_pos; }
    /// True once a read asked for more bytes than the file has left: the file was cut short.
    bool ranOut() const { return m_ranOut; }

private:
    bool short_() {
        m_ranOut = true;
        return false;
    }
    bool m_ranOut = false;
    const std::string& m_bytes;
    std::string m_file;
    std::size_t m_pos = 0;
};

Result<std::vector<Entry>> decode(const std::string& bytes, const std::string& file) {
    if (bytes.size() < 16 || std::memcmp(bytes.data(), kMagic, 4) != 0)
        return makeError(ErrorCode::InvalidInput, file + ": not a valid KBZP checkpoint: wrong magic (at byte 0)");
    Reader r(bytes, file);
    // Where a read ran past the end, the file was cut short wherever the cut fell (a header, a key, a value).
    auto bad = [&](const std::string& why, std::size_t at) {
        return makeError(ErrorCode::InvalidInput, file + ": not a valid KBZP checkpoint: " + why +
                                                      (r.ranOut() ? " (the file is truncated)" : "") + " (at byte " +
                                                      std::to_string(at) + ")");
    };
    char magic[4];
    std::uint32_t version = 0;
    std::uint64_t count = 0;
    (void)r.getBytes(magic, 4);
    if (!r.get(version) || version != kVersion) return bad("version " + std::to_string(version), 4);
    if (!r.get(count) || count > kMaxEntries) return bad("entry count " + std::to_string(count), 8);
    std::vector<Entry> entries;
    for (std::uint64_t n = 0; n < count; ++n) {
        const std::size_t at = r.offset();
        Entry e;
        std::string joined;
        std::uint8_t kind = 0;
        if (!r.getString(joined) || joined.empty() || !r.get(kind) || kind > 9)
            return bad("entry " + std::to_string(n) + " header", at);
        std::size_t start = 0;
        for (std::size_t i = 0; i <= joined.size(); ++i) {
            if (i == joined.size() || joined[i] == kSeparator) {
                e.path.push_back(joined.substr(start, i - start));
                start = i + 1;
            }
        }
        const std::string name = "entry '" + joined + "'";
        for (const std::string& c : e.path)
            if (c.empty()) return bad(name + ": empty key", at);
        e.kind = Kind(kind);
        bool ok = true;
        switch (e.kind) {
            case Kind::Parameter:
            case Kind::Buffer: {
                std::uint8_t code = 0;
                std::uint32_t rank = 0;
                ok = r.get(code) && r.get(rank) && rank <= kMaxRank;
                std::optional<c10::ScalarType> type;
                for (const auto& d : kDtypes)
                    if (d.code == code) type = d.type;
                if (!ok || !type) return bad(name + ": tensor header", at);
                std::vector<std::int64_t> sizes(rank);
                std::uint64_t numel = 1;
                for (auto& s : sizes) {
                    if (!r.get(s) || s < 0 || s > std::int64_t(kMaxTensorBytes)) return bad(name + ": tensor size", at);
                    numel *= std::uint64_t(s);
                    if (numel > kMaxTensorBytes) return bad(name + ": tensor too large", at);
                }
                const std::uint64_t bytesNeeded = numel * c10::elementSize(*type);
                if (bytesNeeded > kMaxTensorBytes || bytes.size() - r.offset() < bytesNeeded)
                    return bad(name + ": tensor data truncated", at);
                e.tensor = torch::empty(sizes, torch::TensorOptions().dtype(*type));
                ok = r.getBytes(e.tensor.data_ptr(), bytesNeeded);
                break;
            }
            case Kind::Int: ok = r.get(e.i); break;
            case Kind::Double: ok = r.get(e.d); break;
            case Kind::Bool: {
                std::uint8_t v = 0;
                ok = r.get(v) && v <= 1;
                e.b = v == 1;
                break;
            }
            case Kind::String: ok = r.getString(e.s); break;
            case Kind::DoubleTuple:
            case Kind::DoubleList: {
                std::uint32_t m = 0;
                ok = r.get(m) && m <= kMaxString;
                for (std::uint32_t i = 0; ok && i < m; ++i) ok = r.get(e.doubles.emplace_back());
                break;
            }
            case Kind::IntList: {
                std::uint32_t m = 0;
                ok = r.get(m) && m <= kMaxString;
                for (std::uint32_t i = 0; ok && i < m; ++i) ok = r.get(e.ints.emplace_back());
                break;
            }
            case Kind::EmptyArchive: break;
        }
        if (!ok) return bad(name + ": truncated value", at);
        entries.push_back(std::move(e));
    }
    if (!r.atEnd()) return bad("bytes after the last entry", r.offset());
    return entries;
}

// ---- Optimizer keys ----

/// LibTorch's optimizers name each parameter's state by the address of its tensor: LibTorch 1.x writes it as
/// "0x55d0c3a1b2c0" and matches the strings; 2.x writes decimal and reads it back with std::stoull, which turns
/// every "0x..." into 0, so all parameters would share one state. Addresses in hex become decimal here (the
/// same mapping for the state's names and the parameter lists, so both versions pair them as before).
std::string canonicalAddress(const std::string& s) {
    if (s.size() < 3 || s.size() > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return s;
    std::uint64_t v = 0;
    for (std::size_t i = 2; i < s.size(); ++i) {
        const char c = s[i];
        int d = -1;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        if (d < 0) return s;
        v = v * 16 + std::uint64_t(d);
    }
    return std::to_string(v);
}

void canonicalizeOptimizerKeys(Entry& e) {
    for (std::size_t i = 1; i < e.path.size(); ++i)
        if (e.path[i - 1] == "state") e.path[i] = canonicalAddress(e.path[i]);
    const std::string& last = e.path.back();
    if (e.kind == Kind::String && last.starts_with("params/")) e.s = canonicalAddress(e.s);
}

// ---- Building a LibTorch archive from entries ----

/// Writes the entries at `depth` into `archive` in file order; a nested archive's entries are contiguous (collect
/// walks depth first), so each is built from its run of entries and written where it stood: the rebuilt archive
/// lists its keys in the original order.
void build(torch::serialize::OutputArchive& archive, const std::vector<const Entry*>& entries, std::size_t depth) {
    for (std::size_t i = 0; i < entries.size();) {
        const Entry* e = entries[i];
        const std::string& key = e->path[depth];
        if (e->path.size() > depth + 1 || e->kind == Kind::EmptyArchive) {
            std::vector<const Entry*> nested;
            while (i < entries.size() && entries[i]->path[depth] == key &&
                   (entries[i]->path.size() > depth + 1 || entries[i]->kind == Kind::EmptyArchive)) {
                if (entries[i]->path.size() > depth + 1) nested.push_back(entries[i]);
                ++i;
            }
            torch::serialize::OutputArchive child(archive.compilation_unit());
            build(child, nested, depth + 1);
            archive.write(key, child);
            continue;
        }
        switch (e->kind) {
            case Kind::Parameter: archive.write(key, e->tensor.clone().requires_grad_(true), false); break;
            case Kind::Buffer: archive.write(key, e->tensor, true); break;
            case Kind::Int: archive.write(key, c10::IValue(e->i)); break;
            case Kind::Double: archive.write(key, c10::IValue(e->d)); break;
            case Kind::Bool: archive.write(key, c10::IValue(e->b)); break;
            case Kind::String: archive.write(key, c10::IValue(e->s)); break;
            case Kind::DoubleTuple: {
                std::vector<c10::IValue> xs(e->doubles.begin(), e->doubles.end());
                archive.write(key, c10::IValue(c10::ivalue::Tuple::create(std::move(xs))));
                break;
            }
            case Kind::IntList: archive.write(key, c10::IValue(e->ints)); break;
            case Kind::DoubleList: archive.write(key, c10::IValue(e->doubles)); break;
            case Kind::EmptyArchive: break;
        }
        ++i;
    }
}

}  // namespace

Status exportPortableCheckpoint(const std::string& ptPath, const std::string& portablePath, bool compact) {
    if (Status st = refuseToOverwriteInput(ptPath, portablePath); !st) return st;
    std::vector<Entry> entries;
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(ptPath, torch::kCPU);
        std::vector<std::string> path;
        collect(archive, path, entries);
        for (Entry& e : entries) canonicalizeOptimizerKeys(e);
        if (compact) {
            std::vector<Entry> kept;
            for (Entry& e : entries) {
                if (!e.path.empty() && e.path.front() == "optimizer") continue;
                if ((e.kind == Kind::Parameter || e.kind == Kind::Buffer) && e.tensor.scalar_type() == torch::kFloat32)
                    e.tensor = e.tensor.to(torch::kBFloat16);
                kept.push_back(std::move(e));
            }
            Entry flag;
            flag.path = {"state.compact"};
            flag.kind = Kind::Int;
            flag.i = 1;
            kept.push_back(std::move(flag));
            entries = std::move(kept);
        }
    } catch (const std::exception& e) {
        return makeError(ErrorCode::InvalidInput, ptPath + ": cannot read the checkpoint: " + e.what());
    }
    if (entries.empty()) return makeError(ErrorCode::InvalidInput, ptPath + ": the checkpoint holds nothing");
    std::string bytes;
    try {
        bytes = encode(entries);
    } catch (const std::exception& e) {
        return makeError(ErrorCode::InvalidInput, ptPath + ": " + e.what());
    }
    return writeBytesAtomically(portablePath, bytes);
}

Status importPortableCheckpoint(const std::string& portablePath, const std::string& ptPath) {
    if (Status st = refuseToOverwriteInput(portablePath, ptPath); !st) return st;
    std::ifstream f(portablePath, std::ios::binary);
    if (!f) return makeError(ErrorCode::Io, portablePath + ": cannot open");
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string bytes = ss.str();
    auto entries = decode(bytes, portablePath);
    if (!entries) return entries.error();
    for (Entry& e : *entries) {
        canonicalizeOptimizerKeys(e);
        if ((e.kind == Kind::Parameter || e.kind == Kind::Buffer) && e.tensor.scalar_type() == torch::kBFloat16)
            e.tensor = e.tensor.to(torch::kFloat32);
    }
    std::set<std::string> seen;
    std::vector<const Entry*> all;
    for (const Entry& e : *entries) {
        std::string joined;
        for (const auto& c : e.path) joined += c + '\x1f';
        if (!seen.insert(joined).second)
            return makeError(ErrorCode::InvalidInput, portablePath + ": entry '" + joined + "' appears twice");
        all.push_back(&e);
    }
    try {
        torch::serialize::OutputArchive archive;
        build(archive, all, 0);
        std::ostringstream out;
        archive.save_to(out);
        return writeBytesAtomically(ptPath, out.str());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::InvalidInput, portablePath + ": cannot rebuild the checkpoint: " + e.what());
    }
}

}  // namespace kibitz::training
