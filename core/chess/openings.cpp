// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/openings.h"

#include "core/chess/notation.h"

#include <unordered_map>

namespace kibitz::chess {

/// Lichess's table as the build embeds it (resources/openings/lichess-openings.tsv: a header line, then "eco\tname\t
/// moves" lines).
extern const char* const kLichessOpeningsTsv;

namespace {

/// Every named position of the table, by its key (board, side to move, castling, en passant).
struct OpeningTable {
    std::unordered_map<Key, OpeningName> byPosition;
};

OpeningTable readTable() {
    OpeningTable table;
    const std::string_view text = kLichessOpeningsTsv;
    bool header = true;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (header || line.empty()) {
            header = false;
            continue;
        }
        const std::size_t tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
        if (tab1 == std::string_view::npos || tab2 == std::string_view::npos) continue;
        const OpeningName name{line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1)};
        Position pos;
        bool legal = true;
        const std::string_view moves = line.substr(tab2 + 1);
        for (std::size_t from = 0; from < moves.size() && legal;) {
            const std::size_t space = std::min(moves.find(' ', from), moves.size());
            const std::string_view token = moves.substr(from, space - from);
            from = space + 1;
            if (token.empty() || token.back() == '.') continue;  // a move number
            const auto move = parseSan(pos, token);
            legal = move.ok();
            if (legal) pos.makeMove(*move);
        }
        // The table's own tests keep its lines legal and each position named once; a line that is not is skipped.
        if (legal) table.byPosition.emplace(pos.key(), name);
    }
    return table;
}

const OpeningTable& table() {
    static const OpeningTable t = readTable();  // thread-safe initialisation
    return t;
}

}  // namespace

OpeningName openingOf(const Position& start, const std::vector<Move>& moves) {
    if (moves.empty() || start.key() != Position().key()) return {};
    const OpeningTable& t = table();
    OpeningName out;
    Position pos = start;
    for (std::size_t ply = 0; ply < moves.size() && ply < std::size_t(kOpeningSearchPlies); ++ply) {
        pos.makeMove(moves[ply]);
        if (const auto it = t.byPosition.find(pos.key()); it != t.byPosition.end()) out = it->second;
    }
    return out;
}

std::string_view openingFamily(std::string_view name) { return name.substr(0, std::min(name.find(':'), name.size())); }

}  // namespace kibitz::chess
