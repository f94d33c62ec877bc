// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_util.h"

#include <algorithm>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>

#include <unistd.h>

namespace kibitz::cli {

namespace {
const CancelToken* gStopToken = nullptr;

extern "C" void onStopSignal(int) {
    // CancelToken::cancel is a relaxed atomic store: safe in a signal handler.
    if (gStopToken) gStopToken->cancel();
}
}  // namespace

std::string timestamp() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", std::localtime(&t));
    return buf;
}

ProgressLine::ProgressLine() : terminal_(isatty(fileno(stderr)) != 0) {}

ProgressLine::ProgressLine(bool terminal) : terminal_(terminal) {}

void ProgressLine::show(bool last, const char* format, ...) {
    using namespace std::chrono_literals;
    const auto now = std::chrono::steady_clock::now();
    if (!last && shown_ && now - at_ < (terminal_ ? 100ms : 10s)) return;
    char text[512];
    va_list ap;
    va_start(ap, format);
    std::vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    const std::size_t width = std::strlen(text);
    if (terminal_)
        std::fprintf(stderr, "\r%s%*s%s", text, int(width_ > width ? width_ - width : 0), "", last ? "\n" : "");
    else
        std::fprintf(stderr, "%s\n", text);
    std::fflush(stderr);
    width_ = last ? 0 : width;
    shown_ = !last;
    at_ = now;
}

void ProgressLine::end() {
    if (terminal_ && shown_) {
        std::fprintf(stderr, "\n");
        std::fflush(stderr);
    }
    shown_ = false;
    width_ = 0;
}

std::string outputIsInput(const std::string& outFlag, const std::string& out,
                          const std::vector<std::pair<std::string, std::string>>& inputs) {
    std::error_code ec;
    if (!std::filesystem::exists(out, ec)) return {};
    for (const auto& [flag, path] : inputs) {
        if (path.empty() || !std::filesystem::exists(path, ec)) continue;
        if (std::filesystem::equivalent(out, path, ec) && !ec)
            return outFlag + " " + out + " is also the " + flag + " input; write to another file";
    }
    return {};
}

std::vector<std::string> expandDataArgs(const std::vector<std::string>& given, const std::vector<std::string>& suffixes,
                                        std::string& error) {
    auto wanted = [&suffixes](const std::string& p) {
        return std::any_of(suffixes.begin(), suffixes.end(), [&p](const std::string& s) { return p.ends_with(s); });
    };
    std::vector<std::string> out;
    for (const auto& g : given) {
        std::error_code ec;
        if (std::filesystem::is_directory(g, ec)) {
            std::vector<std::string> found;
            for (const auto& e : std::filesystem::directory_iterator(g, ec)) {
                const std::string p = e.path().string();
                if (e.is_regular_file() && wanted(p)) found.push_back(p);
            }
            std::sort(found.begin(), found.end());
            if (found.empty()) {
                std::string list;
                for (const auto& s : suffixes) list += (list.empty() ? "" : " or ") + s;
                error = g + ": no " + list + " files in this directory";
            }
            out.insert(out.end(), found.begin(), found.end());
        } else if (std::filesystem::is_regular_file(g, ec)) {
            out.push_back(g);
        } else {
            error = g + ": no such file or directory";
        }
    }
    return out;
}

StopSignalScope::StopSignalScope(const CancelToken& token) {
    gStopToken = &token;
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
}

StopSignalScope::~StopSignalScope() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    gStopToken = nullptr;
}

}  // namespace kibitz::cli
