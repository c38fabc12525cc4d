# Wrong: turns TrainState into a NamedTuple, a pytree already, but one whose every field (run too) is a leaf
# Says: run, meta field
from typing import NamedTuple


class TrainState(NamedTuple):
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data
