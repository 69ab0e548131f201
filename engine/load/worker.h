#pragma once

#include "core/result.h"
#include "http/responseparser.h"
#include "load/window.h"

#include <atomic>
#include <memory>
#include <sys/types.h>
#include <thread>
#include <vector>

namespace sb::load::detail {

// One worker thread of a load window: its own epoll loop, connections, read buffer, counters and
// histograms, all allocated before the first request. It hands each interval to the collector
// through its Ring and never blocks on it. Totals are read after join().
class Worker
{
public:
    // `connections` of the window's, paced at `ratePerS` in open loop (0 in closed loop).
    Worker(Window &window, int connections, double ratePerS);
    ~Worker(); // joins the thread and closes every socket
    // Creates the epoll set and the wake-up eventfd. Errors: "load.system".
    sb::Status prepare();
    // Starts the thread (connects, then loops until the window is over).
    void launch();
    // Wakes the loop so that it sees a cancellation. Any thread; async-signal-safe.
    void wake();
    void join();

    pid_t tid() const { return m_tid.load(); }
    Ring &ring() { return m_ring; }
    bool finished() const { return m_finished.load(std::memory_order_acquire); }

    // Totals, read after join.
    Counters warmupTotals;
    Counters totals;
    Histogram latency;
    Histogram latencyUncorrected;
    int64_t finishNs = 0;
    int64_t cpuNs = 0;

private:
    enum class State : uint8_t
    {
        Disconnected,
        Connecting,
        Writing,
        Reading,
        Idle
    };

    struct Conn
    {
        int fd = -1;
        State state = State::Disconnected;
        bool measured = false; // the outstanding request belongs to the measured phase
        bool connectedOnce = false;
        uint32_t written = 0;   // request bytes written so far
        int64_t sentNs = 0;     // first byte of the request written
        int64_t intendedNs = 0; // open loop: the scheduled send time
        int64_t deadlineNs = 0; // timeout of the outstanding connect or request
        int64_t retryAtNs = 0;  // Disconnected: reconnect at this time
        Conn *prev = nullptr;   // deadline list (ordered by deadline)
        Conn *next = nullptr;
        bool listed = false;
        http::ResponseParser parser;
    };

    // ---- the deadline list: connections with an outstanding connect or request, oldest first.
    // All share one timeout, so appending keeps it sorted.
    void listAppend(Conn &c, int64_t now);
    void listRemove(Conn &c);
    void closeFd(Conn &c);

    // ---- phases
    bool measuring(int64_t now);

    // May this worker send a new request now? `measured` = it would belong to the measured
    // phase. With `claimTicket`, takes one of the request-limit's tickets. When the answer is no,
    // sending stops for good (stopSending()); the loop asks without a ticket to notice that.
    bool maySend(int64_t now, bool &measured, bool claimTicket);

    // ---- interval bookkeeping
    Key currentKey(int64_t now, int64_t &phaseStart) const;
    void tickInterval(int64_t now, bool final);
    void pushSlot(int64_t now, bool final);

    Counters &phaseCounters(bool measured) { return measured ? totals : warmupTotals; }

    // Counters that belong to the current interval and to the request's phase.
    template<typename F> void count(bool measured, F &&f);

    // ---- connections
    void connect(Conn &c, int64_t now);
    void failConnect(Conn &c, int64_t now);

    // Drops the connection after an error, a timeout or a close, and opens a new one unless
    // sending has stopped. The outstanding request (if any) is lost.
    void drop(Conn &c, int64_t now);
    void connected(Conn &c, int64_t now);

    // The connection has nothing outstanding: send the next request (closed loop) or wait for
    // the schedule (open loop).
    void becomeIdle(Conn &c, int64_t now);
    void send(Conn &c, int64_t now, int64_t intendedNs, bool measured);
    void writeSome(Conn &c, int64_t now);
    // The socket is readable; `peerClosed` = the event carried EPOLLRDHUP.
    void readable(Conn &c, int64_t now, bool peerClosed);
    // One read; true when the socket may hold more bytes (the read filled the buffer).
    bool readOnce(Conn &c, int64_t now, bool peerClosed);
    void complete(Conn &c, int64_t now, bool keepOpen);
    void timeout(Conn &c, int64_t now);

    // Reconnects connections whose connect failed once their pause is over; returns the
    // earliest pending retry. Scans only while some connect has failed.
    int64_t retryDisconnected(int64_t now);

    // Open loop: sends every request whose intended time has come, while idle connections last.
    // Returns the next intended time.
    int64_t sendScheduled(int64_t now);
    void run();
    // Sends nothing more; closes connections that have nothing in flight.
    void stopSending();

    Window &m_window;
    std::vector<Conn> m_conns;
    std::unique_ptr<char[]> m_readBuffer;
    std::vector<Conn *> m_idle; // open loop: connected connections with nothing outstanding
    double m_ratePerS;
    double m_gapNs = 0;
    int64_t m_scheduleStartNs = 0;
    int64_t m_sent = 0;
    int m_epoll = -1;
    int m_wakeFd = -1;
    std::thread m_thread;
    std::atomic<pid_t> m_tid{0};
    std::atomic<bool> m_finished{false};

    bool m_open = false;
    bool m_stopSending = false;
    int64_t m_timeoutNs = 0;
    int64_t m_durationNs = 0;
    int64_t m_warmupMsNs = 0;
    int64_t m_measureStartNs = 0;
    int64_t m_cpuStartNs = -1;
    int64_t m_lastCompletionNs = 0;
    int m_inFlight = 0;
    int m_waitingRetry = 0;
    Conn *m_head = nullptr;
    Conn *m_tail = nullptr;

    Key m_key{0, 0};
    Counters m_interval;
    Histogram m_intervalLatency;
    Ring m_ring;
};

} // namespace sb::load::detail
