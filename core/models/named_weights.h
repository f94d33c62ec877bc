// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kibitz::models {

/// A model tensor as plain floats, for moving weights in and out of bundles without torch in the caller.
struct NamedWeights {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

/// Tensor name -> shape, as a model of some config expects them.
using WeightShapes = std::map<std::string, std::vector<std::int64_t>>;

}  // namespace kibitz::models
