// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The player profile's peer: what a human of the mover's rating would lose in the same position. It is the opponent's
// rule (play::humanCandidates, the temperature per rating that makes the opponent play at its rating in self-play)
// with that temperature scaled once more by rating band, speed class and game phase, so that over real players of a
// band the peer's mean loss at each speed and in each phase is theirs, and from 2400 (from 2000 in rapid games)
// tilted toward the moves the engine (which scores every move for the profile anyway) finds better, more so the higher
// the rating (and less in the opening), so that a 2900 is not measured against the model's 2100. The opponent in play
// keeps the plain rule: the same phase factors in play cost the self-play ladder its spread (a game's result depends on
// more than the mean loss of its moves), so what makes a typical player look typical phase by phase lives here, beside
// the profile, and play stays as the ladder chose. docs/studies has the fit (`eval strength errors --split heldout
// --fit`: fitted on both halves of the held-out games, each half checked by the fit on the other).

#include "core/chess/game_phase.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/strength_profile.h"
#include "core/play/human_play.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace kibitz::evaluation {

/// The speed classes the peer is calibrated by: bullet (the model errs less than bullet players there), blitz, and
/// rapid or slower (from 2000 the model errs more than rapid players, less than blitz players); a position whose game
/// names no time control reads the band's scale over all speeds.
enum class PeerSpeed { Any = 0, Bullet, Blitz, Rapid };
inline constexpr int kPeerSpeeds = 4;
PeerSpeed peerSpeed(std::optional<chess::GameSpeed> speed);

/// The peer's temperature scales from one rating on, per speed class and game phase (chess::GamePhase order); 1 is the
/// plain rule.
struct PeerScaleBand {
    using PhaseScales = std::array<double, chess::kGamePhases>;
    int low = 0;
    std::array<PhaseScales, kPeerSpeeds> scale{PhaseScales{1.0, 1.0, 1.0}, PhaseScales{1.0, 1.0, 1.0},
                                               PhaseScales{1.0, 1.0, 1.0}, PhaseScales{1.0, 1.0, 1.0}};
    /// The engine's tilt, per 1,000 points above where it starts (0: none): the peer's candidates weighed by
    /// exp(-beta x loss), beta = engineTilt x (elo - start) / 1000 and loss the move's loss of winning chances by the
    /// engine. Only the top band holds it; it starts at kPeerTiltFrom (however the bands above it are split), and for
    /// rapid and slower games at kPeerRapidLeanFrom. From about 2400 (from 2000 in rapid games) no temperature makes
    /// the model's moves as accurate as the players' (its likeliest move loses more than they do), and the players get
    /// stronger with their rating faster than the model does. It starts at 0, so a rating across the start keeps its
    /// peer.
    double engineTilt = 0.0;
    /// The tilt's multiple in each game phase (chess::GamePhase order; 1: the whole tilt). Only the top band's is read.
    std::array<double, chess::kGamePhases> tiltByPhase{1.0, 1.0, 1.0};
};
/// Across each band's lower edge the scale passes from the band below to the band above over this many points either
/// side (log-linear), so a rating one point across an edge does not change its peer.
inline constexpr int kPeerScaleBlend = 50;

/// The peer's bands: the error profile's (kStrengthBandLow) with its top band split at 2400, so that the players from
/// 2000 to 2399 are not fitted with the scales of the strong (mostly bullet) accounts above them. A further split at
/// 2800 was tried in three designs and none passed its two-fold check (docs/studies/2026-12-06-peer-top-band-split.md):
/// the top endgames of the two halves of the held-out games differ by about a fifth, and every fit follows its half.
inline constexpr std::array<int, 6> kPeerBandLow{0, 1000, 1400, 1700, 2000, 2400};
/// Where the engine tilt starts: the players from 2400 get stronger with their rating faster than the model does.
inline constexpr int kPeerTiltFrom = 2400;
/// Where the engine tilt starts for rapid and slower games: their players from 2000 lose less than even the model's
/// favourite moves in the middlegame and endgame, which no temperature reaches.
inline constexpr int kPeerRapidLeanFrom = 2000;
static_assert(kPeerRapidLeanFrom < kPeerTiltFrom, "rapid games lean from below where the others do");
/// The peer band of a rating (index into kPeerBandLow).
int peerBand(int elo);

/// The shipped bands (kPeerBandLow), rising in rating.
const std::vector<PeerScaleBand>& peerScaleBands();

/// The scale at `elo` in `phase` and `speed`: its band's, blended with the neighbouring band's within kPeerScaleBlend
/// points of an edge; 1 without bands.
double peerTemperatureScale(int elo, chess::GamePhase phase, PeerSpeed speed, const std::vector<PeerScaleBand>& bands);

/// The engine tilt's beta at `elo` in `speed` (PeerScaleBand::engineTilt), in `phase` times the top band's
/// tiltByPhase (without a phase: the whole tilt); 0 without bands.
double peerEngineTilt(int elo, PeerSpeed speed, const std::vector<PeerScaleBand>& bands,
                      std::optional<chess::GamePhase> phase = std::nullopt);

/// A human of the mover's rating as the profile's baseline: play::humanCandidates at the mover's rating with `policy`'s
/// temperature times peerTemperatureScale() in the position's phase and speed class, tilted by peerEngineTilt() with
/// the engine's losses the position carries. A `policy` that is not calibrated (the raw distribution) is left as it
/// is: the scales and the tilt are relative to the rule.
CandidateFn peerCandidates(const play::MovePolicy& policy, const std::vector<PeerScaleBand>& bands = peerScaleBands());

/// Whether a human-move model is the one peerScaleBands() was fitted on: the default bundle (human-default.kibitz,
/// wherever it is read from) blended with its Maia-1 nets as the bundle asks (weight 0.5, fading over 2,000 points).
/// Its describe() names the bundle's file, and a blend is an encoding::BlendEvaluator; the default bundle without one
/// is its nets not found (they are files beside it, not compiled in). With another model the scales are that model's
/// rule, not fitted; without the nets the baseline loses about a tenth more than real players of each band
/// (docs/studies/2026-12-06-calibration-fresh-samples.md).
enum class PeerModelFit { Fitted, NetsMissing, OtherModel };
PeerModelFit peerModelFit(const encoding::Evaluator& model);

/// One engine tilt the fit tried: how its peer (scales fitted with it) errs from kPeerTiltFrom up.
struct PeerTiltTrial {
    double engineTilt = 0.0;
    double mismatch = 0.0;                                ///< what the fit ranks (fitPeerScales)
    std::vector<std::pair<std::int64_t, double>> spans;   ///< per kPeerTiltSpans entry: positions, peer / players' loss
    std::vector<std::pair<std::int64_t, double>> phases;  ///< the same per game phase from kPeerTiltFrom
    /// The same per game phase for rapid and slower games from kPeerRapidLeanFrom to kPeerTiltFrom.
    std::vector<std::pair<std::int64_t, double>> rapidPhases;
};

/// Fits the bands on players' positions: one per kPeerBandLow entry; per speed class (Any: all the positions) and
/// phase the scale at which the peer's mean loss over the band's positions there is the players' (a logarithmic grid
/// over kPeerScaleRange, refined between its neighbours). A cell under `minPositions` positions keeps 1 in Any and
/// Any's scale in the other classes. The scales are read while fitted exactly as peerTemperatureScale() reads them,
/// blends at the edges included, by passes over the cells until none moves. The engine tilt is chosen from
/// kPeerTiltGrid, each with its scales fitted, as the one whose peer errs most like the players from kPeerTiltFrom up
/// and in each phase there, and in each phase of the rapid games below it where the tilt starts earlier: the smallest
/// sum over kPeerTiltSpans and those game phases (those with `minPositions` positions) of positions x squared log ratio
/// of the peer's mean loss to the players' (a phase is off only where its scale meets the end of kPeerScaleRange). A
/// larger tilt must lower that sum by more than a 1% ratio would over the spans' positions, and with fewer than two
/// such spans there is no trend to follow and the tilt is 0. `scan`, when given, gets the sum and the ratios for each
/// tilt tried. With `kept` (bands of kPeerBandLow's layout), the bands under `refitFrom` keep kept's scales and only
/// those from it are fitted (the tilt with them). With `onlyPhase` as well, only that phase's scales of the bands from
/// `refitFrom` are fitted: their other phases and the top band's tilt stay kept's (no tilt is tried; `scan` gets the
/// kept tilt's trial). The bands it fits afresh have the whole tilt in every phase (tiltByPhase 1; fitPeerTiltPhase
/// fits a phase's multiple); with `onlyPhase` they keep kept's.
std::vector<PeerScaleBand> fitPeerScales(const std::vector<ErrorPosition>& positions, std::int64_t minPositions = 100,
                                         std::vector<PeerTiltTrial>* scan = nullptr,
                                         const std::vector<PeerScaleBand>& kept = {}, int refitFrom = 0,
                                         std::optional<chess::GamePhase> onlyPhase = std::nullopt);
/// One factor on `phase`'s scales (every speed class) of kept's bands from `refitFrom`, fitted so that over the
/// positions of that phase whose mover is in those bands, each read at its game's speed class as peerCandidates()
/// reads it, the peer's mean loss is the players' (a logarithmic grid over kPeerFactorRange, refined between its
/// neighbours; the scales clamped to kPeerScaleRange). Everything else is kept's; `factor`, when given, gets the
/// factor (1 under `minPositions` such positions: kept as it is), and `scan` the kept tilt's trial (fitPeerScales).
/// Fewer parameters than fitPeerScales' per speed class: the classes keep kept's ratios between them.
std::vector<PeerScaleBand> fitPeerPhaseFactor(const std::vector<ErrorPosition>& positions,
                                              const std::vector<PeerScaleBand>& kept, int refitFrom,
                                              chess::GamePhase phase, std::int64_t minPositions = 100,
                                              double* factor = nullptr, std::vector<PeerTiltTrial>* scan = nullptr);
inline constexpr std::array<double, 2> kPeerFactorRange{0.5, 2.0};
/// The tilt's multiple in `phase` (PeerScaleBand::tiltByPhase) of kept's top band, fitted so that over the positions
/// of that phase where the tilt applies, each read at its game's speed class, the peer's mean loss is the players' (a
/// grid of kPeerTiltMultipleStep over kPeerTiltMultipleRange, refined tenfold around its best point). Everything else
/// is kept's; `multiple` gets the multiple (kept's under `minPositions` such positions), `scan` the trial
/// (fitPeerScales).
std::vector<PeerScaleBand> fitPeerTiltPhase(const std::vector<ErrorPosition>& positions,
                                            const std::vector<PeerScaleBand>& kept, chess::GamePhase phase,
                                            std::int64_t minPositions = 100, double* multiple = nullptr,
                                            std::vector<PeerTiltTrial>* scan = nullptr);
inline constexpr std::array<double, 2> kPeerTiltMultipleRange{0.0, 2.0};
inline constexpr double kPeerTiltMultipleStep = 0.05;
/// The tilts the fit tries (per 1,000 points) and the spans of rating it compares the players in.
inline constexpr std::array<double, 13> kPeerTiltGrid{0, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128};
inline constexpr std::array<int, 2> kPeerTiltSpans{2400, 2800};
/// The scales the fit may choose: below 0.4 the peer would be little more than the model's favourite move.
inline constexpr std::array<double, 2> kPeerScaleRange{0.4, 2.5};

}  // namespace kibitz::evaluation
