#!/usr/bin/python3
# synthstore.py WORK RUNS WINDOWS_PER_RUN [--jitter]
# Writes WORK/run0.json .. run{RUNS-1}.json: exports of synthetic runs for the speed benchmarks
# (report-speed.sh, history-speed.sh, compare-speed.sh), imported with `stackbench import`. Each
# window has 30 intervals, 30 samples and a latency histogram in Stackbench's sparse HDR
# encoding; run n draws from random.Random(n), so the stores are the same every time.
# --jitter varies each interval's 2xx/s by +-3 % (Compare's timelines then differ per run).
import base64, json, random, sys, zlib
args = [a for a in sys.argv[1:] if a != "--jitter"]
jitter = "--jitter" in sys.argv[1:]
work, runs, windows = args[0], int(args[1]), int(args[2])

def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)

def histogram(rng, count):
    # Stackbench's sparse HDR encoding: 1 us .. 1 h, 3 digits; values below 2048 us index
    # themselves.
    buckets = sorted(rng.sample(range(300, 2000), 40))
    counts = [count // 40] * 40
    body = b"SBHG" + bytes([1]) + varint(1) + varint(3600000000) + varint(3) + \
        varint(sum(counts)) + varint(0)
    prev = -1
    for b, c in zip(buckets, counts):
        body += varint(b - prev) + varint(c)
        prev = b
    crc = zlib.crc32(body) & 0xFFFFFFFF
    return base64.b64encode(body + crc.to_bytes(4, "little")).decode()

configs, routes, conc = ["native", "python"], ["health", "echo", "me", "users", "cpu"], [10, 50, 100, 500]
plan = {"name": "speed", "configurations": [{"name": c} for c in configs],
        "routes": [{"name": r} for r in routes]}
for n in range(runs):
    rng = random.Random(n)
    run_id = "20261201-%06d-%04x" % (n, n)
    out = []
    w = 0
    rnd = 0
    while w < windows:
        for c in configs:
            for r in routes:
                for k in conc:
                    if w >= windows:
                        break
                    ok = int((20000 if c == "native" else 2000) * rng.uniform(0.95, 1.05)) * 30
                    out.append({
                        "id": w, "round": rnd, "configuration": c, "route": r, "concurrency": k,
                        "attempt": 0, "valid": True, "invalid_reason": "", "flags": [],
                        "started_at": "2026-12-01T10:00:00.000Z", "elapsed_s": 30.0,
                        "drain_s": 0.001, "in_flight_at_end": k, "requests": ok, "ok": ok,
                        "status_counts": {"200": ok}, "errors": {"connect": 0, "read": 0, "write": 0, "timeout": 0, "parse": 0},
                        "bytes_in": ok * 100, "bytes_out": ok * 80, "reconnects": 0, "client_cpu_s": 12.0,
                        "latency_us": {"p50": 800, "p90": 1200, "p99": 1800, "p999": 1950, "max": 1999},
                        "histogram": histogram(rng, ok), "histogram_uncorrected": "",
                        "server_cpu_s": 30.0, "server_cores_mean": 1.0, "foreign_pct_mean": 3.0,
                        "foreign_pct_peak": 9.0, "excluded_pct_mean": 0.0, "generator_pct_mean": 40.0,
                        "rss_bytes_peak": 70 << 20, "pss_bytes_peak": 50 << 20, "checkpoints": 0,
                        "gates": {"client_bound": {"threads": 2}},
                        "intervals": [{"index": i, "start_s": i, "end_s": i + 1, "requests": ok // 30,
                                       "ok": ok // 30, "errors": 0, "ok_per_s": ok / 30 * (rng.uniform(0.97, 1.03) if jitter else 1),
                                       "p50_us": 800, "p99_us": 1800, "max_us": 1999, "server_cores": 1.0,
                                       "foreign_pct": 3.0, "excluded_pct": 0.0, "generator_pct": 40.0,
                                       "rss_bytes": 70 << 20, "pss_bytes": 50 << 20} for i in range(30)],
                        "samples": [{"at_s": i + 1, "series": "own-pct", "value": 2.0} for i in range(30)]})
                    w += 1
        rnd += 1
    doc = {"schema": "stackbench-export", "version": 1,
           "run": {"id": run_id, "plan_path": "/tmp/speed.json",
                   "plan_text": base64.b64encode(json.dumps(plan).encode()).decode(),
                   "plan_sha256": "", "profile": "full", "only": [], "routes": [],
                   "started_at": "2026-12-01T10:00:00.000Z", "finished_at": "2026-12-01T12:00:00.000Z",
                   "status": "finished", "environment": {"cores": 2}, "file_hashes": {},
                   "runner_pid": 0, "runner_host": "", "runner_start": ""},
           "configurations": [], "windows": out, "events": [], "server_logs": []}
    with open("%s/run%d.json" % (work, n), "w") as f:
        json.dump(doc, f)
