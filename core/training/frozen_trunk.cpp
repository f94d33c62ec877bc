// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/frozen_trunk.h"

#include "core/common/atomic_file.h"
#include "core/models/archive_file.h"

namespace kibitz::training {

FrozenTrunk loadFrozenTrunk(const std::string& path) {
    torch::serialize::InputArchive archive;
    archive.load_from(path);
    FrozenTrunk t;
    t.config = models::loadModelConfig(archive);
    t.model = models::HumanMoveModel(t.config);
    models::loadModelWeights(t.model, archive);
    t.value = models::loadValueHead(archive, t.config.dModel);
    t.time = models::loadTimeHead(archive, t.config.dModel);
    t.device = models::chooseDevice();
    t.model->to(t.device);
    t.model->eval();  // no dropout, no gradients
    for (auto& p : t.model->parameters()) p.set_requires_grad(false);
    return t;
}

Status saveFrozenTrunk(const std::string& path, FrozenTrunk& trunk,
                       const std::function<void(torch::serialize::OutputArchive&)>& extra) {
    return writeFileAtomically(path, [&](const std::string& tmp) -> Status {
        try {
            torch::serialize::OutputArchive archive;
            models::saveModel(trunk.model, archive);
            if (trunk.value) models::saveValueHead(trunk.value, archive);
            if (trunk.time) models::saveTimeHead(trunk.time, archive);
            if (extra) extra(archive);
            return models::saveArchiveFile(archive, tmp);
        } catch (const c10::Error& e) {
            return makeError(ErrorCode::Io, path + ": cannot write the checkpoint: " + e.what_without_backtrace());
        }
    });
}

SampleStreamOptions trunkStreamOptions(const FrozenTrunk& trunk, const std::vector<std::string>& files, Split split,
                                       int holdoutPermille) {
    SampleStreamOptions so;
    so.files = files;
    so.view = trunk.config.view;
    so.encodingVersion = trunk.config.version;
    so.split = split;
    so.holdoutPermille = holdoutPermille;
    return so;
}

}  // namespace kibitz::training
