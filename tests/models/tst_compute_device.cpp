// SPDX-License-Identifier: GPL-3.0-or-later
// Device selection of the models: --device auto|cpu|cuda goes through models::useDevice, the models
// through chooseDevice/deviceFor. The CPU cases run everywhere; the CUDA cases only where LibTorch sees a GPU.
#include "core/chess/position.h"
#include "core/models/human_move_model.h"
#include "core/models/torch_evaluator.h"

#include <QTest>

#include <stdexcept>

using kibitz::DeviceChoice;
namespace models = kibitz::models;

class TestComputeDevice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { kibitz::setPreferredDevice(DeviceChoice::Auto); }

    void cpuAlwaysWorks() {
        const auto r = models::useDevice(DeviceChoice::Cpu);
        QVERIFY(r.ok());
        QCOMPARE(r.value(), DeviceChoice::Cpu);
        QCOMPARE(kibitz::preferredDevice(), DeviceChoice::Cpu);
        QVERIFY(models::chooseDevice().is_cpu());
        QCOMPARE(models::currentDeviceName(), std::string("cpu"));
    }

    void autoFollowsTheMachine() {
        QVERIFY(models::useDevice(DeviceChoice::Auto).ok());
        QCOMPARE(models::chooseDevice().is_cuda(), models::cudaAvailable());
        QCOMPARE(models::cudaAvailable(), torch::cuda::is_available());
    }

    void cudaWithoutCudaIsRefused() {
        if (models::cudaAvailable()) QSKIP("this machine has CUDA");
        QVERIFY(models::useDevice(DeviceChoice::Cpu).ok());
        const auto r = models::useDevice(DeviceChoice::Cuda);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, kibitz::ErrorCode::InvalidInput);
        QCOMPARE(kibitz::preferredDevice(), DeviceChoice::Cpu);  // a refused choice changes nothing
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, models::deviceFor(DeviceChoice::Cuda));
        // A choice set behind useDevice's back (a stale setting) fails where a model is placed, with the message.
        kibitz::setPreferredDevice(DeviceChoice::Cuda);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, models::chooseDevice());
    }

    void cudaMatchesCpu() {
        if (!models::cudaAvailable()) QSKIP("no CUDA device: the CUDA path is compiled but not run here");
        auto config = models::modelConfigByName("tiny-v2");
        QVERIFY(config.ok());
        const auto pos = kibitz::chess::Position::fromFen(std::string(kibitz::chess::Position::kStartFen));
        QVERIFY(pos.ok());
        kibitz::encoding::Conditioning cond;
        std::vector<kibitz::encoding::MoveProb> byDevice[2];
        int i = 0;
        for (DeviceChoice d : {DeviceChoice::Cpu, DeviceChoice::Cuda}) {
            QVERIFY(models::useDevice(d).ok());
            auto ev = models::TorchEvaluator::fromConfig(config.value(), 7);
            auto dist = ev->moveDistribution(pos.value(), cond);
            QVERIFY(dist.ok());
            byDevice[i++] = dist.value();
        }
        QCOMPARE(byDevice[0].size(), byDevice[1].size());
        for (std::size_t k = 0; k < byDevice[0].size(); ++k) {
            QCOMPARE(byDevice[0][k].move, byDevice[1][k].move);
            QVERIFY(std::abs(byDevice[0][k].prob - byDevice[1][k].prob) < 1e-4);
        }
    }
};

QTEST_GUILESS_MAIN(TestComputeDevice)
#include "tst_compute_device.moc"
