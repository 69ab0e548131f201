// wakefloor RATE SECONDS: what one timed wake-up costs on this machine, the floor under the load
// engine's open loop (engine-vs-wrk.sh --open prints it beside each rate). One thread sleeps until
// each intended time of a RATE-per-second schedule, exactly as the engine's worker does (timer
// slack 1 ns, epoll_pwait2 with a nanosecond timeout on an empty epoll set, short scheduler
// slices), and does nothing else: no socket, no parsing. Prints the thread's CPU per wake-up (us)
// and how late it woke (p50 and p99, us):
//   wakefloor 2000 5: cpu_us_per_wake 19.2 late_p50_us 26.1 late_p99_us 95.2
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int64_t clockNs(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int compare(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc != 3 || atof(argv[1]) <= 0 || atof(argv[2]) <= 0) {
        fprintf(stderr, "usage: wakefloor RATE SECONDS\n");
        return 2;
    }
    const double gapNs = 1e9 / atof(argv[1]);
    const long wakes = (long)(atof(argv[1]) * atof(argv[2]));
    int64_t *late = malloc(sizeof *late * (size_t)(wakes > 0 ? wakes : 1));
    const int epfd = epoll_create1(EPOLL_CLOEXEC);
    if (!late || epfd < 0 || wakes < 1)
        return 1;
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    struct
    {
        uint32_t size, policy;
        uint64_t flags;
        int32_t nice;
        uint32_t priority;
        uint64_t runtime, deadline, period;
    } attr = {sizeof attr, 0, 0, 0, 0, 100000, 0, 0}; // SCHED_OTHER, 100 us slices (as the engine)
    syscall(SYS_sched_setattr, 0, &attr, 0);
    const int64_t cpu0 = clockNs(CLOCK_THREAD_CPUTIME_ID);
    const int64_t start = clockNs(CLOCK_MONOTONIC);
    for (long i = 0; i < wakes; ++i) {
        const int64_t due = start + (int64_t)((double)(i + 1) * gapNs);
        const int64_t wait = due - clockNs(CLOCK_MONOTONIC);
        if (wait > 0) {
            struct timespec ts = {wait / 1000000000, wait % 1000000000};
            struct epoll_event ev;
            syscall(SYS_epoll_pwait2, epfd, &ev, 1, &ts, NULL, 0);
        }
        late[i] = clockNs(CLOCK_MONOTONIC) - due;
    }
    const double cpuUs = (double)(clockNs(CLOCK_THREAD_CPUTIME_ID) - cpu0) / 1e3 / (double)wakes;
    qsort(late, (size_t)wakes, sizeof *late, compare);
    printf("cpu_us_per_wake %.1f late_p50_us %.1f late_p99_us %.1f\n", cpuUs,
           (double)late[wakes / 2] / 1e3, (double)late[wakes * 99 / 100] / 1e3);
    return 0;
}
