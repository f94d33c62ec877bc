// SPDX-License-Identifier: GPL-3.0-or-later
// Positions per second per core of an lc0 network (a Maia-1 net) as a human-move model, at batch 1 and 256, beside
// Kibitz's own small-v2 on the same positions in the same run. Both through the Evaluator interface, so
// the numbers include what a user pays: input encoding, the forward pass and the softmax over the legal moves.
//
//   kibitz-lc0-bench [--net FILE.pb.gz] [--seconds S] [--threads T]
// Positions: the 314 real positions of tests/data/maia-1/reference_outputs.jsonl, with the moves that led to them.
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/models/compute_threads.h"
#include "core/models/lc0_evaluator.h"
#include "core/models/model_config.h"
#include "core/models/torch_evaluator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <set>
#include <string>

using namespace kibitz;

namespace {

struct Sample {
    std::vector<chess::Position> positions;
    std::vector<encoding::RecentMoves> recent;
    std::vector<encoding::Conditioning> conds;
};

bool readPositions(const std::string& path, Sample& out) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) return false;
    std::set<std::string> seen;
    while (!f.atEnd()) {
        const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
        const std::string fen = o["fen"].toString().toStdString();
        if (fen.empty() || !seen.insert(fen).second) continue;
        chess::Position pos;
        encoding::RecentMoves recent;
        for (const auto& m : o["moves_uci"].toArray()) {
            const auto mv = chess::parseUci(pos, m.toString().toStdString());
            if (!mv) return false;
            recent.push(pos, *mv);
            pos.makeMove(*mv);
        }
        out.positions.push_back(pos);
        out.recent.push_back(recent);
        encoding::Conditioning c;
        c.moverElo = 1500;
        c.oppElo = 1500;
        c.moverClockS = c.oppClockS = 180;
        c.incrementS = 2;
        out.conds.push_back(c);
    }
    return !out.positions.empty();
}

/// Positions per second of `ev` at `batch`, run for about `seconds`.
double rate(encoding::Evaluator& ev, const Sample& s, std::size_t batch, double seconds) {
    using Clock = std::chrono::steady_clock;
    std::size_t done = 0, next = 0;
    auto slice = [&](std::size_t first, std::size_t n, auto& v) {
        std::remove_cvref_t<decltype(v)> out;
        for (std::size_t i = 0; i < n; ++i) out.push_back(v[(first + i) % v.size()]);
        return out;
    };
    // Warm-up: the first calls allocate.
    (void)ev.moveDistributionsWithHistory(slice(0, batch, s.positions), slice(0, batch, s.conds),
                                          slice(0, batch, s.recent));
    const auto start = Clock::now();
    double elapsed = 0.0;
    while (elapsed < seconds) {
        auto r = ev.moveDistributionsWithHistory(slice(next, batch, s.positions), slice(next, batch, s.conds),
                                                 slice(next, batch, s.recent));
        if (!r) {
            std::fprintf(stderr, "lc0_bench: %s\n", r.error().message.c_str());
            return 0.0;
        }
        done += batch;
        next += batch;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return double(done) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
    std::string net = KIBITZ_SOURCE_DIR "/tests/data/maia-1/maia-1500.pb.gz";
    double seconds = 5.0;
    int threads = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--net")
            net = argv[i + 1];
        else if (a == "--seconds")
            seconds = std::stod(argv[i + 1]);
        else if (a == "--threads")
            threads = std::stoi(argv[i + 1]);
    }
    models::setComputeThreads(threads);
    Sample s;
    if (!readPositions(KIBITZ_SOURCE_DIR "/tests/data/maia-1/reference_outputs.jsonl", s)) {
        std::fprintf(stderr, "lc0_bench: cannot read the positions\n");
        return 1;
    }
    auto lc0 = models::Lc0Evaluator::load(net);
    if (!lc0) {
        std::fprintf(stderr, "lc0_bench: %s\n", lc0.error().message.c_str());
        return 1;
    }
    auto config = models::modelConfigByName("small-v2");
    if (!config) return 1;
    auto own = models::TorchEvaluator::fromConfig(*config, 1);
    std::printf("positions: %zu real positions with history; threads: %d\n", s.positions.size(), threads);
    std::printf("%-40s %10s %10s\n", "model", "batch 1", "batch 256");
    double r[2][2];
    int row = 0;
    for (encoding::Evaluator* ev :
         {static_cast<encoding::Evaluator*>(lc0->get()), static_cast<encoding::Evaluator*>(own.get())}) {
        r[row][0] = rate(*ev, s, 1, seconds);
        r[row][1] = rate(*ev, s, 256, seconds);
        const std::string name = row == 0 ? (*lc0)->shape() + " lc0 (" + std::to_string((*lc0)->parameters()) + " p)"
                                          : "small-v2 (" + std::to_string(own->parameters()) + " p)";
        std::printf("%-40s %8.0f/s %8.0f/s\n", name.c_str(), r[row][0] / threads, r[row][1] / threads);
        ++row;
    }
    std::printf("lc0 / small-v2 per core: batch 1 %.2fx, batch 256 %.2fx\n", r[0][0] / r[1][0], r[0][1] / r[1][1]);
    return 0;
}
