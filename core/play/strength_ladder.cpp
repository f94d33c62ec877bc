// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/strength_ladder.h"

#include "core/chess/notation.h"
#include "core/encoding/game_conditioning.h"
#include "core/play/human_mover.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <set>

namespace kibitz::play {

double LadderPairResult::impliedGap() const {
    const double s = std::clamp(highScore(), 0.005, 0.995);
    return 400.0 * std::log10(s / (1.0 - s));
}

namespace {

/// One game of a pair, on its own simulated clock.
struct LadderGame {
    std::unique_ptr<std::int64_t> nowMs = std::make_unique<std::int64_t>(0);
    std::unique_ptr<PlaySession> session;
    std::array<GameDecisions, 2> decisions;
    std::array<int, 2> elo{};  ///< White's, Black's
    chess::Color high = chess::White;
    std::mt19937_64 rng;
    std::vector<std::optional<int>> spentS;  ///< each ply's seconds as a [%clk] record would give them
    bool capped = false;
    bool done() const { return capped || session->isOver(); }
};

std::uint64_t gameSeed(std::uint64_t seed, std::size_t pairIndex, int game) {
    std::seed_seq seq{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(pairIndex), std::uint32_t(game)};
    std::array<std::uint32_t, 2> out{};
    seq.generate(out.begin(), out.end());
    return (std::uint64_t(out[0]) << 32) | out[1];
}

void countEnding(const LadderGame& g, LadderEndings& e) {
    if (g.capped) {
        ++e.moveCap;
        return;
    }
    switch (g.session->outcome().how) {
        case Termination::Checkmate: ++e.checkmate; break;
        case Termination::Stalemate: ++e.stalemate; break;
        case Termination::ThreefoldRepetition: ++e.repetition; break;
        case Termination::FiftyMoves: ++e.fiftyMoves; break;
        case Termination::InsufficientMaterial: ++e.insufficient; break;
        case Termination::TimeForfeit:
        case Termination::TimeoutVsInsufficient: ++e.time; break;
        case Termination::Resignation: ++e.resignation; break;
        case Termination::Agreement: ++e.agreement; break;
        case Termination::None:
        case Termination::Aborted: ++e.moveCap; break;
    }
}

/// The side to move's turn in game `g`, before its move: answers a standing draw offer and resigns or decides to
/// offer a draw, as play mode's opponent does. Returns true when the game goes on with a move (`offerAfter` set
/// when the mover offers a draw with it).
bool decideTurn(LadderGame& g, const encoding::Wdl& own, bool& offerAfter) {
    const chess::Color me = g.session->sideToMove();
    const int ply = g.session->ply();
    GameDecisions& mine = g.decisions[me];
    if (g.session->pendingDrawOffer() == ~me) {
        if (mine.acceptsDraw(own, ply)) {
            (void)g.session->acceptDraw(me);
            return false;
        }
        g.session->declineDraw(me);
    }
    const GameDecision d = mine.decide(own, ply);
    if (d == GameDecision::Resign) {
        g.session->resign(me);
        return false;
    }
    offerAfter = d == GameDecision::OfferDraw;
    return true;
}

struct Batch {
    std::vector<std::size_t> games;
    std::vector<chess::Position> positions;
    std::vector<encoding::Conditioning> conds;
    std::vector<encoding::RecentMoves> recent;
};

Batch gatherBatch(std::vector<LadderGame>& games, int maxPlies) {
    Batch b;
    for (std::size_t i = 0; i < games.size(); ++i) {
        LadderGame& g = games[i];
        if (g.done()) continue;
        if (g.session->ply() >= maxPlies) {
            g.capped = true;
            g.session->abort();
            continue;
        }
        b.games.push_back(i);
        b.positions.push_back(g.session->position());
        b.conds.push_back(g.session->moverConditioning());
        b.recent.push_back(g.session->recentMoves());
    }
    return b;
}

/// One ply of every running game of `games`. Errors come from the model.
Status playPly(encoding::Evaluator& evaluator, const LadderOptions& options, std::vector<LadderGame>& games) {
    Batch b = gatherBatch(games, options.maxPlies);
    if (b.games.empty()) return {};
    auto dists = evaluator.moveDistributionsWithHistory(b.positions, b.conds, b.recent);
    if (!dists) return dists.error();
    std::optional<std::vector<encoding::Wdl>> values;
    if (options.decisions && evaluator.hasValueHead()) {
        std::vector<encoding::Conditioning> between;  // the position between equals, as play mode's rule reads it
        for (const auto& c : b.conds) between.push_back(decisionConditioning(c));
        auto v = evaluator.valueEstimates(b.positions, between, b.recent);
        if (!v) return v.error();
        values = std::move(*v);
    }
    // The value of the weighed moves' outcomes, for the ratings whose strength tilts toward them.
    std::vector<bool> want;
    for (std::size_t k = 0; k < b.games.size(); ++k) {
        const LadderGame& g = games[b.games[k]];
        want.push_back(weighsOutcomes(g.elo[g.session->sideToMove()], g.session->ply(), options.policy));
    }
    auto outcomes = weighMoves(evaluator, b.positions, b.conds, b.recent, *dists, want);
    if (!outcomes) return outcomes.error();
    // Decisions and moves first; the think-time head is then told the move chosen.
    std::vector<std::size_t> moving;
    std::vector<chess::Move> chosen;
    std::vector<bool> offers;
    for (std::size_t k = 0; k < b.games.size(); ++k) {
        LadderGame& g = games[b.games[k]];
        bool offerAfter = false;
        if (values && !decideTurn(g, (*values)[k], offerAfter)) continue;
        const chess::Color me = g.session->sideToMove();
        moving.push_back(k);
        chosen.push_back(chooseHumanMove(b.positions[k], (*dists)[k], g.elo[me], g.session->ply(), options.policy,
                                         g.rng, (*outcomes)[k]));
        offers.push_back(offerAfter);
    }
    std::optional<std::vector<encoding::ThinkTime>> heads;
    if (evaluator.hasTimeHead() && !moving.empty()) {
        std::vector<chess::Position> pos;
        std::vector<encoding::Conditioning> conds;
        std::vector<encoding::RecentMoves> recent;
        std::vector<encoding::RecentTimes> times;
        for (std::size_t m = 0; m < moving.size(); ++m) {
            const std::size_t k = moving[m];
            const LadderGame& g = games[b.games[k]];
            pos.push_back(b.positions[k]);
            conds.push_back(b.conds[k]);
            recent.push_back(b.recent[k]);
            times.push_back(encoding::recentTimesAt(g.spentS, g.spentS.size()));
        }
        auto t = evaluator.thinkTimes(pos, conds, recent, times, chosen);
        if (!t) return t.error();
        heads = std::move(*t);
    }
    for (std::size_t m = 0; m < moving.size(); ++m) {
        const std::size_t k = moving[m];
        LadderGame& g = games[b.games[k]];
        const chess::Color me = g.session->sideToMove();
        const int ply = g.session->ply();
        const ClockState clock{g.session->remainingMs(me), options.incrementMs};
        std::optional<encoding::ThinkTime> learned;
        if (heads) learned = (*heads)[m];
        const std::int64_t ms = humanMoveTimeMs(clock, ply, (*dists)[k], learned, g.rng);
        *g.nowMs += ms;
        if (!g.session->play(chosen[m])) continue;  // a flag fell while it thought: the game is over
        g.spentS.push_back(ply >= 2 ? std::optional<int>(int(std::llround(double(ms) / 1000.0))) : std::nullopt);
        if (offers[m] && !g.session->isOver()) g.session->offerDraw(me);
    }
    return {};
}

/// Game `g` as PGN, the `number`th of its pair.
chess::PgnGame recordOf(const LadderGame& g, int number) {
    chess::PgnGame pgn = g.session->toPgn();
    for (auto& [tag, value] : pgn.tags) {
        if (tag == "Round") value = std::to_string(number);
        if (g.capped && tag == "Result") value = "1/2-1/2";
        if (g.capped && tag == "Termination") value = "Adjudication";
    }
    if (g.capped) pgn.result = "1/2-1/2";
    return pgn;
}

LadderPairResult summarise(const LadderPair& pair, const std::vector<LadderGame>& games, int openingPlies,
                           bool keepGames) {
    LadderPairResult r;
    r.pair = pair;
    std::set<std::string> openings;
    double plies = 0.0;
    for (const LadderGame& g : games) {
        ++r.games;
        plies += g.session->ply();
        countEnding(g, r.endings);
        const auto& winner = g.session->outcome().winner;
        if (!winner)
            ++r.draws;
        else if (*winner == g.high)
            ++r.highWins;
        else
            ++r.lowWins;
        const auto& moves = g.session->moves();
        if (int(moves.size()) >= openingPlies) {
            std::string key;
            for (int i = 0; i < openingPlies; ++i) key += chess::toUci(moves[std::size_t(i)]) + " ";
            openings.insert(key);
        }
        if (keepGames) r.records.push_back(recordOf(g, int(r.games)));
    }
    r.distinctOpenings = std::int64_t(openings.size());
    r.meanPlies = r.games > 0 ? plies / double(r.games) : 0.0;
    return r;
}

}  // namespace

Result<std::vector<LadderPairResult>> playLadder(encoding::Evaluator& evaluator, const LadderOptions& options,
                                                 const CancelToken& cancel, const LadderProgressFn& progress) {
    if (options.gamesPerPair < 1) return makeError(ErrorCode::InvalidInput, "games per pair must be at least 1");
    const std::int64_t total = std::int64_t(options.pairs.size()) * options.gamesPerPair;
    std::int64_t finished = 0;
    std::vector<LadderPairResult> out;
    for (std::size_t p = 0; p < options.pairs.size(); ++p) {
        const LadderPair& pair = options.pairs[p];
        std::vector<LadderGame> games(static_cast<std::size_t>(options.gamesPerPair));
        for (int i = 0; i < options.gamesPerPair; ++i) {
            LadderGame& g = games[std::size_t(i)];
            g.high = i % 2 == 0 ? chess::White : chess::Black;
            g.elo[g.high] = pair.high;
            g.elo[~g.high] = pair.low;
            g.rng.seed(gameSeed(options.seed, p, i));
            SessionSetup setup;
            setup.event = "Kibitz strength ladder";
            setup.baseMs = options.baseMs;
            setup.incrementMs = options.incrementMs;
            setup.white = {"Kibitz " + std::to_string(g.elo[chess::White]), g.elo[chess::White]};
            setup.black = {"Kibitz " + std::to_string(g.elo[chess::Black]), g.elo[chess::Black]};
            std::int64_t* now = g.nowMs.get();
            g.session = std::make_unique<PlaySession>(setup, [now] { return *now; });
            g.session->start();
        }
        for (;;) {
            if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "strength ladder cancelled");
            const std::int64_t before =
                std::count_if(games.begin(), games.end(), [](const LadderGame& g) { return g.done(); });
            if (before == std::int64_t(games.size())) break;
            if (auto st = playPly(evaluator, options, games); !st) return st.error();
            const std::int64_t after =
                std::count_if(games.begin(), games.end(), [](const LadderGame& g) { return g.done(); });
            if (progress && after != before) progress(finished + after, total);
        }
        finished += std::int64_t(games.size());
        out.push_back(summarise(pair, games, options.openingPlies, options.keepGames));
    }
    return out;
}

}  // namespace kibitz::play
