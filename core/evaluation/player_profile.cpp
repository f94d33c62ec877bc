// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/player_profile.h"

#include "core/chess/data_stats.h"
#include "core/chess/notation.h"
#include "core/chess/openings.h"
#include "core/encoding/blend_evaluator.h"
#include "core/encoding/game_conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/evaluation/peer_calibration.h"
#include "core/play/decision_calibration.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <random>
#include <set>

namespace kibitz::evaluation {

ClockBucket clockBucket(std::optional<int> seconds) {
    if (!seconds) return ClockBucket::Unknown;
    const int s = *seconds;
    if (s < 10) return ClockBucket::Under10s;
    if (s < 30) return ClockBucket::Under30s;
    if (s < 60) return ClockBucket::Under1Min;
    if (s < 180) return ClockBucket::Under3Min;
    if (s < 600) return ClockBucket::Under10Min;
    return ClockBucket::Over10Min;
}

const char* clockBucketName(ClockBucket bucket) {
    switch (bucket) {
        case ClockBucket::Under10s: return "<10s";
        case ClockBucket::Under30s: return "10-29s";
        case ClockBucket::Under1Min: return "30-59s";
        case ClockBucket::Under3Min: return "1-3min";
        case ClockBucket::Under10Min: return "3-10min";
        case ClockBucket::Over10Min: return "10min+";
        case ClockBucket::Unknown: return "no clock";
    }
    return "?";
}

const char* positionKindName(PositionKind kind) {
    switch (kind) {
        case PositionKind::InCheck: return "in check";
        case PositionKind::MateInOne: return "mate in one";
        case PositionKind::WinsMaterial: return "wins material";
        case PositionKind::PieceHanging: return "piece hanging";
        case PositionKind::Recapture: return "recapture";
        case PositionKind::MateThreatened: return "mate threatened";
        case PositionKind::Quiet: return "quiet";
    }
    return "?";
}

namespace {

/// Whether the opponent of the side to move would mate in one if it were their move (the position with the other
/// side to move; not asked when the side to move is in check, where that position would be illegal).
bool mateThreatened(const chess::Position& pos) {
    if (pos.inCheck()) return false;
    std::string fen = pos.fen();
    // Fields: placement, side, castling, en passant, clocks. The en passant square belongs to the real side to move.
    std::size_t f1 = fen.find(' ');
    if (f1 == std::string::npos || f1 + 1 >= fen.size()) return false;
    fen[f1 + 1] = fen[f1 + 1] == 'w' ? 'b' : 'w';
    const std::size_t f3 = fen.find(' ', fen.find(' ', f1 + 1) + 1);
    const std::size_t f4 = fen.find(' ', f3 + 1);
    if (f3 == std::string::npos || f4 == std::string::npos) return false;
    fen.replace(f3 + 1, f4 - f3 - 1, "-");
    auto flipped = chess::Position::fromFen(fen);
    if (!flipped) return false;
    return flipped->hasMateInOne();
}

/// A piece of the side to move (knight to queen) attacked and not defended.
bool pieceHanging(const chess::Position& pos) {
    const chess::Color us = pos.sideToMove();
    const chess::Bitboard occ = pos.pieces();
    chess::Bitboard own = pos.pieces(us) & ~pos.pieces(chess::Pawn) & ~pos.pieces(chess::King);
    while (own) {
        const chess::Square s = chess::Square(std::countr_zero(own));
        own &= own - 1;
        if (pos.attackersTo(s, occ, ~us) && !pos.attackersTo(s, occ, us)) return true;
    }
    return false;
}

}  // namespace

unsigned positionKinds(const chess::Position& pos, const encoding::RecentMoves& recent) {
    unsigned kinds = 0;
    auto mark = [&kinds](PositionKind k) { kinds |= 1u << int(k); };
    if (pos.inCheck()) mark(PositionKind::InCheck);
    const chess::MoveList legal = pos.legalMoves();
    encoding::EncodedPosition enc;
    if (encoding::encodePosition(pos, legal, {}, encoding::BoardView::Absolute, chess::Move::none(), enc, 2, &recent)) {
        namespace mf = encoding::movefeat;
        for (int i = 0; i < legal.size(); ++i) {
            const std::uint16_t f = enc.moveFeatures[std::size_t(i)];
            if (f & mf::kMate) mark(PositionKind::MateInOne);
            if (mf::captured(f) != 0 && (f & mf::kSeeGain)) mark(PositionKind::WinsMaterial);
            if (f & mf::kRecapture) mark(PositionKind::Recapture);
        }
    }
    if (pieceHanging(pos)) mark(PositionKind::PieceHanging);
    if (mateThreatened(pos)) mark(PositionKind::MateThreatened);
    if (kinds == 0) mark(PositionKind::Quiet);
    return kinds;
}

std::optional<chess::Color> playerColor(const chess::PgnGame& game, const std::string& name) {
    auto same = [&name](const std::string& tag) {
        return tag.size() == name.size() && std::equal(tag.begin(), tag.end(), name.begin(), [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
               });
    };
    if (same(game.tag("White"))) return chess::White;
    if (same(game.tag("Black"))) return chess::Black;
    return std::nullopt;
}

/// Whether `game` gives the rating of `player` (who plays in it).
bool givesRatingOf(const chess::PgnGame& game, const std::string& player) {
    const auto colour = playerColor(game, player);
    return colour && chess::parseEloTag(game.tag(*colour == chess::White ? "WhiteElo" : "BlackElo")).has_value();
}

namespace {

/// The opening of `game` as Lichess names it (unnamed from a set-up position or without moves).
chess::OpeningName openingOfGame(const chess::PgnGame& game) {
    const auto start = game.startPosition();
    if (!start) return {};
    std::vector<chess::Move> moves;
    for (std::size_t ply = 0; ply < game.moves.size() && ply < std::size_t(chess::kOpeningSearchPlies); ++ply)
        moves.push_back(game.moves[ply].move);
    return chess::openingOf(*start, moves);
}

/// openingGroupName of `game`, whose opening (openingOfGame) is `opening`, with the first variation of the opening's
/// name when `variation`: callers that need both names look the opening up once.
std::string groupNameOf(const chess::PgnGame& game, chess::Color side, std::string_view opening, bool variation) {
    std::string name = side == chess::White ? "White: " : "Black: ";
    auto start = game.startPosition();
    if (!start || start->key() != chess::Position().key()) return name + "set-up position";
    if (game.moves.empty()) return name + "no moves";
    name += chess::openingFamily(opening);
    if (const std::string_view v = chess::openingVariation(opening); variation && !v.empty())
        name += ": " + std::string(v);
    return name;
}

}  // namespace

std::string openingGroupName(const chess::PgnGame& game, chess::Color side) {
    return groupNameOf(game, side, openingOfGame(game).name, false);
}

std::string variationGroupName(const chess::PgnGame& game, chess::Color side) {
    return groupNameOf(game, side, openingOfGame(game).name, true);
}

void keepNewestProfileGames(std::vector<chess::PgnGame>& games, const std::string& player, int count, bool anyRating) {
    if (count <= 0) return;
    std::size_t first = games.size();  // the oldest game kept
    int usable = 0;
    while (first > 0 && usable < count) {
        --first;
        if (anyRating ? playerColor(games[first], player).has_value() : givesRatingOf(games[first], player)) ++usable;
    }
    games.erase(games.begin(), games.begin() + std::ptrdiff_t(first));
}

int defaultProfileEvery(const std::vector<chess::PgnGame>& games) {
    std::size_t plies = 0;
    for (const auto& g : games) plies += g.moves.size();
    const std::size_t theirs = plies / 2, target = std::size_t(kProfileTargetPositions);
    return int(std::max<std::size_t>(1, (theirs + target - 1) / target));
}

namespace {

/// What the profile knows of one scored position besides the engine's figures.
struct Facts {
    chess::GamePhase phase = chess::GamePhase::Opening;
    ClockBucket clock = ClockBucket::Unknown;
    std::string speed;
    unsigned kinds = 0;
    std::string opening;           ///< openingGroupName of the game, for the player's side
    std::string variation;         ///< variationGroupName of the game, for the player's side
    std::string_view openingName;  ///< the game's opening, whole (Lichess's table outlives the profile)
    encoding::Conditioning cond;
    encoding::RecentMoves recent;
    chess::Move played;
    std::string fenBefore;  ///< the position before the opponent's last move ("" at the game's first ply)
    chess::Move setup;      ///< that move
    double peerLoss = 0.0, peerBlunders = 0.0;
    std::vector<double> curve;  ///< log-probability of the played move at each grid rating
};

/// Replays each game once to the plies that were scored and fills their facts.
std::vector<Facts> gatherFacts(const std::vector<chess::PgnGame>& games, const std::vector<ErrorPosition>& positions) {
    std::vector<Facts> facts(positions.size());
    std::map<std::size_t, std::map<int, std::size_t>> wanted;  // game -> ply -> position index
    for (std::size_t i = 0; i < positions.size(); ++i) wanted[positions[i].game][positions[i].ply] = i;
    for (const auto& [g, plies] : wanted) {
        const chess::PgnGame& game = games[g];
        auto start = game.startPosition();
        if (!start) continue;  // collectErrorPositions read the game, so this does not happen
        const auto conds = encoding::plyConditionings(game);
        const std::string speed = chess::timeControlSpeedName(game.tag("TimeControl"));
        std::string opening, variation;  // the player's side moves at every wanted ply: named at the first
        const std::string_view openingName = openingOfGame(game).name;
        chess::Position pos = std::move(*start);
        encoding::RecentMoves recent;
        std::string fenBefore;
        chess::Move last;
        const int lastPly = plies.rbegin()->first;
        for (int ply = 0; ply <= lastPly && std::size_t(ply) < game.moves.size(); ++ply) {
            const chess::Move m = game.moves[std::size_t(ply)].move;
            if (const auto it = plies.find(ply); it != plies.end()) {
                Facts& f = facts[it->second];
                f.phase = chess::gamePhase(pos);
                f.cond = conds[std::size_t(ply)];
                f.clock = clockBucket(f.cond.moverClockS);
                f.speed = speed;
                f.kinds = positionKinds(pos, recent);
                if (opening.empty()) {
                    opening = groupNameOf(game, pos.sideToMove(), openingName, false);
                    variation = groupNameOf(game, pos.sideToMove(), openingName, true);
                }
                f.opening = opening;
                f.variation = variation;
                f.openingName = openingName;
                f.recent = recent;
                f.played = m;
                f.fenBefore = fenBefore;
                f.setup = last;
            }
            fenBefore = pos.fen();
            last = m;
            recent.push(pos, m);
            pos.makeMove(m);
        }
    }
    return facts;
}

/// The log-probability of each position's played move at every rating of `grid`, as guess-elo's calibrated estimate
/// asks (the game's conditioning with the mover's rating set to the grid value; the opponent's from the tag, else the
/// grid value). A blend is read through its primary model, as guess-elo does.
Status rateMoves(encoding::Evaluator& given, const std::vector<ErrorPosition>& positions, std::vector<Facts>& facts,
                 const std::vector<int>& grid, const CancelToken& cancel, const PlayerProfileProgressFn& progress) {
    auto* blend = dynamic_cast<encoding::BlendEvaluator*>(&given);
    encoding::Evaluator& evaluator = blend ? blend->primary() : given;
    constexpr std::size_t kPositionsPerCall = 8;
    for (std::size_t at = 0; at < positions.size(); at += kPositionsPerCall) {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "player profile cancelled");
        const std::size_t end = std::min(positions.size(), at + kPositionsPerCall);
        std::vector<chess::Position> qPos;
        std::vector<encoding::Conditioning> qCond;
        std::vector<encoding::RecentMoves> qRecent;
        for (std::size_t i = at; i < end; ++i)
            for (const int elo : grid) {
                encoding::Conditioning c = facts[i].cond;
                c.moverElo = elo;
                if (!c.oppElo) c.oppElo = elo;
                qPos.push_back(positions[i].position);
                qCond.push_back(c);
                qRecent.push_back(facts[i].recent);
            }
        auto dists = evaluator.moveDistributionsWithHistory(qPos, qCond, qRecent);
        if (!dists) return dists.error();
        if (dists->size() != qPos.size()) return makeError(ErrorCode::Runtime, "evaluator returned too few results");
        std::size_t q = 0;
        for (std::size_t i = at; i < end; ++i) {
            facts[i].curve.assign(grid.size(), 0.0);
            for (std::size_t l = 0; l < grid.size(); ++l, ++q) {
                double p = 0.0;
                for (const auto& mp : (*dists)[q])
                    if (mp.move == facts[i].played) p = double(mp.prob);
                facts[i].curve[l] = std::log(std::max(p, 1e-9));
            }
        }
        if (progress)
            progress({PlayerProfileProgress::Stage::Rating, std::int64_t(end), std::int64_t(positions.size())});
    }
    return {};
}

/// A group's positions (indices) while they are being counted.
struct GroupMembers {
    std::string name;
    std::vector<std::size_t> members;
};

/// The central interval of a group's loss ratio over resamples of its games, and its distance from 1 beyond chance
/// (resampledRatio).
void ratioInterval(const std::vector<ErrorPosition>& positions, const std::vector<Facts>& facts,
                   const std::vector<std::size_t>& members, const PlayerProfileOptions& options, ProfileCell& c) {
    if (!c.enough() || c.peerLoss <= 0.0 || options.bootstrapRounds <= 0) return;
    std::map<std::size_t, GameSums> byGame;  // game -> (their loss, the peer's), summed
    for (const std::size_t i : members) {
        GameSums& g = byGame[positions[i].game];
        g.numerator += positions[i].humanLoss;
        g.denominator += facts[i].peerLoss;
    }
    std::vector<GameSums> sums;
    for (const auto& [game, sum] : byGame) sums.push_back(sum);
    const auto iv = resampledRatio(sums, options.bootstrapRounds, options.seed, options.interval);
    if (!iv) return;
    c.ratioLow = std::min(iv->low, c.lossRatio());
    c.ratioHigh = std::max(iv->high, c.lossRatio());
    c.ratioP = iv->p;
}

ProfileCell cellOf(const std::vector<ErrorPosition>& positions, const std::vector<Facts>& facts,
                   const std::vector<std::size_t>& members, const PlayerProfileOptions& options) {
    ProfileCell c;
    std::set<std::size_t> games;
    std::int64_t rated = 0;  // positions whose game gives the player's rating
    for (const std::size_t i : members) {
        const ErrorPosition& p = positions[i];
        ++c.positions;
        games.insert(p.game);
        rated += p.moverElo > 0 ? 1 : 0;
        c.meanElo += p.moverElo;
        c.loss += p.humanLoss;
        c.blunders += p.humanLoss >= kBlunderLoss ? 1.0 : 0.0;
        c.peerLoss += facts[i].peerLoss;
        c.peerBlunders += facts[i].peerBlunders;
    }
    c.games = std::int64_t(games.size());
    if (c.positions > 0) {
        const double n = double(c.positions);
        c.meanElo = rated > 0 ? c.meanElo / double(rated) : 0.0;
        c.loss /= n;
        c.blunders /= n;
        c.peerLoss /= n;
        c.peerBlunders /= n;
    }
    ratioInterval(positions, facts, members, options, c);
    return c;
}

/// Grid points between two of the model's ratings in the refined curve: with hundreds of moves the posterior is
/// narrower than the model's 100-point grid, and read off that grid its median would stick to grid points.
constexpr int kRefineSteps = 10;

/// The moves' log-likelihood on a grid kRefineSteps times finer: each point on the parabola through the three
/// nearest points of the model's grid (the log-likelihood of many moves is smooth and near-quadratic in the rating).
void refineCurve(const std::vector<int>& grid, const std::vector<double>& curve, std::vector<int>& fineGrid,
                 std::vector<double>& fineCurve) {
    fineGrid.clear();
    fineCurve.clear();
    if (grid.size() < 3) {
        fineGrid = grid;
        fineCurve = curve;
        return;
    }
    for (std::size_t i = 0; i + 1 < grid.size(); ++i)
        for (int k = 0; k < kRefineSteps; ++k) {
            const double x = grid[i] + (grid[i + 1] - grid[i]) * double(k) / kRefineSteps;
            // The three grid points around x: i-1, i, i+1 (i, i+1, i+2 at the low end).
            const std::size_t c = std::clamp<std::size_t>(i + (k * 2 >= kRefineSteps ? 1 : 0), 1, grid.size() - 2);
            const double x0 = grid[c - 1], x1 = grid[c], x2 = grid[c + 1];
            const double y0 = curve[c - 1], y1 = curve[c], y2 = curve[c + 1];
            const double y = y0 * (x - x1) * (x - x2) / ((x0 - x1) * (x0 - x2)) +
                             y1 * (x - x0) * (x - x2) / ((x1 - x0) * (x1 - x2)) +
                             y2 * (x - x0) * (x - x1) / ((x2 - x0) * (x2 - x1));
            fineGrid.push_back(int(std::lround(x)));
            fineCurve.push_back(y);
        }
    fineGrid.push_back(grid.back());
    fineCurve.push_back(curve.back());
}

/// The posterior median of a summed curve under the options' temper and prior (and its credible interval), read off
/// the refined curve.
EloEstimate estimateOf(const std::vector<int>& grid, const std::vector<double>& movesCurve, const EloGuessOptions& o,
                       double coverage) {
    std::vector<int> fineGrid;
    std::vector<double> curve;
    refineCurve(grid, movesCurve, fineGrid, curve);
    for (std::size_t l = 0; l < fineGrid.size(); ++l) {
        curve[l] *= o.temper;
        if (o.prior == EloGuessOptions::Prior::Gaussian && o.priorSd > 0) {
            const double z = (fineGrid[l] - o.priorMean) / o.priorSd;
            curve[l] -= 0.5 * z * z;
        } else if (o.prior != EloGuessOptions::Prior::None) {
            curve[l] += populationLogPrior(fineGrid[l]);
        }
    }
    return posteriorFromCurve(fineGrid, curve, coverage);
}

/// The rating estimate of a group: the posterior median of all its moves, and the wider of its credible interval and
/// the central interval of that median over resamples of its games.
ProfileRating ratingOf(const std::vector<ErrorPosition>& positions, const std::vector<Facts>& facts,
                       const std::vector<std::size_t>& members, const std::vector<int>& grid,
                       const PlayerProfileOptions& options) {
    ProfileRating r;
    if (std::int64_t(members.size()) < kMinGroupPositions || grid.empty()) return r;
    std::map<std::size_t, std::vector<double>> byGame;
    std::vector<double> total(grid.size(), 0.0);
    for (const std::size_t i : members) {
        if (facts[i].curve.size() != grid.size()) return r;  // ratings not estimated
        auto& g = byGame[positions[i].game];
        g.resize(grid.size(), 0.0);
        for (std::size_t l = 0; l < grid.size(); ++l) {
            g[l] += facts[i].curve[l];
            total[l] += facts[i].curve[l];
        }
    }
    const EloEstimate all = estimateOf(grid, total, options.guess, options.interval);
    if (!all.valid) return r;
    r.valid = true;
    r.estimate = all.estimate;
    r.moves = std::int64_t(members.size());
    std::vector<const std::vector<double>*> gameCurves;
    for (const auto& [g, curve] : byGame) gameCurves.push_back(&curve);
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<std::size_t> pick(0, gameCurves.size() - 1);
    std::vector<double> medians;
    for (int round = 0; round < options.bootstrapRounds; ++round) {
        std::vector<double> sum(grid.size(), 0.0);
        for (std::size_t k = 0; k < gameCurves.size(); ++k) {
            const std::vector<double>& c = *gameCurves[pick(rng)];
            for (std::size_t l = 0; l < grid.size(); ++l) sum[l] += c[l];
        }
        medians.push_back(estimateOf(grid, sum, options.guess, options.interval).estimate);
    }
    if (medians.empty()) {
        r.low = all.low;
        r.high = all.high;
        return r;
    }
    const double tail = 0.5 * (1.0 - options.interval);
    // The wider of the two: resampling says how much other games would move the estimate, the posterior how little
    // the moves say when they barely depend on the rating (the estimate is then the prior's, in every resample).
    r.low = std::min({play::quantile(medians, tail), all.low, r.estimate});
    r.high = std::max({play::quantile(medians, 1.0 - tail), all.high, r.estimate});
    return r;
}

/// The groups' figures; with `openingPhase` (openings, variations) their opening phase's too.
std::vector<ProfileGroup> groupsOf(const std::vector<GroupMembers>& groups, const std::vector<ErrorPosition>& positions,
                                   const std::vector<Facts>& facts, const std::vector<int>& grid,
                                   const PlayerProfileOptions& options, bool withRatings, bool openingPhase = false) {
    std::vector<ProfileGroup> out;
    for (const GroupMembers& g : groups) {
        if (g.members.empty()) continue;
        ProfileGroup pg;
        pg.name = g.name;
        pg.cell = cellOf(positions, facts, g.members, options);
        if (withRatings) pg.rating = ratingOf(positions, facts, g.members, grid, options);
        if (openingPhase) {
            std::vector<std::size_t> opening;
            for (const std::size_t i : g.members)
                if (facts[i].phase == chess::GamePhase::Opening) opening.push_back(i);
            pg.openingPhase = cellOf(positions, facts, opening, options);
        }
        out.push_back(std::move(pg));
    }
    return out;
}

std::string puzzleId(const std::string& site, int ply) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : site + "#" + std::to_string(ply)) h = (h ^ std::uint8_t(c)) * 1099511628211ull;
    static const char* kDigits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string id = "kp";
    for (int i = 0; i < 8; ++i, h /= 62) id += kDigits[h % 62];
    return id;
}

/// A position can be a puzzle when it lost at least this much more than the peer would, and its best move is the
/// only good one (every other move loses at least kPuzzleUniqueMargin): a puzzle with two answers is a bad puzzle.
constexpr double kPuzzleMinGap = 0.1;
constexpr double kPuzzleUniqueMargin = 0.1;

std::vector<ProfilePuzzle> choosePuzzles(const std::vector<chess::PgnGame>& games,
                                         const std::vector<ErrorPosition>& positions, const std::vector<Facts>& facts,
                                         int limit, encoding::RatingSite scale) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < positions.size(); ++i)
        if (!facts[i].fenBefore.empty() && positions[i].humanLoss - facts[i].peerLoss >= kPuzzleMinGap)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return positions[a].humanLoss - facts[a].peerLoss > positions[b].humanLoss - facts[b].peerLoss;
    });
    std::vector<ProfilePuzzle> out;
    for (const std::size_t i : order) {
        if (int(out.size()) >= limit) break;
        const ErrorPosition& p = positions[i];
        chess::Move best;
        double bestLoss = 2.0, secondLoss = 2.0;
        for (const chess::Move m : p.position.legalMoves()) {
            const auto it = p.loss.find(m.raw());
            if (it == p.loss.end()) continue;
            if (it->second < bestLoss) {
                secondLoss = bestLoss;
                bestLoss = it->second;
                best = m;
            } else {
                secondLoss = std::min(secondLoss, it->second);
            }
        }
        if (!best || secondLoss - bestLoss < kPuzzleUniqueMargin) continue;
        const chess::PgnGame& game = games[p.game];
        ProfilePuzzle z;
        z.site = game.tag("Site");
        z.id = puzzleId(z.site + game.tag("White") + game.tag("Black") + game.tag("UTCTime"), p.ply);
        z.fen = facts[i].fenBefore;
        z.setupMove = chess::toUci(facts[i].setup);
        z.bestMove = chess::toUci(best);
        z.playedMove = chess::toUci(facts[i].played);
        z.loss = p.humanLoss;
        z.peerLoss = facts[i].peerLoss;
        z.ply = p.ply;
        // Their rating as the profile reports it: on chess.com's scale their game's own tag (a round trip through
        // Lichess's scale could be a point off), else the model's (a chess.com game among others converted).
        z.playerElo = p.moverElo;
        if (scale == encoding::RatingSite::ChessCom && p.moverElo > 0)
            z.playerElo =
                chess::parseEloTag(game.tag(p.position.sideToMove() == chess::White ? "WhiteElo" : "BlackElo"))
                    .value_or(0);
        z.phase = facts[i].phase;
        z.kinds = facts[i].kinds;
        z.date = game.tag("UTCDate").empty() ? game.tag("Date") : game.tag("UTCDate");
        z.opening = facts[i].openingName;
        // As Lichess tags its puzzles: only those that start before move 20 (the position before the setup move).
        if ((p.ply - 1) / 2 + 1 < chess::kOpeningTagsBeforeMove)
            z.openingTags = chess::openingTags(facts[i].openingName);
        out.push_back(std::move(z));
    }
    return out;
}

/// The groups of each breakdown, in a fixed order.
struct Breakdowns {
    std::vector<GroupMembers> phase, clock, speed, kind;
};

Breakdowns breakdownsOf(const std::vector<Facts>& facts) {
    Breakdowns b;
    for (int i = 0; i < chess::kGamePhases; ++i) b.phase.push_back({chess::gamePhaseName(chess::GamePhase(i)), {}});
    for (int i = 0; i < kClockBuckets; ++i) b.clock.push_back({clockBucketName(ClockBucket(i)), {}});
    for (const char* s : kProfileSpeeds) b.speed.push_back({s, {}});
    for (int i = 0; i < kPositionKinds; ++i) b.kind.push_back({positionKindName(PositionKind(i)), {}});
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const Facts& f = facts[i];
        b.phase[std::size_t(f.phase)].members.push_back(i);
        b.clock[std::size_t(f.clock)].members.push_back(i);
        for (auto& s : b.speed)
            if (s.name == f.speed) s.members.push_back(i);
        for (int k = 0; k < kPositionKinds; ++k)
            if (f.kinds & (1u << k)) b.kind[std::size_t(k)].members.push_back(i);
    }
    return b;
}

/// The breakdown by opening (`name`: Facts::opening) or by variation (Facts::variation): the most played with
/// kMinOpeningGames games and kMinGroupPositions positions, at most kMaxOpeningGroups, most games first (then most
/// positions, then by name); every other position pooled under `other`, last.
std::vector<GroupMembers> openingBreakdown(const std::vector<ErrorPosition>& positions, const std::vector<Facts>& facts,
                                           std::string Facts::*name, const char* other) {
    struct Opening {
        std::vector<std::size_t> members;
        std::set<std::size_t> games;
    };
    std::map<std::string, Opening> byName;
    for (std::size_t i = 0; i < facts.size(); ++i) {
        Opening& o = byName[facts[i].*name];
        o.members.push_back(i);
        o.games.insert(positions[i].game);
    }
    std::vector<std::pair<const std::string*, const Opening*>> order;
    for (const auto& [opening, o] : byName) order.emplace_back(&opening, &o);
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        if (a.second->games.size() != b.second->games.size()) return a.second->games.size() > b.second->games.size();
        return a.second->members.size() > b.second->members.size();  // names are in order already (the map's)
    });
    std::vector<GroupMembers> out;
    GroupMembers rest{other, {}};
    for (const auto& [opening, o] : order) {
        if (out.size() < kMaxOpeningGroups && std::int64_t(o->games.size()) >= kMinOpeningGames &&
            std::int64_t(o->members.size()) >= kMinGroupPositions)
            out.push_back({*opening, o->members});
        else
            rest.members.insert(rest.members.end(), o->members.begin(), o->members.end());
    }
    if (!rest.members.empty()) out.push_back(std::move(rest));
    return out;
}

/// The breakdown in time (kMaxPeriods): `games` are the profiled games, which positions[i].game indexes.
std::vector<GroupMembers> periodBreakdown(const std::vector<chess::PgnGame>& games,
                                          const std::vector<ErrorPosition>& positions) {
    std::set<std::size_t> scored;  // games with a position of theirs
    for (const ErrorPosition& p : positions) scored.insert(p.game);
    std::vector<std::pair<std::string, std::size_t>> dated;  // time key, game
    std::set<std::size_t> undated;
    // A date is "yyyy.mm.dd" in digits: "????.??.??", a bare year and any other text are no date.
    auto isDate = [](const std::string& key) {
        if (key.size() < 10 || key[4] != '.' || key[7] != '.') return false;
        for (const int i : {0, 1, 2, 3, 5, 6, 8, 9})
            if (!std::isdigit(static_cast<unsigned char>(key[std::size_t(i)]))) return false;
        return true;
    };
    for (const std::size_t g : scored) {
        std::string key = chess::gameTimeKey(games[g]);
        if (isDate(key))
            dated.emplace_back(std::move(key), g);
        else
            undated.insert(g);
    }
    std::stable_sort(dated.begin(), dated.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::size_t periods = std::min(kMaxPeriods, dated.size() / kMinPeriodGames);
    if (periods < 2) return {};
    std::map<std::size_t, std::size_t> periodOf;  // game -> period (kMaxPeriods: no date)
    std::vector<GroupMembers> out(periods);
    // Named by day; a player of many games a day can fill two periods within one, and then the minutes tell them apart
    // (and a number, where the games give no time).
    auto named = [&](std::size_t length) {
        auto when = [length](const std::string& key) {
            std::string d = key.substr(0, length);
            std::replace(d.begin(), d.begin() + 10, '.', '-');
            return d;
        };
        std::set<std::string> names;
        for (std::size_t k = 0; k < periods; ++k) {
            const std::size_t first = k * dated.size() / periods, last = (k + 1) * dated.size() / periods - 1;
            const std::string from = when(dated[first].first), to = when(dated[last].first);
            out[k].name = from == to ? from : from + " to " + to;
            names.insert(out[k].name);
        }
        return names.size() == periods;
    };
    if (!named(10) && !named(16))
        for (std::size_t k = 0; k < periods; ++k) out[k].name += " #" + std::to_string(k + 1);
    for (std::size_t k = 0; k < periods; ++k)
        for (std::size_t i = k * dated.size() / periods; i < (k + 1) * dated.size() / periods; ++i)
            periodOf[dated[i].second] = k;
    for (const std::size_t g : undated) periodOf[g] = periods;
    if (!undated.empty()) out.push_back({kNoDate, {}});
    for (std::size_t i = 0; i < positions.size(); ++i) out[periodOf.at(positions[i].game)].members.push_back(i);
    return out;
}

/// The profile's ratings, computed on the model's scale, on the scale it reports (ratingScale): chess.com's for a
/// chess.com player.
void convertRatings(PlayerProfile& p) {
    const encoding::RatingSite site = p.ratingScale;
    if (site != encoding::RatingSite::ChessCom) return;
    // 0 stays 0: no rating known.
    auto cell = [site](ProfileCell& c) {
        if (c.meanElo > 0) c.meanElo = encoding::fromLichessScale(c.meanElo, site);
    };
    auto rating = [site](ProfileRating& r) {
        if (!r.valid) return;
        r.estimate = encoding::fromLichessScale(r.estimate, site);
        r.low = encoding::fromLichessScale(r.low, site);
        r.high = encoding::fromLichessScale(r.high, site);
    };
    cell(p.all);
    rating(p.rating);
    for (auto* groups : {&p.byPhase, &p.byClock, &p.bySpeed, &p.byKind, &p.byOpening, &p.byVariation, &p.byPeriod})
        for (ProfileGroup& g : *groups) {
            cell(g.cell);
            cell(g.openingPhase);
            rating(g.rating);
        }
}

/// The games of `player` that can be profiled: InvalidInput, for people, when there are too few or none is rated
/// (games without their rating count when the peers' rating is chosen: `anyRating`).
Status checkGames(const std::vector<chess::PgnGame>& games, const std::string& player, std::size_t minGames,
                  bool anyRating, std::int64_t& unrated) {
    std::size_t theirs = 0, rated = 0;
    for (const auto& g : games) {
        if (!playerColor(g, player)) continue;
        ++theirs;
        if (givesRatingOf(g, player)) ++rated;
    }
    unrated = std::int64_t(theirs - rated);
    if (theirs == 0) return makeError(ErrorCode::InvalidInput, "no game of '" + player + "' in the input");
    if (anyRating) {
        if (theirs < minGames)
            return makeError(ErrorCode::InvalidInput,
                             "'" + player + "' has " + std::to_string(theirs) + " game" + (theirs == 1 ? "" : "s") +
                                 " here; a profile needs at least " + std::to_string(minGames) +
                                 ": a game's few dozen positions say nothing of a phase or a clock");
        return {};
    }
    if (rated == 0)
        return makeError(ErrorCode::InvalidInput,
                         "none of the " + std::to_string(theirs) + " games of '" + player +
                             "' gives their rating (WhiteElo/BlackElo tags): the peer baseline is a human of their "
                             "rating, so there is nothing to compare with unless the peers' rating is chosen (Peers "
                             "rated; kibitz-cli profile --peers-rated R)");
    if (rated < minGames)
        return makeError(ErrorCode::InvalidInput,
                         "'" + player + "' has " + std::to_string(rated) + " rated game" + (rated == 1 ? "" : "s") +
                             " here" + (unrated ? " (" + std::to_string(unrated) + " without their rating)" : "") +
                             "; a profile needs at least " + std::to_string(minGames) +
                             ": a game's few dozen positions say nothing of a phase or a clock");
    return {};
}

}  // namespace

Result<PlayerProfile> profilePlayer(const std::vector<chess::PgnGame>& games, const std::string& player,
                                    encoding::Evaluator& evaluator, PositionAnalyser& engine,
                                    const PlayerProfileOptions& options, const CancelToken& cancel,
                                    const PlayerProfileProgressFn& progress) {
    PlayerProfile out;
    out.player = player;
    out.interval = options.interval;
    const bool anyRating = options.peerRating != 0;  // the peers' rating chosen: the player's is not needed
    if (auto st = checkGames(games, player, options.minGames, anyRating, out.unratedGames); !st) return st.error();
    ErrorProfileOptions o = options.positions;
    if (o.every <= 0) o.every = defaultProfileEvery(games);
    out.every = o.every;
    o.include = [&player](const chess::PgnGame& game, int ply) {
        const auto colour = playerColor(game, player);
        // Plies count from the game's start position, whose side to move is the FEN's second field.
        const std::size_t space = game.startFen.find(' ');
        const bool blackFirst = space != std::string::npos && game.startFen.compare(space, 3, " b ") == 0;
        const bool whiteMoves = (ply % 2 == 0) != blackFirst;
        return colour.has_value() && (*colour == chess::White) == whiteMoves;
    };
    std::vector<chess::PgnGame> theirs;
    for (const auto& g : games) {
        if (!playerColor(g, player) || (!anyRating && !givesRatingOf(g, player))) continue;
        theirs.push_back(g);
        if (!g.moves.empty() && g.moves.front().clockSeconds >= 0) ++out.gamesWithClock;
        if (encoding::ratingSite(g) == encoding::RatingSite::ChessCom) ++out.chessComGames;
    }
    out.games = std::int64_t(theirs.size());
    if (out.chessComGames == out.games) out.ratingScale = encoding::RatingSite::ChessCom;
    if (options.peerRating != 0) {
        const bool chessCom = out.ratingScale == encoding::RatingSite::ChessCom;
        const int lowest = chessCom ? encoding::kMinChessComElo : encoding::kMinPlayableElo;
        if (options.peerRating < lowest || options.peerRating > encoding::kMaxPlayableElo)
            return makeError(ErrorCode::InvalidInput, "peers rated " + std::to_string(options.peerRating) +
                                                          ": the model knows ratings from " + std::to_string(lowest) +
                                                          " to " + std::to_string(encoding::kMaxPlayableElo) + " on " +
                                                          (chessCom ? "chess.com's" : "Lichess's") + " scale");
        out.peerRating = options.peerRating;
        o.askMoverElo = encoding::toLichessScale(options.peerRating, out.ratingScale);
    }
    auto positions = collectErrorPositions(theirs, evaluator, engine, o, cancel, [&](std::int64_t d, std::int64_t t) {
        if (progress) progress({PlayerProfileProgress::Stage::Scoring, d, t});
    });
    if (!positions) return positions.error();
    if (positions->empty())
        return makeError(ErrorCode::InvalidInput, "no position of '" + player + "' to score (every move forced?)");
    std::vector<Facts> facts = gatherFacts(theirs, *positions);
    const auto peer = peerCandidates(options.policy);
    for (std::size_t i = 0; i < positions->size(); ++i) {
        // Peers of a chosen rating are calibrated at that rating too (the model was asked for it above).
        ErrorPosition& p = (*positions)[i];
        const int own = p.moverElo;
        if (o.askMoverElo > 0) p.moverElo = o.askMoverElo;
        std::tie(facts[i].peerLoss, facts[i].peerBlunders) = expectedLoss(p, peer(p));
        p.moverElo = own;
    }
    const std::vector<int> grid = eloGuessGrid(options.guess);
    if (options.estimateRatings)
        if (auto st = rateMoves(evaluator, *positions, facts, grid, cancel, progress); !st) return st.error();

    std::vector<std::size_t> everything(positions->size());
    for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
    out.all = cellOf(*positions, facts, everything, options);
    if (options.estimateRatings) out.rating = ratingOf(*positions, facts, everything, grid, options);
    const Breakdowns b = breakdownsOf(facts);
    out.byPhase = groupsOf(b.phase, *positions, facts, grid, options, options.estimateRatings);
    out.byClock = groupsOf(b.clock, *positions, facts, grid, options, options.estimateRatings);
    out.bySpeed = groupsOf(b.speed, *positions, facts, grid, options, false);
    out.byKind = groupsOf(b.kind, *positions, facts, grid, options, false);
    out.byOpening = groupsOf(openingBreakdown(*positions, facts, &Facts::opening, kOtherOpenings), *positions, facts,
                             grid, options, false, true);
    out.byVariation = groupsOf(openingBreakdown(*positions, facts, &Facts::variation, kOtherVariations), *positions,
                               facts, grid, options, false, true);
    out.byPeriod =
        groupsOf(periodBreakdown(theirs, *positions), *positions, facts, grid, options, options.estimateRatings);
    out.puzzles = choosePuzzles(theirs, *positions, facts, options.puzzles, out.ratingScale);
    convertRatings(out);
    return out;
}

}  // namespace kibitz::evaluation
