// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A JSON value built in plain C++ and written out in one of two styles: the compact, key-sorted form Qt's
// QJsonDocument writes (what the CLI's --json has always printed), or the fields in the order they were set with
// numbers at a fixed number of decimals (the training logs' metric lines). For reports that core/training and the
// other Qt-free layers produce; nothing here parses JSON.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kibitz {

/// How numbers and keys are written.
struct JsonStyle {
    /// Keys in byte order (as QJsonObject keeps them), else in the order they were set.
    bool sortKeys = true;
    /// Doubles with this many decimals (printf's %.Nf); below 0 as QJsonDocument writes them: a whole number under
    /// 2^53 as an integer, else the shortest digits that read back as the same double, in the shorter of plain and
    /// exponent form; "0" for -0 and null for NaN or infinity.
    int decimals = -1;
};

/// A JSON value: null, an integer, a double, a string, an object (members in the order set) or an array.
class JsonValue {
public:
    enum class Kind { Null, Integer, Double, String, Object, Array };

    JsonValue() = default;
    JsonValue(int v) : m_kind(Kind::Integer), m_integer(v) {}
    JsonValue(std::int64_t v) : m_kind(Kind::Integer), m_integer(v) {}
    JsonValue(double v) : m_kind(Kind::Double), m_double(v) {}
    JsonValue(std::string v) : m_kind(Kind::String), m_string(std::move(v)) {}
    JsonValue(const char* v) : m_kind(Kind::String), m_string(v) {}

    static JsonValue object();
    static JsonValue array();

    Kind kind() const { return m_kind; }
    /// Object: sets `key` (replacing an earlier value of the same key, keeping its place). Returns *this.
    JsonValue& set(const std::string& key, JsonValue value);
    /// Array: appends. Returns *this.
    JsonValue& append(JsonValue value);
    /// Object: the value of `key`, or nullptr.
    const JsonValue* find(const std::string& key) const;
    /// Object: the members in the order they were set. Array: the items (keys empty).
    const std::vector<std::pair<std::string, JsonValue>>& members() const { return m_members; }
    std::int64_t integer() const { return m_integer; }
    double number() const { return m_kind == Kind::Integer ? double(m_integer) : m_double; }
    const std::string& string() const { return m_string; }

    /// Compact text (no spaces, no newline).
    std::string write(const JsonStyle& style = JsonStyle()) const;

private:
    void writeTo(std::string& out, const JsonStyle& style) const;

    Kind m_kind = Kind::Null;
    std::int64_t m_integer = 0;
    double m_double = 0.0;
    std::string m_string;
    std::vector<std::pair<std::string, JsonValue>> m_members;  ///< object members or array items (empty keys)
};

/// `value` rounded to `decimals` decimals as printf writes it, read back: what a metric written with %.5f and parsed
/// again holds, so a report of rounded metrics prints the same digits as one built from their text.
double roundedToDecimals(double value, int decimals);

}  // namespace kibitz
