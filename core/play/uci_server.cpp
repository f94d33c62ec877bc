// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/uci_server.h"

#include "core/chess/notation.h"
#include "core/encoding/game_conditioning.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace kibitz::play {

namespace {

using Clock = std::chrono::steady_clock;

/// Splits at runs of spaces and tabs.
std::vector<std::string_view> tokenize(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string join(const std::vector<std::string_view>& tokens, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to && i < tokens.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += tokens[i];
    }
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<long long> parseInteger(std::string_view s) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

/// The options `uci` declares, in the order it declares them.
struct OptionSpec {
    std::string_view name;
    const char* type;  // spin, check, string
    long long def;
    long long min;
    long long max;
};
constexpr std::array<OptionSpec, 12> kSpinAndCheck = {{
    {uci_option::kLimitStrength, "check", 1, 0, 1},
    {uci_option::kElo, "spin", 1500, encoding::kMinPlayableElo, encoding::kMaxPlayableElo},
    {uci_option::kOpponentElo, "spin", 0, 0, encoding::kMaxPlayableElo},
    {uci_option::kTemperature, "spin", 100, 0, 300},
    {uci_option::kTopP, "spin", 100, 1, 100},
    {uci_option::kRatingStrength, "check", 1, 0, 1},
    {uci_option::kMultiPv, "spin", 1, 1, 256},
    {uci_option::kThreads, "spin", 1, 1, 64},
    {uci_option::kShowWdl, "check", 0, 0, 1},
    {uci_option::kHumanTime, "check", 0, 0, 1},
    {uci_option::kSeed, "spin", 0, 0, 2147483647},
    {uci_option::kPonder, "check", 0, 0, 1},
}};

const char* const kGoKeywords[] = {"searchmoves", "ponder", "wtime", "btime", "winc",     "binc",
                                   "movestogo",   "depth",  "nodes", "mate",  "movetime", "infinite"};

bool isGoKeyword(std::string_view t) {
    return std::any_of(std::begin(kGoKeywords), std::end(kGoKeywords), [t](const char* k) { return t == k; });
}

/// Half-moves from the game's start to `pos` (0 for White's first move), from its move number.
int gamePly(const chess::Position& pos) { return 2 * (pos.fullmoveNumber() - 1) + (pos.sideToMove() == chess::Black); }

std::string percent(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * p);
    return buf;
}

}  // namespace

int expectedScoreToCp(double score) {
    const double s = std::clamp(score, 0.001, 0.999);
    return int(std::lround(400.0 * std::log10(s / (1.0 - s))));
}

/// One search: everything it needs, copied from the handler thread when `go` arrives.
struct UciServer::Job {
    chess::Position position;
    encoding::RecentMoves recent;
    encoding::Conditioning cond;
    encoding::PlayerState white, black;  // for the conditioning after each candidate move (the opponent to move)
    bool showWdl = false;
    play::MovePolicy policy;
    std::vector<chess::Move> searchMoves;  // empty: all legal moves
    int multiPv = 1;
    bool infinite = false;
    bool ponder = false;
    std::optional<play::ClockState> humanClock;  // HumanTime on and the mover's clock known
    encoding::RecentTimes recentTimes;           // both sides' last move times, when two gos of one game tell
    std::optional<long long> moveTimeMs;
    std::uint64_t seed = 0;
    int elo = 1500;     // the rating the mover plays at (policy.calibrated)
    std::string label;  // "1500 vs 1500" for the info string
    Clock::time_point start;
};

UciServer::UciServer(UciServerHooks hooks) : m_hooks(std::move(hooks)) { reseed(); }

UciServer::~UciServer() { stopAndJoin(); }

void UciServer::shutdown() { stopAndJoin(); }

bool UciServer::searching() const {
    std::lock_guard lock(m_stateMutex);
    return m_running;
}

void UciServer::write(const std::string& line) {
    std::lock_guard lock(m_writeMutex);
    if (m_hooks.write) m_hooks.write(line);
}

void UciServer::error(const std::string& message) { write("info string error: " + message); }

void UciServer::reseed() {
    if (m_settings.seed != 0) {
        m_rng.seed(m_settings.seed);
    } else {
        std::random_device rd;
        m_rng.seed((std::uint64_t(rd()) << 32) ^ rd());
    }
}

bool UciServer::handleLine(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    const auto tokens = tokenize(line);
    if (tokens.empty()) return true;
    // UCI: an unknown token is skipped and the rest of the line tried ("joho debug on" switches debug on).
    static constexpr std::string_view kCommands[] = {"uci",  "isready",   "ucinewgame", "setoption", "position", "go",
                                                     "stop", "ponderhit", "quit",       "debug",     "register"};
    std::size_t first = 0;
    while (first < tokens.size() &&
           std::find(std::begin(kCommands), std::end(kCommands), tokens[first]) == std::end(kCommands))
        ++first;
    if (first == tokens.size()) {
        error("unknown command '" + std::string(line.substr(0, std::min<std::size_t>(line.size(), 80))) + "'");
        return true;
    }
    const std::string_view cmd = tokens[first];
    // The arguments: the rest of the line after the command word, as written.
    const std::size_t argPos = std::size_t(cmd.data() + cmd.size() - line.data());
    const std::string_view args = line.substr(argPos);

    if (cmd == "uci") {
        cmdUci();
    } else if (cmd == "isready") {
        // readyok only once the options sent before have taken effect: a search that has written its bestmove is
        // joined first (its thread may still be finishing), then the model named by ModelFile is loaded.
        if (!searching()) {
            if (m_search.joinable()) m_search.join();
            ensureModel();
        }
        write("readyok");
    } else if (cmd == "ucinewgame") {
        stopAndJoin();
        m_position = chess::Position();
        m_recent = {};
        m_positionValid = true;
        reseed();
    } else if (cmd == "setoption") {
        cmdSetOption(args);
    } else if (cmd == "position") {
        cmdPosition(args);
    } else if (cmd == "go") {
        cmdGo(args);
    } else if (cmd == "stop") {
        stopAndJoin();
    } else if (cmd == "ponderhit") {
        std::lock_guard lock(m_stateMutex);
        m_ponderHit = true;
        m_wake.notify_all();
    } else if (cmd == "quit") {
        stopAndJoin();
        return false;
    } else if (cmd == "debug") {
        const auto rest = tokenize(args);
        if (rest.size() == 1 && (rest[0] == "on" || rest[0] == "off"))
            m_debug = rest[0] == "on";
        else
            error("debug expects 'on' or 'off'");
    }
    // register: nothing to register; accepted silently.
    return true;
}

void UciServer::cmdUci() {
    write("id name " + m_hooks.name);
    write("id author " + m_hooks.author);
    for (const auto& o : kSpinAndCheck) {
        if (std::string_view(o.type) == "check")
            write("option name " + std::string(o.name) + " type check default " + (o.def ? "true" : "false"));
        else
            write("option name " + std::string(o.name) + " type spin default " + std::to_string(o.def) + " min " +
                  std::to_string(o.min) + " max " + std::to_string(o.max));
    }
    for (const std::string_view name : {uci_option::kModelFile, uci_option::kOpponent})
        write("option name " + std::string(name) + " type string default <empty>");
    write("uciok");
}

void UciServer::cmdSetOption(std::string_view args) {
    const auto t = tokenize(args);
    // setoption name <id, may have spaces> [value <x, may have spaces>]
    if (t.empty() || t[0] != "name") {
        error("setoption: expected 'name'");
        return;
    }
    std::size_t valuePos = t.size();
    for (std::size_t i = 1; i < t.size(); ++i)
        if (t[i] == "value") {
            valuePos = i;
            break;
        }
    const std::string name = join(t, 1, valuePos);
    const std::string value = join(t, valuePos + 1, t.size());
    if (name.empty()) {
        error("setoption: the option name is missing");
        return;
    }
    if (iequals(name, uci_option::kModelFile)) {
        m_settings.modelFile = value == "<empty>" ? std::string() : value;
        return;  // loaded at the next isready or go, where a failure is reported
    }
    if (iequals(name, uci_option::kOpponent)) {
        // "UCI_Opponent <title> <elo> <computer|human> <name>", e.g. "GM 2800 human Garry Kasparov"; elo may be "none".
        const auto v = tokenize(value);
        m_settings.uciOpponentElo.reset();
        if (v.size() >= 2)
            if (auto elo = parseInteger(v[1]); elo && *elo > 0 && *elo <= 4000) m_settings.uciOpponentElo = int(*elo);
        return;
    }
    const auto spec = std::find_if(kSpinAndCheck.begin(), kSpinAndCheck.end(),
                                   [&](const OptionSpec& o) { return iequals(name, o.name); });
    if (spec == kSpinAndCheck.end()) {
        error("setoption: unknown option '" + name + "'");
        return;
    }
    long long v = 0;
    if (std::string_view(spec->type) == "check") {
        if (value != "true" && value != "false") {
            error("setoption " + std::string(spec->name) + ": expected true or false, got '" + value + "'");
            return;
        }
        v = value == "true";
    } else {
        const auto parsed = parseInteger(value);
        if (!parsed || *parsed < spec->min || *parsed > spec->max) {
            error("setoption " + std::string(spec->name) + ": expected an integer from " + std::to_string(spec->min) +
                  " to " + std::to_string(spec->max) + ", got '" + value + "'");
            return;
        }
        v = *parsed;
    }
    const std::string_view n = spec->name;
    Settings& s = m_settings;
    if (n == uci_option::kLimitStrength)
        s.limitStrength = v != 0;
    else if (n == uci_option::kElo) {
        s.elo = int(v);
        // What the rating means there: the GUI's option list cannot say it, its engine output can.
        if (s.elo > play::kStrengthMeasuredUpTo)
            write("info string UCI_Elo " + std::to_string(s.elo) + ": the style of a " + std::to_string(s.elo) +
                  ", the strength of about a " + std::to_string(play::kStrengthMeasuredUpTo) + " (above " +
                  std::to_string(play::kStrengthMeasuredUpTo) +
                  " the rating stops adding strength: measured in "
                  "self-play)");
    } else if (n == uci_option::kOpponentElo)
        s.opponentElo = int(v);
    else if (n == uci_option::kTemperature)
        s.temperaturePct = int(v);
    else if (n == uci_option::kTopP)
        s.topPPct = int(v);
    else if (n == uci_option::kRatingStrength)
        s.ratingStrength = v != 0;
    else if (n == uci_option::kMultiPv)
        s.multiPv = int(v);
    else if (n == uci_option::kThreads)
        s.threads = int(v);
    else if (n == uci_option::kShowWdl)
        s.showWdl = v != 0;
    else if (n == uci_option::kHumanTime)
        s.humanTime = v != 0;
    else if (n == uci_option::kSeed) {
        s.seed = std::uint64_t(v);
        reseed();
    }
    // Ponder: the GUI tells us it may send `go ponder`; nothing to set.
}

void UciServer::cmdPosition(std::string_view args) {
    const auto t = tokenize(args);
    std::size_t i = 0;
    chess::Position pos;
    encoding::RecentMoves recent;
    std::string start = "startpos";
    std::vector<std::string> moves;
    m_positionValid = false;
    if (i < t.size() && t[i] == "startpos") {
        ++i;
    } else if (i < t.size() && t[i] == "fen") {
        ++i;
        const std::size_t from = i;
        while (i < t.size() && t[i] != "moves") ++i;
        const std::string fen = join(t, from, i);
        auto parsed = chess::Position::fromFen(fen);
        if (!parsed) {
            m_positionError = "position fen '" + fen + "': " + parsed.error().message;
            error(m_positionError);
            return;
        }
        pos = std::move(*parsed);
        start = fen;
    } else {
        m_positionError =
            "position: expected 'startpos' or 'fen', got '" + (i < t.size() ? std::string(t[i]) : "") + "'";
        error(m_positionError);
        return;
    }
    if (i < t.size()) {
        if (t[i] != "moves") {
            m_positionError = "position: expected 'moves', got '" + std::string(t[i]) + "'";
            error(m_positionError);
            return;
        }
        const std::size_t firstMove = i + 1;
        for (++i; i < t.size(); ++i) {
            moves.emplace_back(t[i]);
            auto m = chess::parseUci(pos, t[i]);
            if (!m) {
                m_positionError = "position: move " + std::to_string(i - firstMove + 1) + " '" + std::string(t[i]) +
                                  "' is not legal in " + pos.fen() + ": " + m.error().message;
                error(m_positionError);
                return;
            }
            recent.push(pos, *m);
            pos.makeMove(*m);
        }
    }
    m_position = std::move(pos);
    m_recent = recent;
    m_positionStart = std::move(start);
    m_positionMoves = std::move(moves);
    m_positionValid = true;
    m_positionError.clear();
}

void UciServer::ensureModel() {
    if (m_appliedThreads != m_settings.threads && m_hooks.setThreads) {
        m_hooks.setThreads(m_settings.threads);
        m_appliedThreads = m_settings.threads;
    }
    if (m_evaluator && m_loadedModel == m_settings.modelFile) return;
    if (!m_hooks.loadModel) return;
    if (m_loadedModel == m_settings.modelFile) return;  // this file failed already: reported once
    auto ev = m_hooks.loadModel(m_settings.modelFile);
    m_loadedModel = m_settings.modelFile;
    if (!ev) {
        if (m_evaluator) {
            error(std::string(uci_option::kModelFile) + " '" + m_settings.modelFile + "': " + ev.error().message +
                  " (keeping the model loaded before)");
            return;
        }
        // Nothing loaded yet: play on the default model rather than forfeit every game.
        auto fallback = m_settings.modelFile.empty() ? decltype(ev)(ev.error()) : m_hooks.loadModel(std::string());
        error(std::string(uci_option::kModelFile) + " '" + m_settings.modelFile + "': " + ev.error().message +
              (fallback ? " (using the default model instead)" : ""));
        if (!fallback) return;
        ev = std::move(fallback);
    }
    m_evaluator = std::move(*ev);
    if (m_debug) write("info string model " + m_evaluator->describe());
}

void UciServer::cmdGo(std::string_view args) {
    stopAndJoin();  // a GUI should not send go while searching; if it does, the old search ends first
    const auto t = tokenize(args);
    GoParams g;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::string_view k = t[i];
        auto number = [&](std::optional<long long>& into) {
            if (i + 1 >= t.size() || !parseInteger(t[i + 1])) {
                error("go: '" + std::string(k) + "' expects an integer" +
                      (i + 1 < t.size() ? ", got '" + std::string(t[i + 1]) + "'" : std::string()));
                if (i + 1 < t.size() && !isGoKeyword(t[i + 1])) ++i;
                return;
            }
            into = *parseInteger(t[++i]);
        };
        std::optional<long long> ignored;
        if (k == "wtime")
            number(g.wtime);
        else if (k == "btime")
            number(g.btime);
        else if (k == "winc")
            number(g.winc);
        else if (k == "binc")
            number(g.binc);
        else if (k == "movetime")
            number(g.movetime);
        else if (k == "movestogo" || k == "depth" || k == "nodes" || k == "mate")
            number(ignored);
        else if (k == "infinite")
            g.infinite = true;
        else if (k == "ponder")
            g.ponder = true;
        else if (k == "searchmoves") {
            while (i + 1 < t.size() && !isGoKeyword(t[i + 1])) g.searchMoves.emplace_back(t[++i]);
        } else {
            error("go: unknown token '" + std::string(k) + "' ignored");
        }
    }

    if (!m_positionValid) {
        error("go: no valid position (" + m_positionError + ")");
        write("bestmove 0000");
        return;
    }
    ensureModel();

    auto job = std::make_shared<Job>();
    job->start = Clock::now();
    job->position = m_position;
    job->recent = m_recent;
    const chess::Color stm = m_position.sideToMove();
    const Settings& s = m_settings;
    const std::optional<int> myElo = s.limitStrength ? std::optional<int>(s.elo) : std::nullopt;
    std::optional<int> oppElo = s.opponentElo > 0  ? std::optional<int>(s.opponentElo)
                                : s.uciOpponentElo ? s.uciOpponentElo
                                                   : myElo;
    const auto& myTime = stm == chess::White ? g.wtime : g.btime;
    const auto& myInc = stm == chess::White ? g.winc : g.binc;
    const auto& oppTime = stm == chess::White ? g.btime : g.wtime;
    const auto& oppInc = stm == chess::White ? g.binc : g.winc;
    // The clocks count only when the side to move's clock is given (go movetime alone leaves them unknown); an
    // increment without a clock says nothing about the time control either.
    const auto me =
        encoding::playerStateFromMs(myElo, myTime, myTime ? std::optional<long long>(myInc.value_or(0)) : std::nullopt);
    const auto opp =
        encoding::playerStateFromMs(oppElo, myTime ? oppTime : std::nullopt,
                                    myTime && oppTime ? std::optional<long long>(oppInc.value_or(0)) : std::nullopt);
    job->white = stm == chess::White ? me : opp;
    job->black = stm == chess::White ? opp : me;
    job->cond = encoding::moverConditioning(stm, job->white, job->black);
    job->showWdl = s.showWdl;
    job->policy.temperature = s.temperaturePct / 100.0;
    job->policy.topP = s.topPPct / 100.0;
    // The rating shapes the strength only when there is a rating to play at.
    job->policy.calibrated = s.ratingStrength && s.limitStrength;
    job->elo = s.elo;
    job->multiPv = s.multiPv;
    job->infinite = g.infinite;
    job->ponder = g.ponder;
    job->moveTimeMs = g.movetime;
    if (s.humanTime && myTime) job->humanClock = play::ClockState{*myTime, myInc.value_or(0)};
    // Both sides' last move times, from this go's clocks and those of the go two plies before in the same game.
    if (myTime && oppTime) {
        const bool continues = m_lastGo && m_lastGo->start == m_positionStart &&
                               m_positionMoves.size() == m_lastGo->moves.size() + 2 &&
                               std::equal(m_lastGo->moves.begin(), m_lastGo->moves.end(), m_positionMoves.begin());
        const std::size_t n = m_positionMoves.size();
        std::vector<std::optional<int>> spentS;
        if (continues) {
            auto spent = [](long long before, long long inc, long long after) -> std::optional<int> {
                const long long ms = before + inc - after;
                if (ms < 0) return std::nullopt;  // time was given, or the GUI restarted the clocks
                return int(std::min<long long>((ms + 500) / 1000, 1'000'000));
            };
            spentS = std::move(m_lastGo->spentS);
            spentS.resize(n);
            spentS[n - 2] = spent(m_lastGo->moverMs, myInc.value_or(0), *myTime);
            spentS[n - 1] = spent(m_lastGo->oppMs, oppInc.value_or(0), *oppTime);
            job->recentTimes = encoding::recentTimesAt(spentS, n);
        } else {
            spentS.resize(n);
        }
        m_lastGo = LastGo{m_positionStart, m_positionMoves, *myTime, *oppTime, std::move(spentS)};
    }
    for (const auto& sm : g.searchMoves) {
        auto m = chess::parseUci(m_position, sm);
        if (!m)
            error("go searchmoves: '" + sm + "' is not legal here, ignored");
        else
            job->searchMoves.push_back(*m);
    }
    job->seed = m_rng();
    auto label = [](const std::optional<int>& e) { return e ? std::to_string(*e) : std::string("unknown"); };
    job->label = label(job->cond.moverElo) + " vs " + label(job->cond.oppElo);
    {
        std::lock_guard lock(m_stateMutex);
        m_stop = false;
        m_ponderHit = false;
        m_running = true;
    }
    m_search = std::thread([this, job] { runSearch(job); });
}

void UciServer::runSearch(std::shared_ptr<Job> job) {
    const Job& j = *job;
    std::mt19937_64 rng(j.seed);
    std::string best = "0000";
    chess::Move chosen = chess::Move::none();
    std::vector<encoding::MoveProb> dist;
    if (j.position.countLegalMoves() == 0) {
        write(std::string("info string no legal move: ") + (j.position.inCheck() ? "checkmate" : "stalemate"));
        write("info depth 0 score " + std::string(j.position.inCheck() ? "mate 0" : "cp 0"));
        best = "(none)";
    } else if (!m_evaluator) {
        // No model at all (not even the default): still a legal move, never 0000 where one exists.
        const chess::MoveList legal = j.position.legalMoves();
        best = chess::toUci(legal[int(rng() % std::uint64_t(legal.size()))]);
        error("no human-move model is loaded (see ModelFile): playing a random legal move");
    } else {
        auto r = m_evaluator->moveDistributionsWithHistory({j.position}, {j.cond}, {j.recent});
        if (!r) {
            error("the model failed on " + j.position.fen() + ": " + r.error().message);
        } else {
            dist = std::move(r->front());
            if (!j.searchMoves.empty()) {
                std::vector<encoding::MoveProb> kept;
                double sum = 0.0;
                for (const auto& mp : dist)
                    if (std::find(j.searchMoves.begin(), j.searchMoves.end(), mp.move) != j.searchMoves.end()) {
                        kept.push_back(mp);
                        sum += mp.prob;
                    }
                if (!kept.empty()) {
                    for (auto& mp : kept) mp.prob = sum > 0 ? float(mp.prob / sum) : float(1.0 / kept.size());
                    dist = std::move(kept);
                }
            }
        }
    }
    if (!dist.empty()) {
        const int lines = std::min<int>(j.multiPv, int(dist.size()));
        // Each listed move's line is scored by the value head after the move, from the mover's side (the child
        // position is scored for the opponent, who moves there, and flipped); a move that mates or stalemates is a
        // sure result. Its `score` and `wdl` and the info string's expected score all come from that one WDL.
        std::vector<std::optional<encoding::Wdl>> wdl(static_cast<std::size_t>(lines));
        std::vector<bool> mates(static_cast<std::size_t>(lines), false);
        if (m_evaluator && m_evaluator->hasValueHead()) {
            std::vector<chess::Position> children;
            std::vector<encoding::Conditioning> conds;
            std::vector<encoding::RecentMoves> recents;
            std::vector<int> slot;
            for (int k = 0; k < lines; ++k) {
                chess::Position child = j.position.snapshot();
                encoding::RecentMoves r = j.recent;
                r.push(child, dist[std::size_t(k)].move);
                child.makeMove(dist[std::size_t(k)].move);
                if (child.countLegalMoves() == 0) {
                    wdl[std::size_t(k)] = child.inCheck() ? encoding::Wdl{1, 0, 0} : encoding::Wdl{0, 1, 0};
                    mates[std::size_t(k)] = child.inCheck();
                    continue;
                }
                children.push_back(std::move(child));
                conds.push_back(encoding::moverConditioning(~j.position.sideToMove(), j.white, j.black));
                recents.push_back(r);
                slot.push_back(k);
            }
            if (children.empty()) {
                // every listed move ends the game
            } else if (auto v = m_evaluator->valueEstimates(children, conds, recents)) {
                for (std::size_t i = 0; i < slot.size(); ++i) {
                    const encoding::Wdl& c = (*v)[i];
                    wdl[std::size_t(slot[i])] = encoding::Wdl{c.loss, c.draw, c.win};
                }
            } else {
                error("value head: " + v.error().message);
            }
        }
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - j.start).count();
        const long long nps = ms > 0 ? 1000 / ms : 1000;
        std::optional<double> firstScore;
        for (int k = 0; k < lines; ++k) {
            const auto& mp = dist[std::size_t(k)];
            std::string line = "info depth 1 seldepth 1 multipv " + std::to_string(k + 1);
            if (const auto& w = wdl[std::size_t(k)]) {
                // Permille that sum to 1000: win and loss rounded, draw takes the rest. The score is computed from
                // these rounded numbers, so a GUI that derives one from the other gets the same value.
                const int win = int(std::lround(1000.0 * w->win));
                const int loss = std::min(1000 - win, int(std::lround(1000.0 * w->loss)));
                const double score = (win + 0.5 * (1000 - win - loss)) / 1000.0;
                if (k == 0) firstScore = score;
                line += mates[std::size_t(k)] ? std::string(" score mate 1")
                                              : " score cp " + std::to_string(expectedScoreToCp(score));
                if (j.showWdl)
                    line += " wdl " + std::to_string(win) + " " + std::to_string(1000 - win - loss) + " " +
                            std::to_string(loss);
            } else {
                line += " score cp 0";  // a model without a value head has no opinion on the result
            }
            line +=
                " nodes 1 nps " + std::to_string(nps) + " time " + std::to_string(ms) + " pv " + chess::toUci(mp.move);
            write(line);
        }
        std::string summary = "info string human " + j.label + ":";
        const int shown = std::min<int>(std::max(j.multiPv, 5), int(dist.size()));
        for (int k = 0; k < shown; ++k)
            summary += " " + chess::toUci(dist[std::size_t(k)].move) + " " + percent(dist[std::size_t(k)].prob);
        if (firstScore)
            summary += "; expected score " + percent(*firstScore) + " after " + chess::toUci(dist.front().move);
        write(summary);
        MoveOutcomes outcomes;
        if (m_evaluator && weighsOutcomes(j.elo, gamePly(j.position), j.policy)) {
            if (auto w = weighMoves(*m_evaluator, {j.position}, {j.cond}, {j.recent}, {dist}, {true}))
                outcomes = std::move(w->front());
            else
                error("value head: " + w.error().message);
        }
        chosen = play::chooseHumanMove(j.position, dist, j.elo, gamePly(j.position), j.policy, rng, outcomes);
        best = chess::toUci(chosen);
    }
    std::optional<encoding::ThinkTime> learned;
    if (j.humanClock && m_evaluator && m_evaluator->hasTimeHead() && dist.size() > 1) {
        // The head is told the move chosen (a recapture is quick, a sacrifice slow), when it reads it.
        if (auto t = m_evaluator->thinkTimes({j.position}, {j.cond}, {j.recent}, {j.recentTimes}, {chosen}))
            learned = t->front();
        else
            error("the think-time head failed on " + j.position.fen() + ": " + t.error().message);
    }
    // Wait as the search asks: until stop for infinite/ponder (a ponderhit turns pondering into a normal search), and
    // for a human's thinking time when HumanTime is on.
    {
        std::unique_lock lock(m_stateMutex);
        if (j.infinite || j.ponder) {
            m_wake.wait(lock, [&] { return m_stop || (j.ponder && !j.infinite && m_ponderHit); });
        }
        if (!m_stop && j.humanClock && !dist.empty()) {
            std::mt19937_64 timeRng(j.seed ^ 0x9e3779b97f4a7c15ull);
            long long think = -1;
            // The model's learned think time when it has that head (read with the GUI's clocks), else the rule.
            think = play::humanMoveTimeMs(*j.humanClock, gamePly(j.position), dist, learned, timeRng);
            if (j.moveTimeMs) think = std::min(think, *j.moveTimeMs);
            m_wake.wait_until(lock, j.start + std::chrono::milliseconds(think), [&] { return m_stop; });
        }
    }
    // Not searching any more before the bestmove is out: an isready the GUI sends on reading it then joins this
    // thread and applies the options sent since (ModelFile), instead of answering readyok around them.
    {
        std::lock_guard lock(m_stateMutex);
        m_running = false;
    }
    write("bestmove " + best);
}

void UciServer::stopAndJoin() {
    {
        std::lock_guard lock(m_stateMutex);
        m_stop = true;
        m_wake.notify_all();
    }
    if (m_search.joinable()) m_search.join();
}

}  // namespace kibitz::play
