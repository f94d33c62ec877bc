// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-train: the human-move trainer alone, without Qt, for machines that have LibTorch and nothing else (a lent
// GPU machine: CUDA is chosen when torch::cuda::is_available()). The same options as `kibitz-cli train human`; it
// reads PGN or game packs (.kgames, see kibitz-cli pack-games) and writes the same checkpoints.
#include "app/cli/train_human.h"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args.front() == "--help" || args.front() == "-h") {
        std::printf(
            "Usage: kibitz-train human --pgn FILE|DIR... --out DIR [options]   (kibitz-train human --help)\n"
            "The human-move trainer of kibitz-cli without Qt: reads .pgn, .pgn.zst and .kgames game packs; --init\n"
            "takes checkpoints (.pt). Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n");
        return args.empty() ? 2 : 0;
    }
    if (args.front() != "human") {
        std::fprintf(stderr, "kibitz-train: expected 'human', got '%s'\n", args.front().c_str());
        return 2;
    }
    return kibitz::cli::runTrainHuman(args, "kibitz-train");
}
