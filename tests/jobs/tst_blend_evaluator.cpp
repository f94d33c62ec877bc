// SPDX-License-Identifier: GPL-3.0-or-later
// The blend of two human-move models (encoding::BlendEvaluator, `PRIMARY+FOLDER[@W[,FADE]]`): on the shipped default
// model and the shipped Maia-1 nets, along a real opening line, the blend is the weighted geometric mean of the two
// distributions (recomputed here from the two models' own answers), weight 0 is the primary and weight 1 the nets,
// the weight fades outside the nets' bands, the value and think-time heads are the primary's, one readPosition
// agrees with the separate calls, and a bad spec is refused by name. A bundle whose manifest asks for the blend
// (`bundle blend`) loads blended, alone when asked (what puzzle features and fine-tunes read), and a bad entry is
// refused naming the field; `bundle blend`'s edit replaces the request and the card's section. On real mate-in-one
// puzzles a mating move keeps at least the primary's probability.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/encoding/blend_evaluator.h"
#include "core/evaluation/elo_guess.h"
#include "core/evaluation/peer_calibration.h"
#include "core/jobs/bundle_blend.h"
#include "core/jobs/human_model.h"
#include "core/jobs/profile_job.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/lc0_evaluator.h"
#include "core/storage/bundle.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace kibitz;

namespace {

/// The positions of a real line (Ruy Lopez, Morphy defence) with their histories and conditionings.
struct Line {
    std::vector<chess::Position> positions;
    std::vector<encoding::RecentMoves> recent;
    std::vector<encoding::Conditioning> conds;
};

Line ruyLopez(int whiteElo, int blackElo) {
    Line line;
    chess::Position pos = chess::Position::fromFen(chess::Position::kStartFen).value();
    encoding::RecentMoves recent;
    encoding::Conditioning cond{whiteElo, blackElo, 180, 180, 2};
    for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"}) {
        line.positions.push_back(pos);
        line.recent.push_back(recent);
        line.conds.push_back(cond);
        const chess::Move m = chess::parseUci(pos, uci).value();
        recent.push(pos, m);
        pos.makeMove(m);
        std::swap(cond.moverElo, cond.oppElo);
        std::swap(cond.moverClockS, cond.oppClockS);
    }
    return line;
}

std::map<std::uint16_t, double> byMove(const std::vector<encoding::MoveProb>& d) {
    std::map<std::uint16_t, double> m;
    for (const auto& mp : d) m[mp.move.raw()] = mp.prob;
    return m;
}

std::unique_ptr<encoding::Evaluator> load(const QString& spec, bool blend = true) {
    auto ev = jobs::loadHumanEvaluator(spec, jobs::HumanLoadOptions{.blend = blend});
    if (!ev) qWarning("%s", ev.error().message.c_str());
    return ev ? std::move(ev.value()) : nullptr;
}

}  // namespace

class TstBlendEvaluator : public QObject {
    Q_OBJECT

    QString m_primary;
    QString m_maia;

private Q_SLOTS:
    void initTestCase() {
        m_primary = jobs::defaultHumanModelPath();
        m_maia = jobs::defaultMaiaFolder();
        QVERIFY2(!m_primary.isEmpty(), "the shipped human-move model is not found");
        QVERIFY2(!m_maia.isEmpty(), "the shipped Maia-1 nets are not found");
    }

    void shippedModelIsABlend() {
        // The shipped bundle asks for the blend with the shipped Maia-1 nets; asked not to, it answers alone.
        auto shipped = load(QString());
        QVERIFY(shipped);
        auto* blend = dynamic_cast<encoding::BlendEvaluator*>(shipped.get());
        QVERIFY2(blend != nullptr, shipped->describe().c_str());
        QCOMPARE(blend->schedule().weight, 0.5);
        QCOMPARE(blend->schedule().fade, 2000);
        QVERIFY(dynamic_cast<encoding::BlendEvaluator*>(load(m_primary, false).get()) == nullptr);
    }

    void peerBaselineKnowsItsModel() {
        // The profile's peer scales were fitted on the shipped bundle with its blend: that alone reads as fitted; the
        // bundle without its nets, another model or another mix are named in the report.
        using evaluation::PeerModelFit;
        auto shipped = load(QString());
        QVERIFY(shipped);
        QCOMPARE(evaluation::peerModelFit(*shipped), PeerModelFit::Fitted);
        QVERIFY(jobs::peerBaselineCaveat(*shipped).isEmpty());
        auto alone = load(m_primary, false);
        QVERIFY(alone);
        QCOMPARE(evaluation::peerModelFit(*alone), PeerModelFit::NetsMissing);
        QVERIFY2(jobs::peerBaselineCaveat(*alone).contains(QStringLiteral("KIBITZ_MAIA_DIR")),
                 qPrintable(jobs::peerBaselineCaveat(*alone)));
        auto maia = load(m_maia);
        QVERIFY(maia);
        QCOMPARE(evaluation::peerModelFit(*maia), PeerModelFit::OtherModel);
        auto otherMix = load(QStringLiteral("+") + m_maia + QStringLiteral("@0.3"));
        QVERIFY(otherMix);
        QCOMPARE(evaluation::peerModelFit(*otherMix), PeerModelFit::OtherModel);
        QVERIFY(jobs::peerBaselineCaveat(*otherMix).contains(QStringLiteral("another model")));
    }

    void parsesSpecs() {
        using Kind = jobs::ModelSpec::Kind;
        // An existing file is never read as a blend, even with a '+' in its name; each kind by what the path is.
        auto file = jobs::parseModelSpec(m_primary);
        QVERIFY(file && !file->isBlend());
        QCOMPARE(file->kind, Kind::Bundle);
        QCOMPARE(file->path, m_primary);
        auto folder = jobs::parseModelSpec(m_maia);
        QVERIFY(folder && !folder->isBlend() && folder->kind == Kind::NetFolder);
        auto net = jobs::parseModelSpec(QDir(m_maia).filePath(QStringLiteral("maia-1500.pb.gz")));
        QVERIFY(net && net->kind == Kind::Lc0Net);
        QVERIFY(jobs::parseModelSpec(QStringLiteral("/some/run/latest.pt"))->kind == Kind::Checkpoint);
        // Nothing named: the default model, a bundle.
        auto none = jobs::parseModelSpec(QString());
        QVERIFY(none && !none->isBlend() && none->kind == Kind::Bundle && !none->path.isEmpty());
        auto spec = jobs::parseModelSpec(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.4,200"));
        QVERIFY(spec && spec->isBlend());
        QCOMPARE(spec->path, m_primary);
        QCOMPARE(spec->kind, Kind::Bundle);
        QCOMPARE(spec->nets, m_maia);
        QCOMPARE(spec->suffix.schedule.weight, 0.4);
        QCOMPARE(spec->suffix.schedule.fade, 200);
        QCOMPARE(spec->suffix.netsKernel, 100);
        auto kernel = jobs::parseModelSpec(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.4,200,250"));
        QVERIFY(kernel && kernel->isBlend());
        QCOMPARE(kernel->suffix.netsKernel, 250);
        // No primary: the default model blended.
        auto plain = jobs::parseModelSpec(QStringLiteral("+") + m_maia);
        QVERIFY(plain && plain->isBlend() && plain->path == none->path);
        QCOMPARE(plain->suffix.schedule.weight, 0.5);
        for (const QString& bad :
             {QStringLiteral("@1.5"), QStringLiteral("@x"), QStringLiteral("@0.5,-3"), QStringLiteral("@0.5,10,2"),
              QStringLiteral("@0.5,10,500"), QStringLiteral("@0.5,10,200,1")}) {
            auto b = jobs::parseModelSpec(m_primary + QStringLiteral("+") + m_maia + bad);
            QVERIFY(!b.ok() && b.error().code == ErrorCode::InvalidInput);
            QVERIFY2(b.error().message.find("model '") != std::string::npos, b.error().message.c_str());
            auto ev = jobs::loadHumanEvaluator(m_primary + QStringLiteral("+") + m_maia + bad);
            QVERIFY(!ev.ok() && ev.error().code == ErrorCode::InvalidInput);
        }
        auto noFolder = jobs::loadHumanEvaluator(m_primary + QStringLiteral("+/no/such/folder"));
        QVERIFY(!noFolder.ok());
        QVERIFY2(noFolder.error().message.find("/no/such/folder") != std::string::npos,
                 noFolder.error().message.c_str());
    }

    void weightSchedule() {
        const encoding::BlendSchedule s{0.5, 1150, 1950, 300};
        QCOMPARE(s.weightFor(std::nullopt), 0.5);
        QCOMPARE(s.weightFor(1150), 0.5);
        QCOMPARE(s.weightFor(1600), 0.5);
        QCOMPARE(s.weightFor(1950), 0.5);
        QCOMPARE(s.weightFor(1000), 0.25);
        QCOMPARE(s.weightFor(2100), 0.25);
        QCOMPARE(s.weightFor(850), 0.0);
        QCOMPARE(s.weightFor(2800), 0.0);
        const encoding::BlendSchedule sharp{0.5, 1150, 1950, 0};
        QCOMPARE(sharp.weightFor(1149), 0.0);
    }

    void geometricMeanOfTheTwo() {
        auto primary = load(m_primary, false);
        auto maia = load(m_maia);
        auto half = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.5"));
        auto none = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0"));
        auto all = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@1"));
        QVERIFY(primary && maia && half && none && all);
        for (const auto& [white, black] : {std::pair{1500, 1500}, std::pair{1000, 2100}, std::pair{800, 2700}}) {
            const Line line = ruyLopez(white, black);
            auto a = primary->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
            auto b = maia->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
            auto h = half->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
            auto n = none->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
            auto f = all->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
            QVERIFY(a.ok() && b.ok() && h.ok() && n.ok() && f.ok());
            const encoding::BlendSchedule s{0.5, 1150, 1950, 300};
            for (std::size_t i = 0; i < line.positions.size(); ++i) {
                const auto pa = byMove((*a)[i]), pb = byMove((*b)[i]);
                const double w = s.weightFor(line.conds[i].moverElo);
                double z = 0.0;
                for (const auto& [m, p] : pa) z += std::pow(p, 1.0 - w) * std::pow(pb.at(m), w);
                QCOMPARE((*h)[i].size(), pa.size());
                for (std::size_t k = 0; k < (*h)[i].size(); ++k) {
                    const auto& mp = (*h)[i][k];
                    const double want = std::pow(pa.at(mp.move.raw()), 1.0 - w) * std::pow(pb.at(mp.move.raw()), w) / z;
                    QVERIFY2(std::abs(mp.prob - want) < 1e-5,
                             qPrintable(
                                 QStringLiteral("position %1 move %2: %3 vs %4").arg(i).arg(k).arg(mp.prob).arg(want)));
                    if (k > 0) QVERIFY((*h)[i][k - 1].prob >= mp.prob);
                }
                // Weight 0 is the primary; weight 1 the nets where the rating is inside their bands.
                for (std::size_t k = 0; k < (*n)[i].size(); ++k)
                    QVERIFY(std::abs((*n)[i][k].prob - pa.at((*n)[i][k].move.raw())) < 1e-5);
                const bool inside = *line.conds[i].moverElo >= 1150 && *line.conds[i].moverElo <= 1950;
                const auto pf = byMove((*f)[i]);
                if (inside)
                    for (const auto& [m, p] : pf) QVERIFY(std::abs(p - pb.at(m)) < 2e-5);
            }
        }
    }

    void headsAreThePrimarys() {
        auto primary = load(m_primary, false);
        auto half = load(m_primary + QStringLiteral("+") + m_maia);
        QVERIFY(primary && half);
        QCOMPARE(half->hasValueHead(), primary->hasValueHead());
        QCOMPARE(half->hasTimeHead(), primary->hasTimeHead());
        const Line line = ruyLopez(1450, 1520);
        auto v1 = primary->valueEstimates(line.positions, line.conds, line.recent);
        auto v2 = half->valueEstimates(line.positions, line.conds, line.recent);
        QVERIFY(v1.ok() && v2.ok());
        for (std::size_t i = 0; i < v1->size(); ++i) QCOMPARE((*v2)[i].win, (*v1)[i].win);
        // One readPosition: the blended moves, the primary's value, and the per-move think times in the blended
        // order (each as thinkTimes says for that move).
        const encoding::RecentTimes times{.moverLastS = 5, .oppLastS = 2, .moverPaceS = 4.0, .oppPaceS = 2.5};
        for (std::size_t i = 0; i < line.positions.size(); i += 4) {
            auto r = half->readPosition(line.positions[i], line.conds[i], line.recent[i], times, true);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            auto moves = half->moveDistributionsWithHistory({line.positions[i]}, {line.conds[i]}, {line.recent[i]});
            QVERIFY(moves.ok());
            QCOMPARE(r->moves.size(), moves->front().size());
            for (std::size_t k = 0; k < r->moves.size(); ++k) {
                QCOMPARE(r->moves[k].move, moves->front()[k].move);
                QVERIFY(std::abs(r->moves[k].prob - moves->front()[k].prob) < 1e-5f);
            }
            QVERIFY(r->value && std::abs(r->value->win - (*v1)[i].win) < 1e-5f);
            if (primary->hasTimeHead()) QVERIFY(r->thinkTime);
            for (std::size_t k = 0; k < r->moveThinkTimes.size(); k += 5) {
                auto told = primary->thinkTimes({line.positions[i]}, {line.conds[i]}, {line.recent[i]}, {times},
                                                {r->moves[k].move});
                QVERIFY(told.ok());
                QVERIFY(std::abs(r->moveThinkTimes[k].mu - told->front().mu) < 1e-4);
            }
        }
        // The note says how much of the moves come from the nets, and which net.
        const std::string note = half->conditioningNote({1500, 1500, 300, 300, 0});
        QVERIFY2(note.find("50%") != std::string::npos && note.find("maia-1500.pb.gz") != std::string::npos,
                 note.c_str());
        QVERIFY(half->conditioningNote({700, 1500, 300, 300, 0}).find("maia") == std::string::npos);
    }

    void bundleAsksForTheBlend() {
        auto shipped = storage::readBundle(m_primary, storage::kKindHumanMove);
        QVERIFY(shipped.ok());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto withBlend = [&](const QJsonObject& blend) {
            storage::Bundle b = shipped.value();
            b.config.insert(QStringLiteral("blend"), blend);
            const QString out = dir.filePath(QStringLiteral("blended.kibitz"));
            QFile::remove(out);
            if (auto st = storage::writeBundle(out, b); !st) qWarning("%s", st.error().message.c_str());
            return out;
        };
        const QString good = withBlend(QJsonObject{{QStringLiteral("nets"), QStringLiteral("maia-1")},
                                                   {QStringLiteral("weight"), 0.5},
                                                   {QStringLiteral("fade"), 300}});
        auto blended = load(good);
        auto alone = jobs::loadHumanEvaluator(good, jobs::HumanLoadOptions{.blend = false});
        auto spec = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.5,300"));
        auto primary = load(m_primary, false);
        QVERIFY(blended && alone.ok() && spec && primary);
        QVERIFY(dynamic_cast<encoding::BlendEvaluator*>(blended.get()) != nullptr);
        QVERIFY(dynamic_cast<encoding::BlendEvaluator*>(alone.value().get()) == nullptr);
        QVERIFY2(blended->describe().find("maia-1 nets") != std::string::npos, blended->describe().c_str());
        const Line line = ruyLopez(1600, 1400);
        auto a = blended->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        auto b = spec->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        auto c = alone.value()->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        auto d = primary->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        QVERIFY(a.ok() && b.ok() && c.ok() && d.ok());
        bool differs = false;
        for (std::size_t i = 0; i < a->size(); ++i)
            for (std::size_t k = 0; k < (*a)[i].size(); ++k) {
                QCOMPARE((*a)[i][k].move, (*b)[i][k].move);
                QVERIFY(std::abs((*a)[i][k].prob - (*b)[i][k].prob) < 1e-6f);
                QVERIFY(std::abs((*c)[i][k].prob - (*d)[i][k].prob) < 1e-6f);
                differs |= std::abs((*a)[i][k].prob - (*c)[i][k].prob) > 1e-3f;
            }
        QVERIFY(differs);
        // The band kernel: written only when not the default, read back from a bundle's manifest.
        jobs::BundleBlend asked;
        asked.nets = QStringLiteral("maia-1");
        asked.netsKernel = 200;
        QCOMPARE(jobs::bundleBlendToJson(asked).value(QStringLiteral("kernel")).toInt(), 200);
        jobs::BundleBlend plain;
        plain.nets = QStringLiteral("maia-1");
        QVERIFY(!jobs::bundleBlendToJson(plain).contains(QStringLiteral("kernel")));
        QVERIFY(!jobs::bundleBlendToJson(plain).contains(QStringLiteral("reference")));
        auto reread = storage::readBundle(withBlend(jobs::bundleBlendToJson(asked)), storage::kKindHumanMove);
        QVERIFY(reread.ok());
        auto read = jobs::bundleBlendOf(reread.value(), QStringLiteral("kernel.kibitz"));
        QVERIFY(read.ok() && read.value().has_value());
        QCOMPARE(read.value()->netsKernel, 200);
        // A hostile or broken entry is refused by name, before any weight is read.
        for (const auto& [entry, field] : {std::pair{QJsonObject{{QStringLiteral("nets"), QStringLiteral("../../etc")},
                                                                 {QStringLiteral("weight"), 0.5}},
                                                     "blend.nets"},
                                           std::pair{QJsonObject{{QStringLiteral("nets"), QStringLiteral("maia-1")},
                                                                 {QStringLiteral("weight"), 1.5}},
                                                     "blend.weight"},
                                           std::pair{QJsonObject{{QStringLiteral("nets"), QStringLiteral("maia-1")},
                                                                 {QStringLiteral("weight"), 0.5},
                                                                 {QStringLiteral("fade"), -1}},
                                                     "blend.fade"},
                                           std::pair{QJsonObject{{QStringLiteral("nets"), QStringLiteral("maia-1")},
                                                                 {QStringLiteral("weight"), 0.5},
                                                                 {QStringLiteral("kernel"), 50}},
                                                     "blend.kernel"}}) {
            auto bad = jobs::loadHumanEvaluator(withBlend(entry));
            QVERIFY(!bad.ok() && bad.error().code == ErrorCode::InvalidInput);
            QVERIFY2(bad.error().message.find(field) != std::string::npos, bad.error().message.c_str());
        }
    }

    /// `bundle blend`'s edit (jobs::setBundleBlend): the manifest's request and the card's one "Blend" section are
    /// replaced, not added to; a model of a player keeps the base its blend is relative to; `none` removes both; a
    /// bad spec is refused naming its part and leaves the bundle as it was. The weights are never touched.
    void setBundleBlendRewritesTheRequest() {
        auto shipped = storage::readBundle(m_primary, storage::kKindHumanMove);
        QVERIFY(shipped.ok());
        storage::Bundle b = shipped.value();
        const auto sections = [](const storage::Bundle& x) {
            return x.modelCard.count(QStringLiteral("\n## Blend\n"));
        };
        QVERIFY2(jobs::setBundleBlend(b, m_primary, QStringLiteral("maia-1@0.6,500,200")).ok(), "first blend");
        auto read = jobs::bundleBlendOf(b, m_primary);
        QVERIFY(read.ok() && read.value().has_value());
        QCOMPARE(read.value()->nets, QStringLiteral("maia-1"));
        QCOMPARE(read.value()->schedule.weight, 0.6);
        QCOMPARE(read.value()->schedule.fade, 500);
        QCOMPARE(read.value()->netsKernel, 200);
        QCOMPARE(sections(b), 1);
        QVERIFY(b.modelCard.contains(QStringLiteral("weight 0.6 for the nets")));
        QCOMPARE(b.tensors.size(), shipped.value().tensors.size());

        // A model of a player: the reference stays through a new weight.
        QJsonObject entry = b.config.value(QStringLiteral("blend")).toObject();
        entry.insert(QStringLiteral("reference"), QStringLiteral("human-default.kibitz"));
        entry.insert(QStringLiteral("reference_sha256"), QString(64, QLatin1Char('a')));
        b.config.insert(QStringLiteral("blend"), entry);
        QVERIFY(jobs::setBundleBlend(b, m_primary, QStringLiteral("maia-1@0.4")).ok());
        read = jobs::bundleBlendOf(b, m_primary);
        QVERIFY(read.ok() && read.value().has_value());
        QCOMPARE(read.value()->schedule.weight, 0.4);
        QCOMPARE(read.value()->netsKernel, 100);
        QCOMPARE(read.value()->reference, QStringLiteral("human-default.kibitz"));
        QCOMPARE(read.value()->referenceSha256, QString(64, QLatin1Char('a')));
        QCOMPARE(sections(b), 1);

        const storage::Bundle before = b;
        for (const auto& [spec, part] :
             {std::pair{"maia-1@2", "weight after '@' must be a number from 0 to 1"},
              std::pair{"maia-1", "expected NETS@WEIGHT"}, std::pair{"maia-1@0.5,300,50", "band kernel after the fade"},
              std::pair{"../x@0.5", "blend.nets"}}) {
            auto st = jobs::setBundleBlend(b, m_primary, QString::fromLatin1(spec));
            QVERIFY(!st.ok() && st.error().code == ErrorCode::InvalidInput);
            QVERIFY2(st.error().message.find(part) != std::string::npos, st.error().message.c_str());
            QCOMPARE(b.config, before.config);
            QCOMPARE(b.modelCard, before.modelCard);
        }

        QVERIFY(jobs::setBundleBlend(b, m_primary, QStringLiteral("none")).ok());
        QVERIFY(!b.config.contains(QStringLiteral("blend")));
        QCOMPARE(sections(b), 0);
    }

    void bandKernel() {
        // The folder's nets by rating: the default kernel blends the two nearest centres; a kernel of 200 points
        // weighs each net 1 - distance / 200, so 1600 (between the 1500 and 1600 bands' centres 1550 and 1650) reads
        // four nets 1/8, 3/8, 3/8, 1/8, and its moves are that mixture of the nets' own.
        auto folder = models::Lc0BandEvaluator::loadFolder(m_maia.toStdString());
        QVERIFY(folder.ok());
        models::Lc0BandEvaluator& bands = *folder.value();
        const std::vector<int> b = bands.bands();
        QCOMPARE(int(b.size()), 9);
        auto weights = [&](std::optional<int> elo) {
            std::map<int, double> w;
            for (const auto& [i, x] : bands.blendFor(elo)) w[b[std::size_t(i)]] = x;
            return w;
        };
        auto near = [](const std::map<int, double>& got, const std::map<int, double>& want) {
            if (got.size() != want.size()) return false;
            for (const auto& [band, w] : want)
                if (!got.count(band) || std::abs(got.at(band) - w) > 1e-6) return false;
            return true;
        };
        QVERIFY(near(weights(1600), {{1500, 0.5}, {1600, 0.5}}));
        QVERIFY(near(weights(1550), {{1500, 1.0}}));
        bands.setBandKernel(200);
        QCOMPARE(bands.bandKernel(), 200);
        QVERIFY(near(weights(1600), {{1400, 0.125}, {1500, 0.375}, {1600, 0.375}, {1700, 0.125}}));
        QVERIFY(near(weights(1550), {{1400, 0.25}, {1500, 0.5}, {1600, 0.25}}));
        QVERIFY(near(weights(900), {{1100, 2.0 / 3.0}, {1200, 1.0 / 3.0}}));  // below the nets: the lowest centre's
        QVERIFY(near(weights(std::nullopt), {{1500, 1.0}}));                  // unknown: the middle band alone
        QVERIFY2(bands.bandNote(1600).find("maia-1400.pb.gz 13% + maia-1500.pb.gz 38%") != std::string::npos,
                 bands.bandNote(1600).c_str());
        bands.setBandKernel(5000);
        QCOMPARE(bands.bandKernel(), models::kMaxBandKernel);
        bands.setBandKernel(200);

        const Line line = ruyLopez(1600, 1600);
        auto mixed = bands.moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        QVERIFY(mixed.ok());
        std::vector<std::map<std::uint16_t, double>> want(line.positions.size());
        for (const auto& [band, w] : weights(1600)) {
            auto net = models::Lc0Evaluator::load(
                QDir(m_maia).filePath(QStringLiteral("maia-%1.pb.gz").arg(band)).toStdString());
            QVERIFY(net.ok());
            auto out = net.value()->evaluate(line.positions, line.recent);
            QVERIFY(out.ok());
            for (std::size_t i = 0; i < line.positions.size(); ++i)
                for (const auto& mp : out->moves[i]) want[i][mp.move.raw()] += w * mp.prob;
        }
        for (std::size_t i = 0; i < line.positions.size(); ++i) {
            QCOMPARE((*mixed)[i].size(), want[i].size());
            for (const auto& mp : (*mixed)[i]) QVERIFY(std::abs(mp.prob - want[i][mp.move.raw()]) < 1e-5);
        }
        // Asked for in a blend spec, the kernel reaches the folder: the moves differ from the default kernel's.
        auto k100 = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.5,300"));
        auto k200 = load(m_primary + QStringLiteral("+") + m_maia + QStringLiteral("@0.5,300,200"));
        QVERIFY(k100 && k200);
        auto a = k100->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        auto c = k200->moveDistributionsWithHistory(line.positions, line.conds, line.recent);
        QVERIFY(a.ok() && c.ok());
        double diff = 0.0;
        for (std::size_t i = 0; i < a->size(); ++i) diff += std::abs((*a)[i][0].prob - (*c)[i][0].prob);
        QVERIFY(diff > 1e-3);
    }

    void eloGuessReadsThePrimary() {
        // The calibrated rating estimate was fitted on Kibitz's own model: a blend gives the primary's estimate.
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        chess::PgnGame game;
        QVERIFY(reader.ok() && reader.value()->next(game));
        game.moves.resize(std::min<std::size_t>(game.moves.size(), 30));
        auto primary = load(m_primary, false);
        auto half = load(m_primary + QStringLiteral("+") + m_maia);
        QVERIFY(primary && half);
        const auto options = evaluation::EloGuessOptions::calibrated();
        auto a = evaluation::guessGameElo(*primary, game, options);
        auto b = evaluation::guessGameElo(*half, game, options);
        QVERIFY(a.ok() && b.ok());
        QVERIFY(a->white.valid && a->black.valid);
        QCOMPARE(b->white.estimate, a->white.estimate);
        QCOMPARE(b->white.movesLogLikelihood, a->white.movesLogLikelihood);
        QCOMPARE(b->black.estimate, a->black.estimate);
    }

    void matesKeepThePrimarysProbability() {
        auto primary = load(m_primary, false);
        auto half = load(m_primary + QStringLiteral("+") + m_maia);
        QVERIFY(primary && half);
        auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
        QVERIFY(reader.ok());
        chess::Puzzle p;
        int checked = 0, raised = 0;
        while (checked < 20 && (*reader)->next(p)) {
            if (std::find(p.themes.begin(), p.themes.end(), "mateIn1") == p.themes.end()) continue;
            const chess::Position pos = p.solverStart();
            const chess::Move mate = p.moves[1];
            const encoding::Conditioning cond{p.rating, p.rating, std::nullopt, std::nullopt, std::nullopt};
            auto a = primary->moveDistributionsWithHistory({pos}, {cond}, {});
            auto h = half->moveDistributionsWithHistory({pos}, {cond}, {});
            QVERIFY(a.ok() && h.ok());
            double sum = 0.0, pa = 0.0, ph = 0.0;
            for (const auto& mp : h->front()) {
                sum += mp.prob;
                if (mp.move == mate) ph = mp.prob;
            }
            for (const auto& mp : a->front())
                if (mp.move == mate) pa = mp.prob;
            QVERIFY2(std::abs(sum - 1.0) < 1e-4, qPrintable(QString::fromStdString(p.id)));
            QVERIFY2(ph >= pa - 1e-6,
                     qPrintable(QStringLiteral("%1: %2 < %3").arg(QString::fromStdString(p.id)).arg(ph).arg(pa)));
            for (std::size_t k = 1; k < h->front().size(); ++k) QVERIFY(h->front()[k - 1].prob >= h->front()[k].prob);
            raised += std::abs(ph - pa) < 1e-6 ? 1 : 0;
            ++checked;
        }
        QVERIFY(checked >= 5);
        // Where the nets thought less of the mate, the primary's probability stands exactly.
        QVERIFY(raised >= 1);
    }
};

QTEST_GUILESS_MAIN(TstBlendEvaluator)
#include "tst_blend_evaluator.moc"
