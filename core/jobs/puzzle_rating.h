// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Rating puzzles with the puzzle model (and, when it wants them, the human solve-probability features): one
// puzzle with its solve curve, a whole CSV file with resumable output, and puzzles read from CSV or PGN files.
// Shared by `kibitz-cli rate` and the GUI puzzle panel. Torch-free header.

#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/player_profile.h"
#include "core/evaluation/solve_probability.h"
#include "core/models/puzzle_predictor.h"

#include <QJsonObject>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kibitz::jobs {

/// The full picture of one puzzle: the model's rating and sigma, and (with a human model) the solve curve.
struct PuzzleRating {
    models::PuzzlePrediction prediction;
    std::optional<evaluation::SolveCurve> curve;  ///< empty without a human model
    /// The nine Maia-1 nets' curve, one level per net at its band's centre (evaluation::maiaLevelElos); empty
    /// without the nets.
    std::optional<evaluation::SolveCurve> maiaCurve;
    double milliseconds = 0.0;  ///< wall time of the whole computation
};

/// Rates one puzzle (at least the setup move and one solver move). With `human`, the solve curve is computed; with
/// `maia` (the folder of the nine Maia-1 nets as one evaluator), their curve.
/// A model with human features uses its feature source (set by loadPuzzleModel: the human model it was trained
/// with); only when it has none are the features taken from that curve (solveFeatures).
Result<PuzzleRating> ratePuzzle(models::PuzzlePredictor& model, encoding::Evaluator* human, const chess::Puzzle& puzzle,
                                encoding::Evaluator* maia = nullptr);

/// What the Maia-1 curve says, for people: the share of players of each band who find the whole line (the nets of
/// 1100, 1300, 1500, 1700 and 1900), the solver move a 1500 is least likely to find, and the band from which every
/// net's most likely moves are the solution.
struct MaiaSolveSummary {
    std::vector<std::pair<int, double>> byBand;  ///< (band, P(solve)) for 1100, 1300, 1500, 1700, 1900
    int hardestMove = -1;                        ///< solver move index (0-based) at band 1500; -1: none
    std::optional<int> topFromBand;              ///< e.g. 1400; empty when not even the 1900 net plays it
};
MaiaSolveSummary summarizeMaiaCurve(const evaluation::SolveCurve& maia);
/// One line of plain English from it: "solved by 20% of 1100s, ..., 85% of 1900s (Maia-1 nets); hardest move for a
/// 1500: 2. Rxe8; every net's first choice from the 1400s". `puzzle` names the moves.
std::string maiaSolveLine(const evaluation::SolveCurve& maia, const chess::Puzzle& puzzle);

/// The chance that the player of a player-profile puzzle solves it (chess::Puzzle::playerRating: their rating in the
/// game the position comes from): by the puzzle's rating (Glicko's expected score) and by the human model's curve.
struct PlayerSolveChance {
    int rating = 0;                                             ///< their rating as in their games
    encoding::RatingSite site = encoding::RatingSite::Lichess;  ///< the scale of `rating`: Lichess's or chess.com's
    int lichessRating = 0;        ///< the same on Lichess's scale, where the curves are (encoding::toLichessScale)
    double rated = 0.0;           ///< evaluation::ratingSolveProbability at lichessRating
    std::optional<double> human;  ///< the human model's curve there (SolveCurve::solveAt); empty without it
};
/// Empty for a puzzle that does not give the player's rating (a Lichess puzzle, one built on the board).
std::optional<PlayerSolveChance> playerSolveChance(const chess::Puzzle& puzzle, const PuzzleRating& rating);

/// Rates a player profile's worst positions as puzzles with `model`, as the puzzle panel rates them: read back from
/// the profile's own puzzle CSV (one conversion), predicted in one batch. Sets each ProfilePuzzle's difficulty and
/// sigma, and its solveChance by playerSolveChance (-1 where the game gives no rating of the player). Errors: the
/// model's, or a puzzle the CSV reader refuses (Runtime, naming it).
Status rateProfilePuzzles(models::PuzzlePredictor& model, evaluation::PlayerProfile& profile);

/// The one record of a rated puzzle, shared by `kibitz-cli rate --json` and the GUI's export (.json): id, fen,
/// moves (UCI, space-separated), rating, uncertainty (sigma) and uncertainty_kind, solution_length, solver ("white" or
/// "black", the side that plays the solution), engine_stage (the engine features corrected the rating; then also
/// board_rating, the GlickFormer's own), lichess_rating (when the puzzle has one), solve_curve
/// [{elo, p_solve}] (Glicko's expected score from the rating and sigma); with a human solve curve also
/// solve_curve_human [{elo, p_solve}], solver_moves [{uci, p_by_elo}] and hardest_move_index (the solver move least
/// likely to be found at `hardestElo`, 0-based); with the Maia-1 curve also solve_by_band_maia [{band, p_solve,
/// p_first}] (per net: the whole line, the first solver move), maia_hardest_move_index (at band 1500) and
/// maia_top_from_band (the lowest band from which every net's top moves are the solution; null: none); for a player
/// profile's puzzle (playerSolveChance) also player {rating, scale ("lichess" or "chess.com"), lichess_rating,
/// p_solve, p_solve_human (with a human curve)}.
QJsonObject puzzleRatingJson(const chess::Puzzle& puzzle, const PuzzleRating& rating, int hardestElo = 1600);

/// The same record as one CSV header and row (for joinCsvRecord): PuzzleId, FEN, Moves, PredictedRating,
/// Uncertainty, SolutionLength, Solver, PSolve<elo> per level; with a human curve HumanPSolve<elo> per level and
/// HardestMove (UCI); with the Maia-1 curve MaiaPSolve<band> per net; for a player profile's puzzle PlayerRating,
/// RatingScale, PlayerPSolve and (with a human curve) PlayerHumanPSolve.
struct CsvRow {
    std::vector<std::string> header;
    std::vector<std::string> row;
};
CsvRow puzzleRatingCsv(const chess::Puzzle& puzzle, const PuzzleRating& rating, int hardestElo = 1600);

/// Output header of rateCsvFile. The last three are a player profile's puzzle's (chess::Puzzle::playerRating: the
/// player's rating in that game, its scale, and their chance to solve it by the predicted rating, as
/// playerSolveChance's `rated`); empty for any other puzzle.
inline constexpr const char* kRatedCsvHeader =
    "PuzzleId,PredictedRating,Uncertainty,SolutionLength,Rating,RatingDeviation,PlayerRating,RatingScale,PlayerPSolve";

/// Progress of rateCsvFile (reported after each written batch and at the end).
struct RateCsvProgress {
    std::int64_t rated = 0;         ///< rows in the output, including those of earlier runs
    std::int64_t resumed = 0;       ///< rows found in the partial output when this run started
    std::int64_t ratedThisRun = 0;  ///< rows rated by this run
    std::int64_t bad = 0;           ///< input rows skipped as invalid by this run
    std::int64_t leftOut = 0;       ///< valid rows the filter did not match, this run
    double fraction = 0.0;          ///< share of the input bytes read, 0..1
    double seconds = 0.0;           ///< wall time of this run
};

/// How rateCsvFile ended.
struct RateCsvSummary {
    RateCsvProgress progress;
    bool cancelled = false;  ///< stopped by the token; OUT.partial is kept for the next run
};

/// Rates every puzzle of the Lichess CSV `inPath` (.csv or .csv.zst) into `outPath` (header kRatedCsvHeader).
/// Resumable: rows go to OUT.partial, synced to disk after each batch; a rerun truncates a torn last line, skips
/// the rows already rated (matched by PuzzleId and occurrence) and appends; the end renames OUT.partial to OUT. A
/// partial file with another header (another version's columns) is refused, naming it, rather than appended to.
/// A cancelled run keeps OUT.partial. Human features, if the model has them, come from its feature source.
/// Bad input rows are passed to `onSkip` and skipped. Only the puzzles `filter` matches are rated (the others
/// counted in leftOut); a rerun with another filter adds its puzzles to those already rated. Errors: InvalidInput
/// for an unreadable input or a bad header (naming the file), Io for write failures, others from the model.
Result<RateCsvSummary> rateCsvFile(models::PuzzlePredictor& model, const std::string& inPath,
                                   const std::string& outPath, int batchSize, const CancelToken& cancel,
                                   const std::function<void(const RateCsvProgress&)>& onProgress = {},
                                   const std::function<void(const chess::CsvSkip&)>& onSkip = {},
                                   const chess::PuzzleFilter& filter = {});

/// A puzzle from a PGN game, by this convention: the FEN tag (required) is the position before the setup move,
/// the first main-line move is the opponent's setup move, the following moves are the solution (solver moves and
/// replies); at least two moves. Id: the PuzzleId tag, else the Site tag, else "game N" (N = `gameNumber`).
/// Rating and RatingDeviation come from the PuzzleRating / PuzzleRatingDeviation tags when present.
/// Errors name what is missing.
Result<chess::Puzzle> puzzleFromPgn(const chess::PgnGame& game, std::int64_t gameNumber);

/// The puzzles read from a file.
struct PuzzleFile {
    std::vector<chess::Puzzle> puzzles;
    std::vector<std::string> skips;  ///< the first kMaxListedSkips messages
    std::int64_t skipped = 0;        ///< every skipped row or game
    bool truncated = false;          ///< stopped at the `maxPuzzles` limit
    std::int64_t leftOut = 0;        ///< valid puzzles read that the filter did not keep
    static constexpr std::size_t kMaxListedSkips = 100;
};

/// How many puzzles the puzzle panel keeps of a file.
inline constexpr std::size_t kMaxFilePuzzles = 100000;

/// Reads the puzzles of a Lichess CSV (.csv, .csv.zst) or of a PGN file (.pgn, .pgn.zst, see puzzleFromPgn) that
/// `filter` matches, at most `maxPuzzles` (the others are counted in leftOut): with a filter, a file of millions of
/// puzzles gives those it asks for. Bad rows and games are skipped and listed with their place; a cancelled read
/// returns Cancelled. Fails naming the file when it cannot be opened, has a bad CSV header or an I/O error.
/// `onProgress` hears the share of the file read (0..1) and the puzzles kept so far, every kProgressRows rows or games.
Result<PuzzleFile> readPuzzleFile(const std::string& path, const CancelToken& cancel,
                                  std::size_t maxPuzzles = kMaxFilePuzzles, const chess::PuzzleFilter& filter = {},
                                  const std::function<void(double fraction, std::size_t kept)>& onProgress = {});
inline constexpr std::int64_t kProgressRows = 4096;

}  // namespace kibitz::jobs
