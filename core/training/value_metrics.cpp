// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/value_metrics.h"
#include "core/chess/pgn_tags.h"

#include "core/chess/game_pack.h"

#include "core/chess/pgn.h"
#include "core/encoding/game_conditioning.h"
#include "core/training/human_samples.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kibitz::training {

GamePhase phaseOfPly(int ply) {
    return ply < 20 ? GamePhase::Opening : ply < 60 ? GamePhase::Middlegame : GamePhase::Endgame;
}

const char* phaseName(GamePhase phase) {
    switch (phase) {
        case GamePhase::Opening: return "opening";
        case GamePhase::Middlegame: return "middlegame";
        case GamePhase::Endgame: return "endgame";
    }
    return "?";
}

namespace {
constexpr std::int64_t kMinBandGames = 200;
}

encoding::Wdl EloBaseline::predict(int moverElo, int oppElo) const {
    const double expected = 1.0 / (1.0 + std::pow(10.0, (oppElo - moverElo) / 400.0));
    const auto it = drawByBand.find((moverElo + oppElo) / 2 / 200);
    const double draw = it != drawByBand.end() ? it->second : drawOverall;
    // win + draw/2 = expected; keep every class above a small floor so log-loss stays finite, then renormalise.
    constexpr double kFloor = 0.002;
    double win = std::max(kFloor, expected - draw / 2.0);
    double loss = std::max(kFloor, 1.0 - expected - draw / 2.0);
    double d = std::max(kFloor, draw);
    const double sum = win + d + loss;
    return {float(win / sum), float(d / sum), float(loss / sum)};
}

std::string EloBaseline::describe() const {
    char buf[96];
    std::snprintf(buf, sizeof buf, "draw share %.1f %% over %lld games; by mean rating:", 100.0 * drawOverall,
                  static_cast<long long>(games));
    std::string out = buf;
    for (const auto& [band, d] : drawByBand) {
        std::snprintf(buf, sizeof buf, " %d %.1f %%", band * 200, 100.0 * d);
        out += buf;
    }
    return out;
}

Result<EloBaseline> fitEloBaseline(const std::vector<std::string>& files, int holdoutPermille, std::int64_t maxGames,
                                   const CancelToken& cancel) {
    std::map<int, std::pair<std::int64_t, std::int64_t>> bands;  // band -> (games, draws)
    std::int64_t games = 0, draws = 0, read = 0;
    chess::PgnGame game;
    for (const auto& file : files) {
        if (games >= maxGames) break;
        auto reader = chess::GameReader::open(file);
        if (!reader) return reader.error();
        (*reader)->setTagsOnly(true);
        while (games < maxGames && (*reader)->next(game)) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
            ++read;
            if (!unusableReason(game).empty() || isHeldOut(gameId(game), holdoutPermille)) continue;
            const int outcome = whiteOutcome(game);
            if (outcome < 0) continue;
            const bool draw = outcome == 1;
            const int mean =
                (*chess::parseEloTag(game.tag("WhiteElo")) + *chess::parseEloTag(game.tag("BlackElo"))) / 2;
            auto& b = bands[mean / 200];
            ++b.first;
            b.second += draw;
            ++games;
            draws += draw;
        }
        if (!(*reader)->ioError().empty()) return makeError(ErrorCode::Io, file + ": " + (*reader)->ioError());
    }
    if (read == 0) return makeError(ErrorCode::InvalidInput, "no game in the PGN files");
    if (games == 0)
        return makeError(ErrorCode::InvalidInput, "no finished training-split game to fit the Elo baseline (" +
                                                      std::to_string(read) + " games read)");
    EloBaseline b;
    b.games = games;
    b.drawOverall = double(draws) / double(games);
    for (const auto& [band, gd] : bands)
        if (gd.first >= kMinBandGames) b.drawByBand[band] = double(gd.second) / double(gd.first);
    return b;
}

Result<ValueBaselines> fitValueBaselines(const std::vector<std::string>& files, int holdoutPermille,
                                         const CancelToken& cancel) {
    auto elo = fitEloBaseline(files, holdoutPermille, 20000, cancel);
    if (!elo) return elo.error();
    ValueBaselines out{std::move(*elo), std::nullopt};
    if (auto e = fitEngineBaseline(files, holdoutPermille, 300000, 40000, cancel)) out.engine = *e;
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
    return out;
}

encoding::Wdl EngineBaseline::predict(int moverCp) const {
    const double x = std::clamp(moverCp, -encoding::kEngineCpLimit, encoding::kEngineCpLimit);
    auto s = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
    constexpr double kFloor = 0.002;
    double win = std::max(kFloor, s((x - a) / b));
    double loss = std::max(kFloor, s((-x - a) / b));
    double draw = std::max(kFloor, 1.0 - win - loss);
    const double sum = win + draw + loss;
    return {float(win / sum), float(draw / sum), float(loss / sum)};
}

std::string EngineBaseline::describe() const {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "P(win) = s((cp - %.0f) / %.0f), P(loss) = s((-cp - %.0f) / %.0f), fitted on %lld positions", a, b, a,
                  b, static_cast<long long>(positions));
    return buf;
}

Result<EngineBaseline> fitEngineBaseline(const std::vector<std::string>& files, int holdoutPermille,
                                         std::int64_t maxPositions, std::int64_t maxGames, const CancelToken& cancel) {
    // Counts per (centipawns, outcome): the likelihood of any (a, b) is then a sum over 4001 x 3 cells.
    constexpr int kSpan = 2 * encoding::kEngineCpLimit + 1;
    std::vector<std::array<std::int64_t, 3>> counts(kSpan, {0, 0, 0});
    std::int64_t positions = 0, games = 0;
    chess::PgnGame game;
    for (const auto& file : files) {
        if (positions >= maxPositions || games >= maxGames) break;
        auto reader = chess::GameReader::open(file);
        if (!reader) return reader.error();
        while (positions < maxPositions && games < maxGames && (*reader)->next(game)) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
            if (!unusableReason(game).empty() || isHeldOut(gameId(game), holdoutPermille)) continue;
            const int white = whiteOutcome(game);
            if (white < 0) continue;
            ++games;
            for (std::size_t ply = 1; ply < game.moves.size(); ++ply) {  // the same rule as the training samples
                const std::optional<int> cp = annotatedEngineCp(game.moves[ply - 1]);
                if (!cp) continue;
                const bool whiteToMove = ply % 2 == 0;
                const int mover = whiteToMove ? *cp : -*cp;
                const int outcome = whiteToMove ? white : 2 - white;
                ++counts[std::size_t(mover + encoding::kEngineCpLimit)][std::size_t(outcome)];
                ++positions;
            }
        }
        if (!(*reader)->ioError().empty()) return makeError(ErrorCode::Io, file + ": " + (*reader)->ioError());
    }
    if (positions == 0)
        return makeError(ErrorCode::InvalidInput, "no training-split position carries an engine evaluation ([%eval])");
    auto logLikelihood = [&](double a, double b) {
        EngineBaseline m{a, b, 0};
        double ll = 0.0;
        for (int i = 0; i < kSpan; ++i) {
            const auto& c = counts[std::size_t(i)];
            if (c[0] + c[1] + c[2] == 0) continue;
            const encoding::Wdl w = m.predict(i - encoding::kEngineCpLimit);
            ll += double(c[0]) * std::log(w.win) + double(c[1]) * std::log(w.draw) + double(c[2]) * std::log(w.loss);
        }
        return ll;
    };
    // Coarse grid, then two finer ones around the best point.
    EngineBaseline best{0.0, 100.0, positions};
    double bestLl = -1e300;
    double stepA = 20.0, stepB = 20.0, loA = 0.0, hiA = 600.0, loB = 20.0, hiB = 1200.0;
    for (int round = 0; round < 3; ++round) {
        for (double a = loA; a <= hiA + 1e-9; a += stepA)
            for (double b = loB; b <= hiB + 1e-9; b += stepB) {
                const double ll = logLikelihood(a, b);
                if (ll > bestLl) {
                    bestLl = ll;
                    best.a = a;
                    best.b = b;
                }
            }
        loA = std::max(0.0, best.a - stepA);
        hiA = best.a + stepA;
        loB = std::max(5.0, best.b - stepB);
        hiB = best.b + stepB;
        stepA /= 5.0;
        stepB /= 5.0;
    }
    return best;
}

void ValueMetrics::Score::add(const encoding::Wdl& p, int outcome) {
    const double q[3] = {p.win, p.draw, p.loss};
    double brierSum = 0.0;
    for (int k = 0; k < 3; ++k) {
        const double e = q[k] - (k == outcome ? 1.0 : 0.0);
        brierSum += e * e;
    }
    ++positions;
    brier += brierSum;
    logloss += -std::log(std::max(q[outcome], 1e-9));
}

void ValueMetrics::Score::merge(const Score& o) {
    positions += o.positions;
    brier += o.brier;
    logloss += o.logloss;
}

void ValueMetrics::Calibration::add(double model, double elo, double result) {
    ++positions;
    predicted += model;
    baseline += elo;
    observed += result;
}

void ValueMetrics::Calibration::merge(const Calibration& o) {
    positions += o.positions;
    predicted += o.predicted;
    baseline += o.baseline;
    observed += o.observed;
}

int ValueMetrics::diffBin(int d) { return d < -300 ? 0 : d < -100 ? 1 : d <= 100 ? 2 : d <= 300 ? 3 : 4; }

const char* ValueMetrics::diffBinName(int bin) {
    static const char* const kNames[kDiffBins] = {"<-300", "-300..-101", "-100..100", "101..300", ">300"};
    return kNames[std::clamp(bin, 0, kDiffBins - 1)];
}

void ValueMetrics::add(const encoding::Wdl& model, const encoding::Wdl& baseline, int outcome, int ply,
                       const std::optional<encoding::Wdl>& engine, int sideToMove,
                       std::optional<int> moverMinusOpponent) {
    if (outcome < 0 || outcome > 2) return;
    const double result = outcome == 0 ? 1.0 : outcome == 1 ? 0.5 : 0.0;
    if (sideToMove == 0 || sideToMove == 1)
        m_bySide[std::size_t(sideToMove)].add(model.score(), baseline.score(), result);
    if (moverMinusOpponent) {
        m_byDiff[std::size_t(diffBin(*moverMinusOpponent))].add(model.score(), baseline.score(), result);
        if (ply == 0 && sideToMove == 0 && std::abs(*moverMinusOpponent) <= 100)
            m_startEqual.add(model.score(), baseline.score(), result);
    }
    const auto phase = std::size_t(phaseOfPly(ply));
    m_model.add(model, outcome);
    m_baseline.add(baseline, outcome);
    m_phaseModel[phase].add(model, outcome);
    m_phaseBaseline[phase].add(baseline, outcome);
    if (engine) {
        m_engine.add(*engine, outcome);
        m_engineModel.add(model, outcome);
        m_phaseEngine[phase].add(*engine, outcome);
        m_phaseEngineModel[phase].add(model, outcome);
    }
}

void ValueMetrics::merge(const ValueMetrics& other) {
    m_model.merge(other.m_model);
    m_baseline.merge(other.m_baseline);
    m_engine.merge(other.m_engine);
    m_engineModel.merge(other.m_engineModel);
    for (std::size_t i = 0; i < 2; ++i) m_bySide[i].merge(other.m_bySide[i]);
    for (std::size_t i = 0; i < std::size_t(kDiffBins); ++i) m_byDiff[i].merge(other.m_byDiff[i]);
    m_startEqual.merge(other.m_startEqual);
    for (std::size_t i = 0; i < 3; ++i) {
        m_phaseModel[i].merge(other.m_phaseModel[i]);
        m_phaseBaseline[i].merge(other.m_phaseBaseline[i]);
        m_phaseEngine[i].merge(other.m_phaseEngine[i]);
        m_phaseEngineModel[i].merge(other.m_phaseEngineModel[i]);
    }
}

namespace {

double r5(double v) { return roundedToDecimals(v, 5); }

JsonValue scoreJson(const ValueMetrics::Score& m, const ValueMetrics::Score& b, const ValueMetrics::Score& e,
                    const ValueMetrics::Score& em) {
    return JsonValue::object()
        .set("positions", m.positions)
        .set("brier", r5(m.meanBrier()))
        .set("logloss", r5(m.meanLogloss()))
        .set("baseline_elo", JsonValue::object().set("brier", r5(b.meanBrier())).set("logloss", r5(b.meanLogloss())))
        .set("baseline_engine", JsonValue::object()
                                    .set("positions", e.positions)
                                    .set("brier", r5(e.meanBrier()))
                                    .set("logloss", r5(e.meanLogloss()))
                                    .set("model_brier", r5(em.meanBrier()))
                                    .set("model_logloss", r5(em.meanLogloss())));
}

JsonValue calibrationJson(const ValueMetrics::Calibration& c) {
    const double n = c.positions > 0 ? double(c.positions) : 1.0;
    return JsonValue::object()
        .set("positions", c.positions)
        .set("predicted", r5(c.predicted / n))
        .set("baseline", r5(c.baseline / n))
        .set("observed", r5(c.observed / n));
}

}  // namespace

JsonValue ValueMetrics::toJsonValue() const {
    JsonValue byPhase = JsonValue::object();
    for (std::size_t i = 0; i < 3; ++i)
        byPhase.set(phaseName(GamePhase(i)),
                    scoreJson(m_phaseModel[i], m_phaseBaseline[i], m_phaseEngine[i], m_phaseEngineModel[i]));
    JsonValue byDiff = JsonValue::object();
    for (int b = 0; b < kDiffBins; ++b) byDiff.set(diffBinName(b), calibrationJson(m_byDiff[std::size_t(b)]));
    JsonValue calibration = JsonValue::object()
                                .set("by_side", JsonValue::object()
                                                    .set("white", calibrationJson(m_bySide[0]))
                                                    .set("black", calibrationJson(m_bySide[1])))
                                .set("by_rating_diff", std::move(byDiff))
                                .set("start_equal_ratings", calibrationJson(m_startEqual));
    return scoreJson(m_model, m_baseline, m_engine, m_engineModel)
        .set("by_phase", std::move(byPhase))
        .set("calibration", std::move(calibration));
}

std::string ValueMetrics::toJson() const { return toJsonValue().write({.sortKeys = false, .decimals = 5}); }

std::string ValueMetrics::summary() const {
    char buf[320];
    std::snprintf(buf, sizeof buf, "n %lld brier %.4f (Elo %.4f, ratio %.3f) logloss %.4f (Elo %.4f)",
                  static_cast<long long>(m_model.positions), m_model.meanBrier(), m_baseline.meanBrier(),
                  m_baseline.meanBrier() > 0 ? m_model.meanBrier() / m_baseline.meanBrier() : 0.0,
                  m_model.meanLogloss(), m_baseline.meanLogloss());
    std::string out = buf;
    if (m_engine.positions > 0) {
        std::snprintf(buf, sizeof buf,
                      "; with engine evals: n %lld brier %.4f (engine %.4f) logloss %.4f (engine %.4f)",
                      static_cast<long long>(m_engine.positions), m_engineModel.meanBrier(), m_engine.meanBrier(),
                      m_engineModel.meanLogloss(), m_engine.meanLogloss());
        out += buf;
    }
    return out;
}

}  // namespace kibitz::training
