// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting boosted regression trees by least absolute deviations (the puzzle engine stage's trees). The trees
// themselves, and how they predict and are stored, are core/models' (boosted_trees.h).
#include "core/training/puzzle_stage_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>

namespace kibitz::training {

using models::BoostedTrees;
using models::RegressionTree;
using models::TreeNode;

namespace {

/// Values are kept at float precision, so that the trees' "%.9g" text (BoostedTrees::toText) gives back exactly what
/// the fit used.
double toFloatPrecision(double v) { return double(float(v)); }

struct Split {
    double gain = 0.0;
    int feature = -1;
    int cut = -1;  ///< bins <= cut go left
};

/// A leaf while a tree grows: its samples and its best split.
struct GrowLeaf {
    int node = 0;
    std::vector<std::uint32_t> samples;
    Split best;
};

/// SplitMix64: a small generator whose sequence is fixed by its seed on every platform.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, bound) (bound >= 1), by rejection so that no value is favoured.
    std::uint64_t below(std::uint64_t bound) {
        const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % bound);
        std::uint64_t r;
        do r = next();
        while (r >= limit);
        return r % bound;
    }
};

double median(std::vector<double>& v) {
    if (v.empty()) return 0.0;
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const double hi = v[mid];
    if (v.size() % 2 == 1) return hi;
    const double lo = *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid));
    return 0.5 * (lo + hi);
}

/// The inputs, checked: InvalidInput naming the sample and input for a count or value out of place.
Status checkFitInputs(const std::vector<std::vector<float>>& inputs, std::span<const double> targets,
                      const BoostOptions& o) {
    const std::size_t n = inputs.size();
    if (n == 0 || targets.size() != n)
        return makeError(ErrorCode::InvalidInput, "boosted trees fit: " + std::to_string(n) + " input vectors and " +
                                                      std::to_string(targets.size()) + " targets");
    if (o.trees < 0 || o.maxLeaves < 2 || o.minLeafSamples < 1 || o.bins < 2 || o.bins > 256 ||
        !(o.learningRate > 0.0 && o.learningRate <= 1.0) || !(o.subsample > 0.0 && o.subsample <= 1.0))
        return makeError(ErrorCode::InvalidInput,
                         "boosted trees fit: options out of range (trees >= 0, leaves >= 2, min leaf >= 1, "
                         "bins 2..256, learning rate in (0, 1], subsample in (0, 1])");
    const std::size_t d = inputs.front().size();
    if (d == 0) return makeError(ErrorCode::InvalidInput, "boosted trees fit: no inputs");
    for (std::size_t i = 0; i < n; ++i) {
        if (inputs[i].size() != d)
            return makeError(ErrorCode::InvalidInput, "boosted trees fit: sample " + std::to_string(i + 1) + " has " +
                                                          std::to_string(inputs[i].size()) + " inputs, not " +
                                                          std::to_string(d));
        if (!std::isfinite(targets[i]))
            return makeError(ErrorCode::InvalidInput,
                             "boosted trees fit: sample " + std::to_string(i + 1) + ": target is not finite");
        for (std::size_t j = 0; j < d; ++j)
            if (!std::isfinite(inputs[i][j]))
                return makeError(ErrorCode::InvalidInput, "boosted trees fit: sample " + std::to_string(i + 1) +
                                                              ", input " + std::to_string(j + 1) + " is not finite");
    }
    return {};
}

/// The inputs as bins: per input the split thresholds (midpoints between neighbouring distinct values, at most
/// bins - 1 of them, placed at the quantiles when there are more distinct values) and each sample's bin.
struct BinnedInputs {
    std::size_t n = 0, d = 0;
    std::vector<std::vector<float>> cuts;  ///< per input, ascending
    std::vector<std::uint8_t> bin;         ///< sample i, input j at i * d + j: values <= cuts[j][b] are in bins <= b
    std::uint8_t at(std::size_t i, std::size_t j) const { return bin[i * d + j]; }
};

BinnedInputs binInputs(const std::vector<std::vector<float>>& inputs, int bins) {
    BinnedInputs b;
    b.n = inputs.size();
    b.d = inputs.front().size();
    b.cuts.resize(b.d);
    b.bin.resize(b.n * b.d);
    const std::size_t n = b.n, maxCuts = std::size_t(bins - 1);
    std::vector<float> col(n);
    for (std::size_t j = 0; j < b.d; ++j) {
        for (std::size_t i = 0; i < n; ++i) col[i] = inputs[i][j];
        std::sort(col.begin(), col.end());
        std::vector<std::pair<float, std::size_t>> distinct;  // value, count
        for (const float v : col) {
            if (distinct.empty() || distinct.back().first != v)
                distinct.emplace_back(v, 1);
            else
                ++distinct.back().second;
        }
        std::vector<float>& cuts = b.cuts[j];
        std::size_t seen = 0, nextQuantile = 1;
        for (std::size_t k = 0; k + 1 < distinct.size(); ++k) {
            seen += distinct[k].second;
            if (distinct.size() - 1 > maxCuts) {
                // Cut after this value once the share seen passes the next quantile.
                if (double(seen) * double(maxCuts + 1) < double(nextQuantile) * double(n)) continue;
                while (double(seen) * double(maxCuts + 1) >= double(nextQuantile) * double(n)) ++nextQuantile;
            }
            const float lo = distinct[k].first, hi = distinct[k + 1].first;
            float mid = float(0.5 * (double(lo) + double(hi)));
            if (!(mid >= lo && mid < hi)) mid = lo;
            if (cuts.size() < maxCuts) cuts.push_back(mid);
        }
        for (std::size_t i = 0; i < n; ++i)
            b.bin[i * b.d + j] = std::uint8_t(std::lower_bound(cuts.begin(), cuts.end(), inputs[i][j]) - cuts.begin());
    }
    return b;
}

/// Grows one tree on the signs of the residuals, best-first, and gives its leaves their median residuals.
class TreeGrower {
public:
    TreeGrower(const BinnedInputs& binned, const std::vector<double>& residual, const BoostOptions& o)
        : m_b(binned), m_residual(residual), m_o(o) {}

    /// A tree on `samples` (ascending indices); cutOf receives, per node, the bin cut of its split (-1 at leaves).
    /// The leaves it ends with are left in leaves().
    RegressionTree grow(std::vector<std::uint32_t> samples, std::vector<int>& cutOf) {
        RegressionTree tree;
        tree.nodes.emplace_back();
        cutOf.assign(1, -1);
        m_leaves.assign(1, GrowLeaf{});
        m_leaves[0].samples = std::move(samples);
        m_leaves[0].best = bestSplit(m_leaves[0].samples);
        while (int(m_leaves.size()) < m_o.maxLeaves) {
            std::size_t pick = m_leaves.size();
            for (std::size_t l = 0; l < m_leaves.size(); ++l)
                if (m_leaves[l].best.feature >= 0 &&
                    (pick == m_leaves.size() || m_leaves[l].best.gain > m_leaves[pick].best.gain))
                    pick = l;
            if (pick == m_leaves.size()) break;
            GrowLeaf parent = std::move(m_leaves[pick]);
            m_leaves.erase(m_leaves.begin() + std::ptrdiff_t(pick));
            const std::size_t j = std::size_t(parent.best.feature);
            GrowLeaf left, right;
            for (const std::uint32_t i : parent.samples)
                (m_b.at(i, j) <= parent.best.cut ? left : right).samples.push_back(i);
            left.node = int(tree.nodes.size());
            right.node = left.node + 1;
            TreeNode& p = tree.nodes[std::size_t(parent.node)];
            p.feature = int(j);
            p.threshold = m_b.cuts[j][std::size_t(parent.best.cut)];
            p.left = left.node;
            p.right = right.node;
            cutOf[std::size_t(parent.node)] = parent.best.cut;
            tree.nodes.emplace_back();
            tree.nodes.emplace_back();
            cutOf.resize(tree.nodes.size(), -1);
            left.best = bestSplit(left.samples);
            right.best = bestSplit(right.samples);
            m_leaves.push_back(std::move(left));
            m_leaves.push_back(std::move(right));
        }
        return tree;
    }

    const std::vector<GrowLeaf>& leaves() const { return m_leaves; }

private:
    static double sign(double r) { return r > 0 ? 1.0 : (r < 0 ? -1.0 : 0.0); }

    Split bestSplit(const std::vector<std::uint32_t>& samples) {
        Split best;
        const double total = double(samples.size());
        if (samples.size() < 2 * std::size_t(m_o.minLeafSamples)) return best;
        double g = 0.0;
        for (const std::uint32_t i : samples) g += sign(m_residual[i]);
        const double parent = g * g / total;
        for (std::size_t j = 0; j < m_b.d; ++j) {
            const std::size_t nb = m_b.cuts[j].size() + 1;
            if (nb < 2) continue;
            m_gradSum.assign(nb, 0.0);
            m_count.assign(nb, 0);
            for (const std::uint32_t i : samples) {
                const std::uint8_t b = m_b.at(i, j);
                m_gradSum[b] += sign(m_residual[i]);
                ++m_count[b];
            }
            double gl = 0.0;
            std::size_t nl = 0;
            for (std::size_t c = 0; c + 1 < nb; ++c) {
                gl += m_gradSum[c];
                nl += m_count[c];
                const std::size_t nr = samples.size() - nl;
                if (nl < std::size_t(m_o.minLeafSamples)) continue;
                if (nr < std::size_t(m_o.minLeafSamples)) break;
                const double gr = g - gl;
                const double gain = gl * gl / double(nl) + gr * gr / double(nr) - parent;
                if (gain > best.gain + 1e-12) best = {gain, int(j), int(c)};
            }
        }
        return best;
    }

    const BinnedInputs& m_b;
    const std::vector<double>& m_residual;
    const BoostOptions& m_o;
    std::vector<GrowLeaf> m_leaves;
    std::vector<double> m_gradSum;
    std::vector<std::uint32_t> m_count;
};

}  // namespace

Result<BoostedTrees> fitBoostedTreesLad(const std::vector<std::vector<float>>& inputs, std::span<const double> targets,
                                        const BoostOptions& o) {
    if (auto st = checkFitInputs(inputs, targets, o); !st) return st.error();
    const BinnedInputs binned = binInputs(inputs, o.bins);
    const std::size_t n = binned.n;

    BoostedTrees model;
    model.inputCount = int(binned.d);
    std::vector<double> residual(targets.begin(), targets.end());
    model.base = toFloatPrecision(median(residual));
    for (std::size_t i = 0; i < n; ++i) residual[i] = targets[i] - model.base;

    TreeGrower grower(binned, residual, o);
    std::vector<double> leafResiduals;
    const bool sampling = o.subsample < 1.0;
    const std::size_t drawn = sampling ? std::max<std::size_t>(1, std::size_t(o.subsample * double(n))) : n;
    SplitMix64 rng{o.seed};
    std::vector<std::uint32_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(i);
    std::vector<int> cutOf;  // per node: the bin cut of its split (internal nodes)
    for (int t = 0; t < o.trees; ++t) {
        std::vector<std::uint32_t> samples;
        if (sampling) {
            // A partial Fisher-Yates shuffle: the first `drawn` of `order` are a uniform draw without replacement;
            // sorted back so that the tree sees its samples in index order, as the full fit does.
            for (std::size_t k = 0; k < drawn; ++k)
                std::swap(order[k], order[k + std::size_t(rng.below(std::uint64_t(n - k)))]);
            samples.assign(order.begin(), order.begin() + std::ptrdiff_t(drawn));
            std::sort(samples.begin(), samples.end());
        } else {
            samples = order;
        }
        RegressionTree tree = grower.grow(std::move(samples), cutOf);
        for (const GrowLeaf& leaf : grower.leaves()) {
            leafResiduals.clear();
            for (const std::uint32_t i : leaf.samples) leafResiduals.push_back(residual[i]);
            const double v = toFloatPrecision(o.learningRate * median(leafResiduals));
            tree.nodes[std::size_t(leaf.node)].value = v;
            if (!sampling)
                for (const std::uint32_t i : leaf.samples) residual[i] -= v;
        }
        if (sampling) {
            // Every sample moves, drawn or not: routed by its bins, which is where predict() sends its inputs.
            for (std::size_t i = 0; i < n; ++i) {
                std::size_t node = 0;
                while (tree.nodes[node].feature >= 0) {
                    const TreeNode& nd = tree.nodes[node];
                    node = std::size_t(binned.at(i, std::size_t(nd.feature)) <= cutOf[node] ? nd.left : nd.right);
                }
                residual[i] -= tree.nodes[node].value;
            }
        }
        model.trees.push_back(std::move(tree));
    }
    return model;
}

}  // namespace kibitz::training
