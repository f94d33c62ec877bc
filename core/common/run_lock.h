// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <memory>
#include <string>

namespace kibitz {

/// Exclusive use of a run folder by one process (a trainer writing its checkpoints there). The lock is the file
/// `<dir>/.kibitz-lock` holding the owner's pid, locked with flock(2): the kernel releases it when the owner exits
/// in any way, so a lock left by a killed process is stale and simply taken over; a live owner is named in the
/// error. Held until the object is destroyed.
class RunLock {
public:
    /// Takes the lock of `dir` (which must exist). Error (InvalidInput) naming the folder and the owner's pid when
    /// another process holds it; Io error when the lock file cannot be created.
    static Result<std::unique_ptr<RunLock>> acquire(const std::string& dir);
    /// The same lock on the file `lockPath` (created when missing), for one output file rather than a folder:
    /// `busy` completes the error when another process holds it ("PATH: in use by another download (process N,
    /// lock file L); BUSY").
    static Result<std::unique_ptr<RunLock>> acquireFile(const std::string& lockPath, const std::string& what,
                                                        const std::string& busy);
    ~RunLock();
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

    /// The pid of a dead owner whose lock was taken over, or 0.
    long takenOverFrom() const { return m_staleOwner; }
    const std::string& path() const { return m_path; }

private:
    RunLock(int fd, std::string path, long staleOwner) : m_fd(fd), m_path(std::move(path)), m_staleOwner(staleOwner) {}
    int m_fd;
    std::string m_path;
    long m_staleOwner;
};

}  // namespace kibitz
