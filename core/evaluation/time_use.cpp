// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/time_use.h"

#include "core/encoding/game_conditioning.h"
#include "core/play/decision_calibration.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

namespace kibitz::evaluation {

namespace {

struct Replay {
    chess::GameSpeed speed = chess::GameSpeed::Blitz;
    chess::Position pos;
    encoding::RecentMoves recent;
    std::array<std::optional<int>, 2> elo;
    std::array<long long, 2> clockMs{};
    long long incMs = 0;
    std::vector<std::optional<int>> spentS;  ///< each ply's recorded move time so far (plyThinkTimes' form)
    int plies = 0;                           ///< the real game's length: its moves stop there, then one last think
    int ply = 0;
    bool done = false;
    bool flagged = false;        ///< a drawn time exceeded the clock, within the game's length or on the last think
    bool flaggedWithin = false;  ///< ... within the game's length
};

double mean(const std::vector<double>& v) {
    return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

}  // namespace

Result<TimeUseComparison> compareTimeUse(encoding::Evaluator& evaluator, const std::vector<chess::PgnGame>& games,
                                         const play::MovePolicy& policy, std::uint64_t seed,
                                         const CancelToken& cancel) {
    if (!evaluator.hasTimeHead()) return makeError(ErrorCode::Unsupported, "the model has no think-time head");
    std::array<std::vector<double>, chess::kGameSpeeds> dataTimes, modelTimes;
    std::array<std::int64_t, chess::kGameSpeeds> dataFlags{}, modelFlags{}, modelFlagsWithin{};
    TimeUseComparison out;
    std::vector<Replay> replays;
    for (const chess::PgnGame& g : games) {
        const auto tc = chess::parseTimeControl(g.tag("TimeControl"));
        const auto we = chess::parseEloTag(g.tag("WhiteElo")), be = chess::parseEloTag(g.tag("BlackElo"));
        auto start = g.startPosition();
        if (!tc || !we || !be || g.moves.size() < 2 || !start) continue;
        Replay r;
        r.pos = *start;
        r.speed = chess::gameSpeed(tc->first, tc->second);
        // On the model's scale, as plyConditionings reads them (a chess.com game's ratings converted).
        const encoding::RatingSite site = encoding::ratingSite(g);
        r.elo = {encoding::toLichessScale(*we, site), encoding::toLichessScale(*be, site)};
        // Each side starts with the clock its first comment shows (the first move is not timed): a berserked arena
        // player had half the base, which no tag says.
        auto startS = [&](std::size_t ply) {
            return g.moves[ply].clockSeconds >= 0 ? g.moves[ply].clockSeconds : tc->first;
        };
        r.clockMs = {1000LL * startS(0), 1000LL * startS(1)};
        r.incMs = 1000LL * tc->second;
        r.plies = int(g.moves.size());
        const std::size_t s = std::size_t(r.speed);
        for (const auto& t : encoding::plyThinkTimes(g))
            if (t) dataTimes[s].push_back(*t);
        if (g.tag("Termination") == "Time forfeit") ++dataFlags[s];
        ++out.bySpeed[s].games;
        replays.push_back(std::move(r));
    }
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z(0.0, 1.0);
    std::lognormal_distribution<double> reaction(std::log(0.4), 0.5);
    std::vector<std::size_t> active;
    for (;;) {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "time-use replay cancelled");
        active.clear();
        for (std::size_t i = 0; i < replays.size(); ++i) {
            Replay& r = replays[i];
            // Past the game's length the side to move still thinks once: a real game that is lost on time ends in
            // that think, after its last recorded move (unless the game ended in mate or stalemate).
            if (!r.done && (r.ply > r.plies || r.pos.countLegalMoves() == 0)) r.done = true;
            if (!r.done) active.push_back(i);
        }
        if (active.empty()) break;
        std::vector<chess::Position> positions;
        std::vector<encoding::Conditioning> conds;
        std::vector<encoding::RecentMoves> recent;
        std::vector<encoding::RecentTimes> times;
        for (std::size_t i : active) {
            const Replay& r = replays[i];
            const chess::Color stm = r.pos.sideToMove();
            const auto white = encoding::playerStateFromMs(r.elo[0], r.clockMs[0], r.incMs);
            const auto black = encoding::playerStateFromMs(r.elo[1], r.clockMs[1], r.incMs);
            positions.push_back(r.pos);
            conds.push_back(encoding::moverConditioning(stm, white, black));
            recent.push_back(r.recent);
            times.push_back(encoding::recentTimesAt(r.spentS, std::size_t(r.ply)));
        }
        auto dists = evaluator.moveDistributionsWithHistory(positions, conds, recent);
        if (!dists) return dists.error();
        // The moves first: a head that reads the move chosen is told it.
        std::vector<bool> want;
        for (std::size_t i : active) {
            const Replay& r = replays[i];
            const auto elo = r.elo[r.pos.sideToMove() == chess::White ? 0 : 1];
            want.push_back(elo.has_value() && play::weighsOutcomes(*elo, r.ply, policy));
        }
        auto outcomes = play::weighMoves(evaluator, positions, conds, recent, *dists, want);
        if (!outcomes) return outcomes.error();
        std::vector<chess::Move> moves;
        for (std::size_t k = 0; k < active.size(); ++k) {
            const Replay& r = replays[active[k]];
            const auto elo = r.elo[r.pos.sideToMove() == chess::White ? 0 : 1];
            play::MovePolicy mover = policy;
            mover.calibrated = policy.calibrated && elo.has_value();  // no rating, no shape
            moves.push_back(
                play::chooseHumanMove(r.pos, (*dists)[k], elo.value_or(0), r.ply, mover, rng, (*outcomes)[k]));
        }
        auto heads = evaluator.thinkTimes(positions, conds, recent, times, moves);
        if (!heads) return heads.error();
        for (std::size_t k = 0; k < active.size(); ++k) {
            Replay& r = replays[active[k]];
            const std::size_t me = r.pos.sideToMove() == chess::White ? 0 : 1;
            const auto& dist = (*dists)[k];
            const chess::Move move = moves[k];
            // Lichess does not run the clock for each side's first move; the others take a draw from the head (a
            // forced move a short reaction time, as in the play mode).
            double seconds = 0.0;
            if (r.ply >= 2) seconds = dist.size() <= 1 ? reaction(rng) : (*heads)[k].atDeviateS(z(rng));
            const long long ms = std::llround(1000.0 * seconds);
            if (ms > r.clockMs[me]) {
                r.flagged = r.done = true;
                r.flaggedWithin = r.ply < r.plies;
                continue;
            }
            if (r.ply == r.plies) {  // the last think was in time: the game ends as the real one did
                r.done = true;
                continue;
            }
            // Recorded like a [%clk] comment: whole seconds before and after, plus the increment.
            const long long before = r.clockMs[me] / 1000;
            r.clockMs[me] += r.incMs - ms;
            r.spentS.emplace_back();
            if (r.ply >= 2) {
                const long long spent = before + r.incMs / 1000 - r.clockMs[me] / 1000;
                r.spentS.back() = int(std::max<long long>(0, spent));
                modelTimes[std::size_t(r.speed)].push_back(double(std::max<long long>(0, spent)));
            }
            r.recent.push(r.pos, move);
            r.pos.makeMove(move);
            ++r.ply;
        }
    }
    for (const Replay& r : replays) {
        modelFlags[std::size_t(r.speed)] += r.flagged;
        modelFlagsWithin[std::size_t(r.speed)] += r.flaggedWithin;
    }
    for (std::size_t s = 0; s < out.bySpeed.size(); ++s) {
        TimeUseRow& row = out.bySpeed[s];
        row.dataMoves = std::int64_t(dataTimes[s].size());
        row.modelMoves = std::int64_t(modelTimes[s].size());
        row.dataMedianS = play::quantile(dataTimes[s], 0.5);
        row.modelMedianS = play::quantile(modelTimes[s], 0.5);
        row.dataMeanS = mean(dataTimes[s]);
        row.modelMeanS = mean(modelTimes[s]);
        if (row.games > 0) {
            row.dataLostOnTime = double(dataFlags[s]) / double(row.games);
            row.modelLostOnTime = double(modelFlags[s]) / double(row.games);
            row.modelLostOnTimeWithin = double(modelFlagsWithin[s]) / double(row.games);
        }
    }
    return out;
}

std::string TimeUseComparison::toJson() const {
    std::string out = "{";
    bool first = true;
    char buf[480];
    for (int s = 0; s < chess::kGameSpeeds; ++s) {
        const TimeUseRow& r = bySpeed[std::size_t(s)];
        if (r.games == 0) continue;
        std::snprintf(buf, sizeof buf,
                      "%s\"%s\":{\"games\":%lld,\"data\":{\"moves\":%lld,\"median_s\":%.3f,\"mean_s\":%.3f,"
                      "\"lost_on_time\":%.4f},\"model\":{\"moves\":%lld,\"median_s\":%.3f,\"mean_s\":%.3f,"
                      "\"lost_on_time\":%.4f,\"lost_on_time_within_moves\":%.4f}}",
                      first ? "" : ",", chess::gameSpeedName(chess::GameSpeed(s)), static_cast<long long>(r.games),
                      static_cast<long long>(r.dataMoves), r.dataMedianS, r.dataMeanS, r.dataLostOnTime,
                      static_cast<long long>(r.modelMoves), r.modelMedianS, r.modelMeanS, r.modelLostOnTime,
                      r.modelLostOnTimeWithin);
        out += buf;
        first = false;
    }
    return out + "}";
}

std::string TimeUseComparison::toText() const {
    std::string out =
        "time use, the games against replays of them by two copies of the model (same clocks, ratings, length):\n"
        "speed       games   median s (data / model)   mean s (data / model)   lost on time (data / model; model "
        "within the game's moves)\n";
    char buf[240];
    for (int s = 0; s < chess::kGameSpeeds; ++s) {
        const TimeUseRow& r = bySpeed[std::size_t(s)];
        if (r.games == 0) continue;
        std::snprintf(buf, sizeof buf,
                      "%-10s %6lld   %8.1f / %-8.1f        %8.2f / %-8.2f      %8.1f%% / %.1f%% (%.1f%%)\n",
                      chess::gameSpeedName(chess::GameSpeed(s)), static_cast<long long>(r.games), r.dataMedianS,
                      r.modelMedianS, r.dataMeanS, r.modelMeanS, 100.0 * r.dataLostOnTime, 100.0 * r.modelLostOnTime,
                      100.0 * r.modelLostOnTimeWithin);
        out += buf;
    }
    return out;
}

}  // namespace kibitz::evaluation
