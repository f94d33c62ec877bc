// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free: calibration of win/draw/loss predictions (the value head) against game results, beside the Elo
// baseline (the expected score of the rating difference, with the draw rate of the training games at that level).

#include "core/common/cancel_token.h"
#include "core/common/json_writer.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// Game phase of a position, by ply: opening before ply 20, middlegame to ply 59, endgame from ply 60.
enum class GamePhase { Opening, Middlegame, Endgame };
GamePhase phaseOfPly(int ply);
const char* phaseName(GamePhase phase);

/// The Elo baseline: P(win) + P(draw)/2 = 1 / (1 + 10^((opp - mover) / 400)), P(draw) = the share of draws among
/// training-split games whose mean rating is in the same 200-point band (the overall share where a band has fewer
/// than 200 games).
struct EloBaseline {
    std::map<int, double> drawByBand;  ///< band (mean rating / 200) -> draw share
    double drawOverall = 0.0;
    std::int64_t games = 0;
    encoding::Wdl predict(int moverElo, int oppElo) const;
    /// "draw share 4.1 % over 20000 games; by band: 1000 2.9 %, ..."
    std::string describe() const;
};

/// Fits the baseline on the first `maxGames` usable games of the training split (the hold-out rule of
/// HumanSampleStream; tags only, fast). Errors name the file; a cancel ends it with ErrorCode::Cancelled.
Result<EloBaseline> fitEloBaseline(const std::vector<std::string>& files, int holdoutPermille, std::int64_t maxGames,
                                   const CancelToken& cancel = CancelToken());

/// The engine baseline: win/draw/loss from an engine's evaluation x (centipawns for the mover, from the games'
/// [%eval] annotations: Lichess's Stockfish) in the shape of Stockfish's own WDL model, P(win) = s((x - a) / b),
/// P(loss) = s((-x - a) / b), P(draw) the rest (s the logistic), with a >= 0 and b fitted by maximum likelihood on
/// training-split positions that carry an evaluation.
struct EngineBaseline {
    double a = 0.0;
    double b = 100.0;
    std::int64_t positions = 0;  ///< positions the fit used
    encoding::Wdl predict(int moverCp) const;
    std::string describe() const;
};

/// Fits the engine baseline on positions of training-split games with [%eval] annotations (at most `maxPositions`,
/// reading at most `maxGames` usable games). Errors name the file; no annotated position is InvalidInput; a cancel
/// ends it with ErrorCode::Cancelled.
Result<EngineBaseline> fitEngineBaseline(const std::vector<std::string>& files, int holdoutPermille,
                                         std::int64_t maxPositions, std::int64_t maxGames,
                                         const CancelToken& cancel = CancelToken());

/// What an evaluation sets the value head's figures beside: the Elo baseline (fitEloBaseline on the first 20,000
/// usable training-split games) and, where the games carry [%eval] annotations, the engine baseline (fitEngineBaseline
/// on at most 300,000 positions of 40,000 games; absent without annotations, which is not an error).
struct ValueBaselines {
    EloBaseline elo;
    std::optional<EngineBaseline> engine;
};

/// Fits both baselines of `files`. Errors are fitEloBaseline's; a cancel ends it with ErrorCode::Cancelled. The
/// evaluations call it once their stream has given positions, so that a file without one usable game is refused
/// with the stream's reason (and its skipped games named), not for the baseline it cannot fit.
Result<ValueBaselines> fitValueBaselines(const std::vector<std::string>& files, int holdoutPermille,
                                         const CancelToken& cancel = CancelToken());

/// Brier score (three-class: the sum over win, draw and loss of the squared error) and log-loss of win/draw/loss
/// predictions, overall and per game phase, for the model and for the Elo baseline on the same positions.
class ValueMetrics {
public:
    struct Score {
        std::int64_t positions = 0;
        double brier = 0.0;    ///< summed
        double logloss = 0.0;  ///< summed, nats
        void add(const encoding::Wdl& p, int outcome);
        void merge(const Score& o);
        double meanBrier() const { return positions ? brier / double(positions) : 0.0; }
        double meanLogloss() const { return positions ? logloss / double(positions) : 0.0; }
    };
    /// Predicted against observed expected score (win + draw / 2 for the mover) over a group of positions: a model
    /// that is calibrated there has predicted == observed.
    struct Calibration {
        std::int64_t positions = 0;
        double predicted = 0.0;  ///< summed model score
        double baseline = 0.0;   ///< summed Elo-baseline score
        double observed = 0.0;   ///< summed result (1, 0.5, 0)
        void add(double model, double elo, double result);
        void merge(const Calibration& o);
    };
    /// Rating-difference bins of the calibration (mover minus opponent): below -300, -300..-101, -100..100,
    /// 101..300, above 300.
    static constexpr int kDiffBins = 5;
    static int diffBin(int moverMinusOpponent);
    static const char* diffBinName(int bin);

    /// One position: the model's and the Elo baseline's predictions for the mover, the engine baseline's where the
    /// position has an evaluation, the game's outcome for the mover (0 win, 1 draw, 2 loss) and the ply; with the
    /// side to move (0 White, 1 Black; -1 unknown) and the rating difference, also the calibration by side, by
    /// rating difference, and at the game's first position between equal ratings (|difference| <= 100).
    void add(const encoding::Wdl& model, const encoding::Wdl& baseline, int outcome, int ply,
             const std::optional<encoding::Wdl>& engine = std::nullopt, int sideToMove = -1,
             std::optional<int> moverMinusOpponent = std::nullopt);
    void merge(const ValueMetrics& other);
    const Score& model() const { return m_model; }
    const Score& baseline() const { return m_baseline; }
    /// On the positions with an engine evaluation: the engine baseline, and the model on the same positions.
    const Score& engine() const { return m_engine; }
    const Score& modelWhereEngine() const { return m_engineModel; }
    const Calibration& bySide(int side) const { return m_bySide[std::size_t(side)]; }
    const Calibration& byDiff(int bin) const { return m_byDiff[std::size_t(bin)]; }
    const Calibration& startEqual() const { return m_startEqual; }
    /// The model's and the Elo baseline's scores on the positions of one phase.
    const Score& phaseModel(GamePhase phase) const { return m_phaseModel[std::size_t(phase)]; }
    const Score& phaseBaseline(GamePhase phase) const { return m_phaseBaseline[std::size_t(phase)]; }
    /// {"positions":N,"brier":B,"logloss":L,"baseline_elo":{"brier":..,"logloss":..},"baseline_engine":{"positions":n,
    /// "brier":..,"logloss":..,"model_brier":..,"model_logloss":..},"by_phase":{"opening":{...}, ...},
    /// "calibration":{"by_side":{"white":{"positions":n,"predicted":p,"baseline":b,"observed":o},"black":{...}},
    /// "by_rating_diff":{"<-300":{...},...},"start_equal_ratings":{...}}} (scores are means, for the mover, rounded to
    /// 5 decimals)
    JsonValue toJsonValue() const;
    /// toJsonValue() as text, in that key order with 5 decimals.
    std::string toJson() const;
    /// "n 1000 brier 0.512 (Elo 0.560, ratio 0.914) logloss 0.870 (Elo 0.930)"
    std::string summary() const;

private:
    Score m_model, m_baseline, m_engine, m_engineModel;
    std::array<Score, 3> m_phaseModel{}, m_phaseBaseline{}, m_phaseEngine{}, m_phaseEngineModel{};
    std::array<Calibration, 2> m_bySide{};
    std::array<Calibration, kDiffBins> m_byDiff{};
    Calibration m_startEqual;
};

}  // namespace kibitz::training
