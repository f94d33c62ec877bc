// SPDX-License-Identifier: GPL-3.0-or-later
// BoardWidget: drag and click moves, refused drops, promotion chooser, flip geometry, high-DPI rendering.
#include "core/chess/notation.h"
#include "ui/board_widget.h"

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using namespace kibitz;
using chess::Square;

class TestBoardWidget : public QObject {
    Q_OBJECT

private:
    /// A shown 480x480 board with `fen` set up.
    std::unique_ptr<ui::BoardWidget> makeBoard(const QString& fen, bool flipped = false) {
        auto board = std::make_unique<ui::BoardWidget>();
        auto pos = chess::Position::fromFen(fen.toStdString());
        if (!pos) qFatal("bad test FEN: %s", pos.error().message.c_str());
        board->setPosition(pos.value());
        board->setFlipped(flipped);
        board->resize(480, 480);
        board->show();
        if (!QTest::qWaitForWindowExposed(board.get())) qWarning("board window not exposed");
        return board;
    }
    static QPoint centre(const ui::BoardWidget& board, const QString& square) {
        return board.squareCenter(chess::parseSquare(square.toStdString())).toPoint();
    }
    /// Press on `from`, move in steps to `to`, release there.
    static void drag(ui::BoardWidget& board, QPoint from, QPoint to) {
        QTest::mousePress(&board, Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(&board, from + QPoint(3, 3));
        QTest::mouseMove(&board, (from + to) / 2);
        QTest::mouseMove(&board, to);
        QTest::mouseRelease(&board, Qt::LeftButton, Qt::NoModifier, to);
    }
    static void click(ui::BoardWidget& board, QPoint at) {
        QTest::mouseClick(&board, Qt::LeftButton, Qt::NoModifier, at);
    }
    static QString fenAfter(const QString& fen, const QString& uci) {
        chess::Position pos = chess::Position::fromFen(fen.toStdString()).value();
        pos.makeMove(chess::parseUci(pos, uci.toStdString()).value());
        return QString::fromStdString(pos.fen());
    }

private Q_SLOTS:
    void pieceSetLoads() {
        ui::PieceSet set;
        QVERIFY(set.isValid());
        QCOMPARE(ui::PieceSet::resourcePath(chess::BKnight), QStringLiteral(":/pieces/bN.svg"));
    }

    void dragPlaysLegalMove_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("flipped");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("uci");
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        QTest::newRow("pawn double push") << start << false << "e2"
                                          << "e4"
                                          << "e2e4";
        QTest::newRow("knight, flipped board") << start << true << "g1"
                                               << "f3"
                                               << "g1f3";
        QTest::newRow("castling by king drag")
            << "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1" << false << "e1"
            << "g1"
            << "e1g1";
        QTest::newRow("en passant") << "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" << false << "e5"
                                    << "d6"
                                    << "e5d6";
        QTest::newRow("black captures, flipped")
            << "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2" << true << "d5"
            << "e4"
            << "d5e4";
    }
    void dragPlaysLegalMove() {
        QFETCH(QString, fen);
        QFETCH(bool, flipped);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, uci);
        auto board = makeBoard(fen, flipped);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        drag(*board, centre(*board, from), centre(*board, to));
        QCOMPARE(spy.count(), 1);
        const auto move = spy.at(0).at(0).value<chess::Move>();
        QCOMPARE(QString::fromStdString(chess::toUci(move)), uci);
        QCOMPARE(QString::fromStdString(board->position().fen()), fenAfter(fen, uci));
        QCOMPARE(board->lastMove(), move);
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
    }

    void illegalDropIsRefused_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("pawn three squares") << "e2"
                                            << "e5";
        QTest::newRow("knight to a non-knight square") << "g1"
                                                       << "g3";
        QTest::newRow("onto own piece") << "d1"
                                        << "d2";
        QTest::newRow("opponent's piece (Black, White to move)") << "e7"
                                                                 << "e5";
        QTest::newRow("empty square") << "e4"
                                      << "e5";
    }
    void illegalDropIsRefused() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        auto board = makeBoard(start);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        drag(*board, centre(*board, from), centre(*board, to));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(QString::fromStdString(board->position().fen()), start);
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
    }

    void dropOutsideBoardSnapsBack() {
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        auto board = makeBoard(start);
        board->resize(600, 480);  // board centred, margins left and right
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        drag(*board, centre(*board, QStringLiteral("e2")), QPoint(5, 240));
        QCOMPARE(spy.count(), 0);
        QCOMPARE(QString::fromStdString(board->position().fen()), start);
    }

    void clickClick() {
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        auto board = makeBoard(start);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        click(*board, centre(*board, QStringLiteral("b1")));
        QCOMPARE(board->selectedSquare(), chess::B1);
        // Clicking another own piece switches the selection; an illegal target clears it.
        click(*board, centre(*board, QStringLiteral("g1")));
        QCOMPARE(board->selectedSquare(), chess::G1);
        click(*board, centre(*board, QStringLiteral("g4")));
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
        QCOMPARE(spy.count(), 0);
        // Clicking the selected piece again deselects it.
        click(*board, centre(*board, QStringLiteral("g1")));
        click(*board, centre(*board, QStringLiteral("g1")));
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
        click(*board, centre(*board, QStringLiteral("g1")));
        click(*board, centre(*board, QStringLiteral("f3")));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(QString::fromStdString(chess::toUci(spy.at(0).at(0).value<chess::Move>())), QStringLiteral("g1f3"));
        QCOMPARE(QString::fromStdString(board->position().fen()), fenAfter(start, QStringLiteral("g1f3")));
        // Now Black moves: a white piece is not selectable.
        click(*board, centre(*board, QStringLiteral("f3")));
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
    }

    void promotionChooser_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("flipped");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("choice");
        QTest::addColumn<QString>("uci");
        const QString white = QStringLiteral("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        QTest::newRow("queen") << white << false << "e7"
                               << "e8" << 0 << "e7e8q";
        QTest::newRow("knight") << white << false << "e7"
                                << "e8" << 1 << "e7e8n";
        QTest::newRow("rook") << white << false << "e7"
                              << "e8" << 2 << "e7e8r";
        QTest::newRow("bishop") << white << false << "e7"
                                << "e8" << 3 << "e7e8b";
        QTest::newRow("knight, flipped") << white << true << "e7"
                                         << "e8" << 1 << "e7e8n";
        QTest::newRow("black capture-promotes to rook") << "7k/8/8/8/8/8/1p6/R3K3 b - - 0 1" << false << "b2"
                                                        << "a1" << 2 << "b2a1r";
        QTest::newRow("black queen, flipped") << "7k/8/8/8/8/8/1p6/R3K3 b - - 0 1" << true << "b2"
                                              << "b1" << 0 << "b2b1q";
    }
    void promotionChooser() {
        QFETCH(QString, fen);
        QFETCH(bool, flipped);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, choice);
        QFETCH(QString, uci);
        auto board = makeBoard(fen, flipped);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        drag(*board, centre(*board, from), centre(*board, to));
        QVERIFY(board->isPromotionChooserOpen());
        QCOMPARE(spy.count(), 0);
        QCOMPARE(QString::fromStdString(board->position().fen()), fen);
        // The chooser runs from the promotion square towards the centre of the board.
        const Square target = chess::parseSquare(to.toStdString());
        QCOMPARE(board->promotionChoiceSquare(0), target);
        QCOMPARE(chess::fileOf(board->promotionChoiceSquare(3)), chess::fileOf(target));
        QCOMPARE(std::abs(chess::rankOf(board->promotionChoiceSquare(3)) - chess::rankOf(target)), 3);
        click(*board, board->squareCenter(board->promotionChoiceSquare(choice)).toPoint());
        QVERIFY(!board->isPromotionChooserOpen());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(QString::fromStdString(chess::toUci(spy.at(0).at(0).value<chess::Move>())), uci);
        QCOMPARE(QString::fromStdString(board->position().fen()), fenAfter(fen, uci));
    }

    void promotionCancel_data() {
        QTest::addColumn<bool>("useEscape");
        QTest::newRow("Esc") << true;
        QTest::newRow("click outside the chooser") << false;
    }
    void promotionCancel() {
        QFETCH(bool, useEscape);
        const QString fen = QStringLiteral("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        auto board = makeBoard(fen);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        click(*board, centre(*board, QStringLiteral("e7")));
        click(*board, centre(*board, QStringLiteral("e8")));
        QVERIFY(board->isPromotionChooserOpen());
        if (useEscape)
            QTest::keyClick(board.get(), Qt::Key_Escape);
        else
            click(*board, centre(*board, QStringLiteral("a4")));
        QVERIFY(!board->isPromotionChooserOpen());
        QCOMPARE(spy.count(), 0);
        QCOMPARE(QString::fromStdString(board->position().fen()), fen);
    }

    void flipMapsSquares_data() {
        QTest::addColumn<bool>("flipped");
        QTest::addColumn<QString>("square");
        QTest::addColumn<int>("col");
        QTest::addColumn<int>("row");
        QTest::newRow("a1 white view") << false << "a1" << 0 << 7;
        QTest::newRow("h8 white view") << false << "h8" << 7 << 0;
        QTest::newRow("e4 white view") << false << "e4" << 4 << 4;
        QTest::newRow("a1 flipped") << true << "a1" << 7 << 0;
        QTest::newRow("h8 flipped") << true << "h8" << 0 << 7;
        QTest::newRow("e4 flipped") << true << "e4" << 3 << 3;
        QTest::newRow("b7 flipped") << true << "b7" << 6 << 6;
    }
    void flipMapsSquares() {
        QFETCH(bool, flipped);
        QFETCH(QString, square);
        QFETCH(int, col);
        QFETCH(int, row);
        ui::BoardWidget board;
        board.resize(400, 400);  // 50 px squares, no margin
        board.setFlipped(flipped);
        const Square sq = chess::parseSquare(square.toStdString());
        QCOMPARE(board.squareRect(sq), QRectF(col * 50, row * 50, 50, 50));
        QCOMPARE(board.squareAt(QPointF(col * 50 + 25, row * 50 + 25)), sq);
        for (int s = 0; s < 64; ++s) QCOMPARE(board.squareAt(board.squareCenter(Square(s))), Square(s));
        QCOMPARE(board.squareAt(QPointF(-1, 10)), chess::NoSquare);
        QCOMPARE(board.squareAt(QPointF(10, 401)), chess::NoSquare);
    }

    void piecePixmapHighDpi_data() {
        QTest::addColumn<qreal>("dpr");
        QTest::newRow("1x") << qreal(1.0);
        QTest::newRow("1.5x") << qreal(1.5);
        QTest::newRow("2x") << qreal(2.0);
    }
    void piecePixmapHighDpi() {
        QFETCH(qreal, dpr);
        ui::PieceSet set;
        const QPixmap pm = set.pixmap(chess::WKing, 60, dpr);
        QVERIFY(!pm.isNull());
        QCOMPARE(pm.devicePixelRatio(), dpr);
        QCOMPARE(pm.width(), qRound(60 * dpr));
        const QImage img = pm.toImage();
        int opaque = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) opaque += qAlpha(img.pixel(x, y)) > 200;
        // A king covers a good part of its square, and the corners stay transparent.
        QVERIFY2(opaque > img.width() * img.height() / 5, qPrintable(QString::number(opaque)));
        QCOMPARE(qAlpha(img.pixel(0, 0)), 0);
        // Cached: the same size and ratio returns the same pixmap.
        QCOMPARE(set.pixmap(chess::WKing, 60, dpr).cacheKey(), pm.cacheKey());
        QVERIFY(set.pixmap(chess::NoPiece, 60, dpr).isNull());
    }

    void renderBoardAtDpr2() {
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        auto board = makeBoard(start);
        QPixmap pm(board->size() * 2);
        pm.setDevicePixelRatio(2.0);
        pm.fill(Qt::transparent);
        board->render(&pm);
        QVERIFY(!pm.isNull());
        const QImage img = pm.toImage();
        QCOMPARE(img.size(), QSize(960, 960));
        // a1 is a dark square, h1 a light one (sampled in a corner, away from the piece and the labels).
        const QColor a1 = img.pixelColor(board->squareRect(chess::A1).topLeft().toPoint() * 2 + QPoint(100, 4));
        const QColor h1 = img.pixelColor(board->squareRect(chess::H1).topLeft().toPoint() * 2 + QPoint(100, 4));
        QVERIFY2(a1.lightness() < h1.lightness(), qPrintable(a1.name() + QLatin1Char(' ') + h1.name()));
        // The white king at e1 is drawn at full resolution: its body is light, its outline dark.
        const QRect e1 = QRectF(board->squareRect(chess::E1).topLeft() * 2, QSizeF(120, 120)).toRect();
        int whiteish = 0;
        int darkish = 0;
        for (int y = e1.top(); y <= e1.bottom(); ++y)
            for (int x = e1.left(); x <= e1.right(); ++x) {
                const int l = img.pixelColor(x, y).lightness();
                whiteish += l > 240;
                darkish += l < 60;
            }
        QVERIFY2(whiteish > 1500 && darkish > 300, qPrintable(QStringLiteral("%1 %2").arg(whiteish).arg(darkish)));
    }

    void arrowsAndHighlights() {
        // 1.e4 f5 2.Qh5+: Black is in check, g7-g6 is the only move.
        const QString fen = QStringLiteral("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
        auto board = makeBoard(fen);
        const QImage plain = board->grab().toImage();
        board->setArrows({{chess::Move(chess::G7, chess::G6), 0.9, QStringLiteral("88%"), QColor()},
                          {chess::Move(chess::E8, chess::F7), 0.1, QStringLiteral("12%"), QColor(200, 60, 40)}});
        QCOMPARE(int(board->arrows().size()), 2);
        board->setHighlightedArrow(1);
        QCOMPARE(board->highlightedArrow(), 1);
        board->setHighlightedArrow(5);
        QCOMPARE(board->highlightedArrow(), -1);
        const QImage withArrows = board->grab().toImage();
        // The arrow's shaft covers the boundary between g7 and g6.
        const QPoint boundary = ((board->squareCenter(chess::G7) + board->squareCenter(chess::G6)) / 2).toPoint();
        QVERIFY(plain.pixel(boundary) != withArrows.pixel(boundary));
        // The king in check gets a red glow towards the edge of its square.
        const QRectF e8 = board->squareRect(chess::E8);
        const QColor glow = plain.pixelColor((e8.center() + QPointF(e8.width() * 0.44, 0)).toPoint());
        QVERIFY2(glow.red() > glow.green() + 40, qPrintable(glow.name()));

        // A screenshot for people to look at: check, last move, hints for the selected pawn, arrows.
        board->setPosition(board->position(), chess::Move(chess::D1, chess::H5));
        board->setArrows({{chess::Move(chess::G7, chess::G6), 0.9, QStringLiteral("88%"), QColor()},
                          {chess::Move(chess::E8, chess::F7), 0.1, QStringLiteral("12%"), QColor(200, 60, 40)}});
        click(*board, centre(*board, QStringLiteral("g7")));
        QCOMPARE(board->selectedSquare(), chess::G7);
        const QString shot = QCoreApplication::applicationDirPath() + QStringLiteral("/board_screenshot.png");
        QVERIFY(board->grab().save(shot));
        QCOMPARE(QImage(shot).width(), 480);

        // Playing a move clears arrows that belonged to the old position.
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        click(*board, centre(*board, QStringLiteral("g6")));
        QCOMPARE(spy.count(), 1);
        QVERIFY(board->arrows().empty());
    }

    void setPositionResetsSelection() {
        auto board = makeBoard(QString::fromLatin1(chess::Position::kStartFen.data()));
        click(*board, centre(*board, QStringLiteral("e2")));
        QCOMPARE(board->selectedSquare(), chess::E2);
        board->setPosition(chess::Position());
        QCOMPARE(board->selectedSquare(), chess::NoSquare);
        board->setInteractive(false);
        QSignalSpy spy(board.get(), &ui::BoardWidget::moveMade);
        drag(*board, centre(*board, QStringLiteral("e2")), centre(*board, QStringLiteral("e4")));
        QCOMPARE(spy.count(), 0);
    }
};

QTEST_MAIN(TestBoardWidget)
#include "tst_board_widget.moc"
