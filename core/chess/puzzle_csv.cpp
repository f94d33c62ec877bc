// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/puzzle_csv.h"

#include "core/chess/notation.h"

#include <array>
#include <charconv>

namespace kibitz::chess {

namespace {

// The Lichess columns in the order of the Puzzle fields, then Kibitz's own; the first five are required.
enum Column {
    kId,
    kFen,
    kMoves,
    kRating,
    kRd,
    kPopularity,
    kNbPlays,
    kThemes,
    kGameUrl,
    kOpeningTags,
    kPlayedMove,
    kPlayedLoss,
    kPeerLoss,
    kPlayerRating,
    kPeerRating,
    kRatingScale,
    kColumnCount
};
constexpr std::array<std::string_view, kColumnCount> kColumnNames = {
    "PuzzleId", "FEN",          "Moves",      "Rating",      "RatingDeviation", "Popularity",
    "NbPlays",  "Themes",       "GameUrl",    "OpeningTags", "PlayedMove",      "PlayedLoss",
    "PeerLoss", "PlayerRating", "PeerRating", "RatingScale",
};
constexpr int kRequiredColumns = 5;

// Splits one record into `fields` (reused, so steady-state reading allocates little). On an unterminated quote or
// stray text after a closing quote, returns the 0-based index of the bad field and sets `reason`; else -1.
int splitInto(std::string_view line, std::vector<std::string>& fields, std::size_t& count, std::string& reason) {
    count = 0;
    std::size_t i = 0;
    const std::size_t n = line.size();
    for (;;) {
        if (fields.size() <= count) fields.emplace_back();
        std::string& f = fields[count];
        f.clear();
        if (i < n && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < n) {
                const char c = line[i];
                if (c == '"') {
                    if (i + 1 < n && line[i + 1] == '"') {
                        f.push_back('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                f.push_back(c);
                ++i;
            }
            if (!closed) {
                reason = "unterminated quote";
                return int(count);
            }
            if (i < n && line[i] != ',') {
                reason = "unexpected text after closing quote";
                return int(count);
            }
        } else {
            const std::size_t comma = line.find(',', i);
            const std::size_t end = comma == std::string_view::npos ? n : comma;
            f.assign(line.data() + i, end - i);
            i = end;
        }
        ++count;
        if (i >= n) return -1;
        ++i;  // skip the comma; a trailing comma yields one more (empty) field
        if (i == n) {
            if (fields.size() <= count) fields.emplace_back();
            fields[count].clear();
            ++count;
            return -1;
        }
    }
}

bool parseInt(const std::string& text, int& out) {
    if (text.empty()) return false;
    const char* b = text.data();
    const char* e = b + text.size();
    if (*b == '+') ++b;
    auto [p, ec] = std::from_chars(b, e, out);
    return ec == std::errc() && p == e;
}

// A loss of winning chances (Lichess's scale: -1 to +1, so a move loses 0 to 2), as the profile writes it.
bool parseLoss(const std::string& text, double& out) {
    const char* b = text.data();
    const char* e = b + text.size();
    auto [p, ec] = std::from_chars(b, e, out, std::chars_format::fixed);
    return ec == std::errc() && p == e && out >= 0.0 && out <= 2.0;
}

// Odd number of quote characters so far means the record continues on the next physical line.
bool insideQuotes(std::string_view text, bool startInside) {
    bool inside = startInside;
    for (char c : text)
        if (c == '"') inside = !inside;
    return inside;
}

}  // namespace

std::string CsvSkip::message() const {
    std::string m = file + ": row " + std::to_string(row);
    if (!column.empty()) m += ", column '" + column + "'";
    m += ": " + reason;
    if (line > 0) m += " (line " + std::to_string(line) + ")";
    return m;
}

Position Puzzle::solverStart() const {
    auto pos = Position::fromFen(fen);
    if (!pos) return Position();
    Position p = std::move(pos.value());
    if (!moves.empty()) p.makeMove(moves.front());
    return p;
}

Result<std::vector<std::string>> splitCsvRecord(std::string_view line) {
    std::vector<std::string> fields;
    std::size_t count = 0;
    std::string reason;
    const int bad = splitInto(line, fields, count, reason);
    if (bad >= 0) return makeError(ErrorCode::InvalidInput, "field " + std::to_string(bad + 1) + ": " + reason);
    fields.resize(count);
    return fields;
}

std::string csvField(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out;
    out.reserve(text.size() + 2);
    out.push_back('"');
    for (char c : text) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

std::string joinCsvRecord(const std::vector<std::string>& fields) {
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out.push_back(',');
        out += csvField(fields[i]);
    }
    out.push_back('\n');
    return out;
}

PuzzleCsvReader::PuzzleCsvReader(std::unique_ptr<TextInput> input) : m_input(std::move(input)) {}

Result<std::unique_ptr<PuzzleCsvReader>> PuzzleCsvReader::open(const std::string& path) {
    auto in = TextInput::open(path);
    if (!in) return in.error();
    auto reader = std::make_unique<PuzzleCsvReader>(std::move(in.value()));
    if (!reader->readHeader()) return makeError(ErrorCode::InvalidInput, reader->m_headerError);
    return reader;
}

bool PuzzleCsvReader::readRecord() {
    std::string_view line;
    if (!m_input->readLine(line)) return false;
    m_recordLine = m_input->lineNumber();
    if (!insideQuotes(line, false)) {
        m_record.assign(line);
        return true;
    }
    // A quoted field spans lines: join them with the newline they contained.
    m_record.assign(line);
    bool inside = true;
    while (inside) {
        if (!m_input->readLine(line)) return true;  // unterminated; splitting reports it
        m_record.push_back('\n');
        m_record.append(line);
        inside = insideQuotes(line, inside);
    }
    return true;
}

bool PuzzleCsvReader::readHeader() {
    m_headerRead = true;
    m_columnIndex.assign(kColumnCount, -1);
    const std::string& file = m_input->name();
    if (!readRecord()) {
        m_headerError = m_input->error().empty() ? file + ": empty file (a CSV header is required)" : m_input->error();
        return false;
    }
    std::size_t count = 0;
    std::string reason;
    if (splitInto(m_record, m_fields, count, reason) >= 0) {
        m_headerError = file + ":" + std::to_string(m_recordLine) + ": header: " + reason;
        return false;
    }
    for (std::size_t i = 0; i < count; ++i) {
        for (int c = 0; c < kColumnCount; ++c)
            if (m_fields[i] == kColumnNames[c] && m_columnIndex[c] < 0) m_columnIndex[c] = int(i);
    }
    for (int c = 0; c < kRequiredColumns; ++c) {
        if (m_columnIndex[c] < 0) {
            m_headerError = file + ": header lacks the required column '" + std::string(kColumnNames[c]) +
                            "' (expected PuzzleId,FEN,Moves,Rating,RatingDeviation,...)";
            return false;
        }
    }
    m_headerFields = int(count);
    return true;
}

void PuzzleCsvReader::skip(std::string column, std::string reason) {
    ++m_skipped;
    if (!m_onSkip) return;
    CsvSkip s;
    s.file = m_input->name();
    s.row = m_rows;
    s.line = m_recordLine;
    s.column = std::move(column);
    s.reason = std::move(reason);
    m_onSkip(s);
}

bool PuzzleCsvReader::next(Puzzle& puzzle) {
    if (!m_headerRead && !readHeader()) return false;
    if (!m_headerError.empty()) return false;
    while (readRecord()) {
        if (m_record.empty()) continue;  // blank lines carry no record
        ++m_rows;
        if (parseRow(puzzle)) return true;
    }
    return false;
}

bool PuzzleCsvReader::parseRow(Puzzle& puzzle) {
    std::size_t count = 0;
    std::string reason;
    const int bad = splitInto(m_record, m_fields, count, reason);
    auto columnName = [this](int fieldIndex) -> std::string {
        for (int c = 0; c < kColumnCount; ++c)
            if (m_columnIndex[c] == fieldIndex) return std::string(kColumnNames[c]);
        return "#" + std::to_string(fieldIndex + 1);
    };
    if (bad >= 0) {
        skip(columnName(bad), reason);
        return false;
    }
    if (int(count) < m_headerFields) {
        skip(columnName(int(count)), "missing (row has " + std::to_string(count) + " fields, header has " +
                                         std::to_string(m_headerFields) + ")");
        return false;
    }
    if (int(count) > m_headerFields) {
        skip("", "row has " + std::to_string(count) + " fields, header has " + std::to_string(m_headerFields));
        return false;
    }

    puzzle.id = field(kId);
    if (puzzle.id.empty()) {
        skip("PuzzleId", "empty");
        return false;
    }
    struct IntColumn {
        Column column;
        int* target;
        bool required;
    };
    const IntColumn ints[] = {
        {kRating, &puzzle.rating, true},
        {kRd, &puzzle.ratingDeviation, true},
        {kPopularity, &puzzle.popularity, false},
        {kNbPlays, &puzzle.nbPlays, false},
    };
    for (const IntColumn& ic : ints) {
        const std::string& text = field(ic.column);
        if (text.empty() && !ic.required) {
            *ic.target = 0;
            continue;
        }
        if (!parseInt(text, *ic.target)) {
            skip(std::string(kColumnNames[ic.column]), "not an integer '" + text + "'");
            return false;
        }
    }
    if (puzzle.ratingDeviation < 0) {
        skip("RatingDeviation", "negative '" + field(kRd) + "'");
        return false;
    }

    puzzle.fen = field(kFen);
    auto start = Position::fromFen(puzzle.fen);
    if (!start) {
        skip("FEN", start.error().message);
        return false;
    }
    Position pos = std::move(start.value());

    puzzle.moves.clear();
    const std::string& movesText = field(kMoves);
    std::size_t i = 0;
    while (i < movesText.size()) {
        if (movesText[i] == ' ') {
            ++i;
            continue;
        }
        std::size_t end = movesText.find(' ', i);
        if (end == std::string::npos) end = movesText.size();
        const std::string_view uci(movesText.data() + i, end - i);
        auto move = parseUci(pos, uci);
        if (!move) {
            skip("Moves", "illegal move '" + std::string(uci) + "' at index " + std::to_string(puzzle.moves.size()) +
                              ": " + move.error().message);
            return false;
        }
        pos.makeMove(move.value());
        puzzle.moves.push_back(move.value());
        i = end;
    }
    if (puzzle.moves.size() < 2) {
        skip("Moves",
             "needs at least 2 moves (setup move and a solver move), found " + std::to_string(puzzle.moves.size()));
        return false;
    }

    puzzle.themes.clear();
    const std::string& themes = field(kThemes);
    for (std::size_t t = 0; t < themes.size();) {
        if (themes[t] == ' ') {
            ++t;
            continue;
        }
        std::size_t end = themes.find(' ', t);
        if (end == std::string::npos) end = themes.size();
        puzzle.themes.emplace_back(themes, t, end - t);
        t = end;
    }
    puzzle.gameUrl = field(kGameUrl);
    puzzle.openingTags = field(kOpeningTags);
    return parseProfileColumns(puzzle);
}

const std::string& PuzzleCsvReader::field(int column) const {
    return m_columnIndex[std::size_t(column)] >= 0 ? m_fields[std::size_t(m_columnIndex[std::size_t(column)])]
                                                   : m_empty;
}

bool PuzzleCsvReader::parseProfileColumns(Puzzle& puzzle) {
    // Kibitz's own columns (the player profile's): the move of the game where the solver's first move was due.
    puzzle.playedMove = Move();
    if (const std::string& played = field(kPlayedMove); !played.empty()) {
        auto move = parseUci(puzzle.solverStart(), played);
        if (!move) {
            skip("PlayedMove",
                 "illegal move '" + played + "' where the solver's first move is due: " + move.error().message);
            return false;
        }
        puzzle.playedMove = move.value();
    }
    const std::pair<Column, double*> losses[] = {{kPlayedLoss, &puzzle.playedLoss}, {kPeerLoss, &puzzle.peerLoss}};
    for (const auto& [column, target] : losses) {
        *target = -1.0;
        const std::string& text = field(column);
        if (text.empty()) continue;
        if (!parseLoss(text, *target)) {
            skip(std::string(kColumnNames[column]), "not a loss of winning chances from 0 to 2 '" + text + "'");
            return false;
        }
    }
    const std::pair<Column, int*> ratings[] = {{kPlayerRating, &puzzle.playerRating},
                                               {kPeerRating, &puzzle.peerRating}};
    for (const auto& [column, target] : ratings) {
        *target = 0;
        const std::string& text = field(column);
        if (text.empty()) continue;
        if (!parseInt(text, *target) || *target < kMinPuzzlePlayerRating || *target > kMaxPuzzlePlayerRating) {
            *target = 0;
            skip(std::string(kColumnNames[column]), "not a rating from " + std::to_string(kMinPuzzlePlayerRating) +
                                                        " to " + std::to_string(kMaxPuzzlePlayerRating) + " '" + text +
                                                        "'");
            return false;
        }
    }
    puzzle.chessComRatings = false;
    if (const std::string& scale = field(kRatingScale); scale == "chess.com") {
        puzzle.chessComRatings = true;
    } else if (!scale.empty() && scale != "lichess") {
        skip("RatingScale", "neither 'lichess' nor 'chess.com': '" + scale + "'");
        return false;
    }
    return true;
}

}  // namespace kibitz::chess
