// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engines/uci_parser.h"

#include <QList>

#include <limits>

namespace kibitz::engines {
namespace {

/// A whitespace-separated word and where it starts, so "string" and "pv" can take the raw rest of the line.
struct Token {
    QStringView text;
    qsizetype pos = 0;
};

QList<Token> tokenize(QStringView s) {
    QList<Token> out;
    qsizetype i = 0;
    const qsizetype n = s.size();
    while (i < n) {
        while (i < n && s[i].isSpace()) ++i;
        if (i >= n) break;
        const qsizetype start = i;
        while (i < n && !s[i].isSpace()) ++i;
        out.append(Token{s.mid(start, i - start), start});
    }
    return out;
}

std::string quoted(QStringView v) {
    std::string out(1, '\'');
    out.append(v.toString().toStdString());
    out.push_back('\'');
    return out;
}

Error protocolError(const char* command, const std::string& what) {
    return makeError(ErrorCode::InvalidInput, std::string(command) + ": " + what);
}

/// Reads the integer after keyword tokens[i], which must lie in [lowest, Int's maximum]; advances i past it.
/// A value out of range is an error, never wrapped: "depth 4294967295" is not depth -1 (found by fuzz_uci).
template <class Int>
Result<Int> readInt(const char* command, const QList<Token>& tokens, qsizetype& i,
                    Int lowest = std::numeric_limits<Int>::min()) {
    const QStringView key = tokens[i].text;
    if (i + 1 >= tokens.size()) return protocolError(command, quoted(key) + " expects an integer, got end of line");
    bool ok = false;
    const qlonglong v = tokens[i + 1].text.toLongLong(&ok);
    if (!ok) return protocolError(command, quoted(key) + " expects an integer, got " + quoted(tokens[i + 1].text));
    if (v < qlonglong(lowest) || v > qlonglong(std::numeric_limits<Int>::max()))
        return protocolError(command, quoted(key) + " must be between " + std::to_string(lowest) + " and " +
                                          std::to_string(std::numeric_limits<Int>::max()) + ", got " +
                                          quoted(tokens[i + 1].text));
    i += 2;
    return Int(v);
}

bool isMoveToken(QStringView t) {
    // UCI long algebraic: e2e4, e7e8q, or the null move 0000. Anything else in a pv is garbage.
    if (t == QLatin1String("0000")) return true;
    if (t.size() != 4 && t.size() != 5) return false;
    auto file = [](QChar c) { return c >= QLatin1Char('a') && c <= QLatin1Char('h'); };
    auto rank = [](QChar c) { return c >= QLatin1Char('1') && c <= QLatin1Char('8'); };
    if (!file(t[0]) || !rank(t[1]) || !file(t[2]) || !rank(t[3])) return false;
    return t.size() == 4 || QStringView(u"nbrq").contains(t[4]);
}

}  // namespace

Result<UciInfo> parseInfo(QStringView args) {
    static constexpr const char* kCmd = "info";
    UciInfo info;
    const QList<Token> tokens = tokenize(args);
    qsizetype i = 0;
    while (i < tokens.size()) {
        const QStringView key = tokens[i].text;
        if (key == QLatin1String("depth")) {
            auto v = readInt<int>(kCmd, tokens, i, 0);
            if (!v) return v.error();
            info.depth = *v;
        } else if (key == QLatin1String("seldepth")) {
            auto v = readInt<int>(kCmd, tokens, i, 0);
            if (!v) return v.error();
            info.selDepth = *v;
        } else if (key == QLatin1String("multipv")) {
            auto v = readInt<int>(kCmd, tokens, i, 1);
            if (!v) return v.error();
            info.multiPv = *v;
        } else if (key == QLatin1String("nodes") || key == QLatin1String("nps") || key == QLatin1String("tbhits") ||
                   key == QLatin1String("time")) {
            auto v = readInt<std::int64_t>(kCmd, tokens, i, 0);
            if (!v) return v.error();
            if (key == QLatin1String("nodes"))
                info.nodes = *v;
            else if (key == QLatin1String("nps"))
                info.nps = *v;
            else if (key == QLatin1String("tbhits"))
                info.tbHits = *v;
            else
                info.timeMs = *v;
        } else if (key == QLatin1String("hashfull")) {
            auto v = readInt<int>(kCmd, tokens, i, 0);
            if (!v) return v.error();
            info.hashFull = *v;
        } else if (key == QLatin1String("currmovenumber")) {
            auto v = readInt<int>(kCmd, tokens, i, 0);
            if (!v) return v.error();
            info.currMoveNumber = *v;
        } else if (key == QLatin1String("cpuload") || key == QLatin1String("sbhits") ||
                   key == QLatin1String("movesleft")) {
            // Valid UCI (or common extensions) that Kibitz does not use; still checked for shape.
            auto v = readInt<std::int64_t>(kCmd, tokens, i);
            if (!v) return v.error();
        } else if (key == QLatin1String("currmove")) {
            if (i + 1 >= tokens.size() || !isMoveToken(tokens[i + 1].text))
                return protocolError(kCmd, "'currmove' expects a move, got " +
                                               (i + 1 < tokens.size() ? quoted(tokens[i + 1].text) : "end of line"));
            info.currMove = tokens[i + 1].text.toString();
            i += 2;
        } else if (key == QLatin1String("score")) {
            if (i + 2 >= tokens.size()) return protocolError(kCmd, "'score' expects 'cp N' or 'mate N'");
            const QStringView kind = tokens[i + 1].text;
            UciScore score;
            if (kind == QLatin1String("cp"))
                score.kind = UciScore::Kind::Centipawns;
            else if (kind == QLatin1String("mate"))
                score.kind = UciScore::Kind::Mate;
            else
                return protocolError(kCmd, "'score' expects 'cp' or 'mate', got " + quoted(kind));
            bool ok = false;
            score.value = tokens[i + 2].text.toInt(&ok);
            if (!ok)
                return protocolError(kCmd, quoted(kind) + " expects an integer, got " + quoted(tokens[i + 2].text));
            i += 3;
            if (i < tokens.size() && tokens[i].text == QLatin1String("lowerbound")) {
                score.bound = UciScore::Bound::Lower;
                ++i;
            } else if (i < tokens.size() && tokens[i].text == QLatin1String("upperbound")) {
                score.bound = UciScore::Bound::Upper;
                ++i;
            }
            info.score = score;
        } else if (key == QLatin1String("lowerbound") || key == QLatin1String("upperbound")) {
            // Stockfish 15.1 writes the bound after the wdl triple ("score cp 120 wdl 770 230 0 lowerbound").
            if (!info.score) return protocolError(kCmd, quoted(key) + " must follow 'score cp N' or 'score mate N'");
            info.score->bound = key == QLatin1String("lowerbound") ? UciScore::Bound::Lower : UciScore::Bound::Upper;
            ++i;
        } else if (key == QLatin1String("wdl")) {
            if (i + 3 >= tokens.size()) return protocolError(kCmd, "'wdl' expects three integers");
            int v[3] = {};
            for (int k = 0; k < 3; ++k) {
                bool ok = false;
                v[k] = tokens[i + 1 + k].text.toInt(&ok);
                if (!ok || v[k] < 0)
                    return protocolError(
                        kCmd, "'wdl' expects three non-negative integers, got " + quoted(tokens[i + 1 + k].text));
            }
            info.wdl = UciWdl{v[0], v[1], v[2]};
            i += 4;
        } else if (key == QLatin1String("pv")) {
            // The pv runs to the end of the line.
            for (qsizetype k = i + 1; k < tokens.size(); ++k) {
                if (!isMoveToken(tokens[k].text))
                    return protocolError(kCmd, "'pv' has a bad move " + quoted(tokens[k].text));
                info.pv.append(tokens[k].text.toString());
            }
            if (info.pv.isEmpty()) return protocolError(kCmd, "'pv' expects at least one move");
            i = tokens.size();
        } else if (key == QLatin1String("string")) {
            // Free text to the end of the line, spacing kept.
            info.string = i + 1 < tokens.size() ? args.mid(tokens[i + 1].pos).trimmed().toString() : QString();
            i = tokens.size();
        } else if (key == QLatin1String("refutation") || key == QLatin1String("currline")) {
            // Move lists to the end of the line, not used by Kibitz.
            i = tokens.size();
        } else {
            return protocolError(kCmd, "unknown token " + quoted(key));
        }
    }
    return info;
}

Result<UciOption> parseOption(QStringView args) {
    static constexpr const char* kCmd = "option";
    const QList<Token> tokens = tokenize(args);
    auto isKeyword = [](QStringView t) {
        return t == QLatin1String("name") || t == QLatin1String("type") || t == QLatin1String("default") ||
               t == QLatin1String("min") || t == QLatin1String("max") || t == QLatin1String("var");
    };
    // Values may contain spaces ("Debug Log File"), so each keyword's value runs to the next keyword.
    auto valueFrom = [&](qsizetype first, qsizetype& next) -> QString {
        next = first;
        while (next < tokens.size() && !isKeyword(tokens[next].text)) ++next;
        if (next == first) return QString();
        const qsizetype begin = tokens[first].pos;
        const qsizetype end = tokens[next - 1].pos + tokens[next - 1].text.size();
        return args.mid(begin, end - begin).toString();
    };

    UciOption opt;
    bool haveName = false;
    bool haveType = false;
    qsizetype i = 0;
    while (i < tokens.size()) {
        const QStringView key = tokens[i].text;
        qsizetype next = i + 1;
        if (key == QLatin1String("name")) {
            // A name may itself contain a keyword-like word only before "type"; UCI says name ends at "type".
            next = i + 1;
            while (next < tokens.size() && tokens[next].text != QLatin1String("type")) ++next;
            if (next == i + 1) return protocolError(kCmd, "'name' expects a value");
            const qsizetype begin = tokens[i + 1].pos;
            const qsizetype end = tokens[next - 1].pos + tokens[next - 1].text.size();
            opt.name = args.mid(begin, end - begin).toString();
            haveName = true;
        } else if (key == QLatin1String("type")) {
            if (i + 1 >= tokens.size()) return protocolError(kCmd, "'type' expects a value");
            const QStringView t = tokens[i + 1].text;
            if (t == QLatin1String("check"))
                opt.type = UciOption::Type::Check;
            else if (t == QLatin1String("spin"))
                opt.type = UciOption::Type::Spin;
            else if (t == QLatin1String("combo"))
                opt.type = UciOption::Type::Combo;
            else if (t == QLatin1String("button"))
                opt.type = UciOption::Type::Button;
            else if (t == QLatin1String("string"))
                opt.type = UciOption::Type::String;
            else
                return protocolError(kCmd, "unknown type " + quoted(t));
            haveType = true;
            next = i + 2;
        } else if (key == QLatin1String("default")) {
            opt.defaultValue = valueFrom(i + 1, next);
        } else if (key == QLatin1String("var")) {
            opt.vars.append(valueFrom(i + 1, next));
        } else if (key == QLatin1String("min") || key == QLatin1String("max")) {
            auto v = readInt<std::int64_t>(kCmd, tokens, i);
            if (!v) return v.error();
            (key == QLatin1String("min") ? opt.min : opt.max) = *v;
            next = i;
        } else {
            return protocolError(kCmd, "unknown token " + quoted(key));
        }
        i = next;
    }
    if (!haveName) return protocolError(kCmd, "missing 'name'");
    if (!haveType) return protocolError(kCmd, "missing 'type' for " + quoted(opt.name));
    if (opt.type == UciOption::Type::Spin) {
        bool ok = false;
        opt.defaultValue.toLongLong(&ok);
        if (!ok)
            return protocolError(kCmd,
                                 "spin " + quoted(opt.name) + " has a non-integer default " + quoted(opt.defaultValue));
        // A range the other way round would make every value the GUI clamps into it undefined (found by fuzz_uci).
        if (opt.min && opt.max && *opt.min > *opt.max)
            return protocolError(kCmd, "spin " + quoted(opt.name) + " has min " + std::to_string(*opt.min) +
                                           " above max " + std::to_string(*opt.max));
    }
    if (opt.type == UciOption::Type::Check && opt.defaultValue != QLatin1String("true") &&
        opt.defaultValue != QLatin1String("false"))
        return protocolError(kCmd, "check " + quoted(opt.name) + " has default " + quoted(opt.defaultValue) +
                                       ", expected 'true' or 'false'");
    return opt;
}

Result<UciBestMove> parseBestMove(QStringView args) {
    static constexpr const char* kCmd = "bestmove";
    const QList<Token> tokens = tokenize(args);
    if (tokens.isEmpty()) return protocolError(kCmd, "expects a move");
    UciBestMove best;
    const QStringView move = tokens[0].text;
    if (move != QLatin1String("(none)") && !isMoveToken(move)) return protocolError(kCmd, "bad move " + quoted(move));
    best.move = move.toString();
    if (tokens.size() >= 2) {
        if (tokens[1].text != QLatin1String("ponder"))
            return protocolError(kCmd, "unknown token " + quoted(tokens[1].text));
        if (tokens.size() < 3 || !isMoveToken(tokens[2].text))
            return protocolError(kCmd, "'ponder' expects a move" +
                                           (tokens.size() >= 3 ? ", got " + quoted(tokens[2].text) : std::string()));
        best.ponder = tokens[2].text.toString();
        if (tokens.size() > 3) return protocolError(kCmd, "unexpected token " + quoted(tokens[3].text));
    }
    return best;
}

Result<UciId> parseId(QStringView args) {
    static constexpr const char* kCmd = "id";
    const QList<Token> tokens = tokenize(args);
    if (tokens.isEmpty()) return protocolError(kCmd, "expects 'name' or 'author'");
    UciId id;
    if (tokens[0].text == QLatin1String("name"))
        id.field = UciId::Field::Name;
    else if (tokens[0].text == QLatin1String("author"))
        id.field = UciId::Field::Author;
    else
        return protocolError(kCmd, "expects 'name' or 'author', got " + quoted(tokens[0].text));
    id.value = tokens.size() > 1 ? args.mid(tokens[1].pos).trimmed().toString() : QString();
    return id;
}

Result<UciMessage> parseUciLine(QStringView line) {
    while (!line.isEmpty() && (line.back() == QLatin1Char('\r') || line.back() == QLatin1Char('\n'))) line.chop(1);
    const QStringView trimmed = line.trimmed();
    qsizetype cut = 0;
    while (cut < trimmed.size() && !trimmed[cut].isSpace()) ++cut;
    const QStringView command = trimmed.left(cut);
    const QStringView rest = trimmed.mid(cut);

    if (command == QLatin1String("info")) {
        auto r = parseInfo(rest);
        if (!r) return r.error();
        return UciMessage(std::move(r).value());
    }
    if (command == QLatin1String("bestmove")) {
        auto r = parseBestMove(rest);
        if (!r) return r.error();
        return UciMessage(std::move(r).value());
    }
    if (command == QLatin1String("option")) {
        auto r = parseOption(rest);
        if (!r) return r.error();
        return UciMessage(std::move(r).value());
    }
    if (command == QLatin1String("id")) {
        auto r = parseId(rest);
        if (!r) return r.error();
        return UciMessage(std::move(r).value());
    }
    if (command == QLatin1String("uciok")) {
        if (!rest.trimmed().isEmpty()) return protocolError("uciok", "unexpected text " + quoted(rest.trimmed()));
        return UciMessage(UciUciOk{});
    }
    if (command == QLatin1String("readyok")) {
        if (!rest.trimmed().isEmpty()) return protocolError("readyok", "unexpected text " + quoted(rest.trimmed()));
        return UciMessage(UciReadyOk{});
    }
    return UciMessage(UciUnknown{trimmed.toString()});
}

QString optionTypeName(UciOption::Type type) {
    switch (type) {
        case UciOption::Type::Check: return QStringLiteral("check");
        case UciOption::Type::Spin: return QStringLiteral("spin");
        case UciOption::Type::Combo: return QStringLiteral("combo");
        case UciOption::Type::Button: return QStringLiteral("button");
        case UciOption::Type::String: return QStringLiteral("string");
    }
    return QString();
}

}  // namespace kibitz::engines
