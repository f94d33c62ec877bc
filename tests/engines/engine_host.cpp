// SPDX-License-Identifier: GPL-3.0-or-later
// Test helper: runs a UciEngine on the program given as arguments, prints "child PID" once the engine is ready,
// then idles. tst_fake_engine SIGKILLs this host to check that the engine child does not survive it.
#include "core/engines/uci_engine.h"

#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        std::fprintf(stderr, "usage: engine_host PROGRAM [ARGS...]\n");
        return 2;
    }
    kibitz::engines::UciEngine engine;
    engine.setProgram(args.takeFirst(), args);
    QObject::connect(&engine, &kibitz::engines::UciEngine::stateChanged, &app,
                     [&engine](kibitz::engines::UciEngine::State s) {
                         if (s != kibitz::engines::UciEngine::State::Ready) return;
                         std::printf("child %lld\n", static_cast<long long>(engine.processId()));
                         std::fflush(stdout);
                     });
    engine.start();
    return app.exec();
}
