// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval strength ladder | errors: does the opponent play at the strength it is told? The ladder plays
// copies of the model told two ratings against each other (play::playLadder); the error profile compares the loss of
// winning chances of real players' moves with the opponent's at their ratings, band by band
// (evaluation::collectErrorPositions, Stockfish scoring every legal move).
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "app/cli/strength_commands.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/common/atomic_file.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/peer_calibration.h"
#include "core/evaluation/strength_profile.h"
#include "core/jobs/human_model.h"
#include "core/jobs/profile_job.h"
#include "core/play/human_mover.h"
#include "core/play/strength_ladder.h"
#include "core/training/human_samples.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

namespace kibitz::cli {
namespace {

constexpr const char* kLadderCommand = "eval strength ladder";
constexpr const char* kErrorsCommand = "eval strength errors";

void printStrengthHelp() {
    std::printf(
        "Usage: kibitz-cli eval strength ladder [options]\n"
        "       kibitz-cli eval strength errors --pgn FILE|DIR... [options]\n\n"
        "Does the opponent play at the rating it is told? Both use the play mode's and uci's one mover (the model's\n"
        "distribution shaped by the rating, then the user's temperature and top-p).\n\n"
        "ladder: copies of the model told two ratings play each other (colours alternating, each game its own seed, a\n"
        "simulated clock, resignations and draw offers as in play mode). Per pair: the higher rating's score, the Elo\n"
        "gap it implies, how games ended (mate, stalemate, repetition, fifty moves, dead material, time, resignation,\n"
        "agreement, move cap), distinct 8-ply openings; with --pgn, real players' score at the same rating gap "
        "beside.\n"
        "  --pairs H:L,...     rating pairs (default 1100:700,1500:1100,1900:1500,2300:1900,1900:1100)\n"
        "  --games N           games per pair (default 100)\n"
        "  --tc BASE+INC       time control in seconds (default 300+0)\n"
        "  --max-plies N       a game still running then ends as a move cap, scored as a draw (default 400)\n"
        "  --seed N            (default 1)\n"
        "  --no-decisions      nobody resigns or offers draws\n"
        "  --pgn FILE|DIR      real games for the humans' score at each pair's gap (within 100 points)\n"
        "  --save-games OUT    also write every game to OUT as PGN (ratings, clocks, how it ended)\n\n"
        "errors: on positions of held-out games (3%% by Site hash; --split), the loss of winning chances (Lichess's:\n"
        "2 / (1 + exp(-0.00368208 cp)) - 1, a mate +-1) of the move played against the best move, and the opponent's\n"
        "expected loss at the mover's rating, clocks and increment, per rating band, speed and game phase; blunders\n"
        "lose >= 0.3. Each ratio (the opponent's loss over the humans') comes with the central 90%% of its values\n"
        "over resamples of the games.\n"
        "Stockfish scores every legal move of each position once (MultiPV over all moves).\n"
        "  --pgn FILE|DIR      games (.pgn, .pgn.zst; repeatable)\n"
        "  --split S           validation | test (the two halves of the held-out games) | heldout (both, default) |\n"
        "                      all (every game)\n"
        "  --every N           one position in every N plies (by hash; default 8)\n"
        "  --every-below R:N,...  movers rated under R: one in every N plies instead, where bands are thin (e.g.\n"
        "                      1000:2,1400:4,2400-2800:2; R:N from the item before's rating, LOW-HIGH:N from LOW to\n"
        "                      under HIGH; ratings rising, N under --every; by the same hash, so --every's\n"
        "                      positions stay in when N divides it)\n"
        "  --max-per-band N    at most N positions per band (default 600)\n"
        "  --max-positions N   at most N positions in all (default: no limit)\n"
        "  --min-elo R         only positions whose mover is rated R or more\n"
        "  --max-elo R         only positions whose mover is rated under R\n"
        "  --engine PATH       Stockfish (default: found on PATH or in /usr/games)\n"
        "  --depth D           engine depth (default 8)\n"
        "  --engines N         engine processes scoring positions side by side (default: one per core, at most 8)\n"
        "  --cache FILE        keep the engine's scores in FILE and reuse them with the same engine and depth\n"
        "                      (written whole, every 100 positions)\n"
        "  --fit               also fit the rating's strength (temperature and tilt) per band so the opponent's "
        "expected\n"
        "                      loss and blunder share come nearest the players' (the table human_mover.cpp ships),\n"
        "                      and per band and game phase the factor on the rule's temperature that does, and the\n"
        "                      player profile's peer calibration (per band, speed class and game phase, on the rule's\n"
        "                      temperature; with --split heldout fitted on both halves, and each half checked by\n"
        "                      the fit on the other, and the shipped calibration read on each half beside it)\n"
        "  --fit-peer-from R   with --fit: keep the shipped peer bands that start under R, fit those from R\n"
        "  --fit-peer-phase P  with --fit-peer-from: fit only phase P's scales (opening, middlegame or endgame) of\n"
        "                      the bands from R, their other phases and the engine tilt kept as shipped\n"
        "  --fit-peer-factor   with --fit-peer-phase: one factor on that phase's shipped scales (every speed class)\n"
        "                      of the bands from R, in place of a scale per speed class\n"
        "  --fit-peer-tilt-phase P\n"
        "                      with --fit: fit only the engine tilt's multiple in phase P, all else as shipped\n"
        "  --peer              score the player profile's peer (the rule with its calibration by rating, speed and\n"
        "                      game phase) in place of the opponent as it plays\n\n"
        "Both:\n"
        "  --model PATH        a human-move model (bundle, checkpoint, lc0 net, folder of nets, blend); default: "
        "shipped\n"
        "  --temperature X     the user's temperature, multiplying the rating's (default 1)\n"
        "  --top-p X           (default 1)\n"
        "  --raw               the model's distribution without the rating's shape (before the calibration)\n"
        "  --threads T         torch threads (default 1)\n"
        "  --json              one JSON object on stdout\n"
        "Progress goes to stderr; Ctrl+C stops cleanly (the cache keeps what was scored).\n");
}

int usageError(const char* command, const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli %s: %s\n", command, msg.c_str());
    return kExitUsage;
}

/// The user's policy from --temperature, --top-p and --raw.
play::MovePolicy policyOf(Args& args) {
    play::MovePolicy p;
    p.temperature = args.doubleValue("temperature", 1.0, 0.0, 10.0);
    p.topP = args.doubleValue("top-p", 1.0, 0.01, 1.0);
    p.calibrated = !args.has("raw");
    return p;
}

std::vector<play::LadderPair> parsePairs(const std::string& text, std::string& error) {
    std::vector<play::LadderPair> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        int high = 0, low = 0;
        char tail = 0;
        if (std::sscanf(item.c_str(), "%d:%d%c", &high, &low, &tail) != 2 || high < 400 || low < 400 || high > 3200 ||
            low > 3200 || high <= low) {
            error = "--pairs: '" + item + "' is not HIGH:LOW with 400 <= LOW < HIGH <= 3200";
            return {};
        }
        out.push_back({high, low});
        at = comma + 1;
    }
    return out;
}

/// --every-below R:N,...: rising ratings, each with its one-in-N (1-1000, N below --every's so the band is denser).
std::vector<evaluation::ErrorProfileOptions::Denser> parseDenser(const std::string& text, int every,
                                                                 std::string& error) {
    std::vector<evaluation::ErrorProfileOptions::Denser> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        const int previous = out.empty() ? 0 : out.back().belowElo;
        int from = previous, below = 0, n = 0;
        char tail = 0;
        // RATING:N takes the movers from the item before's rating (or 0); LOW-HIGH:N those from LOW to under HIGH.
        const bool ranged = std::sscanf(item.c_str(), "%d-%d:%d%c", &from, &below, &n, &tail) == 3;
        if (!ranged) from = previous;
        if ((!ranged && std::sscanf(item.c_str(), "%d:%d%c", &below, &n, &tail) != 2) || from < previous ||
            below <= from || below > 4000 || n < 1 || n >= every) {
            error = "--every-below: '" + item +
                    "' is not RATING:N or LOW-HIGH:N with ratings rising and apart and 1 <= N < --every (" +
                    std::to_string(every) + ")";
            return {};
        }
        out.push_back({below, n, from});
        at = comma + 1;
    }
    return out;
}

/// Real players' score at a rating gap: games whose gap is within 100 points of `gap`.
struct HumanGap {
    std::int64_t games = 0;
    double higherScore = 0.0;
};

std::map<int, HumanGap> humanScores(const std::vector<std::string>& files, const std::vector<int>& gaps) {
    std::map<int, HumanGap> out;
    PgnInput input(kLadderCommand, files, false);
    input.setQuietSkips(true);
    if (!input.openAll()) return out;
    chess::PgnGame game;
    while (input.next(game)) {
        const std::string w = game.tag("WhiteElo"), b = game.tag("BlackElo");
        const double s = game.result == "1-0" ? 1.0 : game.result == "0-1" ? 0.0 : game.result == "1/2-1/2" ? 0.5 : -1;
        if (s < 0 || w.empty() || b.empty()) continue;
        const int d = std::atoi(w.c_str()) - std::atoi(b.c_str());
        for (int gap : gaps)
            if (std::abs(std::abs(d) - gap) <= 100) {
                auto& h = out[gap];
                ++h.games;
                h.higherScore += d >= 0 ? s : 1.0 - s;
            }
    }
    for (auto& [gap, h] : out)
        if (h.games > 0) h.higherScore /= double(h.games);
    return out;
}

QJsonObject endingsJson(const play::LadderEndings& e) {
    return QJsonObject{{"checkmate", qint64(e.checkmate)},       {"stalemate", qint64(e.stalemate)},
                       {"repetition", qint64(e.repetition)},     {"fifty_moves", qint64(e.fiftyMoves)},
                       {"insufficient", qint64(e.insufficient)}, {"time", qint64(e.time)},
                       {"resignation", qint64(e.resignation)},   {"agreement", qint64(e.agreement)},
                       {"move_cap", qint64(e.moveCap)}};
}

int runLadder(Args& args) {
    std::string error;
    const auto pairs =
        parsePairs(args.value("pairs").value_or("1100:700,1500:1100,1900:1500,2300:1900,1900:1100"), error);
    if (!error.empty()) return usageError(kLadderCommand, error);
    play::LadderOptions o;
    o.pairs = pairs;
    o.gamesPerPair = int(args.intValue("games", 100, 1, 100000));
    const auto tc = chess::parseTimeControl(args.value("tc").value_or("300+0"));
    if (!tc || (tc->first <= 0 && tc->second <= 0))
        return usageError(kLadderCommand, "--tc: expected BASE+INC in seconds, e.g. 300+0");
    o.baseMs = 1000LL * tc->first;
    o.incrementMs = 1000LL * tc->second;
    o.maxPlies = int(args.intValue("max-plies", 400, 20, 2000));
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    o.decisions = !args.has("no-decisions");
    o.policy = policyOf(args);
    const std::string saveGames = args.value("save-games").value_or("");
    o.keepGames = !saveGames.empty();
    if (o.keepGames) {
        const auto folder = std::filesystem::absolute(std::filesystem::path(saveGames)).parent_path();
        if (!std::filesystem::is_directory(folder))
            return usageError(kLadderCommand, "--save-games: no folder " + folder.string() + " to write into");
    }
    jobs::setModelComputeThreads(int(args.intValue("threads", 1, 1, 256)));
    std::string dataError;
    const auto files = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usageError(kLadderCommand, "--pgn: " + dataError);
    if (!args.ok()) return usageError(kLadderCommand, args.error());
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usageError(kLadderCommand, evaluator.error().message);
    std::vector<int> gaps;
    for (const auto& p : pairs) gaps.push_back(p.high - p.low);
    const auto humans = files.empty() ? std::map<int, HumanGap>{} : humanScores(files, gaps);

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    ProgressLine line;
    auto r = play::playLadder(**evaluator, o, cancel, [&line](std::int64_t done, std::int64_t total) {
        line.show(done == total, "kibitz-cli %s: %lld / %lld games", kLadderCommand, static_cast<long long>(done),
                  static_cast<long long>(total));
    });
    line.end();
    if (!r) {
        std::fprintf(stderr, "kibitz-cli %s: %s\n", kLadderCommand, r.error().message.c_str());
        return kExitFailure;  // cancelled or a model error: nothing was reported
    }
    if (o.keepGames) {
        std::vector<chess::PgnGame> games;
        for (const auto& p : *r) games.insert(games.end(), p.records.begin(), p.records.end());
        if (Status st = chess::writePgnFile(saveGames, games); !st) {
            std::fprintf(stderr, "kibitz-cli %s: %s\n", kLadderCommand, st.error().message.c_str());
            return kExitFailure;
        }
    }
    if (args.has("json")) {
        QJsonArray rows;
        for (const auto& p : *r) {
            QJsonObject row{{"high", p.pair.high},
                            {"low", p.pair.low},
                            {"games", qint64(p.games)},
                            {"high_wins", qint64(p.highWins)},
                            {"draws", qint64(p.draws)},
                            {"low_wins", qint64(p.lowWins)},
                            {"high_score", p.highScore()},
                            {"implied_gap", p.impliedGap()},
                            {"endings", endingsJson(p.endings)},
                            {"distinct_openings", qint64(p.distinctOpenings)},
                            {"mean_plies", p.meanPlies}};
            if (const auto it = humans.find(p.pair.high - p.pair.low); it != humans.end())
                row.insert("humans",
                           QJsonObject{{"games", qint64(it->second.games)}, {"higher_score", it->second.higherScore}});
            rows.append(row);
        }
        const QJsonObject out{{"model", QString::fromStdString((*evaluator)->describe())},
                              {"time_control", QString::fromStdString(args.value("tc").value_or("300+0"))},
                              {"calibrated", o.policy.calibrated},
                              {"pairs", rows}};
        std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    std::printf("%s, %s, %s\n", (*evaluator)->describe().c_str(), args.value("tc").value_or("300+0").c_str(),
                o.policy.calibrated ? "rating-shaped" : "raw distribution");
    std::printf(
        "pair        games  score  gap   humans  mate stale  rep  50m  dead time  resign agree  cap  openings  "
        "plies\n");
    for (const auto& p : *r) {
        const auto it = humans.find(p.pair.high - p.pair.low);
        const std::string human = it == humans.end() ? "   -  " : [&] {
            char b[16];
            std::snprintf(b, sizeof b, "%5.2f ", it->second.higherScore);
            return std::string(b);
        }();
        const auto& e = p.endings;
        std::printf(
            "%4d-%-4d  %6lld  %5.2f %+5.0f  %s %5lld %5lld %4lld %4lld %4lld %4lld %7lld %5lld %4lld %9lld %6.0f\n",
            p.pair.high, p.pair.low, static_cast<long long>(p.games), p.highScore(), p.impliedGap(), human.c_str(),
            static_cast<long long>(e.checkmate), static_cast<long long>(e.stalemate),
            static_cast<long long>(e.repetition), static_cast<long long>(e.fiftyMoves),
            static_cast<long long>(e.insufficient), static_cast<long long>(e.time),
            static_cast<long long>(e.resignation), static_cast<long long>(e.agreement),
            static_cast<long long>(e.moveCap), static_cast<long long>(p.distinctOpenings), p.meanPlies);
    }
    return kExitOk;
}

QJsonObject cellJson(const evaluation::ErrorCell& c) {
    return QJsonObject{{"positions", qint64(c.positions)},
                       {"mean_elo", c.meanElo},
                       {"human_loss", c.humanLoss},
                       {"human_blunders", c.humanBlunders},
                       {"model_loss", c.modelLoss},
                       {"model_blunders", c.modelBlunders},
                       {"ratio", c.ratio()},
                       {"ratio_low", c.ratioLow},
                       {"ratio_high", c.ratioHigh}};
}

/// Whether `game` is in the split `split` names.
bool inSplit(const chess::PgnGame& game, const std::string& split) {
    if (split == "all") return true;
    const std::string id = training::gameId(game);
    if (!training::isHeldOut(id, 30)) return false;
    if (split == "heldout") return true;
    const bool validation = training::isHeldOut(id + "#strength-half", 500);
    return split == "validation" ? validation : !validation;
}

void printCell(const std::string& name, const evaluation::ErrorCell& c) {
    char interval[32] = "";
    if (c.hasRatioInterval()) std::snprintf(interval, sizeof interval, " (%.2f-%.2f)", c.ratioLow, c.ratioHigh);
    std::printf("%-10s %9lld %7.0f   %.4f  %5.1f%%   %.4f  %5.1f%%  %5.2f%s\n", name.c_str(),
                static_cast<long long>(c.positions), c.meanElo, c.humanLoss, 100.0 * c.humanBlunders, c.modelLoss,
                100.0 * c.modelBlunders, c.ratio(), interval);
}

/// The player profile's peer speed classes (evaluation::PeerSpeed order), as the JSON names them.
constexpr std::array<const char*, evaluation::kPeerSpeeds> kPeerSpeedNames{"any", "bullet", "blitz",
                                                                           "rapid_and_slower"};

/// The error profile and, with --fit, the fits, as `eval strength errors --json` prints them (the caller adds what
/// produced them).
QJsonObject errorsJson(const evaluation::ErrorProfile& profile, const std::vector<evaluation::StrengthKnot>& knots,
                       const std::vector<evaluation::PhaseScaleFit>& phaseScales,
                       const std::vector<evaluation::PeerScaleBand>& peerBands,
                       const std::vector<evaluation::PeerTiltTrial>& tiltScan) {
    QJsonArray bands;
    for (std::size_t b = 0; b < profile.byBand.size(); ++b) {
        QJsonObject row = cellJson(profile.byBand[b]);
        row.insert("band", QString::fromStdString(evaluation::strengthBandName(int(b))));
        QJsonObject speeds;
        for (int s = 0; s < chess::kGameSpeeds; ++s)
            if (profile.bySpeed[b][std::size_t(s)].positions > 0)
                speeds.insert(chess::gameSpeedName(chess::GameSpeed(s)), cellJson(profile.bySpeed[b][std::size_t(s)]));
        row.insert("by_speed", speeds);
        QJsonObject phases;
        for (int f = 0; f < chess::kGamePhases; ++f)
            if (profile.byPhase[b][std::size_t(f)].positions > 0)
                phases.insert(chess::gamePhaseName(chess::GamePhase(f)), cellJson(profile.byPhase[b][std::size_t(f)]));
        row.insert("by_phase", phases);
        bands.append(row);
    }
    QJsonObject out{{"all", cellJson(profile.all)}, {"by_band", bands}};
    if (!knots.empty()) {
        QJsonArray fit;
        for (const auto& k : knots)
            fit.append(QJsonObject{{"band", QString::fromStdString(evaluation::strengthBandName(k.band))},
                                   {"mean_elo", k.meanElo},
                                   {"positions", qint64(k.positions)},
                                   {"temperature", k.strength.temperature},
                                   {"tilt", k.strength.tilt},
                                   {"human_loss", k.humanLoss},
                                   {"human_blunders", k.humanBlunders},
                                   {"model_loss", k.modelLoss},
                                   {"model_blunders", k.modelBlunders}});
        out.insert("strength_fit", fit);
        QJsonArray scales;
        for (const auto& k : phaseScales)
            scales.append(QJsonObject{{"band", QString::fromStdString(evaluation::strengthBandName(k.band))},
                                      {"phase", QString::fromLatin1(chess::gamePhaseName(k.phase))},
                                      {"positions", qint64(k.positions)},
                                      {"temperature_scale", k.scale},
                                      {"human_loss", k.humanLoss},
                                      {"human_blunders", k.humanBlunders},
                                      {"model_loss", k.modelLoss},
                                      {"model_blunders", k.modelBlunders}});
        out.insert("phase_scale_fit", scales);
        QJsonArray peer;
        for (const auto& k : peerBands) {
            QJsonObject classes;
            for (int c = 0; c < evaluation::kPeerSpeeds; ++c) {
                QJsonObject scale;
                for (int f = 0; f < chess::kGamePhases; ++f)
                    scale.insert(chess::gamePhaseName(chess::GamePhase(f)), k.scale[std::size_t(c)][std::size_t(f)]);
                classes.insert(kPeerSpeedNames[std::size_t(c)], scale);
            }
            peer.append(QJsonObject{
                {"low", k.low},
                {"temperature_scale", classes},
                {"engine_tilt", k.engineTilt},
                {"engine_tilt_by_phase", QJsonArray{k.tiltByPhase[0], k.tiltByPhase[1], k.tiltByPhase[2]}}});
        }
        out.insert("peer_fit", peer);
        const auto groups = [](const std::vector<std::pair<std::int64_t, double>>& cells) {
            QJsonArray a;
            for (const auto& [n, ratio] : cells) a.append(QJsonObject{{"positions", qint64(n)}, {"ratio", ratio}});
            return a;
        };
        QJsonArray scan;
        for (const auto& t : tiltScan)
            scan.append(QJsonObject{{"engine_tilt", t.engineTilt},
                                    {"mismatch", t.mismatch},
                                    {"spans", groups(t.spans)},
                                    {"phases", groups(t.phases)},
                                    {"rapid_phases", groups(t.rapidPhases)}});
        out.insert("peer_tilt_scan", scan);
    }
    return out;
}

/// A profile's band x speed and band x phase cells with at least 50 positions, a line each.
void printSpeedAndPhaseCells(const evaluation::ErrorProfile& profile) {
    for (std::size_t b = 0; b < profile.bySpeed.size(); ++b)
        for (int s = 0; s < chess::kGameSpeeds; ++s)
            if (profile.bySpeed[b][std::size_t(s)].positions >= 50)
                printCell(evaluation::strengthBandName(int(b)) + " " + chess::gameSpeedName(chess::GameSpeed(s)),
                          profile.bySpeed[b][std::size_t(s)]);
    for (std::size_t b = 0; b < profile.byPhase.size(); ++b)
        for (int f = 0; f < chess::kGamePhases; ++f)
            if (profile.byPhase[b][std::size_t(f)].positions >= 50)
                printCell(evaluation::strengthBandName(int(b)) + " " + chess::gamePhaseName(chess::GamePhase(f)),
                          profile.byPhase[b][std::size_t(f)]);
}

/// The player profile's peer calibration and its checks. With the held-out split the scales to ship are fitted on both
/// halves, and each half is checked by the fit on the other (two-fold: what a table fitted on half the games does on
/// games it did not see) and read with the shipped scales beside it; otherwise fitted and checked on the same
/// positions. What is refitted is PeerRefit's.
/// The refit: with `from` the shipped bands under it are kept and only those from it fitted (with `phase`, only that
/// phase of them; with `factor`, one factor on that phase's shipped scales); with `tiltPhase`, only the engine tilt's
/// multiple in that phase, every scale as shipped.
struct PeerRefit {
    int from = 0;
    std::optional<chess::GamePhase> phase;
    bool factor = false;
    std::optional<chess::GamePhase> tiltPhase;
};
struct PeerCheck {
    std::string what;
    evaluation::ErrorProfile profile;
    std::vector<std::pair<std::string, evaluation::ErrorCell>> spans;  // kPeerTiltSpans' spans, by phase
};
struct PeerFit {
    std::vector<evaluation::PeerScaleBand> bands;
    std::vector<evaluation::PeerTiltTrial> tiltScan;  // the top band's engine tilts tried by the fit that ships
    std::vector<PeerCheck> checks;
    bool heldOut = false;
    double factor = 0.0;  // the one factor on the phase's shipped scales the fit that ships chose (0: none)
    std::optional<chess::GamePhase> tiltPhase;  // whose tilt multiple was fitted
};

/// The positions of each span the engine tilt is compared over (kPeerTiltSpans), named ("2400-2799", "2800+").
using TiltSpans = std::vector<std::pair<std::string, std::vector<evaluation::ErrorPosition>>>;
TiltSpans tiltSpans(const std::vector<evaluation::ErrorPosition>& positions) {
    TiltSpans out;
    for (std::size_t k = 0; k < evaluation::kPeerTiltSpans.size(); ++k) {
        const int low = evaluation::kPeerTiltSpans[k];
        const int high = k + 1 < evaluation::kPeerTiltSpans.size() ? evaluation::kPeerTiltSpans[k + 1] : 0;
        std::vector<evaluation::ErrorPosition> in;
        for (const auto& p : positions)
            if (p.moverElo >= low && (high == 0 || p.moverElo < high)) in.push_back(p);
        if (!in.empty())
            out.emplace_back(high ? std::to_string(low) + "-" + std::to_string(high - 1) : std::to_string(low) + "+",
                             std::move(in));
    }
    return out;
}

PeerCheck peerCheck(std::string what, const std::vector<evaluation::ErrorPosition>& positions, const TiltSpans& spans,
                    const evaluation::CandidateFn& candidates) {
    PeerCheck out{std::move(what), evaluation::profileErrors(positions, candidates), {}};
    for (const auto& [name, in] : spans) {
        const auto span = evaluation::profileErrors(in, candidates);  // all in the error profile's top band
        for (int f = 0; f < chess::kGamePhases; ++f)
            out.spans.emplace_back(name + " " + chess::gamePhaseName(chess::GamePhase(f)),
                                   span.byPhase.back()[std::size_t(f)]);
    }
    return out;
}

PeerFit fitPeer(const std::vector<evaluation::ErrorPosition>& positions, const std::vector<chess::PgnGame>& games,
                const std::string& split, const play::MovePolicy& policy, const PeerRefit& refit) {
    const auto& shipped = evaluation::peerScaleBands();
    PeerFit out;
    out.tiltPhase = refit.tiltPhase;
    const auto fit = [&](const std::vector<evaluation::ErrorPosition>& on,
                         std::vector<evaluation::PeerTiltTrial>* scan = nullptr) {
        if (refit.tiltPhase) return evaluation::fitPeerTiltPhase(on, shipped, *refit.tiltPhase, 100, nullptr, scan);
        if (refit.factor && refit.phase)
            return evaluation::fitPeerPhaseFactor(on, shipped, refit.from, *refit.phase, 100,
                                                  scan ? &out.factor : nullptr, scan);
        return evaluation::fitPeerScales(on, 100, scan, shipped, refit.from, refit.phase);
    };
    out.bands = fit(positions, &out.tiltScan);
    if (split != "heldout") {
        out.checks.push_back(peerCheck("on these positions (its fit, not a check)", positions, tiltSpans(positions),
                                       evaluation::peerCandidates(policy, out.bands)));
        return out;
    }
    std::vector<evaluation::ErrorPosition> validation, test;
    for (const auto& p : positions) (inSplit(games[p.game], "validation") ? validation : test).push_back(p);
    const TiltSpans testSpans = tiltSpans(test), validationSpans = tiltSpans(validation);
    out.checks.push_back(peerCheck("fitted on the validation half, on the test half", test, testSpans,
                                   evaluation::peerCandidates(policy, fit(validation))));
    out.checks.push_back(peerCheck("fitted on the test half, on the validation half", validation, validationSpans,
                                   evaluation::peerCandidates(policy, fit(test))));
    out.checks.push_back(
        peerCheck("as shipped, on the test half", test, testSpans, evaluation::peerCandidates(policy, shipped)));
    out.checks.push_back(peerCheck("as shipped, on the validation half", validation, validationSpans,
                                   evaluation::peerCandidates(policy, shipped)));
    out.heldOut = true;
    return out;
}

void printPeerFit(const PeerFit& fit) {
    std::printf(
        "the profile's peer calibration (from rating; opening, middlegame, endgame scale for all speeds, "
        "bullet, blitz, and rapid or slower)%s:\n",
        fit.heldOut ? ", fitted on both halves" : "");
    if (fit.factor > 0.0) std::printf("(one factor on the phase's shipped scales: %.3f)\n", fit.factor);
    if (fit.tiltPhase && !fit.bands.empty())
        std::printf("(the engine tilt's multiple in the %s: %.3f)\n", chess::gamePhaseName(*fit.tiltPhase),
                    fit.bands.back().tiltByPhase[std::size_t(*fit.tiltPhase)]);
    for (const auto& k : fit.bands) {
        std::printf("        {%d, {", k.low);
        for (std::size_t c = 0; c < k.scale.size(); ++c)
            std::printf("%sS{%.3f, %.3f, %.3f}", c ? ", " : "", k.scale[c][0], k.scale[c][1], k.scale[c][2]);
        if (k.tiltByPhase != evaluation::PeerScaleBand{}.tiltByPhase)
            std::printf("}, %.1f, {%.3f, %.3f, %.3f}},\n", k.engineTilt, k.tiltByPhase[0], k.tiltByPhase[1],
                        k.tiltByPhase[2]);
        else if (k.engineTilt > 0.0)
            std::printf("}, %.1f},\n", k.engineTilt);
        else
            std::printf("}},\n");
    }
    std::printf("the top band's engine tilt (per 1,000 points above its edge), peer / players' loss from");
    for (int low : evaluation::kPeerTiltSpans) std::printf(" %d", low);
    std::printf(" and in the opening, middlegame and endgame (positions)");
    if (!fit.tiltScan.empty() && !fit.tiltScan.front().rapidPhases.empty())
        std::printf(", the same phases in rapid and slower games from %d", evaluation::kPeerRapidLeanFrom);
    std::printf(", and the mismatch the fit ranks:\n");
    for (const auto& t : fit.tiltScan) {
        std::printf("  tilt %5.1f ", t.engineTilt);
        for (const auto& [n, ratio] : t.spans) std::printf("  %.3f (%lld)", ratio, static_cast<long long>(n));
        std::printf("  |");
        for (const auto& [n, ratio] : t.phases) std::printf("  %.3f (%lld)", ratio, static_cast<long long>(n));
        if (!t.rapidPhases.empty()) std::printf("  |");
        for (const auto& [n, ratio] : t.rapidPhases) std::printf("  %.3f (%lld)", ratio, static_cast<long long>(n));
        std::printf("  mismatch %.2f%s\n", t.mismatch,
                    !fit.bands.empty() && t.engineTilt == fit.bands.back().engineTilt ? "  <- chosen" : "");
    }
    for (const auto& check : fit.checks) {
        std::printf("the peer %s:\n", check.what.c_str());
        printSpeedAndPhaseCells(check.profile);
        for (const auto& [name, cell] : check.spans)
            if (cell.positions >= 50) printCell(name, cell);
    }
}

int runErrors(Args& args) {
    std::string dataError;
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin(), args.positionals().end());
    const auto files = expandDataArgs(given, {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usageError(kErrorsCommand, "--pgn: " + dataError);
    if (files.empty()) return usageError(kErrorsCommand, "--pgn is required");
    const std::string split = args.value("split").value_or("heldout");
    if (split != "validation" && split != "test" && split != "heldout" && split != "all")
        return usageError(kErrorsCommand, "--split: expected validation, test, heldout or all, got '" + split + "'");
    if (args.has("fit-peer-from") && !args.has("fit")) return usageError(kErrorsCommand, "--fit-peer-from needs --fit");
    PeerRefit refit;
    refit.from = int(args.intValue("fit-peer-from", 0, 0, 4000));
    for (const std::string option : {"fit-peer-phase", "fit-peer-tilt-phase"}) {
        const auto phase = args.value(option);
        if (!phase) continue;
        if (option == "fit-peer-phase" && !args.has("fit-peer-from"))
            return usageError(kErrorsCommand, "--fit-peer-phase needs --fit-peer-from");
        if (!args.has("fit")) return usageError(kErrorsCommand, "--" + option + " needs --fit");
        auto& into = option == "fit-peer-phase" ? refit.phase : refit.tiltPhase;
        for (int f = 0; f < chess::kGamePhases; ++f)
            if (*phase == chess::gamePhaseName(chess::GamePhase(f))) into = chess::GamePhase(f);
        if (!into)
            return usageError(kErrorsCommand,
                              "--" + option + ": expected opening, middlegame or endgame, got '" + *phase + "'");
    }
    refit.factor = args.has("fit-peer-factor");
    if (refit.factor && !refit.phase) return usageError(kErrorsCommand, "--fit-peer-factor needs --fit-peer-phase");
    if (refit.tiltPhase && args.has("fit-peer-from"))
        return usageError(kErrorsCommand, "--fit-peer-tilt-phase keeps every scale: not with --fit-peer-from");
    evaluation::ErrorProfileOptions o;
    o.every = int(args.intValue("every", 8, 1, 1000));
    if (const auto denser = args.value("every-below")) {
        std::string error;
        o.denser = parseDenser(*denser, o.every, error);
        if (!error.empty()) return usageError(kErrorsCommand, error);
    }
    o.maxPerBand = int(args.intValue("max-per-band", 600, 0, 1LL << 30));
    o.maxPositions = int(args.intValue("max-positions", 0, 0, 1LL << 30));
    o.minMoverElo = int(args.intValue("min-elo", 0, 0, 4000));
    o.maxMoverElo = int(args.intValue("max-elo", 0, 0, 4000));
    if (o.maxMoverElo > 0 && o.maxMoverElo <= o.minMoverElo)
        return usageError(kErrorsCommand, "--max-elo " + std::to_string(o.maxMoverElo) +
                                              " leaves no rating: it must be above --min-elo " +
                                              std::to_string(o.minMoverElo));
    const int depth = int(args.intValue("depth", 8, 1, 60));
    const int engineProcesses = int(args.intValue("engines", evaluation::defaultEngineProcesses(), 1, 64));
    const play::MovePolicy policy = policyOf(args);
    jobs::setModelComputeThreads(int(args.intValue("threads", 1, 1, 256)));
    if (!args.ok()) return usageError(kErrorsCommand, args.error());
    if (const auto cache = args.value("cache")) {
        for (const auto& f : files)
            if (auto st = refuseToOverwriteInput(f, *cache); !st)
                return usageError(kErrorsCommand, "--cache: " + st.error().message);
        o.cachePath = *cache;
    }
    auto program = engines::locateStockfish(QString::fromStdString(args.value("engine").value_or("")));
    if (!program) return usageError(kErrorsCommand, program.error().message);
    o.cacheTag = "multipv-all depth " + std::to_string(depth);
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usageError(kErrorsCommand, evaluator.error().message);
    if (args.has("peer") && !args.has("fit"))  // --fit fits the scales for this model
        if (const QString caveat = jobs::peerBaselineCaveat(**evaluator); !caveat.isEmpty())
            std::fprintf(stderr, "kibitz-cli %s: %s\n", kErrorsCommand, caveat.toUtf8().constData());

    std::vector<chess::PgnGame> games;
    PgnInput input(kErrorsCommand, files, false);
    if (!input.openAll()) return kExitUsage;
    chess::PgnGame game;
    while (input.next(game))
        if (inSplit(game, split)) games.push_back(game);
    if (const int rc = input.finish(); rc != kExitOk) return rc;
    if (games.empty()) return usageError(kErrorsCommand, "no game of the " + split + " split in the input");

    evaluation::UciAnalyserOptions eo = evaluation::uciAnalyserOptions(*program, engines::SearchLimits::depth(depth));
    eo.freshSearch = true;  // each position's scores depend on it alone: the cache is reusable
    evaluation::UciAnalyser engine(eo);
    o.engines = engineProcesses;
    o.moreEngines = evaluation::uciAnalyserFactory(eo);
    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    ProgressLine line;
    auto positions = evaluation::collectErrorPositions(
        games, **evaluator, engine, o, cancel, [&line](std::int64_t done, std::int64_t total) {
            line.show(done == total, "kibitz-cli %s: %lld / %lld positions", kErrorsCommand,
                      static_cast<long long>(done), static_cast<long long>(total));
        });
    line.end();  // the last positions may be left out (an engine that did not list every move)
    if (!positions) {
        std::fprintf(stderr, "kibitz-cli %s: %s\n", kErrorsCommand, positions.error().message.c_str());
        return positions.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    const bool peer = args.has("peer");
    const auto profile = evaluation::profileErrors(
        *positions, peer ? evaluation::peerCandidates(policy) : evaluation::humanMoverCandidates(policy));
    std::vector<evaluation::StrengthKnot> knots;
    std::vector<evaluation::PhaseScaleFit> phaseScales;
    PeerFit peerFit;
    if (args.has("fit")) {
        knots = evaluation::fitStrength(*positions);
        phaseScales = evaluation::fitPhaseScales(*positions);
        peerFit = fitPeer(*positions, games, split, policy, refit);
    }
    const std::vector<evaluation::PeerScaleBand>& peerBands = peerFit.bands;
    if (args.has("json")) {
        QJsonObject out = errorsJson(profile, knots, phaseScales, peerBands, peerFit.tiltScan);
        out.insert("model", QString::fromStdString((*evaluator)->describe()));
        out.insert("engine", engine.describe());
        out.insert("split", QString::fromStdString(split));
        out.insert("calibrated", policy.calibrated);
        out.insert("scored", peer ? "peer" : "opponent");
        std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    std::printf("%s; %s; %s split, %s\n", (*evaluator)->describe().c_str(), engine.describe().toStdString().c_str(),
                split.c_str(),
                !policy.calibrated ? "raw distribution"
                : peer             ? "the profile's peer (rating-shaped, calibrated by phase)"
                                   : "rating-shaped");
    std::printf(
        "band       positions  mean Elo  human loss blunders  model loss blunders  ratio (90%% of resampled games)\n");
    for (std::size_t b = 0; b < profile.byBand.size(); ++b)
        printCell(evaluation::strengthBandName(int(b)), profile.byBand[b]);
    printCell("all", profile.all);
    printSpeedAndPhaseCells(profile);
    if (!knots.empty()) {
        std::printf("strength fit (the model's expected loss and blunder share nearest the humans'):\n");
        for (const auto& k : knots)
            std::printf(
                "  %-10s mean Elo %5.0f  %5lld positions  T %.3f tilt %4.0f  loss %.4f / %.4f  blunders "
                "%.3f / %.3f\n",
                evaluation::strengthBandName(k.band).c_str(), k.meanElo, static_cast<long long>(k.positions),
                k.strength.temperature, k.strength.tilt, k.humanLoss, k.modelLoss, k.humanBlunders, k.modelBlunders);
        std::printf("temperature scale by phase (on the rule as it plays now; 1: it matches the humans there):\n");
        for (const auto& k : phaseScales)
            std::printf("  %-10s %-10s %5lld positions  scale %.2f  loss %.4f / %.4f  blunders %.3f / %.3f\n",
                        evaluation::strengthBandName(k.band).c_str(), chess::gamePhaseName(k.phase),
                        static_cast<long long>(k.positions), k.scale, k.humanLoss, k.modelLoss, k.humanBlunders,
                        k.modelBlunders);
        printPeerFit(peerFit);
    }
    return kExitOk;
}

}  // namespace

int runEvalStrength(const std::vector<std::string>& argv) {
    if (argv.empty() || argv.front() == "--help" || argv.front() == "-h") {
        printStrengthHelp();
        return argv.empty() ? kExitUsage : kExitOk;
    }
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    Args args(rest, {"pgn",       "model",   "pairs",       "games",          "tc",
                     "max-plies", "seed",    "temperature", "top-p",          "threads",
                     "split",     "every",   "every-below", "max-per-band",   "max-positions",
                     "min-elo",   "max-elo", "engine",      "fit-peer-from",  "engines",
                     "depth",     "cache",   "save-games",  "fit-peer-phase", "fit-peer-tilt-phase"},
              {"json", "raw", "no-decisions", "fit", "peer", "fit-peer-factor"});
    if (args.has("help")) {
        printStrengthHelp();
        return kExitOk;
    }
    if (argv.front() == "ladder") return runLadder(args);
    if (argv.front() == "errors") return runErrors(args);
    return usageError("eval strength", "expected 'ladder' or 'errors', got '" + argv.front() + "'");
}

}  // namespace kibitz::cli
