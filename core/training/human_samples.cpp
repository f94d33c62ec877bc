// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/human_samples.h"
#include "core/chess/pgn_tags.h"

#include "core/chess/game_pack.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <optional>

namespace kibitz::training {

using encoding::EncodedPosition;

namespace {

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    std::uint64_t x = a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

namespace {

/// FNV-1a 64 of a string: the hold-out rule and the balance caps' per-game seed.
std::uint64_t hashKey(const std::string& s) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : s) {
        h ^= std::uint8_t(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace

bool isHeldOut(const std::string& gameId, int permille) {
    return int(hashKey("kibitz-holdout-v1:" + gameId) % 1000) < permille;
}

std::string SampleStats::summary() const {
    return "games " + std::to_string(gamesRead) + ", used " + std::to_string(gamesUsed) + ", other split " +
           std::to_string(gamesOtherSplit) + ", skipped: variant " + std::to_string(skippedVariant) + ", missing Elo " +
           std::to_string(skippedMissingElo) + ", odd start " + std::to_string(skippedOddStart) +
           ", impossible clocks " + std::to_string(skippedClocks) + ", malformed " + std::to_string(skippedMalformed) +
           "; positions " + std::to_string(positions) + " (with clock " + std::to_string(positionsWithClock) +
           ", forced moves left out " + std::to_string(positionsForced) +
           (positionsThinned > 0 ? ", thinned by the balance caps " + std::to_string(positionsThinned) : "") + ")";
}

std::string unusableReason(const chess::PgnGame& game, GameRatings ratings) {
    const std::string variant = game.tag("Variant");
    if (!variant.empty() && variant != "Standard" && variant != "standard") return "variant";
    if (!game.tag("FEN").empty() || game.tag("SetUp") == "1") return "odd start";
    if (ratings == GameRatings::Required &&
        (!chess::parseEloTag(game.tag("WhiteElo")) || !chess::parseEloTag(game.tag("BlackElo"))))
        return "missing Elo";
    if (!encoding::clockProblem(game).empty()) return "impossible clocks";
    return {};
}

std::string describeUnusable(const chess::PgnGame& game, GameRatings ratings) {
    const std::string why = unusableReason(game, ratings);
    if (why == "variant") return "the variant \"" + game.tag("Variant") + "\" is not standard chess";
    if (why == "odd start") return "it starts from a set-up position (FEN tag), not the standard start";
    if (why == "missing Elo") return "no WhiteElo and BlackElo ratings";
    if (why == "impossible clocks") return "impossible clocks: " + encoding::clockProblem(game);
    return why;
}

chess::PgnSkip unusableSkip(const std::string& file, const chess::PgnGame& game, GameRatings ratings) {
    return chess::PgnSkip{file, game.firstLine, describeUnusable(game, ratings)};
}

int whiteOutcome(const chess::PgnGame& game) {
    return game.result == "1-0" ? 0 : game.result == "0-1" ? 2 : game.result == "1/2-1/2" ? 1 : -1;
}

std::optional<int> annotatedEngineCp(const chess::PgnMove& move) {
    if (move.evalMate) return *move.evalMate > 0 ? encoding::kEngineCpLimit : -encoding::kEngineCpLimit;
    if (move.evalCp) return std::clamp(*move.evalCp, -encoding::kEngineCpLimit, encoding::kEngineCpLimit);
    return std::nullopt;
}

void gameToPositions(const chess::PgnGame& game, encoding::BoardView view, std::vector<EncodedPosition>& out,
                     SampleStats& stats, int version, const PositionKeep& keep, std::uint64_t keepSeed,
                     const PositionVisit& visit) {
    // The one conditioning rule (core/encoding/game_conditioning.h), as evaluation, review and the GUI use it.
    const std::vector<encoding::Conditioning> conds = encoding::plyConditionings(game);
    const std::vector<std::optional<int>> spent = encoding::plyThinkTimes(game);
    const int white = whiteOutcome(game);  // flipped for Black below
    chess::Position pos;
    encoding::RecentMoves recent;
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        const chess::PgnMove& pm = game.moves[ply];
        const chess::Color stm = pos.sideToMove();
        const chess::MoveList legal = pos.legalMoves();
        bool skip = false;
        if (keep) {
            const double u = double(mix(keepSeed, std::uint64_t(ply) + 1) >> 11) * 0x1.0p-53;
            skip = u >= keep(stm, int(ply));
        }
        if (legal.size() <= 1) {
            ++stats.positionsForced;
        } else if (skip) {
            ++stats.positionsThinned;
        } else {
            const encoding::Conditioning& c = conds[ply];
            out.emplace_back();
            if (encoding::encodePosition(pos, legal, c, view, pm.move, out.back(), version, &recent) &&
                out.back().target >= 0) {
                out.back().outcome = std::int8_t(white < 0 ? -1 : stm == chess::White ? white : 2 - white);
                if (spent[ply]) out.back().thinkTimeS = std::int16_t(std::min(*spent[ply], 32767));
                encoding::setRecentTimes(out.back(), encoding::recentTimesAt(spent, ply));
                // The evaluation written after the previous move is this position's.
                if (const auto cp = ply > 0 ? annotatedEngineCp(game.moves[ply - 1]) : std::nullopt)
                    out.back().engineCp = std::int16_t(stm == chess::White ? *cp : -*cp);
                ++stats.positions;
                if (c.moverClockS) ++stats.positionsWithClock;
                if (visit) visit(pos, recent, pm.move);
            } else {
                out.pop_back();
            }
        }
        if (version >= 2 || visit) recent.push(pos, pm.move);
        pos.makeMove(pm.move);
    }
}

SampleStreamOptions evaluationStreamOptions(const std::vector<std::string>& files, encoding::BoardView view,
                                            int encodingVersion, bool heldOutOnly, int holdoutPermille,
                                            std::int64_t maxGames, std::int64_t skipGames, const std::string& moverName,
                                            chess::GameSkipHook onSkip) {
    SampleStreamOptions so;
    so.moverName = moverName;
    so.onSkip = std::move(onSkip);
    so.files = files;
    so.view = view;
    so.encodingVersion = encodingVersion;
    so.split = heldOutOnly ? Split::Validation : Split::All;
    so.holdoutPermille = holdoutPermille;
    so.chunkGames = maxGames > 0 ? int(std::min<std::int64_t>(200, maxGames)) : 200;
    if (skipGames > 0) so.chunkGames = int(std::gcd<std::int64_t>(so.chunkGames, skipGames));
    so.shuffle = false;
    so.withoutHeldOutHint = "score every game (--all-games)";
    return so;
}

bool samePlayerName(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string gameId(const chess::PgnGame& game) {
    std::string id = game.tag("Site");
    if (id.empty() || id == "?")
        id = game.tag("White") + "|" + game.tag("Black") + "|" + game.tag("UTCDate") + "|" + game.tag("UTCTime") + "|" +
             game.tag("Date");
    return id;
}

namespace {

std::string gameKey(const chess::PgnGame& game) { return gameId(game); }

int ratingBand(int elo) { return elo < 0 ? -1 : elo / 200; }

/// "no usable games" with what became of the games that were read, so a user with a handful of games learns that
/// the hold-out split took them.
Error noUsableGames(const SampleStats& s, Split split, int permille, const std::string& withoutHeldOutHint) {
    std::string msg = "no usable games for the ";
    msg += split == Split::Validation ? "validation" : split == Split::Train ? "training" : "";
    msg += split == Split::All ? "given PGN files" : " split in the given PGN files";
    msg += " (" + std::to_string(s.gamesRead) + " games read";
    if (s.gamesOtherSplit > 0)
        msg += ", " + std::to_string(s.gamesOtherSplit) + " of them in the " +
               (split == Split::Validation ? "training" : "validation") + " split by the " + std::to_string(permille) +
               " per mille hold-out rule on the Site tag's hash";
    const std::int64_t skipped =
        s.skippedVariant + s.skippedMissingElo + s.skippedOddStart + s.skippedClocks + s.skippedMalformed;
    if (skipped > 0)
        msg += ", " + std::to_string(skipped) + " unusable: variant " + std::to_string(s.skippedVariant) +
               ", missing Elo " + std::to_string(s.skippedMissingElo) + ", set-up start " +
               std::to_string(s.skippedOddStart) + ", impossible clocks " + std::to_string(s.skippedClocks) +
               ", malformed " + std::to_string(s.skippedMalformed);
    msg += ")";
    if (s.gamesOtherSplit > 0)
        msg += split == Split::Validation
                   ? "; give it more games (about 1 in " + std::to_string(1000 / std::max(1, permille)) +
                         " is held out) or " + withoutHeldOutHint
                   : "; give it more games";
    return makeError(ErrorCode::InvalidInput, msg);
}

}  // namespace

HumanSampleStream::HumanSampleStream(SampleStreamOptions options) : m_opt(std::move(options)) {}

Status HumanSampleStream::scanBalance() {
    std::map<int, double> perBand;
    std::unordered_map<std::string, double> perPlayer;
    double total = 0;
    SampleStats seen;
    for (const auto& f : m_opt.files) {
        auto r = chess::GameReader::open(f);
        if (!r.ok()) return r.error();
        r.value()->setOnSkip(m_opt.onSkip);
        chess::PgnGame game;
        while (r.value()->next(game)) {
            ++seen.gamesRead;
            const std::string why = unusableReason(game);
            if (!why.empty()) {
                if (m_opt.onSkip) m_opt.onSkip(r.value()->gameNumber(), unusableSkip(f, game));
                ++(why == "variant"             ? seen.skippedVariant
                   : why == "odd start"         ? seen.skippedOddStart
                   : why == "impossible clocks" ? seen.skippedClocks
                                                : seen.skippedMissingElo);
                continue;
            }
            if (m_opt.split != Split::All &&
                isHeldOut(gameKey(game), m_opt.holdoutPermille) != (m_opt.split == Split::Validation)) {
                ++seen.gamesOtherSplit;
                continue;
            }
            const int n = int(game.moves.size());
            const double plies[2] = {double((n + 1) / 2), double(n / 2)};
            const char* nameTag[2] = {"White", "Black"};
            const char* eloTag[2] = {"WhiteElo", "BlackElo"};
            for (int c = 0; c < 2; ++c) {
                perBand[ratingBand(chess::parseEloTag(game.tag(eloTag[c])).value_or(-1))] += plies[c];
                perPlayer[game.tag(nameTag[c])] += plies[c];
                total += plies[c];
            }
        }
        seen.skippedMalformed += r.value()->skippedCount();
        if (!r.value()->ioError().empty()) return makeError(ErrorCode::Io, r.value()->ioError());
    }
    if (total <= 0) return noUsableGames(seen, m_opt.split, m_opt.holdoutPermille, m_opt.withoutHeldOutHint);
    double kept = 0;
    int cappedBands = 0, cappedPlayers = 0;
    for (auto& [band, n] : perBand) {
        const double share = n / total;
        double k = 1.0;
        if (m_opt.balance.maxRatingBandShare > 0 && share > m_opt.balance.maxRatingBandShare) {
            k = m_opt.balance.maxRatingBandShare / share;
            ++cappedBands;
        }
        m_bandKeep[band] = k;
    }
    for (auto& [player, n] : perPlayer) {
        const double share = n / total;
        if (m_opt.balance.maxPlayerShare > 0 && share > m_opt.balance.maxPlayerShare && !player.empty() &&
            player != "?") {
            m_playerKeep[player] = m_opt.balance.maxPlayerShare / share;
            ++cappedPlayers;
        }
    }
    // Expected kept positions (band and player caps multiply).
    for (auto& [band, n] : perBand) kept += n * m_bandKeep[band];
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "balance: rating-band cap %.3f (%d bands thinned), player cap %.3f (%d players thinned); the band "
                  "caps keep %.1f%% of %.0f positions",
                  m_opt.balance.maxRatingBandShare, cappedBands, m_opt.balance.maxPlayerShare, cappedPlayers,
                  100.0 * kept / total, total);
    m_balanceSummary = buf;
    return {};
}

double HumanSampleStream::keepProbability(const std::string& player, int elo) const {
    double k = 1.0;
    if (auto it = m_bandKeep.find(ratingBand(elo)); it != m_bandKeep.end()) k *= it->second;
    if (auto it = m_playerKeep.find(player); it != m_playerKeep.end()) k *= it->second;
    return k;
}

Result<std::unique_ptr<HumanSampleStream>> HumanSampleStream::open(const SampleStreamOptions& options) {
    if (options.files.empty()) return makeError(ErrorCode::InvalidInput, "no PGN files given");
    for (const auto& f : options.files) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(f, ec)) return makeError(ErrorCode::Io, f + ": no such file");
    }
    std::unique_ptr<HumanSampleStream> s(new HumanSampleStream(options));
    if (options.balance.active())
        if (auto st = s->scanBalance(); !st.ok()) return st.error();
    if (auto st = s->startEpoch(0); !st.ok()) return st.error();
    return s;
}

Status HumanSampleStream::startEpoch(std::int64_t epoch) {
    m_readers.clear();
    m_weights.clear();
    m_malformedSeen.clear();
    for (const auto& f : m_opt.files) {
        // A game pack's sections are the PGN files it was made of: each is its own source, weighed by the size
        // that file had, so a pack streams exactly as its files would.
        if (chess::isGamePackPath(f)) {
            auto sections = chess::GamePackReader::sections(f);
            if (!sections.ok()) return sections.error();
            for (const auto& section : sections.value()) {
                auto r = chess::GameReader::open(f, section);
                if (!r.ok()) return r.error();
                r.value()->setOnSkip(m_opt.onSkip);
                m_readers.push_back(std::move(r.value()));
                m_weights.push_back(double(std::max<std::uint64_t>(1, section.sourceBytes)));
                m_malformedSeen.push_back(0);
            }
            if (!sections.value().empty()) continue;
        }
        auto r = chess::GameReader::open(f);
        if (!r.ok()) return r.error();
        r.value()->setOnSkip(m_opt.onSkip);
        m_readers.push_back(std::move(r.value()));
        std::error_code ec;
        m_weights.push_back(double(std::max<std::uintmax_t>(1, std::filesystem::file_size(f, ec))));
        m_malformedSeen.push_back(0);
    }
    m_pick.seed(mix(m_opt.seed, std::uint64_t(epoch) + 1));
    m_epoch = epoch;
    m_chunk = 0;
    return {};
}

Result<bool> HumanSampleStream::nextGame(chess::PgnGame& game) {
    for (;;) {
        double total = 0;
        for (double w : m_weights) total += w;
        if (total <= 0) return false;
        // Pick a file with probability proportional to its size; exhausted files have weight 0.
        double u = std::uniform_real_distribution<double>(0.0, total)(m_pick);
        std::size_t i = 0;
        while (i + 1 < m_weights.size() && (m_weights[i] <= 0 || u >= m_weights[i])) {
            if (m_weights[i] > 0) u -= m_weights[i];
            ++i;
        }
        auto& reader = *m_readers[i];
        const bool got = reader.next(game);
        m_stats.skippedMalformed += reader.skippedCount() - m_malformedSeen[i];
        m_malformedSeen[i] = reader.skippedCount();
        if (!got) {
            if (!reader.ioError().empty()) return makeError(ErrorCode::Io, reader.ioError());
            m_weights[i] = 0;
            continue;
        }
        ++m_stats.gamesRead;
        const std::string why = unusableReason(game);
        if (!why.empty() && m_opt.onSkip) m_opt.onSkip(reader.gameNumber(), unusableSkip(reader.path(), game));
        if (why == "variant") {
            ++m_stats.skippedVariant;
            continue;
        }
        if (why == "odd start") {
            ++m_stats.skippedOddStart;
            continue;
        }
        if (why == "missing Elo") {
            ++m_stats.skippedMissingElo;
            continue;
        }
        if (why == "impossible clocks") {
            ++m_stats.skippedClocks;
            continue;
        }
        const std::string id = gameKey(game);
        if (m_opt.split != Split::All) {
            const bool held = isHeldOut(id, m_opt.holdoutPermille);
            if (held != (m_opt.split == Split::Validation)) {
                ++m_stats.gamesOtherSplit;
                continue;
            }
        }
        ++m_stats.gamesUsed;
        return true;
    }
}

Status HumanSampleStream::nextChunk(std::vector<EncodedPosition>& chunk) { return fillChunk(chunk, nullptr); }

Status HumanSampleStream::nextChunk(std::vector<EncodedPosition>& chunk, std::vector<PositionContext>& contexts) {
    contexts.clear();
    return fillChunk(chunk, &contexts);
}

Status HumanSampleStream::fillChunk(std::vector<EncodedPosition>& chunk, std::vector<PositionContext>* contexts) {
    chunk.clear();
    PositionVisit visit;
    if (contexts != nullptr)
        visit = [contexts](const chess::Position& pos, const encoding::RecentMoves& recent, chess::Move played) {
            contexts->push_back(PositionContext{pos, recent, played});
        };
    chess::PgnGame game;
    bool restarted = false;
    SampleStats firstPass;
    int games = 0;
    while (games < m_opt.chunkGames) {
        auto r = nextGame(game);
        if (!r.ok()) return r.error();
        if (!r.value()) {
            if (games > 0) break;  // the epoch's last, partial chunk
            if (restarted)
                return noUsableGames(firstPass, m_opt.split, m_opt.holdoutPermille, m_opt.withoutHeldOutHint);
            firstPass = m_stats;  // what one whole pass over the files found (the message counts that, not two)
            if (auto st = startEpoch(m_epoch + 1); !st.ok()) return st;
            restarted = true;
            continue;
        }
        if (m_opt.openingPlies > 0 && game.moves.size() > std::size_t(m_opt.openingPlies))
            game.moves.resize(std::size_t(m_opt.openingPlies));  // the result and the early clocks stay as they were
        const std::string player[2] = {game.tag("White"), game.tag("Black")};
        // One player's moves only: a game without them is passed over, the opponent's moves are left out.
        double only[2] = {1.0, 1.0};
        if (!m_opt.moverName.empty()) {
            for (int c = 0; c < 2; ++c) only[c] = samePlayerName(player[c], m_opt.moverName) ? 1.0 : 0.0;
            if (only[0] == 0.0 && only[1] == 0.0) continue;
        }
        if (m_opt.balance.active() || !m_opt.moverName.empty()) {
            const int elo[2] = {chess::parseEloTag(game.tag("WhiteElo")).value_or(-1),
                                chess::parseEloTag(game.tag("BlackElo")).value_or(-1)};
            const bool balance = m_opt.balance.active();
            const double keep[2] = {only[0] * (balance ? keepProbability(player[0], elo[0]) : 1.0),
                                    only[1] * (balance ? keepProbability(player[1], elo[1]) : 1.0)};
            gameToPositions(
                game, m_opt.view, chunk, m_stats, m_opt.encodingVersion,
                [&keep](chess::Color mover, int) { return keep[mover]; },
                mix(m_opt.seed ^ 0xba1a9ceULL, hashKey(gameKey(game))), visit);
        } else {
            gameToPositions(game, m_opt.view, chunk, m_stats, m_opt.encodingVersion, {}, 0, visit);
        }
        ++games;
    }
    // Each position keeps the index of its board, whatever order the shuffle gives (the shuffle reads only numPieces,
    // so the order is the same with or without boards).
    if (contexts != nullptr)
        for (std::size_t i = 0; i < chunk.size(); ++i) chunk[i].context = std::uint32_t(i);
    if (m_opt.shuffle) {
        std::mt19937_64 rng(mix(mix(m_opt.seed, std::uint64_t(m_epoch) + 0x51), std::uint64_t(m_chunk)));
        std::shuffle(chunk.begin(), chunk.end(), rng);
        if (m_opt.bucketBatch > 0) {
            constexpr std::size_t kGroupBatches = 16;
            const std::size_t batch = std::size_t(m_opt.bucketBatch);
            const std::size_t group = batch * kGroupBatches;
            std::vector<EncodedPosition> tmp;
            for (std::size_t g = 0; g + group <= chunk.size(); g += group) {
                auto first = chunk.begin() + std::ptrdiff_t(g);
                std::stable_sort(
                    first, first + std::ptrdiff_t(group),
                    [](const EncodedPosition& a, const EncodedPosition& b) { return a.numPieces < b.numPieces; });
                std::array<std::size_t, kGroupBatches> order;
                for (std::size_t i = 0; i < kGroupBatches; ++i) order[i] = i;
                std::shuffle(order.begin(), order.end(), rng);
                tmp.assign(first, first + std::ptrdiff_t(group));
                for (std::size_t i = 0; i < kGroupBatches; ++i)
                    std::copy_n(tmp.begin() + std::ptrdiff_t(order[i] * batch), batch,
                                first + std::ptrdiff_t(i * batch));
            }
        }
    }
    ++m_chunk;
    return {};
}

Status HumanSampleStream::seek(std::int64_t epoch, std::int64_t chunkIndex) {
    if (auto st = startEpoch(epoch); !st.ok()) return st;
    chess::PgnGame game;
    for (std::int64_t c = 0; c < chunkIndex; ++c) {
        for (int g = 0; g < m_opt.chunkGames; ++g) {
            auto r = nextGame(game);
            if (!r.ok()) return r.error();
            // Only the epoch's last (partial) chunk was before this one: continue with the next epoch.
            if (!r.value()) return startEpoch(epoch + 1);
        }
    }
    m_chunk = chunkIndex;
    return {};
}

}  // namespace kibitz::training
