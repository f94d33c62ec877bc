// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile's HTML page drawn: every inline SVG chart of a profile of pnmadelaine's real games (fake model,
// fake engine) renders with Qt's SVG renderer, and the bars and estimates are drawn in the player's colour, as many
// as the groups with enough positions. With KIBITZ_PROFILE_HTML (a page `kibitz-cli profile --html` wrote) and
// KIBITZ_SCREENSHOT_DIR set, that page's charts are drawn into player-profile-report.png there (the user guide's
// picture), two a row as a wide browser window shows them.
#include "core/chess/pgn.h"
#include "core/evaluation/player_profile.h"
#include "tests/evaluation/fakes.h"
#include "tests/evaluation/profile_games.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QtTest>

using namespace kibitz;

namespace {

/// Separate regions of the player's colour (#c0392b) on one horizontal line of `image`.
int runsOfPlayerColour(const QImage& image, int y) {
    int runs = 0;
    bool inside = false;
    for (int x = 0; x < image.width(); ++x) {
        const QColor c = image.pixelColor(x, y);
        const bool player =
            std::abs(c.red() - 0xc0) < 12 && std::abs(c.green() - 0x39) < 12 && std::abs(c.blue() - 0x2b) < 12;
        if (player && !inside) ++runs;
        inside = player;
    }
    return runs;
}

/// The inline SVG charts of a page, each drawn at twice its size on white, with the page's stylesheet applied by hand
/// (the renderer reads the SVG alone).
std::vector<QImage> drawCharts(const QString& html) {
    const QRegularExpression svgRe(QStringLiteral("<svg.*?</svg>"), QRegularExpression::DotMatchesEverythingOption);
    std::vector<QImage> out;
    for (auto it = svgRe.globalMatch(html); it.hasNext();) {
        QString svg = it.next().captured(0);
        // The worst positions' boards and the pieces they share are not charts.
        if (svg.contains(QStringLiteral("class=\"board\"")) || svg.contains(QStringLiteral("<symbol"))) continue;
        svg.replace(QStringLiteral("class=\"t\""), QStringLiteral("font-weight=\"bold\" font-size=\"14\""));
        svg.replace(QStringLiteral("class=\"a\""), QStringLiteral("font-size=\"12\""));
        svg.replace(QStringLiteral("class=\"g\""), QStringLiteral("stroke=\"#e6e6e6\""));
        svg.replace(QStringLiteral("class=\"ax\""), QStringLiteral("stroke=\"#444\""));
        svg.replace(QStringLiteral("class=\"actual\""), QStringLiteral("stroke-dasharray=\"4 3\" stroke-width=\"2\""));
        QSvgRenderer renderer(svg.toUtf8());
        QImage image(renderer.defaultSize() * 2, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.render(&painter);
        out.push_back(image);
    }
    return out;
}

}  // namespace

class TstPlayerProfileHtml : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chartsAreDrawn() {
        const auto games = testing::sampleGamesOf("pnmadelaine", 30);
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o;
        o.positions.every = 2;
        o.bootstrapRounds = 20;
        auto r = evaluation::profilePlayer(games, "pnmadelaine", model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const QString html = QString::fromStdString(evaluation::playerProfileHtml(*r));
        // The page's stylesheet sets the charts' fonts and grid lines; the renderer gets the SVG alone.
        const QRegularExpression svgRe(QStringLiteral("<svg.*?</svg>"), QRegularExpression::DotMatchesEverythingOption);
        int charts = 0;
        for (auto it = svgRe.globalMatch(html); it.hasNext(); ++charts) {
            const QString svg = it.next().captured(0);
            QSvgRenderer renderer(svg.toUtf8());
            QVERIFY2(renderer.isValid(), qPrintable(svg.left(200)));
            QImage image(renderer.defaultSize(), QImage::Format_RGB32);
            QVERIFY(!image.isNull());
            image.fill(Qt::white);
            QPainter painter(&image);
            renderer.render(&painter);
            painter.end();
            const bool lossChart = svg.contains(QStringLiteral("class=\"bar player\""));
            if (lossChart) {
                // The bars stand on the axis: one run of the player's colour per group, just above it.
                const int bars = int(svg.count(QStringLiteral("class=\"bar player\"")));
                const int axisY = 30 + 200 - 1;
                QCOMPARE(runsOfPlayerColour(image, axisY), bars);
                // Each bar carries its ratio's interval (a whisker) where the group has one.
                QVERIFY(svg.count(QStringLiteral("class=\"interval\"")) > 0);
                QVERIFY(svg.count(QStringLiteral("class=\"interval\"")) <= bars);
            } else {
                QVERIFY(svg.contains(QStringLiteral("class=\"estimate\"")));
                int drawn = 0;
                for (int y = 0; y < image.height(); ++y) drawn += runsOfPlayerColour(image, y) > 0;
                QVERIFY(drawn > 0);
            }
        }
        // Loss by phase, clock, speed, kind, opening, variation and period; rating by phase, clock and period (30
        // games: three periods of ten).
        QCOMPARE(r->byPeriod.size(), std::size_t(3));
        QCOMPARE(charts, 10);
        // A period's dates are drawn in two lines under its bars, the first ending in "to".
        const std::string& period = r->byPeriod.front().name;
        QVERIFY(period.find(" to ") != std::string::npos);
        QVERIFY(html.contains(QStringLiteral(">%1</text>").arg(QString::fromStdString(period.substr(0, 13)))));
        // An opening's name is drawn in lines under its bars: its side, then its family, in lines of at most 13
        // characters where it has spaces ("Scandinavian", "Defense").
        QVERIFY(r->byOpening.front().name.starts_with("White: ") || r->byOpening.front().name.starts_with("Black: "));
        const std::string side = r->byOpening.front().name.substr(0, 6);
        const QString family = QString::fromStdString(r->byOpening.front().name.substr(7));
        QVERIFY(html.contains(QStringLiteral(">%1</text>").arg(QString::fromStdString(side))));
        QString lines;
        for (const QString& word : family.split(u' ')) {
            if (!lines.isEmpty() && lines.size() + 1 + word.size() > 13) {
                QVERIFY2(html.contains(QStringLiteral(">%1</text>")
                                           .arg(lines.toHtmlEscaped().replace(u'\'', QStringLiteral("&#39;")))),
                         qPrintable(lines));
                lines.clear();
            }
            lines += (lines.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        QVERIFY2(html.contains(
                     QStringLiteral(">%1</text>").arg(lines.toHtmlEscaped().replace(u'\'', QStringLiteral("&#39;")))),
                 qPrintable(lines));
    }

    void screenshotOfAReport() {
        const QString page = qEnvironmentVariable("KIBITZ_PROFILE_HTML");
        const QString dir = qEnvironmentVariable("KIBITZ_SCREENSHOT_DIR");
        if (page.isEmpty() || dir.isEmpty()) QSKIP("KIBITZ_PROFILE_HTML and KIBITZ_SCREENSHOT_DIR are not both set");
        QFile f(page);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::vector<QImage> charts = drawCharts(QString::fromUtf8(f.readAll()));
        QVERIFY(!charts.empty());
        int width = 0, height = 0;
        for (std::size_t i = 0; i < charts.size(); i += 2) {
            const QImage* right = i + 1 < charts.size() ? &charts[i + 1] : nullptr;
            width = std::max(width, charts[i].width() + (right ? right->width() : 0));
            height += std::max(charts[i].height(), right ? right->height() : 0);
        }
        QImage shot(width, height, QImage::Format_RGB32);
        shot.fill(Qt::white);
        QPainter painter(&shot);
        for (std::size_t i = 0, y = 0; i < charts.size(); i += 2) {
            painter.drawImage(0, int(y), charts[i]);
            int rowHeight = charts[i].height();
            if (i + 1 < charts.size()) {
                painter.drawImage(charts[i].width(), int(y), charts[i + 1]);
                rowHeight = std::max(rowHeight, charts[i + 1].height());
            }
            y += std::size_t(rowHeight);
        }
        painter.end();
        QVERIFY(shot.save(dir + QStringLiteral("/player-profile-report.png")));
    }
};

QTEST_MAIN(TstPlayerProfileHtml)
#include "tst_player_profile_html.moc"
