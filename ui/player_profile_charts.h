// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The player profile page's charts and tables (ui/player_profile_page.h): one bar chart per breakdown (their loss
// beside the peer baseline), the rating estimates as boxes (the interval, the estimate as the middle line) against
// their rating in the tags, and the figures of each group as a table.

#include "core/evaluation/player_profile.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

class QChartView;
class QTreeWidget;

namespace kibitz::ui {

struct ProfileCharts {
    Q_DECLARE_TR_FUNCTIONS(ProfileCharts)
public:
    /// An empty chart in `view` (the old one deleted with its series and axes).
    static void clear(QChartView* view);
    /// A chart of `groups` with enough positions (ProfileCell::enough): two bar sets, "their loss" and "peers of
    /// their rating" ("peers rated R" with `peerRating`, PlayerProfile::peerRating) (mean loss of winning chances per
    /// move), one category per group; a placeholder title when no group has enough positions. Replaces the view's
    /// chart. With `rows`, the bars lie in rows, the first group at the top, each name on one line to their left: for
    /// names too long to stand under bars (the variations of openings).
    static void showLoss(QChartView* view, const std::vector<evaluation::ProfileGroup>& groups, const QString& title,
                         int peerRating = 0, bool rows = false);
    /// The valid rating estimates (all moves, then by phase, then by clock) as boxes from the interval's low to its
    /// high with the estimate as the median line, and a line at their mean rating in the tags. `interval`: the
    /// intervals' coverage (PlayerProfileOptions::interval), for the title.
    static void showRatings(QChartView* view, const evaluation::PlayerProfile& profile, double interval);
    /// The periods (PlayerProfile::byPeriod): with rating estimates, each period's as a box (as showRatings) and a
    /// line through their mean rating in each period's games: how the rating their moves play like moved beside their
    /// rating. Without estimates, their loss beside their peers' (showLoss).
    static void showPeriods(QChartView* view, const evaluation::PlayerProfile& profile, double interval);
    /// Every group's figures: positions, games, loss, peer loss, ratio, blunder shares, (with `ratings`) the
    /// estimate and (with `meanRatings`) their mean rating in the group's games; "too few positions" where a group
    /// has too few.
    static void fillTable(QTreeWidget* table, const std::vector<evaluation::ProfileGroup>& groups, bool ratings,
                          bool meanRatings = false, bool openingPhase = false);
    /// The column headers of fillTable; `openingPhase` adds the groups' opening phase (ProfileGroup::openingPhase:
    /// its positions and ratio, for the openings and variations).
    static QStringList tableHeader(bool ratings, bool meanRatings = false, bool openingPhase = false);
    /// A group's name for people, in the interface's language: the profile names its groups (phases, clock
    /// buckets, speeds, kinds of position, openings' sides, periods) in English; an unknown name is shown as it is.
    static QString groupName(const std::string& name);
    /// A breakdown's name for people ("phase", "clock", ...), in the interface's language.
    static QString sectionName(evaluation::ProfileSection section);
    /// Where they stand out from their peers (PlayerProfile::standouts), as a sentence of rich text: the groups where
    /// they lose more, then less, each with its breakdown and ratio (the five surest each way, then how many more),
    /// or that there is nowhere; empty when no group could be weighed.
    static QString standoutsText(const evaluation::ProfileStandouts& standing);
    /// "1650 (1420–1880)", or "–" when there is no estimate.
    static QString ratingText(const evaluation::ProfileRating& rating);
    /// A group's loss ratio with its interval over resamples of the games, "1.19 (0.98–1.42)".
    static QString ratioText(const evaluation::ProfileCell& cell);
    /// The HTML report's words in the interface's language (evaluation::playerProfileHtml), with `summary` (plain
    /// text: the page's summary of the profile) under the heading.
    static evaluation::ProfileHtmlText htmlText(const evaluation::PlayerProfile& profile, const QString& summary);
};

}  // namespace kibitz::ui
