// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/play_session.h"

#include "core/chess/bitboard.h"
#include "core/chess/notation.h"
#include "core/encoding/game_conditioning.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace kibitz::play {

std::string GameOutcome::result() const {
    switch (how) {
        case Termination::None:
        case Termination::Aborted: return "*";
        case Termination::Checkmate:
        case Termination::TimeForfeit:
        case Termination::Resignation: return winner == chess::White ? "1-0" : "0-1";
        default: return "1/2-1/2";
    }
}

bool hasMatingMaterial(const chess::Position& pos, chess::Color side) {
    using namespace chess;
    if (pos.pieces(side, Pawn) | pos.pieces(side, Rook) | pos.pieces(side, Queen)) return true;
    // Two minor pieces can mate (bishop pair, bishop and knight; even two knights with the opponent's help, which
    // is what "some series of legal moves" means). One minor piece alone cannot.
    return popcount(pos.pieces(side, Knight) | pos.pieces(side, Bishop)) >= 2;
}

PlaySession::PlaySession(SessionSetup setup, GameClock::Now now)
    : m_setup(std::move(setup)),
      m_position(m_setup.start),
      m_clock(m_setup.baseMs, m_setup.incrementMs, std::move(now)) {
    // A start position that is already decided (mate, stalemate) is a finished game.
    if (m_position.isCheckmate())
        finish(Termination::Checkmate, ~m_position.sideToMove());
    else if (m_position.isStalemate())
        finish(Termination::Stalemate, std::nullopt);
    else if (m_position.isInsufficientMaterial())
        finish(Termination::InsufficientMaterial, std::nullopt);
}

void PlaySession::start() {
    if (m_started || isOver()) return;
    m_started = true;
    if (timed()) m_clock.start(m_position.sideToMove());
}

encoding::RecentMoves PlaySession::recentMoves() const {
    const int first = std::max(0, ply() - encoding::kRecentPlies);
    chess::Position pos = m_setup.start;
    for (int i = 0; i < first; ++i) pos.makeMove(m_moves[std::size_t(i)]);
    encoding::RecentMoves recent;
    for (int i = first; i < ply(); ++i) {
        recent.push(pos, m_moves[std::size_t(i)]);
        pos.makeMove(m_moves[std::size_t(i)]);
    }
    return recent;
}

encoding::Conditioning PlaySession::moverConditioning() const {
    auto state = [&](chess::Color side) {
        const Player& p = side == chess::White ? m_setup.white : m_setup.black;
        if (!timed()) return encoding::playerStateFromMs(p.elo, std::nullopt, std::nullopt);
        return encoding::playerStateFromMs(p.elo, remainingMs(side), m_setup.incrementMs);
    };
    return encoding::moverConditioning(m_position.sideToMove(), state(chess::White), state(chess::Black));
}

std::int64_t PlaySession::remainingMs(chess::Color side) const { return timed() ? m_clock.remainingMs(side) : 0; }

Status PlaySession::play(chess::Move move) {
    if (isOver()) return makeError(ErrorCode::InvalidInput, "the game is over");
    if (!m_position.isLegal(move))
        return makeError(ErrorCode::InvalidInput, "illegal move " + chess::toUci(move) + " in " + m_position.fen());
    if (checkTime()) return makeError(ErrorCode::InvalidInput, "the flag fell before the move");
    if (!m_started) start();

    const chess::Color mover = m_position.sideToMove();
    int clockS = -1;
    if (timed()) {
        const std::int64_t left = m_clock.punch();
        clockS = int(std::max<std::int64_t>(0, left) / 1000);  // [%clk] rounds down, like Lichess
    }
    m_san.push_back(chess::toSan(m_position, move));
    m_position.makeMove(move);
    m_moves.push_back(move);
    m_clockAfterS.push_back(clockS);
    // Moving declines the opponent's standing offer; one's own offer stands while the opponent thinks.
    if (m_drawOffer && *m_drawOffer != mover) m_drawOffer.reset();

    if (m_position.isCheckmate())
        finish(Termination::Checkmate, mover);
    else if (m_position.isStalemate())
        finish(Termination::Stalemate, std::nullopt);
    else if (m_position.isInsufficientMaterial())
        finish(Termination::InsufficientMaterial, std::nullopt);
    else if (m_position.isRepetition(3))
        finish(Termination::ThreefoldRepetition, std::nullopt);
    else if (m_position.isFiftyMoveDraw())
        finish(Termination::FiftyMoves, std::nullopt);
    return Status::success();
}

bool PlaySession::checkTime() {
    if (isOver()) return true;
    if (!timed() || !m_started) return false;
    const chess::Color side = m_position.sideToMove();
    if (!m_clock.flagged(side)) return false;
    endOnTime(side);
    return true;
}

void PlaySession::endOnTime(chess::Color flagged) {
    if (hasMatingMaterial(m_position, ~flagged))
        finish(Termination::TimeForfeit, ~flagged);
    else
        finish(Termination::TimeoutVsInsufficient, std::nullopt);
}

void PlaySession::resign(chess::Color side) {
    if (isOver()) return;
    finish(Termination::Resignation, ~side);
}

void PlaySession::offerDraw(chess::Color side) {
    if (isOver()) return;
    m_drawOffer = side;
}

Status PlaySession::acceptDraw(chess::Color side) {
    if (isOver()) return makeError(ErrorCode::InvalidInput, "the game is over");
    if (!m_drawOffer || *m_drawOffer == side)
        return makeError(ErrorCode::InvalidInput, "there is no draw offer to accept");
    finish(Termination::Agreement, std::nullopt);
    return Status::success();
}

void PlaySession::declineDraw(chess::Color side) {
    if (m_drawOffer && *m_drawOffer != side) m_drawOffer.reset();
}

void PlaySession::abort() {
    if (isOver()) return;
    finish(Termination::Aborted, std::nullopt);
}

void PlaySession::finish(Termination how, std::optional<chess::Color> winner) {
    m_clock.stop();
    m_drawOffer.reset();
    m_outcome.how = how;
    m_outcome.winner = winner;
}

chess::PgnGame PlaySession::toPgn(const std::string& date) const {
    chess::PgnGame game;
    std::string day = date;
    if (day.empty()) {
        const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
        std::tm utc{};
        gmtime_r(&t, &utc);
        char buf[48];
        std::snprintf(buf, sizeof buf, "%04d.%02d.%02d", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday);
        day = buf;
    }
    std::string timeControl = "-";
    if (timed()) timeControl = std::to_string(m_setup.baseMs / 1000) + "+" + std::to_string(m_setup.incrementMs / 1000);
    std::string termination = "Normal";
    if (m_outcome.how == Termination::TimeForfeit || m_outcome.how == Termination::TimeoutVsInsufficient)
        termination = "Time forfeit";
    else if (m_outcome.how == Termination::Aborted)
        termination = "Abandoned";
    else if (m_outcome.how == Termination::None)
        termination = "Unterminated";
    game.result = m_outcome.result();
    game.tags = {{"Event", m_setup.event},
                 {"Site", "Kibitz"},
                 {"Date", day},
                 {"Round", "-"},
                 {"White", m_setup.white.name},
                 {"Black", m_setup.black.name},
                 {"Result", game.result},
                 {"WhiteElo", std::to_string(m_setup.white.elo)},
                 {"BlackElo", std::to_string(m_setup.black.elo)},
                 {"TimeControl", timeControl},
                 {"Termination", termination}};
    game.startFen = m_setup.start.fen();
    if (game.startFen != chess::Position::kStartFen) {
        game.tags.emplace_back("SetUp", "1");
        game.tags.emplace_back("FEN", game.startFen);
    }
    for (std::size_t i = 0; i < m_moves.size(); ++i) {
        chess::PgnMove m;
        m.move = m_moves[i];
        m.san = m_san[i];
        m.clockSeconds = m_clockAfterS[i];
        game.moves.push_back(std::move(m));
    }
    return game;
}

}  // namespace kibitz::play
