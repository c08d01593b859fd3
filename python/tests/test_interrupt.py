"""Ctrl-C stops a long column call: the Rust loop, which runs without the
GIL, looks for a signal between pieces of a million rows and raises
KeyboardInterrupt."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

CHILD = textwrap.dedent(
    """
    import sys, time
    import pyarrow as pa
    import uriscan.arrow as ua

    one = pa.array([f"http://www.h{i}.example.co.uk:8080/a/b/c?z={i}&utm_source=x#f" for i in range(1000)])
    urls = pa.concat_arrays([one] * 20_000)  # 20 M rows, one array
    print("start", flush=True)
    t0 = time.perf_counter()
    ua.normalize(urls, scheme_based=True)
    print(f"finished uninterrupted in {time.perf_counter() - t0:.1f} s", flush=True)
    """
)


def test_ctrl_c_stops_a_long_column_call():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "start\n"
        time.sleep(0.5)  # well inside the call
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        latency = time.perf_counter() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "finished uninterrupted" not in out, out
    assert child.returncode != 0
    assert err.rstrip().endswith("KeyboardInterrupt"), err
    # Raised inside the Rust call (not in Python code before or after it).
    lines = err.splitlines()
    last_frame = max(i for i, l in enumerate(lines) if l.lstrip().startswith('File "'))
    assert "_uriscan._column(" in lines[last_frame + 1], err
    # The call stops at the next piece boundary: well under a few seconds.
    assert latency < 3.0, latency
