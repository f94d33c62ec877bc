// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/value_metrics.h"

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

Result<EloBaseline> fitEloBaseline(const std::vector<std::string>& files, int holdoutPermille, std::int64_t maxGames) {
    std::map<int, std::pair<std::int64_t, std::int64_t>> bands;  // band -> (games, draws)
    std::int64_t games = 0, draws = 0;
    chess::PgnGame game;
    for (const auto& file : files) {
        if (games >= maxGames) break;
        auto reader = chess::PgnReader::open(file);
        if (!reader) return reader.error();
        (*reader)->setTagsOnly(true);
        while (games < maxGames && (*reader)->next(game)) {
            if (!unusableReason(game).empty() || isHeldOut(gameId(game), holdoutPermille)) continue;
            const bool draw = game.result == "1/2-1/2";
            if (!draw && game.result != "1-0" && game.result != "0-1") continue;
            const int mean =
                (*encoding::parseEloTag(game.tag("WhiteElo")) + *encoding::parseEloTag(game.tag("BlackElo"))) / 2;
            auto& b = bands[mean / 200];
            ++b.first;
            b.second += draw;
            ++games;
            draws += draw;
        }
        if (!(*reader)->ioError().empty()) return makeError(ErrorCode::Io, file + ": " + (*reader)->ioError());
    }
    if (games == 0)
        return makeError(ErrorCode::InvalidInput, "no finished training-split game to fit the Elo baseline");
    EloBaseline b;
    b.games = games;
    b.drawOverall = double(draws) / double(games);
    for (const auto& [band, gd] : bands)
        if (gd.first >= kMinBandGames) b.drawByBand[band] = double(gd.second) / double(gd.first);
    return b;
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

void ValueMetrics::add(const encoding::Wdl& model, const encoding::Wdl& baseline, int outcome, int ply) {
    if (outcome < 0 || outcome > 2) return;
    const auto phase = std::size_t(phaseOfPly(ply));
    m_model.add(model, outcome);
    m_baseline.add(baseline, outcome);
    m_phaseModel[phase].add(model, outcome);
    m_phaseBaseline[phase].add(baseline, outcome);
}

void ValueMetrics::merge(const ValueMetrics& other) {
    m_model.merge(other.m_model);
    m_baseline.merge(other.m_baseline);
    for (std::size_t i = 0; i < 3; ++i) {
        m_phaseModel[i].merge(other.m_phaseModel[i]);
        m_phaseBaseline[i].merge(other.m_phaseBaseline[i]);
    }
}

namespace {

std::string scoreJson(const ValueMetrics::Score& m, const ValueMetrics::Score& b) {
    char buf[256];
    std::snprintf(
        buf, sizeof buf,
        "{\"positions\":%lld,\"brier\":%.5f,\"logloss\":%.5f,\"baseline_elo\":{\"brier\":%.5f,\"logloss\":%.5f}",
        static_cast<long long>(m.positions), m.meanBrier(), m.meanLogloss(), b.meanBrier(), b.meanLogloss());
    return buf;
}

}  // namespace

std::string ValueMetrics::toJson() const {
    std::string out = scoreJson(m_model, m_baseline) + ",\"by_phase\":{";
    for (std::size_t i = 0; i < 3; ++i) {
        if (i) out += ',';
        out +=
            std::string("\"") + phaseName(GamePhase(i)) + "\":" + scoreJson(m_phaseModel[i], m_phaseBaseline[i]) + "}";
    }
    return out + "}}";
}

std::string ValueMetrics::summary() const {
    char buf[192];
    std::snprintf(buf, sizeof buf, "n %lld brier %.4f (Elo %.4f, ratio %.3f) logloss %.4f (Elo %.4f)",
                  static_cast<long long>(m_model.positions), m_model.meanBrier(), m_baseline.meanBrier(),
                  m_baseline.meanBrier() > 0 ? m_model.meanBrier() / m_baseline.meanBrier() : 0.0,
                  m_model.meanLogloss(), m_baseline.meanLogloss());
    return buf;
}

}  // namespace kibitz::training
