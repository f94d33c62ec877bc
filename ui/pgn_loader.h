// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/jobs/metatypes.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace kibitz::ui {

/// What PgnLoader read from one file.
struct PgnLoadResult {
    QString path;
    std::vector<chess::PgnGame> games;  ///< valid games in file order, at most the requested maximum
    bool truncated = false;             ///< the file holds more games than were read
    qint64 skipped = 0;                 ///< malformed games skipped
    QString firstSkip;                  ///< "file:line: reason" of the first skipped game
    bool cancelled = false;
};

/// Worker that reads the first games of a PGN (.pgn or .pgn.zst) file off the GUI thread (STYLE §2): move
/// it to a QThread and call load() through a queued call. Cancelled through the token, checked per game.
class PgnLoader : public QObject {
    Q_OBJECT
public:
    explicit PgnLoader(QObject* parent = nullptr);

public Q_SLOTS:
    /// Reads up to `maxGames` games from `path`; emits progressChanged while reading, then finished() or
    /// failed() (the message names the file) exactly once.
    void load(const QString& path, int maxGames, kibitz::CancelToken cancel);

Q_SIGNALS:
    /// Throttled to about 10 Hz. `totalBytes` is -1 when unknown.
    void progressChanged(qint64 bytesRead, qint64 totalBytes, int games);
    void finished(std::shared_ptr<const kibitz::ui::PgnLoadResult> result);
    void failed(const QString& message);
};

}  // namespace kibitz::ui

Q_DECLARE_METATYPE(std::shared_ptr<const kibitz::ui::PgnLoadResult>)
