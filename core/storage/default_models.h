// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kibitz::storage {

/// The folders a shipped model (resources/models/*.kibitz) is looked for in, for a program in `appDir`, nearest
/// first: at `appDir` and each of its first four parents, <dir>/share/kibitz/models and then <dir>/resources/models.
/// So an installed program finds <prefix>/share/kibitz/models from <prefix>/bin and from <prefix>/libexec/kibitz
/// wherever the tree was unpacked (no install path is compiled in), and a program in a build tree finds the
/// checkout's resources/models. Empty when `appDir` is empty.
QStringList defaultModelDirs(const QString& appDir);

/// The first of defaultModelDirs(appDir) that holds `fileName` (canonical path), or an empty string.
QString findModelFile(const QString& fileName, const QString& appDir);

/// Where the shipped model `fileName` (e.g. "human-default.kibitz") is: the copy compiled into the program
/// (":/models/<fileName>", builds with KIBITZ_EMBED_MODELS=ON), else findModelFile() from the running program's
/// folder (QCoreApplication::applicationDirPath(); none without a QCoreApplication). Empty when not found.
QString findDefaultModel(const QString& fileName);

}  // namespace kibitz::storage
