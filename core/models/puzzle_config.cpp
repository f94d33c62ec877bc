// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/models/puzzle_config.h"

#include <map>
#include <sstream>

namespace kibitz::models {

std::string puzzleVariantName(PuzzleVariant v) {
    switch (v) {
        case PuzzleVariant::FactorizedEncoder: return "fe";
        case PuzzleVariant::FactorizedSelfAttention: return "fsa";
        case PuzzleVariant::Stacked: return "stacked";
    }
    return "fe";
}

Result<PuzzleVariant> puzzleVariantFromName(const std::string& name) {
    if (name == "fe" || name == "factorized-encoder") return PuzzleVariant::FactorizedEncoder;
    if (name == "fsa" || name == "factorized-self-attention") return PuzzleVariant::FactorizedSelfAttention;
    if (name == "stacked") return PuzzleVariant::Stacked;
    return makeError(ErrorCode::InvalidInput, "unknown puzzle model variant '" + name + "' (fe, fsa, stacked)");
}

Result<PuzzleModelConfig> puzzleConfigByName(const std::string& fullName) {
    std::string name = fullName;
    bool human = false;
    if (name.ends_with("+human")) {
        human = true;
        name.resize(name.size() - 6);
    }
    PuzzleModelConfig c;
    if (name == "tiny") {
        c.dModel = 16;
        c.layers = 1;
        c.heads = 2;
        c.tokenDim = 4;
        c.boardDim = 32;
        c.temporalLayers = 1;
        c.temporalHeads = 2;
        c.headHidden = 32;
    } else if (name == "small") {
        // defaults
    } else if (name == "paper") {
        c.dModel = 256;
        c.layers = 16;
        c.heads = 16;
        c.ffnMult = 4;
        c.tokenDim = 32;
        c.boardDim = 512;
        c.temporalLayers = 16;
        c.temporalHeads = 16;
        c.headHidden = 128;
    } else {
        return makeError(ErrorCode::InvalidInput,
                         "unknown puzzle model config '" + fullName + "' (tiny, small, paper)");
    }
    c.name = fullName;
    if (human) c.humanFeatures = 33;
    return c;
}

std::string puzzleConfigToString(const PuzzleModelConfig& c) {
    std::ostringstream s;
    s << "name=" << c.name << " variant=" << puzzleVariantName(c.variant) << " N=" << c.maxBoards << " d=" << c.dModel
      << " L=" << c.layers << " h=" << c.heads << " ffn=" << c.ffnMult << " dz=" << c.tokenDim << " de=" << c.boardDim
      << " Lt=" << c.temporalLayers << " ht=" << c.temporalHeads << " hh=" << c.headHidden << " hf=" << c.humanFeatures;
    return s.str();
}

Result<PuzzleModelConfig> puzzleConfigFromString(const std::string& text) {
    std::map<std::string, std::string> kv;
    std::istringstream in(text);
    std::string tok;
    while (in >> tok) {
        const auto eq = tok.find('=');
        if (eq == std::string::npos)
            return makeError(ErrorCode::InvalidInput, "puzzle config: expected key=value, got '" + tok + "'");
        kv[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
    PuzzleModelConfig c;
    auto num = [&](const char* key, int& out) -> Status {
        auto it = kv.find(key);
        if (it == kv.end())
            return makeError(ErrorCode::InvalidInput, std::string("puzzle config: missing '") + key + "'");
        try {
            out = std::stoi(it->second);
        } catch (const std::exception&) {
            return makeError(ErrorCode::InvalidInput, std::string("puzzle config: '") + key + "' is not an integer");
        }
        return {};
    };
    for (auto [key, field] : {std::pair{"N", &c.maxBoards},
                              {"d", &c.dModel},
                              {"L", &c.layers},
                              {"h", &c.heads},
                              {"ffn", &c.ffnMult},
                              {"dz", &c.tokenDim},
                              {"de", &c.boardDim},
                              {"Lt", &c.temporalLayers},
                              {"ht", &c.temporalHeads},
                              {"hh", &c.headHidden},
                              {"hf", &c.humanFeatures}}) {
        if (auto st = num(key, *field); !st.ok()) return st.error();
    }
    if (auto it = kv.find("name"); it != kv.end()) c.name = it->second;
    auto v = puzzleVariantFromName(kv.count("variant") ? kv["variant"] : std::string("?"));
    if (!v.ok()) return v.error();
    c.variant = v.value();
    if (auto st = validatePuzzleConfig(c); !st.ok()) return st.error();
    return c;
}

Status validatePuzzleConfig(const PuzzleModelConfig& c) {
    auto bad = [](const std::string& what) {
        return Status(makeError(ErrorCode::InvalidInput, "puzzle config: " + what));
    };
    if (c.maxBoards < 1 || c.maxBoards > 32) return bad("N (max boards) must be in 1..32");
    if (c.dModel < 4 || c.heads < 1 || c.dModel % c.heads != 0) return bad("d must be a positive multiple of h");
    if (c.layers < 1) return bad("L must be >= 1");
    if (c.ffnMult < 1 || c.tokenDim < 1 || c.boardDim < 1 || c.headHidden < 1) return bad("widths must be >= 1");
    if (c.temporalLayers < 0) return bad("Lt must be >= 0");
    if (c.temporalHeads < 1 || c.boardDim % c.temporalHeads != 0) return bad("de must be a positive multiple of ht");
    if (c.variant == PuzzleVariant::FactorizedSelfAttention && c.dModel % c.temporalHeads != 0)
        return bad("fsa: d must be a multiple of ht");
    if (c.humanFeatures < 0) return bad("hf must be >= 0");
    return {};
}

}  // namespace kibitz::models
