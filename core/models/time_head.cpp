// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/time_head.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kibitz::models {

torch::Tensor policySummary(const torch::Tensor& logits, std::span<const encoding::EncodedPosition* const> items) {
    auto logp = torch::log_softmax(logits.to(torch::kCPU, torch::kFloat32), -1);
    auto p = logp.exp();
    // Padded entries have p == 0 and a huge negative log p: their product is 0 only if the log is finite.
    auto entropy = -(p * logp.clamp_min(-100.0)).sum(-1);
    auto top1 = std::get<0>(p.max(-1));
    const auto b = logits.size(0);
    auto target = torch::zeros({b}, torch::kInt64);
    auto known = torch::zeros({b}, torch::kBool);
    std::int64_t* tp = target.data_ptr<std::int64_t>();
    bool* kp = known.data_ptr<bool>();
    for (std::int64_t i = 0; i < b && std::size_t(i) < items.size(); ++i) {
        const int t = items[std::size_t(i)]->target;
        if (t >= 0 && t < logits.size(1)) {
            tp[i] = t;
            kp[i] = true;
        }
    }
    auto played = logp.gather(-1, target.unsqueeze(-1)).squeeze(-1);
    // Its rank: how many moves the policy likes more (padded entries never count).
    auto rank = (logp > played.unsqueeze(-1)).sum(-1).to(torch::kFloat32);
    played = torch::where(known, played, torch::zeros_like(played));
    rank = torch::where(known, rank, torch::full_like(rank, -1.0));
    return torch::stack({entropy, top1, played, rank}, -1).contiguous();
}

void setMoveScalars(float* row, const encoding::EncodedPosition& e, int index, float logP, int rank) {
    float* s = row + kTimeMoveFirst;
    std::fill(s, row + kTimeScalars, 0.0f);
    if (index < 0 || index >= e.numLegal) return;
    std::array<float, kMoveFeatureInputs> m{};  // the move model's reading of the movefeat bits
    writeMoveFeatures(e.moveFeatures[std::size_t(index)], m.data());
    s[0] = 1.0f;
    s[1] = std::max(logP, -20.0f) / 10.0f;
    s[2] = std::exp(logP);
    s[3] = rank == 0 ? 1.0f : 0.0f;
    s[4] = float(std::log1p(double(std::max(0, rank))) / 3.0);
    s[5] = m[0];                                             // check
    s[6] = m[1];                                             // mate
    s[7] = *std::max_element(m.begin() + 2, m.begin() + 7);  // captures anything
    s[8] = m[14];                                            // recapture
    s[9] = m[10];                                            // static exchange gains
    s[10] = m[11];                                           // ... loses
    s[11] = m[7];                                            // castling
    s[12] = m[8];                                            // destination attacked
    s[13] = m[12];                                           // the piece stood attacked
    s[14] = encoding::legalPromotion(e.legal[std::size_t(index)]) != 0 ? 1.0f : 0.0f;
    std::copy(m.begin() + 15, m.end(), s + 15);  // the piece moved, P..K (none in encoding v1)
}

void hideMoveScalars(torch::Tensor& scalars) {
    scalars.narrow(-1, kTimeMoveFirst, kTimeScalars - kTimeMoveFirst).zero_();
}

torch::Tensor timeScalarsPerMove(const encoding::EncodedPosition& e, const torch::Tensor& logitsRow,
                                 const torch::Tensor& scalarsRow) {
    const int n = e.numLegal;
    auto logp = torch::log_softmax(logitsRow.to(torch::kCPU, torch::kFloat32).narrow(0, 0, n), -1).contiguous();
    const float* lp = logp.data_ptr<float>();
    auto out = scalarsRow.to(torch::kCPU, torch::kFloat32).reshape({1, kTimeScalars}).repeat({n, 1}).contiguous();
    float* o = out.data_ptr<float>();
    for (int j = 0; j < n; ++j) {
        int rank = 0;
        for (int k = 0; k < n; ++k) rank += lp[k] > lp[j] ? 1 : 0;
        setMoveScalars(o + std::int64_t(j) * kTimeScalars, e, j, lp[j], rank);
    }
    return out;
}

torch::Tensor timeScalars(std::span<const encoding::EncodedPosition* const> items, const torch::Tensor& policy) {
    const auto b = std::int64_t(items.size());
    auto out = torch::zeros({b, kTimeScalars}, torch::kFloat32);
    float* o = out.data_ptr<float>();
    torch::Tensor pol;
    if (policy.defined()) pol = policy.to(torch::kCPU, torch::kFloat32).contiguous();
    const float* ps = pol.defined() ? pol.data_ptr<float>() : nullptr;
    for (std::int64_t i = 0; i < b; ++i) {
        const encoding::EncodedPosition& e = *items[std::size_t(i)];
        const encoding::Conditioning& c = e.cond;
        float* s = o + i * kTimeScalars;
        const double ply = e.ply;
        if (c.moverClockS) {
            s[0] = float(std::log1p(double(*c.moverClockS)) / 6.0);
            s[1] = 1.0f;
            s[10] = float(std::log1p(*c.moverClockS / std::max(10.0, 40.0 - ply / 2.0)) / 4.0);
        }
        if (c.oppClockS) {
            s[2] = float(std::log1p(double(*c.oppClockS)) / 6.0);
            s[3] = 1.0f;
        }
        if (c.incrementS) {
            s[4] = float(std::log1p(double(*c.incrementS)) / 3.0);
            s[5] = 1.0f;
        }
        s[6] = float(ply / 100.0);
        s[7] = float(std::min(ply, 20.0) / 20.0);
        if (c.moverElo) s[8] = float((*c.moverElo - 1500) / 500.0);
        if (c.oppElo) s[9] = float((*c.oppElo - 1500) / 500.0);
        if (c.moverClockS && c.oppClockS)
            s[11] = float(double(*c.moverClockS - *c.oppClockS) / double(*c.moverClockS + *c.oppClockS + 1));
        if (e.moverLastThinkS >= 0) {
            s[12] = float(std::log1p(double(e.moverLastThinkS)) / 4.0);
            s[13] = 1.0f;
        }
        if (e.oppLastThinkS >= 0) {
            s[14] = float(std::log1p(double(e.oppLastThinkS)) / 4.0);
            s[15] = 1.0f;
        }
        if (e.moverPaceDs >= 0) {
            s[19] = float(std::log1p(e.moverPaceDs / 10.0) / 4.0);
            s[20] = 1.0f;
        }
        if (e.oppPaceDs >= 0) {
            s[21] = float(std::log1p(e.oppPaceDs / 10.0) / 4.0);
            s[22] = 1.0f;
        }
        if (ps) {
            const float* p = ps + 4 * i;
            s[16] = float(std::log(double(std::max<int>(1, e.numLegal))) / 4.0);
            s[17] = p[0] / 3.0f;
            s[18] = p[1];
            if (p[3] >= 0) setMoveScalars(s, e, e.target, p[2], int(p[3]));
        }
    }
    return out;
}

torch::Tensor thinkTimeTargets(std::span<const encoding::EncodedPosition* const> items) {
    auto out = torch::empty({std::int64_t(items.size())}, torch::kFloat32);
    float* o = out.data_ptr<float>();
    for (std::size_t i = 0; i < items.size(); ++i)
        o[i] = items[i]->thinkTimeS < 0 ? -1.0f : float(std::log1p(double(items[i]->thinkTimeS)));
    return out;
}

int TimeHeadImpl::inputWidth(int dModel, bool withBoard, int scalars) {
    return withBoard ? 3 * dModel + kCondScalars + scalars : scalars;
}

std::optional<std::pair<bool, int>> TimeHeadImpl::kindOfWidth(int dModel, std::int64_t width) {
    for (const bool board : {true, false})
        for (const int scalars : {kTimeScalars, kTimeScalarsBeforeMove, kTimeScalarsBeforePace})
            if (width == inputWidth(dModel, board, scalars)) return std::pair{board, scalars};
    return std::nullopt;
}

namespace {
/// A head's hidden width as read from a file: kTimeHidden when it is out of the range any head has.
int hiddenOrDefault(std::int64_t hidden) {
    return hidden >= kTimeHiddenMin && hidden <= kTimeHiddenMax ? int(hidden) : kTimeHidden;
}
}  // namespace

TimeHead timeHeadForWidth(int dModel, std::int64_t width, std::int64_t hidden) {
    const auto kind = TimeHeadImpl::kindOfWidth(dModel, width);
    const int h = hiddenOrDefault(hidden);
    return kind ? TimeHead(dModel, kind->first, kind->second, h) : TimeHead(dModel, true, kTimeScalars, h);
}

TimeHeadImpl::TimeHeadImpl(int dModel, bool withBoard, int scalars, int hidden)
    : m_withBoard(withBoard), m_scalars(scalars), m_hidden(hidden) {
    m_in = register_module("hidden", torch::nn::Linear(inputWidth(dModel, withBoard, scalars), hidden));
    m_mid = register_module("mid", torch::nn::Linear(hidden, hidden));
    m_out = register_module("out", torch::nn::Linear(hidden, 2));
}

torch::Tensor TimeHeadImpl::forward(const torch::Tensor& features, const torch::Tensor& scalars) {
    torch::Tensor x = scalars.size(-1) == m_scalars ? scalars : scalars.narrow(-1, 0, m_scalars);
    if (m_withBoard) x = torch::cat({features.to(scalars.dtype()), x}, -1);
    auto y = m_out(torch::silu(m_mid(torch::silu(m_in(x)))));
    auto mu = y.select(-1, 0);
    auto logSigma = y.select(-1, 1).clamp(-3.0, 2.0);
    return torch::stack({mu, logSigma}, -1);
}

torch::Tensor timeLoss(const torch::Tensor& out, const torch::Tensor& targets) {
    auto mask = (targets >= 0).to(out.dtype());
    auto mu = out.select(-1, 0), logSigma = out.select(-1, 1);
    auto z = (targets - mu) * torch::exp(-logSigma);
    auto nll = (0.5 * z * z + logSigma) * mask;
    return nll.sum() / mask.sum().clamp_min(1.0);
}

torch::Tensor timeMedianLoss(const torch::Tensor& out, const torch::Tensor& targets) {
    auto mask = (targets >= 0).to(out.dtype());
    const auto n = mask.sum().clamp_min(1.0);
    auto absolute = ((targets - out.select(-1, 0)).abs() * mask).sum() / n;
    auto spread = timeLoss(torch::stack({out.select(-1, 0).detach(), out.select(-1, 1)}, -1), targets);
    return absolute + spread;
}

encoding::ThinkTime thinkTimeOf(const float* row) {
    encoding::ThinkTime t;
    t.mu = row[0];
    t.sigma = float(std::exp(double(row[1])));
    return t;
}

void saveTimeHead(TimeHead& head, torch::serialize::OutputArchive& archive) {
    torch::serialize::OutputArchive weights;
    head->save(weights);
    archive.write("time", weights);
    archive.write("time_board", c10::IValue(std::int64_t(head->withBoard() ? 1 : 0)));
    archive.write("time_scalars", c10::IValue(std::int64_t(head->scalarCount())));
    archive.write("time_hidden", c10::IValue(std::int64_t(head->hiddenWidth())));
}

TimeHead loadTimeHead(torch::serialize::InputArchive& archive, int dModel) {
    torch::serialize::InputArchive weights;
    if (!archive.try_read("time", weights)) return TimeHead(nullptr);
    c10::IValue board;
    const bool withBoard = !archive.try_read("time_board", board) || !board.isInt() || board.toInt() != 0;
    // A checkpoint without the count is from before the paces.
    c10::IValue count;
    int scalars = kTimeScalarsBeforePace;
    if (archive.try_read("time_scalars", count) && count.isInt() &&
        (count.toInt() == kTimeScalars || count.toInt() == kTimeScalarsBeforeMove))
        scalars = int(count.toInt());
    // A checkpoint without the width is from before it could be chosen.
    c10::IValue hidden;
    const int width =
        archive.try_read("time_hidden", hidden) && hidden.isInt() ? hiddenOrDefault(hidden.toInt()) : kTimeHidden;
    TimeHead head(dModel, withBoard, scalars, width);
    head->load(weights);
    return head;
}

}  // namespace kibitz::models
