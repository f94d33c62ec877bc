// SPDX-License-Identifier: GPL-3.0-or-later
// The Debian libtorch exports c10d's Gloo process group; its header is guarded by USE_C10D_GLOO, which only
// this translation unit defines.
// KIBITZ_HAVE_GLOO is 0 where the LibTorch has no Gloo headers (a Python torch's LibTorch on a GPU machine may
// lack them): then a world of one works and more ranks are refused with a clear error.
#include "core/training/distributed.h"

#if KIBITZ_HAVE_GLOO
#define USE_C10D_GLOO 1
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#if KIBITZ_HAVE_NCCL
// Set by core/training/CMakeLists.txt only for a CUDA LibTorch that ships the NCCL process group. Not built on the
// project's CPU machines: the CUDA path is compiled there only when a GPU machine builds the trainer.
#define USE_C10D_NCCL 1
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#endif

namespace kibitz::training {

#if KIBITZ_HAVE_GLOO

struct DistributedGroup::Impl {
    c10::intrusive_ptr<c10d::Store> store;
    c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
#if KIBITZ_HAVE_NCCL
    c10::intrusive_ptr<c10d::ProcessGroupNCCL> nccl;
#endif
    bool onCuda() const {
#if KIBITZ_HAVE_NCCL
        return bool(nccl);
#else
        return false;
#endif
    }
};

DistributedGroup::~DistributedGroup() = default;

Result<std::unique_ptr<DistributedGroup>> DistributedGroup::create(int worldSize, int rank, const std::string& addr,
                                                                   int port, std::chrono::seconds timeout, bool cuda) {
    if (worldSize < 1 || rank < 0 || rank >= worldSize)
        return makeError(ErrorCode::InvalidInput, "distributed: rank " + std::to_string(rank) +
                                                      " is outside a world of size " + std::to_string(worldSize));
    if (port <= 0 || port > 65535)
        return makeError(ErrorCode::InvalidInput, "distributed: bad master port " + std::to_string(port));
    try {
        std::unique_ptr<DistributedGroup> g(new DistributedGroup());
        g->m_impl = std::make_unique<Impl>();
        g->m_world = worldSize;
        g->m_rank = rank;
        c10d::TCPStoreOptions so;
        so.port = std::uint16_t(port);
        so.isServer = rank == 0;
        so.numWorkers = worldSize;
        so.waitWorkers = true;
        so.timeout = std::chrono::duration_cast<std::chrono::milliseconds>(timeout);
        auto tcp = c10::make_intrusive<c10d::TCPStore>(addr, so);
        g->m_impl->store = c10::make_intrusive<c10d::PrefixStore>("kibitz", tcp);
#if KIBITZ_HAVE_NCCL
        if (cuda) {
            auto nopts = c10d::ProcessGroupNCCL::Options::create();
            nopts->timeout = std::chrono::duration_cast<std::chrono::milliseconds>(timeout);
            g->m_impl->nccl = c10::make_intrusive<c10d::ProcessGroupNCCL>(g->m_impl->store, rank, worldSize, nopts);
            return g;
        }
#else
        (void)cuda;  // Gloo over host copies of the gradients
#endif
        auto opts = c10d::ProcessGroupGloo::Options::create();
        opts->timeout = std::chrono::duration_cast<std::chrono::milliseconds>(timeout);
        // Loopback for a local master (the usual 2-process run), otherwise the interface that reaches the master.
        const bool local = addr == "127.0.0.1" || addr == "localhost";
        opts->devices.push_back(local ? c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1")
                                      : c10d::ProcessGroupGloo::createDefaultDevice());
        g->m_impl->group = c10::make_intrusive<c10d::ProcessGroupGloo>(g->m_impl->store, rank, worldSize, opts);
        return g;
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, "distributed set-up with master " + addr + ":" + std::to_string(port) +
                                                 " failed: " + e.what());
    }
}

torch::Device DistributedGroup::bufferDevice() const {
    return m_impl->onCuda() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

const char* DistributedGroup::backendName() const { return m_impl->onCuda() ? "nccl" : "gloo"; }

void DistributedGroup::allreduceSum(torch::Tensor& t) {
    std::vector<at::Tensor> v{t};
#if KIBITZ_HAVE_NCCL
    if (m_impl->nccl) {
        m_impl->nccl->allreduce(v)->wait();
        return;
    }
#endif
    m_impl->group->allreduce(v)->wait();
}

void DistributedGroup::broadcast(torch::Tensor& t, int root) {
    std::vector<at::Tensor> v{t};
    c10d::BroadcastOptions o;
    o.rootRank = root;
#if KIBITZ_HAVE_NCCL
    if (m_impl->nccl) {
        m_impl->nccl->broadcast(v, o)->wait();
        return;
    }
#endif
    m_impl->group->broadcast(v, o)->wait();
}

#else

struct DistributedGroup::Impl {};

DistributedGroup::~DistributedGroup() = default;

Result<std::unique_ptr<DistributedGroup>> DistributedGroup::create(int worldSize, int, const std::string&, int,
                                                                   std::chrono::seconds, bool) {
    return makeError(ErrorCode::Unsupported, "distributed: this build has no Gloo (world size " +
                                                 std::to_string(worldSize) + " needs it); train with one process");
}

torch::Device DistributedGroup::bufferDevice() const { return torch::Device(torch::kCPU); }

const char* DistributedGroup::backendName() const { return "none"; }

void DistributedGroup::allreduceSum(torch::Tensor&) {}

void DistributedGroup::broadcast(torch::Tensor&, int) {}

#endif

}  // namespace kibitz::training
