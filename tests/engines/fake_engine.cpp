// SPDX-License-Identifier: GPL-3.0-or-later
// A scripted UCI engine for the engine-client tests. Usage: fake_engine [MODE [ARG]] (or KIBITZ_FAKE_MODE=MODE)
//   normal        well-behaved engine (MultiPV aware; pv lines are legal from the start position)
//   garbage       valid handshake and searches, mixed with malformed and unknown lines
//   silent        reads everything, answers nothing
//   hang-search   normal until `go`, then answers nothing, ignores quit and never exits by itself
//   crash-search  normal until `go`, prints one info line, then dies of SIGABRT
//   slow-uciok MS waits MS milliseconds before `uciok`
//   ignore-quit   normal, but ignores `quit` and end of input (must be killed)
//   bad-bestmove  normal, but ends each search with a malformed "bestmove e2-e4"
//   illegal-bestmove  normal, but ends each search with "bestmove e2e5" (well formed, not legal anywhere here)
// Plain C++ on purpose: it must not share code with the client it tests.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

namespace {

const char* const kLines[3] = {"e2e4 e7e5 g1f3 b8c6", "d2d4 d7d5 c2c4", "g1f3 g8f6 c2c4 e7e6"};

void say(const std::string& s) { std::cout << s << std::endl; }

[[noreturn]] void blockForever() {
    for (;;) ::pause();
}

void printDepth(int depth, int multiPv) {
    for (int k = 1; k <= multiPv && k <= 3; ++k) {
        std::ostringstream os;
        os << "info depth " << depth << " seldepth " << depth + 2 << " multipv " << k << " score cp "
           << (40 - 10 * k + depth) << " nodes " << depth * 1000 << " nps 500000 time " << depth * 2 << " pv "
           << kLines[k - 1];
        say(os.str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    // Callers that cannot pass arguments (the engine panel runs a bare program) set KIBITZ_FAKE_MODE instead.
    const char* envMode = std::getenv("KIBITZ_FAKE_MODE");
    const std::string mode = argc > 1 ? argv[1] : (envMode && *envMode ? envMode : "normal");
    const int arg = argc > 2 ? std::atoi(argv[2]) : 0;
    if (mode != "normal" && mode != "garbage" && mode != "silent" && mode != "hang-search" && mode != "crash-search" &&
        mode != "slow-uciok" && mode != "ignore-quit" && mode != "bad-bestmove" && mode != "illegal-bestmove") {
        std::cerr << "fake_engine: unknown mode '" << mode << "'" << std::endl;
        return 2;
    }
    const bool garbage = mode == "garbage";
    int multiPv = 1;
    bool searching = false;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (mode == "silent") continue;
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "uci") {
            say("Fake engine for Kibitz tests");
            if (garbage) say("%%% this is not UCI %%%");
            say("id name FakeEngine " + mode);
            say("id author Kibitz tests");
            say("option name Threads type spin default 1 min 1 max 64");
            say("option name Hash type spin default 16 min 1 max 1024");
            say("option name MultiPV type spin default 1 min 1 max 10");
            say("option name UCI_LimitStrength type check default false");
            say("option name UCI_Elo type spin default 1350 min 1350 max 2850");
            say("option name Clear Hash type button");
            if (garbage) say("option name Broken type frobnicate");
            if (mode == "slow-uciok") std::this_thread::sleep_for(std::chrono::milliseconds(arg));
            say("uciok");
        } else if (cmd == "isready") {
            if (garbage) say("info depth ready");
            say("readyok");
        } else if (cmd == "setoption") {
            std::string word, name, value;
            in >> word;  // "name"
            while (in >> word && word != "value") name += (name.empty() ? "" : " ") + word;
            in >> value;
            if (name == "MultiPV") multiPv = std::atoi(value.c_str());
        } else if (cmd == "go") {
            std::string kind;
            in >> kind;
            if (mode == "hang-search") {
                printDepth(1, multiPv);
                std::signal(SIGTERM, SIG_IGN);
                while (std::getline(std::cin, line)) {}
                blockForever();
            }
            if (mode == "crash-search") {
                printDepth(1, multiPv);
                const rlimit noCore{0, 0};
                ::setrlimit(RLIMIT_CORE, &noCore);  // a crash, not a core file on disk
                // SIGABRT rather than SIGSEGV: sanitizer builds turn SIGSEGV into a report and a normal exit.
                std::signal(SIGABRT, SIG_DFL);
                std::raise(SIGABRT);
            }
            if (garbage) {
                say("info depth 1 score cp");
                say("info depth two nodes 5");
            }
            if (kind == "infinite") {
                for (int d = 1; d <= 3; ++d) printDepth(d, multiPv);
                searching = true;
            } else {
                int depth = 5;
                if (kind == "depth") in >> depth;
                for (int d = 1; d <= depth; ++d) printDepth(d, multiPv);
                say(mode == "bad-bestmove"       ? "bestmove e2-e4"
                    : mode == "illegal-bestmove" ? "bestmove e2e5"
                                                 : "bestmove e2e4 ponder e7e5");
            }
        } else if (cmd == "stop") {
            if (searching) {
                printDepth(4, multiPv);
                say("bestmove e2e4 ponder e7e5");
                searching = false;
            }
        } else if (cmd == "quit") {
            if (mode == "ignore-quit") continue;
            return 0;
        }
    }
    if (mode == "ignore-quit") blockForever();
    return 0;
}
