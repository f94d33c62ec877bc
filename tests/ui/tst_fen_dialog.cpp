// SPDX-License-Identifier: GPL-3.0-or-later
// FenDialog: OK only for a valid FEN; the error text names the FEN field that is wrong.
#include "ui/fen_dialog.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QTest>

using namespace kibitz;

class TestFenDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void validates_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("errorMentions");
        QTest::newRow("start") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" << true << "";
        QTest::newRow("surrounding blanks") << "  8/8/4k3/8/8/4K3/4P3/8 b - - 4 30 " << true << "";
        QTest::newRow("bad side to move")
            << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" << false << "field 2";
        QTest::newRow("bad castling") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1" << false
                                      << "field 3";
        QTest::newRow("bad placement") << "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" << false
                                       << "field 1";
        QTest::newRow("empty") << "" << false << "";
    }
    void validates() {
        QFETCH(QString, fen);
        QFETCH(bool, valid);
        QFETCH(QString, errorMentions);
        ui::FenDialog dialog;
        dialog.setFen(fen);
        QCOMPARE(dialog.position().has_value(), valid);
        QCOMPARE(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled(), valid);
        if (valid) {
            QVERIFY(dialog.errorText().isEmpty());
            QCOMPARE(QString::fromStdString(dialog.position()->fen()), fen.trimmed());
        } else if (!errorMentions.isEmpty()) {
            QVERIFY2(dialog.errorText().contains(errorMentions, Qt::CaseInsensitive), qPrintable(dialog.errorText()));
        }
    }
};

QTEST_MAIN(TestFenDialog)
#include "tst_fen_dialog.moc"
