// SPDX-License-Identifier: GPL-3.0-or-later
// Distillation from the Maia-1 nets: the teacher's targets on real games (tests/data, the nets of
// tests/data/maia-1), the relabelling of positions at other bands' ratings, the KL term and a short training run.
#include "core/chess/pgn.h"
#include "core/models/human_move_model.h"
#include "core/models/lc0_evaluator.h"
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"
#include "core/training/teacher.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

#include <torch/torch.h>

using namespace kibitz;

namespace {

const std::string kNets = KIBITZ_TEST_DATA_DIR "/maia-1";

/// The positions of the sample's first `games` games with their boards.
void samplePositions(int games, std::vector<encoding::EncodedPosition>& items,
                     std::vector<training::PositionContext>& boards) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    chess::PgnGame game;
    training::SampleStats stats;
    for (int g = 0; g < games && (*reader)->next(game); ++g)
        training::gameToPositions(game, encoding::BoardView::Mover, items, stats, 2, {}, 0,
                                  [&](const chess::Position& pos, const encoding::RecentMoves& recent, chess::Move m) {
                                      boards.push_back({pos, recent, m});
                                  });
    QCOMPARE(boards.size(), items.size());
}

}  // namespace

class TstTeacher : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void targetsAtTheRecordedRating();
    void relabelsAtOtherBands();
    void klTerm();
    void trainsWithATeacher();
    void refusesBadOptions();
};

// Beside the played move: the teacher's distribution at the mover's recorded rating, over the position's legal moves
// in the encoding's order, equal to the band nets' own output; movers outside 1100-1999 get none.
void TstTeacher::targetsAtTheRecordedRating() {
    std::vector<encoding::EncodedPosition> items;
    std::vector<training::PositionContext> boards;
    samplePositions(60, items, boards);
    QVERIFY(items.size() > 3000);
    const auto before = items;
    auto teacher = training::Teacher::open(kNets, 0.0, 7);
    QVERIFY2(teacher.ok(), teacher.ok() ? "" : teacher.error().message.c_str());
    QVERIFY((*teacher)->label(items, boards).ok());
    auto nets = models::Lc0BandEvaluator::loadFolder(kNets);
    QVERIFY(nets.ok());
    int beside = 0, none = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const encoding::EncodedPosition& e = items[i];
        QCOMPARE(e.target, before[i].target);  // the played move stays the target
        QVERIFY(e.cond == before[i].cond);
        const int elo = e.cond.moverElo.value_or(0);
        if (elo < 1100 || elo > 1999) {
            QCOMPARE(int(e.teacherKind), int(encoding::kNoTeacher));
            ++none;
            continue;
        }
        QCOMPARE(int(e.teacherKind), int(encoding::kTeacherBeside));
        ++beside;
        if (beside % 50 != 1) continue;  // spot checks against the nets themselves
        auto out = (*nets)->evaluate({boards[i].position}, {e.cond}, {boards[i].recent});
        QVERIFY(out.ok());
        std::map<std::uint16_t, double> p;
        for (const auto& mp : out->moves[0]) p[mp.move.raw()] = mp.prob;
        const chess::MoveList legal = boards[i].position.legalMoves();
        double sum = 0.0;
        for (int j = 0; j < legal.size(); ++j) {
            const double t = e.teacher[std::size_t(j)] / 65535.0;
            QVERIFY(std::abs(t - p[legal[j].raw()]) < 1e-4);
            sum += t;
        }
        QVERIFY(std::abs(sum - 1.0) < 2e-3);
    }
    QVERIFY(beside > 500);
    QVERIFY(none > 500);  // the sample has many games above 2000
}

void TstTeacher::relabelsAtOtherBands() {
    std::vector<encoding::EncodedPosition> items;
    std::vector<training::PositionContext> boards;
    samplePositions(30, items, boards);
    auto teacher = training::Teacher::open(kNets, 0.5, 7);
    QVERIFY(teacher.ok());
    auto again = items;
    QVERIFY((*teacher)->label(items, boards).ok());
    QVERIFY((*teacher)->label(again, boards).ok());
    int relabelled = 0;
    std::set<int> ratings;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const encoding::EncodedPosition& e = items[i];
        QCOMPARE(int(e.teacherKind), int(again[i].teacherKind));  // a hash of the position: the same every time
        QVERIFY(e.teacher == again[i].teacher);
        if (e.teacherKind != encoding::kTeacherOnly) continue;
        ++relabelled;
        QCOMPARE(int(e.target), -1);
        QVERIFY(e.cond.moverElo && e.cond.oppElo && *e.cond.moverElo == *e.cond.oppElo);
        ratings.insert(*e.cond.moverElo);
    }
    const double share = double(relabelled) / double(items.size());
    QVERIFY2(share > 0.45 && share < 0.55, qPrintable(QString::number(share)));
    QCOMPARE(ratings, (std::set<int>{1150, 1550, 1950}));  // the band centres of the three nets
}

void TstTeacher::klTerm() {
    std::vector<encoding::EncodedPosition> items;
    std::vector<training::PositionContext> boards;
    samplePositions(3, items, boards);
    auto teacher = training::Teacher::open(kNets, 0.3, 3);
    QVERIFY(teacher.ok());
    QVERIFY((*teacher)->label(items, boards).ok());
    std::vector<const encoding::EncodedPosition*> ptrs;
    for (const auto& e : items) ptrs.push_back(&e);
    models::ModelBatch b = models::makeBatch(ptrs);
    QVERIFY(b.teacher.defined());
    const auto mask = b.teacherMask;
    QVERIFY(mask.sum().item<float>() > 10.0f);
    // Logits that are the teacher's own log-probabilities: KL 0 (up to the 1/65535 quantisation).
    torch::Tensor logits = torch::log(b.teacher.clamp_min(1e-12));
    logits = torch::where(b.teacher > 0, logits, torch::full_like(logits, -1e9));
    QVERIFY(models::distillationLoss(logits, b).item<double>() < 1e-4);
    // Uniform logits over each position's legal moves: KL = sum p log p + log n, by hand.
    torch::Tensor uniform = torch::zeros_like(b.teacher);
    for (int i = 0; i < b.size; ++i)
        for (int j = items[std::size_t(i)].numLegal; j < uniform.size(1); ++j) uniform[i][j] = -1e9;
    double expect = 0.0;
    int n = 0;
    for (const auto& e : items) {
        if (e.teacherKind == encoding::kNoTeacher) continue;
        double sum = 0.0, plogp = 0.0;
        for (int j = 0; j < e.numLegal; ++j) sum += e.teacher[std::size_t(j)];
        for (int j = 0; j < e.numLegal; ++j) {
            const double p = e.teacher[std::size_t(j)] / sum;
            if (p > 0) plogp += p * std::log(p);
        }
        expect += plogp + std::log(double(e.numLegal));
        ++n;
    }
    expect /= n;
    QVERIFY(std::abs(models::distillationLoss(uniform, b).item<double>() - expect) < 1e-4);
    // Its gradient is softmax(logits) - p per item with a teacher (divided by their count).
    torch::Tensor x = uniform.clone().requires_grad_(true);
    models::distillationLoss(x, b).backward();
    const int first = int(
        std::find_if(items.begin(), items.end(), [](const auto& e) { return e.teacherKind != encoding::kNoTeacher; }) -
        items.begin());
    const auto& e = items[std::size_t(first)];
    double sum = 0.0;
    for (int j = 0; j < e.numLegal; ++j) sum += e.teacher[std::size_t(j)];
    for (int j = 0; j < e.numLegal; ++j) {
        const double g = (1.0 / e.numLegal - e.teacher[std::size_t(j)] / sum) / n;
        QVERIFY(std::abs(x.grad()[first][j].item<double>() - g) < 1e-6);
    }
}

// A short run of the trainer with the teacher (relabelling on): every step has a finite loss and the log says what
// the teacher is.
void TstTeacher::trainsWithATeacher() {
    QTemporaryDir dir;
    training::TrainOptions o;
    o.pgnFiles = {KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
    o.config = models::modelConfigByName("tiny-v2").value();
    o.outDir = dir.path().toStdString();
    o.totalSteps = 8;
    o.warmupSteps = 2;
    o.batchSize = 32;
    o.learningRate = 3e-3;
    o.chunkGames = 6;
    o.keepEvery = 0;
    o.validateEvery = 0;
    o.logEvery = 1;
    o.teacher = kNets;
    o.teacherWeight = 1.0;
    o.teacherRelabel = 0.3;
    std::vector<std::string> lines;
    int progress = 0;
    training::TrainCallbacks cb;
    cb.log = [&](const std::string& l) { lines.push_back(l); };
    cb.progress = [&](const training::TrainProgress& p) {
        QVERIFY(std::isfinite(p.loss));
        ++progress;
    };
    const Status st = training::trainHumanModel(o, CancelToken(), cb);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    QCOMPARE(progress, 8);
    QVERIFY(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("distillation: teacher: lc0 rating-band nets (3 nets") != std::string::npos &&
               l.find("relabel share 0.3") != std::string::npos;
    }));
}

void TstTeacher::refusesBadOptions() {
    QVERIFY(!training::Teacher::open(kNets, 0.95, 1).ok());
    const auto missing = training::Teacher::open(KIBITZ_TEST_DATA_DIR "/no-such-folder", 0.0, 1);
    QVERIFY(!missing.ok());
    QVERIFY(missing.error().message.find("no-such-folder") != std::string::npos);
}

QTEST_GUILESS_MAIN(TstTeacher)
#include "tst_teacher.moc"
