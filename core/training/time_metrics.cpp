// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/time_metrics.h"

#include "core/chess/game_pack.h"
#include "core/chess/puzzle_csv.h"
#include "core/encoding/game_conditioning.h"
#include "core/training/human_samples.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kibitz::training {

double baselineThinkTimeS(const encoding::Conditioning& cond, int ply) {
    if (!cond.moverClockS) return 0.0;
    const double t = *cond.moverClockS / 40.0 + 0.8 * cond.incrementS.value_or(0);
    return ply < 16 ? t / 3.0 : t;
}

void TimeSample::add(double predictedS, double realS) {
    m_pred.push_back(float(predictedS));
    m_real.push_back(float(realS));
    m_allDistributions = false;
    m_mean.clear();
    m_var.clear();
}

void TimeSample::add(const encoding::ThinkTime& predicted, double realS) {
    const bool keep = m_allDistributions;
    m_pred.push_back(float(predicted.quantileS(0.5)));
    m_real.push_back(float(realS));
    if (!keep) return;
    m_mean.push_back(predicted.meanS());
    m_var.push_back(predicted.varianceS());
}

namespace {

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
    const std::size_t n = x.size();
    if (n < 2) return 0.0;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(n);
    my /= double(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0.0;
}

}  // namespace

TimeScores TimeSample::scores() const {
    TimeScores s;
    s.moves = size();
    if (m_pred.empty()) return s;
    std::vector<double> p(m_pred.begin(), m_pred.end()), r(m_real.begin(), m_real.end()), lp, lr, err;
    lp.reserve(p.size());
    lr.reserve(p.size());
    err.reserve(p.size());
    double sum = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        lp.push_back(std::log1p(std::max(0.0, p[i])));
        lr.push_back(std::log1p(std::max(0.0, r[i])));
        err.push_back(std::abs(p[i] - r[i]));
        sum += err.back();
    }
    s.pearsonR = pearson(p, r);
    s.pearsonRLog = pearson(lp, lr);
    s.maeS = sum / double(p.size());
    auto mid = err.begin() + std::ptrdiff_t(err.size() / 2);
    std::nth_element(err.begin(), mid, err.end());
    s.medianAeS = *mid;
    if (err.size() % 2 == 0) s.medianAeS = 0.5 * (s.medianAeS + *std::max_element(err.begin(), mid));
    if (m_allDistributions && m_mean.size() == p.size() && p.size() >= 2) {
        const double n = double(p.size());
        double mp = 0, mm = 0, ev = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            mp += p[i];
            mm += m_mean[i];
            ev += m_var[i];
        }
        mp /= n;
        mm /= n;
        ev /= n;
        double cov = 0, vp = 0, vm = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            cov += (p[i] - mp) * (m_mean[i] - mm);
            vp += (p[i] - mp) * (p[i] - mp);
            vm += (m_mean[i] - mm) * (m_mean[i] - mm);
        }
        cov /= n;
        vp /= n;
        vm /= n;
        s.pearsonRExpected = vp > 0 && vm + ev > 0 ? cov / std::sqrt(vp * (vm + ev)) : 0.0;
    }
    return s;
}

void TimeEvaluator::add(chess::GameSpeed speed, double predictedS, double baselineS, double realS) {
    m_model.add(predictedS, realS);
    m_base.add(baselineS, realS);
    m_modelBy[std::size_t(speed)].add(predictedS, realS);
    m_baseBy[std::size_t(speed)].add(baselineS, realS);
}

void TimeEvaluator::add(chess::GameSpeed speed, const encoding::ThinkTime& predicted, double baselineS, double realS) {
    m_model.add(predicted, realS);
    m_base.add(baselineS, realS);
    m_modelBy[std::size_t(speed)].add(predicted, realS);
    m_baseBy[std::size_t(speed)].add(baselineS, realS);
}

TimeEvaluation TimeEvaluator::result() const {
    TimeEvaluation e = counts;
    e.model = m_model.scores();
    e.baseline = m_base.scores();
    for (std::size_t i = 0; i < m_modelBy.size(); ++i) {
        e.modelBySpeed[i] = m_modelBy[i].scores();
        e.baselineBySpeed[i] = m_baseBy[i].scores();
    }
    return e;
}

namespace {

std::string scoresJson(const TimeScores& s) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "\"moves\":%lld,\"pearson_r\":%.4f,\"pearson_r_log\":%.4f,\"mae_s\":%.3f,\"median_ae_s\":%.3f",
                  static_cast<long long>(s.moves), s.pearsonR, s.pearsonRLog, s.maeS, s.medianAeS);
    std::string out = buf;
    if (s.pearsonRExpected) {
        std::snprintf(buf, sizeof buf, ",\"pearson_r_expected\":%.4f", *s.pearsonRExpected);
        out += buf;
    }
    return out;
}

std::string withSpeeds(const TimeScores& all, const std::array<TimeScores, chess::kGameSpeeds>& by) {
    std::string out = scoresJson(all) + ",\"by_speed\":{";
    for (int i = 0; i < chess::kGameSpeeds; ++i) {
        if (i) out += ',';
        out += std::string("\"") + chess::gameSpeedName(chess::GameSpeed(i)) + "\":{" + scoresJson(by[std::size_t(i)]) +
               "}";
    }
    return out + "}";
}

}  // namespace

std::string TimeEvaluation::toJson() const {
    char counts[300];
    std::snprintf(counts, sizeof counts,
                  "\"games\":%lld,\"games_skipped\":%lld,\"games_impossible_clocks\":%lld,\"games_unreadable\":%lld,"
                  "\"moves_skipped\":%lld,\"forced_skipped\":%lld,\"move_told\":%s,",
                  static_cast<long long>(games), static_cast<long long>(gamesSkipped),
                  static_cast<long long>(gamesImpossibleClocks), static_cast<long long>(gamesUnreadable),
                  static_cast<long long>(movesSkipped), static_cast<long long>(forcedSkipped),
                  moveTold ? "true" : "false");
    return "{" + std::string(counts) + withSpeeds(model, modelBySpeed) + ",\"baseline\":{" +
           withSpeeds(baseline, baselineBySpeed) + "}}";
}

std::string TimeEvaluation::toText() const {
    std::string out;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%lld games with clocks, %lld moves scored (%lld games without usable clocks skipped, %lld of them "
                  "with impossible clocks and %lld unreadable; %lld moves of unknown time and %lld forced moves left "
                  "out)\n",
                  static_cast<long long>(games), static_cast<long long>(model.moves),
                  static_cast<long long>(gamesSkipped), static_cast<long long>(gamesImpossibleClocks),
                  static_cast<long long>(gamesUnreadable), static_cast<long long>(movesSkipped),
                  static_cast<long long>(forcedSkipped));
    out += buf;
    std::snprintf(buf, sizeof buf, "%-10s %8s  %8s  %8s  %6s  %6s  %11s  %8s  %8s  %6s  %11s\n", "", "moves", "model r",
                  "expected", "r(log)", "MAE s", "median AE s", "rule r", "r(log)", "MAE s", "median AE s");
    out += buf;
    auto row = [&](const char* name, const TimeScores& m, const TimeScores& b) {
        char expected[32] = "       -";
        if (m.pearsonRExpected) std::snprintf(expected, sizeof expected, "%8.3f", *m.pearsonRExpected);
        std::snprintf(buf, sizeof buf, "%-10s %8lld  %8.3f  %s  %6.3f  %6.2f  %11.2f  %8.3f  %8.3f  %6.2f  %11.2f\n",
                      name, static_cast<long long>(m.moves), m.pearsonR, expected, m.pearsonRLog, m.maeS, m.medianAeS,
                      b.pearsonR, b.pearsonRLog, b.maeS, b.medianAeS);
        out += buf;
    };
    out += moveTold ? "(a head that reads the move chosen was told the move played)\n"
                    : "(the head was not told the move played)\n";
    row("all", model, baseline);
    for (int i = 0; i < chess::kGameSpeeds; ++i)
        if (modelBySpeed[std::size_t(i)].moves > 0)
            row(chess::gameSpeedName(chess::GameSpeed(i)), modelBySpeed[std::size_t(i)],
                baselineBySpeed[std::size_t(i)]);
    out +=
        "(expected: the r the head's median would reach if each move's seconds followed the head's own distribution;\n"
        " rule: remaining / 40 + 0.8 x increment, a third of it in the first 16 plies)\n";
    return out;
}

std::string scoredMovesCsv(const std::vector<ScoredMove>& moves) {
    auto opt = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string(); };
    auto seconds = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", v);
        return std::string(buf);
    };
    std::string out =
        chess::joinCsvRecord({"game", "time_control", "speed", "ply", "mover_elo", "opp_elo", "mover_clock_s",
                              "opp_clock_s", "increment_s", "median_s", "q10_s", "q90_s", "rule_s", "real_s"});
    for (const ScoredMove& m : moves)
        out += chess::joinCsvRecord({m.gameId, m.timeControl, chess::gameSpeedName(m.speed), std::to_string(m.ply),
                                     opt(m.moverElo), opt(m.oppElo), opt(m.moverClockS), opt(m.oppClockS),
                                     opt(m.incrementS), seconds(m.medianS), seconds(m.q10S), seconds(m.q90S),
                                     seconds(m.baselineS), std::to_string(std::lround(m.realS))});
    return out;
}

Result<TimeEvaluation> evaluateThinkTime(encoding::Evaluator& evaluator, const std::vector<std::string>& files,
                                         bool heldOutOnly, std::int64_t maxGames, const CancelToken& cancel,
                                         bool withoutMove, std::vector<ScoredMove>* moves,
                                         const chess::GameSkipHook& onSkip) {
    if (!evaluator.hasTimeHead()) return makeError(ErrorCode::Unsupported, "the model has no think-time head");
    TimeEvaluator acc;
    acc.counts.moveTold = !withoutMove;
    struct Pending {
        chess::Position position;
        encoding::RecentMoves recent;
        encoding::Conditioning cond;
        encoding::RecentTimes times;
        chess::Move played;
        chess::GameSpeed speed;
        double baselineS;
        double realS;
        int ply;
        std::size_t game;  // index into gameTags
    };
    std::vector<std::pair<std::string, std::string>> gameTags;  // id and TimeControl of each game with a scored move
    std::vector<Pending> pending;
    auto flush = [&]() -> Status {
        if (pending.empty()) return {};
        std::vector<chess::Position> positions;
        std::vector<encoding::Conditioning> conds;
        std::vector<encoding::RecentMoves> recent;
        std::vector<encoding::RecentTimes> recentTimes;
        std::vector<chess::Move> played;
        for (const Pending& p : pending) {
            positions.push_back(p.position);
            conds.push_back(p.cond);
            recent.push_back(p.recent);
            recentTimes.push_back(p.times);
            played.push_back(withoutMove ? chess::Move::none() : p.played);
        }
        auto times = evaluator.thinkTimes(positions, conds, recent, recentTimes, played);
        if (!times) return times.error();
        for (std::size_t i = 0; i < pending.size(); ++i) {
            const Pending& p = pending[i];
            const encoding::ThinkTime& t = (*times)[i];
            acc.add(p.speed, t, p.baselineS, p.realS);
            if (moves)
                moves->push_back({gameTags[p.game].first, gameTags[p.game].second, p.speed, p.ply, p.cond.moverElo,
                                  p.cond.oppElo, p.cond.moverClockS, p.cond.oppClockS, p.cond.incrementS,
                                  t.quantileS(0.5), t.quantileS(0.1), t.quantileS(0.9), p.baselineS, p.realS});
        }
        pending.clear();
        return {};
    };
    std::vector<encoding::EncodedPosition> encoded;
    std::vector<PositionContext> contexts;
    for (const std::string& file : files) {
        auto reader = chess::GameReader::open(file);
        if (!reader) return reader.error();
        (*reader)->setOnSkip(onSkip);
        chess::PgnGame game;
        while ((maxGames <= 0 || acc.counts.games < maxGames) && (*reader)->next(game)) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "think-time evaluation cancelled");
            if (heldOutOnly && !isHeldOut(gameId(game), 30)) continue;
            // The one rule of what a game must be (impossible clocks included), as training and eval human read it.
            if (const std::string why = unusableReason(game); !why.empty()) {
                ++acc.counts.gamesSkipped;
                acc.counts.gamesImpossibleClocks += why == "impossible clocks";
                if (onSkip) onSkip((*reader)->gameNumber(), unusableSkip(file, game));
                continue;
            }
            const auto tc = chess::parseTimeControl(game.tag("TimeControl"));
            if (!tc || game.moves.empty() || game.moves.front().clockSeconds < 0) {
                ++acc.counts.gamesSkipped;
                continue;
            }
            const chess::GameSpeed speed = chess::gameSpeed(tc->first, tc->second);
            encoded.clear();
            contexts.clear();
            SampleStats stats;
            gameToPositions(game, encoding::BoardView::Mover, encoded, stats, 2, {}, 0,
                            [&](const chess::Position& pos, const encoding::RecentMoves& recent, chess::Move m) {
                                contexts.push_back({pos, recent, m});
                            });
            acc.counts.forcedSkipped += stats.positionsForced;
            bool any = false;
            const std::size_t gameIndex = gameTags.size();
            for (std::size_t i = 0; i < encoded.size(); ++i) {
                const encoding::EncodedPosition& e = encoded[i];
                if (e.thinkTimeS < 0) {
                    ++acc.counts.movesSkipped;
                    continue;
                }
                any = true;
                pending.push_back({contexts[i].position, contexts[i].recent, e.cond, encoding::recentTimesOf(e),
                                   contexts[i].played, speed, baselineThinkTimeS(e.cond, e.ply), double(e.thinkTimeS),
                                   e.ply, gameIndex});
            }
            if (any) {
                ++acc.counts.games;
                gameTags.emplace_back(moves ? gameId(game) : std::string(), moves ? game.tag("TimeControl") : "");
            }
            if (pending.size() >= 256)
                if (auto st = flush(); !st) return st.error();
        }
        acc.counts.gamesUnreadable += (*reader)->skippedCount();
        acc.counts.gamesSkipped += (*reader)->skippedCount();
        if (!(*reader)->ioError().empty()) return makeError(ErrorCode::Io, (*reader)->ioError());
        if (maxGames > 0 && acc.counts.games >= maxGames) break;
    }
    if (auto st = flush(); !st) return st.error();
    return acc.result();
}

}  // namespace kibitz::training
