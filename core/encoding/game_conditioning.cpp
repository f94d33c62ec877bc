// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/game_conditioning.h"

#include "core/chess/pgn_tags.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace kibitz::encoding {

Conditioning moverConditioning(chess::Color mover, const PlayerState& white, const PlayerState& black) {
    const PlayerState& me = mover == chess::White ? white : black;
    const PlayerState& opp = mover == chess::White ? black : white;
    Conditioning c;
    c.moverElo = me.elo;
    c.oppElo = opp.elo;
    c.moverClockS = me.clockS;
    c.oppClockS = opp.clockS;
    c.incrementS = me.incrementS;
    return c;
}

PlayerState playerStateFromMs(std::optional<int> elo, std::optional<long long> clockMs,
                              std::optional<long long> incrementMs) {
    constexpr long long kMaxS = 1'000'000'000;
    PlayerState p;
    p.elo = elo;
    if (clockMs) p.clockS = *clockMs <= 0 ? 0 : int(std::min(*clockMs / 1000, kMaxS));
    if (incrementMs) p.incrementS = *incrementMs <= 0 ? 0 : int(std::min((*incrementMs + 500) / 1000, kMaxS));
    return p;
}

std::string clockProblem(const chess::PgnGame& game) {
    const std::string tag = game.tag("TimeControl");
    const auto tc = chess::parseTimeControl(tag);
    if (tc) {
        if (tc->first > kMaxClockBaseS)
            return "time control \"" + tag + "\": a base of " + std::to_string(tc->first) +
                   " s is longer than any clock (" + std::to_string(kMaxClockBaseS) + " s)";
        if (tc->second > kMaxClockIncrementS)
            return "time control \"" + tag + "\": an increment of " + std::to_string(tc->second) +
                   " s is longer than any clock's (" + std::to_string(kMaxClockIncrementS) + " s)";
        if (tc->first == 0 && tc->second == 0) return "time control \"" + tag + "\" gives no time";
    }
    const long long base = tc ? tc->first : kMaxClockBaseS;
    const long long inc = tc ? tc->second : kMaxClockIncrementS;
    const long long given = std::max<long long>(base, kMaxGivenTimeS);
    int clocks = 0, zeros = 0;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const int clk = game.moves[i].clockSeconds;
        if (clk < 0) continue;
        ++clocks;
        if (clk == 0) ++zeros;
        const long long ownMoves = static_cast<long long>(i) / 2 + 1;  // this player's moves so far
        if (clk > base + ownMoves * inc + given)
            return "ply " + std::to_string(i + 1) + ": a clock of " + std::to_string(clk) + " s is more than " +
                   (tc ? "the time control \"" + tag + "\"" : std::string("any clock")) + " gives after " +
                   std::to_string(ownMoves) + " move(s) with " + std::to_string(given) + " s given by the opponent";
    }
    if (clocks >= 2 && zeros == clocks) return "every clock reads 0:00:00";
    return {};
}

namespace {

/// The host of an address, or a bare site name, in lower case without "www.": "https://www.chess.com/game/live/1"
/// and "Chess.com" both give "chess.com".
std::string hostOf(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    if (const auto scheme = text.find("://"); scheme != std::string_view::npos) text.remove_prefix(scheme + 3);
    text = text.substr(0, text.find_first_of("/?# \t"));
    std::string host(text);
    for (char& c : host) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (host.starts_with("www.")) host.erase(0, 4);
    return host;
}

bool isDomain(const std::string& host, std::string_view domain) {
    return host == domain ||
           (host.size() > domain.size() && host.ends_with(domain) && host[host.size() - domain.size() - 1] == '.');
}

}  // namespace

RatingSite ratingSite(const chess::PgnGame& game) {
    const std::string site = hostOf(game.tag("Site"));
    if (isDomain(site, "lichess.org")) return RatingSite::Lichess;
    if (isDomain(site, "chess.com") || isDomain(hostOf(game.tag("Link")), "chess.com")) return RatingSite::ChessCom;
    return RatingSite::Unknown;
}

const char* ratingScaleName(RatingSite site) { return site == RatingSite::ChessCom ? "chess.com" : "lichess"; }

const char* ratingScaleTitle(RatingSite site) { return site == RatingSite::ChessCom ? "chess.com" : "Lichess"; }

double chessComToLichess(double chessCom) {
    return std::clamp(kChessComLichessBase + kChessComLichessSlope * chessCom, double(kMinPlayableElo),
                      double(kMaxPlayableElo));
}

double lichessToChessCom(double lichess) {
    const double l = std::clamp(lichess, double(kMinPlayableElo), double(kMaxPlayableElo));
    return std::max(double(kMinChessComElo), (l - kChessComLichessBase) / kChessComLichessSlope);
}

int toLichessScale(int elo, RatingSite site) {
    return site == RatingSite::ChessCom ? int(std::lround(chessComToLichess(elo))) : elo;
}

double fromLichessScale(double elo, RatingSite site) {
    return site == RatingSite::ChessCom ? lichessToChessCom(elo) : elo;
}

std::vector<Conditioning> plyConditionings(const chess::PgnGame& game, bool includeFinal) {
    const RatingSite site = ratingSite(game);
    auto eloOf = [&](std::string_view tag) -> std::optional<int> {
        const auto elo = chess::parseEloTag(game.tag(tag));
        if (!elo) return std::nullopt;
        return toLichessScale(*elo, site);
    };
    const std::optional<int> elo[2] = {eloOf("WhiteElo"), eloOf("BlackElo")};
    const bool impossible = !clockProblem(game).empty();
    const auto tc = impossible ? std::nullopt : chess::parseTimeControl(game.tag("TimeControl"));
    const bool hasClock = !impossible && !game.moves.empty() && game.moves.front().clockSeconds >= 0;
    auto start = game.startPosition();
    chess::Color stm = start ? start->sideToMove() : chess::White;
    PlayerState side[2];
    side[0].elo = elo[0];
    side[1].elo = elo[1];
    if (hasClock && tc) side[0].clockS = side[1].clockS = tc->first;
    if (tc) side[0].incrementS = side[1].incrementS = tc->second;
    std::vector<Conditioning> out;
    out.reserve(game.moves.size() + 1);
    const std::size_t n = game.moves.size() + (includeFinal ? 1 : 0);
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(moverConditioning(stm, side[chess::White], side[chess::Black]));
        if (hasClock && i < game.moves.size() && game.moves[i].clockSeconds >= 0)
            side[stm].clockS = game.moves[i].clockSeconds;
        stm = ~stm;
    }
    return out;
}

std::vector<std::optional<int>> plyThinkTimes(const chess::PgnGame& game) {
    std::vector<std::optional<int>> out(game.moves.size());
    const auto tc = chess::parseTimeControl(game.tag("TimeControl"));
    if (!tc || !clockProblem(game).empty()) return out;
    for (std::size_t i = 2; i < game.moves.size(); ++i) {
        const int before = game.moves[i - 2].clockSeconds, after = game.moves[i].clockSeconds;
        if (before < 0 || after < 0) continue;
        const long long spent = static_cast<long long>(before) + tc->second - after;
        if (spent < 0) continue;  // the clock went up by more than the increment: time was given
        out[i] = int(std::min<long long>(spent, 1'000'000'000));
    }
    return out;
}

RecentTimes recentTimesAt(const std::vector<std::optional<int>>& spent, std::size_t ply) {
    RecentTimes t;
    const std::size_t known = std::min(ply, spent.size());
    if (ply >= 2 && ply - 2 < known) t.moverLastS = spent[ply - 2];
    if (ply >= 1 && ply - 1 < known) t.oppLastS = spent[ply - 1];
    // Plies ply - 2, ply - 4, ... are the mover's; ply - 1, ply - 3, ... the opponent's.
    auto pace = [&](std::size_t back) -> std::optional<double> {
        double sum = 0.0;
        int n = 0;
        for (std::size_t b = back; b <= ply && n < kPaceMoves; b += 2) {
            const std::size_t i = ply - b;
            if (i < known && spent[i]) {
                sum += *spent[i];
                ++n;
            }
        }
        if (n == 0) return std::nullopt;
        return sum / n;
    };
    t.moverPaceS = pace(2);
    t.oppPaceS = pace(1);
    return t;
}

}  // namespace kibitz::encoding
