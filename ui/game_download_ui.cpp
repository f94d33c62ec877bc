// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/game_download_ui.h"

#include "core/encoding/game_conditioning.h"
#include "ui/settings_keys.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

namespace kibitz::ui {

namespace {
/// The site as settings store it, and back (anything else: Lichess).
QString siteKey(jobs::GameSite site) {
    return site == jobs::GameSite::ChessCom ? QStringLiteral("chess.com") : QStringLiteral("lichess");
}
jobs::GameSite siteOfKey(const QString& key) {
    return key == QLatin1String("chess.com") ? jobs::GameSite::ChessCom : jobs::GameSite::Lichess;
}
}  // namespace

std::optional<GameDownloadChoice> GameDownloader::ask(QWidget* parent) {
    QSettings settings;
    QDialog ask(parent);
    ask.setWindowTitle(tr("Download games"));
    auto* form = new QFormLayout(&ask);
    auto* site = new QComboBox(&ask);
    site->addItem(jobs::siteName(jobs::GameSite::Lichess));
    site->addItem(jobs::siteName(jobs::GameSite::ChessCom));
    auto* account = new QLineEdit(settings.value(settings_keys::kDownloadAccount).toString(), &ask);
    auto* max = new QSpinBox(&ask);
    max->setRange(0, 100000);
    max->setValue(1000);
    max->setSpecialValueText(tr("all"));
    max->setSuffix(tr(" newest games"));
    form->addRow(tr("Site"), site);
    form->addRow(tr("Account"), account);
    form->addRow(tr("At most"), max);
    auto* scale = new QLabel(tr("chess.com's ratings are put on Lichess's scale, which the model reads: "
                                "chess.com %1 is Lichess %2.")
                                 .arg(1000)
                                 .arg(encoding::toLichessScale(1000, encoding::RatingSite::ChessCom)),
                             &ask);
    scale->setWordWrap(true);
    QObject::connect(site, &QComboBox::currentIndexChanged, scale,
                     [scale](int index) { scale->setVisible(index == 1); });
    const bool chessCom =
        siteOfKey(settings.value(settings_keys::kDownloadSite).toString()) == jobs::GameSite::ChessCom;
    site->setCurrentIndex(chessCom ? 1 : 0);
    scale->setVisible(chessCom);
    form->addRow(scale);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &ask);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &ask, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &ask, &QDialog::reject);
    form->addRow(buttons);
    account->selectAll();
    if (ask.exec() != QDialog::Accepted || account->text().trimmed().isEmpty()) return std::nullopt;
    GameDownloadChoice choice;
    choice.site = site->currentIndex() == 1 ? jobs::GameSite::ChessCom : jobs::GameSite::Lichess;
    choice.account = account->text().trimmed();
    choice.maxGames = max->value();
    settings.setValue(settings_keys::kDownloadAccount, choice.account);
    settings.setValue(settings_keys::kDownloadSite, siteKey(choice.site));
    return choice;
}

QString defaultDownloadFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/games");
}

GameDownloader::GameDownloader(QObject* parent) : QObject(parent), m_folder(defaultDownloadFolder()) {}

GameDownloader::~GameDownloader() = default;

bool GameDownloader::start(const GameDownloadChoice& choice) {
    if (m_download) return false;
    m_choice = choice;
    if (!QDir().mkpath(m_folder)) {
        Q_EMIT finished(false, tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(m_folder)), QString());
        return true;
    }
    jobs::GameDownloadRequest r;
    r.site = choice.site;
    r.user = choice.account;
    r.maxGames = choice.maxGames;
    r.outPath = QDir(m_folder).filePath(
        QStringLiteral("%1-%2.pgn")
            .arg(choice.site == jobs::GameSite::Lichess ? QStringLiteral("lichess") : QStringLiteral("chesscom"),
                 choice.account.toLower()));
    m_download = std::make_unique<jobs::GameDownload>(r);
    const QString account = choice.account;
    const jobs::GameSite site = choice.site;
    connect(m_download.get(), &jobs::GameDownload::progress, this, [this, account](qint64 games, qint64) {
        Q_EMIT status(tr("Downloading %1's games: %n so far", nullptr, int(games)).arg(account));
    });
    connect(m_download.get(), &jobs::GameDownload::waiting, this, [this, site](int seconds) {
        Q_EMIT status(tr("%1 asks to slow down: trying again in %n s", nullptr, seconds).arg(jobs::siteName(site)));
    });
    const QString out = r.outPath;
    connect(m_download.get(), &jobs::GameDownload::finished, this, [this, out](bool ok, const QString& message, bool) {
        m_download.release()->deleteLater();  // its own signal is still being delivered
        Q_EMIT finished(ok, message, ok ? out : QString());
    });
    Q_EMIT status(tr("Asking %1 for %2's games…").arg(jobs::siteName(site), account));
    m_download->start();
    return true;
}

void GameDownloader::cancel() {
    if (m_download) m_download->cancel();
}

}  // namespace kibitz::ui
