// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free header: callable from core/jobs and the CLI without pulling in torch.

namespace kibitz::models {

/// Sets torch's intra-op threads and, when the BLAS is OpenBLAS, its own thread pool too (at::set_num_threads does
/// not reach it; its idle workers spin in sched_yield and take CPU from other processes). Call once per process.
void setComputeThreads(int threads);

}  // namespace kibitz::models
