// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The phase of a game a position belongs to, read off the board: one rule for every report that breaks figures down
// by opening, middlegame and endgame (the player profile, its HTML charts).

#include "core/chess/position.h"

namespace kibitz::chess {

enum class GamePhase { Opening = 0, Middlegame, Endgame };
inline constexpr int kGamePhases = 3;

/// The phase of `pos`, after Lichess's game divider:
/// - endgame: at most 6 knights, bishops, rooks and queens on the board (both sides together);
/// - opening: before move 16 (ply 30), more than 10 of those pieces on the board, and each side still has at least
///   4 pieces on its back rank (an undeveloped camp);
/// - middlegame: everything else.
GamePhase gamePhase(const Position& pos);
/// "opening", "middlegame", "endgame".
const char* gamePhaseName(GamePhase phase);

}  // namespace kibitz::chess
