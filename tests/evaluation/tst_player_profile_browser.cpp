// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile's HTML report opened in a real browser: headless Chromium loads the page of a profile of
// pnmadelaine's real games (fake model, fake engine) from a file, with no network and no script, and the screenshot it
// takes shows every bar of the player's loss charts drawn in the player's colour, and the worst positions' boards with
// their squares and pieces. Chromium comes with the test
// dependencies (scripts/setup.sh); without it the test fails and says so.
#include "core/chess/pgn.h"
#include "core/evaluation/player_profile.h"
#include "tests/evaluation/fakes.h"
#include "tests/evaluation/profile_games.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cctype>
#include <vector>

using namespace kibitz;

namespace {

bool near(const QColor& c, QRgb target, int tolerance) {
    return std::abs(c.red() - qRed(target)) < tolerance && std::abs(c.green() - qGreen(target)) < tolerance &&
           std::abs(c.blue() - qBlue(target)) < tolerance;
}

bool playerColour(const QColor& c) { return near(c, 0xc0392b, 12); }
/// A board's dark squares (#b58863) and the fill of a white piece (#fbfbf8, which the page's white is not).
bool darkSquare(const QColor& c) { return near(c, 0xb58863, 3); }
bool whitePiece(const QColor& c) { return near(c, 0xfbfbf8, 2) && c.blue() < 0xfd; }

/// Connected regions (4-neighbours) of the colour `inside` accepts in `image`, of at least `minPixels` pixels.
template <typename Inside>
int regionsOf(const QImage& image, Inside inside, int minPixels = 1) {
    const int w = image.width();
    const int h = image.height();
    std::vector<char> seen(std::size_t(w) * std::size_t(h), 0);
    int regions = 0;
    std::vector<std::pair<int, int>> stack;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (seen[std::size_t(y) * w + x] || !inside(image.pixelColor(x, y))) continue;
            int pixels = 0;
            stack.push_back({x, y});
            seen[std::size_t(y) * w + x] = 1;
            while (!stack.empty()) {
                const auto [px, py] = stack.back();
                stack.pop_back();
                ++pixels;
                for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    const int nx = px + dx;
                    const int ny = py + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                    char& s = seen[std::size_t(ny) * w + nx];
                    if (s || !inside(image.pixelColor(nx, ny))) continue;
                    s = 1;
                    stack.push_back({nx, ny});
                }
            }
            if (pixels >= minPixels) ++regions;
        }
    return regions;
}

QString chromium() {
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        QString path = QStandardPaths::findExecutable(QString::fromLatin1(name));
        if (!path.isEmpty()) return path;
    }
    return {};
}

}  // namespace

class TstPlayerProfileBrowser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theReportOpensInChromium() {
        const QString browser = chromium();
        QVERIFY2(!browser.isEmpty(), "no Chromium on PATH: scripts/setup.sh installs the test dependencies (chromium)");

        const auto games = testing::sampleGamesOf("pnmadelaine", 30);
        testing::FakeEvaluator model;
        testing::OneAnswerAnalyser engine;  // one clearly best move a position: the worst positions have boards
        evaluation::PlayerProfileOptions o;
        o.positions.every = 2;
        o.bootstrapRounds = 20;
        auto r = evaluation::profilePlayer(games, "pnmadelaine", model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const std::string html = evaluation::playerProfileHtml(*r);
        const int bars = int(QString::fromStdString(html).count(QStringLiteral("class=\"bar player\"")));
        QVERIFY(bars >= 4);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString page = dir.filePath(QStringLiteral("profile.html"));
        const QString shot = dir.filePath(QStringLiteral("profile.png"));
        QFile f(page);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(html.data(), qint64(html.size()));
        f.close();

        // A page of its own, no network, no scripts: the charts are inline SVG and must draw without either.
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        // Chromium keeps its crash reports' settings and caches under the user's home, whatever --user-data-dir says:
        // a home of its own in the test's folder leaves the developer's untouched.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("home"))));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"})
            env.insert(QString::fromLatin1(var), dir.filePath(QStringLiteral("home")));
        p.setProcessEnvironment(env);
        p.start(browser, {QStringLiteral("--headless=new"), QStringLiteral("--no-sandbox"),
                          QStringLiteral("--disable-gpu"), QStringLiteral("--hide-scrollbars"),
                          QStringLiteral("--disable-javascript"), QStringLiteral("--no-first-run"),
                          QStringLiteral("--user-data-dir=") + dir.filePath(QStringLiteral("chromium")),
                          QStringLiteral("--window-size=1200,8000"), QStringLiteral("--screenshot=") + shot,
                          QUrl::fromLocalFile(page).toString()});
        QVERIFY2(p.waitForStarted(10000), qPrintable(browser + " does not start"));
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            QFAIL("Chromium did not finish within 120 s");
        }
        QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromLocal8Bit(p.readAll()).right(800)));

        const QImage image(shot);
        QVERIFY2(!image.isNull(), "Chromium wrote no screenshot");
        // Each loss chart's bar of the player is a region of their colour of its own (the rating charts add more).
        const int regions = regionsOf(image, playerColour);
        qInfo("%d bars, %d regions of the player's colour in a %dx%d screenshot", bars, regions, image.width(),
              image.height());
        QVERIFY2(regions >= bars,
                 qPrintable(QString("%1 regions of the player's colour for %2 bars").arg(regions).arg(bars)));

        // The worst positions' boards: each dark square a region of its own (they touch only at corners), but for
        // those an arrow or the last move's tint covers; each white piece's fill a region of its own or more.
        int whitePieces = 0;
        for (const auto& z : r->puzzles) {
            const std::string fen = z.faced()->fen();
            for (const char c : fen.substr(0, fen.find(' ')))
                whitePieces += std::isupper(static_cast<unsigned char>(c)) ? 1 : 0;
        }
        const int boards = int(r->puzzles.size());
        QVERIFY(boards >= 3);
        const int squares = regionsOf(image, darkSquare, 40);
        const int fills = regionsOf(image, whitePiece, 6);
        qInfo("%d boards: %d dark squares drawn, %d regions of white pieces' fill for %d white pieces", boards, squares,
              fills, whitePieces);
        QVERIFY2(squares >= boards * 26 && squares <= boards * 32, qPrintable(QString::number(squares)));
        QVERIFY2(fills >= whitePieces * 9 / 10, qPrintable(QString::number(fills)));
    }
};

QTEST_MAIN(TstPlayerProfileBrowser)
#include "tst_player_profile_browser.moc"
