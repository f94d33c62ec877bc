// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/engine_analyser.h"

#include <vector>

namespace kibitz::evaluation {

/// How blunder risk is measured.
struct BlunderRiskOptions {
    /// Loss thresholds in centipawns against the engine's best move, ascending.
    std::vector<int> thresholdsCp{100, 300};
    /// True when `evals` are the engine's top lines (multi-PV): every move not listed then scores at most as
    /// well as the worst listed one, which bounds its loss from below. When false, unlisted moves are unknown.
    bool evalsAreTopLines = false;
};

/// Human probability mass on moves that lose at least a threshold.
struct BlunderLevel {
    int thresholdCp = 0;
    double mass = 0.0;         ///< mass on moves known to lose >= thresholdCp
    double unknownMass = 0.0;  ///< mass on moves without an eval whose loss may or may not reach the threshold
};

/// Result of computeBlunderRisk.
struct BlunderRisk {
    std::vector<BlunderLevel> levels;  ///< one per threshold, in the options' order
    double evaluatedMass = 0.0;        ///< mass on moves the engine evaluated
    engines::UciScore best;            ///< the best evaluated score (side to move)
    /// Expected loss in centipawns over the evaluated moves, the distribution renormalised to them; mate scores
    /// enter through scoreToCp, so a likely missed mate dominates it.
    double expectedLossCp = 0.0;
};

/// Blunder risk of a human distribution `human` (any order, probabilities over the legal moves) given engine
/// `evals` of some of the moves (scores from the side to move, as PositionAnalyser returns them). The loss of a
/// move is scoreToCp(best) - scoreToCp(move) (mates convert as described at kMateCp, so missing a mate or
/// walking into one always counts as a loss beyond any threshold). Evals of moves absent from `human` are
/// still used for the best score. Fails (InvalidInput) when `evals` is empty or a threshold is negative.
Result<BlunderRisk> computeBlunderRisk(const std::vector<encoding::MoveProb>& human, const std::vector<MoveEval>& evals,
                                       const BlunderRiskOptions& options = {});

}  // namespace kibitz::evaluation
