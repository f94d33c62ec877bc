// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Models -> Model of a player...: pick PGN files, pick a player from the names they hold with their game
// counts, build the personal model in a worker thread with a progress bar and the validation after each epoch
// (cancellable; nothing is written unless it finishes), then analyse as the player or play against them.

#include "core/common/cancel_token.h"
#include "core/jobs/personal_model.h"
#include "core/jobs/worker_thread.h"
#include "ui/game_download_ui.h"

#include <QDialog>
#include <QStringList>

#include <memory>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace kibitz::ui {

class PlayerModelDialog : public QDialog {
    Q_OBJECT
public:
    /// `baseModel`: the human-move model to start from (empty: the default model).
    explicit PlayerModelDialog(const QString& baseModel, QWidget* parent = nullptr);
    /// Cancels a running scan or training and waits for it (within a training step).
    ~PlayerModelDialog() override;

    /// Reads the players of `files` in the worker (what the Games... button does after its file dialog).
    void setGameFiles(const QStringList& files);
    /// Downloads the account's games (Download games...: Lichess or chess.com, the newest `maxGames`, 0: all) into
    /// the download folder, then reads their players as setGameFiles does. An interrupted download of the same
    /// account continues. Cancel stops it.
    void downloadGames(jobs::GameSite site, const QString& account, int maxGames);
    /// Where downloads go (default: "games" in the user's application data folder).
    void setDownloadFolder(const QString& folder);
    /// Where models are written (default: jobs::personalModelsFolder()).
    void setOutputFolder(const QString& folder) { m_outputFolder = folder; }
    /// The trainer's settings beyond the player and the files (tests shorten the run).
    void setTrainingOptions(const jobs::PersonalizeOptions& options) { m_options = options; }
    /// Starts building the model of the selected player.
    void startTraining();
    void cancelTraining();

    /// The model written by the last finished run, and what it knows of the player.
    QString modelPath() const { return m_modelPath; }
    const jobs::PersonalizeReport& report() const { return m_report; }

    /// Widgets, for tests.
    QListWidget* playerList() const { return m_players; }
    QPushButton* trainButton() const { return m_train; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* analyseButton() const { return m_analyse; }
    QPushButton* playButton() const { return m_play; }
    QPushButton* profileButton() const { return m_profile; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void playersListed();
    /// A download ended: `ok` when the file is complete (its players are then read).
    void downloadFinished(bool ok);
    /// A run ended: `ok` when the model was written.
    void trainingFinished(bool ok);
    /// "Analyse as this player": the model, the player's rating and usual time control (seconds, -1 unknown).
    void analyseRequested(const QString& model, int elo, int baseS, int incrementS);
    /// "Play against this player".
    void playRequested(const QString& model, const QString& player, int elo, int baseS, int incrementS);
    /// "Profile this player": where the selected player stands against people of their rating, from the same games.
    void profileRequested(const QStringList& files, const QString& player);

private:
    void chooseFiles();
    void showPlayers(const std::vector<std::pair<std::string, std::int64_t>>& players, const QString& error);
    void finishTraining(const Result<jobs::PersonalizeReport>& result, const QString& out);
    void setRunning(bool running);
    std::pair<int, int> usualClock() const;

    QString m_baseModel;
    QString m_outputFolder;
    GameDownloader* m_downloader = nullptr;
    QStringList m_files;
    jobs::PersonalizeOptions m_options;
    jobs::PersonalizeReport m_report;
    QString m_modelPath;
    CancelToken m_cancelToken;
    std::unique_ptr<jobs::WorkerThread> m_worker;
    bool m_running = false;

    QLabel* m_filesLabel = nullptr;
    QListWidget* m_players = nullptr;
    QSpinBox* m_maxGames = nullptr;
    QPushButton* m_train = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_analyse = nullptr;
    QPushButton* m_play = nullptr;
    QPushButton* m_profile = nullptr;
};

}  // namespace kibitz::ui
