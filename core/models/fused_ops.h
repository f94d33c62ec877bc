// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Fused CPU kernels for the transformer's memory-bound steps, each a torch autograd Function with a hand-written
// backward: RMSNorm, SwiGLU and the attention softmax with its scale and key bias; and the matrix products of the
// linear layers and of attention through oneDNN where this build has it. Composed of ATen ops, each of
// these is 4-10 passes over [tokens, width] tensors forwards and more backwards (the profile of a training step
// of the small model spends about 40 % outside matrix products, in mul/cat/copy/silu/softmax); fused, each is one
// pass forwards and one backwards. They compute the same functions as the composite forms (tests compare both,
// values and gradients) and apply only to contiguous-able float32 CPU tensors; everything else (CUDA, other
// dtypes) takes the composite path.

#include <torch/torch.h>

namespace kibitz::models {

/// Whether the fused kernels are used where they apply (default: yes; KIBITZ_FUSED=0 in the environment turns
/// them off at start-up). For tests and benchmarks.
bool fusedKernelsEnabled();
void setFusedKernelsEnabled(bool enabled);

/// x * rsqrt(mean(x^2, -1) + eps) * weight, over the last dimension.
torch::Tensor rmsNorm(const torch::Tensor& x, const torch::Tensor& weight, double eps);

/// rmsNorm(x, weight, eps) * (1 + scale) + shift for x [B, T, d] and a per-sample scale and shift [B, d] (FiLM /
/// adaLN conditioning): one pass forwards and one backwards instead of rmsNorm plus four more over [B, T, d].
torch::Tensor rmsNormModulated(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& scale,
                               const torch::Tensor& shift, double eps);

/// silu(a) * g where a, g = u.chunk(2, -1).
torch::Tensor swiGlu(const torch::Tensor& u);

/// softmax(scores * scale + keyBias, -1) for scores [B * H, T, T] and keyBias [B, 1, 1, T] (no gradient to
/// keyBias).
torch::Tensor biasedSoftmax(const torch::Tensor& scores, const torch::Tensor& keyBias, int64_t heads, double scale);

/// x * weight^T (no bias) for x [..., K] and weight [N, K]. Fused path: the three matrix products of forward and
/// backward run in oneDNN (core/models/dnnl_matmul.h) on the operands as they lie, transposes included.
torch::Tensor linearNoBias(const torch::Tensor& x, const torch::Tensor& weight);

/// Multi-head self-attention without the projections: qkv [B, T, 3 * d] holds q, k and v side by side, each split
/// into `heads` slices of d / heads; returns softmax(q k^T / sqrt(d / heads) + keyBias) v per head as [B, T, d]
/// (heads side by side). keyBias [B, 1, 1, T] gets no gradient. Fused path: the five products of forward and backward
/// read the heads' slices of qkv in place and write their results in place (no permute/reshape copies), with the
/// biased softmax above between them.
torch::Tensor selfAttention(const torch::Tensor& qkv, const torch::Tensor& keyBias, int64_t heads);

}  // namespace kibitz::models
