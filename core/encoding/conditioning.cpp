// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/conditioning.h"

#include <charconv>
#include <iterator>
#include <string_view>

namespace kibitz::encoding {

namespace {

// Elo: lichess ratings run from ~400 to ~3300; 200-point steps keep each bracket well populated.
constexpr int kEloBrackets[] = {400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000, 3200};
// Clocks: roughly logarithmic, since 10 s left matters far more than the difference between 20 and 21 minutes.
constexpr int kClockBrackets[] = {0, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, 900, 1800, 3600, 7200};
constexpr int kIncBrackets[] = {0, 1, 2, 3, 5, 10, 15, 30, 60};

std::span<const int> bracketsOf(CondSlot slot) {
    switch (slot) {
        case CondSlot::MoverElo:
        case CondSlot::OppElo: return kEloBrackets;
        case CondSlot::MoverClock:
        case CondSlot::OppClock: return kClockBrackets;
        case CondSlot::Increment: return kIncBrackets;
    }
    return kEloBrackets;
}

}  // namespace

std::span<const int> condBrackets(CondSlot slot) { return bracketsOf(slot); }

int condRowOffset(CondSlot slot) {
    int offset = 0;
    for (int s = 0; s < int(slot); ++s) offset += int(bracketsOf(CondSlot(s)).size()) + 1;
    return offset;
}

int condTableRows() { return condRowOffset(CondSlot::Increment) + int(std::size(kIncBrackets)) + 1; }

CondToken blendCondition(CondSlot slot, std::optional<int> value) {
    const auto br = bracketsOf(slot);
    const int base = condRowOffset(slot);
    CondToken t;
    if (!value) {
        t.lo = t.hi = std::int16_t(base + int(br.size()));
        t.alpha = 1.0f;
        return t;
    }
    const int v = *value;
    if (v <= br.front()) {
        t.lo = t.hi = std::int16_t(base);
        return t;
    }
    if (v >= br.back()) {
        t.lo = t.hi = std::int16_t(base + int(br.size()) - 1);
        return t;
    }
    std::size_t i = 1;
    while (br[i] < v) ++i;  // br[i-1] < v <= br[i]
    t.lo = std::int16_t(base + int(i) - 1);
    t.hi = std::int16_t(base + int(i));
    t.alpha = float(br[i] - v) / float(br[i] - br[i - 1]);
    return t;
}

std::array<CondToken, kCondSlots> encodeConditioning(const Conditioning& c) {
    return {blendCondition(CondSlot::MoverElo, c.moverElo), blendCondition(CondSlot::OppElo, c.oppElo),
            blendCondition(CondSlot::MoverClock, c.moverClockS), blendCondition(CondSlot::OppClock, c.oppClockS),
            blendCondition(CondSlot::Increment, c.incrementS)};
}

}  // namespace kibitz::encoding
