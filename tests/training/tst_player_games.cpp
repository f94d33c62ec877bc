// SPDX-License-Identifier: GPL-3.0-or-later
// One player's games: name matching, time order and the split by date, on the real Lichess games of
// tests/data/games_sample.pgn (pnmadelaine: 90 games, 46 as White and 44 as Black, by grep). Also how the games
// passed over are reported: every reader of the training data names each one (number in its file, line, reason);
// a reader that needs no ratings (GameRatings::Optional) takes the games without them.
#include "core/training/human_samples.h"
#include "core/training/player_games.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace kibitz;

namespace {
const std::vector<std::string> kGames{KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};

/// games_sample.pgn with six games edited: five of pnmadelaine's (a Crazyhouse and a Chess960 Variant tag, an
/// illegal first move, an impossible increment, no WhiteElo) and one of other players (an illegal first move).
/// `edited` gets each edited game's number in the file and the reason expected in its report.
QString writeEditedSample(const QTemporaryDir& dir, std::map<std::int64_t, QString>& edited) {
    QFile in(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"));
    if (!in.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(in.readAll());
    QStringList games = text.split(QStringLiteral("\n[Event "));
    for (int i = 1; i < games.size(); ++i) games[i].prepend(QStringLiteral("[Event "));
    const QRegularExpression firstMove(QStringLiteral("\\b1\\. [^ {]+"));
    int player = 0;
    bool other = false;
    for (int i = 0; i < games.size(); ++i) {
        QString& g = games[i];
        const bool mine = g.contains(QStringLiteral("\"pnmadelaine\""));
        if (!mine && !other && i > 3) {
            g.replace(firstMove, QStringLiteral("1. Ke5"));
            edited[i + 1] = QStringLiteral("illegal move 'Ke5'");
            other = true;
            continue;
        }
        if (!mine) continue;
        switch (player++) {
            case 0:
                g.replace(QStringLiteral("[Variant \"Standard\"]"), QStringLiteral("[Variant \"Crazyhouse\"]"));
                edited[i + 1] = QStringLiteral("variant 'Crazyhouse' is not supported");
                break;
            case 1:
                g.replace(QStringLiteral("[Variant \"Standard\"]"), QStringLiteral("[Variant \"Chess960\"]"));
                edited[i + 1] = QStringLiteral("Chess960 is not supported");
                break;
            case 2:
                g.replace(firstMove, QStringLiteral("1. Ke5"));
                edited[i + 1] = QStringLiteral("illegal move 'Ke5'");
                break;
            case 3:
                g.replace(QRegularExpression(QStringLiteral("\\[TimeControl \"[^\"]*\"\\]")),
                          QStringLiteral("[TimeControl \"600+1000000000\"]"));
                edited[i + 1] = QStringLiteral("impossible clocks: time control \"600+1000000000\"");
                break;
            case 4:
                g.replace(QRegularExpression(QStringLiteral("\\[WhiteElo \"[^\"]*\"\\]\\n")), QString());
                edited[i + 1] = QStringLiteral("no WhiteElo and BlackElo ratings");
                break;
            default: break;
        }
    }
    const QString path = dir.filePath(QStringLiteral("edited.pgn"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(games.join(QStringLiteral("\n")).toUtf8());
    return path;
}

}  // namespace

class TestPlayerGames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void findsThePlayerInTimeOrder() {
        auto g = training::readPlayerGames(kGames, "PnMadelaine");
        QVERIFY2(g.ok(), g.ok() ? "" : g.error().message.c_str());
        QCOMPARE(g->name, std::string("pnmadelaine"));
        QCOMPARE(g->games.size(), std::size_t(90));
        int white = 0;
        for (std::size_t i = 0; i < g->games.size(); ++i) {
            if (g->games[i].tag("White") == "pnmadelaine") ++white;
            if (i > 0) QVERIFY(chess::gameTimeKey(g->games[i - 1]) <= chess::gameTimeKey(g->games[i]));
        }
        QCOMPARE(white, 46);
        // A part of one name is taken as that name, and said so.
        std::string note;
        auto part = training::readPlayerGames(kGames, "madel", &note);
        QVERIFY(part.ok());
        QCOMPARE(part->games.size(), std::size_t(90));
        QVERIFY2(note.find("taken as pnmadelaine") != std::string::npos, note.c_str());
    }

    void refusesUnknownAndAmbiguousNames() {
        auto none = training::readPlayerGames(kGames, "nobody");
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("pnmadelaine (90)") != std::string::npos, none.error().message.c_str());
        auto two = training::readPlayerGames(kGames, "stein");  // DrNykterstein, DrDrunkenstein
        QVERIFY(!two.ok());
        QVERIFY2(two.error().message.find("matches 2 players") != std::string::npos, two.error().message.c_str());
    }

    // personalize's reader names each game it passes over: the unreadable games of the files (whoever played them)
    // and the player's unusable ones, with the number in the file, the line and the reason.
    void namesEverySkippedGame() {
        QTemporaryDir dir;
        std::map<std::int64_t, QString> edited;
        const QString file = writeEditedSample(dir, edited);
        QVERIFY(!file.isEmpty());
        QCOMPARE(edited.size(), std::size_t(6));
        std::map<std::int64_t, std::string> seen;
        auto hook = [&](std::int64_t number, const chess::PgnSkip& skip) {
            QVERIFY(seen.emplace(number, skip.message()).second);  // each game once
        };
        auto g = training::readPlayerGames({file.toStdString()}, "pnmadelaine", nullptr, hook);
        QVERIFY2(g.ok(), g.ok() ? "" : g.error().message.c_str());
        QCOMPARE(g->games.size(), std::size_t(85));
        QCOMPARE(g->skipped, std::int64_t(2));  // the two the reader read but the model cannot use
        QCOMPARE(seen.size(), edited.size());
        for (const auto& [number, reason] : edited) {
            QVERIFY2(seen.count(number), qPrintable(QString::number(number)));
            const std::string& m = seen[number];
            QVERIFY2(m.rfind(file.toStdString() + ":", 0) == 0, m.c_str());
            QVERIFY2(m.find(reason.toStdString()) != std::string::npos, m.c_str());
        }
        QVERIFY(training::checkEnoughPlayerGames(*g).ok());

        // A reader that asks the model at ratings of its own (a profile against peers of a chosen rating) takes the
        // game without WhiteElo, and still passes over the other four.
        std::map<std::int64_t, std::string> seenOptional;
        auto optionalHook = [&](std::int64_t number, const chess::PgnSkip& skip) {
            seenOptional.emplace(number, skip.message());
        };
        auto any = training::readPlayerGames({file.toStdString()}, "pnmadelaine", nullptr, optionalHook,
                                             training::GameRatings::Optional);
        QVERIFY2(any.ok(), any.ok() ? "" : any.error().message.c_str());
        QCOMPARE(any->games.size(), std::size_t(86));
        QCOMPARE(any->skipped, std::int64_t(1));  // the impossible increment
        QCOMPARE(seenOptional.size(), edited.size() - 1);
        for (const auto& [number, reason] : edited)
            QCOMPARE(seenOptional.count(number), std::size_t(reason.contains(QStringLiteral("WhiteElo")) ? 0 : 1));
    }

    // A model of one player needs kMinPlayerGames usable games: below that, a message that says how many.
    void refusesTooFewGames() {
        auto g = training::readPlayerGames(kGames, "pnmadelaine");
        QVERIFY(g.ok());
        training::PlayerGames few = *g;
        few.games.resize(training::kMinPlayerGames - 1);
        few.skipped = 3;
        const Status st = training::checkEnoughPlayerGames(few);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, ErrorCode::InvalidInput);
        QCOMPARE(st.error().message, std::string("pnmadelaine has 9 usable game(s) (3 more skipped); a model of one "
                                                 "player needs at least 10: the newest tenth to measure it on and "
                                                 "the rest to learn from"));
        few.games.resize(1);
        few.skipped = 0;
        QVERIFY(!training::checkEnoughPlayerGames(few).ok());
        few = *g;
        few.games.resize(training::kMinPlayerGames);
        QVERIFY(training::checkEnoughPlayerGames(few).ok());
    }

    // eval human's stream (the one every evaluation reads) names the same games: all six, once each however many
    // passes are made, with the reasons.
    void evaluationStreamNamesSkippedGames() {
        QTemporaryDir dir;
        std::map<std::int64_t, QString> edited;
        const QString file = writeEditedSample(dir, edited);
        QVERIFY(!file.isEmpty());
        std::map<std::int64_t, std::string> seen;
        int calls = 0;
        auto hook = [&](std::int64_t number, const chess::PgnSkip& skip) {
            ++calls;
            seen[number] = skip.message();
        };
        auto stream = training::HumanSampleStream::open(training::evaluationStreamOptions(
            {file.toStdString()}, encoding::BoardView::Mover, 2, false, 30, 0, 0, {}, hook));
        QVERIFY2(stream.ok(), stream.ok() ? "" : stream.error().message.c_str());
        std::vector<encoding::EncodedPosition> chunk;
        for (int i = 0; i < 100; ++i) {
            QVERIFY((*stream)->nextChunk(chunk).ok());
            if ((*stream)->epoch() > 0) break;
        }
        QCOMPARE((*stream)->epoch(), std::int64_t(1));
        QCOMPARE(seen.size(), edited.size());
        for (const auto& [number, reason] : edited) {
            QVERIFY2(seen.count(number), qPrintable(QString::number(number)));
            QVERIFY2(seen[number].find(reason.toStdString()) != std::string::npos, seen[number].c_str());
        }
        QVERIFY(calls >= int(edited.size()));
    }

    void splitsByDate() {
        auto g = training::readPlayerGames(kGames, "pnmadelaine");
        QVERIFY(g.ok());
        const auto split = training::splitPlayerGames(g->games, 0.10, 0);
        QCOMPARE(split.validation.size(), std::size_t(9));
        QCOMPARE(split.train.size(), std::size_t(81));
        QVERIFY(chess::gameTimeKey(*split.train.back()) <= chess::gameTimeKey(*split.validation.front()));
        const auto newest20 = training::splitPlayerGames(g->games, 0.10, 20);
        QCOMPARE(newest20.train.size(), std::size_t(20));
        QCOMPARE(newest20.train.back(), split.train.back());
        QCOMPARE(newest20.validation, split.validation);
        // Two games: one of each; one game: nothing to validate on.
        const std::vector<chess::PgnGame> two(g->games.begin(), g->games.begin() + 2);
        QCOMPARE(training::splitPlayerGames(two, 0.10, 0).validation.size(), std::size_t(1));
        const std::vector<chess::PgnGame> one(g->games.begin(), g->games.begin() + 1);
        QCOMPARE(training::splitPlayerGames(one, 0.10, 0).train.size(), std::size_t(1));
        QVERIFY(training::splitPlayerGames(one, 0.10, 0).validation.empty());
    }
};

QTEST_GUILESS_MAIN(TestPlayerGames)
#include "tst_player_games.moc"
