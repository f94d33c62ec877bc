// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the lc0 network reader (core/lc0/lc0_net_file: gzip layer, protobuf wire format, formats,
// tensor shapes, batch-norm folding). Input: a network file as given (gzip or the bare message). Nothing may crash,
// allocate more than the input justifies, or accept a network whose tensors disagree with its shapes. The numbers
// too: every accepted value, weights and biases, is finite after dequantising and folding the batch norm (a huge
// gamma over a variance of 0 overflows; regress-bn-fold-overflow.pb in the seeds is such a net).
#include "core/lc0/lc0_net_file.h"
#include "tests/fuzz/fuzz_check.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

using kibitz::fuzz::check;
using namespace kibitz::lc0;

namespace {

void checkConv(const Lc0Conv& c, int out, int in, int k, const char* what) {
    check(c.out == out && c.in == in && c.kernel == k, "conv shape as expected", what);
    check(c.weight.size() == std::size_t(out) * std::size_t(in) * std::size_t(k) * std::size_t(k),
          "conv weights match the shape", what);
    check(c.bias.size() == std::size_t(out), "conv bias matches the shape", what);
    for (float v : c.weight) check(std::isfinite(v), "finite weights", what);
    for (float v : c.bias) check(std::isfinite(v), "finite biases", what);
}

void checkDense(const Lc0Dense& d, int out, int in, const char* what) {
    check(d.out == out && d.in == in, "dense shape as expected", what);
    check(d.weight.size() == std::size_t(out) * std::size_t(in) && d.bias.size() == std::size_t(out),
          "dense weights match the shape", what);
    for (float v : d.weight) check(std::isfinite(v), "finite weights", what);
    for (float v : d.bias) check(std::isfinite(v), "finite biases", what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A small inflate limit keeps each run fast; the limit itself is checked by the error path.
    constexpr std::size_t kLimit = std::size_t(4) << 20;
    const auto r = parseLc0Network({data, size}, "fuzz.pb.gz", kLimit);
    if (!r.ok()) {
        check(!r.error().message.empty(), "an error has a message");
        return 0;
    }
    const Lc0Network& n = *r;
    check(n.filters > 0 && n.blocks == int(n.tower.size()) && n.blocks > 0, "a tower");
    checkConv(n.input, n.filters, kLc0InputPlanes, 3, "input");
    for (const Lc0Residual& b : n.tower) {
        checkConv(b.conv1, n.filters, n.filters, 3, "conv1");
        checkConv(b.conv2, n.filters, n.filters, 3, "conv2");
        if (n.seChannels > 0) {
            checkDense(b.se1, n.seChannels, n.filters, "se1");
            checkDense(b.se2, 2 * n.filters, n.seChannels, "se2");
        }
    }
    checkConv(n.policy1, n.filters, n.filters, 3, "policy1");
    checkConv(n.policy, n.policyPlanes, n.filters, 3, "policy");
    checkConv(n.value, n.valueChannels, n.filters, 1, "value");
    checkDense(n.value1, n.valueHidden, n.valueChannels * 64, "value1");
    checkDense(n.value2, 3, n.valueHidden, "value2");
    // Every accepted value came from two input bytes at least (after inflating, at most kLimit of them).
    check(std::size_t(n.parameters()) <= kLimit, "no more values than bytes");
    return 0;
}
