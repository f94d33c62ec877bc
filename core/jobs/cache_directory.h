// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where Kibitz keeps what it can compute again: the player profile's engine scores, the puzzle model's engine and
// human feature caches. One rule for all of them, so that one setting moves them all.

#include <QString>

namespace kibitz::jobs {

/// $KIBITZ_CACHE_DIR when set, else kibitz/ under the user's cache folder (QStandardPaths::GenericCacheLocation,
/// e.g. ~/.cache/kibitz; the temp folder when there is none). Not created here.
QString cacheDirectory();

}  // namespace kibitz::jobs
