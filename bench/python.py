# SPDX-License-Identifier: Zlib
"""python.py: `make bench-python`: the batch calls side by side in one run: slidetab_distances in C
(build/bench/batchbench), db.distances on a (n, 9) numpy array, one db.distance and one db.hint call,
on the same random solvable 3x3 starts; every batch checked against single calls.

Usage: PYTHONPATH=python python3 bench/python.py BATCHBENCH STARTS-FILE"""
import os
import subprocess
import sys
import time

import numpy as np

import slidetab


def best(fn, runs=5, clock=time.perf_counter):
    t = []
    for _ in range(runs):
        t0 = clock()
        fn()
        t.append(clock() - t0)
    return min(t)


def main():
    bench, path = sys.argv[1], sys.argv[2]
    starts = np.loadtxt(path, dtype=np.int64)
    n = len(starts)
    with open(path) as f:
        c = subprocess.run([bench, "tables", "3x3", "1"], stdin=f, capture_output=True, text=True, check=True).stdout
    c_rate, c_cpu, c_single = (float(line.split(":")[1].split()[0]) for line in c.splitlines()[:3])
    db = slidetab.open("tables")
    d = db.distances(starts)
    some = starts[:100000].tolist()
    assert d[:1000].tolist() == [db.distance(s) for s in some[:1000]], "db.distances differs from db.distance"
    assert (d >= 0).all(), "randpuz starts are solvable"
    t_batch = best(lambda: db.distances(starts))
    t_cpu = best(lambda: db.distances(starts), clock=time.thread_time)  # threads=1: the library runs here
    t_u8 = best(lambda: db.distances(starts.astype(np.uint8)))
    t_one = best(lambda: [db.distance(s) for s in some], 3) / len(some)
    t_hint = best(lambda: [db.hint(s) for s in some], 3) / len(some)
    t_loop = best(lambda: [None for s in some], 3) / len(some)
    rows = [
        ("C slidetab_distances, 1 thread, wall", "%.2f M boards/s" % c_rate, ">= 10 M boards/s", c_rate >= 10),
        ("  the same, the thread's CPU time", "%.2f M boards/s" % c_cpu, ">= 10 M boards/s", c_cpu >= 10),
        ("Python db.distances, (%d, 9) int64, wall" % n, "%.2f M boards/s" % (n / t_batch / 1e6),
         ">= 5 M boards/s", n / t_batch / 1e6 >= 5),
        ("  the same, the thread's CPU time", "%.2f M boards/s" % (n / t_cpu / 1e6), ">= 5 M boards/s",
         n / t_cpu / 1e6 >= 5),
        ("Python db.distances, uint8 (astype incl.)", "%.2f M boards/s" % (n / t_u8 / 1e6), "", None),
        ("Python db.distance, one call", "%.2f us" % (t_one * 1e6), "<= 3 us", t_one <= 3e-6),
        ("Python db.hint, one call (3x3)", "%.2f us" % (t_hint * 1e6), "<= 5 us", t_hint <= 5e-6),
        ("C slidetab_distance, one call a board", "%.2f M boards/s" % c_single, "", None),
        ("Python loop alone (for s in list)", "%.3f us" % (t_loop * 1e6), "", None),
    ]
    print("# machine: %d cores (shared with other work: wall figures vary from run to run; CPU time counts only "
          "this thread), %s" %
          (os.cpu_count(), subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
                                          capture_output=True, text=True).stdout.strip()))
    print("## the batch calls: %d random solvable 3x3 starts (build/bench/randpuz), best of 5 (3 for calls)" % n)
    print("%-50s %18s %18s  %s" % ("what", "measured", "target", ""))
    for what, got, target, ok in rows:
        print("%-50s %18s %18s  %s" % (what, got, target, "" if ok is None else "met" if ok else "MISSED"))
    print("ratio C batch / Python batch: %.2fx; Python batch / Python one call a board: %.1fx" %
          (c_rate / (n / t_batch / 1e6), (n / t_batch) * t_one))


if __name__ == "__main__":
    main()
