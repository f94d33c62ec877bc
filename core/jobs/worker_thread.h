// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one way Kibitz runs a worker thread (docs/ARCHITECTURE.md): a thread object its owner holds by value (or by
// unique_ptr when the thread lives only as long as a job). The thread starts when the object is made; workers are
// made for it with make<W>() (moved onto the thread, deleted there when it ends); post() runs a function on it
// after everything posted before; stop(), also called by the destructor, ends its event loop after the running
// call and waits for it. So an owner's destructor is: cancel the running job's token, then let the thread go;
// nothing outlives the owner, and nothing is joined twice.
//
// Header-only on purpose: it needs only QtCore, so panels, the main window and core/jobs share it without a
// library of its own.

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThread>

#include <functional>
#include <utility>

namespace kibitz::jobs {

class WorkerThread {
public:
    /// Starts a thread named `name` (shown by debuggers and in TSan reports).
    explicit WorkerThread(const QString& name) : m_thread(new QThread) {
        m_thread->setObjectName(name);
        m_context = make<QObject>();
        m_thread->start();
    }
    ~WorkerThread() {
        stop();
        delete m_thread;
    }
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;

    /// A new W, constructed here from `args`, then moved onto the thread; it is deleted on the thread when the
    /// thread ends. Connect its signals before posting work to it. Call from the owner's thread.
    template <class W, class... Args>
    W* make(Args&&... args) {
        auto* worker = new W(std::forward<Args>(args)...);
        worker->moveToThread(m_thread);
        QObject::connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
        return worker;
    }

    /// Runs `work` on the thread after what was posted before it (one at a time, in order). Ignored once stopped.
    /// Call from the owner's thread.
    void post(std::function<void()> work) {
        if (m_context) QMetaObject::invokeMethod(m_context, std::move(work), Qt::QueuedConnection);
    }

    /// Ends the event loop after the running call and waits for the thread; the calls still queued are dropped.
    /// Cancel the running call's token first: the wait lasts as long as that call does. Safe to call twice.
    void stop() {
        m_context = nullptr;  // deleted on the thread as it ends
        if (!m_thread->isRunning()) return;
        m_thread->quit();
        m_thread->wait();
    }

    bool isRunning() const { return m_thread->isRunning(); }
    QThread* thread() const { return m_thread; }

private:
    QThread* m_thread;
    QObject* m_context = nullptr;  ///< post()'s target, on the thread
};

}  // namespace kibitz::jobs
