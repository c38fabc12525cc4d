"""Time the augmentation pipelines on the same data: ``python -m coursetools.bench [--quick]``.

Ways to give each image of a batch of uint8 RGB images a random 90-degree rotation and flips:

- ``seed``: the pipeline of the 2022 blog post that lesson 05 grew from
  (:func:`coursetools.augment.seed_pipeline`): three separately jitted passes, each a ``vmap`` of
  ``lax.cond``, each reading and writing the whole batch;
- ``reference``: the course's pipeline (:func:`coursetools.augment.fast_augment_batch`, jitted): one
  transform per image drawn from the 8 and applied in a single fused gather;
- ``vmap_cond``: the same three ``lax.cond`` steps jitted together as one program
  (:func:`coursetools.augment.augment_batch`, ``jit(vmap(augment))``), for comparison;
- ``opencv``: a Python loop over the images calling ``cv2.rotate`` / ``cv2.flip`` (the transforms
  ``reference`` drew, written into a preallocated output batch);
- ``memcpy``: ``np.copyto`` of the same bytes into a preallocated array, the floor for any pass
  that reads and writes every byte once.

Every timing is taken after warm-up, with results blocked (``jax.block_until_ready``); the
candidates take turns in each round, and we report the median (and the minimum) over rounds. The
last line printed is one JSON object (``seed_ms``, ``reference_ms``, ``opencv_ms``, ``memcpy_ms``
for 64 images, the same with ``_8`` for 8 images, and ``devices``, ``backend``, ...).

Memory: on Linux, glibc hands each large freed block back to the kernel, so a function that
returns a new 120 MB array pays for faulting in fresh zeroed pages on every call, which can cost
more than the work itself. By default the benchmark first asks glibc (``mallopt``) to keep freed
blocks for reuse, as a long-running data pipeline would; every candidate benefits.
``--no-malloc-tuning`` measures the default behaviour instead.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import statistics
import sys
import time

import cv2
import jax
import numpy as np

from coursetools import augment
from jaxcourse import images

# glibc mallopt parameters (malloc.h)
_M_TRIM_THRESHOLD = -1
_M_MMAP_MAX = -4
_M_ARENA_MAX = -8


def reuse_freed_memory() -> bool:
    """Ask glibc to keep large freed blocks for reuse instead of returning them to the kernel.

    After this, a new big array can reuse pages that are already mapped, so it does not pay for
    page faults again. The process keeps the memory it has used until it exits. Returns whether the
    settings were applied (False off glibc, e.g. on macOS or Windows).
    """
    if platform.system() != "Linux":
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    ok = mallopt(_M_ARENA_MAX, 1) == 1  # one heap shared by all threads
    ok &= mallopt(_M_MMAP_MAX, 0) == 1  # serve large blocks from the heap, not fresh mmaps
    ok &= mallopt(_M_TRIM_THRESHOLD, 2**31 - 1) == 1  # and never give the heap back
    return bool(ok)


_FLIP_CODE = {0: None, 2: 1, 4: 0, 6: -1}  # lr -> flip around the y axis (1), ud -> x axis (0)


def opencv_augment(batch: np.ndarray, t, out: np.ndarray | None = None) -> np.ndarray:
    """Apply transform ``t[i]`` to image ``i`` with OpenCV, one image at a time.

    Same numbering as :mod:`coursetools.augment`: rotate 90 degrees counter-clockwise if ``t & 1``,
    then flip left-right if ``t & 2``, then up-down if ``t & 4`` (both flips in one ``cv2.flip``).
    Results go into ``out`` (allocated if not given), so no extra copy is made to stack them.
    """
    batch = np.asarray(batch)
    t = np.asarray(t)
    if out is None:
        out = np.empty_like(batch)
    for img, ti, dst in zip(batch, t.tolist(), out, strict=True):
        flip = _FLIP_CODE[ti & 6]
        if ti & 1:
            if flip is None:
                cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE, dst=dst)
                continue
            img = cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)
        if flip is None:
            np.copyto(dst, img)
        else:
            cv2.flip(img, flip, dst=dst)
    return out


def make_batch(n: int, size: int) -> np.ndarray:
    """``n`` uint8 RGB images of ``size`` x ``size``: the shipped images, resized, repeated."""
    base = images.load_batch(size=size)
    return np.ascontiguousarray(base[np.arange(n) % len(base)])


def _time_rounds(candidates: dict, repeats: int, warmup: int = 2) -> dict[str, dict[str, list[float]]]:
    """Run each candidate ``warmup`` times, then ``repeats`` rounds in turn.

    Returns, per candidate, the wall-clock times and the process CPU times (all threads) in ms.
    """
    for fn in candidates.values():
        for _ in range(warmup):
            jax.block_until_ready(fn())
    times = {name: {"wall": [], "cpu": []} for name in candidates}
    names = list(candidates)
    for r in range(repeats):
        for name in names[r % len(names) :] + names[: r % len(names)]:  # rotate who goes first
            cpu0, wall0 = time.process_time(), time.perf_counter()
            jax.block_until_ready(candidates[name]())
            wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            times[name]["wall"].append(wall * 1e3)
            times[name]["cpu"].append(cpu * 1e3)
    return times


def bench_one(n: int, size: int, repeats: int, seed: int = 0) -> dict[str, dict[str, float]]:
    """Time the candidates on one batch of ``n`` images; check that they agree first."""
    host = make_batch(n, size)
    data = jax.block_until_ready(jax.device_put(host))
    key = jax.random.key(seed)
    t_host = np.asarray(augment.fast_transform_ids(key, n))
    out = np.empty_like(host)
    dst = np.empty_like(host)

    reference = np.asarray(augment.fast_augment_batch(data, key))
    if not np.array_equal(reference, opencv_augment(host, t_host, out)):
        raise AssertionError("the reference pipeline and the OpenCV loop disagree")

    candidates = {
        "seed": lambda: augment.seed_pipeline(data, key),
        "reference": lambda: augment.fast_augment_batch(data, key),
        "vmap_cond": lambda: augment.augment_batch(data, key),
        "opencv": lambda: opencv_augment(host, t_host, out),
        "memcpy": lambda: np.copyto(dst, host),
    }
    times = _time_rounds(candidates, repeats)
    return {
        name: {
            "median": statistics.median(ts["wall"]),
            "min": min(ts["wall"]),
            "cpu": statistics.median(ts["cpu"]),
            "bytes": host.nbytes,
        }
        for name, ts in times.items()
    }


def _table(results: dict[int, dict], size: int) -> str:
    lines = [
        f"{'images':>6}  {'pipeline':<10} {'median ms':>10} {'min ms':>9} {'cpu ms':>9} {'GB/s':>6} "
        f"{'x reference':>12}",
    ]
    for n, res in results.items():
        ref = res["reference"]["median"]
        for name, r in res.items():
            gbs = 2 * r["bytes"] / (r["median"] * 1e-3) / 1e9  # read + write
            lines.append(
                f"{n:>6}  {name:<10} {r['median']:>10.2f} {r['min']:>9.2f} {r['cpu']:>9.2f} {gbs:>6.2f} "
                f"{r['median'] / ref:>11.2f}x"
            )
    lines.append(
        f"({size}x{size}x3 uint8 images. Wall-clock median and minimum over the rounds; 'cpu ms' is the "
        "median CPU time of all the process's threads; GB/s counts bytes read + written; 'x reference' "
        "> 1 means slower than the reference.)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coursetools.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny images and few rounds (a smoke test)")
    parser.add_argument("--size", type=int, default=None, help="image side in pixels (default 800; 32 with --quick)")
    parser.add_argument("--repeats", type=int, default=None, help="timed rounds (default 15; 3 with --quick)")
    parser.add_argument(
        "--no-malloc-tuning", action="store_true", help="keep glibc's default of returning freed memory"
    )
    args = parser.parse_args(argv)
    size = args.size or (32 if args.quick else 800)
    repeats = args.repeats or (3 if args.quick else 15)
    # Quick runs are tiny and may run inside a test process: leave its allocator alone.
    tuned = False if (args.quick or args.no_malloc_tuning) else reuse_freed_memory()

    start = time.perf_counter()
    results = {n: bench_one(n, size, repeats) for n in (64, 8)}
    elapsed = time.perf_counter() - start

    print(
        f"JAX {jax.__version__} on {jax.default_backend()} ({jax.device_count()} device(s)), "
        f"{os.cpu_count()} CPU core(s), OpenCV {cv2.__version__} ({cv2.getNumThreads()} thread(s)), "
        f"malloc tuning {'on' if tuned else 'off'}; {repeats} rounds after warm-up, {elapsed:.1f} s"
    )
    print(_table(results, size))
    r64, r8 = results[64], results[8]
    main4 = ["seed", "reference", "opencv", "memcpy"]
    summary = {
        **{f"{n}_ms": round(r64[n]["median"], 3) for n in [*main4, "vmap_cond"]},
        **{f"{n}_ms_8": round(r8[n]["median"], 3) for n in [*main4, "vmap_cond"]},
        "seed_over_reference": round(r64["seed"]["median"] / r64["reference"]["median"], 2),
        "opencv_over_reference": round(r64["opencv"]["median"] / r64["reference"]["median"], 2),
        "reference_over_memcpy": round(r64["reference"]["median"] / r64["memcpy"]["median"], 2),
        **{f"{n}_min_ms": round(r64[n]["min"], 3) for n in main4},
        **{f"{n}_cpu_ms": round(r64[n]["cpu"], 3) for n in main4},
        "image_shape": [size, size, 3],
        "repeats": repeats,
        "malloc_tuning": tuned,
        "cpu_count": os.cpu_count(),
        "devices": jax.device_count(),
        "backend": jax.default_backend(),
    }
    print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
