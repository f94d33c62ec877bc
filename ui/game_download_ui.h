// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Download games…" wherever a player's games are asked for (the Model of a player dialog, the Player profile page):
// the one dialog that asks for the site, the account and how many of their newest games (the last account and site
// remembered), and GameDownloader, which runs one jobs::GameDownload into the download folder and reports it in words.
// The file is named by site and account, so a second download of the same account resumes or refreshes that file.

#include "core/jobs/game_download.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QWidget;

namespace kibitz::ui {

/// What the Download games dialog was told.
struct GameDownloadChoice {
    jobs::GameSite site = jobs::GameSite::Lichess;
    QString account;
    int maxGames = 0;  ///< the newest N games (0: all)
};

/// Where downloaded games go by default: "games" in the user's application data folder.
QString defaultDownloadFolder();

/// One download at a time into a folder, as `site-account.pgn` (the account lower-cased).
class GameDownloader : public QObject {
    Q_OBJECT
public:
    explicit GameDownloader(QObject* parent = nullptr);
    /// Aborts a running download (what it wrote stays for a resume).
    ~GameDownloader() override;

    /// The Download games dialog; nullopt when cancelled or no account was given. The site and account start at the
    /// last ones downloaded (settings_keys::kDownloadSite, kDownloadAccount), which an accepted dialog stores.
    static std::optional<GameDownloadChoice> ask(QWidget* parent);

    void setFolder(const QString& folder) { m_folder = folder; }
    QString folder() const { return m_folder; }
    bool isRunning() const { return m_download != nullptr; }
    /// What the running or last download was asked for.
    const GameDownloadChoice& choice() const { return m_choice; }

    /// Starts downloading; false (and nothing emitted) while one runs. A folder that cannot be made ends it at once
    /// with finished(false, ...).
    bool start(const GameDownloadChoice& choice);
    /// Stops the running download; finished(false, ...) follows.
    void cancel();

Q_SIGNALS:
    /// What the download is doing, for a status line ("Downloading pnmadelaine's games: 120 so far").
    void status(const QString& text);
    /// It ended: `ok` when the file at `path` is complete; `message` says what happened either way.
    void finished(bool ok, const QString& message, const QString& path);

private:
    QString m_folder;
    GameDownloadChoice m_choice;
    std::unique_ptr<jobs::GameDownload> m_download;
};

}  // namespace kibitz::ui
