// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/openings.h"

#include "core/chess/notation.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <unordered_map>
#include <utility>

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

std::string_view openingVariation(std::string_view name) {
    const std::size_t colon = name.find(':');
    if (colon == std::string_view::npos) return {};
    std::string_view v = name.substr(colon + 1);
    v = v.substr(0, std::min(v.find(','), v.size()));
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    return v;
}

namespace {

/// The letter an accented Latin letter of the table's names is written as in a key (0: none, dropped). The table's
/// names hold á ä é ó ö ø ü ć; the other common ones are here so that a newer table keys the same way.
char unaccented(char32_t c) {
    static constexpr std::pair<std::u32string_view, char> kFolds[] = {
        {U"àáâãäå", 'a'}, {U"ÀÁÂÃÄÅ", 'A'}, {U"çćč", 'c'}, {U"ÇĆČ", 'C'}, {U"èéêëě", 'e'},   {U"ÈÉÊËĚ", 'E'},
        {U"ìíîï", 'i'},   {U"ÌÍÎÏ", 'I'},   {U"ñńň", 'n'}, {U"ÑŃŇ", 'N'}, {U"òóôõöøő", 'o'}, {U"ÒÓÔÕÖØŐ", 'O'},
        {U"řŕ", 'r'},     {U"ŘŔ", 'R'},     {U"śšş", 's'}, {U"ŚŠŞ", 'S'}, {U"ùúûüůű", 'u'},  {U"ÙÚÛÜŮŰ", 'U'},
        {U"ýÿ", 'y'},     {U"Ý", 'Y'},      {U"źżž", 'z'}, {U"ŹŻŽ", 'Z'},
    };
    for (const auto& [from, to] : kFolds)
        if (from.find(c) != std::u32string_view::npos) return to;
    return 0;
}

}  // namespace

std::string openingKey(std::string_view name) {
    std::string key;
    bool gap = false;  // a space since the last letter kept
    for (std::size_t i = 0; i < name.size();) {
        const auto byte = static_cast<unsigned char>(name[i]);
        char32_t c = byte;
        std::size_t length = 1;
        if (byte >= 0xF0) {
            length = 4;
            c = byte & 0x07u;
        } else if (byte >= 0xE0) {
            length = 3;
            c = byte & 0x0Fu;
        } else if (byte >= 0xC0) {
            length = 2;
            c = byte & 0x1Fu;
        }
        for (std::size_t k = 1; k < length && i + k < name.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3Fu);
        i += length;
        char out = 0;
        if (c < 0x80) {
            const char a = char(c);
            if (std::isalnum(static_cast<unsigned char>(a)) || a == '-') out = a;
            if (a == ' ') gap = true;
        } else {
            out = unaccented(c);
        }
        if (!out) continue;
        if (gap && !key.empty()) key += '_';
        gap = false;
        key += out;
    }
    return key;
}

std::string openingTags(std::string_view name) {
    if (name.empty()) return {};
    const std::string family = openingKey(openingFamily(name));
    const std::string_view variation = openingVariation(name);
    return family + ' ' + family + '_' + (variation.empty() ? "Other_variations" : openingKey(variation));
}

std::string openingTagsLabel(std::string_view tags) {
    const auto spaced = [](std::string_view key) {
        std::string out(key);
        std::replace(out.begin(), out.end(), '_', ' ');
        return out;
    };
    const std::size_t gap = tags.find(' ');
    if (gap == std::string_view::npos) return spaced(tags);
    const std::string_view family = tags.substr(0, gap);
    const std::string_view deeper = tags.substr(gap + 1);
    const bool lichessForm = deeper.size() > family.size() + 1 && deeper.rfind(family, 0) == 0 &&
                             deeper[family.size()] == '_' && deeper.find(' ') == std::string_view::npos;
    if (!lichessForm) return spaced(tags);
    const std::string_view variation = deeper.substr(family.size() + 1);
    if (variation == "Other_variations") return spaced(family);
    return spaced(family) + ": " + spaced(variation);
}

}  // namespace kibitz::chess
