// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/dnnl_matmul.h"

#if KIBITZ_HAVE_DNNL
#include <oneapi/dnnl/dnnl.hpp>

#include <unordered_map>
#endif

namespace kibitz::models::dnnl {

#if KIBITZ_HAVE_DNNL

namespace {

using ::dnnl::engine;
using ::dnnl::memory;
using ::dnnl::stream;

engine& cpuEngine() {
    static engine e(engine::kind::cpu, 0);
    return e;
}

memory::desc describe(const View& v) {
    memory::dims dims(v.dims.begin(), v.dims.begin() + v.rank);
    memory::dims strides(v.strides.begin(), v.strides.begin() + v.rank);
    return memory::desc(dims, memory::data_type::f32, strides);
}

/// Primitives are cached per thread by the exact shapes and strides: building a primitive descriptor walks oneDNN's
/// implementation list (tens of microseconds), and a training step runs about a hundred products of a few dozen
/// distinct shapes. The cache is cleared when it grows past a bound (batches of ever new sizes).
struct Key {
    std::array<std::int64_t, 25> v{};
    bool operator==(const Key& o) const { return v == o.v; }
};
struct KeyHash {
    std::size_t operator()(const Key& k) const {
        std::uint64_t h = 1469598103934665603ULL;
        for (std::int64_t x : k.v) h = (h ^ std::uint64_t(x)) * 1099511628211ULL;
        return std::size_t(h);
    }
};

struct Cached {
    ::dnnl::matmul prim;
    memory::desc a, b, c;
};

Key makeKey(const View& a, const View& b, const std::array<std::int64_t, 4>& cStrides) {
    Key k;
    std::size_t i = 0;
    k.v[i++] = a.rank;
    for (int j = 0; j < 4; ++j) {
        k.v[i++] = a.dims[j];
        k.v[i++] = a.strides[j];
        k.v[i++] = b.dims[j];
        k.v[i++] = b.strides[j];
        k.v[i++] = cStrides[j];
    }
    // Alignment changes nothing for oneDNN's choice of kernel; shapes and strides are the whole key.
    return k;
}

}  // namespace

bool available() { return true; }

bool matmul(const View& a, const View& b, float* c, const std::array<std::int64_t, 4>& cStrides) {
    if (a.rank != b.rank || (a.rank != 2 && a.rank != 4)) return false;
    const int r = a.rank;
    for (int j = 0; j < r; ++j)
        if (a.dims[j] <= 0 || b.dims[j] <= 0) return false;
    if (a.dims[r - 1] != b.dims[r - 2]) return false;
    for (int j = 0; j + 2 < r; ++j)
        if (a.dims[j] != b.dims[j]) return false;

    thread_local std::unordered_map<Key, Cached, KeyHash> cache;
    thread_local stream s(cpuEngine());
    const Key key = makeKey(a, b, cStrides);
    auto it = cache.find(key);
    if (it == cache.end()) {
        if (cache.size() > 512) cache.clear();
        View cv;
        cv.rank = r;
        cv.dims = a.dims;
        cv.dims[r - 1] = b.dims[r - 1];
        cv.strides = cStrides;
        Cached entry{::dnnl::matmul(), describe(a), describe(b), describe(cv)};
        try {
            auto pd = ::dnnl::matmul::primitive_desc(::dnnl::matmul::desc(entry.a, entry.b, entry.c), cpuEngine());
            entry.prim = ::dnnl::matmul(pd);
        } catch (const ::dnnl::error&) {
            return false;
        }
        it = cache.emplace(key, std::move(entry)).first;
    }
    const Cached& e = it->second;
    memory ma(e.a, cpuEngine(), const_cast<float*>(a.data));
    memory mb(e.b, cpuEngine(), const_cast<float*>(b.data));
    memory mc(e.c, cpuEngine(), c);
    e.prim.execute(s, {{DNNL_ARG_SRC, ma}, {DNNL_ARG_WEIGHTS, mb}, {DNNL_ARG_DST, mc}});
    s.wait();
    return true;
}

#else

bool available() { return false; }
bool matmul(const View&, const View&, float*, const std::array<std::int64_t, 4>&) { return false; }

#endif

}  // namespace kibitz::models::dnnl
