// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli pack-games: PGN files to one compact game pack (.kgames) that training and evaluation read like PGN,
// without zstd or SAN parsing (see core/chess/game_pack.h). Written atomically.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "core/chess/game_pack.h"
#include "core/common/atomic_file.h"

#include <cstdio>
#include <filesystem>

namespace kibitz::cli {
namespace {

int runPackGames(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "out", "max-games"}, {"help"});
    if (args.has("help")) {
        std::printf(
            "Usage: kibitz-cli pack-games --pgn FILE|DIR... --out FILE.kgames [--max-games N]\n\n"
            "Writes the games of PGN files (.pgn, .pgn.zst, or folders of them) to one game pack: a compact binary\n"
            "file that `train human`, `train value`, `eval human` and `eval decisions` read like PGN, without zstd\n"
            "and without parsing SAN. It keeps what they read: the tags Event, Site, Date, Round, White, Black,\n"
            "Result, UTCDate, UTCTime, WhiteElo, BlackElo, TimeControl, Termination, Variant, SetUp and FEN, each\n"
            "move with its [%%clk] and [%%eval]; SAN, comments and variations are dropped. Games that do not parse\n"
            "are skipped (named on stderr with file and line) and counted, as training skips them. The file is "
            "written\n"
            "atomically.\n");
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli pack-games: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    const auto files = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (files.empty()) return usage("--pgn is required");
    const auto out = args.value("out");
    if (!out) return usage("--out is required");
    if (!chess::isGamePackPath(*out)) return usage("--out: the file name must end in .kgames");
    {
        std::vector<std::pair<std::string, std::string>> inputs;
        for (const auto& f : files) inputs.emplace_back("--pgn", f);
        if (const std::string e = outputIsInput("--out", *out, inputs); !e.empty()) return usage(e);
    }
    const auto maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    if (!args.ok()) return usage(args.error());

    std::int64_t games = 0, skipped = 0;
    bool inputError = false;
    const Status written = writeFileAtomically(*out, [&](const std::string& tmp) -> Status {
        auto writer = chess::GamePackWriter::create(tmp);
        if (!writer) return writer.error();
        for (const auto& file : files) {
            auto reader = chess::PgnReader::open(file);
            if (!reader) {
                inputError = true;
                return reader.error();
            }
            (*reader)->setKeepVariations(false);  // a pack holds main lines (what training reads)
            (*reader)->setOnSkip(
                [&skipped](const chess::PgnSkip& s) { printSkippedGame("pack-games", 0, s, ++skipped); });
            // One section per file, with the file's size: training weighs its sources by size, so the pack then
            // streams exactly as these files do.
            std::error_code sizeError;
            const auto sourceBytes = std::filesystem::file_size(file, sizeError);
            if (sizeError) return makeError(ErrorCode::Io, file + ": " + sizeError.message());
            const std::string name = std::filesystem::path(file).filename().string();
            if (auto st = (*writer)->beginSection(name, std::uint64_t(sourceBytes)); !st) return st;
            chess::PgnGame game;
            while ((maxGames <= 0 || games < maxGames) && (*reader)->next(game)) {
                if (auto st = (*writer)->add(game); !st) return st;
                ++games;
            }
            if (!(*reader)->ioError().empty()) {
                inputError = true;
                return makeError(ErrorCode::Io, (*reader)->ioError());
            }
        }
        if (games == 0) {
            inputError = true;  // nothing is written: an empty pack would train on nothing without a word
            return makeError(ErrorCode::InvalidInput,
                             "no readable game in the input (" + std::to_string(skipped) + " skipped)");
        }
        return (*writer)->close();
    });
    if (!written) {
        std::fprintf(stderr, "kibitz-cli pack-games: %s\n", written.error().message.c_str());
        return inputError ? int(kExitUsage) : int(kExitFailure);
    }
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(*out, ec);
    std::printf("%lld games written to %s (%.1f MB), %lld malformed games skipped\n", static_cast<long long>(games),
                out->c_str(), double(bytes) / 1e6, static_cast<long long>(skipped));
    return kExitOk;
}

const bool kRegistered =
    registerCommand({"pack-games", "PGN files to one compact game pack (.kgames) for training anywhere", runPackGames});

}  // namespace
}  // namespace kibitz::cli
