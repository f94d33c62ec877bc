// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli bundle info FILE: validate a model bundle and print its manifest.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "core/storage/bundle.h"
#if KIBITZ_HAVE_TORCH
#include "core/jobs/bundle_blend.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_human.h"
#endif

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace kibitz::cli {
namespace {

#if KIBITZ_HAVE_TORCH
/// Reads a JSON object from a file; the error names the file.
Result<QJsonObject> readJsonObject(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) return makeError(ErrorCode::Io, path + ": cannot open");
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject())
        return makeError(ErrorCode::InvalidInput, path + ": not a JSON object (" + err.errorString().toStdString() +
                                                      " at offset " + std::to_string(err.offset) + ")");
    return doc.object();
}

#endif

int runExport(const Args& args, const std::string& checkpoint, const std::string& out) {
#if KIBITZ_HAVE_TORCH
    if (const std::string e = outputIsInput("OUT", out,
                                            {{"CHECKPOINT", checkpoint},
                                             {"--metrics", args.value("metrics").value_or("")},
                                             {"--training", args.value("training").value_or("")}});
        !e.empty()) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", e.c_str());
        return kExitUsage;
    }
    QJsonObject metrics, training;
    if (auto m = args.value("metrics")) {
        auto o = readJsonObject(*m);
        if (!o) {
            std::fprintf(stderr, "kibitz-cli bundle: --metrics: %s\n", o.error().message.c_str());
            return kExitUsage;
        }
        metrics = *o;
    }
    if (auto t = args.value("training")) {
        auto o = readJsonObject(*t);
        if (!o) {
            std::fprintf(stderr, "kibitz-cli bundle: --training: %s\n", o.error().message.c_str());
            return kExitUsage;
        }
        training = *o;
    }
    const std::string kind = args.value("kind").value_or("human");
    if (kind == "puzzle") {
        auto json = [](const QJsonObject& o) {
            return o.isEmpty() ? std::string() : QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
        };
        auto st = jobs::exportPuzzleBundle(checkpoint, out, json(metrics), json(training));
        if (!st) {
            std::fprintf(stderr, "kibitz-cli bundle: %s\n", st.error().message.c_str());
            return st.error().code == ErrorCode::Io ? kExitFailure : kExitUsage;
        }
        std::printf("wrote %s\n", out.c_str());
        return kExitOk;
    }
    if (kind != "human") {
        std::fprintf(stderr, "kibitz-cli bundle: --kind must be 'human' or 'puzzle'\n");
        return kExitUsage;
    }
    auto st = jobs::exportHumanBundle(QString::fromStdString(checkpoint), QString::fromStdString(out), training,
                                      metrics, !args.has("fp32"));
    if (!st) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", st.error().message.c_str());
        return st.error().code == ErrorCode::Io ? kExitFailure : kExitUsage;
    }
    std::printf("wrote %s\n", out.c_str());
    return kExitOk;
#else
    (void)args;
    (void)checkpoint;
    (void)out;
    std::fprintf(stderr, "kibitz-cli bundle: export needs a build with LibTorch (KIBITZ_WITH_TORCH=ON)\n");
    return kExitFailure;
#endif
}

/// bundle pin PUZZLE HUMAN OUT: the puzzle bundle records HUMAN as its human-move model by the hash of its move
/// tensors, when HUMAN is the model it already records (by file or by moves), so that HUMAN may gain or change its
/// value and think-time heads without the puzzle model refusing it.
int runPin(const std::string& puzzle, const std::string& human, const std::string& out) {
#if KIBITZ_HAVE_TORCH
    auto fail = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli bundle pin: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (const std::string e = outputIsInput("OUT", out, {{"PUZZLE", puzzle}, {"HUMAN", human}}); !e.empty())
        return fail(e);
    auto b = storage::readBundle(QString::fromStdString(puzzle));
    if (!b) return fail(b.error().message);
    if (b->kind != storage::kKindPuzzleRating) return fail(puzzle + ": not a puzzle-rating bundle");
    auto id = jobs::humanModelIdentity(QString::fromStdString(human));
    if (!id) return fail(id.error().message);
    if (id->movesSha256.empty()) return fail(human + ": not a Kibitz human-move bundle");
    QJsonObject record = b->training.value(QStringLiteral("human_model")).toObject();
    const std::string pinned = record.value(QStringLiteral("sha256")).toString().toStdString();
    if (pinned.empty()) return fail(puzzle + ": records no human-move model (it does not read one)");
    if (!id->matches(pinned))
        return fail(puzzle + " records the human-move model " +
                    record.value(QStringLiteral("name")).toString().toStdString() + " (sha256 " + pinned.substr(0, 16) +
                    "); " + human + " is another (sha256 " + id->sha256.substr(0, 16) + ", moves " +
                    id->movesSha256.substr(0, 16) + ")");
    record.insert(QStringLiteral("sha256"), QString::fromStdString(id->movesSha256));
    record.insert(QStringLiteral("name"), QString::fromStdString(id->name));
    b->training.insert(QStringLiteral("human_model"), record);
    b->modelCard.replace(QString::fromStdString(pinned.substr(0, 16)),
                         QString::fromStdString(id->movesSha256.substr(0, 16)));
    if (auto st = storage::writeBundle(QString::fromStdString(out), *b); !st) {
        std::fprintf(stderr, "kibitz-cli bundle pin: %s\n", st.error().message.c_str());
        return kExitFailure;
    }
    std::printf("wrote %s: records %s by its moves (sha256 %s)\n", out.c_str(), id->name.c_str(),
                id->movesSha256.substr(0, 16).c_str());
    return kExitOk;
#else
    (void)puzzle;
    (void)human;
    (void)out;
    std::fprintf(stderr, "kibitz-cli bundle: pin needs a build with LibTorch (KIBITZ_WITH_TORCH=ON)\n");
    return kExitFailure;
#endif
}

/// bundle blend HUMAN SPEC OUT: the human bundle asks to be run blended with a folder of rating-band nets
/// (SPEC: NETS@WEIGHT[,FADE[,KERNEL]], NETS a folder name found beside the bundle or the default models; `none` removes
/// it);
/// --metrics replaces the bundle's metrics with those of the blend. The weights are untouched, so puzzle models keep
/// it.
int runBlend(const Args& args, const std::string& human, const std::string& spec, const std::string& out) {
#if KIBITZ_HAVE_TORCH
    auto fail = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli bundle blend: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (const std::string e =
            outputIsInput("OUT", out, {{"HUMAN", human}, {"--metrics", args.value("metrics").value_or("")}});
        !e.empty())
        return fail(e);
    const QString path = QString::fromStdString(human);
    auto b = storage::readBundle(path, storage::kKindHumanMove);
    if (!b) return fail(b.error().message);
    if (auto c = jobs::checkHumanBundle(*b, path); !c) return fail(c.error().message);
    if (spec == "none" && b->metrics.contains(QStringLiteral("blend")) && !args.value("metrics"))
        std::fprintf(stderr,
                     "kibitz-cli bundle blend: the metrics kept are the blend's; --metrics FILE gives the "
                     "model's own\n");
    if (auto st = jobs::setBundleBlend(*b, path, QString::fromStdString(spec)); !st) return fail(st.error().message);
    if (auto m = args.value("metrics")) {
        auto o = readJsonObject(*m);
        if (!o) return fail("--metrics: " + o.error().message);
        b->metrics = *o;
    }
    if (auto st = storage::writeBundle(QString::fromStdString(out), *b); !st) {
        std::fprintf(stderr, "kibitz-cli bundle blend: %s\n", st.error().message.c_str());
        return kExitFailure;
    }
    std::printf("wrote %s\n", out.c_str());
    return kExitOk;
#else
    (void)args;
    (void)human;
    (void)spec;
    (void)out;
    std::fprintf(stderr, "kibitz-cli bundle: blend needs a build with LibTorch (KIBITZ_WITH_TORCH=ON)\n");
    return kExitFailure;
#endif
}

int runBundle(const std::vector<std::string>& argv) {
    Args args(argv, {"metrics", "training", "kind"}, {"json", "fp32"});
    if (!args.has("help") && !args.ok()) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", args.error().c_str());
        return kExitUsage;
    }
    if (args.has("help") || args.positionals().empty()) {
        // The usage is the answer to --help (stdout, exit 0) or the complaint about a missing action (stderr, 2).
        std::fprintf(
            args.has("help") ? stdout : stderr,
            "Usage: kibitz-cli bundle info FILE [--json]\n"
            "       kibitz-cli bundle export CHECKPOINT OUT.kibitz [--kind human|puzzle] [--metrics FILE.json]\n"
            "                                [--training FILE.json] [--fp32]\n"
            "       kibitz-cli bundle pin PUZZLE.kibitz HUMAN.kibitz OUT.kibitz\n"
            "       kibitz-cli bundle blend HUMAN.kibitz NETS@WEIGHT[,FADE[,KERNEL]]|none OUT.kibitz [--metrics "
            "FILE.json]\n\n"
            "info:   validates a .kibitz model bundle (zip, manifest, checksums, weights) and prints its kind,\n"
            "        configuration, training summary and metrics. Exit code 2 when the bundle is invalid.\n"
            "export: writes a bundle from a trainer checkpoint (human: float16 weights unless --fp32), with the\n"
            "        metrics and the training summary taken from JSON files (objects). For puzzle models the\n"
            "        summary adds to what the checkpoint records (e.g. the run a fine-tune started from) and is\n"
            "        listed in the model card.\n"
            "pin:    the puzzle bundle records HUMAN (the human-move model it already records) by the hash of its\n"
            "        move weights, so HUMAN may gain or change its value and think-time heads.\n"
            "blend:  the human bundle's moves are to be blended with the rating-band lc0 nets of the folder NETS\n"
            "        (a name, found beside the bundle or the default models: maia-1) at WEIGHT (0-1) over the nets' "
            "bands,\n"
            "        fading over FADE points beyond (default 300), the nets around a rating mixed by a band kernel\n"
            "        of KERNEL points (100-400; default 100: the two nearest nets); `none` removes it. The weights\n"
            "        are kept, so puzzle models pinned to them still load; a model of a player stays blended\n"
            "        relative to its base; --metrics replaces the bundle's metrics.\n");
        return args.has("help") ? kExitOk : kExitUsage;
    }
    const auto& pos = args.positionals();
    if (pos[0] == "export" && pos.size() == 3) return runExport(args, pos[1], pos[2]);
    if (pos[0] == "pin" && pos.size() == 4) return runPin(pos[1], pos[2], pos[3]);
    if (pos[0] == "blend" && pos.size() == 4) return runBlend(args, pos[1], pos[2], pos[3]);
    if (pos[0] != "info" || pos.size() != 2) {
        std::fprintf(stderr, "kibitz-cli bundle: expected 'bundle info FILE' or 'bundle export CHECKPOINT OUT'\n");
        return kExitUsage;
    }
    const QString path = QString::fromStdString(pos[1]);
    auto b = storage::readBundle(path);
    if (!b) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", b.error().message.c_str());
        return kExitUsage;
    }
#if KIBITZ_HAVE_TORCH
    // The same checks as loading (config against the weights, every tensor's shape), without loading the weights:
    // a bundle `info` calls valid is one the app and the CLI can open.
    std::string invalid;
    if (b->kind == storage::kKindHumanMove) {
        if (auto c = jobs::checkHumanBundle(*b, path); !c) invalid = c.error().message;
    } else if (b->kind == storage::kKindPuzzleRating) {
        if (auto c = jobs::checkPuzzleBundle(*b, pos[1]); !c) invalid = c.error().message;
    }
    if (!invalid.empty()) {
        std::fprintf(stderr, "kibitz-cli bundle: %s\n", invalid.c_str());
        return kExitUsage;
    }
#endif
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
        // A model of a player's repertoire is summarised (thousands of positions); --json gives it whole.
        storage::Bundle shown = *b;
        const QJsonObject book = shown.config.value(QStringLiteral("book")).toObject();
        if (!book.isEmpty()) {
            qint64 moves = 0;
            const QJsonObject positions = book.value(QStringLiteral("positions")).toObject();
            for (auto it = positions.begin(); it != positions.end(); ++it)
                for (const QJsonValue n : it.value().toObject()) moves += n.toInteger();
            QJsonObject summary = book;
            summary.remove(QStringLiteral("positions"));
            summary.insert(QStringLiteral("positions"), qint64(positions.size()));
            summary.insert(QStringLiteral("moves"), moves);
            shown.config.insert(QStringLiteral("book"), summary);
        }
        std::printf("%s", qPrintable(storage::describeBundle(shown, path)));
    }
    return kExitOk;
}

const bool kRegistered =
    registerCommand({"bundle", "inspect and validate a .kibitz model bundle (bundle info FILE)", runBundle});

}  // namespace
}  // namespace kibitz::cli
