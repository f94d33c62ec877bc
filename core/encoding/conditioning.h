// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

namespace kibitz::encoding {

/// What the human-move model is told about the players and the clock, from the mover's side.
/// Any field may be unknown; the model has an "unknown" embedding for each.
struct Conditioning {
    std::optional<int> moverElo;
    std::optional<int> oppElo;
    std::optional<int> moverClockS;  ///< mover's remaining time before the move, seconds
    std::optional<int> oppClockS;    ///< opponent's remaining time, seconds
    std::optional<int> incrementS;   ///< increment per move, seconds
    bool operator==(const Conditioning&) const = default;
};

/// The conditioning slots, in token order.
enum class CondSlot : int { MoverElo = 0, OppElo, MoverClock, OppClock, Increment };
inline constexpr int kCondSlots = 5;

/// One conditioning token as two rows of the shared conditioning table blended by `alpha`:
/// embedding = alpha * table[lo] + (1 - alpha) * table[hi]. Unknown values use the slot's unknown row with alpha 1.
struct CondToken {
    std::int16_t lo = 0;
    std::int16_t hi = 0;
    float alpha = 1.0f;
};

/// The ratings a player can be told anywhere in Kibitz (the analysis and new-game sliders, the sorting trainer,
/// UCI_Elo and OpponentElo): the range of the conditioning's Elo brackets (Lichess ratings run from ~400 to ~3300;
/// a rating beyond is read as the end bracket, and a game's own rating is sent as it is).
inline constexpr int kMinPlayableElo = 400;
inline constexpr int kMaxPlayableElo = 3200;

/// Bracket values (ascending) of a slot; values outside are clamped to the first/last bracket.
std::span<const int> condBrackets(CondSlot slot);
/// First row of the slot in the shared table; rows are the brackets then one "unknown" row.
int condRowOffset(CondSlot slot);
/// Row count of the shared conditioning table (all slots, each with its unknown row).
int condTableRows();
/// Soft-blends `value` between the two nearest brackets of `slot` (or the unknown row when empty).
CondToken blendCondition(CondSlot slot, std::optional<int> value);
/// The five tokens of a Conditioning, in CondSlot order.
std::array<CondToken, kCondSlots> encodeConditioning(const Conditioning& c);

}  // namespace kibitz::encoding
