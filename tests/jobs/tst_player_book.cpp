// SPDX-License-Identifier: GPL-3.0-or-later
// A player's repertoire in a model of that player (encoding::PlayerBook). On the shipped default model
// along a real opening line: positions meet by transposition and not by move counters; where the player has stood,
// the answer is (n + prior * p) / (N + prior), recomputed here from the model's own answer and the counts; elsewhere
// the model's answer is untouched; one readPosition agrees with the batched calls; the value head is the model's. A
// bundle with a "book" loads as a model with the book over its blend (also under a `+FOLDER@W` spec), alone when
// asked, and every hostile entry is refused naming the field.
#include "core/chess/notation.h"
#include "core/encoding/blend_evaluator.h"
#include "core/encoding/player_book.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_human.h"
#include "core/storage/bundle.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace kibitz;

namespace {

chess::Position playLine(const std::vector<const char*>& ucis) {
    chess::Position pos = chess::Position::fromFen(chess::Position::kStartFen).value();
    for (const char* u : ucis) pos.makeMove(chess::parseUci(pos, u).value());
    return pos;
}

std::map<std::string, double> byUci(const std::vector<encoding::MoveProb>& d) {
    std::map<std::string, double> m;
    for (const auto& mp : d) m[chess::toUci(mp.move)] = mp.prob;
    return m;
}

bool sortedAndNormalised(const std::vector<encoding::MoveProb>& d) {
    double sum = 0.0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        sum += d[i].prob;
        if (i > 0 && d[i].prob > d[i - 1].prob) return false;
    }
    return std::abs(sum - 1.0) < 1e-5;
}

std::unique_ptr<encoding::Evaluator> load(const QString& spec, bool blend = true) {
    auto ev = jobs::loadHumanEvaluator(spec, jobs::HumanLoadOptions{.blend = blend});
    if (!ev) qWarning("%s", ev.error().message.c_str());
    return ev ? std::move(ev.value()) : nullptr;
}

}  // namespace

class TstPlayerBook : public QObject {
    Q_OBJECT

    QString m_primary;

    /// A book of one player's openings: the Ruy Lopez three times (twice 3...a6, once 3...Nf6) as Black.
    static encoding::PlayerBook ruyBook() {
        encoding::PlayerBook book;
        book.player = "someone";
        book.add(playLine({"e2e4"}), "e7e5");
        book.add(playLine({"e2e4"}), "e7e5");
        book.add(playLine({"e2e4"}), "c7c5");
        book.add(playLine({"e2e4", "e7e5", "g1f3"}), "b8c6");
        book.add(playLine({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}), "a7a6");
        book.add(playLine({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}), "a7a6");
        book.add(playLine({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}), "g8f6");
        return book;
    }

private Q_SLOTS:
    void initTestCase() {
        m_primary = jobs::defaultHumanModelPath();
        QVERIFY2(!m_primary.isEmpty(), "the shipped human-move model is not found");
    }

    void positionsMeetByTransposition() {
        // 1.Nf3 Nf6 2.g3 and 1.g3 Nf6 2.Nf3 are one position; the move counters are not part of the key.
        const chess::Position a = playLine({"g1f3", "g8f6", "g2g3"});
        const chess::Position b = playLine({"g2g3", "g8f6", "g1f3"});
        QCOMPARE(encoding::PlayerBook::positionKey(a), encoding::PlayerBook::positionKey(b));
        const chess::Position sameBoardLater = playLine({"g1f3", "g8f6", "g2g3", "b8c6", "f1g2", "c6b8", "g2f1"});
        QCOMPARE(encoding::PlayerBook::positionKey(sameBoardLater), encoding::PlayerBook::positionKey(a));
        // Castling rights are: the same board after the king went back and forth is another position.
        const chess::Position kingMoved = playLine({"e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"});
        QVERIFY(encoding::PlayerBook::positionKey(kingMoved) !=
                encoding::PlayerBook::positionKey(playLine({"e2e4", "e7e5"})));
        QCOMPARE(encoding::PlayerBook::positionKey(chess::Position::fromFen(chess::Position::kStartFen).value()),
                 std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));

        encoding::PlayerBook book = ruyBook();
        QCOMPARE(book.positions(), std::size_t(3));
        QCOMPARE(book.moves(), std::int64_t(7));
        const auto* counts = book.find(playLine({"e2e4"}));
        QVERIFY(counts);
        QCOMPARE(counts->at("e7e5"), 2);
        QCOMPARE(counts->at("c7c5"), 1);
        QVERIFY(!book.find(playLine({"d2d4"})));
    }

    void mixesCountsWithTheModel() {
        auto model = load(m_primary, false);
        QVERIFY(model);
        const chess::Position pos = playLine({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"});
        const encoding::Conditioning cond{1500, 1500, 180, 180, 2};
        auto plain = model->moveDistribution(pos, cond);
        QVERIFY(plain.ok());
        const auto p = byUci(*plain);

        auto book = ruyBook();
        book.prior = 2.0;
        encoding::PlayerBookEvaluator ev(load(m_primary, false), book);
        auto mixed = ev.moveDistribution(pos, cond);
        QVERIFY(mixed.ok());
        QVERIFY(sortedAndNormalised(*mixed));
        QCOMPARE(mixed->size(), plain->size());
        const auto q = byUci(*mixed);
        // N = 3 (a6 twice, Nf6 once), prior 2.
        QVERIFY(std::abs(q.at("a7a6") - (2.0 + 2.0 * p.at("a7a6")) / 5.0) < 1e-5);
        QVERIFY(std::abs(q.at("g8f6") - (1.0 + 2.0 * p.at("g8f6")) / 5.0) < 1e-5);
        QVERIFY(std::abs(q.at("d7d6") - (2.0 * p.at("d7d6")) / 5.0) < 1e-6);
        QCOMPARE(chess::toUci(mixed->front().move), std::string("a7a6"));

        // Where the player has not stood, the model's answer is untouched.
        const chess::Position elsewhere = playLine({"d2d4"});
        auto a = model->moveDistribution(elsewhere, cond);
        auto b = ev.moveDistribution(elsewhere, cond);
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(byUci(*a), byUci(*b));

        // The batched forms and one reading agree; the value head is the model's.
        const std::vector<chess::Position> positions{pos, elsewhere};
        const std::vector<encoding::Conditioning> conds{cond, cond};
        auto batch = ev.moveDistributionsWithHistory(positions, conds, {});
        QVERIFY(batch.ok());
        auto reading = ev.readPosition(pos, cond, {}, {}, false);
        QVERIFY(reading.ok());
        for (const auto& [uci, prob] : byUci(reading->moves)) QVERIFY(std::abs(prob - q.at(uci)) < 1e-5);
        for (const auto& [uci, prob] : byUci(batch->front())) QVERIFY(std::abs(prob - q.at(uci)) < 1e-5);
        // With the think-time head: each move's time follows it into the book's order (as thinkTimes says for it).
        if (model->hasTimeHead()) {
            const encoding::RecentTimes times{.moverLastS = 3, .oppLastS = 2, .moverPaceS = 3.0, .oppPaceS = 2.0};
            auto timed = ev.readPosition(pos, cond, {}, times, true);
            QVERIFY(timed.ok());
            QCOMPARE(timed->moves.size(), plain->size());
            QCOMPARE(chess::toUci(timed->moves.front().move), std::string("a7a6"));
            if (!timed->moveThinkTimes.empty()) {
                QCOMPARE(timed->moveThinkTimes.size(), timed->moves.size());
                for (std::size_t k = 0; k < timed->moves.size(); k += 7) {
                    auto told = model->thinkTimes({pos}, {cond}, {}, {times}, {timed->moves[k].move});
                    QVERIFY(told.ok());
                    QVERIFY(std::abs(timed->moveThinkTimes[k].mu - told->front().mu) < 1e-4);
                }
            }
        }
        QCOMPARE(ev.hasValueHead(), model->hasValueHead());
        if (model->hasValueHead()) {
            auto v1 = ev.valueEstimates({pos}, {cond}, {});
            auto v2 = model->valueEstimates({pos}, {cond}, {});
            QVERIFY(v1.ok() && v2.ok());
            QVERIFY(std::abs(v1->front().win - v2->front().win) < 1e-6);
        }
        QVERIFY(ev.describe().find("someone's own moves at 3 positions") != std::string::npos);
        QVERIFY(ev.conditioningNote(cond).find("where someone has stood before (3 positions") != std::string::npos);

        // A prior of 0 is the player's own frequencies; no counts leave the distribution as it was.
        const auto onlyCounts = encoding::mixWithPlayerMoves(*plain, {{"a7a6", 2}, {"g8f6", 1}}, 0.0);
        QVERIFY(std::abs(byUci(onlyCounts).at("a7a6") - 2.0 / 3.0) < 1e-6);
        QCOMPARE(byUci(encoding::mixWithPlayerMoves(*plain, {}, 1.0)), p);
    }

    void bundleCarriesTheBook() {
        // The shipped bundle with a book in its config: loaded, the book sits over the bundle's blend.
        auto shipped = storage::readBundle(m_primary, storage::kKindHumanMove);
        QVERIFY(shipped.ok());
        storage::Bundle b = shipped.value();
        encoding::PlayerBook book = ruyBook();
        b.config.insert(QStringLiteral("book"), jobs::playerBookToJson(book));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("someone.kibitz"));
        QVERIFY(storage::writeBundle(path, b).ok());

        auto back = storage::readBundle(path, storage::kKindHumanMove);
        QVERIFY(back.ok());
        auto read = jobs::bundleBookOf(*back, path);
        QVERIFY(read.ok() && read->has_value());
        QCOMPARE((*read)->entries(), book.entries());
        QCOMPARE((*read)->player, std::string("someone"));
        QCOMPARE((*read)->prior, book.prior);

        auto ev = load(path);
        QVERIFY(ev);
        auto* withBook = dynamic_cast<encoding::PlayerBookEvaluator*>(ev.get());
        QVERIFY2(withBook, ev->describe().c_str());
        const bool shippedBlends = jobs::bundleBlendOf(*shipped, m_primary).value().has_value();
        QVERIFY(ev->describe().find("blended") != std::string::npos || !shippedBlends);
        QVERIFY(dynamic_cast<encoding::PlayerBookEvaluator*>(load(path, false).get()) == nullptr);

        // Under a blend spec the book is still outermost.
        const QString maia = jobs::defaultMaiaFolder();
        if (!maia.isEmpty()) {
            auto spec = load(path + QStringLiteral("+") + maia + QStringLiteral("@0.3"));
            QVERIFY(spec);
            QVERIFY2(dynamic_cast<encoding::PlayerBookEvaluator*>(spec.get()), spec->describe().c_str());
            QVERIFY(spec->describe().find("30%") != std::string::npos);
        }
    }

    void blendsRelativeToTheBase() {
        // p ∝ a · (b / r)^w on real distributions: the shipped model (r), the Maia-1 folder (b) and a stand-in for a
        // fine-tuned model (a: the shipped model told another rating). Where a = r it is the plain blend.
        const QString maia = jobs::defaultMaiaFolder();
        if (maia.isEmpty()) QSKIP("the Maia-1 nets are not installed");
        auto base = load(m_primary, false);
        auto nets = load(maia);
        QVERIFY(base && nets);
        const chess::Position pos = playLine({"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"});
        const encoding::Conditioning cond{1500, 1500, 180, 180, 2};
        const encoding::Conditioning other{2300, 1500, 180, 180, 2};
        const auto r = base->moveDistribution(pos, cond).value();
        const auto a = base->moveDistribution(pos, other).value();
        const auto b = nets->moveDistribution(pos, cond).value();
        const auto mixed = encoding::blendMoveDistributions(a, b, 0.4, &r);
        QVERIFY(mixed.ok());
        QVERIFY(sortedAndNormalised(*mixed));
        const auto pa = byUci(a), pb = byUci(b), pr = byUci(r), pm = byUci(*mixed);
        double z = 0.0;
        for (const auto& [uci, p] : pa) z += p * std::pow(pb.at(uci) / pr.at(uci), 0.4);
        for (const auto& [uci, p] : pa)
            QVERIFY(std::abs(pm.at(uci) - p * std::pow(pb.at(uci) / pr.at(uci), 0.4) / z) < 1e-5);
        const auto same = byUci(encoding::blendMoveDistributions(r, b, 0.4, &r).value());
        const auto plain = byUci(encoding::blendMoveDistributions(r, b, 0.4).value());
        for (const auto& [uci, p] : plain) QVERIFY(std::abs(same.at(uci) - p) < 1e-5);

        // A bundle recording the shipped bundle as its reference (by name and weights digest) loads blended
        // relative to it; with another digest it answers unblended; hostile entries are refused by name.
        auto shipped = storage::readBundle(m_primary, storage::kKindHumanMove);
        QVERIFY(shipped.ok());
        const QString digest = shipped->sha256.at(QStringLiteral("weights.bin"));
        QJsonObject blend{{QStringLiteral("nets"), QStringLiteral("maia-1")},
                          {QStringLiteral("weight"), 0.5},
                          {QStringLiteral("fade"), 2000},
                          {QStringLiteral("reference"), QFileInfo(m_primary).fileName()},
                          {QStringLiteral("reference_sha256"), digest}};
        QTemporaryDir dir;
        auto write = [&](const QJsonObject& blendEntry, const QString& name) {
            storage::Bundle bundle = shipped.value();
            bundle.config.insert(QStringLiteral("blend"), blendEntry);
            const QString path = dir.filePath(name);
            return storage::writeBundle(path, bundle).ok() ? path : QString();
        };
        const QString good = write(blend, QStringLiteral("relative.kibitz"));
        auto ev = load(good);
        QVERIFY(ev);
        QVERIFY2(ev->describe().find("relative to the base model human-default.kibitz") != std::string::npos,
                 ev->describe().c_str());
        // The shipped model relative to itself is the plain blend.
        auto asShipped = load(m_primary);
        const auto q1 = byUci(ev->moveDistribution(pos, cond).value());
        const auto q2 = byUci(asShipped->moveDistribution(pos, cond).value());
        for (const auto& [uci, p] : q2) QVERIFY(std::abs(q1.at(uci) - p) < 1e-5);

        QJsonObject otherDigest = blend;
        otherDigest.insert(QStringLiteral("reference_sha256"), QString(64, QLatin1Char('0')));
        auto alone = load(write(otherDigest, QStringLiteral("other.kibitz")));
        QVERIFY(alone);
        QVERIFY2(alone->describe().find("blended") == std::string::npos, alone->describe().c_str());

        for (const auto& [key, value] :
             std::vector<std::pair<QString, QJsonValue>>{{QStringLiteral("reference"), QStringLiteral("../x.kibitz")},
                                                         {QStringLiteral("reference"), QStringLiteral("x.pt")},
                                                         {QStringLiteral("reference_sha256"), QStringLiteral("abc")}}) {
            QJsonObject bad = blend;
            bad.insert(key, value);
            auto refused = jobs::loadHumanEvaluator(write(bad, QStringLiteral("bad.kibitz")));
            QVERIFY(!refused.ok());
            QVERIFY2(QString::fromStdString(refused.error().message).contains(QStringLiteral("blend.") + key),
                     refused.error().message.c_str());
        }
    }

    void hostileBooksAreRefused() {
        auto shipped = storage::readBundle(m_primary, storage::kKindHumanMove);
        QVERIFY(shipped.ok());
        const QJsonObject good = jobs::playerBookToJson(ruyBook());
        const QString start = QStringLiteral("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
        auto withPositions = [&good](const QJsonObject& positions) {
            QJsonObject o = good;
            o.insert(QStringLiteral("positions"), positions);
            return QJsonValue(o);
        };
        auto withField = [&good](const char* key, const QJsonValue& v) {
            QJsonObject o = good;
            o.insert(QLatin1String(key), v);
            return QJsonValue(o);
        };
        const std::vector<std::pair<QJsonValue, QString>> cases = {
            {QJsonValue(QStringLiteral("yes")), QStringLiteral("'book' must be an object")},
            {withField("prior", -1), QStringLiteral("book.prior")},
            {withField("prior", QStringLiteral("1")), QStringLiteral("book.prior")},
            {withField("max_ply", 2.5), QStringLiteral("book.max_ply")},
            {withField("positions", QJsonArray()), QStringLiteral("book.positions' must be an object")},
            {withPositions({{QStringLiteral("not a fen"), QJsonObject{{QStringLiteral("e2e4"), 1}}}}),
             QStringLiteral("is not a position")},
            {withPositions({{start, QJsonObject{{QStringLiteral("e2e5"), 1}}}}), QStringLiteral("e2e5 is not a legal")},
            {withPositions({{start, QJsonObject{{QStringLiteral("e2e4"), 0}}}}), QStringLiteral("positive integer")},
            {withPositions({{start, QJsonObject{{QStringLiteral("e2e4"), 1.5}}}}), QStringLiteral("positive integer")},
            {withPositions({{start, QJsonArray{1}}}), QStringLiteral("must be an object of moves")},
        };
        QTemporaryDir dir;
        int i = 0;
        for (const auto& [value, expected] : cases) {
            storage::Bundle b = shipped.value();
            b.config.insert(QStringLiteral("book"), value);
            const QString path = dir.filePath(QStringLiteral("bad%1.kibitz").arg(i++));
            QVERIFY(storage::writeBundle(path, b).ok());
            auto ev = jobs::loadHumanEvaluator(path);
            QVERIFY(!ev.ok());
            QCOMPARE(ev.error().code, ErrorCode::InvalidInput);
            QVERIFY2(QString::fromStdString(ev.error().message).contains(expected), ev.error().message.c_str());
            QVERIFY2(QString::fromStdString(ev.error().message).contains(path), ev.error().message.c_str());
            auto back = storage::readBundle(path, storage::kKindHumanMove);
            QVERIFY(back.ok());
            QVERIFY(!jobs::checkHumanBundle(*back, path).ok());
        }
    }
};

QTEST_GUILESS_MAIN(TstPlayerBook)
#include "tst_player_book.moc"
