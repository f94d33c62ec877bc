<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
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
    <message>
        <source>Human moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle-rating model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kibitz models (*.kibitz);;Checkpoints (*.pt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human-move model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzles for move sorting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sort moves in this position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort moves from a &amp;puzzle file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load &amp;human-move model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the &amp;default human-move model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load &amp;puzzle-rating model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the default puzzle-&amp;rating model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Training studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New game against the human model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden while you play: the analysis comes back when the game ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden while you sort the moves: the analysis comes back when you submit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::AnalysisPanel</name>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Increment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrows (top k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability by Elo (both players)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability that a player of the chosen Elo plays a move losing at least 1 or 3 pawns against the engine&apos;s best move (moves outside the engine lines count as at least as bad as its worst line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blunder risk: waiting for engine lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% lose ≥ %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blunder risk at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(up to %1% more outside the engine lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human evaluation: needs a model with a value head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The human model&apos;s value head: White&apos;s expected score (win + half a draw) in a game between players of the chosen ratings and clocks from this position. The filled part is White&apos;s share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1 vs %2, White scores %3% from here (W %4 / D %5 / L %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model not loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blunder risk needs the engine: &lt;a href=&quot;start&quot;&gt;start it&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EnginePanel</name>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the engine on or off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto-detect Stockfish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the engine program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>move %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot analyse: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkmate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stalemate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>depth %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine&apos;s evaluation (White&apos;s expected score by Lichess&apos;s win-chance curve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human evaluation: White&apos;s expected score between players of the chosen ratings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvalBar</name>
    <message>
        <source>Engine evaluation from White&apos;s point of view</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvaluationView</name>
    <message>
        <source>Held-out results by the mover&apos;s Elo (human-move models) or by solution length (puzzle models); the last two evaluated models are shown side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NLL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solution length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RMSE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within 1 RD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline MAE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-1 accuracy by Elo bucket (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mover Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAE by solution length (rating points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean by length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>solver moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted vs. Lichess rating (held-out puzzles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted = true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lichess rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
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
<context>
    <name>kibitz::ui::MoveProbModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::NewGameDialog</name>
    <message>
        <source>New game against the human model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
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
        <source>Random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your rating: the opponent plays as if it faced a player of this strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The opponent plays the moves a Lichess player of this rating would play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponent&apos;s rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s per move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Increment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 plays as the model predicts; lower plays its favourite moves more often, 0 always the most likely move; higher plays more varied moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the most likely moves that together make up this share are ever played, so a one-in-a-thousand move never is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinks for a human time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spends time like a human on this clock: more on hard moves and early in the middlegame, less when short of time; off: moves at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May resign a lost game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May offer and accept draws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from the position on the board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a random side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without clocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min + %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You (%1) play %2 against a %3-rated human, %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bullet 1+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bullet 2+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blitz 3+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blitz 3+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blitz 5+3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rapid 10+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rapid 10+5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rapid 15+10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classical 30+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Classical 30+20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No clock</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayPanel</name>
    <message>
        <source>Start a game with Play › New game against the human model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your opponent offers a draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New game…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the game without a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PGN…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the game in the game review: the engine&apos;s evaluation, the human probability of each move, and how each side played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You offered a draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Really resign?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your opponent declined the draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The opponent&apos;s model failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You lose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 by checkmate (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on time (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your opponent resigns: you win (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You resigned (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw by stalemate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw: neither side can mate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw by threefold repetition.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw by the fifty-move rule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw: a flag fell, but the other side cannot mate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw by agreement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game aborted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your move.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a game with New game…: choose your side, both ratings and the clock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PuzzlePanel</name>
    <message>
        <source>Models: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle model not loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled after %1 rows (%2 this run); rate the same file again to continue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 rows rated (%2 this run, %3 puzzles/s), %4 bad rows skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from current position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board&apos;s position is the position before the setup move: play the opponent&apos;s setup move next, then the solution (solver moves and replies).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export result…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted Lichess puzzle rating ± the model&apos;s predicted standard deviation (sigma) of that rating.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(solve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability of solving, by player rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solver move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P @%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability that a human of each rating plays the solution move (opponent of the same rating). The hardest move is the least likely one at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV/PGN…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (.csv, .csv.zst) or PGN: a game with a FEN tag is a puzzle, its first move the setup move, the rest the solution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate every puzzle of a Lichess CSV into an output CSV. A cancelled run continues where it stopped when the same files are chosen again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped rows and games are listed here with their place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move not added: the board is not at the end of the puzzle line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No puzzle: press “Start from current position” or import a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bad FEN: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the opponent&apos;s setup move on the board.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup: %1. Now play the solution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup: %1 | Solution: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle %1. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ± %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>   (Lichess: %1, RD %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ hardest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n puzzle(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bad row(s)/game(s) skipped</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> (stopped at the limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n solver move(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> — Lichess %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating %1 into %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling after the batch in flight…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows rated, %2 bad, %3 puzzles/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (resumed after %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import puzzles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzles (*.csv *.csv.zst *.pgn *.pgn.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle CSV to rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write ratings to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-rated.csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export: no rated puzzle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P(solve) from the rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>human model: finds every move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no human model: no per-move difficulty)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::ReviewPanel</name>
    <message>
        <source>depth </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move played: human probability and engine eval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human probability of the move played (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval after the move (pawns, White)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to go to a move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a game to review it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2, %n plies</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reviewed %n plies.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Engine: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human expectation for White (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 played like a %2 (%3–%4).</source>
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
        <source>#-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missed #%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kibitz::ui::SortTrainer</name>
    <message>
        <source>Sort the moves from strongest (top) to weakest. Drag the cards, or select one and press Ctrl+Up/Down (Alt+Up/Down).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human Elo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a position to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No game could be made from these positions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generating a game…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading puzzles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort the moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle %1: sort the moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select to preview on the board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  %2  engine #%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>human %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the right place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Should be in place %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difficulty: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difficulty: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a %1 player: %2 (%3), perfect order %4%</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Last game %1/%2 · total %3/%4 over %n game(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::TrainingPage</name>
    <message>
        <source>Resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Human moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move probabilities of human players (PGN games)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GlickFormer puzzle difficulty (Lichess puzzle CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fine-tune a bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start from the config and weights of a .kibitz bundle (or a checkpoint) of this kind, with a fresh optimizer and a lower learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bundle to fine-tune (.kibitz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No data files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tiny (tests)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>small (CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium (GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factorized encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factorized self-attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stacked boards (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smoothed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation accuracy (top-1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exponential moving average of the loss: weight of the previous value, in %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export bundle…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use for analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export bundle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kibitz bundles (*.kibitz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare two models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluate two bundles or checkpoints of one kind on the same held-out data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save evaluation charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save evaluation data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add at least one puzzle CSV file first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add at least one PGN file first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a puzzle CSV; the puzzle-rating model trains on Lichess puzzle CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a puzzle CSV; the human-move model trains on PGN games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the bundle to fine-tune first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pausing: finishing the current step and writing a checkpoint…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping: finishing the current step and writing a checkpoint…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no checkpoint to resume from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 at step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI event loop during the run: max delay %1 ms, mean %2 ms over %3 probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 / %2 · %3 samples/s · elapsed %4 · ETA %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation at step %1: MAE %2, RMSE %3 (mean by length: MAE %4; %5 puzzles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation at step %1: top-1 %2%, top-3 %3%, NLL %4 (%5 positions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opened run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 was interrupted (the app closed mid-run). Resume it from its last checkpoint?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run %1 is paused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluating %1 on held-out puzzles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluating %1 on held-out games…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comparing %1 and %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a %2 model and %3 a %4 model; only models of one kind compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add puzzle CSV files to compare puzzle models on their held-out puzzles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add PGN files to compare human-move models on their held-out games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models (*.kibitz *.pt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Second model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bundle to fine-tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper (GPU, seed 000 sizes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation MAE (rating points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use for rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exporting %1 to %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bundle written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>puzzles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sample of the first %1 %2 (%3 s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 (%3 s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rating %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elo %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% with clocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games and puzzles (*.pgn *.pgn.zst *.csv *.csv.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save chart data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GUI event loop delay while training: max %1 ms, mean %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
