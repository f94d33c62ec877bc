// SPDX-License-Identifier: GPL-3.0-or-later
// core/jobs/puzzle_rating: the PGN puzzle convention, puzzle files with bad entries, and rateCsvFile's resumable
// output (torn last line, rows already rated, cancel keeps the partial file, bad header) with a tiny model.
#include "core/chess/notation.h"
#include "core/jobs/puzzle_rating.h"
#include "core/models/puzzle_config.h"

#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kibitz;

namespace {

const QString kSampleCsv = QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
const QString kSamplePgn = QStringLiteral(KIBITZ_TEST_DATA_DIR "/ui/lichess_puzzles.pgn");

QStringList readLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void writeText(const QString& path, const QString& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
}

/// The first `rows` data rows of the real sample, with its header.
QStringList sample(int rows) { return readLines(kSampleCsv).mid(0, rows + 1); }

QStringList ids(const QStringList& lines) {
    QStringList out;
    for (int i = 1; i < lines.size(); ++i) out << lines[i].section(QLatin1Char(','), 0, 0);
    return out;
}

}  // namespace

class TestPuzzleRating : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    std::unique_ptr<models::PuzzlePredictor> m_model;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        auto config = models::puzzleConfigByName("tiny");
        QVERIFY(config.ok());
        m_model = models::PuzzlePredictor::fromConfig(config.value(), 7);
    }

    void puzzleFromPgn_data() {
        QTest::addColumn<QStringList>("tags");  // name=value pairs
        QTest::addColumn<int>("moves");
        QTest::addColumn<QString>("id");  // expected id, or "!substring" of the expected error
        QTest::addColumn<int>("rating");
        const QString fen = QStringLiteral("FEN=6k1/ppR2pp1/4p1p1/4P1N1/3r2P1/1P4K1/P6r/8 b - - 5 30");
        QTest::newRow("all tags") << QStringList{fen, QStringLiteral("PuzzleId=00Cfq"), QStringLiteral("Site=x"),
                                                 QStringLiteral("PuzzleRating=631")}
                                  << 4 << "00Cfq" << 631;
        QTest::newRow("site as id") << QStringList{fen, QStringLiteral("Site=https://lichess.org/training/00Cfq")} << 4
                                    << "https://lichess.org/training/00Cfq" << 0;
        QTest::newRow("numbered") << QStringList{fen, QStringLiteral("Site=?")} << 2 << "game 7" << 0;
        QTest::newRow("no FEN") << QStringList{QStringLiteral("PuzzleId=00Cfq")} << 4 << "!no FEN tag" << 0;
        QTest::newRow("one move") << QStringList{fen} << 1 << "!at least one solver move" << 0;
    }
    void puzzleFromPgn() {
        QFETCH(QStringList, tags);
        QFETCH(int, moves);
        QFETCH(QString, id);
        QFETCH(int, rating);
        // 00Cfq: Re2 Rc8+ Rd8 Rxd8#, the real line; the game's moves are only copied, so the UCI moves suffice.
        auto start = chess::Position::fromFen("6k1/ppR2pp1/4p1p1/4P1N1/3r2P1/1P4K1/P6r/8 b - - 5 30");
        QVERIFY(start.ok());
        chess::PgnGame game;
        for (const QString& t : tags)
            game.tags.emplace_back(t.section(QLatin1Char('='), 0, 0).toStdString(),
                                   t.section(QLatin1Char('='), 1).toStdString());
        chess::Position pos = start.value().snapshot();
        const char* line[] = {"h2e2", "c7c8", "d4d8", "c8d8"};
        for (int i = 0; i < moves; ++i) {
            auto m = chess::parseUci(pos, line[i]);
            QVERIFY(m.ok());
            chess::PgnMove pm;
            pm.move = m.value();
            game.moves.push_back(pm);
            pos.makeMove(m.value());
        }
        auto p = jobs::puzzleFromPgn(game, 7);
        if (id.startsWith(QLatin1Char('!'))) {
            QVERIFY(!p.ok());
            QVERIFY2(QString::fromStdString(p.error().message).contains(id.mid(1)), p.error().message.c_str());
            return;
        }
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(QString::fromStdString(p.value().id), id);
        QCOMPARE(int(p.value().moves.size()), moves);
        QCOMPARE(p.value().rating, rating);
        QCOMPARE(p.value().solverStart().fen(), [&] {
            chess::Position s = start.value().snapshot();
            s.makeMove(p.value().moves.front());
            return s.fen();
        }());
    }

    void readPgnFile() {
        auto file = jobs::readPuzzleFile(kSamplePgn.toStdString(), CancelToken());
        QVERIFY(file.ok());
        QCOMPARE(file.value().puzzles.size(), std::size_t(3));
        QCOMPARE(file.value().skipped, std::int64_t(2));
        // The game without FEN is named by its first line, the illegal move by the reader.
        QVERIFY2(
            QString::fromStdString(file.value().skips[0]).contains(QStringLiteral("lichess_puzzles.pgn:23: no FEN")),
            file.value().skips[0].c_str());
        QVERIFY2(QString::fromStdString(file.value().skips[1]).contains(QStringLiteral("Nxe7")),
                 file.value().skips[1].c_str());
        QCOMPARE(file.value().puzzles[2].id, std::string("000rZ"));
        QCOMPARE(file.value().puzzles[2].rating, 633);
    }

    /// A filtered read keeps the puzzles asked for, up to the limit, and counts the others (counts read with awk:
    /// 69 mateIn2 of 500, the tenth of them, 009uB, on data row 48).
    void readFiltered() {
        const auto mateIn2 = chess::parsePuzzleFilter("mateIn2");
        QVERIFY(mateIn2.ok());
        auto all = jobs::readPuzzleFile(kSampleCsv.toStdString(), CancelToken(), jobs::kMaxFilePuzzles, *mateIn2);
        QVERIFY(all.ok());
        QCOMPARE(all->puzzles.size(), std::size_t(69));
        QCOMPARE(all->leftOut, std::int64_t(431));
        QVERIFY(!all->truncated);
        auto first = jobs::readPuzzleFile(kSampleCsv.toStdString(), CancelToken(), 10, *mateIn2);
        QVERIFY(first.ok());
        QCOMPARE(first->puzzles.size(), std::size_t(10));
        QCOMPARE(first->puzzles.back().id, std::string("009uB"));
        QCOMPARE(first->leftOut, std::int64_t(38));
        QVERIFY(first->truncated);
        for (const auto& p : first->puzzles)
            QVERIFY(std::find(p.themes.begin(), p.themes.end(), "mateIn2") != p.themes.end());
        // No filter: everything, nothing left out.
        auto plain = jobs::readPuzzleFile(kSampleCsv.toStdString(), CancelToken());
        QVERIFY(plain.ok());
        QCOMPARE(plain->puzzles.size(), std::size_t(500));
        QCOMPARE(plain->leftOut, std::int64_t(0));
    }

    /// A long read says how far it has gone: the sample's 500 rows twenty times over, every kProgressRows rows, with
    /// the puzzles kept so far (69 mateIn2 in each copy; 12 in its first 96 rows, 24 in its first 192, read with awk).
    void readProgress() {
        const QStringList rows = sample(500);
        QStringList lines{rows.first()};
        for (int copy = 0; copy < 20; ++copy) lines << rows.mid(1);
        const QString path = m_tmp.filePath(QStringLiteral("twenty.csv"));
        writeText(path, lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        std::vector<std::pair<double, std::size_t>> heard;
        auto file = jobs::readPuzzleFile(
            path.toStdString(), CancelToken(), jobs::kMaxFilePuzzles, *chess::parsePuzzleFilter("mateIn2"),
            [&](double fraction, std::size_t kept) { heard.emplace_back(fraction, kept); });
        QVERIFY(file.ok());
        QCOMPARE(file->puzzles.size(), std::size_t(20 * 69));
        QCOMPARE(file->leftOut, std::int64_t(20 * 431));
        QCOMPARE(jobs::kProgressRows, std::int64_t(4096));
        QCOMPARE(heard.size(), std::size_t(2));  // after rows 4,096 and 8,192 of 10,000
        QCOMPARE(heard[0].second, std::size_t(8 * 69 + 12));
        QCOMPARE(heard[1].second, std::size_t(16 * 69 + 24));
        QVERIFY(heard[0].first > 0.0 && heard[0].first <= heard[1].first && heard[1].first <= 1.0);
    }

    void resumeAfterTornLine() {
        const QStringList in = sample(40);
        const QString inPath = m_tmp.filePath(QStringLiteral("resume.csv"));
        const QString out = m_tmp.filePath(QStringLiteral("resume-rated.csv"));
        writeText(inPath, in.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        // A killed earlier run: header, 10 complete rows, one torn row.
        QStringList partial{QString::fromLatin1(jobs::kRatedCsvHeader)};
        for (const QString& id : ids(in).mid(0, 10)) partial << id + QStringLiteral(",1500.0,300.0,2,1500,80,,,");
        writeText(out + QStringLiteral(".partial"),
                  partial.join(QLatin1Char('\n')) + QLatin1Char('\n') + ids(in)[10] + QStringLiteral(",15"));
        std::vector<jobs::RateCsvProgress> progress;
        auto r = jobs::rateCsvFile(*m_model, inPath.toStdString(), out.toStdString(), 8, CancelToken(),
                                   [&](const jobs::RateCsvProgress& p) { progress.push_back(p); });
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r.value().progress.resumed, std::int64_t(10));
        QCOMPARE(r.value().progress.ratedThisRun, std::int64_t(30));
        QCOMPARE(r.value().progress.rated, std::int64_t(40));
        QVERIFY(!r.value().cancelled);
        QVERIFY(!progress.empty());
        QVERIFY(!QFile::exists(out + QStringLiteral(".partial")));
        const QStringList lines = readLines(out);
        QCOMPARE(lines.first(), QString::fromLatin1(jobs::kRatedCsvHeader));
        QCOMPARE(ids(lines), ids(in));
        // The rows of the earlier run are kept as they were.
        QCOMPARE(lines[1], partial[1]);
    }

    void cancelKeepsPartial() {
        const QStringList in = sample(30);
        const QString inPath = m_tmp.filePath(QStringLiteral("cancel.csv"));
        const QString out = m_tmp.filePath(QStringLiteral("cancel-rated.csv"));
        writeText(inPath, in.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        CancelToken cancel;
        auto r = jobs::rateCsvFile(*m_model, inPath.toStdString(), out.toStdString(), 4, cancel,
                                   [&](const jobs::RateCsvProgress& p) {
                                       if (p.ratedThisRun >= 8) cancel.cancel();
                                   });
        QVERIFY(r.ok());
        QVERIFY(r.value().cancelled);
        QCOMPARE(r.value().progress.rated, std::int64_t(8));
        QVERIFY(!QFile::exists(out));
        QCOMPARE(ids(readLines(out + QStringLiteral(".partial"))), ids(in).mid(0, 8));
        auto again = jobs::rateCsvFile(*m_model, inPath.toStdString(), out.toStdString(), 4, CancelToken());
        QVERIFY(again.ok());
        QCOMPARE(again.value().progress.resumed, std::int64_t(8));
        QCOMPARE(ids(readLines(out)), ids(in));
    }

    void olderPartialIsRefused() {
        // A partial output of another version's columns: continuing it would mix rows of two shapes in one file.
        const QStringList in = sample(10);
        const QString inPath = m_tmp.filePath(QStringLiteral("older.csv"));
        const QString out = m_tmp.filePath(QStringLiteral("older-rated.csv"));
        writeText(inPath, in.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        const QString older =
            QStringLiteral("PuzzleId,PredictedRating,Uncertainty,SolutionLength,Rating,RatingDeviation\n") +
            ids(in)[0] + QStringLiteral(",1500.0,300.0,2,1500,80\n");
        writeText(out + QStringLiteral(".partial"), older);
        auto r = jobs::rateCsvFile(*m_model, inPath.toStdString(), out.toStdString(), 4, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().code), int(ErrorCode::InvalidInput));
        const QString message = QString::fromStdString(r.error().message);
        QVERIFY2(
            message.contains(QStringLiteral("older-rated.csv.partial: line 1: not the header this version writes")),
            qPrintable(message));
        QFile kept(out + QStringLiteral(".partial"));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(kept.readAll()), older);  // untouched
        QVERIFY(!QFile::exists(out));
    }

    void playersChance() {
        // The player profile's puzzles give the player's rating: the output says their chance to solve each one by
        // its predicted rating (Glicko's expected score), on Lichess's scale (chess.com's converted by the measured
        // line, 614 + 0.797 x); Lichess's own puzzles leave those columns empty.
        QStringList in = sample(6);
        in[0] += QStringLiteral(",PlayerRating,RatingScale");
        const QStringList ratings = {
            QStringLiteral(",1500,lichess"), QStringLiteral(",1000,chess.com"), QStringLiteral(",,"),
            QStringLiteral(",2210,lichess"), QStringLiteral(",1234,chess.com"), QStringLiteral(",,")};
        for (int i = 1; i < in.size(); ++i) in[i] += ratings[i - 1];
        const QString inPath = m_tmp.filePath(QStringLiteral("player.csv"));
        const QString out = m_tmp.filePath(QStringLiteral("player-rated.csv"));
        writeText(inPath, in.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        auto r = jobs::rateCsvFile(*m_model, inPath.toStdString(), out.toStdString(), 4, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const QStringList lines = readLines(out);
        QCOMPARE(lines.size(), 7);
        const int lichess[] = {1500, 1411, 0, 2210, 1597, 0};  // 614 + 0.797 x 1000 = 1411, x 1234 = 1597.498
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(QLatin1Char(','));
            QCOMPARE(f.size(), 9);
            const QStringList given = ratings[i - 1].split(QLatin1Char(','));
            QCOMPARE(f[6], given[1]);
            QCOMPARE(f[7], given[2]);
            if (lichess[i - 1] == 0) {
                QVERIFY(f[8].isEmpty());
                continue;
            }
            const double expected =
                evaluation::ratingSolveProbability(lichess[i - 1], f[1].toDouble(), f[2].toDouble());
            QVERIFY2(std::abs(f[8].toDouble() - expected) < 2e-3,
                     qPrintable(QStringLiteral("%1: %2 vs %3").arg(f[0], f[8]).arg(expected)));
        }
    }

    void badInput_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("error");
        QTest::newRow("missing column") << "PuzzleId,FEN,Rating\n0000D,8/8/8/8/8/8/8/8 w - - 0 1,1500\n"
                                        << "Moves";
        QTest::newRow("missing file") << QString() << "missing.csv";
    }
    void badInput() {
        QFETCH(QString, content);
        QFETCH(QString, error);
        QString inPath = m_tmp.filePath(QStringLiteral("missing.csv"));
        if (!content.isEmpty()) {
            inPath = m_tmp.filePath(QStringLiteral("header.csv"));
            writeText(inPath, content);
        }
        auto r = jobs::rateCsvFile(*m_model, inPath.toStdString(),
                                   m_tmp.filePath(QStringLiteral("x.csv")).toStdString(), 8, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().code), int(ErrorCode::InvalidInput));
        QVERIFY2(QString::fromStdString(r.error().message).contains(error), r.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPuzzleRating)
#include "tst_puzzle_rating.moc"
