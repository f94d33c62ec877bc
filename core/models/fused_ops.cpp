// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/fused_ops.h"

#include "core/models/dnnl_matmul.h"

#include <ATen/Parallel.h>

#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace kibitz::models {

namespace {

// The kernels are compiled three times, for AVX-512 (x86-64-v4), AVX2+FMA and the baseline, and the loader picks
// one (GCC function multi-versioning), so the binary stays portable while machines with AVX2 or AVX-512 use it.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define KIBITZ_KERNEL __attribute__((target_clones("arch=x86-64-v4", "arch=haswell", "default")))
#else
#define KIBITZ_KERNEL
#endif

std::atomic<bool>& fusedFlag() {
    static std::atomic<bool> flag{[] {
        const char* v = std::getenv("KIBITZ_FUSED");
        return !(v && std::strcmp(v, "0") == 0);
    }()};
    return flag;
}

/// exp(x) for float, vectorisable: 2^n * p(r) with x = n ln2 + r, |r| <= ln2 / 2, and the Cephes expf polynomial
/// (relative error about 1e-7). Inputs above 88 give exp(88); below -87, 0.
[[gnu::always_inline]] inline float vexp(float xIn) {
    const float x = xIn < -87.0f ? -87.0f : (xIn > 88.0f ? 88.0f : xIn);
    // Round x / ln2 to the nearest integer with the 1.5 * 2^23 trick (exact under round-to-nearest).
    const float shifter = 12582912.0f;
    const float n = (x * 1.44269504088896341f + shifter) - shifter;
    const float r = (x - n * 0.693359375f) + n * 2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * r * r + r + 1.0f;
    std::int32_t bits = (static_cast<std::int32_t>(n) + 127) << 23;
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    return xIn < -87.0f ? 0.0f : p * scale;  // below the float range, as std::exp (masked keys get exactly 0)
}

// ---- RMSNorm -----------------------------------------------------------------------------------------------------

/// 1 / sqrt(mean(x^2) + eps) of one row (eight partial sums, so the loop vectorises).
[[gnu::always_inline]] inline float rmsScaleOfRow(const float* __restrict__ xi, int64_t d, float eps) {
    float acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t j = 0;
    for (; j + 8 <= d; j += 8)
        for (int k = 0; k < 8; ++k) acc[k] += xi[j + k] * xi[j + k];
    float ss = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    for (; j < d; ++j) ss += xi[j] * xi[j];
    return 1.0f / std::sqrt(ss / float(d) + eps);
}

/// The backward of one row of x * r * w: gx = r * (gy * w) - x * r^3 / d * sum(gy * w * x), and acc += gy * x * r
/// (the row's part of the weight gradient, before any per-sample factor).
[[gnu::always_inline]] inline void rmsBackwardRow(const float* __restrict__ xi, const float* __restrict__ w, float ri,
                                                  const float* __restrict__ gi, float* __restrict__ gxi,
                                                  float* __restrict__ acc, int64_t d) {
    float part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int64_t j = 0;
    for (; j + 8 <= d; j += 8)
        for (int k = 0; k < 8; ++k) part[k] += gi[j + k] * w[j + k] * xi[j + k];
    float dot = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
    for (; j < d; ++j) dot += gi[j] * w[j] * xi[j];
    const float c = ri * ri * ri * dot / float(d);
    for (j = 0; j < d; ++j) {
        gxi[j] = ri * gi[j] * w[j] - xi[j] * c;
        acc[j] += gi[j] * xi[j] * ri;
    }
}

KIBITZ_KERNEL void rmsForwardRows(const float* x, const float* w, float* y, float* rOut, int64_t begin, int64_t end,
                                  int64_t d, float eps) {
    for (int64_t i = begin; i < end; ++i) {
        const float* xi = x + i * d;
        float* yi = y + i * d;
        const float r = rmsScaleOfRow(xi, d, eps);
        rOut[i] = r;
        for (int64_t j = 0; j < d; ++j) yi[j] = xi[j] * r * w[j];
    }
}

// gw += gy * x * r over the rows.
KIBITZ_KERNEL void rmsBackwardRows(const float* x, const float* w, const float* r, const float* gy, float* gx,
                                   float* gwAcc, int64_t begin, int64_t end, int64_t d) {
    for (int64_t i = begin; i < end; ++i) rmsBackwardRow(x + i * d, w, r[i], gy + i * d, gx + i * d, gwAcc, d);
}

class RmsNormFunction : public torch::autograd::Function<RmsNormFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x, const torch::Tensor& w,
                                 double eps) {
        auto xc = x.contiguous();
        auto wc = w.contiguous();
        const int64_t d = xc.size(-1);
        const int64_t n = d == 0 ? 0 : xc.numel() / d;
        auto y = torch::empty_like(xc);
        auto r = torch::empty({n}, xc.options());
        const float* xp = xc.data_ptr<float>();
        const float* wp = wc.data_ptr<float>();
        float* yp = y.data_ptr<float>();
        float* rp = r.data_ptr<float>();
        at::parallel_for(0, n, 256, [&](int64_t b, int64_t e) { rmsForwardRows(xp, wp, yp, rp, b, e, d, float(eps)); });
        ctx->save_for_backward({xc, wc, r});
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto saved = ctx->get_saved_variables();
        const auto& x = saved[0];
        const auto& w = saved[1];
        const auto& r = saved[2];
        auto gy = grads[0].contiguous();
        const int64_t d = x.size(-1);
        const int64_t n = d == 0 ? 0 : x.numel() / d;
        auto gx = torch::empty_like(x);
        // One partial weight gradient per worker thread, summed at the end.
        const int threads = at::get_num_threads();
        std::vector<float> partial(std::size_t(threads) * std::size_t(d), 0.0f);
        const float* xp = x.data_ptr<float>();
        const float* wp = w.data_ptr<float>();
        const float* rp = r.data_ptr<float>();
        const float* gp = gy.data_ptr<float>();
        float* gxp = gx.data_ptr<float>();
        at::parallel_for(0, n, 256, [&](int64_t b, int64_t e) {
            float* acc = partial.data() + std::size_t(at::get_thread_num()) * std::size_t(d);
            rmsBackwardRows(xp, wp, rp, gp, gxp, acc, b, e, d);
        });
        auto gw = torch::zeros({d}, x.options());
        float* gwp = gw.data_ptr<float>();
        for (int t = 0; t < threads; ++t)
            for (int64_t j = 0; j < d; ++j) gwp[j] += partial[std::size_t(t) * std::size_t(d) + std::size_t(j)];
        return {gx, gw.view(w.sizes()), torch::Tensor()};
    }
};

// ---- RMSNorm with a per-sample scale and shift (FiLM / adaLN) ------------------------------------------------------

// y = x * r * w * (1 + s_b) + h_b for the rows of sample b (rows b * t ... b * t + t - 1).
KIBITZ_KERNEL void rmsModForward(const float* __restrict__ x, const float* __restrict__ w, const float* __restrict__ s,
                                 const float* __restrict__ h, float* __restrict__ y, float* __restrict__ rOut,
                                 float* __restrict__ we, int64_t bBegin, int64_t bEnd, int64_t t, int64_t d,
                                 float eps) {
    for (int64_t b = bBegin; b < bEnd; ++b) {
        const float* sb = s + b * d;
        const float* hb = h + b * d;
        for (int64_t j = 0; j < d; ++j) we[j] = w[j] * (1.0f + sb[j]);
        for (int64_t i = b * t; i < (b + 1) * t; ++i) {
            const float* xi = x + i * d;
            float* yi = y + i * d;
            const float r = rmsScaleOfRow(xi, d, eps);
            rOut[i] = r;
            for (int64_t j = 0; j < d; ++j) yi[j] = xi[j] * r * we[j] + hb[j];
        }
    }
}

// With we = w * (1 + s_b): gx = r * (gy * we) - x * r^3 / d * sum(gy * we * x); gw += gy * x * r * (1 + s_b);
// gs_b = sum over the sample's rows of gy * x * r * w; gh_b = sum of gy. Each call owns samples [bBegin, bEnd), so
// gs and gh need no reduction across threads; gw is accumulated into the caller's partial row.
KIBITZ_KERNEL void rmsModBackward(const float* __restrict__ x, const float* __restrict__ w, const float* __restrict__ s,
                                  const float* __restrict__ r, const float* __restrict__ gy, float* __restrict__ gx,
                                  float* __restrict__ gwAcc, float* __restrict__ gs, float* __restrict__ gh,
                                  float* __restrict__ we, float* __restrict__ nsum, int64_t bBegin, int64_t bEnd,
                                  int64_t t, int64_t d) {
    for (int64_t b = bBegin; b < bEnd; ++b) {
        const float* sb = s + b * d;
        float* gsb = gs + b * d;
        float* ghb = gh + b * d;
        for (int64_t j = 0; j < d; ++j) {
            we[j] = w[j] * (1.0f + sb[j]);
            nsum[j] = 0.0f;
            ghb[j] = 0.0f;
        }
        for (int64_t i = b * t; i < (b + 1) * t; ++i) {
            const float* gi = gy + i * d;
            rmsBackwardRow(x + i * d, we, r[i], gi, gx + i * d, nsum, d);  // nsum: sum of gy * xhat
            for (int64_t j = 0; j < d; ++j) ghb[j] += gi[j];
        }
        for (int64_t j = 0; j < d; ++j) {
            gsb[j] = nsum[j] * w[j];
            gwAcc[j] += nsum[j] * (1.0f + sb[j]);
        }
    }
}

class RmsNormModFunction : public torch::autograd::Function<RmsNormModFunction> {
public:
    // x [B, T, d] (contiguous after .contiguous()), w [d], scale and shift [B, d].
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x, const torch::Tensor& w,
                                 const torch::Tensor& scale, const torch::Tensor& shift, double eps) {
        auto xc = x.contiguous();
        auto wc = w.contiguous();
        auto sc = scale.contiguous();
        auto hc = shift.contiguous();
        const int64_t bn = xc.size(0), t = xc.size(1), d = xc.size(2);
        auto y = torch::empty_like(xc);
        auto r = torch::empty({bn * t}, xc.options());
        const float* xp = xc.data_ptr<float>();
        const float* wp = wc.data_ptr<float>();
        const float* sp = sc.data_ptr<float>();
        const float* hp = hc.data_ptr<float>();
        float* yp = y.data_ptr<float>();
        float* rp = r.data_ptr<float>();
        const int64_t grain = std::max<int64_t>(1, 256 / std::max<int64_t>(1, t));
        at::parallel_for(0, bn, grain, [&](int64_t b, int64_t e) {
            std::vector<float> we(static_cast<std::size_t>(d));
            rmsModForward(xp, wp, sp, hp, yp, rp, we.data(), b, e, t, d, float(eps));
        });
        ctx->save_for_backward({xc, wc, sc, r});
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto saved = ctx->get_saved_variables();
        const auto& x = saved[0];
        const auto& w = saved[1];
        const auto& s = saved[2];
        const auto& r = saved[3];
        auto gy = grads[0].contiguous();
        const int64_t bn = x.size(0), t = x.size(1), d = x.size(2);
        auto gx = torch::empty_like(x);
        auto gs = torch::empty({bn, d}, x.options());
        auto gh = torch::empty({bn, d}, x.options());
        const int threads = at::get_num_threads();
        std::vector<float> partial(std::size_t(threads) * std::size_t(d), 0.0f);
        const float* xp = x.data_ptr<float>();
        const float* wp = w.data_ptr<float>();
        const float* sp = s.data_ptr<float>();
        const float* rp = r.data_ptr<float>();
        const float* gp = gy.data_ptr<float>();
        float* gxp = gx.data_ptr<float>();
        float* gsp = gs.data_ptr<float>();
        float* ghp = gh.data_ptr<float>();
        const int64_t grain = std::max<int64_t>(1, 256 / std::max<int64_t>(1, t));
        at::parallel_for(0, bn, grain, [&](int64_t b, int64_t e) {
            float* acc = partial.data() + std::size_t(at::get_thread_num()) * std::size_t(d);
            std::vector<float> scratch(2 * std::size_t(d));
            rmsModBackward(xp, wp, sp, rp, gp, gxp, acc, gsp, ghp, scratch.data(), scratch.data() + d, b, e, t, d);
        });
        auto gw = torch::zeros({d}, x.options());
        float* gwp = gw.data_ptr<float>();
        for (int th = 0; th < threads; ++th)
            for (int64_t j = 0; j < d; ++j) gwp[j] += partial[std::size_t(th) * std::size_t(d) + std::size_t(j)];
        return {gx, gw.view(w.sizes()), gs, gh, torch::Tensor()};
    }
};

// ---- SwiGLU ------------------------------------------------------------------------------------------------------

KIBITZ_KERNEL void swiGluForwardRows(const float* u, float* y, int64_t begin, int64_t end, int64_t f) {
    for (int64_t i = begin; i < end; ++i) {
        const float* a = u + i * 2 * f;
        const float* g = a + f;
        float* yi = y + i * f;
        for (int64_t j = 0; j < f; ++j) yi[j] = a[j] / (1.0f + vexp(-a[j])) * g[j];
    }
}

// d/da silu(a) * g = g * s * (1 + a * (1 - s)) with s = sigmoid(a); d/dg = silu(a).
KIBITZ_KERNEL void swiGluBackwardRows(const float* u, const float* gy, float* gu, int64_t begin, int64_t end,
                                      int64_t f) {
    for (int64_t i = begin; i < end; ++i) {
        const float* a = u + i * 2 * f;
        const float* g = a + f;
        const float* gi = gy + i * f;
        float* ga = gu + i * 2 * f;
        float* gg = ga + f;
        for (int64_t j = 0; j < f; ++j) {
            const float s = 1.0f / (1.0f + vexp(-a[j]));
            ga[j] = gi[j] * g[j] * s * (1.0f + a[j] * (1.0f - s));
            gg[j] = gi[j] * a[j] * s;
        }
    }
}

class SwiGluFunction : public torch::autograd::Function<SwiGluFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& u) {
        auto uc = u.contiguous();
        const int64_t f = uc.size(-1) / 2;
        const int64_t n = f == 0 ? 0 : uc.numel() / (2 * f);
        auto sizes = uc.sizes().vec();
        sizes.back() = f;
        auto y = torch::empty(sizes, uc.options());
        const float* up = uc.data_ptr<float>();
        float* yp = y.data_ptr<float>();
        at::parallel_for(0, n, 64, [&](int64_t b, int64_t e) { swiGluForwardRows(up, yp, b, e, f); });
        ctx->save_for_backward({uc});
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto u = ctx->get_saved_variables()[0];
        auto gy = grads[0].contiguous();
        const int64_t f = u.size(-1) / 2;
        const int64_t n = f == 0 ? 0 : u.numel() / (2 * f);
        auto gu = torch::empty_like(u);
        const float* up = u.data_ptr<float>();
        const float* gp = gy.data_ptr<float>();
        float* gup = gu.data_ptr<float>();
        at::parallel_for(0, n, 64, [&](int64_t b, int64_t e) { swiGluBackwardRows(up, gp, gup, b, e, f); });
        return {gu};
    }
};

// ---- softmax(scores * scale + key bias) --------------------------------------------------------------------------

KIBITZ_KERNEL void softmaxForwardRows(const float* s, const float* bias, float* p, int64_t begin, int64_t end,
                                      int64_t t, int64_t rowsPerBatch, float scale) {
    for (int64_t row = begin; row < end; ++row) {
        const float* si = s + row * t;
        const float* bi = bias + (row / rowsPerBatch) * t;
        float* pi = p + row * t;
        float m = -INFINITY;
        for (int64_t j = 0; j < t; ++j) {
            pi[j] = si[j] * scale + bi[j];
            m = pi[j] > m ? pi[j] : m;
        }
        float sum = 0.0f;
        for (int64_t j = 0; j < t; ++j) {
            pi[j] = vexp(pi[j] - m);
            sum += pi[j];
        }
        const float inv = 1.0f / sum;
        for (int64_t j = 0; j < t; ++j) pi[j] *= inv;
    }
}

KIBITZ_KERNEL void softmaxBackwardRows(const float* p, const float* gp, float* gs, int64_t begin, int64_t end,
                                       int64_t t, float scale) {
    for (int64_t row = begin; row < end; ++row) {
        const float* pi = p + row * t;
        const float* gi = gp + row * t;
        float* go = gs + row * t;
        float dot = 0.0f;
        for (int64_t j = 0; j < t; ++j) dot += pi[j] * gi[j];
        for (int64_t j = 0; j < t; ++j) go[j] = scale * pi[j] * (gi[j] - dot);
    }
}

class BiasedSoftmaxFunction : public torch::autograd::Function<BiasedSoftmaxFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& scores,
                                 const torch::Tensor& keyBias, int64_t heads, double scale) {
        auto sc = scores.contiguous();
        auto bc = keyBias.contiguous();
        const int64_t t = sc.size(-1);
        const int64_t rows = t == 0 ? 0 : sc.numel() / t;
        auto p = torch::empty_like(sc);
        const float* sp = sc.data_ptr<float>();
        const float* bp = bc.data_ptr<float>();
        float* pp = p.data_ptr<float>();
        at::parallel_for(0, rows, 512, [&](int64_t b, int64_t e) {
            softmaxForwardRows(sp, bp, pp, b, e, t, heads * t, float(scale));
        });
        ctx->save_for_backward({p});
        ctx->saved_data["scale"] = scale;
        return p;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto p = ctx->get_saved_variables()[0];
        const float scale = float(ctx->saved_data["scale"].toDouble());
        auto gp = grads[0].contiguous();
        const int64_t t = p.size(-1);
        const int64_t rows = t == 0 ? 0 : p.numel() / t;
        auto gs = torch::empty_like(p);
        const float* pp = p.data_ptr<float>();
        const float* gpp = gp.data_ptr<float>();
        float* gsp = gs.data_ptr<float>();
        at::parallel_for(0, rows, 512,
                         [&](int64_t b, int64_t e) { softmaxBackwardRows(pp, gpp, gsp, b, e, t, scale); });
        return {gs, torch::Tensor(), torch::Tensor(), torch::Tensor()};
    }
};

// ---- Linear layers and attention on oneDNN's products -----------------------------------------------------------

using Strides = std::array<int64_t, 4>;

dnnl::View view2(const float* p, int64_t rows, int64_t cols, int64_t rowStride, int64_t colStride) {
    dnnl::View v;
    v.data = p;
    v.rank = 2;
    v.dims = {rows, cols, 0, 0};
    v.strides = {rowStride, colStride, 0, 0};
    return v;
}

dnnl::View view4(const float* p, std::array<int64_t, 4> dims, Strides strides) {
    dnnl::View v;
    v.data = p;
    v.rank = 4;
    v.dims = dims;
    v.strides = strides;
    return v;
}

void mustMultiply(const dnnl::View& a, const dnnl::View& b, float* c, const Strides& cStrides) {
    TORCH_CHECK(dnnl::matmul(a, b, c, cStrides), "oneDNN cannot run a matrix product of these shapes");
}

class LinearFunction : public torch::autograd::Function<LinearFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x,
                                 const torch::Tensor& w) {
        auto xc = x.contiguous();
        auto wc = w.contiguous();
        const int64_t k = wc.size(1);
        const int64_t n = wc.size(0);
        const int64_t m = xc.numel() / k;
        auto sizes = xc.sizes().vec();
        sizes.back() = n;
        auto y = torch::empty(sizes, xc.options());
        // y [m, n] = x [m, k] * w^T: w read as a [k, n] matrix with strides (1, k).
        mustMultiply(view2(xc.data_ptr<float>(), m, k, k, 1), view2(wc.data_ptr<float>(), k, n, 1, k),
                     y.data_ptr<float>(), {n, 1, 0, 0});
        ctx->save_for_backward({xc, wc});
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto saved = ctx->get_saved_variables();
        const auto& x = saved[0];
        const auto& w = saved[1];
        auto gy = grads[0].contiguous();
        const int64_t k = w.size(1);
        const int64_t n = w.size(0);
        const int64_t m = x.numel() / k;
        torch::Tensor gx, gw;
        if (ctx->needs_input_grad(0)) {
            // gx [m, k] = gy [m, n] * w [n, k]
            gx = torch::empty_like(x);
            mustMultiply(view2(gy.data_ptr<float>(), m, n, n, 1), view2(w.data_ptr<float>(), n, k, k, 1),
                         gx.data_ptr<float>(), {k, 1, 0, 0});
        }
        if (ctx->needs_input_grad(1)) {
            // gw [n, k] = gy^T [n, m] * x [m, k]: gy read with strides (1, n).
            gw = torch::empty_like(w);
            mustMultiply(view2(gy.data_ptr<float>(), n, m, 1, n), view2(x.data_ptr<float>(), m, k, k, 1),
                         gw.data_ptr<float>(), {k, 1, 0, 0});
        }
        return {gx, gw};
    }
};

/// Strides of one head's q, k or v inside qkv [B, T, 3d], as a [B, H, T, dh] view (offset = part * d).
Strides qkvPartStrides(int64_t t, int64_t d, int64_t dh) { return {t * 3 * d, dh, 3 * d, 1}; }
/// The same part as its transpose [B, H, dh, T].
Strides qkvPartTransposedStrides(int64_t t, int64_t d, int64_t dh) { return {t * 3 * d, dh, 1, 3 * d}; }

class AttentionFunction : public torch::autograd::Function<AttentionFunction> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& qkv,
                                 const torch::Tensor& keyBias, int64_t heads) {
        auto x = qkv.contiguous();
        auto bias = keyBias.contiguous();
        const int64_t b = x.size(0), t = x.size(1), d = x.size(2) / 3, dh = d / heads;
        const float scale = float(1.0 / std::sqrt(double(dh)));
        const float* q = x.data_ptr<float>();
        auto scores = torch::empty({b, heads, t, t}, x.options());
        const Strides sqPlain{heads * t * t, t * t, t, 1};
        // scores = q k^T
        mustMultiply(view4(q, {b, heads, t, dh}, qkvPartStrides(t, d, dh)),
                     view4(q + d, {b, heads, dh, t}, qkvPartTransposedStrides(t, d, dh)), scores.data_ptr<float>(),
                     sqPlain);
        // p = softmax(scores * scale + bias), in place
        float* sp = scores.data_ptr<float>();
        const float* bp = bias.data_ptr<float>();
        at::parallel_for(0, b * heads * t, 512,
                         [&](int64_t lo, int64_t hi) { softmaxForwardRows(sp, bp, sp, lo, hi, t, heads * t, scale); });
        // o = p v, written head by head into [B, T, d]
        auto o = torch::empty({b, t, d}, x.options());
        mustMultiply(view4(sp, {b, heads, t, t}, sqPlain),
                     view4(q + 2 * d, {b, heads, t, dh}, qkvPartStrides(t, d, dh)), o.data_ptr<float>(),
                     {t * d, dh, d, 1});
        ctx->save_for_backward({x, scores});
        ctx->saved_data["heads"] = heads;
        return o;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads) {
        const auto saved = ctx->get_saved_variables();
        const auto& x = saved[0];
        const auto& p = saved[1];
        const int64_t heads = ctx->saved_data["heads"].toInt();
        const int64_t b = x.size(0), t = x.size(1), d = x.size(2) / 3, dh = d / heads;
        const float scale = float(1.0 / std::sqrt(double(dh)));
        auto go = grads[0].contiguous();
        const float* q = x.data_ptr<float>();
        const float* pp = p.data_ptr<float>();
        const float* gop = go.data_ptr<float>();
        const Strides sqPlain{heads * t * t, t * t, t, 1};
        const Strides sqTransposed{heads * t * t, t * t, 1, t};
        const Strides oStrides{t * d, dh, d, 1};
        auto gx = torch::empty_like(x);
        float* g = gx.data_ptr<float>();
        // gv = p^T go
        mustMultiply(view4(pp, {b, heads, t, t}, sqTransposed), view4(gop, {b, heads, t, dh}, oStrides), g + 2 * d,
                     qkvPartStrides(t, d, dh));
        // gp = go v^T, then gs = scale * p * (gp - sum(p * gp)) in place
        auto gs = torch::empty({b, heads, t, t}, x.options());
        float* gsp = gs.data_ptr<float>();
        mustMultiply(view4(gop, {b, heads, t, dh}, oStrides),
                     view4(q + 2 * d, {b, heads, dh, t}, qkvPartTransposedStrides(t, d, dh)), gsp, sqPlain);
        at::parallel_for(0, b * heads * t, 512,
                         [&](int64_t lo, int64_t hi) { softmaxBackwardRows(pp, gsp, gsp, lo, hi, t, scale); });
        // gq = gs k, gk = gs^T q
        mustMultiply(view4(gsp, {b, heads, t, t}, sqPlain), view4(q + d, {b, heads, t, dh}, qkvPartStrides(t, d, dh)),
                     g, qkvPartStrides(t, d, dh));
        mustMultiply(view4(gsp, {b, heads, t, t}, sqTransposed), view4(q, {b, heads, t, dh}, qkvPartStrides(t, d, dh)),
                     g + d, qkvPartStrides(t, d, dh));
        return {gx, torch::Tensor(), torch::Tensor()};
    }
};

bool fusable(const torch::Tensor& t) { return fusedKernelsEnabled() && t.is_cpu() && t.scalar_type() == torch::kFloat; }

}  // namespace

bool fusedKernelsEnabled() { return fusedFlag().load(std::memory_order_relaxed); }
void setFusedKernelsEnabled(bool enabled) { fusedFlag().store(enabled, std::memory_order_relaxed); }

torch::Tensor rmsNorm(const torch::Tensor& x, const torch::Tensor& weight, double eps) {
    if (fusable(x) && weight.is_cpu() && weight.scalar_type() == torch::kFloat && weight.dim() == 1 &&
        weight.size(0) == x.size(-1))
        return RmsNormFunction::apply(x, weight, eps);
    return x * torch::rsqrt(x.pow(2).mean(-1, /*keepdim=*/true) + eps) * weight;
}

torch::Tensor rmsNormModulated(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& scale,
                               const torch::Tensor& shift, double eps) {
    const bool shapes = x.dim() == 3 && weight.dim() == 1 && weight.size(0) == x.size(2) && scale.dim() == 2 &&
                        shift.dim() == 2 && scale.size(0) == x.size(0) && shift.size(0) == x.size(0) &&
                        scale.size(1) == x.size(2) && shift.size(1) == x.size(2);
    TORCH_CHECK(shapes, "rmsNormModulated: x [B, T, d], weight [d], scale and shift [B, d] expected");
    auto cpuFloat = [](const torch::Tensor& t) { return t.is_cpu() && t.scalar_type() == torch::kFloat; };
    if (fusable(x) && cpuFloat(weight) && cpuFloat(scale) && cpuFloat(shift))
        return RmsNormModFunction::apply(x, weight, scale, shift, eps);
    return rmsNorm(x, weight, eps) * (scale.unsqueeze(1) + 1.0) + shift.unsqueeze(1);
}

torch::Tensor swiGlu(const torch::Tensor& u) {
    if (fusable(u) && u.size(-1) % 2 == 0) return SwiGluFunction::apply(u);
    auto parts = u.chunk(2, -1);
    return torch::silu(parts[0]) * parts[1];
}

torch::Tensor biasedSoftmax(const torch::Tensor& scores, const torch::Tensor& keyBias, int64_t heads, double scale) {
    const int64_t t = scores.size(-1);
    const int64_t bh = scores.size(0);
    if (fusable(scores) && keyBias.is_cpu() && keyBias.scalar_type() == torch::kFloat && !keyBias.requires_grad() &&
        scores.dim() == 3 && keyBias.numel() == (bh / heads) * t && bh % heads == 0)
        return BiasedSoftmaxFunction::apply(scores, keyBias, heads, scale);
    const int64_t b = bh / heads;
    auto z = scores.view({b, heads, scores.size(1), t}) * scale + keyBias;
    return torch::softmax(z, -1).view({bh, scores.size(1), t});
}

}  // namespace kibitz::models

namespace kibitz::models {

torch::Tensor linearNoBias(const torch::Tensor& x, const torch::Tensor& weight) {
    if (fusable(x) && dnnl::available() && weight.is_cpu() && weight.scalar_type() == torch::kFloat &&
        weight.dim() == 2 && x.dim() >= 1 && x.size(-1) == weight.size(1) && x.numel() > 0 && weight.size(0) > 0 &&
        weight.size(1) > 0)
        return LinearFunction::apply(x, weight);
    return torch::nn::functional::linear(x, weight);
}

torch::Tensor selfAttention(const torch::Tensor& qkv, const torch::Tensor& keyBias, int64_t heads) {
    const int64_t b = qkv.size(0), t = qkv.size(1), d = qkv.size(2) / 3;
    const int64_t dh = d / heads;
    if (fusable(qkv) && dnnl::available() && qkv.dim() == 3 && qkv.size(2) == 3 * d && d % heads == 0 && b > 0 &&
        t > 0 && dh > 0 && keyBias.is_cpu() && keyBias.scalar_type() == torch::kFloat && !keyBias.requires_grad() &&
        keyBias.numel() == b * t)
        return AttentionFunction::apply(qkv, keyBias, heads);
    // Composite form: the same function from ATen ops (also the CUDA path).
    auto parts = qkv.view({b, t, 3, heads, dh}).permute({2, 0, 3, 1, 4});
    auto q = parts[0].reshape({b * heads, t, dh});
    auto k = parts[1].reshape({b * heads, t, dh});
    auto v = parts[2].reshape({b * heads, t, dh});
    auto attn = biasedSoftmax(torch::bmm(q, k.transpose(1, 2)), keyBias, heads, 1.0 / std::sqrt(double(dh)));
    return torch::bmm(attn, v).view({b, heads, t, dh}).transpose(1, 2).reshape({b, t, d});
}

}  // namespace kibitz::models
