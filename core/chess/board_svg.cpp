// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/board_svg.h"

#include "core/common/printable.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace kibitz::chess {

// Kibitz's piece set as its SVG files, in Piece order of the names below (board_pieces.cpp, generated from
// resources/pieces by core/chess/CMakeLists.txt).
extern const std::array<const char*, 12> kPieceSvgFiles;

namespace {

constexpr std::array<std::string_view, 12> kPieceNames = {"wP", "wN", "wB", "wR", "wQ", "wK",
                                                          "bP", "bN", "bB", "bR", "bQ", "bK"};
constexpr const char* kLight = "#f0d9b5";
constexpr const char* kDark = "#b58863";
constexpr const char* kLastMove = "rgba(155,199,0,0.41)";

int pieceIndex(Piece p) { return (colorOf(p) == White ? 0 : 6) + int(typeOf(p)) - 1; }

/// A piece file as a <symbol>: its drawing, without the XML prolog and the outer <svg>, under its viewBox.
std::string symbolOf(std::string_view file, std::string_view name) {
    const std::size_t open = file.find("<svg");
    const std::size_t openEnd = open == std::string_view::npos ? open : file.find('>', open);
    const std::size_t close = file.rfind("</svg>");
    if (openEnd == std::string_view::npos || close == std::string_view::npos || close < openEnd) return {};
    std::string viewBox = "0 0 45 45";
    const std::string_view tag = file.substr(open, openEnd - open);
    if (const std::size_t v = tag.find("viewBox=\""); v != std::string_view::npos) {
        const std::size_t end = tag.find('"', v + 9);
        if (end != std::string_view::npos) viewBox = std::string(tag.substr(v + 9, end - v - 9));
    }
    std::string s = "<symbol id=\"kibitz-" + std::string(name) + "\" viewBox=\"" + viewBox + "\">";
    s += file.substr(openEnd + 1, close - openEnd - 1);
    return s + "</symbol>";
}

std::string square(double x, double y, double size, const char* fill) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>", x, y,
                  size, size, fill);
    return buf;
}

}  // namespace

double arrowLength(Move move) {
    return std::hypot(fileOf(move.from()) - fileOf(move.to()), rankOf(move.from()) - rankOf(move.to()));
}

std::string boardSvgDefs() {
    std::string s =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" "
        "style=\"position:absolute\" aria-hidden=\"true\"><defs>";
    for (std::size_t i = 0; i < kPieceNames.size(); ++i) s += symbolOf(kPieceSvgFiles[i], kPieceNames[i]);
    // Two files by two ranks of the board, sized to whatever it fills: a quarter of its width and height.
    s += std::string(
             "<pattern id=\"kibitz-squares\" width=\"0.25\" height=\"0.25\" patternUnits=\"objectBoundingBox\" "
             "patternContentUnits=\"objectBoundingBox\"><rect width=\"0.25\" height=\"0.25\" fill=\"") +
         kLight + "\"/><rect x=\"0.125\" width=\"0.125\" height=\"0.125\" fill=\"" + kDark +
         "\"/><rect y=\"0.125\" width=\"0.125\" height=\"0.125\" fill=\"" + kDark + "\"/></pattern>";
    return s + "</defs></svg>";
}

std::string boardSvg(const Position& position, const BoardSvgOptions& o) {
    const double sq = o.size / 8.0;
    // A square's top-left corner on the drawing, seen from `bottom`'s side.
    auto xOf = [&](Square q) { return (o.bottom == White ? fileOf(q) : 7 - fileOf(q)) * sq; };
    auto yOf = [&](Square q) { return (o.bottom == White ? 7 - rankOf(q) : rankOf(q)) * sq; };
    std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(o.size) + "\" height=\"" +
                    std::to_string(o.size) + "\" viewBox=\"0 0 " + std::to_string(o.size) + " " +
                    std::to_string(o.size) + "\" role=\"img\" class=\"board\">";
    if (!o.title.empty()) s += "<title>" + xmlEscaped(o.title) + "</title>";
    // The squares: one rect filled with the defs' checkerboard (its bottom-left square dark from either side).
    s += "<rect width=\"" + std::to_string(o.size) + "\" height=\"" + std::to_string(o.size) +
         "\" fill=\"url(#kibitz-squares)\"/>";
    if (o.lastMove)
        for (const Square q : {o.lastMove.from(), o.lastMove.to()}) s += square(xOf(q), yOf(q), sq, kLastMove);
    // Coordinates as Lichess writes them: files along the bottom row, ranks down the right-hand column, each in the
    // other square colour.
    const double font = std::max(7.0, sq * 0.24);
    char buf[200];
    for (int k = 0; k < 8; ++k) {
        const Square fileSquare = o.bottom == White ? makeSquare(k, 0) : makeSquare(7 - k, 7);
        const Square rankSquare = o.bottom == White ? makeSquare(7, 7 - k) : makeSquare(0, k);
        const bool fileLight = (fileOf(fileSquare) + rankOf(fileSquare)) % 2 == 1;
        const bool rankLight = (fileOf(rankSquare) + rankOf(rankSquare)) % 2 == 1;
        std::snprintf(buf, sizeof buf,
                      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" class=\"coord\">%c</text>",
                      xOf(fileSquare) + sq * 0.06, o.size - sq * 0.06, font, fileLight ? kDark : kLight,
                      char('a' + fileOf(fileSquare)));
        s += buf;
        std::snprintf(buf, sizeof buf,
                      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"end\" "
                      "class=\"coord\">%c</text>",
                      double(o.size) - sq * 0.05, yOf(rankSquare) + font, font, rankLight ? kDark : kLight,
                      char('1' + rankOf(rankSquare)));
        s += buf;
    }
    for (int i = 0; i < 64; ++i) {
        const Piece p = position.pieceOn(Square(i));
        if (p == NoPiece) continue;
        std::snprintf(
            buf, sizeof buf, "<use href=\"#kibitz-%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
            std::string(kPieceNames[std::size_t(pieceIndex(p))]).c_str(), xOf(Square(i)), yOf(Square(i)), sq, sq);
        s += buf;
    }
    // Arrows as Lichess draws them: a shaft and a head of its own (a polygon, not a marker, so every SVG reader
    // colours it alike), ending inside the target square.
    for (const BoardSvgArrow& a : o.arrows) {
        if (!a.move) continue;
        const double x1 = xOf(a.move.from()) + sq / 2, y1 = yOf(a.move.from()) + sq / 2;
        const double x2 = xOf(a.move.to()) + sq / 2, y2 = yOf(a.move.to()) + sq / 2;
        const double dx = x2 - x1, dy = y2 - y1, length = std::hypot(dx, dy);
        if (length <= 0) continue;
        const double ux = dx / length, uy = dy / length;  // along the arrow
        const double head = sq * 0.45, half = sq * 0.28, tipBack = sq * 0.12;
        const double tipX = x2 - ux * tipBack, tipY = y2 - uy * tipBack;
        const double baseX = tipX - ux * head, baseY = tipY - uy * head;
        // The colour on the group, so that no colour text can overflow the buffer of the coordinates.
        s += "<g class=\"arrow\" opacity=\"0.8\" stroke=\"" + xmlEscaped(a.colour) + "\" fill=\"" +
             xmlEscaped(a.colour) + "\">";
        std::snprintf(
            buf, sizeof buf,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"%.1f\" "
            "stroke-linecap=\"round\"/><polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" stroke=\"none\"/></g>",
            x1, y1, baseX + ux, baseY + uy, sq * 0.16, tipX, tipY, baseX - uy * half, baseY + ux * half,
            baseX + uy * half, baseY - ux * half);
        s += buf;
    }
    return s + "</svg>";
}

}  // namespace kibitz::chess
