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
    const std::string key = chess::gameTimeKey(*g);
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

/// The player's rating in their newest game (on its site's scale and the model's) and the time control of most of
/// their games.
void describePlay(const PlayerGames& games, PersonalizeReport& report) {
    const chess::PgnGame& newest = games.games.back();
    const bool white = samePlayerName(newest.tag("White"), games.name);
    report.siteElo = chess::parseEloTag(newest.tag(white ? "WhiteElo" : "BlackElo")).value_or(0);
    report.ratingSite = encoding::ratingSite(newest);
    report.elo = report.siteElo > 0 ? encoding::toLichessScale(report.siteElo, report.ratingSite) : 0;
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

/// One personal-model run: the player's games and their split, the base network, the choice of epochs and book prior
/// on the newest training games, then the final fine-tune on all of them, scored on the validation games. Each step
/// returns an error as a value; torch's exceptions are caught by personalizeHumanModel.
class PersonalRun {
public:
    PersonalRun(const PersonalizeOptions& o, const CancelToken& cancel,
                const std::function<void(const TrainProgress&)>& progress,
                const std::function<void(const std::string&)>& log)
        : m_o(o), m_cancel(cancel), m_progress(progress), m_log(log) {}

    Result<PersonalizeReport> run();

private:
    /// The held-out part of the training games on which the choice is made, and what it reads of them.
    struct Tuning {
        std::vector<const chess::PgnGame*> fitGames, tuneGames;
        std::vector<EncodedPosition> fit, tune;
        std::vector<std::vector<int>> counts;  ///< the fit games' book counts at each tune position
        std::vector<double> priors;            ///< the candidates' book priors; -1: no book
    };

    void say(const std::string& s) const {
        if (m_log) m_log(s);
    }
    static Error cancelled() { return makeError(ErrorCode::Cancelled, "personalize: cancelled"); }
    Status checkOptions() const;
    Status readGames();
    void describeGames();
    void readMoves(const std::vector<const chess::PgnGame*>& learnFrom,
                   const std::vector<const chess::PgnGame*>& heldOut, encoding::PlayerBook& book,
                   std::vector<EncodedPosition>& learn, std::vector<EncodedPosition>& held,
                   std::vector<std::vector<int>>& counts) const;
    Status readTrainingMoves();
    std::int64_t stepsFor(std::size_t moves, int epochs) const {
        return std::int64_t(epochs) * ((std::int64_t(moves) + m_o.batchSize - 1) / m_o.batchSize);
    }
    std::function<void(const TrainProgress&)> phase(std::int64_t offset, std::int64_t total) const;
    Status choose();
    void scoreCandidates(models::HumanMoveModel& probe, const Tuning& t, int epochs);
    void keepChosenBook();
    Status scoreBase();
    Status trainFinal();
    Status finish();

    const PersonalizeOptions& m_o;
    const CancelToken& m_cancel;
    const std::function<void(const TrainProgress&)>& m_progress;
    const std::function<void(const std::string&)>& m_log;
    const std::chrono::steady_clock::time_point m_t0 = std::chrono::steady_clock::now();
    PlayerGames m_games;
    PlayerSplit m_split;  ///< points into m_games
    FrozenTrunk m_trunk;  ///< the base, fine-tuned in place; its value and think-time heads are carried along
    PersonalizeReport m_report;
    std::vector<EncodedPosition> m_train, m_validation;
    std::vector<std::vector<int>> m_bookCounts;  ///< the book's counts at each validation position
    std::vector<torch::Tensor> m_weights;        ///< what the final fine-tune trains
    std::vector<std::vector<double>> m_validationProbs;
    int m_epochs = 0;  ///< of the final model: the options', or the choice's
    bool m_withBook = false;
    double m_prior = 0.0;
    std::int64_t m_choiceSteps = 0;
};

Status PersonalRun::checkOptions() const {
    if (m_o.baseCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "personalize: no base model");
    if (m_o.outCheckpoint.empty()) return makeError(ErrorCode::InvalidInput, "personalize: no output file");
    if (m_o.epochs < 1 || m_o.batchSize < 1 || !(m_o.learningRate > 0.0) || m_o.anchorWeight < 0.0)
        return makeError(ErrorCode::InvalidInput,
                         "personalize: epochs, batch size and learning rate must be positive, the anchor weight "
                         "not negative");
    return {};
}

/// The player's games and their split; too few to train on and to validate is InvalidInput.
Status PersonalRun::readGames() {
    std::string note;
    auto games = readPlayerGames(m_o.pgnFiles, m_o.player, &note, m_o.onSkip);
    if (!games) return games.error();
    if (!note.empty()) say(note);
    if (auto enough = checkEnoughPlayerGames(*games); !enough) return enough.error();
    m_games = std::move(*games);
    m_split = splitPlayerGames(m_games.games, m_o.validationShare, m_o.maxGames);
    if (m_split.train.empty())
        return makeError(ErrorCode::InvalidInput, m_games.name + " has " + std::to_string(m_games.games.size()) +
                                                      " usable game(s): too few to train on and to validate");
    return {};
}

/// The report's account of the games: the player, the counts, the dates, the held-out games themselves.
void PersonalRun::describeGames() {
    m_report.player = m_games.name;
    m_report.skippedGames = m_games.skipped;
    m_report.trainGames = std::int64_t(m_split.train.size());
    m_report.validationGames = std::int64_t(m_split.validation.size());
    describePlay(m_games, m_report);
    m_report.firstDate = dateOf(m_split.train.front());
    m_report.lastDate = dateOf(m_split.train.back());
    if (!m_split.validation.empty()) {
        m_report.validationFrom = dateOf(m_split.validation.front());
        m_report.validationTo = dateOf(m_split.validation.back());
        for (const chess::PgnGame* g : m_split.validation) m_report.validationGameList.push_back(*g);
    }
}

/// The player's moves in `learnFrom` (their repertoire counted into `book` as they are read) and in `heldOut`, each
/// of those with the book's counts for its legal moves (in the encoder's order).
void PersonalRun::readMoves(const std::vector<const chess::PgnGame*>& learnFrom,
                            const std::vector<const chess::PgnGame*>& heldOut, encoding::PlayerBook& book,
                            std::vector<EncodedPosition>& learn, std::vector<EncodedPosition>& held,
                            std::vector<std::vector<int>>& counts) const {
    learn = playerPositions(learnFrom, m_games.name, m_trunk.config,
                            [&book](const chess::Position& pos, const encoding::RecentMoves&, chess::Move m) {
                                if (plyOf(pos) < book.maxPly) book.add(pos, chess::toUci(m));
                            });
    counts.clear();
    held = playerPositions(heldOut, m_games.name, m_trunk.config,
                           [&book, &counts](const chess::Position& pos, const encoding::RecentMoves&, chess::Move) {
                               counts.emplace_back();
                               if (const auto* c = book.find(pos))
                                   for (chess::Move m : pos.legalMoves()) {
                                       const auto it = c->find(chess::toUci(m));
                                       counts.back().push_back(it == c->end() ? 0 : it->second);
                                   }
                           });
}

/// The player's moves in the training and the validation games, and the repertoire of the training games.
Status PersonalRun::readTrainingMoves() {
    encoding::PlayerBook& book = m_report.book;
    book.player = m_games.name;
    book.prior = m_o.bookPrior;
    book.maxPly = m_o.bookMaxPly;
    readMoves(m_split.train, m_split.validation, book, m_train, m_validation, m_bookCounts);
    m_report.trainPositions = std::int64_t(m_train.size());
    m_report.validationPositions = std::int64_t(m_validation.size());
    if (m_train.empty())
        return makeError(ErrorCode::InvalidInput, "the training games of " + m_games.name + " have no move to learn");
    say(m_games.name + ": " + std::to_string(m_train.size()) + " moves of " + std::to_string(m_split.train.size()) +
        " games (" + m_report.firstDate + " to " + m_report.lastDate + ") to learn from, " +
        std::to_string(m_validation.size()) + " moves of the newest " + std::to_string(m_split.validation.size()) +
        " to validate on");
    return {};
}

/// Progress of one phase as part of the whole: its steps after `offset`, out of `total`.
std::function<void(const TrainProgress&)> PersonalRun::phase(std::int64_t offset, std::int64_t total) const {
    return [&progress = m_progress, offset, total](const TrainProgress& p) {
        if (!progress) return;
        TrainProgress q = p;
        q.step += offset;
        q.totalSteps = total;
        progress(q);
    };
}

/// Scores every prior candidate of `t` with `probe` (trained for `epochs` epochs) on the tune moves, into the report.
void PersonalRun::scoreCandidates(models::HumanMoveModel& probe, const Tuning& t, int epochs) {
    const std::vector<std::vector<int>> noCounts;  // the "no book" candidate
    const auto probs = moveProbabilities(probe, t.tune, m_trunk.device, m_cancel);
    std::string line;
    for (double x : t.priors) {
        const MoveMetrics m = scoreWithBook(probs, t.tune, x >= 0.0 ? t.counts : noCounts, x);
        m_report.candidates.push_back({epochs, x, m.overall().top1Rate(), m.overall().meanNll()});
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%.2f%% %.4f", x >= 0.0 ? "" : "no book ", 100.0 * m.overall().top1Rate(),
                      m.overall().meanNll());
        line += (line.empty() ? "" : ", ") + (x >= 0.0 ? "prior " + formatNumber(x) + " " : std::string()) + buf;
    }
    say("choosing on the newest " + std::to_string(t.tuneGames.size()) + " training games (" +
        std::to_string(t.tune.size()) + " moves), " + std::to_string(epochs) + " epoch(s) on the other " +
        std::to_string(t.fitGames.size()) + ": " + line);
}

/// The choice: epochs and the book's prior, on the newest of the training games, a second copy of the base learning
/// from the others. Without enough games for it, the options' epochs and prior stay.
Status PersonalRun::choose() {
    m_epochs = m_o.epochs;
    m_withBook = m_o.useBook;
    m_prior = m_o.bookPrior;
    Tuning t;
    t.fitGames = m_split.train;
    if (m_o.tuneShare > 0.0 && m_split.train.size() >= 5) {
        const std::size_t n = std::clamp<std::size_t>(
            std::size_t(std::lround(m_o.tuneShare * double(m_split.train.size()))), 1, m_split.train.size() - 1);
        t.tuneGames.assign(m_split.train.end() - std::ptrdiff_t(n), m_split.train.end());
        t.fitGames.resize(m_split.train.size() - n);
    }
    encoding::PlayerBook fitBook;
    fitBook.maxPly = m_o.bookMaxPly;
    if (!t.tuneGames.empty()) readMoves(t.fitGames, t.tuneGames, fitBook, t.fit, t.tune, t.counts);
    if (t.fit.empty() || t.tune.empty()) return {};
    m_report.tuneGames = std::int64_t(t.tuneGames.size());
    m_report.tunePositions = std::int64_t(t.tune.size());
    if (!m_o.useBook || m_o.chooseBookPrior) t.priors.push_back(-1.0);
    if (m_o.useBook && m_o.chooseBookPrior)
        for (double x : PersonalizeOptions::kBookPriors) t.priors.push_back(x);
    if (m_o.useBook && !m_o.chooseBookPrior) t.priors.push_back(m_o.bookPrior);
    FrozenTrunk probe = loadFrozenTrunk(m_o.baseCheckpoint);
    scoreCandidates(probe.model, t, 0);
    if (m_cancel.isCancelled()) return cancelled();
    if (m_o.anchorWeight > 0.0) anchorToBase(probe.model, t.fit, m_trunk.device);
    auto w = trainableWeights(probe.model, m_o.scope);
    if (!w) return w.error();
    m_choiceSteps = stepsFor(t.fit.size(), m_o.epochs);
    auto tried = fineTune(
        probe.model, *w, t.fit, m_o.epochs, m_o, m_trunk.device, m_cancel,
        phase(0, m_choiceSteps + stepsFor(m_train.size(), m_o.epochs)), [&](int e, TrainProgress& p) -> Status {
            scoreCandidates(probe.model, t, e);
            // The top-1 there of this epoch's best candidate (by NLL).
            const auto first = m_report.candidates.end() - std::ptrdiff_t(t.priors.size());
            const auto bestNow = std::min_element(first, m_report.candidates.end(),
                                                  [](const auto& a, const auto& b) { return a.nll < b.nll; });
            p.metrics = {{"tune_top1", bestNow->top1}};
            return {};
        });
    if (!tried) return tried.error();
    // The lowest NLL (a proper score of the whole distribution: on a fifth of 200 games, top-1 differs by a few moves
    // between candidates, within its noise); on a tie the fewer epochs and the first prior.
    const PersonalizeReport::Candidate* best = &m_report.candidates.front();
    for (const auto& c : m_report.candidates)
        if (c.nll < best->nll) best = &c;
    m_epochs = best->epochs;
    m_withBook = best->prior >= 0.0;
    if (m_withBook) m_prior = best->prior;
    m_report.chosenEpochs = m_epochs;
    say("chosen: " + std::to_string(m_epochs) + " epoch(s), " +
        (m_withBook ? "the player's moves with prior " + formatNumber(m_prior) : std::string("no repertoire")));
    return {};
}

/// The book with the chosen prior, or none.
void PersonalRun::keepChosenBook() {
    m_report.chosenPrior = m_withBook ? m_prior : -1.0;
    if (m_withBook) {
        m_report.book.prior = m_prior;
    } else {
        m_report.book = encoding::PlayerBook();
        m_bookCounts.clear();
    }
}

/// The base network's scores on the validation moves (with and without the book), then the anchor and the weights
/// the final fine-tune trains.
Status PersonalRun::scoreBase() {
    models::HumanMoveModel& model = m_trunk.model;
    // One pass of each network over the validation moves serves both scores, with and without the book.
    m_validationProbs = moveProbabilities(model, m_validation, m_trunk.device, m_cancel);
    m_report.base = scoreWithBook(m_validationProbs, m_validation, {}, 0.0);
    m_report.baseWithBook =
        m_withBook ? scoreWithBook(m_validationProbs, m_validation, m_bookCounts, m_prior) : m_report.base;
    if (m_cancel.isCancelled()) return cancelled();
    if (m_o.anchorWeight > 0.0 && m_epochs > 0) anchorToBase(model, m_train, m_trunk.device);
    if (m_cancel.isCancelled()) return cancelled();
    auto weights = trainableWeights(model, m_o.scope);
    if (!weights) return weights.error();
    m_weights = std::move(*weights);
    m_report.scope = m_o.scope;
    std::int64_t allWeights = 0;
    for (const torch::Tensor& w : model->parameters()) allWeights += w.numel();
    for (const torch::Tensor& w : m_weights) m_report.trainableParameters += w.numel();
    say("base model on the validation moves: " + m_report.base.summary() + "; training " +
        std::to_string(m_report.trainableParameters) + " of " + std::to_string(allWeights) + " weights (" + m_o.scope +
        ")");
    if (m_withBook)
        say("the player's moves at " + std::to_string(m_report.book.positions()) + " positions of their first " +
            std::to_string(m_report.book.maxPly) +
            " plies; the base model with them on the validation moves: " + m_report.baseWithBook.summary());
    return {};
}

/// The final fine-tune on all the training games for the chosen epochs, scored on the validation moves after each.
Status PersonalRun::trainFinal() {
    m_report.personalModelOnly = m_report.base;
    if (m_epochs <= 0) return {};
    models::HumanMoveModel& model = m_trunk.model;
    auto steps = fineTune(model, m_weights, m_train, m_epochs, m_o, m_trunk.device, m_cancel,
                          phase(m_choiceSteps, m_choiceSteps + stepsFor(m_train.size(), m_epochs)),
                          [&](int e, TrainProgress& p) -> Status {
                              m_validationProbs = moveProbabilities(model, m_validation, m_trunk.device, m_cancel);
                              m_report.personalModelOnly = scoreWithBook(m_validationProbs, m_validation, {}, 0.0);
                              if (m_cancel.isCancelled()) return cancelled();
                              say("epoch " + std::to_string(e) + "/" + std::to_string(m_epochs) + ": " +
                                  m_report.personalModelOnly.summary());
                              p.metrics = {{"validation_top1", m_report.personalModelOnly.overall().top1Rate()}};
                              return {};
                          });
    if (!steps) return steps.error();
    m_report.steps = *steps;
    return {};
}

/// The personal model's score with the book, and the model written (frozen, in eval mode).
Status PersonalRun::finish() {
    m_report.networkWithBook =
        m_withBook ? scoreWithBook(m_validationProbs, m_validation, m_bookCounts, m_prior) : m_report.personalModelOnly;
    m_report.networkBase = m_report.base;
    m_report.personal = m_report.networkWithBook;
    if (m_cancel.isCancelled()) return cancelled();
    if (m_withBook) say("the personal model with the player's moves: " + m_report.personal.summary());
    for (auto& p : m_trunk.model->parameters()) p.set_requires_grad(false);
    m_trunk.model->eval();
    return saveFrozenTrunk(m_o.outCheckpoint, m_trunk, {});
}

Result<PersonalizeReport> PersonalRun::run() {
    if (auto s = checkOptions(); !s) return s.error();
    if (auto s = readGames(); !s) return s.error();
    models::setComputeThreads(m_o.threads);
    models::keepFreedMemory();
    torch::manual_seed(m_o.seed);
    m_trunk = loadFrozenTrunk(m_o.baseCheckpoint);
    describeGames();
    if (auto s = readTrainingMoves(); !s) return s.error();
    if (auto s = choose(); !s) return s.error();
    keepChosenBook();
    if (auto s = scoreBase(); !s) return s.error();
    if (auto s = trainFinal(); !s) return s.error();
    if (auto s = finish(); !s) return s.error();
    m_report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_t0).count();
    return std::move(m_report);
}

}  // namespace

Result<PersonalizeReport> personalizeHumanModel(const PersonalizeOptions& o, const CancelToken& cancel,
                                                const std::function<void(const TrainProgress&)>& progress,
                                                const std::function<void(const std::string&)>& log) {
    try {
        return PersonalRun(o, cancel, progress, log).run();
    } catch (const c10::Error& e) {
        return makeError(ErrorCode::InvalidInput, o.baseCheckpoint + ": " + e.what_without_backtrace());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, std::string("personalize: ") + e.what());
    }
}

}  // namespace kibitz::training
