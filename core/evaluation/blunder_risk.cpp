// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/blunder_risk.h"

#include <algorithm>

namespace kibitz::evaluation {

Result<BlunderRisk> computeBlunderRisk(const std::vector<encoding::MoveProb>& human, const std::vector<MoveEval>& evals,
                                       const BlunderRiskOptions& options) {
    if (evals.empty()) return makeError(ErrorCode::InvalidInput, "blunder risk: no engine evaluation given");
    for (int t : options.thresholdsCp)
        if (t < 0) return makeError(ErrorCode::InvalidInput, "blunder risk: negative threshold " + std::to_string(t));

    BlunderRisk risk;
    int bestCp = scoreToCp(evals.front().score);
    int worstCp = bestCp;
    risk.best = evals.front().score;
    for (const MoveEval& e : evals) {
        const int cp = scoreToCp(e.score);
        if (cp > bestCp) {
            bestCp = cp;
            risk.best = e.score;
        }
        worstCp = std::min(worstCp, cp);
    }
    for (int t : options.thresholdsCp) risk.levels.push_back(BlunderLevel{t, 0.0, 0.0});

    double lossSum = 0.0;
    for (const encoding::MoveProb& mp : human) {
        const double p = std::max(0.0, double(mp.prob));
        const auto it =
            std::find_if(evals.begin(), evals.end(), [&mp](const MoveEval& e) { return e.move == mp.move; });
        if (it != evals.end()) {
            const int loss = bestCp - scoreToCp(it->score);
            risk.evaluatedMass += p;
            lossSum += p * loss;
            for (BlunderLevel& level : risk.levels)
                if (loss >= level.thresholdCp) level.mass += p;
            continue;
        }
        // Not evaluated. From a top-lines list, the move is no better than the worst line shown, so it loses at
        // least minLoss; otherwise nothing is known. (A plain int and a flag: GCC's ThreadSanitizer build saw a
        // std::optional here as maybe uninitialised.)
        const bool lossBounded = options.evalsAreTopLines;
        const int minLoss = bestCp - worstCp;
        for (BlunderLevel& level : risk.levels) {
            if (lossBounded && minLoss >= level.thresholdCp)
                level.mass += p;
            else
                level.unknownMass += p;
        }
    }
    risk.expectedLossCp = risk.evaluatedMass > 0.0 ? lossSum / risk.evaluatedMass : 0.0;
    return risk;
}

}  // namespace kibitz::evaluation
