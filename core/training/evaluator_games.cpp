// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation of any board-reading human-move evaluator (an lc0 net, a folder of rating-band nets) on the games of
// a PGN split: the same stream, positions, probes and metrics as evaluateHumanModelProbes, so that users compare a
// Kibitz model and a published net on the same positions with the same numbers.
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"
#include "core/training/value_metrics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>

namespace kibitz::training {

using encoding::EncodedPosition;

namespace {

constexpr std::size_t kBatch = 256;

/// Rank of `played` (moves with a strictly higher probability) and its probability.
std::pair<int, double> rankOf(const std::vector<encoding::MoveProb>& dist, chess::Move played) {
    double p = 0.0;
    for (const auto& mp : dist)
        if (mp.move == played) p = mp.prob;
    int rank = 0;
    for (const auto& mp : dist)
        if (mp.prob > p) ++rank;
    return {rank, p};
}

/// `dist` guided away from `hidden` (the same position with the ratings hidden) by w.
void guide(std::vector<encoding::MoveProb>& dist, const std::vector<encoding::MoveProb>& hidden, double w) {
    std::vector<double> logp(dist.size());
    double top = -1e300;
    for (std::size_t i = 0; i < dist.size(); ++i) {
        double ph = 1e-9;
        for (const auto& h : hidden)
            if (h.move == dist[i].move) ph = std::max(1e-9, double(h.prob));
        logp[i] = (1.0 + w) * std::log(std::max(1e-9, double(dist[i].prob))) - w * std::log(ph);
        top = std::max(top, logp[i]);
    }
    double sum = 0.0;
    for (double& l : logp) sum += (l = std::exp(l - top));
    for (std::size_t i = 0; i < dist.size(); ++i) dist[i].prob = float(logp[i] / sum);
}

}  // namespace

Result<HumanEvaluation> evaluateEvaluatorProbes(encoding::Evaluator& evaluator, const std::string& name,
                                                const std::vector<std::string>& pgnFiles, bool heldOutOnly,
                                                int holdoutPermille, std::int64_t maxGames,
                                                const std::vector<ConditioningProbe>& probes, const CancelToken& cancel,
                                                std::int64_t skipGames, const std::string& player,
                                                const chess::GameSkipHook& onSkip) {
    const auto cancelled = [&] { return makeError(ErrorCode::Cancelled, name + ": evaluation cancelled"); };
    if (probes.empty()) return makeError(ErrorCode::InvalidInput, "no conditioning to evaluate");
    const bool value = evaluator.hasValueHead();
    // The encoding only carries the conditioning and the filters here: the evaluator reads the boards.
    auto stream = HumanSampleStream::open(evaluationStreamOptions(
        pgnFiles, encoding::BoardView::Mover, 2, heldOutOnly, holdoutPermille, maxGames, skipGames, player, onSkip));
    if (!stream.ok()) return stream.error();
    HumanEvaluation total;
    total.perProbe.resize(probes.size());
    total.hasValue = value;
    std::optional<ValueBaselines> baselines;
    std::vector<EncodedPosition> chunk;
    std::vector<PositionContext> contexts;
    for (;;) {
        if (cancel.isCancelled()) return cancelled();
        if (maxGames > 0 && stream.value()->stats().gamesUsed >= skipGames + maxGames) break;
        if (auto s = stream.value()->nextChunk(chunk, contexts); !s.ok()) return s.error();
        if (value)  // once the stream has given positions (fitValueBaselines says why)
            if (Status s = ensureValueBaselines(baselines, total, pgnFiles, holdoutPermille, cancel); !s.ok())
                return s.error().code == ErrorCode::Cancelled ? cancelled() : s.error();
        if (stream.value()->epoch() > 0) break;  // wrapped around: every game was seen once
        if (stream.value()->stats().gamesUsed <= skipGames) continue;
        for (std::size_t first = 0; first < chunk.size(); first += kBatch) {
            if (cancel.isCancelled()) return cancelled();
            const std::size_t end = std::min(chunk.size(), first + kBatch);
            std::vector<chess::Position> positions;
            std::vector<encoding::RecentMoves> recent;
            for (std::size_t j = first; j < end; ++j) {
                positions.push_back(contexts[j].position);
                recent.push_back(contexts[j].recent);
            }
            // The ratings-hidden distributions guidance needs, asked once a batch: with the ratings hidden, a probe's
            // conditioning differs from another's only in whether the clocks are hidden too.
            std::array<std::optional<std::vector<std::vector<encoding::MoveProb>>>, 2> ratingsHidden;
            for (std::size_t p = 0; p < probes.size(); ++p) {
                std::vector<encoding::Conditioning> conds;
                for (std::size_t j = first; j < end; ++j) conds.push_back(probedConditioning(chunk[j].cond, probes[p]));
                auto dists = evaluator.moveDistributionsWithHistory(positions, conds, recent);
                if (!dists) return dists.error();
                if (probes[p].ratingGuidance != 0.0) {
                    // Guidance on the distributions: log p = (1 + w) log p(ratings) - w log p(ratings hidden),
                    // renormalised over the moves (what the logits' form gives, up to each position's constant).
                    auto& plain = ratingsHidden[probes[p].hideClock ? 1 : 0];
                    if (!plain) {
                        ConditioningProbe hidden;
                        hidden.hideElo = true;
                        hidden.hideClock = probes[p].hideClock;
                        std::vector<encoding::Conditioning> hc;
                        for (std::size_t j = first; j < end; ++j)
                            hc.push_back(probedConditioning(chunk[j].cond, hidden));
                        auto asked = evaluator.moveDistributionsWithHistory(positions, hc, recent);
                        if (!asked) return asked.error();
                        plain = std::move(*asked);
                    }
                    for (std::size_t k = 0; k < dists->size(); ++k)
                        guide((*dists)[k], (*plain)[k], probes[p].ratingGuidance);
                }
                for (std::size_t j = first; j < end; ++j) {
                    const auto [rank, prob] = rankOf((*dists)[j - first], contexts[j].played);
                    const int elo = chunk[j].cond.moverElo.value_or(-1);
                    total.perProbe[p].add(rank, prob, elo);
                    if (p == 0 && inMaiaProtocol(chunk[j])) total.maiaProtocol.add(rank, prob, elo);
                }
            }
            if (value) {
                std::vector<chess::Position> vp;
                std::vector<encoding::RecentMoves> vr;
                std::vector<encoding::Conditioning> vc;
                std::vector<std::size_t> idx;
                for (std::size_t j = first; j < end; ++j) {
                    const EncodedPosition& e = chunk[j];
                    if (e.outcome < 0 || !e.cond.moverElo || !e.cond.oppElo) continue;
                    vp.push_back(contexts[j].position);
                    vr.push_back(contexts[j].recent);
                    vc.push_back(e.cond);
                    idx.push_back(j);
                }
                if (vp.empty()) continue;
                auto wdl = evaluator.valueEstimates(vp, vc, vr);
                if (!wdl) return wdl.error();
                for (std::size_t k = 0; k < idx.size(); ++k) {
                    const EncodedPosition& e = chunk[idx[k]];
                    std::optional<encoding::Wdl> eng;
                    if (baselines->engine && e.engineCp != encoding::kNoEngineCp)
                        eng = baselines->engine->predict(e.engineCp);
                    total.value.add((*wdl)[k], baselines->elo.predict(*e.cond.moverElo, *e.cond.oppElo), e.outcome,
                                    e.ply, eng, e.sideToMove, *e.cond.moverElo - *e.cond.oppElo);
                }
            }
        }
    }
    return total;
}

}  // namespace kibitz::training
