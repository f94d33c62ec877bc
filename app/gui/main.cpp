// SPDX-License-Identifier: GPL-3.0-or-later
// The Kibitz desktop app: sets up the application, translations and the main window.
#include "app/gui/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

namespace {

/// Installs Qt's own and Kibitz's translations for `locale`; English needs none but loads kibitz_en for plurals.
void installTranslations(QApplication& app, const QLocale& locale) {
    auto* qtBase = new QTranslator(&app);
    if (qtBase->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtBase);
    auto* kibitz = new QTranslator(&app);
    if (kibitz->load(locale, QStringLiteral("kibitz"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(kibitz);
}

}  // namespace

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Kibitz"));
    QApplication::setApplicationName(QStringLiteral("Kibitz"));
    QApplication::setApplicationDisplayName(QStringLiteral("Kibitz"));
    QApplication::setApplicationVersion(QStringLiteral(KIBITZ_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("kibitz"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Kibitz: human-aware chess study"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("PGN file to open (.pgn or .pgn.zst)"),
                                 QStringLiteral("[file]"));
    const QCommandLineOption fenOption(QStringLiteral("fen"), QStringLiteral("Start from this position."),
                                       QStringLiteral("FEN"));
    const QCommandLineOption langOption(QStringLiteral("lang"),
                                        QStringLiteral("User interface language, e.g. de or en (default: system)."),
                                        QStringLiteral("code"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the window (and of an open dialog) once shown, then quit."),
        QStringLiteral("png"));
    const QCommandLineOption quitOption(QStringLiteral("quit-after"),
                                        QStringLiteral("Quit after this many milliseconds (smoke tests)."),
                                        QStringLiteral("ms"));
    parser.addOptions({fenOption, langOption, screenshotOption, quitOption});
    parser.process(app);

    QString lang = parser.value(langOption);
    if (lang.isEmpty()) lang = QSettings().value(QStringLiteral("ui/language")).toString();
    installTranslations(app, lang.isEmpty() ? QLocale::system() : QLocale(lang));

    kibitz::app::MainWindow window;
    if (parser.isSet(fenOption) && !window.setFen(parser.value(fenOption))) return 2;
    if (!parser.positionalArguments().isEmpty()) window.openPgnFile(parser.positionalArguments().constFirst());
    window.show();

    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        QTimer::singleShot(1500, &window, [&window, path] {
            bool saved = window.grab().save(path);
            // A dialog open at that moment (e.g. the PGN game chooser) is saved beside it as <name>-dialog.png.
            if (QWidget* dialog = QApplication::activeModalWidget()) {
                QString dialogPath = path;
                dialogPath.insert(
                    dialogPath.endsWith(QStringLiteral(".png")) ? dialogPath.size() - 4 : dialogPath.size(),
                    QStringLiteral("-dialog"));
                saved = dialog->grab().save(dialogPath) && saved;
            }
            QApplication::exit(saved ? 0 : 1);
        });
    }
    if (parser.isSet(quitOption)) QTimer::singleShot(parser.value(quitOption).toInt(), &app, &QApplication::quit);
    return app.exec();
}
