// SPDX-License-Identifier: GPL-3.0-or-later
// lc0 network files: the Maia-1 nets read, run and checked against the reference outputs of an
// independent implementation (tests/data/maia-1, with its provenance), and hostile files refused with a message.
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/encoding/lc0_input.h"
#include "core/lc0/lc0_net_file.h"
#include "core/models/lc0_evaluator.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <cmath>
#include <cstring>
#include <map>
#include <set>

using namespace kibitz;

namespace {

const QString kDir = QStringLiteral(KIBITZ_TEST_DATA_DIR "/maia-1");

struct Reference {
    std::vector<std::string> moves;
    std::string fen;
    std::string net;
    std::vector<std::pair<std::string, double>> top;
    std::array<double, 3> wdl{};
};

std::vector<Reference> readReferences() {
    QFile f(kDir + "/reference_outputs.jsonl");
    if (!f.open(QIODevice::ReadOnly)) return {};
    std::vector<Reference> out;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty()) continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Reference r;
        for (const auto& m : o["moves_uci"].toArray()) r.moves.push_back(m.toString().toStdString());
        r.fen = o["fen"].toString().toStdString();
        r.net = o["net"].toString().toStdString();
        for (const auto& t : o["top"].toArray())
            r.top.emplace_back(t.toArray()[0].toString().toStdString(), t.toArray()[1].toDouble());
        const QJsonArray w = o["wdl"].toArray();
        for (int i = 0; i < 3; ++i) r.wdl[std::size_t(i)] = w[i].toDouble();
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<std::uint8_t> fileBytes(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.readAll();
    return {b.begin(), b.end()};
}

std::vector<std::uint8_t> gunzipAll(const std::vector<std::uint8_t>& gz) {
    z_stream zs{};
    inflateInit2(&zs, 16 + MAX_WBITS);
    zs.next_in = const_cast<Bytef*>(gz.data());
    zs.avail_in = uInt(gz.size());
    std::vector<std::uint8_t> out(8 << 20);
    zs.next_out = out.data();
    zs.avail_out = uInt(out.size());
    inflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    inflateEnd(&zs);
    return out;
}

// A minimal protobuf writer for hand-made hostile messages.
void putVarint(std::vector<std::uint8_t>& b, std::uint64_t v) {
    while (v >= 0x80) {
        b.push_back(std::uint8_t(v | 0x80));
        v >>= 7;
    }
    b.push_back(std::uint8_t(v));
}
void putVarintField(std::vector<std::uint8_t>& b, int field, std::uint64_t v) {
    putVarint(b, std::uint64_t(field) << 3);
    putVarint(b, v);
}
void putBytesField(std::vector<std::uint8_t>& b, int field, const std::vector<std::uint8_t>& payload) {
    putVarint(b, (std::uint64_t(field) << 3) | 2);
    putVarint(b, payload.size());
    b.insert(b.end(), payload.begin(), payload.end());
}
void putMagic(std::vector<std::uint8_t>& b) {
    b.push_back(0x0d);  // field 1, fixed32
    for (std::uint8_t x : {0xc0, 0x01, 0x00, 0x00}) b.push_back(x);
}
std::vector<std::uint8_t> format(int policy) {
    std::vector<std::uint8_t> nf, f;
    putVarintField(nf, 1, 1);  // input classical
    putVarintField(nf, 2, 2);  // output WDL
    putVarintField(nf, 3, 4);  // SE with head format
    putVarintField(nf, 4, std::uint64_t(policy));
    putVarintField(nf, 5, 2);  // value WDL
    putVarintField(f, 1, 1);   // linear16
    putBytesField(f, 2, nf);
    return f;
}

// The offset of a fixed32 field's 4 bytes at `path` (field numbers, each step into the first field of that number),
// or npos. A minimal protobuf walker over well-formed messages, for editing one value of a real net in place.
std::size_t fixed32Offset(const std::vector<std::uint8_t>& b, const std::vector<int>& path) {
    std::size_t start = 0, end = b.size();
    auto varint = [&](std::size_t& i) {
        std::uint64_t v = 0;
        for (int shift = 0; i < end; shift += 7) {
            const std::uint8_t c = b[i++];
            v |= std::uint64_t(c & 0x7f) << shift;
            if (c < 0x80) break;
        }
        return v;
    };
    for (std::size_t step = 0; step < path.size(); ++step) {
        std::size_t i = start;
        bool found = false;
        while (i < end && !found) {
            const std::uint64_t key = varint(i);
            const int number = int(key >> 3), wire = int(key & 7);
            std::size_t len = 0;
            if (wire == 0) {
                varint(i);
                continue;
            }
            len = wire == 1 ? 8 : wire == 5 ? 4 : std::size_t(varint(i));
            if (number == path[step]) {
                if (step + 1 == path.size()) return wire == 5 ? i : std::string::npos;
                start = i;
                end = i + len;
                found = true;
            } else {
                i += len;
            }
        }
        if (!found) return std::string::npos;
    }
    return std::string::npos;
}

std::string errorOf(const std::vector<std::uint8_t>& bytes, std::size_t maxBytes = lc0::kLc0MaxNetBytes) {
    const auto r = lc0::parseLc0Network(bytes, "net.pb.gz", maxBytes);
    return r.ok() ? std::string("(accepted)") : r.error().message;
}

}  // namespace

class TestLc0Net : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsMaiaShapes() {
        const auto net = lc0::readLc0Network((kDir + "/maia-1500.pb.gz").toStdString());
        QVERIFY2(net.ok(), net.ok() ? "" : net.error().message.c_str());
        QCOMPARE(net->filters, 64);
        QCOMPARE(net->blocks, 6);
        QCOMPARE(net->seChannels, 8);
        QCOMPARE(net->policyPlanes, 80);
        QCOMPARE(net->valueChannels, 32);
        QCOMPARE(net->valueHidden, 128);
        QCOMPARE(net->minVersion, std::string("0.21.0"));
        QCOMPARE(net->trainingSteps, std::int64_t(400000));
    }

    // Every line of the reference outputs: the 8 listed moves' probabilities and the WDL to 1e-3, with the
    // game's moves replayed so that the nets see the same 7 earlier positions.
    void reproducesReferenceOutputs() {
        const std::vector<Reference> refs = readReferences();
        QCOMPARE(int(refs.size()), 942);
        std::map<std::string, std::vector<const Reference*>> byNet;
        for (const Reference& r : refs) byNet[r.net].push_back(&r);
        QCOMPARE(int(byNet.size()), 3);
        int compared = 0, listed = 0, withHistory = 0, promotions = 0, underPromotions = 0, smallCompared = 0;
        for (const Reference& r : refs) listed += int(r.top.size());
        double worst = 0.0;
        for (const auto& [name, lines] : byNet) {
            auto ev = models::Lc0Evaluator::load((kDir + "/" + QString::fromStdString(name) + ".pb.gz").toStdString());
            QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
            std::vector<chess::Position> positions;
            std::vector<encoding::RecentMoves> recents;
            for (const Reference* r : lines) {
                chess::Position pos;
                encoding::RecentMoves recent;
                for (const std::string& u : r->moves) {
                    const auto m = chess::parseUci(pos, u);
                    QVERIFY2(m.ok(), u.c_str());
                    recent.push(pos, *m);
                    pos.makeMove(*m);
                }
                QCOMPARE(pos.fen(), r->fen);
                if (recent.count > 0) ++withHistory;
                positions.push_back(pos);
                recents.push_back(recent);
            }
            const auto out = (*ev)->evaluate(positions, recents);
            QVERIFY2(out.ok(), out.ok() ? "" : out.error().message.c_str());
            for (std::size_t i = 0; i < lines.size(); ++i) {
                std::map<std::string, double> got;
                for (const auto& mp : out->moves[i]) got[chess::toUci(mp.move)] = mp.prob;
                for (const auto& [uci, p] : lines[i]->top) {
                    QVERIFY2(got.count(uci), (name + " " + lines[i]->fen + ": no legal move " + uci).c_str());
                    const double d = std::abs(got[uci] - p);
                    worst = std::max(worst, d);
                    if (d > 1e-3)
                        QFAIL((name + " " + lines[i]->fen + " " + uci + ": " + std::to_string(got[uci]) +
                               " vs reference " + std::to_string(p))
                                  .c_str());
                    if (uci.size() == 5) ++promotions;
                    if (uci.size() == 5 && uci[4] != 'q') ++underPromotions;
                    ++compared;
                }
                const encoding::Wdl& w = out->wdl[i];
                QVERIFY(std::abs(w.win - lines[i]->wdl[0]) <= 1e-3);
                QVERIFY(std::abs(w.draw - lines[i]->wdl[1]) <= 1e-3);
                QVERIFY(std::abs(w.loss - lines[i]->wdl[2]) <= 1e-3);
            }
            // Small batches (what analysing one position runs) take another path on the CPU: the convolutions as
            // one matrix product over the patches. Batches of 1 and 5 give the same answers as the whole batch.
            for (const std::size_t size : {std::size_t(1), std::size_t(5)}) {
                for (std::size_t first = 0; first < positions.size(); first += size * 7) {
                    const std::size_t n = std::min(size, positions.size() - first);
                    const std::vector<chess::Position> part(positions.begin() + long(first),
                                                            positions.begin() + long(first + n));
                    const std::vector<encoding::RecentMoves> partRecent(recents.begin() + long(first),
                                                                        recents.begin() + long(first + n));
                    const auto small = (*ev)->evaluate(part, partRecent);
                    QVERIFY2(small.ok(), small.ok() ? "" : small.error().message.c_str());
                    for (std::size_t i = 0; i < n; ++i) {
                        const auto& a = small->moves[i];
                        const auto& b = out->moves[first + i];
                        QCOMPARE(a.size(), b.size());
                        std::map<std::uint16_t, float> whole;
                        for (const auto& mp : b) whole[mp.move.raw()] = mp.prob;
                        for (const auto& mp : a) {
                            QVERIFY(whole.count(mp.move.raw()));
                            QVERIFY2(std::abs(mp.prob - whole[mp.move.raw()]) <= 1e-4, lines[first + i]->fen.c_str());
                        }
                        QVERIFY(std::abs(small->wdl[i].win - out->wdl[first + i].win) <= 1e-4);
                        QVERIFY(std::abs(small->wdl[i].loss - out->wdl[first + i].loss) <= 1e-4);
                        ++smallCompared;
                    }
                }
            }
        }
        QVERIFY(smallCompared > 100);
        QCOMPARE(compared, listed);
        QVERIFY(listed > 7000);
        QVERIFY(withHistory > 800);  // all but each game's first position
        // Queen and under-promotions both appear among the listed moves (10 and 4 of them), so both conventions of
        // the policy map are checked.
        QVERIFY(promotions >= 8);
        QVERIFY(underPromotions >= 2);
        qInfo("largest probability difference: %.2e", worst);
    }

    // The history planes matter: the same position without the moves that led to it gives other probabilities.
    void historyIsRead() {
        auto ev = models::Lc0Evaluator::load((kDir + "/maia-1500.pb.gz").toStdString());
        QVERIFY(ev.ok());
        chess::Position pos;
        encoding::RecentMoves recent;
        for (const char* u : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}) {
            const auto m = chess::parseUci(pos, u);
            QVERIFY(m.ok());
            recent.push(pos, *m);
            pos.makeMove(*m);
        }
        const auto with = (*ev)->evaluate({pos}, {recent});
        const auto without = (*ev)->evaluate({pos.snapshot()}, {});
        QVERIFY(with.ok() && without.ok());
        double diff = 0.0;
        for (const auto& a : with->moves[0])
            for (const auto& b : without->moves[0])
                if (a.move == b.move) diff = std::max(diff, double(std::abs(a.prob - b.prob)));
        QVERIFY(diff > 1e-3);
    }

    // Taking moves back rebuilds the earlier boards, castling, en passant and promotion included.
    void historyRebuildsBoards() {
        chess::Position pos;
        encoding::RecentMoves recent;
        std::vector<chess::Position> seen{pos};
        // White castles short, Black takes en passant, White promotes on a capture (a real sequence of legal moves
        // from this FEN).
        auto fen = chess::Position::fromFen("r3k2r/1P6/8/8/5p2/8/4P3/R3K2R w KQkq - 0 1");
        QVERIFY(fen.ok());
        pos = *fen;
        seen = {pos};
        for (const char* u : {"e1g1", "a8a7", "e2e4", "f4e3", "b7b8q"}) {
            const auto m = chess::parseUci(pos, u);
            QVERIFY2(m.ok(), u);
            recent.push(pos, *m);
            pos.makeMove(*m);
            seen.push_back(pos);
        }
        const encoding::Lc0History h = encoding::lc0History(pos, &recent);
        QCOMPARE(h.count, 6);
        for (int back = 0; back < h.count; ++back) {
            const chess::Position& want = seen[seen.size() - 1 - std::size_t(back)];
            const encoding::Lc0History expect = encoding::lc0History(want, nullptr);
            QCOMPARE(h.boards[std::size_t(back)].pieces, expect.boards[0].pieces);
        }
    }

    void policyIndexLayout() {
        const auto pos = chess::Position::fromFen(std::string(chess::Position::kStartFen));
        QVERIFY(pos.ok());
        auto idx = [&](const chess::Position& p, const char* u) {
            const auto m = chess::parseUci(p, u);
            return m.ok() ? encoding::lc0PolicyIndex(p, *m) : -2;
        };
        QCOMPARE(idx(*pos, "e2e4"), (0 * 7 + 1) * 64 + chess::E2);  // north, two squares
        QCOMPARE(idx(*pos, "g1f3"), (56 + 7) * 64 + chess::G1);     // knight (-1, +2)
        chess::Position black = *pos;
        black.makeMove(*chess::parseUci(black, "e2e4"));
        QCOMPARE(idx(black, "e7e5"), (0 * 7 + 1) * 64 + chess::E2);  // mirrored: Black also plays "up"
        // Every legal move of some busy positions maps to a distinct index inside the 73 used planes.
        for (const char* f : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                              "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
                              "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"}) {
            const auto p = chess::Position::fromFen(f);
            QVERIFY2(p.ok(), p.ok() ? f : p.error().message.c_str());
            std::set<int> used;
            const chess::MoveList moves = p->legalMoves();
            for (int i = 0; i < moves.size(); ++i) {
                const int k = encoding::lc0PolicyIndex(*p, moves[i]);
                QVERIFY(k >= 0 && k < 73 * 64);
                QVERIFY2(used.insert(k).second, chess::toUci(moves[i]).c_str());
            }
        }
    }

    // The fuzzer's seed (tests/fuzz/corpus/lc0) is a valid network, bare and gzipped, so fuzzing starts inside it.
    void fuzzSeedLoads() {
        for (const char* name : {"tiny_net.pb", "tiny_net.pb.gz"}) {
            const auto net = lc0::readLc0Network(std::string(KIBITZ_TEST_DATA_DIR "/../fuzz/corpus/lc0/") + name);
            QVERIFY2(net.ok(), net.ok() ? name : net.error().message.c_str());
            QCOMPARE(net->filters, 2);
            QCOMPARE(net->blocks, 1);
            QCOMPARE(net->seChannels, 1);
            auto ev = models::Lc0Evaluator::fromNetwork(*net, name);
            const auto pos = chess::Position::fromFen(std::string(chess::Position::kStartFen));
            const auto dist = ev->moveDistribution(*pos, {});
            QVERIFY(dist.ok());
            QCOMPARE(int(dist->size()), 20);
        }
    }

    // A net whose weights are finite but extreme (one layer's range scaled to 3e38, every value still a float) reads,
    // but its outputs overflow to NaN: Lc0Evaluator::load refuses it with a message naming the file, and an
    // evaluator built from such a network answers errors, never NaN probabilities or WDL.
    void refusesNonFiniteOutputs() {
        const std::vector<std::uint8_t> raw = gunzipAll(fileBytes(kDir + "/maia-1500.pb.gz"));
        QVERIFY(raw.size() > 1000000);
        QTemporaryDir dir;
        // weights.policy.weights.max_val (the policy head) and weights.ip1_val_w.max_val (the value head).
        const std::vector<std::vector<int>> layers = {{10, 3, 1, 2}, {10, 7, 2}};
        for (const std::vector<int>& path : layers) {
            std::vector<std::uint8_t> bytes = raw;
            const std::size_t at = fixed32Offset(bytes, path);
            QVERIFY(at != std::string::npos);
            const float huge = 3e38f;
            std::memcpy(&bytes[at], &huge, sizeof huge);
            QVERIFY(lc0::parseLc0Network(bytes, "extreme.pb").ok());  // every value is a finite float
            const std::string file = dir.filePath(QStringLiteral("extreme-%1.pb").arg(path[1])).toStdString();
            QFile out(QString::fromStdString(file));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
            out.close();
            const auto ev = models::Lc0Evaluator::load(file);
            QVERIFY(!ev.ok());
            const std::string& msg = ev.error().message;
            QVERIFY2(msg.rfind(file + ": ", 0) == 0, msg.c_str());
            QVERIFY2(msg.find("non-finite") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find(path[1] == 3 ? "policy head" : "value head") != std::string::npos, msg.c_str());
        }
        // The real net passes the same check.
        auto good = models::Lc0Evaluator::load((kDir + "/maia-1500.pb.gz").toStdString());
        QVERIFY2(good.ok(), good.ok() ? "" : good.error().message.c_str());
        QVERIFY((*good)->probe().ok());
        // Built from an in-memory network (no load check): every answer on any position is an error, not a number.
        auto net = lc0::parseLc0Network(raw, "maia.pb");
        QVERIFY(net.ok());
        for (float& w : net->value1.weight) w = 3e38f;
        auto valueBad = models::Lc0Evaluator::fromNetwork(*net, "extreme value");
        const auto pos = chess::Position::fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        QVERIFY(pos.ok());
        const auto wdl = valueBad->valueEstimates({*pos}, std::vector<encoding::Conditioning>(1), {});
        QVERIFY(!wdl.ok());
        QVERIFY2(wdl.error().message.find("extreme value: the network's value head gives non-finite") == 0,
                 wdl.error().message.c_str());
        QVERIFY(!valueBad->moveDistribution(*pos, {}).ok());
        QVERIFY(!valueBad->probe().ok());
        auto policyNet = lc0::parseLc0Network(raw, "maia.pb");
        for (float& w : policyNet->policy.weight) w = 3e38f;
        auto policyBad = models::Lc0Evaluator::fromNetwork(*policyNet, "extreme policy");
        const auto dist = policyBad->moveDistribution(*pos, {});
        QVERIFY(!dist.ok());
        QVERIFY2(dist.error().message.find("extreme policy: the network's policy head gives a non-finite output") == 0,
                 dist.error().message.c_str());
        // The fuzzer's regression seed: batch-norm gammas near the float limit over variances of 0 fold to infinity,
        // which the reader refuses and names.
        const auto folded =
            lc0::readLc0Network(std::string(KIBITZ_TEST_DATA_DIR "/../fuzz/corpus/lc0/regress-bn-fold-overflow.pb"));
        QVERIFY(!folded.ok());
        QVERIFY2(folded.error().message.find("weights.input.bn_gammas: folding the batch norm") != std::string::npos,
                 folded.error().message.c_str());
    }

    void refusesHostileFiles() {
        const std::vector<std::uint8_t> gz = fileBytes(kDir + "/maia-1500.pb.gz");
        QVERIFY(gz.size() > 1000000);
        // Not an lc0 net at all.
        const std::string text = "this is not a network";
        QVERIFY(errorOf({text.begin(), text.end()}).find("not an lc0 network") != std::string::npos);
        // A gzip stream cut short.
        std::vector<std::uint8_t> cut(gz.begin(), gz.begin() + std::ptrdiff_t(gz.size() / 2));
        QVERIFY2(errorOf(cut).find("truncated gzip") != std::string::npos, errorOf(cut).c_str());
        // A corrupted gzip stream.
        std::vector<std::uint8_t> corrupt = gz;
        for (std::size_t i = 100; i < 200; ++i) corrupt[i] ^= 0x5a;
        QVERIFY2(errorOf(corrupt).find("gzip") != std::string::npos, errorOf(corrupt).c_str());
        // More than the limit when inflated (a decompression bomb): refused before it is all in memory.
        QVERIFY2(errorOf(gz, 1 << 20).find("decompresses to more than") != std::string::npos,
                 errorOf(gz, 1 << 20).c_str());
        // The bare message cut short: a length runs past the end.
        const std::vector<std::uint8_t> raw = gunzipAll(gz);
        QCOMPARE(raw.size(), std::size_t(1738564));
        QVERIFY(lc0::parseLc0Network(raw, "raw.pb").ok());
        std::vector<std::uint8_t> rawCut(raw.begin(), raw.begin() + 5000);
        QVERIFY2(errorOf(rawCut).find("runs past the end") != std::string::npos, errorOf(rawCut).c_str());
        // Wrong magic.
        std::vector<std::uint8_t> magic = raw;
        magic[1] ^= 0xff;
        QVERIFY2(errorOf(magic).find("no lc0 magic") != std::string::npos, errorOf(magic).c_str());
        // An attention-policy net: a real format Kibitz does not run, said so.
        std::vector<std::uint8_t> attention;
        putMagic(attention);
        putBytesField(attention, 4, format(3));
        putBytesField(attention, 10, {});
        const auto att = lc0::parseLc0Network(attention, "net.pb", lc0::kLc0MaxNetBytes);
        QVERIFY(!att.ok());
        QCOMPARE(att.error().code, ErrorCode::Unsupported);
        QVERIFY(att.error().message.find("policy head 3") != std::string::npos);
        // A tensor of the wrong size is named with its path and the expected shape.
        std::vector<std::uint8_t> layer, conv, weights, net;
        layer.push_back(0x0d);  // min_val 0
        for (int i = 0; i < 4; ++i) layer.push_back(0);
        layer.push_back(0x15);  // max_val 0
        for (int i = 0; i < 4; ++i) layer.push_back(0);
        putBytesField(layer, 3, std::vector<std::uint8_t>(112 * 9 * 2 * 2, 0));  // 2 filters' worth
        putBytesField(conv, 1, layer);
        putBytesField(weights, 1, conv);
        std::vector<std::uint8_t> block, conv1;
        std::vector<std::uint8_t> small;
        small.push_back(0x0d);
        for (int i = 0; i < 4; ++i) small.push_back(0);
        small.push_back(0x15);
        for (int i = 0; i < 4; ++i) small.push_back(0);
        putBytesField(small, 3, std::vector<std::uint8_t>(10, 0));  // 5 values, expected 2 x 2 x 3 x 3 = 36
        putBytesField(conv1, 1, small);
        putBytesField(block, 1, conv1);
        putBytesField(weights, 2, block);
        putMagic(net);
        putBytesField(net, 4, format(2));
        putBytesField(net, 10, weights);
        const std::string e = errorOf(net);
        QVERIFY2(e.find("weights.input.bn_") != std::string::npos ||
                     e.find("weights.residual[0].conv1.weights: 5 values, expected 36") != std::string::npos,
                 e.c_str());
        // Every prefix of a small real-shaped message fails cleanly (no crash, no read past the end).
        for (std::size_t n = 0; n < net.size(); ++n) {
            std::vector<std::uint8_t> prefix(net.begin(), net.begin() + std::ptrdiff_t(n));
            QVERIFY(!lc0::parseLc0Network(prefix, "p", 1 << 20).ok());
        }
        // A missing file.
        const auto missing = lc0::readLc0Network((kDir + "/no-such-net.pb.gz").toStdString());
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, ErrorCode::Io);
    }
};

QTEST_GUILESS_MAIN(TestLc0Net)
#include "tst_lc0_net.moc"
