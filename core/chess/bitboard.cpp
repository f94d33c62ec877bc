// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/bitboard.h"

#include <mutex>

namespace kibitz::chess {

namespace attacks {

Bitboard kPawn[2][64];
Bitboard kKnight[64];
Bitboard kKing[64];
Magic kBishopMagic[64];
Magic kRookMagic[64];
Bitboard kBetween[64][64];
Bitboard kLine[64][64];

namespace {

// Fancy magic bitboards: 5248 bishop + 102400 rook entries. Magics are found at start-up with a fixed-seed
// generator (a few milliseconds), so the tables are the same on every run and need no hard-coded constants.
Bitboard gBishopTable[5248];
Bitboard gRookTable[102400];

Bitboard slide(Square s, Bitboard occ, const int (*dirs)[2]) {
    Bitboard out = 0;
    for (int d = 0; d < 4; ++d) {
        int f = fileOf(s) + dirs[d][0];
        int r = rankOf(s) + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Square t = makeSquare(f, r);
            out |= bb(t);
            if (occ & bb(t)) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return out;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void initMagics(Magic* magics, Bitboard* table, const int (*dirs)[2], std::uint64_t seed) {
    Prng rng{seed};
    Bitboard occupancy[4096];
    Bitboard reference[4096];
    int epoch[4096] = {};
    int attempt = 0;
    Bitboard* next = table;
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        // Edge squares never matter as blockers (nothing lies beyond them), except the piece's own rank/file.
        Bitboard mask = slide(s, 0, dirs) & ~((kRank1 | kRank8) & ~(kRank1 << (8 * rankOf(s)))) &
                        ~((kFileA | kFileH) & ~(kFileA << fileOf(s)));
        Magic& m = magics[s];
        m.mask = mask;
        m.shift = unsigned(64 - popcount(mask));
        m.table = next;
        // Enumerate all subsets of the mask (Carry-Rippler).
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slide(s, b, dirs);
            ++size;
            b = (b - mask) & mask;
        } while (b);
        Bitboard* entries = next;
        for (;;) {
            do {
                m.magic = rng.sparse();
            } while (popcount((m.mask * m.magic) >> 56) < 6);
            ++attempt;
            int i = 0;
            for (; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    entries[idx] = reference[i];
                } else if (entries[idx] != reference[i]) {
                    break;
                }
            }
            if (i == size) break;
        }
        next += size;
    }
}

void build() {
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        int f = fileOf(s), r = rankOf(s);
        auto add = [&](Bitboard& dst, int df, int dr) {
            int nf = f + df, nr = r + dr;
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) dst |= bb(makeSquare(nf, nr));
        };
        add(kPawn[White][s], -1, 1);
        add(kPawn[White][s], 1, 1);
        add(kPawn[Black][s], -1, -1);
        add(kPawn[Black][s], 1, -1);
        const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (auto& d : kn) add(kKnight[s], d[0], d[1]);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) add(kKing[s], df, dr);
    }
    initMagics(kBishopMagic, gBishopTable, kBishopDirs, 0x2545F4914F6CDD1DULL);
    initMagics(kRookMagic, gRookTable, kRookDirs, 0x9E3779B97F4A7C15ULL);
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            kBetween[a][b] = kLine[a][b] = 0;
            if (a == b) continue;
            Square sa = Square(a), sb = Square(b);
            if (bishop(sa, 0) & bb(sb)) {
                kLine[a][b] = (bishop(sa, 0) & bishop(sb, 0)) | bb(sa) | bb(sb);
                kBetween[a][b] = bishop(sa, bb(sb)) & bishop(sb, bb(sa));
            } else if (rook(sa, 0) & bb(sb)) {
                kLine[a][b] = (rook(sa, 0) & rook(sb, 0)) | bb(sa) | bb(sb);
                kBetween[a][b] = rook(sa, bb(sb)) & rook(sb, bb(sa));
            }
        }
    }
}

}  // namespace

void init() {
    static std::once_flag once;
    std::call_once(once, build);
}

}  // namespace attacks

namespace zobrist {
Key kPiece[16][64];
Key kCastling[16];
Key kEpFile[8];
Key kSide;

namespace {
struct Init {
    Init() {
        attacks::init();
        std::uint64_t s = 0x1234ABCD9876EF01ULL;
        auto next = [&s] {
            // splitmix64: well-distributed, deterministic keys.
            std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            return z ^ (z >> 31);
        };
        for (auto& row : kPiece)
            for (auto& k : row) k = next();
        for (int i = 0; i < 16; ++i) {
            kCastling[i] = 0;
        }
        Key base[4] = {next(), next(), next(), next()};
        for (int i = 0; i < 16; ++i)
            for (int bit = 0; bit < 4; ++bit)
                if (i & (1 << bit)) kCastling[i] ^= base[bit];
        for (auto& k : kEpFile) k = next();
        kSide = next();
    }
};
const Init gInit;
}  // namespace
}  // namespace zobrist

}  // namespace kibitz::chess
