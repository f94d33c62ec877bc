// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/chess/types.h"

#include <string>
#include <vector>

namespace kibitz::chess {

/// An arrow on a drawn board, from one square's centre to another's, in a CSS colour.
struct BoardSvgArrow {
    Move move;
    std::string colour;
};

/// How far an arrow of `move` runs, in squares: where two arrows share a line, the longer is drawn first, so that
/// the shorter one's head still shows (the report's boards and the profile page's).
double arrowLength(Move move);

/// What a board drawn as SVG shows besides its pieces.
struct BoardSvgOptions {
    int size = 240;                     ///< width and height in pixels
    Color bottom = White;               ///< the side whose pieces are at the bottom
    Move lastMove;                      ///< its squares tinted (null: none)
    std::vector<BoardSvgArrow> arrows;  ///< drawn in order, over the pieces
    std::string title;                  ///< the image's accessible name (and a tooltip); empty: none
};

/// The definitions every board of boardSvg refers to: Kibitz's twelve pieces (resources/pieces, built in) and the
/// squares' pattern, in an SVG of no size. Once in a page, before its boards: an HTML page's inline SVGs share ids.
std::string boardSvgDefs();

/// The position as one inline SVG element (no script, nothing fetched), drawing its pieces from boardSvgDefs().
/// Files and ranks are written on the edge squares, as on Lichess's boards.
std::string boardSvg(const Position& position, const BoardSvgOptions& options = {});

}  // namespace kibitz::chess
