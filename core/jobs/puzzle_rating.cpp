// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/puzzle_rating.h"

#include "core/chess/notation.h"

#include <QJsonArray>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include <cerrno>
#include <cstring>

#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kibitz::jobs {

namespace {

namespace fs = std::filesystem;

bool syncFile(std::FILE* f) { return std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0; }

/// Reads the partial output: truncates a torn last line and counts the PuzzleIds already written.
Status loadPartial(const std::string& path, std::map<std::string, int>& done, std::int64_t& rows) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto lastNl = content.rfind('\n');
    const std::size_t keep = lastNl == std::string::npos ? 0 : lastNl + 1;
    if (keep != content.size()) {
        // A kill in the middle of a write leaves a line without its newline: drop it, it is rated again.
        std::error_code ec;
        fs::resize_file(path, keep, ec);
        if (ec) return makeError(ErrorCode::Io, path + ": cannot truncate the torn last line: " + ec.message());
        content.resize(keep);
    }
    std::istringstream lines(content);
    std::string line;
    bool header = true;
    while (std::getline(lines, line)) {
        if (header) {
            header = false;
            // Rows of other columns (an older Kibitz's) cannot be continued with this version's.
            if (line != kRatedCsvHeader)
                return makeError(ErrorCode::InvalidInput,
                                 path + ": line 1: not the header this version writes ('" + line + "' instead of '" +
                                     kRatedCsvHeader + "'); rate into another output file, or delete it to start over");
            continue;
        }
        // The id as joinCsvRecord wrote it (quoted when it holds a comma: a PGN puzzle's Site may).
        auto fields = chess::splitCsvRecord(line);
        ++done[fields.ok() ? fields->front() : line.substr(0, line.find(','))];
        ++rows;
    }
    return {};
}

std::string extensionOf(const std::string& path) {
    std::string lower;
    for (char c : path) lower.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    if (lower.ends_with(".zst")) lower.resize(lower.size() - 4);
    const auto dot = lower.rfind('.');
    return dot == std::string::npos ? std::string() : lower.substr(dot);
}

}  // namespace

Result<PuzzleRating> ratePuzzle(models::PuzzlePredictor& model, encoding::Evaluator* human, const chess::Puzzle& puzzle,
                                encoding::Evaluator* maia) {
    const auto start = std::chrono::steady_clock::now();
    if (puzzle.moves.size() < 2)
        return makeError(ErrorCode::InvalidInput,
                         "puzzle " + puzzle.id + ": needs the setup move and at least one solver move");
    PuzzleRating out;
    std::vector<std::vector<float>> features;
    if (human) {
        auto pos = chess::Position::fromFen(puzzle.fen);
        if (!pos) return makeError(ErrorCode::InvalidInput, "puzzle " + puzzle.id + ": FEN: " + pos.error().message);
        auto curve = evaluation::computeSolveCurve(*human, evaluation::PuzzleLine{pos.value(), puzzle.moves});
        if (!curve) return curve.error();
        // A model loaded from a bundle has its own feature source: the human model it was trained with (see
        // jobs::attachHumanFeatures). Only a model without one takes the curve of `human` as its input.
        if (model.config().humanFeatures > 0 && !model.hasFeatureSource())
            features.push_back(evaluation::solveFeatures(curve.value()));
        out.curve = std::move(curve.value());
    }
    if (maia) {
        auto line = evaluation::puzzleLineOf(puzzle);
        if (!line) return line.error();
        auto curve = evaluation::computeSolveCurve(*maia, line.value(), evaluation::maiaLevelElos());
        if (!curve) return curve.error();
        out.maiaCurve = std::move(curve.value());
    }
    auto r = model.predict(std::span<const chess::Puzzle>(&puzzle, 1), features.empty() ? nullptr : &features);
    if (!r) return r.error();
    out.prediction = r.value().front();
    out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return out;
}

namespace {

std::vector<std::string> uciMoves(const chess::Puzzle& puzzle) {
    std::vector<std::string> out;
    for (chess::Move m : puzzle.moves) out.push_back(chess::toUci(m));
    return out;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

/// The solver is the side to move after the setup move.
const char* solverName(const chess::Puzzle& puzzle) {
    return puzzle.solverStart().sideToMove() == chess::White ? "white" : "black";
}

std::string fixed1(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string general6(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

}  // namespace

std::optional<PlayerSolveChance> playerSolveChance(const chess::Puzzle& puzzle, const PuzzleRating& rating) {
    if (puzzle.playerRating <= 0) return std::nullopt;
    PlayerSolveChance c;
    c.rating = puzzle.playerRating;
    c.site = puzzle.chessComRatings ? encoding::RatingSite::ChessCom : encoding::RatingSite::Lichess;
    c.lichessRating = encoding::toLichessScale(c.rating, c.site);
    c.rated = evaluation::ratingSolveProbability(c.lichessRating, rating.prediction.rating, rating.prediction.sigma);
    if (rating.curve) c.human = rating.curve->solveAt(c.lichessRating);
    return c;
}

Status rateProfilePuzzles(models::PuzzlePredictor& model, evaluation::PlayerProfile& profile) {
    if (profile.puzzles.empty()) return {};
    chess::PuzzleCsvReader reader(TextInput::fromString(profile.puzzlesCsv(), "the profile's puzzles"));
    std::string refused;
    reader.setOnSkip([&refused](const chess::CsvSkip& skip) {
        if (refused.empty()) refused = skip.message();
    });
    std::vector<chess::Puzzle> puzzles;
    chess::Puzzle puzzle;
    while (reader.next(puzzle)) puzzles.push_back(puzzle);
    if (!refused.empty() || puzzles.size() != profile.puzzles.size())
        return makeError(ErrorCode::Runtime,
                         "cannot rate the profile's puzzles: " + (refused.empty() ? reader.headerError() : refused));
    auto predicted = model.predict(puzzles, nullptr, 64);
    if (!predicted) return predicted.error();
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        evaluation::ProfilePuzzle& z = profile.puzzles[i];
        PuzzleRating rating;
        rating.prediction = predicted.value()[i];
        z.difficulty = rating.prediction.rating;
        z.difficultySigma = rating.prediction.sigma;
        const auto chance = playerSolveChance(puzzles[i], rating);
        z.solveChance = chance ? chance->rated : -1.0;
    }
    return {};
}

QJsonObject puzzleRatingJson(const chess::Puzzle& puzzle, const PuzzleRating& rating, int hardestElo) {
    const std::vector<std::string> uci = uciMoves(puzzle);
    const models::PuzzlePrediction& p = rating.prediction;
    QJsonObject o;
    o[QStringLiteral("id")] = QString::fromStdString(puzzle.id);
    o[QStringLiteral("fen")] = QString::fromStdString(puzzle.fen);
    o[QStringLiteral("moves")] = QString::fromStdString(joined(uci));
    o[QStringLiteral("rating")] = std::round(p.rating * 10.0) / 10.0;
    o[QStringLiteral("uncertainty")] = std::round(p.sigma * 10.0) / 10.0;
    o[QStringLiteral("uncertainty_kind")] = QStringLiteral("predicted standard deviation (sigma)");
    o[QStringLiteral("solution_length")] = puzzle.solutionLength();
    o[QStringLiteral("solver")] = QLatin1String(solverName(puzzle));
    o[QStringLiteral("engine_stage")] = p.engineUsed;
    if (p.engineUsed) o[QStringLiteral("board_rating")] = std::round(p.boardRating * 10.0) / 10.0;
    if (puzzle.rating > 0) o[QStringLiteral("lichess_rating")] = puzzle.rating;
    const std::vector<double> rated = evaluation::ratingSolveCurve(p.rating, p.sigma);
    QJsonArray ratedCurve;
    for (std::size_t l = 0; l < rated.size(); ++l)
        ratedCurve.append(QJsonObject{{QStringLiteral("elo"), evaluation::kSolveEloLevels[l]},
                                      {QStringLiteral("p_solve"), rated[l]}});
    o[QStringLiteral("solve_curve")] = ratedCurve;
    if (const auto& c = rating.curve) {
        QJsonArray curve;
        for (std::size_t l = 0; l < c->elos.size(); ++l)
            curve.append(QJsonObject{{QStringLiteral("elo"), c->elos[l]}, {QStringLiteral("p_solve"), c->solve[l]}});
        o[QStringLiteral("solve_curve_human")] = curve;
        QJsonArray moves;
        const std::size_t solver = c->moveProb.empty() ? 0 : c->moveProb.front().size();
        for (std::size_t k = 0; k < solver; ++k) {
            QJsonObject probs;
            for (std::size_t l = 0; l < c->elos.size(); ++l) probs[QString::number(c->elos[l])] = c->moveProb[l][k];
            moves.append(QJsonObject{
                {QStringLiteral("uci"), 2 * k + 1 < uci.size() ? QString::fromStdString(uci[2 * k + 1]) : QString()},
                {QStringLiteral("p_by_elo"), probs}});
        }
        o[QStringLiteral("solver_moves")] = moves;
        const int l = c->levelOf(hardestElo);
        if (l >= 0) o[QStringLiteral("hardest_move_index")] = c->hardestMove(std::size_t(l));
    }
    if (const auto& c = rating.maiaCurve) {
        QJsonArray bands;
        for (std::size_t l = 0; l < c->elos.size(); ++l)
            bands.append(
                QJsonObject{{QStringLiteral("band"), c->elos[l] - 50},
                            {QStringLiteral("p_solve"), c->solve[l]},
                            {QStringLiteral("p_first"), c->moveProb[l].empty() ? 0.0 : c->moveProb[l].front()}});
        o[QStringLiteral("solve_by_band_maia")] = bands;
        const MaiaSolveSummary s = summarizeMaiaCurve(*c);
        if (s.hardestMove >= 0) o[QStringLiteral("maia_hardest_move_index")] = s.hardestMove;
        o[QStringLiteral("maia_top_from_band")] = s.topFromBand ? QJsonValue(*s.topFromBand) : QJsonValue();
    }
    if (const auto player = playerSolveChance(puzzle, rating)) {
        QJsonObject po{{QStringLiteral("rating"), player->rating},
                       {QStringLiteral("scale"), QLatin1String(encoding::ratingScaleName(player->site))},
                       {QStringLiteral("lichess_rating"), player->lichessRating},
                       {QStringLiteral("p_solve"), player->rated}};
        if (player->human) po[QStringLiteral("p_solve_human")] = *player->human;
        o[QStringLiteral("player")] = po;
    }
    return o;
}

MaiaSolveSummary summarizeMaiaCurve(const evaluation::SolveCurve& maia) {
    MaiaSolveSummary out;
    for (const int band : {1100, 1300, 1500, 1700, 1900}) {
        const int l = maia.levelOf(band + 50);
        if (l >= 0) out.byBand.emplace_back(band, maia.solve[std::size_t(l)]);
    }
    if (const int l = maia.levelOf(1550); l >= 0) out.hardestMove = maia.hardestMove(std::size_t(l));
    const std::vector<float> f = evaluation::maiaSolveFeatures(maia);
    const float from = f[std::size_t(3 * evaluation::kMaiaBands.size())];
    if (std::isfinite(from) && from < 1.0f)
        out.topFromBand = evaluation::kMaiaBands[std::size_t(std::lround(double(from) * 9.0))];
    return out;
}

std::string maiaSolveLine(const evaluation::SolveCurve& maia, const chess::Puzzle& puzzle) {
    const MaiaSolveSummary s = summarizeMaiaCurve(maia);
    std::string out = "solved by ";
    for (std::size_t i = 0; i < s.byBand.size(); ++i)
        out += (i ? ", " : "") + std::to_string(std::lround(100.0 * s.byBand[i].second)) + "% of " +
               std::to_string(s.byBand[i].first) + "s";
    out += " (Maia-1 nets)";
    if (s.hardestMove >= 0) {
        auto pos = chess::Position::fromFen(puzzle.fen);
        const std::size_t at = std::size_t(2 * s.hardestMove + 1);
        if (pos && at < puzzle.moves.size()) {
            chess::Position walk = std::move(pos.value());
            for (std::size_t i = 0; i < at; ++i) walk.makeMove(puzzle.moves[i]);
            out += "; hardest move for a 1500: " + std::to_string(s.hardestMove + 1) + ". " +
                   chess::toSan(walk, puzzle.moves[at]);
        }
    }
    out += s.topFromBand ? "; every net's first choice from the " + std::to_string(*s.topFromBand) + "s"
                         : "; not the first choice of any net";
    return out;
}

CsvRow puzzleRatingCsv(const chess::Puzzle& puzzle, const PuzzleRating& rating, int hardestElo) {
    const std::vector<std::string> uci = uciMoves(puzzle);
    const models::PuzzlePrediction& p = rating.prediction;
    CsvRow out;
    out.header = {"PuzzleId", "FEN", "Moves", "PredictedRating", "Uncertainty", "SolutionLength", "Solver"};
    out.row = {puzzle.id,         puzzle.fen,      joined(uci),
               fixed1(p.rating),  fixed1(p.sigma), std::to_string(puzzle.solutionLength()),
               solverName(puzzle)};
    const std::vector<double> rated = evaluation::ratingSolveCurve(p.rating, p.sigma);
    for (std::size_t l = 0; l < rated.size(); ++l) {
        out.header.push_back("PSolve" + std::to_string(evaluation::kSolveEloLevels[l]));
        out.row.push_back(general6(rated[l]));
    }
    if (const auto& c = rating.curve) {
        for (std::size_t l = 0; l < c->elos.size(); ++l) {
            out.header.push_back("HumanPSolve" + std::to_string(c->elos[l]));
            out.row.push_back(general6(c->solve[l]));
        }
        const int l = c->levelOf(hardestElo);
        const int k = l >= 0 ? c->hardestMove(std::size_t(l)) : -1;
        out.header.push_back("HardestMove");
        out.row.push_back(k >= 0 && std::size_t(2 * k + 1) < uci.size() ? uci[std::size_t(2 * k + 1)] : std::string());
    }
    if (const auto& c = rating.maiaCurve)
        for (std::size_t l = 0; l < c->elos.size(); ++l) {
            out.header.push_back("MaiaPSolve" + std::to_string(c->elos[l] - 50));
            out.row.push_back(general6(c->solve[l]));
        }
    if (const auto player = playerSolveChance(puzzle, rating)) {
        out.header.insert(out.header.end(), {"PlayerRating", "RatingScale", "PlayerPSolve"});
        out.row.insert(out.row.end(), {std::to_string(player->rating), encoding::ratingScaleName(player->site),
                                       general6(player->rated)});
        if (player->human) {
            out.header.push_back("PlayerHumanPSolve");
            out.row.push_back(general6(*player->human));
        }
    }
    return out;
}

Result<RateCsvSummary> rateCsvFile(models::PuzzlePredictor& model, const std::string& inPath,
                                   const std::string& outPath, int batchSize, const CancelToken& cancel,
                                   const std::function<void(const RateCsvProgress&)>& onProgress,
                                   const std::function<void(const chess::CsvSkip&)>& onSkip,
                                   const chess::PuzzleFilter& filter) {
    auto reader = chess::PuzzleCsvReader::open(inPath);
    if (!reader) return makeError(ErrorCode::InvalidInput, reader.error().message);
    auto& rd = *reader.value();
    RateCsvSummary summary;
    RateCsvProgress& progress = summary.progress;
    rd.setOnSkip([&](const chess::CsvSkip& s) {
        ++progress.bad;
        if (onSkip) onSkip(s);
    });
    const std::string partial = outPath + ".partial";
    // One writer per output: the partial file is opened and locked (flock; the kernel drops the lock when the
    // process ends in any way) before it is read or written, so a second run on the same --out is refused at once
    // instead of interleaving its rows with the first one's.
    std::FILE* out = nullptr;
    struct Closer {
        std::FILE*& f;
        ~Closer() {
            if (f) std::fclose(f);
        }
    } closer{out};
    for (;;) {
        out = std::fopen(partial.c_str(), "ab");
        if (!out) return makeError(ErrorCode::Io, partial + ": cannot open for writing: " + std::strerror(errno));
        if (::flock(::fileno(out), LOCK_EX | LOCK_NB) != 0)
            return makeError(ErrorCode::InvalidInput,
                             outPath + ": another rating run is writing this output (" + partial +
                                 " is locked); wait for it to finish or choose another output file");
        // The file locked must still be the one named `partial`: a run that finished between our open and our
        // lock has renamed it to the output, and writing on would append to the finished file.
        struct stat held {
        }, named{};
        if (::fstat(::fileno(out), &held) == 0 && ::stat(partial.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
            held.st_ino == named.st_ino)
            break;
        std::fclose(out);
        out = nullptr;
    }
    std::map<std::string, int> done;
    if (auto st = loadPartial(partial, done, progress.resumed); !st) return st.error();
    progress.rated = progress.resumed;
    std::error_code ec;
    const bool fresh = fs::file_size(partial, ec) == 0;
    if (fresh) std::fprintf(out, "%s\n", kRatedCsvHeader);

    const auto start = std::chrono::steady_clock::now();
    auto report = [&] {
        const auto& in = rd.input();
        progress.fraction = in.totalBytes() > 0 ? double(in.bytesRead()) / double(in.totalBytes()) : 0.0;
        progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (onProgress) onProgress(progress);
    };
    std::vector<chess::Puzzle> batch;
    auto flush = [&]() -> Status {
        if (batch.empty()) return {};
        auto r = model.predict(batch, nullptr, batchSize);
        if (!r) return r.error();
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const auto& p = batch[i];
            char number[32];
            std::vector<std::string> row{p.id};
            std::snprintf(number, sizeof number, "%.1f", r.value()[i].rating);
            row.emplace_back(number);
            std::snprintf(number, sizeof number, "%.1f", r.value()[i].sigma);
            row.emplace_back(number);
            row.push_back(std::to_string(p.solutionLength()));
            row.push_back(std::to_string(p.rating));
            row.push_back(std::to_string(p.ratingDeviation));
            PuzzleRating rated;
            rated.prediction = r.value()[i];
            if (const auto player = playerSolveChance(p, rated)) {
                row.push_back(std::to_string(player->rating));
                row.push_back(encoding::ratingScaleName(player->site));
                std::snprintf(number, sizeof number, "%.4f", player->rated);
                row.emplace_back(number);
            } else {
                row.insert(row.end(), 3, std::string());
            }
            const std::string line = chess::joinCsvRecord(row);
            std::fwrite(line.data(), 1, line.size(), out);
        }
        // A batch is durable before the next one starts, so a kill loses at most the batch in flight.
        if (!syncFile(out)) return makeError(ErrorCode::Io, partial + ": write failed: " + std::strerror(errno));
        progress.rated += std::int64_t(batch.size());
        progress.ratedThisRun += std::int64_t(batch.size());
        batch.clear();
        report();
        return {};
    };
    report();
    chess::Puzzle p;
    Status status;
    while (!cancel.isCancelled() && rd.next(p)) {
        if (!filter.matches(p)) {
            ++progress.leftOut;
            continue;
        }
        if (auto it = done.find(p.id); it != done.end() && it->second > 0) {
            --it->second;
            continue;
        }
        batch.push_back(p);
        if (int(batch.size()) >= batchSize) {
            status = flush();
            if (!status) break;
        }
    }
    // A cancelled run drops the unwritten batch: the next run rates those rows again.
    summary.cancelled = cancel.isCancelled();
    if (status && !summary.cancelled) status = flush();
    report();
    if (!status) return status.error();
    if (summary.cancelled) return summary;
    if (!rd.headerError().empty()) return makeError(ErrorCode::InvalidInput, rd.headerError());
    if (!rd.input().error().empty()) return makeError(ErrorCode::Io, rd.input().error());
    if (progress.rated == 0) {
        // Nothing usable in the whole input: an error, and no empty output that looks like a result.
        fs::remove(partial, ec);
        return makeError(ErrorCode::InvalidInput, inPath + ": no usable puzzle (" + std::to_string(progress.bad) +
                                                      " bad rows skipped, each reported with its row)");
    }
    // Renamed while still locked: no second run can open the partial file between the last row and the rename.
    fs::rename(partial, outPath, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot rename " + partial + " to " + outPath + ": " + ec.message());
    return summary;
}

Result<chess::Puzzle> puzzleFromPgn(const chess::PgnGame& game, std::int64_t gameNumber) {
    const std::string fen = game.tag("FEN");
    if (fen.empty()) return makeError(ErrorCode::InvalidInput, "no FEN tag (the position before the setup move)");
    if (game.moves.size() < 2)
        return makeError(ErrorCode::InvalidInput, "needs the setup move and at least one solver move, found " +
                                                      std::to_string(game.moves.size()) + " move(s)");
    chess::Puzzle p;
    p.id = game.tag("PuzzleId");
    if (p.id.empty()) p.id = game.tag("Site");
    if (p.id.empty() || p.id == "?") p.id = "game " + std::to_string(gameNumber);
    p.fen = fen;
    for (const auto& m : game.moves) p.moves.push_back(m.move);
    auto intTag = [&](const char* name) {
        const std::string v = game.tag(name);
        int value = 0;
        std::istringstream in(v);
        return (in >> value) ? value : 0;
    };
    p.rating = intTag("PuzzleRating");
    p.ratingDeviation = intTag("PuzzleRatingDeviation");
    return p;
}

Result<PuzzleFile> readPuzzleFile(const std::string& path, const CancelToken& cancel, std::size_t maxPuzzles,
                                  const chess::PuzzleFilter& filter,
                                  const std::function<void(double fraction, std::size_t kept)>& onProgress) {
    PuzzleFile file;
    std::int64_t seen = 0;
    auto keep = [&](chess::Puzzle&& puzzle, const TextInput& in) {
        if (filter.matches(puzzle))
            file.puzzles.push_back(std::move(puzzle));
        else
            ++file.leftOut;
        if (onProgress && ++seen % kProgressRows == 0 && in.totalBytes() > 0)
            onProgress(double(in.bytesRead()) / double(in.totalBytes()), file.puzzles.size());
    };
    auto addSkip = [&file](std::string message) {
        ++file.skipped;
        if (file.skips.size() < PuzzleFile::kMaxListedSkips) file.skips.push_back(std::move(message));
    };
    const std::string ext = extensionOf(path);
    if (ext == ".pgn") {
        auto reader = chess::PgnReader::open(path);
        if (!reader) return reader.error();
        auto& rd = *reader.value();
        rd.setOnSkip([&](const chess::PgnSkip& s) { addSkip(s.message()); });
        chess::PgnGame game;
        std::int64_t number = 0;
        while (!cancel.isCancelled() && file.puzzles.size() < maxPuzzles && rd.next(game)) {
            // Games the reader skipped still count, so "game N" matches the file's order.
            number = rd.gamesRead() + rd.skippedCount();
            auto p = puzzleFromPgn(game, number);
            if (p)
                keep(std::move(p.value()), rd.input());
            else
                addSkip(path + ":" + std::to_string(game.firstLine) + ": " + p.error().message);
        }
        if (!rd.ioError().empty()) return makeError(ErrorCode::Io, rd.ioError());
        file.truncated = file.puzzles.size() >= maxPuzzles;
    } else {
        auto reader = chess::PuzzleCsvReader::open(path);
        if (!reader) return reader.error();
        auto& rd = *reader.value();
        rd.setOnSkip([&](const chess::CsvSkip& s) { addSkip(s.message()); });
        chess::Puzzle p;
        while (!cancel.isCancelled() && file.puzzles.size() < maxPuzzles && rd.next(p)) keep(std::move(p), rd.input());
        if (!rd.headerError().empty()) return makeError(ErrorCode::InvalidInput, rd.headerError());
        if (!rd.input().error().empty()) return makeError(ErrorCode::Io, rd.input().error());
        file.truncated = file.puzzles.size() >= maxPuzzles;
    }
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, path + ": reading cancelled");
    return file;
}

}  // namespace kibitz::jobs
