"""An independent measurement of the example's stacks: wrk for the load, /proc for the CPU.

Usage: /usr/bin/python3 lib/crosscheck.py [--path /users/4242]... [-c 100] [-d 10] [--rounds 3]
                                          [--plan plan.json] [--only NAME,NAME]
(run.sh crosscheck runs it with the cluster up and the environment set; --path may be given
several times: each path is measured in turn, its rounds and medians printed before the next.)

Nothing of Stackbench is used but the configurations of plan.json (command, cwd, env, port, CPU
set), so the figures check Stackbench's own. For each round and each configuration (rotating,
as the plan does): start the server tree on the plan's CPUs, wait for /health, warm up with wrk
for 2 s, then run `wrk -t1 -cC -dDs` on CPU 1 (the plan's load CPU) against one GET route. The
server tree's CPU time is the sum of utime+stime over the root and every descendant, read from
/proc/PID/stat just before and just after the measured wrk run; cores = CPU seconds / wall
seconds; per CPU-second = 2xx responses per second / cores. Prints one line per run and the
medians, with the ratio of each configuration over the last one named in --only (default:
django-sync).
"""

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(root):
    """utime+stime of `root` and all its descendants, in seconds."""
    parent, times = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        parent[int(entry)] = int(fields[1])
        times[int(entry)] = int(fields[11]) + int(fields[12])
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        for child, ppid in parent.items():
            if ppid == pid and child not in tree:
                tree.add(child)
                frontier.append(child)
    return sum(times.get(pid, 0) for pid in tree) / TICKS


def resolve(text, port):
    """The plan's placeholders that the configurations use: ${port} and ${env:NAME}."""
    text = text.replace("${port}", str(port))
    return re.sub(r"\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: os.environ[m.group(1)], text)


def cpu_list(text):
    cpus = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        cpus.update(range(int(low), int(high or low) + 1))
    return cpus


def start(config, base_dir):
    port = config["port"]
    env = dict(os.environ)
    env.update({k: resolve(v, port) for k, v in config.get("env", {}).items()})
    cpus = cpu_list(config["cpus"]) if "cpus" in config else None
    proc = subprocess.Popen(
        [resolve(a, port) for a in config["command"]],
        cwd=os.path.join(base_dir, config.get("cwd", ".")), env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    stop(proc)
    sys.exit(f"crosscheck: {config['name']} did not answer /health on port {port} within 30 s")


def stop(proc):
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def wrk(url, connections, seconds, load_cpus):
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "180s", url],
        capture_output=True, text=True, check=True,
        preexec_fn=lambda: os.sched_setaffinity(0, load_cpus)).stdout
    m = re.search(r"(\d+) requests in ([\d.]+)(us|ms|s|m)", out)
    if not m:
        sys.exit(f"crosscheck: cannot read wrk's output:\n{out}")
    scale = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[m.group(3)]
    requests, duration = int(m.group(1)), float(m.group(2)) * scale
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return requests - (int(bad.group(1)) if bad else 0), duration, errors.group(1) if errors else ""


def measure(config, base_dir, path, args, load_cpus):
    proc = start(config, base_dir)
    try:
        url = f"http://127.0.0.1:{config['port']}{path}"
        wrk(url, args.c, 2, load_cpus)  # warm-up, discarded
        cpu0, wall0 = tree_cpu_seconds(proc.pid), time.monotonic()
        ok, duration, errors = wrk(url, args.c, args.d, load_cpus)
        cpu1, wall1 = tree_cpu_seconds(proc.pid), time.monotonic()
    finally:
        stop(proc)
    cores = (cpu1 - cpu0) / (wall1 - wall0)
    ok_per_s = ok / duration
    return {"ok_per_s": ok_per_s, "cores": cores, "per_cpu_s": ok_per_s / cores, "errors": errors}


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plan", default=os.path.join(here, "plan.json"))
    ap.add_argument("--path", action="append", help="a GET route (repeatable; default /users/4242)")
    ap.add_argument("-c", type=int, default=100)
    ap.add_argument("-d", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default="elysia-bun,django-async,django-sync")
    args = ap.parse_args()
    paths = args.path or ["/users/4242"]
    with open(args.plan) as f:
        plan = json.load(f)
    base_dir = os.path.dirname(os.path.abspath(args.plan))
    load_cpus = cpu_list(plan.get("load", {}).get("cpus", "1"))
    names = args.only.split(",")
    configs = {c["name"]: c for c in plan["configurations"] if c["name"] in names}
    for path in paths:
        crosscheck(path, names, configs, base_dir, args, load_cpus)


def crosscheck(path, names, configs, base_dir, args, load_cpus):
    results = {name: [] for name in names}
    print(f"wrk -t1 -c{args.c} -d{args.d}s GET {path}, server tree CPU from /proc, "
          f"{args.rounds} rounds")
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            m = measure(configs[name], base_dir, path, args, load_cpus)
            results[name].append(m)
            print(f"  round {r + 1} {name:14} {m['ok_per_s']:10.1f} 2xx/s {m['cores']:5.2f} cores "
                  f"{m['per_cpu_s']:10.1f} per CPU-s {m['errors']}", flush=True)
    baseline = statistics.median(m["per_cpu_s"] for m in results[names[-1]])
    baseline_raw = statistics.median(m["ok_per_s"] for m in results[names[-1]])
    print(f"medians (ratios over {names[-1]}):")
    for name in names:
        ok = statistics.median(m["ok_per_s"] for m in results[name])
        cores = statistics.median(m["cores"] for m in results[name])
        per = statistics.median(m["per_cpu_s"] for m in results[name])
        print(f"  {name:14} {ok:10.1f} 2xx/s ({ok / baseline_raw:6.2f}x) {cores:5.2f} cores "
              f"{per:10.1f} per CPU-s ({per / baseline:6.2f}x)")


if __name__ == "__main__":
    main()
