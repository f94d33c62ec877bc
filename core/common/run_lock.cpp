// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/run_lock.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace kibitz {

namespace {

long readPid(int fd) {
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return 0;
    return std::strtol(buf, nullptr, 10);
}

}  // namespace

Result<std::unique_ptr<RunLock>> RunLock::acquire(const std::string& dir) {
    return acquireFile(dir + "/.kibitz-lock", dir + ": in use by another trainer",
                       "stop it first or choose another folder");
}

Result<std::unique_ptr<RunLock>> RunLock::acquireFile(const std::string& path, const std::string& what,
                                                      const std::string& busy) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return makeError(ErrorCode::Io, path + ": cannot create the lock file: " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        const long owner = readPid(fd);
        ::close(fd);
        if (err == EWOULDBLOCK)
            return makeError(ErrorCode::InvalidInput, what + " (process " +
                                                          (owner > 0 ? std::to_string(owner) : std::string("unknown")) +
                                                          ", lock file " + path + "); " + busy);
        return makeError(ErrorCode::Io, path + ": cannot lock: " + std::strerror(err));
    }
    // Ours now. A pid left in the file belongs to an owner that died without unlocking (the kernel dropped its lock).
    const long previous = readPid(fd);
    const long stale = previous > 0 && previous != long(::getpid()) ? previous : 0;
    const std::string pid = std::to_string(long(::getpid())) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
        const int err = errno;
        ::close(fd);
        return makeError(ErrorCode::Io, path + ": cannot write the lock file: " + std::strerror(err));
    }
    return std::unique_ptr<RunLock>(new RunLock(fd, path, stale));
}

RunLock::~RunLock() {
    // Empty the file before unlocking, so the next owner does not report us as a dead one.
    if (::ftruncate(m_fd, 0) != 0) {
        // Nothing to do: the lock is released with the descriptor either way.
    }
    ::close(m_fd);
}

}  // namespace kibitz
