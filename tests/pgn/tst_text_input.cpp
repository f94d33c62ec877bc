// SPDX-License-Identifier: GPL-3.0-or-later
// TextInput: the same lines from memory, a plain file and zstd files (one frame, several frames, tiny frames);
// CRLF, BOM, long lines spanning the 1 MiB refill, progress counters and errors that name the file.
#include "core/common/text_input.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zstd.h>

#include <string>
#include <vector>

using kibitz::TextInput;

namespace {

// zstd-compresses `data`, cutting it into frames of `frameSize` bytes (0: one frame).
QByteArray zstdCompress(const QByteArray& data, qsizetype frameSize = 0) {
    QByteArray out;
    if (frameSize <= 0) frameSize = std::max<qsizetype>(data.size(), 1);
    for (qsizetype off = 0; off < data.size() || (off == 0 && data.isEmpty()); off += frameSize) {
        const qsizetype n = std::min(frameSize, data.size() - off);
        QByteArray frame(qsizetype(ZSTD_compressBound(size_t(n))), Qt::Uninitialized);
        const size_t got = ZSTD_compress(frame.data(), size_t(frame.size()), data.constData() + off, size_t(n), 3);
        if (ZSTD_isError(got)) qFatal("ZSTD_compress failed");
        out.append(frame.constData(), qsizetype(got));
        if (data.isEmpty()) break;
    }
    return out;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) qFatal("cannot write test file");
    return path;
}

std::vector<std::string> readAll(TextInput& in) {
    std::vector<std::string> lines;
    std::string_view line;
    while (in.readLine(line)) lines.emplace_back(line);
    return lines;
}

QStringList toQt(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out;
}

}  // namespace

class TestTextInput : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameLinesEverywhere_data();
    void sameLinesEverywhere();
    void longLinesSpanRefills();
    void realSampleSameLinesPlainAndZstd();
    void progressReachesTotal();
    void rewindRestarts();
    void errors_data();
    void errors();
};

void TestTextInput::sameLinesEverywhere_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("lines");
    QTest::newRow("lf") << QByteArray("a\nbb\nccc\n") << QStringList{"a", "bb", "ccc"};
    QTest::newRow("no final newline") << QByteArray("a\nbb") << QStringList{"a", "bb"};
    QTest::newRow("crlf") << QByteArray("[Event \"x\"]\r\n\r\n1. e4 *\r\n")
                          << QStringList{"[Event \"x\"]", "", "1. e4 *"};
    QTest::newRow("crlf no final newline") << QByteArray("a\r\nb\r") << QStringList{"a", "b"};
    QTest::newRow("lone cr inside kept") << QByteArray("a\rb\n") << QStringList{"a\rb"};
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF[Event \"x\"]\n") << QStringList{"[Event \"x\"]"};
    QTest::newRow("bom only at start") << QByteArray("\xEF\xBB\xBFx\n\xEF\xBB\xBFy\n")
                                       << QStringList{"x", QString::fromUtf8("\xEF\xBB\xBFy")};
    QTest::newRow("bom crlf") << QByteArray(
                                     "\xEF\xBB\xBF"
                                     "a\r\nb\r\n")
                              << QStringList{"a", "b"};
    QTest::newRow("blank lines kept") << QByteArray("\n\na\n\n") << QStringList{"", "", "a", ""};
    QTest::newRow("empty") << QByteArray() << QStringList{};
    QTest::newRow("three bytes") << QByteArray("ab\n") << QStringList{"ab"};
    QTest::newRow("utf8") << QByteArray("Caf\xC3\xA9 \xE2\x99\x9E\n")
                          << QStringList{QString::fromUtf8("Caf\xC3\xA9 \xE2\x99\x9E")};
}

void TestTextInput::sameLinesEverywhere() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, lines);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    auto mem = TextInput::fromString(bytes.toStdString(), "mem");
    QCOMPARE(toQt(readAll(*mem)), lines);
    QCOMPARE(mem->lineNumber(), qsizetype(lines.size()));

    struct Variant {
        const char* name;
        QByteArray content;
    };
    const Variant variants[] = {
        {"plain.pgn", bytes},
        {"one.pgn.zst", zstdCompress(bytes)},
        {"frames.pgn.zst", zstdCompress(bytes, 3)},
        {"no-suffix.bin", zstdCompress(bytes, 2)},  // detected by magic number
    };
    for (const Variant& v : variants) {
        const QString path = writeFile(dir, QString::fromLatin1(v.name), v.content);
        auto in = TextInput::open(path.toStdString());
        QVERIFY2(in.ok(), v.name);
        QCOMPARE(toQt(readAll(**in)), lines);
        QVERIFY2((*in)->error().empty(), (*in)->error().c_str());
    }
}

void TestTextInput::longLinesSpanRefills() {
    // Lines longer than the 1 MiB buffer and lines straddling a refill boundary must come back whole.
    std::vector<std::string> expected;
    std::string data;
    for (int i = 0; i < 7; ++i) {
        std::string line(std::size_t(300000 + i * 450001), char('a' + i));
        line += std::to_string(i);
        expected.push_back(line);
        data += line + (i % 2 ? "\r\n" : "\n");
    }
    for (int i = 0; i < 20000; ++i) {
        expected.push_back("short line " + std::to_string(i));
        data += expected.back() + "\n";
    }
    QTemporaryDir dir;
    const QByteArray bytes = QByteArray::fromStdString(data);
    for (const auto& [name, content] :
         {std::pair{QStringLiteral("long.txt"), bytes}, std::pair{QStringLiteral("long.txt.zst"), zstdCompress(bytes)},
          std::pair{QStringLiteral("long2.txt.zst"), zstdCompress(bytes, 777777)}}) {
        auto in = TextInput::open(writeFile(dir, name, content).toStdString());
        QVERIFY(in.ok());
        const auto got = readAll(**in);
        QCOMPARE(got.size(), expected.size());
        for (std::size_t i = 0; i < got.size(); ++i)
            if (got[i] != expected[i]) QFAIL(qPrintable(name + QStringLiteral(": line %1 differs").arg(i + 1)));
    }
    auto mem = TextInput::fromString(data);
    QCOMPARE(readAll(*mem), expected);
}

void TestTextInput::realSampleSameLinesPlainAndZstd() {
    const QString plain = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QFile f(plain);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QTemporaryDir dir;
    auto a = TextInput::open(plain.toStdString());
    auto b = TextInput::open(writeFile(dir, QStringLiteral("s.pgn.zst"), zstdCompress(bytes)).toStdString());
    QVERIFY(a.ok() && b.ok());
    const auto la = readAll(**a);
    const auto lb = readAll(**b);
    QVERIFY(la.size() > 1000);
    QCOMPARE(la, lb);
    QCOMPARE(qsizetype(la.size()), bytes.count('\n'));
}

void TestTextInput::progressReachesTotal() {
    QByteArray bytes;
    for (int i = 0; i < 200000; ++i) bytes += "line " + QByteArray::number(i) + '\n';
    QTemporaryDir dir;
    for (const auto& [name, content] :
         {std::pair{QStringLiteral("p.txt"), bytes}, std::pair{QStringLiteral("p.txt.zst"), zstdCompress(bytes)}}) {
        auto in = TextInput::open(writeFile(dir, name, content).toStdString());
        QVERIFY(in.ok());
        TextInput& t = **in;
        QCOMPARE(t.totalBytes(), qint64(content.size()));
        std::string_view line;
        std::int64_t last = 0;
        int n = 0;
        while (t.readLine(line)) {
            QVERIFY(t.bytesRead() >= last);
            QVERIFY(t.bytesRead() <= t.totalBytes());
            last = t.bytesRead();
            ++n;
        }
        QCOMPARE(n, 200000);
        QCOMPARE(t.bytesRead(), t.totalBytes());
    }
}

void TestTextInput::rewindRestarts() {
    QTemporaryDir dir;
    auto in = TextInput::open(writeFile(dir, QStringLiteral("r.zst"), zstdCompress("x\ny\n")).toStdString());
    QVERIFY(in.ok());
    QCOMPARE(readAll(**in), (std::vector<std::string>{"x", "y"}));
    QVERIFY((*in)->rewind());
    QCOMPARE((*in)->lineNumber(), 0);
    QCOMPARE(readAll(**in), (std::vector<std::string>{"x", "y"}));
}

void TestTextInput::errors_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("openFails");
    QTest::addColumn<QString>("messagePart");
    const QByteArray z = zstdCompress(QByteArray(5000, 'x') + "\nend\n");
    QTest::newRow("missing file") << QString() << QByteArray() << true << "cannot open";
    QTest::newRow("zst suffix, not zstd")
        << "fake.pgn.zst" << QByteArray("[Event \"x\"]\n") << true << "not a zstd file";
    QTest::newRow("truncated zstd") << "cut.pgn.zst" << z.left(z.size() - 6) << false << "truncated zstd";
    QByteArray corrupt = z;
    for (qsizetype i = 12; i < corrupt.size() - 4; ++i) corrupt[i] = char(corrupt[i] ^ 0x5A);
    QTest::newRow("corrupt zstd") << "bad.pgn.zst" << corrupt << false << "zstd";
}

void TestTextInput::errors() {
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(bool, openFails);
    QFETCH(QString, messagePart);
    QTemporaryDir dir;
    const QString path =
        fileName.isEmpty() ? dir.filePath(QStringLiteral("does-not-exist.pgn")) : writeFile(dir, fileName, content);
    auto in = TextInput::open(path.toStdString());
    std::string message;
    if (openFails) {
        QVERIFY(!in.ok());
        message = in.error().message;
    } else {
        QVERIFY(in.ok());
        readAll(**in);
        message = (*in)->error();
    }
    QVERIFY2(QString::fromStdString(message).contains(path), message.c_str());
    QVERIFY2(QString::fromStdString(message).contains(messagePart), message.c_str());
}

QTEST_APPLESS_MAIN(TestTextInput)
#include "tst_text_input.moc"
