# Wrong: declares step a meta field, so it is part of the structure and nobody waits for it
# Says: step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_dataclass(TrainState, data_fields=["params"], meta_fields=["step", "run"])
