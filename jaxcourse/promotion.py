"""JAX's type promotion lattice, computed from JAX itself and drawn (lesson 01).

:func:`promotion_edges` asks JAX for the result dtype of every pair of types (inside
``jax.enable_x64(True)``, so that 64-bit types stay themselves) and keeps the arrows *a* -> *b*
where *b* is the result and no third type lies between them. :func:`draw_promotion_lattice` draws
them. The weak types ``i*``, ``f*`` and ``c*`` stand for Python ``int``, ``float`` and ``complex``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

#: Short node names and the types they stand for (``*``: weak, a Python scalar type).
DTYPES = {"b1": jnp.bool_, "u8": jnp.uint8, "u16": jnp.uint16, "u32": jnp.uint32, "u64": jnp.uint64,
          "i8": jnp.int8, "i16": jnp.int16, "i32": jnp.int32, "i64": jnp.int64,
          "bf16": jnp.bfloat16, "f16": jnp.float16, "f32": jnp.float32, "f64": jnp.float64,
          "c64": jnp.complex64, "c128": jnp.complex128, "i*": int, "f*": float, "c*": complex}
_SHORT = {jnp.dtype(t).name: n for n, t in DTYPES.items() if not n.endswith("*")}

#: Where each node sits in the drawing: kinds from left to right, unsigned above, signed below.
PLACE = {"b1": (0, 0), "i*": (1, 0), "u8": (2, 1), "u16": (3, 1), "u32": (4, 1), "u64": (5, 1),
         "i8": (2, -1), "i16": (3, -1), "i32": (4, -1), "i64": (5, -1), "f*": (6, 0),
         "bf16": (7, 1), "f16": (7, 0), "c*": (7, -1), "f32": (8, 0.5), "f64": (9, 0.5),
         "c64": (9, -1), "c128": (10, -0.25)}
_COLOUR = {"b": "0.85", "u": "#9ecae1", "i": "#a1d99b", "f": "#fdae6b", "c": "#bcbddc"}


def _join(a: str, b: str) -> str:
    """The node JAX promotes nodes ``a`` and ``b`` to (a weak node when the result is weak)."""
    dtype, weak = jax.dtypes.result_type(DTYPES[a], DTYPES[b], return_weak_type_flag=True)
    return {"i": "i*", "f": "f*", "c": "c*"}[dtype.kind] if weak else _SHORT[dtype.name]


def promotion_edges() -> list[tuple[str, str]]:
    """The lattice's arrows ``(a, b)``, sorted: ``a`` promotes to ``b`` with no node in between."""
    with jax.enable_x64(True):
        below = {(a, b) for a in DTYPES for b in DTYPES if a != b and _join(a, b) == b}
    return sorted((a, b) for a, b in below
                  if not any((a, m) in below and (m, b) in below for m in DTYPES))


def draw_promotion_lattice() -> None:
    """Draw the lattice of :func:`promotion_edges` (dashed circles: weak types) and show it."""
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(9, 2.9), dpi=100)
    for a, b in promotion_edges():
        ax.annotate("", xy=PLACE[b], xytext=PLACE[a],
                    arrowprops={"arrowstyle": "-|>", "color": "0.35", "shrinkA": 14, "shrinkB": 14})
    for name, (px, py) in PLACE.items():
        weak = name.endswith("*")
        kind = "f" if name == "bf16" else name[0]
        ax.scatter(px, py, s=900, color="white" if weak else _COLOUR[kind], edgecolor="black",
                   linestyle="--" if weak else "-", linewidth=1.5, zorder=3)
        ax.text(px, py, name, ha="center", va="center", fontsize=10, zorder=4)
    ax.set_xlim(-0.5, 10.5)
    ax.set_ylim(-1.45, 1.45)
    ax.axis("off")
    ax.set_title("JAX promotes a and b to the lowest node reachable from both (dashed: weak types)",
                 fontsize=11)
    plt.show()
