// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::lc0 {

/// A convolution with its batch norm folded in: weight is [out][in][kernel][kernel] (OIHW), bias is [out].
struct Lc0Conv {
    int out = 0;
    int in = 0;
    int kernel = 0;
    std::vector<float> weight;
    std::vector<float> bias;
};

/// A fully connected layer: weight is [out][in], bias is [out].
struct Lc0Dense {
    int out = 0;
    int in = 0;
    std::vector<float> weight;
    std::vector<float> bias;
};

/// One block of the residual tower: conv1 (ReLU), conv2, squeeze-excitation (se1: filters -> seChannels with ReLU,
/// se2: seChannels -> 2 * filters split into a gate and a bias), the skip, then ReLU.
struct Lc0Residual {
    Lc0Conv conv1;
    Lc0Conv conv2;
    Lc0Dense se1;
    Lc0Dense se2;
};

/// An lc0 network of the kind Kibitz runs: classical 112-plane input, SE residual tower with head format,
/// convolution policy (80 planes of 8x8) and a WDL value head. Every tensor is dequantised and every batch norm
/// folded; shapes are checked against each other, so a model built from this cannot read out of bounds.
struct Lc0Network {
    int filters = 0;
    int blocks = 0;
    int seChannels = 0;
    int policyPlanes = 0;   ///< 80 for lc0's convolution policy
    int valueChannels = 0;  ///< channels of the value head's 1x1 convolution (32 in Maia)
    int valueHidden = 0;    ///< width of the value head's first dense layer (128 in Maia)
    Lc0Conv input;          ///< 112 -> filters, 3x3
    std::vector<Lc0Residual> tower;
    Lc0Conv policy1;                 ///< filters -> filters, 3x3 (ReLU)
    Lc0Conv policy;                  ///< filters -> policyPlanes, 3x3
    Lc0Conv value;                   ///< filters -> valueChannels, 1x1 (ReLU)
    Lc0Dense value1;                 ///< valueChannels * 64 -> valueHidden (ReLU)
    Lc0Dense value2;                 ///< valueHidden -> 3 (win, draw, loss of the side to move)
    std::string minVersion;          ///< lc0 version the file asks for ("0.21.0"), empty when absent
    std::int64_t trainingSteps = 0;  ///< from the file's training parameters, 0 when absent
    std::string license;             ///< the file's own licence field, often empty
    long long parameters() const;
};

/// Input planes of the classical lc0 input format.
inline constexpr int kLc0InputPlanes = 112;
/// Largest uncompressed network accepted (lc0's big nets are ~400 MB of 16-bit values; Maia's 1.7 MB).
inline constexpr std::size_t kLc0MaxNetBytes = std::size_t(1) << 30;

/// Reads an lc0 network file (gzip of a pblczero.Net protobuf message, or the bare message). Errors name the file
/// and the field: not gzip/protobuf, not an lc0 net (magic), an unsupported format (input, network, policy, value,
/// weight encoding), a missing or wrongly sized tensor, a truncated or oversized file.
Result<Lc0Network> readLc0Network(const std::string& path);
/// Same from bytes in memory; `source` names them in errors.
Result<Lc0Network> parseLc0Network(std::span<const std::uint8_t> bytes, std::string_view source,
                                   std::size_t maxBytes = kLc0MaxNetBytes);
/// True when `path` looks like an lc0 network by its name (.pb.gz or .pb).
bool looksLikeLc0NetworkPath(std::string_view path);

}  // namespace kibitz::lc0
