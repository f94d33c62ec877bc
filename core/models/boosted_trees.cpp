// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/boosted_trees.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>

namespace kibitz::models {

double RegressionTree::predict(std::span<const float> x) const {
    if (nodes.empty()) return 0.0;
    std::size_t i = 0;
    while (nodes[i].feature >= 0) {
        const TreeNode& n = nodes[i];
        // NaN fails the comparison and goes right.
        i = std::size_t(x[std::size_t(n.feature)] <= n.threshold ? n.left : n.right);
    }
    return nodes[i].value;
}

double BoostedTrees::predict(std::span<const float> x) const {
    if (int(x.size()) < inputCount) return base;
    double s = base;
    for (const RegressionTree& t : trees) s += t.predict(x);
    return s;
}

namespace {

void appendFloat(std::string& out, double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out += buf;
}

bool parseDouble(std::string_view s, double& out) {
    if (s.empty()) return false;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

/// A value written from a float-precision double: parsed as a float, so the double is exactly the one written.
bool parseFloatValue(std::string_view s, double& out) {
    if (!parseDouble(s, out)) return false;
    const float f = float(out);
    if (!std::isfinite(f)) return false;
    out = double(f);
    return true;
}

bool parseInt(std::string_view s, int& out) {
    if (s.empty()) return false;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) break;
        start = at + 1;
    }
    return out;
}

Error textError(const std::string& where, const std::string& what) {
    return makeError(ErrorCode::InvalidInput, "boosted trees: " + where + ": " + what);
}

}  // namespace

std::string BoostedTrees::toText() const {
    std::string out = std::to_string(inputCount) + ';';
    appendFloat(out, base);
    for (const RegressionTree& t : trees) {
        out += ';';
        for (std::size_t i = 0; i < t.nodes.size(); ++i) {
            const TreeNode& n = t.nodes[i];
            if (i) out += ',';
            if (n.feature < 0) {
                out += '=';
                appendFloat(out, n.value);
            } else {
                out += std::to_string(n.feature) + '/';
                appendFloat(out, double(n.threshold));
                out += '/' + std::to_string(n.left) + '/' + std::to_string(n.right);
            }
        }
    }
    return out;
}

Result<BoostedTrees> BoostedTrees::fromText(const std::string& text) {
    const std::vector<std::string_view> parts = split(text, ';');
    BoostedTrees b;
    if (parts.size() < 2) return textError("header", "expected 'inputs;base;trees...'");
    if (!parseInt(parts[0], b.inputCount) || b.inputCount < 1 || b.inputCount > 100000)
        return textError("header", "input count '" + std::string(parts[0]) + "' is not a whole number in 1..100000");
    if (!parseFloatValue(parts[1], b.base))
        return textError("header", "base '" + std::string(parts[1]) + "' is not a number");
    for (std::size_t t = 2; t < parts.size(); ++t) {
        const std::string where = "tree " + std::to_string(t - 1);
        const std::vector<std::string_view> items = split(parts[t], ',');
        RegressionTree tree;
        tree.nodes.resize(items.size());
        std::vector<int> parents(items.size(), 0);
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string node = where + " node " + std::to_string(i);
            TreeNode& n = tree.nodes[i];
            const std::string_view item = items[i];
            if (!item.empty() && item.front() == '=') {
                if (!parseFloatValue(item.substr(1), n.value))
                    return textError(node, "leaf value '" + std::string(item.substr(1)) + "' is not a number");
                continue;
            }
            const std::vector<std::string_view> f = split(item, '/');
            double threshold = 0;
            if (f.size() != 4 || !parseInt(f[0], n.feature) || !parseDouble(f[1], threshold) ||
                !parseInt(f[2], n.left) || !parseInt(f[3], n.right))
                return textError(node,
                                 "'" + std::string(item) + "' is neither '=value' nor 'feature/threshold/left/right'");
            if (n.feature < 0 || n.feature >= b.inputCount)
                return textError(node, "input " + std::to_string(n.feature) + " is out of range 0.." +
                                           std::to_string(b.inputCount - 1));
            n.threshold = float(threshold);
            for (const int c : {n.left, n.right}) {
                if (c <= int(i) || c >= int(items.size()))
                    return textError(node, "child " + std::to_string(c) + " is not a later node of the tree");
                ++parents[std::size_t(c)];
            }
        }
        for (std::size_t i = 1; i < items.size(); ++i)
            if (parents[i] != 1)
                return textError(where + " node " + std::to_string(i),
                                 "is reached " + std::to_string(parents[i]) + " times, not once");
        b.trees.push_back(std::move(tree));
    }
    return b;
}

}  // namespace kibitz::models
