// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/puzzle_filter.h"

#include "core/chess/openings.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace kibitz::chess {

namespace {

constexpr int kHighestRating = 4000;

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

/// Text as it is looked for: written as Lichess writes its keys, in lower case ('_' read as the space it stands for).
std::string keyOf(std::string_view text) {
    std::string spaced(text);
    std::replace(spaced.begin(), spaced.end(), '_', ' ');
    return lower(openingKey(spaced));
}

/// A whole non-negative integer of at most four digits, or nothing.
std::optional<int> ratingOf(std::string_view text) {
    if (text.empty() || text.size() > 4) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

Error bad(std::string_view item, std::string_view why) {
    return makeError(ErrorCode::InvalidInput, "'" + std::string(item) + "': " + std::string(why));
}

/// Reads one rating item (a range or a bound) into `filter`; false when `item` is not one (a word, then).
Result<bool> readRating(std::string_view item, PuzzleFilter& filter) {
    for (const std::string_view op : {">=", "<=", ">", "<"}) {
        if (item.rfind(op, 0) != 0) continue;
        const auto value = ratingOf(item.substr(op.size()));
        if (!value) return bad(item, "a rating after '" + std::string(op) + "' (e.g. " + std::string(op) + "1500)");
        if (*value > kHighestRating) return bad(item, "a puzzle rating is at most 4000");
        const int bound = *value + (op == ">" ? 1 : op == "<" ? -1 : 0);
        if (op[0] == '>')
            filter.minRating = std::max(filter.minRating.value_or(0), bound);
        else
            filter.maxRating = std::min(filter.maxRating.value_or(kHighestRating), bound);
        return true;
    }
    const std::size_t dash = item.find('-');
    if (dash == std::string_view::npos || dash == 0) return false;
    const auto low = ratingOf(item.substr(0, dash));
    const auto high = ratingOf(item.substr(dash + 1));
    if (!low || !high) return false;  // "Caro-Kann", "1-0"-like words stay words
    if (*low > *high) return bad(item, "the lower rating comes first");
    if (*high > kHighestRating) return bad(item, "a puzzle rating is at most 4000");
    filter.minRating = std::max(filter.minRating.value_or(0), *low);
    filter.maxRating = std::min(filter.maxRating.value_or(kHighestRating), *high);
    return true;
}

/// What a puzzle's words are looked for in: its id and themes (from their start), its opening tags (anywhere).
struct Haystacks {
    std::vector<std::string> starts;
    std::string tags;

    // "Sicilian_Defense Sicilian_Defense_Alapin_Variation" and "Queen's Pawn Game" (some sources' form) alike.
    explicit Haystacks(const Puzzle& puzzle) : tags(keyOf(puzzle.openingTags)) {
        starts.reserve(puzzle.themes.size() + 1);
        starts.push_back(lower(puzzle.id));
        for (const auto& theme : puzzle.themes) starts.push_back(lower(theme));
    }
    bool has(const std::string& key) const {
        return tags.find(key) != std::string::npos ||
               std::any_of(starts.begin(), starts.end(), [&](const std::string& s) { return s.rfind(key, 0) == 0; });
    }
};

}  // namespace

bool PuzzleFilter::matches(const Puzzle& puzzle) const {
    if (minRating || maxRating) {
        if (puzzle.rating <= 0) return false;
        if (minRating && puzzle.rating < *minRating) return false;
        if (maxRating && puzzle.rating > *maxRating) return false;
    }
    if (words.empty() && excluded.empty()) return true;
    const Haystacks in(puzzle);
    return std::all_of(words.begin(), words.end(), [&](const std::string& w) { return in.has(w); }) &&
           std::none_of(excluded.begin(), excluded.end(), [&](const std::string& w) { return in.has(w); });
}

Result<PuzzleFilter> parsePuzzleFilter(std::string_view query) {
    PuzzleFilter filter;
    std::size_t i = 0;
    while (i < query.size()) {
        if (std::isspace(static_cast<unsigned char>(query[i]))) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        const bool exclude = query[i] == '-';
        if (exclude) ++i;
        std::string_view text;
        if (i < query.size() && query[i] == '"') {
            const std::size_t close = query.find('"', i + 1);
            if (close == std::string_view::npos) return bad(query.substr(start), "a quote opened and not closed");
            text = query.substr(i + 1, close - i - 1);
            i = close + 1;
        } else {
            while (i < query.size() && !std::isspace(static_cast<unsigned char>(query[i]))) ++i;
            text = query.substr(exclude ? start + 1 : start, i - start - (exclude ? 1 : 0));
            if (!exclude) {
                const auto rating = readRating(text, filter);
                if (!rating.ok()) return rating.error();
                if (rating.value()) continue;
            }
        }
        const std::string_view item = query.substr(start, i - start);
        if (exclude && text.empty()) return bad(item, "a word after '-' (e.g. -long)");
        std::string key = keyOf(text);
        if (key.empty()) return bad(item, "no letter or digit to look for");
        (exclude ? filter.excluded : filter.words).push_back(std::move(key));
    }
    if (filter.minRating && filter.maxRating && *filter.minRating > *filter.maxRating)
        return makeError(ErrorCode::InvalidInput, "no rating is within both bounds (" +
                                                      std::to_string(*filter.minRating) + " and more, " +
                                                      std::to_string(*filter.maxRating) + " and less)");
    return filter;
}

}  // namespace kibitz::chess
