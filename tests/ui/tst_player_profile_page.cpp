// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile page offscreen on a real player's games (pnmadelaine's Lichess games in
// tests/data/games_sample.pgn, as the core's own test) with a fake model and a fake engine: the run goes through the
// worker thread, each chart holds the figures of a profile made directly by the core from the same games, the table
// lists the positions and they export as puzzles that read back; Cancel stops a slow run and shows nothing; bad
// input (no such player, too few games, no ratings, a folder without games) is refused with the reason; chess.com
// games' ratings are said to be on chess.com's scale; 'Peers rated' reaches the run and says so, and profiles games
// without ratings. With
// KIBITZ_SCREENSHOT_DIR set, a real run (Stockfish, the shipped model) saves docs/screenshots/player-profile.png.
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"
#include "core/engines/engine_locator.h"
#include "core/jobs/human_model.h"
#include "core/training/player_games.h"
#include "tests/evaluation/fakes.h"
#include "tests/jobs/fake_game_api.h"
#include "ui/board_widget.h"
#include "ui/player_profile_charts.h"
#include "ui/player_profile_page.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QTranslator>
#include <QTreeWidget>

#include <array>

using namespace kibitz;

namespace {

const char* kPlayer = "pnmadelaine";
const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// The ladder engine (tests/evaluation/fakes.h: legal move i scores 50 - 40 i centipawns), except in one position
/// of five, where only the first legal move holds (+300, the others -300 and below): those can be puzzles.
class MixedAnalyser : public testing::LadderAnalyser {
public:
    explicit MixedAnalyser(int delayMs = 0) : LadderAnalyser(delayMs) {}
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int lines,
                                                      const CancelToken& cancel) override {
        auto out = LadderAnalyser::analyse(pos, lines, cancel);
        if (!out || pos.key() % 5 != 0) return out;
        for (std::size_t i = 0; i < out->size(); ++i) (*out)[i].score.value = i == 0 ? 300 : -300 - 10 * int(i);
        return out;
    }
    QString describe() const override { return QStringLiteral("mixed"); }
};

evaluation::AnalyserFactory mixedFactory(int delayMs = 0) {
    return [delayMs]() -> Result<std::unique_ptr<evaluation::PositionAnalyser>> {
        return std::unique_ptr<evaluation::PositionAnalyser>(std::make_unique<MixedAnalyser>(delayMs));
    };
}

/// The profile's options in the test: few resamples (the intervals are not checked against the core's run).
evaluation::PlayerProfileOptions testOptions() {
    evaluation::PlayerProfileOptions o;
    o.bootstrapRounds = 20;
    return o;
}

/// What the page should show: the core's profile of the same games, with the same fakes and options.
evaluation::PlayerProfile expectedProfile(int every) {
    auto games = training::readPlayerGames({kGames.toStdString()}, kPlayer);
    if (!games) qFatal("%s", games.error().message.c_str());
    testing::FakeEvaluator model;
    MixedAnalyser engine;
    evaluation::PlayerProfileOptions o = testOptions();
    o.positions.every = every;
    auto r = evaluation::profilePlayer(games->games, games->name, model, engine, o, CancelToken());
    if (!r) qFatal("%s", r.error().message.c_str());
    return *r;
}

QAbstractBarSeries* barSeries(QChartView* view) {
    QAbstractBarSeries* found = nullptr;
    for (QAbstractSeries* s : view->chart()->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(s)) {
            if (found) return nullptr;  // one bar series a chart
            found = bars;
        }
    return found;
}

/// The chart's interval whiskers: each a line series, in the order of the groups that have one.
std::vector<QLineSeries*> whiskers(QChartView* view) {
    std::vector<QLineSeries*> out;
    for (QAbstractSeries* s : view->chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(s)) out.push_back(line);
    return out;
}

/// Writes the games of `player` in games_sample.pgn to `path`, each changed by `edit`: false when it cannot.
bool writeEditedGames(const QString& path, const std::function<QString(QString)>& edit) {
    QFile f(kGames);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read games_sample.pgn");
    const QString all = QString::fromUtf8(f.readAll());
    QString out;
    for (const QString& game : all.split(QStringLiteral("[Event "), Qt::SkipEmptyParts))
        if (game.contains(QStringLiteral("\"%1\"").arg(QLatin1String(kPlayer))))
            out += edit(QStringLiteral("[Event ") + game);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(out.toUtf8()) >= 0;
}

/// A game with its rating tags emptied ("?": unknown), as club games come.
QString withoutRatings(QString game) {
    return game.replace(QRegularExpression(QStringLiteral("\\[(White|Black)Elo \"\\d+\"\\]")),
                        QStringLiteral("[\\1Elo \"?\"]"));
}

/// Marks every string of the profile charts' context it is asked for: a name shown through tr() comes out in
/// brackets, one shown as it came from the core does not.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* /*disambiguation*/ = nullptr,
                      int /*n*/ = -1) const override {
        if (QByteArray(context) != "ProfileCharts") return QString();
        return QStringLiteral("[%1]").arg(QString::fromUtf8(source));
    }
    bool isEmpty() const override { return false; }
};

}  // namespace

class TstPlayerProfilePage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void chartsHoldTheFigures();
    void cancelStopsTheRun();
    /// Download… on the page: the account's games from a fake Lichess on the loopback become the games and the
    /// account the player, ready to run; the dialog remembers the account; an unknown account and a cancelled
    /// download say so and leave the games as they were.
    void downloadsTheGames();
    void badInputIsRefused_data();
    void badInputIsRefused();
    void chessComRatingsSayTheirScale();
    void groupNamesAreTranslated();
    /// "Peers rated" on the page: the run's peers are of that rating, and the legend and summary say so.
    void peersOfAChosenRating();
    /// The worst positions rated as puzzles by the rater the app gives (here a stand-in), in the worker thread: two
    /// columns then, hidden without; a rater that fails leaves them unrated and says so.
    void worstPositionsRatedAsPuzzles();
    /// With KIBITZ_SCREENSHOT_DIR set and Stockfish found, the page as the user guide shows it
    /// (docs/screenshots/player-profile.png): the newest 40 of the player's games with the shipped model and
    /// Stockfish at the page's depth (a real run of a few minutes).
    void screenshotWithStockfish();

private:
    /// A page over `files` with the fake model and `engine`.
    std::unique_ptr<ui::PlayerProfilePage> makePage(const QStringList& files,
                                                    const evaluation::AnalyserFactory& engine) {
        auto page = std::make_unique<ui::PlayerProfilePage>();
        page->setHumanModel(QString(), testing::fakeEvaluatorFactory());
        page->setAnalyserFactory(engine);
        page->setProfileOptions(testOptions());
        page->setGameFiles(files);
        page->setPlayer(QString::fromLatin1(kPlayer));
        return page;
    }

    QTemporaryDir m_dir;
};

void TstPlayerProfilePage::worstPositionsRatedAsPuzzles() {
    auto page = makePage({kGames}, mixedFactory());
    QTableWidget* positions = page->positionsTable();
    auto columnOf = [positions](const QString& header) {
        for (int col = 0; col < positions->columnCount(); ++col)
            if (positions->horizontalHeaderItem(col)->text() == header) return col;
        return -1;
    };
    const int puzzleCol = columnOf(ui::PlayerProfilePage::tr("As a puzzle"));
    const int chanceCol = columnOf(ui::PlayerProfilePage::tr("Their chance"));
    QVERIFY(puzzleCol >= 0 && chanceCol == puzzleCol + 1);
    auto run = [&page] {
        QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
        QTest::mouseClick(page->runButton(), Qt::LeftButton);
        return done.wait(120000) && done.front().front().toBool();
    };
    QVERIFY(run());  // no rater: unrated, the columns hidden
    QVERIFY(!page->profile()->puzzles.empty());
    QVERIFY(positions->isColumnHidden(puzzleCol) && positions->isColumnHidden(chanceCol));

    QThread* ratedIn = nullptr;
    page->setPuzzleRater([&ratedIn](evaluation::PlayerProfile& profile) -> Status {
        ratedIn = QThread::currentThread();
        for (std::size_t i = 0; i < profile.puzzles.size(); ++i) {
            // The last one rated under 1000, where the table's text would sort it after the others.
            profile.puzzles[i].difficulty = i + 1 == profile.puzzles.size() ? 990.0 : 1500.0 + 10.0 * double(i);
            profile.puzzles[i].difficultySigma = 200.0;
            profile.puzzles[i].solveChance = 0.4;
        }
        return {};
    });
    QVERIFY(run());
    QVERIFY(ratedIn && ratedIn != QThread::currentThread());
    QVERIFY(!positions->isColumnHidden(puzzleCol) && !positions->isColumnHidden(chanceCol));
    QCOMPARE(positions->item(1, puzzleCol)->text(), QStringLiteral("1510 ± 200"));
    QCOMPARE(positions->item(1, chanceCol)->text(), QStringLiteral("40%"));
    // The report saved from the page has them too.
    QVERIFY(QString::fromStdString(evaluation::playerProfileHtml(*page->profile()))
                .contains(QStringLiteral("<td>1500 &#177; 200</td><td>40%</td>")));

    // Sorted by a clicked header, as numbers (text would put "990 ± 200" after "1510 ± 200"), the other way
    // on a second click; the board beside the table shows the selected row's own position, wherever it moved.
    page->show();
    QVERIFY(QTest::qWaitForWindowExposed(page.get()));
    page->tabs()->setCurrentIndex(page->tabs()->count() - 1);
    QHeaderView* header = positions->horizontalHeader();
    const auto clickHeader = [header](int col) {
        QTest::mouseClick(
            header->viewport(), Qt::LeftButton, {},
            QPoint(header->sectionViewportPosition(col) + header->sectionSize(col) / 2, header->height() / 2));
    };
    const int rows = positions->rowCount();
    QVERIFY(rows >= 3);
    auto ratingAt = [&](int row) {
        return positions->item(row, puzzleCol)->text().section(QLatin1Char(' '), 0, 0).toInt();
    };
    QCOMPARE(ratingAt(0), 1500);  // the core's order until asked
    clickHeader(puzzleCol);
    QVERIFY(header->isSortIndicatorShown());
    QCOMPARE(header->sortIndicatorSection(), puzzleCol);
    QCOMPARE(ratingAt(0), 990);
    for (int row = 1; row < rows; ++row) QVERIFY(ratingAt(row - 1) <= ratingAt(row));
    // The first row is now the last position of the core's list: the board shows that one.
    positions->setCurrentCell(1, 0);
    positions->setCurrentCell(0, 0);
    const evaluation::ProfilePuzzle& last = page->profile()->puzzles.back();
    chess::Position faced = chess::Position::fromFen(last.fen).value();
    faced.makeMove(chess::parseUci(faced, last.setupMove).value());
    QCOMPARE(page->positionBoard()->position().fen(), faced.fen());
    clickHeader(puzzleCol);
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(ratingAt(0), 1500 + 10 * (rows - 2));
    QCOMPARE(ratingAt(rows - 1), 990);

    page->setPuzzleRater([](evaluation::PlayerProfile& profile) -> Status {
        profile.puzzles.front().difficulty = 1700.0;  // half done, then failed: nothing of it may stay
        return makeError(ErrorCode::Runtime, "no puzzle model here");
    });
    QVERIFY(run());
    QVERIFY(positions->isColumnHidden(puzzleCol));
    QCOMPARE(page->profile()->puzzles.front().difficulty, 0.0);
    QVERIFY2(page->statusLabel()->text().contains(
                 QStringLiteral("The worst positions are not rated as puzzles: no puzzle model here")),
             qPrintable(page->statusLabel()->text()));
}

void TstPlayerProfilePage::initTestCase() {
    // The page remembers its choices in QSettings and keeps scores in the cache folder: not the user's.
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("kibitz-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_player_profile_page"));
}

void TstPlayerProfilePage::chartsHoldTheFigures() {
    auto page = makePage({kGames}, mixedFactory());
    QVERIFY(page->runButton()->isEnabled());
    QVERIFY(!page->exportButton()->isEnabled());
    // The step is the core's own default until one is chosen (the CLI's too): all their games here, one move in a few.
    QCOMPARE(page->everyBox()->value(), 0);
    QCOMPARE(page->everyBox()->text(), QStringLiteral("auto"));
    QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
    QTest::mouseClick(page->runButton(), Qt::LeftButton);
    QVERIFY(page->isRunning());
    QVERIFY(page->cancelButton()->isEnabled());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), true);
    QVERIFY(page->profile().has_value());
    QVERIFY(!page->isRunning());

    const evaluation::PlayerProfile want = expectedProfile(0);
    const evaluation::PlayerProfile& got = *page->profile();
    QCOMPARE(got.games, want.games);
    QCOMPARE(got.all.positions, want.all.positions);
    QVERIFY(got.every >= 2);
    QVERIFY2(page->statusLabel()->text().contains(
                 QStringLiteral("%1 positions, one of their moves in %2").arg(got.all.positions).arg(got.every)),
             qPrintable(page->statusLabel()->text()));
    QVERIFY(got.all.positions > 500);
    QCOMPARE(QString::fromStdString(got.model), QStringLiteral("fake model"));
    QCOMPARE(QString::fromStdString(got.engine), QStringLiteral("mixed"));
    // Where they stand out, under the summary: the core's weighing of the same groups, each group named with its
    // breakdown.
    const evaluation::ProfileStandouts standing = want.standouts();
    QVERIFY(standing.groups > 10);
    const QString standouts = page->standoutsLabel()->text();
    QVERIFY2(standouts.contains(QStringLiteral("(%1 group").arg(standing.groups)) &&
                 standouts.contains(QStringLiteral(" weighed at once)")),
             qPrintable(standouts));
    // The five surest each way are named, then how many more.
    for (const auto* list : {&standing.worse, &standing.better}) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const QString named = QStringLiteral("%1 (%2) ")
                                      .arg(ui::ProfileCharts::groupName((*list)[i].name).toHtmlEscaped(),
                                           ui::ProfileCharts::sectionName((*list)[i].section));
            QVERIFY2(standouts.contains(named) == (i < 5), qPrintable(named + QStringLiteral(": ") + standouts));
        }
        if (list->size() > 5)
            QVERIFY2(standouts.contains(QStringLiteral("; %1 more").arg(list->size() - 5)), qPrintable(standouts));
    }
    if (standing.worse.empty() && standing.better.empty())
        QVERIFY(standouts.contains(QStringLiteral("nowhere do they lose more or less")));

    // Each loss chart: one category per group with enough positions, their loss and the peers' as the core has them.
    // The variations' bars lie in rows, the first group at the top (the axis's last category), names on one line.
    const std::pair<ui::PlayerProfilePage::Chart, const std::vector<evaluation::ProfileGroup>*> charts[] = {
        {ui::PlayerProfilePage::Chart::Phase, &want.byPhase},
        {ui::PlayerProfilePage::Chart::Clock, &want.byClock},
        {ui::PlayerProfilePage::Chart::Kind, &want.byKind},
        {ui::PlayerProfilePage::Chart::Speed, &want.bySpeed},
        {ui::PlayerProfilePage::Chart::Opening, &want.byOpening},
        {ui::PlayerProfilePage::Chart::Variation, &want.byVariation}};
    for (const auto& [chart, groups] : charts) {
        QAbstractBarSeries* series = barSeries(page->chartView(chart));
        QVERIFY(series);
        const bool rows = chart == ui::PlayerProfilePage::Chart::Variation;
        QCOMPARE(series->type() == QAbstractSeries::SeriesTypeHorizontalBar, rows);
        QCOMPARE(series->count(), 2);
        const auto axes = series->attachedAxes();
        QBarCategoryAxis* categoryAxis = nullptr;
        for (QAbstractAxis* a : axes)
            if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) categoryAxis = c;
        QVERIFY(categoryAxis);
        const QStringList categories = categoryAxis->categories();
        const std::vector<QLineSeries*> lines = whiskers(page->chartView(chart));
        std::size_t w = 0;
        int i = 0;
        const int count =
            int(std::count_if(groups->begin(), groups->end(), [](const auto& g) { return g.cell.enough(); }));
        for (const auto& g : *groups) {
            if (!g.cell.enough()) continue;
            const int at = rows ? count - 1 - i : i;
            // A long name runs to two lines: a break in place of one of its spaces; in rows, one line.
            if (rows) QVERIFY(!categories.value(at).contains(QStringLiteral("<br>")));
            QCOMPARE(QString(categories.value(at)).replace(QStringLiteral("<br>"), QStringLiteral(" ")),
                     ui::ProfileCharts::groupName(g.name));
            QVERIFY(std::abs(series->barSets()[0]->at(at) - g.cell.loss) < 1e-12);
            QVERIFY(std::abs(series->barSets()[1]->at(at) - g.cell.peerLoss) < 1e-12);
            if (g.cell.hasRatioInterval()) {
                // The whisker on the player's bar spans the loss of the ratio's interval against the same peers (along
                // the loss axis: x in rows).
                QVERIFY(w < lines.size());
                double lo = 1e9, hi = -1e9;
                for (const QPointF& pt : lines[w]->points()) {
                    const double loss = rows ? pt.x() : pt.y();
                    lo = std::min(lo, loss), hi = std::max(hi, loss);
                }
                QVERIFY(std::abs(lo - g.cell.ratioLow * g.cell.peerLoss) < 1e-12);
                QVERIFY(std::abs(hi - g.cell.ratioHigh * g.cell.peerLoss) < 1e-12);
                QVERIFY(lo <= g.cell.loss && g.cell.loss <= hi);
                ++w;
            }
            ++i;
        }
        QCOMPARE(w, lines.size());
        QVERIFY(w > 0);
        QVERIFY2(i >= 2, qPrintable(QString::number(i)));  // real games: several phases, clocks, kinds
        QCOMPARE(series->barSets()[0]->count(), i);
    }

    // The rating estimates: a box per valid estimate (all moves, phases, clocks), the estimate as its median.
    std::vector<double> estimates;
    if (want.rating.valid) estimates.push_back(want.rating.estimate);
    for (const auto* groups : {&want.byPhase, &want.byClock})
        for (const auto& g : *groups)
            if (g.rating.valid) estimates.push_back(g.rating.estimate);
    QVERIFY(estimates.size() >= 3);
    QBoxPlotSeries* boxes = nullptr;
    for (QAbstractSeries* s : page->chartView(ui::PlayerProfilePage::Chart::Rating)->chart()->series())
        if (auto* b = qobject_cast<QBoxPlotSeries*>(s)) boxes = b;
    QVERIFY(boxes);
    QCOMPARE(std::size_t(boxes->count()), estimates.size());
    for (int i = 0; i < boxes->count(); ++i) {
        const QBoxSet* set = boxes->boxSets()[i];
        QVERIFY(std::abs(set->at(QBoxSet::Median) - estimates[std::size_t(i)]) < 1e-9);
        QVERIFY(set->at(QBoxSet::LowerExtreme) <= set->at(QBoxSet::Median));
        QVERIFY(set->at(QBoxSet::Median) <= set->at(QBoxSet::UpperExtreme));
    }

    // The periods: a box per period's estimate, and a line through their rating in each period's games; the table
    // has their rating beside the estimate.
    QCOMPARE(want.byPeriod.size(), evaluation::kMaxPeriods);
    QBoxPlotSeries* periodBoxes = nullptr;
    QLineSeries* path = nullptr;
    for (QAbstractSeries* s : page->chartView(ui::PlayerProfilePage::Chart::Period)->chart()->series()) {
        if (auto* b = qobject_cast<QBoxPlotSeries*>(s)) periodBoxes = b;
        if (auto* l = qobject_cast<QLineSeries*>(s)) path = l;
    }
    QVERIFY(periodBoxes && path);
    QCOMPARE(std::size_t(periodBoxes->count()), want.byPeriod.size());
    QCOMPARE(std::size_t(path->count()), want.byPeriod.size());
    for (int i = 0; i < periodBoxes->count(); ++i) {
        const evaluation::ProfileGroup& g = want.byPeriod[std::size_t(i)];
        QVERIFY(g.rating.valid);
        QVERIFY(std::abs(periodBoxes->boxSets()[i]->at(QBoxSet::Median) - g.rating.estimate) < 1e-9);
        QVERIFY(std::abs(path->at(i).y() - g.cell.meanElo) < 1e-9);
    }
    QTreeWidget* periods = page->table(ui::PlayerProfilePage::Chart::Period);
    QVERIFY(periods);
    QCOMPARE(periods->headerItem()->text(periods->columnCount() - 1), ui::ProfileCharts::tr("Their rating"));
    QCOMPARE(periods->topLevelItem(0)->text(periods->columnCount() - 1),
             QString::number(qRound(want.byPeriod.front().cell.meanElo)));

    // The openings' and variations' tables: each group's opening phase, its moves and ratio, after the group's ratio.
    for (const auto& [chart, groups] : {std::pair{ui::PlayerProfilePage::Chart::Opening, &want.byOpening},
                                        std::pair{ui::PlayerProfilePage::Chart::Variation, &want.byVariation}}) {
        QTreeWidget* table = page->table(chart);
        QVERIFY(table);
        QCOMPARE(table->headerItem()->text(6), ui::ProfileCharts::tr("Opening moves"));
        QCOMPARE(table->headerItem()->text(7), ui::ProfileCharts::tr("Ratio in the opening (interval)"));
        QCOMPARE(table->topLevelItemCount(), int(groups->size()));
        for (int row = 0; row < table->topLevelItemCount(); ++row) {
            const evaluation::ProfileCell& o = (*groups)[std::size_t(row)].openingPhase;
            QCOMPARE(table->topLevelItem(row)->text(6), QString::number(o.positions));
            QCOMPARE(table->topLevelItem(row)->text(7),
                     o.enough() ? ui::ProfileCharts::ratioText(o) : QStringLiteral("–"));
        }
    }
    QCOMPARE(page->table(ui::PlayerProfilePage::Chart::Phase)->columnCount(),
             int(ui::ProfileCharts::tableHeader(want.rating.valid).size()));

    // The worst positions: one row each, exported as puzzles that read back.
    QVERIFY(!got.puzzles.empty());
    QCOMPARE(page->positionsTable()->rowCount(), int(got.puzzles.size()));
    // The last column: the game's opening, as the core names it.
    QTableWidget* positions = page->positionsTable();
    QCOMPARE(positions->horizontalHeaderItem(positions->columnCount() - 1)->text(),
             ui::PlayerProfilePage::tr("Opening"));
    for (int row = 0; row < positions->rowCount(); ++row) {
        QVERIFY(!got.puzzles[std::size_t(row)].opening.empty());  // every game of the sample starts from the start
        QCOMPARE(positions->item(row, positions->columnCount() - 1)->text(),
                 QString::fromStdString(got.puzzles[std::size_t(row)].opening));
    }
    // Beside the table, the selected row's position as they faced it (the opponent's move played from the FEN), from
    // their side, with their move and the best one as arrows.
    QCOMPARE(positions->currentRow(), 0);
    for (const int row : {0, positions->rowCount() - 1}) {
        positions->setCurrentCell(row, 0);
        const evaluation::ProfilePuzzle& z = got.puzzles[std::size_t(row)];
        chess::Position faced = chess::Position::fromFen(z.fen).value();
        const chess::Move setup = chess::parseUci(faced, z.setupMove).value();
        faced.makeMove(setup);
        const ui::BoardWidget* board = page->positionBoard();
        QCOMPARE(board->position().fen(), faced.fen());
        QCOMPARE(board->lastMove(), setup);
        QCOMPARE(board->isFlipped(), faced.sideToMove() == chess::Black);
        QCOMPARE(board->arrows().size(), std::size_t(2));
        const QSet<QString> drawn{QString::fromStdString(chess::toUci(board->arrows()[0].move)),
                                  QString::fromStdString(chess::toUci(board->arrows()[1].move))};
        QCOMPARE(drawn, (QSet<QString>{QString::fromStdString(z.playedMove), QString::fromStdString(z.bestMove)}));
        QVERIFY(board->arrows()[0].color != board->arrows()[1].color);
        for (const ui::BoardArrow& a : board->arrows())
            QCOMPARE(a.label, chess::toUci(a.move) == z.playedMove ? ui::ProfileCharts::tr("played")
                                                                   : ui::ProfileCharts::tr("best"));
    }
    QVERIFY(page->exportButton()->isEnabled());
    const QString csv = m_dir.filePath(QStringLiteral("puzzles.csv"));
    QSignalSpy exported(page.get(), &ui::PlayerProfilePage::puzzlesExported);
    QCOMPARE(page->exportPuzzles(csv), QString());
    QCOMPARE(exported.size(), 1);  // the window opens it in the puzzle dock
    QCOMPARE(exported.first().first().toString(), csv);
    auto reader = chess::PuzzleCsvReader::open(csv.toStdString());
    QVERIFY(reader.ok());
    chess::Puzzle puzzle;
    std::size_t read = 0;
    while ((*reader)->next(puzzle)) ++read;
    QCOMPARE(read, got.puzzles.size());
    const QString html = m_dir.filePath(QStringLiteral("report.html"));
    QCOMPARE(page->saveReport(html), QString());
    QFile report(html);
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QByteArray english = report.readAll();
    report.close();
    QVERIFY(english.startsWith("<!DOCTYPE html>"));
    QVERIFY(english.contains("<html lang=\"en\">"));
    QVERIFY(english.contains(">Loss by phase<"));
    // The summary under the heading is the page's, as plain text.
    QVERIFY(english.contains(QString::fromStdString(got.player).toUtf8() + ": "));
    QVERIFY(!english.contains("&lt;b&gt;"));
    // In another language every word of the report is the interface's (a marking translator brackets them).
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    QCOMPARE(page->saveReport(html), QString());
    QCoreApplication::removeTranslator(&marking);
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QByteArray marked = report.readAll();
    report.close();
    for (const char* word : {"<html lang=\"[en]\">", ">[Loss by phase]<", ">[By kind of position]</h2>", ">[opening]<",
                             "<th>[Positions]</th>", "[their mean loss]", "[Made by Kibitz.]"})
        QVERIFY2(marked.contains(word), word);
    QVERIFY(!marked.contains(">Loss by phase<"));
    QVERIFY(page->saveReport(m_dir.filePath(QStringLiteral("no/such/folder/report.html"))).size() > 0);
}

void TstPlayerProfilePage::screenshotWithStockfish() {
    const QByteArray dir = qgetenv("KIBITZ_SCREENSHOT_DIR");
    if (dir.isEmpty()) QSKIP("KIBITZ_SCREENSHOT_DIR is not set");
    if (!engines::locateStockfish(QString())) QSKIP("no Stockfish");
    // As a user runs it: the page finds Stockfish itself and the peers play by the shipped model.
    ui::PlayerProfilePage page;
    page.setHumanModel(QString(), jobs::humanEvaluatorFactory(QString()));
    // Kept between runs: a second screenshot takes seconds.
    page.setScoreCachePath(QDir::temp().filePath(QStringLiteral("kibitz-profile-screenshot-scores.tsv")));
    page.setGameFiles({kGames});
    page.setPlayer(QString::fromLatin1(kPlayer));
    page.maxGamesBox()->setValue(40);
    QSignalSpy done(&page, &ui::PlayerProfilePage::profileFinished);
    page.start();
    QVERIFY(done.wait(30 * 60 * 1000));
    QVERIFY2(done.front().front().toBool(), qPrintable(page.statusLabel()->text()));
    qInfo("%s", page.profile()->toText().c_str());
    page.resize(860, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/player-profile.png")));
    // Every chart as the user sees it (the other tabs' pictures are for checking, not the guide): no group's name is
    // cut short at this size.
    const std::array<std::pair<ui::PlayerProfilePage::Chart, const char*>, 7> others{
        {{ui::PlayerProfilePage::Chart::Clock, "clock"},
         {ui::PlayerProfilePage::Chart::Kind, "kind"},
         {ui::PlayerProfilePage::Chart::Speed, "speed"},
         {ui::PlayerProfilePage::Chart::Opening, "opening"},
         {ui::PlayerProfilePage::Chart::Variation, "variation"},
         {ui::PlayerProfilePage::Chart::Period, "period"},
         {ui::PlayerProfilePage::Chart::Rating, "rating"}}};
    for (const auto& [chart, name] : others) {
        page.tabs()->setCurrentIndex(int(chart));
        QVERIFY(page.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/player-profile-") +
                                 QString::fromLatin1(name) + QStringLiteral(".png")));
        for (QAbstractAxis* axis : page.chartView(chart)->chart()->axes(Qt::Horizontal))
            QVERIFY2(!axis->labelsTruncated(), name);
    }
    page.tabs()->setCurrentIndex(page.tabs()->count() - 1);  // the worst positions, the first on its board
    QVERIFY(page.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/player-profile-positions.png")));
}

void TstPlayerProfilePage::peersOfAChosenRating() {
    auto page = makePage({kGames}, mixedFactory());
    QVERIFY(!page->peerRatingBox()->isEnabled());  // their own rating until asked
    QVERIFY(page->peersLabel()->text().startsWith(QStringLiteral("a human of their rating")));
    page->peerRatedBox()->setChecked(true);
    QVERIFY(page->peerRatingBox()->isEnabled());
    QVERIFY(
        page->peersLabel()->text().startsWith(QStringLiteral("a human rated %1").arg(page->peerRatingBox()->value())));
    page->peerRatingBox()->setValue(2400);
    QVERIFY(page->peersLabel()->text().startsWith(QStringLiteral("a human rated 2400")));
    QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
    QTest::mouseClick(page->runButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), true);
    QCOMPARE(page->profile()->peerRating, 2400);
    QAbstractBarSeries* series = barSeries(page->chartView(ui::PlayerProfilePage::Chart::Phase));
    QVERIFY(series);
    QCOMPARE(series->barSets()[1]->label(), QStringLiteral("Peers rated 2400"));
    QVERIFY2(page->summaryLabel()->text().contains(QStringLiteral("a human rated 2400")),
             qPrintable(page->summaryLabel()->text()));

    // The rating chosen is the next page's (the box unticked: their own rating until asked).
    const auto next = makePage({kGames}, mixedFactory());
    QCOMPARE(next->peerRatingBox()->value(), 2400);
    QVERIFY(!next->peerRatedBox()->isChecked());

    page->peerRatedBox()->setChecked(false);
    QTest::mouseClick(page->runButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QCOMPARE(page->profile()->peerRating, 0);
    series = barSeries(page->chartView(ui::PlayerProfilePage::Chart::Phase));
    QVERIFY(series);
    QCOMPARE(series->barSets()[1]->label(), QStringLiteral("Peers of their rating"));
    QVERIFY(!whiskers(page->chartView(ui::PlayerProfilePage::Chart::Rating)).empty());  // the line at their rating

    // Club games without rating tags: profiled against the chosen peers, with no rating of theirs made up (no line at
    // it on the rating chart, "-" in the positions' rating column).
    const QString unrated = m_dir.filePath(QStringLiteral("club.pgn"));
    QVERIFY(writeEditedGames(unrated, withoutRatings));
    auto club = makePage({unrated}, mixedFactory());
    club->peerRatedBox()->setChecked(true);
    club->peerRatingBox()->setValue(1500);
    QSignalSpy clubDone(club.get(), &ui::PlayerProfilePage::profileFinished);
    club->start();
    QVERIFY(clubDone.wait(120000));
    QVERIFY2(clubDone.front().front().toBool(), qPrintable(club->statusLabel()->text()));
    QCOMPARE(club->profile()->peerRating, 1500);
    QCOMPARE(club->profile()->all.meanElo, 0.0);
    QVERIFY(club->profile()->rating.valid);
    const QString summary = club->summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("their games do not give their rating")) &&
                 summary.contains(QStringLiteral("a human rated 1500")) &&
                 !summary.contains(QStringLiteral("left out")),
             qPrintable(summary));
    QVERIFY(whiskers(club->chartView(ui::PlayerProfilePage::Chart::Rating)).empty());
    QVERIFY(club->chartView(ui::PlayerProfilePage::Chart::Rating)->chart()->series().size() == 1);  // the boxes
    QTableWidget* table = club->positionsTable();
    QVERIFY(table->rowCount() > 0);
    int eloCol = -1;
    for (int col = 0; col < table->columnCount(); ++col)
        if (table->horizontalHeaderItem(col)->text().contains(QStringLiteral("rating"), Qt::CaseInsensitive))
            eloCol = col;
    QVERIFY(eloCol >= 0);
    for (int row = 0; row < table->rowCount(); ++row) QCOMPARE(table->item(row, eloCol)->text(), QStringLiteral("-"));
}

void TstPlayerProfilePage::cancelStopsTheRun() {
    // 20 ms a position: the run would take minutes.
    auto page = makePage({kGames}, mixedFactory(20));
    QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
    page->start();
    QTRY_VERIFY_WITH_TIMEOUT(page->statusLabel()->text().startsWith(QStringLiteral("Scoring")), 30000);
    QTest::mouseClick(page->cancelButton(), Qt::LeftButton);
    QVERIFY(done.wait(10000));
    QCOMPARE(done.front().front().toBool(), false);
    QVERIFY(!page->profile().has_value());
    QVERIFY(page->statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
    QVERIFY(page->chartView(ui::PlayerProfilePage::Chart::Phase)->chart()->series().isEmpty());
    QCOMPARE(page->positionsTable()->rowCount(), 0);
    QVERIFY(page->runButton()->isEnabled());
    QVERIFY(!page->cancelButton()->isEnabled());
    QVERIFY(!page->exportButton()->isEnabled());
}

void TstPlayerProfilePage::downloadsTheGames() {
    const QList<test::Game> games = test::sampleGames();
    QCOMPARE(games.size(), 8);
    test::FakeApi api;
    bool stall = false;
    api.handler = [&](const QUrl& url) {
        test::Response r = test::lichess(games, url);
        if (stall) {
            r.cutAfter = r.body.size() / 2;  // half the games, then nothing more
            r.stall = true;
        }
        return r;
    };
    qputenv("KIBITZ_LICHESS_API", api.root().toUtf8());
    QTemporaryDir dir;
    ui::PlayerProfilePage page;
    page.setHumanModel(QString(), testing::fakeEvaluatorFactory());
    page.setAnalyserFactory(mixedFactory());
    page.setProfileOptions(testOptions());
    page.setDownloadFolder(dir.path());
    QVERIFY(!page.runButton()->isEnabled());  // neither games nor player yet
    QSignalSpy downloaded(&page, &ui::PlayerProfilePage::downloadFinished);

    // The button's dialog, answered as a user would: the account and the newest 6 games.
    QString preset;
    const auto answerDialog = [&preset](const QString& account, bool accept) {
        QTimer::singleShot(0, [&preset, account, accept] {
            auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
            if (!dialog) return;
            auto* edit = dialog->findChild<QLineEdit*>();
            preset = edit->text();
            edit->setText(account);
            if (auto* max = dialog->findChild<QSpinBox*>()) max->setValue(6);
            accept ? dialog->accept() : dialog->reject();
        });
    };
    answerDialog(QString::fromLatin1(kPlayer), true);
    QTest::mouseClick(page.downloadButton(), Qt::LeftButton);
    QVERIFY(page.cancelButton()->isEnabled());
    QVERIFY(!page.downloadButton()->isEnabled() && !page.runButton()->isEnabled());
    QVERIFY(downloaded.wait(30000));
    QCOMPARE(downloaded.takeFirst().front().toBool(), true);
    QVERIFY2(api.requests.size() == 1 && api.requests.front().contains(QLatin1String("max=6")),
             qPrintable(api.requests.join(u' ')));
    const QString file = dir.filePath(QStringLiteral("lichess-pnmadelaine.pgn"));
    QCOMPARE(page.gameFiles(), QStringList{file});
    QCOMPARE(page.player(), QString::fromLatin1(kPlayer));
    QVERIFY(page.runButton()->isEnabled() && !page.cancelButton()->isEnabled());
    QSignalSpy done(&page, &ui::PlayerProfilePage::profileFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), true);
    QCOMPARE(page.profile()->games, std::int64_t(6));

    // The dialog starts at the account downloaded last; a dialog cancelled downloads nothing.
    answerDialog(QStringLiteral("someone-else"), false);
    QTest::mouseClick(page.downloadButton(), Qt::LeftButton);
    QCOMPARE(preset, QString::fromLatin1(kPlayer));
    QCOMPARE(api.requests.size(), 1);

    // An unknown account: said, and the games and player stay.
    page.downloadGames(jobs::GameSite::Lichess, QStringLiteral("nobody"), 0);
    QVERIFY(downloaded.wait(30000));
    QCOMPARE(downloaded.takeFirst().front().toBool(), false);
    QVERIFY2(page.statusLabel()->text().contains(QLatin1String("no Lichess account 'nobody'")),
             qPrintable(page.statusLabel()->text()));
    QCOMPARE(page.gameFiles(), QStringList{file});
    QCOMPARE(page.player(), QString::fromLatin1(kPlayer));
    QVERIFY(page.profile().has_value());  // a failed download leaves the last profile shown
    // A name that is no account name is refused before anything is asked or written.
    page.downloadGames(jobs::GameSite::ChessCom, QStringLiteral("../x"), 0);
    QTRY_COMPARE_WITH_TIMEOUT(downloaded.size(), 1, 5000);
    QCOMPARE(downloaded.takeFirst().front().toBool(), false);
    QVERIFY2(page.statusLabel()->text().contains(QLatin1String("'../x' is not a chess.com account name")),
             qPrintable(page.statusLabel()->text()));
    QCOMPARE(api.requests.size(), 2);
    QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
             QStringList{QStringLiteral("lichess-pnmadelaine.pgn")});

    // A download that stalls, cancelled: it stops at once, says how to resume, and the games stay.
    stall = true;
    QFile::remove(file);
    page.downloadGames(jobs::GameSite::Lichess, QString::fromLatin1(kPlayer), 0);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(file + QStringLiteral(".part")).size() > 0, 30000);
    QTest::mouseClick(page.cancelButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(downloaded.size(), 1, 5000);  // at once, or when the event loop runs
    QCOMPARE(downloaded.takeFirst().front().toBool(), false);
    QVERIFY2(page.statusLabel()->text().contains(QLatin1String("resume")), qPrintable(page.statusLabel()->text()));
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(page.gameFiles(), QStringList{file});
    QVERIFY(!page.cancelButton()->isEnabled() && page.downloadButton()->isEnabled());
    qunsetenv("KIBITZ_LICHESS_API");
}

void TstPlayerProfilePage::badInputIsRefused_data() {
    QTest::addColumn<QString>("player");
    QTest::addColumn<QString>("edit");  ///< how the player's games are changed: "", "unrated", "empty folder"
    QTest::addColumn<int>("maxGames");
    QTest::addColumn<QString>("reason");  ///< a part of the message
    QTest::newRow("no such player") << "nobody-at-all"
                                    << "" << 0 << "no game of 'nobody-at-all'";
    QTest::newRow("too few games") << kPlayer << "" << 3 << "at least 5";
    QTest::newRow("no ratings") << kPlayer << "unrated" << 0 << "unless the peers' rating is chosen (Peers rated";
    QTest::newRow("a folder without games") << kPlayer << "empty folder" << 0 << "no PGN files";
}

void TstPlayerProfilePage::badInputIsRefused() {
    QFETCH(QString, player);
    QFETCH(QString, edit);
    QFETCH(int, maxGames);
    QFETCH(QString, reason);
    QString file = kGames;
    if (edit == QStringLiteral("unrated")) {
        file = m_dir.filePath(QStringLiteral("unrated.pgn"));
        QVERIFY(writeEditedGames(file, withoutRatings));
    }
    if (edit == QStringLiteral("empty folder")) {
        file = m_dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(file));
    }
    auto page = makePage({file}, mixedFactory());
    page->setPlayer(player);
    page->maxGamesBox()->setValue(maxGames);
    QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
    page->start();
    QVERIFY(done.wait(30000));
    QCOMPARE(done.front().front().toBool(), false);
    QVERIFY(!page->profile().has_value());
    const QString text = page->statusLabel()->text();
    QVERIFY2(text.startsWith(QStringLiteral("Cannot profile: ")) && text.contains(reason), qPrintable(text));
    QVERIFY(page->chartView(ui::PlayerProfilePage::Chart::Phase)->chart()->series().isEmpty());
}

/// The same games with chess.com's Site tag: the page says its ratings are on chess.com's scale, and so does the
/// rating chart's axis.
void TstPlayerProfilePage::chessComRatingsSayTheirScale() {
    const QString file = m_dir.filePath(QStringLiteral("chesscom.pgn"));
    QVERIFY(writeEditedGames(file, [](QString game) {
        return game.replace(QRegularExpression(QStringLiteral("\\[Site \"[^\"]*\"\\]")),
                            QStringLiteral("[Site \"Chess.com\"]"));
    }));
    auto page = makePage({file}, mixedFactory());
    page->maxGamesBox()->setValue(10);
    page->everyBox()->setValue(2);  // one move in two: the clock buckets below
    QSignalSpy done(page.get(), &ui::PlayerProfilePage::profileFinished);
    page->start();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), true);
    QCOMPARE(int(page->profile()->ratingScale), int(encoding::RatingSite::ChessCom));
    const QString summary = page->summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("Ratings are on chess.com's scale")), qPrintable(summary));
    QChart* chart = page->chartView(ui::PlayerProfilePage::Chart::Rating)->chart();
    QVERIFY2(chart->title().contains(QStringLiteral("on chess.com's scale")), qPrintable(chart->title()));
    // All moves, three phases and three clock buckets here: too many names to label level, so they are slanted
    // and never cut short.
    const auto categories = chart->axes(Qt::Horizontal);
    QVERIFY(!categories.isEmpty());
    auto* x = qobject_cast<QBarCategoryAxis*>(categories.front());
    QVERIFY(x);
    QCOMPARE(x->categories().size(), 7);
    QCOMPARE(x->labelsAngle(), -45);
    QVERIFY(!x->truncateLabels());
}

void TstPlayerProfilePage::groupNamesAreTranslated() {
    // Every group the core can name (phases, clock buckets, kinds, speeds, the pooled openings, variations and
    // undated games) reaches people through tr().
    std::vector<std::string> names;
    for (int i = 0; i < chess::kGamePhases; ++i) names.push_back(chess::gamePhaseName(chess::GamePhase(i)));
    for (int i = 0; i < evaluation::kClockBuckets; ++i)
        names.push_back(evaluation::clockBucketName(evaluation::ClockBucket(i)));
    for (int i = 0; i < evaluation::kPositionKinds; ++i)
        names.push_back(evaluation::positionKindName(evaluation::PositionKind(i)));
    for (const char* s : evaluation::kProfileSpeeds) names.push_back(s);
    for (const char* s : {evaluation::kOtherOpenings, evaluation::kOtherVariations, evaluation::kNoDate})
        names.push_back(s);
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    QSet<QString> shown;
    for (const std::string& name : names) {
        const QString text = ui::ProfileCharts::groupName(name);
        QVERIFY2(text.startsWith(u'[') && text.endsWith(u']'), name.c_str());
        shown.insert(text);
    }
    // A name the core does not have is shown as it is.
    QCOMPARE(ui::ProfileCharts::groupName("all moves"), QStringLiteral("all moves"));
    QCoreApplication::removeTranslator(&marking);
    QCOMPARE(std::size_t(shown.size()), names.size());  // no two groups read alike
    QCOMPARE(ui::ProfileCharts::groupName("<10s"), QStringLiteral("under 10 s"));
    // So do the breakdowns' names, where they stand out.
    QVERIFY(QCoreApplication::installTranslator(&marking));
    QSet<QString> sections;
    for (std::size_t i = 0; i < evaluation::kProfileSections; ++i) {
        const QString text = ui::ProfileCharts::sectionName(evaluation::ProfileSection(i));
        QVERIFY2(text.startsWith(u'[') && text.endsWith(u']'), qPrintable(text));
        sections.insert(text);
    }
    QCoreApplication::removeTranslator(&marking);
    QCOMPARE(std::size_t(sections.size()), evaluation::kProfileSections);
}

QTEST_MAIN(TstPlayerProfilePage)
#include "tst_player_profile_page.moc"
