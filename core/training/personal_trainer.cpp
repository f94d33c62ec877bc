// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/personal_trainer.h"

#include "core/chess/notation.h"
#include "core/chess/pgn_tags.h"
#include "core/models/human_move_model.h"
#include "core/training/frozen_trunk.h"
#include "core/training/human_samples.h"
#include "core/training/move_scoring.h"
#include "core/training/player_games.h"
#include "core/training/train_loop.h"
#include "core/training/trainer_common.h"
#include "core/training/trainer_torch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace kibitz::training {

using encoding::EncodedPosition;

namespace {

/// The player's moves in `games` (forced moves left out), encoded with the one conditioning rule. `visit`, when set,
/// sees each one's position and the move played, in the same order.
std::vector<EncodedPosition> playerPositions(const std::vector<const chess::PgnGame*>& games, const std::string& name,
                                             const models::ModelConfig& config, const PositionVisit& visit = {}) {
    std::vector<EncodedPosition> out;
    SampleStats stats;
    for (const chess::PgnGame* g : games) {
        const double keep[2] = {samePlayerName(g->tag("White"), name) ? 1.0 : 0.0,
                                samePlayerName(g->tag("Black"), name) ? 1.0 : 0.0};
        gameToPositions(
            *g, config.view, out, stats, config.version, [&keep](chess::Color mover, int) { return keep[mover]; }, 0,
            visit);
    }
    return out;
}

/// Plies from the start of the game (the fullmove number and the side to move).
int plyOf(const chess::Position& pos) {
    return 2 * (pos.fullmoveNumber() - 1) + (pos.sideToMove() == chess::Black ? 1 : 0);
}

/// Runs `model` (in eval mode, no gradients) over `positions` in batches of `batch` and calls visit(j, probs) for each
/// position j with its move probabilities (probs[m] for its legal move m); stops early when `cancel` is set.
template <typename Visit>
void forEachMoveDistribution(models::HumanMoveModel& model, const std::vector<EncodedPosition>& positions,
                             std::size_t batch, const torch::Device& device, const CancelToken* cancel, Visit&& visit) {
    torch::InferenceMode guard;
    model->eval();
    for (std::size_t i = 0; i < positions.size() && !(cancel && cancel->isCancelled()); i += batch) {
        const std::size_t end = std::min(positions.size(), i + batch);
        std::vector<const EncodedPosition*> ptrs;
        for (std::size_t j = i; j < end; ++j) ptrs.push_back(&positions[j]);
        models::ModelBatch b = models::makeBatch(ptrs);
        b.to(device);
        const torch::Tensor probs = torch::softmax(model->forward(b).to(torch::kFloat32), -1).to(torch::kCPU);
        const auto acc = probs.accessor<float, 2>();
        for (std::size_t j = i; j < end; ++j) visit(j, acc[std::int64_t(j - i)]);
    }
    model->train();
}

/// Metrics of `model` on `positions` with the player's counts mixed in (counts[i] in the order of position i's legal
/// moves; empty where the book has not seen it), by the rule of encoding::mixWithPlayerCounts.
MoveMetrics scoreWithBook(models::HumanMoveModel& model, const std::vector<EncodedPosition>& positions,
                          const std::vector<std::vector<int>>& counts, double prior, const torch::Device& device,
                          const CancelToken& cancel) {
    MoveMetrics metrics;
    std::vector<double> p;
    forEachMoveDistribution(model, positions, 512, device, &cancel, [&](std::size_t j, const auto& probs) {
        const EncodedPosition& e = positions[j];
        if (e.target < 0) return;
        p.assign(std::size_t(e.numLegal), 0.0);
        for (int m = 0; m < e.numLegal; ++m) p[std::size_t(m)] = probs[m];
        if (j < counts.size()) encoding::mixWithPlayerCounts(p, counts[j], prior);
        const double pt = p[std::size_t(e.target)];
        const int rank = int(std::count_if(p.begin(), p.end(), [pt](double q) { return q > pt; }));
        metrics.add(rank, pt, e.cond.moverElo.value_or(-1));
    });
    return metrics;
}

/// The date part of a game's time key.
std::string dateOf(const chess::PgnGame* g) {
    const std::string key = gameTimeKey(*g);
    return key.substr(0, key.find(' '));
}

/// Marks the weights `scope` trains (requires_grad) and returns them; an unknown scope is InvalidInput. "+film" after
/// a scope adds the conditioning path (the conditioning embedding, its projection and every block's FiLM).
Result<std::vector<torch::Tensor>> trainableWeights(models::HumanMoveModel& model, const std::string& scopeName) {
    const int layers = model->config().nLayers;
    std::string scope = scopeName;
    const bool film = scope.ends_with("+film");
    if (film) scope.resize(scope.size() - 5);
    int top = 0;
    if (scope == "all") {
        top = layers;
    } else if (scope.starts_with("top")) {
        top = std::atoi(scope.c_str() + 3);
        if (top < 1 || top > layers || scope != "top" + std::to_string(top))
            return makeError(ErrorCode::InvalidInput, "scope '" + scopeName + "': the model has blocks 1.." +
                                                          std::to_string(layers) + " (top1..top" +
                                                          std::to_string(layers) + ")");
    } else if (scope != "head") {
        return makeError(ErrorCode::InvalidInput,
                         "scope '" + scopeName + "' is not one of head, top1.., all (each optionally +film)");
    }
    auto learns = [&](const std::string& n) {
        if (scope == "all") return true;
        for (const char* head : {"final_norm.", "head.", "feat_q.", "feat_c.", "feat_in.", "feat_bias."})
            if (n.starts_with(head)) return true;
        if (film && (n.starts_with("cond.") || n.starts_with("cond_proj.") || n.starts_with("film."))) return true;
        for (int b = layers - top; b < layers; ++b)
            for (const std::string prefix : {"blocks.", "film."})
                if (n.starts_with(prefix + std::to_string(b) + ".")) return true;
        return false;
    };
    std::vector<torch::Tensor> weights;
    for (auto& item : model->named_parameters()) {
        const bool on = learns(item.key());
        item.value().set_requires_grad(on);
        if (on) weights.push_back(item.value());
    }
    return weights;
}

/// Gives each position the base model's distribution over its legal moves as an anchor (a teacher beside the move).
void anchorToBase(models::HumanMoveModel& model, std::vector<EncodedPosition>& positions, const torch::Device& device) {
    forEachMoveDistribution(model, positions, 256, device, nullptr, [&](std::size_t j, const auto& probs) {
        EncodedPosition& e = positions[j];
        e.teacherKind = encoding::kTeacherBeside;
        for (int m = 0; m < e.numLegal; ++m)
            e.teacher[std::size_t(m)] = std::uint16_t(std::lround(std::clamp(probs[m], 0.0f, 1.0f) * 65535.0f));
    });
}

/// The player's rating in their newest game and the time control of most of their games.
void describePlay(const PlayerGames& games, PersonalizeReport& report) {
    const chess::PgnGame& newest = games.games.back();
    const bool white = samePlayerName(newest.tag("White"), games.name);
    report.elo = chess::parseEloTag(newest.tag(white ? "WhiteElo" : "BlackElo")).value_or(0);
    std::map<std::string, int> controls;
    for (const chess::PgnGame& g : games.games)
        if (const std::string tc = g.tag("TimeControl"); !tc.empty() && tc != "-" && tc != "?") ++controls[tc];
    int most = 0;
    for (const auto& [tc, n] : controls)
        if (n > most) {
            most = n;
            report.timeControl = tc;
        }
}

/// Trains `weights` of `model` on `train` for the options' epochs; returns the last epoch's metrics on `validation`
/// and the steps taken (Cancelled within a step).
Result<std::pair<MoveMetrics, std::int64_t>> fineTune(
    models::HumanMoveModel& model, const std::vector<torch::Tensor>& weights, const std::vector<EncodedPosition>& train,
    const std::vector<EncodedPosition>& validation, const PersonalizeOptions& o, const torch::Device& device,
    const CancelToken& cancel, const std::function<void(const TrainProgress&)>& progress,
    const std::function<void(const std::string&)>& say) {
    OptimizerSettings os;  // AdamW without weight decay: the anchor keeps the weights near the base
    auto optimizer = makeOptimizer(weights, os);
    const std::int64_t stepsPerEpoch = (std::int64_t(train.size()) + o.batchSize - 1) / o.batchSize;
    ScheduleOptions schedule;
    schedule.totalSteps = stepsPerEpoch * o.epochs;
    schedule.learningRate = o.learningRate;
    schedule.warmupSteps = std::max<std::int64_t>(1, schedule.totalSteps / 10);
    schedule.minLrFraction = 0.1;
    LoopCadence cadence;
    cadence.logEvery = 10;
    cadence.validateEvery = stepsPerEpoch;  // each epoch's end
    cadence.samplesPerStep = o.batchSize;
    TrainLoop loop(schedule, cadence, *optimizer, cancel);

    std::mt19937_64 rng(o.seed);
    std::vector<std::size_t> order(train.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    model->train();
    MoveMetrics last;
    int epoch = 0;
    double lastLoss = 0.0;
    LoopHooks hooks;
    // Epochs over the player's moves in memory: each epoch in a new order, its last batch short.
    hooks.step = [&](std::int64_t step, StepWindow& window) -> Result<bool> {
        epoch = int(step / stepsPerEpoch);
        const std::size_t begin = std::size_t(step % stepsPerEpoch) * std::size_t(o.batchSize);
        if (begin == 0) std::shuffle(order.begin(), order.end(), rng);
        std::vector<const EncodedPosition*> ptrs;
        for (std::size_t j = begin; j < std::min(order.size(), begin + std::size_t(o.batchSize)); ++j)
            ptrs.push_back(&train[order[j]]);
        models::ModelBatch b = models::makeBatch(ptrs);
        b.to(device);
        const torch::Tensor logits = model->forward(b);
        torch::Tensor loss = models::moveLoss(logits, b);
        if (o.anchorWeight > 0.0) loss = loss + o.anchorWeight * models::distillationLoss(logits, b);
        optimizer->zero_grad();
        loss.backward();
        optimizer->step();
        window.add(0, loss.item<double>());
        window.addWeight(1.0);
        return false;
    };
    hooks.progress = [&](TrainProgress& p) {
        p.epoch = epoch;
        lastLoss = p.loss;
        if (progress) progress(p);
    };
    // After each epoch: the held-out moves' metrics, logged and reported with the epoch's top-1.
    hooks.validate = [&]() -> Status {
        last = evaluatePositions(model, validation, device, {}, nullptr, 512, cancel);
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        say("epoch " + std::to_string(epoch + 1) + "/" + std::to_string(o.epochs) + ": " + last.summary());
        if (progress) {
            TrainProgress p;
            p.step = loop.state().step;
            p.totalSteps = schedule.totalSteps;
            p.epoch = epoch;
            p.loss = lastLoss;
            p.metrics = {{"validation_top1", last.overall().top1Rate()}};
            progress(p);
        }
        return {};
    };
    auto end = loop.run(hooks);
    if (!end) return end.error();
    if (end.value() == LoopEnd::Cancelled) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
    return std::pair<MoveMetrics, std::int64_t>{last, loop.state().step};
}

}  // namespace

Result<PersonalizeReport> personalizeHumanModel(const PersonalizeOptions& o, const CancelToken& cancel,
                                                const std::function<void(const TrainProgress&)>& progress,
                                                const std::function<void(const std::string&)>& log) {
    auto say = [&log](const std::string& s) {
        if (log) log(s);
    };
    const auto t0 = std::chrono::steady_clock::now();
    try {
        if (o.baseCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "personalize: no base model");
        if (o.outCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "personalize: no output file");
        if (o.epochs < 1 || o.batchSize < 1 || !(o.learningRate > 0.0) || o.anchorWeight < 0.0)
            return makeError(ErrorCode::InvalidInput,
                             "personalize: epochs, batch size and learning rate must be positive, the anchor weight "
                             "not negative");
        std::string note;
        auto games = readPlayerGames(o.pgnFiles, o.player, &note);
        if (!games) return games.error();
        if (!note.empty()) say(note);
        const PlayerSplit split = splitPlayerGames(games->games, o.validationShare, o.maxGames);
        if (split.train.empty())
            return makeError(ErrorCode::InvalidInput, games->name + " has " + std::to_string(games->games.size()) +
                                                          " usable game(s): too few to train on and to validate");
        models::setComputeThreads(o.threads);
        models::keepFreedMemory();
        torch::manual_seed(o.seed);
        FrozenTrunk trunk = loadFrozenTrunk(o.baseCheckpoint);  // its value and think-time heads are carried along
        models::HumanMoveModel& model = trunk.model;
        const torch::Device device = trunk.device;

        PersonalizeReport report;
        report.player = games->name;
        report.skippedGames = games->skipped;
        report.trainGames = std::int64_t(split.train.size());
        report.validationGames = std::int64_t(split.validation.size());
        describePlay(*games, report);
        report.firstDate = dateOf(split.train.front());
        report.lastDate = dateOf(split.train.back());
        if (!split.validation.empty()) {
            report.validationFrom = dateOf(split.validation.front());
            report.validationTo = dateOf(split.validation.back());
            for (const chess::PgnGame* g : split.validation) report.validationGameList.push_back(*g);
        }
        // The player's repertoire: their moves in the first plies of the training games.
        encoding::PlayerBook& book = report.book;
        book.player = games->name;
        book.prior = o.bookPrior;
        book.maxPly = o.bookMaxPly;
        std::vector<EncodedPosition> train =
            playerPositions(split.train, games->name, trunk.config,
                            [&book](const chess::Position& pos, const encoding::RecentMoves&, chess::Move played) {
                                if (plyOf(pos) < book.maxPly) book.add(pos, chess::toUci(played));
                            });
        // The held-out moves, each with the book's counts for its legal moves (in the encoder's order).
        std::vector<std::vector<int>> bookCounts;
        const std::vector<EncodedPosition> validation = playerPositions(
            split.validation, games->name, trunk.config,
            [&book, &bookCounts](const chess::Position& pos, const encoding::RecentMoves&, chess::Move) {
                bookCounts.emplace_back();
                if (const auto* counts = book.find(pos))
                    for (chess::Move m : pos.legalMoves()) {
                        const auto it = counts->find(chess::toUci(m));
                        bookCounts.back().push_back(it == counts->end() ? 0 : it->second);
                    }
            });
        if (!o.useBook) book = encoding::PlayerBook();
        report.trainPositions = std::int64_t(train.size());
        report.validationPositions = std::int64_t(validation.size());
        if (train.empty())
            return makeError(ErrorCode::InvalidInput,
                             "the training games of " + games->name + " have no move to learn");
        say(games->name + ": " + std::to_string(train.size()) + " moves of " + std::to_string(split.train.size()) +
            " games (" + report.firstDate + " to " + report.lastDate + ") to learn from, " +
            std::to_string(validation.size()) + " moves of the newest " + std::to_string(split.validation.size()) +
            " to validate on");

        report.base = evaluatePositions(model, validation, device);
        if (o.anchorWeight > 0.0) anchorToBase(model, train, device);
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        auto weights = trainableWeights(model, o.scope);
        if (!weights) return weights.error();
        report.scope = o.scope;
        std::int64_t allWeights = 0;
        for (const torch::Tensor& w : model->parameters()) allWeights += w.numel();
        for (const torch::Tensor& w : *weights) report.trainableParameters += w.numel();
        say("base model on the validation moves: " + report.base.summary() + "; training " +
            std::to_string(report.trainableParameters) + " of " + std::to_string(allWeights) + " weights (" + o.scope +
            ")");
        if (o.useBook) {
            report.baseWithBook = scoreWithBook(model, validation, bookCounts, book.prior, device, cancel);
            say("the player's moves at " + std::to_string(book.positions()) + " positions of their first " +
                std::to_string(book.maxPly) +
                " plies; the base model with them on the validation moves: " + report.baseWithBook.summary());
        }

        auto personal = fineTune(model, *weights, train, validation, o, device, cancel, progress, say);
        if (!personal) return personal.error();
        report.personalModelOnly = personal->first;
        report.networkWithBook =
            o.useBook ? scoreWithBook(model, validation, bookCounts, book.prior, device, cancel) : personal->first;
        report.networkBase = report.base;
        report.personal = report.networkWithBook;
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        if (o.useBook) say("the personal model with the player's moves: " + report.personal.summary());
        report.steps = personal->second;
        for (auto& p : model->parameters()) p.set_requires_grad(false);
        model->eval();
        if (auto s = saveFrozenTrunk(o.outCheckpoint, trunk, {}); !s) return s.error();
        report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return report;
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, o.baseCheckpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("personalize: ") + e.what());
    }
}

}  // namespace kibitz::training
