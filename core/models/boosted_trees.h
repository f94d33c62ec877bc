// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Gradient-boosted regression trees with the absolute-error loss (Friedman's LAD_TreeBoost), for the puzzle model's
// engine stage: a sum of small trees that corrects the stage's quadratic regression where the features
// interact in ways a quadratic cannot follow. Torch-free, Qt-free and deterministic: the same inputs and options give
// the same trees on every machine (row subsampling draws from a seeded SplitMix64, not from <random>'s distributions,
// whose results differ between standard libraries).
//
// Each round fits a tree by least squares to the signs of the residuals (the negative gradient of |y - F|), grown
// best-first (the leaf whose split lowers the squared error most is split next) up to `maxLeaves` leaves, splits
// chosen among at most `bins` quantile thresholds per input; then each leaf takes the median of the residuals it
// holds (the absolute error's line search), times the learning rate. With `subsample` < 1 each round grows its tree
// and takes its leaf medians on a fresh random share of the samples, and moves every sample's residual (Friedman's
// stochastic gradient boosting: less variance between rounds).

#include "core/common/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kibitz::models {

/// One node of a regression tree: an internal node sends x to `left` when x[feature] <= threshold (NaN: right),
/// else to `right`; a leaf (feature < 0) gives `value`.
struct TreeNode {
    int feature = -1;
    float threshold = 0.0f;
    int left = -1;
    int right = -1;
    double value = 0.0;
};

struct RegressionTree {
    std::vector<TreeNode> nodes;  ///< nodes[0] is the root; children always come after their parent
    double predict(std::span<const float> x) const;
};

struct BoostedTrees {
    int inputCount = 0;  ///< length of the input vectors
    double base = 0.0;   ///< the constant the trees start from (the median of the fitted targets)
    std::vector<RegressionTree> trees;

    bool empty() const { return trees.empty(); }
    /// base + the sum of the trees' values; x must have inputCount values.
    double predict(std::span<const float> x) const;
    /// Compact text: "d;base;tree;tree;..." where a tree is comma-separated nodes in index order, an internal node
    /// "feature/threshold/left/right" and a leaf "=value". fromText checks every node (feature in range, children
    /// after the parent and inside the tree, every node reached once, finite numbers) and names the one that is
    /// wrong.
    std::string toText() const;
    static Result<BoostedTrees> fromText(const std::string& text);
};

}  // namespace kibitz::models
