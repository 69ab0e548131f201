#pragma once

#include "core/result.h"
#include "load/connection.h"
#include "load/deadlinelist.h"
#include "load/h2pool.h"
#include "load/intervalslots.h"
#include "load/poller.h"
#include "load/reachability.h"
#include "load/sendschedule.h"
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
// through its Ring (IntervalSlots) and never blocks on it. Totals are read after join(). The
// Worker is the event loop and the exchange on each connection, the hot path; the parts it holds
// do what happens once per interval (IntervalSlots), per failed connect (Reachability), per wait
// (Poller) and the open loop's timing (SendSchedule).
class Worker
{
public:
    // `connections` of the window's, paced at `ratePerS` in open loop (0 in closed loop).
    // Allocates its connection table, buffer and histograms (may throw std::bad_alloc).
    Worker(Window &window, int connections, double ratePerS);
    ~Worker(); // joins the thread and closes every socket and its event loop
    // Creates the epoll sets and registers the window's wake-up eventfd. Errors: "load.system".
    sb::Status prepare();
    // Starts the thread (pins itself, connects, then loops until the window is over). May throw
    // std::system_error when no thread can be created.
    void launch();
    void join();

    pid_t tid() const { return m_tid.load(); }
    // Blocks (without spinning: the wait is inside the measured CPU span) until the thread has
    // published its id. Only after launch().
    void waitForTid() const { m_tid.wait(0); }
    Ring &ring() { return m_slots.ring(); }
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
    Histogram connectTime;   // measured connects: TCP connect time, us
    Histogram handshakeTime; // measured TLS handshakes, us
    // The first TLS handshake this worker finished: what it agreed on (version null = none).
    tls::Agreement tlsAgreement;
    int64_t finishNs = 0;
    int64_t cpuNs = 0;
    int64_t stopNs = 0;           // when sending stopped (the nominal end of a duration), 0 = never
    int inFlightAtStop = 0;       // requests outstanding then
    std::vector<int> cpusApplied; // CPUs the thread may run on, read back after pinning

private:
    using Conn = Connection;
    using State = ConnectionState;

    // Closes the socket and frees its TLS session; `notify` sends a TLS close_notify first (an
    // orderly close of an established connection).
    void closeFd(Conn &c, bool notify = false);

    // ---- phases
    bool measuring(int64_t now);

    // May this worker send a new request now? `measured` = it would belong to the measured
    // phase. With `claimTicket`, takes one of the request-limit's tickets. When the answer is no,
    // sending stops for good (stopSending()); the loop asks without a ticket to notice that.
    bool maySend(int64_t now, bool &measured, bool claimTicket);

    // ---- intervals: moves m_slots on when the interval `now` falls in is a later one.
    void tickInterval(int64_t now);
    IntervalSlots::Progress progress() const;

    Counters &phaseCounters(bool measured) { return measured ? totals : warmupTotals; }

    // Counters that belong to the current interval and to the request's phase.
    template<typename F> void count(bool measured, F &&f)
    {
        f(phaseCounters(measured));
        if (m_slots.takes(measured))
            f(m_slots.counts());
    }

    // ---- connections
    void connect(Conn &c, int64_t now);
    void failConnect(Conn &c, int64_t now);
    // A connect (or TLS handshake) that failed: closes it and waits for the retry pause.
    void abandonConnect(Conn &c, int64_t now);
    // A measured connect that failed or timed out uses up one attempt of a request limit, so
    // that a window with -n ends even when the target is gone.
    void failedAttempt(int64_t now);
    // Gives up on the target (Window::abort) when no connection could be opened for
    // LoadSpec::unreachableAbortMs while none is open.
    void checkReachable(int64_t now);

    // Drops the connection after an error, a timeout or a close, and opens a new one unless
    // sending has stopped. The outstanding request (if any) is lost.
    void drop(Conn &c, int64_t now);
    // The TCP connect completed: over TLS the handshake begins, else the connection opened.
    void connected(Conn &c, int64_t now);
    // The connection is ready for requests (TCP connected, and over TLS the handshake done).
    void opened(Conn &c, int64_t now);
    // ---- TLS
    void startHandshake(Conn &c, int64_t now);
    void continueHandshake(Conn &c, int64_t now);
    void failHandshake(Conn &c, int64_t now, TlsFailure failure);
    void countTlsFailure(bool measured, TlsFailure failure);
    // One read or write on the connection's transport (the socket, or TLS over it): bytes, 0 at
    // the end (read), or -1 with errno (EAGAIN when it would block) or with `failure` set.
    ssize_t transportRead(Conn &c, int64_t &stampNs, TlsFailure &failure);
    ssize_t transportWrite(Conn &c, const char *data, size_t len, TlsFailure &failure);

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

    // ---- HTTP/2 (workerh2.cpp): one nghttp2 session per connection, its streams in slots.
    // The connection opened: a new session, its SETTINGS and (closed loop) its first streams.
    void h2Open(Conn &c, int64_t now);
    // Closed loop: opens streams while the connection has free slots and sending goes on.
    void h2Fill(Conn &c, int64_t now);
    // Opens one stream (a free slot must exist); false when nghttp2 refused it.
    bool h2Submit(Conn &c, int64_t now, int64_t intendedNs, bool measured);
    // Writes what the session has to send; may drop the connection.
    void h2Flush(Conn &c, int64_t now);
    void h2Readable(Conn &c, int64_t now, bool peerClosed);
    // After reading or submitting: fill (closed loop), flush, close a drained connection.
    void h2AfterEvents(Conn &c, int64_t now);
    void h2Complete(Conn &c, H2Stream &s);                   // the response ended
    void h2Closed(Conn &c, H2Stream &s, uint32_t errorCode); // the stream closed
    void h2Unsent(Conn &c, int32_t streamId);                // its HEADERS could not be sent
    void h2Timeout(H2Stream &s, int64_t now);
    void h2Release(Conn &c, H2Stream &s);
    void h2LoseStreams(Conn &c);  // the connection is dropped with streams open
    void h2CloseSession(Conn &c); // frees the session, every slot free again
    void h2UpdateIdle(Conn &c);   // open loop: on m_idle while it has a free slot
    void h2CheckStall(Conn &c);   // counts flow-control stalls of the request body
    void h2GiveBackTicket(bool measured);
    void h2NotSpoken(Conn &c, int64_t now); // h2c: the server answered with no HTTP/2
    static int h2OnHeader(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name,
                          size_t namelen, const uint8_t *value, size_t valuelen, uint8_t flags,
                          void *user);
    static int h2OnFrameRecv(nghttp2_session *session, const nghttp2_frame *frame, void *user);
    static int h2OnFrameNotSend(nghttp2_session *session, const nghttp2_frame *frame, int error,
                                void *user);
    static int h2OnStreamClose(nghttp2_session *session, int32_t streamId, uint32_t errorCode,
                               void *user);
    static ssize_t h2ReadBody(nghttp2_session *session, int32_t streamId, uint8_t *buf,
                              size_t length, uint32_t *flags, nghttp2_data_source *source,
                              void *user);

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
    void finish(int64_t now);
    // Sends nothing more from `atNs` on; closes connections that have nothing in flight.
    void stopSending(int64_t atNs);

    Window &m_window;
    std::vector<Conn> m_conns;
    std::unique_ptr<char[]> m_readBuffer;
    std::vector<Conn *> m_idle; // open loop: connected connections with nothing outstanding
    double m_ratePerS;
    SendSchedule m_schedule;          // open loop
    int64_t m_nextSendNs = INT64_MAX; // open loop: the next intended send time, or INT64_MAX
    int64_t m_realtimeOffsetNs = 0;   // open loop: CLOCK_REALTIME - CLOCK_MONOTONIC, per batch
    Poller m_poller;
    TlsSessionSlot m_tlsSession; // TLS: the last session of this worker's target, for resumption
    std::thread m_thread;
    std::atomic<pid_t> m_tid{0};
    std::atomic<bool> m_finished{false};

    bool m_open = false;
    bool m_deferReads = false; // open loop with small requests: the poller may defer reads
    bool m_stopSending = false;
    int64_t m_durationNs = 0;
    int64_t m_warmupMsNs = 0;
    int64_t m_measureStartNs = 0;
    int64_t m_cpuStartNs = -1;
    int64_t m_lastCompletionNs = 0;
    int m_inFlight = 0;
    int m_waitingRetry = 0;
    Reachability m_reach;
    DeadlineList m_deadlines;
    // HTTP/2: per connection its state, per connection `streams` slots; the streams' deadlines.
    std::vector<H2Conn> m_h2Conns;
    std::vector<H2Stream> m_h2Streams;
    DeadlineListOf<H2Stream> m_streamDeadlines;
    nghttp2_session_callbacks *m_h2Callbacks = nullptr;
    nghttp2_option *m_h2Option = nullptr;
    H2Pool m_h2Pool{h2Allocator()}; // the sessions' memory: nothing from malloc once warm
    int64_t m_h2Now = 0;            // the time of the event whose bytes nghttp2 is reading
    IntervalSlots m_slots;
};

} // namespace sb::load::detail
