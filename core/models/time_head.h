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
///  22 known (EncodedPosition::moverPaceDs, oppPaceDs: the mean of each player's last timed moves).
/// A head made before the paces reads the first kTimeScalarsBeforePace of them (its first layer's width says which).
inline constexpr int kTimeScalars = 23;
inline constexpr int kTimeScalarsBeforePace = 19;
inline constexpr int kTimeBoardScalars = 3;  ///< 16-18 above

/// Entropy (nats) and top-1 probability of each row of move-head logits (B, L) (padded entries about -1e9): (B, 2).
torch::Tensor policySummary(const torch::Tensor& logits);

/// The think-time scalars of `items` (B, kTimeScalars), on the CPU. `policy` is policySummary() of their logits, or
/// undefined for a clock-only head (the board scalars are then 0).
torch::Tensor timeScalars(std::span<const encoding::EncodedPosition* const> items, const torch::Tensor& policy);

/// ln(1 + seconds spent) of `items` (B) float, on the CPU; -1 where thinkTimeS is unknown.
torch::Tensor thinkTimeTargets(std::span<const encoding::EncodedPosition* const> items);

/// Hidden width of the think-time head.
inline constexpr int kTimeHidden = 128;

/// The think-time head: the distribution of ln(1 + seconds) the mover spends, as a normal's mean and log spread, from
/// the trunk's features (HumanMoveModelImpl::forward's `features`) and timeScalars(), or from timeScalars() alone
/// (withBoard false, the clock-only head). Linear(in, 128), SiLU, Linear(128, 128), SiLU, Linear(128, 2). Trained on
/// a frozen trunk like the value head; checkpoints hold it under the archive key "time", bundles as tensors
/// "time.*" (the first layer's width tells which kind it is).
class TimeHeadImpl : public torch::nn::Module {
public:
    /// `scalars`: how many of timeScalars()' columns it reads (kTimeScalars, or kTimeScalarsBeforePace for a head
    /// made before the paces).
    TimeHeadImpl(int dModel, bool withBoard, int scalars = kTimeScalars);
    /// (B, 2): mu and ln sigma (clamped to [-3, 2]) of ln(1 + seconds). `features` is ignored without the board;
    /// `scalars` has kTimeScalars columns, of which the head reads its own first ones.
    torch::Tensor forward(const torch::Tensor& features, const torch::Tensor& scalars);
    bool withBoard() const { return m_withBoard; }
    int scalarCount() const { return m_scalars; }
    /// Input width of the first layer for a trunk of width `dModel`.
    static int inputWidth(int dModel, bool withBoard, int scalars = kTimeScalars);
    /// The head's kind from its first layer's width (a bundle's tensor): {withBoard, scalars}, or nullopt for a width
    /// no head has.
    static std::optional<std::pair<bool, int>> kindOfWidth(int dModel, std::int64_t width);

private:
    bool m_withBoard;
    int m_scalars;
    torch::nn::Linear m_in{nullptr}, m_mid{nullptr}, m_out{nullptr};
};
TORCH_MODULE(TimeHead);

/// An untrained head of the kind whose first layer is `width` wide (a bundle's or file's tensor), for its weights to be
/// loaded into; the current board-reading kind when no kind has that width, so that the shape check names it.
TimeHead timeHeadForWidth(int dModel, std::int64_t width);

/// Mean negative log-likelihood (Gaussian, without the constant) of `targets` (B; < 0 ignored) under `out` (B, 2).
torch::Tensor timeLoss(const torch::Tensor& out, const torch::Tensor& targets);
/// Row i of forward()'s output as a ThinkTime.
encoding::ThinkTime thinkTimeOf(const float* row);
/// Writes the head under "time" of `archive` (and "time_board": 1 or 0, "time_scalars": its scalar count).
void saveTimeHead(TimeHead& head, torch::serialize::OutputArchive& archive);
/// The head from `archive`, or nullptr when it has none. Throws c10::Error when it has one of the wrong shape.
TimeHead loadTimeHead(torch::serialize::InputArchive& archive, int dModel);

}  // namespace kibitz::models
