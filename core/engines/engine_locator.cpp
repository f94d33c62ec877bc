// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engines/engine_locator.h"

#include <QFileInfo>
#include <QStandardPaths>

namespace kibitz::engines {
namespace {

bool isExecutableFile(const QString& path) {
    const QFileInfo fi(path);
    return fi.exists() && fi.isFile() && fi.isExecutable();
}

}  // namespace

QStringList defaultStockfishLocations() {
    return {QStringLiteral("/usr/games/stockfish"), QStringLiteral("/usr/local/bin/stockfish")};
}

Result<QString> locateStockfish(const QString& configuredPath, const QStringList& fallbacks) {
    if (!configuredPath.isEmpty()) {
        // A bare name ("stockfish_16") is looked up on PATH like a shell would.
        const QString resolved =
            configuredPath.contains(QLatin1Char('/')) ? configuredPath : QStandardPaths::findExecutable(configuredPath);
        if (!resolved.isEmpty() && isExecutableFile(resolved)) return QFileInfo(resolved).absoluteFilePath();
        return makeError(ErrorCode::InvalidInput,
                         "engine path '" + configuredPath.toStdString() + "' is not an executable file");
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("stockfish"));
    if (!onPath.isEmpty()) return QFileInfo(onPath).absoluteFilePath();
    for (const QString& candidate : fallbacks) {
        if (isExecutableFile(candidate)) return QFileInfo(candidate).absoluteFilePath();
    }
    return makeError(ErrorCode::Io, "Stockfish not found: not configured, not on PATH, not in " +
                                        fallbacks.join(QStringLiteral(", ")).toStdString() +
                                        "; install it (Debian: apt-get install stockfish) or set the engine path");
}

}  // namespace kibitz::engines
