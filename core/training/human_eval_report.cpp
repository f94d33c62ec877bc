// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/training/human_eval_report.h"

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace kibitz::training {

namespace {

/// printf into a string (the report's lines are short).
[[gnu::format(printf, 2, 3)]] void appendf(std::string& out, const char* format, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, format);
    const int n = std::vsnprintf(buf, sizeof buf, format, ap);
    va_end(ap);
    if (n > 0) out.append(buf, std::size_t(std::min(n, int(sizeof buf) - 1)));
}

std::string valueText(const GameEvalReport::Value& v) {
    std::string out;
    appendf(out, "value head (win/draw/loss vs result): %s\n  by phase:", v.metrics.summary().c_str());
    // The phases in the order of their names, with the JSON's rounding (5 decimals), as the command has printed them.
    std::array<GamePhase, 3> phases{GamePhase::Opening, GamePhase::Middlegame, GamePhase::Endgame};
    std::sort(phases.begin(), phases.end(),
              [](GamePhase a, GamePhase b) { return std::strcmp(phaseName(a), phaseName(b)) < 0; });
    for (const GamePhase p : phases)
        appendf(out, "  %s brier %.4f (Elo %.4f)", phaseName(p),
                roundedToDecimals(v.metrics.phaseModel(p).meanBrier(), 5),
                roundedToDecimals(v.metrics.phaseBaseline(p).meanBrier(), 5));
    appendf(out, "\n  Elo baseline: %s\n  engine baseline ([%%eval] of the games): %s\n", v.eloBaseline.c_str(),
            v.engineBaseline.empty() ? "none (no annotated training game)" : v.engineBaseline.c_str());
    return out;
}

std::string sensitivityText(const MoveMetrics& moves, const GameEvalReport::Sensitivity& s) {
    const MoveMetrics::Bucket& m = moves.overall();
    const MoveMetrics::Bucket& h = s.hidden.overall();
    const MoveMetrics::Bucket& a = s.moverAway.overall();
    const MoveMetrics::Bucket& b = s.bothAway.overall();
    std::string out;
    appendf(out,
            "rating sensitivity: NLL true %.4f, hidden %.4f (gain %.4f nats); top-1 true %.2f%%, hidden %.2f%%, mover "
            "told %d away %.2f%% (NLL %.4f), both told %d away %.2f%% (NLL %.4f)\n"
            "  elo    positions  top1 true  top1 away  top1 both away  nll true  nll hidden  nll away  nll both away\n",
            m.meanNll(), h.meanNll(), h.meanNll() - m.meanNll(), 100.0 * m.top1Rate(), 100.0 * h.top1Rate(), s.away,
            100.0 * a.top1Rate(), a.meanNll(), s.away, 100.0 * b.top1Rate(), b.meanNll());
    for (const auto& [lo, bt] : moves.byElo()) {
        const auto& hb = s.hidden.byElo().at(lo);
        const auto& ab = s.moverAway.byElo().at(lo);
        const auto& bb = s.bothAway.byElo().at(lo);
        appendf(out, "  %4d  %11lld  %8.2f%%  %8.2f%%  %13.2f%%  %8.3f  %10.3f  %8.3f  %13.3f\n", lo,
                static_cast<long long>(bt.positions), 100.0 * bt.top1Rate(), 100.0 * ab.top1Rate(),
                100.0 * bb.top1Rate(), bt.meanNll(), hb.meanNll(), ab.meanNll(), bb.meanNll());
    }
    return out;
}

JsonValue sensitivityJson(const MoveMetrics& moves, const GameEvalReport::Sensitivity& s) {
    const MoveMetrics::Bucket& m = moves.overall();
    const MoveMetrics::Bucket& h = s.hidden.overall();
    JsonValue by = JsonValue::object();
    for (const auto& [lo, bt] : moves.byElo()) {
        const auto& hb = s.hidden.byElo().at(lo);
        const auto& ab = s.moverAway.byElo().at(lo);
        const auto& bb = s.bothAway.byElo().at(lo);
        by.set(std::to_string(lo), JsonValue::object()
                                       .set("positions", bt.positions)
                                       .set("top1_true", bt.top1Rate())
                                       .set("top1_away", ab.top1Rate())
                                       .set("top1_both_away", bb.top1Rate())
                                       .set("nll_true", bt.meanNll())
                                       .set("nll_hidden", hb.meanNll())
                                       .set("nll_away", ab.meanNll())
                                       .set("nll_both_away", bb.meanNll()));
    }
    return JsonValue::object()
        .set("nll_true", m.meanNll())
        .set("nll_hidden", h.meanNll())
        .set("nll_gain", h.meanNll() - m.meanNll())
        .set("away", s.away)
        .set("top1_true", m.top1Rate())
        .set("top1_hidden", h.top1Rate())
        .set("top1_away", s.moverAway.overall().top1Rate())
        .set("top1_both_away", s.bothAway.overall().top1Rate())
        .set("nll_away", s.moverAway.overall().meanNll())
        .set("nll_both_away", s.bothAway.overall().meanNll())
        .set("by_elo", std::move(by));
}

JsonValue solveJson(const evaluation::PuzzleSolveStats& s) {
    return JsonValue::object()
        .set("puzzles", s.puzzles)
        .set("solve_rate", s.solveRate())
        .set("advancement", s.advancement());
}

}  // namespace

std::string GameEvalReport::toText() const {
    std::string out;
    appendf(out, "conditioning: %s\n%s\n", conditioning.c_str(), moves.summary().c_str());
    out += moves.table();
    appendf(out, "\nMaia protocol (ply >= 10, mover clock >= 30 s): %s\n", maiaProtocol.summary().c_str());
    if (value) out += valueText(*value);
    if (sensitivity) out += sensitivityText(moves, *sensitivity);
    if (!guidanceScan.empty()) {
        out += "rating guidance scan:\n  guidance  top1      top3      nll\n";
        for (const GuidancePoint& g : guidanceScan)
            appendf(out, "  %8.3f  %6.2f%%  %6.2f%%  %.4f\n", g.guidance, 100.0 * g.overall.top1Rate(),
                    100.0 * g.overall.top3Rate(), g.overall.meanNll());
    }
    return out;
}

void GameEvalReport::addJson(JsonValue& out) const {
    const JsonValue metrics = moves.toJsonValue();
    for (const auto& [key, v] : metrics.members()) out.set(key, v);
    out.set("conditioning", conditioning);
    out.set("maia_protocol", maiaProtocol.toJsonValue());
    if (value)
        out.set("value", value->metrics.toJsonValue()
                             .set("baseline_elo_fit", value->eloBaseline)
                             .set("baseline_engine_fit", value->engineBaseline));
    if (sensitivity) out.set("rating_sensitivity", sensitivityJson(moves, *sensitivity));
    if (!guidanceScan.empty()) {
        JsonValue scan = JsonValue::array();
        for (const GuidancePoint& g : guidanceScan)
            scan.append(JsonValue::object()
                            .set("guidance", g.guidance)
                            .set("top1", g.overall.top1Rate())
                            .set("top3", g.overall.top3Rate())
                            .set("nll", g.overall.meanNll()));
        out.set("guidance_scan", std::move(scan));
    }
}

std::string PuzzleSolvingEvalReport::toText() const {
    std::string out;
    appendf(out, "puzzles %lld: solved %.1f%%, advancement %.1f%% (at each puzzle's rating)\n",
            static_cast<long long>(solving.overall.puzzles), 100.0 * solving.overall.solveRate(),
            100.0 * solving.overall.advancement());
    for (const auto& [lo, s] : solving.byRating)
        appendf(out, "  %4d-%4d  %5lld puzzles  solved %5.1f%%  advancement %5.1f%%\n", lo, lo + 199,
                static_cast<long long>(s.puzzles), 100.0 * s.solveRate(), 100.0 * s.advancement());
    return out;
}

JsonValue PuzzleSolvingEvalReport::toJsonValue() const {
    JsonValue out = solveJson(solving.overall);
    JsonValue buckets = JsonValue::array();
    for (const auto& [lo, s] : solving.byRating) buckets.append(solveJson(s).set("rating_from", lo));
    out.set("by_rating", std::move(buckets));
    if (!theme.empty()) out.set("theme", theme);
    return out;
}

std::string HumanEvalReport::toText() const {
    return (games ? games->toText() : std::string()) + (puzzles ? puzzles->toText() : std::string());
}

std::string HumanEvalReport::toJson() const {
    JsonValue out = JsonValue::object();
    if (games) games->addJson(out);
    if (puzzles) out.set("puzzle_solving", puzzles->toJsonValue());
    return out.write();
}

}  // namespace kibitz::training
