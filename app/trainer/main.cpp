// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-train: the human-move trainer alone, without Qt, for machines that have LibTorch and nothing else (a lent
// GPU machine: CUDA is chosen when torch::cuda::is_available()). The same options as `kibitz-cli train human`; it
// reads PGN or game packs (.kgames, see kibitz-cli pack-games) and writes the same checkpoints. `checkpoint
// export|import` moves a checkpoint between LibTorch versions through the portable KBZP format.
#include "app/cli/train_human.h"
#include "app/cli/train_puzzle.h"
#include "core/training/portable_checkpoint.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

int runCheckpoint(const std::vector<std::string>& args) {
    const bool compact = args.size() == 5 && args[1] == "export" && args[4] == "--compact";
    if ((args.size() != 4 && !compact) || (args[1] != "export" && args[1] != "import")) {
        std::fprintf(
            stderr,
            "Usage: kibitz-train checkpoint export IN.pt OUT.kbzp [--compact]   (this LibTorch's checkpoint -> "
            "portable;\n"
            "         --compact: bf16 weights and the run state, no optimizer state: a resume checkpoint of a few MB)\n"
            "       kibitz-train checkpoint import IN.kbzp OUT.pt   (portable -> this LibTorch's checkpoint)\n");
        return 2;
    }
    const bool exporting = args[1] == "export";
    const kibitz::Status st = exporting ? kibitz::training::exportPortableCheckpoint(args[2], args[3], compact)
                                        : kibitz::training::importPortableCheckpoint(args[2], args[3]);
    if (!st.ok()) {
        std::fprintf(stderr, "kibitz-train checkpoint: %s\n", st.error().message.c_str());
        return st.error().code == kibitz::ErrorCode::Io ? 1 : 2;
    }
    std::printf("%s written\n", args[3].c_str());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args.front() == "--help" || args.front() == "-h") {
        std::printf(
            "Usage: kibitz-train human --pgn FILE|DIR... --out DIR [options]   (kibitz-train human --help)\n"
            "       kibitz-train puzzle --csv FILE|DIR... --out DIR [options]  (kibitz-train puzzle --help)\n"
            "       kibitz-train checkpoint export IN.pt OUT.kbzp | import IN.kbzp OUT.pt\n"
            "The human-move trainer of kibitz-cli without Qt: reads .pgn, .pgn.zst and .kgames game packs; --init\n"
            "takes checkpoints (.pt). A checkpoint exported to KBZP on one LibTorch (e.g. a Python torch's on a GPU\n"
            "machine) imports on another (Debian's) and resumes exactly.\n"
            "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n");
        return args.empty() ? 2 : 0;
    }
    if (args.front() == "checkpoint") return runCheckpoint(args);
    if (args.front() == "puzzle") {
        // Board-only puzzle configs (the human solve features need kibitz-cli's jobs, which need Qt).
        return kibitz::cli::runTrainPuzzleCommand(std::vector<std::string>(args.begin() + 1, args.end()),
                                                  "kibitz-train puzzle", {});
    }
    if (args.front() != "human") {
        std::fprintf(stderr, "kibitz-train: expected 'human', 'puzzle' or 'checkpoint', got '%s'\n",
                     args.front().c_str());
        return 2;
    }
    return kibitz::cli::runTrainHuman(args, "kibitz-train");
}
