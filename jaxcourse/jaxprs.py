"""Reading jaxprs in tests: every equation, and which operations touch the data of chosen inputs.

Assignment tests use this to check *how* an answer computes, not only what it returns. For
example, a pipeline that must only move pixels (one gather with computed indices) must not select
between whole images, flip them or do arithmetic on them, whatever dtype it casts them to first::

    jaxpr = jax.make_jaxpr(jax.vmap(dihedral))(images, ts)
    ops_on_inputs(jaxpr, 0)  # [] for a gather; ['rev', 'select_n', 'transpose'] for jnp.where(rot, rot90(x), x)

:func:`ops_on_inputs` is a small dataflow ("taint") analysis. Values computed from the chosen
inputs are followed through every equation, into nested jaxprs (``jit`` calls, ``cond`` branches,
``scan`` and ``while`` bodies, custom derivatives, ...). An equation from :data:`FLAGGED` that
reads such a value is reported. Gathers, dtype conversions, reshapes, broadcasts, slices and
scatters only move data, so they pass it on without being reported. Arithmetic on other inputs
(index grids from ``iota``, a transform number ``t``, random keys) is never reported.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Primitives reported when they read data derived from the chosen inputs: branching on or
#: choosing between whole arrays, flipping, transposing or joining them, and any arithmetic,
#: comparison or reduction of their values.
FLAGGED = frozenset(
    # choose, flip, transpose, join
    "cond select_n rev transpose concatenate pad sort "
    # arithmetic and bit operations
    "add add_any sub mul div rem pow integer_pow square max min neg abs sign clamp round floor ceil "
    "nextafter exp exp2 expm1 log log1p sqrt rsqrt cbrt tanh logistic sin cos tan atan2 erf and or xor not "
    "shift_left shift_right_logical shift_right_arithmetic population_count clz dot_general "
    "conv_general_dilated reduce_precision "
    # comparisons
    "eq ne lt le gt ge is_finite "
    # reductions and cumulative operations
    "reduce_sum reduce_max reduce_min reduce_prod reduce_and reduce_or reduce_xor argmax argmin cumsum cumprod "
    "cummax cummin cumlogsumexp reduce_window reduce_window_sum reduce_window_max reduce_window_min "
    "select_and_gather_add".split()
)

#: Call-like primitives whose one nested jaxpr takes the equation's inputs in order and gives its outputs
#: (``shard_map``'s body too: it takes each input's per-device block, so the taint of a block is its input's).
POSITIONAL = frozenset(
    "jit pjit closed_call core_call custom_jvp_call custom_vjp_call checkpoint remat custom_lin shard_map".split()
)


def _subjaxprs(eqn) -> list:
    """The jaxprs nested in one equation's parameters, as open jaxprs (in parameter order)."""
    found = []
    for value in eqn.params.values():
        for sub in value if isinstance(value, (tuple, list)) else [value]:
            if hasattr(sub, "jaxpr") and hasattr(sub, "consts"):  # a ClosedJaxpr
                found.append(sub.jaxpr)
            elif hasattr(sub, "eqns") and hasattr(sub, "invars"):  # an open Jaxpr
                found.append(sub)
    return found


def _open(jaxpr):
    return jaxpr.jaxpr if hasattr(jaxpr, "consts") and hasattr(jaxpr, "jaxpr") else jaxpr


def all_eqns(closed_jaxpr) -> list:
    """Every equation of a jaxpr (closed or open), including those of all nested jaxprs."""
    todo, eqns = [_open(closed_jaxpr)], []
    while todo:
        for eqn in todo.pop().eqns:
            eqns.append(eqn)
            todo.extend(_subjaxprs(eqn))
    return eqns


def primitive_counts(closed_jaxpr, names: Iterable[str] | None = None) -> dict[str, int]:
    """How often each primitive occurs in a jaxpr, nested jaxprs (``jit`` calls, ``cond`` branches, ...) included.

    With ``names``, exactly those primitives in that order (0 for one that does not occur), e.g.
    ``primitive_counts(jax.make_jaxpr(f)(x), ["cond", "select_n"])``; without, every primitive found.
    """
    counts: dict[str, int] = {}
    for eqn in all_eqns(closed_jaxpr):
        counts[eqn.primitive.name] = counts.get(eqn.primitive.name, 0) + 1
    return counts if names is None else {name: counts.get(name, 0) for name in names}


def _is_var(v) -> bool:
    return not hasattr(v, "val")  # a Literal carries its value; variables do not


class _Taint:
    """Dataflow from the chosen inputs: which variables hold data derived from them."""

    def __init__(self, flagged: frozenset[str]):
        self.flagged = flagged
        self.found: set[str] = set()

    def walk(self, jaxpr, taint_in: list[bool]) -> list[bool]:
        """Follow the taint of ``jaxpr``'s inputs to its outputs, recording flagged equations."""
        jaxpr = _open(jaxpr)
        tainted = {v for v, t in zip(jaxpr.invars, taint_in, strict=True) if t}

        def is_tainted(v) -> bool:
            return _is_var(v) and v in tainted

        for eqn in jaxpr.eqns:
            ins = [is_tainted(v) for v in eqn.invars]
            if not any(ins):
                continue  # nothing derived from the inputs goes in, so nothing comes out
            name = eqn.primitive.name
            if name in self.flagged:
                self.found.add(name)
            outs = self.eqn(eqn, ins)
            tainted.update(v for v, t in zip(eqn.outvars, outs, strict=True) if t)
        return [is_tainted(v) for v in jaxpr.outvars]

    def eqn(self, eqn, ins: list[bool]) -> list[bool]:
        """Which outputs of one equation (with at least one tainted input) are tainted."""
        name, subs, n_out = eqn.primitive.name, _subjaxprs(eqn), len(eqn.outvars)
        if not subs:
            return [True] * n_out
        if name == "cond":  # operand 0 picks the branch; every branch takes the rest
            outs = [self.walk(b, ins[1:]) for b in subs]
            return [ins[0] or any(o[k] for o in outs) for k in range(n_out)]
        if name == "scan":
            if "num_consts" in eqn.params:  # JAX 0.10 and earlier
                n_consts, n_carry = eqn.params["num_consts"], eqn.params["num_carry"]
            else:  # JAX 0.12: ft_in holds the (consts, carry, xs) trees of the operands
                n_consts, n_carry, _ = (len(part) for part in eqn.params["ft_in"].unpack())
            consts, carry, xs = ins[:n_consts], ins[n_consts : n_consts + n_carry], ins[n_consts + n_carry :]
            while True:  # a carry is tainted if it starts so or a step makes it so: iterate to a fixed point
                outs = self.walk(subs[0], consts + carry + xs)
                new = [a or b for a, b in zip(carry, outs[:n_carry], strict=True)]
                if new == carry:
                    return new + outs[n_carry:]
                carry = new
        if name == "while":
            n_cond, n_body = eqn.params["cond_nconsts"], eqn.params["body_nconsts"]
            cond_consts, body_consts, carry = ins[:n_cond], ins[n_cond : n_cond + n_body], ins[n_cond + n_body :]
            cond_jaxpr, body_jaxpr = _open(eqn.params["cond_jaxpr"]), _open(eqn.params["body_jaxpr"])
            while True:
                (pred,) = self.walk(cond_jaxpr, cond_consts + carry)
                outs = self.walk(body_jaxpr, body_consts + carry)
                new = [a or b or pred for a, b in zip(carry, outs, strict=True)]
                if new == carry:
                    return carry
                carry = new
        if name in POSITIONAL and len(subs) == 1 and len(subs[0].invars) == len(ins) and len(subs[0].outvars) == n_out:
            return self.walk(subs[0], ins)
        # Anything else with nested jaxprs: assume every input reaches every input and output.
        for sub in subs:
            self.walk(sub, [True] * len(sub.invars))
        return [True] * n_out


def ops_on_inputs(closed_jaxpr, which: int | Iterable[int], flagged: Iterable[str] = FLAGGED) -> list[str]:
    """The primitives of ``flagged`` that read data computed from the jaxpr's inputs ``which``.

    ``which`` are positions in the jaxpr's (flattened) inputs, e.g. ``0`` for the images of
    ``jax.make_jaxpr(f)(images, key)``. Returns the sorted names found anywhere, nested jaxprs
    included; ``[]`` when those inputs are only moved (gathered, converted, reshaped, broadcast,
    sliced, scattered) and never selected between, flipped, transposed or computed with.
    """
    jaxpr = _open(closed_jaxpr)
    chosen = {which} if isinstance(which, int) else set(which)
    taint = _Taint(frozenset(flagged))
    taint.walk(jaxpr, [k in chosen for k in range(len(jaxpr.invars))])
    return sorted(taint.found)


__all__ = ["FLAGGED", "POSITIONAL", "all_eqns", "ops_on_inputs", "primitive_counts"]
