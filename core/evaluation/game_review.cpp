// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/game_review.h"

#include "core/chess/notation.h"

#include <QJsonArray>
#include <QString>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace kibitz::evaluation {
namespace {

// The score of a position without searching it, when the game is over there.
std::optional<engines::UciScore> terminalScore(const chess::Position& pos) {
    if (pos.isCheckmate()) return engines::UciScore{engines::UciScore::Kind::Mate, 0, engines::UciScore::Bound::Exact};
    if (pos.countLegalMoves() == 0 || pos.isInsufficientMaterial()) return engines::UciScore{};
    return std::nullopt;
}

QJsonValue optionalInt(const std::optional<int>& v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

/// The human model's view of the ply's move: its probability and rank, and the model's own first choice.
void setHumanReading(PlyReview& r, const std::vector<encoding::MoveProb>& dist) {
    r.humanProb = 0.0;
    if (!dist.empty()) {
        r.humanBest = dist.front().move;
        r.humanBestProb = dist.front().prob;
    }
    // Rank among moves sorted by decreasing probability; ties share the better rank.
    for (std::size_t k = 0; k < dist.size(); ++k) {
        if (dist[k].move != r.move) continue;
        r.humanProb = dist[k].prob;
        int rank = 1;
        for (const auto& mp : dist)
            if (mp.prob > dist[k].prob) ++rank;
        r.humanRank = rank;
        break;
    }
}

}  // namespace

Result<GameReview> reviewGame(const chess::PgnGame& game, encoding::Evaluator* human, PositionAnalyser* engine,
                              const ReviewOptions& options, const CancelToken& cancel,
                              const ReviewProgressFn& progress) {
    auto start = game.startPosition();
    if (!start) return start.error();
    const std::size_t plies = options.maxPlies > 0
                                  ? std::min<std::size_t>(std::size_t(options.maxPlies), game.moves.size())
                                  : game.moves.size();

    GameReview review;
    review.white = game.tag("White");
    review.black = game.tag("Black");
    review.ratingSite = encoding::ratingSite(game);
    review.startFen = game.startFen;
    if (human) review.model = human->describe();
    if (engine) review.engine = engine->describe().toStdString();
    review.clocksIgnored = encoding::clockProblem(game);

    // Positions before each ply, and the final one.
    std::vector<chess::Position> positions;
    std::vector<encoding::RecentMoves> recent;  // the moves before each ply (models that read them)
    positions.reserve(plies + 1);
    chess::Position pos = *start;
    encoding::RecentMoves history;
    const auto conds = encoding::plyConditionings(game);
    const auto spent = encoding::plyThinkTimes(game);
    for (std::size_t i = 0; i < plies; ++i) {
        positions.push_back(pos.snapshot());
        recent.push_back(history);
        const chess::PgnMove& pm = game.moves[i];
        PlyReview r;
        r.ply = int(i);
        r.mover = pos.sideToMove();
        r.move = pm.move;
        r.san = chess::toSan(pos, pm.move);
        r.uci = chess::toUci(pm.move);
        r.conditioning = conds[i];
        r.spentS = spent[i];
        review.plies.push_back(std::move(r));
        history.push(pos, pm.move);
        pos.makeMove(pm.move);
    }
    positions.push_back(pos.snapshot());

    const int total = (human ? int(plies) : 0) + (engine ? int(plies) + 1 : 0);
    int done = 0;
    const auto step = [&](int n) {
        done += n;
        if (progress) progress(done, total);
    };

    if (human) {
        const std::size_t batch = std::size_t(std::max(1, options.batchSize));
        for (std::size_t first = 0; first < plies; first += batch) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "review cancelled");
            const std::size_t last = std::min(plies, first + batch);
            std::vector<chess::Position> batchPos(positions.begin() + std::ptrdiff_t(first),
                                                  positions.begin() + std::ptrdiff_t(last));
            std::vector<encoding::Conditioning> batchCond(conds.begin() + std::ptrdiff_t(first),
                                                          conds.begin() + std::ptrdiff_t(last));
            std::vector<encoding::RecentMoves> batchRecent(recent.begin() + std::ptrdiff_t(first),
                                                           recent.begin() + std::ptrdiff_t(last));
            auto dists = human->moveDistributionsWithHistory(batchPos, batchCond, batchRecent);
            if (!dists)
                return makeError(dists.error().code,
                                 "human model at ply " + std::to_string(first + 1) + ": " + dists.error().message);
            if (human->hasValueHead()) {
                auto values = human->valueEstimates(batchPos, batchCond, batchRecent);
                if (!values)
                    return makeError(
                        values.error().code,
                        "human model (value head) at ply " + std::to_string(first + 1) + ": " + values.error().message);
                for (std::size_t i = first; i < last; ++i) {
                    const double s = (*values)[i - first].score();
                    review.plies[i].humanWhiteScore = review.plies[i].mover == chess::White ? s : 1.0 - s;
                }
            }
            if (human->hasTimeHead()) {
                std::vector<encoding::RecentTimes> batchTimes;
                for (std::size_t i = first; i < last; ++i) batchTimes.push_back(encoding::recentTimesAt(spent, i));
                // Told the move played, as the head was trained (a head made before the move ignores it).
                std::vector<chess::Move> batchMoves;
                for (std::size_t i = first; i < last; ++i) batchMoves.push_back(review.plies[i].move);
                auto times = human->thinkTimes(batchPos, batchCond, batchRecent, batchTimes, batchMoves);
                if (!times)
                    return makeError(times.error().code, "human model (think-time head) at ply " +
                                                             std::to_string(first + 1) + ": " + times.error().message);
                for (std::size_t i = first; i < last; ++i) {
                    PlyReview& r = review.plies[i];
                    if ((*dists)[i - first].size() <= 1) continue;  // a forced move: nothing to expect
                    const encoding::ThinkTime& t = (*times)[i - first];
                    r.expectedS = t.quantileS(0.5);
                    r.expectedLowS = t.quantileS(0.05);
                    r.expectedHighS = t.quantileS(0.95);
                    if (r.spentS) r.timeUse = *r.spentS < *r.expectedLowS ? -1 : *r.spentS > *r.expectedHighS ? 1 : 0;
                }
            }
            for (std::size_t i = first; i < last; ++i) setHumanReading(review.plies[i], (*dists)[i - first]);
            step(int(last - first));
        }
    }

    if (human && options.guessElo && plies > 0) {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "review cancelled");
        chess::PgnGame reviewed = game;
        reviewed.moves.resize(plies);
        const EloGuessOptions guessOptions = EloGuessOptions::calibrated();
        auto guess = guessGameElo(*human, reviewed, guessOptions);
        if (!guess) return makeError(guess.error().code, "rating estimate: " + guess.error().message);
        review.whitePlayedLike = guess->white;
        review.blackPlayedLike = guess->black;
    }

    if (engine) {
        std::vector<std::optional<engines::UciScore>> scores(plies + 1);
        std::vector<chess::Move> best(plies + 1);
        for (std::size_t k = 0; k <= plies; ++k) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "review cancelled");
            if (auto t = terminalScore(positions[k])) {
                scores[k] = *t;
            } else {
                auto lines = engine->analyse(positions[k], 1, cancel);
                if (!lines) {
                    if (lines.error().code == ErrorCode::Cancelled) return lines.error();
                    return makeError(lines.error().code,
                                     "engine at ply " + std::to_string(k + 1) + ": " + lines.error().message);
                }
                scores[k] = lines->front().score;
                best[k] = lines->front().move;
            }
            step(1);
        }
        for (std::size_t i = 0; i < plies; ++i) {
            PlyReview& r = review.plies[i];
            r.before = scores[i];
            r.after = scoreBeforeMove(*scores[i + 1]);
            r.engineBest = best[i];
            r.lossCp = std::max(0, scoreToCp(*r.before) - scoreToCp(*r.after));
        }
    }
    return review;
}

QJsonObject reviewToJson(const GameReview& review) {
    const auto whiteView = [](const PlyReview& r, const std::optional<engines::UciScore>& s, QJsonObject& o,
                              const char* cpKey, const char* mateKey) {
        if (!s) {
            o[QLatin1String(cpKey)] = QJsonValue::Null;
            o[QLatin1String(mateKey)] = QJsonValue::Null;
            return;
        }
        const engines::UciScore w = r.mover == chess::White ? *s : flipSide(*s);
        o[QLatin1String(cpKey)] = w.isMate() ? QJsonValue(QJsonValue::Null) : QJsonValue(w.value);
        o[QLatin1String(mateKey)] = w.isMate() ? QJsonValue(w.value) : QJsonValue(QJsonValue::Null);
    };
    QJsonArray plies;
    for (const PlyReview& r : review.plies) {
        QJsonObject o;
        o[QStringLiteral("ply")] = r.ply + 1;
        o[QStringLiteral("mover")] = r.mover == chess::White ? QStringLiteral("white") : QStringLiteral("black");
        o[QStringLiteral("san")] = QString::fromStdString(r.san);
        o[QStringLiteral("uci")] = QString::fromStdString(r.uci);
        o[QStringLiteral("elo")] = optionalInt(r.conditioning.moverElo);
        o[QStringLiteral("opp_elo")] = optionalInt(r.conditioning.oppElo);
        o[QStringLiteral("clock")] = optionalInt(r.conditioning.moverClockS);
        o[QStringLiteral("human_prob")] = r.humanProb ? QJsonValue(*r.humanProb) : QJsonValue(QJsonValue::Null);
        if (r.humanWhiteScore) o[QStringLiteral("human_white_score")] = *r.humanWhiteScore;
        if (r.spentS) o[QStringLiteral("spent_s")] = *r.spentS;
        if (r.expectedS) {
            o[QStringLiteral("expected_s")] = *r.expectedS;
            o[QStringLiteral("expected_low_s")] = *r.expectedLowS;
            o[QStringLiteral("expected_high_s")] = *r.expectedHighS;
            if (r.spentS)
                o[QStringLiteral("time_use")] = r.timeUse < 0   ? QStringLiteral("quick")
                                                : r.timeUse > 0 ? QStringLiteral("slow")
                                                                : QStringLiteral("usual");
        }
        o[QStringLiteral("human_rank")] = r.humanProb ? QJsonValue(r.humanRank) : QJsonValue(QJsonValue::Null);
        o[QStringLiteral("human_best_uci")] =
            r.humanBest ? QJsonValue(QString::fromStdString(chess::toUci(r.humanBest))) : QJsonValue(QJsonValue::Null);
        o[QStringLiteral("human_best_prob")] = r.humanProb ? QJsonValue(r.humanBestProb) : QJsonValue(QJsonValue::Null);
        whiteView(r, r.before, o, "eval_before_cp", "mate_before");
        whiteView(r, r.after, o, "eval_after_cp", "mate_after");
        o[QStringLiteral("loss_cp")] = r.before ? QJsonValue(r.lossCp) : QJsonValue(QJsonValue::Null);
        o[QStringLiteral("best_uci")] = r.engineBest ? QJsonValue(QString::fromStdString(chess::toUci(r.engineBest)))
                                                     : QJsonValue(QJsonValue::Null);
        plies.append(o);
    }
    QJsonObject out{{QStringLiteral("white"), QString::fromStdString(review.white)},
                    {QStringLiteral("black"), QString::fromStdString(review.black)},
                    {QStringLiteral("start_fen"), QString::fromStdString(review.startFen)},
                    {QStringLiteral("model"), QString::fromStdString(review.model)},
                    {QStringLiteral("engine"), QString::fromStdString(review.engine)},
                    {QStringLiteral("plies"), plies}};
    // On the game's site's scale, as guess-elo reports it; a chess.com game's also on Lichess's (the model's).
    const auto playedLike = [site = review.ratingSite](const EloEstimate& e) {
        const EloEstimate onSite = estimateOnScale(e, site);
        QJsonObject o{{QStringLiteral("estimate"), std::round(onSite.estimate)},
                      {QStringLiteral("low"), std::round(onSite.low)},
                      {QStringLiteral("high"), std::round(onSite.high)},
                      {QStringLiteral("moves"), e.moves},
                      {QStringLiteral("scale"), QString::fromLatin1(encoding::ratingScaleName(site))}};
        if (site == encoding::RatingSite::ChessCom)
            o[QStringLiteral("lichess")] = QJsonObject{{QStringLiteral("estimate"), std::round(e.estimate)},
                                                       {QStringLiteral("low"), std::round(e.low)},
                                                       {QStringLiteral("high"), std::round(e.high)}};
        return o;
    };
    if (!review.clocksIgnored.empty())
        out[QStringLiteral("clocks_ignored")] = QString::fromStdString(review.clocksIgnored);
    if (review.whitePlayedLike.valid) out[QStringLiteral("white_played_like")] = playedLike(review.whitePlayedLike);
    if (review.blackPlayedLike.valid) out[QStringLiteral("black_played_like")] = playedLike(review.blackPlayedLike);
    return out;
}

}  // namespace kibitz::evaluation
