// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/game_conditioning.h"

#include <charconv>

namespace kibitz::encoding {

std::optional<int> parseEloTag(std::string_view text) {
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v <= 0) return std::nullopt;
    return v;
}

std::vector<Conditioning> plyConditionings(const chess::PgnGame& game, bool includeFinal) {
    const std::optional<int> elo[2] = {parseEloTag(game.tag("WhiteElo")), parseEloTag(game.tag("BlackElo"))};
    const auto tc = parseTimeControl(game.tag("TimeControl"));
    const bool hasClock = !game.moves.empty() && game.moves.front().clockSeconds >= 0;
    auto start = game.startPosition();
    chess::Color stm = start ? start->sideToMove() : chess::White;
    std::optional<int> clock[2];
    if (hasClock && tc) clock[0] = clock[1] = tc->first;
    std::vector<Conditioning> out;
    out.reserve(game.moves.size() + 1);
    const std::size_t n = game.moves.size() + (includeFinal ? 1 : 0);
    for (std::size_t i = 0; i < n; ++i) {
        Conditioning c;
        c.moverElo = elo[stm];
        c.oppElo = elo[~stm];
        if (hasClock) {
            c.moverClockS = clock[stm];
            c.oppClockS = clock[~stm];
        }
        if (tc) c.incrementS = tc->second;
        out.push_back(c);
        if (i < game.moves.size() && game.moves[i].clockSeconds >= 0) clock[stm] = game.moves[i].clockSeconds;
        stm = ~stm;
    }
    return out;
}

}  // namespace kibitz::encoding
