# Right: uses register_dataclass as a decorator and marks run static with dataclasses.field metadata
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str = dataclasses.field(metadata={"static": True})  # a label for the logs, not data
