// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/solve_feature_cache.h"

#include "core/chess/notation.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/evaluation/solve_probability.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace kibitz::evaluation {

namespace {

// Layout (little-endian host order): magic, u32 version, u32 feature count, u32 key length, key bytes,
// u64 entry count, entries (u8 id length, id bytes, feature count f32), u64 FNV-1a of all preceding bytes.
constexpr char kMagic[8] = {'K', 'B', 'Z', 'S', 'O', 'L', 'V', 'F'};
constexpr std::uint32_t kVersion = 1;

std::uint64_t fnv1a64(const char* data, std::size_t n) {
    std::uint64_t h = 14695981039346656037ull;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= std::uint8_t(data[i]);
        h *= 1099511628211ull;
    }
    return h;
}

template <typename T>
void put(std::string& out, T v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

/// Bounds-checked reader over the file bytes.
struct Reader {
    const std::string& buf;
    std::size_t pos = 0;
    template <typename T>
    bool get(T& v) {
        if (buf.size() - pos < sizeof(T)) return false;
        std::memcpy(&v, buf.data() + pos, sizeof(T));
        pos += sizeof(T);
        return true;
    }
    bool bytes(std::string& s, std::size_t n) {
        if (buf.size() - pos < n) return false;
        s.assign(buf.data() + pos, n);
        pos += n;
        return true;
    }
};

}  // namespace

Result<SolveFeatureCache> SolveFeatureCache::open(const std::string& path, const std::string& modelKey,
                                                  int featureCount) {
    SolveFeatureCache c;
    c.m_path = path;
    c.m_modelKey = modelKey;
    c.m_featureCount = featureCount;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return c;
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError(ErrorCode::Io, path + ": cannot read the solve-feature cache");
    const std::string buf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto corrupt = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidInput, path + ": corrupt solve-feature cache (" + why +
                                                      "); delete the file to recompute the features");
    };
    if (buf.size() < sizeof(kMagic) + 8 || std::memcmp(buf.data(), kMagic, sizeof(kMagic)) != 0)
        return corrupt("not a Kibitz solve-feature cache");
    std::uint64_t stored = 0;
    std::memcpy(&stored, buf.data() + buf.size() - 8, 8);
    if (stored != fnv1a64(buf.data(), buf.size() - 8)) return corrupt("checksum mismatch");
    const std::string body = buf.substr(0, buf.size() - 8);
    Reader r{body, sizeof(kMagic)};
    std::uint32_t version = 0, count = 0, keyLen = 0;
    std::string key;
    std::uint64_t entries = 0;
    if (!r.get(version) || !r.get(count) || !r.get(keyLen) || !r.bytes(key, keyLen) || !r.get(entries))
        return corrupt("truncated header");
    if (version != kVersion) return corrupt("version " + std::to_string(version) + " is not supported");
    if (key != modelKey)
        return makeError(ErrorCode::InvalidInput,
                         path + ": solve-feature cache was computed with human model " + key + ", not " + modelKey);
    if (int(count) != featureCount)
        return makeError(ErrorCode::InvalidInput, path + ": solve-feature cache has " + std::to_string(count) +
                                                      " features per puzzle, expected " + std::to_string(featureCount));
    c.m_entries.reserve(std::size_t(entries));
    for (std::uint64_t i = 0; i < entries; ++i) {
        std::uint8_t idLen = 0;
        std::string id;
        std::vector<float> f(count);
        if (!r.get(idLen) || !r.bytes(id, idLen) || body.size() - r.pos < count * sizeof(float))
            return corrupt("truncated at entry " + std::to_string(i + 1));
        std::memcpy(f.data(), body.data() + r.pos, count * sizeof(float));
        r.pos += count * sizeof(float);
        c.m_entries[id] = std::move(f);
    }
    if (r.pos != body.size()) return corrupt("trailing bytes after the last entry");
    return c;
}

std::string SolveFeatureCache::puzzleCacheKey(const chess::Puzzle& puzzle) {
    std::string content = puzzle.fen;
    for (const chess::Move m : puzzle.moves) content += ' ' + chess::toUci(m);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a64(content)));
    return puzzle.id + '#' + hex;
}

const std::vector<float>* SolveFeatureCache::find(const std::string& id) const {
    auto it = m_entries.find(id);
    return it == m_entries.end() ? nullptr : &it->second;
}

void SolveFeatureCache::insert(const std::string& id, std::vector<float> features) {
    m_entries[id] = std::move(features);
    m_dirty = true;
}

Status SolveFeatureCache::save() {
    if (!m_dirty) return {};
    // Another process (e.g. an eval next to a training run) may have added features since open(): keep them.
    // An entry both have keeps what this object computed and takes the places it lacks (NaN: levels of the solve
    // features that only the other process computed) from the disk.
    if (auto disk = open(m_path, m_modelKey, m_featureCount); disk.ok())
        for (auto& [id, f] : disk.value().m_entries) {
            auto [it, added] = m_entries.try_emplace(id, std::move(f));
            if (!added) fillMissingValues(it->second, f);
        }
    std::string out;
    out.reserve(64 + m_entries.size() * (16 + std::size_t(m_featureCount) * sizeof(float)));
    out.append(kMagic, sizeof(kMagic));
    put(out, kVersion);
    put(out, std::uint32_t(m_featureCount));
    put(out, std::uint32_t(m_modelKey.size()));
    out += m_modelKey;
    put(out, std::uint64_t(m_entries.size()));
    for (const auto& [id, f] : m_entries) {
        if (id.size() > 255 || int(f.size()) != m_featureCount)
            return makeError(ErrorCode::InvalidInput, m_path + ": cannot cache puzzle '" + id +
                                                          "' (id longer than 255 bytes or wrong feature count)");
        put(out, std::uint8_t(id.size()));
        out += id;
        out.append(reinterpret_cast<const char*>(f.data()), f.size() * sizeof(float));
    }
    put(out, fnv1a64(out.data(), out.size()));
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target(m_path);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    const std::string tmp = m_path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) return makeError(ErrorCode::Io, tmp + ": cannot write the solve-feature cache");
        f.write(out.data(), std::streamsize(out.size()));
        f.flush();
        if (!f) {
            fs::remove(tmp, ec);
            return makeError(ErrorCode::Io, tmp + ": write failed (disk full?)");
        }
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return makeError(ErrorCode::Io, m_path + ": cannot replace the solve-feature cache: " + ec.message());
    }
    m_dirty = false;
    return {};
}

void fillMissingValues(std::vector<float>& into, std::span<const float> from) {
    for (std::size_t i = 0; i < into.size() && i < from.size(); ++i)
        if (std::isnan(into[i]) && !std::isnan(from[i])) into[i] = from[i];
}

Status CachedSolveFeatures::features(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& out,
                                     std::span<const int> elos) {
    out.assign(puzzles.size(), {});
    std::vector<chess::Puzzle> missing;
    std::vector<std::size_t> where;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (m_cache)
            if (const auto* f = m_cache->find(puzzles[i]);
                f && (m_maia ? hasMaiaFeatures(*f) : hasSolveLevels(*f, elos))) {
                out[i] = *f;
                ++m_hits;
                continue;
            }
        missing.push_back(puzzles[i]);
        where.push_back(i);
    }
    if (missing.empty()) return {};
    if (!m_evaluator) return makeError(ErrorCode::InvalidInput, "no human-move model to compute solve features");
    // In parts of saveEvery puzzles, each saved when done: a long computation that is killed keeps what it did.
    const std::size_t part = m_cache && m_saveEvery > 0 ? std::size_t(m_saveEvery) : missing.size();
    for (std::size_t begin = 0; begin < missing.size(); begin += part) {
        const std::span<const chess::Puzzle> these(missing.data() + begin, std::min(part, missing.size() - begin));
        const auto t0 = std::chrono::steady_clock::now();
        auto f = m_maia ? computeMaiaSolveFeatures(*m_evaluator, these, m_maxBatch)
                        : computeSolveFeatures(*m_evaluator, these, m_maxBatch, elos);
        m_computeSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!f.ok()) return f.error();
        m_computed += std::int64_t(these.size());
        for (std::size_t j = 0; j < these.size(); ++j) {
            std::vector<float>& computed = f.value()[j];
            // A cached entry with other levels keeps them: the entry grows to the union of what was computed.
            if (m_cache)
                if (const auto* old = m_cache->find(these[j])) fillMissingValues(computed, *old);
            out[where[begin + j]] = computed;
            if (m_cache) m_cache->insert(these[j], std::move(computed));
        }
        m_sinceSave += std::int64_t(these.size());
        if (m_cache && m_saveEvery > 0 && m_sinceSave >= m_saveEvery) {
            m_sinceSave = 0;
            if (auto st = m_cache->save(); !st.ok()) return st;
        }
        if (m_progress) m_progress(std::int64_t(begin + these.size()), std::int64_t(missing.size()));
    }
    return {};
}

}  // namespace kibitz::evaluation
