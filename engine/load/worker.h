#pragma once

#include "core/result.h"
#include "http/responseparser.h"
#include "load/window.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <sys/epoll.h>
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
    // Allocates its connection table, buffer and histograms (may throw std::bad_alloc).
    Worker(Window &window, int connections, double ratePerS);
    ~Worker(); // joins the thread and closes every socket and its event loop
    // Creates the epoll set and registers the window's wake-up eventfd. Errors: "load.system".
    sb::Status prepare();
    // Starts the thread (pins itself, connects, then loops until the window is over). May throw
    // std::system_error when no thread can be created.
    void launch();
    void join();

    pid_t tid() const { return m_tid.load(); }
    // Blocks (without spinning: the wait is inside the measured CPU span) until the thread has
    // published its id. Only after launch().
    void waitForTid() const { m_tid.wait(0); }
    Ring &ring() { return m_ring; }
    bool finished() const { return m_finished.load(std::memory_order_acquire); }

    // Heap bytes a worker holds besides its connections, and per connection (with the kernel's
    // socket), for LoadEngine::start()'s estimate.
    static int64_t fixedHeapBytes(int64_t histogramBytes);
    static int64_t heapBytesPerConnection();

    // Totals, read after join.
    Counters warmupTotals;
    Counters totals;
    Histogram latency;
    Histogram latencyUncorrected;
    Histogram sendDelay = makeSendDelayHistogram();
    int64_t finishNs = 0;
    int64_t cpuNs = 0;
    int64_t stopNs = 0;           // when sending stopped (the nominal end of a duration), 0 = never
    int inFlightAtStop = 0;       // requests outstanding then
    std::vector<int> cpusApplied; // CPUs the thread may run on, read back after pinning

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
        uint8_t connectFailures = 0; // consecutive failed connects: the retry pause doubles
        uint32_t written = 0;        // request bytes written so far
        int64_t sentNs = 0;          // first byte of the request written
        // When the last bytes read of the response arrived: the read's time, in open loop the
        // kernel's receive time.
        int64_t receivedNs = 0;
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
    static bool established(const Conn &c)
    {
        return c.state == State::Writing || c.state == State::Reading || c.state == State::Idle;
    }

    // ---- phases
    bool measuring(int64_t now);

    // May this worker send a new request now? `measured` = it would belong to the measured
    // phase. With `claimTicket`, takes one of the request-limit's tickets. When the answer is no,
    // sending stops for good (stopSending()); the loop asks without a ticket to notice that.
    bool maySend(int64_t now, bool &measured, bool claimTicket);

    // ---- interval bookkeeping: the counts not handed over yet cover the intervals
    // [m_firstIndex, m_key.second] of m_key's phase.
    Key currentKey(int64_t now, int64_t &phaseStart) const;
    // Hands over the intervals that are over, if the ring has room; otherwise the next slot
    // covers them too (within one phase: a warm-up tail waits in m_carry).
    void tickInterval(int64_t now);
    // At the end: hands over everything, waiting for room.
    void flushFinal(int64_t now);
    bool flushCarry(bool wait);
    // One slot [first, last] ending at endNs; false when the ring is full and !wait.
    bool pushSlot(bool warmup, int first, int last, int64_t endNs, Counters &counts,
                  Histogram &latency, int64_t &sendDelayMaxNs, bool wait);

    Counters &phaseCounters(bool measured) { return measured ? totals : warmupTotals; }

    // Counters that belong to the current interval and to the request's phase.
    template<typename F> void count(bool measured, F &&f);

    // ---- connections
    void connect(Conn &c, int64_t now);
    void failConnect(Conn &c, int64_t now);
    // A measured connect that failed or timed out uses up one attempt of a request limit, so
    // that a window with -n ends even when the target is gone.
    void failedAttempt(int64_t now);
    // Gives up on the target (Window::abort) when no connection could be opened for
    // LoadSpec::unreachableAbortMs while none is open.
    void checkReachable(int64_t now);
    void closedEstablished(int64_t now);

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
    // Open loop: a request of `measured`'s phase was written `delayNs` after its intended time.
    void recordSendDelay(bool measured, int64_t delayNs);
    // The thread: begin(), then the loop (housekeep(), wait, handleEvent() per event) until
    // the window is over, then finish().
    void run();
    void begin();
    // Phases, timeouts, retries, the open-loop schedule and intervals; returns when to wake.
    int64_t housekeep(int64_t now);
    void handleEvent(Conn &c, uint32_t events, int64_t now);
    // Waits for socket events until `nextWakeNs` (absolute); returns epoll_pwait2's result.
    int waitForEvents(epoll_event *events, int64_t nextWakeNs);
    void finish(int64_t now);
    // Sends nothing more from `atNs` on; closes connections that have nothing in flight.
    void stopSending(int64_t atNs);

    Window &m_window;
    std::vector<Conn> m_conns;
    std::unique_ptr<char[]> m_readBuffer;
    std::vector<Conn *> m_idle; // open loop: connected connections with nothing outstanding
    double m_ratePerS;
    double m_gapNs = 0;
    int64_t m_scheduleStartNs = 0;
    int64_t m_sent = 0;
    int64_t m_nextSendNs = INT64_MAX; // open loop: the next intended send time, or INT64_MAX
    int64_t m_realtimeOffsetNs = 0;   // open loop: CLOCK_REALTIME - CLOCK_MONOTONIC, per batch
    int m_epoll = -1;
    int m_quiet = -1; // an epoll set of the wake-up eventfd alone (waitForEvents())
    std::thread m_thread;
    std::atomic<pid_t> m_tid{0};
    std::atomic<bool> m_finished{false};

    bool m_open = false;
    bool m_deferReads = false; // open loop with small requests: waitForEvents() may defer reads
    bool m_stopSending = false;
    int64_t m_timeoutNs = 0;
    int64_t m_durationNs = 0;
    int64_t m_warmupMsNs = 0;
    int64_t m_measureStartNs = 0;
    int64_t m_cpuStartNs = -1;
    int64_t m_lastCompletionNs = 0;
    int m_inFlight = 0;
    int m_waitingRetry = 0;
    int m_established = 0;         // connections connected and open
    int64_t m_noneOpenSinceNs = 0; // when m_established last fell to 0
    int64_t m_failingSinceNs = 0;  // first failed connect since the last successful one, or 0
    int64_t m_abortNs = 0;
    Conn *m_head = nullptr;
    Conn *m_tail = nullptr;

    Key m_key{0, 0};
    int m_firstIndex = 0;
    Counters m_interval;
    Histogram m_intervalLatency;
    int64_t m_intervalSendDelayMaxNs = 0;
    // The warm-up's last intervals when the ring was full as measuring began.
    struct Carry
    {
        bool valid = false;
        int first = 0;
        int last = 0;
        int64_t endNs = 0;
        Counters counts;
        Histogram latency;
        int64_t sendDelayMaxNs = 0;
    } m_carry;
    Ring m_ring;
};

} // namespace sb::load::detail
