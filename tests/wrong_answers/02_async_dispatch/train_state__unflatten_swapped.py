# Wrong: registers flatten and unflatten functions that rebuild the state with params and step swapped
# Says: doubled params and step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_pytree_node(
    TrainState,
    lambda s: ((s.params, s.step), s.run),
    lambda run, children: TrainState(children[1], children[0], run),
)
