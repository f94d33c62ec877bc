// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/types.h"

#include <bit>
#include <cstdint>

namespace kibitz::chess {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank2 = kRank1 << 8;
constexpr Bitboard kRank3 = kRank1 << 16;
constexpr Bitboard kRank4 = kRank1 << 24;
constexpr Bitboard kRank5 = kRank1 << 32;
constexpr Bitboard kRank6 = kRank1 << 40;
constexpr Bitboard kRank7 = kRank1 << 48;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
/// Returns the least significant square and clears it from `b`.
inline Square popLsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
inline bool moreThanOne(Bitboard b) { return (b & (b - 1)) != 0; }

/// Attack tables, initialised once before main (static initialiser in bitboard.cpp).
namespace attacks {

/// How slider attacks are indexed, chosen once at start-up: PEXT where the CPU has BMI2 and runs it fast
/// (Intel since Haswell, AMD since Zen 3), otherwise multiply-and-shift magics. The binary itself needs neither, so
/// the portable build starts on any x86-64 CPU with POPCNT. KIBITZ_PEXT=0 forces the magics (tests, benchmarks).
extern bool gUsePext;

/// True when slider attacks use PEXT (see gUsePext).
inline bool usesPext() { return gUsePext; }

/// Parallel bit extract. Inline assembly instead of the _pext_u64 intrinsic: the intrinsic needs the whole function
/// compiled for BMI2, which would make the portable binary refuse older CPUs; the instruction only runs when
/// gUsePext says the CPU has it.
inline std::uint64_t pext(Bitboard value, Bitboard mask) {
#if defined(__BMI2__)
    return __builtin_ia32_pext_di(value, mask);
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    std::uint64_t out;
    asm("pextq %2, %1, %0" : "=r"(out) : "r"(value), "r"(mask));
    return out;
#else
    std::uint64_t out = 0;  // portable fallback, never chosen at run time (gUsePext stays false off x86-64)
    for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (value & mask & (0 - mask)) out |= bit;
    return out;
#endif
}

struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* table;
    unsigned shift;
    unsigned index(Bitboard occ) const {
        return gUsePext ? unsigned(pext(occ, mask)) : unsigned(((occ & mask) * magic) >> shift);
    }
};

extern Bitboard kPawn[2][64];
extern Bitboard kKnight[64];
extern Bitboard kKing[64];
extern Magic kBishopMagic[64];
extern Magic kRookMagic[64];
/// Squares strictly between a and b on a line (empty if not aligned).
extern Bitboard kBetween[64][64];
/// Whole line through a and b (empty if not aligned).
extern Bitboard kLine[64][64];

inline Bitboard bishop(Square s, Bitboard occ) { return kBishopMagic[s].table[kBishopMagic[s].index(occ)]; }
inline Bitboard rook(Square s, Bitboard occ) { return kRookMagic[s].table[kRookMagic[s].index(occ)]; }
inline Bitboard queen(Square s, Bitboard occ) { return bishop(s, occ) | rook(s, occ); }
inline Bitboard pawn(Color c, Square s) { return kPawn[c][s]; }
inline Bitboard knight(Square s) { return kKnight[s]; }
inline Bitboard king(Square s) { return kKing[s]; }
inline Bitboard between(Square a, Square b) { return kBetween[a][b]; }
inline Bitboard line(Square a, Square b) { return kLine[a][b]; }

/// Ensures the tables are built (idempotent, thread-safe); called by Position constructors.
void init();

}  // namespace attacks

/// Zobrist keys.
namespace zobrist {
extern Key kPiece[16][64];
extern Key kCastling[16];
extern Key kEpFile[8];
extern Key kSide;
}  // namespace zobrist

}  // namespace kibitz::chess
