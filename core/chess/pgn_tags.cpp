// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/pgn_tags.h"

#include <charconv>

namespace kibitz::chess {

std::optional<int> parseEloTag(std::string_view text) {
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v <= 0) return std::nullopt;
    return v;
}

std::optional<std::pair<int, int>> parseTimeControl(std::string_view tag) {
    auto parseInt = [](std::string_view s) -> std::optional<int> {
        int v = 0;
        if (s.empty()) return std::nullopt;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size() || v < 0) return std::nullopt;
        return v;
    };
    const auto plus = tag.find('+');
    auto base = parseInt(tag.substr(0, plus));
    if (!base) return std::nullopt;
    int inc = 0;
    if (plus != std::string_view::npos) {
        auto i = parseInt(tag.substr(plus + 1));
        if (!i) return std::nullopt;
        inc = *i;
    }
    return std::make_pair(*base, inc);
}

GameSpeed gameSpeed(int baseS, int incrementS) {
    const long long estimate = static_cast<long long>(baseS) + 40LL * incrementS;
    if (estimate < 180) return GameSpeed::Bullet;
    if (estimate < 480) return GameSpeed::Blitz;
    if (estimate < 1500) return GameSpeed::Rapid;
    return GameSpeed::Classical;
}

const char* gameSpeedName(GameSpeed speed) {
    switch (speed) {
        case GameSpeed::Bullet: return "bullet";
        case GameSpeed::Blitz: return "blitz";
        case GameSpeed::Rapid: return "rapid";
        case GameSpeed::Classical: return "classical";
    }
    return "?";
}

}  // namespace kibitz::chess
