// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/json_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kibitz {

namespace {

void writeString(std::string& out, const std::string& s) {
    out += '"';
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (u < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(u));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

void writeDouble(std::string& out, double d, int decimals) {
    if (decimals >= 0) {
        char buf[400];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, d);
        out += buf;
        return;
    }
    if (!std::isfinite(d)) {
        out += "null";
        return;
    }
    if (d == 0.0) {  // never "-0"
        out += '0';
        return;
    }
    // QJsonDocument writes a whole number that a double holds exactly (|d| < 2^53) as an integer: 1e7 is "10000000".
    if (std::abs(d) < 9007199254740992.0 && d == std::trunc(d)) {
        out += std::to_string(static_cast<std::int64_t>(d));
        return;
    }
    // The shortest digits that read back as `d`, then QJsonDocument's choice of form: plain unless the exponent form
    // is shorter (an exponent of at least two digits), a plain number padded with zeros as needed.
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, std::abs(d), std::chars_format::scientific);
    const std::string sci(buf, r.ptr);  // d.ddde[+-]xx
    const std::size_t e = sci.find('e');
    std::string digits = sci.substr(0, e);
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    const int length = int(digits.size());
    const int decpt = std::atoi(sci.c_str() + e + 1) + 1;  // the decimal point's place after the first digit
    int bias = 4;
    if (length <= decpt && length > 1)
        ++bias;
    else if (length == 1 && decpt <= 0)
        --bias;
    const bool plain = decpt <= 0 ? 1 - decpt <= bias : decpt <= length || decpt <= length + bias;
    if (d < 0) out += '-';
    if (!plain) {
        out += digits[0];
        if (length > 1) out += '.' + digits.substr(1);
        char exp[16];
        std::snprintf(exp, sizeof exp, "e%c%02d", decpt - 1 < 0 ? '-' : '+', std::abs(decpt - 1));
        out += exp;
    } else if (decpt <= 0) {
        out += "0." + std::string(std::size_t(-decpt), '0') + digits;
    } else if (decpt >= length) {
        out += digits + std::string(std::size_t(decpt - length), '0');
    } else {
        out += digits.substr(0, std::size_t(decpt)) + '.' + digits.substr(std::size_t(decpt));
    }
}

}  // namespace

JsonValue JsonValue::object() {
    JsonValue v;
    v.m_kind = Kind::Object;
    return v;
}

JsonValue JsonValue::array() {
    JsonValue v;
    v.m_kind = Kind::Array;
    return v;
}

JsonValue& JsonValue::set(const std::string& key, JsonValue value) {
    for (auto& [k, v] : m_members)
        if (k == key) {
            v = std::move(value);
            return *this;
        }
    m_members.emplace_back(key, std::move(value));
    return *this;
}

JsonValue& JsonValue::append(JsonValue value) {
    m_members.emplace_back(std::string(), std::move(value));
    return *this;
}

const JsonValue* JsonValue::find(const std::string& key) const {
    for (const auto& [k, v] : m_members)
        if (k == key) return &v;
    return nullptr;
}

std::string JsonValue::write(const JsonStyle& style) const {
    std::string out;
    writeTo(out, style);
    return out;
}

void JsonValue::writeTo(std::string& out, const JsonStyle& style) const {
    switch (m_kind) {
        case Kind::Null: out += "null"; break;
        case Kind::Integer: out += std::to_string(m_integer); break;
        case Kind::Double: writeDouble(out, m_double, style.decimals); break;
        case Kind::String: writeString(out, m_string); break;
        case Kind::Array: {
            out += '[';
            for (std::size_t i = 0; i < m_members.size(); ++i) {
                if (i) out += ',';
                m_members[i].second.writeTo(out, style);
            }
            out += ']';
            break;
        }
        case Kind::Object: {
            std::vector<const std::pair<std::string, JsonValue>*> order;
            for (const auto& m : m_members) order.push_back(&m);
            if (style.sortKeys)
                std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
            out += '{';
            for (std::size_t i = 0; i < order.size(); ++i) {
                if (i) out += ',';
                writeString(out, order[i]->first);
                out += ':';
                order[i]->second.writeTo(out, style);
            }
            out += '}';
            break;
        }
    }
}

double roundedToDecimals(double value, int decimals) {
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return std::strtod(buf, nullptr);
}

}  // namespace kibitz
