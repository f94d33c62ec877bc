// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::lc0 {
struct Lc0Network;
}

namespace kibitz::models {

/// An lc0 network (Leela Chess Zero's format; the Maia-1 nets) as a human-move model: the 112-plane input from the
/// position and the 7 before it (taken back from the recorded moves), the SE residual tower, the convolution
/// policy (softmax over the legal moves) and the WDL value head. It reads no ratings or clocks: the conditioning is
/// ignored (a folder of rating-band nets, Lc0BandEvaluator, uses the mover's rating to pick the net).
/// Runs on CUDA when available, else CPU (torch stays out of this header). One thread at a time.
class Lc0Evaluator : public encoding::Evaluator {
public:
    ~Lc0Evaluator() override;
    /// Reads a `.pb.gz` file and runs it once on a few positions (probe()). Errors name the file and the field, or
    /// say that the network's outputs are not finite.
    static Result<std::unique_ptr<Lc0Evaluator>> load(const std::string& path);
    /// Runs the network on a few fixed positions; an error (naming the source) when any output is not finite, as a
    /// net whose weights are finite but extreme gives. evaluate() refuses such outputs on any position as well.
    Status probe();
    /// From a parsed network; `source` names it in describe() and errors.
    static std::unique_ptr<Lc0Evaluator> fromNetwork(const lc0::Lc0Network& net, const std::string& source);

    /// The WDL value head; no think-time head.
    encoding::Heads heads() const override { return {.value = true}; }
    std::string describe() const override;
    std::string conditioningNote(const encoding::Conditioning& cond) const override;

    /// Both heads in one pass: per position the legal moves' probabilities (sorted, decreasing) and the WDL.
    struct Output {
        std::vector<std::vector<encoding::MoveProb>> moves;
        std::vector<encoding::Wdl> wdl;
    };
    Result<Output> evaluate(const std::vector<chess::Position>& positions,
                            const std::vector<encoding::RecentMoves>& recent);
    const std::string& source() const;
    long long parameters() const;
    /// "6 x 64 SE" style shape, for model cards.
    std::string shape() const;

protected:
    /// Both heads in one pass (evaluate()), whichever `what` asks for.
    Result<std::vector<encoding::PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                             const std::vector<encoding::Conditioning>& conds,
                                                             const std::vector<encoding::RecentMoves>& recent,
                                                             const std::vector<encoding::RecentTimes>& times,
                                                             const std::vector<chess::Move>& played,
                                                             const encoding::Reads& what) override;

private:
    Lc0Evaluator();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// A folder of lc0 nets, one per rating band (maia-1100.pb.gz ... maia-1900.pb.gz: a net named NAME-NNNN.pb.gz
/// was trained on players rated NNNN to NNNN + 99), as one human-move model that reads the mover's rating: a
/// rating at a band's centre (NNNN + 50) uses that net, one between two centres blends the two nets' probabilities
/// (and WDL) linearly, one below the lowest or above the highest centre uses the nearest net alone, and an unknown
/// rating uses the middle band (with the default kernel; a wider one mixes more neighbours: setBandKernel). Clocks
/// and the opponent's rating are ignored.
class Lc0BandEvaluator : public encoding::Evaluator {
public:
    ~Lc0BandEvaluator() override;
    /// Loads every NAME-NNNN.pb.gz of `folder`. Errors: no such folder, no net in it, two nets for one band, or a
    /// net that does not load (named).
    static Result<std::unique_ptr<Lc0BandEvaluator>> loadFolder(const std::string& folder);
    /// From loaded nets and their band ratings (ascending, distinct); for tests.
    static std::unique_ptr<Lc0BandEvaluator> fromNets(std::vector<std::pair<int, std::unique_ptr<Lc0Evaluator>>> nets,
                                                      const std::string& source);

    /// The nets a rating uses: (index into bands(), weight) pairs, weights summing to 1. With the default kernel,
    /// the two nets whose centres enclose the rating, blended linearly (the nearest alone beyond the outer centres);
    /// with a wider one each net weighs 1 - |rating - its band centre| / bandKernel() (at least 0), a rating beyond
    /// the outer centres counting as that centre. An unknown rating uses the middle band alone.
    std::vector<std::pair<int, float>> blendFor(std::optional<int> moverElo) const;
    /// The kernel's half-width in rating points: 100 (the bands' spacing, the default) blends the two nearest nets
    /// linearly between their centres, as the nets are published; wider kernels average more neighbouring nets
    /// (200: three or four), an ensemble that the default human-move model's blend uses. Clamped to 100-400.
    void setBandKernel(int points);
    int bandKernel() const;
    /// One line for the user: which net(s) a rating uses, and whether it lies outside the nets' range.
    std::string bandNote(std::optional<int> moverElo) const;
    std::vector<int> bands() const;

    /// The WDL value head; no think-time head.
    encoding::Heads heads() const override { return {.value = true}; }
    std::string describe() const override;
    std::string conditioningNote(const encoding::Conditioning& cond) const override;
    /// Both heads, each position with the blend of its mover's rating.
    Result<Lc0Evaluator::Output> evaluate(const std::vector<chess::Position>& positions,
                                          const std::vector<encoding::Conditioning>& conds,
                                          const std::vector<encoding::RecentMoves>& recent);

protected:
    /// Both heads in one pass (evaluate(): each position with the blend of its mover's rating), whichever `what` asks
    /// for.
    Result<std::vector<encoding::PositionReading>> readBatch(const std::vector<chess::Position>& positions,
                                                             const std::vector<encoding::Conditioning>& conds,
                                                             const std::vector<encoding::RecentMoves>& recent,
                                                             const std::vector<encoding::RecentTimes>& times,
                                                             const std::vector<chess::Move>& played,
                                                             const encoding::Reads& what) override;

private:
    Lc0BandEvaluator() = default;
    std::string m_source;
    std::vector<int> m_bands;
    std::vector<std::unique_ptr<Lc0Evaluator>> m_nets;
    int m_kernel = 100;
};

/// The widest band kernel Lc0BandEvaluator::setBandKernel accepts.
inline constexpr int kMaxBandKernel = 400;

/// The band rating of an lc0 net file named NAME-NNNN.pb.gz (maia-1500.pb.gz: 1500), nothing for other names.
std::optional<int> lc0BandOfFileName(const std::string& fileName);
/// Source and licence of a known published net family, by file name (the Maia-1 nets: CSSLab/maia-chess,
/// GPL-3.0), else a line saying that the licence is the net's publisher's.
std::string lc0NetProvenance(const std::string& fileName);

}  // namespace kibitz::models
