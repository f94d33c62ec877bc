<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- Written by hand for tests/translations: each message after the first two has one defect the checker must
     report, and the language attribute does not match the file name. Not a real translation. -->
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>kibitz::app::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds more games; showing the first %n.</source>
        <translation>
            <numerusform>%1 contiene altre partite; si vede la prima.</numerusform>
            <numerusform>%1 contiene altre partite; si vedono le prime %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reading the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished">%1: %2</translation>
    </message>
    <message>
        <source>First move</source>
        <translation></translation>
    </message>
    <message>
        <source>Invalid FEN: %1</source>
        <translation>FEN non valida</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %3</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n game(s).</source>
        <translation>
            <numerusform>contiene %n partita.</numerusform>
            <numerusform>%1 contiene %n partite.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s)</source>
        <translation>
            <numerusform>una partita</numerusform>
            <numerusform>alcune partite</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reviewed %n plies.</source>
        <translation>
            <numerusform>%n semimossa analizzata.</numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Esci</translation>
    </message>
    <message>
        <source>Could not read the file.

%1</source>
        <translation type="vanished">Impossibile leggere il file.

%1</translation>
    </message>
</context>
</TS>
