// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine side of UCI: Kibitz's human-move model as a UCI engine (`kibitz-cli uci`), for chess GUIs and
// lichess-bot style loops. Plain C++ (no Qt, no torch): the model comes through a loader hook, output through a
// write hook, so tests drive it line by line with a fake evaluator.
//
// Protocol: uci, isready, ucinewgame, setoption, position (startpos | fen F) [moves ...], go (wtime btime winc binc
// movestogo movetime nodes depth mate infinite ponder searchmoves), stop, ponderhit, debug, register, quit.
// Output per search (docs/user/uci.md, "What it prints"):
//   info depth 1 seldepth 1 multipv K score cp C [wdl W D L] nodes 1 nps N time T pv MOVE     (K = 1..MultiPV)
//   info string human 1500 vs 1500: e2e4 42.1% d2d4 30.2% ...
//   bestmove MOVE
// The multipv lines are the likeliest human moves, most likely first; each line's `score cp` is the value head's
// expected score for the mover after that move (expectedScoreToCp; 0 without a value head), and the exact move
// percentages follow in the `info string` line. With UCI_ShowWDL and a model that has a value head, each multipv line
// also has `wdl W D L`: the value head's win/draw/loss permille for the mover after that move, in a game between
// humans of the conditioned ratings. The move played is drawn by the one human mover (human_mover.h) at UCI_Elo.
// Bad input (unknown commands, malformed or illegal `position`, out-of-range options) answers
// `info string error: ...` and the engine goes on; after a bad `position` a `go` answers `bestmove 0000` rather than
// a move for a position the GUI did not mean. Nothing but UCI is written.

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/position_encoder.h"
#include "core/play/human_play.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace kibitz::play {

/// The names of the options UciServer offers, defined here once for the server, its tests and the options table of
/// docs/user/uci.md (`setoption name N` matches them ignoring case).
namespace uci_option {
inline constexpr std::string_view kLimitStrength = "UCI_LimitStrength";
inline constexpr std::string_view kElo = "UCI_Elo";
inline constexpr std::string_view kOpponentElo = "OpponentElo";
inline constexpr std::string_view kTemperature = "Temperature";
inline constexpr std::string_view kTopP = "TopP";
/// On (default): UCI_Elo shapes the strength as well as the style (play::strengthTemperature); off: the model's
/// distribution as it is.
inline constexpr std::string_view kRatingStrength = "RatingStrength";
inline constexpr std::string_view kMultiPv = "MultiPV";
inline constexpr std::string_view kThreads = "Threads";
inline constexpr std::string_view kShowWdl = "UCI_ShowWDL";
inline constexpr std::string_view kHumanTime = "HumanTime";
inline constexpr std::string_view kSeed = "Seed";
inline constexpr std::string_view kPonder = "Ponder";
inline constexpr std::string_view kModelFile = "ModelFile";
inline constexpr std::string_view kOpponent = "UCI_Opponent";
}  // namespace uci_option

/// What UciServer needs from its host.
/// The `score cp` of a line whose expected score (win + draw / 2, for the side to move) is `score`: 400 x
/// log10(s / (1 - s)), the Elo curve read backwards (a 75 % expected score is +191, 50 % is 0, 25 % is -191), s
/// clamped to [0.001, 0.999] (+-1200). Monotone, so GUIs order and adjudicate the lines by what the value head says,
/// never by the move's probability.
int expectedScoreToCp(double score);

struct UciServerHooks {
    std::string name = "Kibitz";                   ///< `id name`
    std::string author = "the Kibitz developers";  ///< `id author`
    /// Loads the human-move model from a .kibitz bundle or .pt checkpoint; an empty path means the shipped model.
    std::function<Result<std::unique_ptr<encoding::Evaluator>>(const std::string& path)> loadModel;
    /// Applies the Threads option to the model's compute (may be empty). Never called while a search runs.
    std::function<void(int threads)> setThreads;
    /// Writes one line (without the newline) and flushes. Calls are serialised by the server.
    std::function<void(const std::string& line)> write;
};

/// A UCI engine playing the human-move model. handleLine() is called from one thread (the input reader); a search
/// runs on its own thread so `stop`, `isready` and `quit` are answered while it runs.
class UciServer {
public:
    explicit UciServer(UciServerHooks hooks);
    /// Stops and joins a running search.
    ~UciServer();
    UciServer(const UciServer&) = delete;
    UciServer& operator=(const UciServer&) = delete;

    /// Handles one input line (a trailing '\r' is ignored). Returns false after `quit`: the search has been stopped
    /// and its bestmove written.
    bool handleLine(std::string_view line);
    /// End of input: stops and joins a running search, as `quit` does.
    void shutdown();
    /// True while a search thread runs (for tests).
    bool searching() const;

private:
    struct Settings {
        bool limitStrength = true;
        int elo = 1500;
        int opponentElo = 0;  ///< 0: the UCI_Opponent's rating when the GUI sent one, else the same as UCI_Elo
        std::optional<int> uciOpponentElo;
        int temperaturePct = 100;
        int topPPct = 100;
        bool ratingStrength = true;
        int multiPv = 1;
        std::string modelFile;
        int threads = 1;
        bool humanTime = false;
        bool showWdl = false;
        std::uint64_t seed = 0;
    };
    struct GoParams {
        std::optional<long long> wtime, btime, winc, binc, movetime;
        bool infinite = false;
        bool ponder = false;
        std::vector<std::string> searchMoves;
    };
    struct Job;

    void write(const std::string& line);
    void error(const std::string& message);
    void cmdUci();
    void cmdSetOption(std::string_view args);
    void cmdPosition(std::string_view args);
    void cmdGo(std::string_view args);
    void ensureModel();
    void stopAndJoin();
    void runSearch(std::shared_ptr<Job> job);
    void reseed();

    UciServerHooks m_hooks;
    std::mutex m_writeMutex;
    Settings m_settings;
    bool m_debug = false;

    chess::Position m_position;
    encoding::RecentMoves m_recent;
    std::string m_positionStart;               ///< "startpos" or the FEN of the last position command
    std::vector<std::string> m_positionMoves;  ///< its moves, as sent
    /// The clocks at the last go with both clocks, and the game it was in: when the next go comes two plies later
    /// in the same game, the difference is how long each side took over its last move (the think-time head's pace).
    struct LastGo {
        std::string start;
        std::vector<std::string> moves;
        long long moverMs = 0, oppMs = 0;
        std::vector<std::optional<int>> spentS;  ///< each move's seconds, where two gos of this game told them
    };
    std::optional<LastGo> m_lastGo;
    bool m_positionValid = true;
    std::string m_positionError;

    std::unique_ptr<encoding::Evaluator> m_evaluator;
    std::optional<std::string> m_loadedModel;  ///< the ModelFile the evaluator came from
    int m_appliedThreads = 0;
    std::mt19937_64 m_rng;

    // The running search. m_stateMutex guards m_stop / m_ponderHit and the condition the search waits on.
    std::thread m_search;
    mutable std::mutex m_stateMutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    bool m_ponderHit = false;
    bool m_running = false;
};

}  // namespace kibitz::play
