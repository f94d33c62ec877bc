// SPDX-License-Identifier: GPL-3.0-or-later
// Game packs (.kgames, core/chess/game_pack): the 300 real sample games round-trip with their moves, clocks,
// engine evaluations (mates included), kept tags and results; the training samples made from the pack are the
// samples made from the PGN; a corrupt pack is an error naming the file, the game and what is wrong.
#include "core/chess/game_pack.h"
#include "core/training/human_samples.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace kibitz;
using namespace kibitz::chess;

namespace {

const std::string kSample = std::string(KIBITZ_TEST_DATA_DIR) + "/games_sample.pgn";

std::vector<PgnGame> readAll(const std::string& path) {
    auto r = GameReader::open(path);
    if (!r) qFatal("%s", r.error().message.c_str());
    std::vector<PgnGame> games;
    PgnGame g;
    while ((*r)->next(g)) games.push_back(g);
    if (!(*r)->ioError().empty()) qFatal("%s", (*r)->ioError().c_str());
    return games;
}

std::string writePack(const std::vector<PgnGame>& games, const std::string& path) {
    auto w = GamePackWriter::create(path);
    if (!w) qFatal("%s", w.error().message.c_str());
    for (const auto& g : games)
        if (auto st = (*w)->add(g); !st) qFatal("%s", st.error().message.c_str());
    if (auto st = (*w)->close(); !st) qFatal("%s", st.error().message.c_str());
    return path;
}

std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void putBytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

}  // namespace

class TstGamePack : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripOfRealGames();
    void sameTrainingSamples();
    void corruptPacks();
    void sectionsStreamAsTheirFiles();

private:
    QTemporaryDir m_dir;
};

void TstGamePack::roundTripOfRealGames() {
    const auto games = readAll(kSample);
    QCOMPARE(int(games.size()), 300);
    const std::string path = writePack(games, m_dir.filePath(QStringLiteral("sample.kgames")).toStdString());
    const auto back = readAll(path);
    QCOMPARE(back.size(), games.size());
    int evals = 0, mates = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const PgnGame& a = games[i];
        const PgnGame& b = back[i];
        QCOMPARE(b.result, a.result);
        QCOMPARE(b.startFen, a.startFen);
        QCOMPARE(b.moves.size(), a.moves.size());
        for (std::size_t k = 0; k < a.moves.size(); ++k) {
            QCOMPARE(b.moves[k].move, a.moves[k].move);
            QCOMPARE(b.moves[k].clockSeconds, a.moves[k].clockSeconds);
            QCOMPARE(b.moves[k].evalCp, a.moves[k].evalCp);
            QCOMPARE(b.moves[k].evalMate, a.moves[k].evalMate);
            evals += a.moves[k].evalCp.has_value();
            mates += a.moves[k].evalMate.has_value();
        }
        const bool identifiedBySite = !a.tag("Site").empty();
        for (const auto& [key, value] : a.tags) {
            const bool dateLike =
                key == "Event" || key == "Date" || key == "Round" || key == "UTCDate" || key == "UTCTime";
            QCOMPARE(b.tag(key), gamePackKeepsTag(key) && !(identifiedBySite && dateLike) ? value : std::string());
        }
    }
    QVERIFY(evals > 100);  // the sample has annotated games, mates among them
    QVERIFY(mates > 0);
    // Smaller than the PGN (which keeps SAN, comments and every tag).
    QVERIFY(fileBytes(path).size() * 2 < fileBytes(kSample).size());
}

void TstGamePack::sameTrainingSamples() {
    const std::string path = writePack(readAll(kSample), m_dir.filePath(QStringLiteral("train.kgames")).toStdString());
    const auto fromPgn = readAll(kSample);
    const auto fromPack = readAll(path);
    std::vector<encoding::EncodedPosition> a, b;
    training::SampleStats sa, sb;
    for (std::size_t i = 0; i < fromPgn.size(); ++i) {
        training::gameToPositions(fromPgn[i], encoding::BoardView::Mover, a, sa, 2);
        training::gameToPositions(fromPack[i], encoding::BoardView::Mover, b, sb, 2);
        QCOMPARE(training::gameId(fromPack[i]), training::gameId(fromPgn[i]));  // the hold-out split agrees
    }
    QVERIFY(a.size() > 10000);
    QCOMPARE(b.size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(b[i].ply, a[i].ply);
        QCOMPARE(b[i].target, a[i].target);
        QCOMPARE(b[i].outcome, a[i].outcome);
        QCOMPARE(b[i].engineCp, a[i].engineCp);
        QCOMPARE(b[i].cond.moverElo, a[i].cond.moverElo);
        QCOMPARE(b[i].cond.oppElo, a[i].cond.oppElo);
        QCOMPARE(b[i].cond.moverClockS, a[i].cond.moverClockS);
        QCOMPARE(b[i].cond.oppClockS, a[i].cond.oppClockS);
        QCOMPARE(b[i].cond.incrementS, a[i].cond.incrementS);
        QVERIFY(b[i].pieceCode == a[i].pieceCode);
        QVERIFY(b[i].legal == a[i].legal);
        QVERIFY(b[i].moveFeatures == a[i].moveFeatures);
    }
}

void TstGamePack::corruptPacks() {
    const auto games = readAll(kSample);
    const std::string good =
        writePack({games[0], games[1]}, m_dir.filePath(QStringLiteral("two.kgames")).toStdString());
    const std::string bytes = fileBytes(good);
    const std::string bad = m_dir.filePath(QStringLiteral("bad.kgames")).toStdString();
    auto errorOf = [&](const std::string& content) -> std::string {
        putBytes(bad, content);
        auto r = GameReader::open(bad);
        if (!r) return r.error().message;
        PgnGame g;
        while ((*r)->next(g)) {}
        return (*r)->ioError();
    };
    // Not a pack, and a pack from a future version.
    QVERIFY(QString::fromStdString(errorOf("[Event \"x\"]\n")).contains(QStringLiteral("not a Kibitz game pack")));
    std::string future = bytes;
    future[8] = 3;
    QVERIFY(QString::fromStdString(errorOf(future)).contains(QStringLiteral("version 3")));
    // Cut inside the second game: the first reads, the error names the file and game 2.
    const std::string cut = errorOf(bytes.substr(0, bytes.size() - 5));
    QVERIFY2(QString::fromStdString(cut).contains(QStringLiteral("bad.kgames: game 2: truncated")), cut.c_str());
    // A move code changed to one that is not legal: named with the position.
    std::string scrambled = bytes;
    bool evals = false, clocks = false;  // then every move of the game carries that field
    for (const auto& m : games[1].moves) {
        evals = evals || m.evalCp || m.evalMate;
        clocks = clocks || m.clockSeconds >= 0;
    }
    const std::size_t lastMove = bytes.size() - 2 - (clocks ? 2 : 0) - (evals ? 2 : 0);
    scrambled[lastMove] = char(0x41);  // from b1 to b1: never legal
    scrambled[lastMove + 1] = 0;
    const std::string illegal = errorOf(scrambled);
    QVERIFY2(QString::fromStdString(illegal).contains(QStringLiteral("game 2: move")) &&
                 QString::fromStdString(illegal).contains(QStringLiteral("is not legal")),
             illegal.c_str());
    // A record size beyond any game.
    std::string huge = bytes;
    huge[12 + 3] = char(0x7F);
    QVERIFY(QString::fromStdString(errorOf(huge)).contains(QStringLiteral("corrupt size")));
    // The untouched pack still reads.
    QCOMPARE(errorOf(bytes), std::string());
}

// A pack made of several PGN files keeps one section per file with the file's size: the training stream, which
// interleaves its sources at random by size, then gives the same positions in the same order from the pack as from
// the files (a run moves between the two and resumes exactly). Without sections a pack is one source, read in file
// order: the first chunks would hold only the first file's games.
void TstGamePack::sectionsStreamAsTheirFiles() {
    // The 300 sample games split into three PGN files of different sizes, at game boundaries.
    const std::string text = fileBytes(kSample);
    std::vector<std::size_t> starts;
    for (std::size_t at = text.find("[Event "); at != std::string::npos; at = text.find("\n[Event ", at + 1))
        starts.push_back(at == 0 ? 0 : at + 1);
    QCOMPARE(int(starts.size()), 300);
    const std::size_t cuts[4] = {0, starts[60], starts[200], text.size()};
    std::vector<std::string> files;
    for (int i = 0; i < 3; ++i) {
        files.push_back(m_dir.filePath(QStringLiteral("part%1.pgn").arg(i)).toStdString());
        putBytes(files.back(), text.substr(cuts[i], cuts[i + 1] - cuts[i]));
    }
    const std::string pack = m_dir.filePath(QStringLiteral("parts.kgames")).toStdString();
    {
        auto w = GamePackWriter::create(pack);
        QVERIFY(w.ok());
        for (const auto& f : files) {
            QVERIFY((*w)->beginSection(f.substr(f.rfind('/') + 1), fileBytes(f).size()).ok());
            for (const auto& g : readAll(f)) QVERIFY((*w)->add(g).ok());
        }
        QVERIFY((*w)->close().ok());
    }
    auto sections = GamePackReader::sections(pack);
    QVERIFY(sections.ok());
    QCOMPARE(int(sections->size()), 3);
    QCOMPARE((*sections)[1].name, std::string("part1.pgn"));
    QCOMPARE((*sections)[2].sourceBytes, std::uint64_t(fileBytes(files[2]).size()));
    // One section reads its own games and stops where the next starts; the whole pack reads all 300.
    auto second = GameReader::open(pack, (*sections)[1]);
    QVERIFY(second.ok());
    PgnGame g;
    int inSecond = 0;
    while ((*second)->next(g)) ++inSecond;
    QCOMPARE(inSecond, 140);
    QCOMPARE(int(readAll(pack).size()), 300);

    auto streamOf = [](const std::vector<std::string>& inputs) {
        training::SampleStreamOptions o;
        o.files = inputs;
        o.chunkGames = 25;
        o.seed = 7;
        o.encodingVersion = 2;
        o.bucketBatch = 16;
        auto s = training::HumanSampleStream::open(o);
        if (!s) qFatal("%s", s.error().message.c_str());
        return std::move(s.value());
    };
    auto fromFiles = streamOf(files);
    auto fromPack = streamOf({pack});
    std::vector<encoding::EncodedPosition> a, b;
    for (int chunk = 0; chunk < 14; ++chunk) {  // past the end of the first epoch
        QVERIFY(fromFiles->nextChunk(a).ok());
        QVERIFY(fromPack->nextChunk(b).ok());
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].ply, a[i].ply);
            QCOMPARE(b[i].target, a[i].target);
            QCOMPARE(b[i].cond.moverElo, a[i].cond.moverElo);
            QVERIFY(b[i].pieceCode == a[i].pieceCode);
        }
    }
    QCOMPARE(fromPack->epoch(), fromFiles->epoch());
    QVERIFY(fromPack->epoch() >= 1);
}

QTEST_GUILESS_MAIN(TstGamePack)
#include "tst_game_pack.moc"
