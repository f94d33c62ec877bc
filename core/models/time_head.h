// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch header (core/models and core/training sources only): the think-time head of the human-move model.

#include "core/encoding/evaluator.h"
#include "core/models/human_move_model.h"

#include <array>
#include <optional>
#include <span>
#include <utility>

namespace kibitz::models {

/// Plain numbers the think-time head reads, per position (unknown values 0 with their flag 0):
///  0 ln(1 + mover clock s) / 6, 1 mover clock known, 2 ln(1 + opponent clock s) / 6, 3 opponent clock known,
///  4 ln(1 + increment s) / 3, 5 increment known, 6 ply / 100, 7 min(ply, 20) / 20, 8 (mover Elo - 1500) / 500,
///  9 (opponent Elo - 1500) / 500, 10 ln(1 + mover clock / max(10, 40 - ply / 2)) / 4 (the clock per move left by
///  a 40-move horizon), 11 (mover clock - opponent clock) / (sum + 1),
///  12 ln(1 + the mover's last move time s) / 4, 13 known, 14 ln(1 + the opponent's last move time s) / 4, 15 known
///  (EncodedPosition::moverLastThinkS, oppLastThinkS),
///  read only by a head with the board: 16 ln(legal moves) / 4, 17 the policy's entropy / 3, 18 its top-1
///  probability (policy at the same conditioning),
///  and, since the paces were added: 19 ln(1 + the mover's pace s) / 4, 20 known, 21 ln(1 + the opponent's pace s) / 4,
///  22 known (EncodedPosition::moverPaceDs, oppPaceDs: the mean of each player's last timed moves),
///  and, since the move chosen was added (read only by a head with the board; all 0 when the move is not known, as
///  in the analysis panel, which asks before a move is chosen): 23 the move is known, 24 max(ln p, -20) / 10 of it
///  under the policy, 25 p, 26 it is the policy's top move, 27 ln(1 + its rank among the legal moves) / 3, 28 it
///  checks, 29 mates, 30 captures, 31 recaptures (on the square of the last move), 32 wins material by static
///  exchange, 33 loses material by it, 34 castles, 35 its destination is attacked after it, 36 the piece moved stood
///  attacked, 37 it promotes, 38-43 the piece moved (pawn, knight, bishop, rook, queen, king: one of them 1).
/// A head made before the move reads the first kTimeScalarsBeforeMove, one made before the paces the first
/// kTimeScalarsBeforePace of them (its first layer's width says which).
inline constexpr int kTimeScalars = 44;
inline constexpr int kTimeScalarsBeforeMove = 23;
inline constexpr int kTimeScalarsBeforePace = 19;
inline constexpr int kTimeMoveFirst = 23;  ///< the first of the move's columns (23-43 above)

/// Entropy (nats) and top-1 probability of each row of move-head logits (B, L) (padded entries about -1e9), and the
/// log-probability and rank (0 for the most likely) of each item's played move (EncodedPosition::target; 0 and -1 where
/// it is -1): (B, 4) on the CPU.
torch::Tensor policySummary(const torch::Tensor& logits, std::span<const encoding::EncodedPosition* const> items);

/// The think-time scalars of `items` (B, kTimeScalars), on the CPU. `policy` is policySummary() of their logits, or
/// undefined for a clock-only head (the board and move scalars are then 0). The move's columns are filled where an
/// item's `target` is known.
torch::Tensor timeScalars(std::span<const encoding::EncodedPosition* const> items, const torch::Tensor& policy);

/// Fills the move's columns (kTimeMoveFirst...) of one row of timeScalars() for legal move `index` of `e`, of
/// log-probability `logP` and rank `rank` (0: the most likely) under the policy.
void setMoveScalars(float* row, const encoding::EncodedPosition& e, int index, float logP, int rank);
/// Zeroes the move's columns of every row of `scalars` (B, kTimeScalars): the move is not known.
void hideMoveScalars(torch::Tensor& scalars);

/// Per legal move of one position (its logits row (L) and its timeScalars() row): the scalars as if that move were
/// played, (numLegal, kTimeScalars).
torch::Tensor timeScalarsPerMove(const encoding::EncodedPosition& e, const torch::Tensor& logitsRow,
                                 const torch::Tensor& scalarsRow);

/// ln(1 + seconds spent) of `items` (B) float, on the CPU; -1 where thinkTimeS is unknown.
torch::Tensor thinkTimeTargets(std::span<const encoding::EncodedPosition* const> items);

/// The think-time head: the distribution of ln(1 + seconds) the mover spends, as a normal's mean and log spread, from
/// the trunk's features (HumanMoveModelImpl::forward's `features`) and timeScalars(), or from timeScalars() alone
/// (withBoard false, the clock-only head). Linear(in, H), SiLU, Linear(H, H), SiLU, Linear(H, 2), H = kTimeHidden
/// unless made otherwise. Trained on
/// a frozen trunk like the value head; checkpoints hold it under the archive key "time", bundles as tensors
/// "time.*" (the first layer's width tells which kind it is).
class TimeHeadImpl : public torch::nn::Module {
public:
    /// `scalars`: how many of timeScalars()' columns it reads (kTimeScalars; kTimeScalarsBeforeMove or
    /// kTimeScalarsBeforePace for a head made before the move or the paces).
    TimeHeadImpl(int dModel, bool withBoard, int scalars = kTimeScalars, int hidden = kTimeHidden);
    /// (B, 2): mu and ln sigma (clamped to [-3, 2]) of ln(1 + seconds). `features` is ignored without the board;
    /// `scalars` has kTimeScalars columns, of which the head reads its own first ones.
    torch::Tensor forward(const torch::Tensor& features, const torch::Tensor& scalars);
    bool withBoard() const { return m_withBoard; }
    int scalarCount() const { return m_scalars; }
    int hiddenWidth() const { return m_hidden; }
    /// True when the head reads the move chosen (timeScalars()' move columns).
    bool readsMove() const { return m_withBoard && m_scalars > kTimeMoveFirst; }
    /// Input width of the first layer for a trunk of width `dModel`.
    static int inputWidth(int dModel, bool withBoard, int scalars = kTimeScalars);
    /// The head's kind from its first layer's width (a bundle's tensor): {withBoard, scalars}, or nullopt for a width
    /// no head has.
    static std::optional<std::pair<bool, int>> kindOfWidth(int dModel, std::int64_t width);

private:
    bool m_withBoard;
    int m_scalars;
    int m_hidden;
    torch::nn::Linear m_in{nullptr}, m_mid{nullptr}, m_out{nullptr};
};
TORCH_MODULE(TimeHead);

/// An untrained head of the kind whose first layer is `width` wide and `hidden` high (a bundle's or file's tensor), for
/// its weights to be loaded into; the current board-reading kind when no kind has that width, and kTimeHidden for a
/// height out of range, so that the shape check names the tensor.
TimeHead timeHeadForWidth(int dModel, std::int64_t width, std::int64_t hidden = kTimeHidden);

/// Mean negative log-likelihood (Gaussian, without the constant) of `targets` (B; < 0 ignored) under `out` (B, 2).
torch::Tensor timeLoss(const torch::Tensor& out, const torch::Tensor& targets);
/// The median fit: mean |target - mu| (so that mu is the median of ln(1 + s), the seconds' median whatever the
/// distribution's shape) plus timeLoss() with mu held fixed (so that sigma is the spread around it).
torch::Tensor timeMedianLoss(const torch::Tensor& out, const torch::Tensor& targets);
/// Row i of forward()'s output as a ThinkTime.
encoding::ThinkTime thinkTimeOf(const float* row);
/// Writes the head under "time" of `archive` (and "time_board": 1 or 0, "time_scalars": its scalar count,
/// "time_hidden": its hidden width).
void saveTimeHead(TimeHead& head, torch::serialize::OutputArchive& archive);
/// The head from `archive`, or nullptr when it has none. Throws c10::Error when it has one of the wrong shape.
TimeHead loadTimeHead(torch::serialize::InputArchive& archive, int dModel);

}  // namespace kibitz::models
