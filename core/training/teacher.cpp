// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/teacher.h"

#include "core/models/lc0_evaluator.h"

#include <cmath>
#include <unordered_map>

namespace kibitz::training {

namespace {

std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

constexpr std::size_t kTeacherBatch = 256;

}  // namespace

Teacher::~Teacher() = default;

Result<std::unique_ptr<Teacher>> Teacher::open(const std::string& folder, double relabelShare, std::uint64_t seed) {
    if (!(relabelShare >= 0.0 && relabelShare <= 0.9))
        return makeError(ErrorCode::InvalidInput,
                         "teacher relabel share must be in [0, 0.9], not " + std::to_string(relabelShare));
    auto nets = models::Lc0BandEvaluator::loadFolder(folder);
    if (!nets) return nets.error();
    std::unique_ptr<Teacher> t(new Teacher());
    t->m_nets = std::move(nets.value());
    t->m_relabelShare = relabelShare;
    t->m_seed = seed;
    return t;
}

int Teacher::lowestRating() const { return m_nets->bands().front(); }
int Teacher::highestRating() const { return m_nets->bands().back() + 99; }

std::string Teacher::describe() const {
    char share[32];
    std::snprintf(share, sizeof share, "%.3g", m_relabelShare);
    return "teacher: " + m_nets->describe() + "; relabel share " + share;
}

Status Teacher::label(std::vector<encoding::EncodedPosition>& items, const std::vector<PositionContext>& boards) {
    if (boards.size() != items.size())
        return makeError(ErrorCode::Runtime, "teacher: " + std::to_string(boards.size()) + " boards for " +
                                                 std::to_string(items.size()) + " positions");
    const std::vector<int> bands = m_nets->bands();
    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < items.size(); ++i) {
        encoding::EncodedPosition& e = items[i];
        const std::uint64_t h = mix64(m_seed ^ mix64(boards[i].position.key() ^ (std::uint64_t(e.ply) << 48) ^
                                                     std::uint64_t(e.cond.moverElo.value_or(-1) + 4096)));
        const double u = double(h >> 11) * 0x1.0p-53;
        if (u < m_relabelShare) {
            const int band = bands[std::size_t(mix64(h) % bands.size())];
            e.cond.moverElo = band + 50;
            e.cond.oppElo = band + 50;
            e.target = -1;
            e.teacherKind = encoding::kTeacherOnly;
        } else if (e.cond.moverElo && *e.cond.moverElo >= lowestRating() && *e.cond.moverElo <= highestRating()) {
            e.teacherKind = encoding::kTeacherBeside;
        } else {
            e.teacherKind = encoding::kNoTeacher;
            continue;
        }
        todo.push_back(i);
    }
    for (std::size_t first = 0; first < todo.size(); first += kTeacherBatch) {
        const std::size_t end = std::min(todo.size(), first + kTeacherBatch);
        std::vector<chess::Position> positions;
        std::vector<encoding::RecentMoves> recent;
        std::vector<encoding::Conditioning> conds;
        for (std::size_t k = first; k < end; ++k) {
            positions.push_back(boards[todo[k]].position);
            recent.push_back(boards[todo[k]].recent);
            conds.push_back(items[todo[k]].cond);
        }
        auto out = m_nets->evaluate(positions, conds, recent);
        if (!out) return out.error();
        for (std::size_t k = first; k < end; ++k) {
            encoding::EncodedPosition& e = items[todo[k]];
            std::unordered_map<std::uint16_t, float> prob;
            for (const encoding::MoveProb& mp : out->moves[k - first]) prob[mp.move.raw()] = mp.prob;
            const chess::MoveList legal = positions[k - first].legalMoves();
            if (legal.size() != e.numLegal)
                return makeError(ErrorCode::Runtime, "teacher: the board of a position has " +
                                                         std::to_string(legal.size()) + " legal moves, its encoding " +
                                                         std::to_string(e.numLegal));
            for (int j = 0; j < legal.size(); ++j) {
                const auto it = prob.find(legal[j].raw());
                const float p = it == prob.end() ? 0.0f : it->second;
                e.teacher[std::size_t(j)] = std::uint16_t(std::lround(std::clamp(p, 0.0f, 1.0f) * 65535.0f));
            }
        }
    }
    return {};
}

}  // namespace kibitz::training
