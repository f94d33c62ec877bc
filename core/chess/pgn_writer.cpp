// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/common/atomic_file.h"

#include <array>
#include <cstdio>
#include <cstdlib>

namespace kibitz::chess {

namespace {

constexpr std::size_t kLineWidth = 80;
constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};

std::string escapeTagValue(std::string_view v) {
    std::string out;
    out.reserve(v.size());
    for (char c : v) {
        if (c == '\\' || c == '"') out.push_back('\\');
        // A tag pair lives on one line.
        out.push_back(c == '\n' || c == '\r' ? ' ' : c);
    }
    return out;
}

std::string formatClock(int seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60);
    return buf;
}

std::string formatEval(const PgnMove& m) {
    if (m.evalMate) return "#" + std::to_string(*m.evalMate);
    const int cp = *m.evalCp;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%d.%02d", cp < 0 ? "-" : "", std::abs(cp) / 100, std::abs(cp) % 100);
    return buf;
}

/// Collects space-separated atoms and breaks lines before the width is exceeded.
class Wrapper {
public:
    explicit Wrapper(std::string& out) : m_out(out) {}
    void atom(std::string_view a) {
        if (a.empty()) return;
        const bool glue = m_glue;
        m_glue = false;
        if (m_col > 0 && m_col + (glue ? 0 : 1) + a.size() > kLineWidth) {
            m_out.push_back('\n');
            m_col = 0;
        } else if (m_col > 0 && !glue) {
            m_out.push_back(' ');
            ++m_col;
        }
        m_out.append(a);
        m_col += a.size();
    }
    // "(" joined to the atom after it, ")" to the atom before it, as the export format writes variations.
    void openVariation() {
        atom("(");
        m_glue = true;
    }
    void closeVariation() {
        m_glue = false;
        if (m_col + 1 > kLineWidth) {
            m_out.push_back('\n');
            m_col = 0;
        }
        m_out.push_back(')');
        ++m_col;
    }
    // Comment text: one atom per word so long comments wrap too. '}' cannot appear inside a PGN comment.
    void comment(std::string_view text) {
        std::string word;
        for (char c : text) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                atom(word);
                word.clear();
            } else {
                word.push_back(c == '}' ? ')' : c);
            }
        }
        atom(word);
    }
    void end() {
        if (m_col > 0) m_out.push_back('\n');
        m_col = 0;
    }

private:
    std::string& m_out;
    std::size_t m_col = 0;
    bool m_glue = false;
};

bool hasCommentBody(const PgnMove& m) { return m.clockSeconds >= 0 || m.evalCp || m.evalMate || !m.comment.empty(); }

void writeComment(Wrapper& w, std::string_view text) {
    if (text.empty()) return;
    w.atom("{");
    w.comment(text);
    w.atom("}");
}

/// Writes `moves` from `pos` (a copy: it is played along), each move's variations after it, recursively.
void writeLine(Wrapper& w, Position pos, const std::vector<PgnMove>& moves, std::string_view preComment) {
    writeComment(w, preComment);
    bool needNumber = true;  // a Black move needs "N..." at the start, after a comment or NAG, after a variation
    for (const PgnMove& m : moves) {
        const int moveNumber = pos.fullmoveNumber();
        if (pos.sideToMove() == White)
            w.atom(std::to_string(moveNumber) + ".");
        else if (needNumber)
            w.atom(std::to_string(moveNumber) + "...");
        w.atom(!m.san.empty() ? m.san : toSan(pos, m.move));
        for (int nag : m.nags) w.atom("$" + std::to_string(nag));
        needNumber = !m.nags.empty();
        if (hasCommentBody(m)) {
            w.atom("{");
            if (m.evalCp || m.evalMate) w.atom("[%eval " + formatEval(m) + "]");
            if (m.clockSeconds >= 0) w.atom("[%clk " + formatClock(m.clockSeconds) + "]");
            w.comment(m.comment);
            w.atom("}");
            needNumber = true;
        }
        if (m.variations.empty()) {
            pos.makeMove(m.move);
            continue;
        }
        const Position before = pos;
        pos.makeMove(m.move);
        for (const PgnVariation& v : m.variations) {
            w.openVariation();
            writeLine(w, before, v.moves, v.preComment);
            w.closeVariation();
        }
        needNumber = true;
    }
}

}  // namespace

std::string writePgn(const PgnGame& game) {
    std::string out;
    const std::string result = game.result.empty() ? std::string("*") : game.result;

    for (const std::string_view name : kSevenTagRoster) {
        std::string value;
        bool found = false;
        for (const auto& [k, v] : game.tags) {
            if (k == name) {
                value = v;
                found = true;
                break;
            }
        }
        if (name == "Result")
            value = result;
        else if (!found)
            value = name == "Date" ? "????.??.??" : "?";
        out += "[" + std::string(name) + " \"" + escapeTagValue(value) + "\"]\n";
    }
    const bool customStart = !game.startFen.empty() && game.startFen != Position::kStartFen;
    bool fenWritten = false;
    bool setUpWritten = false;
    for (const auto& [k, v] : game.tags) {
        bool roster = false;
        for (const std::string_view name : kSevenTagRoster) roster = roster || k == name;
        if (roster) continue;
        if (k == "FEN") {
            if (!customStart) continue;  // a FEN tag that disagrees with startFen would mislead
            fenWritten = true;
            out += "[FEN \"" + escapeTagValue(game.startFen) + "\"]\n";
            continue;
        }
        if (k == "SetUp") {
            if (!customStart) continue;
            setUpWritten = true;
            out += "[SetUp \"1\"]\n";
            continue;
        }
        out += "[" + k + " \"" + escapeTagValue(v) + "\"]\n";
    }
    if (customStart && !setUpWritten) out += "[SetUp \"1\"]\n";
    if (customStart && !fenWritten) out += "[FEN \"" + escapeTagValue(game.startFen) + "\"]\n";
    out += "\n";

    auto startPos = game.startPosition();
    Wrapper w(out);
    writeLine(w, startPos ? std::move(startPos.value()) : Position(), game.moves, game.preComment);
    w.atom(result);
    w.end();
    return out;
}

Status writePgnFile(const std::string& path, const std::vector<PgnGame>& games) {
    std::string text;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i > 0) text.push_back('\n');
        text += writePgn(games[i]);
    }
    return writeBytesAtomically(path, text);
}

}  // namespace kibitz::chess
