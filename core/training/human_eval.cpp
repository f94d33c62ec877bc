// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/human_eval.h"

#include "core/chess/puzzle_csv.h"
#include "core/models/compute_threads.h"
#include "core/models/torch_evaluator.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace kibitz::training {

namespace {

/// A fresh folder under the system's temporary folder, removed with everything in it when this goes.
class TemporaryFolder {
public:
    TemporaryFolder() {
        std::error_code ec;
        std::string pattern = (std::filesystem::temp_directory_path(ec) / "kibitz-eval-XXXXXX").string();
        if (!ec && ::mkdtemp(pattern.data())) m_path = pattern;
    }
    ~TemporaryFolder() {
        std::error_code ec;
        if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    bool valid() const { return !m_path.empty(); }
    std::string filePath(const std::string& name) const { return (std::filesystem::path(m_path) / name).string(); }

private:
    std::string m_path;
};

GameEvalReport reportOf(const HumanEvaluation& r, const HumanGamesEvalOptions& options) {
    GameEvalReport out;
    out.conditioning = options.probe.describe();
    out.moves = r.perProbe.front();
    out.maiaProtocol = r.maiaProtocol;
    if (r.hasValue) out.value = GameEvalReport::Value{r.value, r.eloBaseline, r.engineBaseline};
    std::size_t next = 1;
    if (options.sensitivityAway) {
        out.sensitivity =
            GameEvalReport::Sensitivity{*options.sensitivityAway, r.perProbe[1], r.perProbe[2], r.perProbe[3]};
        next = 4;
    }
    for (std::size_t i = 0; i < options.guidanceScan.size(); ++i)
        out.guidanceScan.push_back({options.guidanceScan[i], r.perProbe[next + i].overall()});
    return out;
}

}  // namespace

std::vector<ConditioningProbe> gameEvalProbes(const HumanGamesEvalOptions& options) {
    std::vector<ConditioningProbe> probes{options.probe};
    if (options.sensitivityAway) {
        ConditioningProbe hidden, away;
        hidden.hideElo = true;
        away.moverEloAway = *options.sensitivityAway;
        away.ratingGuidance = options.probe.ratingGuidance;
        ConditioningProbe bothAway = away;
        bothAway.awayWithOpponent = true;
        probes.push_back(hidden);
        probes.push_back(away);
        probes.push_back(bothAway);
    }
    for (const double w : options.guidanceScan) {
        ConditioningProbe g = options.probe;
        g.ratingGuidance = w;
        probes.push_back(g);
    }
    return probes;
}

Result<GameEvalReport> evaluateHumanGames(encoding::Evaluator& evaluator, const std::string& modelPath,
                                          const HumanGamesEvalOptions& options, const CancelToken& cancel) {
    const bool checkpointFile = modelPath.ends_with(".pt");
    auto* torchEv = dynamic_cast<models::TorchEvaluator*>(&evaluator);
    const bool boardModel = torchEv == nullptr && !checkpointFile;
    std::string checkpoint = modelPath;
    TemporaryFolder tmp;
    if (!checkpointFile && !boardModel) {
        if (!tmp.valid()) return Error{ErrorCode::InvalidInput, "cannot prepare the model for game evaluation"};
        checkpoint = tmp.filePath("model.pt");
        if (auto st = torchEv->save(checkpoint); !st) return Error{ErrorCode::Runtime, st.error().message};
    }
    const std::vector<ConditioningProbe> probes = gameEvalProbes(options);
    if (boardModel) models::setComputeThreads(options.threads);
    auto r = boardModel ? evaluateEvaluatorProbes(evaluator, modelPath, options.files, options.heldOutOnly,
                                                  options.holdoutPermille, options.maxGames, probes, cancel,
                                                  options.skipGames, options.player, options.onSkip)
                        : evaluateHumanModelProbes(checkpoint, options.files, options.heldOutOnly,
                                                   options.holdoutPermille, options.maxGames, options.threads, probes,
                                                   cancel, options.skipGames, options.player, options.onSkip);
    if (!r) return r.error();
    return reportOf(*r, options);
}

Result<PuzzleSolvingEvalReport> evaluatePuzzleSolvingFile(encoding::Evaluator& evaluator, const std::string& csv,
                                                          std::int64_t maxPuzzles, const std::string& theme) {
    auto reader = chess::PuzzleCsvReader::open(csv);
    if (!reader) return Error{ErrorCode::InvalidInput, reader.error().message};
    std::vector<chess::Puzzle> puzzles;
    chess::Puzzle p;
    while (std::int64_t(puzzles.size()) < maxPuzzles && (*reader)->next(p))
        if (theme.empty() || std::find(p.themes.begin(), p.themes.end(), theme) != p.themes.end()) puzzles.push_back(p);
    if (!(*reader)->headerError().empty()) return Error{ErrorCode::InvalidInput, csv + ": " + (*reader)->headerError()};
    auto r = evaluation::evaluatePuzzleSolving(evaluator, puzzles);
    if (!r) return Error{ErrorCode::Runtime, r.error().message};
    return PuzzleSolvingEvalReport{*r, theme};
}

}  // namespace kibitz::training
