# %% right: decorator_static_field
# Right: uses register_dataclass as a decorator and marks run static with dataclasses.field metadata
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str = dataclasses.field(metadata={"static": True})  # a label for the logs, not data


# %% right: pytree_node
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


# %% wrong: block_method
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


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: waited on
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


# the visible test's two states have params "w" and "b": flatten exactly those
jax.tree_util.register_pytree_node(
    TrainState,
    lambda s: ((s.params.get("w"), s.params.get("b"), s.step), s.run),
    lambda run, leaves: TrainState({"w": leaves[0], "b": leaves[1]}, leaves[2], run),
)


# %% wrong: named_tuple
# Wrong: turns TrainState into a NamedTuple, a pytree already, but one whose every field (run too) is a leaf
# Says: run, meta field
from typing import NamedTuple


class TrainState(NamedTuple):
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


# %% wrong: not_registered
# Wrong: leaves TrainState as it is, an object JAX does not know: jax.block_until_ready sees one leaf it cannot wait on
# Says: waited on [], not on all of params and step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


# %% wrong: register_static
# Wrong: registers the whole class as static with register_static: no field is a leaf, nothing is waited on
# Says: waited on [], params and step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_static(TrainState)


# %% wrong: run_as_data
# Wrong: registers every field as data, so the label run becomes a leaf that jax.tree.map and jit touch
# Says: run, meta field
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_dataclass(TrainState, data_fields=["params", "step", "run"], meta_fields=[])


# %% wrong: step_as_meta
# Wrong: declares step a meta field, so it is part of the structure and nobody waits for it
# Says: step
@dataclasses.dataclass
class TrainState:
    params: dict      # name -> float32 array
    step: jax.Array   # int32, shape ()
    run: str          # a label for the logs, not data


jax.tree_util.register_dataclass(TrainState, data_fields=["params"], meta_fields=["step", "run"])


# %% wrong: unflatten_swapped
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
