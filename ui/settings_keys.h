// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every QSettings key the app reads or writes, named once: the GUI's preferences and remembered folders. Keys are
// "group/name"; changing one forgets what users stored under the old name.

#include <QLatin1String>

namespace kibitz::ui::settings_keys {

// The interface language (empty: the system's), read at start.
inline constexpr QLatin1String kLanguage{"ui/language"};

// Models: the chosen human-move and puzzle models (empty: the shipped ones), where they run, the last folder browsed.
inline constexpr QLatin1String kHumanModel{"models/human"};
inline constexpr QLatin1String kPuzzleModel{"models/puzzle"};
inline constexpr QLatin1String kModelDevice{"models/device"};  ///< auto, cpu or cuda
inline constexpr QLatin1String kModelDir{"models/lastDir"};

// Folders last opened for games and puzzles.
inline constexpr QLatin1String kPgnDir{"files/lastPgnDir"};
inline constexpr QLatin1String kPuzzleFileDir{"files/lastPuzzleDir"};  ///< the window's Open puzzles
inline constexpr QLatin1String kPuzzlePanelDir{"puzzles/lastDir"};     ///< the puzzle panel's files and batch CSVs

// The last account whose games were downloaded (Download games…) and its site ("lichess" or "chess.com").
inline constexpr QLatin1String kDownloadAccount{"download/account"};
inline constexpr QLatin1String kDownloadSite{"download/site"};

// The main window's layout and the board's orientation.
inline constexpr QLatin1String kWindowGeometry{"mainWindow/geometry"};
inline constexpr QLatin1String kWindowState{"mainWindow/state"};
inline constexpr QLatin1String kWindowSplitter{"mainWindow/splitter"};
inline constexpr QLatin1String kBoardFlipped{"board/flipped"};

// The analysis engine (the path: where every dock looks for Stockfish first, EngineSettings::locateEngine).
inline constexpr QLatin1String kEnginePath{"engine/path"};
inline constexpr QLatin1String kEngineThreads{"engine/threads"};
inline constexpr QLatin1String kEngineHash{"engine/hash"};
inline constexpr QLatin1String kEngineMultiPv{"engine/multipv"};

// The player profile page: how much of the games it scores, and where reports are saved.
inline constexpr QLatin1String kProfileEvery{"profile/step"};             ///< one of every N of their moves (0: auto)
inline constexpr QLatin1String kProfileDepth{"profile/depth"};            ///< the engine's depth
inline constexpr QLatin1String kProfilePeerRating{"profile/peerRating"};  ///< the last rating chosen for "Peers rated"
inline constexpr QLatin1String kProfileReportDir{"profile/reportDir"};

// The New game dialog's last choices.
inline constexpr QLatin1String kPlaySide{"play/side"};
inline constexpr QLatin1String kPlayUserElo{"play/userElo"};
inline constexpr QLatin1String kPlayOpponentElo{"play/opponentElo"};
inline constexpr QLatin1String kPlayPreset{"play/preset"};
inline constexpr QLatin1String kPlayBaseMinutes{"play/baseMinutes"};
inline constexpr QLatin1String kPlayIncrement{"play/increment"};
inline constexpr QLatin1String kPlayTemperature{"play/temperature"};
inline constexpr QLatin1String kPlayTopP{"play/topP"};
inline constexpr QLatin1String kPlayRatingStrength{"play/ratingStrength"};
inline constexpr QLatin1String kPlayThinkTime{"play/thinkTime"};
inline constexpr QLatin1String kPlayResigns{"play/resigns"};
inline constexpr QLatin1String kPlayDrawOffers{"play/drawOffers"};

}  // namespace kibitz::ui::settings_keys
