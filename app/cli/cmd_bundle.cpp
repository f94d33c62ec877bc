// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli bundle info FILE: validate a model bundle and print its manifest.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/storage/bundle.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace kibitz::cli {
namespace {

int runBundle(const std::vector<std::string>& argv) {
    Args args(argv, {}, {"json"});
    if (args.has("help") || args.positionals().empty()) {
        std::printf(
            "Usage: kibitz-cli bundle info FILE [--json]\n\n"
            "Validates a .kibitz model bundle (zip, manifest, checksums, weights) and prints its kind,\n"
            "configuration, training summary and metrics. Exit code 2 when the bundle is invalid.\n");
        return args.has("help") ? kExitOk : kExitUsage;
    }
    if (!args.ok()) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", args.error().c_str());
        return kExitUsage;
    }
    const auto& pos = args.positionals();
    if (pos[0] != "info" || pos.size() != 2) {
        std::fprintf(stderr, "kibitz-cli bundle: expected 'bundle info FILE'\n");
        return kExitUsage;
    }
    const QString path = QString::fromStdString(pos[1]);
    auto b = storage::readBundle(path);
    if (!b) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", b.error().message.c_str());
        return kExitUsage;
    }
    if (args.has("json")) {
        qint64 params = 0;
        for (const auto& t : b->tensors) params += t.numel();
        QJsonObject o{{QStringLiteral("file"), path},
                      {QStringLiteral("kind"), b->kind},
                      {QStringLiteral("format_version"), b->formatVersion},
                      {QStringLiteral("created_at"), b->createdAt},
                      {QStringLiteral("kibitz_version"), b->kibitzVersion},
                      {QStringLiteral("parameters"), params},
                      {QStringLiteral("config"), b->config},
                      {QStringLiteral("encoding"), b->encoding},
                      {QStringLiteral("training"), b->training},
                      {QStringLiteral("metrics"), b->metrics}};
        std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
    } else {
        std::printf("%s", qPrintable(storage::describeBundle(*b, path)));
    }
    return kExitOk;
}

const bool kRegistered = registerCommand({"bundle", "inspect and validate a .kibitz model bundle (bundle info FILE)", runBundle});

}  // namespace
}  // namespace kibitz::cli
