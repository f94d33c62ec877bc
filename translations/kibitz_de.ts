<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>ProfileCharts</name>
    <message>
        <source>all moves</source>
        <translation>alle Züge</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <source>%1: no group has %2 positions or more</source>
        <translation>%1: keine Gruppe hat %2 oder mehr Stellungen</translation>
    </message>
    <message>
        <source>Their loss</source>
        <translation>Verlust (Spieler)</translation>
    </message>
    <message>
        <source>Peers of their rating</source>
        <translation>Spieler gleicher Wertung</translation>
    </message>
    <message>
        <source>Loss per move</source>
        <translation>Verlust pro Zug</translation>
    </message>
    <message>
        <source>No rating estimate: too few moves in every group, or the estimates were not asked for</source>
        <translation>Keine Wertungsschätzung: zu wenige Züge in jeder Gruppe, oder die Schätzungen wurden nicht angefordert</translation>
    </message>
    <message>
        <source>Estimate and interval</source>
        <translation>Schätzung und Intervall</translation>
    </message>
    <message>
        <source>Their rating in the games (%1)</source>
        <translation>Wertung des Spielers in den Partien (%1)</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Stellungen</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Peer loss</source>
        <translation>Verlust (Vergleich)</translation>
    </message>
    <message>
        <source>Their blunders</source>
        <translation>Patzer (Spieler)</translation>
    </message>
    <message>
        <source>Peer blunders</source>
        <translation>Patzer (Vergleich)</translation>
    </message>
    <message>
        <source>Rating (interval)</source>
        <translation>Wertung (Intervall)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>too few positions</source>
        <translation>zu wenige Stellungen</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>Eröffnung</translation>
    </message>
    <message>
        <source>middlegame</source>
        <translation>Mittelspiel</translation>
    </message>
    <message>
        <source>endgame</source>
        <translation>Endspiel</translation>
    </message>
    <message>
        <source>under 10 s</source>
        <translation>unter 10 s</translation>
    </message>
    <message>
        <source>10–29 s</source>
        <translation>10–29 s</translation>
    </message>
    <message>
        <source>30–59 s</source>
        <translation>30–59 s</translation>
    </message>
    <message>
        <source>1–3 min</source>
        <translation>1–3 min</translation>
    </message>
    <message>
        <source>3–10 min</source>
        <translation>3–10 min</translation>
    </message>
    <message>
        <source>10 min or more</source>
        <translation>10 min oder mehr</translation>
    </message>
    <message>
        <source>no clock</source>
        <translation>ohne Uhr</translation>
    </message>
    <message>
        <source>in check</source>
        <translation>im Schach</translation>
    </message>
    <message>
        <source>mate in one</source>
        <translation>Matt in eins</translation>
    </message>
    <message>
        <source>wins material</source>
        <translation>Materialgewinn möglich</translation>
    </message>
    <message>
        <source>piece hanging</source>
        <translation>Figur hängt</translation>
    </message>
    <message>
        <source>recapture</source>
        <translation>Rückschlag</translation>
    </message>
    <message>
        <source>mate threatened</source>
        <translation>Matt droht</translation>
    </message>
    <message>
        <source>quiet</source>
        <translation>ruhig</translation>
    </message>
    <message>
        <source>ultrabullet</source>
        <translation>UltraBullet</translation>
    </message>
    <message>
        <source>bullet</source>
        <translation>Bullet</translation>
    </message>
    <message>
        <source>blitz</source>
        <translation>Blitz</translation>
    </message>
    <message>
        <source>rapid</source>
        <translation>Schnellschach</translation>
    </message>
    <message>
        <source>classical</source>
        <translation>klassisch</translation>
    </message>
    <message>
        <source>correspondence</source>
        <translation>Fernschach</translation>
    </message>
    <message>
        <source>unknown speed</source>
        <translation>Tempo unbekannt</translation>
    </message>
    <message>
        <source>The rating their moves play like on chess.com&apos;s scale (the box: %1% interval)</source>
        <translation>Die Wertung, der die Züge des Spielers entsprechen, auf der Skala von chess.com (Box: %1-%-Intervall)</translation>
    </message>
    <message>
        <source>The rating their moves play like on Lichess&apos;s scale (the box: %1% interval)</source>
        <translation>Die Wertung, der die Züge des Spielers entsprechen, auf der Skala von Lichess (Box: %1-%-Intervall)</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>en</source>
        <extracomment>The lang attribute of the HTML report: the interface language&apos;s code (en, de, fr, ...).</extracomment>
        <translation>de</translation>
    </message>
    <message>
        <source>Where %1 stands</source>
        <translation>Wo %1 steht</translation>
    </message>
    <message>
        <source>Loss: the mean loss of winning chances of their moves against the engine&apos;s best. Peer: what a human of their rating and clock loses in the same positions, by the human-move model. A ratio above 1: they lose more than their peers there. Blunders lose at least 0.3.</source>
        <translation>Verlust: der mittlere Verlust an Gewinnchancen der Züge des Spielers gegenüber dem besten Zug der Engine. Gleichrangige: was ein Mensch gleicher Wertung und Restzeit in denselben Stellungen verliert, nach dem Modell menschlicher Züge. Ein Verhältnis über 1: Der Spieler verliert dort mehr als Gleichrangige. Patzer kosten mindestens 0,3.</translation>
    </message>
    <message>
        <source>Loss by phase</source>
        <translation>Verlust nach Phase</translation>
    </message>
    <message>
        <source>Loss by clock</source>
        <translation>Verlust nach Restzeit</translation>
    </message>
    <message>
        <source>Loss by speed</source>
        <translation>Verlust nach Tempo</translation>
    </message>
    <message>
        <source>Loss by kind of position</source>
        <translation>Verlust nach Art der Stellung</translation>
    </message>
    <message>
        <source>Rating by phase</source>
        <translation>Wertung nach Phase</translation>
    </message>
    <message>
        <source>Rating by clock</source>
        <translation>Wertung nach Restzeit</translation>
    </message>
    <message>
        <source>their mean loss</source>
        <translation>mittlerer Verlust des Spielers</translation>
    </message>
    <message>
        <source>a human of their rating</source>
        <translation>ein Mensch gleicher Wertung</translation>
    </message>
    <message>
        <source>player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>peers</source>
        <translation>Gleichrangige</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval; the grey line: their rating in these games (%1)</source>
        <translation>die Wertung, der die Züge des Spielers entsprechen, mit Intervall; die graue Linie: Wertung des Spielers in diesen Partien (%1)</translation>
    </message>
    <message>
        <source>All positions</source>
        <translation>Alle Stellungen</translation>
    </message>
    <message>
        <source>By phase</source>
        <translation>Nach Phase</translation>
    </message>
    <message>
        <source>By clock</source>
        <translation>Nach Restzeit</translation>
    </message>
    <message>
        <source>By speed</source>
        <translation>Nach Tempo</translation>
    </message>
    <message>
        <source>By kind of position</source>
        <translation>Nach Art der Stellung</translation>
    </message>
    <message>
        <source>Where they lost most against their peers</source>
        <translation>Wo der Spieler gegenüber Gleichrangigen am meisten verlor</translation>
    </message>
    <message>
        <source>puzzle</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>played</source>
        <translation>gespielt</translation>
    </message>
    <message>
        <source>best</source>
        <translation>bester</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>peer</source>
        <translation>Gleichrangige</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>Made by Kibitz.</source>
        <translation>Erstellt mit Kibitz.</translation>
    </message>
    <message>
        <source>A ratio&apos;s interval: where it falls in %1 of resamples of their games. One that holds 1 is within chance of their peers; one wholly above or below is a real difference.</source>
        <translation>Das Intervall eines Verhältnisses: wo es in %1 der Stichproben aus seinen Partien liegt. Enthält es 1, liegt der Spieler im Rahmen des Zufalls seiner Vergleichsspieler; liegt es ganz darüber oder darunter, ist der Unterschied echt.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 positions in %n game(s); their loss %3, peers %4, ratio (interval) %5; blunders %6%, peers %7%</source>
        <translation>
            <numerusform>%1: %2 Stellungen in %n Partie; Verlust des Spielers %3, Vergleichsspieler %4, Verhältnis (Intervall) %5; Patzer %6 %, Vergleichsspieler %7 %</numerusform>
            <numerusform>%1: %2 Stellungen in %n Partien; Verlust des Spielers %3, Vergleichsspieler %4, Verhältnis (Intervall) %5; Patzer %6 %, Vergleichsspieler %7 %</numerusform>
        </translation>
    </message>
    <message>
        <source>Ratio (interval)</source>
        <translation>Verhältnis (Intervall)</translation>
    </message>
    <message>
        <source>x: the ratio; the line on their bar: its interval</source>
        <translation>x: das Verhältnis; die Linie auf dem Balken des Spielers: sein Intervall</translation>
    </message>
    <message>
        <source>Loss: the mean loss of winning chances of their moves against the engine&apos;s best. Peer: what a human rated %1, with their clock, loses in the same positions, by the human-move model. A ratio above 1: they lose more than people rated %1 there. Blunders lose at least 0.3.</source>
        <translation>Verlust: der mittlere Verlust an Gewinnchancen der Züge des Spielers gegenüber dem besten Zug der Engine. Vergleich: was ein Mensch mit Wertung %1 und der Restzeit des Spielers in denselben Stellungen verliert, nach dem Modell menschlicher Züge. Ein Verhältnis über 1: Der Spieler verliert dort mehr als Spieler mit Wertung %1. Patzer kosten mindestens 0,3.</translation>
    </message>
    <message>
        <source>a human rated %1</source>
        <translation>ein Mensch mit Wertung %1</translation>
    </message>
    <message>
        <source>Peers rated %1</source>
        <translation>Spieler mit Wertung %1</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval</source>
        <translation>die Wertung, der die Züge des Spielers entsprechen, mit Intervall</translation>
    </message>
    <message>
        <source>other openings</source>
        <translation>andere Eröffnungen</translation>
    </message>
    <message>
        <source>set-up position</source>
        <translation>gestellte Stellung</translation>
    </message>
    <message>
        <source>White: %1</source>
        <extracomment>An opening in the player profile: the side the player had, then the opening&apos;s family (&quot;Sicilian Defense&quot;).</extracomment>
        <translation>Weiß: %1</translation>
    </message>
    <message>
        <source>Black: %1</source>
        <translation>Schwarz: %1</translation>
    </message>
    <message>
        <source>Loss by opening</source>
        <translation>Verlust nach Eröffnung</translation>
    </message>
    <message>
        <source>By opening</source>
        <translation>Nach Eröffnung</translation>
    </message>
    <message>
        <source>no date</source>
        <translation>ohne Datum</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <extracomment>A period of the player&apos;s games in the player profile: the dates of its first and last game.</extracomment>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Loss by period</source>
        <translation>Verlust nach Zeitraum</translation>
    </message>
    <message>
        <source>Rating by period</source>
        <translation>Wertung nach Zeitraum</translation>
    </message>
    <message>
        <source>By period</source>
        <translation>Nach Zeitraum</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval; the grey mark: their rating in those games</source>
        <translation>die Wertung, der die Züge des Spielers entsprechen, mit Intervall; die graue Marke: seine Wertung in diesen Partien</translation>
    </message>
    <message>
        <source>their rating</source>
        <translation>seine Wertung</translation>
    </message>
    <message>
        <source>Not split in time: that takes %1 games with a date or more</source>
        <translation>Nicht zeitlich aufgeteilt: dafür braucht es %1 Partien mit Datum oder mehr</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by period</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Zeitraum</translation>
    </message>
    <message>
        <source>The rating their moves play like, period by period, on chess.com&apos;s scale (the box: %1% interval), and their rating in those games</source>
        <translation>Die Wertung, der die Züge des Spielers entsprechen, Zeitraum für Zeitraum, auf der Skala von chess.com (Box: %1-%-Intervall), und seine Wertung in diesen Partien</translation>
    </message>
    <message>
        <source>The rating their moves play like, period by period, on Lichess&apos;s scale (the box: %1% interval), and their rating in those games</source>
        <translation>Die Wertung, der die Züge des Spielers entsprechen, Zeitraum für Zeitraum, auf der Skala von Lichess (Box: %1-%-Intervall), und seine Wertung in diesen Partien</translation>
    </message>
    <message>
        <source>Their rating in those games</source>
        <translation>Seine Wertung in diesen Partien</translation>
    </message>
    <message>
        <source>Their rating</source>
        <translation>Wertung (Spieler)</translation>
    </message>
    <message>
        <source>no moves</source>
        <translation>keine Züge</translation>
    </message>
    <message>
        <source>other variations</source>
        <translation>andere Varianten</translation>
    </message>
    <message>
        <source>Loss by variation</source>
        <translation>Verlust nach Variante</translation>
    </message>
    <message>
        <source>By variation</source>
        <translation>Nach Variante</translation>
    </message>
    <message>
        <source>Opening moves</source>
        <extracomment>The table of openings: the positions of their games&apos; opening phase, and their ratio against their peers there.</extracomment>
        <translation>Eröffnungszüge</translation>
    </message>
    <message>
        <source>Ratio in the opening (interval)</source>
        <translation>Verhältnis in der Eröffnung (Intervall)</translation>
    </message>
    <message>
        <source>Each position as they faced it: the move they played in red, the best move in green, the opponent&apos;s last move tinted.</source>
        <translation>Jede Stellung, wie sie vor dem Spieler stand: sein Zug in Rot, der beste Zug in Grün, der letzte Zug des Gegners getönt.</translation>
    </message>
    <message>
        <source>as a puzzle</source>
        <translation>als Aufgabe</translation>
    </message>
    <message>
        <source>their chance</source>
        <translation>seine Chance</translation>
    </message>
    <message>
        <source>As a puzzle: the rating Kibitz&apos;s puzzle model predicts for the position on Lichess&apos;s puzzle scale, with its uncertainty; their chance: the chance that a player of their rating in that game finds the best move, by that rating.</source>
        <translation>Als Aufgabe: die Wertung, die Kibitz&apos; Aufgabenmodell für die Stellung auf der Aufgabenskala von Lichess vorhersagt, mit ihrer Unsicherheit; seine Chance: die Chance, dass ein Spieler seiner Wertung in jener Partie den besten Zug findet, nach dieser Wertung.</translation>
    </message>
    <message>
        <source>Where they stand out from their peers</source>
        <translation>Wo sich der Spieler von Gleichrangigen abhebt</translation>
    </message>
    <message>
        <source>they lose more than their peers</source>
        <translation>verliert mehr als Gleichrangige</translation>
    </message>
    <message>
        <source>they lose less than their peers</source>
        <translation>verliert weniger als Gleichrangige</translation>
    </message>
    <message>
        <source>Nowhere: in every group the difference from their peers is within chance.</source>
        <translation>Nirgends: in jeder Gruppe liegt der Unterschied zu Gleichrangigen im Rahmen des Zufalls.</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>kind of position</source>
        <translation>Art der Stellung</translation>
    </message>
    <message>
        <source>variation</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>period</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>%1 (%2) %3</source>
        <translation>%1 (%2) %3</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n weitere</numerusform>
            <numerusform>%n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>they lose more than their peers in %1</source>
        <translation>der Spieler verliert mehr als Gleichrangige bei %1</translation>
    </message>
    <message>
        <source>they lose less in %1</source>
        <translation>weniger bei %1</translation>
    </message>
    <message>
        <source>nowhere do they lose more or less than their peers</source>
        <translation>nirgends verliert der Spieler mehr oder weniger als Gleichrangige</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Beyond chance&lt;/b&gt; (%n group(s) weighed at once): %1.</source>
        <extracomment>%1: what follows, &quot;they lose more than their peers in ...; they lose less in ...&quot;.</extracomment>
        <translation>
            <numerusform>&lt;b&gt;Über den Zufall hinaus&lt;/b&gt; (%n Gruppe zugleich gewogen): %1.</numerusform>
            <numerusform>&lt;b&gt;Über den Zufall hinaus&lt;/b&gt; (%n Gruppen zugleich gewogen): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Beyond chance, all %1 groups weighed at once: a player who plays like their peers everywhere is named here in about one report in ten.</source>
        <translation>Über den Zufall hinaus, alle %1 Gruppen zugleich gewogen: ein Spieler, der überall wie Gleichrangige spielt, wird hier in etwa einem von zehn Berichten genannt.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>PGN and CSV files are mixed; a run trains on one kind</source>
        <translation>PGN- und CSV-Dateien sind gemischt; ein Lauf trainiert auf einer Art</translation>
    </message>
</context>
<context>
    <name>kibitz::app::MainWindow</name>
    <message>
        <source>chess.com %1</source>
        <translation>chess.com %1</translation>
    </message>
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
    <message>
        <source>Human moves</source>
        <translation>Menschliche Züge</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Game review</source>
        <translation>Partieanalyse</translation>
    </message>
    <message>
        <source>Sort moves</source>
        <translation>Züge sortieren</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Puzzle-rating model</source>
        <translation>Modell für Aufgabenwertung</translation>
    </message>
    <message>
        <source>Kibitz models (*.kibitz);;Checkpoints (*.pt)</source>
        <translation>Kibitz-Modelle (*.kibitz);;Prüfpunkte (*.pt)</translation>
    </message>
    <message>
        <source>Human-move model</source>
        <translation>Modell für menschliche Züge</translation>
    </message>
    <message>
        <source>Puzzles for move sorting</source>
        <translation>Aufgaben zum Sortieren von Zügen</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation>Lichess-Aufgaben-CSV (*.csv *.csv.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Sort moves in this position</source>
        <translation>Züge in dieser Stellung &amp;sortieren</translation>
    </message>
    <message>
        <source>Sort moves from a &amp;puzzle file…</source>
        <translation>Züge aus einer &amp;Aufgabendatei sortieren…</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modelle</translation>
    </message>
    <message>
        <source>Load &amp;human-move model…</source>
        <translation>Modell für &amp;menschliche Züge laden…</translation>
    </message>
    <message>
        <source>Use the &amp;default human-move model</source>
        <translation>&amp;Standardmodell für menschliche Züge verwenden</translation>
    </message>
    <message>
        <source>Load &amp;puzzle-rating model…</source>
        <translation>Modell für &amp;Aufgabenwertung laden…</translation>
    </message>
    <message>
        <source>Use the default puzzle-&amp;rating model</source>
        <translation>Standardmodell für Aufgaben&amp;wertung verwenden</translation>
    </message>
    <message>
        <source>&amp;Training studio</source>
        <translation>&amp;Trainingsstudio</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Spielen</translation>
    </message>
    <message>
        <source>&amp;New game against the human model…</source>
        <translation>&amp;Neue Partie gegen das Modell für menschliche Züge…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Hidden while you play: the analysis comes back when the game ends.</source>
        <translation>Ausgeblendet, solange du spielst: die Analyse kehrt nach der Partie zurück.</translation>
    </message>
    <message>
        <source>Hidden while you sort the moves: the analysis comes back when you submit.</source>
        <translation>Ausgeblendet, solange du die Züge sortierst: die Analyse kehrt nach dem Abgeben zurück.</translation>
    </message>
    <message>
        <source>&amp;Save game as PGN…</source>
        <translation>Partie als PGN &amp;speichern…</translation>
    </message>
    <message>
        <source>&amp;Take back move</source>
        <translation>Zug &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>&amp;Promote variation to main line</source>
        <translation>&amp;Variante zur Hauptvariante machen</translation>
    </message>
    <message>
        <source>&amp;Delete variation</source>
        <translation>Variante &amp;löschen</translation>
    </message>
    <message>
        <source>No move made on the board to take back</source>
        <translation>Kein auf dem Brett gespielter Zug zum Zurücknehmen</translation>
    </message>
    <message>
        <source>This line is already the main line</source>
        <translation>Diese Variante ist bereits die Hauptvariante</translation>
    </message>
    <message>
        <source>The current move is on the main line: no variation to delete</source>
        <translation>Der aktuelle Zug liegt auf der Hauptvariante: keine Variante zu löschen</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Partie speichern</translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation>PGN-Dateien (*.pgn)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>CUDA is not available: %1</source>
        <translation>CUDA ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Unknown device &apos;%1&apos; (auto, cpu or cuda)</source>
        <translation>Unbekanntes Gerät &apos;%1&apos; (auto, cpu oder cuda)</translation>
    </message>
    <message>
        <source>The models now run on: %1</source>
        <translation>Die Modelle laufen jetzt auf: %1</translation>
    </message>
    <message>
        <source>Run models &amp;on</source>
        <translation>Modelle ausführen &amp;auf</translation>
    </message>
    <message>
        <source>&amp;Automatic (CUDA when available)</source>
        <translation>&amp;Automatisch (CUDA, wenn verfügbar)</translation>
    </message>
    <message>
        <source>&amp;CPU</source>
        <translation>&amp;CPU</translation>
    </message>
    <message>
        <source>C&amp;UDA (NVIDIA GPU)</source>
        <translation>C&amp;UDA (NVIDIA-GPU)</translation>
    </message>
    <message>
        <source>This LibTorch sees no CUDA device</source>
        <translation>Diese LibTorch sieht kein CUDA-Gerät</translation>
    </message>
    <message>
        <source>Settings: device &apos;%1&apos; is not available here; the models run on: %2</source>
        <translation>Einstellungen: Gerät &apos;%1&apos; ist hier nicht verfügbar; die Modelle laufen auf: %2</translation>
    </message>
    <message>
        <source>Human-move models (*.kibitz *.pt *.pb.gz *.pb);;Kibitz models (*.kibitz);;Checkpoints (*.pt);;lc0 networks, such as Maia-1 (*.pb.gz *.pb)</source>
        <translation>Modelle menschlicher Züge (*.kibitz *.pt *.pb.gz *.pb);;Kibitz-Modelle (*.kibitz);;Checkpoints (*.pt);;lc0-Netze wie Maia-1 (*.pb.gz *.pb)</translation>
    </message>
    <message>
        <source>Folder of rating-band lc0 nets (maia-1100.pb.gz … maia-1900.pb.gz)</source>
        <translation>Ordner mit lc0-Netzen nach Wertungsband (maia-1100.pb.gz … maia-1900.pb.gz)</translation>
    </message>
    <message>
        <source>New game against %1</source>
        <translation>Neue Partie gegen %1</translation>
    </message>
    <message>
        <source>Load a &amp;folder of rating-band nets (Maia-1)…</source>
        <translation>&amp;Ordner mit Netzen nach Wertungsband laden (Maia-1)…</translation>
    </message>
    <message>
        <source>Model of a p&amp;layer…</source>
        <translation>Modell eines Spie&amp;lers…</translation>
    </message>
    <message>
        <source>Models of pla&amp;yers</source>
        <translation>Modelle von &amp;Spielern</translation>
    </message>
    <message>
        <source>(none yet: Model of a player…)</source>
        <translation>(noch keine: Modell eines Spielers…)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, %n games)</source>
        <translation>
            <numerusform>%1 (%2, %n Partie)</numerusform>
            <numerusform>%1 (%2, %n Partien)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n Partie)</numerusform>
            <numerusform>%1 (%n Partien)</numerusform>
        </translation>
    </message>
    <message>
        <source>Player p&amp;rofile…</source>
        <translation>S&amp;pielerprofil…</translation>
    </message>
    <message>
        <source>Solve a puzzle</source>
        <translation>Aufgabe lösen</translation>
    </message>
    <message>
        <source>Hidden while you solve the puzzle: the analysis comes back when it ends.</source>
        <translation>Ausgeblendet, während Sie die Aufgabe lösen: die Analyse kommt zurück, wenn sie endet.</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::GameDownload</name>
    <message>
        <source>&apos;%1&apos; is not a %2 account name (letters, digits, &apos;-&apos; and &apos;_&apos;)</source>
        <translation>„%1“ ist kein Kontoname bei %2 (Buchstaben, Ziffern, „-“ und „_“)</translation>
    </message>
    <message>
        <source>no output file given</source>
        <translation>keine Ausgabedatei angegeben</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 belongs to another download (not %2 on %3): delete it, or choose another file</source>
        <translation>%1 gehört zu einem anderen Download (nicht %2 auf %3): löschen Sie ihn oder wählen Sie eine andere Datei</translation>
    </message>
    <message>
        <source>%1 does not hold the %2 games its state records: delete it and %3 to start again</source>
        <translation>%1 enthält nicht die %2 Partien, die sein Stand verzeichnet: löschen Sie es und %3, um neu zu beginnen</translation>
    </message>
    <message>
        <source>%1: cannot write</source>
        <translation>%1: kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>%1 refused %2 times for sending too many requests (HTTP 429); try again later</source>
        <translation>%1 hat %2 Mal wegen zu vieler Anfragen abgelehnt (HTTP 429); versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>no %1 account &apos;%2&apos; (HTTP 404)</source>
        <translation>kein Konto „%2“ bei %1 (HTTP 404)</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 for %3</source>
        <translation>%1 antwortete HTTP %2 für %3</translation>
    </message>
    <message numerus="yes">
        <source>the connection to %1 was lost after %n game(s) (%2); start again to resume</source>
        <translation>
            <numerusform>die Verbindung zu %1 brach nach %n Partie ab (%2); starten Sie erneut, um fortzusetzen</numerusform>
            <numerusform>die Verbindung zu %1 brach nach %n Partien ab (%2); starten Sie erneut, um fortzusetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach %1 (%2): is the computer online?</source>
        <translation>%1 ist nicht erreichbar (%2): Ist der Rechner online?</translation>
    </message>
    <message>
        <source>chess.com answered something that is not its archive list for &apos;%1&apos;</source>
        <translation>chess.com antwortete nicht mit seiner Archivliste für „%1“</translation>
    </message>
    <message>
        <source>%1: cannot rename it to %2: %3</source>
        <translation>%1: kann nicht in %2 umbenannt werden: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) of %1 from %2 in %3</source>
        <translation>
            <numerusform>%n Partie von %1 von %2 in %3</numerusform>
            <numerusform>%n Partien von %1 von %2 in %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>interrupted after %n game(s); start again with the same file to resume</source>
        <translation>
            <numerusform>nach %n Partie unterbrochen; mit derselben Datei erneut starten, um fortzusetzen</numerusform>
            <numerusform>nach %n Partien unterbrochen; mit derselben Datei erneut starten, um fortzusetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not an address Kibitz fetches games from</source>
        <translation>%1 ist keine Adresse, von der Kibitz Partien abruft</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>refused to fetch %1: only %2&apos;s own addresses are fetched</source>
        <translation>Abruf von %1 verweigert: nur die eigenen Adressen von %2 werden abgerufen</translation>
    </message>
    <message>
        <source>%1 answered %2, from %3</source>
        <translation>%1 antwortete: %2 (Adresse %3)</translation>
    </message>
    <message>
        <source>chess.com answered an archive list of more than %1 MiB for &apos;%2&apos;: not its archive list</source>
        <translation>chess.com antwortete für „%2“ mit einer Archivliste von mehr als %1 MiB: das ist nicht seine Archivliste</translation>
    </message>
    <message>
        <source>the download of %1 from chess.com ended in the middle of a game (the stream was cut); start again to resume</source>
        <translation>der Download von %1 von chess.com endete mitten in einer Partie (der Datenstrom brach ab); starten Sie erneut, um fortzusetzen</translation>
    </message>
    <message numerus="yes">
        <source>the download from %1 ended in the middle of a game after %n game(s) (the stream was cut); start again to resume</source>
        <translation>
            <numerusform>der Download von %1 endete nach %n Partie mitten in der nächsten (der Datenstrom brach ab); starten Sie erneut, um fortzusetzen</numerusform>
            <numerusform>der Download von %1 endete nach %n Partien mitten in der nächsten (der Datenstrom brach ab); starten Sie erneut, um fortzusetzen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 sent nothing for %2 s (the connection stalled) after %n game(s); start again to resume</source>
        <translation>
            <numerusform>%1 hat nach %n Partie %2 s lang nichts gesendet (die Verbindung stockte); starten Sie erneut, um fortzusetzen</numerusform>
            <numerusform>%1 hat nach %n Partien %2 s lang nichts gesendet (die Verbindung stockte); starten Sie erneut, um fortzusetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>chess.com&apos;s archive list for &apos;%1&apos; %2</source>
        <translation>Archivliste von chess.com für „%1“: %2</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PlayController</name>
    <message>
        <source>Kibitz human %1</source>
        <translation>Kibitz-Mensch %1</translation>
    </message>
    <message>
        <source>the model returned no move</source>
        <translation>das Modell hat keinen Zug geliefert</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::ProfileWorker</name>
    <message numerus="yes">
        <source>%n game(s) of theirs left out (the human-move model cannot read them).</source>
        <translation>
            <numerusform>%n Partie des Spielers ausgelassen (das Modell für menschliche Züge kann sie nicht lesen).</numerusform>
            <numerusform>%n Partien des Spielers ausgelassen (das Modell für menschliche Züge kann sie nicht lesen).</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst positions are not rated as puzzles: %1</source>
        <translation>Die schlechtesten Stellungen sind nicht als Aufgaben bewertet: %1</translation>
    </message>
    <message>
        <source>The Maia-1 nets the default model blends with were not found (KIBITZ_MAIA_DIR names their folder): the peer baseline is fitted with them, and without them it loses about a tenth more than real players of each band.</source>
        <translation>Die Maia-1-Netze, mit denen das Standardmodell gemischt wird, wurden nicht gefunden (KIBITZ_MAIA_DIR nennt ihren Ordner): die Vergleichsbasis ist mit ihnen angepasst und verliert ohne sie etwa ein Zehntel mehr als echte Spieler jeder Wertungsstufe.</translation>
    </message>
    <message>
        <source>The peer baseline is fitted on the default model blended with the Maia-1 nets: with another model it is that model&apos;s, not calibrated to real players.</source>
        <translation>Die Vergleichsbasis ist auf das mit den Maia-1-Netzen gemischte Standardmodell angepasst: mit einem anderen Modell ist sie die dieses Modells, nicht an echten Spielern kalibriert.</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PuzzleFileWorker</name>
    <message>
        <source>rating failed: %1</source>
        <translation>Bewertung fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PuzzleWorker</name>
    <message>
        <source>puzzle model: %1 parameters</source>
        <translation>Aufgabenmodell: %1 Parameter</translation>
    </message>
    <message>
        <source>; human model: %1</source>
        <translation>; Modell für menschliche Züge: %1</translation>
    </message>
    <message>
        <source>; no human model (%1)</source>
        <translation>; kein Modell für menschliche Züge (%1)</translation>
    </message>
    <message>
        <source>loading the models failed: %1</source>
        <translation>Laden der Modelle fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>rating failed: %1</source>
        <translation>Bewertung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>; engine stage: on (depth %1, %2 lines)</source>
        <translation>; Engine-Stufe: an (Tiefe %1, %2 Varianten)</translation>
    </message>
    <message>
        <source>; engine stage off: %1</source>
        <translation>; Engine-Stufe aus: %1</translation>
    </message>
    <message>
        <source>; engine stage off: the human-move model it was fitted with (%1) is not available</source>
        <translation>; Engine-Stufe aus: das Modell menschlicher Züge, mit dem sie angepasst wurde (%1), ist nicht verfügbar</translation>
    </message>
    <message>
        <source>; no Maia-1 nets (%1)</source>
        <translation>; keine Maia-1-Netze (%1)</translation>
    </message>
    <message>
        <source>; Maia-1 nets for the per-band chances</source>
        <translation>; Maia-1-Netze für die Chancen je Band</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::SortWorker</name>
    <message>
        <source>no engine configured</source>
        <translation>keine Engine eingerichtet</translation>
    </message>
    <message>
        <source>human model unavailable: %1</source>
        <translation>Modell für menschliche Züge nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: no usable puzzle</source>
        <translation>%1: keine verwendbare Aufgabe</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::TrainingJob</name>
    <message>
        <source>Training failed: %1</source>
        <translation>Training fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Training failed with an unknown error</source>
        <translation>Training mit unbekanntem Fehler fehlgeschlagen</translation>
    </message>
    <message>
        <source>resuming run %1</source>
        <translation>setze Lauf %1 fort</translation>
    </message>
    <message>
        <source>starting run %1</source>
        <translation>starte Lauf %1</translation>
    </message>
    <message>
        <source>fine-tuning %1</source>
        <translation>stimme %1 fein ab</translation>
    </message>
    <message>
        <source>cannot record the run&apos;s state: %1</source>
        <translation>der Zustand des Laufs kann nicht gespeichert werden: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::AnalysisPanel</name>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>White Elo</source>
        <translation>Elo Weiß</translation>
    </message>
    <message>
        <source>Black Elo</source>
        <translation>Elo Schwarz</translation>
    </message>
    <message>
        <source>Clock known</source>
        <translation>Restzeit bekannt</translation>
    </message>
    <message>
        <source>White clock</source>
        <translation>Restzeit Weiß</translation>
    </message>
    <message>
        <source>Black clock</source>
        <translation>Restzeit Schwarz</translation>
    </message>
    <message>
        <source>Increment</source>
        <translation>Inkrement</translation>
    </message>
    <message>
        <source>Arrows (top k)</source>
        <translation>Pfeile (beste k)</translation>
    </message>
    <message>
        <source>Probability by Elo (both players)</source>
        <translation>Wahrscheinlichkeit nach Elo (beide Spieler)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <source>Probability that a player of the chosen Elo plays a move losing at least 1 or 3 pawns against the engine&apos;s best move (moves outside the engine lines count as at least as bad as its worst line)</source>
        <translation>Wahrscheinlichkeit, dass ein Spieler der gewählten Elo einen Zug spielt, der gegenüber dem besten Zug der Engine mindestens 1 oder 3 Bauern verliert (Züge außerhalb der Engine-Varianten zählen als mindestens so schlecht wie ihre schlechteste Variante)</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <source>Analysis failed: %1</source>
        <translation>Analyse fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation>Modell wird geladen…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Elo</source>
        <translation>Elo</translation>
    </message>
    <message>
        <source>Blunder risk: waiting for engine lines</source>
        <translation>Patzerrisiko: warte auf Engine-Varianten</translation>
    </message>
    <message>
        <source>%1% lose ≥ %2</source>
        <translation>%1% verlieren ≥ %2</translation>
    </message>
    <message>
        <source>Blunder risk at %1: %2</source>
        <translation>Patzerrisiko bei %1: %2</translation>
    </message>
    <message>
        <source>(up to %1% more outside the engine lines)</source>
        <translation>(bis zu %1% mehr außerhalb der Engine-Varianten)</translation>
    </message>
    <message>
        <source>Human evaluation: needs a model with a value head</source>
        <translation>Menschliche Bewertung: benötigt ein Modell mit Value-Head</translation>
    </message>
    <message>
        <source>The human model&apos;s value head: White&apos;s expected score (win + half a draw) in a game between players of the chosen ratings and clocks from this position. The filled part is White&apos;s share.</source>
        <translation>Der Value-Head des Modells für menschliche Züge: die erwartete Punktzahl von Weiß (Sieg + halbes Remis) in einer Partie zwischen Spielern der gewählten Elo und Restzeiten ab dieser Stellung. Der gefüllte Teil ist der Anteil von Weiß.</translation>
    </message>
    <message>
        <source>At %1 vs %2, White scores %3% from here (W %4 / D %5 / L %6)</source>
        <translation>Bei %1 gegen %2 erzielt Weiß von hier aus %3% (S %4 / R %5 / N %6)</translation>
    </message>
    <message>
        <source>Model not loaded: %1</source>
        <translation>Modell nicht geladen: %1</translation>
    </message>
    <message>
        <source>Blunder risk needs the engine: &lt;a href=&quot;start&quot;&gt;start it&lt;/a&gt;</source>
        <translation>Das Patzerrisiko braucht die Engine: &lt;a href=&quot;start&quot;&gt;starten&lt;/a&gt;</translation>
    </message>
    <message>
        <source>The model&apos;s think-time head: how long a player of the mover&apos;s rating, with the clocks and increment set above, spends on a move in this position (median, and the range 80% of such moves fall in). Learnt from the clocks of Lichess games.</source>
        <translation>Der Bedenkzeit-Kopf des Modells: wie lange ein Spieler mit der Wertung des Ziehenden, mit den oben eingestellten Uhren und dem Inkrement, in dieser Stellung über einen Zug nachdenkt (Median und der Bereich, in den 80 % solcher Züge fallen). Gelernt aus den Uhren von Lichess-Partien.</translation>
    </message>
    <message>
        <source>Conditioning: %1</source>
        <translation>Bedingung: %1</translation>
    </message>
    <message>
        <source>A %1</source>
        <translation>Ein %1</translation>
    </message>
    <message>
        <source>A player of unknown rating</source>
        <translation>Ein Spieler unbekannter Wertung</translation>
    </message>
    <message>
        <source> with %1 left</source>
        <translation> mit %1 Restzeit</translation>
    </message>
    <message>
        <source> (clock unknown)</source>
        <translation> (Uhr unbekannt)</translation>
    </message>
    <message>
        <source> (+%1 s)</source>
        <translation> (+%1 s)</translation>
    </message>
    <message>
        <source>%1%2 takes about %3 here (80% within %4–%5)</source>
        <translation>%1%2 braucht hier etwa %3 (80 % zwischen %4 und %5)</translation>
    </message>
    <message>
        <source>Human evaluation: waiting for the model…</source>
        <translation>Menschliche Bewertung: warte auf das Modell…</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EnginePanel</name>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Switch the engine on or off</source>
        <translation>Engine ein- oder ausschalten</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Eval</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>Tiefe</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>auto-detect Stockfish</source>
        <translation>Stockfish automatisch finden</translation>
    </message>
    <message>
        <source>Choose the engine program</source>
        <translation>Engine-Programm auswählen</translation>
    </message>
    <message>
        <source>Engine program</source>
        <translation>Engine-Programm</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Varianten</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>move %1: %2</source>
        <translation>Zug %1: %2</translation>
    </message>
    <message>
        <source>Cannot analyse: %1</source>
        <translation>Analyse nicht möglich: %1</translation>
    </message>
    <message>
        <source>Checkmate</source>
        <translation>Schachmatt</translation>
    </message>
    <message>
        <source>Stalemate</source>
        <translation>Patt</translation>
    </message>
    <message>
        <source>depth %1/%2</source>
        <translation>Tiefe %1/%2</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>startet…</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The engine&apos;s evaluation (White&apos;s expected score by Lichess&apos;s win-chance curve)</source>
        <translation>Die Bewertung der Engine (erwartete Punktzahl von Weiß nach der Gewinnchancen-Kurve von Lichess)</translation>
    </message>
    <message>
        <source>Human evaluation: White&apos;s expected score between players of the chosen ratings</source>
        <translation>Menschliche Bewertung: erwartete Punktzahl von Weiß zwischen Spielern der gewählten Elo</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvalBar</name>
    <message>
        <source>Engine evaluation from White&apos;s point of view</source>
        <translation>Engine-Bewertung aus der Sicht von Weiß</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvaluationView</name>
    <message>
        <source>Held-out results by the mover&apos;s Elo (human-move models) or by solution length (puzzle models); the last two evaluated models are shown side by side</source>
        <translation>Ergebnisse auf den Testdaten nach Elo des ziehenden Spielers (Modelle für menschliche Züge) oder nach Lösungslänge (Aufgabenmodelle); die zwei zuletzt evaluierten Modelle werden nebeneinander gezeigt</translation>
    </message>
    <message>
        <source>Elo</source>
        <translation>Elo</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Stellungen</translation>
    </message>
    <message>
        <source>Top-1</source>
        <translation>Top-1</translation>
    </message>
    <message>
        <source>Top-3</source>
        <translation>Top-3</translation>
    </message>
    <message>
        <source>NLL</source>
        <translation>NLL</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Solution length</source>
        <translation>Lösungslänge</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>MAE</source>
        <translation>MAE</translation>
    </message>
    <message>
        <source>RMSE</source>
        <translation>RMSE</translation>
    </message>
    <message>
        <source>Within 1 RD</source>
        <translation>Innerhalb 1 RD</translation>
    </message>
    <message>
        <source>Baseline MAE</source>
        <translation>Basis-MAE</translation>
    </message>
    <message>
        <source>Top-1 accuracy by Elo bucket (%)</source>
        <translation>Top-1-Genauigkeit nach Elo-Klasse (%)</translation>
    </message>
    <message>
        <source>mover Elo</source>
        <translation>Elo des Ziehenden</translation>
    </message>
    <message>
        <source>MAE by solution length (rating points)</source>
        <translation>MAE nach Lösungslänge (Wertungspunkte)</translation>
    </message>
    <message>
        <source>mean by length</source>
        <translation>Mittel nach Länge</translation>
    </message>
    <message>
        <source>solver moves</source>
        <translation>Züge des Lösenden</translation>
    </message>
    <message>
        <source>Predicted vs. Lichess rating (held-out puzzles)</source>
        <translation>Vorhergesagte vs. Lichess-Wertung (Test-Aufgaben)</translation>
    </message>
    <message>
        <source>predicted = true</source>
        <translation>vorhergesagt = tatsächlich</translation>
    </message>
    <message>
        <source>Lichess rating</source>
        <translation>Lichess-Wertung</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>vorhergesagt</translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
        <translation>%1: Das Bild kann nicht geschrieben werden</translation>
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
    <name>kibitz::ui::GameDownloader</name>
    <message>
        <source>Download games</source>
        <translation>Partien herunterladen</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source> newest games</source>
        <translation> neueste Partien</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Konto</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>Höchstens</translation>
    </message>
    <message>
        <source>chess.com&apos;s ratings are put on Lichess&apos;s scale, which the model reads: chess.com %1 is Lichess %2.</source>
        <translation>Die Wertungen von chess.com werden auf die Skala von Lichess umgerechnet, die das Modell liest: chess.com %1 entspricht Lichess %2.</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: Ordner kann nicht angelegt werden</translation>
    </message>
    <message numerus="yes">
        <source>Downloading %1&apos;s games: %n so far</source>
        <translation>
            <numerusform>Lade die Partien von %1 herunter: bisher %n</numerusform>
            <numerusform>Lade die Partien von %1 herunter: bisher %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 asks to slow down: trying again in %n s</source>
        <translation>
            <numerusform>%1 bittet um Geduld: neuer Versuch in %n s</numerusform>
            <numerusform>%1 bittet um Geduld: neuer Versuch in %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Asking %1 for %2&apos;s games…</source>
        <translation>Frage %1 nach den Partien von %2…</translation>
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
<context>
    <name>kibitz::ui::MoveProbModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Human %</source>
        <translation>Mensch %</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::NewGameDialog</name>
    <message>
        <source>New game against the human model</source>
        <translation>Neue Partie gegen das Modell für menschliche Züge</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
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
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Du spielst</translation>
    </message>
    <message>
        <source>Your rating: the opponent plays as if it faced a player of this strength</source>
        <translation>Deine Wertung: Der Gegner spielt, als träfe er auf einen Spieler dieser Stärke</translation>
    </message>
    <message>
        <source>Your rating</source>
        <translation>Deine Wertung</translation>
    </message>
    <message>
        <source>The opponent plays the moves a Lichess player of this rating would play</source>
        <translation>Der Gegner spielt die Züge, die ein Lichess-Spieler dieser Wertung spielen würde</translation>
    </message>
    <message>
        <source>Opponent&apos;s rating</source>
        <translation>Wertung des Gegners</translation>
    </message>
    <message>
        <source>Time control</source>
        <translation>Bedenkzeit</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Grundzeit</translation>
    </message>
    <message>
        <source> s per move</source>
        <translation> s pro Zug</translation>
    </message>
    <message>
        <source>Increment</source>
        <translation>Inkrement</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Only the most likely moves that together make up this share are ever played, so a one-in-a-thousand move never is</source>
        <translation>Gespielt werden nur die wahrscheinlichsten Züge, die zusammen diesen Anteil ausmachen; ein Zug mit einer Chance von eins zu tausend also nie</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Thinks for a human time</source>
        <translation>Denkt so lange wie ein Mensch</translation>
    </message>
    <message>
        <source>Spends time like a human on this clock: more on hard moves and early in the middlegame, less when short of time; off: moves at once</source>
        <translation>Nutzt die Bedenkzeit wie ein Mensch bei dieser Uhr: mehr bei schweren Zügen und früh im Mittelspiel, weniger in Zeitnot; aus: zieht sofort</translation>
    </message>
    <message>
        <source>May resign a lost game</source>
        <translation>Darf eine verlorene Partie aufgeben</translation>
    </message>
    <message>
        <source>May offer and accept draws</source>
        <translation>Darf Remis anbieten und annehmen</translation>
    </message>
    <message>
        <source>Start from the position on the board</source>
        <translation>Von der Stellung auf dem Brett beginnen</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>a random side</source>
        <translation>zufälliger Farbe</translation>
    </message>
    <message>
        <source>without clocks</source>
        <translation>ohne Uhr</translation>
    </message>
    <message>
        <source>%1 min + %2 s</source>
        <translation>%1 min + %2 s</translation>
    </message>
    <message>
        <source>You (%1) play %2 against a %3-rated human, %4.</source>
        <translation>Du (%1) spielst mit %2 gegen einen Menschen mit Wertung %3, %4.</translation>
    </message>
    <message>
        <source>Bullet 1+0</source>
        <translation>Bullet 1+0</translation>
    </message>
    <message>
        <source>Bullet 2+1</source>
        <translation>Bullet 2+1</translation>
    </message>
    <message>
        <source>Blitz 3+0</source>
        <translation>Blitz 3+0</translation>
    </message>
    <message>
        <source>Blitz 3+2</source>
        <translation>Blitz 3+2</translation>
    </message>
    <message>
        <source>Blitz 5+3</source>
        <translation>Blitz 5+3</translation>
    </message>
    <message>
        <source>Rapid 10+0</source>
        <translation>Schnellschach 10+0</translation>
    </message>
    <message>
        <source>Rapid 10+5</source>
        <translation>Schnellschach 10+5</translation>
    </message>
    <message>
        <source>Rapid 15+10</source>
        <translation>Schnellschach 15+10</translation>
    </message>
    <message>
        <source>Classical 30+0</source>
        <translation>Klassisch 30+0</translation>
    </message>
    <message>
        <source>Classical 30+20</source>
        <translation>Klassisch 30+20</translation>
    </message>
    <message>
        <source>No clock</source>
        <translation>Ohne Uhr</translation>
    </message>
    <message>
        <source>Plays at its rating&apos;s strength</source>
        <translation>Spielt so stark wie seine Wertung</translation>
    </message>
    <message>
        <source>The rating sets how often the opponent errs, not only its style: its moves lose about as much winning chance as real Lichess players&apos; of that rating (measured on games it never saw; the user guide has the table). Off: it draws from the model&apos;s distribution as it is, which errs alike at every rating</source>
        <translation>Die Wertung bestimmt, wie oft der Gegner Fehler macht, nicht nur seinen Stil: Seine Züge verlieren etwa so viel Gewinnchance wie die echter Lichess-Spieler dieser Wertung (gemessen an Partien, die er nie gesehen hat; die Tabelle steht im Benutzerhandbuch). Aus: Er wählt seine Züge nach der Verteilung des Modells, wie sie ist, und macht bei jeder Wertung gleich oft Fehler</translation>
    </message>
    <message>
        <source>Errs about as often as Lichess %1s do: it is measured against their games.</source>
        <translation>Macht etwa so oft Fehler wie Lichess-Spieler mit Wertung %1: gemessen an deren Partien.</translation>
    </message>
    <message>
        <source>Plays the model&apos;s moves as they come: about as error-prone at any rating.</source>
        <translation>Spielt die Züge des Modells, wie sie kommen: bei jeder Wertung etwa gleich fehleranfällig.</translation>
    </message>
    <message>
        <source>On top of the rating&apos;s strength: 1 plays as people of that rating do; lower plays the likeliest moves more often (stronger), 0 always the likeliest; higher plays more varied moves (weaker)</source>
        <translation>Zusätzlich zur Spielstärke der Wertung: 1 spielt wie Menschen dieser Wertung; niedriger spielt die wahrscheinlichsten Züge öfter (stärker), 0 immer den wahrscheinlichsten; höher spielt abwechslungsreichere Züge (schwächer)</translation>
    </message>
    <message>
        <source>The style of a %1, the strength of about a %2: above %2 the rating stops adding strength (measured in self-play).</source>
        <translation>Der Stil eines %1, die Spielstärke etwa eines %2: über %2 macht die Wertung es nicht mehr stärker (im Spiel gegen sich selbst gemessen).</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayPanel</name>
    <message>
        <source>Start a game with Play › New game against the human model.</source>
        <translation>Starte eine Partie mit Spielen › Neue Partie gegen das Modell für menschliche Züge.</translation>
    </message>
    <message>
        <source>Your opponent offers a draw.</source>
        <translation>Dein Gegner bietet Remis an.</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Neue Partie…</translation>
    </message>
    <message>
        <source>Offer draw</source>
        <translation>Remis anbieten</translation>
    </message>
    <message>
        <source>Resign</source>
        <translation>Aufgeben</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the game without a result</source>
        <translation>Die Partie ohne Ergebnis beenden</translation>
    </message>
    <message>
        <source>Save PGN…</source>
        <translation>PGN speichern…</translation>
    </message>
    <message>
        <source>Review game</source>
        <translation>Partie analysieren</translation>
    </message>
    <message>
        <source>Open the game in the game review: the engine&apos;s evaluation, the human probability of each move, and how each side played</source>
        <translation>Die Partie in der Partieanalyse öffnen: die Bewertung der Engine, die menschliche Wahrscheinlichkeit jedes Zugs und wie jede Seite gespielt hat</translation>
    </message>
    <message>
        <source>You offered a draw.</source>
        <translation>Du hast Remis angeboten.</translation>
    </message>
    <message>
        <source>Really resign?</source>
        <translation>Wirklich aufgeben?</translation>
    </message>
    <message>
        <source>Your opponent declined the draw.</source>
        <translation>Dein Gegner hat das Remis abgelehnt.</translation>
    </message>
    <message>
        <source>The opponent&apos;s model failed: %1</source>
        <translation>Das Modell des Gegners ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>You win</source>
        <translation>Du gewinnst</translation>
    </message>
    <message>
        <source>You lose</source>
        <translation>Du verlierst</translation>
    </message>
    <message>
        <source>%1 by checkmate (%2).</source>
        <translation>%1 durch Schachmatt (%2).</translation>
    </message>
    <message>
        <source>%1 on time (%2).</source>
        <translation>%1 durch Zeitüberschreitung (%2).</translation>
    </message>
    <message>
        <source>Your opponent resigns: you win (%1).</source>
        <translation>Dein Gegner gibt auf: Du gewinnst (%1).</translation>
    </message>
    <message>
        <source>You resigned (%1).</source>
        <translation>Du hast aufgegeben (%1).</translation>
    </message>
    <message>
        <source>Draw by stalemate.</source>
        <translation>Remis durch Patt.</translation>
    </message>
    <message>
        <source>Draw: neither side can mate.</source>
        <translation>Remis: Keine Seite kann mattsetzen.</translation>
    </message>
    <message>
        <source>Draw by threefold repetition.</source>
        <translation>Remis durch dreifache Stellungswiederholung.</translation>
    </message>
    <message>
        <source>Draw by the fifty-move rule.</source>
        <translation>Remis nach der 50-Züge-Regel.</translation>
    </message>
    <message>
        <source>Draw: a flag fell, but the other side cannot mate.</source>
        <translation>Remis: Zeit überschritten, aber die andere Seite kann nicht mattsetzen.</translation>
    </message>
    <message>
        <source>Draw by agreement.</source>
        <translation>Remis durch Vereinbarung.</translation>
    </message>
    <message>
        <source>Game aborted.</source>
        <translation>Partie abgebrochen.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 denkt nach…</translation>
    </message>
    <message>
        <source>Your move.</source>
        <translation>Du bist am Zug.</translation>
    </message>
    <message>
        <source>Start a game with New game…: choose your side, both ratings and the clock.</source>
        <translation>Starte eine Partie mit Neue Partie…: Wähle deine Farbe, beide Wertungen und die Bedenkzeit.</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Partie speichern</translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation>PGN-Dateien (*.pgn)</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerModelDialog</name>
    <message>
        <source>Model of a player</source>
        <translation>Modell eines Spielers</translation>
    </message>
    <message>
        <source>Kibitz learns how one player moves from their games: the human-move model is fine-tuned on their moves, and scored on their newest tenth of games, which it does not learn from.</source>
        <translation>Kibitz lernt aus den Partien eines Spielers, wie er zieht: Das Modell menschlicher Züge wird auf seine Züge nachtrainiert und an seinem neuesten Zehntel der Partien gemessen, aus dem es nicht lernt.</translation>
    </message>
    <message>
        <source>&amp;Games…</source>
        <translation>&amp;Partien…</translation>
    </message>
    <message>
        <source>Open PGN files with the player&apos;s games.</source>
        <translation>Öffnen Sie PGN-Dateien mit den Partien des Spielers.</translation>
    </message>
    <message>
        <source>&amp;Download games…</source>
        <translation>Partien &amp;herunterladen…</translation>
    </message>
    <message>
        <source>A player&apos;s public games from Lichess or chess.com, by account name</source>
        <translation>Die öffentlichen Partien eines Spielers von Lichess oder chess.com, nach Kontoname</translation>
    </message>
    <message>
        <source>Rated %1 on chess.com in their newest game: %2 on Lichess&apos;s scale, which the model reads (chess.com&apos;s ratings are converted), so Analyse and Play use %2.</source>
        <translation>In der neuesten Partie auf chess.com mit %1 gewertet: %2 auf der Skala von Lichess, die das Modell liest (Wertungen von chess.com werden umgerechnet); Analysieren und Spielen verwenden daher %2.</translation>
    </message>
    <message>
        <source>Rated %1 in their newest game.</source>
        <translation>In der neuesten Partie mit %1 gewertet.</translation>
    </message>
    <message>
        <source>Learn from the newest</source>
        <translation>Lernen aus den neuesten</translation>
    </message>
    <message>
        <source>all</source>
        <translation>allen</translation>
    </message>
    <message>
        <source> games</source>
        <translation> Partien</translation>
    </message>
    <message>
        <source>&amp;Build the model</source>
        <translation>Modell &amp;erstellen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Analyse as this player</source>
        <translation>Als dieser Spieler &amp;analysieren</translation>
    </message>
    <message>
        <source>&amp;Play against this player</source>
        <translation>Gegen diesen Spieler &amp;spielen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Games of the player</source>
        <translation>Partien des Spielers</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>PGN-Dateien (*.pgn *.pgn.zst);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the players&apos; names…</source>
        <translation>Lese die Namen der Spieler…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n Partie)</numerusform>
            <numerusform>%1 (%n Partien)</numerusform>
        </translation>
    </message>
    <message>
        <source>These files name no players (no White or Black tags).</source>
        <translation>Diese Dateien nennen keine Spieler (keine White- oder Black-Tags).</translation>
    </message>
    <message>
        <source>Choose the player, then build the model.</source>
        <translation>Wählen Sie den Spieler und erstellen Sie dann das Modell.</translation>
    </message>
    <message>
        <source>Reading %1&apos;s games…</source>
        <translation>Lese die Partien von %1…</translation>
    </message>
    <message>
        <source>Epoch %1: top-1 on the newest games %2%</source>
        <translation>Epoche %1: Top-1 auf den neuesten Partien %2 %</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Breche ab…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>Abgebrochen; nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>%1: learnt from %2 games (%3 moves). On the newest %4 games the model finds the move played %5% of the time (the base model %6%). Saved as %7 (Models → Models of players).</source>
        <translation>%1: gelernt aus %2 Partien (%3 Zügen). In den neuesten %4 Partien trifft das Modell den gespielten Zug in %5 % der Fälle (das Ausgangsmodell in %6 %). Gespeichert als %7 (Modelle → Modelle von Spielern).</translation>
    </message>
    <message>
        <source>P&amp;rofile this player…</source>
        <translation>P&amp;rofil dieses Spielers…</translation>
    </message>
    <message>
        <source>Where they stand against people of their rating, phase by phase (no model needed)</source>
        <translation>Wo der Spieler im Vergleich zu Spielern seiner Wertung steht, Phase für Phase (kein Modell nötig)</translation>
    </message>
    <message>
        <source>Choosing how far to go: after epoch %1, top-1 on the player&apos;s older games %2%</source>
        <translation>Bestimme, wie lange trainiert wird: nach Epoche %1 Top-1 auf den älteren Partien des Spielers %2 %</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerProfilePage</name>
    <message>
        <source>Player profile</source>
        <translation>Spielerprofil</translation>
    </message>
    <message>
        <source>Cancelled; nothing is shown (the engine&apos;s scores so far are kept).</source>
        <translation>Abgebrochen; es wird nichts angezeigt (die bisherigen Bewertungen der Engine bleiben erhalten).</translation>
    </message>
    <message>
        <source>&amp;Games…</source>
        <translation>&amp;Partien…</translation>
    </message>
    <message>
        <source>&amp;Folder…</source>
        <translation>&amp;Ordner…</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>as in the games&apos; White and Black tags</source>
        <translation>wie in den White- und Black-Tags der Partien</translation>
    </message>
    <message>
        <source>&amp;Player</source>
        <translation>Sp&amp;ieler</translation>
    </message>
    <message>
        <source>&amp;Model…</source>
        <translation>&amp;Modell…</translation>
    </message>
    <message>
        <source>The human-move model the peers play by (the model in use by default)</source>
        <translation>Das Modell für menschliche Züge, nach dem die Vergleichsspieler ziehen (standardmäßig das verwendete Modell)</translation>
    </message>
    <message>
        <source>Peers</source>
        <translation>Vergleichsspieler</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle Partien</translation>
    </message>
    <message>
        <source>Rating estimates</source>
        <translation>Wertungsschätzungen</translation>
    </message>
    <message>
        <source>The rating their moves play like, by phase and clock (27 model queries a position)</source>
        <translation>Die Wertung, der die Züge des Spielers entsprechen, nach Phase und Restzeit (27 Modellabfragen je Stellung)</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>By phase</source>
        <translation>Nach Phase</translation>
    </message>
    <message>
        <source>By clock</source>
        <translation>Nach Restzeit</translation>
    </message>
    <message>
        <source>By kind of position</source>
        <translation>Nach Stellungstyp</translation>
    </message>
    <message>
        <source>By speed</source>
        <translation>Nach Spieltempo</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>The positions where they lost most against their peers (double-click: show it on the board). Exported as puzzles: the position before the opponent&apos;s move, that move and the engine&apos;s answer.</source>
        <translation>Die Stellungen, in denen der Spieler gegenüber den Vergleichsspielern am meisten verlor (Doppelklick: auf dem Brett zeigen). Als Aufgaben exportiert: die Stellung vor dem Zug des Gegners, dieser Zug und die Antwort der Engine.</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Gespielt</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Bester</translation>
    </message>
    <message>
        <source>Their loss</source>
        <translation>Verlust (Spieler)</translation>
    </message>
    <message>
        <source>Peer loss</source>
        <translation>Verlust (Vergleich)</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Their rating</source>
        <translation>Wertung des Spielers</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Worst positions</source>
        <translation>Schlechteste Stellungen</translation>
    </message>
    <message>
        <source>&amp;Export puzzles…</source>
        <translation>Aufgaben &amp;exportieren…</translation>
    </message>
    <message>
        <source>The worst positions as a Lichess puzzle CSV, for the puzzle panel and the sorting trainer</source>
        <translation>Die schlechtesten Stellungen als Lichess-Aufgaben-CSV, für die Aufgabenansicht und das Training „Züge sortieren“</translation>
    </message>
    <message>
        <source>Open the &amp;HTML report</source>
        <translation>&amp;HTML-Bericht öffnen</translation>
    </message>
    <message>
        <source>&amp;Save the report…</source>
        <translation>&amp;Bericht speichern…</translation>
    </message>
    <message numerus="yes">
        <source>%n files or folders</source>
        <translation>
            <numerusform>%n Datei oder Ordner</numerusform>
            <numerusform>%n Dateien oder Ordner</numerusform>
        </translation>
    </message>
    <message>
        <source>a human of their rating, by the human-move model: %1</source>
        <translation>ein Mensch seiner Wertung, nach dem Modell für menschliche Züge: %1</translation>
    </message>
    <message>
        <source>Games of the player</source>
        <translation>Partien des Spielers</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>PGN-Dateien (*.pgn *.pgn.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>A folder of the player&apos;s PGN files</source>
        <translation>Ein Ordner mit den PGN-Dateien des Spielers</translation>
    </message>
    <message>
        <source>Human-move model of the peers</source>
        <translation>Modell für menschliche Züge der Vergleichsspieler</translation>
    </message>
    <message>
        <source>Human-move models (*.kibitz *.pt *.pb.gz *.pb);;All files (*)</source>
        <translation>Modelle menschlicher Züge (*.kibitz *.pt *.pb.gz *.pb);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Keine Engine: %1</translation>
    </message>
    <message>
        <source>Reading %1&apos;s games…</source>
        <translation>Lese die Partien von %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Breche ab…</translation>
    </message>
    <message>
        <source>Scoring their positions: %1 of %2</source>
        <translation>Bewerte die Stellungen des Spielers: %1 von %2</translation>
    </message>
    <message>
        <source>Rating their moves: %1 of %2</source>
        <translation>Schätze die Wertung seiner Züge: %1 von %2</translation>
    </message>
    <message>
        <source>Cannot profile: %1</source>
        <translation>Profil nicht möglich: %1</translation>
    </message>
    <message>
        <source>Choose the games and the player, then Run.</source>
        <translation>Wählen Sie die Partien und den Spieler und klicken Sie dann auf Starten.</translation>
    </message>
    <message>
        <source>Their moves play like %1.</source>
        <translation>Seine Züge entsprechen einer Wertung von %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating left out.</source>
        <translation>
            <numerusform>%n Partie ohne seine Wertung ausgelassen.</numerusform>
            <numerusform>%n Partien ohne seine Wertung ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Ratings are on chess.com&apos;s scale (the model and the peers read them on Lichess&apos;s: Lichess = 614 + 0.797 × chess.com).</source>
        <translation>Die Wertungen stehen auf der Skala von chess.com (Modell und Vergleichsspieler lesen sie auf der Skala von Lichess: Lichess = 614 + 0,797 × chess.com).</translation>
    </message>
    <message numerus="yes">
        <source>Ratings are on Lichess&apos;s scale (the ratings of %n chess.com game(s) converted to it).</source>
        <translation>
            <numerusform>Die Wertungen stehen auf der Skala von Lichess (die Wertungen aus %n Partie von chess.com wurden umgerechnet).</numerusform>
            <numerusform>Die Wertungen stehen auf der Skala von Lichess (die Wertungen aus %n Partien von chess.com wurden umgerechnet).</numerusform>
        </translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by phase</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Phase</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by time left on their clock</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Restzeit auf der Uhr des Spielers</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by kind of position</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Stellungstyp</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by speed</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Spieltempo</translation>
    </message>
    <message>
        <source>all moves</source>
        <translation>alle Züge</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>No profile yet.</source>
        <translation>Noch kein Profil.</translation>
    </message>
    <message>
        <source>Export the worst positions as puzzles</source>
        <translation>Die schlechtesten Stellungen als Aufgaben exportieren</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv)</source>
        <translation>Lichess-Aufgaben-CSV (*.csv)</translation>
    </message>
    <message>
        <source>Save the HTML report</source>
        <translation>HTML-Bericht speichern</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>No browser opened the report; it is at %1</source>
        <translation>Kein Browser hat den Bericht geöffnet; er liegt unter %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their rating in these games %3 on average.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n Partie, %2 seiner Stellungen; seine Wertung in dieser Partie im Schnitt %3.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n Partien, %2 seiner Stellungen; seine Wertung in diesen Partien im Schnitt %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile only their newest games (all: every game of theirs in the files)</source>
        <translation>Nur die neuesten Partien des Spielers profilieren (alle: jede seiner Partien in den Dateien)</translation>
    </message>
    <message>
        <source>Stockfish&apos;s search depth for scoring every legal move (8: about a quarter of a second a position)</source>
        <translation>Suchtiefe von Stockfish beim Bewerten jedes legalen Zuges (8: etwa eine Viertelsekunde je Stellung)</translation>
    </message>
    <message>
        <source>Newest games:</source>
        <translation>Neueste Partien:</translation>
    </message>
    <message>
        <source>Every Nth move:</source>
        <translation>Jeder N-te Zug:</translation>
    </message>
    <message>
        <source>Engine depth:</source>
        <translation>Engine-Tiefe:</translation>
    </message>
    <message>
        <source>They lose %1 of winning chances a move where a human of their rating would lose %2, a ratio of %3 (its interval over resamples of their games in brackets); blunders %4% against %5%.</source>
        <translation>Der Spieler verliert pro Zug %1 an Gewinnchancen, wo ein Mensch seiner Wertung %2 verlieren würde, ein Verhältnis von %3 (in Klammern sein Intervall über Stichproben aus seinen Partien); Patzer %4 % gegenüber %5 %.</translation>
    </message>
    <message>
        <source>Peers ra&amp;ted:</source>
        <translation>Vergleich mit &amp;Wertung:</translation>
    </message>
    <message>
        <source>They lose %1 of winning chances a move where a human rated %6 would lose %2, a ratio of %3 (its interval over resamples of their games in brackets); blunders %4% against %5%.</source>
        <translation>Der Spieler verliert pro Zug %1 an Gewinnchancen, wo ein Mensch mit Wertung %6 %2 verlieren würde, ein Verhältnis von %3 (in Klammern sein Intervall über Stichproben aus seinen Partien); Patzer %4 % gegenüber %5 %.</translation>
    </message>
    <message>
        <source>a human rated %1, by the human-move model: %2</source>
        <translation>ein Mensch mit Wertung %1, nach dem Modell für menschliche Züge: %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their games do not give their rating.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n Partie, %2 seiner Stellungen; die Partie nennt seine Wertung nicht.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n Partien, %2 seiner Stellungen; die Partien nennen seine Wertung nicht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating profiled all the same (the peers&apos; rating is chosen); their average rating is that of the others.</source>
        <translation>
            <numerusform>%n Partie ohne seine Wertung trotzdem ausgewertet (die Wertung der Vergleichsspieler ist gewählt); seine mittlere Wertung ist die der übrigen.</numerusform>
            <numerusform>%n Partien ohne seine Wertung trotzdem ausgewertet (die Wertung der Vergleichsspieler ist gewählt); seine mittlere Wertung ist die der übrigen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Set their moves beside people of a chosen rating instead of their own, e.g. the rating they aim for (on chess.com&apos;s scale for chess.com games). Their own rating is then not needed: club games without rating tags can be profiled too.</source>
        <translation>Die Züge des Spielers mit Menschen einer gewählten Wertung statt seiner eigenen vergleichen, etwa der Wertung, die er anstrebt (für chess.com-Partien auf der Skala von chess.com). Seine eigene Wertung wird dann nicht gebraucht: auch Vereinspartien ohne Wertungsangaben lassen sich auswerten.</translation>
    </message>
    <message>
        <source>By opening</source>
        <translation>Nach Eröffnung</translation>
    </message>
    <message>
        <source>Where does a player stand against people of their rating? In the positions they faced, Stockfish scores every move; their loss of winning chances is set beside what a human of their rating and clock would lose there (the human-move model&apos;s peer baseline), by phase, clock, kind of position, speed, opening and period.</source>
        <translation>Wo steht ein Spieler im Vergleich zu Spielern seiner Wertung? In den Stellungen, die er vor sich hatte, bewertet Stockfish jeden Zug; sein Verlust an Gewinnchancen wird dem gegenübergestellt, was ein Mensch seiner Wertung und Restzeit dort verlieren würde (die Vergleichsbasis des Modells für menschliche Züge), nach Phase, Restzeit, Stellungstyp, Spieltempo, Eröffnung und Zeitraum.</translation>
    </message>
    <message>
        <source>By period</source>
        <translation>Nach Zeitraum</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by opening (their side and the opening&apos;s family)</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Eröffnung (die Farbe des Spielers und die Eröffnungsfamilie)</translation>
    </message>
    <message>
        <source>By variation</source>
        <translation>Nach Variante</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by variation (the opening&apos;s family and its first variation)</source>
        <translation>Mittlerer Verlust an Gewinnchancen pro Zug, Spieler und Vergleichsspieler, nach Variante (die Eröffnungsfamilie und ihre erste Variante)</translation>
    </message>
    <message>
        <source>Opening</source>
        <translation>Eröffnung</translation>
    </message>
    <message numerus="yes">
        <source>%n puzzle(s) written to %1 and opened in the puzzle dock</source>
        <translation>
            <numerusform>%n Aufgabe nach %1 geschrieben und in der Aufgabenansicht geöffnet</numerusform>
            <numerusform>%n Aufgaben nach %1 geschrieben und in der Aufgabenansicht geöffnet</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected position as they faced it: the move they played in red, the best move in green</source>
        <translation>Die gewählte Stellung, wie sie vor dem Spieler stand: sein Zug in Rot, der beste Zug in Grün</translation>
    </message>
    <message>
        <source>As a puzzle</source>
        <translation>Als Aufgabe</translation>
    </message>
    <message>
        <source>Their chance</source>
        <translation>Seine Chance</translation>
    </message>
    <message>
        <source>The position&apos;s rating as a puzzle, as the puzzle dock rates it, with its uncertainty</source>
        <translation>Die Wertung der Stellung als Aufgabe, wie das Aufgabenfenster sie bewertet, mit ihrer Unsicherheit</translation>
    </message>
    <message>
        <source>The chance that a player of their rating in that game finds the best move, by that rating</source>
        <translation>Die Chance, dass ein Spieler seiner Wertung in jener Partie den besten Zug findet, nach dieser Wertung</translation>
    </message>
    <message>
        <source>%1 ± %2</source>
        <translation>%1 ± %2</translation>
    </message>
    <message>
        <source>&amp;Download…</source>
        <translation>Herunter&amp;laden…</translation>
    </message>
    <message>
        <source>A player&apos;s public games from Lichess or chess.com, by account name</source>
        <translation>Die öffentlichen Partien eines Spielers von Lichess oder chess.com, nach Kontoname</translation>
    </message>
    <message>
        <source>PGN files or a folder of the player&apos;s games, or Download… for their account&apos;s games.</source>
        <translation>PGN-Dateien oder ein Ordner mit den Partien des Spielers, oder „Herunterladen…“ für die Partien seines Kontos.</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Score one of every N of their moves (chosen by hash): 1 scores all, 2 halves the time; auto scores about %L1 of them (every move of about 30 games, one in seven of 200)</source>
        <translation>Nur jeden N-ten Zug des Spielers bewerten (per Hash gewählt): 1 bewertet alle, 2 halbiert die Zeit; automatisch bewertet etwa %L1 davon (jeden Zug von etwa 30 Partien, jeden siebten von 200)</translation>
    </message>
    <message>
        <source>%L1 positions, one of their moves in %2</source>
        <translation>%L1 Stellungen, jeder %2. Zug des Spielers</translation>
    </message>
    <message>
        <source>%L1 positions, all their moves</source>
        <translation>%L1 Stellungen, alle Züge des Spielers</translation>
    </message>
    <message numerus="yes">
        <source>Profiled %n game(s) (%1): the peers by %2, %3. %4</source>
        <translation>
            <numerusform>Profil aus %n Partie erstellt (%1): Vergleichsspieler nach %2, %3. %4</numerusform>
            <numerusform>Profil aus %n Partien erstellt (%1): Vergleichsspieler nach %2, %3. %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PuzzlePanel</name>
    <message>
        <source>Models: %1</source>
        <translation>Modelle: %1</translation>
    </message>
    <message>
        <source>Puzzle model not loaded: %1</source>
        <translation>Aufgabenmodell nicht geladen: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Rating failed: %1</source>
        <translation>Bewertung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Import failed: %1</source>
        <translation>Import fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>batch: %1</source>
        <translation>Stapel: %1</translation>
    </message>
    <message>
        <source>Cancelled after %1 rows (%2 this run); rate the same file again to continue.</source>
        <translation>Abgebrochen nach %1 Zeilen (%2 in diesem Lauf); dieselbe Datei erneut bewerten, um fortzufahren.</translation>
    </message>
    <message>
        <source>Done: %1 rows rated (%2 this run, %3 puzzles/s), %4 bad rows skipped.</source>
        <translation>Fertig: %1 Zeilen bewertet (%2 in diesem Lauf, %3 Aufgaben/s), %4 fehlerhafte Zeilen übersprungen.</translation>
    </message>
    <message>
        <source>Batch failed: %1</source>
        <translation>Stapelverarbeitung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Start from current position</source>
        <translation>Von aktueller Stellung beginnen</translation>
    </message>
    <message>
        <source>The board&apos;s position is the position before the setup move: play the opponent&apos;s setup move next, then the solution (solver moves and replies).</source>
        <translation>Die Stellung auf dem Brett ist die Stellung vor dem Einleitungszug: Spiele als Nächstes den Einleitungszug des Gegners, dann die Lösung (Züge des Lösenden und Antworten).</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Export result…</source>
        <translation>Ergebnis exportieren…</translation>
    </message>
    <message>
        <source>P(solve)</source>
        <translation>P(gelöst)</translation>
    </message>
    <message>
        <source>Probability of solving, by player rating</source>
        <translation>Lösungswahrscheinlichkeit nach Spielerwertung</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Solver move</source>
        <translation>Zug des Lösenden</translation>
    </message>
    <message>
        <source>P @%1</source>
        <translation>P @%1</translation>
    </message>
    <message>
        <source>Hardest</source>
        <translation>Schwerster</translation>
    </message>
    <message>
        <source>Probability that a human of each rating plays the solution move (opponent of the same rating). The hardest move is the least likely one at %1.</source>
        <translation>Wahrscheinlichkeit, dass ein Mensch der jeweiligen Wertung den Lösungszug spielt (Gegner mit gleicher Wertung). Der schwerste Zug ist der unwahrscheinlichste bei %1.</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <source>Import CSV/PGN…</source>
        <translation>CSV/PGN importieren…</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (.csv, .csv.zst) or PGN: a game with a FEN tag is a puzzle, its first move the setup move, the rest the solution.</source>
        <translation>Lichess-Aufgaben-CSV (.csv, .csv.zst) oder PGN: Eine Partie mit FEN-Tag ist eine Aufgabe, ihr erster Zug der Einleitungszug, der Rest die Lösung.</translation>
    </message>
    <message>
        <source>Rate file…</source>
        <translation>Datei bewerten…</translation>
    </message>
    <message>
        <source>Rate every puzzle of a Lichess CSV into an output CSV. A cancelled run continues where it stopped when the same files are chosen again.</source>
        <translation>Jede Aufgabe einer Lichess-CSV bewerten und in eine Ausgabe-CSV schreiben. Ein abgebrochener Lauf wird dort fortgesetzt, wo er stehen blieb, wenn dieselben Dateien erneut gewählt werden.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>No file imported</source>
        <translation>Keine Datei importiert</translation>
    </message>
    <message>
        <source>Skipped rows and games are listed here with their place.</source>
        <translation>Übersprungene Zeilen und Partien werden hier mit ihrer Fundstelle aufgeführt.</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Loading models…</source>
        <translation>Modelle werden geladen…</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>eigene</translation>
    </message>
    <message>
        <source>No puzzle: press “Start from current position” or import a file.</source>
        <translation>Keine Aufgabe: „Von aktueller Stellung beginnen“ drücken oder eine Datei importieren.</translation>
    </message>
    <message>
        <source>Bad FEN: %1</source>
        <translation>Fehlerhafte FEN: %1</translation>
    </message>
    <message>
        <source>Play the opponent&apos;s setup move on the board.</source>
        <translation>Spiele den Einleitungszug des Gegners auf dem Brett.</translation>
    </message>
    <message>
        <source>No moves.</source>
        <translation>Keine Züge.</translation>
    </message>
    <message>
        <source>Setup: %1. Now play the solution.</source>
        <translation>Einleitung: %1. Spiele jetzt die Lösung.</translation>
    </message>
    <message>
        <source>Setup: %1 | Solution: %2</source>
        <translation>Einleitung: %1 | Lösung: %2</translation>
    </message>
    <message>
        <source>Puzzle %1. </source>
        <translation>Aufgabe %1. </translation>
    </message>
    <message>
        <source>rating…</source>
        <translation>bewerte…</translation>
    </message>
    <message>
        <source>   (Lichess: %1, RD %2)</source>
        <translation>   (Lichess: %1, RD %2)</translation>
    </message>
    <message>
        <source>Rated in %1 ms</source>
        <translation>Bewertet in %1 ms</translation>
    </message>
    <message>
        <source>★ hardest</source>
        <translation>★ schwerster</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lese %1…</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… und %1 weitere</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n puzzle(s)</source>
        <translation>
            <numerusform>%1: %n Aufgabe</numerusform>
            <numerusform>%1: %n Aufgaben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bad row(s)/game(s) skipped</source>
        <translation>
            <numerusform>, %n fehlerhafte Zeile/Partie übersprungen</numerusform>
            <numerusform>, %n fehlerhafte Zeilen/Partien übersprungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n solver move(s)</source>
        <translation>
            <numerusform>%1 — %n Zug des Lösenden</numerusform>
            <numerusform>%1 — %n Züge des Lösenden</numerusform>
        </translation>
    </message>
    <message>
        <source> — Lichess %1</source>
        <translation> — Lichess %1</translation>
    </message>
    <message>
        <source>Rating %1 into %2…</source>
        <translation>Bewerte %1 nach %2…</translation>
    </message>
    <message>
        <source>Cancelling after the batch in flight…</source>
        <translation>Abbruch nach dem laufenden Stapel…</translation>
    </message>
    <message>
        <source>%1 rows rated, %2 bad, %3 puzzles/s</source>
        <translation>%1 Zeilen bewertet, %2 fehlerhaft, %3 Aufgaben/s</translation>
    </message>
    <message>
        <source> (resumed after %1)</source>
        <translation> (fortgesetzt nach %1)</translation>
    </message>
    <message>
        <source>Import puzzles</source>
        <translation>Aufgaben importieren</translation>
    </message>
    <message>
        <source>Puzzles (*.csv *.csv.zst *.pgn *.pgn.zst);;All files (*)</source>
        <translation>Aufgaben (*.csv *.csv.zst *.pgn *.pgn.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Puzzle CSV to rate</source>
        <translation>Zu bewertende Aufgaben-CSV</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation>Lichess-Aufgaben-CSV (*.csv *.csv.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Write ratings to</source>
        <translation>Wertungen schreiben nach</translation>
    </message>
    <message>
        <source>-rated.csv</source>
        <translation>-rated.csv</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export result</source>
        <translation>Ergebnis exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Nothing to export: no rated puzzle.</source>
        <translation>Nichts zu exportieren: keine bewertete Aufgabe.</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <source>P(solve) from the rating</source>
        <translation>P(gelöst) aus der Wertung</translation>
    </message>
    <message>
        <source>human model: finds every move</source>
        <translation>Modell: findet jeden Zug</translation>
    </message>
    <message>
        <source>Player rating</source>
        <translation>Wertung des Spielers</translation>
    </message>
    <message>
        <source> (no human model: no per-move difficulty)</source>
        <translation> (kein Modell für menschliche Züge: keine Schwierigkeit je Zug)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Schreiben fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Predicted Lichess puzzle rating ± the model&apos;s predicted standard deviation (sigma) of that rating, and the interval it spans: about two puzzles in three have their Lichess rating inside it. With Stockfish installed the model&apos;s engine stage corrects the rating with the engine&apos;s view of each solver move.</source>
        <translation>Vorhergesagte Lichess-Aufgabenwertung ± die vom Modell vorhergesagte Standardabweichung (Sigma) dieser Wertung, und das Intervall, das sie aufspannt: bei etwa zwei von drei Aufgaben liegt die Lichess-Wertung darin. Ist Stockfish installiert, korrigiert die Engine-Stufe des Modells die Wertung mit der Sicht der Engine auf jeden Lösungszug.</translation>
    </message>
    <message>
        <source>%1 ± %2  (%3–%4)</source>
        <translation>%1 ± %2  (%3–%4)</translation>
    </message>
    <message>
        <source>, with the engine stage (the boards alone say %1)</source>
        <translation>, mit der Engine-Stufe (die Stellungen allein ergeben %1)</translation>
    </message>
    <message>
        <source>Maia-1 nets: find every move</source>
        <translation>Maia-1-Netze: jeden Zug finden</translation>
    </message>
    <message>
        <source>The nine published Maia-1 nets (CSSLab/maia-chess, GPL-3.0), one per Lichess rating band 1100–1999: the chance that each band&apos;s net plays every solver move, the move a 1500 is least likely to find, and the band from which every net&apos;s first choice is the solution. The engine stage reads the same numbers.</source>
        <translation>Die neun veröffentlichten Maia-1-Netze (CSSLab/maia-chess, GPL-3.0), je eines pro Lichess-Wertungsband 1100–1999: die Chance, dass das Netz jedes Bandes jeden Lösungszug spielt, der Zug, den ein 1500er am seltensten findet, und das Band, ab dem die erste Wahl jedes Netzes die Lösung ist. Die Engine-Stufe liest dieselben Zahlen.</translation>
    </message>
    <message>
        <source>%1% of %2s</source>
        <translation>%1 % der %2er</translation>
    </message>
    <message>
        <source>Solved by %1 (Maia-1 nets).</source>
        <translation>Gelöst von %1 (Maia-1-Netze).</translation>
    </message>
    <message>
        <source>Hardest for a 1500: %1. %2.</source>
        <translation>Am schwersten für einen 1500er: %1. %2.</translation>
    </message>
    <message>
        <source>Every net&apos;s first choice from the %1s.</source>
        <translation>Erste Wahl jedes Netzes ab den %1ern.</translation>
    </message>
    <message>
        <source>Not the first choice of any net.</source>
        <translation>Von keinem Netz die erste Wahl.</translation>
    </message>
    <message>
        <source>Filter: fork Sicilian 1200-1600 -long</source>
        <translation>Filter: fork Sicilian 1200-1600 -long</translation>
    </message>
    <message>
        <source>Shows the puzzles that match every item: a theme or the start of one (mateIn2, fork, endgame), a part of the opening (Sicilian, Alapin, &quot;King&apos;s Gambit&quot; in quotes for a phrase), a puzzle id, a Lichess rating range (1200-1600) or bound (&gt;1500, &lt;=1800); -word leaves out what it matches.</source>
        <translation>Zeigt die Aufgaben, auf die jeder Eintrag passt: ein Thema oder sein Anfang (mateIn2, fork, endgame), ein Teil der Eröffnung (Sicilian, Alapin, &quot;King&apos;s Gambit&quot; in Anführungszeichen für eine Wortfolge), eine Aufgaben-ID, ein Lichess-Wertungsbereich (1200-1600) oder eine Grenze (&gt;1500, &lt;=1800); -Wort lässt weg, worauf es passt.</translation>
    </message>
    <message>
        <source>Filter: %1</source>
        <translation>Filter: %1</translation>
    </message>
    <message>
        <source>Themes: %1</source>
        <translation>Themen: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n puzzle(s)</source>
        <translation>
            <numerusform>%n Aufgabe</numerusform>
            <numerusform>%n Aufgaben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%L1 of %n puzzle(s) match</source>
        <translation>
            <numerusform>%L1 von %n Aufgabe passen</numerusform>
            <numerusform>%L1 von %n Aufgaben passen</numerusform>
        </translation>
    </message>
    <message>
        <source>, the first %L1 listed</source>
        <translation>, die ersten %L1 aufgeführt</translation>
    </message>
    <message>
        <source>Sort their moves</source>
        <translation>Ihre Züge sortieren</translation>
    </message>
    <message>
        <source>Play the listed puzzles&apos; positions in the sorting trainer (the first %1): order four candidate moves from strongest to weakest</source>
        <translation>Die Stellungen der aufgeführten Aufgaben im Training „Züge sortieren“ spielen (die ersten %1): vier Kandidatenzüge vom stärksten zum schwächsten ordnen</translation>
    </message>
    <message>
        <source>Read with this filter</source>
        <translation>Mit diesem Filter lesen</translation>
    </message>
    <message>
        <source>Read the file again keeping only the puzzles the filter matches, so that puzzles past the first %L1 of a large file are found too</source>
        <translation>Die Datei erneut lesen und nur die Aufgaben behalten, auf die der Filter passt, damit auch Aufgaben nach den ersten %L1 einer großen Datei gefunden werden</translation>
    </message>
    <message>
        <source>Reading the puzzles of %1 that match “%2”…</source>
        <translation>Lese die Aufgaben aus %1, die auf „%2“ passen…</translation>
    </message>
    <message>
        <source> that match “%1” (%2 others left out)</source>
        <translation>, die auf „%1“ passen (%2 andere weggelassen)</translation>
    </message>
    <message>
        <source> (stopped at %L1: a filter reads further)</source>
        <translation> (bei %L1 angehalten: mit einem Filter wird weiter gelesen)</translation>
    </message>
    <message numerus="yes">
        <source>Reading %1… %2% (%n puzzle(s) kept)</source>
        <translation>
            <numerusform>Lese %1… %2% (%n Aufgabe behalten)</numerusform>
            <numerusform>Lese %1… %2% (%n Aufgaben behalten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>Lesen abbrechen</translation>
    </message>
    <message>
        <source>Stopped reading %1; the list is as it was.</source>
        <translation>Lesen von %1 abgebrochen; die Liste ist unverändert.</translation>
    </message>
    <message>
        <source>Solve it</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Set the board to the puzzle and find the moves there yourself; the solution and the move table stay hidden until you have solved it or ask for it.</source>
        <translation>Die Aufgabe aufs Brett stellen und die Züge dort selbst finden; die Lösung und die Zugtabelle bleiben verborgen, bis Sie sie gelöst haben oder danach fragen.</translation>
    </message>
    <message>
        <source>Setup: %1 | Solution: yours to find.</source>
        <translation>Einleitung: %1 | Lösung: von Ihnen zu finden.</translation>
    </message>
    <message>
        <source>Stopped: the board was taken for something else.</source>
        <translation>Abgebrochen: das Brett wird für etwas anderes gebraucht.</translation>
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
        <source>Show the solution</source>
        <translation>Lösung zeigen</translation>
    </message>
    <message>
        <source>%1 to play: find the best move on the board.</source>
        <translation>%1 am Zug: finden Sie den besten Zug auf dem Brett.</translation>
    </message>
    <message>
        <source>The solution: %1</source>
        <translation>Die Lösung: %1</translation>
    </message>
    <message>
        <source>Not the move: %1 was played, the solution is %2.</source>
        <translation>Nicht der Zug: %1 wurde gespielt, die Lösung ist %2.</translation>
    </message>
    <message>
        <source>Solved: %1.</source>
        <translation>Gelöst: %1.</translation>
    </message>
    <message>
        <source>Solved %1 of %2 here.</source>
        <translation>%1 von %2 hier gelöst.</translation>
    </message>
    <message>
        <source>Right: %1. %2 replies %3; find the next move.</source>
        <translation>Richtig: %1. %2 antwortet %3; finden Sie den nächsten Zug.</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächste</translation>
    </message>
    <message>
        <source>Solve the next puzzle of the Files tab&apos;s list</source>
        <translation>Die nächste Aufgabe aus der Liste des Reiters „Dateien“ lösen</translation>
    </message>
    <message>
        <source>In the game: %1, which lost %2 of winning chances where a human of the player&apos;s rating loses %3 on average.</source>
        <translation>In der Partie: %1; das kostete %2 an Gewinnchancen, wo ein Mensch mit der Wertung des Spielers im Mittel %3 verliert.</translation>
    </message>
    <message>
        <source>In the game: %1.</source>
        <translation>In der Partie: %1.</translation>
    </message>
    <message>
        <source>the player&apos;s rating</source>
        <translation>die Wertung des Spielers</translation>
    </message>
    <message>
        <source>The position comes from the player&apos;s own game (a player profile&apos;s puzzles): their chance to solve it at their rating in that game, by the puzzle&apos;s predicted rating and by the human model&apos;s curve. The curves are on Lichess&apos;s scale; a chess.com rating is converted first.</source>
        <translation>Die Stellung stammt aus einer eigenen Partie des Spielers (die Aufgaben eines Spielerprofils): seine Chance, sie bei seiner Wertung in jener Partie zu lösen, nach der vorhergesagten Wertung der Aufgabe und nach der Kurve des Menschenmodells. Die Kurven stehen auf der Skala von Lichess; eine chess.com-Wertung wird zuerst umgerechnet.</translation>
    </message>
    <message>
        <source>In the game: %1, which lost %2 of winning chances where a human rated %3 loses %4 on average.</source>
        <translation>In der Partie: %1, das %2 an Gewinnchancen verlor, wo ein Mensch mit Wertung %3 im Mittel %4 verliert.</translation>
    </message>
    <message>
        <source>%1 on chess.com (about %2 on Lichess&apos;s scale)</source>
        <translation>%1 auf chess.com (etwa %2 auf der Skala von Lichess)</translation>
    </message>
    <message>
        <source>At the player&apos;s rating in that game, %1: %2 to solve by its rating</source>
        <translation>Bei der Wertung des Spielers in jener Partie, %1: %2 Lösungschance nach ihrer Wertung</translation>
    </message>
    <message>
        <source>, %1 by the human model.</source>
        <translation>, %1 nach dem Menschenmodell.</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::ReviewPanel</name>
    <message>
        <source>depth </source>
        <translation>Tiefe </translation>
    </message>
    <message>
        <source>Review game</source>
        <translation>Partie analysieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Move played: human probability and engine eval</source>
        <translation>Gespielter Zug: menschliche Wahrscheinlichkeit und Engine-Bewertung</translation>
    </message>
    <message>
        <source>Human probability of the move played (%)</source>
        <translation>Menschliche Wahrscheinlichkeit des gespielten Zugs (%)</translation>
    </message>
    <message>
        <source>Eval after the move (pawns, White)</source>
        <translation>Bewertung nach dem Zug (Bauern, Weiß)</translation>
    </message>
    <message>
        <source>Current move</source>
        <translation>Aktueller Zug</translation>
    </message>
    <message>
        <source>Ply</source>
        <translation>Halbzug</translation>
    </message>
    <message>
        <source>Click to go to a move</source>
        <translation>Klicken, um zu einem Zug zu gehen</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Human %</source>
        <translation>Mensch %</translation>
    </message>
    <message>
        <source>Eval</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Load a game to review it.</source>
        <translation>Lade eine Partie, um sie zu analysieren.</translation>
    </message>
    <message>
        <source>Review cancelled.</source>
        <translation>Analyse abgebrochen.</translation>
    </message>
    <message>
        <source>Review failed: %1</source>
        <translation>Analyse fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2, %n plies</source>
        <translation>
            <numerusform>%1 – %2, %n Halbzug</numerusform>
            <numerusform>%1 – %2, %n Halbzüge</numerusform>
        </translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Keine Engine: %1</translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation>Analysiere…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Breche ab…</translation>
    </message>
    <message numerus="yes">
        <source>Reviewed %n plies.</source>
        <translation>
            <numerusform>%n Halbzug analysiert.</numerusform>
            <numerusform>%n Halbzüge analysiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Engine: %1.</source>
        <translation>Engine: %1.</translation>
    </message>
    <message>
        <source>Model: %1.</source>
        <translation>Modell: %1.</translation>
    </message>
    <message>
        <source>Human expectation for White (%)</source>
        <translation>Menschliche Erwartung für Weiß (%)</translation>
    </message>
    <message>
        <source>%1 played like a %2 (%3–%4).</source>
        <translation>%1 spielte wie ein Spieler mit %2 Elo (%3–%4).</translation>
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
        <source>#-%1</source>
        <translation>#-%1</translation>
    </message>
    <message>
        <source>missed #%1</source>
        <translation>#%1 verpasst</translation>
    </message>
    <message>
        <source>Review the game with Stockfish and the human model (%1)</source>
        <translation>Die Partie mit Stockfish und dem Menschenmodell analysieren (%1)</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>(exp. %1 s)</source>
        <translation>(erw. %1 s)</translation>
    </message>
    <message>
        <source>Spent %1 s; the model expected %2 s (90% of such moves take %3–%4 s)</source>
        <translation>%1 s gebraucht; das Modell erwartete %2 s (90 % solcher Züge dauern %3–%4 s)</translation>
    </message>
    <message>
        <source>%1 played like a %2 (%3–%4) on chess.com&apos;s scale, %5 on Lichess&apos;s.</source>
        <translation>%1 spielte wie ein Spieler mit %2 Elo (%3–%4) auf der Skala von chess.com, %5 auf der von Lichess.</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::Session</name>
    <message>
        <source>shipped default</source>
        <translation>mitgeliefertes Standardmodell</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::SortTrainer</name>
    <message>
        <source>Sort the moves from strongest (top) to weakest. Drag the cards, or select one and press Ctrl+Up/Down (Alt+Up/Down).</source>
        <translation>Sortiere die Züge vom stärksten (oben) zum schwächsten. Ziehe die Karten oder wähle eine aus und drücke Strg+Oben/Unten (Alt+Oben/Unten).</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Abgeben</translation>
    </message>
    <message>
        <source>Human Elo</source>
        <translation>Elo Mensch</translation>
    </message>
    <message>
        <source>Engine depth</source>
        <translation>Engine-Tiefe</translation>
    </message>
    <message>
        <source>Give a position to start.</source>
        <translation>Gib zum Beginnen eine Stellung vor.</translation>
    </message>
    <message>
        <source>No game could be made from these positions.</source>
        <translation>Aus diesen Stellungen ließ sich kein Spiel erstellen.</translation>
    </message>
    <message>
        <source>Generation failed: %1</source>
        <translation>Erzeugung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Generating a game…</source>
        <translation>Erzeuge ein Spiel…</translation>
    </message>
    <message>
        <source>Reading puzzles…</source>
        <translation>Lese Aufgaben…</translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Keine Engine: %1</translation>
    </message>
    <message>
        <source>Sort the moves.</source>
        <translation>Sortiere die Züge.</translation>
    </message>
    <message>
        <source>Puzzle %1: sort the moves.</source>
        <translation>Aufgabe %1: Sortiere die Züge.</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Select to preview on the board</source>
        <translation>Auswählen für eine Vorschau auf dem Brett</translation>
    </message>
    <message>
        <source>%1  %2  engine #%3</source>
        <translation>%1  %2  Engine #%3</translation>
    </message>
    <message>
        <source>human %1%</source>
        <translation>Mensch %1%</translation>
    </message>
    <message>
        <source>In the right place</source>
        <translation>An der richtigen Stelle</translation>
    </message>
    <message>
        <source>Should be in place %1</source>
        <translation>Gehört auf Platz %1</translation>
    </message>
    <message>
        <source>Difficulty: %1</source>
        <translation>Schwierigkeit: %1</translation>
    </message>
    <message>
        <source>Difficulty: %1 (%2)</source>
        <translation>Schwierigkeit: %1 (%2)</translation>
    </message>
    <message>
        <source>For a %1 player: %2 (%3), perfect order %4%</source>
        <translation>Für einen Spieler mit %1: %2 (%3), perfekte Reihenfolge %4%</translation>
    </message>
    <message numerus="yes">
        <source>Last game %1/%2 · total %3/%4 over %n game(s)</source>
        <translation>
            <numerusform>Letztes Spiel %1/%2 · gesamt %3/%4 in %n Spiel</numerusform>
            <numerusform>Letztes Spiel %1/%2 · gesamt %3/%4 in %n Spielen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln puzzle(s) drawn at random</source>
        <translation>
            <numerusform>%Ln Aufgabe zufällig gezogen</numerusform>
            <numerusform>%Ln Aufgaben zufällig gezogen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>from the file&apos;s %Ln</source>
        <translation>
            <numerusform>von %Ln in der Datei</numerusform>
            <numerusform>von %Ln in der Datei</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln bad row(s) skipped)</source>
        <translation>
            <numerusform>(%Ln fehlerhafte Zeile übersprungen)</numerusform>
            <numerusform>(%Ln fehlerhafte Zeilen übersprungen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln puzzle(s) of the file, in a random order</source>
        <translation>
            <numerusform>alle %Ln Aufgabe der Datei, in zufälliger Reihenfolge</numerusform>
            <numerusform>alle %Ln Aufgaben der Datei, in zufälliger Reihenfolge</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::TrainingPage</name>
    <message>
        <source>Resume it</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Human moves</source>
        <translation>Menschliche Züge</translation>
    </message>
    <message>
        <source>Puzzle rating</source>
        <translation>Aufgabenwertung</translation>
    </message>
    <message>
        <source>Move probabilities of human players (PGN games)</source>
        <translation>Zugwahrscheinlichkeiten menschlicher Spieler (PGN-Partien)</translation>
    </message>
    <message>
        <source>GlickFormer puzzle difficulty (Lichess puzzle CSV)</source>
        <translation>GlickFormer-Aufgabenschwierigkeit (Lichess-Aufgaben-CSV)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>From scratch</source>
        <translation>Von Grund auf</translation>
    </message>
    <message>
        <source>Fine-tune a bundle</source>
        <translation>Paket feinabstimmen</translation>
    </message>
    <message>
        <source>Start from the config and weights of a .kibitz bundle (or a checkpoint) of this kind, with a fresh optimizer and a lower learning rate</source>
        <translation>Mit Konfiguration und Gewichten eines .kibitz-Pakets (oder eines Prüfpunkts) dieser Art beginnen, mit frischem Optimierer und niedrigerer Lernrate</translation>
    </message>
    <message>
        <source>bundle to fine-tune (.kibitz)</source>
        <translation>feinabzustimmendes Paket (.kibitz)</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>No data files</source>
        <translation>Keine Datendateien</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>tiny (tests)</source>
        <translation>winzig (Tests)</translation>
    </message>
    <message>
        <source>small (CPU)</source>
        <translation>klein (CPU)</translation>
    </message>
    <message>
        <source>medium (GPU)</source>
        <translation>mittel (GPU)</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>factorized encoder</source>
        <translation>faktorisierter Encoder</translation>
    </message>
    <message>
        <source>factorized self-attention</source>
        <translation>faktorisierte Self-Attention</translation>
    </message>
    <message>
        <source>stacked boards (baseline)</source>
        <translation>gestapelte Bretter (Basislinie)</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Run name</source>
        <translation>Name des Laufs</translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation>Ordner für Läufe</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>raw</source>
        <translation>roh</translation>
    </message>
    <message>
        <source>smoothed</source>
        <translation>geglättet</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>Validation accuracy (top-1)</source>
        <translation>Validierungsgenauigkeit (top-1)</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>Beispiele pro Sekunde</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>Glättung</translation>
    </message>
    <message>
        <source>Exponential moving average of the loss: weight of the previous value, in %</source>
        <translation>Exponentiell gleitender Mittelwert des Verlusts: Gewicht des vorherigen Werts, in %</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>PNG speichern…</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>Evaluieren</translation>
    </message>
    <message>
        <source>Export bundle…</source>
        <translation>Paket exportieren…</translation>
    </message>
    <message>
        <source>Use for analysis</source>
        <translation>Für Analyse verwenden</translation>
    </message>
    <message>
        <source>Export bundle</source>
        <translation>Paket exportieren</translation>
    </message>
    <message>
        <source>Kibitz bundles (*.kibitz)</source>
        <translation>Kibitz-Pakete (*.kibitz)</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>Prüfpunkte</translation>
    </message>
    <message>
        <source>Compare two models…</source>
        <translation>Zwei Modelle vergleichen…</translation>
    </message>
    <message>
        <source>Evaluate two bundles or checkpoints of one kind on the same held-out data</source>
        <translation>Zwei Pakete oder Prüfpunkte derselben Art auf denselben Testdaten evaluieren</translation>
    </message>
    <message>
        <source>Save evaluation charts</source>
        <translation>Evaluationsdiagramme speichern</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Save evaluation data</source>
        <translation>Evaluationsdaten speichern</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Evaluation</translation>
    </message>
    <message>
        <source>Add at least one puzzle CSV file first</source>
        <translation>Zuerst mindestens eine Aufgaben-CSV-Datei hinzufügen</translation>
    </message>
    <message>
        <source>Add at least one PGN file first</source>
        <translation>Zuerst mindestens eine PGN-Datei hinzufügen</translation>
    </message>
    <message>
        <source>%1 is not a puzzle CSV; the puzzle-rating model trains on Lichess puzzle CSV</source>
        <translation>%1 ist keine Aufgaben-CSV; das Modell für Aufgabenwertung trainiert auf Lichess-Aufgaben-CSV</translation>
    </message>
    <message>
        <source>%1 is a puzzle CSV; the human-move model trains on PGN games</source>
        <translation>%1 ist eine Aufgaben-CSV; das Modell für menschliche Züge trainiert auf PGN-Partien</translation>
    </message>
    <message>
        <source>Choose the bundle to fine-tune first</source>
        <translation>Zuerst das feinabzustimmende Paket auswählen</translation>
    </message>
    <message>
        <source>pausing: finishing the current step and writing a checkpoint…</source>
        <translation>pausiere: beende den aktuellen Schritt und schreibe einen Prüfpunkt…</translation>
    </message>
    <message>
        <source>stopping: finishing the current step and writing a checkpoint…</source>
        <translation>stoppe: beende den aktuellen Schritt und schreibe einen Prüfpunkt…</translation>
    </message>
    <message>
        <source>%1 has no checkpoint to resume from</source>
        <translation>%1 hat keinen Prüfpunkt zum Fortsetzen</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>run %1 at step %2</source>
        <translation>Lauf %1 bei Schritt %2</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>GUI event loop during the run: max delay %1 ms, mean %2 ms over %3 probes</source>
        <translation>GUI-Ereignisschleife während des Laufs: maximale Verzögerung %1 ms, Mittel %2 ms über %3 Messungen</translation>
    </message>
    <message>
        <source>step %1 / %2 · %3 samples/s · elapsed %4 · ETA %5</source>
        <translation>Schritt %1 / %2 · %3 Beispiele/s · vergangen %4 · Restzeit %5</translation>
    </message>
    <message>
        <source>validation at step %1: MAE %2, RMSE %3 (mean by length: MAE %4; %5 puzzles)</source>
        <translation>Validierung bei Schritt %1: MAE %2, RMSE %3 (Mittel nach Länge: MAE %4; %5 Aufgaben)</translation>
    </message>
    <message>
        <source>validation at step %1: top-1 %2%, top-3 %3%, NLL %4 (%5 positions)</source>
        <translation>Validierung bei Schritt %1: top-1 %2%, top-3 %3%, NLL %4 (%5 Stellungen)</translation>
    </message>
    <message>
        <source>opened run %1</source>
        <translation>Lauf %1 geöffnet</translation>
    </message>
    <message>
        <source>The run %1 was interrupted (the app closed mid-run). Resume it from its last checkpoint?</source>
        <translation>Der Lauf %1 wurde unterbrochen (die App wurde während des Laufs geschlossen). Vom letzten Prüfpunkt fortsetzen?</translation>
    </message>
    <message>
        <source>The run %1 is paused.</source>
        <translation>Der Lauf %1 ist pausiert.</translation>
    </message>
    <message>
        <source>evaluating %1 on held-out puzzles…</source>
        <translation>evaluiere %1 auf Test-Aufgaben…</translation>
    </message>
    <message>
        <source>evaluating %1 on held-out games…</source>
        <translation>evaluiere %1 auf Test-Partien…</translation>
    </message>
    <message>
        <source>evaluation failed: %1</source>
        <translation>Evaluation fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>evaluation of %1: %2</source>
        <translation>Evaluation von %1: %2</translation>
    </message>
    <message>
        <source>comparing %1 and %2…</source>
        <translation>vergleiche %1 und %2…</translation>
    </message>
    <message>
        <source>%1 is a %2 model and %3 a %4 model; only models of one kind compare</source>
        <translation>%1 ist ein %2-Modell und %3 ein %4-Modell; nur Modelle derselben Art lassen sich vergleichen</translation>
    </message>
    <message>
        <source>add puzzle CSV files to compare puzzle models on their held-out puzzles</source>
        <translation>Aufgaben-CSV-Dateien hinzufügen, um Aufgabenmodelle auf ihren Test-Aufgaben zu vergleichen</translation>
    </message>
    <message>
        <source>add PGN files to compare human-move models on their held-out games</source>
        <translation>PGN-Dateien hinzufügen, um Modelle für menschliche Züge auf ihren Test-Partien zu vergleichen</translation>
    </message>
    <message>
        <source>comparison failed: %1</source>
        <translation>Vergleich fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Models (*.kibitz *.pt);;All files (*)</source>
        <translation>Modelle (*.kibitz *.pt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>First model</source>
        <translation>Erstes Modell</translation>
    </message>
    <message>
        <source>Second model</source>
        <translation>Zweites Modell</translation>
    </message>
    <message>
        <source>Bundle to fine-tune</source>
        <translation>Feinabzustimmendes Paket</translation>
    </message>
    <message>
        <source>paper (GPU, seed 000 sizes)</source>
        <translation>Paper (GPU, Größen aus Seed 000)</translation>
    </message>
    <message>
        <source>Validation MAE (rating points)</source>
        <translation>Validierungs-MAE (Wertungspunkte)</translation>
    </message>
    <message>
        <source>Use for rating</source>
        <translation>Für Bewertung verwenden</translation>
    </message>
    <message>
        <source>exporting %1 to %2…</source>
        <translation>exportiere %1 nach %2…</translation>
    </message>
    <message>
        <source>bundle written: %1</source>
        <translation>Paket geschrieben: %1</translation>
    </message>
    <message>
        <source>export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Durchsuche…</translation>
    </message>
    <message>
        <source>puzzles</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Sample of the first %1 %2 (%3 s):</source>
        <translation>Stichprobe der ersten %1 %2 (%3 s):</translation>
    </message>
    <message>
        <source>%1 %2 (%3 s):</source>
        <translation>%1 %2 (%3 s):</translation>
    </message>
    <message>
        <source>%1 positions</source>
        <translation>%1 Stellungen</translation>
    </message>
    <message>
        <source>rating %1–%2</source>
        <translation>Wertung %1–%2</translation>
    </message>
    <message>
        <source>Elo %1–%2</source>
        <translation>Elo %1–%2</translation>
    </message>
    <message>
        <source>%1% with clocks</source>
        <translation>%1% mit Zeitangaben</translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>%1 übersprungen</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Trainingsdaten</translation>
    </message>
    <message>
        <source>Games and puzzles (*.pgn *.pgn.zst *.csv *.csv.zst);;All files (*)</source>
        <translation>Partien und Aufgaben (*.pgn *.pgn.zst *.csv *.csv.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
        <translation>%1: Das Bild kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Save charts</source>
        <translation>Diagramme speichern</translation>
    </message>
    <message>
        <source>Save chart data</source>
        <translation>Diagrammdaten speichern</translation>
    </message>
    <message>
        <source>GUI event loop delay while training: max %1 ms, mean %2 ms</source>
        <translation>Verzögerung der GUI-Ereignisschleife beim Training: max. %1 ms, Mittel %2 ms</translation>
    </message>
    <message>
        <source>Cancel evaluation</source>
        <translation>Auswertung abbrechen</translation>
    </message>
    <message>
        <source>Stop the running evaluation or comparison</source>
        <translation>Die laufende Auswertung oder den laufenden Vergleich beenden</translation>
    </message>
    <message>
        <source>evaluation cancelled</source>
        <translation>Auswertung abgebrochen</translation>
    </message>
    <message>
        <source>comparison cancelled</source>
        <translation>Vergleich abgebrochen</translation>
    </message>
    <message>
        <source>cancelling the evaluation…</source>
        <translation>Auswertung wird abgebrochen…</translation>
    </message>
    <message>
        <source>Automatic (CUDA when available)</source>
        <translation>Automatisch (CUDA, wenn verfügbar)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA (NVIDIA GPU)</source>
        <translation>CUDA (NVIDIA-GPU)</translation>
    </message>
    <message>
        <source>This LibTorch sees no CUDA device</source>
        <translation>Diese LibTorch sieht kein CUDA-Gerät</translation>
    </message>
    <message>
        <source>Where a human-move run trains; on CUDA in bf16 mixed precision. Puzzle-rating runs train on the CPU.</source>
        <translation>Wo ein Lauf des Menschenzug-Modells trainiert; auf CUDA in bf16-Mischpräzision. Läufe des Puzzle-Bewertungsmodells trainieren auf der CPU.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
</context>
</TS>
