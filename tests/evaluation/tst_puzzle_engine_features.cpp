// SPDX-License-Identifier: GPL-3.0-or-later
// Engine features of puzzles with the real Stockfish on real Lichess puzzles (tests/data), checked
// against what Lichess's own tagger says of the same puzzles (its themes: mateIn1, sacrifice, quietMove), which
// this code never reads. Skipped when /usr/games/stockfish is missing.
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/puzzle_engine_features.h"

#include <QFileInfo>
#include <QTest>

#include <algorithm>

using namespace kibitz;

namespace {

const QString kStockfish = QStringLiteral("/usr/games/stockfish");

bool hasTheme(const chess::Puzzle& p, const std::string& theme) {
    return std::find(p.themes.begin(), p.themes.end(), theme) != p.themes.end();
}

std::vector<chess::Puzzle> samplePuzzles() {
    std::vector<chess::Puzzle> out;
    auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    if (!reader) return out;
    chess::Puzzle p;
    while (reader.value()->next(p)) out.push_back(p);
    return out;
}

std::size_t index(const char* name) {
    const auto& names = evaluation::engineFeatureNames();
    return std::size_t(std::find(names.begin(), names.end(), name) - names.begin());
}

}  // namespace

class TestPuzzleEngineFeatures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        if (!QFileInfo(kStockfish).isExecutable()) QSKIP("Stockfish is not installed at /usr/games/stockfish");
    }

    void keepsAdvantageRule() {
        QVERIFY(evaluation::keepsAdvantage(150, 900));   // still clearly better
        QVERIFY(!evaluation::keepsAdvantage(149, 900));  // the best wins, this one does not
        QVERIFY(evaluation::keepsAdvantage(40, 60));     // an equalising puzzle: within 50 of the best
        QVERIFY(!evaluation::keepsAdvantage(0, 60));
    }

    /// What the features are searched with, the same for the CLI's puzzle-features and the app: the depth asked for,
    /// one thread, a 16 MB hash cleared before every search (features v2).
    void featureAnalyserOptions() {
        const auto o = evaluation::engineFeatureAnalyserOptions(QStringLiteral("/x/stockfish"), 14);
        QCOMPARE(o.program, QStringLiteral("/x/stockfish"));
        QVERIFY(o.limits.kind == engines::SearchLimits::Kind::Depth);
        QCOMPARE(o.limits.value, std::int64_t{14});
        QCOMPARE(o.threads, 1);
        QCOMPARE(o.hashMb, 16);
        QVERIFY(o.freshSearch);
        const auto plain =
            evaluation::uciAnalyserOptions(QStringLiteral("/x/stockfish"), engines::SearchLimits::nodes(5000), 3);
        QCOMPARE(plain.threads, 3);
        QVERIFY(plain.limits.kind == engines::SearchLimits::Kind::Nodes);
        QCOMPARE(plain.hashMb, evaluation::UciAnalyserOptions{}.hashMb);
        QVERIFY(!plain.freshSearch);
    }

    /// Features against the themes Lichess gave the puzzles, at a shallow depth to stay quick.
    void agreesWithLichessThemes() {
        const std::vector<chess::Puzzle> all = samplePuzzles();
        QCOMPARE(all.size(), std::size_t(500));
        evaluation::UciAnalyser analyser(evaluation::engineFeatureAnalyserOptions(kStockfish, 8));
        CancelToken cancel;
        auto key = evaluation::engineFeatureKey(analyser, cancel);
        QVERIFY2(key.ok(), key.ok() ? "" : key.error().message.c_str());
        QVERIFY2(key.value().find("Stockfish") != std::string::npos, key.value().c_str());  // the id name, not a path
        QVERIFY(key.value().find("depth 8") != std::string::npos);

        int mates = 0, sacrifices = 0, sacrificeFlagged = 0, others = 0, otherFlagged = 0, quiets = 0;
        int plain = 0;
        for (const chess::Puzzle& p : all) {
            const bool mate1 = hasTheme(p, "mateIn1"), sac = hasTheme(p, "sacrifice"), quiet = hasTheme(p, "quietMove");
            const bool contrast = !sac && plain < 60 && !hasTheme(p, "mate");
            if (!mate1 && !sac && !quiet && !contrast) continue;
            auto facts = evaluation::analysePuzzleWithEngine(analyser, p, cancel);
            QVERIFY2(facts.ok(), facts.ok() ? "" : facts.error().message.c_str());
            QCOMPARE(int(facts->moves.size()), p.solutionLength());
            const std::vector<float> f = evaluation::engineFeatures(facts.value());
            QCOMPARE(int(f.size()), evaluation::kEngineFeatureCount);
            for (float v : f) QVERIFY(v >= -1.0f && v <= 1.0f);
            if (mate1) {
                // Mate in one: the engine finds the mate, it gives check, and the position is won outright.
                ++mates;
                const auto& m = facts->moves.front();
                QVERIFY2(m.solutionRank == 0, p.id.c_str());
                QVERIFY2(m.check, p.id.c_str());
                QVERIFY2(m.bestCp >= evaluation::kMateCp - 1, p.id.c_str());
                QCOMPARE(f[index("first_is_best")], 1.0f);
                QVERIFY(f[index("first_score")] > 0.99f);
            }
            if (quiet) {
                // Lichess: a quiet move is neither check nor capture; some solver move of the puzzle is one.
                ++quiets;
                QVERIFY2(f[index("quiet_share")] > 0.0f, p.id.c_str());
            }
            if (sac) {
                ++sacrifices;
                sacrificeFlagged += f[index("any_sacrifice")] > 0.5f;
            } else if (contrast) {
                ++plain;
                ++others;
                otherFlagged += f[index("any_sacrifice")] > 0.5f;
            }
        }
        QCOMPARE(mates, 77);
        QCOMPARE(quiets, 26);
        QCOMPARE(sacrifices, 41);
        // Material given up in the solution line: most puzzles Lichess calls sacrifices, few of the others.
        const double sacShare = double(sacrificeFlagged) / sacrifices, otherShare = double(otherFlagged) / others;
        qInfo("sacrifice flagged: %.2f of %d 'sacrifice' puzzles, %.2f of %d others", sacShare, sacrifices, otherShare,
              others);
        QVERIFY2(sacShare >= 0.9, qPrintable(QString::number(sacShare)));
        QVERIFY2(otherShare <= 0.1, qPrintable(QString::number(otherShare)));
    }

    /// features=v2: a puzzle's features do not depend on what the engine searched before (the hash is cleared before
    /// each search), so a cache filled in any order, or a resumed run, gives the same numbers as one straight run.
    void featuresDoNotDependOnOrder() {
        const std::vector<chess::Puzzle> all = samplePuzzles();
        const evaluation::UciAnalyserOptions o = evaluation::engineFeatureAnalyserOptions(kStockfish, 10);
        CancelToken cancel;
        std::vector<std::vector<float>> straight;
        {
            evaluation::UciAnalyser analyser(o);
            for (std::size_t i = 0; i < 12; ++i) {
                auto f = evaluation::analysePuzzleWithEngine(analyser, all[i], cancel);
                QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
                straight.push_back(evaluation::engineFeatures(f.value()));
            }
        }
        evaluation::UciAnalyser reversed(o);
        for (std::size_t i = 12; i-- > 0;) {
            auto f = evaluation::analysePuzzleWithEngine(reversed, all[i], cancel);
            QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
            QVERIFY2(evaluation::engineFeatures(f.value()) == straight[i], all[i].id.c_str());
        }
    }

    void badLineIsRefused() {
        evaluation::UciAnalyser analyser(evaluation::uciAnalyserOptions(kStockfish, engines::SearchLimits::depth(4)));
        chess::Puzzle p;
        p.id = "short";
        p.fen = std::string(chess::Position::kStartFen);
        auto r = evaluation::analysePuzzleWithEngine(analyser, p, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        QVERIFY(r.error().message.find("short") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPuzzleEngineFeatures)
#include "tst_puzzle_engine_features.moc"
