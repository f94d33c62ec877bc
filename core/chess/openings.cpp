// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/openings.h"

#include <array>

namespace kibitz::chess {

namespace {

struct Entry {
    std::string_view moves;  ///< SAN, space-separated, no move numbers
    std::string_view eco;
    std::string_view name;
};

// Lichess's opening table (github.com/lichess-org/chess-openings, files a.tsv-e.tsv; CC0 1.0), its 113 entries of
// one or two plies, copied as data, ordered by their moves.
constexpr std::array kOpenings{
    Entry{"Na3", "A00", "Sodium Attack"},
    Entry{"Nc3", "A00", "Van Geet Opening"},
    Entry{"Nc3 b5", "A00", "Van Geet Opening: Laroche Gambit"},
    Entry{"Nc3 e5", "A00", "Van Geet Opening: Reversed Nimzowitsch"},
    Entry{"Nf3", "A04", "Zukertort Opening"},
    Entry{"Nf3 Nc6", "A04", "Zukertort Opening: Black Mustang Defense"},
    Entry{"Nf3 Nf6", "A05", "Zukertort Opening"},
    Entry{"Nf3 a5", "A04", "Zukertort Opening: Ware Defense"},
    Entry{"Nf3 a6", "A04", "Zukertort Opening: St. George Defense"},
    Entry{"Nf3 b5", "A04", "Zukertort Opening: Polish Defense"},
    Entry{"Nf3 b6", "A04", "Zukertort Opening: Queenside Fianchetto Variation"},
    Entry{"Nf3 c5", "A04", "Zukertort Opening: Sicilian Invitation"},
    Entry{"Nf3 c6", "A04", "Zukertort Opening: Slav Invitation"},
    Entry{"Nf3 d5", "A06", "Zukertort Opening"},
    Entry{"Nf3 d6", "A04", "Zukertort Opening: Pirc Invitation"},
    Entry{"Nf3 e5", "A04", "Zukertort Opening: Ross Gambit"},
    Entry{"Nf3 e6", "A04", "Zukertort Opening: Queen's Gambit Invitation"},
    Entry{"Nf3 f5", "A04", "Zukertort Opening: Dutch Variation"},
    Entry{"Nf3 f6", "A04", "Zukertort Opening: Arctic Defense"},
    Entry{"Nf3 g5", "A04", "Zukertort Opening: Herrstrom Gambit"},
    Entry{"Nf3 g6", "A04", "Zukertort Opening: Kingside Fianchetto"},
    Entry{"Nf3 h6", "A04", "Zukertort Opening: Basman Defense"},
    Entry{"Nh3", "A00", "Amar Opening"},
    Entry{"a3", "A00", "Anderssen's Opening"},
    Entry{"a4", "A00", "Ware Opening"},
    Entry{"a4 a5", "A00", "Ware Opening: Symmetric Variation"},
    Entry{"b3", "A01", "Nimzo-Larsen Attack"},
    Entry{"b3 Nf6", "A01", "Nimzo-Larsen Attack: Indian Variation"},
    Entry{"b3 b5", "A01", "Nimzo-Larsen Attack: Polish Variation"},
    Entry{"b3 b6", "A01", "Nimzo-Larsen Attack: Symmetrical Variation"},
    Entry{"b3 c5", "A01", "Nimzo-Larsen Attack: English Variation"},
    Entry{"b3 d5", "A01", "Nimzo-Larsen Attack: Classical Variation"},
    Entry{"b3 e5", "A01", "Nimzo-Larsen Attack: Modern Variation"},
    Entry{"b3 f5", "A01", "Nimzo-Larsen Attack: Dutch Variation"},
    Entry{"b4", "A00", "Polish Opening"},
    Entry{"b4 Nc6", "A00", "Polish Opening: Grigorian Variation"},
    Entry{"b4 Nh6", "A00", "Polish Opening: Karniewski Variation"},
    Entry{"b4 b5", "A00", "Polish Opening: Symmetrical Variation"},
    Entry{"b4 c5", "A00", "Polish Opening: Birmingham Gambit"},
    Entry{"b4 c6", "A00", "Polish Opening: Outflank Variation"},
    Entry{"b4 d5", "A00", "Polish Opening, with d5"},
    Entry{"b4 f5", "A00", "Polish Opening: Dutch Defense"},
    Entry{"c3", "A00", "Saragossa Opening"},
    Entry{"c4", "A10", "English Opening"},
    Entry{"c4 Nc6", "A10", "English Opening: Anglo-Lithuanian Variation"},
    Entry{"c4 Nf6", "A15", "English Opening: Anglo-Indian Defense"},
    Entry{"c4 b5", "A10", "English Opening: Jaenisch Gambit"},
    Entry{"c4 c5", "A30", "English Opening: Symmetrical Variation"},
    Entry{"c4 c6", "A11", "English Opening: Caro-Kann Defensive System"},
    Entry{"c4 d5", "A10", "English Opening: Anglo-Scandinavian Defense"},
    Entry{"c4 e5", "A20", "English Opening: King's English Variation"},
    Entry{"c4 e6", "A13", "English Opening: Agincourt Defense"},
    Entry{"c4 f5", "A10", "English Opening: Anglo-Dutch Defense"},
    Entry{"c4 g5", "A10", "English Opening: Myers Defense"},
    Entry{"c4 g6", "A10", "English Opening: Great Snake Variation"},
    Entry{"d3", "A00", "Mieses Opening"},
    Entry{"d3 e5", "A00", "Mieses Opening: Reversed Rat"},
    Entry{"d4", "A40", "Queen's Pawn Game"},
    Entry{"d4 Na6", "A40", "Australian Defense"},
    Entry{"d4 Nc6", "A40", "Mikenas Defense"},
    Entry{"d4 Nf6", "A45", "Indian Defense"},
    Entry{"d4 b5", "A40", "Polish Defense"},
    Entry{"d4 b6", "A40", "English Defense"},
    Entry{"d4 c5", "A43", "Benoni Defense: Old Benoni"},
    Entry{"d4 d5", "D00", "Queen's Pawn Game"},
    Entry{"d4 d6", "A41", "Queen's Pawn Game"},
    Entry{"d4 e5", "A40", "Englund Gambit"},
    Entry{"d4 e6", "A40", "Horwitz Defense"},
    Entry{"d4 f5", "A80", "Dutch Defense"},
    Entry{"d4 g5", "A40", "Borg Defense: Borg Gambit"},
    Entry{"d4 g6", "A40", "Queen's Pawn Game: Modern Defense"},
    Entry{"e3", "A00", "Van't Kruijs Opening"},
    Entry{"e4", "B00", "King's Pawn Game"},
    Entry{"e4 Na6", "B00", "Lemming Defense"},
    Entry{"e4 Nc6", "B00", "Nimzowitsch Defense"},
    Entry{"e4 Nf6", "B02", "Alekhine Defense"},
    Entry{"e4 Nh6", "B00", "Hippopotamus Defense"},
    Entry{"e4 a5", "B00", "Ware Defense"},
    Entry{"e4 a6", "B00", "St. George Defense"},
    Entry{"e4 b6", "B00", "Owen Defense"},
    Entry{"e4 c5", "B20", "Sicilian Defense"},
    Entry{"e4 c6", "B10", "Caro-Kann Defense"},
    Entry{"e4 d5", "B01", "Scandinavian Defense"},
    Entry{"e4 d6", "B00", "Pirc Defense"},
    Entry{"e4 e5", "C20", "King's Pawn Game"},
    Entry{"e4 e6", "C00", "French Defense"},
    Entry{"e4 f5", "B00", "Duras Gambit"},
    Entry{"e4 f6", "B00", "Barnes Defense"},
    Entry{"e4 g5", "B00", "Borg Defense"},
    Entry{"e4 g6", "B06", "Modern Defense"},
    Entry{"e4 h5", "B00", "Goldsmith Defense"},
    Entry{"e4 h6", "B00", "Carr Defense"},
    Entry{"f3", "A00", "Barnes Opening"},
    Entry{"f4", "A02", "Bird Opening"},
    Entry{"f4 Nh6", "A02", "Bird Opening: Horsefly Defense"},
    Entry{"f4 b5", "A02", "Bird Opening: Myers Defense"},
    Entry{"f4 d5", "A03", "Bird Opening: Dutch Variation"},
    Entry{"f4 e5", "A02", "Bird Opening: From's Gambit"},
    Entry{"f4 g5", "A02", "Bird Opening: Hobbs Gambit"},
    Entry{"g3", "A00", "Hungarian Opening"},
    Entry{"g3 Nf6", "A00", "Hungarian Opening: Indian Defense"},
    Entry{"g3 c5", "A00", "Hungarian Opening: Sicilian Invitation"},
    Entry{"g3 f5", "A00", "Hungarian Opening: Dutch Defense"},
    Entry{"g3 g5", "A00", "Hungarian Opening: Myers Defense"},
    Entry{"g3 g6", "A00", "Hungarian Opening: Symmetrical Variation"},
    Entry{"g3 h5", "A00", "Lasker Simul Special"},
    Entry{"g4", "A00", "Grob Opening"},
    Entry{"g4 f5", "A00", "Grob Opening: Alessi Gambit"},
    Entry{"g4 g5", "A00", "Grob Opening: Double Grob"},
    Entry{"h3", "A00", "Clemenz Opening"},
    Entry{"h4", "A00", "Kádas Opening"},
    Entry{"h4 a5", "A00", "Kádas Opening: Koola-Koola Variation"},
    Entry{"h4 g5", "A00", "Kádas Opening: Schneider Gambit"},
};

}  // namespace

OpeningName openingName(const std::vector<std::string>& san) {
    OpeningName out;
    std::string moves;
    for (std::size_t ply = 0; ply < san.size() && ply < 2; ++ply) {
        moves += (ply ? " " : "") + san[ply];
        for (const Entry& e : kOpenings)
            if (e.moves == moves) out = {e.eco, e.name};
    }
    return out;
}

}  // namespace kibitz::chess
