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
#include <cstdio>
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

/// `x` as printf's %g writes it (0.5, 1, 16).
std::string formatNumber(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
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

/// The move probabilities `model` gives each of `positions` (in the order of its legal moves).
std::vector<std::vector<double>> moveProbabilities(models::HumanMoveModel& model,
                                                   const std::vector<EncodedPosition>& positions,
                                                   const torch::Device& device, const CancelToken& cancel) {
    std::vector<std::vector<double>> out(positions.size());
    forEachMoveDistribution(model, positions, 512, device, &cancel, [&](std::size_t j, const auto& probs) {
        out[j].resize(std::size_t(positions[j].numLegal));
        for (int m = 0; m < positions[j].numLegal; ++m) out[j][std::size_t(m)] = probs[m];
    });
    return out;
}

/// Metrics of the probabilities `probs` of `positions` with the player's counts mixed in (counts[i] in the order of
/// position i's legal moves; empty where the book has not seen it, or no counts at all), by the rule of
/// encoding::mixWithPlayerCounts.
MoveMetrics scoreWithBook(const std::vector<std::vector<double>>& probs, const std::vector<EncodedPosition>& positions,
                          const std::vector<std::vector<int>>& counts, double prior) {
    MoveMetrics metrics;
    std::vector<double> p;
    for (std::size_t j = 0; j < positions.size() && j < probs.size(); ++j) {
        const EncodedPosition& e = positions[j];
        if (e.target < 0 || probs[j].empty()) continue;
        p = probs[j];
        if (j < counts.size()) encoding::mixWithPlayerCounts(p, counts[j], prior);
        const double pt = p[std::size_t(e.target)];
        const int rank = int(std::count_if(p.begin(), p.end(), [pt](double q) { return q > pt; }));
        metrics.add(rank, pt, e.cond.moverElo.value_or(-1));
    }
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

/// Trains `weights` of `model` on `train` for `epochs` epochs (the options' batch, learning rate and anchor); after
/// each, afterEpoch(epoch, progress) (the epoch from 1; it may add metrics to the progress report it is given, which
/// then goes out). Returns the steps taken (Cancelled within a step).
Result<std::int64_t> fineTune(models::HumanMoveModel& model, const std::vector<torch::Tensor>& weights,
                              const std::vector<EncodedPosition>& train, int epochs, const PersonalizeOptions& o,
                              const torch::Device& device, const CancelToken& cancel,
                              const std::function<void(const TrainProgress&)>& progress,
                              const std::function<Status(int, TrainProgress&)>& afterEpoch) {
    OptimizerSettings os;  // AdamW without weight decay: the anchor keeps the weights near the base
    auto optimizer = makeOptimizer(weights, os);
    const std::int64_t stepsPerEpoch = (std::int64_t(train.size()) + o.batchSize - 1) / o.batchSize;
    ScheduleOptions schedule;
    schedule.totalSteps = stepsPerEpoch * epochs;
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
    hooks.validate = [&]() -> Status {
        TrainProgress p;
        p.step = loop.state().step;
        p.totalSteps = schedule.totalSteps;
        p.epoch = epoch;
        p.loss = lastLoss;
        if (auto st = afterEpoch(epoch + 1, p); !st) return st;
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        if (progress) progress(p);
        return {};
    };
    auto end = loop.run(hooks);
    if (!end) return end.error();
    if (end.value() == LoopEnd::Cancelled) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
    return loop.state().step;
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
        auto games = readPlayerGames(o.pgnFiles, o.player, &note, o.onSkip);
        if (!games) return games.error();
        if (!note.empty()) say(note);
        if (auto enough = checkEnoughPlayerGames(*games); !enough) return enough.error();
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
        // The player's moves in `learnFrom` (their repertoire counted into `book` as they are read) and in `heldOut`,
        // each of those with the book's counts for its legal moves (in the encoder's order).
        auto readMoves = [&](const std::vector<const chess::PgnGame*>& learnFrom,
                             const std::vector<const chess::PgnGame*>& heldOut, encoding::PlayerBook& book,
                             std::vector<EncodedPosition>& learn, std::vector<EncodedPosition>& held,
                             std::vector<std::vector<int>>& counts) {
            learn = playerPositions(learnFrom, games->name, trunk.config,
                                    [&book](const chess::Position& pos, const encoding::RecentMoves&, chess::Move m) {
                                        if (plyOf(pos) < book.maxPly) book.add(pos, chess::toUci(m));
                                    });
            counts.clear();
            held = playerPositions(
                heldOut, games->name, trunk.config,
                [&book, &counts](const chess::Position& pos, const encoding::RecentMoves&, chess::Move) {
                    counts.emplace_back();
                    if (const auto* c = book.find(pos))
                        for (chess::Move m : pos.legalMoves()) {
                            const auto it = c->find(chess::toUci(m));
                            counts.back().push_back(it == c->end() ? 0 : it->second);
                        }
                });
        };
        encoding::PlayerBook& book = report.book;
        book.player = games->name;
        book.prior = o.bookPrior;
        book.maxPly = o.bookMaxPly;
        std::vector<EncodedPosition> train, validation;
        std::vector<std::vector<int>> bookCounts;
        readMoves(split.train, split.validation, book, train, validation, bookCounts);
        report.trainPositions = std::int64_t(train.size());
        report.validationPositions = std::int64_t(validation.size());
        if (train.empty())
            return makeError(ErrorCode::InvalidInput,
                             "the training games of " + games->name + " have no move to learn");
        say(games->name + ": " + std::to_string(train.size()) + " moves of " + std::to_string(split.train.size()) +
            " games (" + report.firstDate + " to " + report.lastDate + ") to learn from, " +
            std::to_string(validation.size()) + " moves of the newest " + std::to_string(split.validation.size()) +
            " to validate on");
        auto stepsFor = [&o](std::size_t moves, int epochs) {
            return std::int64_t(epochs) * ((std::int64_t(moves) + o.batchSize - 1) / o.batchSize);
        };
        // Progress of one phase as part of the whole: its steps after `offset`, out of `total`.
        auto phase = [&progress](std::int64_t offset, std::int64_t total) {
            return std::function<void(const TrainProgress&)>([&progress, offset, total](const TrainProgress& p) {
                if (!progress) return;
                TrainProgress q = p;
                q.step += offset;
                q.totalSteps = total;
                progress(q);
            });
        };

        // The choice: epochs and the book's prior, on the newest of the training games, the model learning from the
        // others.
        int epochs = o.epochs;
        bool withBook = o.useBook;
        double prior = o.bookPrior;
        std::int64_t choiceSteps = 0;
        std::vector<const chess::PgnGame*> fitGames = split.train, tuneGames;
        if (o.tuneShare > 0.0 && split.train.size() >= 5) {
            const std::size_t n = std::clamp<std::size_t>(
                std::size_t(std::lround(o.tuneShare * double(split.train.size()))), 1, split.train.size() - 1);
            tuneGames.assign(split.train.end() - std::ptrdiff_t(n), split.train.end());
            fitGames.resize(split.train.size() - n);
        }
        std::vector<EncodedPosition> fit, tune;
        std::vector<std::vector<int>> tuneCounts;
        encoding::PlayerBook fitBook;
        fitBook.maxPly = o.bookMaxPly;
        if (!tuneGames.empty()) readMoves(fitGames, tuneGames, fitBook, fit, tune, tuneCounts);
        if (!fit.empty() && !tune.empty()) {
            report.tuneGames = std::int64_t(tuneGames.size());
            report.tunePositions = std::int64_t(tune.size());
            std::vector<double> priors;  // -1: no book (a prior of 0 is the player's counts alone)
            if (!o.useBook || o.chooseBookPrior) priors.push_back(-1.0);
            if (o.useBook && o.chooseBookPrior)
                for (double x : PersonalizeOptions::kBookPriors) priors.push_back(x);
            if (o.useBook && !o.chooseBookPrior) priors.push_back(o.bookPrior);
            FrozenTrunk probe = loadFrozenTrunk(o.baseCheckpoint);
            const std::vector<std::vector<int>> noCounts;  // the "no book" candidate
            auto score = [&](int e) {
                const auto probs = moveProbabilities(probe.model, tune, device, cancel);
                std::string line;
                for (double x : priors) {
                    const MoveMetrics m = scoreWithBook(probs, tune, x >= 0.0 ? tuneCounts : noCounts, x);
                    report.candidates.push_back({e, x, m.overall().top1Rate(), m.overall().meanNll()});
                    char buf[64];
                    std::snprintf(buf, sizeof buf, "%s%.2f%% %.4f", x >= 0.0 ? "" : "no book ",
                                  100.0 * m.overall().top1Rate(), m.overall().meanNll());
                    line += (line.empty() ? "" : ", ") + (x >= 0.0 ? "prior " + formatNumber(x) + " " : std::string()) +
                            buf;
                }
                say("choosing on the newest " + std::to_string(tuneGames.size()) + " training games (" +
                    std::to_string(tune.size()) + " moves), " + std::to_string(e) + " epoch(s) on the other " +
                    std::to_string(fitGames.size()) + ": " + line);
            };
            score(0);
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
            if (o.anchorWeight > 0.0) anchorToBase(probe.model, fit, device);
            auto w = trainableWeights(probe.model, o.scope);
            if (!w) return w.error();
            choiceSteps = stepsFor(fit.size(), o.epochs);
            auto tried = fineTune(
                probe.model, *w, fit, o.epochs, o, device, cancel,
                phase(0, choiceSteps + stepsFor(train.size(), o.epochs)), [&](int e, TrainProgress& p) -> Status {
                    score(e);
                    // The top-1 there of this epoch's best candidate (by NLL).
                    const auto first = report.candidates.end() - std::ptrdiff_t(priors.size());
                    const auto bestNow = std::min_element(first, report.candidates.end(),
                                                          [](const auto& a, const auto& b) { return a.nll < b.nll; });
                    p.metrics = {{"tune_top1", bestNow->top1}};
                    return {};
                });
            if (!tried) return tried.error();
            // The lowest NLL (a proper score of the whole distribution: on a fifth of 200 games, top-1 differs by a
            // few moves between candidates, within its noise); on a tie the fewer epochs and the first prior.
            const PersonalizeReport::Candidate* best = &report.candidates.front();
            for (const auto& c : report.candidates)
                if (c.nll < best->nll) best = &c;
            epochs = best->epochs;
            withBook = best->prior >= 0.0;
            if (withBook) prior = best->prior;
            report.chosenEpochs = epochs;
            say("chosen: " + std::to_string(epochs) + " epoch(s), " +
                (withBook ? "the player's moves with prior " + formatNumber(prior) : std::string("no repertoire")));
        }
        report.chosenPrior = withBook ? prior : -1.0;
        if (withBook) {
            book.prior = prior;
        } else {
            book = encoding::PlayerBook();
            bookCounts.clear();
        }

        // One pass of each network over the validation moves serves both scores, with and without the book.
        std::vector<std::vector<double>> validationProbs = moveProbabilities(model, validation, device, cancel);
        report.base = scoreWithBook(validationProbs, validation, {}, 0.0);
        report.baseWithBook = withBook ? scoreWithBook(validationProbs, validation, bookCounts, prior) : report.base;
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        if (o.anchorWeight > 0.0 && epochs > 0) anchorToBase(model, train, device);
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
        if (withBook)
            say("the player's moves at " + std::to_string(book.positions()) + " positions of their first " +
                std::to_string(book.maxPly) +
                " plies; the base model with them on the validation moves: " + report.baseWithBook.summary());

        report.personalModelOnly = report.base;
        if (epochs > 0) {
            auto steps = fineTune(model, *weights, train, epochs, o, device, cancel,
                                  phase(choiceSteps, choiceSteps + stepsFor(train.size(), epochs)),
                                  [&](int e, TrainProgress& p) -> Status {
                                      validationProbs = moveProbabilities(model, validation, device, cancel);
                                      report.personalModelOnly = scoreWithBook(validationProbs, validation, {}, 0.0);
                                      if (cancel.isCancelled())
                                          return makeError(ErrorCode::Cancelled, "personalize: cancelled");
                                      say("epoch " + std::to_string(e) + "/" + std::to_string(epochs) + ": " +
                                          report.personalModelOnly.summary());
                                      p.metrics = {{"validation_top1", report.personalModelOnly.overall().top1Rate()}};
                                      return {};
                                  });
            if (!steps) return steps.error();
            report.steps = *steps;
        }
        report.networkWithBook =
            withBook ? scoreWithBook(validationProbs, validation, bookCounts, prior) : report.personalModelOnly;
        report.networkBase = report.base;
        report.personal = report.networkWithBook;
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "personalize: cancelled");
        if (withBook) say("the personal model with the player's moves: " + report.personal.summary());
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
