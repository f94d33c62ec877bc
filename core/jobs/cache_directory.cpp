// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/cache_directory.h"

#include <QDir>
#include <QStandardPaths>

namespace kibitz::jobs {

QString cacheDirectory() {
    if (QString dir = qEnvironmentVariable("KIBITZ_CACHE_DIR"); !dir.isEmpty()) return dir;
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (base.isEmpty()) base = QDir::tempPath();
    return QDir(base).filePath(QStringLiteral("kibitz"));
}

}  // namespace kibitz::jobs
