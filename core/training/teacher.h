// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free header: distillation targets from published rating-band nets.

#include "core/common/result.h"
#include "core/encoding/position_encoder.h"
#include "core/training/human_samples.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kibitz::models {
class Lc0BandEvaluator;
}

namespace kibitz::training {

/// A teacher for the human-move trainer: a folder of rating-band lc0 nets (the Maia-1 nets), read as one model of
/// the mover's rating (models::Lc0BandEvaluator: the two nearest bands blended).
///
/// label() gives training positions the teacher's distribution over their legal moves (EncodedPosition::teacher):
/// - kTeacherBeside: a position whose mover is rated inside the nets' range keeps its played move as a target and
///   gets the teacher's distribution at its recorded rating beside it;
/// - kTeacherOnly: a share `relabelShare` of the positions is shown at another level instead: both ratings become
///   the centre of a band drawn at random, the target is the teacher's distribution there and the played move is
///   no target. This is how the rating input learns to matter: the same board at nine levels.
/// Positions whose mover is rated outside the nets' range keep the played move alone (what the teacher cannot give:
/// ratings outside 1100-1999, clocks and increment, history beyond 8 plies, the value head, stay the data's).
/// Every choice is a hash of (seed, position, ply, rating), so a resumed run labels the same way.
class Teacher {
public:
    ~Teacher();
    /// Loads the nets of `folder`. `relabelShare` in [0, 0.9].
    static Result<std::unique_ptr<Teacher>> open(const std::string& folder, double relabelShare, std::uint64_t seed);
    /// Labels `items` in place; `boards[i]` is items[i]'s board and recent moves. Runs the nets in batches.
    Status label(std::vector<encoding::EncodedPosition>& items, const std::vector<PositionContext>& boards);
    /// "teacher: lc0 rating-band nets (...) ; relabel share 0.25"
    std::string describe() const;
    int lowestRating() const;
    int highestRating() const;

private:
    Teacher() = default;
    std::unique_ptr<models::Lc0BandEvaluator> m_nets;
    double m_relabelShare = 0.0;
    std::uint64_t m_seed = 0;
};

}  // namespace kibitz::training
