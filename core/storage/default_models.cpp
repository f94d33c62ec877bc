// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/storage/default_models.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kibitz::storage {

namespace {

// bin/ and libexec/kibitz/ are one and two levels below the prefix; a build tree's programs (build/<preset>/app/cli,
// build/<preset>/tests/<module>) are three below the checkout. Four parents cover both with room to spare and stop
// long before the search could wander through an unrelated file system.
constexpr int kParentsSearched = 4;

}  // namespace

QStringList defaultModelDirs(const QString& appDir) {
    QStringList dirs;
    if (appDir.isEmpty()) return dirs;
    QDir dir(appDir);
    for (int up = 0; up <= kParentsSearched; ++up) {
        dirs << QDir::cleanPath(dir.filePath(QStringLiteral("share/kibitz/models")))
             << QDir::cleanPath(dir.filePath(QStringLiteral("resources/models")));
        if (!dir.cdUp()) break;
    }
    return dirs;
}

QString findModelFile(const QString& fileName, const QString& appDir) {
    for (const QString& dir : defaultModelDirs(appDir)) {
        const QFileInfo file(QDir(dir).filePath(fileName));
        if (file.isFile()) return file.canonicalFilePath();
    }
    return {};
}

QString findDefaultModel(const QString& fileName) {
    const QString embedded = QStringLiteral(":/models/") + fileName;
    if (QFile::exists(embedded)) return embedded;
    if (!QCoreApplication::instance()) return {};
    return findModelFile(fileName, QCoreApplication::applicationDirPath());
}

}  // namespace kibitz::storage
