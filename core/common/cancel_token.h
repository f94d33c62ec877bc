// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <memory>

namespace kibitz {

/// A cancellation flag shared between the thread that asks and the loop that checks.
/// Set directly from any thread (never through a queued call); core loops poll it between batches. One token per
/// request: a token is never un-cancelled (a worker that reset a shared token lost the cancels sent before it
/// started), so a new request gets a new token.
class CancelToken {
public:
    CancelToken() : m_flag(std::make_shared<std::atomic<bool>>(false)) {}
    void cancel() const { m_flag->store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_flag->load(std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

}  // namespace kibitz
