// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the UCI engine-output parser (core/engines/uci_parser), one line at a time, as UciEngine feeds
// it whatever an engine prints. Every line either parses or is rejected with a message; what parses keeps the
// invariants the client relies on.
#include "core/engines/uci_parser.h"
#include "tests/fuzz/fuzz_check.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

using kibitz::fuzz::check;
using namespace kibitz::engines;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString text = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        const std::string raw = line.toStdString();
        auto parsed = parseUciLine(line);
        if (!parsed) {
            check(!parsed.error().message.empty(), "a rejected line has an error message", raw);
            continue;
        }
        if (const auto* info = std::get_if<UciInfo>(&*parsed)) {
            if (info->multiPv) check(*info->multiPv >= 1, "multipv is at least 1", raw);
            if (info->depth) check(*info->depth >= 0, "depth is not negative", raw);
            for (const QString& m : info->pv)
                check(m.size() >= 4 && m.size() <= 5, "pv moves look like UCI moves", raw);
        } else if (const auto* best = std::get_if<UciBestMove>(&*parsed)) {
            check(!best->move.isEmpty(), "a parsed bestmove has a move", raw);
        } else if (const auto* opt = std::get_if<UciOption>(&*parsed)) {
            check(!opt->name.isEmpty(), "a parsed option has a name", raw);
            if (opt->min && opt->max && opt->type == UciOption::Type::Spin)
                check(*opt->min <= *opt->max, "spin min <= max", raw);
        }
    }
    return 0;
}
