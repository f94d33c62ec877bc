<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>ProfileCharts</name>
    <message numerus="yes">
        <source>%1: %2 positions in %n game(s); their loss %3, peers %4, ratio (interval) %5; blunders %6%, peers %7%</source>
        <translation>
            <numerusform>%1: %2 positions in %n game; their loss %3, peers %4, ratio (interval) %5; blunders %6%, peers %7%</numerusform>
            <numerusform>%1: %2 positions in %n games; their loss %3, peers %4, ratio (interval) %5; blunders %6%, peers %7%</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Beyond chance&lt;/b&gt; (%n group(s) weighed at once): %1.</source>
        <extracomment>%1: what follows, &quot;they lose more than their peers in ...; they lose less in ...&quot;.</extracomment>
        <translation>
            <numerusform>&lt;b&gt;Beyond chance&lt;/b&gt; (%n group weighed): %1.</numerusform>
            <numerusform>&lt;b&gt;Beyond chance&lt;/b&gt; (%n groups weighed at once): %1.</numerusform>
        </translation>
    </message>
</context>
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
    <message numerus="yes">
        <source>%1 (%2, %n games)</source>
        <translation>
            <numerusform>%1 (%2, %n game)</numerusform>
            <numerusform>%1 (%2, %n games)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n game)</numerusform>
            <numerusform>%1 (%n games)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::GameDownload</name>
    <message numerus="yes">
        <source>the connection to %1 was lost after %n game(s) (%2); start again to resume</source>
        <translation>
            <numerusform>the connection to %1 was lost after %n game (%2); start again to resume</numerusform>
            <numerusform>the connection to %1 was lost after %n games (%2); start again to resume</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) of %1 from %2 in %3</source>
        <translation>
            <numerusform>%n game of %1 from %2 in %3</numerusform>
            <numerusform>%n games of %1 from %2 in %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>interrupted after %n game(s); start again with the same file to resume</source>
        <translation>
            <numerusform>interrupted after %n game; start again with the same file to resume</numerusform>
            <numerusform>interrupted after %n games; start again with the same file to resume</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the download from %1 ended in the middle of a game after %n game(s) (the stream was cut); start again to resume</source>
        <translation>
            <numerusform>the download from %1 ended in the middle of a game after %n game (the stream was cut); start again to resume</numerusform>
            <numerusform>the download from %1 ended in the middle of a game after %n games (the stream was cut); start again to resume</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 sent nothing for %2 s (the connection stalled) after %n game(s); start again to resume</source>
        <translation>
            <numerusform>%1 sent nothing for %2 s (the connection stalled) after %n game; start again to resume</numerusform>
            <numerusform>%1 sent nothing for %2 s (the connection stalled) after %n games; start again to resume</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::ProfileWorker</name>
    <message numerus="yes">
        <source>%n game(s) of theirs left out (the human-move model cannot read them).</source>
        <translation>
            <numerusform>%n game of theirs left out (the human-move model cannot read it).</numerusform>
            <numerusform>%n games of theirs left out (the human-move model cannot read them).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameDownloader</name>
    <message numerus="yes">
        <source>Downloading %1&apos;s games: %n so far</source>
        <translation>
            <numerusform>Downloading %1&apos;s games: %n so far</numerusform>
            <numerusform>Downloading %1&apos;s games: %n so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 asks to slow down: trying again in %n s</source>
        <translation>
            <numerusform>%1 asks to slow down: trying again in %n s</numerusform>
            <numerusform>%1 asks to slow down: trying again in %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerModelDialog</name>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n game)</numerusform>
            <numerusform>%1 (%n games)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerProfilePage</name>
    <message numerus="yes">
        <source>%n files or folders</source>
        <translation>
            <numerusform>%n file or folder</numerusform>
            <numerusform>%n files or folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating left out.</source>
        <translation>
            <numerusform>%n game without their rating left out.</numerusform>
            <numerusform>%n games without their rating left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ratings are on Lichess&apos;s scale (the ratings of %n chess.com game(s) converted to it).</source>
        <translation>
            <numerusform>Ratings are on Lichess&apos;s scale (the rating of %n chess.com game converted to it).</numerusform>
            <numerusform>Ratings are on Lichess&apos;s scale (the ratings of %n chess.com games converted to it).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their rating in these games %3 on average.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n game, %2 of their positions; their rating in this game %3 on average.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n games, %2 of their positions; their rating in these games %3 on average.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their games do not give their rating.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n game, %2 of their positions; their game does not give their rating.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;: %n games, %2 of their positions; their games do not give their rating.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating profiled all the same (the peers&apos; rating is chosen); their average rating is that of the others.</source>
        <translation>
            <numerusform>%n game without their rating profiled all the same (the peers&apos; rating is chosen); their average rating is that of the others.</numerusform>
            <numerusform>%n games without their rating profiled all the same (the peers&apos; rating is chosen); their average rating is that of the others.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n puzzle(s) written to %1 and opened in the puzzle dock</source>
        <translation>
            <numerusform>%n puzzle written to %1 and opened in the puzzle dock</numerusform>
            <numerusform>%n puzzles written to %1 and opened in the puzzle dock</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Profiled %n game(s) (%1): the peers by %2, %3. %4</source>
        <translation>
            <numerusform>Profiled %n game (%1): the peers by %2, %3. %4</numerusform>
            <numerusform>Profiled %n games (%1): the peers by %2, %3. %4</numerusform>
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
    <message numerus="yes">
        <source>%n puzzle(s)</source>
        <translation>
            <numerusform>%n puzzle</numerusform>
            <numerusform>%n puzzles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%L1 of %n puzzle(s) match</source>
        <translation>
            <numerusform>%L1 of %n puzzle match</numerusform>
            <numerusform>%L1 of %n puzzles match</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %1… %2% (%n puzzle(s) kept)</source>
        <translation>
            <numerusform>Reading %1… %2% (%n puzzle kept)</numerusform>
            <numerusform>Reading %1… %2% (%n puzzles kept)</numerusform>
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
    <message numerus="yes">
        <source>%Ln puzzle(s) drawn at random</source>
        <translation>
            <numerusform>%Ln puzzle drawn at random</numerusform>
            <numerusform>%Ln puzzles drawn at random</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>from the file&apos;s %Ln</source>
        <translation>
            <numerusform>from the file&apos;s %Ln</numerusform>
            <numerusform>from the file&apos;s %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln bad row(s) skipped)</source>
        <translation>
            <numerusform>(%Ln bad row skipped)</numerusform>
            <numerusform>(%Ln bad rows skipped)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln puzzle(s) of the file, in a random order</source>
        <translation>
            <numerusform>all %Ln puzzle of the file, in a random order</numerusform>
            <numerusform>all %Ln puzzles of the file, in a random order</numerusform>
        </translation>
    </message>
</context>
</TS>
