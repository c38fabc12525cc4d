# Wrong: registers every field as data, so the label run becomes a leaf that jax.tree.map and jit touch
# Says: run, meta field
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_dataclass(TrainState, data_fields=["params", "step", "run"], meta_fields=[])
