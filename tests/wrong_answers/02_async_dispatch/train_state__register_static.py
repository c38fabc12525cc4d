# Wrong: registers the whole class as static with register_static: no field is a leaf, nothing is waited on
# Says: waited on [], params and step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_static(TrainState)
