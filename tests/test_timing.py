"""jaxcourse.timing: waits for results, leaves warm-up calls out, reports medians.

Instrumented fakes record the order of events (clock readings, calls, waits), so nothing here
depends on how fast the machine is.
"""

from __future__ import annotations

import statistics

import jax
import jax.numpy as jnp
import pytest

from jaxcourse.timing import dispatch_and_completion, median_time, time_calls


class Recorder:
    """A fake clock and a fake function that write every event into one log.

    Clock readings advance by the given steps; ``f`` returns ``Pending`` leaves whose
    ``block_until_ready`` logs a wait.
    """

    def __init__(self, steps, make_result=None):
        self.log: list[tuple[str, int]] = []
        self.steps = list(steps)
        self.now = 0.0
        self.readings: list[float] = []
        self.calls = 0
        self.make_result = make_result or (lambda call: Pending(self, call))

    def clock(self) -> float:
        self.now += self.steps[len(self.readings)]
        self.readings.append(self.now)
        self.log.append(("clock", len(self.readings) - 1))
        return self.now

    def f(self, *args):
        call = self.calls
        self.calls += 1
        self.log.append(("call", call))
        return self.make_result(call)

    def position(self, event) -> int:
        return self.log.index(event)


class Pending:
    def __init__(self, recorder: Recorder, call: int, leaf: int = 0):
        self.recorder, self.call, self.leaf = recorder, call, leaf

    def block_until_ready(self):
        self.recorder.log.append(("block", self.call * 100 + self.leaf))
        return self


STEPS = [1.0, 2.0, 30.0, 4.0, 5.0, 600.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0]


def test_time_calls_warms_up_untimed_and_blocks_before_reading_the_clock():
    rec = Recorder(STEPS)
    durations = time_calls(rec.f, "x", repeat=3, warmup=2, clock=rec.clock)
    assert rec.calls == 5
    # The two warm-up calls are waited for and happen before the first clock reading.
    first_reading = rec.position(("clock", 0))
    for call in (0, 1):
        assert rec.position(("call", call)) < rec.position(("block", call * 100)) < first_reading
    # Every timed call lies between two readings, and its wait comes before the closing reading.
    for k, call in enumerate((2, 3, 4)):
        start, stop = rec.position(("clock", 2 * k)), rec.position(("clock", 2 * k + 1))
        assert start < rec.position(("call", call)) < rec.position(("block", call * 100)) < stop
    assert durations == [2.0, 4.0, 600.0]


def test_median_time_is_the_median_not_the_mean():
    rec = Recorder(STEPS)
    result = median_time(rec.f, repeat=5, warmup=1, clock=rec.clock)
    assert result == statistics.median([2.0, 4.0, 600.0, 8.0, 10.0]) == 8.0


def test_without_warmup_the_first_call_is_timed():
    rec = Recorder(STEPS)
    time_calls(rec.f, repeat=2, warmup=0, clock=rec.clock)
    assert rec.calls == 2
    assert rec.position(("clock", 0)) < rec.position(("call", 0))


def test_every_leaf_of_a_pytree_result_is_waited_for():
    rec = Recorder(STEPS)
    rec.make_result = lambda call: {"a": Pending(rec, call, 0), "b": [Pending(rec, call, 1), 3.0]}
    time_calls(rec.f, repeat=1, warmup=1, clock=rec.clock)
    for call in (0, 1):
        for leaf in (0, 1):
            assert ("block", call * 100 + leaf) in rec.log
    assert rec.position(("block", 101)) < rec.position(("clock", 1))


def test_dispatch_and_completion_read_the_clock_around_the_return_and_the_wait():
    rec = Recorder(STEPS)
    dispatch, completion = dispatch_and_completion(rec.f, repeat=3, warmup=1, clock=rec.clock)
    assert rec.calls == 4
    for k, call in enumerate((1, 2, 3)):
        start, returned, ready = (rec.position(("clock", 3 * k + i)) for i in range(3))
        assert start < rec.position(("call", call)) < returned < rec.position(("block", call * 100)) < ready
    # Readings 0..8: dispatch = step after the start, completion = two steps after the start.
    assert dispatch == statistics.median([2.0, 5.0, 8.0])
    assert completion == statistics.median([2.0 + 30.0, 5.0 + 600.0, 8.0 + 9.0])


@pytest.mark.parametrize("helper", [time_calls, median_time, dispatch_and_completion])
def test_bad_counts_are_refused(helper):
    with pytest.raises(ValueError, match="repeat"):
        helper(lambda: None, repeat=0)
    with pytest.raises(ValueError, match="warmup"):
        helper(lambda: None, warmup=-1)


def test_a_jitted_function_is_compiled_during_the_warmup_only():
    traces = []

    @jax.jit
    def f(x):
        traces.append("trace")
        return jnp.sin(x) * 2.0

    readings = []

    def clock():
        readings.append(len(traces))
        return float(len(readings))

    x = jnp.arange(8.0)
    seconds = median_time(f, x, repeat=3, clock=clock)
    assert traces == ["trace"]
    assert readings == [1] * 6  # traced before the first reading, never again
    assert seconds == 1.0


def test_real_timings_are_positive_floats():
    x = jnp.ones((64, 64))
    seconds = median_time(jnp.dot, x, x, repeat=3)
    dispatch, completion = dispatch_and_completion(jnp.dot, x, x, repeat=3)
    assert isinstance(seconds, float) and seconds > 0
    assert isinstance(dispatch, float) and isinstance(completion, float)
    assert 0 < dispatch and 0 < completion
