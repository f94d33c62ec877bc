// SPDX-License-Identifier: GPL-3.0-or-later
// One conditioning for one ply: for every ply of real games, with and without clocks and rating
// tags, the analysis dock (the session's players for that ply, shown in the controls) sends the model exactly the
// conditioning the review, guess-elo and training read from the same game (encoding::plyConditionings). Before, a
// game with a TimeControl but no [%clk] lost its increment in the dock, and a game without rating tags was analysed
// at 1500 against 1500 but reviewed with the ratings unknown.
#include "core/chess/pgn.h"
#include "core/encoding/game_conditioning.h"
#include "ui/analysis_panel.h"
#include "ui/session.h"

#include <QLabel>
#include <QSlider>
#include <QTest>

using namespace kibitz;

namespace {

/// The first games of the Lichess sample (tests/data), as the reader gives them.
std::vector<chess::PgnGame> sampleGames(int n) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    if (!reader) qFatal("%s", reader.error().message.c_str());
    std::vector<chess::PgnGame> out;
    chess::PgnGame g;
    while (int(out.size()) < n && (*reader)->next(g)) out.push_back(g);
    return out;
}

void removeTag(chess::PgnGame& g, const std::string& name) {
    std::erase_if(g.tags, [&](const auto& kv) { return kv.first == name; });
}

QString text(const std::optional<int>& v) { return v ? QString::number(*v) : QStringLiteral("unknown"); }

QString text(const encoding::Conditioning& c) {
    return QStringLiteral("elo %1/%2 clock %3/%4 inc %5")
        .arg(text(c.moverElo), text(c.oppElo), text(c.moverClockS), text(c.oppClockS), text(c.incrementS));
}

}  // namespace

class TstAnalysisPanelConditioning : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyPlyAsTheReviewReadsIt_data() {
        QTest::addColumn<int>("variant");
        QTest::newRow("ratings and clocks") << 0;
        QTest::newRow("TimeControl without [%clk]") << 1;
        QTest::newRow("no rating tags") << 2;
        QTest::newRow("neither ratings nor time control") << 3;
    }
    void everyPlyAsTheReviewReadsIt() {
        QFETCH(int, variant);
        ui::AnalysisPanel panel;
        int plies = 0;
        for (chess::PgnGame game : sampleGames(3)) {
            QVERIFY(!game.tag("TimeControl").empty());
            if (variant == 1 || variant == 3)
                for (auto& m : game.moves) m.clockSeconds = -1;
            if (variant >= 2) {
                removeTag(game, "WhiteElo");
                removeTag(game, "BlackElo");
            }
            if (variant == 3) removeTag(game, "TimeControl");
            const auto conds = encoding::plyConditionings(game, /*includeFinal=*/true);
            QCOMPARE(conds.size(), game.moves.size() + 1);
            chess::Position pos = *game.startPosition();
            for (std::size_t ply = 0; ply < conds.size(); ++ply) {
                const encoding::Conditioning& want = conds[ply];
                // What the main window does on each move of a loaded game.
                const auto players = ui::Session::Players::fromConditioning(want, pos.sideToMove());
                panel.setPosition(pos);
                panel.setPlayers(players.white, players.black);
                const encoding::Conditioning got = panel.conditioning();
                QVERIFY2(got.moverElo == want.moverElo && got.oppElo == want.oppElo &&
                             got.moverClockS == want.moverClockS && got.oppClockS == want.oppClockS &&
                             got.incrementS == want.incrementS,
                         qPrintable(QStringLiteral("ply %1: dock %2, review %3").arg(ply).arg(text(got), text(want))));
                ++plies;
                if (ply < game.moves.size()) pos.makeMove(game.moves[ply].move);
            }
            // What the game does not say, the controls say is unknown.
            const auto labels = panel.findChildren<QLabel*>();
            const auto unknown = std::count_if(labels.begin(), labels.end(),
                                               [](const QLabel* l) { return l->text() == QLatin1String("unknown"); });
            QCOMPARE(int(unknown), variant == 0 ? 0 : variant == 1 ? 2 : variant == 2 ? 2 : 5);
        }
        QVERIFY(plies > 100);
        // The first variant's sample has real [%clk] comments and a TimeControl increment of 0 or more; the second
        // keeps the increment: the bug's case.
        if (variant == 1) QVERIFY(panel.conditioning().incrementS.has_value());
    }

    void movingASliderMakesItKnown() {
        ui::AnalysisPanel panel;
        panel.setPlayers({std::nullopt, std::nullopt, std::nullopt}, {1800, std::nullopt, std::nullopt});
        encoding::Conditioning c = panel.conditioning();  // White to move at the start
        QVERIFY(!c.moverElo.has_value());
        QCOMPARE(c.oppElo, std::optional<int>(1800));
        QVERIFY(!c.incrementS.has_value());
        auto* slider = panel.findChild<QSlider*>(QStringLiteral("whiteElo"));
        QVERIFY(slider);
        slider->setValue(1250);
        c = panel.conditioning();
        QCOMPARE(c.moverElo, std::optional<int>(1250));
    }
};

QTEST_MAIN(TstAnalysisPanelConditioning)
#include "tst_analysis_panel_conditioning.moc"
