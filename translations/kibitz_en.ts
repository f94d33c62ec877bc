<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>kibitz::app::MainWindow</name>
    <message numerus="yes">
        <source>%n game(s)</source>
        <translation>
            <numerusform>%n game</numerusform>
            <numerusform>%n games</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds more games; showing the first %n.</source>
        <translation>
            <numerusform>%1 holds more games; showing the first one.</numerusform>
            <numerusform>%1 holds more games; showing the first %n.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n game(s).</source>
        <translation>
            <numerusform>%1 holds %n game.</numerusform>
            <numerusform>%1 holds %n games.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n malformed game(s) skipped (first: %1).</source>
        <translation>
            <numerusform>%n malformed game skipped (%1).</numerusform>
            <numerusform>%n malformed games skipped (first: %1).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PuzzlePanel</name>
    <message numerus="yes">
        <source>%1: %n puzzle(s)</source>
        <translation>
            <numerusform>%1: %n puzzle</numerusform>
            <numerusform>%1: %n puzzles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bad row(s)/game(s) skipped</source>
        <translation>
            <numerusform>, %n bad row/game skipped</numerusform>
            <numerusform>, %n bad rows/games skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n solver move(s)</source>
        <translation>
            <numerusform>%1 — %n solver move</numerusform>
            <numerusform>%1 — %n solver moves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::ReviewPanel</name>
    <message numerus="yes">
        <source>%1 – %2, %n plies</source>
        <translation>
            <numerusform>%1 – %2, %n ply</numerusform>
            <numerusform>%1 – %2, %n plies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reviewed %n plies.</source>
        <translation>
            <numerusform>Reviewed %n ply.</numerusform>
            <numerusform>Reviewed %n plies.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::SortTrainer</name>
    <message numerus="yes">
        <source>Last game %1/%2 · total %3/%4 over %n game(s)</source>
        <translation>
            <numerusform>Last game %1/%2 · total %3/%4 over %n game</numerusform>
            <numerusform>Last game %1/%2 · total %3/%4 over %n games</numerusform>
        </translation>
    </message>
</context>
</TS>
