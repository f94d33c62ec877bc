// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/strength_profile.h"

#include "core/chess/notation.h"
#include "core/common/atomic_file.h"
#include "core/encoding/game_conditioning.h"
#include "core/play/decision_calibration.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace kibitz::evaluation {

double winningChances(const engines::UciScore& score) {
    if (score.isMate()) return score.value > 0 ? 1.0 : -1.0;
    return 2.0 / (1.0 + std::exp(-0.00368208 * double(score.value))) - 1.0;
}

int bandOf(int elo, std::span<const int> lows) {
    int band = 0;
    for (std::size_t i = 0; i < lows.size(); ++i)
        if (elo >= lows[i]) band = int(i);
    return band;
}

int strengthBand(int elo) { return bandOf(elo, kStrengthBandLow); }

std::string strengthBandName(int band) {
    const std::size_t b = std::size_t(band);
    if (b == 0) return "<" + std::to_string(kStrengthBandLow[1]);
    if (b + 1 == kStrengthBandLow.size()) return std::to_string(kStrengthBandLow[b]) + "+";
    return std::to_string(kStrengthBandLow[b]) + "-" + std::to_string(kStrengthBandLow[b + 1] - 1);
}

namespace {

/// The engine's scores of every legal move of a position, as a cache line keeps them: UCI move and winning chances
/// for the side to move.
using MoveChances = std::vector<std::pair<std::string, double>>;

/// FEN -> scores; read from and written to ErrorProfileOptions::cachePath as "TAG\tFEN\tuci:chances ..." lines.
class ScoreCache {
public:
    Status load(const std::string& path, const std::string& tag) {
        m_path = path;
        m_tag = tag;
        if (path.empty()) return {};
        std::ifstream in(path);
        if (!in) return {};  // no cache yet
        std::string line;
        std::int64_t lineNo = 0;
        while (std::getline(in, line)) {
            ++lineNo;
            if (line.empty()) continue;
            const auto t1 = line.find('\t');
            const auto t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
            if (t2 == std::string::npos)
                return makeError(ErrorCode::InvalidInput, path + ":" + std::to_string(lineNo) +
                                                              ": expected TAG, FEN and scores separated by tabs");
            m_lines.push_back(line);
            if (line.compare(0, t1, tag) != 0) continue;
            MoveChances scores;
            std::istringstream fields(line.substr(t2 + 1));
            std::string field;
            while (fields >> field) {
                const auto colon = field.find(':');
                char* end = nullptr;
                const double v = colon == std::string::npos ? 0.0 : std::strtod(field.c_str() + colon + 1, &end);
                if (colon == std::string::npos || end == field.c_str() + colon + 1 || *end != '\0' || !(v >= -1.0) ||
                    !(v <= 1.0))
                    return makeError(ErrorCode::InvalidInput, path + ":" + std::to_string(lineNo) + ": bad score '" +
                                                                  field + "' (expected MOVE:CHANCES)");
                scores.emplace_back(field.substr(0, colon), v);
            }
            m_scores[line.substr(t1 + 1, t2 - t1 - 1)] = std::move(scores);
        }
        return {};
    }
    const MoveChances* find(const std::string& fen) const {
        const auto it = m_scores.find(fen);
        return it == m_scores.end() ? nullptr : &it->second;
    }
    void add(const std::string& fen, MoveChances scores) {
        std::string line = m_tag + "\t" + fen + "\t";
        for (std::size_t i = 0; i < scores.size(); ++i) {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%.17g", scores[i].second);  // reads back to the same double
            line += (i ? " " : "") + scores[i].first + ":" + buf;
        }
        m_lines.push_back(std::move(line));
        m_scores[fen] = std::move(scores);
        ++m_unsaved;
    }
    Status save(bool force) {
        if (m_path.empty() || m_unsaved == 0 || (!force && m_unsaved < 100)) return {};
        std::string bytes;
        for (const auto& l : m_lines) bytes += l + "\n";
        m_unsaved = 0;
        return writeBytesAtomically(m_path, bytes);
    }

private:
    std::string m_path, m_tag;
    std::vector<std::string> m_lines;
    std::unordered_map<std::string, MoveChances> m_scores;
    int m_unsaved = 0;
};

}  // namespace

bool chosenPly(std::string_view gameKey, int ply, int every) {
    if (every <= 1) return true;
    // FNV-1a 64 of the key, '#' and the ply, from its own start (not fnv1a64's offset basis, which would choose other
    // plies than the studies and the guide read), without building the text.
    std::uint64_t h = 1469598103934665603ull;
    const auto add = [&h](char c) { h = (h ^ std::uint8_t(c)) * 1099511628211ull; };
    for (char c : gameKey) add(c);
    add('#');
    for (char c : std::to_string(ply)) add(c);
    // FNV-1a's low bits depend on the low bits of the bytes alone: h % 2 would be the parity of the ply's digits
    // and the key's, which chooses ten plies and skips ten. Mixed, every bit depends on every byte.
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebull;
    h ^= h >> 31;
    return h % std::uint64_t(every) == 0;
}

std::string plyChoiceKey(const chess::PgnGame& game) {
    return game.tag("Site") + game.tag("White") + game.tag("Black") + game.tag("UTCTime");
}

namespace {

struct Pending {
    ErrorPosition pos;
    encoding::Conditioning cond;
    encoding::RecentMoves recent;
    chess::Move played;
};

/// One position in how many plies `options` takes for a mover rated `elo`.
int everyFor(const ErrorProfileOptions& options, int elo) {
    for (const auto& d : options.denser)
        if (elo >= d.fromElo && elo < d.belowElo) return d.every;
    return options.every;
}

/// The positions `options` chooses from one game.
std::vector<Pending> choosePositions(const chess::PgnGame& game, std::size_t gameIndex,
                                     const ErrorProfileOptions& options,
                                     std::array<std::int64_t, kStrengthBandLow.size()>& perBand) {
    std::vector<Pending> out;
    auto start = chess::Position::fromFen(game.startFen);
    if (!start) return out;
    const auto conds = encoding::plyConditionings(game);
    std::optional<chess::GameSpeed> speed;
    if (const auto tc = chess::parseTimeControl(game.tag("TimeControl")))
        speed = chess::gameSpeed(tc->first, tc->second);
    const std::string id = plyChoiceKey(game);
    chess::Position pos = std::move(*start);
    encoding::RecentMoves recent;
    for (std::size_t i = 0; i < game.moves.size() && i < conds.size(); ++i) {
        const chess::Move m = game.moves[i].move;
        const int ply = int(i);
        const auto& c = conds[i];
        // The rating the position is chosen by: the mover's, else (asked at a chosen rating) that one.
        const std::optional<int> elo = c.moverElo                ? c.moverElo
                                       : options.askMoverElo > 0 ? std::optional(options.askMoverElo)
                                                                 : std::nullopt;
        if (ply >= options.minPly && elo && *elo >= options.minMoverElo &&
            (options.maxMoverElo <= 0 || *elo < options.maxMoverElo) && chosenPly(id, ply, everyFor(options, *elo)) &&
            (!options.include || options.include(game, ply)) && pos.countLegalMoves() > 1) {
            const int band = strengthBand(*elo);
            if (options.maxPerBand <= 0 || perBand[std::size_t(band)] < options.maxPerBand) {
                ++perBand[std::size_t(band)];
                Pending p;
                p.pos.position = pos.snapshot();
                p.pos.ply = ply;
                p.pos.game = gameIndex;
                p.pos.moverElo = c.moverElo.value_or(0);
                p.pos.speed = speed;
                p.cond = c;
                if (options.askMoverElo > 0) p.cond.moverElo = options.askMoverElo;
                p.recent = recent;
                p.played = m;
                out.push_back(std::move(p));
            }
        }
        recent.push(pos, m);
        pos.makeMove(m);
    }
    return out;
}

/// The engine's winning chances for every legal move of `pos` (whose FEN is `fen`).
Result<MoveChances> engineScores(const chess::Position& pos, const std::string& fen, PositionAnalyser& engine,
                                 const CancelToken& cancel) {
    auto lines = engine.analyse(pos, pos.countLegalMoves(), cancel);
    if (!lines) return makeError(lines.error().code, "engine on " + fen + ": " + lines.error().message);
    MoveChances scores;
    for (const auto& l : *lines) scores.emplace_back(chess::toUci(l.move), winningChances(l.score));
    return scores;
}

/// The engines of one collectErrorPositions call: the caller's and, once a batch needs them, the extra ones.
class EnginePool {
public:
    EnginePool(PositionAnalyser& first, const ErrorProfileOptions& options) : m_options(options) {
        m_engines.push_back(&first);
    }

    /// Scores every position of `positions` (whose FENs are `positionFens`) the cache lacks, side by side on the pool's
    /// engines, and adds the scores to the cache: on success every one of them is in it. The first error (in the order
    /// of `positions`) is returned after every engine has stopped.
    Status scoreMissing(const std::vector<const chess::Position*>& positions,
                        const std::vector<std::string>& positionFens, ScoreCache& cache, const CancelToken& cancel) {
        std::vector<const chess::Position*> todo;
        std::vector<std::string> fens;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const std::string& fen = positionFens[i];
            if (cache.find(fen) || std::find(fens.begin(), fens.end(), fen) != fens.end()) continue;
            todo.push_back(positions[i]);
            fens.push_back(fen);
        }
        if (todo.empty()) return {};
        grow(todo.size());
        std::vector<std::optional<Result<MoveChances>>> results(todo.size());
        std::atomic<std::size_t> next{0};
        auto work = [&](PositionAnalyser* engine) {
            for (std::size_t i = next++; i < todo.size(); i = next++) {
                if (cancel.isCancelled()) return;
                results[i] = engineScores(*todo[i], fens[i], *engine, cancel);
                if (!results[i]->ok()) return;  // the others finish their positions; the error is reported below
            }
        };
        std::vector<std::thread> threads;
        for (std::size_t e = 1; e < m_engines.size(); ++e) threads.emplace_back(work, m_engines[e]);
        work(m_engines.front());
        for (std::thread& t : threads) t.join();
        for (std::size_t i = 0; i < todo.size(); ++i) {
            if (!results[i]) continue;  // cancelled, or left after another position's error
            if (!results[i]->ok()) return results[i]->error();
            cache.add(fens[i], std::move(results[i]->value()));
        }
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "error profile cancelled");
        return {};
    }

private:
    /// Starts the extra engines once, no more than there are positions to share.
    void grow(std::size_t work) {
        if (m_grown || !m_options.moreEngines) return;
        m_grown = true;
        const std::size_t want = std::min<std::size_t>(std::size_t(std::max(1, m_options.engines)), work);
        while (m_engines.size() < want) {
            auto engine = m_options.moreEngines();
            if (!engine) break;  // the caller's engine (and any started) do the work
            m_owned.push_back(std::move(engine.value()));
            m_engines.push_back(m_owned.back().get());
        }
    }

    const ErrorProfileOptions& m_options;
    std::vector<PositionAnalyser*> m_engines;
    std::vector<std::unique_ptr<PositionAnalyser>> m_owned;
    bool m_grown = false;
};

}  // namespace

Result<std::vector<ErrorPosition>> collectErrorPositions(const std::vector<chess::PgnGame>& games,
                                                         encoding::Evaluator& evaluator, PositionAnalyser& engine,
                                                         const ErrorProfileOptions& options, const CancelToken& cancel,
                                                         const ErrorProgressFn& progress) {
    ScoreCache cache;
    if (!options.cachePath.empty()) {
        // The scores are the engine's: those of another engine or version (or limits) are not read, and stay.
        auto identity = analyserIdentity(engine, cancel);
        if (!identity) return identity.error();
        if (auto st = cache.load(options.cachePath, options.cacheTag + " " + *identity); !st) return st.error();
    }
    std::array<std::int64_t, kStrengthBandLow.size()> perBand{};
    std::vector<Pending> pending;
    for (std::size_t g = 0; g < games.size(); ++g) {
        auto more = choosePositions(games[g], g, options, perBand);
        for (auto& p : more) pending.push_back(std::move(p));
        if (options.maxPositions > 0 && std::int64_t(pending.size()) >= options.maxPositions) break;
    }
    if (options.maxPositions > 0 && std::int64_t(pending.size()) > options.maxPositions)
        pending.resize(std::size_t(options.maxPositions));
    std::vector<ErrorPosition> out;
    EnginePool engines(engine, options);
    constexpr std::size_t kBatch = 64;
    for (std::size_t at = 0; at < pending.size(); at += kBatch) {
        const std::size_t end = std::min(pending.size(), at + kBatch);
        std::vector<chess::Position> positions;
        std::vector<encoding::Conditioning> conds;
        std::vector<encoding::RecentMoves> recents;
        for (std::size_t i = at; i < end; ++i) {
            positions.push_back(pending[i].pos.position);
            conds.push_back(pending[i].cond);
            recents.push_back(pending[i].recent);
        }
        auto dists = evaluator.moveDistributionsWithHistory(positions, conds, recents);
        if (!dists) return dists.error();
        auto outcomes =
            play::weighMoves(evaluator, positions, conds, recents, *dists, std::vector<bool>(positions.size(), true));
        if (!outcomes) return outcomes.error();
        std::vector<const chess::Position*> batch;
        std::vector<std::string> fens;
        for (std::size_t i = at; i < end; ++i) {
            batch.push_back(&pending[i].pos.position);
            fens.push_back(pending[i].pos.position.fen());
        }
        if (Status st = engines.scoreMissing(batch, fens, cache, cancel); !st.ok()) {
            (void)cache.save(true);
            return st.error();
        }
        for (std::size_t i = at; i < end; ++i) {
            if (cancel.isCancelled()) {
                (void)cache.save(true);
                return makeError(ErrorCode::Cancelled, "error profile cancelled");
            }
            Pending& p = pending[i];
            const MoveChances* scores = cache.find(fens[i - at]);  // scoreMissing put every one there
            if (!scores) continue;
            double best = -1.0;
            for (const auto& s : *scores) best = std::max(best, s.second);
            const std::string played = chess::toUci(p.played);
            bool found = false;
            for (const auto& s : *scores) {
                const auto move = chess::parseUci(p.pos.position, s.first);
                if (!move) continue;
                p.pos.loss[move->raw()] = std::max(0.0, best - s.second);
                if (s.first == played) {
                    p.pos.humanLoss = std::max(0.0, best - s.second);
                    found = true;
                }
            }
            if (!found) continue;  // an engine that did not list every move: the position is left out
            p.pos.dist = std::move((*dists)[i - at]);
            p.pos.outcomes = std::move((*outcomes)[i - at]);
            out.push_back(std::move(p.pos));
            if (auto st = cache.save(false); !st) return st.error();
            if (progress) progress(std::int64_t(i + 1), std::int64_t(pending.size()));
        }
    }
    if (auto st = cache.save(true); !st) return st.error();
    return out;
}

CandidateFn humanMoverCandidates(const play::MovePolicy& policy) {
    return [policy](const ErrorPosition& p) {
        return play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, policy, p.outcomes);
    };
}

namespace {

struct CellSum {
    std::int64_t n = 0;
    double elo = 0, hLoss = 0, hBlunder = 0, mLoss = 0, mBlunder = 0;
    std::map<std::size_t, GameSums> byGame;  // game -> (the model's loss, the humans'), summed
    void add(const ErrorPosition& p, double modelLoss, double modelBlunder) {
        ++n;
        elo += p.moverElo;
        hLoss += p.humanLoss;
        hBlunder += p.humanLoss >= kBlunderLoss ? 1.0 : 0.0;
        mLoss += modelLoss;
        mBlunder += modelBlunder;
        GameSums& g = byGame[p.game];
        g.numerator += modelLoss;
        g.denominator += p.humanLoss;
    }
    ErrorCell cell() const {
        ErrorCell c;
        c.positions = n;
        if (n == 0) return c;
        const double d = double(n);
        c.meanElo = elo / d;
        c.humanLoss = hLoss / d;
        c.humanBlunders = hBlunder / d;
        c.modelLoss = mLoss / d;
        c.modelBlunders = mBlunder / d;
        if (c.humanLoss > 0.0) {
            std::vector<GameSums> games;
            games.reserve(byGame.size());
            for (const auto& [game, sums] : byGame) games.push_back(sums);
            if (const auto iv = resampledRatio(games, kErrorIntervalRounds, 1, kErrorIntervalCoverage)) {
                c.ratioLow = std::min(iv->low, c.ratio());
                c.ratioHigh = std::max(iv->high, c.ratio());
            }
        }
        return c;
    }
};

}  // namespace

namespace {

/// The continued fraction of the regularized incomplete beta function I_x(a, b), by the modified Lentz method.
double betaFraction(double a, double b, double x) {
    constexpr double kTiny = 1e-300;
    const auto guard = [](double v) { return std::abs(v) < kTiny ? kTiny : v; };
    double c = 1.0, d = 1.0 / guard(1.0 - (a + b) * x / (a + 1.0));
    double h = d;
    for (int m = 1; m <= 500; ++m) {
        const double m2 = 2.0 * m;
        double step = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));  // the even step
        d = 1.0 / guard(1.0 + step * d);
        c = guard(1.0 + step / c);
        h *= d * c;
        step = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));  // the odd step
        d = 1.0 / guard(1.0 + step * d);
        c = guard(1.0 + step / c);
        const double change = d * c;
        h *= change;
        if (std::abs(change - 1.0) < 1e-13) break;
    }
    return h;
}

/// The regularized incomplete beta function I_x(a, b).
double regularizedBeta(double a, double b, double x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    const double front =
        std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    // The fraction converges fast on the side of the mean; the other side by symmetry.
    if (x < (a + 1.0) / (a + b + 2.0)) return front * betaFraction(a, b, x) / a;
    return 1.0 - front * betaFraction(b, a, 1.0 - x) / b;
}

}  // namespace

double studentTTail(double t, double df) { return regularizedBeta(0.5 * df, 0.5, df / (df + t * t)); }

double studentTQuantile(double tail, double df) {
    double lo = 0.0, hi = 1.0;
    while (studentTTail(hi, df) > tail && hi < 1e8) hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (studentTTail(mid, df) > tail ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

std::optional<ResampledRatio> resampledRatio(const std::vector<GameSums>& games, int rounds, std::uint64_t seed,
                                             double coverage) {
    if (games.empty() || rounds <= 0) return std::nullopt;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
    std::vector<double> ratios;
    ratios.reserve(std::size_t(rounds));
    double logSum = 0.0, logSquares = 0.0;  // of the resampled ratios above 0
    std::size_t logs = 0;
    for (int round = 0; round < rounds; ++round) {
        double numerator = 0.0, denominator = 0.0;
        for (std::size_t k = 0; k < games.size(); ++k) {
            const GameSums& g = games[pick(rng)];
            numerator += g.numerator;
            denominator += g.denominator;
        }
        if (denominator <= 0.0) continue;
        ratios.push_back(numerator / denominator);
        if (ratios.back() > 0.0) {
            const double l = std::log(ratios.back());
            logSum += l;
            logSquares += l * l;
            ++logs;
        }
    }
    if (ratios.empty()) return std::nullopt;
    const double tail = 0.5 * (1.0 - coverage);
    ResampledRatio r{play::quantile(ratios, tail), play::quantile(ratios, 1.0 - tail), 1.0};
    double numerator = 0.0, denominator = 0.0;
    for (const GameSums& g : games) {
        numerator += g.numerator;
        denominator += g.denominator;
    }
    const double n = double(games.size());
    if (n < 2.0 || numerator <= 0.0 || denominator <= 0.0) return r;
    const double ratio = numerator / denominator;
    // Widened about the ratio on the logarithm's scale (an end at 0 stays there).
    const double widen =
        std::sqrt(n / (n - 1.0)) * studentTQuantile(1.0 - coverage, n - 1.0) / studentTQuantile(1.0 - coverage, 1e9);
    if (r.low > 0.0) r.low = ratio * std::pow(std::min(r.low / ratio, 1.0), widen);
    if (r.high > 0.0) r.high = ratio * std::pow(std::max(r.high / ratio, 1.0), widen);
    if (numerator != denominator && logs > 1) {
        const double mean = logSum / double(logs);
        const double spread = std::sqrt(std::max(0.0, logSquares / double(logs) - mean * mean) * n / (n - 1.0));
        r.p = spread > 0.0 ? studentTTail(std::abs(std::log(ratio)) / spread, n - 1.0) : 0.0;
    }
    return r;
}

std::pair<double, double> expectedLoss(const ErrorPosition& p, const std::vector<encoding::MoveProb>& cands) {
    double loss = 0.0, blunder = 0.0;
    for (const auto& c : cands) {
        const auto it = p.loss.find(c.move.raw());
        const double l = it == p.loss.end() ? 0.0 : it->second;
        loss += c.prob * l;
        blunder += l >= kBlunderLoss ? c.prob : 0.0;
    }
    return {loss, blunder};
}

ErrorProfile profileErrors(const std::vector<ErrorPosition>& positions, const CandidateFn& candidates) {
    std::vector<CellSum> band(kStrengthBandLow.size());
    std::vector<std::array<CellSum, chess::kGameSpeeds>> speed(kStrengthBandLow.size());
    std::vector<std::array<CellSum, chess::kGamePhases>> phase(kStrengthBandLow.size());
    CellSum all;
    for (const auto& p : positions) {
        const auto [loss, blunder] = expectedLoss(p, candidates(p));
        const std::size_t b = std::size_t(strengthBand(p.moverElo));
        band[b].add(p, loss, blunder);
        if (p.speed) speed[b][std::size_t(*p.speed)].add(p, loss, blunder);
        phase[b][std::size_t(chess::gamePhase(p.position))].add(p, loss, blunder);
        all.add(p, loss, blunder);
    }
    ErrorProfile out;
    for (std::size_t b = 0; b < band.size(); ++b) {
        out.byBand.push_back(band[b].cell());
        std::array<ErrorCell, chess::kGameSpeeds> row;
        for (std::size_t s = 0; s < row.size(); ++s) row[s] = speed[b][s].cell();
        out.bySpeed.push_back(row);
        std::array<ErrorCell, chess::kGamePhases> phases;
        for (std::size_t f = 0; f < phases.size(); ++f) phases[f] = phase[b][f].cell();
        out.byPhase.push_back(phases);
    }
    out.all = all.cell();
    return out;
}

namespace {

/// The positions of one fitted cell and the players' figures there.
struct FitCell {
    std::vector<const ErrorPosition*> in;
    double humanLoss = 0.0, humanBlunders = 0.0, meanElo = 0.0;
};

/// The positions `keep` chooses, with the players' mean loss, blunder share and rating; nullopt under `minPositions`.
std::optional<FitCell> fitCell(const std::vector<ErrorPosition>& positions, std::int64_t minPositions,
                               const std::function<bool(const ErrorPosition&)>& keep) {
    FitCell c;
    for (const auto& p : positions)
        if (keep(p)) {
            c.in.push_back(&p);
            c.humanLoss += p.humanLoss;
            c.humanBlunders += p.humanLoss >= kBlunderLoss ? 1.0 : 0.0;
            c.meanElo += p.moverElo;
        }
    if (c.in.empty() || std::int64_t(c.in.size()) < minPositions) return std::nullopt;
    const double n = double(c.in.size());
    c.humanLoss /= n;
    c.humanBlunders /= n;
    c.meanElo /= n;
    return c;
}

/// The cell's mean expected loss and blunder share when each position is played by `candidates`.
std::pair<double, double> meanExpectedLoss(const FitCell& c, const CandidateFn& candidates) {
    double loss = 0.0, blunders = 0.0;
    for (const ErrorPosition* p : c.in) {
        const auto [l, bl] = expectedLoss(*p, candidates(*p));
        loss += l;
        blunders += bl;
    }
    return {loss / double(c.in.size()), blunders / double(c.in.size())};
}

/// What both fits minimise: the squared relative errors of the mean loss and of the blunder share.
double fitObjective(const FitCell& c, double loss, double blunders) {
    const double dl = loss / std::max(c.humanLoss, 1e-6) - 1.0;
    const double db = blunders / std::max(c.humanBlunders, 1e-6) - 1.0;
    return dl * dl + db * db;
}

}  // namespace

std::vector<StrengthKnot> fitStrength(const std::vector<ErrorPosition>& positions, std::int64_t minPositions) {
    std::vector<StrengthKnot> out;
    for (std::size_t b = 0; b < kStrengthBandLow.size(); ++b) {
        const auto c = fitCell(positions, minPositions,
                               [b](const ErrorPosition& p) { return std::size_t(strengthBand(p.moverElo)) == b; });
        if (!c) continue;
        StrengthKnot k;
        k.band = int(b);
        k.positions = std::int64_t(c->in.size());
        k.humanLoss = c->humanLoss;
        k.humanBlunders = c->humanBlunders;
        k.meanElo = c->meanElo;
        double bestObjective = 1e300;
        for (double tilt : {0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0})
            for (int ti = 0; ti <= 16; ++ti) {
                const play::Strength s{0.2 * std::pow(2.5 / 0.2, ti / 16.0), tilt};
                const auto [loss, blunders] = meanExpectedLoss(*c, [&s](const ErrorPosition& p) {
                    const play::Strength used = p.ply < play::kUnshapedOpeningPlies ? play::Strength{} : s;
                    return play::candidatesWith(p.position, p.dist, p.outcomes, used, 1.0);
                });
                if (const double objective = fitObjective(*c, loss, blunders); objective < bestObjective) {
                    bestObjective = objective;
                    k.strength = s;
                    k.modelLoss = loss;
                    k.modelBlunders = blunders;
                }
            }
        out.push_back(k);
    }
    return out;
}

std::vector<PhaseScaleFit> fitPhaseScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions) {
    std::vector<PhaseScaleFit> out;
    for (std::size_t b = 0; b < kStrengthBandLow.size(); ++b)
        for (int f = 0; f < chess::kGamePhases; ++f) {
            const auto phase = chess::GamePhase(f);
            const auto c = fitCell(positions, minPositions, [b, phase](const ErrorPosition& p) {
                return std::size_t(strengthBand(p.moverElo)) == b && chess::gamePhase(p.position) == phase;
            });
            if (!c) continue;
            PhaseScaleFit k;
            k.band = int(b);
            k.phase = phase;
            k.positions = std::int64_t(c->in.size());
            k.humanLoss = c->humanLoss;
            k.humanBlunders = c->humanBlunders;
            double bestObjective = 1e300;
            for (int si = 0; si <= 24; ++si) {
                const double scale = 0.4 * std::pow(2.5 / 0.4, si / 24.0);
                const auto [loss, blunders] = meanExpectedLoss(*c, humanMoverCandidates({scale, 1.0, true}));
                if (const double objective = fitObjective(*c, loss, blunders); objective < bestObjective) {
                    bestObjective = objective;
                    k.scale = scale;
                    k.modelLoss = loss;
                    k.modelBlunders = blunders;
                }
            }
            out.push_back(k);
        }
    return out;
}

}  // namespace kibitz::evaluation
