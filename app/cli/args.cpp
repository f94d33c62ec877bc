// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/args.h"

#include <charconv>
#include <cstdlib>

namespace kibitz::cli {

Args::Args(const std::vector<std::string>& argv, std::set<std::string> valueOptions,
           std::set<std::string> flagOptions) {
    flagOptions.insert("help");
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "-h") {
            m_flags.insert("help");
            continue;
        }
        if (a.size() < 3 || a.rfind("--", 0) != 0) {
            m_positionals.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flagOptions.count(name)) {
            if (inlineValue) {
                m_error = "option --" + name + " takes no value";
                return;
            }
            m_flags.insert(name);
        } else if (valueOptions.count(name)) {
            if (inlineValue) {
                m_values.emplace(name, *inlineValue);
            } else if (i + 1 < argv.size()) {
                m_values.emplace(name, argv[++i]);
            } else {
                m_error = "option --" + name + " needs a value";
                return;
            }
        } else {
            m_error = "unknown option --" + name;
            return;
        }
    }
}

bool Args::has(const std::string& name) const { return m_flags.count(name) || m_values.count(name); }

std::optional<std::string> Args::value(const std::string& name) const {
    auto it = m_values.find(name);
    if (it == m_values.end()) return std::nullopt;
    return it->second;
}

std::vector<std::string> Args::values(const std::string& name) const {
    std::vector<std::string> out;
    auto [b, e] = m_values.equal_range(name);
    for (auto it = b; it != e; ++it) out.push_back(it->second);
    return out;
}

long long Args::intValue(const std::string& name, long long def, long long lo, long long hi) {
    auto v = value(name);
    if (!v) return def;
    long long out = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || p != v->data() + v->size() || out < lo || out > hi) {
        if (m_error.empty())
            m_error = "option --" + name + ": expected an integer in [" + std::to_string(lo) + ", " +
                      std::to_string(hi) + "], got '" + *v + "'";
        return def;
    }
    return out;
}

double Args::doubleValue(const std::string& name, double def, double lo, double hi) {
    auto v = value(name);
    if (!v) return def;
    char* end = nullptr;
    double out = std::strtod(v->c_str(), &end);
    if (v->empty() || end != v->c_str() + v->size() || !(out >= lo && out <= hi)) {
        if (m_error.empty())
            m_error = "option --" + name + ": expected a number in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                      "], got '" + *v + "'";
        return def;
    }
    return out;
}

}  // namespace kibitz::cli
