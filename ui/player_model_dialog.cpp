// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/player_model_dialog.h"

#include "core/chess/pgn_tags.h"
#include "core/encoding/game_conditioning.h"
#include "core/jobs/personal_model.h"
#include "ui/settings_keys.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kibitz::ui {

namespace {
constexpr int kNameRole = Qt::UserRole;

/// A file name from a player's name: letters, digits, '-' and '_' kept, the rest '_'.
QString fileNameFor(const QString& player) {
    QString name;
    for (const QChar c : player) name += (c.isLetterOrNumber() || c == u'-' || c == u'_') ? c : u'_';
    return name + QStringLiteral(".kibitz");
}
}  // namespace

PlayerModelDialog::PlayerModelDialog(const QString& baseModel, QWidget* parent)
    : QDialog(parent),
      m_baseModel(baseModel),
      m_outputFolder(jobs::personalModelsFolder()),
      m_downloader(new GameDownloader(this)) {
    setWindowTitle(tr("Model of a player"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Kibitz learns how one player moves from their games: the human-move model is fine-tuned on their "
           "moves, and scored on their newest tenth of games, which it does not learn from."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* filesRow = new QHBoxLayout;
    auto* chooseFiles = new QPushButton(tr("&Games…"), this);
    connect(chooseFiles, &QPushButton::clicked, this, &PlayerModelDialog::chooseFiles);
    m_filesLabel = new QLabel(tr("Open PGN files with the player's games."), this);
    m_filesLabel->setWordWrap(true);
    auto* download = new QPushButton(tr("&Download games…"), this);
    download->setToolTip(tr("A player's public games from Lichess or chess.com, by account name"));
    connect(download, &QPushButton::clicked, this, [this] {
        if (const auto choice = GameDownloader::ask(this))
            downloadGames(choice->site, choice->account, choice->maxGames);
    });
    connect(m_downloader, &GameDownloader::status, this, [this](const QString& text) { m_status->setText(text); });
    connect(m_downloader, &GameDownloader::finished, this,
            [this](bool ok, const QString& message, const QString& path) {
                m_progress->setRange(0, 100);
                m_progress->setValue(0);
                setRunning(false);
                m_status->setText(message);
                if (ok) setGameFiles({path});
                Q_EMIT downloadFinished(ok);
            });
    filesRow->addWidget(chooseFiles);
    filesRow->addWidget(download);
    filesRow->addWidget(m_filesLabel, 1);
    layout->addLayout(filesRow);

    m_players = new QListWidget(this);
    m_players->setObjectName(QStringLiteral("playerList"));
    layout->addWidget(m_players, 1);

    auto* gamesRow = new QHBoxLayout;
    gamesRow->addWidget(new QLabel(tr("Learn from the newest"), this));
    m_maxGames = new QSpinBox(this);
    m_maxGames->setRange(0, 1000000);
    m_maxGames->setSpecialValueText(tr("all"));
    m_maxGames->setSuffix(tr(" games"));
    gamesRow->addWidget(m_maxGames);
    gamesRow->addStretch(1);
    layout->addLayout(gamesRow);

    auto* runRow = new QHBoxLayout;
    m_train = new QPushButton(tr("&Build the model"), this);
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    runRow->addWidget(m_train);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    layout->addLayout(runRow);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    auto* useRow = new QHBoxLayout;
    m_analyse = new QPushButton(tr("&Analyse as this player"), this);
    m_play = new QPushButton(tr("&Play against this player"), this);
    m_profile = new QPushButton(tr("P&rofile this player…"), this);
    m_profile->setToolTip(tr("Where they stand against people of their rating, phase by phase (no model needed)"));
    auto* close = new QPushButton(tr("Close"), this);
    useRow->addWidget(m_analyse);
    useRow->addWidget(m_play);
    useRow->addWidget(m_profile);
    useRow->addStretch(1);
    useRow->addWidget(close);
    layout->addLayout(useRow);

    connect(m_train, &QPushButton::clicked, this, &PlayerModelDialog::startTraining);
    connect(m_cancel, &QPushButton::clicked, this, &PlayerModelDialog::cancelTraining);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_players, &QListWidget::currentRowChanged, this, [this] { setRunning(m_running); });
    connect(m_analyse, &QPushButton::clicked, this, [this] {
        const auto [base, inc] = usualClock();
        Q_EMIT analyseRequested(m_modelPath, m_report.elo, base, inc);
    });
    connect(m_profile, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_players->currentItem())
            Q_EMIT profileRequested(m_files, item->data(kNameRole).toString());
    });
    connect(m_play, &QPushButton::clicked, this, [this] {
        const auto [base, inc] = usualClock();
        Q_EMIT playRequested(m_modelPath, QString::fromStdString(m_report.player), m_report.elo, base, inc);
    });
    setRunning(false);
    resize(520, 480);
}

PlayerModelDialog::~PlayerModelDialog() {
    delete m_downloader;  // aborts its request; what it wrote stays for a resume
    m_cancelToken.cancel();
    m_worker.reset();  // waits for the running call (within a training step)
}

void PlayerModelDialog::chooseFiles() {
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Games of the player"),
                                                            settings.value(settings_keys::kPgnDir).toString(),
                                                            tr("PGN files (*.pgn *.pgn.zst);;All files (*)"));
    if (files.isEmpty()) return;
    settings.setValue(settings_keys::kPgnDir, QFileInfo(files.front()).absolutePath());
    setGameFiles(files);
}

void PlayerModelDialog::setDownloadFolder(const QString& folder) { m_downloader->setFolder(folder); }

void PlayerModelDialog::downloadGames(jobs::GameSite site, const QString& account, int maxGames) {
    if (m_running) return;
    setRunning(true);
    m_progress->setRange(0, 0);  // busy: the number of games is not known beforehand
    m_downloader->start({site, account, maxGames});
}

void PlayerModelDialog::setGameFiles(const QStringList& files) {
    if (m_running) return;
    m_files = files;
    m_players->clear();
    m_filesLabel->setText(files.size() == 1 ? QFileInfo(files.front()).fileName()
                                            : tr("%n files", nullptr, int(files.size())));
    QStringList native;
    for (const QString& f : files) native << QDir::toNativeSeparators(f);
    m_filesLabel->setToolTip(native.join(u'\n'));
    m_status->setText(tr("Reading the players' names…"));
    if (!m_worker) m_worker = std::make_unique<jobs::WorkerThread>(QStringLiteral("player-model"));
    std::vector<std::string> paths;
    for (const QString& f : files) paths.push_back(f.toStdString());
    m_worker->post([this, paths] {
        auto counts = jobs::countPlayerGames(paths);
        std::vector<std::pair<std::string, std::int64_t>> players;
        QString error;
        if (counts)
            players = *counts;
        else
            error = QString::fromStdString(counts.error().message);
        QMetaObject::invokeMethod(
            this, [this, players, error] { showPlayers(players, error); }, Qt::QueuedConnection);
    });
}

void PlayerModelDialog::showPlayers(const std::vector<std::pair<std::string, std::int64_t>>& players,
                                    const QString& error) {
    m_players->clear();
    for (const auto& [name, games] : players) {
        auto* item = new QListWidgetItem(tr("%1 (%n games)", nullptr, int(games)).arg(QString::fromStdString(name)));
        item->setData(kNameRole, QString::fromStdString(name));
        m_players->addItem(item);
    }
    if (!error.isEmpty())
        m_status->setText(error);
    else if (players.empty())
        m_status->setText(tr("These files name no players (no White or Black tags)."));
    else
        m_status->setText(tr("Choose the player, then build the model."));
    if (!players.empty()) m_players->setCurrentRow(0);
    setRunning(false);
    Q_EMIT playersListed();
}

void PlayerModelDialog::startTraining() {
    QListWidgetItem* item = m_players->currentItem();
    if (m_running || !item || m_files.isEmpty()) return;
    const QString player = item->data(kNameRole).toString();
    jobs::PersonalizeOptions o = m_options;
    o.player = player.toStdString();
    o.pgnFiles.clear();
    for (const QString& f : std::as_const(m_files)) o.pgnFiles.push_back(f.toStdString());
    if (m_maxGames->value() > 0) o.maxGames = m_maxGames->value();
    const QString out = QDir(m_outputFolder).filePath(fileNameFor(player));
    m_cancelToken = CancelToken();
    setRunning(true);
    m_progress->setValue(0);
    m_status->setText(tr("Reading %1's games…").arg(player));
    const CancelToken cancel = m_cancelToken;
    const QString base = m_baseModel;
    m_worker->post([this, o, out, cancel, base] {
        auto progress = [this](const jobs::TrainProgress& p) {
            const double top1 = p.metric("validation_top1", -1.0);  // after an epoch only
            const double tuneTop1 = p.metric("tune_top1", -1.0);    // after an epoch of the choice
            QMetaObject::invokeMethod(
                this,
                [this, p, top1, tuneTop1] {
                    if (p.totalSteps > 0) m_progress->setValue(int(100 * p.step / p.totalSteps));
                    if (top1 >= 0)
                        m_status->setText(tr("Epoch %1: top-1 on the newest games %2%")
                                              .arg(p.epoch + 1)
                                              .arg(100.0 * top1, 0, 'f', 1));
                    else if (tuneTop1 >= 0)
                        m_status->setText(tr("Choosing how far to go: after epoch %1, top-1 on the player's older "
                                             "games %2%")
                                              .arg(p.epoch + 1)
                                              .arg(100.0 * tuneTop1, 0, 'f', 1));
                },
                Qt::QueuedConnection);
        };
        auto log = [this](const std::string& line) {
            const QString text = QString::fromStdString(line);
            QMetaObject::invokeMethod(
                this, [this, text] { m_status->setText(text); }, Qt::QueuedConnection);
        };
        auto result = jobs::buildPersonalModel(base, out, true, o, cancel, progress, log);
        QMetaObject::invokeMethod(
            this, [this, result, out] { finishTraining(result, out); }, Qt::QueuedConnection);
    });
}

void PlayerModelDialog::cancelTraining() {
    if (!m_running) return;
    if (m_downloader->isRunning()) return m_downloader->cancel();
    m_cancelToken.cancel();
    m_status->setText(tr("Cancelling…"));
}

void PlayerModelDialog::finishTraining(const Result<jobs::PersonalizeReport>& result, const QString& out) {
    if (!result) {
        setRunning(false);
        m_progress->setValue(0);
        m_status->setText(result.error().code == ErrorCode::Cancelled ? tr("Cancelled; nothing was written.")
                                                                      : QString::fromStdString(result.error().message));
        Q_EMIT trainingFinished(false);
        return;
    }
    m_report = *result;
    m_modelPath = out;
    setRunning(false);
    m_progress->setValue(100);
    m_status->setText(tr("%1: learnt from %2 games (%3 moves). On the newest %4 games the model finds the move "
                         "played %5% of the time (the base model %6%). Saved as %7 (Models → Models of players).")
                          .arg(QString::fromStdString(m_report.player))
                          .arg(m_report.trainGames)
                          .arg(m_report.trainPositions)
                          .arg(m_report.validationGames)
                          .arg(100.0 * m_report.personal.overall().top1Rate(), 0, 'f', 1)
                          .arg(100.0 * m_report.base.overall().top1Rate(), 0, 'f', 1)
                          .arg(QFileInfo(out).fileName()));
    if (m_report.ratingSite == encoding::RatingSite::ChessCom && m_report.elo > 0)
        m_status->setText(m_status->text() + QStringLiteral(" ") +
                          tr("Rated %1 on chess.com in their newest game: %2 on Lichess's scale, which the model "
                             "reads (chess.com's ratings are converted), so Analyse and Play use %2.")
                              .arg(m_report.siteElo)
                              .arg(m_report.elo));
    else if (m_report.elo > 0)
        m_status->setText(m_status->text() + QStringLiteral(" ") +
                          tr("Rated %1 in their newest game.").arg(m_report.elo));
    m_status->setToolTip(QDir::toNativeSeparators(out));
    Q_EMIT trainingFinished(true);
}

void PlayerModelDialog::setRunning(bool running) {
    m_running = running;
    m_train->setEnabled(!running && m_players->currentItem() != nullptr);
    m_cancel->setEnabled(running);
    m_players->setEnabled(!running);
    m_maxGames->setEnabled(!running);
    m_profile->setEnabled(!running && m_players->currentItem() != nullptr && !m_files.isEmpty());
    const bool done = !running && !m_modelPath.isEmpty();
    m_analyse->setEnabled(done);
    m_play->setEnabled(done);
}

std::pair<int, int> PlayerModelDialog::usualClock() const {
    const auto tc = chess::parseTimeControl(m_report.timeControl);
    return tc ? std::pair<int, int>{tc->first, tc->second} : std::pair<int, int>{-1, -1};
}

}  // namespace kibitz::ui
