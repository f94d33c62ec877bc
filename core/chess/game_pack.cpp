// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/game_pack.h"

#include "core/chess/notation.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>

namespace kibitz::chess {

namespace {

constexpr char kMagic[8] = {'K', 'B', 'Z', 'G', 'A', 'M', 'E', 'S'};
constexpr std::uint16_t kNoClock = 0xFFFF;
constexpr std::int16_t kNoEval = INT16_MIN;
constexpr int kMateBase = 30000;
constexpr std::uint32_t kMaxRecord = 1u << 24;  // 16 MB: far beyond any real game
constexpr std::uint32_t kSectionMark = 0xFFFFFFFFu;

constexpr std::array<std::string_view, 16> kKeptTags = {
    "Event",    "Site",     "Date",        "White",       "Black",   "Result", "UTCDate", "UTCTime",
    "WhiteElo", "BlackElo", "TimeControl", "Termination", "Variant", "SetUp",  "FEN",     "Round"};

void put8(std::string& b, std::uint8_t v) { b.push_back(char(v)); }
void put16(std::string& b, std::uint16_t v) {
    b.push_back(char(v & 0xFF));
    b.push_back(char(v >> 8));
}
void put32(std::string& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(char((v >> (8 * i)) & 0xFF));
}
void put64(std::string& b, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) b.push_back(char((v >> (8 * i)) & 0xFF));
}
std::uint64_t le(const unsigned char* p, int n) {
    std::uint64_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

/// Reads a section mark's body (after its u32 mark); false on a truncated or oversized one.
bool readSectionBody(std::istream& in, GamePackSection& s) {
    unsigned char head[10];
    in.read(reinterpret_cast<char*>(head), 10);
    if (in.gcount() != 10) return false;
    s.sourceBytes = le(head, 8);
    const std::size_t n = std::size_t(le(head + 8, 2));
    s.name.assign(n, '\0');
    in.read(s.name.data(), std::streamsize(n));
    return std::size_t(in.gcount()) == n;
}

/// Opens a pack and checks its magic and version; the stream stands at the first record.
Status openPack(std::ifstream& in, const std::string& path) {
    in.open(path, std::ios::binary);
    if (!in) return makeError(ErrorCode::Io, path + ": cannot open the file");
    char magic[8];
    unsigned char version[4];
    in.read(magic, 8);
    in.read(reinterpret_cast<char*>(version), 4);
    if (!in || std::memcmp(magic, kMagic, 8) != 0)
        return makeError(ErrorCode::InvalidInput, path + ": not a Kibitz game pack (bad magic)");
    const std::uint32_t v = std::uint32_t(le(version, 4));
    if (v < 1 || v > kGamePackVersion)
        return makeError(ErrorCode::Unsupported, path + ": game pack version " + std::to_string(v) +
                                                     " (this build reads versions 1 to " +
                                                     std::to_string(kGamePackVersion) + ")");
    return {};
}

/// Reads fields from a record, remembering whether it ran past the end.
struct Cursor {
    const std::string& b;
    std::size_t at = 0;
    bool bad = false;
    bool need(std::size_t n) {
        if (bad || at + n > b.size()) bad = true;
        return !bad;
    }
    std::uint8_t u8() { return need(1) ? std::uint8_t(b[at++]) : 0; }
    std::uint16_t u16() {
        if (!need(2)) return 0;
        const std::uint16_t v = std::uint16_t(std::uint8_t(b[at]) | (std::uint8_t(b[at + 1]) << 8));
        at += 2;
        return v;
    }
    std::string str(std::size_t n) {
        if (!need(n)) return {};
        std::string s = b.substr(at, n);
        at += n;
        return s;
    }
};

std::int16_t encodeEval(const PgnMove& m) {
    if (m.evalMate) {
        const int n = std::clamp(*m.evalMate, -2000, 2000);
        return std::int16_t(n >= 0 ? kMateBase + n : -(kMateBase - n));
    }
    if (m.evalCp) return std::int16_t(std::clamp(*m.evalCp, -(kMateBase - 1), kMateBase - 1));
    return kNoEval;
}

}  // namespace

bool gamePackKeepsTag(std::string_view key) {
    return std::find(kKeptTags.begin(), kKeptTags.end(), key) != kKeptTags.end();
}

bool isGamePackPath(std::string_view path) {
    constexpr std::string_view kSuffix = ".kgames";
    return path.size() >= kSuffix.size() && path.substr(path.size() - kSuffix.size()) == kSuffix;
}

GamePackWriter::~GamePackWriter() = default;

Result<std::unique_ptr<GamePackWriter>> GamePackWriter::create(const std::string& path) {
    std::unique_ptr<GamePackWriter> w(new GamePackWriter);
    w->m_path = path;
    w->m_out.open(path, std::ios::binary | std::ios::trunc);
    if (!w->m_out) return makeError(ErrorCode::Io, path + ": cannot create the file");
    std::string header(kMagic, sizeof kMagic);
    put32(header, kGamePackVersion);
    w->m_out.write(header.data(), std::streamsize(header.size()));
    if (!w->m_out) return makeError(ErrorCode::Io, path + ": write failed");
    return w;
}

Status GamePackWriter::beginSection(const std::string& name, std::uint64_t sourceBytes) {
    if (name.size() > 0xFFFF) return makeError(ErrorCode::InvalidInput, m_path + ": section name too long");
    std::string mark;
    put32(mark, kSectionMark);
    put64(mark, sourceBytes);
    put16(mark, std::uint16_t(name.size()));
    mark += name;
    m_out.write(mark.data(), std::streamsize(mark.size()));
    if (!m_out) return makeError(ErrorCode::Io, m_path + ": write failed (disk full?)");
    return {};
}

Status GamePackWriter::add(const PgnGame& game) {
    const std::string where = m_path + ": game " + std::to_string(m_games + 1);
    if (game.moves.size() > 0xFFFF) return makeError(ErrorCode::InvalidInput, where + ": more than 65535 moves");
    bool evals = false, clocks = false;
    for (const PgnMove& m : game.moves) {
        evals = evals || m.evalCp || m.evalMate;
        clocks = clocks || m.clockSeconds >= 0;
    }
    std::string rec;
    put8(rec, std::uint8_t((evals ? 1 : 0) | (clocks ? 2 : 0)));
    // With a Site the game is identified by it (training::gameId); the date, time, event and round that would
    // identify it otherwise are dropped to keep the pack small.
    const std::string site = game.tag("Site");
    const bool hasSite = !site.empty() && site != "?";
    std::vector<const std::pair<std::string, std::string>*> tags;
    for (const auto& t : game.tags) {
        if (!gamePackKeepsTag(t.first)) continue;
        if (hasSite && (t.first == "Event" || t.first == "Date" || t.first == "Round" || t.first == "UTCDate" ||
                        t.first == "UTCTime"))
            continue;
        tags.push_back(&t);
    }
    put8(rec, std::uint8_t(tags.size()));
    for (const auto* t : tags) {
        if (t->second.size() > 0xFFFF)
            return makeError(ErrorCode::InvalidInput, where + ": tag " + t->first + " too long");
        put8(rec, std::uint8_t(t->first.size()));
        rec += t->first;
        put16(rec, std::uint16_t(t->second.size()));
        rec += t->second;
    }
    const std::string fen = game.startFen == Position::kStartFen ? std::string() : game.startFen;
    if (fen.size() > 0xFFFF) return makeError(ErrorCode::InvalidInput, where + ": FEN too long");
    put16(rec, std::uint16_t(fen.size()));
    rec += fen;
    if (game.result.size() > 0xFF) return makeError(ErrorCode::InvalidInput, where + ": result too long");
    put8(rec, std::uint8_t(game.result.size()));
    rec += game.result;
    put16(rec, std::uint16_t(game.moves.size()));
    for (const PgnMove& m : game.moves) {
        put16(rec, m.move.raw());
        if (clocks) put16(rec, m.clockSeconds < 0 ? kNoClock : std::uint16_t(std::min(m.clockSeconds, 0xFFFE)));
        if (evals) put16(rec, std::uint16_t(encodeEval(m)));
    }
    std::string size;
    put32(size, std::uint32_t(rec.size()));
    m_out.write(size.data(), 4);
    m_out.write(rec.data(), std::streamsize(rec.size()));
    if (!m_out) return makeError(ErrorCode::Io, m_path + ": write failed (disk full?)");
    ++m_games;
    return {};
}

Status GamePackWriter::close() {
    m_out.flush();
    m_out.close();
    if (m_out.fail()) return makeError(ErrorCode::Io, m_path + ": write failed on close");
    return {};
}

GamePackReader::~GamePackReader() = default;

Result<std::unique_ptr<GamePackReader>> GamePackReader::open(const std::string& path) {
    std::unique_ptr<GamePackReader> r(new GamePackReader);
    r->m_path = path;
    if (Status st = openPack(r->m_in, path); !st) return st.error();
    return r;
}

Result<std::unique_ptr<GamePackReader>> GamePackReader::open(const std::string& path, const GamePackSection& section) {
    auto r = open(path);
    if (!r) return r;
    auto& reader = *r.value();
    reader.m_in.seekg(std::streamoff(section.offset));
    if (!reader.m_in)
        return makeError(ErrorCode::InvalidInput, path + ": no section at offset " + std::to_string(section.offset));
    reader.m_oneSection = true;
    return r;
}

Result<std::vector<GamePackSection>> GamePackReader::sections(const std::string& path) {
    std::ifstream in;
    if (Status st = openPack(in, path); !st) return st.error();
    std::vector<GamePackSection> out;
    for (;;) {
        const std::uint64_t at = std::uint64_t(in.tellg());
        unsigned char size[4];
        in.read(reinterpret_cast<char*>(size), 4);
        if (in.gcount() == 0 && in.eof()) break;
        if (in.gcount() != 4)
            return makeError(ErrorCode::InvalidInput, path + ": truncated record size at offset " + std::to_string(at));
        const std::uint32_t n = std::uint32_t(le(size, 4));
        if (n == kSectionMark) {
            GamePackSection s;
            if (!readSectionBody(in, s))
                return makeError(ErrorCode::InvalidInput,
                                 path + ": truncated section mark at offset " + std::to_string(at));
            s.offset = std::uint64_t(in.tellg());
            out.push_back(std::move(s));
            continue;
        }
        if (n > kMaxRecord)
            return makeError(ErrorCode::InvalidInput, path + ": record of " + std::to_string(n) + " bytes at offset " +
                                                          std::to_string(at) + " (corrupt size)");
        in.seekg(std::streamoff(n), std::ios::cur);
        if (!in) return makeError(ErrorCode::InvalidInput, path + ": truncated record at offset " + std::to_string(at));
    }
    return out;
}

bool GamePackReader::fail(const std::string& what) {
    m_error = m_path + ": game " + std::to_string(m_games + 1) + ": " + what;
    return false;
}

bool GamePackReader::next(PgnGame& game) {
    if (!m_error.empty()) return false;
    std::uint32_t n = 0;
    for (;;) {
        unsigned char size[4];
        m_in.read(reinterpret_cast<char*>(size), 4);
        if (m_in.gcount() == 0 && m_in.eof()) return false;  // clean end
        if (m_in.gcount() != 4) return fail("truncated record size");
        n = std::uint32_t(le(size, 4));
        if (n != kSectionMark) break;
        if (m_oneSection) return false;  // the next section starts: this one is done
        GamePackSection skipped;
        if (!readSectionBody(m_in, skipped)) return fail("truncated section mark");
    }
    if (n > kMaxRecord) return fail("record of " + std::to_string(n) + " bytes (corrupt size)");
    m_record.resize(n);
    m_in.read(m_record.data(), std::streamsize(n));
    if (std::uint32_t(m_in.gcount()) != n) return fail("truncated record");

    Cursor c{m_record};
    game = PgnGame{};
    const std::uint8_t flags = c.u8();
    if (flags > 3) return fail("unknown flags " + std::to_string(flags));
    const int tagCount = c.u8();
    for (int i = 0; i < tagCount && !c.bad; ++i) {
        std::string key = c.str(c.u8());
        std::string value = c.str(c.u16());
        game.tags.emplace_back(std::move(key), std::move(value));
    }
    game.startFen = c.str(c.u16());
    if (game.startFen.empty()) game.startFen = std::string(Position::kStartFen);
    game.result = c.str(c.u8());
    const int moves = c.u16();
    if (c.bad) return fail("truncated header");
    auto start = Position::fromFen(game.startFen);
    if (!start) return fail("start FEN: " + start.error().message);
    Position pos = start.value();
    game.moves.reserve(std::size_t(moves));
    for (int i = 0; i < moves; ++i) {
        PgnMove m;
        m.move = Move::fromRaw(c.u16());
        if (flags & 2) {
            const std::uint16_t clock = c.u16();
            m.clockSeconds = clock == kNoClock ? -1 : int(clock);
        }
        if (flags & 1) {
            const std::int16_t e = std::int16_t(c.u16());
            if (e != kNoEval) {
                if (e >= kMateBase)
                    m.evalMate = e - kMateBase;
                else if (e <= -kMateBase)
                    m.evalMate = -(-e - kMateBase);
                else
                    m.evalCp = e;
            }
        }
        if (c.bad) return fail("truncated moves");
        if (!pos.isLegal(m.move)) return fail("move " + std::to_string(i + 1) + " is not legal in " + pos.fen());
        pos.makeMove(m.move);
        game.moves.push_back(std::move(m));
    }
    if (c.at != m_record.size()) return fail(std::to_string(m_record.size() - c.at) + " bytes left over in the record");
    ++m_games;
    return true;
}

GameReader::~GameReader() = default;

Result<std::unique_ptr<GameReader>> GameReader::open(const std::string& path) {
    std::unique_ptr<GameReader> r(new GameReader);
    r->m_path = path;
    if (isGamePackPath(path)) {
        auto pack = GamePackReader::open(path);
        if (!pack) return pack.error();
        r->m_pack = std::move(pack.value());
    } else {
        auto pgn = PgnReader::open(path);
        if (!pgn) return pgn.error();
        r->m_pgn = std::move(pgn.value());
        r->m_pgn->setKeepVariations(false);  // training reads main lines only
    }
    return r;
}

Result<std::unique_ptr<GameReader>> GameReader::open(const std::string& path, const GamePackSection& section) {
    std::unique_ptr<GameReader> r(new GameReader);
    r->m_path = path;
    auto pack = GamePackReader::open(path, section);
    if (!pack) return pack.error();
    r->m_pack = std::move(pack.value());
    return r;
}

bool GameReader::next(PgnGame& game) {
    const bool got = m_pack ? m_pack->next(game) : m_pgn->next(game);
    if (got) ++m_returned;
    return got;
}

void GameReader::setOnSkip(GameSkipHook hook) {
    if (!m_pgn) return;
    if (!hook) {
        m_pgn->setOnSkip({});
        return;
    }
    m_pgn->setOnSkip([this, hook = std::move(hook)](const PgnSkip& skip) { hook(gameNumber(), skip); });
}

void GameReader::setTagsOnly(bool on) {
    if (m_pgn) m_pgn->setTagsOnly(on);
}

std::int64_t GameReader::skippedCount() const { return m_pack ? 0 : m_pgn->skippedCount(); }

std::string GameReader::ioError() const { return m_pack ? m_pack->error() : m_pgn->ioError(); }

}  // namespace kibitz::chess
