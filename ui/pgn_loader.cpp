// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/pgn_loader.h"

#include <QElapsedTimer>

namespace kibitz::ui {

PgnLoader::PgnLoader(QObject* parent) : QObject(parent) {
    qRegisterMetaType<kibitz::CancelToken>();
    qRegisterMetaType<std::shared_ptr<const kibitz::ui::PgnLoadResult>>();
}

void PgnLoader::load(const QString& path, int maxGames, kibitz::CancelToken cancel) {
    auto opened = chess::PgnReader::open(path.toStdString());
    if (!opened) {
        Q_EMIT failed(QString::fromStdString(opened.error().message));
        return;
    }
    chess::PgnReader& reader = *opened.value();
    auto result = std::make_shared<PgnLoadResult>();
    result->path = path;
    reader.setOnSkip([&result](const chess::PgnSkip& skip) {
        if (result->firstSkip.isEmpty())
            result->firstSkip = QString::fromStdString(skip.file) + QLatin1Char(':') + QString::number(skip.line) +
                                QStringLiteral(": ") + QString::fromStdString(skip.reason);
    });

    QElapsedTimer sinceProgress;
    sinceProgress.start();
    chess::PgnGame game;
    while (reader.next(game)) {
        if (cancel.isCancelled()) {
            result->cancelled = true;
            break;
        }
        if (int(result->games.size()) >= maxGames) {
            result->truncated = true;
            break;
        }
        result->games.push_back(std::move(game));
        game = chess::PgnGame();
        if (sinceProgress.elapsed() >= 100) {
            sinceProgress.restart();
            Q_EMIT progressChanged(reader.input().bytesRead(), reader.input().totalBytes(), int(result->games.size()));
        }
    }
    result->skipped = reader.skippedCount();
    if (!reader.ioError().empty() && result->games.empty()) {
        Q_EMIT failed(QString::fromStdString(reader.ioError()));
        return;
    }
    Q_EMIT finished(std::move(result));
}

}  // namespace kibitz::ui
