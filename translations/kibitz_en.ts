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
    <message>
        <source>Stop reading the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open PGN…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste FEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy FEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Flip board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position from FEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FEN copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open PGN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the file.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no game that could be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First problem: %1</source>
        <translation type="unfinished"></translation>
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
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkmate: Black wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkmate: White wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stalemate: draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw: insufficient material</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White to move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black to move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a draw can be claimed (fifty-move rule)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a draw can be claimed (threefold repetition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White to move, in check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black to move, in check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::FenDialog</name>
    <message>
        <source>Set up position from FEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste or type a position in FEN:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameChooserDialog</name>
    <message>
        <source>Choose a game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by player, event or date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
