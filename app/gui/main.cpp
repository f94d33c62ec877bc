// SPDX-License-Identifier: GPL-3.0-or-later
// The Kibitz desktop app: sets up the application, translations and the main window.
#include "app/gui/main_window.h"
#include "core/chess/position.h"
#include "ui/settings_keys.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <memory>
#include <string_view>

#include <unistd.h>

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

/// Wall time since this process was created (its start time in /proc/self/stat, in clock ticks since boot), so
/// the dynamic loading before main() counts too; -1 where that cannot be read.
double secondsSinceProcessStart() {
    QFile stat(QStringLiteral("/proc/self/stat"));
    QFile uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly)) return -1.0;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');  // the command name may hold spaces
    if (close < 0) return -1.0;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');  // fields from the 3rd (state) on
    if (fields.size() < 20) return -1.0;
    const double startTicks = fields.at(19).toDouble();  // field 22, starttime
    const double now = uptime.readAll().split(' ').value(0).toDouble();
    return now - startTicks / double(sysconf(_SC_CLK_TCK));
}

/// The window's command line. --help and --version are answered from the same description with or without a display.
struct CommandLine {
    QCommandLineOption fen{QStringLiteral("fen"), QStringLiteral("Start from this position."), QStringLiteral("FEN")};
    QCommandLineOption lang{QStringLiteral("lang"),
                            QStringLiteral("User interface language, e.g. de or en (default: system)."),
                            QStringLiteral("code")};
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QStringLiteral("Save a PNG of the window (and of an open dialog) once the first arrows are shown, then quit."),
        QStringLiteral("png")};
    QCommandLineOption quitAfter{QStringLiteral("quit-after"),
                                 QStringLiteral("Quit after this many milliseconds (smoke tests)."),
                                 QStringLiteral("ms")};

    QCommandLineOption quitOnArrows{
        QStringLiteral("quit-on-arrows"),
        QStringLiteral("Quit once the first arrows of the human-move model are on the board, printing the time "
                       "since the program started (the start-up benchmark, bench/startup.py).")};

    void describe(QCommandLineParser& parser) const {
        parser.setApplicationDescription(QStringLiteral("Kibitz: human-aware chess study"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("PGN file to open (.pgn or .pgn.zst)"),
                                     QStringLiteral("[file]"));
        parser.addOptions({fen, lang, screenshot, quitAfter, quitOnArrows});
    }
};

/// True when the command line asks only for the help or the version text.
bool onlyPrints(int argc, char* argv[]) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--") break;
        if (a == "-h" || a == "-?" || a == "--help" || a == "-v" || a == "--version") return true;
    }
    return false;
}

}  // namespace

int main(int argc, char* argv[]) {
    QApplication::setOrganizationName(QStringLiteral("Kibitz"));
    QApplication::setApplicationName(QStringLiteral("Kibitz"));
    QApplication::setApplicationVersion(QStringLiteral(KIBITZ_VERSION));
    const CommandLine options;
    if (onlyPrints(argc, argv)) {
        // Printing needs no window system: answered by a QCoreApplication, `kibitz --help` works in a terminal
        // without a display and help2man writes the man page from it at build time. (--help-all, which lists Qt's
        // platform options, still goes through the QApplication.)
        QCoreApplication printer(argc, argv);
        QCommandLineParser parser;
        options.describe(parser);
        parser.process(printer);  // prints and exits
    }

    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Kibitz"));
    // The desktop entry's id (packaging/org.kibitz.Kibitz.desktop), also the Wayland app id.
    QApplication::setDesktopFileName(QStringLiteral("org.kibitz.Kibitz"));

    QCommandLineParser parser;
    options.describe(parser);
    parser.process(app);

    QString lang = parser.value(options.lang);
    if (lang.isEmpty()) lang = QSettings().value(kibitz::ui::settings_keys::kLanguage).toString();
    installTranslations(app, lang.isEmpty() ? QLocale::system() : QLocale(lang));

    // A bad --fen is refused before any window opens: exit code 2 and the reason on stderr (docs/user/cli.md's exit
    // codes).
    if (parser.isSet(options.fen)) {
        const auto checked = kibitz::chess::Position::fromFen(parser.value(options.fen).trimmed().toStdString());
        if (!checked) {
            std::fprintf(stderr, "kibitz: --fen: %s\n", checked.error().message.c_str());
            return 2;
        }
    }
    kibitz::app::MainWindow window;
    if (parser.isSet(options.fen) && !window.setFen(parser.value(options.fen))) return 2;
    if (!parser.positionalArguments().isEmpty()) window.openPgnFile(parser.positionalArguments().constFirst());
    window.show();

    if (parser.isSet(options.screenshot)) {
        const QString path = parser.value(options.screenshot);
        // Taken once the first arrows are on the board and at least 1.5 s after showing (a loaded machine takes
        // longer to load the models), or after 20 s with an open dialog or no analysis.
        auto take = [&window, path, done = std::make_shared<bool>(false)] {
            if (*done) return;
            *done = true;
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
        };
        auto shown = std::make_shared<bool>(false), arrows = std::make_shared<bool>(false);
        QTimer::singleShot(1500, &window, [take, shown, arrows] {
            *shown = true;
            if (*arrows) QTimer::singleShot(300, take);
        });
        QObject::connect(&window, &kibitz::app::MainWindow::arrowsShown, &window, [take, shown, arrows](int) {
            if (*arrows) return;
            *arrows = true;
            if (*shown) QTimer::singleShot(300, take);  // the panel's table and value line repaint first
        });
        QTimer::singleShot(20000, &window, take);
    }
    if (parser.isSet(options.quitOnArrows)) {
        QObject::connect(&window, &kibitz::app::MainWindow::arrowsShown, &app, [](int count) {
            std::printf("first arrows: %d after %.3f s\n", count, secondsSinceProcessStart());
            std::fflush(stdout);
            QApplication::exit(0);
        });
    }
    if (parser.isSet(options.quitAfter))
        QTimer::singleShot(parser.value(options.quitAfter).toInt(), &app, &QApplication::quit);
    return app.exec();
}
