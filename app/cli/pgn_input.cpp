// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/pgn_input.h"

#include "app/cli/command.h"
#include "core/chess/game_pack.h"
#include "core/common/text_input.h"

#include <cstdio>

namespace kibitz::cli {

namespace {

/// Why the file is not text, or empty: a NUL byte, or more than 1 byte in 100 a control character that text does
/// not hold, in the first 64 KiB (after decompressing a .zst).
std::string binaryContent(const std::string& path) {
    auto in = TextInput::open(path);
    if (!in) return {};
    constexpr std::size_t kSniff = std::size_t(64) << 10;
    std::size_t seen = 0, control = 0;
    std::string_view line;
    std::string first;
    while (seen < kSniff && (*in)->readLine(line)) {
        for (std::size_t i = 0; i < line.size() && seen < kSniff; ++i, ++seen) {
            const auto c = static_cast<unsigned char>(line[i]);
            const bool odd = c == 0x7f || (c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b);
            if (!odd) continue;
            ++control;
            if (first.empty()) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "byte 0x%02x at line %lld", c,
                              static_cast<long long>((*in)->lineNumber()));
                first = buf;
            }
            if (c == 0) return "binary data, not PGN text (" + first + ")";
        }
        ++seen;  // the line end
    }
    if (!(*in)->error().empty()) return (*in)->error();
    if (control * 100 > seen) return "binary data, not PGN text (" + first + ")";
    return {};
}

}  // namespace

void printSkippedGame(const std::string& command, std::int64_t number, const chess::PgnSkip& skip,
                      std::int64_t skippedSoFar, int limit) {
    if (skippedSoFar <= limit) {
        const std::string which = number > 0 ? "game " + std::to_string(number) + " of " : std::string("a game at ");
        std::fprintf(stderr, "kibitz-cli %s: skipped %s%s\n", command.c_str(), which.c_str(), skip.message().c_str());
    } else if (skippedSoFar == limit + 1) {
        std::fprintf(stderr, "kibitz-cli %s: more games skipped (counted in the summary)\n", command.c_str());
    }
}

PgnInput::PgnInput(std::string command, std::vector<std::string> files, bool keepVariations)
    : m_command(std::move(command)), m_files(std::move(files)), m_keepVariations(keepVariations) {}

PgnInput::~PgnInput() = default;

bool PgnInput::openAll() {
    for (const std::string& path : m_files) {
        auto r = chess::PgnReader::open(path);
        if (!r) {
            std::fprintf(stderr, "kibitz-cli %s: %s\n", m_command.c_str(), r.error().message.c_str());
            return false;
        }
    }
    return true;
}

bool PgnInput::openAllText() {
    for (const std::string& path : m_files) {
        if (chess::isGamePackPath(path)) continue;
        auto r = chess::PgnReader::open(path);
        if (!r) {
            m_inputError = r.error().message;
            std::fprintf(stderr, "kibitz-cli %s: %s\n", m_command.c_str(), m_inputError.c_str());
            return false;
        }
        if (const std::string why = binaryContent(path); !why.empty()) {
            m_inputError = why.starts_with(path) ? why : path + ": " + why;
            std::fprintf(stderr, "kibitz-cli %s: %s\n", m_command.c_str(), m_inputError.c_str());
            return false;
        }
    }
    return true;
}

chess::GameSkipHook PgnInput::skipHook() {
    return [this](std::int64_t number, const chess::PgnSkip& skip) { reportSkip(number, skip); };
}

void PgnInput::reportSkip(std::int64_t number, const chess::PgnSkip& skip) {
    if (!m_reported.insert({skip.file, number}).second) return;
    ++m_skipped;
    if (!m_quietSkips) printSkippedGame(m_command, number, skip, m_skipped, m_reportLimit);
}

void PgnInput::printSkipSummary() const {
    if (m_skipped > 0 && !m_quietSkips)
        std::fprintf(stderr, "kibitz-cli %s: %lld game(s) skipped\n", m_command.c_str(),
                     static_cast<long long>(m_skipped));
}

bool PgnInput::openNext() {
    m_reader.reset();
    if (m_nextFile >= m_files.size()) return false;
    const std::string& path = m_files[m_nextFile++];
    auto r = chess::PgnReader::open(path);
    if (!r) {
        m_inputError = r.error().message;
        return false;
    }
    m_reader = std::move(r.value());
    m_reader->setKeepVariations(m_keepVariations);
    m_readerFile = path;
    m_fileGames = 0;
    m_reader->setOnSkip([this](const chess::PgnSkip& skip) {
        ++m_skipped;
        ++m_fileGames;
        if (m_nextFile == 1 && m_fileGames == m_watched) m_watchedSkip = skip;
        if (!m_quietSkips) printSkippedGame(m_command, m_fileGames, skip, m_skipped, m_reportLimit);
    });
    return true;
}

bool PgnInput::next(chess::PgnGame& game) {
    if (!m_inputError.empty()) return false;
    for (;;) {
        if (!m_reader && !openNext()) return false;
        if (m_reader->next(game)) {
            ++m_fileGames;
            ++m_games;
            m_file = m_readerFile;
            m_gameNumber = m_fileGames;
            return true;
        }
        if (!m_reader->ioError().empty()) {
            m_inputError = m_reader->ioError();
            m_reader.reset();
            return false;
        }
        m_reader.reset();
    }
}

int PgnInput::finish(bool needGames) {
    if (!m_inputError.empty()) {
        std::fprintf(stderr, "kibitz-cli %s: %s (%lld games read before it, %lld skipped)\n", m_command.c_str(),
                     m_inputError.c_str(), static_cast<long long>(m_games), static_cast<long long>(m_skipped));
        // A read error of the system is a failure while working; damaged data (a cut .zst) is bad input.
        return m_inputError.find("read error") != std::string::npos ? kExitFailure : kExitUsage;
    }
    if (m_skipped > 0 && !m_quietSkips)
        std::fprintf(stderr, "kibitz-cli %s: %lld games read, %lld skipped\n", m_command.c_str(),
                     static_cast<long long>(m_games), static_cast<long long>(m_skipped));
    if (needGames && m_games == 0) {
        std::string names;
        for (std::size_t i = 0; i < m_files.size() && i < 3; ++i) names += (i ? ", " : "") + m_files[i];
        if (m_files.size() > 3) names += ", ...";
        std::fprintf(stderr, "kibitz-cli %s: no readable game in %s (%lld skipped)\n", m_command.c_str(), names.c_str(),
                     static_cast<long long>(m_skipped));
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace kibitz::cli
