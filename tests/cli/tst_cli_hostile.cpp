// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile inputs against the built kibitz-cli: each case failed before its fix. Inputs are generated
// here from the real test data (tests/data: Lichess games and puzzles, the shipped bundles): deep variations, two
// writers of one output, a zip bomb, bundles whose manifest contradicts their weights, an output that is an input, a
// cut .zst, unreadable games in the middle of a file, garbage files, and a UCI session with a missing model file.
#include "core/storage/bundle.h"
#include "tests/cli/cli_run.h"
#include "tests/cli/sample_games.h"

#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipnewinfo.h>
#include <zstd.h>

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

#include <sys/file.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

const QString kGames = kSampleGames;
const QString kPuzzles = QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
const QString kHumanBundle = QStringLiteral(KIBITZ_MODELS_DIR "/human-default.kibitz");

QString tag(const QString& game, const QString& name) {
    const auto m = QRegularExpression(QStringLiteral("\\[%1 \"([^\"]*)\"\\]").arg(name)).match(game);
    return m.hasMatch() ? m.captured(1) : QString();
}

/// A zip with the given entries in order (stored, or deflated at `level`).
bool writeZip(const QString& path, const std::vector<std::pair<QString, QByteArray>>& entries, int level = 6) {
    QuaZip zip(path);
    if (!zip.open(QuaZip::mdCreate)) return false;
    for (const auto& [name, data] : entries) {
        QuaZipFile f(&zip);
        if (!f.open(QIODevice::WriteOnly, QuaZipNewInfo(name), nullptr, 0, Z_DEFLATED, level)) return false;
        if (f.write(data) != data.size()) return false;
        f.close();
    }
    zip.close();
    return zip.getZipError() == ZIP_OK;
}

/// The entries of a zip.
std::map<QString, QByteArray> readZip(const QString& path) {
    std::map<QString, QByteArray> out;
    QuaZip zip(path);
    if (!zip.open(QuaZip::mdUnzip)) return out;
    for (bool more = zip.goToFirstFile(); more; more = zip.goToNextFile()) {
        QuaZipFile f(&zip);
        if (f.open(QIODevice::ReadOnly)) out[zip.getCurrentFileName()] = f.readAll();
    }
    return out;
}

/// The manifest as a hostile editor would leave it: changed, with its own checksum recomputed (sha256 of the compact
/// JSON without the field; the bundle format's rule, docs/ARCHITECTURE.md).
QByteArray resealed(QJsonObject manifest) {
    manifest.remove(QStringLiteral("manifest_sha256"));
    manifest[QStringLiteral("manifest_sha256")] = QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(manifest).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
            .toHex());
    return QJsonDocument(manifest).toJson();
}

long childMaxRssKb() {
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return u.ru_maxrss;
}

}  // namespace

class TestCliHostile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // First, while no child has been large: the peak memory of the children is the bomb's.
    void zipBombIsRefusedBeforeInflating() {
        QTemporaryDir dir;
        auto entries = readZip(kHumanBundle);
        QVERIFY(entries.count(QStringLiteral("weights.bin")));
        // weights.bin swapped for 1.5 GiB of zeros (1.5 MB deflated), the manifest's checksum of it recomputed so
        // that only its size can give it away.
        const QByteArray chunk(64 << 20, '\0');
        QCryptographicHash sha(QCryptographicHash::Sha256);
        const QString bomb = dir.filePath(QStringLiteral("bomb.kibitz"));
        {
            QJsonObject m = QJsonDocument::fromJson(entries[QStringLiteral("manifest.json")]).object();
            for (int i = 0; i < 24; ++i) sha.addData(chunk);
            QJsonObject sums = m.value(QStringLiteral("sha256")).toObject();
            sums[QStringLiteral("weights.bin")] = QString::fromLatin1(sha.result().toHex());
            m[QStringLiteral("sha256")] = sums;
            QuaZip zip(bomb);
            QVERIFY(zip.open(QuaZip::mdCreate));
            QuaZipFile f(&zip);
            QVERIFY(f.open(QIODevice::WriteOnly, QuaZipNewInfo(QStringLiteral("manifest.json")), nullptr, 0, Z_DEFLATED,
                           6));
            f.write(resealed(m));
            f.close();
            QuaZipFile w(&zip);
            QVERIFY(
                w.open(QIODevice::WriteOnly, QuaZipNewInfo(QStringLiteral("weights.bin")), nullptr, 0, Z_DEFLATED, 1));
            for (int i = 0; i < 24; ++i) QCOMPARE(w.write(chunk), qint64(chunk.size()));
            w.close();
            zip.close();
            QCOMPARE(zip.getZipError(), ZIP_OK);
        }
        QVERIFY(QFileInfo(bomb).size() < 8 << 20);
        // `bundle info`: refused by the light front from the zip's directory, without LibTorch (the bound:
        // under a second and 100 MB; the time has room for a loaded machine and is reported).
        {
            QElapsedTimer t;
            t.start();
            const Run r = run({QStringLiteral("bundle"), QStringLiteral("info"), bomb});
            qInfo("bundle info refused the bomb in %lld ms, peak %ld kB", static_cast<long long>(t.elapsed()),
                  childMaxRssKb());
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("entry 'weights.bin' declares 1610612736 bytes")),
                     qPrintable(r.err));
            QVERIFY2(childMaxRssKb() < 100 * 1024, qPrintable(QString::number(childMaxRssKb())));
            QVERIFY(t.elapsed() < 3000);
        }
        QElapsedTimer t;
        t.start();
        for (const QStringList& args :
             {QStringList{QStringLiteral("bundle"), QStringLiteral("info"), bomb},
              QStringList{QStringLiteral("analyse"), QStringLiteral("--model"), bomb, QStringLiteral("--fen"),
                          QStringLiteral("8/8/8/8/8/8/8/K1k5 w - - 0 1")}}) {
            const Run r = run(args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("entry 'weights.bin' declares 1610612736 bytes")),
                     qPrintable(r.err));
        }
        // Refused from the zip's directory: neither command inflated the 1.5 GiB (before the fix each took its size
        // in memory and tens of seconds; the bound here leaves room for LibTorch's own libraries).
        QVERIFY2(childMaxRssKb() < 700 * 1024, qPrintable(QString::number(childMaxRssKb())));
        QVERIFY2(t.elapsed() < 60000, qPrintable(QString::number(t.elapsed())));
    }

    void deepVariationsAreRefusedByLine() {
        QTemporaryDir dir;
        const QString deep = dir.filePath(QStringLiteral("deep.pgn"));
        for (int n : {70000, 200000}) {
            QByteArray pgn = "[Event \"deep\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 ";
            for (int i = 0; i < n; ++i) pgn += "( 1. d4 ";
            for (int i = 0; i < n; ++i) pgn += ") ";
            pgn += "1... e5 *\n\n";
            QVERIFY(writeAll(deep, pgn));
            const Run review = run({QStringLiteral("review"), QStringLiteral("--pgn"), deep,
                                    QStringLiteral("--no-engine"), QStringLiteral("--no-model")});
            QCOMPARE(review.code, 2);  // a crash is -1 here (SIGSEGV before the fix)
            QVERIFY2(review.err.contains(QStringLiteral("deep.pgn:6: variations nested deeper than 200 levels")),
                     qPrintable(review.err.left(400)));
            // The good games after it are still read; the deep one is named and counted.
            QVERIFY(writeAll(deep, pgn + sampleGames().mid(0, 2).join(QString()).toUtf8()));
            const Run guess =
                run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), deep, QStringLiteral("--json")});
            QCOMPARE(guess.code, 0);
            QVERIFY2(guess.err.contains(QStringLiteral("skipped game 1 of ")), qPrintable(guess.err.left(400)));
            QVERIFY(guess.out.contains(QStringLiteral("\"games\":2,\"games_failed\":0,\"games_skipped\":1")));
        }
        // Exactly at the limit is a game like any other.
        QByteArray pgn = "[Event \"deep\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 ";
        for (int i = 0; i < 200; ++i) pgn += "( 1. d4 ";
        for (int i = 0; i < 200; ++i) pgn += ") ";
        pgn += "1... e5 *\n";
        QVERIFY(writeAll(deep, pgn));
        const Run ok = run({QStringLiteral("review"), QStringLiteral("--pgn"), deep, QStringLiteral("--no-engine"),
                            QStringLiteral("--no-model")});
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
    }

    // Rating part of a file: only the puzzles the query matches, a rerun with another query adds its own, a bad
    // query is refused before anything is written (counts read with awk: 69 mateIn2, 77 mateIn1 of the 500).
    void rateWithAFilter() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("mates.csv"));
        const Run bad = run({QStringLiteral("rate"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--out"), out,
                             QStringLiteral("--filter"), QStringLiteral("mate >2000 <1000")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--filter: no rating is within both bounds")), qPrintable(bad.err));
        QVERIFY(!QFile::exists(out) && !QFile::exists(out + QStringLiteral(".partial")));
        const Run two = run({QStringLiteral("rate"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--out"), out,
                             QStringLiteral("--filter"), QStringLiteral("mateIn2")});
        QVERIFY2(two.code == 0, qPrintable(two.err));
        QVERIFY2(two.err.contains(QStringLiteral("69 puzzles rated, 431 left out by the filter, 0 bad rows skipped")),
                 qPrintable(two.err));
        QCOMPARE(QString::fromUtf8(readAll(out)).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 70);
        QFile::rename(out, out + QStringLiteral(".partial"));  // as a run cut short would have left it
        const Run one = run({QStringLiteral("rate"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--out"), out,
                             QStringLiteral("--filter"), QStringLiteral("mateIn1")});
        QVERIFY2(one.code == 0, qPrintable(one.err));
        QVERIFY2(one.err.contains(QStringLiteral("146 puzzles rated")), qPrintable(one.err));
        QCOMPARE(QString::fromUtf8(readAll(out)).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 147);
    }

    void secondRateOnOneOutputIsRefused() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("same.csv"));
        // Another writer holds the output (as a running rate does): refused at once, nothing written.
        {
            const QByteArray partial = (out + QStringLiteral(".partial")).toUtf8();
            const int fd = ::open(partial.constData(), O_RDWR | O_CREAT, 0644);
            QVERIFY(fd >= 0);
            QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0);
            const Run r =
                run({QStringLiteral("rate"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--out"), out});
            ::close(fd);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("another rating run is writing this output")), qPrintable(r.err));
            QVERIFY(!QFile::exists(out));
            QCOMPARE(QFileInfo(out + QStringLiteral(".partial")).size(), qint64(0));
        }
        // Two at once: whichever order they run in, the output holds every puzzle once under one header.
        QProcess a, b;
        const QStringList args{QStringLiteral("rate"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--out"), out};
        a.start(QStringLiteral(KIBITZ_CLI), args);
        b.start(QStringLiteral(KIBITZ_CLI), args);
        QVERIFY(a.waitForFinished(300000) && b.waitForFinished(300000));
        const QString errA = QString::fromUtf8(a.readAllStandardError());
        const QString errB = QString::fromUtf8(b.readAllStandardError());
        QVERIFY2(a.exitCode() == 0 || b.exitCode() == 0, qPrintable(errA + errB));
        for (const auto& [code, err] : {std::pair{a.exitCode(), errA}, std::pair{b.exitCode(), errB}})
            if (code != 0) {
                QCOMPARE(code, 2);
                QVERIFY2(err.contains(QStringLiteral("another rating run")), qPrintable(err));
            }
        const QStringList lines = QString::fromUtf8(readAll(out)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const int puzzles =
            int(QString::fromUtf8(readAll(kPuzzles)).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size()) - 1;
        QCOMPARE(int(lines.size()), puzzles + 1);
        QCOMPARE(int(lines.filter(QStringLiteral("PuzzleId")).size()), 1);
    }

    void bundleInfoRefusesWhatLoadingRefuses_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");
        // The message, or one of the messages: an edited tensor list changes the size weights.bin must have, so the
        // size check before inflating may be the first to say no.
        const QString list = QStringLiteral(
            "manifest.json: tensors\\[\\d+\\] says|weights.bin holds \\d+|"
            "declares \\d+ bytes, more than \\d+ \\(the size the manifest's tensors need\\)");
        QTest::newRow("d_model 256 for weights of 128") << "d_model=256"
                                                        << "weights: tensor '.*' has shape";
        QTest::newRow("d_model -1") << "d_model=-1"
                                    << "config field 'd_model' missing or not an integer";
        QTest::newRow("4096 dims, 64 layers") << "huge"
                                              << "needs at least \\d+ weights";
        QTest::newRow("heads 3") << "heads=3"
                                 << "not divisible by heads";
        QTest::newRow("ffn 512 for 384") << "ffn_hidden=512"
                                         << "weights: tensor '.*' has shape";
        QTest::newRow("tensor list: shape") << "list-shape" << list;
        QTest::newRow("tensor list: name") << "list-name" << list;
        QTest::newRow("tensor list: dtype") << "list-dtype"
                                            << "manifest.json: tensors\\[2\\] says";
        QTest::newRow("tensor list: one missing") << "list-short" << list;
        QTest::newRow("tensor list: one extra") << "list-long"
                                                << "'tensors' lists \\d+ tensors, weights.bin holds \\d+";
        QTest::newRow("tensor list: missing") << "list-none"
                                              << "field 'tensors' missing";
        QTest::newRow("tensor list: not objects") << "list-numbers"
                                                  << "manifest.json: tensors\\[0\\] says";
        QTest::newRow("tensor list: shape of text") << "list-text-shape" << list;
    }
    void bundleInfoRefusesWhatLoadingRefuses() {
        QFETCH(QString, what);
        QFETCH(QString, message);
        QTemporaryDir dir;
        auto entries = readZip(kHumanBundle);
        QJsonObject m = QJsonDocument::fromJson(entries[QStringLiteral("manifest.json")]).object();
        QJsonObject config = m.value(QStringLiteral("config")).toObject();
        QJsonArray list = m.value(QStringLiteral("tensors")).toArray();
        QVERIFY(list.size() > 3);
        if (what.contains(QLatin1Char('='))) {
            const QStringList kv = what.split(QLatin1Char('='));
            config[kv[0]] = kv[1].toInt();
        } else if (what == QLatin1String("huge")) {
            config[QStringLiteral("d_model")] = 4096;
            config[QStringLiteral("layers")] = 64;
        } else if (what == QLatin1String("list-shape")) {
            QJsonObject t = list[0].toObject();
            t[QStringLiteral("shape")] = QJsonArray{7, 7};
            list[0] = t;
        } else if (what == QLatin1String("list-name")) {
            QJsonObject t = list[1].toObject();
            t[QStringLiteral("name")] = QStringLiteral("renamed");
            list[1] = t;
        } else if (what == QLatin1String("list-dtype")) {
            QJsonObject t = list[2].toObject();
            t[QStringLiteral("dtype")] = t.value(QStringLiteral("dtype")).toString() == QLatin1String("f16")
                                             ? QStringLiteral("f32")
                                             : QStringLiteral("f16");
            list[2] = t;
        } else if (what == QLatin1String("list-short")) {
            list.removeLast();
        } else if (what == QLatin1String("list-long")) {
            list.append(list.last());
        } else if (what == QLatin1String("list-numbers")) {
            list[0] = 1;
        } else if (what == QLatin1String("list-text-shape")) {
            QJsonObject t = list[0].toObject();
            t[QStringLiteral("shape")] = QStringLiteral("7x7");
            list[0] = t;
        }
        m[QStringLiteral("config")] = config;
        if (what == QLatin1String("list-none"))
            m.remove(QStringLiteral("tensors"));
        else
            m[QStringLiteral("tensors")] = list;
        const QString path = dir.filePath(QStringLiteral("edited.kibitz"));
        std::vector<std::pair<QString, QByteArray>> edited{{QStringLiteral("manifest.json"), resealed(m)}};
        for (const auto& [name, data] : entries)
            if (name != QLatin1String("manifest.json")) edited.emplace_back(name, data);
        QVERIFY(writeZip(path, edited, 0));
        const Run info = run({QStringLiteral("bundle"), QStringLiteral("info"), path});
        const QRegularExpression expected(message);
        QCOMPARE(info.code, 2);
        QVERIFY2(info.err.contains(expected), qPrintable(info.err));
        QVERIFY2(info.err.contains(path), qPrintable(info.err));
        // Loading says no for the same reason.
        const Run load = run({QStringLiteral("analyse"), QStringLiteral("--model"), path, QStringLiteral("--fen"),
                              QStringLiteral("8/8/8/8/8/8/8/K1k5 w - - 0 1")});
        QCOMPARE(load.code, 2);
        QVERIFY2(load.err.contains(expected), qPrintable(load.err));
    }

    void bundleInfoAcceptsTheShippedBundles() {
        for (const QString& b : {kHumanBundle, QStringLiteral(KIBITZ_MODELS_DIR "/puzzle-default.kibitz")}) {
            const Run r = run({QStringLiteral("bundle"), QStringLiteral("info"), b});
            QVERIFY2(r.code == 0, qPrintable(r.err));
        }
    }

    void anOutputThatIsAnInputIsRefused() {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("B.kibitz"));
        QVERIFY(QFile::copy(kHumanBundle, bundle));
        const QByteArray before = readAll(bundle);
        const QString link = dir.filePath(QStringLiteral("link.kibitz"));
        QVERIFY(QFile::link(bundle, link));
        const QString csv = dir.filePath(QStringLiteral("p.csv"));
        QVERIFY(QFile::copy(kPuzzles, csv));
        struct Case {
            QStringList args;
            QString message;
        };
        const QList<Case> cases{
            {{"train", "value", "--pgn", kGames, "--init", bundle, "--out", bundle, "--steps", "1"},
             "--out " + bundle + " is also the --init input"},
            {{"train", "value", "--pgn", kGames, "--init", bundle, "--out", link, "--steps", "1"},
             "is also the --init input"},
            {{"rate", "--csv", csv, "--out", csv}, "--out " + csv + " is also the --csv input"},
            {{"bundle", "export", bundle, bundle}, "OUT " + bundle + " is also the CHECKPOINT input"},
        };
        for (const Case& c : cases) {
            const Run r = run(c.args);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
        }
        QCOMPARE(readAll(bundle), before);
        QCOMPARE(readAll(csv), readAll(kPuzzles));
    }

    void aCutZstIsNamedByEveryCommand() {
        QTemporaryDir dir;
        const QByteArray pgn = sampleGames().mid(0, 20).join(QString()).toUtf8();
        QByteArray z(qsizetype(ZSTD_compressBound(std::size_t(pgn.size()))), '\0');
        const std::size_t n =
            ZSTD_compress(z.data(), std::size_t(z.size()), pgn.constData(), std::size_t(pgn.size()), 3);
        QVERIFY(!ZSTD_isError(n));
        z.resize(qsizetype(n) - 200);  // the frame's end cut off
        const QString cut = dir.filePath(QStringLiteral("cut.pgn.zst"));
        QVERIFY(writeAll(cut, z));
        for (const QStringList& args :
             {QStringList{QStringLiteral("guess-elo"), QStringLiteral("--pgn"), cut, QStringLiteral("--json")},
              QStringList{QStringLiteral("pgn-stats"), cut},
              QStringList{QStringLiteral("review"), QStringLiteral("--pgn"), cut, QStringLiteral("--game"),
                          QStringLiteral("100"), QStringLiteral("--no-engine"), QStringLiteral("--no-model")}}) {
            const Run r = run(args);
            QVERIFY2(r.code == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + r.err));
            QVERIFY2(r.err.contains(QStringLiteral("truncated zstd data")), qPrintable(r.err));
        }
    }

    void gamesAreNumberedAsInTheFileAndSkipsNamed() {
        QTemporaryDir dir;
        const QStringList games = sampleGames();
        QVERIFY(games.size() >= 3);
        QString bad = games[1];
        bad.replace(QStringLiteral(" 2. "), QStringLiteral(" 2. Kxh8 2. "));  // an illegal move at White's 2nd
        const QString chess960 = QStringLiteral("[Event \"x\"]\n[Variant \"Chess960\"]\n[Result \"*\"]\n\n1. e4 *\n\n");
        const QString file = dir.filePath(QStringLiteral("mixed.pgn"));
        QVERIFY(writeAll(file, (games[0] + bad + chess960 + games[2]).toUtf8()));
        const QString all = games[0] + bad;
        const qsizetype badLine = all.left(all.indexOf(QStringLiteral("Kxh8"))).count(QLatin1Char('\n')) + 1;

        const Run second = run({QStringLiteral("review"), QStringLiteral("--pgn"), file, QStringLiteral("--game"),
                                QStringLiteral("2"), QStringLiteral("--no-engine"), QStringLiteral("--no-model")});
        QCOMPARE(second.code, 2);
        QVERIFY2(
            second.err.contains(QStringLiteral("--game 2: that game cannot be read: %1:%2: ").arg(file).arg(badLine)),
            qPrintable(second.err));
        QVERIFY(second.err.contains(QStringLiteral("Kxh8")));
        const Run third = run({QStringLiteral("review"), QStringLiteral("--pgn"), file, QStringLiteral("--game"),
                               QStringLiteral("3"), QStringLiteral("--no-engine"), QStringLiteral("--no-model")});
        QCOMPARE(third.code, 2);
        QVERIFY2(third.err.contains(QStringLiteral("Chess960")), qPrintable(third.err));
        // The file's fourth game is games[2], whatever was skipped before it.
        const Run fourth = run({QStringLiteral("review"), QStringLiteral("--pgn"), file, QStringLiteral("--game"),
                                QStringLiteral("4"), QStringLiteral("--no-engine"), QStringLiteral("--no-model")});
        QVERIFY2(fourth.code == 0, qPrintable(fourth.err));
        QVERIFY2(fourth.out.startsWith(tag(games[2], QStringLiteral("White")) + QStringLiteral(" - ") +
                                       tag(games[2], QStringLiteral("Black"))),
                 qPrintable(fourth.out.left(200)));
        const Run fifth = run({QStringLiteral("review"), QStringLiteral("--pgn"), file, QStringLiteral("--game"),
                               QStringLiteral("5"), QStringLiteral("--no-engine"), QStringLiteral("--no-model")});
        QCOMPARE(fifth.code, 2);
        QVERIFY2(fifth.err.contains(QStringLiteral("the file has 4 games (2 of them unreadable)")),
                 qPrintable(fifth.err));

        const Run guess = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), file, QStringLiteral("--json")});
        QCOMPARE(guess.code, 0);
        QVERIFY(guess.err.contains(QStringLiteral("skipped game 2 of %1:%2:").arg(file).arg(badLine)));
        QVERIFY(guess.err.contains(QStringLiteral("skipped game 3 of %1:").arg(file)));
        QVERIFY2(guess.err.contains(QStringLiteral("2 games read, 2 skipped")), qPrintable(guess.err));
    }

    void noUsableGameIsAnError_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i) binary[i] = char((i * 7919 + 13) & 0xFF);
        QTest::newRow("binary") << binary;
        QTest::newRow("text") << QByteArray("hello world\nthis is not a game\n");
        QTest::newRow("only illegal") << QByteArray("[Event \"x\"]\n\n1. e5 *\n");
    }
    void noUsableGameIsAnError() {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("g.pgn"));
        QVERIFY(writeAll(file, content));
        const Run json = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), file, QStringLiteral("--json")});
        QCOMPARE(json.code, 2);
        QVERIFY2(json.out.contains(QStringLiteral("{\"summary\":{")), qPrintable(json.out));  // as the help promises
        QVERIFY2(json.err.contains(QStringLiteral("no readable game in ") + file), qPrintable(json.err));
        QVERIFY(!json.err.contains(QLatin1Char('\0')));  // hostile bytes are escaped, never echoed raw
        const Run text = run({QStringLiteral("guess-elo"), QStringLiteral("--pgn"), file});
        QCOMPARE(text.code, 2);
        QVERIFY(!text.out.isEmpty());
        const Run review = run({QStringLiteral("review"), QStringLiteral("--pgn"), file, QStringLiteral("--no-engine"),
                                QStringLiteral("--no-model")});
        QCOMPARE(review.code, 2);
        const Run stats = run({QStringLiteral("pgn-stats"), file});
        QCOMPARE(stats.code, 2);
        QVERIFY(stats.err.contains(QStringLiteral("no readable game")));
        const Run pack = run({QStringLiteral("pack-games"), QStringLiteral("--pgn"), file, QStringLiteral("--out"),
                              dir.filePath(QStringLiteral("g.kgames"))});
        QCOMPARE(pack.code, 2);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("g.kgames"))));
    }

    // The puzzle commands the same way: a CSV whose every row is bad is no result (before: rate wrote an empty
    // file and said "0 puzzles rated", exit 0).
    void noUsablePuzzleIsAnError() {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("bad.csv"));
        const QString header = QString::fromUtf8(readAll(kPuzzles)).section(QLatin1Char('\n'), 0, 0);
        QVERIFY(writeAll(csv, (header + QStringLiteral("\nx1,notafen,e2e4,1500,80,0,0,0,,\n"
                                                       "x2,8/8/8/8/8/8/8/8 w - - 0 1,e2e4,1500,80,0,0,0,,\n"))
                                  .toUtf8()));
        const QString out = dir.filePath(QStringLiteral("rated.csv"));
        const Run rate = run({QStringLiteral("rate"), QStringLiteral("--csv"), csv, QStringLiteral("--out"), out});
        QCOMPARE(rate.code, 2);
        QVERIFY2(rate.err.contains(QStringLiteral("no usable puzzle (2 bad rows skipped")), qPrintable(rate.err));
        QVERIFY(rate.err.contains(QStringLiteral("row 2")));
        QVERIFY(!QFile::exists(out) && !QFile::exists(out + QStringLiteral(".partial")));
        const Run stats = run({QStringLiteral("puzzle-stats"), csv});
        QCOMPARE(stats.code, 2);
        QVERIFY(stats.err.contains(QStringLiteral("no usable puzzle (2 rows skipped)")));
        const Run eval = run({QStringLiteral("eval"), QStringLiteral("puzzle"), QStringLiteral("--csv"), csv});
        QCOMPARE(eval.code, 2);
        QVERIFY2(eval.err.contains(QStringLiteral("no usable puzzle to score")), qPrintable(eval.err));
        const Run sort = run({QStringLiteral("sort"), QStringLiteral("--csv"), csv});
        QCOMPARE(sort.code, 2);
        QVERIFY2(sort.err.contains(QStringLiteral("no usable puzzle (every row skipped)")), qPrintable(sort.err));
        // Good puzzles that a filter leaves out are said to be left out, not bad; a query with --fen is refused.
        const Run none = run({QStringLiteral("sort"), QStringLiteral("--csv"), kPuzzles, QStringLiteral("--filter"),
                              QStringLiteral("mateIn5 fork")});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains(QStringLiteral("no puzzle matches --filter (500 left out)")), qPrintable(none.err));
        const Run withFen =
            run({QStringLiteral("sort"), QStringLiteral("--fen"), QStringLiteral("8/8/8/8/8/8/8/K6k w - - 0 1"),
                 QStringLiteral("--filter"), QStringLiteral("fork")});
        QCOMPARE(withFen.code, 2);
        QVERIFY2(withFen.err.contains(QStringLiteral("does not go with --fen")), qPrintable(withFen.err));
    }

    void controlBytesInAFenLineAreEscaped() {
        QTemporaryDir dir;
        const QString fens = dir.filePath(QStringLiteral("f.txt"));
        QVERIFY(writeAll(
            fens, QByteArray("8/8/8/8/8/8/8/K1k5 w - - 0 1\n8/8") + '\0' + QByteArray("/8\x1b[31m w - - 0 1\n")));
        const Run r = run(
            {QStringLiteral("analyse"), QStringLiteral("--fens"), fens, QStringLiteral("--top"), QStringLiteral("1")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("f.txt:2: ")), qPrintable(r.err));
        QVERIFY(!r.err.contains(QLatin1Char('\0')));
        QVERIFY(!r.err.contains(QChar(0x1b)));
    }

    // UCI: a ModelFile that does not open leaves the engine playing (the default model), and readyok comes only
    // after the option took effect, also right after a bestmove.
    void uciMissingModelFileKeepsPlaying() {
        QProcess p;
        p.start(QStringLiteral(KIBITZ_CLI), {QStringLiteral("uci")});
        QVERIFY(p.waitForStarted());
        QString out;
        auto waitFor = [&](const QString& what) {
            QElapsedTimer t;
            t.start();
            while (!out.contains(what) && t.elapsed() < 120000) {
                p.waitForReadyRead(1000);
                out += QString::fromUtf8(p.readAllStandardOutput());
            }
            return out.contains(what);
        };
        p.write("uci\nsetoption name ModelFile value /no/such/model.kibitz\nisready\n");
        QVERIFY(waitFor(QStringLiteral("readyok")));
        const qsizetype ready = out.indexOf(QStringLiteral("readyok"));
        const qsizetype error = out.indexOf(QStringLiteral("ModelFile '/no/such/model.kibitz'"));
        QVERIFY2(error >= 0 && error < ready, qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("using the default model instead")));
        for (int i = 0; i < 20; ++i) {
            out.clear();
            p.write("position startpos moves e2e4\ngo movetime 1\n");
            QVERIFY(waitFor(QStringLiteral("bestmove")));
            QVERIFY2(!out.contains(QStringLiteral("bestmove 0000")), qPrintable(out));
            // Right after the bestmove: a new (missing) model file, then isready. Its error comes before readyok.
            out.clear();
            const QString missing = QStringLiteral("/no/such/other-%1.kibitz").arg(i);
            p.write(QStringLiteral("setoption name ModelFile value %1\nisready\n").arg(missing).toUtf8());
            QVERIFY(waitFor(QStringLiteral("readyok")));
            const qsizetype at = out.indexOf(QStringLiteral("ModelFile '%1'").arg(missing));
            QVERIFY2(at >= 0 && at < out.indexOf(QStringLiteral("readyok")), qPrintable(out));
        }
        p.write("quit\n");
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
    }

    // As a GUI sees it: after 1.e4 c6 2.Nf3 d5 (a level position) every line's score is the
    // value head's expected score mapped to centipawns (not the move's probability x 1000, which read +7.14), and the
    // info string's expected score is the first line's.
    void uciScoreIsTheExpectedScore() {
        const Run r = run({QStringLiteral("uci")},
                          "uci\nsetoption name UCI_ShowWDL value true\nsetoption name MultiPV value 3\nisready\n"
                          "position startpos moves e2e4 c7c6 g1f3 d7d5\ngo movetime 1\n");
        QCOMPARE(r.code, 0);
        const QRegularExpression line(QStringLiteral("multipv (\\d) score cp (-?\\d+) wdl (\\d+) (\\d+) (\\d+)"));
        int lines = 0;
        double first = -1.0;
        for (const QString& l : r.out.split(QLatin1Char('\n'))) {
            const auto m = line.match(l);
            if (!m.hasMatch()) continue;
            ++lines;
            const double score = (m.captured(3).toInt() + 0.5 * m.captured(4).toInt()) / 1000.0;
            const int cp = m.captured(2).toInt();
            QCOMPARE(cp, int(std::lround(400.0 * std::log10(score / (1.0 - score)))));
            QVERIFY2(std::abs(cp) < 150, qPrintable(l));  // a level position stays near 0
            if (m.captured(1) == QLatin1String("1")) first = score;
        }
        QCOMPARE(lines, 3);
        const auto es = QRegularExpression(QStringLiteral("expected score ([0-9.]+)% after")).match(r.out);
        QVERIFY2(es.hasMatch(), qPrintable(r.out));
        QCOMPARE(es.captured(1), QString::number(100.0 * first, 'f', 1));
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
