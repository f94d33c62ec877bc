// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile as text, JSON and puzzle CSV.
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/player_profile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdarg>
#include <cstdio>

namespace kibitz::evaluation {

namespace {

void appendf(std::string& out, const char* format, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, format);
    std::vsnprintf(buf, sizeof buf, format, ap);
    va_end(ap);
    out += buf;
}

std::string ratingText(const ProfileRating& r) {
    if (!r.valid) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f (%.0f-%.0f)", r.estimate, r.low, r.high);
    return buf;
}

/// "0.98-1.42", or "-" without an interval.
std::string ratioIntervalText(const ProfileCell& c) {
    if (!c.hasRatioInterval()) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f-%.2f", c.ratioLow, c.ratioHigh);
    return buf;
}

/// One group's row; `meanRating` adds their mean rating in the group's games ("-" when the games do not give it).
void appendRow(std::string& out, int width, const std::string& name, const ProfileCell& c, const ProfileRating* rating,
               bool meanRating, const ProfileCell* openingPhase = nullptr) {
    appendf(out, "  %-*s %9lld %6lld", width, name.c_str(), static_cast<long long>(c.positions),
            static_cast<long long>(c.games));
    if (!c.enough()) {
        out += "   too few positions\n";
        return;
    }
    appendf(out, "   %.4f   %.4f  %5.2f  %-9s", c.loss, c.peerLoss, c.lossRatio(), ratioIntervalText(c).c_str());
    if (openingPhase) {
        if (openingPhase->enough())
            appendf(out, "   %4lld  %5.2f  %-9s", static_cast<long long>(openingPhase->positions),
                    openingPhase->lossRatio(), ratioIntervalText(*openingPhase).c_str());
        else
            appendf(out, "   %4lld      -           ", static_cast<long long>(openingPhase->positions));
    }
    appendf(out, "   %5.1f%%  %5.1f%%", 100.0 * c.blunders, 100.0 * c.peerBlunders);
    if (rating) appendf(out, "   %-19s", ratingText(*rating).c_str());
    if (meanRating) {
        if (c.meanElo > 0)
            appendf(out, "   %6.0f", c.meanElo);
        else
            out += "        -";
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
}

/// A breakdown's table; `meanRatings` adds their mean rating in each group's games (the periods: it moved),
/// `openingPhase` the groups' opening phase (openings, variations): its positions, ratio and interval.
void appendTable(std::string& out, const char* title, const std::vector<ProfileGroup>& groups, bool ratings,
                 bool meanRatings = false, bool openingPhase = false) {
    if (groups.empty()) return;
    std::size_t width = 16;  // the names' column: the longest name (an opening's, a period's) widens it
    for (const ProfileGroup& g : groups) width = std::max(width, g.name.size());
    appendf(out, "\n%s:\n", title);
    std::string header;
    appendf(header, "  %-*s %9s %6s   %-6s   %-6s  %5s  %-9s", int(width), "", "positions", "games", "loss", "peer",
            "ratio", "interval");
    if (openingPhase) appendf(header, "   %4s  %5s  %-9s", "pos.", "ratio", "interval");
    appendf(header, "   %6s  %6s", "blund.", "peer");
    if (ratings) appendf(header, "   %-19s", "rating (interval)");
    if (meanRatings) header += "   their rating";
    while (!header.empty() && header.back() == ' ') header.pop_back();
    out += header + "\n";
    for (const ProfileGroup& g : groups)
        appendRow(out, int(width), g.name, g.cell, ratings ? &g.rating : nullptr, meanRatings,
                  openingPhase ? &g.openingPhase : nullptr);
}

/// Where they stand out, under the table of all positions: each way's groups a line each, or "nowhere".
void appendStandouts(std::string& out, const ProfileStandouts& s) {
    if (s.groups == 0) return;
    appendf(out, "\nwhere they stand out from their peers (beyond chance, all %zu groups weighed at once):\n",
            s.groups);
    if (s.worse.empty() && s.better.empty()) out += "  nowhere: every group is within chance of their peers\n";
    const auto lines = [&](const char* title, const std::vector<ProfileStandout>& list) {
        if (list.empty()) return;
        out += title;
        for (const ProfileStandout& x : list)
            appendf(out, "    %-40s %-16s %5.2f  %s\n", x.name.c_str(), profileSectionName(x.section),
                    x.cell.lossRatio(), ratioIntervalText(x.cell).c_str());
    };
    lines("  they lose more than their peers:\n", s.worse);
    lines("  they lose less than their peers:\n", s.better);
}

JsonValue standoutsJson(const std::vector<ProfileStandout>& list) {
    JsonValue a = JsonValue::array();
    for (const ProfileStandout& x : list) {
        JsonValue o = JsonValue::object();
        o.set("section", profileSectionName(x.section))
            .set("name", x.name)
            .set("positions", x.cell.positions)
            .set("loss_ratio", x.cell.lossRatio())
            .set("loss_ratio_low", x.cell.ratioLow)
            .set("loss_ratio_high", x.cell.ratioHigh)
            .set("p", x.cell.ratioP);
        a.append(std::move(o));
    }
    return a;
}

JsonValue cellJson(const ProfileCell& c) {
    JsonValue o = JsonValue::object();
    o.set("positions", c.positions)
        .set("games", c.games)
        .set("mean_elo", c.meanElo > 0 ? JsonValue(c.meanElo) : JsonValue());
    if (!c.enough()) return o.set("too_few", 1);
    return o.set("loss", c.loss)
        .set("blunders", c.blunders)
        .set("peer_loss", c.peerLoss)
        .set("peer_blunders", c.peerBlunders)
        .set("loss_ratio", c.lossRatio())
        .set("loss_ratio_low", c.hasRatioInterval() ? JsonValue(c.ratioLow) : JsonValue())
        .set("loss_ratio_high", c.hasRatioInterval() ? JsonValue(c.ratioHigh) : JsonValue())
        .set("loss_ratio_p", c.ratioP >= 0.0 ? JsonValue(c.ratioP) : JsonValue());
}

JsonValue ratingJson(const ProfileRating& r) {
    if (!r.valid) return JsonValue();
    JsonValue o = JsonValue::object();
    return o.set("estimate", r.estimate).set("low", r.low).set("high", r.high).set("moves", r.moves);
}

JsonValue groupsJson(const std::vector<ProfileGroup>& groups, bool ratings, bool openingPhase = false) {
    JsonValue a = JsonValue::array();
    for (const ProfileGroup& g : groups) {
        JsonValue o = cellJson(g.cell);
        o.set("name", g.name);
        if (ratings) o.set("rating", ratingJson(g.rating));
        if (openingPhase) o.set("opening_phase", cellJson(g.openingPhase));
        a.append(std::move(o));
    }
    return a;
}

std::string kindsText(unsigned kinds, const char* separator) {
    std::string s;
    for (int k = 0; k < kPositionKinds; ++k)
        if (kinds & (1u << k)) s += (s.empty() ? "" : separator) + std::string(positionKindName(PositionKind(k)));
    return s;
}

/// A Lichess-style theme word for a kind ("piece hanging" -> "pieceHanging").
std::string themeWord(const std::string& name) {
    std::string out;
    bool upper = false;
    for (char c : name) {
        if (c == ' ') {
            upper = true;
            continue;
        }
        out += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out;
}

}  // namespace

std::string PlayerProfile::ratingScaleNote() const {
    if (ratingScale == encoding::RatingSite::ChessCom)
        return "Ratings on chess.com's scale (the model and the peers read them on Lichess's, Lichess = 614 + 0.797 "
               "x chess.com)";
    if (chessComGames > 0)
        return "Ratings on Lichess's scale (the " + std::to_string(chessComGames) + " chess.com game" +
               (chessComGames == 1 ? "'s" : "s'") + " ratings converted to it, Lichess = 614 + 0.797 x chess.com)";
    return {};
}

std::vector<std::string> groupNameLines(const std::string& name, std::size_t width) {
    auto chars = [](const std::string& text) {
        return std::size_t(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    };
    std::vector<std::string> lines;
    std::size_t at = 0;
    while (at < name.size()) {
        std::size_t end = name.find(": ", at);
        end = end == std::string::npos ? name.size() : end + 1;
        std::string line;
        for (std::size_t word = at; word < end;) {
            const std::size_t space = std::min(name.find(' ', word), end);
            const std::string w = name.substr(word, space - word);
            if (!line.empty() && chars(line) + 1 + chars(w) > width) {
                lines.push_back(line);
                line.clear();
            }
            line += (line.empty() ? "" : " ") + w;
            word = space + 1;
        }
        if (!line.empty()) lines.push_back(line);
        at = end + 1;
    }
    if (lines.empty()) lines.push_back({});
    return lines;
}

const char* profileSectionName(ProfileSection section) {
    static constexpr std::array<const char*, kProfileSections> kNames{
        "phase", "clock", "speed", "kind of position", "opening", "variation", "period"};
    return kNames[std::size_t(section)];
}

ProfileStandouts PlayerProfile::standouts() const {
    std::vector<ProfileStandout> weighed;
    const auto weigh = [&](ProfileSection section, const std::vector<ProfileGroup>& groups, const char* pooled) {
        for (const ProfileGroup& g : groups)
            if (g.cell.ratioP >= 0.0 && (pooled == nullptr || g.name != pooled))
                weighed.push_back({section, g.name, g.cell});
    };
    weigh(ProfileSection::Phase, byPhase, nullptr);
    weigh(ProfileSection::Clock, byClock, nullptr);
    weigh(ProfileSection::Speed, bySpeed, nullptr);
    // Not the kinds of position: the peer is fitted by band, speed and phase, not by kind (typical players read
    // 0.94-1.03 of it by kind: docs/studies/2026-12-05-ply-sampler.md).
    weigh(ProfileSection::Opening, byOpening, kOtherOpenings);
    weigh(ProfileSection::Variation, byVariation, kOtherVariations);
    weigh(ProfileSection::Period, byPeriod, kNoDate);
    std::stable_sort(weighed.begin(), weighed.end(),
                     [](const ProfileStandout& a, const ProfileStandout& b) { return a.cell.ratioP < b.cell.ratioP; });
    ProfileStandouts out;
    out.groups = weighed.size();
    // Holm: the k-th smallest p (from 0) against the level over the groups not yet passed; the first to fail ends it.
    for (std::size_t k = 0; k < weighed.size(); ++k) {
        if (weighed[k].cell.ratioP > kStandoutLevel / double(weighed.size() - k)) break;
        (weighed[k].cell.lossRatio() > 1.0 ? out.worse : out.better).push_back(weighed[k]);
    }
    return out;
}

std::string PlayerProfile::toText() const {
    std::string out;
    appendf(out, "%s: %lld games (%lld with clock times), %lld positions of theirs", player.c_str(),
            static_cast<long long>(games), static_cast<long long>(gamesWithClock),
            static_cast<long long>(all.positions));
    if (unratedGames > 0)
        appendf(out,
                peerRating > 0 ? "; %lld of them without their rating" : "; %lld games without their rating left out",
                static_cast<long long>(unratedGames));
    out += "\n";
    if (!model.empty() || !engine.empty()) appendf(out, "%s; %s\n", model.c_str(), engine.c_str());
    if (!peerCaveat.empty()) out += peerCaveat + "\n";
    if (all.meanElo > 0)
        appendf(out, "their rating in these games: %.0f on average", all.meanElo);
    else
        out += "their rating: not in their games' tags";
    if (rating.valid) appendf(out, "; their moves play like %s", ratingText(rating).c_str());
    out += "\n";
    if (const std::string note = ratingScaleNote(); !note.empty()) out += note + "\n";
    if (peerRating > 0)
        appendf(out,
                "loss: mean loss of winning chances per move; peer: a human rated %d, with their clock, in the same\n"
                "positions (peers of a chosen rating, not of their own)\n",
                peerRating);
    else
        out +=
            "loss: mean loss of winning chances per move; peer: a human of their rating and clock in the same "
            "positions\n";
    out += "(the human-move model's expectation); ratio: loss / peer (above 1: they lose more than their peers);\n";
    appendf(out,
            "interval: the ratio's over %.0f%% of resamples of their games (one that holds 1: within chance of their\n"
            "peers); blunders lose >= 0.3.\n",
            100.0 * interval);
    appendTable(out, "all positions", {ProfileGroup{"all", all, rating, {}}}, rating.valid);
    appendStandouts(out, standouts());
    appendTable(out, "by phase", byPhase, rating.valid);
    appendTable(out, "by clock", byClock, rating.valid);
    appendTable(out, "by speed", bySpeed, false);
    appendTable(out, "by kind of position", byKind, false);
    appendTable(out,
                "by opening (their side and the opening's family, as Lichess names it; then their moves in the "
                "opening phase alone)",
                byOpening, false, false, true);
    appendTable(out, "by variation (the family and its first variation; then the opening phase alone)", byVariation,
                false, false, true);
    appendTable(out, "by period (their games in time, oldest first)", byPeriod, rating.valid, true);
    if (!puzzles.empty()) {
        appendf(out, "\nwhere they lost most against their peers:\n");
        for (const ProfilePuzzle& z : puzzles) {
            appendf(out, "  %s  move %3d%-3s played %-7s best %-7s  loss %.2f, peer %.2f  %-10s  %s  %s\n",
                    z.id.c_str(), z.ply / 2 + 1, z.ply % 2 ? "..." : ".", z.san(z.playedMove).c_str(),
                    z.san(z.bestMove).c_str(), z.loss, z.peerLoss, chess::gamePhaseName(z.phase), z.site.c_str(),
                    z.opening.c_str());
            if (z.rated() && z.solveChance >= 0.0)
                appendf(out, "        as a puzzle %.0f +- %.0f; their chance to find %s: %.0f%%\n", z.difficulty,
                        z.difficultySigma, z.san(z.bestMove).c_str(), 100.0 * z.solveChance);
            else if (z.rated())  // their rating is not in that game's tags
                appendf(out, "        as a puzzle %.0f +- %.0f\n", z.difficulty, z.difficultySigma);
        }
    }
    return out;
}

JsonValue PlayerProfile::toJson() const {
    JsonValue o = JsonValue::object();
    o.set("player", player)
        .set("games", games)
        .set("unrated_games", unratedGames)
        .set("games_with_clock", gamesWithClock)
        .set("model", model)
        .set("engine", engine)
        .set("peer_caveat", peerCaveat.empty() ? JsonValue() : JsonValue(peerCaveat))
        .set("rating_scale", encoding::ratingScaleName(ratingScale))
        .set("chesscom_games", chessComGames)
        .set("interval", interval)
        .set("every", every)
        .set("peer_rating", peerRating > 0 ? JsonValue(peerRating) : JsonValue())
        .set("all", cellJson(all))
        .set("rating", ratingJson(rating))
        .set("by_phase", groupsJson(byPhase, true))
        .set("by_clock", groupsJson(byClock, true))
        .set("by_speed", groupsJson(bySpeed, false))
        .set("by_kind", groupsJson(byKind, false))
        .set("by_opening", groupsJson(byOpening, false, true))
        .set("by_variation", groupsJson(byVariation, false, true))
        .set("by_period", groupsJson(byPeriod, true));
    const ProfileStandouts standing = standouts();
    JsonValue so = JsonValue::object();
    so.set("groups", std::int64_t(standing.groups))
        .set("level", kStandoutLevel)
        .set("worse", standoutsJson(standing.worse))
        .set("better", standoutsJson(standing.better));
    o.set("standouts", std::move(so));
    JsonValue zs = JsonValue::array();
    for (const ProfilePuzzle& z : puzzles) {
        JsonValue p = JsonValue::object();
        p.set("id", z.id)
            .set("fen", z.fen)
            .set("moves", z.setupMove + " " + z.bestMove)
            .set("played", z.playedMove)
            .set("played_san", z.san(z.playedMove))
            .set("best_san", z.san(z.bestMove))
            .set("loss", z.loss)
            .set("peer_loss", z.peerLoss)
            .set("ply", z.ply)
            .set("player_elo", z.playerElo > 0 ? JsonValue(z.playerElo) : JsonValue())
            .set("phase", chess::gamePhaseName(z.phase))
            .set("kinds", kindsText(z.kinds, ", "))
            .set("site", z.site)
            .set("date", z.date)
            .set("opening", z.opening)
            .set("opening_tags", z.openingTags)
            .set("difficulty", z.rated() ? JsonValue(z.difficulty) : JsonValue())
            .set("difficulty_sigma", z.rated() ? JsonValue(z.difficultySigma) : JsonValue())
            .set("solve_chance", z.solveChance >= 0.0 ? JsonValue(z.solveChance) : JsonValue());
        zs.append(std::move(p));
    }
    o.set("puzzles", std::move(zs));
    return o;
}

std::optional<chess::Position> ProfilePuzzle::faced() const {
    auto pos = chess::Position::fromFen(fen);
    if (!pos) return std::nullopt;
    const auto setup = chess::parseUci(*pos, setupMove);
    if (!setup) return std::nullopt;
    pos->makeMove(*setup);
    return std::move(pos.value());
}

std::string ProfilePuzzle::san(const std::string& uci) const {
    const auto pos = faced();
    if (!pos) return uci;
    const auto move = chess::parseUci(*pos, uci);
    return move ? chess::toSan(*pos, *move) : uci;
}

bool PlayerProfile::puzzlesRated() const {
    return !puzzles.empty() &&
           std::all_of(puzzles.begin(), puzzles.end(), [](const ProfilePuzzle& z) { return z.rated(); });
}

std::string PlayerProfile::puzzlesCsv() const {
    // Lichess's columns, then Kibitz's own (chess::Puzzle): what they played in the game and what it cost, and the
    // ratings (theirs, the peers' when chosen) on the profile's scale, so the puzzle panel can say their solve chance.
    std::string out = chess::joinCsvRecord({"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity",
                                            "NbPlays", "Themes", "GameUrl", "OpeningTags", "PlayedMove", "PlayedLoss",
                                            "PeerLoss", "PlayerRating", "PeerRating", "RatingScale"});
    const std::string peers = peerRating > 0 ? std::to_string(peerRating) : std::string();
    for (const ProfilePuzzle& z : puzzles) {
        std::string themes = chess::gamePhaseName(z.phase);
        for (int k = 0; k < kPositionKinds; ++k)
            if (z.kinds & (1u << k)) themes += " " + themeWord(positionKindName(PositionKind(k)));
        char loss[32], peerLoss[32];
        std::snprintf(loss, sizeof loss, "%.4f", std::clamp(z.loss, 0.0, 2.0));
        std::snprintf(peerLoss, sizeof peerLoss, "%.4f", std::clamp(z.peerLoss, 0.0, 2.0));
        out += chess::joinCsvRecord({z.id, z.fen, z.setupMove + " " + z.bestMove, "0", "0", "0", "0", themes, z.site,
                                     z.openingTags, z.playedMove, loss, peerLoss,
                                     z.playerElo > 0 ? std::to_string(z.playerElo) : std::string(), peers,
                                     encoding::ratingScaleName(ratingScale)});
    }
    return out;
}

}  // namespace kibitz::evaluation
