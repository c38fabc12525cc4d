# Wrong: gives TrainState a block_until_ready method, so jax.block_until_ready waits, but JAX still sees one leaf
# Says: jax.tree.map, one leaf
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


def _wait(self):
    jax.block_until_ready((self.params, self.step))
    return self


TrainState.block_until_ready = _wait
