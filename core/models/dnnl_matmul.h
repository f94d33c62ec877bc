// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Matrix products through oneDNN (Debian's libdnnl, the library LibTorch itself links) on float32 strided views.
// Why: Debian's LibTorch runs torch::mm/bmm on the system BLAS, and OpenBLAS 0.3.21 picks its AVX2 (Haswell)
// kernels on AMD CPUs with AVX-512; for the transformer's shapes (8000 x 128 x 384 and the like) it also loses
// time packing the narrow operands. oneDNN's brgemm kernels choose the widest ISA at run time and read strided
// operands directly, so a transposed weight or a head's slice of the fused q/k/v needs no copy.
// Torch-free on purpose: callers pass raw pointers, dimensions and strides (in elements).

#include <array>
#include <cstdint>

namespace kibitz::models::dnnl {

/// Whether this build has oneDNN (KIBITZ_HAVE_DNNL). Without it, matmul() always returns false.
bool available();

/// A float32 operand: a matrix (rank 2) or a batch of matrices over two leading dimensions (rank 4).
struct View {
    const float* data = nullptr;
    int rank = 2;
    std::array<std::int64_t, 4> dims{};     ///< the first `rank` entries are used
    std::array<std::int64_t, 4> strides{};  ///< in elements; any layout
};

/// Matrix product c = a * b over the last two dimensions (a: [.., M, K], b: [.., K, N], c: [.., M, N]), batched
/// over the leading ones for rank 4 (equal batch dimensions). Runs on the calling thread's OpenMP team (the same
/// thread count as torch's own ops). Returns false when oneDNN is absent or cannot run these views (then nothing was
/// written); every dimension must be positive.
bool matmul(const View& a, const View& b, float* c, const std::array<std::int64_t, 4>& cStrides);

}  // namespace kibitz::models::dnnl
