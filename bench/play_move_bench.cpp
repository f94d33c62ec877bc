// SPDX-License-Identifier: GPL-3.0-or-later
// One move of the play-mode opponent with the shipped model, as play mode makes it: one reading of the position
// (moves, value, think time: Evaluator::readPosition), the outcomes of the weighed moves where the rating tilts
// (play::weighMoves, one batched value call), then play::chooseHumanMove. p50 and p95 per rating on real positions,
// beside the reading alone in the same run (the analysis panel's pass: the ratio is what the strength costs).
//
//   kibitz-play-move-bench [--pgn FILE] [--positions N] [--model PATH]
// Default: 200 positions (from ply 8 on) of tests/data/games_sample.pgn (real Lichess games), one thread.
#include "core/chess/game_pack.h"
#include "core/encoding/game_conditioning.h"
#include "core/jobs/human_model.h"
#include "core/play/human_mover.h"

#include <QString>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace kibitz;

namespace {

struct Sample {
    chess::Position position;
    encoding::Conditioning cond;
    encoding::RecentMoves recent;
    int ply = 0;
};

double quantileMs(std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

double nowMs() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::string pgn = KIBITZ_SOURCE_DIR "/tests/data/games_sample.pgn";
    std::string model;
    std::size_t wanted = 200;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--pgn"))
            pgn = argv[i + 1];
        else if (!std::strcmp(argv[i], "--positions"))
            wanted = std::size_t(std::max(1, std::atoi(argv[i + 1])));
        else if (!std::strcmp(argv[i], "--model"))
            model = argv[i + 1];
    }
    auto reader = chess::GameReader::open(pgn);
    if (!reader) {
        std::fprintf(stderr, "play_move_bench: %s\n", reader.error().message.c_str());
        return 2;
    }
    std::vector<Sample> samples;
    chess::PgnGame game;
    while (samples.size() < wanted && (*reader)->next(game)) {
        const auto conds = encoding::plyConditionings(game);
        chess::Position pos;
        encoding::RecentMoves recent;
        for (std::size_t i = 0; i < game.moves.size() && samples.size() < wanted; ++i) {
            if (i >= 8 && i % 5 == 0 && pos.countLegalMoves() > 1)
                samples.push_back({pos.snapshot(), conds[i], recent, int(i)});
            recent.push(pos, game.moves[i].move);
            pos.makeMove(game.moves[i].move);
        }
    }
    auto ev = jobs::loadHumanEvaluator(QString::fromStdString(model));
    if (!ev) {
        std::fprintf(stderr, "play_move_bench: %s\n", ev.error().message.c_str());
        return 2;
    }
    std::printf("%s\n%zu positions of %s\n", (*ev)->describe().c_str(), samples.size(), pgn.c_str());
    std::mt19937_64 rng(1);
    const play::MovePolicy policy;
    // Warm-up: the first calls allocate.
    for (std::size_t i = 0; i < std::min<std::size_t>(10, samples.size()); ++i)
        (void)(*ev)->readPosition(samples[i].position, samples[i].cond, samples[i].recent, {}, true);
    std::vector<double> reading;
    for (const Sample& s : samples) {
        const double t0 = nowMs();
        (void)(*ev)->readPosition(s.position, s.cond, s.recent, {}, true);
        reading.push_back(nowMs() - t0);
    }
    const double readP95 = quantileMs(reading, 0.95);
    std::printf("%-24s p50 %6.1f ms  p95 %6.1f ms\n", "reading alone", quantileMs(reading, 0.5), readP95);
    for (int elo : {1100, 1900, 2400, 2800}) {
        std::vector<double> move;
        for (Sample s : samples) {
            s.cond.moverElo = elo;
            const double t0 = nowMs();
            auto r = (*ev)->readPosition(s.position, s.cond, s.recent, {}, true);
            if (!r) return 1;
            play::MoveOutcomes outcomes;
            if (play::weighsOutcomes(elo, s.ply, policy)) {
                auto w = play::weighMoves(**ev, {s.position}, {s.cond}, {s.recent}, {r->moves}, {true});
                if (!w) return 1;
                outcomes = std::move(w->front());
            }
            (void)play::chooseHumanMove(s.position, r->moves, elo, s.ply, policy, rng, outcomes);
            move.push_back(nowMs() - t0);
        }
        const double p95 = quantileMs(move, 0.95);
        std::printf("a move at %-14d p50 %6.1f ms  p95 %6.1f ms  (%.2fx the reading's p95; target p95 <= 30 ms)\n", elo,
                    quantileMs(move, 0.5), p95, readP95 > 0 ? p95 / readP95 : 0.0);
    }
    return 0;
}
