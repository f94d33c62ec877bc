// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the personal-model trainer: a human-move model fine-tuned on one player's games, the base
// model's other weights frozen and its predictions kept as an anchor, so a personal model moves little from how
// humans of its ratings play.

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/game_conditioning.h"
#include "core/encoding/player_book.h"
#include "core/training/move_metrics.h"
#include "core/training/trainer_common.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::training {

struct PersonalizeOptions {
    std::vector<std::string> pgnFiles;
    std::string player;             ///< matched as readPlayerGames does
    std::string baseCheckpoint;     ///< trainer or TorchEvaluator::save format (a bundle is converted by the caller)
    std::string outCheckpoint;      ///< written atomically once training ends; nothing on an error or a cancel
    int maxGames = 0;               ///< the newest N of the player's training games (<= 0: all)
    double validationShare = 0.10;  ///< the newest games held out to measure the gain
    /// Which weights learn: "head" (the final norm and the move head), "topK" (also the last K blocks and their
    /// FiLM), "all"; "+film" after any adds the conditioning embedding, its projection and every FiLM. The rest stays
    /// the base model's.
    std::string scope = "top2";
    int epochs = 2;
    int batchSize = 64;
    double learningRate = 3e-4;  ///< peak (AdamW, no weight decay); warm-up over a tenth, cosine to a tenth
    /// Weight of KL(base || personal) on the training positions: keeps the model near the base where the player's
    /// games say little.
    double anchorWeight = 1.0;
    /// The player's repertoire (encoding::PlayerBook): their moves in the first `bookMaxPly` plies of the training
    /// games, mixed into the model's answer where they have stood before, `bookPrior` the model's weight.
    bool useBook = true;
    int bookMaxPly = encoding::PlayerBook::kDefaultMaxPly;
    double bookPrior = encoding::PlayerBook::kDefaultPrior;
    /// The choice of how far to go, made on the player's own older games: the newest `tuneShare` of the training
    /// games (at least one; none with fewer than 5 training games, or at 0) are held out once more; the model learns
    /// from the rest, and the number of epochs (0 to `epochs`: the base network itself at 0) and the book's prior
    /// (kBookPriors, or no book) that give the lowest NLL on them are kept. The final model then
    /// learns from all the training games for the chosen epochs. The validation games are never part of the choice.
    double tuneShare = 0.2;
    /// With a choice (tuneShare > 0): also choose the prior (else bookPrior, or no book when useBook is off).
    bool chooseBookPrior = true;
    static constexpr double kBookPriors[] = {0.5, 1.0, 2.0, 4.0, 16.0};
    /// jobs::buildPersonalModel: score the finished bundle and the base bundle as they answer (blend, book) on the
    /// held-out games, and report those (else the networks' scores from the trainer).
    bool scoreBundles = true;
    int threads = 1;
    std::uint64_t seed = 1;
    /// Told of each game passed over while reading the player's games (readPlayerGames).
    chess::GameSkipHook onSkip;
};

/// Progress reports (TrainProgress, the one type of every trainer): every 10 steps the mean loss since the last
/// report; after each epoch of the choice one more with the metric "tune_top1" (the held-out training games), after
/// each epoch of the final model one with "validation_top1" (the validation games); steps and totalSteps count both.
struct PersonalizeReport {
    std::string player;  ///< as the files spell it
    std::int64_t trainGames = 0, validationGames = 0, skippedGames = 0;
    std::int64_t trainPositions = 0, validationPositions = 0;  ///< the player's moves (forced moves left out)
    std::string firstDate, lastDate;                           ///< of the training games (chess::gameTimeKey's date)
    std::string validationFrom, validationTo;
    /// The player's rating in their newest game on the model's scale, Lichess's (what Analyse and Play tell the
    /// model): a chess.com rating converted (encoding::toLichessScale).
    int elo = 0;
    int siteElo = 0;  ///< the same rating as its game's tag gives it, on its site's scale
    encoding::RatingSite ratingSite = encoding::RatingSite::Lichess;  ///< the site of that game (encoding::ratingSite)
    std::string timeControl;  ///< the TimeControl tag of most of their games ("300+0"), empty when none
    /// On the validation games' moves of the player, the base model and the personal model: set by the trainer to
    /// the networks (the personal one with the book), and by jobs::buildPersonalModel to the two bundles as they
    /// answer (blend, book); `scoredAs` says which.
    MoveMetrics base, personal;
    std::string scoredAs = "networks";
    /// The networks: the base alone, the fine-tuned one alone and with the book, the base with the book.
    MoveMetrics networkBase, personalModelOnly, networkWithBook, baseWithBook;
    encoding::PlayerBook book;  ///< empty when options.useBook is off
    /// The held-out games themselves (the newest), for scoring the finished bundle as it answers.
    std::vector<chess::PgnGame> validationGameList;
    /// The choice (PersonalizeOptions::tuneShare): on how many of the training games (the newest) and their moves,
    /// each candidate's top-1 and NLL there (epochs, prior; prior -1: no book), and what was chosen (chosenEpochs -1:
    /// no choice was made, the options' epochs were run). chosenPrior: the book's prior in the model, -1 without one.
    struct Candidate {
        int epochs = 0;
        double prior = 0.0;
        double top1 = 0.0, nll = 0.0;
    };
    std::int64_t tuneGames = 0, tunePositions = 0;
    std::vector<Candidate> candidates;
    int chosenEpochs = -1;
    double chosenPrior = -1.0;
    std::string scope;
    std::int64_t trainableParameters = 0, steps = 0;
    double seconds = 0.0;  ///< the trainer's wall time; jobs::buildPersonalModel's whole build (scoring included)
    /// Top-1 gain on the validation moves, in points (personal - base).
    double gainPoints() const { return 100.0 * (personal.overall().top1Rate() - base.overall().top1Rate()); }
};

/// Fine-tunes the base model on `player`'s older games and scores base and personal model on the newest. Errors (no
/// such player, no usable move, a bad checkpoint) come back as values; a cancel returns ErrorCode::Cancelled within
/// a training step and writes nothing.
Result<PersonalizeReport> personalizeHumanModel(const PersonalizeOptions& options, const CancelToken& cancel,
                                                const std::function<void(const TrainProgress&)>& progress,
                                                const std::function<void(const std::string&)>& log);

}  // namespace kibitz::training
