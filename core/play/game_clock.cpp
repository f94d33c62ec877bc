// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/play/game_clock.h"

#include <chrono>

namespace kibitz::play {

std::int64_t steadyNowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

GameClock::GameClock(std::int64_t baseMs, std::int64_t incrementMs, Now now)
    : m_now(std::move(now)), m_incrementMs(incrementMs), m_remaining{baseMs, baseMs} {}

void GameClock::start(chess::Color toMove) {
    if (m_running) stop();
    m_toMove = toMove;
    m_startedAt = m_now();
    m_running = true;
}

std::int64_t GameClock::punch() {
    const chess::Color mover = m_toMove;
    if (m_running) m_remaining[mover] -= m_now() - m_startedAt;
    if (m_remaining[mover] > 0) m_remaining[mover] += m_incrementMs;  // a fallen flag gets no increment
    const std::int64_t left = m_remaining[mover];
    m_toMove = ~mover;
    m_startedAt = m_now();
    m_running = true;
    return left;
}

void GameClock::stop() {
    if (!m_running) return;
    m_remaining[m_toMove] -= m_now() - m_startedAt;
    m_running = false;
}

std::int64_t GameClock::remainingMs(chess::Color side) const {
    if (m_running && side == m_toMove) return m_remaining[side] - (m_now() - m_startedAt);
    return m_remaining[side];
}

GameDecision GameDecisions::decide(const encoding::Wdl& own, int ply) {
    if (own.score() < m_policy.resignBelow)
        ++m_lowStreak;
    else
        m_lowStreak = 0;
    if (m_policy.allowResign && ply >= m_policy.resignMinPly && m_lowStreak >= m_policy.resignAfter)
        return GameDecision::Resign;
    if (m_policy.allowDrawOffers && ply >= m_policy.drawOfferMinPly && own.draw >= m_policy.drawOfferAtDraw)
        return GameDecision::OfferDraw;
    return GameDecision::Play;
}

bool GameDecisions::acceptsDraw(const encoding::Wdl& own, int ply) const {
    return ply >= m_policy.acceptDrawMinPly && own.score() < m_policy.acceptDrawBelow;
}

encoding::Conditioning decisionConditioning(const encoding::Conditioning& mover) {
    encoding::Conditioning c = mover;
    if (c.moverElo) c.oppElo = c.moverElo;
    return c;
}

}  // namespace kibitz::play
