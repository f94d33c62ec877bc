// SPDX-License-Identifier: GPL-3.0-or-later
// --init from a bundle: kibitz-cli-models alone (it needs core/jobs, so Qt and LibTorch). Installed as the trainer
// commands' init converter at start-up, so the shared train_common.cpp (also in the Qt-free kibitz-train, which reads
// checkpoints only) needs no build switch.
#include "app/cli/cli_util.h"
#include "app/cli/train_common.h"
#include "core/jobs/training_job.h"

#include <filesystem>

namespace kibitz::cli {

std::string prepareInitCheckpoint(const std::string& kind, const std::string& source, const std::string& outDir,
                                  const std::string& fileName, std::string& error) {
    std::error_code ec;
    std::filesystem::create_directories(outDir, ec);
    if (ec) {
        error = outDir + ": cannot create directory: " + ec.message();
        return {};
    }
    const std::string out = (std::filesystem::path(outDir) / fileName).string();
    auto modelKind = jobs::parseModelKind(QString::fromStdString(kind));
    if (!modelKind) {
        error = modelKind.error().message;
        return {};
    }
    const Status st =
        jobs::writeInitialCheckpoint(modelKind.value(), QString::fromStdString(source), QString::fromStdString(out));
    if (!st.ok()) {
        error = st.error().message;
        return {};
    }
    return out;
}

namespace {
const bool kInstalled = (setInitConverter(prepareInitCheckpoint), true);
}  // namespace

}  // namespace kibitz::cli
