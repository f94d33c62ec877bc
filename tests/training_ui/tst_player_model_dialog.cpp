// SPDX-License-Identifier: GPL-3.0-or-later
// Models -> Model of a player... end to end on real Lichess games (tests/data/games_sample.pgn,
// where pnmadelaine plays 90 games, by grep): the players listed with their game counts, a model built in the worker
// with its progress, the buttons that use it, the model listed among the models of players; a cancelled run writes
// nothing and the dialog closes at once while one runs; the player profile is offered for the player chosen; the same
// games said to be chess.com's give a model told the Lichess-scale equivalent of their rating, and the dialog says so.
#include "core/jobs/personal_model.h"
#include "tests/jobs/fake_game_api.h"
#include "ui/player_model_dialog.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kibitz;

namespace {

const QString kGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

/// Selects `name` in the dialog's list; false when it is not listed.
bool selectPlayer(ui::PlayerModelDialog& d, const QString& name) {
    for (int i = 0; i < d.playerList()->count(); ++i)
        if (d.playerList()->item(i)->text().startsWith(name + QStringLiteral(" ("))) {
            d.playerList()->setCurrentRow(i);
            return true;
        }
    return false;
}

/// Sets the dialog up for a quick run (one epoch, the head only, writing to `folder`) over `games` and waits until
/// their players are listed; false when they are not.
bool listForQuickRun(ui::PlayerModelDialog& d, const QString& folder, const QString& games) {
    d.setOutputFolder(folder);
    training::PersonalizeOptions o;
    o.epochs = 1;
    o.scope = "head";
    d.setTrainingOptions(o);
    QSignalSpy listed(&d, &ui::PlayerModelDialog::playersListed);
    d.setGameFiles({games});
    return listed.wait(60000);
}

/// Starts a run of 500 epochs on pnmadelaine's games (far longer than any test waits) and returns once it trains (the
/// log line of the choice's first scores, after which its 500 epochs run, or the line that starts the final model's
/// training); false when the players are not listed or training does not start.
bool startLongRun(ui::PlayerModelDialog& d, const QString& folder) {
    d.setOutputFolder(folder);
    training::PersonalizeOptions o;
    o.epochs = 500;
    d.setTrainingOptions(o);
    QSignalSpy listed(&d, &ui::PlayerModelDialog::playersListed);
    d.setGameFiles({kGames});
    if (!listed.wait(60000) || !selectPlayer(d, QStringLiteral("pnmadelaine"))) return false;
    d.startTraining();
    return QTest::qWaitFor(
        [&] {
            const QString text = d.statusLabel()->text();
            return text.contains(QLatin1String(" weights (")) ||
                   text.contains(QLatin1String("choosing on the newest")) ||
                   text.contains(QLatin1String("Choosing how far"));
        },
        300000);
}

}  // namespace

class TestPlayerModelDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    /// "Profile this player" hands the games read and the player chosen to the player profile (no model needed).
    void offersTheProfile() {
        ui::PlayerModelDialog d(QString{});
        QVERIFY(!d.profileButton()->isEnabled());  // no games yet
        QSignalSpy listed(&d, &ui::PlayerModelDialog::playersListed);
        d.setGameFiles({kGames});
        QVERIFY(listed.wait(60000));
        QVERIFY(selectPlayer(d, QStringLiteral("pnmadelaine")));
        QVERIFY(d.profileButton()->isEnabled());
        QSignalSpy asked(&d, &ui::PlayerModelDialog::profileRequested);
        QTest::mouseClick(d.profileButton(), Qt::LeftButton);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.front()[0].toStringList(), QStringList{kGames});
        QCOMPARE(asked.front()[1].toString(), QStringLiteral("pnmadelaine"));
    }

    void buildsAndOffersTheModel() {
        QTemporaryDir dir;
        ui::PlayerModelDialog d(QString{});
        QVERIFY(listForQuickRun(d, dir.path(), kGames));
        QVERIFY(!d.analyseButton()->isEnabled());
        QVERIFY(selectPlayer(d, QStringLiteral("pnmadelaine")));
        QCOMPARE(d.playerList()->currentItem()->text(), QStringLiteral("pnmadelaine (90 games)"));
        QVERIFY(d.trainButton()->isEnabled());

        QSignalSpy finished(&d, &ui::PlayerModelDialog::trainingFinished);
        QTest::mouseClick(d.trainButton(), Qt::LeftButton);
        QVERIFY(d.cancelButton()->isEnabled());
        QVERIFY(!d.trainButton()->isEnabled());
        QVERIFY(finished.wait(300000));
        QCOMPARE(finished.front().front().toBool(), true);
        QCOMPARE(d.progressBar()->value(), 100);
        QCOMPARE(d.modelPath(), QDir(dir.path()).filePath(QStringLiteral("pnmadelaine.kibitz")));
        QVERIFY(QFileInfo::exists(d.modelPath()));
        QCOMPARE(d.report().trainGames, 81);
        QVERIFY2(d.statusLabel()->text().contains(QLatin1String("learnt from 81 games")),
                 qPrintable(d.statusLabel()->text()));
        // The player's rating in their newest game and their usual time control go with the model.
        QVERIFY(d.report().elo > 1000 && d.report().elo < 2200);
        QVERIFY(!d.report().timeControl.empty());
        QCOMPARE(d.report().siteElo, d.report().elo);  // Lichess games: one scale
        QVERIFY(d.statusLabel()->text().contains(QStringLiteral("Rated %1 in their newest game.").arg(d.report().elo)));

        QVERIFY(d.analyseButton()->isEnabled() && d.playButton()->isEnabled());
        // For the README: KIBITZ_SCREENSHOT_DIR=DIR saves the dialog with its finished model.
        if (const QString shots = qEnvironmentVariable("KIBITZ_SCREENSHOT_DIR"); !shots.isEmpty()) {
            d.show();
            QVERIFY(QTest::qWaitForWindowExposed(&d));
            QVERIFY(d.grab().save(QDir(shots).filePath(QStringLiteral("player-model.png"))));
        }
        QSignalSpy analyse(&d, &ui::PlayerModelDialog::analyseRequested);
        QSignalSpy play(&d, &ui::PlayerModelDialog::playRequested);
        QTest::mouseClick(d.analyseButton(), Qt::LeftButton);
        QTest::mouseClick(d.playButton(), Qt::LeftButton);
        QCOMPARE(analyse.size(), 1);
        QCOMPARE(analyse.front().at(0).toString(), d.modelPath());
        QCOMPARE(analyse.front().at(1).toInt(), d.report().elo);
        QCOMPARE(play.size(), 1);
        QCOMPARE(play.front().at(1).toString(), QStringLiteral("pnmadelaine"));

        const auto models = jobs::listPersonalModels(dir.path());
        QCOMPARE(models.size(), 1);
        QCOMPARE(models.front().player, QStringLiteral("pnmadelaine"));
        QCOMPARE(models.front().games, qint64(81));
        QCOMPARE(models.front().elo, d.report().elo);
        QCOMPARE(models.front().ratingScale, QStringLiteral("lichess"));
    }

    /// The same games as chess.com games (their Site tag "Chess.com", the ratings as written): the model is told the
    /// newest rating on Lichess's scale (614 + 0.797 x chess.com, by hand), the dialog says both, and the model's
    /// manifest keeps both.
    void chessComRatingsAreConverted() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("chesscom.pgn"));
        QFile in(kGames), out(file);
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        const QString all = QString::fromUtf8(in.readAll());
        out.write(QString(all)
                      .replace(QRegularExpression(QStringLiteral("\\[Site \"[^\"]*\"\\]")),
                               QStringLiteral("[Site \"Chess.com\"]"))
                      .toUtf8());
        out.close();
        ui::PlayerModelDialog d(QString{});
        QVERIFY(listForQuickRun(d, dir.path(), file));
        QVERIFY(selectPlayer(d, QStringLiteral("pnmadelaine")));
        QSignalSpy finished(&d, &ui::PlayerModelDialog::trainingFinished);
        d.startTraining();
        QVERIFY(finished.wait(300000));
        QCOMPARE(finished.front().front().toBool(), true);
        const auto& r = d.report();
        QCOMPARE(int(r.ratingSite), int(encoding::RatingSite::ChessCom));
        QVERIFY(all.contains(QStringLiteral("Elo \"%1\"").arg(r.siteElo)));  // a rating of the games, as written
        QCOMPARE(r.elo, int(std::lround(614 + 0.797 * r.siteElo)));
        QVERIFY(r.elo > r.siteElo);
        const QString status = d.statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("Rated %1 on chess.com in their newest game: %2 on Lichess's scale")
                                     .arg(r.siteElo)
                                     .arg(r.elo)),
                 qPrintable(status));
        QSignalSpy analyse(&d, &ui::PlayerModelDialog::analyseRequested);
        QTest::mouseClick(d.analyseButton(), Qt::LeftButton);
        QCOMPARE(analyse.size(), 1);
        QCOMPARE(analyse.front().at(1).toInt(), r.elo);  // the model's scale
        const auto models = jobs::listPersonalModels(dir.path());
        QCOMPARE(models.size(), 1);
        QCOMPARE(models.front().elo, r.elo);
        QCOMPARE(models.front().siteElo, r.siteElo);
        QCOMPARE(models.front().ratingScale, QStringLiteral("chess.com"));
    }

    /// Download games...: the account's games from a fake Lichess on the loopback, then their players listed; an
    /// unknown account is said and lists nothing.
    void downloadsThenListsThePlayers() {
        const QList<test::Game> games = test::sampleGames();
        QCOMPARE(games.size(), 8);
        test::FakeApi api;
        api.handler = [&](const QUrl& url) { return test::lichess(games, url); };
        qputenv("KIBITZ_LICHESS_API", api.root().toUtf8());
        QTemporaryDir dir;
        ui::PlayerModelDialog d(QString{});
        d.setDownloadFolder(dir.path());
        QSignalSpy downloaded(&d, &ui::PlayerModelDialog::downloadFinished);
        QSignalSpy listed(&d, &ui::PlayerModelDialog::playersListed);
        d.downloadGames(jobs::GameSite::Lichess, QStringLiteral("pnmadelaine"), 0);
        QVERIFY(d.cancelButton()->isEnabled());
        QVERIFY(downloaded.wait(30000));
        QCOMPARE(downloaded.front().front().toBool(), true);
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("lichess-pnmadelaine.pgn"))));
        QVERIFY(listed.wait(30000));
        QVERIFY(selectPlayer(d, QStringLiteral("pnmadelaine")));
        QCOMPARE(d.playerList()->currentItem()->text(), QStringLiteral("pnmadelaine (8 games)"));

        downloaded.clear();
        d.downloadGames(jobs::GameSite::Lichess, QStringLiteral("nobody"), 0);
        QVERIFY(downloaded.wait(30000));
        QCOMPARE(downloaded.front().front().toBool(), false);
        QVERIFY2(d.statusLabel()->text().contains(QLatin1String("no Lichess account 'nobody'")),
                 qPrintable(d.statusLabel()->text()));
        qunsetenv("KIBITZ_LICHESS_API");
    }

    void cancelWritesNothing() {
        QTemporaryDir dir;
        ui::PlayerModelDialog d(QString{});
        QSignalSpy finished(&d, &ui::PlayerModelDialog::trainingFinished);
        QVERIFY(startLongRun(d, dir.path()));  // cancelled once training runs
        QTest::mouseClick(d.cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.front().front().toBool(), false);
        QVERIFY2(d.statusLabel()->text().contains(QLatin1String("nothing was written")),
                 qPrintable(d.statusLabel()->text()));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        QVERIFY(!d.analyseButton()->isEnabled());
    }

    void closesWhileTraining() {
        QTemporaryDir dir;
        QElapsedTimer timer;
        {
            ui::PlayerModelDialog d(QString{});
            QVERIFY(startLongRun(d, dir.path()));
            timer.start();
        }  // the destructor cancels and waits for the worker
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }
};

QTEST_MAIN(TestPlayerModelDialog)
#include "tst_player_model_dialog.moc"
