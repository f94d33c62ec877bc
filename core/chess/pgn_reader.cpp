// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/pgn.h"
#include "core/chess/san_match.h"

#include <charconv>
#include <cmath>

namespace kibitz::chess {

using san::matchSanParts;
using san::parseSanParts;
using san::SanMatch;
using san::SanParts;
using san::splitSanToken;

namespace {

constexpr bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isTagNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '-';
}
// Characters that end a SAN token (besides white space).
constexpr bool isDelimiter(char c) {
    return isSpace(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$';
}

std::string_view trimLeft(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    return s.substr(i);
}

std::string_view trim(std::string_view s) {
    s = trimLeft(s);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

void appendTrimmed(std::string& target, std::string_view text) {
    text = trim(text);
    if (text.empty()) return;
    if (!target.empty()) target.push_back(' ');
    target.append(text);
}

// "[Name "value"]" on its own line: used to notice the next game after an unterminated comment.
bool looksLikeTagLine(std::string_view line) {
    line = trim(line);
    if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
    std::size_t i = 1;
    while (i < line.size() && isTagNameChar(line[i])) ++i;
    if (i == 1) return false;
    while (i < line.size() && line[i] == ' ') ++i;
    return i < line.size() && line[i] == '"' && line[line.size() - 2] == '"';
}

int nagFromSuffix(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

// "h:mm:ss", "mm:ss" or "ss", optionally with a decimal fraction; whole seconds (fraction dropped), -1 if malformed.
int parseClock(std::string_view text) {
    text = trim(text);
    long total = 0;
    int groups = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        long v = 0;
        const std::size_t start = i;
        while (i < text.size() && isDigit(text[i])) {
            v = v * 10 + (text[i++] - '0');
            if (v > 1000000) return -1;  // no real clock is that long; also keeps the arithmetic in range
        }
        if (i == start || ++groups > 3) return -1;
        total = total * 60 + v;
        if (i == text.size()) break;
        if (text[i] == ':') {
            ++i;
            continue;
        }
        if (text[i] == '.') {
            ++i;
            while (i < text.size() && isDigit(text[i])) ++i;
            if (i != text.size()) return -1;
            break;
        }
        return -1;
    }
    return groups == 0 || total > 100000000 ? -1 : int(total);
}

// "0.23", "-1.5", "#3", "#-2" (an optional ",depth" suffix is ignored). False if malformed.
bool parseEval(std::string_view text, PgnMove& move) {
    text = trim(text);
    if (const auto comma = text.find(','); comma != std::string_view::npos) text = text.substr(0, comma);
    if (text.empty()) return false;
    if (text.front() == '#') {
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '+') text.remove_prefix(1);
        int mate = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), mate);
        if (ec != std::errc() || p != text.data() + text.size()) return false;
        move.evalMate = mate;
        move.evalCp.reset();
        return true;
    }
    if (text.front() == '+') text.remove_prefix(1);
    double pawns = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), pawns);
    if (ec != std::errc() || p != text.data() + text.size() || !std::isfinite(pawns) || std::fabs(pawns) > 1e6)
        return false;
    move.evalCp = int(std::lround(pawns * 100.0));
    move.evalMate.reset();
    return true;
}

}  // namespace

std::string PgnSkip::message() const { return file + ":" + std::to_string(line) + ": " + reason; }

std::string PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

std::string gameTimeKey(const PgnGame& game) {
    auto known = [](const std::string& v, const char* unknown) { return v.empty() ? std::string(unknown) : v; };
    const std::string utcDate = game.tag("UTCDate");
    if (!utcDate.empty() && utcDate.find('?') == std::string::npos)
        return utcDate + " " + known(game.tag("UTCTime"), "??:??:??");
    return known(game.tag("Date"), "????.??.??") + " " + known(game.tag("Time"), "??:??:??");
}

Result<Position> PgnGame::startPosition() const {
    if (startFen.empty()) return Position();
    return Position::fromFen(startFen);
}

/// Tokenizer and per-game state. The reader works line by line; comments and variations may span lines.
struct PgnReader::Parser {
    enum class Outcome { Game, Skipped, End };
    enum class LineEnd { Continue, GameEnded };

    explicit Parser(TextInput& in) : input(in) {}

    TextInput& input;
    std::string pending;  // a line read too far (the next game's first line), returned next
    std::string pendingSwap;
    std::int64_t pendingLine = 0;
    bool hasPending = false;
    std::string_view line;
    std::int64_t lineNo = 0;

    const Position standardStart;
    Position pos;
    bool validate = true;
    bool keepVariations = true;

    // Variations being read (keepVariations): the enclosing line's position and variation at each '('.
    struct Frame {
        Position pos;
        PgnVariation* var = nullptr;  // null: the main line
    };
    std::vector<Frame> frames;
    PgnVariation* var = nullptr;  // the innermost open variation, or null on the main line

    // Per game.
    PgnGame* game = nullptr;
    std::size_t moveCount = 0;
    std::size_t tagCount = 0;
    int depth = 0;
    std::int64_t variationLine = 0;  // where the outermost open variation started
    bool inComment = false;
    std::int64_t commentLine = 0;
    std::string comment;  // text of a comment spanning lines
    bool resultSeen = false;
    bool bad = false;
    std::string reason;
    std::int64_t reasonLine = 0;
    std::int64_t variantLine = 0;
    std::int64_t fenLine = 0;

    bool getLine() {
        if (hasPending) {
            hasPending = false;
            pendingSwap.swap(pending);
            line = pendingSwap;
            lineNo = pendingLine;
            return true;
        }
        if (!input.readLine(line)) return false;
        lineNo = input.lineNumber();
        return true;
    }

    void pushBack(std::string_view text) {
        pending.assign(text);
        pendingLine = lineNo;
        hasPending = true;
    }

    void fail(std::string why, std::int64_t at) {
        if (bad) return;
        bad = true;
        reason = printable(why);
        reasonLine = at;
    }

    std::string plyText() const {
        if (depth > 0)
            return std::to_string(pos.fullmoveNumber()) + (pos.sideToMove() == White ? "." : "...") +
                   " in a variation (opened at line " + std::to_string(variationLine) + ")";
        const int ply = int(moveCount) + 1;
        return "ply " + std::to_string(ply) + " (" + std::to_string(pos.fullmoveNumber()) +
               (pos.sideToMove() == White ? ".)" : "...)");
    }

    void beginGame(PgnGame& g) {
        game = &g;
        moveCount = 0;
        tagCount = 0;
        depth = 0;
        inComment = false;
        resultSeen = false;
        bad = false;
        reason.clear();
        reasonLine = 0;
        variantLine = 0;
        fenLine = 0;
        frames.clear();
        var = nullptr;
        g.result.assign("*");
        g.preComment.clear();
    }

    // ---- Tags ----

    void storeTag(std::string_view name, std::string_view value, bool unescape) {
        PgnGame& g = *game;
        if (tagCount == g.tags.size()) g.tags.emplace_back();
        auto& [k, v] = g.tags[tagCount++];
        k.assign(name);
        if (!unescape) {
            v.assign(value);
        } else {
            v.clear();
            for (std::size_t i = 0; i < value.size(); ++i) {
                if (value[i] == '\\' && i + 1 < value.size()) ++i;
                v.push_back(value[i]);
            }
        }
        if (name == "Variant") variantLine = lineNo;
        if (name == "FEN") fenLine = lineNo;
    }

    // One or more "[Name "value"]" pairs on a line.
    void parseTagLine(std::string_view t) {
        std::size_t i = 0;
        const std::size_t n = t.size();
        while (i < n) {
            while (i < n && isSpace(t[i])) ++i;
            if (i >= n) break;
            if (t[i] != '[') {
                fail("malformed tag line (text after the tag pair)", lineNo);
                return;
            }
            ++i;
            while (i < n && isSpace(t[i])) ++i;
            const std::size_t nameStart = i;
            while (i < n && isTagNameChar(t[i])) ++i;
            const std::string_view name = t.substr(nameStart, i - nameStart);
            while (i < n && isSpace(t[i])) ++i;
            if (name.empty() || i >= n || t[i] != '"') {
                fail("malformed tag pair (expected [Name \"value\"])", lineNo);
                return;
            }
            const std::size_t valueStart = ++i;
            bool escaped = false;
            while (i < n && t[i] != '"') {
                if (t[i] == '\\' && i + 1 < n) {
                    escaped = true;
                    ++i;
                }
                ++i;
            }
            if (i >= n) {
                fail("malformed tag pair (unterminated value)", lineNo);
                return;
            }
            std::size_t valueEnd = i++;
            std::size_t j = i;
            while (j < n && isSpace(t[j])) ++j;
            if (j >= n || t[j] != ']') {
                // Tolerate unescaped quotes inside the value: it ends at the last quote before a closing bracket.
                const std::size_t close = t.rfind("\"]");
                if (close == std::string_view::npos || close < valueEnd) {
                    fail("malformed tag pair (missing ']')", lineNo);
                    return;
                }
                valueEnd = close;
                j = close + 1;
            }
            storeTag(name, t.substr(valueStart, valueEnd - valueStart), escaped);
            i = j + 1;
        }
    }

    // After the tag section: variant check and start position.
    void finishTags() {
        PgnGame& g = *game;
        g.tags.resize(tagCount);
        std::string_view variant;
        std::string_view fen;
        for (const auto& [k, v] : g.tags) {
            if (k == "Variant")
                variant = v;
            else if (k == "FEN")
                fen = v;
        }
        if (!variant.empty()) {
            std::string norm;
            for (char c : variant)
                if (c != ' ' && c != '-' && c != '_') norm.push_back(char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
            if (norm.find("960") != std::string::npos || norm.find("fischer") != std::string::npos || norm == "frc") {
                fail("Chess960 is not supported (Variant \"" + std::string(variant) + "\")", variantLine);
            } else if (norm != "standard" && norm != "fromposition" && norm != "normal" && norm != "chess") {
                fail("variant '" + std::string(variant) + "' is not supported (standard chess only)", variantLine);
            }
        }
        if (!fen.empty()) {
            auto p = Position::fromFen(fen);
            if (!p) {
                fail("FEN tag: " + p.error().message, fenLine);
            } else {
                pos = std::move(p.value());
                g.startFen.assign(fen);
            }
        } else {
            pos = standardStart;  // copy-assignment keeps the history vector's capacity
            g.startFen.assign(Position::kStartFen);
        }
    }

    // ---- Movetext ----

    PgnMove& nextMove() {
        PgnGame& g = *game;
        if (moveCount == g.moves.size()) {
            g.moves.emplace_back();
        } else {
            PgnMove& m = g.moves[moveCount];
            m.clockSeconds = -1;
            m.evalCp.reset();
            m.evalMate.reset();
            m.nags.clear();
            m.comment.clear();
            m.variations.clear();
        }
        return g.moves[moveCount++];
    }

    /// Whether the current line's moves, comments and NAGs are stored: the main line, or a kept variation.
    bool storing() const { return !bad && validate && (depth == 0 || (keepVariations && var)); }

    /// The last move of the line being read (null before its first move, or when that line is not stored).
    PgnMove* lastMove() {
        if (depth == 0) return moveCount > 0 ? &game->moves[moveCount - 1] : nullptr;
        return var && !var->moves.empty() ? &var->moves.back() : nullptr;
    }

    void addNag(int nag) {
        if (nag <= 0 || !storing()) return;
        if (PgnMove* last = lastMove()) last->nags.push_back(nag);
    }

    void onComment(std::string_view text) {
        if (!storing()) return;
        PgnMove* mv = lastMove();
        std::string& target = mv ? mv->comment : (depth == 0 ? game->preComment : var->preComment);
        std::size_t i = 0;
        while (i < text.size()) {
            const std::size_t cmd = text.find("[%", i);
            if (cmd == std::string_view::npos) {
                appendTrimmed(target, text.substr(i));
                break;
            }
            appendTrimmed(target, text.substr(i, cmd - i));
            const std::size_t close = text.find(']', cmd);
            if (close == std::string_view::npos) {
                appendTrimmed(target, text.substr(cmd));
                break;
            }
            const std::string_view body = text.substr(cmd + 2, close - cmd - 2);
            if (mv) {
                if (startsWith(body, "clk") && body.size() > 3 && isSpace(body[3])) {
                    const int secs = parseClock(body.substr(4));
                    if (secs >= 0) mv->clockSeconds = secs;
                } else if (startsWith(body, "eval") && body.size() > 4 && isSpace(body[4])) {
                    parseEval(body.substr(5), *mv);
                }
            }
            i = close + 1;
        }
    }

    void openVariation() {
        if (depth >= PgnReader::kMaxVariationDepth) {
            fail("variations nested deeper than " + std::to_string(PgnReader::kMaxVariationDepth) +
                     " levels (the outermost opened at line " + std::to_string(variationLine) + ")",
                 lineNo);
            ++depth;
            return;
        }
        if (storing()) {
            PgnMove* last = lastMove();
            if (!last) {
                fail(depth == 0 ? "variation before the first move" : "variation before the first move of its line",
                     lineNo);
            } else if (keepVariations) {
                // The alternative to `last` starts from the position before it.
                frames.push_back({pos, var});
                pos.unmakeMove(last->move);
                last->variations.emplace_back();
                var = &last->variations.back();
            }
        }
        if (depth++ == 0) variationLine = lineNo;
    }

    void closeVariation() {
        if (depth == 0) {
            fail("unbalanced ')'", lineNo);
            return;
        }
        --depth;
        if (keepVariations && validate && !bad && !frames.empty()) {
            pos = std::move(frames.back().pos);
            var = frames.back().var;
            frames.pop_back();
        }
    }

    void onSan(std::string_view token) {
        if (!storing()) return;
        std::string_view withCheck;
        std::string_view san;
        std::string_view annotation;
        splitSanToken(token, withCheck, san, annotation);
        if (san == "--" || san == "Z0" || san == "null") {
            fail("null move '" + std::string(token) + "' at " + plyText() + " is not supported", lineNo);
            return;
        }
        SanParts parts;
        if (!parseSanParts(san, parts)) {
            fail("malformed move '" + std::string(token) + "' at " + plyText(), lineNo);
            return;
        }
        Move move;
        switch (matchSanParts(pos, parts, move)) {
            case SanMatch::Found: break;
            case SanMatch::Ambiguous:
                fail("ambiguous move '" + std::string(token) + "' at " + plyText(), lineNo);
                return;
            case SanMatch::NoPromotion:
                fail("move '" + std::string(token) + "' at " + plyText() + " lacks the promotion piece", lineNo);
                return;
            case SanMatch::Illegal: fail("illegal move '" + std::string(token) + "' at " + plyText(), lineNo); return;
        }
        PgnMove& m = depth == 0 ? nextMove() : var->moves.emplace_back();
        m.move = move;
        m.san.assign(withCheck);
        if (!annotation.empty()) {
            const int nag = nagFromSuffix(annotation);
            if (nag > 0) m.nags.push_back(nag);
        }
        pos.makeMove(move);
    }

    void setResult(std::string_view r) {
        if (depth > 0) fail("game result '" + std::string(r) + "' inside a variation", lineNo);
        if (inComment) return;
        game->result.assign(r);
        resultSeen = true;
    }

    // Tokenises one movetext line. Returns GameEnded after a result token (the rest of the line is pushed back)
    // or when the line starts the next game's tags (pushed back).
    LineEnd movetextLine(bool previousBlank) {
        const std::string_view s = line;
        const std::size_t n = s.size();
        std::size_t i = 0;
        if (inComment) {
            if (previousBlank && looksLikeTagLine(s)) {
                fail("unterminated comment (opened at line " + std::to_string(commentLine) + ")", commentLine);
                inComment = false;
                pushBack(s);
                return LineEnd::GameEnded;
            }
        } else {
            if (n > 0 && s[0] == '%') return LineEnd::Continue;  // escape line
            const std::string_view t = trimLeft(s);
            if (!t.empty() && t[0] == '[') {
                if (depth > 0)
                    fail("unterminated variation (opened at line " + std::to_string(variationLine) + ")",
                         variationLine);
                pushBack(s);
                return LineEnd::GameEnded;
            }
        }
        while (i < n) {
            if (inComment) {
                const std::size_t close = s.find('}', i);
                if (close == std::string_view::npos) {
                    if (storing()) {
                        comment.append(s.substr(i));
                        comment.push_back('\n');
                    }
                    return LineEnd::Continue;
                }
                if (storing()) {
                    comment.append(s.substr(i, close - i));
                    onComment(comment);
                }
                inComment = false;
                i = close + 1;
                continue;
            }
            const char c = s[i];
            if (isSpace(c)) {
                ++i;
                continue;
            }
            switch (c) {
                case '{': {
                    const std::size_t close = s.find('}', i + 1);
                    if (close != std::string_view::npos) {
                        onComment(s.substr(i + 1, close - i - 1));
                        i = close + 1;
                    } else {
                        inComment = true;
                        commentLine = lineNo;
                        comment.clear();
                        if (storing()) {
                            comment.assign(s.substr(i + 1));
                            comment.push_back('\n');
                        }
                        return LineEnd::Continue;
                    }
                    continue;
                }
                case ';': onComment(s.substr(i + 1)); return LineEnd::Continue;
                case '(':
                    openVariation();
                    ++i;
                    continue;
                case ')':
                    closeVariation();
                    ++i;
                    continue;
                case '}':
                    fail("unbalanced '}'", lineNo);
                    ++i;
                    continue;
                case '$': {
                    std::size_t j = i + 1;
                    int nag = 0;
                    while (j < n && isDigit(s[j]) && nag < 1000) nag = nag * 10 + (s[j++] - '0');
                    if (j == i + 1) fail("malformed NAG '$'", lineNo);
                    addNag(nag);
                    i = j;
                    continue;
                }
                case '*':
                    setResult("*");
                    if (i + 1 < n && !trim(s.substr(i + 1)).empty()) pushBack(s.substr(i + 1));
                    return LineEnd::GameEnded;
                case '!':
                case '?': {
                    std::size_t j = i;
                    while (j < n && (s[j] == '!' || s[j] == '?')) ++j;
                    addNag(nagFromSuffix(s.substr(i, j - i)));
                    i = j;
                    continue;
                }
                case '.': ++i; continue;
                default: break;
            }
            if (isDigit(c)) {
                const std::string_view rest = s.substr(i);
                for (const std::string_view r :
                     {std::string_view("1-0"), std::string_view("0-1"), std::string_view("1/2-1/2")}) {
                    if (startsWith(rest, r) && (rest.size() == r.size() || isDelimiter(rest[r.size()]))) {
                        setResult(r);
                        const std::string_view after = rest.substr(r.size());
                        if (!trim(after).empty()) pushBack(after);
                        return LineEnd::GameEnded;
                    }
                }
                if (!startsWith(rest, "0-0")) {
                    // Move number: digits, then any dots.
                    std::size_t j = i;
                    while (j < n && isDigit(s[j])) ++j;
                    while (j < n && s[j] == '.') ++j;
                    i = j;
                    continue;
                }
            }
            // A SAN token (or castling written with zeros).
            std::size_t j = i;
            while (j < n && !isDelimiter(s[j])) ++j;
            const std::string_view token = s.substr(i, j - i);
            const char first = token[0];
            if ((first >= 'a' && first <= 'h') || first == 'N' || first == 'B' || first == 'R' || first == 'Q' ||
                first == 'K' || first == 'O' || first == '0' || first == 'P' || first == '-' || first == 'Z') {
                onSan(token);
            } else {
                fail("unexpected text '" + std::string(token) + "'", lineNo);
            }
            i = j;
        }
        return LineEnd::Continue;
    }

    Outcome finish() {
        if (!input.error().empty()) return Outcome::End;  // a truncated stream does not yield a partial game
        PgnGame& g = *game;
        if (bad) return Outcome::Skipped;
        g.moves.resize(moveCount);
        if (!resultSeen) {
            const std::string r = g.tag("Result");
            if (r == "1-0" || r == "0-1" || r == "1/2-1/2") g.result = r;
        }
        return Outcome::Game;
    }

    Outcome readGame(PgnGame& g) {
        beginGame(g);
        // Skip blank and escape lines before the game.
        for (;;) {
            if (!getLine()) return Outcome::End;
            if (line.empty() || line[0] == '%' || trimLeft(line).empty()) continue;
            break;
        }
        g.firstLine = lineNo;
        // Tag section.
        while (trimLeft(line)[0] == '[') {
            parseTagLine(trimLeft(line));
            bool blank = false;
            for (;;) {
                if (!getLine()) {
                    finishTags();
                    return finish();
                }
                if (!line.empty() && line[0] == '%') continue;
                if (trimLeft(line).empty()) {
                    blank = true;
                    continue;
                }
                break;
            }
            if (blank && trimLeft(line)[0] == '[') {
                // Tags, a blank line, then tags again: this game had no movetext.
                pushBack(line);
                finishTags();
                return finish();
            }
        }
        finishTags();
        // Movetext.
        bool previousBlank = false;
        for (;;) {
            if (movetextLine(previousBlank) == LineEnd::GameEnded) break;
            previousBlank = trimLeft(line).empty();
            if (!getLine()) {
                if (inComment)
                    fail("unterminated comment (opened at line " + std::to_string(commentLine) + ")", commentLine);
                else if (depth > 0)
                    fail("unterminated variation at end of file (opened at line " + std::to_string(variationLine) + ")",
                         variationLine);
                break;
            }
        }
        return finish();
    }
};

PgnReader::PgnReader(std::unique_ptr<TextInput> input)
    : m_input(std::move(input)), m_parser(std::make_unique<Parser>(*m_input)) {}

PgnReader::~PgnReader() = default;

Result<std::unique_ptr<PgnReader>> PgnReader::open(const std::string& path) {
    auto in = TextInput::open(path);
    if (!in) return in.error();
    return std::make_unique<PgnReader>(std::move(in.value()));
}

bool PgnReader::next(PgnGame& game) {
    m_parser->validate = !m_tagsOnly;
    m_parser->keepVariations = m_keepVariations;
    for (;;) {
        const Parser::Outcome r = m_parser->readGame(game);
        if (r == Parser::Outcome::End) return false;
        if (r == Parser::Outcome::Game) {
            ++m_games;
            return true;
        }
        ++m_skipped;
        m_lastSkip.file = m_input->name();
        m_lastSkip.line = m_parser->reasonLine;
        m_lastSkip.reason = m_parser->reason;
        if (m_onSkip) m_onSkip(m_lastSkip);
    }
}

}  // namespace kibitz::chess
