<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
<context>
    <name>ProfileCharts</name>
    <message>
        <source>all moves</source>
        <translation>tous les coups</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <source>%1: no group has %2 positions or more</source>
        <translation>%1&#xa0;: aucun groupe n&apos;a %2 positions ou plus</translation>
    </message>
    <message>
        <source>Their loss</source>
        <translation>Perte (joueur)</translation>
    </message>
    <message>
        <source>Peers of their rating</source>
        <translation>Pairs de même classement</translation>
    </message>
    <message>
        <source>Loss per move</source>
        <translation>Perte par coup</translation>
    </message>
    <message>
        <source>No rating estimate: too few moves in every group, or the estimates were not asked for</source>
        <translation>Aucune estimation de classement&#xa0;: trop peu de coups dans chaque groupe, ou les estimations n&apos;ont pas été demandées</translation>
    </message>
    <message>
        <source>Estimate and interval</source>
        <translation>Estimation et intervalle</translation>
    </message>
    <message>
        <source>Their rating in the games (%1)</source>
        <translation>Classement du joueur dans les parties (%1)</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Groupe</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Positions</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Parties</translation>
    </message>
    <message>
        <source>Peer loss</source>
        <translation>Perte (pairs)</translation>
    </message>
    <message>
        <source>Their blunders</source>
        <translation>Gaffes (joueur)</translation>
    </message>
    <message>
        <source>Peer blunders</source>
        <translation>Gaffes (pairs)</translation>
    </message>
    <message>
        <source>Rating (interval)</source>
        <translation>Classement (intervalle)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>too few positions</source>
        <translation>trop peu de positions</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>ouverture</translation>
    </message>
    <message>
        <source>middlegame</source>
        <translation>milieu de partie</translation>
    </message>
    <message>
        <source>endgame</source>
        <translation>finale</translation>
    </message>
    <message>
        <source>under 10 s</source>
        <translation>moins de 10 s</translation>
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
        <translation>10 min ou plus</translation>
    </message>
    <message>
        <source>no clock</source>
        <translation>sans pendule</translation>
    </message>
    <message>
        <source>in check</source>
        <translation>en échec</translation>
    </message>
    <message>
        <source>mate in one</source>
        <translation>mat en un</translation>
    </message>
    <message>
        <source>wins material</source>
        <translation>gain de matériel</translation>
    </message>
    <message>
        <source>piece hanging</source>
        <translation>pièce en prise</translation>
    </message>
    <message>
        <source>recapture</source>
        <translation>reprise</translation>
    </message>
    <message>
        <source>mate threatened</source>
        <translation>menace de mat</translation>
    </message>
    <message>
        <source>quiet</source>
        <translation>calme</translation>
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
        <translation>rapide</translation>
    </message>
    <message>
        <source>classical</source>
        <translation>classique</translation>
    </message>
    <message>
        <source>correspondence</source>
        <translation>par correspondance</translation>
    </message>
    <message>
        <source>unknown speed</source>
        <translation>cadence inconnue</translation>
    </message>
    <message>
        <source>The rating their moves play like on chess.com&apos;s scale (the box: %1% interval)</source>
        <translation>Le classement auquel correspondent les coups du joueur, à l&apos;échelle de chess.com (boîte&#xa0;: intervalle à %1&#xa0;%)</translation>
    </message>
    <message>
        <source>The rating their moves play like on Lichess&apos;s scale (the box: %1% interval)</source>
        <translation>Le classement auquel correspondent les coups du joueur, à l&apos;échelle de Lichess (boîte&#xa0;: intervalle à %1&#xa0;%)</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>en</source>
        <extracomment>The lang attribute of the HTML report: the interface language&apos;s code (en, de, fr, ...).</extracomment>
        <translation>fr</translation>
    </message>
    <message>
        <source>Where %1 stands</source>
        <translation>Où en est %1</translation>
    </message>
    <message>
        <source>Loss: the mean loss of winning chances of their moves against the engine&apos;s best. Peer: what a human of their rating and clock loses in the same positions, by the human-move model. A ratio above 1: they lose more than their peers there. Blunders lose at least 0.3.</source>
        <translation>Perte&#xa0;: la perte moyenne de chances de gain de ses coups par rapport au meilleur coup du moteur. Pairs&#xa0;: ce que perd un humain de son classement et de sa pendule dans les mêmes positions, selon le modèle de coups humains. Un rapport supérieur à 1&#xa0;: il y perd plus que ses pairs. Une gaffe perd au moins 0,3.</translation>
    </message>
    <message>
        <source>Loss by phase</source>
        <translation>Perte par phase</translation>
    </message>
    <message>
        <source>Loss by clock</source>
        <translation>Perte par temps restant</translation>
    </message>
    <message>
        <source>Loss by speed</source>
        <translation>Perte par cadence</translation>
    </message>
    <message>
        <source>Loss by kind of position</source>
        <translation>Perte par type de position</translation>
    </message>
    <message>
        <source>Rating by phase</source>
        <translation>Classement par phase</translation>
    </message>
    <message>
        <source>Rating by clock</source>
        <translation>Classement par temps restant</translation>
    </message>
    <message>
        <source>their mean loss</source>
        <translation>sa perte moyenne</translation>
    </message>
    <message>
        <source>a human of their rating</source>
        <translation>un humain de son classement</translation>
    </message>
    <message>
        <source>player</source>
        <translation>joueur</translation>
    </message>
    <message>
        <source>peers</source>
        <translation>pairs</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval; the grey line: their rating in these games (%1)</source>
        <translation>le classement auquel correspondent ses coups, avec son intervalle&#xa0;; la ligne grise&#xa0;: son classement dans ces parties (%1)</translation>
    </message>
    <message>
        <source>All positions</source>
        <translation>Toutes les positions</translation>
    </message>
    <message>
        <source>By phase</source>
        <translation>Par phase</translation>
    </message>
    <message>
        <source>By clock</source>
        <translation>Par temps restant</translation>
    </message>
    <message>
        <source>By speed</source>
        <translation>Par cadence</translation>
    </message>
    <message>
        <source>By kind of position</source>
        <translation>Par type de position</translation>
    </message>
    <message>
        <source>Where they lost most against their peers</source>
        <translation>Là où il a le plus perdu face à ses pairs</translation>
    </message>
    <message>
        <source>puzzle</source>
        <translation>problème</translation>
    </message>
    <message>
        <source>move</source>
        <translation>coup</translation>
    </message>
    <message>
        <source>played</source>
        <translation>joué</translation>
    </message>
    <message>
        <source>best</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>perte</translation>
    </message>
    <message>
        <source>peer</source>
        <translation>pairs</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>phase</translation>
    </message>
    <message>
        <source>game</source>
        <translation>partie</translation>
    </message>
    <message>
        <source>Made by Kibitz.</source>
        <translation>Réalisé avec Kibitz.</translation>
    </message>
    <message>
        <source>A ratio&apos;s interval: where it falls in %1 of resamples of their games. One that holds 1 is within chance of their peers; one wholly above or below is a real difference.</source>
        <translation>L&apos;intervalle d&apos;un rapport&#xa0;: là où il tombe dans %1 des rééchantillonnages de ses parties. S&apos;il contient 1, le joueur reste dans ce que le hasard donne à ses pairs&#xa0;; s&apos;il est tout entier au-dessus ou au-dessous, la différence est réelle.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 positions in %n game(s); their loss %3, peers %4, ratio (interval) %5; blunders %6%, peers %7%</source>
        <translation>
            <numerusform>%1&#xa0;: %2 positions dans %n partie&#xa0;; perte du joueur %3, pairs %4, rapport (intervalle) %5&#xa0;; gaffes %6&#xa0;%, pairs %7&#xa0;%</numerusform>
            <numerusform>%1&#xa0;: %2 positions dans %n parties&#xa0;; perte du joueur %3, pairs %4, rapport (intervalle) %5&#xa0;; gaffes %6&#xa0;%, pairs %7&#xa0;%</numerusform>
        </translation>
    </message>
    <message>
        <source>Ratio (interval)</source>
        <translation>Rapport (intervalle)</translation>
    </message>
    <message>
        <source>x: the ratio; the line on their bar: its interval</source>
        <translation>x&#xa0;: le rapport&#xa0;; le trait sur la barre du joueur&#xa0;: son intervalle</translation>
    </message>
    <message>
        <source>Loss: the mean loss of winning chances of their moves against the engine&apos;s best. Peer: what a human rated %1, with their clock, loses in the same positions, by the human-move model. A ratio above 1: they lose more than people rated %1 there. Blunders lose at least 0.3.</source>
        <translation>Perte&#xa0;: la perte moyenne de chances de gain de ses coups par rapport au meilleur coup du moteur. Pairs&#xa0;: ce que perd un humain classé %1, avec la pendule du joueur, dans les mêmes positions, selon le modèle de coups humains. Un rapport supérieur à 1&#xa0;: il y perd plus que les joueurs classés %1. Une gaffe perd au moins 0,3.</translation>
    </message>
    <message>
        <source>a human rated %1</source>
        <translation>un humain classé %1</translation>
    </message>
    <message>
        <source>Peers rated %1</source>
        <translation>Joueurs classés %1</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval</source>
        <translation>le classement auquel correspondent ses coups, avec son intervalle</translation>
    </message>
    <message>
        <source>other openings</source>
        <translation>autres ouvertures</translation>
    </message>
    <message>
        <source>set-up position</source>
        <translation>position arrangée</translation>
    </message>
    <message>
        <source>White: %1</source>
        <extracomment>An opening in the player profile: the side the player had, then the opening&apos;s family (&quot;Sicilian Defense&quot;).</extracomment>
        <translation>Blancs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Black: %1</source>
        <translation>Noirs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Loss by opening</source>
        <translation>Perte par ouverture</translation>
    </message>
    <message>
        <source>By opening</source>
        <translation>Par ouverture</translation>
    </message>
    <message>
        <source>no date</source>
        <translation>sans date</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <extracomment>A period of the player&apos;s games in the player profile: the dates of its first and last game.</extracomment>
        <translation>du %1 au %2</translation>
    </message>
    <message>
        <source>Loss by period</source>
        <translation>Perte par période</translation>
    </message>
    <message>
        <source>Rating by period</source>
        <translation>Classement par période</translation>
    </message>
    <message>
        <source>By period</source>
        <translation>Par période</translation>
    </message>
    <message>
        <source>the rating their moves play like, with its interval; the grey mark: their rating in those games</source>
        <translation>le classement auquel correspondent ses coups, avec son intervalle&#xa0;; la marque grise&#xa0;: son classement dans ces parties</translation>
    </message>
    <message>
        <source>their rating</source>
        <translation>son classement</translation>
    </message>
    <message>
        <source>Not split in time: that takes %1 games with a date or more</source>
        <translation>Pas de découpage dans le temps&#xa0;: il faut pour cela au moins %1 parties datées</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by period</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par période</translation>
    </message>
    <message>
        <source>The rating their moves play like, period by period, on chess.com&apos;s scale (the box: %1% interval), and their rating in those games</source>
        <translation>Le classement auquel correspondent les coups du joueur, période par période, à l&apos;échelle de chess.com (boîte&#xa0;: intervalle à %1&#xa0;%), et son classement dans ces parties</translation>
    </message>
    <message>
        <source>The rating their moves play like, period by period, on Lichess&apos;s scale (the box: %1% interval), and their rating in those games</source>
        <translation>Le classement auquel correspondent les coups du joueur, période par période, à l&apos;échelle de Lichess (boîte&#xa0;: intervalle à %1&#xa0;%), et son classement dans ces parties</translation>
    </message>
    <message>
        <source>Their rating in those games</source>
        <translation>Son classement dans ces parties</translation>
    </message>
    <message>
        <source>Their rating</source>
        <translation>Classement (joueur)</translation>
    </message>
    <message>
        <source>no moves</source>
        <translation>aucun coup</translation>
    </message>
    <message>
        <source>other variations</source>
        <translation>autres variantes</translation>
    </message>
    <message>
        <source>Loss by variation</source>
        <translation>Perte par variante</translation>
    </message>
    <message>
        <source>By variation</source>
        <translation>Par variante</translation>
    </message>
    <message>
        <source>Opening moves</source>
        <extracomment>The table of openings: the positions of their games&apos; opening phase, and their ratio against their peers there.</extracomment>
        <translation>Coups d&apos;ouverture</translation>
    </message>
    <message>
        <source>Ratio in the opening (interval)</source>
        <translation>Rapport dans l&apos;ouverture (intervalle)</translation>
    </message>
    <message>
        <source>Each position as they faced it: the move they played in red, the best move in green, the opponent&apos;s last move tinted.</source>
        <translation>Chaque position telle qu&apos;il l&apos;a eue devant lui : le coup joué en rouge, le meilleur coup en vert, le dernier coup de l&apos;adversaire teinté.</translation>
    </message>
    <message>
        <source>as a puzzle</source>
        <translation>comme problème</translation>
    </message>
    <message>
        <source>their chance</source>
        <translation>sa chance</translation>
    </message>
    <message>
        <source>As a puzzle: the rating Kibitz&apos;s puzzle model predicts for the position on Lichess&apos;s puzzle scale, with its uncertainty; their chance: the chance that a player of their rating in that game finds the best move, by that rating.</source>
        <translation>Comme problème : le classement que le modèle de problèmes de Kibitz prédit pour la position à l&apos;échelle des problèmes de Lichess, avec son incertitude ; sa chance : la chance qu&apos;un joueur de son classement dans cette partie trouve le meilleur coup, d&apos;après ce classement.</translation>
    </message>
    <message>
        <source>Where they stand out from their peers</source>
        <translation>Où le joueur se distingue de ses pairs</translation>
    </message>
    <message>
        <source>they lose more than their peers</source>
        <translation>il perd plus que ses pairs</translation>
    </message>
    <message>
        <source>they lose less than their peers</source>
        <translation>il perd moins que ses pairs</translation>
    </message>
    <message>
        <source>Nowhere: in every group the difference from their peers is within chance.</source>
        <translation>Nulle part&#xa0;: dans chaque groupe, l&apos;écart avec ses pairs reste dans ce que donne le hasard.</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>pendule</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>cadence</translation>
    </message>
    <message>
        <source>kind of position</source>
        <translation>type de position</translation>
    </message>
    <message>
        <source>variation</source>
        <translation>variante</translation>
    </message>
    <message>
        <source>period</source>
        <translation>période</translation>
    </message>
    <message>
        <source>%1 (%2) %3</source>
        <translation>%1 (%2) %3</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n de plus</numerusform>
            <numerusform>%n de plus</numerusform>
        </translation>
    </message>
    <message>
        <source>they lose more than their peers in %1</source>
        <translation>il perd plus que ses pairs en %1</translation>
    </message>
    <message>
        <source>they lose less in %1</source>
        <translation>moins en %1</translation>
    </message>
    <message>
        <source>nowhere do they lose more or less than their peers</source>
        <translation>nulle part il ne perd plus ou moins que ses pairs</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Beyond chance&lt;/b&gt; (%n group(s) weighed at once): %1.</source>
        <extracomment>%1: what follows, &quot;they lose more than their peers in ...; they lose less in ...&quot;.</extracomment>
        <translation>
            <numerusform>&lt;b&gt;Au-delà du hasard&lt;/b&gt; (%n groupe pesé à la fois)&#xa0;: %1.</numerusform>
            <numerusform>&lt;b&gt;Au-delà du hasard&lt;/b&gt; (%n groupes pesés ensemble)&#xa0;: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Beyond chance, all %1 groups weighed at once: a player who plays like their peers everywhere is named here in about one report in ten.</source>
        <translation>Au-delà du hasard, les %1 groupes pesés ensemble&#xa0;: un joueur qui joue partout comme ses pairs n&apos;est nommé ici que dans un rapport sur dix environ.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>PGN and CSV files are mixed; a run trains on one kind</source>
        <translation>Fichiers PGN et CSV mélangés&#xa0;; une session s&apos;entraîne sur un seul type</translation>
    </message>
    <message>
        <source>step</source>
        <translation>étape</translation>
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
            <numerusform>%n partie</numerusform>
            <numerusform>%n parties</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading the file</source>
        <translation>Arrêter la lecture du fichier</translation>
    </message>
    <message>
        <source>Human moves</source>
        <translation>Coups humains</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
    <message>
        <source>Game review</source>
        <translation>Analyse de partie</translation>
    </message>
    <message>
        <source>Sort moves</source>
        <translation>Trier les coups</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Jouer</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <source>Puzzle-rating model</source>
        <translation>Modèle de classement des problèmes</translation>
    </message>
    <message>
        <source>Kibitz models (*.kibitz);;Checkpoints (*.pt)</source>
        <translation>Modèles Kibitz (*.kibitz);;Points de contrôle (*.pt)</translation>
    </message>
    <message>
        <source>Human-move model</source>
        <translation>Modèle de coups humains</translation>
    </message>
    <message>
        <source>Puzzles for move sorting</source>
        <translation>Problèmes pour trier les coups</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation>CSV de problèmes Lichess (*.csv *.csv.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation>&amp;Nouvelle partie</translation>
    </message>
    <message>
        <source>&amp;Open PGN…</source>
        <translation>&amp;Ouvrir un PGN…</translation>
    </message>
    <message>
        <source>&amp;Save game as PGN…</source>
        <translation>&amp;Enregistrer la partie en PGN…</translation>
    </message>
    <message>
        <source>&amp;Paste FEN</source>
        <translation>Co&amp;ller une FEN</translation>
    </message>
    <message>
        <source>&amp;Copy FEN</source>
        <translation>&amp;Copier la FEN</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Board</source>
        <translation>É&amp;chiquier</translation>
    </message>
    <message>
        <source>&amp;Flip board</source>
        <translation>&amp;Retourner l&apos;échiquier</translation>
    </message>
    <message>
        <source>&amp;Sort moves in this position</source>
        <translation>&amp;Trier les coups dans cette position</translation>
    </message>
    <message>
        <source>Sort moves from a &amp;puzzle file…</source>
        <translation>Trier les coups d&apos;un fichier de &amp;problèmes…</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Jouer</translation>
    </message>
    <message>
        <source>&amp;New game against the human model…</source>
        <translation>&amp;Nouvelle partie contre le modèle humain…</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modèles</translation>
    </message>
    <message>
        <source>Load &amp;human-move model…</source>
        <translation>Charger un modèle de coups &amp;humains…</translation>
    </message>
    <message>
        <source>Use the &amp;default human-move model</source>
        <translation>Utiliser le modèle de coups humains par &amp;défaut</translation>
    </message>
    <message>
        <source>Load &amp;puzzle-rating model…</source>
        <translation>Charger un modèle de classement des &amp;problèmes…</translation>
    </message>
    <message>
        <source>Use the default puzzle-&amp;rating model</source>
        <translation>Utiliser le modèle de &amp;classement des problèmes par défaut</translation>
    </message>
    <message>
        <source>&amp;Training studio</source>
        <translation>Studio d&apos;en&amp;traînement</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Aller</translation>
    </message>
    <message>
        <source>First move</source>
        <translation>Premier coup</translation>
    </message>
    <message>
        <source>Previous move</source>
        <translation>Coup précédent</translation>
    </message>
    <message>
        <source>Next move</source>
        <translation>Coup suivant</translation>
    </message>
    <message>
        <source>Last move</source>
        <translation>Dernier coup</translation>
    </message>
    <message>
        <source>&amp;Take back move</source>
        <translation>&amp;Reprendre le coup</translation>
    </message>
    <message>
        <source>&amp;Promote variation to main line</source>
        <translation>&amp;Promouvoir la variante en ligne principale</translation>
    </message>
    <message>
        <source>&amp;Delete variation</source>
        <translation>&amp;Supprimer la variante</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation>FEN invalide&#xa0;: %1</translation>
    </message>
    <message>
        <source>Position from FEN</source>
        <translation>Position depuis une FEN</translation>
    </message>
    <message>
        <source>FEN copied to the clipboard</source>
        <translation>FEN copiée dans le presse-papiers</translation>
    </message>
    <message>
        <source>Open PGN</source>
        <translation>Ouvrir un PGN</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>Fichiers PGN (*.pgn *.pgn.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
    <message>
        <source>Could not read the file.

%1</source>
        <translation>Impossible de lire le fichier.

%1</translation>
    </message>
    <message>
        <source>%1 holds no game that could be read.</source>
        <translation>%1 ne contient aucune partie lisible.</translation>
    </message>
    <message>
        <source>First problem: %1</source>
        <translation>Premier problème rencontré&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds more games; showing the first %n.</source>
        <translation>
            <numerusform>%1 contient d&apos;autres parties&#xa0;; seule la première est affichée.</numerusform>
            <numerusform>%1 contient d&apos;autres parties&#xa0;; seules les %n premières sont affichées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n game(s).</source>
        <translation>
            <numerusform>%1 contient %n partie.</numerusform>
            <numerusform>%1 contient %n parties.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n malformed game(s) skipped (first: %1).</source>
        <translation>
            <numerusform>%n partie mal formée ignorée (%1).</numerusform>
            <numerusform>%n parties mal formées ignorées (première&#xa0;: %1).</numerusform>
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
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Hidden while you play: the analysis comes back when the game ends.</source>
        <translation>Masqué pendant la partie&#xa0;: l&apos;analyse revient à la fin de la partie.</translation>
    </message>
    <message>
        <source>Hidden while you sort the moves: the analysis comes back when you submit.</source>
        <translation>Masqué pendant que vous triez les coups&#xa0;: l&apos;analyse revient quand vous validez.</translation>
    </message>
    <message>
        <source>No move made on the board to take back</source>
        <translation>Aucun coup joué sur l&apos;échiquier à reprendre</translation>
    </message>
    <message>
        <source>This line is already the main line</source>
        <translation>Cette ligne est déjà la ligne principale</translation>
    </message>
    <message>
        <source>The current move is on the main line: no variation to delete</source>
        <translation>Le coup actuel est sur la ligne principale&#xa0;: aucune variante à supprimer</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Enregistrer la partie</translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation>Fichiers PGN (*.pgn)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 enregistré</translation>
    </message>
    <message>
        <source>Checkmate: Black wins</source>
        <translation>Échec et mat&#xa0;: les Noirs gagnent</translation>
    </message>
    <message>
        <source>Checkmate: White wins</source>
        <translation>Échec et mat&#xa0;: les Blancs gagnent</translation>
    </message>
    <message>
        <source>Stalemate: draw</source>
        <translation>Pat&#xa0;: partie nulle</translation>
    </message>
    <message>
        <source>Draw: insufficient material</source>
        <translation>Nulle&#xa0;: matériel insuffisant</translation>
    </message>
    <message>
        <source>White to move</source>
        <translation>Trait aux Blancs</translation>
    </message>
    <message>
        <source>Black to move</source>
        <translation>Trait aux Noirs</translation>
    </message>
    <message>
        <source>a draw can be claimed (fifty-move rule)</source>
        <translation>la nulle peut être réclamée (règle des cinquante coups)</translation>
    </message>
    <message>
        <source>a draw can be claimed (threefold repetition)</source>
        <translation>la nulle peut être réclamée (triple répétition)</translation>
    </message>
    <message>
        <source>White to move, in check</source>
        <translation>Trait aux Blancs, en échec</translation>
    </message>
    <message>
        <source>Black to move, in check</source>
        <translation>Trait aux Noirs, en échec</translation>
    </message>
    <message>
        <source>CUDA is not available: %1</source>
        <translation>CUDA n&apos;est pas disponible&#xa0;: %1</translation>
    </message>
    <message>
        <source>Unknown device &apos;%1&apos; (auto, cpu or cuda)</source>
        <translation>Périphérique inconnu &apos;%1&apos; (auto, cpu ou cuda)</translation>
    </message>
    <message>
        <source>The models now run on: %1</source>
        <translation>Les modèles tournent maintenant sur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Run models &amp;on</source>
        <translation>Exécuter les modèles &amp;sur</translation>
    </message>
    <message>
        <source>&amp;Automatic (CUDA when available)</source>
        <translation>&amp;Automatique (CUDA si disponible)</translation>
    </message>
    <message>
        <source>&amp;CPU</source>
        <translation>&amp;CPU</translation>
    </message>
    <message>
        <source>C&amp;UDA (NVIDIA GPU)</source>
        <translation>C&amp;UDA (GPU NVIDIA)</translation>
    </message>
    <message>
        <source>This LibTorch sees no CUDA device</source>
        <translation>Cette LibTorch ne voit aucun périphérique CUDA</translation>
    </message>
    <message>
        <source>Settings: device &apos;%1&apos; is not available here; the models run on: %2</source>
        <translation>Paramètres&#xa0;: le périphérique &apos;%1&apos; n&apos;est pas disponible ici&#xa0;; les modèles tournent sur&#xa0;: %2</translation>
    </message>
    <message>
        <source>Human-move models (*.kibitz *.pt *.pb.gz *.pb);;Kibitz models (*.kibitz);;Checkpoints (*.pt);;lc0 networks, such as Maia-1 (*.pb.gz *.pb)</source>
        <translation>Modèles de coups humains (*.kibitz *.pt *.pb.gz *.pb);;Modèles Kibitz (*.kibitz);;Points de contrôle (*.pt);;Réseaux lc0, comme Maia-1 (*.pb.gz *.pb)</translation>
    </message>
    <message>
        <source>Folder of rating-band lc0 nets (maia-1100.pb.gz … maia-1900.pb.gz)</source>
        <translation>Dossier de réseaux lc0 par tranche de classement (maia-1100.pb.gz … maia-1900.pb.gz)</translation>
    </message>
    <message>
        <source>New game against %1</source>
        <translation>Nouvelle partie contre %1</translation>
    </message>
    <message>
        <source>Load a &amp;folder of rating-band nets (Maia-1)…</source>
        <translation>Charger un &amp;dossier de réseaux par tranche de classement (Maia-1)…</translation>
    </message>
    <message>
        <source>Model of a p&amp;layer…</source>
        <translation>Modèle d’un &amp;joueur…</translation>
    </message>
    <message>
        <source>Models of pla&amp;yers</source>
        <translation>Modèles de jo&amp;ueurs</translation>
    </message>
    <message>
        <source>(none yet: Model of a player…)</source>
        <translation>(aucun pour l’instant : Modèle d’un joueur…)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, %n games)</source>
        <translation>
            <numerusform>%1 (%2, %n partie)</numerusform>
            <numerusform>%1 (%2, %n parties)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n partie)</numerusform>
            <numerusform>%1 (%n parties)</numerusform>
        </translation>
    </message>
    <message>
        <source>Player p&amp;rofile…</source>
        <translation>&amp;Profil du joueur…</translation>
    </message>
    <message>
        <source>Solve a puzzle</source>
        <translation>Résoudre un problème</translation>
    </message>
    <message>
        <source>Hidden while you solve the puzzle: the analysis comes back when it ends.</source>
        <translation>Masquée pendant que vous résolvez le problème&#xa0;: l&apos;analyse revient quand il se termine.</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::GameDownload</name>
    <message>
        <source>&apos;%1&apos; is not a %2 account name (letters, digits, &apos;-&apos; and &apos;_&apos;)</source>
        <translation>« %1 » n’est pas un nom de compte %2 (lettres, chiffres, « - » et « _ »)</translation>
    </message>
    <message>
        <source>no output file given</source>
        <translation>aucun fichier de sortie indiqué</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1 : écriture impossible : %2</translation>
    </message>
    <message>
        <source>%1 belongs to another download (not %2 on %3): delete it, or choose another file</source>
        <translation>%1 appartient à un autre téléchargement (pas %2 sur %3) : supprimez-le ou choisissez un autre fichier</translation>
    </message>
    <message>
        <source>%1 does not hold the %2 games its state records: delete it and %3 to start again</source>
        <translation>%1 ne contient pas les %2 parties que son état indique : supprimez-le ainsi que %3 pour recommencer</translation>
    </message>
    <message>
        <source>%1: cannot write</source>
        <translation>%1 : écriture impossible</translation>
    </message>
    <message>
        <source>%1 refused %2 times for sending too many requests (HTTP 429); try again later</source>
        <translation>%1 a refusé %2 fois pour trop de requêtes (HTTP 429) ; réessayez plus tard</translation>
    </message>
    <message>
        <source>no %1 account &apos;%2&apos; (HTTP 404)</source>
        <translation>aucun compte %1 « %2 » (HTTP 404)</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 for %3</source>
        <translation>%1 a répondu HTTP %2 pour %3</translation>
    </message>
    <message numerus="yes">
        <source>the connection to %1 was lost after %n game(s) (%2); start again to resume</source>
        <translation>
            <numerusform>la connexion à %1 a été perdue après %n partie (%2) ; relancez pour reprendre</numerusform>
            <numerusform>la connexion à %1 a été perdue après %n parties (%2) ; relancez pour reprendre</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach %1 (%2): is the computer online?</source>
        <translation>impossible de joindre %1 (%2) : l’ordinateur est-il en ligne ?</translation>
    </message>
    <message>
        <source>chess.com answered something that is not its archive list for &apos;%1&apos;</source>
        <translation>chess.com n’a pas répondu par sa liste d’archives pour « %1 »</translation>
    </message>
    <message>
        <source>%1: cannot rename it to %2: %3</source>
        <translation>%1 : impossible de le renommer en %2 : %3</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) of %1 from %2 in %3</source>
        <translation>
            <numerusform>%n partie de %1 depuis %2 dans %3</numerusform>
            <numerusform>%n parties de %1 depuis %2 dans %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>interrupted after %n game(s); start again with the same file to resume</source>
        <translation>
            <numerusform>interrompu après %n partie ; relancez avec le même fichier pour reprendre</numerusform>
            <numerusform>interrompu après %n parties ; relancez avec le même fichier pour reprendre</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not an address Kibitz fetches games from</source>
        <translation>%1 n&apos;est pas une adresse d&apos;où Kibitz télécharge des parties</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1&#xa0;: lecture impossible&#xa0;: %2</translation>
    </message>
    <message>
        <source>refused to fetch %1: only %2&apos;s own addresses are fetched</source>
        <translation>téléchargement de %1 refusé&#xa0;: seules les adresses propres à %2 sont consultées</translation>
    </message>
    <message>
        <source>%1 answered %2, from %3</source>
        <translation>%1 a répondu&#xa0;: %2 (adresse %3)</translation>
    </message>
    <message>
        <source>chess.com answered an archive list of more than %1 MiB for &apos;%2&apos;: not its archive list</source>
        <translation>chess.com a répondu pour «&#xa0;%2&#xa0;» par une liste d&apos;archives de plus de %1&#xa0;Mio&#xa0;: ce n&apos;est pas sa liste d&apos;archives</translation>
    </message>
    <message>
        <source>the download of %1 from chess.com ended in the middle of a game (the stream was cut); start again to resume</source>
        <translation>le téléchargement de %1 depuis chess.com s&apos;est arrêté au milieu d&apos;une partie (le flux a été coupé)&#xa0;; relancez pour reprendre</translation>
    </message>
    <message numerus="yes">
        <source>the download from %1 ended in the middle of a game after %n game(s) (the stream was cut); start again to resume</source>
        <translation>
            <numerusform>le téléchargement depuis %1 s&apos;est arrêté après %n partie, au milieu de la suivante (le flux a été coupé)&#xa0;; relancez pour reprendre</numerusform>
            <numerusform>le téléchargement depuis %1 s&apos;est arrêté après %n parties, au milieu de la suivante (le flux a été coupé)&#xa0;; relancez pour reprendre</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 sent nothing for %2 s (the connection stalled) after %n game(s); start again to resume</source>
        <translation>
            <numerusform>%1 n&apos;a rien envoyé pendant %2&#xa0;s après %n partie (la connexion était bloquée)&#xa0;; relancez pour reprendre</numerusform>
            <numerusform>%1 n&apos;a rien envoyé pendant %2&#xa0;s après %n parties (la connexion était bloquée)&#xa0;; relancez pour reprendre</numerusform>
        </translation>
    </message>
    <message>
        <source>chess.com&apos;s archive list for &apos;%1&apos; %2</source>
        <translation>liste d&apos;archives de chess.com pour «&#xa0;%1&#xa0;»&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PlayController</name>
    <message>
        <source>Kibitz human %1</source>
        <translation>Kibitz humain %1</translation>
    </message>
    <message>
        <source>the model returned no move</source>
        <translation>le modèle n&apos;a renvoyé aucun coup</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::ProfileWorker</name>
    <message numerus="yes">
        <source>%n game(s) of theirs left out (the human-move model cannot read them).</source>
        <translation>
            <numerusform>%n partie du joueur écartée (le modèle de coups humains ne peut pas la lire).</numerusform>
            <numerusform>%n parties du joueur écartées (le modèle de coups humains ne peut pas les lire).</numerusform>
        </translation>
    </message>
    <message>
        <source>The worst positions are not rated as puzzles: %1</source>
        <translation>Les pires positions ne sont pas classées comme problèmes : %1</translation>
    </message>
    <message>
        <source>The Maia-1 nets the default model blends with were not found (KIBITZ_MAIA_DIR names their folder): the peer baseline is fitted with them, and without them it loses about a tenth more than real players of each band.</source>
        <translation>Les réseaux Maia-1 avec lesquels le modèle par défaut est mélangé sont introuvables (KIBITZ_MAIA_DIR indique leur dossier) : la référence des pairs est ajustée avec eux et, sans eux, elle perd environ un dixième de plus que les vrais joueurs de chaque tranche.</translation>
    </message>
    <message>
        <source>The peer baseline is fitted on the default model blended with the Maia-1 nets: with another model it is that model&apos;s, not calibrated to real players.</source>
        <translation>La référence des pairs est ajustée sur le modèle par défaut mélangé aux réseaux Maia-1 : avec un autre modèle, c&apos;est celle de ce modèle, non calibrée sur de vrais joueurs.</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PuzzleFileWorker</name>
    <message>
        <source>rating failed: %1</source>
        <translation>échec de l&apos;estimation du classement&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::PuzzleWorker</name>
    <message>
        <source>puzzle model: %1 parameters</source>
        <translation>modèle de problèmes&#xa0;: %1 paramètres</translation>
    </message>
    <message>
        <source>; human model: %1</source>
        <translation>&#xa0;; modèle humain&#xa0;: %1</translation>
    </message>
    <message>
        <source>; no human model (%1)</source>
        <translation>&#xa0;; pas de modèle humain (%1)</translation>
    </message>
    <message>
        <source>loading the models failed: %1</source>
        <translation>échec du chargement des modèles&#xa0;: %1</translation>
    </message>
    <message>
        <source>rating failed: %1</source>
        <translation>échec de l&apos;estimation du classement&#xa0;: %1</translation>
    </message>
    <message>
        <source>; engine stage: on (depth %1, %2 lines)</source>
        <translation>; étage moteur&#xa0;: actif (profondeur %1, %2 lignes)</translation>
    </message>
    <message>
        <source>; engine stage off: %1</source>
        <translation>; étage moteur inactif&#xa0;: %1</translation>
    </message>
    <message>
        <source>; engine stage off: the human-move model it was fitted with (%1) is not available</source>
        <translation> ; étage moteur désactivé : le modèle de coups humains avec lequel il a été ajusté (%1) n’est pas disponible</translation>
    </message>
    <message>
        <source>; no Maia-1 nets (%1)</source>
        <translation> ; pas de réseaux Maia-1 (%1)</translation>
    </message>
    <message>
        <source>; Maia-1 nets for the per-band chances</source>
        <translation> ; réseaux Maia-1 pour les chances par tranche</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::SortWorker</name>
    <message>
        <source>no engine configured</source>
        <translation>aucun moteur configuré</translation>
    </message>
    <message>
        <source>human model unavailable: %1</source>
        <translation>modèle humain indisponible&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1: no usable puzzle</source>
        <translation>%1&#xa0;: aucun problème utilisable</translation>
    </message>
</context>
<context>
    <name>kibitz::jobs::TrainingJob</name>
    <message>
        <source>Training failed: %1</source>
        <translation>Échec de l&apos;entraînement&#xa0;: %1</translation>
    </message>
    <message>
        <source>Training failed with an unknown error</source>
        <translation>Échec de l&apos;entraînement&#xa0;: erreur inconnue</translation>
    </message>
    <message>
        <source>resuming run %1</source>
        <translation>reprise de la session %1</translation>
    </message>
    <message>
        <source>starting run %1</source>
        <translation>démarrage de la session %1</translation>
    </message>
    <message>
        <source>fine-tuning %1</source>
        <translation>affinage de %1</translation>
    </message>
    <message>
        <source>cannot record the run&apos;s state: %1</source>
        <translation>impossible d&apos;enregistrer l&apos;état de l&apos;entraînement&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::AnalysisPanel</name>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>White Elo</source>
        <translation>Elo des Blancs</translation>
    </message>
    <message>
        <source>Black Elo</source>
        <translation>Elo des Noirs</translation>
    </message>
    <message>
        <source>Clock known</source>
        <translation>Temps connu</translation>
    </message>
    <message>
        <source>White clock</source>
        <translation>Temps des Blancs</translation>
    </message>
    <message>
        <source>Black clock</source>
        <translation>Temps des Noirs</translation>
    </message>
    <message>
        <source>Increment</source>
        <translation>Incrément</translation>
    </message>
    <message>
        <source>Arrows (top k)</source>
        <translation>Flèches (k meilleurs)</translation>
    </message>
    <message>
        <source>Probability by Elo (both players)</source>
        <translation>Probabilité selon l&apos;Elo (des deux joueurs)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <source>Probability that a player of the chosen Elo plays a move losing at least 1 or 3 pawns against the engine&apos;s best move (moves outside the engine lines count as at least as bad as its worst line)</source>
        <translation>Probabilité qu&apos;un joueur de l&apos;Elo choisi joue un coup perdant au moins 1 ou 3 pions par rapport au meilleur coup du moteur (les coups hors des variantes du moteur comptent comme au moins aussi mauvais que sa pire variante)</translation>
    </message>
    <message>
        <source>Human evaluation: needs a model with a value head</source>
        <translation>Évaluation humaine&#xa0;: nécessite un modèle avec une tête de valeur</translation>
    </message>
    <message>
        <source>The human model&apos;s value head: White&apos;s expected score (win + half a draw) in a game between players of the chosen ratings and clocks from this position. The filled part is White&apos;s share.</source>
        <translation>La tête de valeur du modèle humain&#xa0;: le score attendu des Blancs (victoire + moitié d&apos;une nulle) dans une partie entre joueurs des classements et temps choisis à partir de cette position. La zone remplie est la part des Blancs.</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modèle&#xa0;: %1</translation>
    </message>
    <message>
        <source>Model not loaded: %1</source>
        <translation>Modèle non chargé&#xa0;: %1</translation>
    </message>
    <message>
        <source>Analysis failed: %1</source>
        <translation>Échec de l&apos;analyse&#xa0;: %1</translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation>Chargement du modèle…</translation>
    </message>
    <message>
        <source>At %1 vs %2, White scores %3% from here (W %4 / D %5 / L %6)</source>
        <translation>À %1 contre %2, les Blancs marquent %3&#xa0;% à partir d&apos;ici (V %4 / N %5 / D %6)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
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
        <translation>Risque de gaffe&#xa0;: en attente des variantes du moteur</translation>
    </message>
    <message>
        <source>Blunder risk needs the engine: &lt;a href=&quot;start&quot;&gt;start it&lt;/a&gt;</source>
        <translation>Le risque de gaffe nécessite le moteur&#xa0;: &lt;a href=&quot;start&quot;&gt;le démarrer&lt;/a&gt;</translation>
    </message>
    <message>
        <source>%1% lose ≥ %2</source>
        <translation>%1&#xa0;% perdent ≥ %2</translation>
    </message>
    <message>
        <source>Blunder risk at %1: %2</source>
        <translation>Risque de gaffe à %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>(up to %1% more outside the engine lines)</source>
        <translation>(jusqu&apos;à %1&#xa0;% de plus hors des variantes du moteur)</translation>
    </message>
    <message>
        <source>The model&apos;s think-time head: how long a player of the mover&apos;s rating, with the clocks and increment set above, spends on a move in this position (median, and the range 80% of such moves fall in). Learnt from the clocks of Lichess games.</source>
        <translation>La tête de temps de réflexion du modèle : combien de temps un joueur du classement du trait, avec les pendules et l’incrément réglés ci-dessus, passe sur un coup dans cette position (médiane, et l’intervalle où tombent 80 % de ces coups). Appris des pendules de parties Lichess.</translation>
    </message>
    <message>
        <source>Conditioning: %1</source>
        <translation>Conditionnement : %1</translation>
    </message>
    <message>
        <source>A %1</source>
        <translation>Un %1</translation>
    </message>
    <message>
        <source>A player of unknown rating</source>
        <translation>Un joueur de classement inconnu</translation>
    </message>
    <message>
        <source> with %1 left</source>
        <translation> avec %1 restant</translation>
    </message>
    <message>
        <source> (clock unknown)</source>
        <translation> (pendule inconnue)</translation>
    </message>
    <message>
        <source> (+%1 s)</source>
        <translation> (+%1 s)</translation>
    </message>
    <message>
        <source>%1%2 takes about %3 here (80% within %4–%5)</source>
        <translation>%1%2 met ici environ %3 (80 % entre %4 et %5)</translation>
    </message>
    <message>
        <source>Human evaluation: waiting for the model…</source>
        <translation>Évaluation humaine&#xa0;: en attente du modèle…</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EnginePanel</name>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
    <message>
        <source>Switch the engine on or off</source>
        <translation>Activer ou désactiver le moteur</translation>
    </message>
    <message>
        <source>off</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <source>Eval</source>
        <translation>Éval.</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>Profondeur</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>auto-detect Stockfish</source>
        <translation>détecter Stockfish automatiquement</translation>
    </message>
    <message>
        <source>Choose the engine program</source>
        <translation>Choisir le programme du moteur</translation>
    </message>
    <message>
        <source>Engine program</source>
        <translation>Programme du moteur</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Chemin</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> Mo</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Variantes</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <source>The engine&apos;s evaluation (White&apos;s expected score by Lichess&apos;s win-chance curve)</source>
        <translation>L&apos;évaluation du moteur (score attendu des Blancs selon la courbe de chances de gain de Lichess)</translation>
    </message>
    <message>
        <source>Human evaluation: White&apos;s expected score between players of the chosen ratings</source>
        <translation>Évaluation humaine&#xa0;: score attendu des Blancs entre joueurs des classements choisis</translation>
    </message>
    <message>
        <source>move %1: %2</source>
        <translation>coup %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Cannot analyse: %1</source>
        <translation>Analyse impossible&#xa0;: %1</translation>
    </message>
    <message>
        <source>Checkmate</source>
        <translation>Échec et mat</translation>
    </message>
    <message>
        <source>Stalemate</source>
        <translation>Pat</translation>
    </message>
    <message>
        <source>depth %1/%2</source>
        <translation>profondeur %1/%2</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>démarrage…</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échec</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvalBar</name>
    <message>
        <source>Engine evaluation from White&apos;s point of view</source>
        <translation>Évaluation du moteur du point de vue des Blancs</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::EvaluationView</name>
    <message>
        <source>Held-out results by the mover&apos;s Elo (human-move models) or by solution length (puzzle models); the last two evaluated models are shown side by side</source>
        <translation>Résultats sur les données de test selon l&apos;Elo du joueur au trait (modèles de coups humains) ou selon la longueur de la solution (modèles de problèmes)&#xa0;; les deux derniers modèles évalués sont affichés côte à côte</translation>
    </message>
    <message>
        <source>Elo</source>
        <translation>Elo</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>Positions</translation>
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
        <translation>tous</translation>
    </message>
    <message>
        <source>Solution length</source>
        <translation>Longueur de la solution</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>Problèmes</translation>
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
        <translation>À 1 RD près</translation>
    </message>
    <message>
        <source>Baseline MAE</source>
        <translation>MAE de référence</translation>
    </message>
    <message>
        <source>Top-1 accuracy by Elo bucket (%)</source>
        <translation>Précision top-1 par tranche d&apos;Elo (%)</translation>
    </message>
    <message>
        <source>mover Elo</source>
        <translation>Elo du joueur au trait</translation>
    </message>
    <message>
        <source>MAE by solution length (rating points)</source>
        <translation>MAE selon la longueur de la solution (points de classement)</translation>
    </message>
    <message>
        <source>mean by length</source>
        <translation>moyenne par longueur</translation>
    </message>
    <message>
        <source>solver moves</source>
        <translation>coups du solutionniste</translation>
    </message>
    <message>
        <source>Predicted vs. Lichess rating (held-out puzzles)</source>
        <translation>Classement prédit et classement Lichess (problèmes de test)</translation>
    </message>
    <message>
        <source>predicted = true</source>
        <translation>prédit = réel</translation>
    </message>
    <message>
        <source>Lichess rating</source>
        <translation>Classement Lichess</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>prédit</translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
        <translation>%1&#xa0;: impossible d&apos;écrire l&apos;image</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::FenDialog</name>
    <message>
        <source>Set up position from FEN</source>
        <translation>Mettre en place une position depuis une FEN</translation>
    </message>
    <message>
        <source>Paste or type a position in FEN:</source>
        <translation>Collez ou saisissez une position au format FEN&#xa0;:</translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation>FEN invalide&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameChooserDialog</name>
    <message>
        <source>Choose a game</source>
        <translation>Choisir une partie</translation>
    </message>
    <message>
        <source>Filter by player, event or date</source>
        <translation>Filtrer par joueur, tournoi ou date</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Blancs</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Noirs</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Coups</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::GameDownloader</name>
    <message>
        <source>Download games</source>
        <translation>Télécharger des parties</translation>
    </message>
    <message>
        <source>all</source>
        <translation>toutes</translation>
    </message>
    <message>
        <source> newest games</source>
        <translation> parties les plus récentes</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>Site</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <source>At most</source>
        <translation>Au plus</translation>
    </message>
    <message>
        <source>chess.com&apos;s ratings are put on Lichess&apos;s scale, which the model reads: chess.com %1 is Lichess %2.</source>
        <translation>Les classements de chess.com sont ramenés à l&apos;échelle de Lichess, celle que lit le modèle : chess.com %1 correspond à Lichess %2.</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1 : impossible de créer le dossier</translation>
    </message>
    <message numerus="yes">
        <source>Downloading %1&apos;s games: %n so far</source>
        <translation>
            <numerusform>Téléchargement des parties de %1 : %n jusqu’ici</numerusform>
            <numerusform>Téléchargement des parties de %1 : %n jusqu’ici</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 asks to slow down: trying again in %n s</source>
        <translation>
            <numerusform>%1 demande de ralentir : nouvel essai dans %n s</numerusform>
            <numerusform>%1 demande de ralentir : nouvel essai dans %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Asking %1 for %2&apos;s games…</source>
        <translation>Demande à %1 les parties de %2…</translation>
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
        <translation>Blancs</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Noirs</translation>
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
        <translation>Coup</translation>
    </message>
    <message>
        <source>Human %</source>
        <translation>Humain&#xa0;%</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::NewGameDialog</name>
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
        <translation>Rapide 10+0</translation>
    </message>
    <message>
        <source>Rapid 10+5</source>
        <translation>Rapide 10+5</translation>
    </message>
    <message>
        <source>Rapid 15+10</source>
        <translation>Rapide 15+10</translation>
    </message>
    <message>
        <source>Classical 30+0</source>
        <translation>Classique 30+0</translation>
    </message>
    <message>
        <source>Classical 30+20</source>
        <translation>Classique 30+20</translation>
    </message>
    <message>
        <source>No clock</source>
        <translation>Sans pendule</translation>
    </message>
    <message>
        <source>New game against the human model</source>
        <translation>Nouvelle partie contre le modèle humain</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Blancs</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Noirs</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Au hasard</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Vous jouez</translation>
    </message>
    <message>
        <source>Your rating: the opponent plays as if it faced a player of this strength</source>
        <translation>Votre classement&#xa0;: l&apos;adversaire joue comme face à un joueur de cette force</translation>
    </message>
    <message>
        <source>Your rating</source>
        <translation>Votre classement</translation>
    </message>
    <message>
        <source>The opponent plays the moves a Lichess player of this rating would play</source>
        <translation>L&apos;adversaire joue les coups que jouerait un joueur Lichess de ce classement</translation>
    </message>
    <message>
        <source>Opponent&apos;s rating</source>
        <translation>Classement de l&apos;adversaire</translation>
    </message>
    <message>
        <source>Time control</source>
        <translation>Cadence</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Personnalisée</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Préréglage</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Temps initial</translation>
    </message>
    <message>
        <source> s per move</source>
        <translation> s par coup</translation>
    </message>
    <message>
        <source>Increment</source>
        <translation>Incrément</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Adversaire</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
    </message>
    <message>
        <source>Only the most likely moves that together make up this share are ever played, so a one-in-a-thousand move never is</source>
        <translation>Seuls les coups les plus probables qui totalisent cette part sont joués&#xa0;; un coup à une chance sur mille ne l&apos;est donc jamais</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Thinks for a human time</source>
        <translation>Réfléchit aussi longtemps qu&apos;un humain</translation>
    </message>
    <message>
        <source>Spends time like a human on this clock: more on hard moves and early in the middlegame, less when short of time; off: moves at once</source>
        <translation>Utilise son temps comme un humain à cette cadence&#xa0;: davantage sur les coups difficiles et au début du milieu de partie, moins quand il est à court de temps&#xa0;; désactivé&#xa0;: joue immédiatement</translation>
    </message>
    <message>
        <source>May resign a lost game</source>
        <translation>Peut abandonner une partie perdue</translation>
    </message>
    <message>
        <source>May offer and accept draws</source>
        <translation>Peut proposer et accepter la nulle</translation>
    </message>
    <message>
        <source>Start from the position on the board</source>
        <translation>Partir de la position sur l&apos;échiquier</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Jouer</translation>
    </message>
    <message>
        <source>a random side</source>
        <translation>couleur tirée au sort</translation>
    </message>
    <message>
        <source>without clocks</source>
        <translation>sans pendule</translation>
    </message>
    <message>
        <source>%1 min + %2 s</source>
        <translation>%1 min + %2 s</translation>
    </message>
    <message>
        <source>You (%1) play %2 against a %3-rated human, %4.</source>
        <translation>Vous (%1)&#xa0;: %2, contre un humain classé %3, %4.</translation>
    </message>
    <message>
        <source>Plays at its rating&apos;s strength</source>
        <translation>Joue à la force de son classement</translation>
    </message>
    <message>
        <source>The rating sets how often the opponent errs, not only its style: its moves lose about as much winning chance as real Lichess players&apos; of that rating (measured on games it never saw; the user guide has the table). Off: it draws from the model&apos;s distribution as it is, which errs alike at every rating</source>
        <translation>Le classement règle la fréquence des erreurs de l&apos;adversaire, pas seulement son style&#xa0;: ses coups perdent à peu près autant de chances de gain que ceux de vrais joueurs Lichess de ce classement (mesuré sur des parties qu&apos;il n&apos;a jamais vues&#xa0;; le guide de l&apos;utilisateur donne le tableau). Désactivé&#xa0;: il tire ses coups de la distribution du modèle telle quelle, qui se trompe autant à tous les classements</translation>
    </message>
    <message>
        <source>Errs about as often as Lichess %1s do: it is measured against their games.</source>
        <translation>Se trompe à peu près aussi souvent que les joueurs Lichess classés %1&#xa0;: c&apos;est mesuré sur leurs parties.</translation>
    </message>
    <message>
        <source>Plays the model&apos;s moves as they come: about as error-prone at any rating.</source>
        <translation>Joue les coups du modèle tels qu&apos;ils viennent&#xa0;: à peu près aussi sujet aux erreurs à tout classement.</translation>
    </message>
    <message>
        <source>On top of the rating&apos;s strength: 1 plays as people of that rating do; lower plays the likeliest moves more often (stronger), 0 always the likeliest; higher plays more varied moves (weaker)</source>
        <translation>En plus de la force du classement&#xa0;: 1 joue comme les joueurs de ce classement&#xa0;; plus bas joue plus souvent les coups les plus probables (plus fort), 0 toujours le plus probable&#xa0;; plus haut joue des coups plus variés (plus faible)</translation>
    </message>
    <message>
        <source>The style of a %1, the strength of about a %2: above %2 the rating stops adding strength (measured in self-play).</source>
        <translation>Le style d&apos;un %1, la force d&apos;un %2 environ&#xa0;: au-delà de %2, le classement n&apos;ajoute plus de force (mesuré en parties contre lui-même).</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayPanel</name>
    <message>
        <source>Start a game with Play › New game against the human model.</source>
        <translation>Commencez une partie avec Jouer › Nouvelle partie contre le modèle humain.</translation>
    </message>
    <message>
        <source>Your opponent offers a draw.</source>
        <translation>Votre adversaire propose la nulle.</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Accepter</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>Nouvelle partie…</translation>
    </message>
    <message>
        <source>Offer draw</source>
        <translation>Proposer la nulle</translation>
    </message>
    <message>
        <source>Resign</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>Annuler la partie</translation>
    </message>
    <message>
        <source>Stop the game without a result</source>
        <translation>Arrêter la partie sans résultat</translation>
    </message>
    <message>
        <source>Save PGN…</source>
        <translation>Enregistrer le PGN…</translation>
    </message>
    <message>
        <source>Review game</source>
        <translation>Analyser la partie</translation>
    </message>
    <message>
        <source>Open the game in the game review: the engine&apos;s evaluation, the human probability of each move, and how each side played</source>
        <translation>Ouvrir la partie dans l&apos;analyse de partie&#xa0;: l&apos;évaluation du moteur, la probabilité humaine de chaque coup et le niveau de jeu de chaque camp</translation>
    </message>
    <message>
        <source>You offered a draw.</source>
        <translation>Vous avez proposé la nulle.</translation>
    </message>
    <message>
        <source>Really resign?</source>
        <translation>Vraiment abandonner&#xa0;?</translation>
    </message>
    <message>
        <source>Your opponent declined the draw.</source>
        <translation>Votre adversaire a refusé la nulle.</translation>
    </message>
    <message>
        <source>The opponent&apos;s model failed: %1</source>
        <translation>Le modèle de l&apos;adversaire a échoué&#xa0;: %1</translation>
    </message>
    <message>
        <source>You win</source>
        <translation>Vous gagnez</translation>
    </message>
    <message>
        <source>You lose</source>
        <translation>Vous perdez</translation>
    </message>
    <message>
        <source>%1 by checkmate (%2).</source>
        <translation>%1 par échec et mat (%2).</translation>
    </message>
    <message>
        <source>%1 on time (%2).</source>
        <translation>%1 au temps (%2).</translation>
    </message>
    <message>
        <source>Your opponent resigns: you win (%1).</source>
        <translation>Votre adversaire abandonne&#xa0;: vous gagnez (%1).</translation>
    </message>
    <message>
        <source>You resigned (%1).</source>
        <translation>Vous avez abandonné (%1).</translation>
    </message>
    <message>
        <source>Draw by stalemate.</source>
        <translation>Nulle par pat.</translation>
    </message>
    <message>
        <source>Draw: neither side can mate.</source>
        <translation>Nulle&#xa0;: aucun camp ne peut mater.</translation>
    </message>
    <message>
        <source>Draw by threefold repetition.</source>
        <translation>Nulle par triple répétition.</translation>
    </message>
    <message>
        <source>Draw by the fifty-move rule.</source>
        <translation>Nulle par la règle des cinquante coups.</translation>
    </message>
    <message>
        <source>Draw: a flag fell, but the other side cannot mate.</source>
        <translation>Nulle&#xa0;: le temps est écoulé, mais l&apos;autre camp ne peut pas mater.</translation>
    </message>
    <message>
        <source>Draw by agreement.</source>
        <translation>Nulle par accord mutuel.</translation>
    </message>
    <message>
        <source>Game aborted.</source>
        <translation>Partie annulée.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 réfléchit…</translation>
    </message>
    <message>
        <source>Your move.</source>
        <translation>À vous de jouer.</translation>
    </message>
    <message>
        <source>Start a game with New game…: choose your side, both ratings and the clock.</source>
        <translation>Commencez une partie avec Nouvelle partie…&#xa0;: choisissez votre couleur, les deux classements et la cadence.</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Enregistrer la partie</translation>
    </message>
    <message>
        <source>PGN files (*.pgn)</source>
        <translation>Fichiers PGN (*.pgn)</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerModelDialog</name>
    <message>
        <source>Model of a player</source>
        <translation>Modèle d’un joueur</translation>
    </message>
    <message>
        <source>Kibitz learns how one player moves from their games: the human-move model is fine-tuned on their moves, and scored on their newest tenth of games, which it does not learn from.</source>
        <translation>Kibitz apprend comment un joueur joue à partir de ses parties : le modèle de coups humains est affiné sur ses coups, puis évalué sur le dixième le plus récent de ses parties, dont il n’apprend pas.</translation>
    </message>
    <message>
        <source>&amp;Games…</source>
        <translation>&amp;Parties…</translation>
    </message>
    <message>
        <source>Open PGN files with the player&apos;s games.</source>
        <translation>Ouvrez des fichiers PGN avec les parties du joueur.</translation>
    </message>
    <message>
        <source>&amp;Download games…</source>
        <translation>&amp;Télécharger des parties…</translation>
    </message>
    <message>
        <source>A player&apos;s public games from Lichess or chess.com, by account name</source>
        <translation>Les parties publiques d’un joueur sur Lichess ou chess.com, par nom de compte</translation>
    </message>
    <message>
        <source>Rated %1 on chess.com in their newest game: %2 on Lichess&apos;s scale, which the model reads (chess.com&apos;s ratings are converted), so Analyse and Play use %2.</source>
        <translation>Classé %1 sur chess.com dans sa partie la plus récente : %2 à l&apos;échelle de Lichess, celle que lit le modèle (les classements de chess.com sont convertis) ; Analyser et Jouer utilisent donc %2.</translation>
    </message>
    <message>
        <source>Rated %1 in their newest game.</source>
        <translation>Classé %1 dans sa partie la plus récente.</translation>
    </message>
    <message>
        <source>Learn from the newest</source>
        <translation>Apprendre des plus récentes</translation>
    </message>
    <message>
        <source>all</source>
        <translation>toutes</translation>
    </message>
    <message>
        <source> games</source>
        <translation> parties</translation>
    </message>
    <message>
        <source>&amp;Build the model</source>
        <translation>&amp;Créer le modèle</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Analyse as this player</source>
        <translation>&amp;Analyser comme ce joueur</translation>
    </message>
    <message>
        <source>&amp;Play against this player</source>
        <translation>&amp;Jouer contre ce joueur</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Games of the player</source>
        <translation>Parties du joueur</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>Fichiers PGN (*.pgn *.pgn.zst);;Tous les fichiers (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n fichier</numerusform>
            <numerusform>%n fichiers</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the players&apos; names…</source>
        <translation>Lecture des noms des joueurs…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n games)</source>
        <translation>
            <numerusform>%1 (%n partie)</numerusform>
            <numerusform>%1 (%n parties)</numerusform>
        </translation>
    </message>
    <message>
        <source>These files name no players (no White or Black tags).</source>
        <translation>Ces fichiers ne nomment aucun joueur (pas de balises White ou Black).</translation>
    </message>
    <message>
        <source>Choose the player, then build the model.</source>
        <translation>Choisissez le joueur, puis créez le modèle.</translation>
    </message>
    <message>
        <source>Reading %1&apos;s games…</source>
        <translation>Lecture des parties de %1…</translation>
    </message>
    <message>
        <source>Epoch %1: top-1 on the newest games %2%</source>
        <translation>Époque %1 : top-1 sur les parties les plus récentes %2 %</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>Annulé ; rien n’a été écrit.</translation>
    </message>
    <message>
        <source>%1: learnt from %2 games (%3 moves). On the newest %4 games the model finds the move played %5% of the time (the base model %6%). Saved as %7 (Models → Models of players).</source>
        <translation>%1 : appris de %2 parties (%3 coups). Sur les %4 parties les plus récentes, le modèle trouve le coup joué %5 % du temps (le modèle de base %6 %). Enregistré sous %7 (Modèles → Modèles de joueurs).</translation>
    </message>
    <message>
        <source>P&amp;rofile this player…</source>
        <translation>P&amp;rofil de ce joueur…</translation>
    </message>
    <message>
        <source>Where they stand against people of their rating, phase by phase (no model needed)</source>
        <translation>Où se situe le joueur face aux joueurs de son classement, phase par phase (aucun modèle requis)</translation>
    </message>
    <message>
        <source>Choosing how far to go: after epoch %1, top-1 on the player&apos;s older games %2%</source>
        <translation>Choix de la durée d&apos;entraînement&#xa0;: après l&apos;époque %1, top-1 sur les parties plus anciennes du joueur %2&#xa0;%</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PlayerProfilePage</name>
    <message>
        <source>Player profile</source>
        <translation>Profil du joueur</translation>
    </message>
    <message>
        <source>Cancelled; nothing is shown (the engine&apos;s scores so far are kept).</source>
        <translation>Annulé&#xa0;; rien n&apos;est affiché (les évaluations du moteur déjà faites sont conservées).</translation>
    </message>
    <message>
        <source>&amp;Games…</source>
        <translation>&amp;Parties…</translation>
    </message>
    <message>
        <source>&amp;Folder…</source>
        <translation>&amp;Dossier…</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Parties</translation>
    </message>
    <message>
        <source>as in the games&apos; White and Black tags</source>
        <translation>comme dans les balises White et Black des parties</translation>
    </message>
    <message>
        <source>&amp;Player</source>
        <translation>&amp;Joueur</translation>
    </message>
    <message>
        <source>&amp;Model…</source>
        <translation>&amp;Modèle…</translation>
    </message>
    <message>
        <source>The human-move model the peers play by (the model in use by default)</source>
        <translation>Le modèle de coups humains selon lequel jouent les pairs (par défaut, le modèle utilisé)</translation>
    </message>
    <message>
        <source>Peers</source>
        <translation>Pairs</translation>
    </message>
    <message>
        <source>all</source>
        <translation>toutes les parties</translation>
    </message>
    <message>
        <source>Rating estimates</source>
        <translation>Estimations de classement</translation>
    </message>
    <message>
        <source>The rating their moves play like, by phase and clock (27 model queries a position)</source>
        <translation>Le classement auquel correspondent les coups du joueur, par phase et temps restant (27 requêtes au modèle par position)</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Étendue</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>By phase</source>
        <translation>Par phase</translation>
    </message>
    <message>
        <source>By clock</source>
        <translation>Par temps restant</translation>
    </message>
    <message>
        <source>By kind of position</source>
        <translation>Par type de position</translation>
    </message>
    <message>
        <source>By speed</source>
        <translation>Par cadence</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>The positions where they lost most against their peers (double-click: show it on the board). Exported as puzzles: the position before the opponent&apos;s move, that move and the engine&apos;s answer.</source>
        <translation>Les positions où le joueur a le plus perdu par rapport à ses pairs (double-clic&#xa0;: l&apos;afficher sur l&apos;échiquier). Exportées comme problèmes&#xa0;: la position avant le coup de l&apos;adversaire, ce coup et la réponse du moteur.</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Coup</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Joué</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Meilleur</translation>
    </message>
    <message>
        <source>Their loss</source>
        <translation>Perte (joueur)</translation>
    </message>
    <message>
        <source>Peer loss</source>
        <translation>Perte (pairs)</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Their rating</source>
        <translation>Classement du joueur</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Worst positions</source>
        <translation>Pires positions</translation>
    </message>
    <message>
        <source>&amp;Export puzzles…</source>
        <translation>&amp;Exporter les problèmes…</translation>
    </message>
    <message>
        <source>The worst positions as a Lichess puzzle CSV, for the puzzle panel and the sorting trainer</source>
        <translation>Les pires positions en CSV de problèmes Lichess, pour le panneau des problèmes et l&apos;exercice «&#xa0;Trier les coups&#xa0;»</translation>
    </message>
    <message>
        <source>Open the &amp;HTML report</source>
        <translation>Ouvrir le rapport &amp;HTML</translation>
    </message>
    <message>
        <source>&amp;Save the report…</source>
        <translation>Enregistrer le &amp;rapport…</translation>
    </message>
    <message numerus="yes">
        <source>%n files or folders</source>
        <translation>
            <numerusform>%n fichier ou dossier</numerusform>
            <numerusform>%n fichiers ou dossiers</numerusform>
        </translation>
    </message>
    <message>
        <source>a human of their rating, by the human-move model: %1</source>
        <translation>un humain de son classement, selon le modèle de coups humains&#xa0;: %1</translation>
    </message>
    <message>
        <source>Games of the player</source>
        <translation>Parties du joueur</translation>
    </message>
    <message>
        <source>PGN files (*.pgn *.pgn.zst);;All files (*)</source>
        <translation>Fichiers PGN (*.pgn *.pgn.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>A folder of the player&apos;s PGN files</source>
        <translation>Un dossier avec les fichiers PGN du joueur</translation>
    </message>
    <message>
        <source>Human-move model of the peers</source>
        <translation>Modèle de coups humains des pairs</translation>
    </message>
    <message>
        <source>Human-move models (*.kibitz *.pt *.pb.gz *.pb);;All files (*)</source>
        <translation>Modèles de coups humains (*.kibitz *.pt *.pb.gz *.pb);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Pas de moteur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Reading %1&apos;s games…</source>
        <translation>Lecture des parties de %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <source>Scoring their positions: %1 of %2</source>
        <translation>Évaluation des positions du joueur&#xa0;: %1 sur %2</translation>
    </message>
    <message>
        <source>Rating their moves: %1 of %2</source>
        <translation>Estimation du classement de ses coups&#xa0;: %1 sur %2</translation>
    </message>
    <message>
        <source>Cannot profile: %1</source>
        <translation>Profil impossible&#xa0;: %1</translation>
    </message>
    <message>
        <source>Choose the games and the player, then Run.</source>
        <translation>Choisissez les parties et le joueur, puis cliquez sur Lancer.</translation>
    </message>
    <message>
        <source>Their moves play like %1.</source>
        <translation>Ses coups correspondent à un classement de %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating left out.</source>
        <translation>
            <numerusform>%n partie sans son classement écartée.</numerusform>
            <numerusform>%n parties sans son classement écartées.</numerusform>
        </translation>
    </message>
    <message>
        <source>Ratings are on chess.com&apos;s scale (the model and the peers read them on Lichess&apos;s: Lichess = 614 + 0.797 × chess.com).</source>
        <translation>Les classements sont à l&apos;échelle de chess.com (le modèle et les pairs les lisent à celle de Lichess&#xa0;: Lichess = 614 + 0,797 × chess.com).</translation>
    </message>
    <message numerus="yes">
        <source>Ratings are on Lichess&apos;s scale (the ratings of %n chess.com game(s) converted to it).</source>
        <translation>
            <numerusform>Les classements sont à l&apos;échelle de Lichess (les classements de %n partie chess.com y ont été convertis).</numerusform>
            <numerusform>Les classements sont à l&apos;échelle de Lichess (les classements de %n parties chess.com y ont été convertis).</numerusform>
        </translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by phase</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par phase</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by time left on their clock</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, selon le temps restant à sa pendule</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by kind of position</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par type de position</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by speed</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par cadence</translation>
    </message>
    <message>
        <source>all moves</source>
        <translation>tous les coups</translation>
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
        <translation>Pas encore de profil.</translation>
    </message>
    <message>
        <source>Export the worst positions as puzzles</source>
        <translation>Exporter les pires positions comme problèmes</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv)</source>
        <translation>CSV de problèmes Lichess (*.csv)</translation>
    </message>
    <message>
        <source>Save the HTML report</source>
        <translation>Enregistrer le rapport HTML</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Rapport écrit dans %1</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1&#xa0;: impossible de créer le dossier</translation>
    </message>
    <message>
        <source>No browser opened the report; it is at %1</source>
        <translation>Aucun navigateur n&apos;a ouvert le rapport&#xa0;; il se trouve dans %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their rating in these games %3 on average.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&#xa0;: %n partie, %2 de ses positions&#xa0;; son classement dans cette partie est de %3 en moyenne.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&#xa0;: %n parties, %2 de ses positions&#xa0;; son classement dans ces parties est de %3 en moyenne.</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile only their newest games (all: every game of theirs in the files)</source>
        <translation>Ne profiler que ses parties les plus récentes (toutes&#xa0;: chacune de ses parties dans les fichiers)</translation>
    </message>
    <message>
        <source>Stockfish&apos;s search depth for scoring every legal move (8: about a quarter of a second a position)</source>
        <translation>Profondeur de recherche de Stockfish pour évaluer chaque coup légal (8&#xa0;: environ un quart de seconde par position)</translation>
    </message>
    <message>
        <source>Newest games:</source>
        <translation>Parties les plus récentes&#xa0;:</translation>
    </message>
    <message>
        <source>Every Nth move:</source>
        <translation>Un coup sur N&#xa0;:</translation>
    </message>
    <message>
        <source>Engine depth:</source>
        <translation>Profondeur du moteur&#xa0;:</translation>
    </message>
    <message>
        <source>They lose %1 of winning chances a move where a human of their rating would lose %2, a ratio of %3 (its interval over resamples of their games in brackets); blunders %4% against %5%.</source>
        <translation>Le joueur perd %1 de chances de gain par coup là où un humain de son classement perdrait %2, un rapport de %3 (entre parenthèses, son intervalle sur des rééchantillonnages de ses parties)&#xa0;; gaffes %4&#xa0;% contre %5&#xa0;%.</translation>
    </message>
    <message>
        <source>Peers ra&amp;ted:</source>
        <translation>Pairs &amp;classés&#xa0;:</translation>
    </message>
    <message>
        <source>They lose %1 of winning chances a move where a human rated %6 would lose %2, a ratio of %3 (its interval over resamples of their games in brackets); blunders %4% against %5%.</source>
        <translation>Le joueur perd %1 de chances de gain par coup là où un humain classé %6 perdrait %2, un rapport de %3 (entre parenthèses, son intervalle sur des rééchantillonnages de ses parties)&#xa0;; gaffes %4&#xa0;% contre %5&#xa0;%.</translation>
    </message>
    <message>
        <source>a human rated %1, by the human-move model: %2</source>
        <translation>un humain classé %1, selon le modèle de coups humains&#xa0;: %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;: %n game(s), %2 of their positions; their games do not give their rating.</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&#xa0;: %n partie, %2 de ses positions&#xa0;; la partie ne donne pas son classement.</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&#xa0;: %n parties, %2 de ses positions&#xa0;; ses parties ne donnent pas son classement.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) without their rating profiled all the same (the peers&apos; rating is chosen); their average rating is that of the others.</source>
        <translation>
            <numerusform>%n partie sans son classement profilée quand même (le classement des pairs est choisi)&#xa0;; son classement moyen est celui des autres.</numerusform>
            <numerusform>%n parties sans son classement profilées quand même (le classement des pairs est choisi)&#xa0;; son classement moyen est celui des autres.</numerusform>
        </translation>
    </message>
    <message>
        <source>Set their moves beside people of a chosen rating instead of their own, e.g. the rating they aim for (on chess.com&apos;s scale for chess.com games). Their own rating is then not needed: club games without rating tags can be profiled too.</source>
        <translation>Comparer ses coups à ceux de joueurs d&apos;un classement choisi plutôt que du sien, par exemple le classement qu&apos;il vise (sur l&apos;échelle de chess.com pour les parties de chess.com). Son propre classement n&apos;est alors pas nécessaire&#xa0;: les parties de club sans classement peuvent aussi être profilées.</translation>
    </message>
    <message>
        <source>By opening</source>
        <translation>Par ouverture</translation>
    </message>
    <message>
        <source>Where does a player stand against people of their rating? In the positions they faced, Stockfish scores every move; their loss of winning chances is set beside what a human of their rating and clock would lose there (the human-move model&apos;s peer baseline), by phase, clock, kind of position, speed, opening and period.</source>
        <translation>Où se situe un joueur face aux joueurs de son classement&#xa0;? Dans les positions qu&apos;il a rencontrées, Stockfish évalue chaque coup&#xa0;; sa perte de chances de gain est mise en regard de ce que perdrait à sa place un humain de son classement avec le même temps à la pendule (la référence des pairs du modèle de coups humains), par phase, temps restant, type de position, cadence, ouverture et période.</translation>
    </message>
    <message>
        <source>By period</source>
        <translation>Par période</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by opening (their side and the opening&apos;s family)</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par ouverture (la couleur du joueur et la famille de l&apos;ouverture)</translation>
    </message>
    <message>
        <source>By variation</source>
        <translation>Par variante</translation>
    </message>
    <message>
        <source>Mean loss of winning chances per move, theirs and their peers&apos;, by variation (the opening&apos;s family and its first variation)</source>
        <translation>Perte moyenne de chances de gain par coup, du joueur et de ses pairs, par variante (la famille de l&apos;ouverture et sa première variante)</translation>
    </message>
    <message>
        <source>Opening</source>
        <translation>Ouverture</translation>
    </message>
    <message numerus="yes">
        <source>%n puzzle(s) written to %1 and opened in the puzzle dock</source>
        <translation>
            <numerusform>%n problème écrit dans %1 et ouvert dans le panneau des problèmes</numerusform>
            <numerusform>%n problèmes écrits dans %1 et ouverts dans le panneau des problèmes</numerusform>
        </translation>
    </message>
    <message>
        <source>The selected position as they faced it: the move they played in red, the best move in green</source>
        <translation>La position choisie telle qu&apos;il l&apos;a eue devant lui : le coup joué en rouge, le meilleur coup en vert</translation>
    </message>
    <message>
        <source>As a puzzle</source>
        <translation>Comme problème</translation>
    </message>
    <message>
        <source>Their chance</source>
        <translation>Sa chance</translation>
    </message>
    <message>
        <source>The position&apos;s rating as a puzzle, as the puzzle dock rates it, with its uncertainty</source>
        <translation>Le classement de la position comme problème, tel que le panneau des problèmes le calcule, avec son incertitude</translation>
    </message>
    <message>
        <source>The chance that a player of their rating in that game finds the best move, by that rating</source>
        <translation>La chance qu&apos;un joueur de son classement dans cette partie trouve le meilleur coup, d&apos;après ce classement</translation>
    </message>
    <message>
        <source>%1 ± %2</source>
        <translation>%1 ± %2</translation>
    </message>
    <message>
        <source>&amp;Download…</source>
        <translation>&amp;Télécharger…</translation>
    </message>
    <message>
        <source>A player&apos;s public games from Lichess or chess.com, by account name</source>
        <translation>Les parties publiques d’un joueur sur Lichess ou chess.com, par nom de compte</translation>
    </message>
    <message>
        <source>PGN files or a folder of the player&apos;s games, or Download… for their account&apos;s games.</source>
        <translation>Des fichiers PGN ou un dossier des parties du joueur, ou «&#xa0;Télécharger…&#xa0;» pour les parties de son compte.</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>Score one of every N of their moves (chosen by hash): 1 scores all, 2 halves the time; auto scores about %L1 of them (every move of about 30 games, one in seven of 200)</source>
        <translation>Évaluer un coup du joueur sur N (choisi par hachage)&#xa0;: 1 les évalue tous, 2 divise le temps par deux&#xa0;; auto en évalue environ %L1 (tous les coups d’environ 30 parties, un sur sept de 200)</translation>
    </message>
    <message>
        <source>%L1 positions, one of their moves in %2</source>
        <translation>%L1 positions, un coup du joueur sur %2</translation>
    </message>
    <message>
        <source>%L1 positions, all their moves</source>
        <translation>%L1 positions, tous les coups du joueur</translation>
    </message>
    <message numerus="yes">
        <source>Profiled %n game(s) (%1): the peers by %2, %3. %4</source>
        <translation>
            <numerusform>Profil établi sur %n partie (%1)&#xa0;: pairs selon %2, %3. %4</numerusform>
            <numerusform>Profil établi sur %n parties (%1)&#xa0;: pairs selon %2, %3. %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::PuzzlePanel</name>
    <message>
        <source>Models: %1</source>
        <translation>Modèles&#xa0;: %1</translation>
    </message>
    <message>
        <source>Puzzle model not loaded: %1</source>
        <translation>Modèle de problèmes non chargé&#xa0;: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Rating failed: %1</source>
        <translation>Échec de l&apos;estimation&#xa0;: %1</translation>
    </message>
    <message>
        <source>Import failed: %1</source>
        <translation>Échec de l&apos;importation&#xa0;: %1</translation>
    </message>
    <message>
        <source>batch: %1</source>
        <translation>lot&#xa0;: %1</translation>
    </message>
    <message>
        <source>Cancelled after %1 rows (%2 this run); rate the same file again to continue.</source>
        <translation>Annulé après %1 lignes (%2 lors de cette session)&#xa0;; estimez à nouveau le même fichier pour continuer.</translation>
    </message>
    <message>
        <source>Done: %1 rows rated (%2 this run, %3 puzzles/s), %4 bad rows skipped.</source>
        <translation>Terminé&#xa0;: %1 lignes estimées (%2 lors de cette session, %3 problèmes/s), %4 lignes invalides ignorées.</translation>
    </message>
    <message>
        <source>Batch failed: %1</source>
        <translation>Échec du traitement par lot&#xa0;: %1</translation>
    </message>
    <message>
        <source>Start from current position</source>
        <translation>Partir de la position actuelle</translation>
    </message>
    <message>
        <source>The board&apos;s position is the position before the setup move: play the opponent&apos;s setup move next, then the solution (solver moves and replies).</source>
        <translation>La position sur l&apos;échiquier est celle qui précède le coup de mise en place&#xa0;: jouez ensuite le coup de mise en place de l&apos;adversaire, puis la solution (coups du solutionniste et réponses).</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Export result…</source>
        <translation>Exporter le résultat…</translation>
    </message>
    <message>
        <source>P(solve) from the rating</source>
        <translation>P(résolu) d&apos;après le classement</translation>
    </message>
    <message>
        <source>human model: finds every move</source>
        <translation>modèle humain&#xa0;: trouve chaque coup</translation>
    </message>
    <message>
        <source>Probability of solving, by player rating</source>
        <translation>Probabilité de résoudre, selon le classement du joueur</translation>
    </message>
    <message>
        <source>Player rating</source>
        <translation>Classement du joueur</translation>
    </message>
    <message>
        <source>P(solve)</source>
        <translation>P(résolu)</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Solver move</source>
        <translation>Coup du solutionniste</translation>
    </message>
    <message>
        <source>P @%1</source>
        <translation>P @%1</translation>
    </message>
    <message>
        <source>Hardest</source>
        <translation>Le plus difficile</translation>
    </message>
    <message>
        <source>Probability that a human of each rating plays the solution move (opponent of the same rating). The hardest move is the least likely one at %1.</source>
        <translation>Probabilité qu&apos;un humain de chaque classement joue le coup de la solution (adversaire de même classement). Le coup le plus difficile est le moins probable à %1.</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <source>Import CSV/PGN…</source>
        <translation>Importer un CSV/PGN…</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (.csv, .csv.zst) or PGN: a game with a FEN tag is a puzzle, its first move the setup move, the rest the solution.</source>
        <translation>CSV de problèmes Lichess (.csv, .csv.zst) ou PGN&#xa0;: une partie avec une balise FEN est un problème, son premier coup est le coup de mise en place, le reste la solution.</translation>
    </message>
    <message>
        <source>Rate file…</source>
        <translation>Estimer un fichier…</translation>
    </message>
    <message>
        <source>Rate every puzzle of a Lichess CSV into an output CSV. A cancelled run continues where it stopped when the same files are chosen again.</source>
        <translation>Estime le classement de chaque problème d&apos;un CSV Lichess dans un CSV de sortie. Une session annulée reprend là où elle s&apos;est arrêtée si les mêmes fichiers sont choisis à nouveau.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>No file imported</source>
        <translation>Aucun fichier importé</translation>
    </message>
    <message>
        <source>Skipped rows and games are listed here with their place.</source>
        <translation>Les lignes et parties ignorées sont listées ici avec leur emplacement.</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>Loading models…</source>
        <translation>Chargement des modèles…</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>personnalisé</translation>
    </message>
    <message>
        <source>No puzzle: press “Start from current position” or import a file.</source>
        <translation>Aucun problème&#xa0;: appuyez sur «&#xa0;Partir de la position actuelle&#xa0;» ou importez un fichier.</translation>
    </message>
    <message>
        <source>Bad FEN: %1</source>
        <translation>FEN incorrecte&#xa0;: %1</translation>
    </message>
    <message>
        <source>Play the opponent&apos;s setup move on the board.</source>
        <translation>Jouez le coup de mise en place de l&apos;adversaire sur l&apos;échiquier.</translation>
    </message>
    <message>
        <source>No moves.</source>
        <translation>Aucun coup.</translation>
    </message>
    <message>
        <source>Setup: %1. Now play the solution.</source>
        <translation>Mise en place&#xa0;: %1. Jouez maintenant la solution.</translation>
    </message>
    <message>
        <source>Setup: %1 | Solution: %2</source>
        <translation>Mise en place&#xa0;: %1 | Solution&#xa0;: %2</translation>
    </message>
    <message>
        <source>Puzzle %1. </source>
        <translation>Problème %1. </translation>
    </message>
    <message>
        <source>rating…</source>
        <translation>estimation…</translation>
    </message>
    <message>
        <source>   (Lichess: %1, RD %2)</source>
        <translation>   (Lichess&#xa0;: %1, RD %2)</translation>
    </message>
    <message>
        <source>Rated in %1 ms</source>
        <translation>Estimé en %1 ms</translation>
    </message>
    <message>
        <source> (no human model: no per-move difficulty)</source>
        <translation> (pas de modèle humain&#xa0;: pas de difficulté par coup)</translation>
    </message>
    <message>
        <source>★ hardest</source>
        <translation>★ le plus difficile</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lecture de %1…</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… et %1 de plus</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n puzzle(s)</source>
        <translation>
            <numerusform>%1&#xa0;: %n problème</numerusform>
            <numerusform>%1&#xa0;: %n problèmes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n bad row(s)/game(s) skipped</source>
        <translation>
            <numerusform>, %n ligne/partie invalide ignorée</numerusform>
            <numerusform>, %n lignes/parties invalides ignorées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n solver move(s)</source>
        <translation>
            <numerusform>%1 — %n coup du solutionniste</numerusform>
            <numerusform>%1 — %n coups du solutionniste</numerusform>
        </translation>
    </message>
    <message>
        <source> — Lichess %1</source>
        <translation> — Lichess %1</translation>
    </message>
    <message>
        <source>Rating %1 into %2…</source>
        <translation>Estimation de %1 vers %2…</translation>
    </message>
    <message>
        <source>Cancelling after the batch in flight…</source>
        <translation>Annulation après le lot en cours…</translation>
    </message>
    <message>
        <source>%1 rows rated, %2 bad, %3 puzzles/s</source>
        <translation>%1 lignes estimées, %2 invalides, %3 problèmes/s</translation>
    </message>
    <message>
        <source> (resumed after %1)</source>
        <translation> (repris après %1)</translation>
    </message>
    <message>
        <source>Import puzzles</source>
        <translation>Importer des problèmes</translation>
    </message>
    <message>
        <source>Puzzles (*.csv *.csv.zst *.pgn *.pgn.zst);;All files (*)</source>
        <translation>Problèmes (*.csv *.csv.zst *.pgn *.pgn.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Puzzle CSV to rate</source>
        <translation>CSV de problèmes à estimer</translation>
    </message>
    <message>
        <source>Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)</source>
        <translation>CSV de problèmes Lichess (*.csv *.csv.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Write ratings to</source>
        <translation>Écrire les classements dans</translation>
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
        <translation>Exporter le résultat</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Nothing to export: no rated puzzle.</source>
        <translation>Rien à exporter&#xa0;: aucun problème estimé.</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exporté vers %1</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>Écriture impossible&#xa0;: %1</translation>
    </message>
    <message>
        <source>Predicted Lichess puzzle rating ± the model&apos;s predicted standard deviation (sigma) of that rating, and the interval it spans: about two puzzles in three have their Lichess rating inside it. With Stockfish installed the model&apos;s engine stage corrects the rating with the engine&apos;s view of each solver move.</source>
        <translation>Classement Lichess prédit du problème ± l&apos;écart type (sigma) prédit par le modèle pour ce classement, et l&apos;intervalle qu&apos;il couvre&#xa0;: environ deux problèmes sur trois ont leur classement Lichess à l&apos;intérieur. Si Stockfish est installé, l&apos;étage moteur du modèle corrige le classement avec l&apos;avis du moteur sur chaque coup de la solution.</translation>
    </message>
    <message>
        <source>%1 ± %2  (%3–%4)</source>
        <translation>%1 ± %2  (%3–%4)</translation>
    </message>
    <message>
        <source>, with the engine stage (the boards alone say %1)</source>
        <translation>, avec l&apos;étage moteur (les positions seules donnent %1)</translation>
    </message>
    <message>
        <source>Maia-1 nets: find every move</source>
        <translation>Réseaux Maia-1 : trouver chaque coup</translation>
    </message>
    <message>
        <source>The nine published Maia-1 nets (CSSLab/maia-chess, GPL-3.0), one per Lichess rating band 1100–1999: the chance that each band&apos;s net plays every solver move, the move a 1500 is least likely to find, and the band from which every net&apos;s first choice is the solution. The engine stage reads the same numbers.</source>
        <translation>Les neuf réseaux Maia-1 publiés (CSSLab/maia-chess, GPL-3.0), un par tranche de classement Lichess 1100–1999 : la chance que le réseau de chaque tranche joue chaque coup de la solution, le coup qu’un 1500 a le moins de chances de trouver, et la tranche à partir de laquelle le premier choix de chaque réseau est la solution. L’étage moteur lit les mêmes nombres.</translation>
    </message>
    <message>
        <source>%1% of %2s</source>
        <translation>%1 % des %2</translation>
    </message>
    <message>
        <source>Solved by %1 (Maia-1 nets).</source>
        <translation>Résolu par %1 (réseaux Maia-1).</translation>
    </message>
    <message>
        <source>Hardest for a 1500: %1. %2.</source>
        <translation>Le plus difficile pour un 1500 : %1. %2.</translation>
    </message>
    <message>
        <source>Every net&apos;s first choice from the %1s.</source>
        <translation>Premier choix de chaque réseau à partir des %1.</translation>
    </message>
    <message>
        <source>Not the first choice of any net.</source>
        <translation>Le premier choix d’aucun réseau.</translation>
    </message>
    <message>
        <source>Filter: fork Sicilian 1200-1600 -long</source>
        <translation>Filtre : fork Sicilian 1200-1600 -long</translation>
    </message>
    <message>
        <source>Shows the puzzles that match every item: a theme or the start of one (mateIn2, fork, endgame), a part of the opening (Sicilian, Alapin, &quot;King&apos;s Gambit&quot; in quotes for a phrase), a puzzle id, a Lichess rating range (1200-1600) or bound (&gt;1500, &lt;=1800); -word leaves out what it matches.</source>
        <translation>Montre les problèmes qui répondent à chaque élément : un thème ou son début (mateIn2, fork, endgame), une partie du nom de l&apos;ouverture (Sicilian, Alapin, &quot;King&apos;s Gambit&quot; entre guillemets pour une expression), un identifiant de problème, une plage de classement Lichess (1200-1600) ou une borne (&gt;1500, &lt;=1800) ; -mot écarte ce qui y répond.</translation>
    </message>
    <message>
        <source>Filter: %1</source>
        <translation>Filtre : %1</translation>
    </message>
    <message>
        <source>Themes: %1</source>
        <translation>Thèmes : %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message numerus="yes">
        <source>%n puzzle(s)</source>
        <translation>
            <numerusform>%n problème</numerusform>
            <numerusform>%n problèmes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%L1 of %n puzzle(s) match</source>
        <translation>
            <numerusform>%L1 sur %n problème correspondent</numerusform>
            <numerusform>%L1 sur %n problèmes correspondent</numerusform>
        </translation>
    </message>
    <message>
        <source>, the first %L1 listed</source>
        <translation>, les %L1 premiers affichés</translation>
    </message>
    <message>
        <source>Sort their moves</source>
        <translation>Trier leurs coups</translation>
    </message>
    <message>
        <source>Play the listed puzzles&apos; positions in the sorting trainer (the first %1): order four candidate moves from strongest to weakest</source>
        <translation>Jouer les positions des problèmes affichés dans l&apos;exercice «&#xa0;Trier les coups&#xa0;» (les %1 premiers)&#xa0;: ranger quatre coups candidats du plus fort au plus faible</translation>
    </message>
    <message>
        <source>Read with this filter</source>
        <translation>Lire avec ce filtre</translation>
    </message>
    <message>
        <source>Read the file again keeping only the puzzles the filter matches, so that puzzles past the first %L1 of a large file are found too</source>
        <translation>Relire le fichier en ne gardant que les problèmes qui répondent au filtre, pour trouver aussi ceux qui suivent les %L1 premiers d&apos;un gros fichier</translation>
    </message>
    <message>
        <source>Reading the puzzles of %1 that match “%2”…</source>
        <translation>Lecture des problèmes de %1 qui répondent à «&#xa0;%2&#xa0;»…</translation>
    </message>
    <message>
        <source> that match “%1” (%2 others left out)</source>
        <translation> qui répondent à «&#xa0;%1&#xa0;» (%2 autres écartés)</translation>
    </message>
    <message>
        <source> (stopped at %L1: a filter reads further)</source>
        <translation> (arrêté à %L1&#xa0;: un filtre lit plus loin)</translation>
    </message>
    <message numerus="yes">
        <source>Reading %1… %2% (%n puzzle(s) kept)</source>
        <translation>
            <numerusform>Lecture de %1… %2&#xa0;% (%n problème gardé)</numerusform>
            <numerusform>Lecture de %1… %2&#xa0;% (%n problèmes gardés)</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading</source>
        <translation>Arrêter la lecture</translation>
    </message>
    <message>
        <source>Stopped reading %1; the list is as it was.</source>
        <translation>Lecture de %1 arrêtée&#xa0;; la liste est restée telle quelle.</translation>
    </message>
    <message>
        <source>Solve it</source>
        <translation>Le résoudre</translation>
    </message>
    <message>
        <source>Set the board to the puzzle and find the moves there yourself; the solution and the move table stay hidden until you have solved it or ask for it.</source>
        <translation>Placer le problème sur l&apos;échiquier et y trouver les coups vous-même&#xa0;; la solution et le tableau des coups restent cachés jusqu&apos;à ce que vous l&apos;ayez résolu ou que vous la demandiez.</translation>
    </message>
    <message>
        <source>Setup: %1 | Solution: yours to find.</source>
        <translation>Mise en place&#xa0;: %1 | Solution&#xa0;: à vous de la trouver.</translation>
    </message>
    <message>
        <source>Stopped: the board was taken for something else.</source>
        <translation>Arrêté&#xa0;: l&apos;échiquier sert à autre chose.</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Les Blancs</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Les Noirs</translation>
    </message>
    <message>
        <source>Show the solution</source>
        <translation>Montrer la solution</translation>
    </message>
    <message>
        <source>%1 to play: find the best move on the board.</source>
        <translation>%1 jouent&#xa0;: trouvez le meilleur coup sur l&apos;échiquier.</translation>
    </message>
    <message>
        <source>The solution: %1</source>
        <translation>La solution&#xa0;: %1</translation>
    </message>
    <message>
        <source>Not the move: %1 was played, the solution is %2.</source>
        <translation>Pas le bon coup&#xa0;: %1 a été joué, la solution est %2.</translation>
    </message>
    <message>
        <source>Solved: %1.</source>
        <translation>Résolu&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Solved %1 of %2 here.</source>
        <translation>%1 résolus sur %2 ici.</translation>
    </message>
    <message>
        <source>Right: %1. %2 replies %3; find the next move.</source>
        <translation>Juste&#xa0;: %1. %2 répondent %3&#xa0;; trouvez le coup suivant.</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <source>Solve the next puzzle of the Files tab&apos;s list</source>
        <translation>Résoudre le problème suivant de la liste de l&apos;onglet «&#xa0;Fichiers&#xa0;»</translation>
    </message>
    <message>
        <source>In the game: %1, which lost %2 of winning chances where a human of the player&apos;s rating loses %3 on average.</source>
        <translation>Dans la partie : %1, qui a perdu %2 de chances de gain là où un humain du classement du joueur perd %3 en moyenne.</translation>
    </message>
    <message>
        <source>In the game: %1.</source>
        <translation>Dans la partie : %1.</translation>
    </message>
    <message>
        <source>the player&apos;s rating</source>
        <translation>le classement du joueur</translation>
    </message>
    <message>
        <source>The position comes from the player&apos;s own game (a player profile&apos;s puzzles): their chance to solve it at their rating in that game, by the puzzle&apos;s predicted rating and by the human model&apos;s curve. The curves are on Lichess&apos;s scale; a chess.com rating is converted first.</source>
        <translation>La position vient d&apos;une partie du joueur lui-même (les problèmes d&apos;un profil de joueur) : sa chance de la résoudre à son classement dans cette partie, d&apos;après le classement prédit du problème et d&apos;après la courbe du modèle humain. Les courbes sont à l&apos;échelle de Lichess ; un classement chess.com est d&apos;abord converti.</translation>
    </message>
    <message>
        <source>In the game: %1, which lost %2 of winning chances where a human rated %3 loses %4 on average.</source>
        <translation>Dans la partie : %1, qui a perdu %2 de chances de gain là où un humain classé %3 perd %4 en moyenne.</translation>
    </message>
    <message>
        <source>%1 on chess.com (about %2 on Lichess&apos;s scale)</source>
        <translation>%1 sur chess.com (environ %2 à l&apos;échelle de Lichess)</translation>
    </message>
    <message>
        <source>At the player&apos;s rating in that game, %1: %2 to solve by its rating</source>
        <translation>Au classement du joueur dans cette partie, %1 : %2 de chances de le résoudre d&apos;après son classement</translation>
    </message>
    <message>
        <source>, %1 by the human model.</source>
        <translation>, %1 d&apos;après le modèle humain.</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::ReviewPanel</name>
    <message>
        <source>#-%1</source>
        <translation>#-%1</translation>
    </message>
    <message>
        <source>missed #%1</source>
        <translation>#%1 manqué</translation>
    </message>
    <message>
        <source>depth </source>
        <translation>profondeur </translation>
    </message>
    <message>
        <source>Review game</source>
        <translation>Analyser la partie</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Move played: human probability and engine eval</source>
        <translation>Coup joué&#xa0;: probabilité humaine et évaluation du moteur</translation>
    </message>
    <message>
        <source>Human probability of the move played (%)</source>
        <translation>Probabilité humaine du coup joué (%)</translation>
    </message>
    <message>
        <source>Eval after the move (pawns, White)</source>
        <translation>Évaluation après le coup (pions, Blancs)</translation>
    </message>
    <message>
        <source>Human expectation for White (%)</source>
        <translation>Espérance humaine des Blancs (%)</translation>
    </message>
    <message>
        <source>Current move</source>
        <translation>Coup actuel</translation>
    </message>
    <message>
        <source>Ply</source>
        <translation>Demi-coup</translation>
    </message>
    <message>
        <source>Click to go to a move</source>
        <translation>Cliquez pour aller à un coup</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Coup</translation>
    </message>
    <message>
        <source>Human %</source>
        <translation>Humain&#xa0;%</translation>
    </message>
    <message>
        <source>Eval</source>
        <translation>Éval.</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Perte</translation>
    </message>
    <message>
        <source>Load a game to review it.</source>
        <translation>Chargez une partie pour l&apos;analyser.</translation>
    </message>
    <message>
        <source>Review cancelled.</source>
        <translation>Analyse annulée.</translation>
    </message>
    <message>
        <source>Review failed: %1</source>
        <translation>Échec de l&apos;analyse&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 – %2, %n plies</source>
        <translation>
            <numerusform>%1 – %2, %n demi-coup</numerusform>
            <numerusform>%1 – %2, %n demi-coups</numerusform>
        </translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Pas de moteur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation>Analyse en cours…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
    <message>
        <source>%1 played like a %2 (%3–%4).</source>
        <translation>%1 ont joué comme un joueur à %2 (%3–%4).</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Les Blancs</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Les Noirs</translation>
    </message>
    <message numerus="yes">
        <source>Reviewed %n plies.</source>
        <translation>
            <numerusform>%n demi-coup analysé.</numerusform>
            <numerusform>%n demi-coups analysés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Engine: %1.</source>
        <translation>Moteur&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Model: %1.</source>
        <translation>Modèle&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Review the game with Stockfish and the human model (%1)</source>
        <translation>Analyser la partie avec Stockfish et le modèle humain (%1)</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Temps</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>(exp. %1 s)</source>
        <translation>(att. %1 s)</translation>
    </message>
    <message>
        <source>Spent %1 s; the model expected %2 s (90% of such moves take %3–%4 s)</source>
        <translation>%1 s passées ; le modèle attendait %2 s (90 % de ces coups prennent %3 à %4 s)</translation>
    </message>
    <message>
        <source>%1 played like a %2 (%3–%4) on chess.com&apos;s scale, %5 on Lichess&apos;s.</source>
        <translation>%1 ont joué comme un joueur à %2 (%3–%4) à l&apos;échelle de chess.com, %5 à celle de Lichess.</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::Session</name>
    <message>
        <source>shipped default</source>
        <translation>modèle fourni par défaut</translation>
    </message>
</context>
<context>
    <name>kibitz::ui::SortTrainer</name>
    <message>
        <source>Sort the moves from strongest (top) to weakest. Drag the cards, or select one and press Ctrl+Up/Down (Alt+Up/Down).</source>
        <translation>Triez les coups du plus fort (en haut) au plus faible. Faites glisser les cartes, ou sélectionnez-en une et appuyez sur Ctrl+Haut/Bas (Alt+Haut/Bas).</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Valider</translation>
    </message>
    <message>
        <source>Human Elo</source>
        <translation>Elo humain</translation>
    </message>
    <message>
        <source>Engine depth</source>
        <translation>Profondeur du moteur</translation>
    </message>
    <message>
        <source>Give a position to start.</source>
        <translation>Donnez une position pour commencer.</translation>
    </message>
    <message>
        <source>No game could be made from these positions.</source>
        <translation>Aucun exercice n&apos;a pu être créé à partir de ces positions.</translation>
    </message>
    <message>
        <source>Generation failed: %1</source>
        <translation>Échec de la génération&#xa0;: %1</translation>
    </message>
    <message>
        <source>Generating a game…</source>
        <translation>Génération d&apos;un exercice…</translation>
    </message>
    <message>
        <source>Reading puzzles…</source>
        <translation>Lecture des problèmes…</translation>
    </message>
    <message>
        <source>No engine: %1</source>
        <translation>Pas de moteur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Sort the moves.</source>
        <translation>Triez les coups.</translation>
    </message>
    <message>
        <source>Puzzle %1: sort the moves.</source>
        <translation>Problème %1&#xa0;: triez les coups.</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <source>Select to preview on the board</source>
        <translation>Sélectionnez pour prévisualiser sur l&apos;échiquier</translation>
    </message>
    <message>
        <source>%1  %2  engine #%3</source>
        <translation>%1  %2  moteur #%3</translation>
    </message>
    <message>
        <source>human %1%</source>
        <translation>humain %1&#xa0;%</translation>
    </message>
    <message>
        <source>In the right place</source>
        <translation>À la bonne place</translation>
    </message>
    <message>
        <source>Should be in place %1</source>
        <translation>Devrait être à la place %1</translation>
    </message>
    <message>
        <source>Difficulty: %1</source>
        <translation>Difficulté&#xa0;: %1</translation>
    </message>
    <message>
        <source>Difficulty: %1 (%2)</source>
        <translation>Difficulté&#xa0;: %1 (%2)</translation>
    </message>
    <message>
        <source>For a %1 player: %2 (%3), perfect order %4%</source>
        <translation>Pour un joueur à %1&#xa0;: %2 (%3), ordre parfait %4&#xa0;%</translation>
    </message>
    <message numerus="yes">
        <source>Last game %1/%2 · total %3/%4 over %n game(s)</source>
        <translation>
            <numerusform>Dernier exercice %1/%2 · total %3/%4 sur %n exercice</numerusform>
            <numerusform>Dernier exercice %1/%2 · total %3/%4 sur %n exercices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln puzzle(s) drawn at random</source>
        <translation>
            <numerusform>%Ln problème tiré au hasard</numerusform>
            <numerusform>%Ln problèmes tirés au hasard</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>from the file&apos;s %Ln</source>
        <translation>
            <numerusform>sur %Ln dans le fichier</numerusform>
            <numerusform>sur %Ln dans le fichier</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln bad row(s) skipped)</source>
        <translation>
            <numerusform>(%Ln ligne erronée ignorée)</numerusform>
            <numerusform>(%Ln lignes erronées ignorées)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>all %Ln puzzle(s) of the file, in a random order</source>
        <translation>
            <numerusform>tout le fichier : %Ln problème, dans un ordre aléatoire</numerusform>
            <numerusform>tout le fichier : %Ln problèmes, dans un ordre aléatoire</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kibitz::ui::TrainingPage</name>
    <message>
        <source>Resume it</source>
        <translation>La reprendre</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ignorer</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Human moves</source>
        <translation>Coups humains</translation>
    </message>
    <message>
        <source>Puzzle rating</source>
        <translation>Classement des problèmes</translation>
    </message>
    <message>
        <source>Move probabilities of human players (PGN games)</source>
        <translation>Probabilités des coups de joueurs humains (parties PGN)</translation>
    </message>
    <message>
        <source>GlickFormer puzzle difficulty (Lichess puzzle CSV)</source>
        <translation>Difficulté des problèmes GlickFormer (CSV de problèmes Lichess)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>From scratch</source>
        <translation>À partir de zéro</translation>
    </message>
    <message>
        <source>Fine-tune a bundle</source>
        <translation>Affiner un paquet</translation>
    </message>
    <message>
        <source>Start from the config and weights of a .kibitz bundle (or a checkpoint) of this kind, with a fresh optimizer and a lower learning rate</source>
        <translation>Partir de la configuration et des poids d&apos;un paquet .kibitz (ou d&apos;un point de contrôle) de ce type, avec un nouvel optimiseur et un taux d&apos;apprentissage plus bas</translation>
    </message>
    <message>
        <source>bundle to fine-tune (.kibitz)</source>
        <translation>paquet à affiner (.kibitz)</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Données</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Ajouter…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>No data files</source>
        <translation>Aucun fichier de données</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>tiny (tests)</source>
        <translation>minuscule (tests)</translation>
    </message>
    <message>
        <source>small (CPU)</source>
        <translation>petit (CPU)</translation>
    </message>
    <message>
        <source>medium (GPU)</source>
        <translation>moyen (GPU)</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>factorized encoder</source>
        <translation>encodeur factorisé</translation>
    </message>
    <message>
        <source>factorized self-attention</source>
        <translation>auto-attention factorisée</translation>
    </message>
    <message>
        <source>stacked boards (baseline)</source>
        <translation>échiquiers empilés (référence)</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Étapes</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Taille de lot</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Taux d&apos;apprentissage</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatique</translation>
    </message>
    <message>
        <source>Run name</source>
        <translation>Nom de la session</translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation>Dossier des sessions</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>raw</source>
        <translation>brute</translation>
    </message>
    <message>
        <source>smoothed</source>
        <translation>lissée</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Perte d&apos;entraînement</translation>
    </message>
    <message>
        <source>Validation accuracy (top-1)</source>
        <translation>Précision de validation (top-1)</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>Exemples par seconde</translation>
    </message>
    <message>
        <source>Smoothing</source>
        <translation>Lissage</translation>
    </message>
    <message>
        <source>Exponential moving average of the loss: weight of the previous value, in %</source>
        <translation>Moyenne mobile exponentielle de la perte&#xa0;: poids de la valeur précédente, en&#xa0;%</translation>
    </message>
    <message>
        <source>Save PNG…</source>
        <translation>Enregistrer en PNG…</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>Enregistrer en CSV…</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>Évaluer</translation>
    </message>
    <message>
        <source>Export bundle…</source>
        <translation>Exporter un paquet…</translation>
    </message>
    <message>
        <source>Use for analysis</source>
        <translation>Utiliser pour l&apos;analyse</translation>
    </message>
    <message>
        <source>Export bundle</source>
        <translation>Exporter un paquet</translation>
    </message>
    <message>
        <source>Kibitz bundles (*.kibitz)</source>
        <translation>Paquets Kibitz (*.kibitz)</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>Points de contrôle</translation>
    </message>
    <message>
        <source>Compare two models…</source>
        <translation>Comparer deux modèles…</translation>
    </message>
    <message>
        <source>Evaluate two bundles or checkpoints of one kind on the same held-out data</source>
        <translation>Évaluer deux paquets ou points de contrôle d&apos;un même type sur les mêmes données de test</translation>
    </message>
    <message>
        <source>Save evaluation charts</source>
        <translation>Enregistrer les graphiques d&apos;évaluation</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <source>Save evaluation data</source>
        <translation>Enregistrer les données d&apos;évaluation</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Évaluation</translation>
    </message>
    <message>
        <source>Add at least one puzzle CSV file first</source>
        <translation>Ajoutez d&apos;abord au moins un fichier CSV de problèmes</translation>
    </message>
    <message>
        <source>Add at least one PGN file first</source>
        <translation>Ajoutez d&apos;abord au moins un fichier PGN</translation>
    </message>
    <message>
        <source>%1 is not a puzzle CSV; the puzzle-rating model trains on Lichess puzzle CSV</source>
        <translation>%1 n&apos;est pas un CSV de problèmes&#xa0;; le modèle de classement des problèmes s&apos;entraîne sur des CSV de problèmes Lichess</translation>
    </message>
    <message>
        <source>%1 is a puzzle CSV; the human-move model trains on PGN games</source>
        <translation>%1 est un CSV de problèmes&#xa0;; le modèle de coups humains s&apos;entraîne sur des parties PGN</translation>
    </message>
    <message>
        <source>Choose the bundle to fine-tune first</source>
        <translation>Choisissez d&apos;abord le paquet à affiner</translation>
    </message>
    <message>
        <source>pausing: finishing the current step and writing a checkpoint…</source>
        <translation>mise en pause&#xa0;: fin de l&apos;étape en cours et écriture d&apos;un point de contrôle…</translation>
    </message>
    <message>
        <source>stopping: finishing the current step and writing a checkpoint…</source>
        <translation>arrêt&#xa0;: fin de l&apos;étape en cours et écriture d&apos;un point de contrôle…</translation>
    </message>
    <message>
        <source>%1 has no checkpoint to resume from</source>
        <translation>%1 n&apos;a aucun point de contrôle à partir duquel reprendre</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pause</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>arrêtée</translation>
    </message>
    <message>
        <source>run %1 at step %2</source>
        <translation>session %1 à l&apos;étape %2</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>erreur&#xa0;: %1</translation>
    </message>
    <message>
        <source>GUI event loop during the run: max delay %1 ms, mean %2 ms over %3 probes</source>
        <translation>Boucle d&apos;événements de l&apos;interface pendant la session&#xa0;: délai max. %1 ms, moyenne %2 ms sur %3 mesures</translation>
    </message>
    <message>
        <source>step %1 / %2 · %3 samples/s · elapsed %4 · ETA %5</source>
        <translation>étape %1 / %2 · %3 exemples/s · écoulé %4 · restant %5</translation>
    </message>
    <message>
        <source>validation at step %1: MAE %2, RMSE %3 (mean by length: MAE %4; %5 puzzles)</source>
        <translation>validation à l&apos;étape %1&#xa0;: MAE %2, RMSE %3 (moyenne par longueur&#xa0;: MAE %4&#xa0;; %5 problèmes)</translation>
    </message>
    <message>
        <source>validation at step %1: top-1 %2%, top-3 %3%, NLL %4 (%5 positions)</source>
        <translation>validation à l&apos;étape %1&#xa0;: top-1 %2&#xa0;%, top-3 %3&#xa0;%, NLL %4 (%5 positions)</translation>
    </message>
    <message>
        <source>opened run %1</source>
        <translation>session %1 ouverte</translation>
    </message>
    <message>
        <source>The run %1 was interrupted (the app closed mid-run). Resume it from its last checkpoint?</source>
        <translation>La session %1 a été interrompue (l&apos;application s&apos;est fermée en cours de route). La reprendre depuis son dernier point de contrôle&#xa0;?</translation>
    </message>
    <message>
        <source>The run %1 is paused.</source>
        <translation>La session %1 est en pause.</translation>
    </message>
    <message>
        <source>evaluating %1 on held-out puzzles…</source>
        <translation>évaluation de %1 sur les problèmes de test…</translation>
    </message>
    <message>
        <source>evaluating %1 on held-out games…</source>
        <translation>évaluation de %1 sur les parties de test…</translation>
    </message>
    <message>
        <source>evaluation failed: %1</source>
        <translation>échec de l&apos;évaluation&#xa0;: %1</translation>
    </message>
    <message>
        <source>evaluation of %1: %2</source>
        <translation>évaluation de %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>comparing %1 and %2…</source>
        <translation>comparaison de %1 et %2…</translation>
    </message>
    <message>
        <source>%1 is a %2 model and %3 a %4 model; only models of one kind compare</source>
        <translation>%1 est un modèle %2 et %3 un modèle %4&#xa0;; seuls des modèles du même type se comparent</translation>
    </message>
    <message>
        <source>add puzzle CSV files to compare puzzle models on their held-out puzzles</source>
        <translation>ajoutez des fichiers CSV de problèmes pour comparer des modèles de problèmes sur leurs problèmes de test</translation>
    </message>
    <message>
        <source>add PGN files to compare human-move models on their held-out games</source>
        <translation>ajoutez des fichiers PGN pour comparer des modèles de coups humains sur leurs parties de test</translation>
    </message>
    <message>
        <source>comparison failed: %1</source>
        <translation>échec de la comparaison&#xa0;: %1</translation>
    </message>
    <message>
        <source>Models (*.kibitz *.pt);;All files (*)</source>
        <translation>Modèles (*.kibitz *.pt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>First model</source>
        <translation>Premier modèle</translation>
    </message>
    <message>
        <source>Second model</source>
        <translation>Second modèle</translation>
    </message>
    <message>
        <source>Bundle to fine-tune</source>
        <translation>Paquet à affiner</translation>
    </message>
    <message>
        <source>paper (GPU, seed 000 sizes)</source>
        <translation>article (GPU, tailles de la graine 000)</translation>
    </message>
    <message>
        <source>Validation MAE (rating points)</source>
        <translation>MAE de validation (points de classement)</translation>
    </message>
    <message>
        <source>Use for rating</source>
        <translation>Utiliser pour l&apos;estimation</translation>
    </message>
    <message>
        <source>exporting %1 to %2…</source>
        <translation>exportation de %1 vers %2…</translation>
    </message>
    <message>
        <source>bundle written: %1</source>
        <translation>paquet écrit&#xa0;: %1</translation>
    </message>
    <message>
        <source>export failed: %1</source>
        <translation>échec de l&apos;exportation&#xa0;: %1</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>Analyse des fichiers…</translation>
    </message>
    <message>
        <source>puzzles</source>
        <translation>problèmes</translation>
    </message>
    <message>
        <source>games</source>
        <translation>parties</translation>
    </message>
    <message>
        <source>Sample of the first %1 %2 (%3 s):</source>
        <translation>Échantillon (début des fichiers) de %1 %2 (%3 s)&#xa0;:</translation>
    </message>
    <message>
        <source>%1 %2 (%3 s):</source>
        <translation>%1 %2 (%3 s)&#xa0;:</translation>
    </message>
    <message>
        <source>%1 positions</source>
        <translation>%1 positions</translation>
    </message>
    <message>
        <source>rating %1–%2</source>
        <translation>classement %1–%2</translation>
    </message>
    <message>
        <source>Elo %1–%2</source>
        <translation>Elo %1–%2</translation>
    </message>
    <message>
        <source>%1% with clocks</source>
        <translation>%1&#xa0;% avec pendule</translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>%1 ignorés</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Données d&apos;entraînement</translation>
    </message>
    <message>
        <source>Games and puzzles (*.pgn *.pgn.zst *.csv *.csv.zst);;All files (*)</source>
        <translation>Parties et problèmes (*.pgn *.pgn.zst *.csv *.csv.zst);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>%1: cannot write the image</source>
        <translation>%1&#xa0;: impossible d&apos;écrire l&apos;image</translation>
    </message>
    <message>
        <source>Save charts</source>
        <translation>Enregistrer les graphiques</translation>
    </message>
    <message>
        <source>Save chart data</source>
        <translation>Enregistrer les données des graphiques</translation>
    </message>
    <message>
        <source>GUI event loop delay while training: max %1 ms, mean %2 ms</source>
        <translation>Délai de la boucle d&apos;événements de l&apos;interface pendant l&apos;entraînement&#xa0;: max. %1 ms, moyenne %2 ms</translation>
    </message>
    <message>
        <source>Cancel evaluation</source>
        <translation>Annuler l&apos;évaluation</translation>
    </message>
    <message>
        <source>Stop the running evaluation or comparison</source>
        <translation>Arrêter l&apos;évaluation ou la comparaison en cours</translation>
    </message>
    <message>
        <source>evaluation cancelled</source>
        <translation>évaluation annulée</translation>
    </message>
    <message>
        <source>comparison cancelled</source>
        <translation>comparaison annulée</translation>
    </message>
    <message>
        <source>cancelling the evaluation…</source>
        <translation>annulation de l&apos;évaluation…</translation>
    </message>
    <message>
        <source>Automatic (CUDA when available)</source>
        <translation>Automatique (CUDA si disponible)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA (NVIDIA GPU)</source>
        <translation>CUDA (GPU NVIDIA)</translation>
    </message>
    <message>
        <source>This LibTorch sees no CUDA device</source>
        <translation>Cette LibTorch ne voit aucun périphérique CUDA</translation>
    </message>
    <message>
        <source>Where a human-move run trains; on CUDA in bf16 mixed precision. Puzzle-rating runs train on the CPU.</source>
        <translation>Où s&apos;entraîne une session du modèle de coups humains&#xa0;; sur CUDA en précision mixte bf16. Les sessions du modèle de cote des problèmes s&apos;entraînent sur le CPU.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Périphérique</translation>
    </message>
</context>
</TS>
