// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: what a game site's export API answers, as fetch-games reads it (core/jobs/game_stream: the PGN
// games of a response fed chunk by chunk, chess.com's archive list, the addresses a download may fetch). Input: one
// byte that chooses how the response is cut into chunks, then the response body. Nothing may crash. The body fed
// whole and fed in chunks gives the same games and the same verdict (refused, cut, complete). Every game returned
// starts with "[Event", holds no second game, is at most the limit long and is a piece of the body, in the body's
// order; the one the end gives ends as a game does. Every address an archive list yields is an https address on
// api.chess.com (or on the configured test root), and no month before the one asked from.
#include "core/jobs/game_stream.h"
#include "tests/fuzz/fuzz_check.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

using kibitz::fuzz::check;
using namespace kibitz;
using namespace kibitz::jobs;

namespace {

/// A small limit, so that a game longer than it is within the fuzzer's reach (a real Lichess game is 1-3 KB).
constexpr qsizetype kLimit = 4096;

struct Outcome {
    bool ok = false;
    QList<QByteArray> games;
    bool cut = false;
    bool lastFromEnd = false;  ///< finish() gave the last game
};

/// The body through one GameStream: whole when `split` is 0, else in chunks of 1 to 2^(split % 8) bytes (a
/// xorshift sequence seeded by `split`), with an empty chunk now and then.
Outcome readBody(QByteArrayView body, std::uint8_t split) {
    GameStream stream(kLimit);
    Outcome o;
    std::uint32_t state = 0x9E3779B9u ^ split;
    const std::uint32_t maxChunk = std::uint32_t(1) << (split % 8);
    auto fail = [&](const Error& error) {
        check(!error.message.empty(), "an error has a message");
        check(!stream.feed("[Event \"x\"]\n").ok(), "an error stays");
        return o;
    };
    for (qsizetype at = 0; at < body.size();) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        const qsizetype n = split == 0 ? body.size() : std::min<qsizetype>(1 + state % maxChunk, body.size() - at);
        if (split != 0 && (state & 0x300) == 0) check(stream.feed({}).ok(), "an empty chunk is no error");
        auto r = stream.feed(body.sliced(at, n));
        at += n;
        if (!r) return fail(r.error());
        o.games += *r;
    }
    auto end = stream.finish();
    if (!end) return fail(end.error());
    o.ok = true;
    o.games += end->games;
    o.cut = end->cut;
    o.lastFromEnd = !end->games.isEmpty();
    check(!(o.cut && o.lastFromEnd), "a cut end gives no last game");
    return o;
}

void checkGames(QByteArrayView body, const Outcome& o) {
    qsizetype at = 0;
    for (const QByteArray& g : o.games) {
        // "[Event" without its space: a game of that tag's start alone ("[Event \n") is trimmed.
        check(g.startsWith("[Event"), "a game starts with [Event", g.left(60).toStdString());
        check(!g.contains("\n[Event "), "one game at a time", g.left(60).toStdString());
        check(g == g.trimmed() && g.size() <= kLimit, "trimmed, within the limit");
        at = body.indexOf(g, at);
        check(at >= 0, "a game is a piece of the body, in order", g.left(60).toStdString());
        at += g.size();
        check(!gameKey(g).isEmpty(), "every game has a key");
        (void)gameStartTime(g);
    }
    if (o.lastFromEnd) check(endsAsGame(o.games.back()), "the last game ends as a game does");
}

void checkArchiveList(QByteArrayView body, const QUrl& root, QDate since) {
    const auto months = parseArchiveList(body, root, since);
    if (!months) {
        const ErrorCode code = months.error().code;
        check(code == ErrorCode::InvalidInput || code == ErrorCode::Unsupported, "a refusal says which");
        check(!months.error().message.empty(), "an error has a message");
        return;
    }
    for (const QString& month : *months) {
        const QUrl url(month + QStringLiteral("/pgn"));
        check(fetchAllowed(GameSite::ChessCom, root, url), "a month may be fetched", month.toStdString());
        if (root == builtInApiRoot(GameSite::ChessCom))
            check(url.scheme() == QLatin1String("https") && url.host() == QLatin1String("api.chess.com") &&
                      (url.port() == -1 || url.port() == 443),
                  "chess.com's own https address", month.toStdString());
        else
            check(url.scheme() == root.scheme() && url.host() == root.host() && url.port() == root.port(),
                  "the configured root's address", month.toStdString());
        const QStringList parts = month.split(u'/');
        if (since.isValid() && parts.size() >= 2)
            check(parts.at(parts.size() - 2).toInt() * 12 + parts.back().toInt() >= since.year() * 12 + since.month(),
                  "no month before the one asked from", month.toStdString());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t split = data[0];
    const QByteArrayView body(reinterpret_cast<const char*>(data) + 1, qsizetype(size - 1));

    const Outcome whole = readBody(body, 0);
    const Outcome chunked = readBody(body, split);
    check(whole.ok == chunked.ok, "whole and in chunks: the same verdict");
    if (whole.ok) {
        check(whole.games == chunked.games, "whole and in chunks: the same games");
        check(whole.cut == chunked.cut, "whole and in chunks: the same end");
        checkGames(body, whole);
    }

    const QDate since = split & 1 ? QDate(2007 + split % 20, 1 + split % 12, 1) : QDate();
    checkArchiveList(body, builtInApiRoot(GameSite::ChessCom), since);
    checkArchiveList(body, QUrl(QStringLiteral("http://127.0.0.1:8080")), since);
    // The body as an address: whatever it is, the built-in rule lets through only chess.com's https host.
    const QUrl url(QString::fromUtf8(body.first(std::min<qsizetype>(body.size(), 2048))));
    if (fetchAllowed(GameSite::ChessCom, builtInApiRoot(GameSite::ChessCom), url))
        check(url.scheme() == QLatin1String("https") && url.host() == QLatin1String("api.chess.com"),
              "only chess.com's https host");
    if (fetchAllowed(GameSite::Lichess, builtInApiRoot(GameSite::Lichess), url))
        check(url.scheme() == QLatin1String("https") && url.host() == QLatin1String("lichess.org"),
              "only lichess.org over https");
    return 0;
}
