// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/bitboard.h"

#include <cstdlib>
#include <cstring>
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
bool gUsePext = false;

namespace {

// PEXT only where it is fast: AMD before Zen 3 (and the Bulldozer family) run it in microcode, tens of cycles, so
// magics win there. KIBITZ_PEXT=0 turns it off (the tests run the perft suite both ways).
bool choosePext() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    const char* env = std::getenv("KIBITZ_PEXT");
    if (env && std::strcmp(env, "0") == 0) return false;
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("bmi2")) return false;
    if (__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2"))
        return env && std::strcmp(env, "1") == 0;
    return true;
#else
    return false;
#endif
}

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

// Magic multipliers found once by initMagics' search below (fixed seeds) and recorded here, so start-up only
// verifies them instead of searching (the search costs ~0.3 s of CPU, noticeable for every kibitz-cli call).
constexpr Bitboard kBishopMagics[64] = {
    0x0020428400408200ULL, 0x2008010104210004ULL, 0x02d0009200480190ULL, 0x0018158b00010100ULL, 0x02c4042132048008ULL,
    0x020082202000c221ULL, 0x4000421050080009ULL, 0x0210140202022020ULL, 0x00c0101410042248ULL, 0x0405204800d48080ULL,
    0x3800c89200420002ULL, 0x180844124a020440ULL, 0x04403410a8002221ULL, 0x4040209004200400ULL, 0x084004020202a204ULL,
    0x3010002104022000ULL, 0x00200240a9110900ULL, 0x2302800404080210ULL, 0x0204188800240010ULL, 0x8048000c01401200ULL,
    0x120c001a11040900ULL, 0x0000401200500440ULL, 0x00004040840420a0ULL, 0x0020930822880804ULL, 0x4044401090900161ULL,
    0x0034100015210804ULL, 0x8004100009010120ULL, 0x48c8080000820500ULL, 0x0080848004002000ULL, 0x0801004012005044ULL,
    0x000080902c040400ULL, 0x0004009005004100ULL, 0x0b103010048a0200ULL, 0x8004100203181a00ULL, 0x0800140200100080ULL,
    0x8401010800910040ULL, 0x0840010011290040ULL, 0x40100214202e1000ULL, 0x0842040040010840ULL, 0x0028010040010860ULL,
    0x00080202a2051000ULL, 0x4200841008084204ULL, 0x0021120110000d02ULL, 0x48c1004208000084ULL, 0x0010088100414400ULL,
    0x0021101000420580ULL, 0x0010040558401410ULL, 0x200c0c82a1050205ULL, 0x0011108820088000ULL, 0x0001011910120402ULL,
    0x1580008608091248ULL, 0x8010018020880c02ULL, 0x20a1101032088480ULL, 0x0080100408082800ULL, 0x28100401140401c0ULL,
    0x8002102200930012ULL, 0x4001040082080200ULL, 0x082200a498081808ULL, 0x000508610080d003ULL, 0x0052020044842402ULL,
    0x4800a00140c84840ULL, 0x5000000848080820ULL, 0x0101086004240040ULL, 0x0028280808005014ULL,
};
constexpr Bitboard kRookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL, 0x4200100420080200ULL,
    0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL, 0x0404800084400220ULL, 0x0000401000402000ULL,
    0x0086001081220440ULL, 0x0408800800100280ULL, 0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL,
    0x0442000102105084ULL, 0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL, 0x0000800080204009ULL,
    0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL, 0x0442000a00049020ULL, 0x2100040080020080ULL,
    0x0800120400900148ULL, 0x0010040a00128541ULL, 0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL,
    0x0610008410800800ULL, 0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL, 0x0004080004008080ULL,
    0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL, 0x0088403882010200ULL, 0x0820400080210100ULL,
    0x0110910040a00300ULL, 0x0801100280080480ULL, 0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL,
    0x0091800041000080ULL, 0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};

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

void initMagics(Magic* magics, Bitboard* table, const int (*dirs)[2], const Bitboard* known, std::uint64_t seed) {
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
        if (gUsePext) {  // PEXT numbers the subsets densely: no multiplier to find, no collisions
            m.magic = 0;
            for (int i = 0; i < size; ++i) entries[m.index(occupancy[i])] = reference[i];
            next += size;
            continue;
        }
        for (bool first = true;; first = false) {
            if (first) {
                m.magic = known[s];  // verified below like any candidate; searched for only if it fails
            } else {
                do {
                    m.magic = rng.sparse();
                } while (popcount((m.mask * m.magic) >> 56) < 6);
            }
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
    gUsePext = choosePext();
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
    initMagics(kBishopMagic, gBishopTable, kBishopDirs, kBishopMagics, 0x2545F4914F6CDD1DULL);
    initMagics(kRookMagic, gRookTable, kRookDirs, kRookMagics, 0x9E3779B97F4A7C15ULL);
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
