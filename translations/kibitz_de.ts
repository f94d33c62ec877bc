<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>kibitz::app::MainWindow</name>
    <message numerus="yes">
        <source>%n game(s)</source>
        <translation>
            <numerusform>%n Partie</numerusform>
            <numerusform>%n Partien</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading the file</source>
        <translation>Lesen der Datei abbrechen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation>&amp;Neue Partie</translation>
    </message>
    <message>
        <source>&amp;Open PGN…</source>
        <translation>PGN ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Paste FEN</source>
        <translation>FEN ein&amp;fügen</translation>
    </message>
    <message>
        <source>&amp;Copy FEN</source>
        <translation>FEN &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Board</source>
        <translation>&amp;Brett</translation>
    </message>
    <message>
        <source>&amp;Flip board</source>
        <translation>Brett &amp;drehen</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>First move</source>
        <translation>Erster Zug</translation>
    </message>
    <message>
        <source>Previous move</source>
        <translation>Vorheriger Zug</translation>
    </message>
    <message>
        <source>Next move</source>
        <translation>Nächster Zug</translation>
    </message>
    <message>
        <source>Last move</source>
        <translation>Letzter Zug</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neue Partie</translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation>Ungültige FEN: %1</translation>
    </message>
    <message>
        <source>Position from FEN</source>
        <translation>Stellung aus FEN</translation>
    </message>
    <message>
        <source>FEN copied to the clipboard</source>
        <translation>FEN in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>Open PGN</source>
        <translation>PGN öffnen</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>PGN-Dateien (*.pgn *.pgn.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>Could not read the file.

%1</source>
        <translation>Die Datei konnte nicht gelesen werden.

%1</translation>
    </message>
    <message>
        <source>%1 holds no game that could be read.</source>
        <translation>%1 enthält keine lesbare Partie.</translation>
    </message>
    <message>
        <source>First problem: %1</source>
        <translation>Erstes Problem: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds more games; showing the first %n.</source>
        <translation>
            <numerusform>%1 enthält weitere Partien; gezeigt wird die erste.</numerusform>
            <numerusform>%1 enthält weitere Partien; gezeigt werden die ersten %n.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n game(s).</source>
        <translation>
            <numerusform>%1 enthält %n Partie.</numerusform>
            <numerusform>%1 enthält %n Partien.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n malformed game(s) skipped (first: %1).</source>
        <translation>
            <numerusform>%n fehlerhafte Partie übersprungen (%1).</numerusform>
            <numerusform>%n fehlerhafte Partien übersprungen (erste: %1).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Checkmate: Black wins</source>
        <translation>Schachmatt: Schwarz gewinnt</translation>
    </message>
    <message>
        <source>Checkmate: White wins</source>
        <translation>Schachmatt: Weiß gewinnt</translation>
    </message>
    <message>
        <source>Stalemate: draw</source>
        <translation>Patt: remis</translation>
    </message>
    <message>
        <source>Draw: insufficient material</source>
        <translation>Remis: ungenügendes Material</translation>
    </message>
    <message>
        <source>White to move</source>
        <translation>Weiß am Zug</translation>
    </message>
    <message>
        <source>Black to move</source>
        <translation>Schwarz am Zug</translation>
    </message>
    <message>
        <source>a draw can be claimed (fifty-move rule)</source>
        <translation>Remis kann beansprucht werden (50-Züge-Regel)</translation>
    </message>
    <message>
        <source>a draw can be claimed (threefold repetition)</source>
        <translation>Remis kann beansprucht werden (dreifache Stellungswiederholung)</translation>
    </message>
    <message>
        <source>White to move, in check</source>
        <translation>Weiß am Zug, im Schach</translation>
    </message>
    <message>
        <source>Black to move, in check</source>
        <translation>Schwarz am Zug, im Schach</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::FenDialog</name>
    <message>
        <source>Set up position from FEN</source>
        <translation>Stellung aus FEN aufbauen</translation>
    </message>
    <message>
        <source>Paste or type a position in FEN:</source>
        <translation>Stellung als FEN einfügen oder eingeben:</translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation>Ungültige FEN: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameChooserDialog</name>
    <message>
        <source>Choose a game</source>
        <translation>Partie auswählen</translation>
    </message>
    <message>
        <source>Filter by player, event or date</source>
        <translation>Nach Spieler, Turnier oder Datum filtern</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Schwarz</translation>
    </message>
</context>
</TS>
