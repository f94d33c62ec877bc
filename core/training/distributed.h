// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch header (core/training sources only): data-parallel collectives over c10d ProcessGroupGloo + TCPStore, or
// ProcessGroupNCCL for ranks that train on CUDA when the LibTorch has NCCL (KIBITZ_HAVE_NCCL).

#include "core/common/result.h"

#include <torch/torch.h>

#include <chrono>
#include <memory>
#include <string>

namespace kibitz::training {

/// A process group of `worldSize` ranks. Rank 0 hosts the TCPStore at addr:port; the others connect to it.
/// Every collective must be called by all ranks in the same order.
class DistributedGroup {
public:
    ~DistributedGroup();
    /// Joins (or, on rank 0, creates) the group; waits up to `timeout` for the other ranks.
    /// `cuda`: the ranks train on CUDA; the group then uses NCCL where this build has it (else Gloo over host copies).
    static Result<std::unique_ptr<DistributedGroup>> create(int worldSize, int rank, const std::string& addr, int port,
                                                            std::chrono::seconds timeout, bool cuda = false);
    /// Where the tensors given to the collectives must live: CUDA for an NCCL group, else the CPU.
    torch::Device bufferDevice() const;
    /// "gloo" or "nccl", for the log.
    const char* backendName() const;
    /// In-place sum over ranks of a contiguous tensor on bufferDevice().
    void allreduceSum(torch::Tensor& t);
    /// In-place copy of rank `root`'s tensor to every rank.
    void broadcast(torch::Tensor& t, int root);
    int worldSize() const { return m_world; }
    int rank() const { return m_rank; }

private:
    DistributedGroup() = default;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    int m_world = 1;
    int m_rank = 0;
};

}  // namespace kibitz::training
