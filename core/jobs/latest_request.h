// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The newest-request-wins mailbox of the GUI's model workers: the GUI thread posts requests as fast as the user
// moves sliders or pieces, the worker thread runs only the newest one. One queued processing call is outstanding at
// a time; a request posted while it waits replaces the older one.

#include <mutex>
#include <optional>
#include <utility>

namespace kibitz::jobs {

template <typename Request>
class LatestRequest {
public:
    /// Stores `request`, replacing one not yet taken. True when the caller must queue a processing call (none is
    /// outstanding); false when the outstanding one will pick this request up. Any thread.
    bool post(Request request) {
        std::lock_guard lock(m_mutex);
        m_pending = std::move(request);
        if (m_scheduled) return false;
        m_scheduled = true;
        return true;
    }

    /// For the processing call: the newest request, or nothing. With `ready` false (no model yet) the request stays
    /// for a later call. Either way the next post() queues a new call.
    std::optional<Request> take(bool ready) {
        std::lock_guard lock(m_mutex);
        m_scheduled = false;
        std::optional<Request> out;
        if (ready) out.swap(m_pending);
        return out;
    }

private:
    std::mutex m_mutex;
    std::optional<Request> m_pending;  // guarded by m_mutex
    bool m_scheduled = false;          // guarded by m_mutex
};

}  // namespace kibitz::jobs
