// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/player_games.h"

#include "core/chess/game_pack.h"
#include "core/training/human_samples.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace kibitz::training {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool namesPlayer(const std::string& name) { return !name.empty() && name != "?"; }

std::vector<std::pair<std::string, std::int64_t>> byCount(const std::map<std::string, std::int64_t>& counts) {
    std::vector<std::pair<std::string, std::int64_t>> out(counts.begin(), counts.end());
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

/// Reads every game of the PGN files (game packs have no names), calling `visit` with each (and its file and its
/// number there, skipped games counted); `tagsOnly` leaves the moves unread. `onSkip` is told of each malformed game.
template <typename Visit>
Status forEachGame(const std::vector<std::string>& files, bool tagsOnly, Visit&& visit,
                   const chess::GameSkipHook& onSkip = {}) {
    for (const std::string& f : files) {
        if (chess::isGamePackPath(f)) continue;
        auto reader = chess::PgnReader::open(f);
        if (!reader) return reader.error();
        chess::PgnReader& r = *reader.value();
        r.setTagsOnly(tagsOnly);
        r.setKeepVariations(false);
        if (onSkip) r.setOnSkip([&](const chess::PgnSkip& skip) { onSkip(r.gamesRead() + r.skippedCount(), skip); });
        chess::PgnGame game;
        while (r.next(game)) visit(game, f, r.gamesRead() + r.skippedCount());
        if (!reader.value()->ioError().empty()) return makeError(ErrorCode::Io, f + ": " + reader.value()->ioError());
    }
    return {};
}

}  // namespace

Result<std::vector<std::pair<std::string, std::int64_t>>> countPlayerGames(const std::vector<std::string>& files) {
    std::map<std::string, std::int64_t> games;
    auto st = forEachGame(files, true, [&](const chess::PgnGame& game, const std::string&, std::int64_t) {
        for (const char* tag : {"White", "Black"})
            if (const std::string name = game.tag(tag); namesPlayer(name)) ++games[name];
    });
    if (!st) return st.error();
    return byCount(games);
}

std::string describePlayers(const std::vector<std::pair<std::string, std::int64_t>>& counts, std::size_t limit) {
    if (counts.empty()) return "the PGN files name no players (no White or Black tags)";
    std::string out = "players in the files (games), most first:";
    for (std::size_t i = 0; i < counts.size() && i < limit; ++i)
        out += (i ? ", " : " ") + counts[i].first + " (" + std::to_string(counts[i].second) + ")";
    if (counts.size() > limit) out += ", ... (" + std::to_string(counts.size()) + " names)";
    return out;
}

Result<PlayerGames> readPlayerGames(const std::vector<std::string>& files, const std::string& name, std::string* note,
                                    const chess::GameSkipHook& onSkip, GameRatings ratings) {
    if (name.empty()) return makeError(ErrorCode::InvalidInput, "no player name given");
    const std::string wanted = lower(name);
    struct Found {
        chess::PgnGame game;
        const std::string* file = nullptr;
        std::int64_t number = 0;
    };
    std::map<std::string, std::int64_t> counts;       // every name, for the messages
    std::map<std::string, std::vector<Found>> found;  // names containing `wanted`, as spelled
    auto st = forEachGame(
        files, false,
        [&](const chess::PgnGame& game, const std::string& file, std::int64_t number) {
            for (const char* tag : {"White", "Black"}) {
                const std::string player = game.tag(tag);
                if (!namesPlayer(player)) continue;
                ++counts[player];
                if (lower(player).find(wanted) != std::string::npos) found[player].push_back({game, &file, number});
            }
        },
        onSkip);
    if (!st) return st.error();
    const auto listed = byCount(counts);
    // Equal but for case first (one account spelled differently in two exports), else one containing the name.
    std::vector<std::string> chosen;
    for (const auto& [player, games] : found)
        if (samePlayerName(player, name)) chosen.push_back(player);
    if (chosen.empty()) {
        if (found.size() > 1) {
            std::vector<std::pair<std::string, std::int64_t>> candidates;
            for (const auto& [player, games] : found) candidates.emplace_back(player, std::int64_t(games.size()));
            std::stable_sort(candidates.begin(), candidates.end(),
                             [](const auto& a, const auto& b) { return a.second > b.second; });
            std::string names;
            for (std::size_t i = 0; i < candidates.size() && i < 20; ++i)
                names += (i ? ", " : "") + candidates[i].first + " (" + std::to_string(candidates[i].second) + ")";
            return makeError(ErrorCode::InvalidInput, "'" + name + "' matches " + std::to_string(found.size()) +
                                                          " players: " + names + "; give the whole name");
        }
        if (found.empty())
            return makeError(ErrorCode::InvalidInput,
                             "no game of '" + name + "' in the PGN files; " + describePlayers(listed));
        chosen.push_back(found.begin()->first);
        if (note) *note = "'" + name + "' is taken as " + chosen.front();
    }
    PlayerGames out;
    out.name = chosen.front();
    for (const std::string& player : chosen)
        for (Found& f : found[player]) {
            if (!unusableReason(f.game, ratings).empty()) {
                ++out.skipped;
                if (onSkip) onSkip(f.number, unusableSkip(*f.file, f.game, ratings));
                continue;
            }
            out.games.push_back(std::move(f.game));
        }
    if (out.games.empty())
        return makeError(ErrorCode::InvalidInput, "the " + std::to_string(out.skipped) + " games of " + out.name +
                                                      (ratings == GameRatings::Required
                                                           ? " cannot be used (a variant, a set-up start or no ratings)"
                                                           : " cannot be used (a variant or a set-up start)"));
    std::stable_sort(out.games.begin(), out.games.end(), [](const chess::PgnGame& a, const chess::PgnGame& b) {
        return chess::gameTimeKey(a) < chess::gameTimeKey(b);
    });
    return out;
}

Status checkEnoughPlayerGames(const PlayerGames& games) {
    if (games.games.size() >= kMinPlayerGames) return {};
    return makeError(ErrorCode::InvalidInput,
                     games.name + " has " + std::to_string(games.games.size()) + " usable game(s)" +
                         (games.skipped > 0 ? " (" + std::to_string(games.skipped) + " more skipped)" : "") +
                         "; a model of one player needs at least " + std::to_string(kMinPlayerGames) +
                         ": the newest tenth to measure it on and the rest to learn from");
}

PlayerSplit splitPlayerGames(const std::vector<chess::PgnGame>& games, double validationShare, int maxTrainGames) {
    PlayerSplit split;
    const std::size_t n = games.size();
    std::size_t nVal = std::size_t(std::ceil(double(n) * std::clamp(validationShare, 0.0, 0.5)));
    if (n >= 2) nVal = std::max<std::size_t>(nVal, 1);
    if (nVal >= n) nVal = n > 1 ? n - 1 : 0;
    const std::size_t firstVal = n - nVal;
    std::size_t firstTrain = 0;
    if (maxTrainGames > 0 && firstVal > std::size_t(maxTrainGames)) firstTrain = firstVal - std::size_t(maxTrainGames);
    for (std::size_t i = firstTrain; i < firstVal; ++i) split.train.push_back(&games[i]);
    for (std::size_t i = firstVal; i < n; ++i) split.validation.push_back(&games[i]);
    return split;
}

}  // namespace kibitz::training
