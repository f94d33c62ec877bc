// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile as one self-contained HTML page: inline CSS and SVG charts drawn here, no script, nothing
// fetched, so it opens offline in any browser and can be mailed as it is.
#include "core/chess/board_svg.h"
#include "core/chess/notation.h"
#include "core/common/printable.h"
#include "core/evaluation/player_profile.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace kibitz::evaluation {

namespace {

void appendf(std::string& out, const char* format, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, format);
    std::vsnprintf(buf, sizeof buf, format, ap);
    va_end(ap);
    out += buf;
}

constexpr const char* kPlayerColour = "#c0392b";
constexpr const char* kPeerColour = "#7f8c8d";

/// A round step for an axis running to `top` (1, 2 or 5 times a power of ten, about five ticks).
double tickStep(double top) {
    const double raw = top / 5.0;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

/// `name` as `text` shows a group's name.
std::string shownName(const ProfileHtmlText& text, const std::string& name) {
    return text.groupName ? text.groupName(name) : name;
}

/// `caption` with "%1" replaced by `value`.
std::string withValue(std::string caption, const std::string& value) {
    for (auto at = caption.find("%1"); at != std::string::npos; at = caption.find("%1", at + value.size()))
        caption.replace(at, 2, value);
    return caption;
}

/// A group's name under its bars, in lines that fit its slot (groupNameLines, escaped): 13 characters of the
/// 12-pixel labels fit the bar chart's 100-pixel slot.
std::vector<std::string> labelLines(const std::string& name) {
    std::vector<std::string> lines = groupNameLines(name, 13);
    for (std::string& line : lines) line = xmlEscaped(line);
    return lines;
}

/// Grouped bars: per group the player's mean loss and the peer's, with the axis, the group names and a legend.
/// Groups with too few positions are left out.
std::string lossChart(const std::string& title, const std::vector<ProfileGroup>& all, const ProfileHtmlText& text) {
    std::vector<const ProfileGroup*> groups;
    for (const auto& g : all)
        if (g.cell.enough()) groups.push_back(&g);
    if (groups.empty()) return {};
    double top = 0.0;
    for (const auto* g : groups)
        top = std::max({top, g->cell.loss, g->cell.peerLoss, g->cell.ratioHigh * g->cell.peerLoss});
    top = top > 0 ? top * 1.1 : 0.1;
    const double step = tickStep(top);
    top = std::ceil(top / step) * step;
    std::vector<std::vector<std::string>> labels;
    std::size_t lines = 1;
    for (const auto* g : groups) {
        labels.push_back(labelLines(shownName(text, g->name)));
        lines = std::max(lines, labels.back().size());
    }
    constexpr int kLeft = 60, kTop = 30, kHeight = 200, kSlot = 100, kBar = 28, kLine = 16;
    const int width = kLeft + int(groups.size()) * kSlot + 20;
    const int height = kTop + kHeight + 50 + int(lines - 1) * kLine;
    std::string s;
    appendf(s, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">", width,
            height);
    appendf(s, "<title>%s</title>", xmlEscaped(title).c_str());
    appendf(s, "<text x=\"%d\" y=\"18\" class=\"t\">%s</text>", kLeft, xmlEscaped(title).c_str());
    for (double v = 0.0; v <= top + 1e-9; v += step) {
        const double y = kTop + kHeight - v / top * kHeight;
        appendf(s, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"g\"/>", kLeft, y, width - 10, y);
        appendf(s, "<text x=\"%d\" y=\"%.1f\" class=\"a\" text-anchor=\"end\">%.3g</text>", kLeft - 6, y + 4, v);
    }
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const ProfileCell& c = groups[i]->cell;
        const int x = kLeft + int(i) * kSlot + (kSlot - 2 * kBar) / 2;
        const double hp = c.loss / top * kHeight, hq = c.peerLoss / top * kHeight;
        appendf(s, "<rect class=\"bar player\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">", x,
                kTop + kHeight - hp, kBar, hp, kPlayerColour);
        const std::string name = xmlEscaped(shownName(text, groups[i]->name));
        appendf(s, "<title>%s: %.4f (%s)</title></rect>", name.c_str(), c.loss, xmlEscaped(text.player).c_str());
        if (c.hasRatioInterval()) {
            // The ratio's interval on the player's bar: the loss their ratio's interval gives against the same peers.
            const double lo = kTop + kHeight - c.ratioLow * c.peerLoss / top * kHeight;
            const double hi = kTop + kHeight - c.ratioHigh * c.peerLoss / top * kHeight;
            const int mid = x + kBar / 2;
            appendf(s,
                    "<path class=\"interval\" d=\"M%d %.1fH%dM%d %.1fV%.1fM%d %.1fH%d\" stroke=\"#222\" "
                    "fill=\"none\"><title>%s: %.2f-%.2f</title></path>",
                    mid - 5, hi, mid + 5, mid, hi, lo, mid - 5, lo, mid + 5, name.c_str(), c.ratioLow, c.ratioHigh);
        }
        appendf(s, "<rect class=\"bar peer\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">", x + kBar,
                kTop + kHeight - hq, kBar, hq, kPeerColour);
        appendf(s, "<title>%s: %.4f (%s)</title></rect>", name.c_str(), c.peerLoss, xmlEscaped(text.peers).c_str());
        for (std::size_t l = 0; l < labels[i].size(); ++l)
            appendf(s, "<text x=\"%d\" y=\"%d\" class=\"a\" text-anchor=\"middle\">%s</text>", x + kBar,
                    kTop + kHeight + kLine * int(l + 1), labels[i][l].c_str());
        appendf(s, "<text x=\"%d\" y=\"%d\" class=\"a\" text-anchor=\"middle\">x%.2f</text>", x + kBar,
                kTop + kHeight + kLine * int(lines + 1), c.lossRatio());
    }
    appendf(s, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"ax\"/>", kLeft, kTop + kHeight, width - 10,
            kTop + kHeight);
    appendf(s,
            "</svg><figcaption><span style=\"color:%s\">&#9632;</span> %s "
            "<span style=\"color:%s\">&#9632;</span> %s; %s</figcaption></figure>\n",
            kPlayerColour, xmlEscaped(text.theirLoss).c_str(), kPeerColour, xmlEscaped(text.peerLoss).c_str(),
            xmlEscaped(text.ratioNote).c_str());
    return s;
}

/// Rating estimates with their intervals, one row per group, and a line at the player's mean rating (none when their
/// games do not give it: `actual` 0); with `eachGroup`, a mark on each row at their mean rating in that group's games
/// instead (the periods: their rating moved).
std::string ratingChart(const std::string& title, const std::vector<ProfileGroup>& all, double actual,
                        const ProfileHtmlText& text, bool eachGroup = false) {
    std::vector<const ProfileGroup*> groups;
    for (const auto& g : all)
        if (g.rating.valid) groups.push_back(&g);
    if (groups.empty()) return {};
    const bool rated = actual > 0;
    double lo = rated ? actual : groups.front()->rating.low, hi = rated ? actual : groups.front()->rating.high;
    std::size_t longest = 0;
    for (const auto* g : groups) {
        lo = std::min(lo, g->rating.low);
        hi = std::max(hi, g->rating.high);
        if (eachGroup && g->cell.meanElo > 0) {
            lo = std::min(lo, g->cell.meanElo);
            hi = std::max(hi, g->cell.meanElo);
        }
        longest = std::max(longest, shownName(text, g->name).size());
    }
    lo = std::floor((lo - 50) / 100) * 100;
    hi = std::ceil((hi + 50) / 100) * 100;
    constexpr int kTop = 30, kRow = 28, kWidth = 420;
    const int kLeft = std::max(100, 16 + 7 * int(longest));  // the names end at the chart
    const int height = kTop + int(groups.size()) * kRow + 30;
    auto xOf = [&](double elo) { return kLeft + (elo - lo) / (hi - lo) * kWidth; };
    std::string s;
    appendf(s, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">",
            kLeft + kWidth + 30, height);
    appendf(s, "<title>%s</title>", xmlEscaped(title).c_str());
    appendf(s, "<text x=\"%d\" y=\"18\" class=\"t\">%s</text>", kLeft, xmlEscaped(title).c_str());
    const double step = tickStep(hi - lo);
    for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
        appendf(s, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"g\"/>", xOf(v), kTop, xOf(v),
                height - 24);
        appendf(s, "<text x=\"%.1f\" y=\"%d\" class=\"a\" text-anchor=\"middle\">%.0f</text>", xOf(v), height - 8, v);
    }
    if (rated && !eachGroup)
        appendf(s, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"actual\" stroke=\"%s\"/>", xOf(actual),
                kTop, xOf(actual), height - 24, kPeerColour);
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const ProfileRating& r = groups[i]->rating;
        const int y = kTop + int(i) * kRow + kRow / 2;
        const std::string name = xmlEscaped(shownName(text, groups[i]->name));
        appendf(s, "<text x=\"%d\" y=\"%d\" class=\"a\" text-anchor=\"end\">%s</text>", kLeft - 8, y + 4, name.c_str());
        appendf(s, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>", xOf(r.low),
                y, xOf(r.high), y, kPlayerColour);
        if (eachGroup && groups[i]->cell.meanElo > 0)
            appendf(
                s,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"actual\" stroke=\"%s\"><title>%.0f</title>"
                "</line>",
                xOf(groups[i]->cell.meanElo), y - 10, xOf(groups[i]->cell.meanElo), y + 10, kPeerColour,
                groups[i]->cell.meanElo);
        appendf(s,
                "<circle class=\"estimate\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"%s\"><title>%s: %.0f (%.0f-%.0f)"
                "</title></circle>",
                xOf(r.estimate), y, kPlayerColour, name.c_str(), r.estimate, r.low, r.high);
    }
    char rating[32];
    std::snprintf(rating, sizeof rating, "%.0f", actual);
    const std::string caption = !rated      ? text.ratingCaptionUnrated
                                : eachGroup ? text.ratingCaptionEach
                                            : withValue(text.ratingCaption, rating);
    s += "</svg><figcaption>" + xmlEscaped(caption) + "</figcaption></figure>\n";
    return s;
}

/// Where they stand out: a table for each way (the group, its section, positions, ratio and interval), or a line
/// saying there is nowhere. Nothing when no group could be weighed.
std::string standoutsSection(const ProfileStandouts& standing, const ProfileHtmlText& text) {
    if (standing.groups == 0) return {};
    std::string s = "<h2>" + xmlEscaped(text.standoutsTitle) + "</h2>\n<p>" +
                    xmlEscaped(withValue(text.standoutsNote, std::to_string(standing.groups))) + "</p>\n";
    if (standing.worse.empty() && standing.better.empty()) return s + "<p>" + xmlEscaped(text.standoutsNone) + "</p>\n";
    const auto table = [&](const std::string& title, const std::vector<ProfileStandout>& list) {
        if (list.empty()) return;
        s += "<table class=\"standouts\"><tr><th>" + xmlEscaped(title) + "</th><th></th><th>" +
             xmlEscaped(text.tableHeader[0]) + "</th><th>" + xmlEscaped(text.tableHeader[4]) + "</th></tr>\n";
        for (const ProfileStandout& x : list)
            appendf(s, "<tr><td>%s</td><td>%s</td><td>%lld</td><td>%.2f (%.2f-%.2f)</td></tr>\n",
                    xmlEscaped(shownName(text, x.name)).c_str(),
                    xmlEscaped(text.sectionNames[std::size_t(x.section)]).c_str(),
                    static_cast<long long>(x.cell.positions), x.cell.lossRatio(), x.cell.ratioLow, x.cell.ratioHigh);
        s += "</table>\n";
    };
    table(text.standoutsWorse, standing.worse);
    table(text.standoutsBetter, standing.better);
    return s;
}

/// A breakdown's table; `meanRatings` adds their mean rating in each group's games (the periods).
std::string tableOf(const std::vector<ProfileGroup>& groups, bool ratings, const ProfileHtmlText& text,
                    bool meanRatings = false, bool openingPhase = false) {
    std::string s = "<table><tr><th></th>";
    // The group's figures (the opening phase's after its ratio), then the rating.
    constexpr std::size_t kRatioColumn = 4;  // tableHeader: positions, games, loss, peer, ratio, ...
    for (std::size_t i = 0; i + 1 < text.tableHeader.size(); ++i) {
        s += "<th>" + xmlEscaped(text.tableHeader[i]) + "</th>";
        if (openingPhase && i == kRatioColumn)
            for (const std::string& h : text.openingPhaseHeader) s += "<th>" + xmlEscaped(h) + "</th>";
    }
    if (ratings) s += "<th>" + xmlEscaped(text.tableHeader.back()) + "</th>";
    if (meanRatings) s += "<th>" + xmlEscaped(text.theirRating) + "</th>";
    s += "</tr>\n";
    for (const ProfileGroup& g : groups) {
        const ProfileCell& c = g.cell;
        appendf(s, "<tr><td>%s</td><td>%lld</td><td>%lld</td>", xmlEscaped(shownName(text, g.name)).c_str(),
                static_cast<long long>(c.positions), static_cast<long long>(c.games));
        if (!c.enough()) {
            appendf(s, "<td colspan=\"%d\">%s</td>", 5 + (openingPhase ? 2 : 0) + (ratings ? 1 : 0),
                    xmlEscaped(text.tooFew).c_str());
        } else {
            appendf(s, "<td>%.4f</td><td>%.4f</td><td>%.2f", c.loss, c.peerLoss, c.lossRatio());
            if (c.hasRatioInterval()) appendf(s, " (%.2f-%.2f)", c.ratioLow, c.ratioHigh);
            s += "</td>";
            if (openingPhase) {
                const ProfileCell& o = g.openingPhase;
                appendf(s, "<td>%lld</td><td>", static_cast<long long>(o.positions));
                if (o.enough()) {
                    appendf(s, "%.2f", o.lossRatio());
                    if (o.hasRatioInterval()) appendf(s, " (%.2f-%.2f)", o.ratioLow, o.ratioHigh);
                } else {
                    s += "-";
                }
                s += "</td>";
            }
            appendf(s, "<td>%.1f%%</td><td>%.1f%%</td>", 100 * c.blunders, 100 * c.peerBlunders);
            if (ratings) {
                if (g.rating.valid)
                    appendf(s, "<td>%.0f (%.0f-%.0f)</td>", g.rating.estimate, g.rating.low, g.rating.high);
                else
                    s += "<td>-</td>";
            }
        }
        if (meanRatings) {
            if (c.meanElo > 0)
                appendf(s, "<td>%.0f</td>", c.meanElo);
            else
                s += "<td>-</td>";
        }
        s += "</tr>\n";
    }
    return s + "</table>\n";
}

std::string puzzleTable(const std::vector<ProfilePuzzle>& puzzles, bool rated, const ProfileHtmlText& text) {
    if (puzzles.empty()) return {};
    // Rated as puzzles: the puzzle's rating and their chance, after the loss (no chance where the game gives no
    // rating of theirs).
    std::string s = "<h2>" + xmlEscaped(text.worstPositions) + "</h2>\n<table><tr>";
    for (std::size_t i = 0; i < text.puzzleHeader.size(); ++i) {
        s += "<th>" + xmlEscaped(text.puzzleHeader[i]) + "</th>";
        if (rated && i == 5)
            for (const std::string& h : text.puzzleRatingHeader) s += "<th>" + xmlEscaped(h) + "</th>";
    }
    s += "</tr>\n";
    for (const ProfilePuzzle& z : puzzles) {
        const bool link = z.site.rfind("https://", 0) == 0;
        appendf(s,
                "<tr><td><a href=\"#position-%s\">%s</a></td><td>%d%s</td><td>%s</td><td>%s</td>"
                "<td>%.2f</td><td>%.2f</td>",
                xmlEscaped(z.id).c_str(), xmlEscaped(z.id).c_str(), z.ply / 2 + 1, z.ply % 2 ? "..." : ".",
                xmlEscaped(z.san(z.playedMove)).c_str(), xmlEscaped(z.san(z.bestMove)).c_str(), z.loss, z.peerLoss);
        if (rated && z.solveChance >= 0.0)
            appendf(s, "<td>%.0f &#177; %.0f</td><td>%.0f%%</td>", z.difficulty, z.difficultySigma,
                    100.0 * z.solveChance);
        else if (rated)
            appendf(s, "<td>%.0f &#177; %.0f</td><td>-</td>", z.difficulty, z.difficultySigma);
        appendf(s, "<td>%s</td><td>", xmlEscaped(shownName(text, chess::gamePhaseName(z.phase))).c_str());
        if (link)
            appendf(s, "<a href=\"%s\">%s</a>", xmlEscaped(z.site).c_str(), xmlEscaped(z.site).c_str());
        else
            s += xmlEscaped(z.site);
        s += "</td><td>" + xmlEscaped(z.opening) + "</td></tr>\n";
    }
    s += "</table>\n";
    if (rated) s += "<p>" + xmlEscaped(text.puzzleRatingNote) + "</p>\n";
    return s;
}

constexpr const char* kBestColour = "#2e8b57";

/// The worst positions on boards, as the player faced them (their side at the bottom, the opponent's last move
/// tinted), the move they played in their colour and the best one in green, each captioned with the table's words.
std::string puzzleBoards(const std::vector<ProfilePuzzle>& puzzles, bool rated, const ProfileHtmlText& text) {
    std::string boards;
    for (const ProfilePuzzle& z : puzzles) {
        const auto faced = z.faced();
        if (!faced) continue;
        chess::BoardSvgOptions o;
        o.size = 216;
        o.bottom = faced->sideToMove();
        if (auto setup = chess::parseUci(chess::Position::fromFen(z.fen).value(), z.setupMove)) o.lastMove = *setup;
        const auto played = chess::parseUci(*faced, z.playedMove);
        const auto best = chess::parseUci(*faced, z.bestMove);
        if (played) o.arrows.push_back({*played, kPlayerColour});
        if (best) o.arrows.push_back({*best, kBestColour});
        // The longer arrow below, so that one along the same line (Rc7 beside Rxc8+) still shows its head.
        if (o.arrows.size() == 2 && chess::arrowLength(o.arrows[0].move) < chess::arrowLength(o.arrows[1].move))
            std::swap(o.arrows[0], o.arrows[1]);
        char number[32];
        std::snprintf(number, sizeof number, "%d%s", z.ply / 2 + 1, z.ply % 2 ? "..." : ".");
        const std::string playedSan = z.san(z.playedMove), bestSan = z.san(z.bestMove);
        o.title = std::string(number) + " " + text.puzzleHeader[2] + " " + playedSan + ", " + text.puzzleHeader[3] +
                  " " + bestSan;
        boards += "<figure class=\"position\" id=\"position-" + xmlEscaped(z.id) + "\">" + chess::boardSvg(*faced, o) +
                  "<figcaption>";
        appendf(boards,
                "<b>%s</b> %s <span style=\"color:%s\">%s</span>, %s <span style=\"color:%s\">%s</span><br>%s %.2f, "
                "%s %.2f",
                number, xmlEscaped(text.puzzleHeader[2]).c_str(), kPlayerColour, xmlEscaped(playedSan).c_str(),
                xmlEscaped(text.puzzleHeader[3]).c_str(), kBestColour, xmlEscaped(bestSan).c_str(),
                xmlEscaped(text.puzzleHeader[4]).c_str(), z.loss, xmlEscaped(text.puzzleHeader[5]).c_str(), z.peerLoss);
        // Rated as puzzles (the table's two columns): what the board is worth as a puzzle, and their chance at it.
        if (rated) {
            appendf(boards, "<br>%s %.0f &#177; %.0f", xmlEscaped(text.puzzleRatingHeader[0]).c_str(), z.difficulty,
                    z.difficultySigma);
            if (z.solveChance >= 0.0)
                appendf(boards, "<br>%s %.0f%%", xmlEscaped(text.puzzleRatingHeader[1]).c_str(), 100.0 * z.solveChance);
        }
        boards += "</figcaption></figure>\n";
    }
    if (boards.empty()) return {};
    return chess::boardSvgDefs() + "<p>" + xmlEscaped(text.boardsNote) + "</p>\n<div>" + boards + "</div>\n";
}

/// The English paragraph under the heading (the CLI's report).
std::string englishSummary(const PlayerProfile& p) {
    std::string s;
    appendf(s, "%lld games (%lld with clock times), %lld positions of theirs scored.", static_cast<long long>(p.games),
            static_cast<long long>(p.gamesWithClock), static_cast<long long>(p.all.positions));
    if (p.unratedGames > 0 && p.peerRating > 0)
        appendf(s, " %lld of them without their rating.", static_cast<long long>(p.unratedGames));
    else if (p.unratedGames > 0)
        appendf(s, " %lld games without their rating were left out.", static_cast<long long>(p.unratedGames));
    if (p.all.meanElo > 0)
        appendf(s, " Their rating in these games: %.0f on average.", p.all.meanElo);
    else
        s += " Their games do not give their rating.";
    if (p.rating.valid)
        appendf(s, " Their moves play like %.0f (%.0f-%.0f).", p.rating.estimate, p.rating.low, p.rating.high);
    if (p.peerRating > 0) appendf(s, " Their peers here: people rated %d, not their own rating.", p.peerRating);
    if (const std::string note = p.ratingScaleNote(); !note.empty()) s += " " + note + ".";
    return s;
}

}  // namespace

std::string playerProfileHtml(const PlayerProfile& p, const ProfileHtmlText& text) {
    ProfileHtmlText t = text;
    if (p.peerRating > 0) {
        t.explanation = withValue(t.explanationAt, std::to_string(p.peerRating));
        t.peerLoss = withValue(t.peerLossAt, std::to_string(p.peerRating));
    }
    std::string s = "<!DOCTYPE html>\n<html lang=\"" + xmlEscaped(t.language) +
                    "\"><head><meta charset=\"utf-8\">\n<title>Kibitz: " + xmlEscaped(p.player) +
                    "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse;"
                    "margin:1em 0}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:right}td:first-child,"
                    "th:first-child{text-align:left}"
                    "figure{display:inline-block;margin:1em 2em 1em 0;vertical-align:top}.position{width:216px}"
                    ".t{font-weight:bold;font-size:14px}.a{font-size:12px}.g{stroke:#eee}.ax{stroke:#444}"
                    ".actual{stroke-dasharray:4 3;stroke-width:2}</style></head><body>\n";
    s += "<h1>" + xmlEscaped(t.heading.empty() ? "Where " + p.player + " stands" : t.heading) + "</h1>\n";
    s += "<p>" + xmlEscaped(t.summary.empty() ? englishSummary(p) : t.summary) + "</p>\n";
    s += "<p>" + xmlEscaped(t.explanation) + " " +
         xmlEscaped(withValue(t.intervalNote, std::to_string(int(std::lround(100.0 * p.interval))) + "%")) + "</p>\n";
    if (!p.model.empty() || !p.engine.empty())
        appendf(s, "<p><small>%s; %s</small></p>\n", xmlEscaped(p.model).c_str(), xmlEscaped(p.engine).c_str());
    if (!p.peerCaveat.empty()) s += "<p><b>" + xmlEscaped(p.peerCaveat) + "</b></p>\n";
    s += standoutsSection(p.standouts(), t);
    s += "<div>" + lossChart(t.lossByPhase, p.byPhase, t) + lossChart(t.lossByClock, p.byClock, t) +
         lossChart(t.lossBySpeed, p.bySpeed, t) + lossChart(t.lossByKind, p.byKind, t) +
         lossChart(t.lossByOpening, p.byOpening, t) + lossChart(t.lossByVariation, p.byVariation, t) +
         lossChart(t.lossByPeriod, p.byPeriod, t) + "</div>\n";
    s += "<div>" + ratingChart(t.ratingByPhase, p.byPhase, p.all.meanElo, t) +
         ratingChart(t.ratingByClock, p.byClock, p.all.meanElo, t) +
         ratingChart(t.ratingByPeriod, p.byPeriod, p.all.meanElo, t, true) + "</div>\n";
    const bool ratings = p.rating.valid;
    s += "<h2>" + xmlEscaped(t.allPositions) + "</h2>\n" +
         tableOf({ProfileGroup{t.allGroup, p.all, p.rating, {}}}, ratings, t);
    s += "<h2>" + xmlEscaped(t.byPhase) + "</h2>\n" + tableOf(p.byPhase, ratings, t);
    s += "<h2>" + xmlEscaped(t.byClock) + "</h2>\n" + tableOf(p.byClock, ratings, t);
    s += "<h2>" + xmlEscaped(t.bySpeed) + "</h2>\n" + tableOf(p.bySpeed, false, t);
    s += "<h2>" + xmlEscaped(t.byKind) + "</h2>\n" + tableOf(p.byKind, false, t);
    if (!p.byOpening.empty())
        s += "<h2>" + xmlEscaped(t.byOpening) + "</h2>\n" + tableOf(p.byOpening, false, t, false, true);
    if (!p.byVariation.empty())
        s += "<h2>" + xmlEscaped(t.byVariation) + "</h2>\n" + tableOf(p.byVariation, false, t, false, true);
    if (!p.byPeriod.empty()) s += "<h2>" + xmlEscaped(t.byPeriod) + "</h2>\n" + tableOf(p.byPeriod, ratings, t, true);
    const bool rated = p.puzzlesRated();
    s += puzzleTable(p.puzzles, rated, t) + puzzleBoards(p.puzzles, rated, t);
    s += "<p><small>" + xmlEscaped(t.madeBy) + "</small></p>\n</body></html>\n";
    return s;
}

}  // namespace kibitz::evaluation
