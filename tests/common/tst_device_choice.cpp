// SPDX-License-Identifier: GPL-3.0-or-later
// The one rule that turns a device choice (--device, the GUI's settings, run.json) into the device the models use.
#include "core/common/device_choice.h"

#include <QTest>

#include <thread>

using kibitz::DeviceChoice;

Q_DECLARE_METATYPE(DeviceChoice)

class TestDeviceChoice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void names() {
        for (DeviceChoice c : {DeviceChoice::Auto, DeviceChoice::Cpu, DeviceChoice::Cuda})
            QCOMPARE(kibitz::parseDeviceChoice(kibitz::deviceChoiceName(c)), std::optional<DeviceChoice>(c));
        QCOMPARE(kibitz::deviceChoiceName(DeviceChoice::Cuda), "cuda");
        for (const char* bad : {"", "gpu", "CUDA", "cuda:0", " cpu", "auto "})
            QVERIFY2(!kibitz::parseDeviceChoice(bad).has_value(), bad);
    }

    void resolve_data() {
        QTest::addColumn<DeviceChoice>("choice");
        QTest::addColumn<bool>("cuda");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<DeviceChoice>("device");
        QTest::newRow("auto, no GPU") << DeviceChoice::Auto << false << true << DeviceChoice::Cpu;
        QTest::newRow("auto, GPU") << DeviceChoice::Auto << true << true << DeviceChoice::Cuda;
        QTest::newRow("cpu, GPU") << DeviceChoice::Cpu << true << true << DeviceChoice::Cpu;
        QTest::newRow("cpu, no GPU") << DeviceChoice::Cpu << false << true << DeviceChoice::Cpu;
        QTest::newRow("cuda, GPU") << DeviceChoice::Cuda << true << true << DeviceChoice::Cuda;
        QTest::newRow("cuda, no GPU") << DeviceChoice::Cuda << false << false << DeviceChoice::Cpu;
    }
    void resolve() {
        QFETCH(DeviceChoice, choice);
        QFETCH(bool, cuda);
        QFETCH(bool, ok);
        QFETCH(DeviceChoice, device);
        const auto r = kibitz::resolveDeviceChoice(choice, cuda);
        QCOMPARE(r.ok(), ok);
        if (ok) {
            QCOMPARE(r.value(), device);
        } else {
            QCOMPARE(r.error().code, kibitz::ErrorCode::InvalidInput);
            QVERIFY(r.error().message.find("CUDA") != std::string::npos);
            QVERIFY(r.error().message.find("auto or cpu") != std::string::npos);  // says what to do instead
        }
    }

    void preferenceIsProcessWide() {
        QCOMPARE(kibitz::preferredDevice(), DeviceChoice::Auto);  // the default before anything sets it
        kibitz::setPreferredDevice(DeviceChoice::Cpu);
        DeviceChoice seen = DeviceChoice::Auto;
        std::thread([&seen] { seen = kibitz::preferredDevice(); }).join();
        QCOMPARE(seen, DeviceChoice::Cpu);
        kibitz::setPreferredDevice(DeviceChoice::Auto);
    }
};

QTEST_GUILESS_MAIN(TestDeviceChoice)
#include "tst_device_choice.moc"
