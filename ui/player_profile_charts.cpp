// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/player_profile_charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QTreeWidget>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {

namespace {

/// A fresh chart in `view` (the old one is deleted with its series and axes).
QChart* newChart(QChartView* view, const QString& title) {
    QChart* old = view->chart();
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    view->setChart(chart);
    delete old;
    return chart;
}

/// An axis from 0 (or `low`) to a round value above `high`.
QValueAxis* valueAxis(double low, double high, const QString& title, const QString& format) {
    auto* axis = new QValueAxis;
    axis->setRange(low, high);
    axis->applyNiceNumbers();
    axis->setTitleText(title);
    axis->setLabelFormat(format);
    return axis;
}

/// The most category names a chart shows level, and the longest (in characters); more, or longer, are slanted.
constexpr int kLevelCategories = 5;
constexpr int kLevelNameChars = 16;

/// A group's name in lines of at most kLevelNameChars where it has spaces (evaluation::groupNameLines, the HTML
/// report's rule).
QStringList nameLines(const QString& name) {
    QStringList lines;
    for (const std::string& line : evaluation::groupNameLines(name.toStdString(), kLevelNameChars))
        lines << QString::fromStdString(line);
    return lines;
}

/// The groups' axis. Up to kLevelCategories names level under their bars, in lines of at most kLevelNameChars
/// (nameLines; the labels are rich text); more names, or a word longer than that, are slanted in one line each and
/// never cut short: slanted lines do not run into each other (or into the legend), however long.
QBarCategoryAxis* categoryAxis(const QStringList& categories) {
    auto* axis = new QBarCategoryAxis;
    QStringList shown;
    bool level = categories.size() <= kLevelCategories;
    for (const QString& c : categories) {
        const QStringList lines = nameLines(c);
        for (const QString& line : lines) level = level && line.size() <= kLevelNameChars;
        shown << lines.join(QStringLiteral("<br>"));
    }
    if (!level) {
        axis->append(categories);
        axis->setLabelsAngle(-45);
        axis->setTruncateLabels(false);
        return axis;
    }
    axis->append(shown);
    return axis;
}

struct RatingBox {
    QString name;
    evaluation::ProfileRating rating;
};

std::vector<RatingBox> ratingBoxes(const evaluation::PlayerProfile& p) {
    std::vector<RatingBox> out;
    if (p.rating.valid) out.push_back({ProfileCharts::tr("all moves"), p.rating});
    for (const auto* groups : {&p.byPhase, &p.byClock})
        for (const auto& g : *groups)
            if (g.rating.valid) out.push_back({ProfileCharts::groupName(g.name), g.rating});
    return out;
}

QString number(double v, int decimals) { return QString::number(v, 'f', decimals); }

/// Adds rating boxes to `chart` on a category axis of their names and a rating axis from `low` to `high` with 50
/// points to spare; returns the rating axis.
QValueAxis* addBoxes(QChart* chart, QBoxPlotSeries* series, const QStringList& categories, double low, double high) {
    chart->addSeries(series);
    QBarCategoryAxis* x = categoryAxis(categories);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis* y =
        valueAxis(std::floor(low - 50.0), std::ceil(high + 50.0), ProfileCharts::tr("Rating"), QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    return y;
}

}  // namespace

void ProfileCharts::clear(QChartView* view) { newChart(view, QString()); }

QString ProfileCharts::groupName(const std::string& name) {
    using evaluation::ClockBucket;
    using evaluation::PositionKind;
    for (int i = 0; i < chess::kGamePhases; ++i) {
        const auto phase = chess::GamePhase(i);
        if (name != chess::gamePhaseName(phase)) continue;
        switch (phase) {
            case chess::GamePhase::Opening: return tr("opening");
            case chess::GamePhase::Middlegame: return tr("middlegame");
            case chess::GamePhase::Endgame: return tr("endgame");
        }
    }
    for (int i = 0; i < evaluation::kClockBuckets; ++i) {
        const auto bucket = ClockBucket(i);
        if (name != evaluation::clockBucketName(bucket)) continue;
        switch (bucket) {
            case ClockBucket::Under10s: return tr("under 10 s");
            case ClockBucket::Under30s: return tr("10–29 s");
            case ClockBucket::Under1Min: return tr("30–59 s");
            case ClockBucket::Under3Min: return tr("1–3 min");
            case ClockBucket::Under10Min: return tr("3–10 min");
            case ClockBucket::Over10Min: return tr("10 min or more");
            case ClockBucket::Unknown: return tr("no clock");
        }
    }
    for (int i = 0; i < evaluation::kPositionKinds; ++i) {
        const auto kind = PositionKind(i);
        if (name != evaluation::positionKindName(kind)) continue;
        switch (kind) {
            case PositionKind::InCheck: return tr("in check");
            case PositionKind::MateInOne: return tr("mate in one");
            case PositionKind::WinsMaterial: return tr("wins material");
            case PositionKind::PieceHanging: return tr("piece hanging");
            case PositionKind::Recapture: return tr("recapture");
            case PositionKind::MateThreatened: return tr("mate threatened");
            case PositionKind::Quiet: return tr("quiet");
        }
    }
    // The openings (evaluation::openingGroupName, variationGroupName): the side, then the opening's family (and its
    // first variation).
    if (name == evaluation::kOtherOpenings) return tr("other openings");
    if (name == evaluation::kOtherVariations) return tr("other variations");
    for (const bool white : {true, false}) {
        const std::string side = white ? "White: " : "Black: ";
        if (!name.starts_with(side)) continue;
        const std::string rest = name.substr(side.size());
        // Opening names are Lichess's, in English (as on Lichess in every language).
        const QString opening = rest == "set-up position" ? tr("set-up position")
                                : rest == "no moves"      ? tr("no moves")
                                                          : QString::fromStdString(rest);
        //: An opening in the player profile: the side the player had, then the opening's family ("Sicilian Defense").
        return white ? tr("White: %1").arg(opening) : tr("Black: %1").arg(opening);
    }
    // The periods (evaluation::kMaxPeriods): "2021-04-14 to 2021-06-30", or one day.
    if (name == evaluation::kNoDate) return tr("no date");
    if (const auto to = name.find(" to "); to != std::string::npos && name.size() >= 10 && name[4] == '-')
        //: A period of the player's games in the player profile: the dates of its first and last game.
        return tr("%1 to %2")
            .arg(QString::fromStdString(name.substr(0, to)), QString::fromStdString(name.substr(to + 4)));
    // The speeds, in evaluation::kProfileSpeeds' order.
    const QString speeds[] = {tr("ultrabullet"), tr("bullet"),         tr("blitz"),        tr("rapid"),
                              tr("classical"),   tr("correspondence"), tr("unknown speed")};
    static_assert(std::size(speeds) == evaluation::kProfileSpeeds.size());
    for (std::size_t i = 0; i < evaluation::kProfileSpeeds.size(); ++i)
        if (name == evaluation::kProfileSpeeds[i]) return speeds[i];
    return QString::fromStdString(name);
}

evaluation::ProfileHtmlText ProfileCharts::htmlText(const evaluation::PlayerProfile& profile, const QString& summary) {
    const auto text = [](const QString& s) { return s.toStdString(); };
    evaluation::ProfileHtmlText t;
    //: The lang attribute of the HTML report: the interface language's code (en, de, fr, ...).
    t.language = text(tr("en"));
    t.heading = text(tr("Where %1 stands").arg(QString::fromStdString(profile.player)));
    t.summary = text(summary);
    t.explanation = text(
        tr("Loss: the mean loss of winning chances of their moves against the engine's best. Peer: what a human of "
           "their rating and clock loses in the same positions, by the human-move model. A ratio above 1: they lose "
           "more than their peers there. Blunders lose at least 0.3."));
    t.intervalNote = text(
        tr("A ratio's interval: where it falls in %1 of resamples of their games. One that holds 1 is within chance "
           "of their peers; one wholly above or below is a real difference."));
    t.lossByPhase = text(tr("Loss by phase"));
    t.lossByClock = text(tr("Loss by clock"));
    t.lossBySpeed = text(tr("Loss by speed"));
    t.lossByKind = text(tr("Loss by kind of position"));
    t.lossByOpening = text(tr("Loss by opening"));
    t.lossByVariation = text(tr("Loss by variation"));
    t.lossByPeriod = text(tr("Loss by period"));
    t.ratingByPeriod = text(tr("Rating by period"));
    t.ratingByPhase = text(tr("Rating by phase"));
    t.ratingByClock = text(tr("Rating by clock"));
    t.theirLoss = text(tr("their mean loss"));
    t.peerLoss = text(tr("a human of their rating"));
    t.explanationAt =
        text(tr("Loss: the mean loss of winning chances of their moves against the engine's best. Peer: what a human "
                "rated %1, with their clock, loses in the same positions, by the human-move model. A ratio above 1: "
                "they lose more than people rated %1 there. Blunders lose at least 0.3."));
    t.peerLossAt = text(tr("a human rated %1"));
    t.ratioNote = text(tr("x: the ratio; the line on their bar: its interval"));
    t.player = text(tr("player"));
    t.peers = text(tr("peers"));
    t.ratingCaption = text(
        tr("the rating their moves play like, with its interval; the grey line: their rating in these games (%1)"));
    t.ratingCaptionUnrated = text(tr("the rating their moves play like, with its interval"));
    t.allPositions = text(tr("All positions"));
    t.byPhase = text(tr("By phase"));
    t.byClock = text(tr("By clock"));
    t.bySpeed = text(tr("By speed"));
    t.byKind = text(tr("By kind of position"));
    t.byOpening = text(tr("By opening"));
    t.byVariation = text(tr("By variation"));
    t.byPeriod = text(tr("By period"));
    t.ratingCaptionEach =
        text(tr("the rating their moves play like, with its interval; the grey mark: their rating in those games"));
    t.theirRating = text(tr("their rating"));
    t.worstPositions = text(tr("Where they lost most against their peers"));
    t.allGroup = text(tr("all moves"));
    const QStringList header = tableHeader(true);
    for (std::size_t i = 0; i < t.tableHeader.size(); ++i) t.tableHeader[i] = text(header.at(int(i) + 1));
    const QStringList openings = tableHeader(false, false, true);  // the opening phase's after the group's ratio
    for (std::size_t i = 0; i < t.openingPhaseHeader.size(); ++i)
        t.openingPhaseHeader[i] = text(openings.at(int(i) + 6));
    t.tooFew = text(tr("too few positions"));
    t.puzzleHeader = {text(tr("puzzle")), text(tr("move")),  text(tr("played")), text(tr("best")),   text(tr("loss")),
                      text(tr("peer")),   text(tr("phase")), text(tr("game")),   text(tr("opening"))};
    t.puzzleRatingHeader = {text(tr("as a puzzle")), text(tr("their chance"))};
    t.puzzleRatingNote =
        text(tr("As a puzzle: the rating Kibitz's puzzle model predicts for the position on Lichess's puzzle scale, "
                "with its uncertainty; their chance: the chance that a player of their rating in that game finds the "
                "best move, by that rating."));
    t.boardsNote =
        text(tr("Each position as they faced it: the move they played in red, the best move in green, the "
                "opponent's last move tinted."));
    t.standoutsTitle = text(tr("Where they stand out from their peers"));
    t.standoutsNote =
        text(tr("Beyond chance, all %1 groups weighed at once: a player who plays like their peers everywhere is named "
                "here in about one report in ten."));
    t.standoutsWorse = text(tr("they lose more than their peers"));
    t.standoutsBetter = text(tr("they lose less than their peers"));
    t.standoutsNone = text(tr("Nowhere: in every group the difference from their peers is within chance."));
    for (std::size_t i = 0; i < evaluation::kProfileSections; ++i)
        t.sectionNames[i] = text(sectionName(evaluation::ProfileSection(i)));
    t.madeBy = text(tr("Made by Kibitz."));
    t.groupName = [](const std::string& name) { return groupName(name).toStdString(); };
    return t;
}

QString ProfileCharts::sectionName(evaluation::ProfileSection section) {
    using evaluation::ProfileSection;
    switch (section) {
        case ProfileSection::Phase: return tr("phase");
        case ProfileSection::Clock: return tr("clock");
        case ProfileSection::Speed: return tr("speed");
        case ProfileSection::Kind: return tr("kind of position");
        case ProfileSection::Opening: return tr("opening");
        case ProfileSection::Variation: return tr("variation");
        case ProfileSection::Period: return tr("period");
    }
    return {};
}

QString ProfileCharts::standoutsText(const evaluation::ProfileStandouts& standing) {
    if (standing.groups == 0) return {};
    // The surest few each way; the tables and the report have every group.
    static constexpr std::size_t kShown = 5;
    const auto list = [](const std::vector<evaluation::ProfileStandout>& groups) {
        QStringList items;
        for (std::size_t i = 0; i < std::min(groups.size(), kShown); ++i)
            items << tr("%1 (%2) %3")
                         .arg(groupName(groups[i].name).toHtmlEscaped(), sectionName(groups[i].section),
                              ratioText(groups[i].cell));
        if (groups.size() > kShown) items << tr("%n more", nullptr, int(groups.size() - kShown));
        return items.join(QStringLiteral("; "));
    };
    QStringList parts;
    if (!standing.worse.empty()) parts << tr("they lose more than their peers in %1").arg(list(standing.worse));
    if (!standing.better.empty()) parts << tr("they lose less in %1").arg(list(standing.better));
    if (parts.isEmpty()) parts << tr("nowhere do they lose more or less than their peers");
    //: %1: what follows, "they lose more than their peers in ...; they lose less in ...".
    return tr("<b>Beyond chance</b> (%n group(s) weighed at once): %1.", nullptr, int(standing.groups))
        .arg(parts.join(QStringLiteral("; ")));
}

QString ProfileCharts::ratingText(const evaluation::ProfileRating& r) {
    if (!r.valid) return QStringLiteral("–");
    return tr("%1 (%2–%3)").arg(qRound(r.estimate)).arg(qRound(r.low)).arg(qRound(r.high));
}

QString ProfileCharts::ratioText(const evaluation::ProfileCell& c) {
    if (!c.hasRatioInterval()) return number(c.lossRatio(), 2);
    return tr("%1 (%2–%3)").arg(number(c.lossRatio(), 2), number(c.ratioLow, 2), number(c.ratioHigh, 2));
}

namespace {

/// A whisker on each player's bar spanning the loss their ratio's interval gives against the same peers, as the HTML
/// report draws it. The bars stand on a category axis; a hidden value axis from -0.5 to n - 0.5 puts category i at i,
/// and of the group's `barWidth` the player's bar (the first of two sets) is the left half, or with `rows` (bars in
/// rows, category i holding shown[n - 1 - i]) the lower half.
void addIntervals(QChart* chart, const std::vector<evaluation::ProfileGroup>& shown, double barWidth,
                  QValueAxis* lossAxis, bool rows) {
    QValueAxis* place = nullptr;  // the categories' places
    const double offset = -barWidth / 4.0, cap = barWidth / 12.0;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const evaluation::ProfileCell& c = shown[i].cell;
        if (!c.hasRatioInterval()) continue;
        if (!place) {
            place = new QValueAxis;
            place->setRange(-0.5, double(shown.size()) - 0.5);
            place->setVisible(false);
            chart->addAxis(place, rows ? Qt::AlignRight : Qt::AlignTop);
        }
        const double at = rows ? double(shown.size() - 1 - i) : double(i);
        const double mid = at + offset, lo = c.ratioLow * c.peerLoss, hi = c.ratioHigh * c.peerLoss;
        // One path: the cap at the high end, the stem, the cap at the low end.
        const QList<QPointF> path{{mid - cap, hi}, {mid + cap, hi}, {mid, hi},
                                  {mid, lo},       {mid - cap, lo}, {mid + cap, lo}};
        auto* whisker = new QLineSeries;
        for (const QPointF& p : path) whisker->append(rows ? QPointF(p.y(), p.x()) : p);
        whisker->setPen(QPen(QColor(0x22, 0x22, 0x22), 1.5));
        chart->addSeries(whisker);
        whisker->attachAxis(place);
        whisker->attachAxis(lossAxis);
        for (QLegendMarker* m : chart->legend()->markers(whisker)) m->setVisible(false);
    }
}

}  // namespace

void ProfileCharts::showLoss(QChartView* view, const std::vector<evaluation::ProfileGroup>& groups,
                             const QString& title, int peerRating, bool rows) {
    std::vector<evaluation::ProfileGroup> shown;  // copies: the tooltips outlive the caller's profile
    for (const auto& g : groups)
        if (g.cell.enough()) shown.push_back(g);
    QChart* chart = newChart(
        view, shown.empty() ? tr("%1: no group has %2 positions or more").arg(title).arg(evaluation::kMinGroupPositions)
                            : title);
    if (shown.empty()) return;
    auto* theirs = new QBarSet(tr("Their loss"));
    auto* peers = new QBarSet(peerRating > 0 ? tr("Peers rated %1").arg(peerRating) : tr("Peers of their rating"));
    QStringList categories;
    double top = 0.0;
    for (std::size_t k = 0; k < shown.size(); ++k) {
        // In rows the first category is the lowest: the groups go in from the last.
        const evaluation::ProfileGroup& g = shown[rows ? shown.size() - 1 - k : k];
        theirs->append(g.cell.loss);
        peers->append(g.cell.peerLoss);
        categories << groupName(g.name);
        top = std::max({top, g.cell.loss, g.cell.peerLoss, g.cell.ratioHigh * g.cell.peerLoss});
    }
    QAbstractBarSeries* series = rows ? static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries) : new QBarSeries;
    series->append(theirs);
    series->append(peers);
    chart->addSeries(series);
    QBarCategoryAxis* names = nullptr;
    if (rows) {
        names = new QBarCategoryAxis;  // one line each: the axis gives them the width they need
        names->append(categories);
    } else {
        names = categoryAxis(categories);
    }
    chart->addAxis(names, rows ? Qt::AlignLeft : Qt::AlignBottom);
    series->attachAxis(names);
    QValueAxis* loss = valueAxis(0.0, top > 0.0 ? top * 1.1 : 0.01, tr("Loss per move"), QStringLiteral("%.3f"));
    chart->addAxis(loss, rows ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(loss);
    addIntervals(chart, shown, series->barWidth(), loss, rows);
    // The group's size and ratio where the pointer rests: the bars alone do not say how much they rest on.
    QObject::connect(series, &QAbstractBarSeries::hovered, view, [view, shown, rows](bool status, int index, QBarSet*) {
        if (!status || index < 0 || index >= int(shown.size())) return QToolTip::hideText();
        const std::size_t at = rows ? shown.size() - 1 - std::size_t(index) : std::size_t(index);
        const evaluation::ProfileCell& c = shown[at].cell;
        QToolTip::showText(QCursor::pos(),
                           tr("%1: %2 positions in %n game(s); their loss %3, peers %4, ratio (interval) %5; "
                              "blunders %6%, peers %7%",
                              nullptr, int(c.games))
                               .arg(groupName(shown[at].name))
                               .arg(c.positions)
                               .arg(number(c.loss, 4), number(c.peerLoss, 4), ratioText(c),
                                    number(100.0 * c.blunders, 1), number(100.0 * c.peerBlunders, 1)),
                           view);
    });
}

void ProfileCharts::showRatings(QChartView* view, const evaluation::PlayerProfile& profile, double interval) {
    const std::vector<RatingBox> boxes = ratingBoxes(profile);
    // The scale goes in the title: in the axis title it would not fit the chart's height.
    const bool chessCom = profile.ratingScale == encoding::RatingSite::ChessCom;
    const int percent = qRound(100.0 * interval);
    QChart* chart = newChart(
        view, boxes.empty() ? tr("No rating estimate: too few moves in every group, or the "
                                 "estimates were not asked for")
              : chessCom
                  ? tr("The rating their moves play like on chess.com's scale (the box: %1% interval)").arg(percent)
                  : tr("The rating their moves play like on Lichess's scale (the box: %1% interval)").arg(percent));
    if (boxes.empty()) return;
    auto* series = new QBoxPlotSeries;
    series->setName(tr("Estimate and interval"));
    QStringList categories;
    const bool rated = profile.all.meanElo > 0;  // their games give their rating: a line at it
    double low = rated ? profile.all.meanElo : boxes.front().rating.low;
    double high = rated ? profile.all.meanElo : boxes.front().rating.high;
    for (const RatingBox& b : boxes) {
        // The box spans the interval; its middle line is the estimate (no whiskers beyond the interval).
        auto* set = new QBoxSet(b.rating.low, b.rating.low, b.rating.estimate, b.rating.high, b.rating.high, b.name);
        series->append(set);
        categories << b.name;
        low = std::min(low, b.rating.low);
        high = std::max(high, b.rating.high);
    }
    QValueAxis* y = addBoxes(chart, series, categories, low, high);
    if (!rated) return;
    // Their rating in the tags, across the whole chart (a hidden 0..1 axis carries the line's x).
    auto* tags = new QLineSeries;
    tags->setName(tr("Their rating in the games (%1)").arg(qRound(profile.all.meanElo)));
    tags->append(0.0, profile.all.meanElo);
    tags->append(1.0, profile.all.meanElo);
    chart->addSeries(tags);
    auto* lineX = new QValueAxis;
    lineX->setRange(0.0, 1.0);
    lineX->setVisible(false);
    chart->addAxis(lineX, Qt::AlignTop);
    tags->attachAxis(lineX);
    tags->attachAxis(y);
}

void ProfileCharts::showPeriods(QChartView* view, const evaluation::PlayerProfile& profile, double interval) {
    if (profile.byPeriod.empty()) {
        newChart(
            view,
            tr("Not split in time: that takes %1 games with a date or more").arg(2 * int(evaluation::kMinPeriodGames)));
        return;
    }
    std::vector<const evaluation::ProfileGroup*> rated;
    for (const auto& g : profile.byPeriod)
        if (g.rating.valid) rated.push_back(&g);
    if (rated.empty()) {
        showLoss(view, profile.byPeriod,
                 tr("Mean loss of winning chances per move, theirs and their peers', by period"), profile.peerRating);
        return;
    }
    const bool chessCom = profile.ratingScale == encoding::RatingSite::ChessCom;
    const int percent = qRound(100.0 * interval);
    QChart* chart = newChart(
        view, chessCom ? tr("The rating their moves play like, period by period, on chess.com's scale (the box: %1% "
                            "interval), and their rating in those games")
                             .arg(percent)
                       : tr("The rating their moves play like, period by period, on Lichess's scale (the box: %1% "
                            "interval), and their rating in those games")
                             .arg(percent));
    auto* series = new QBoxPlotSeries;
    series->setName(tr("Estimate and interval"));
    auto* tags = new QLineSeries;  // their rating in each period's games, through the periods' middles
    tags->setName(tr("Their rating in those games"));
    QStringList categories;
    double low = rated.front()->rating.low, high = rated.front()->rating.high;
    for (std::size_t i = 0; i < rated.size(); ++i) {
        const evaluation::ProfileRating& r = rated[i]->rating;
        const QString name = groupName(rated[i]->name);
        series->append(new QBoxSet(r.low, r.low, r.estimate, r.high, r.high, name));
        categories << name;
        low = std::min(low, r.low);
        high = std::max(high, r.high);
        if (rated[i]->cell.meanElo > 0) {
            tags->append(double(i), rated[i]->cell.meanElo);
            low = std::min(low, rated[i]->cell.meanElo);
            high = std::max(high, rated[i]->cell.meanElo);
        }
    }
    QValueAxis* y = addBoxes(chart, series, categories, low, high);
    if (tags->count() == 0) {
        delete tags;
        return;
    }
    tags->setPointsVisible(true);
    chart->addSeries(tags);
    // A hidden axis from -0.5 to n - 0.5 puts the points at the categories' middles.
    auto* lineX = new QValueAxis;
    lineX->setRange(-0.5, double(rated.size()) - 0.5);
    lineX->setVisible(false);
    chart->addAxis(lineX, Qt::AlignTop);
    tags->attachAxis(lineX);
    tags->attachAxis(y);
}

QStringList ProfileCharts::tableHeader(bool ratings, bool meanRatings, bool openingPhase) {
    QStringList h{tr("Group"), tr("Positions"), tr("Games"), tr("Their loss"), tr("Peer loss"), tr("Ratio (interval)")};
    //: The table of openings: the positions of their games' opening phase, and their ratio against their peers there.
    if (openingPhase) h << tr("Opening moves") << tr("Ratio in the opening (interval)");
    h << tr("Their blunders") << tr("Peer blunders");
    if (ratings) h << tr("Rating (interval)");
    if (meanRatings) h << tr("Their rating");
    return h;
}

void ProfileCharts::fillTable(QTreeWidget* table, const std::vector<evaluation::ProfileGroup>& groups, bool ratings,
                              bool meanRatings, bool openingPhase) {
    table->clear();
    table->setHeaderLabels(tableHeader(ratings, meanRatings, openingPhase));
    for (const auto& g : groups) {
        const evaluation::ProfileCell& c = g.cell;
        QStringList row{groupName(g.name), QString::number(c.positions), QString::number(c.games)};
        if (c.enough())
            row << number(c.loss, 4) << number(c.peerLoss, 4) << ratioText(c);
        else
            row << tr("too few positions") << QString() << QString();
        if (openingPhase)
            row << QString::number(g.openingPhase.positions)
                << (g.openingPhase.enough() ? ratioText(g.openingPhase) : QStringLiteral("–"));
        if (c.enough())
            row << tr("%1%").arg(number(100.0 * c.blunders, 1)) << tr("%1%").arg(number(100.0 * c.peerBlunders, 1));
        else
            row << QString() << QString();
        if (ratings) row << ratingText(g.rating);
        if (meanRatings) row << (c.meanElo > 0 ? QString::number(qRound(c.meanElo)) : QStringLiteral("–"));
        auto* item = new QTreeWidgetItem(row);
        for (int col = 1; col < row.size(); ++col) item->setTextAlignment(col, Qt::AlignRight | Qt::AlignVCenter);
        table->addTopLevelItem(item);
    }
    for (int col = 0; col < table->columnCount(); ++col) table->resizeColumnToContents(col);
}

}  // namespace kibitz::ui
