// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch header: include only from core/models and core/training sources (each such TU costs ~15 s to compile).

#include "core/encoding/position_encoder.h"
#include "core/models/compute_device.h"
#include "core/models/compute_threads.h"
#include "core/models/model_config.h"

#include <torch/torch.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace kibitz::models {

/// A batch of encoded positions as tensors. Shapes: B positions, P piece tokens (max in batch), L legal moves
/// (max in batch), T = 6 + P tokens.
struct ModelBatch {
    torch::Tensor pieceCode;    ///< (B, P) int64, kPadPieceCode for padding
    torch::Tensor meta;         ///< (B, 3) int64: side to move, castling (0..15), ep file (0..8)
    torch::Tensor condIdx;      ///< (B, 5, 2) int64 rows of the conditioning table (lo, hi)
    torch::Tensor condAlpha;    ///< (B, 5) float weight of the lo row
    torch::Tensor keyBias;      ///< (B, 1, 1, T) float: 0, or a large negative value for padded piece tokens
    torch::Tensor legalA;       ///< (B, L) int64 index into the flattened head output (+2 extra columns)
    torch::Tensor legalB;       ///< (B, L) int64 promotion index, or the zero column
    torch::Tensor target;       ///< (B) int64 index of the played move in the legal list (-100 if unknown)
    torch::Tensor outcome;      ///< (B) int64 game result for the mover: 0 win, 1 draw, 2 loss (-100 if unknown)
    torch::Tensor condScalars;  ///< (B, kCondScalars) float: the conditioning as numbers (see condScalarsOf)
    torch::Tensor ply;          ///< (B) float plies since the game's start (EncodedPosition::ply)
    // Encoding v2 only (undefined for v1 batches):
    torch::Tensor history;   ///< (B, kHistoryPlies, 4) int64: from (64 = none), to (64), piece (0..6), captured (0..6)
    torch::Tensor moveFeat;  ///< (B, L, kMoveFeatureInputs) float indicators per legal move
    torch::Tensor legalTok;  ///< (B, L) int64 piece token of each legal move
    // Distillation (undefined when no item has a teacher distribution):
    torch::Tensor teacher;      ///< (B, L) float the teacher's probabilities over the legal moves (0 on padding)
    torch::Tensor teacherMask;  ///< (B) float 1 where the item has a teacher distribution
    int version = 1;
    std::vector<int> moverElo;  ///< per position, -1 if unknown (for per-Elo metrics)
    int size = 0;
    /// Moves the tensors to `device`.
    void to(const torch::Device& device);
};

/// The conditioning as plain numbers for the value head, which needs the rating difference and the clock balance
/// exactly rather than through embeddings: (mover Elo - 1500) / 500 and a known flag, the same for the opponent, the
/// difference / 400, log1p(mover clock s) / 6 and a known flag, log1p(opponent clock) / 6, their difference, and the
/// increment / 10 (unknown values 0).
inline constexpr int kCondScalars = 10;
std::array<float, kCondScalars> condScalarsOf(const encoding::Conditioning& c);

/// How conditioning is randomly hidden in training so the model also works without it.
struct CondDropout {
    double probability = 0.0;  ///< per slot; 0 disables
    std::uint64_t seed = 0;
    std::int64_t firstSampleIndex = 0;  ///< global index of items[0]; the drop decision is a function of (seed, index)
    double clockProbability = 0.0;      ///< per item: both clocks and the increment hidden together; 0 disables
};

/// Builds tensors (on the CPU) from encoded positions.
/// One legal move's movefeat bits (EncodedPosition::moveFeatures) as kMoveFeatureInputs indicators: 0 check, 1 mate,
/// 2..6 captured P..Q, 7 castling, 8 dest attacked, 9 dest defended, 10 SEE gain, 11 SEE loss, 12 from attacked,
/// 13 from defended, 14 recapture, 15..20 moved P..K. The move model's input, and what the think-time head reads of
/// the move chosen.
void writeMoveFeatures(std::uint16_t f, float* row);

ModelBatch makeBatch(std::span<const encoding::EncodedPosition* const> items, const CondDropout& drop = {});

/// Rating guidance (classifier-free guidance along the ratings): (1 + w) rated - w unrated, where `rated` and
/// `unrated` are the logits of the same positions told the players' ratings and told nothing of them. w > 0 pushes
/// the prediction further in the direction the ratings move it. Padded entries keep the mask value.
torch::Tensor guideLogits(const torch::Tensor& rated, const torch::Tensor& unrated, double w);

/// RMSNorm without bias.
class RmsNormImpl : public torch::nn::Module {
public:
    explicit RmsNormImpl(int dim, double eps = 1e-6);
    torch::Tensor forward(const torch::Tensor& x);
    /// forward(x) * (1 + scale) + shift, with x [B, T, d] and scale, shift [B, d] (core/models/fused_ops.h).
    torch::Tensor modulated(const torch::Tensor& x, const torch::Tensor& scale, const torch::Tensor& shift);

private:
    torch::Tensor m_weight;
    double m_eps;
};
TORCH_MODULE(RmsNorm);

/// Pre-norm transformer block: self-attention and a SwiGLU feed-forward, no biases. `film` (B, 4 d), when defined,
/// scales and shifts both normalised inputs per position (FiLM/adaLN: norm(x) * (1 + s) + t).
class BlockImpl : public torch::nn::Module {
public:
    BlockImpl(int dModel, int nHeads, int ffnHidden, int nLayers);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& keyBias, const torch::Tensor& film = {});

private:
    int m_heads;
    RmsNorm m_norm1{nullptr}, m_norm2{nullptr};
    torch::nn::Linear m_qkv{nullptr}, m_out{nullptr}, m_up{nullptr}, m_down{nullptr};
};
TORCH_MODULE(Block);

/// The human-move model (docs/models/README.md): piece tokens (colour + type + file + rank embeddings), a
/// meta token, five conditioning tokens (soft-blended brackets), pre-norm blocks, and a move head that scores every
/// legal move in one pass: logit(move) = head(token of the moving piece)[destination] (+ [promotion]). Version 2 adds
/// four tokens for the last moves, the conditioning as FiLM scale/shift in every block, and a bilinear move-feature
/// term: + (Wq h_piece + Wc c) . (Wf features) + w . features (all initialised to add nothing).
class HumanMoveModelImpl : public torch::nn::Module {
public:
    explicit HumanMoveModelImpl(const ModelConfig& config);
    /// Logits over each position's legal moves, (B, L); padded entries are about -1e9.
    torch::Tensor forward(const ModelBatch& batch);
    /// forward(), and in `features` (when not null) what the value head reads: (B, 3 d + kCondScalars), the
    /// final-normed meta token, the mean and the sum / 16 of the final-normed piece tokens (the sum counts material),
    /// and batch.condScalars.
    torch::Tensor forward(const ModelBatch& batch, torch::Tensor* features);
    const ModelConfig& config() const { return m_config; }

private:
    ModelConfig m_config;
    torch::nn::Embedding m_color{nullptr}, m_type{nullptr}, m_file{nullptr}, m_rank{nullptr};
    torch::nn::Embedding m_side{nullptr}, m_castling{nullptr}, m_ep{nullptr}, m_cond{nullptr};
    torch::nn::ModuleList m_blocks{nullptr};
    RmsNorm m_finalNorm{nullptr};
    torch::nn::Linear m_head{nullptr};
    // Version 2.
    torch::nn::Embedding m_histFrom{nullptr}, m_histTo{nullptr}, m_histPiece{nullptr}, m_histCap{nullptr},
        m_histAge{nullptr};
    torch::nn::Linear m_condProj{nullptr}, m_featIn{nullptr}, m_featQ{nullptr}, m_featC{nullptr}, m_featBias{nullptr};
    torch::nn::ModuleList m_film{nullptr};
    torch::Tensor m_codeColor, m_codeType, m_codeFile, m_codeRank;  // buffers: piece code -> factor indices
};
TORCH_MODULE(HumanMoveModel);

/// Hidden width of the value head.
inline constexpr int kValueHidden = 128;

/// Material columns of the value head (materialScalars): own minus opponent's pawns / 8, knights / 2, bishops / 2,
/// rooks / 2, queens, and both sides' material together (P 1, N 3, B 3, R 5, Q 9) / 78.
inline constexpr int kMaterialScalars = 6;
/// (B, kMaterialScalars) material of each position of a batch from its piece codes (B, P; padding counts nothing),
/// on the codes' device. Own is colour 0 of the encoding (the mover in the mover's view).
torch::Tensor materialScalars(const torch::Tensor& pieceCode);
/// Game-progress columns of the value head (plyScalars): min(ply, 200) / 100 and min(ply, 20) / 20.
inline constexpr int kPlyScalars = 2;
/// (B, kPlyScalars) from the batch's plies (B).
torch::Tensor plyScalars(const torch::Tensor& ply);

/// What the value head reads beside the trunk's features; each kind adds columns after the previous kind's, so an
/// older head widens with zero columns (widenValueHead). Checkpoints say which ("value_inputs"), bundles show it in
/// the first layer's width.
enum class ValueInputs : int {
    Features = 0,        ///< the trunk's features and the conditioning as numbers (the first heads)
    Material = 1,        ///< + materialScalars
    MaterialAndPly = 2,  ///< + plyScalars: the clocks alone cannot tell the start of a 5+0 game from the middle of
                         ///< a 10+0 one
};
inline constexpr ValueInputs kLatestValueInputs = ValueInputs::MaterialAndPly;

/// The value head: win/draw/loss logits for the side to move of a game between humans of the conditioned ratings and
/// clocks, from the trunk's features (HumanMoveModelImpl::forward's `features`), the material on the board and how
/// far the game is: Linear(3 d + kCondScalars + kMaterialScalars + kPlyScalars, 128), SiLU, Linear(128, 3). The
/// trunk's features alone left the head nearly blind to material outside the endgame (a queen up at move 12 was 53%
/// for 1500s); heads of the older kinds (ValueInputs) still load and answer as they did.
/// A separate module, trained on a frozen trunk, so trunk checkpoints and the main run stay as they are; checkpoints
/// hold it under the archive key "value" (and its kind under "value_inputs"), bundles as tensors "value.*".
class ValueHeadImpl : public torch::nn::Module {
public:
    explicit ValueHeadImpl(int dModel, ValueInputs inputs = kLatestValueInputs);
    /// Logits (B, 3) from the trunk's features of `batch` (the batch gives the material and the ply).
    torch::Tensor forward(const torch::Tensor& features, const ModelBatch& batch);
    ValueInputs inputs() const { return m_inputs; }
    /// Width of the first layer's input for a trunk of width `dModel`.
    static std::int64_t inputWidth(int dModel, ValueInputs inputs);
    /// The kind whose first layer is `width` wide, or nullopt when none is.
    static std::optional<ValueInputs> inputsForWidth(int dModel, std::int64_t width);

private:
    ValueInputs m_inputs;
    torch::nn::Linear m_in{nullptr}, m_out{nullptr};
};
TORCH_MODULE(ValueHead);

/// A head of kind `inputs` answering exactly as `old` (of an older kind) does: its weights copied, the new columns'
/// weights zero. For continuing an older head's training.
ValueHead widenValueHead(ValueHead& old, int dModel, ValueInputs inputs = kLatestValueInputs);

/// Mean cross-entropy of value logits (B, 3) against batch.outcome (unknown outcomes ignored).
torch::Tensor valueLoss(const torch::Tensor& valueLogits, const ModelBatch& batch);
/// Writes the value head under "value" of `archive`.
void saveValueHead(ValueHead& head, torch::serialize::OutputArchive& archive);
/// A value head from `archive` (written by saveValueHead) for a trunk of width `dModel`, or nullptr when the archive
/// has none. Throws c10::Error when it has one of the wrong shape.
ValueHead loadValueHead(torch::serialize::InputArchive& archive, int dModel);

/// Makes glibc malloc keep freed memory instead of returning every large block to the OS: torch allocates and frees
/// megabytes per operation, and each mmap/munmap pair costs page faults (about 5 % of a CPU training step here).
void keepFreedMemory();
/// The device of the process-wide choice (compute_device.h; auto: CUDA if available, else CPU). Throws
/// std::runtime_error when CUDA was chosen and this LibTorch has none.
torch::Device chooseDevice();
/// The device `choice` means on this machine (resolveDeviceChoice); throws std::runtime_error for CUDA without one.
torch::Device deviceFor(DeviceChoice choice);
/// Number of trainable scalars.
long long countParameters(torch::nn::Module& module);
/// Mean cross-entropy of logits (B, L) against batch.target.
torch::Tensor moveLoss(const torch::Tensor& logits, const ModelBatch& batch);
/// Mean KL divergence KL(teacher || softmax(logits)) over the items with a teacher distribution (batch.teacherMask),
/// in nats; 0 when the batch has none. Its gradient is that of the soft cross-entropy against the teacher.
torch::Tensor distillationLoss(const torch::Tensor& logits, const ModelBatch& batch);

/// The rating contrast: how well the played move tells the recorded ratings from shifted ones, as a classifier of
/// the two would read it, -log sigmoid(log p(y | recorded) - log p(y | shifted)), averaged over the items where
/// `mask` (B, float) is 1 and a move was played; 0 when there are none. `logits` and
/// `shiftedLogits` (B, L) are the model's answers to the same positions under the two conditionings.
torch::Tensor ratingContrastLoss(const torch::Tensor& logits, const torch::Tensor& shiftedLogits,
                                 const ModelBatch& batch, const torch::Tensor& mask);

/// Writes the config and weights under `archive` keys "config/..." and "model/...".
void saveModel(HumanMoveModel& model, torch::serialize::OutputArchive& archive);
/// Reads a config from an archive written by saveModel (throws c10::Error on missing keys).
ModelConfig loadModelConfig(torch::serialize::InputArchive& archive);
/// Loads weights written by saveModel into a model built with the same config.
void loadModelWeights(HumanMoveModel& model, torch::serialize::InputArchive& archive);
/// Warm start: copies every tensor of `archive` (written by saveModel) whose name and shape the model shares, and
/// leaves the others as initialised (a v2 model from a v1 checkpoint: trunk and head copied, v2 parts new). Returns
/// the names of the tensors that were not found.
std::vector<std::string> loadModelWeightsPartial(HumanMoveModel& model, torch::serialize::InputArchive& archive);

}  // namespace kibitz::models
