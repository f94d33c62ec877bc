// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/result.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <optional>
#include <variant>

namespace kibitz::engines {

/// An engine score from the side to move's point of view, as `info score` reports it.
struct UciScore {
    enum class Kind { Centipawns, Mate };
    /// Whether the value is exact or only a bound (the search failed high or low at this depth).
    enum class Bound { Exact, Lower, Upper };

    Kind kind = Kind::Centipawns;
    int value = 0;  ///< centipawns, or moves to mate (negative: the side to move is mated)
    Bound bound = Bound::Exact;

    bool isMate() const { return kind == Kind::Mate; }
    bool operator==(const UciScore&) const = default;
};

/// Win/draw/loss expectation in permille, from the side to move's point of view (`info ... wdl W D L`).
struct UciWdl {
    int win = 0;
    int draw = 0;
    int loss = 0;
    bool operator==(const UciWdl&) const = default;
};

/// One `info` line. Fields the engine did not send are empty.
struct UciInfo {
    std::optional<int> depth;
    std::optional<int> selDepth;
    std::optional<int> multiPv;
    std::optional<UciScore> score;
    std::optional<UciWdl> wdl;
    std::optional<std::int64_t> nodes;
    std::optional<std::int64_t> nps;
    std::optional<int> hashFull;  ///< permille
    std::optional<std::int64_t> tbHits;
    std::optional<std::int64_t> timeMs;
    QString currMove;
    std::optional<int> currMoveNumber;
    QStringList pv;  ///< UCI moves, e.g. "e2e4"
    QString string;  ///< free text after `info string`
};

/// `bestmove M [ponder P]`. `move` is "(none)" or "0000" when the engine has no legal move.
struct UciBestMove {
    QString move;
    QString ponder;
    /// True when the engine reported that it has no move (mate or stalemate on the board).
    bool isNone() const { return move == QLatin1String("(none)") || move == QLatin1String("0000"); }
};

/// One `option name N type T [default D] [min M] [max X] [var V]...` line.
struct UciOption {
    enum class Type { Check, Spin, Combo, Button, String };
    QString name;
    Type type = Type::String;
    QString defaultValue;
    std::optional<std::int64_t> min;
    std::optional<std::int64_t> max;
    QStringList vars;  ///< combo choices
};

/// `id name X` or `id author X`.
struct UciId {
    enum class Field { Name, Author };
    Field field = Field::Name;
    QString value;
};

struct UciUciOk {};
struct UciReadyOk {};
/// A line whose first token is not a UCI engine-to-GUI command (banners, debug chatter). UCI says to ignore these.
struct UciUnknown {
    QString text;
};

/// Anything an engine can send, parsed.
using UciMessage = std::variant<UciUnknown, UciId, UciUciOk, UciReadyOk, UciOption, UciInfo, UciBestMove>;

/// Parses one line of engine output (without the newline; a trailing '\r' is ignored).
/// Unknown first tokens give UciUnknown; a known command with bad arguments gives an error naming the token,
/// e.g. "info: 'depth' expects an integer, got 'x'". Empty lines give UciUnknown with empty text.
Result<UciMessage> parseUciLine(QStringView line);

/// Parses the part after `info`. Errors name the offending token.
Result<UciInfo> parseInfo(QStringView args);
/// Parses the part after `option`. Requires `name` and a valid `type`.
Result<UciOption> parseOption(QStringView args);
/// Parses the part after `bestmove`. Requires a move.
Result<UciBestMove> parseBestMove(QStringView args);
/// Parses the part after `id`. Requires `name` or `author`.
Result<UciId> parseId(QStringView args);

/// Text for an option type as UCI spells it ("check", "spin", ...).
QString optionTypeName(UciOption::Type type);

}  // namespace kibitz::engines
