#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Sums a Chrome trace from `kibitz-train-bench --profile FILE` by op: self time (time not spent in ops nested
inside it, per thread), calls, and share of the whole, largest first. The backward pass's ops run on autograd's
thread and appear under their own names (e.g. MulBackward0 and the aten ops it calls).

    bench/profile_ops.py TRACE [--top 30]
"""
import argparse
import json
from collections import defaultdict


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    with open(args.trace) as f:
        text = f.read().strip()
    if not text.endswith("]"):  # the legacy writer may leave a trailing comma
        text = text.rstrip(",") + "]"
    events = json.loads(text)
    if isinstance(events, dict):
        events = events.get("traceEvents", [])
    spans = defaultdict(list)  # thread -> [(start, end, name)]
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            spans[e.get("tid", 0)].append((float(e["ts"]), float(e["ts"]) + float(e["dur"]), e["name"]))
    self_time = defaultdict(float)
    calls = defaultdict(int)
    for tid, items in spans.items():
        items.sort(key=lambda s: (s[0], -s[1]))
        stack = []  # [start, end, name, child_time]
        def close(top):
            self_time[top[2]] += (top[1] - top[0]) - top[3]
            calls[top[2]] += 1
            if stack:
                stack[-1][3] += top[1] - top[0]
        for start, end, name in items:
            while stack and stack[-1][1] <= start:
                close(stack.pop())
            stack.append([start, end, name, 0.0])
        while stack:
            close(stack.pop())
    total = sum(self_time.values())
    print(f"{'op':48} {'self ms':>10} {'calls':>7} {'share':>7}")
    for name, t in sorted(self_time.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"{name[:48]:48} {t / 1e3:10.2f} {calls[name]:7d} {100 * t / total:6.1f}%")
    print(f"{'all':48} {total / 1e3:10.2f}")


if __name__ == "__main__":
    main()
