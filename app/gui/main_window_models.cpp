// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's model choice: human-move and puzzle models, the device, models of players.
#include "app/gui/main_window.h"

#include "core/encoding/game_conditioning.h"
#include "core/jobs/human_model.h"
#include "core/jobs/personal_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_human.h"
#include "core/jobs/puzzle_rating.h"
#include "core/models/compute_device.h"
#include "ui/analysis_panel.h"
#include "ui/board_widget.h"
#include "ui/engine_panel.h"
#include "ui/game_model.h"
#include "ui/new_game_dialog.h"
#include "ui/player_model_dialog.h"
#include "ui/player_profile_page.h"
#include "ui/puzzle_panel.h"
#include "ui/session.h"
#include "ui/settings_keys.h"
#include "ui/sort_trainer.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>

#include <algorithm>
#include <memory>

namespace kibitz::app {

void MainWindow::loadHumanModel(const QString& path) {
    // Empty = the shipped default. Every dock that uses the human model follows the session: the analysis, the
    // play-mode opponent (a game already running keeps the one it started with), the game review, the sorting
    // trainer and the puzzle panel's solve curves.
    m_session->setHumanModel(path);
}

void MainWindow::loadPuzzleModel(const QString& path) { m_session->setPuzzleModel(path); }

void MainWindow::choosePuzzleModel() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Puzzle-rating model"),
                                                      settings.value(ui::settings_keys::kModelDir).toString(),
                                                      tr("Kibitz models (*.kibitz);;Checkpoints (*.pt)"));
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kModelDir, QFileInfo(path).absolutePath());
    loadPuzzleModel(path);
}

void MainWindow::useDefaultPuzzleModel() { loadPuzzleModel(QString()); }

bool MainWindow::setModelDevice(const QString& device) {
    const auto choice = parseDeviceChoice(device.toStdString());
    if (!choice) {
        statusBar()->showMessage(tr("Unknown device '%1' (auto, cpu or cuda)").arg(device), 10000);
        syncDeviceActions();
        return false;
    }
    if (const auto usable = models::useDevice(*choice); !usable.ok()) {
        statusBar()->showMessage(tr("CUDA is not available: %1").arg(QString::fromStdString(usable.error().message)),
                                 10000);
        syncDeviceActions();
        return false;
    }
    QSettings().setValue(ui::settings_keys::kModelDevice, device);
    syncDeviceActions();
    // Loaded models stay where they were loaded: the ones in use (whoever chose them) load again on the new device.
    m_session->reloadModels();
    statusBar()->showMessage(tr("The models now run on: %1").arg(QString::fromStdString(models::currentDeviceName())),
                             6000);
    return true;
}

void MainWindow::syncDeviceActions() {
    const QString current = QString::fromLatin1(deviceChoiceName(preferredDevice()));
    for (QAction* a : std::as_const(m_deviceActions)) a->setChecked(a->data().toString() == current);
}

void MainWindow::chooseHumanModel() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Human-move model"), settings.value(ui::settings_keys::kModelDir).toString(),
        tr("Human-move models (*.kibitz *.pt *.pb.gz *.pb);;Kibitz models (*.kibitz);;Checkpoints (*.pt);;"
           "lc0 networks, such as Maia-1 (*.pb.gz *.pb)"));
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kModelDir, QFileInfo(path).absolutePath());
    loadHumanModel(path);
}

void MainWindow::chooseHumanModelFolder() {
    QSettings settings;
    const QString path = QFileDialog::getExistingDirectory(
        this, tr("Folder of rating-band lc0 nets (maia-1100.pb.gz … maia-1900.pb.gz)"),
        // The first time: the nine Maia-1 nets Kibitz ships.
        settings.value(ui::settings_keys::kModelDir, jobs::defaultMaiaFolder()).toString());
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kModelDir, path);
    loadHumanModel(path);
}

void MainWindow::sortCurrentPosition() {
    m_sort->setPositions({QString::fromStdString(m_board->position().fen())});
    m_sortDock->show();
    m_sortDock->raise();
}

void MainWindow::sortFromPuzzleFile() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Puzzles for move sorting"),
                                                      settings.value(ui::settings_keys::kPuzzleFileDir).toString(),
                                                      tr("Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kPuzzleFileDir, QFileInfo(path).absolutePath());
    m_sort->loadPuzzleFile(path);
    m_sortDock->show();
    m_sortDock->raise();
}

void MainWindow::useDefaultHumanModel() { loadHumanModel(QString()); }

void MainWindow::openPlayerModelDialog() {
    if (!m_playerModels) {
        // The model in use is the base, unless it is itself a model of a player or not a Kibitz model (an lc0 net).
        QString base = m_session->humanModelPath();
        if (!base.endsWith(QLatin1String(".kibitz")) && !base.endsWith(QLatin1String(".pt"))) base.clear();
        m_playerModels = new ui::PlayerModelDialog(base, this);
        m_playerModels->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_playerModels, &ui::PlayerModelDialog::analyseRequested, this, &MainWindow::usePlayerModel);
        connect(m_playerModels, &ui::PlayerModelDialog::playRequested, this, &MainWindow::playAgainstPlayer);
        connect(m_playerModels, &ui::PlayerModelDialog::profileRequested, this, &MainWindow::openPlayerProfile);
    }
    m_playerModels->show();
    m_playerModels->raise();
    m_playerModels->activateWindow();
}

void MainWindow::openPlayerProfile(const QStringList& files, const QString& player) {
    if (!m_profilePage) {
        m_profilePage = new ui::PlayerProfilePage(this);
        m_profilePage->setWindowFlag(Qt::Window);
        m_profilePage->setAttribute(Qt::WA_DeleteOnClose);
        // The peers play by the model in use; the page may choose another for itself.
        m_profilePage->setHumanModel(m_session->humanModelPath(), m_session->humanModelFactory());
        // The worst positions rated as the puzzle dock rates them: by the puzzle model in use, loaded in the page's
        // worker thread on first use (again when the session's choice changes), its engine stage on the configured
        // engine.
        auto rater = [](const QString& chosen) -> jobs::ProfileWorker::PuzzleRater {
            const std::string path = chosen.isEmpty() ? jobs::defaultPuzzleModelPath() : chosen.toStdString();
            auto model = std::make_shared<std::unique_ptr<models::PuzzlePredictor>>();
            return [model, path, engine = ui::EngineSettings::load().path](evaluation::PlayerProfile& profile) {
                if (!*model) {
                    jobs::EngineFeatureOptions features;
                    features.configuredEngine = engine;
                    auto loaded = jobs::loadPuzzleModel(path, {}, features);
                    if (!loaded) return Status(loaded.error());
                    *model = std::move(*loaded);
                }
                return jobs::rateProfilePuzzles(**model, profile);
            };
        };
        m_profilePage->setPuzzleRater(rater(m_session->puzzleModelPath()));
        connect(m_session, &ui::Session::puzzleModelChanged, m_profilePage,
                [this, rater] { m_profilePage->setPuzzleRater(rater(m_session->puzzleModelPath())); });
        connect(m_profilePage, &ui::PlayerProfilePage::positionRequested, this, [this](const QString& fen) {
            if (!isPlaying()) setFen(fen);
        });
        connect(m_profilePage, &ui::PlayerProfilePage::puzzlesExported, this, [this](const QString& path) {
            m_puzzle->loadFile(path);
            m_puzzle->showTab(1);
            m_puzzleDock->show();
            m_puzzleDock->raise();
        });
    }
    if (!files.isEmpty()) m_profilePage->setGameFiles(files);
    if (!player.isEmpty()) m_profilePage->setPlayer(player);
    m_profilePage->show();
    m_profilePage->raise();
    m_profilePage->activateWindow();
}

void MainWindow::usePlayerModel(const QString& model, int elo, int baseS, int incrementS) {
    loadHumanModel(model);
    if (elo > 0) m_analysis->setControls(elo, elo, baseS, baseS, std::max(0, incrementS));
    m_analysisDock->show();
    m_analysisDock->raise();
}

void MainWindow::playAgainstPlayer(const QString& model, const QString& player, int elo, int baseS, int incrementS) {
    ui::NewGameDialog dialog(m_game->currentPosition(), this);
    dialog.setWindowTitle(tr("New game against %1").arg(player));
    if (elo > 0) dialog.opponentEloBox()->setValue(elo);
    if (baseS > 0) {
        dialog.baseMinutesBox()->setValue(baseS / 60.0);
        dialog.incrementBox()->setValue(std::max(0, incrementS));
    }
    if (dialog.exec() != QDialog::Accepted) return;
    loadHumanModel(model);  // the opponent follows the session's model
    startPlay(dialog.settings());
}

void MainWindow::applyGameConditioning() {
    if (!m_hasLoadedGame) {
        m_session->setPlayers(std::nullopt);  // the controls keep the user's values
        return;
    }
    // The one conditioning rule (core/encoding/game_conditioning.h), as training and review use it; what the game
    // does not say stays unknown (the controls show "unknown" and send it so).
    const auto conds = encoding::plyConditionings(shownLine(), /*includeFinal=*/true);
    const int ply = std::clamp(m_game->currentPly(), 0, int(conds.size()) - 1);
    auto players =
        ui::Session::Players::fromConditioning(conds[std::size_t(ply)], m_game->positionAt(ply).sideToMove());
    // Both players' last move times and paces at this ply, by the rule training reads them with.
    const auto spent = encoding::plyThinkTimes(shownLine());
    players.recentTimes = encoding::recentTimesAt(spent, std::size_t(ply));
    m_session->setPlayers(players);
}

}  // namespace kibitz::app
