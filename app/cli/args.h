// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kibitz::cli {

/// Minimal option parser shared by subcommands: "--name value", "--name=value", flags, positionals.
/// Unknown options are an error (exit code 2) so typos never pass silently.
class Args {
public:
    /// `valueOptions` take a value, `flagOptions` do not. Both listed without the leading "--".
    Args(const std::vector<std::string>& argv, std::set<std::string> valueOptions, std::set<std::string> flagOptions);

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; }
    bool has(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    /// All values given for a repeatable option.
    std::vector<std::string> values(const std::string& name) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

    /// Integer value or the default; sets an error (exit 2) when present but not an integer in [lo, hi].
    long long intValue(const std::string& name, long long def, long long lo, long long hi);
    double doubleValue(const std::string& name, double def, double lo, double hi);

private:
    std::multimap<std::string, std::string> m_values;
    std::set<std::string> m_flags;
    std::vector<std::string> m_positionals;
    std::string m_error;
};

}  // namespace kibitz::cli
