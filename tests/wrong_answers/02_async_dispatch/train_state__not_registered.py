# Wrong: leaves TrainState as it is, an object JAX does not know: jax.block_until_ready sees one leaf it cannot wait on
# Says: waited on [], not on all of params and step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


