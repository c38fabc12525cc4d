# Right: registers flatten and unflatten functions with register_pytree_node, run kept as auxiliary data
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


def _flatten(state):
    return (state.params, state.step), state.run


def _unflatten(run, children):
    params, step = children
    return TrainState(params, step, run)


jax.tree_util.register_pytree_node(TrainState, _flatten, _unflatten)
