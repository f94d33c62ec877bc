// SPDX-License-Identifier: GPL-3.0-or-later
// The error profile's fits (`eval strength errors --fit`): the strength per band and the temperature scale per band
// and game phase move the way the players' loss says, and cells with too few positions are left out. The positions
// are real (a Ruy Lopez after 4...Nf6, a rook ending); the model's distribution, the moves' losses and the players'
// choices are the test's own, drawn as the shipped rule at a known multiple of its temperature would draw them, so the
// fit has a known answer.
#include "core/chess/game_phase.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/evaluation/peer_calibration.h"
#include "core/evaluation/strength_profile.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace kibitz;

namespace {

/// `fen`'s legal moves with probabilities 0.5^k (normalised, in generation order), the first move best and the k-th
/// losing 0.3 + 0.05 k (a blunder), so a flatter distribution loses more and blunders more often.
evaluation::ErrorPosition scored(const char* fen, int elo, int ply) {
    evaluation::ErrorPosition p;
    auto pos = chess::Position::fromFen(fen);
    if (!pos) qFatal("bad test FEN: %s", pos.error().message.c_str());
    p.position = *pos;
    p.ply = ply;
    p.moverElo = elo;
    const chess::MoveList moves = p.position.legalMoves();
    double sum = 0.0;
    for (int k = 0; k < moves.size(); ++k) sum += std::pow(0.5, double(k));
    for (int k = 0; k < moves.size(); ++k) {
        p.dist.push_back({moves[k], float(std::pow(0.5, double(k)) / sum)});
        p.loss[moves[k].raw()] = k == 0 ? 0.0 : std::min(1.0, 0.3 + 0.05 * double(k));
    }
    return p;
}

/// The opponent's candidates in `p` at the shipped rule with its temperature times `scale`.
std::vector<encoding::MoveProb> candidatesAt(const evaluation::ErrorPosition& p, double scale) {
    return play::humanCandidates(p.position, p.dist, p.moverElo, p.ply, play::MovePolicy{scale, 1.0, true}, p.outcomes);
}

/// `n` copies of a position whose players chose as the rule does at `scale` times its temperature: the i-th copy's
/// move is the one at quantile (i + 1/2) / n of those candidates, so the players' mean loss and blunder share are
/// the rule's there (to within 1/n).
std::vector<evaluation::ErrorPosition> cell(const char* fen, int elo, int ply, int n, double scale,
                                            const std::function<void(evaluation::ErrorPosition&)>& engineView = {}) {
    std::vector<evaluation::ErrorPosition> out;
    for (int i = 0; i < n; ++i) {
        auto p = scored(fen, elo, ply);
        if (engineView) engineView(p);
        const auto candidates = candidatesAt(p, scale);
        const double u = (i + 0.5) / n;
        double cumulative = 0.0;
        chess::Move played = candidates.back().move;
        for (const auto& c : candidates) {
            cumulative += c.prob;
            if (u < cumulative) {
                played = c.move;
                break;
            }
        }
        p.humanLoss = p.loss.at(played.raw());
        out.push_back(std::move(p));
    }
    return out;
}

/// The engine's view where the model is misled: its favourite move (the first) loses 0.3, the second is the best.
void misled(evaluation::ErrorPosition& p) {
    const chess::MoveList moves = p.position.legalMoves();
    p.loss[moves[0].raw()] = 0.3;
    p.loss[moves[1].raw()] = 0.0;
}

/// The opponent's expected loss in `p` at the shipped rule times `scale`.
double modelLossAt(const evaluation::ErrorPosition& p, double scale) {
    return evaluation::expectedLoss(p, candidatesAt(p, scale)).first;
}

constexpr const char* kRuyLopez = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5";
constexpr const char* kRookEnding = "8/5pk1/6p1/8/3R4/6P1/r4PK1/8 w - - 0 41";

}  // namespace

class TestStrengthFit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void positionsArePhasedAsTheTestSays() {
        QCOMPARE(chess::gamePhase(scored(kRuyLopez, 1500, 8).position), chess::GamePhase::Opening);
        QCOMPARE(chess::gamePhase(scored(kRookEnding, 1500, 80).position), chess::GamePhase::Endgame);
    }

    // One position in N plies is a sample of the plies, each chosen apart from the others, over the keys of real games
    // (tests/data/games_sample.pgn, Lichess): about one in N is chosen, a ply chosen at 8 is chosen at 4 and 2, one
    // player's consecutive moves are chosen together about as often as two draws would be, and the games' choices
    // differ. (Plain FNV-1a chose one of N fixed patterns: at N = 2 ten plies in, ten out, in every game.)
    void plyChoiceIsASampleOfThePlies() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        std::vector<std::string> keys;
        chess::PgnGame game;
        while (reader.value()->next(game)) keys.push_back(evaluation::plyChoiceKey(game));
        QCOMPARE(int(keys.size()), 300);
        QVERIFY(keys.front().find("lichess.org") != std::string::npos);
        for (const int every : {2, 4, 8}) {
            int chosen = 0, plies = 0, pairs = 0, both = 0;
            std::set<std::vector<int>> patterns;
            for (const auto& key : keys) {
                std::vector<int> pattern;
                for (int ply = 0; ply < 60; ply += 2) {  // White's first 30 moves
                    const bool in = evaluation::chosenPly(key, ply, every);
                    if (in) pattern.push_back(ply);
                    chosen += in;
                    ++plies;
                    if (every == 8 && in) {
                        QVERIFY(evaluation::chosenPly(key, ply, 4));
                        QVERIFY(evaluation::chosenPly(key, ply, 2));
                    }
                    if (ply >= 2) {
                        ++pairs;
                        both += in && evaluation::chosenPly(key, ply - 2, every);
                    }
                }
                patterns.insert(pattern);
            }
            const double share = double(chosen) / plies, together = double(both) / pairs;
            const double expected = 1.0 / every;
            QVERIFY2(std::abs(share - expected) < 0.25 * expected, qPrintable(QString::number(share)));
            QVERIFY2(std::abs(together - expected * expected) < 0.4 * expected * expected,
                     qPrintable(QStringLiteral("every %1: both of two consecutive moves %2").arg(every).arg(together)));
            QVERIFY2(int(patterns.size()) > 250, qPrintable(QString::number(patterns.size())));
        }
        QVERIFY(evaluation::chosenPly(keys.front(), 7, 1));
    }

    // Players who lose what the rule loses at twice its temperature in the opening, and at half of it in the endgame:
    // the scales found are above and below 1, the fitted loss near theirs.
    void phaseScaleFollowsThePlayers() {
        const double openingTarget = modelLossAt(scored(kRuyLopez, 1550, 8), 2.0);
        const double endingTarget = modelLossAt(scored(kRookEnding, 1550, 80), 0.5);
        QVERIFY(openingTarget > 1.2 * modelLossAt(scored(kRuyLopez, 1550, 8), 1.0));
        QVERIFY(endingTarget < 0.9 * modelLossAt(scored(kRookEnding, 1550, 80), 1.0));
        auto positions = cell(kRuyLopez, 1550, 8, 200, 2.0);
        for (auto& p : cell(kRookEnding, 1550, 80, 200, 0.5)) positions.push_back(std::move(p));
        // A band with fewer positions than asked is not fitted.
        for (auto& p : cell(kRuyLopez, 2100, 8, 40, 1.0)) positions.push_back(std::move(p));
        const auto fits = evaluation::fitPhaseScales(positions, 100);
        QCOMPARE(fits.size(), std::size_t(2));
        for (const auto& f : fits) {
            QCOMPARE(f.band, evaluation::strengthBand(1550));
            QCOMPARE(f.positions, std::int64_t(200));
            if (f.phase == chess::GamePhase::Opening) {
                QVERIFY2(f.scale > 1.6 && f.scale < 2.45, qPrintable(QString::number(f.scale)));
                QVERIFY(std::abs(f.modelLoss - openingTarget) < 0.1 * openingTarget);
            } else {
                QCOMPARE(f.phase, chess::GamePhase::Endgame);
                QVERIFY2(f.scale > 0.42 && f.scale < 0.6, qPrintable(QString::number(f.scale)));
                QVERIFY(std::abs(f.modelLoss - endingTarget) < 0.1 * endingTarget);
            }
        }
    }

    // A cell's ratio comes with an interval from resampling its games. Checked against another method on the same
    // positions: the delta method's normal interval of a ratio of sums over games (1.645 standard errors for 90%) must
    // agree with it to within a third of its width; positions that all come from one game give no spread (every
    // resample is that game); four times the games narrow it (about halve it).
    void errorCellIntervalsResampleTheGames() {
        const auto profiled = [](int games, int perGame) {
            auto positions = cell(kRuyLopez, 1550, 8, games * perGame, 1.6);
            for (std::size_t i = 0; i < positions.size(); ++i) positions[i].game = i % std::size_t(games);
            return std::pair{evaluation::profileErrors(positions, evaluation::humanMoverCandidates({})), positions};
        };
        const std::size_t band = std::size_t(evaluation::strengthBand(1550));
        const auto [one, onePositions] = profiled(1, 200);
        const evaluation::ErrorCell& single = one.byBand[band];
        QVERIFY(single.hasRatioInterval());
        QCOMPARE(single.ratioLow, single.ratio());
        QCOMPARE(single.ratioHigh, single.ratio());

        const auto [p40, positions] = profiled(40, 5);
        const evaluation::ErrorCell& c = p40.byBand[band];
        QCOMPARE(c.positions, std::int64_t(200));
        QVERIFY(c.ratioLow < c.ratio() && c.ratio() < c.ratioHigh);
        QCOMPARE(p40.all.ratioLow, c.ratioLow);  // the same positions, the same resamples
        std::vector<double> model(40, 0.0), human(40, 0.0);
        for (const auto& p : positions) {
            model[p.game] += modelLossAt(p, 1.0);
            human[p.game] += p.humanLoss;
        }
        double sumModel = 0, sumHuman = 0;
        for (std::size_t g = 0; g < model.size(); ++g) sumModel += model[g], sumHuman += human[g];
        const double ratio = sumModel / sumHuman;
        QVERIFY(std::abs(ratio - c.ratio()) < 1e-9);
        double var = 0;
        for (std::size_t g = 0; g < model.size(); ++g) var += std::pow(model[g] - ratio * human[g], 2);
        const double se = std::sqrt(var * 40.0 / 39.0) / sumHuman;
        const double halfWidth = 0.5 * (c.ratioHigh - c.ratioLow);
        qInfo("ratio %.3f: resampled %.3f-%.3f, delta method %.3f-%.3f", c.ratio(), c.ratioLow, c.ratioHigh,
              ratio - 1.645 * se, ratio + 1.645 * se);
        QVERIFY(std::abs(halfWidth - 1.645 * se) < 0.33 * halfWidth);
        QVERIFY(std::abs(c.ratioLow - (ratio - 1.645 * se)) < 0.33 * halfWidth);

        const auto [p160, more] = profiled(160, 5);
        const double width160 = p160.byBand[band].ratioHigh - p160.byBand[band].ratioLow;
        QVERIFY2(width160 > 0.3 * (c.ratioHigh - c.ratioLow) && width160 < 0.7 * (c.ratioHigh - c.ratioLow),
                 qPrintable(QString("%1 %2").arg(width160).arg(c.ratioHigh - c.ratioLow)));

        // How far from 1 beyond chance: the resamples' p against the delta method's on the ratio's logarithm (its
        // standard error se / ratio, read on a normal curve), within a factor of 1.4, on the same games with the
        // model's sums scaled to a ratio of 1.03, near where chance and a real difference part.
        std::vector<evaluation::GameSums> games;
        for (std::size_t g = 0; g < model.size(); ++g) games.push_back({model[g] * 1.03 / ratio, human[g]});
        const auto resampled = evaluation::resampledRatio(games, 2000, 3, 0.9);
        QVERIFY(resampled);
        const double pDelta = std::erfc(std::log(1.03) / (se / ratio) / std::sqrt(2.0));
        qInfo("ratio 1.03: p %.4f, the delta method's %.4f", resampled->p, pDelta);
        QVERIFY(pDelta > 0.02 && pDelta < 0.5);
        QVERIFY2(resampled->p > pDelta / 1.4 && resampled->p < pDelta * 1.4, qPrintable(QString::number(resampled->p)));

        // Student's t against the published table (two-sided tails of 10% and 5%), and the normal's far out.
        const std::pair<double, double> table90[] = {{1, 6.314}, {2, 2.920}, {5, 2.015}, {10, 1.812}, {30, 1.697}};
        for (const auto& [df, t] : table90) {
            QVERIFY2(std::abs(evaluation::studentTQuantile(0.1, df) - t) < 0.001, qPrintable(QString::number(df)));
            QVERIFY(std::abs(evaluation::studentTTail(t, df) - 0.1) < 1e-4);
        }
        QVERIFY(std::abs(evaluation::studentTQuantile(0.05, 3) - 3.182) < 0.001);
        QVERIFY(std::abs(evaluation::studentTQuantile(0.05, 20) - 2.086) < 0.001);
        QVERIFY(std::abs(evaluation::studentTQuantile(0.1, 1e9) - 1.6449) < 0.0001);
        // A few games: the interval widens by sqrt(n / (n - 1)) t / z about the ratio (three games: 2.17 times on the
        // logarithm's scale), and the p reads Student's t with two degrees of freedom. Three games of ratios 1, 2
        // and 1.5 (6 / 4 in all): of the 27 equally likely resamples, 1 gives 1 and 3 give 5 / 4 (its 5% point), 1
        // gives 2 and 3 give 7 / 4 (its 95% point).
        const std::vector<evaluation::GameSums> three{{1.0, 1.0}, {2.0, 1.0}, {3.0, 2.0}};
        const auto few = evaluation::resampledRatio(three, 4000, 5, 0.9);
        QVERIFY(few);
        const double r3 = 1.5, widen = std::sqrt(1.5) * 2.920 / 1.6449;
        QVERIFY2(std::abs(few->low / (r3 * std::pow(1.25 / r3, widen)) - 1.0) < 0.01,
                 qPrintable(QString::number(few->low)));
        QVERIFY2(std::abs(few->high / (r3 * std::pow(1.75 / r3, widen)) - 1.0) < 0.01,
                 qPrintable(QString::number(few->high)));
        QVERIFY(few->p > 0.05 && few->p < 0.5);

        // The resampling itself: no games, no interval; the same seed, the same figures; a ratio of 1 is no
        // difference at all (p 1), and games that all say 2 leave no doubt (p 0).
        QVERIFY(!evaluation::resampledRatio({}, 100, 1, 0.9));
        const std::vector<evaluation::GameSums> sums{{1.0, 2.0}, {3.0, 1.0}, {0.5, 0.5}};
        const auto a = evaluation::resampledRatio(sums, 100, 7, 0.9), b = evaluation::resampledRatio(sums, 100, 7, 0.9);
        QVERIFY(a && b);
        QCOMPARE(a->low, b->low);
        QCOMPARE(a->high, b->high);
        QCOMPARE(a->p, b->p);
        QVERIFY(a->p > 0.0 && a->p < 1.0);
        QCOMPARE(evaluation::resampledRatio({{1.0, 2.0}, {2.0, 1.0}}, 100, 7, 0.9)->p, 1.0);
        QCOMPARE(evaluation::resampledRatio({{2.0, 1.0}, {4.0, 2.0}}, 100, 7, 0.9)->p, 0.0);
    }

    // The profile's peer calibration: two bands whose players lose what the rule loses at known multiples of its
    // temperature in each phase. Every band of the profile gets its scales; those of the two bands are the multiples,
    // and the peer scored with them loses what the players lose, cell by cell; a cell with too few positions (or
    // none) keeps scale 1.
    void peerFitFollowsThePlayers() {
        auto positions = cell(kRuyLopez, 1550, 8, 200, 2.0);
        for (auto& p : cell(kRookEnding, 1550, 80, 200, 0.5)) positions.push_back(std::move(p));
        for (auto& p : cell(kRuyLopez, 2150, 8, 150, 0.7)) positions.push_back(std::move(p));
        for (auto& p : cell(kRookEnding, 2150, 80, 40, 0.45)) positions.push_back(std::move(p));
        for (auto& p : cell(kRuyLopez, 2650, 8, 150, 1.6)) positions.push_back(std::move(p));
        const auto bands = evaluation::fitPeerScales(positions, 100);
        QCOMPARE(bands.size(), evaluation::kPeerBandLow.size());
        const auto mid = std::size_t(evaluation::peerBand(1550)), top = std::size_t(evaluation::peerBand(2150));
        QCOMPARE(bands[mid].low, 1400);
        const auto opening = std::size_t(chess::GamePhase::Opening), ending = std::size_t(chess::GamePhase::Endgame);
        const auto near = [](double got, double want) { return std::abs(std::log(got / want)) < 0.12; };
        QVERIFY2(near(bands[mid].scale[0][opening], 2.0), qPrintable(QString::number(bands[mid].scale[0][opening])));
        QVERIFY2(near(bands[mid].scale[0][ending], 0.5), qPrintable(QString::number(bands[mid].scale[0][ending])));
        QVERIFY2(near(bands[top].scale[0][opening], 0.7), qPrintable(QString::number(bands[top].scale[0][opening])));
        // Players from 2400 have a band of their own: the 2650s' multiple is not the 2150s'.
        const auto strong = std::size_t(evaluation::peerBand(2650));
        QCOMPARE(strong, top + 1);
        QCOMPARE(bands[strong].low, 2400);
        QVERIFY2(near(bands[strong].scale[0][opening], 1.6),
                 qPrintable(QString::number(bands[strong].scale[0][opening])));
        QCOMPARE(bands[top].scale[0][ending], 1.0);                                     // 40 positions: not fitted
        QCOMPARE(bands[mid].scale[0][std::size_t(chess::GamePhase::Middlegame)], 1.0);  // no positions at all
        QCOMPARE(bands[0].scale[0][opening], 1.0);
        const auto profile = evaluation::profileErrors(positions, evaluation::peerCandidates({}, bands));
        for (std::size_t f : {opening, ending}) {
            const auto& c = profile.byPhase[mid][f];
            QVERIFY2(c.ratio() > 0.95 && c.ratio() < 1.05, qPrintable(QString::number(c.ratio())));
        }
        // The plain rule is off in those cells by the multiples' effect.
        const auto plain = evaluation::profileErrors(positions, evaluation::humanMoverCandidates({}));
        QVERIFY(plain.byPhase[mid][opening].ratio() < 0.85);
        QVERIFY(plain.byPhase[mid][ending].ratio() > 1.15);
        // Positions without a speed fit the class over all speeds; the speed classes, without positions of their own,
        // keep its scales.
        for (std::size_t c = 1; c < std::size_t(evaluation::kPeerSpeeds); ++c)
            QCOMPARE(bands[mid].scale[c], bands[mid].scale[0]);
        // Refitted from 2400 with other bands kept: those under 2400 are the kept ones exactly, those from it fitted.
        auto kept = bands;
        for (auto& band : kept)
            for (auto& phases : band.scale) phases.fill(1.3);
        const auto refit = evaluation::fitPeerScales(positions, 100, nullptr, kept, 2400);
        QCOMPARE(refit.size(), kept.size());
        for (std::size_t b = 0; b < strong; ++b) QCOMPARE(refit[b].scale, kept[b].scale);
        QVERIFY2(near(refit[strong].scale[0][opening], 1.6),
                 qPrintable(QString::number(refit[strong].scale[0][opening])));
        // Only the openings refitted from 2400 (with endgames there that would be fitted too): the other phases and
        // the tilt stay the kept ones, and the openings from 2400 lose what the players lose there, the kept tilt
        // included.
        kept.back().engineTilt = 2.0;
        for (auto& p : cell(kRookEnding, 2650, 80, 150, 2.2)) positions.push_back(std::move(p));
        const auto openings = evaluation::fitPeerScales(positions, 100, nullptr, kept, 2400, chess::GamePhase::Opening);
        for (std::size_t b = 0; b < strong; ++b) QCOMPARE(openings[b].scale, kept[b].scale);
        QCOMPARE(openings[strong].engineTilt, 2.0);
        for (std::size_t c = 0; c < std::size_t(evaluation::kPeerSpeeds); ++c) {
            QCOMPARE(openings[strong].scale[c][std::size_t(chess::GamePhase::Middlegame)], 1.3);
            QCOMPARE(openings[strong].scale[c][ending], 1.3);
        }
        double peer = 0.0, human = 0.0;
        const auto candidates = evaluation::peerCandidates({}, openings);
        for (const auto& p : positions)
            if (p.moverElo >= 2400 && chess::gamePhase(p.position) == chess::GamePhase::Opening) {
                peer += evaluation::expectedLoss(p, candidates(p)).first;
                human += p.humanLoss;
            }
        QVERIFY2(human > 0.0 && std::abs(std::log(peer / human)) < 0.03,
                 qPrintable(QString("%1 %2 %3").arg(peer).arg(human).arg(openings[strong].scale[0][opening])));
        QVERIFY(std::abs(std::log(openings[strong].scale[0][opening] / 1.3)) > 0.05);
    }

    // One factor on the top row's openings: players of 2650 whose openings err as the rule does at 1.6 times its
    // temperature, and bullet players of 2650 at 0.8, against a kept row whose bullet openings are half its others
    // (1.3 and 0.65). The factor is 1.6 / 1.3 for both, each position read at its own class; every class's opening is
    // kept's times it, and nothing else moves.
    void peerPhaseFactorKeepsTheClassesRatios() {
        auto positions = cell(kRuyLopez, 2650, 8, 150, 1.6);
        for (auto& p : cell(kRuyLopez, 2650, 8, 150, 0.8)) {
            p.speed = chess::GameSpeed::Bullet;
            positions.push_back(std::move(p));
        }
        for (auto& p : cell(kRuyLopez, 1550, 8, 150, 0.7)) positions.push_back(std::move(p));  // under 2400: ignored
        std::vector<evaluation::PeerScaleBand> kept;
        for (int low : evaluation::kPeerBandLow) {
            evaluation::PeerScaleBand band;
            band.low = low;
            for (auto& phases : band.scale) phases.fill(1.3);
            kept.push_back(band);
        }
        const auto bullet = std::size_t(evaluation::PeerSpeed::Bullet),
                   opening = std::size_t(chess::GamePhase::Opening);
        kept.back().scale[bullet][opening] = 0.65;
        kept.back().engineTilt = 2.0;
        double factor = 0.0;
        const auto bands =
            evaluation::fitPeerPhaseFactor(positions, kept, 2400, chess::GamePhase::Opening, 100, &factor);
        QVERIFY2(std::abs(std::log(factor / (1.6 / 1.3))) < 0.08, qPrintable(QString::number(factor)));
        const auto top = bands.size() - 1;
        for (std::size_t b = 0; b < top; ++b) QCOMPARE(bands[b].scale, kept[b].scale);
        QCOMPARE(bands[top].engineTilt, 2.0);
        for (std::size_t c = 0; c < std::size_t(evaluation::kPeerSpeeds); ++c) {
            QCOMPARE(bands[top].scale[c][opening], kept[top].scale[c][opening] * factor);
            for (std::size_t f = 1; f < std::size_t(chess::kGamePhases); ++f)
                QCOMPARE(bands[top].scale[c][f], kept[top].scale[c][f]);
        }
        double peer = 0.0, human = 0.0;
        const auto candidates = evaluation::peerCandidates({}, bands);
        for (const auto& p : positions)
            if (p.moverElo >= 2400) {
                peer += evaluation::expectedLoss(p, candidates(p)).first;
                human += p.humanLoss;
            }
        QVERIFY2(std::abs(std::log(peer / human)) < 0.03, qPrintable(QString("%1 %2").arg(peer).arg(human)));
        // Under 100 openings from 2400 (or none) nothing moves.
        std::vector<evaluation::ErrorPosition> few(positions.begin() + 50, positions.begin() + 150);
        QCOMPARE(evaluation::fitPeerPhaseFactor(few, kept, 2400, chess::GamePhase::Opening, 101, &factor).back().scale,
                 kept.back().scale);
        QCOMPARE(factor, 1.0);
        QVERIFY(evaluation::fitPeerPhaseFactor(few, kept, 2400, chess::GamePhase::Opening, 100).back().scale !=
                kept.back().scale);
        std::vector<evaluation::ErrorPosition> low(positions.begin() + 300, positions.end());
        QCOMPARE(evaluation::fitPeerPhaseFactor(low, kept, 2400, chess::GamePhase::Opening, 100, &factor).back().scale,
                 kept.back().scale);
        QCOMPARE(factor, 1.0);
    }

    // Bullet players who err as the rule does at half its temperature and rapid players as at twice it, in the same
    // band and phase: each speed class gets its own scale, and the class over all speeds one between them; blitz,
    // without positions of its own, keeps that one.
    void peerFitSeparatesSpeeds() {
        auto positions = cell(kRookEnding, 1550, 80, 150, 0.5);
        for (auto& p : positions) p.speed = chess::GameSpeed::Bullet;
        for (auto& p : cell(kRookEnding, 1550, 80, 150, 2.0)) {
            p.speed = chess::GameSpeed::Rapid;
            positions.push_back(std::move(p));
        }
        const auto bands = evaluation::fitPeerScales(positions, 100);
        const auto mid = std::size_t(evaluation::peerBand(1550)), ending = std::size_t(chess::GamePhase::Endgame);
        const auto bullet = std::size_t(evaluation::PeerSpeed::Bullet),
                   rapid = std::size_t(evaluation::PeerSpeed::Rapid), blitz = std::size_t(evaluation::PeerSpeed::Blitz);
        const auto near = [](double got, double want) { return std::abs(std::log(got / want)) < 0.12; };
        QVERIFY2(near(bands[mid].scale[bullet][ending], 0.5),
                 qPrintable(QString::number(bands[mid].scale[bullet][ending])));
        QVERIFY2(near(bands[mid].scale[rapid][ending], 2.0),
                 qPrintable(QString::number(bands[mid].scale[rapid][ending])));
        QVERIFY(bands[mid].scale[0][ending] > 0.6 && bands[mid].scale[0][ending] < 1.8);
        QCOMPARE(bands[mid].scale[blitz][ending], bands[mid].scale[0][ending]);
        QCOMPARE(evaluation::peerSpeed(chess::GameSpeed::Bullet), evaluation::PeerSpeed::Bullet);
        QCOMPARE(evaluation::peerSpeed(chess::GameSpeed::Blitz), evaluation::PeerSpeed::Blitz);
        QCOMPARE(evaluation::peerSpeed(chess::GameSpeed::Rapid), evaluation::PeerSpeed::Rapid);
        QCOMPARE(evaluation::peerSpeed(chess::GameSpeed::Classical), evaluation::PeerSpeed::Rapid);
        QCOMPARE(evaluation::peerSpeed(std::nullopt), evaluation::PeerSpeed::Any);
        // Scored with its classes, the peer loses what each class's players lose.
        const auto peer = evaluation::peerCandidates({}, bands);
        for (const auto speed : {chess::GameSpeed::Bullet, chess::GameSpeed::Rapid}) {
            double players = 0.0, peers = 0.0;
            for (const auto& p : positions)
                if (p.speed == speed) {
                    players += p.humanLoss;
                    peers += evaluation::expectedLoss(p, peer(p)).first;
                }
            QVERIFY2(std::abs(peers / players - 1.0) < 0.05, qPrintable(QString::number(peers / players)));
        }
    }

    // Inside a band its scale; across an edge a log-linear blend over kPeerScaleBlend points either side; the raw
    // distribution is left as it is.
    void peerScaleBlendsAcrossEdges() {
        using Scales = evaluation::PeerScaleBand::PhaseScales;
        const Scales low{1.0, 0.5, 2.0}, high{4.0, 0.5, 0.5};
        const std::vector<evaluation::PeerScaleBand> bands{{0, {low, low, low, low}}, {1500, {high, high, high, high}}};
        const auto at = [&bands](int elo, chess::GamePhase f) {
            return evaluation::peerTemperatureScale(elo, f, evaluation::PeerSpeed::Any, bands);
        };
        QCOMPARE(at(1000, chess::GamePhase::Opening), 1.0);
        QCOMPARE(at(1500 - evaluation::kPeerScaleBlend, chess::GamePhase::Opening), 1.0);
        QVERIFY(std::abs(at(1500, chess::GamePhase::Opening) - 2.0) < 1e-12);
        QVERIFY(std::abs(at(1500, chess::GamePhase::Endgame) - 1.0) < 1e-12);
        QCOMPARE(at(1500 + evaluation::kPeerScaleBlend, chess::GamePhase::Opening), 4.0);
        QCOMPARE(at(2600, chess::GamePhase::Endgame), 0.5);
        QCOMPARE(at(1510, chess::GamePhase::Middlegame), 0.5);
        QCOMPARE(
            evaluation::peerTemperatureScale(1500, chess::GamePhase::Middlegame, evaluation::PeerSpeed::Bullet, {}),
            1.0);
        const auto p = scored(kRookEnding, 1000, 80);
        const auto raw = evaluation::peerCandidates({1.0, 1.0, false}, bands)(p);
        const auto plain = evaluation::humanMoverCandidates({1.0, 1.0, false})(p);
        QCOMPARE(raw.size(), plain.size());
        for (std::size_t i = 0; i < raw.size(); ++i) QCOMPARE(raw[i].prob, plain[i].prob);
        // Calibrated, the endgame scale 2 at 1000 is flatter than the plain rule; 0.5 at 1800 is sharper.
        QVERIFY(evaluation::peerCandidates({}, bands)(p).front().prob <
                evaluation::humanMoverCandidates({})(p).front().prob - 0.01);
        const auto at1800 = scored(kRookEnding, 1800, 80);
        QVERIFY(evaluation::peerCandidates({}, bands)(at1800).front().prob >
                evaluation::humanMoverCandidates({})(at1800).front().prob + 0.01);
    }

    // The top band's engine tilt: 0 on its edge and below it, rising with the rating inside it, and from
    // kPeerRapidLeanFrom in rapid and slower games; it moves the peer's weight onto the moves the engine finds better
    // (here the first), leaving the candidates' set as it was.
    void peerEngineTiltRisesInTheTopBand() {
        using Scales = evaluation::PeerScaleBand::PhaseScales;
        using evaluation::PeerSpeed;
        const Scales one{1.0, 1.0, 1.0};
        std::vector<evaluation::PeerScaleBand> bands{{0, {one, one, one, one}}, {2400, {one, one, one, one}}};
        bands.back().engineTilt = 10.0;
        QVERIFY(evaluation::kPeerRapidLeanFrom < 2400);
        const double rapidFrom = evaluation::kPeerRapidLeanFrom;
        for (const PeerSpeed speed : {PeerSpeed::Any, PeerSpeed::Bullet, PeerSpeed::Blitz, PeerSpeed::Rapid}) {
            const double start = speed == PeerSpeed::Rapid ? rapidFrom : 2400.0;
            QCOMPARE(evaluation::peerEngineTilt(int(start) - 100, speed, bands), 0.0);
            QCOMPARE(evaluation::peerEngineTilt(int(start), speed, bands), 0.0);
            QVERIFY(std::abs(evaluation::peerEngineTilt(2900, speed, bands) - 10.0 * (2900 - start) / 1000) < 1e-12);
            QCOMPARE(evaluation::peerEngineTilt(2900, speed, {}), 0.0);
        }
        // With the top band split at 2800 (the tilt held by the last band), the tilt still starts at kPeerTiltFrom
        // and rises through both.
        QCOMPARE(evaluation::kPeerTiltFrom, 2400);
        auto split = bands;
        split.back().engineTilt = 0.0;
        split.push_back({2800, {one, one, one, one}});
        split.back().engineTilt = 10.0;
        QVERIFY(std::abs(evaluation::peerEngineTilt(2600, PeerSpeed::Bullet, split) - 2.0) < 1e-12);
        QVERIFY(std::abs(evaluation::peerEngineTilt(2900, PeerSpeed::Any, split) - 5.0) < 1e-12);
        const std::vector<evaluation::PeerScaleBand> plainBands{bands.front(), {2400, {one, one, one, one}}};
        for (const int elo : {2300, 2400, 2600, 3000})
            for (const auto speed : {std::optional<chess::GameSpeed>{}, std::optional(chess::GameSpeed::Rapid)}) {
                auto p = scored(kRuyLopez, elo, 8);
                p.speed = speed;
                const auto tilted = evaluation::peerCandidates({}, bands)(p);
                const auto plain = evaluation::peerCandidates({}, plainBands)(p);
                QCOMPARE(tilted.size(), plain.size());
                double sum = 0.0;
                for (const auto& c : tilted) sum += c.prob;
                QVERIFY(std::abs(sum - 1.0) < 1e-5);
                const double lossTilted = evaluation::expectedLoss(p, tilted).first;
                const double lossPlain = evaluation::expectedLoss(p, plain).first;
                if (elo <= (speed ? evaluation::kPeerRapidLeanFrom : 2400))
                    QCOMPARE(lossTilted, lossPlain);
                else
                    QVERIFY2(lossTilted < (elo >= 2600 ? 0.8 : 0.95) * lossPlain,
                             qPrintable(QString("%1 at %2").arg(lossTilted).arg(elo)));
            }
    }

    // The tilt's multiple in one phase: players of 2900 in an opening where the model's favourite move is a blunder by
    // the engine, who find the best move one time in five. The whole tilt (40, beta 20 at 2900) leans the peer
    // otherwise than they do; the multiple the fit finds lies inside its range, where the peer loses what they lose,
    // and only the opening's multiple moves.
    void peerTiltMultipleFollowsOnePhase() {
        using Scales = evaluation::PeerScaleBand::PhaseScales;
        const Scales one{1.0, 1.0, 1.0};
        std::vector<evaluation::PeerScaleBand> kept;
        for (int low : evaluation::kPeerBandLow) kept.push_back({low, {one, one, one, one}});
        kept.back().engineTilt = 40.0;
        std::vector<evaluation::ErrorPosition> positions;
        for (int i = 0; i < 200; ++i) {
            auto p = scored(kRuyLopez, 2900, 8);
            misled(p);
            p.humanLoss = i % 5 < 4 ? 0.3 : 0.0;
            positions.push_back(std::move(p));
        }
        QCOMPARE(chess::gamePhase(positions.front().position), chess::GamePhase::Opening);
        double multiple = -1.0;
        const auto bands = evaluation::fitPeerTiltPhase(positions, kept, chess::GamePhase::Opening, 100, &multiple);
        QVERIFY2(multiple > 0.05 && multiple < 1.95 && std::abs(multiple - 1.0) > 0.05,
                 qPrintable(QString::number(multiple)));
        QCOMPARE(bands.back().tiltByPhase[0], multiple);
        QCOMPARE(bands.back().tiltByPhase[1], 1.0);
        QCOMPARE(bands.back().tiltByPhase[2], 1.0);
        QCOMPARE(bands.back().engineTilt, 40.0);
        for (std::size_t b = 0; b < bands.size(); ++b) QCOMPARE(bands[b].scale, kept[b].scale);
        const auto any = evaluation::PeerSpeed::Any;
        QVERIFY(std::abs(evaluation::peerEngineTilt(2900, any, bands, chess::GamePhase::Opening) - 20.0 * multiple) <
                1e-12);
        QVERIFY(std::abs(evaluation::peerEngineTilt(2900, any, bands, chess::GamePhase::Endgame) - 20.0) < 1e-12);
        QVERIFY(std::abs(evaluation::peerEngineTilt(2900, any, bands) - 20.0) < 1e-12);
        double peer = 0.0, human = 0.0, whole = 0.0;
        const auto candidates = evaluation::peerCandidates({}, bands), shipped = evaluation::peerCandidates({}, kept);
        for (const auto& p : positions) {
            peer += evaluation::expectedLoss(p, candidates(p)).first;
            whole += evaluation::expectedLoss(p, shipped(p)).first;
            human += p.humanLoss;
        }
        QVERIFY2(std::abs(std::log(peer / human)) < 0.03, qPrintable(QString("%1 %2").arg(peer).arg(human)));
        QVERIFY2(std::abs(std::log(whole / human)) > 0.1, qPrintable(QString("%1 %2").arg(whole).arg(human)));
        // Under 100 such positions the multiple stays kept's.
        const std::vector<evaluation::ErrorPosition> few(positions.begin(), positions.begin() + 99);
        QCOMPARE(evaluation::fitPeerTiltPhase(few, kept, chess::GamePhase::Opening, 100, &multiple).back().tiltByPhase,
                 kept.back().tiltByPhase);
        QCOMPARE(multiple, 1.0);
    }

    // Players of the top band in positions where the model's favourite move is a blunder by the engine: at 2500 they
    // choose as the rule does (and blunder as often), at 2900 two in five find the engine's best move. No temperature
    // follows both (the rule at 2900 all but always plays its favourite); the tilt the fit chooses does, and the scan
    // shows every tilt of the grid with its ratio per span.
    void peerFitChoosesTheTopBandsTilt() {
        auto positions = cell(kRuyLopez, 2500, 8, 300, 1.0, misled);
        for (int i = 0; i < 300; ++i) {
            auto p = scored(kRuyLopez, 2900, 8);
            misled(p);
            p.humanLoss = i % 5 < 3 ? 0.3 : 0.0;
            positions.push_back(std::move(p));
        }
        std::vector<evaluation::PeerTiltTrial> scan;
        const auto bands = evaluation::fitPeerScales(positions, 100, &scan);
        QCOMPARE(scan.size(), evaluation::kPeerTiltGrid.size());
        QCOMPARE(scan.front().engineTilt, 0.0);
        QVERIFY2(bands.back().engineTilt > 0.0, qPrintable(QString::number(bands.back().engineTilt)));
        double chosen = -1.0;
        for (const auto& t : scan)
            if (t.engineTilt == bands.back().engineTilt) chosen = t.mismatch;
        QVERIFY(chosen >= 0.0 && chosen < 0.25 * scan.front().mismatch);
        // Untilted, the 2500s' peer errs too little and the 2900s' far too much; tilted, both are near their players.
        const auto& flat = scan.front().spans;
        QCOMPARE(flat.size(), evaluation::kPeerTiltSpans.size());
        QCOMPARE(flat[0].first, std::int64_t(300));
        QCOMPARE(flat[1].first, std::int64_t(300));
        QCOMPARE(scan.front().phases.size(), std::size_t(chess::kGamePhases));
        QCOMPARE(scan.front().phases[std::size_t(chess::GamePhase::Opening)].first, std::int64_t(600));
        // No rapid games: the rapid phases below the band are reported empty.
        QCOMPARE(scan.front().rapidPhases.size(), std::size_t(chess::kGamePhases));
        for (const auto& [n, ratio] : scan.front().rapidPhases) QCOMPARE(n, std::int64_t(0));
        QVERIFY2(flat[0].second < 1.0 && flat[1].second > 1.4,
                 qPrintable(QString("%1 %2").arg(flat[0].second).arg(flat[1].second)));
        const auto profile = evaluation::profileErrors(positions, evaluation::peerCandidates({}, bands));
        QVERIFY(std::abs(profile.byBand.back().ratio() - 1.0) < 0.05);
        for (const auto& t : scan)
            if (t.engineTilt == bands.back().engineTilt)
                for (std::size_t s : {std::size_t(0), std::size_t(1)})
                    QVERIFY2(std::abs(std::log(t.spans[s].second)) < 0.15,
                             qPrintable(QString::number(t.spans[s].second)));
    }

    // Rapid players at 2200 in positions where the model's favourite move is a blunder by the engine, who find the
    // engine's best move four times in five: no temperature of theirs gets there (the rule at 2200 plays its
    // favourite). The top band's players (2500 and 2900) choose as the rule does, so without the rapid players the fit
    // keeps the tilt at 0; with them it leans (rapid games lean from kPeerRapidLeanFrom), and their peer comes near.
    void peerFitLeansRapidGamesBelowTheTopBand() {
        auto top = cell(kRuyLopez, 2500, 8, 300, 1.0, misled);
        for (auto& p : cell(kRuyLopez, 2900, 8, 300, 1.0, misled)) top.push_back(std::move(p));
        auto withRapid = top;
        for (int i = 0; i < 300; ++i) {
            auto p = scored(kRuyLopez, 2200, 8);
            misled(p);
            p.speed = chess::GameSpeed::Rapid;
            p.humanLoss = i % 5 == 0 ? 0.3 : 0.0;
            withRapid.push_back(std::move(p));
        }
        QCOMPARE(evaluation::fitPeerScales(top, 100).back().engineTilt, 0.0);
        std::vector<evaluation::PeerTiltTrial> scan;
        const double with = evaluation::fitPeerScales(withRapid, 100, &scan).back().engineTilt;
        QVERIFY2(with > 0.0, qPrintable(QString::number(with)));
        const auto opening = std::size_t(chess::GamePhase::Opening);
        QCOMPARE(scan.front().rapidPhases[opening].first, std::int64_t(300));
        // The top band's groups do not count them.
        QCOMPARE(scan.front().phases[opening].first, std::int64_t(600));
        const double flat = scan.front().rapidPhases[opening].second;
        QVERIFY2(flat > 1.5, qPrintable(QString::number(flat)));
        for (const auto& t : scan)
            if (t.engineTilt == with)
                QVERIFY2(std::abs(std::log(t.rapidPhases[opening].second)) < std::abs(std::log(flat)) / 2,
                         qPrintable(QString::number(t.rapidPhases[opening].second)));
    }

    // The shipped bands are the peer's (the error profile's, the top one split) and stay inside the fit's range.
    void shippedPeerBandsAreThePeers() {
        const auto& bands = evaluation::peerScaleBands();
        QCOMPARE(bands.size(), evaluation::kPeerBandLow.size());
        for (std::size_t i = 0; i < bands.size(); ++i) {
            QCOMPARE(bands[i].low, evaluation::kPeerBandLow[i]);
            for (const auto& phases : bands[i].scale)
                for (double s : phases)
                    QVERIFY(s >= evaluation::kPeerScaleRange[0] - 1e-9 && s <= evaluation::kPeerScaleRange[1] + 1e-9);
            // Only the top band may have an engine tilt, one of the fit's grid.
            if (i + 1 < bands.size()) QCOMPARE(bands[i].engineTilt, 0.0);
        }
        const double tilt = bands.back().engineTilt;
        QVERIFY(std::find(evaluation::kPeerTiltGrid.begin(), evaluation::kPeerTiltGrid.end(), tilt) !=
                evaluation::kPeerTiltGrid.end());
    }

    // Players who err more than the rule at 1500: the band's fitted temperature is above the rule's there.
    void strengthFitFollowsThePlayers() {
        const double target = modelLossAt(scored(kRuyLopez, 1550, 8), 1.8);
        const auto fits = evaluation::fitStrength(cell(kRuyLopez, 1550, 8, 200, 1.8), 100);
        QCOMPARE(fits.size(), std::size_t(1));
        QVERIFY2(fits.front().strength.temperature > play::strengthAt(1550, 8).temperature,
                 qPrintable(QString::number(fits.front().strength.temperature)));
        QVERIFY(std::abs(fits.front().modelLoss - target) < 0.15 * target);
    }
};

QTEST_GUILESS_MAIN(TestStrengthFit)
#include "tst_strength_fit.moc"
