// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/printable.h"

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace kibitz {

/// Broad error categories; the message carries the detail (file, line, field).
enum class ErrorCode {
    InvalidInput,  ///< malformed user data (FEN, SAN, PGN, CSV, bundle, settings)
    Io,            ///< file or stream failure
    Unsupported,   ///< valid input we deliberately refuse (e.g. Chess960)
    Cancelled,     ///< the user asked to stop
    Runtime,       ///< anything else that went wrong at run time
};

/// An expected failure, reported as a value. `message` names the place (file:line, field, column).
struct Error {
    ErrorCode code = ErrorCode::Runtime;
    std::string message;
};

/// The message is made printable (printable.h): inputs quoted in it cannot put raw control bytes on a terminal.
inline Error makeError(ErrorCode code, std::string message) { return Error{code, printable(message)}; }

/// Either a value or an Error. Accessing the wrong alternative is a bug (assert).
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::in_place_index<0>, std::move(value)) {}      // NOLINT(google-explicit-constructor)
    Result(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}  // NOLINT(google-explicit-constructor)

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(m_v);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(m_v);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(m_v));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const {
        assert(!ok());
        return std::get<1>(m_v);
    }

private:
    std::variant<T, Error> m_v;
};

/// Result for operations that return nothing on success.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)), m_failed(true) {}  // NOLINT(google-explicit-constructor)
    static Status success() { return {}; }
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const Error& error() const {
        assert(m_failed);
        return m_error;
    }

private:
    Error m_error;
    bool m_failed = false;
};

}  // namespace kibitz
