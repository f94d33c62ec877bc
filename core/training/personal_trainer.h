// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the personal-model trainer (issue 38): a human-move model fine-tuned on one player's games, the
// base model's other weights frozen and its predictions kept as an anchor, so a personal model moves little from how
// humans of its ratings play.

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
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
    /// jobs::buildPersonalModel: score the finished bundle and the base bundle as they answer (blend, book) on the
    /// held-out games, and report those (else the networks' scores from the trainer).
    bool scoreBundles = true;
    int threads = 1;
    std::uint64_t seed = 1;
};

/// Progress reports (TrainProgress, the one type of every trainer): every 10 steps the mean loss since the last
/// report; after each epoch one more with the metric "validation_top1" (the personal model on the validation games).
struct PersonalizeReport {
    std::string player;  ///< as the files spell it
    std::int64_t trainGames = 0, validationGames = 0, skippedGames = 0;
    std::int64_t trainPositions = 0, validationPositions = 0;  ///< the player's moves (forced moves left out)
    std::string firstDate, lastDate;                           ///< of the training games (gameTimeKey's date)
    std::string validationFrom, validationTo;
    int elo = 0;              ///< the player's rating in their newest game
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
