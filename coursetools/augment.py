"""Image augmentation with JAX: random 90-degree rotations and flips of uint8 RGB images.

Instructor and maintainer code (the benchmark ``python -m coursetools.bench`` and its tests): it
holds finished augmentation pipelines, so it lives in ``coursetools``, which students never
receive, and not in ``jaxcourse``, which their notebooks import.

"Seed" in the names below (``seed_pipeline``, ``seed_flags``) means the 2022 blog post on ``vmap``
and ``pmap`` that lesson 05 grew from. Its pipeline gives every image three random steps, a
rotation and two flips, each a ``vmap`` of ``lax.cond`` jitted on its own, called one after the
other from Python.

Functions on one image take ``(H, W, C)`` (rotations need ``H == W``); batch functions take
``(N, H, W, C)``. Values and dtype are never changed: every output pixel is a copy of an input pixel.

Transforms are numbered ``t = rot + 2 * lr + 4 * ud`` (``t`` in ``0..7``): first rotate by 90
degrees counter-clockwise if ``rot``, then flip left-right if ``lr``, then flip up-down if ``ud``.
Those are the 8 symmetries of a square (the dihedral group), each exactly once, and it is the order
that 2022 pipeline applies its three random steps in.

Pipelines (all deterministic for a fixed key):

- :func:`augment`: one image, three coin flips, each step a ``lax.cond`` (the 2022 post's idea).
- :func:`augment_batch`: ``vmap`` of :func:`augment` with one key per image.
- :func:`seed_pipeline`: the 2022 post's structure, three separately jitted ``vmap``-of-``cond`` passes
  (the baseline in ``python -m coursetools.bench``).
- :func:`fast_augment_batch`: draw one of the 8 transforms per image and apply it in one pass: a
  single gather whose source indices come from a little arithmetic on ``t`` (see
  :func:`source_indices`), so no branch is evaluated and every output byte is written once.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax import lax

NUM_TRANSFORMS = 8


# --- single-image transforms ---------------------------------------------------------------------


def rotate90(img, k=1):
    """Rotate an ``(H, W, C)`` image by ``k`` times 90 degrees counter-clockwise (static ``k``)."""
    return jnp.rot90(img, k=k, axes=(0, 1))


def flip_lr(img):
    """Mirror an ``(H, W, C)`` image left-right (reverse the columns)."""
    return jnp.flip(img, axis=1)


def flip_ud(img):
    """Mirror an ``(H, W, C)`` image upside down (reverse the rows)."""
    return jnp.flip(img, axis=0)


def _dihedral_static(img, t: int):
    """Transform ``t`` (a Python int) of one image: optional rot90, then flip_lr, then flip_ud."""
    if t & 1:
        img = rotate90(img)
    if t & 2:
        img = flip_lr(img)
    if t & 4:
        img = flip_ud(img)
    return img


def _check_square(img):
    """Raise unless ``img`` (an array, or an image's shape) is a square ``(H, W, ...)`` image."""
    shape = tuple(getattr(img, "shape", img))
    if len(shape) < 2 or shape[0] != shape[1]:
        raise ValueError(f"rotations need a square (H, W, ...) image, got shape {shape}")


def dihedral(img, t):
    """Apply transform ``t`` (0..7, a Python int or a traced integer) to a square image.

    ``t = rot + 2 * lr + 4 * ud``: rotate 90 degrees if ``rot``, then flip left-right if ``lr``,
    then up-down if ``ud``. A Python int picks the NumPy-style steps at trace time; a traced ``t``
    goes through :func:`dihedral_gather` (index arithmetic, no branches), which stays one cheap
    pass under ``vmap``.
    """
    img = jnp.asarray(img)
    _check_square(img)
    if isinstance(t, int):
        if not 0 <= t < NUM_TRANSFORMS:
            raise ValueError(f"t must be in 0..7, got {t}")
        return _dihedral_static(img, t)
    return dihedral_gather(img, t)


def dihedral_switch(img, t):
    """``dihedral(img, t)`` with ``lax.switch`` over the 8 static transforms (for comparison).

    Without ``vmap`` only the chosen branch runs; under ``vmap`` the switch becomes a ``select_n``
    over all 8 branches, which on CPU was about 4x slower than :func:`dihedral_gather`.
    """
    img = jnp.asarray(img)
    _check_square(img)
    branches = [functools.partial(_dihedral_static, t=i) for i in range(NUM_TRANSFORMS)]
    return lax.switch(jnp.asarray(t, jnp.int32), branches, img)


def dihedral_all(img):
    """All 8 transforms of a square image, stacked: ``(8, H, W, C)``, entry ``t`` is ``dihedral(img, t)``."""
    img = jnp.asarray(img)
    _check_square(img)
    return jnp.stack([_dihedral_static(img, t) for t in range(NUM_TRANSFORMS)])


# --- the 2022 post's pipeline, step by step ------------------------------------------------------


def _identity(img):
    return img


def random_rotate(img, rotate):
    """Rotate by 90 degrees when ``rotate`` is true (or non-zero), else return the image: a ``lax.cond``."""
    return lax.cond(rotate, rotate90, _identity, img)


def random_flip_lr(img, flip):
    """Flip left-right when ``flip`` is true (or non-zero): a ``lax.cond``."""
    return lax.cond(flip, flip_lr, _identity, img)


def random_flip_ud(img, flip):
    """Flip upside down when ``flip`` is true (or non-zero): a ``lax.cond``."""
    return lax.cond(flip, flip_ud, _identity, img)


def _coins(key):
    """Three fair coins (rotate, flip lr, flip ud), each from its own subkey of ``key``."""
    k_rot, k_lr, k_ud = jax.random.split(key, 3)
    return jax.random.bernoulli(k_rot), jax.random.bernoulli(k_lr), jax.random.bernoulli(k_ud)


def augment(img, key):
    """Randomly augment one square image: maybe rotate 90 degrees, maybe flip lr, maybe flip ud.

    Each step draws its own fair coin from its own subkey of ``key`` and applies it with
    ``lax.cond``, so the result is ``dihedral(img, t)`` for a uniformly random ``t``
    (:func:`transform_id` tells which).
    """
    img = jnp.asarray(img)
    _check_square(img)
    rot, lr, ud = _coins(key)
    img = random_rotate(img, rot)
    img = random_flip_lr(img, lr)
    img = random_flip_ud(img, ud)
    return img


def transform_id(key):
    """The transform number ``t`` (int32, 0..7) that ``augment(img, key)`` applies."""
    rot, lr, ud = (c.astype(jnp.int32) for c in _coins(key))
    return rot + 2 * lr + 4 * ud


@jax.jit
def augment_batch(images, key):
    """Augment each image of an ``(N, H, W, C)`` batch with its own key: ``vmap`` of :func:`augment`.

    The keys are ``jax.random.split(key, N)``. Under ``vmap`` each ``lax.cond`` becomes a
    ``select_n`` (in the jaxpr, both branches are computed for every image and one is kept). Because
    the three steps are jitted together, XLA fuses them into one loop over the output, and on CPU
    that loop only reads what the chosen branches need: this is about as fast as
    :func:`fast_augment_batch`. The 2022 three-pass pipeline is slow because it jits the steps separately.
    """
    keys = jax.random.split(key, images.shape[0])
    return jax.vmap(augment)(images, keys)


def transform_ids(key, n):
    """The ``(n,)`` int32 transform numbers that ``augment_batch(images, key)`` applies."""
    return jax.vmap(transform_id)(jax.random.split(key, n))


# The 2022 blog post jits each vmapped step separately and calls the three from Python.
_rotate_pass = jax.jit(jax.vmap(random_rotate))
_flip_lr_pass = jax.jit(jax.vmap(random_flip_lr))
_flip_ud_pass = jax.jit(jax.vmap(random_flip_ud))


def seed_flags(key, n):
    """The ``(3, n)`` int32 0/1 flags (rotate, flip lr, flip ud) that :func:`seed_pipeline` draws.

    As in the 2022 blog post: split the key, draw ``randint(0, 2)`` flags, and repeat for each step.
    This reproduces that post's misuse of keys on purpose, so that the baseline draws what the post
    drew: the flags are drawn with ``key``, and that same ``key`` is then split again for the next
    step (the subkey is never used). Do not copy it: draw with the subkey instead (see lesson 05).
    """
    flags = []
    for _ in range(3):
        key, _subkey = jax.random.split(key)
        flags.append(jax.random.randint(key, (n,), 0, 2))
    return jnp.stack(flags)


def seed_pipeline(images, key):
    """The 2022 blog post's pipeline: three separately jitted passes, each a ``vmap`` of ``lax.cond``.

    Rotate pass, then left-right flip pass, then up-down flip pass, called one after the other
    from Python: three compiled programs, so XLA cannot fuse them, and each one reads the whole
    batch and writes a new one. The baseline of ``python -m coursetools.bench``. Image ``i`` gets
    transform ``rot + 2 * lr + 4 * ud`` of ``seed_flags(key, N)[:, i]``.
    """
    images = jnp.asarray(images)
    _check_square(images.shape[1:])
    rot, lr, ud = seed_flags(key, images.shape[0])
    out = _rotate_pass(images, rot)
    out = _flip_lr_pass(out, lr)
    return _flip_ud_pass(out, ud)


# --- the fast pipeline ---------------------------------------------------------------------------
#
# Why a gather (measured on a 2-core CPU, 64 images of 800x800x3; see `python -m coursetools.bench`):
# - The 2022 pipeline's cost is its three separately jitted passes: three reads and writes of the batch.
#   Inside one jit, XLA fuses a vmapped chain of lax.cond (select_n) into a single loop whose
#   per-image branch is hoisted out of the inner loop, so jit(vmap(augment)) is as fast as this.
# - vmap of an 8-way lax.switch (select_n over 8 transforms) was about 4x slower than the gather;
#   lax.map + lax.switch (one branch per image, sequential loop, copy into the stacked output)
#   about 2.5x slower; lax.map of the per-image gather about 2x slower.
# - A gather with computed indices is one loop over the output, fused with the index arithmetic,
#   with the per-image choice hoisted, split across the cores. Non-rotated images cost about two
#   memcpys; rotated ones about three times more, since reading an image column by column is
#   cache-unfriendly (strip- and tile-ordered variants, pixel packing into uint32 and affine index
#   formulas were all slower in XLA).
# - The rotated images are the whole gap to memcpy, and XLA CPU (jax 0.10.2) has no fast path for
#   them: a transpose is emitted as a plain row-major loop over the output with three scalar byte
#   copies per pixel (see `jax.jit(f).lower(...).compile().as_text()` and the LLVM IR from
#   XLA_FLAGS=--xla_dump_to=DIR), and a batch of only-rotated images costs about 3x a batch of
#   only-flipped ones, whether written as this gather or as jnp.swapaxes. Also measured, same
#   process, interleaved rounds: rotation-as-transpose plus flips-as-lax.rev chosen per image with
#   jnp.where (XLA hoists the per-image choice, so each class costs what it costs here: equal within
#   noise); reshape-to-tiles transposes (b = 8..80) and optimization_barrier between two tile passes
#   (XLA folds them back into the same single loop: equal); the tile passes as separate loops (each
#   pass alone about as slow as the whole rotation); fori_loop over output column blocks or tiles
#   with dynamic_update_slice (2-3x slower: in-place update fusions run on one core, and the hoisted
#   index arrays are re-read every step); one gather on the flattened (N*H*W, C) pixel table (2x
#   slower); XLA_FLAGS --xla_cpu_use_fusion_emitters=false,
#   --xla_cpu_experimental_enable_tiling_propagation=true, --xla_cpu_use_thunk_runtime=false (no
#   consistent change); a transposed output layout (jax.experimental.layout: the transpose becomes a
#   free bitcast) copied back to the default layout by XLA (266 ms against 37-45 ms for swapaxes, on
#   a machine where memcpy takes 18-23 ms). An XLA loop pass over the batch already costs about
#   1.5x np.copyto (which uses non-temporal stores), so 4x the 2022 pipeline (about memcpy speed) is out of
#   reach for any XLA pass.


def source_indices(t, size):
    """Where each output pixel of ``dihedral(img, t)`` comes from, for a ``size`` x ``size`` image.

    Returns ``(rows, cols)``, two ``(size, size)`` int32 arrays with
    ``dihedral(img, t)[i, j] == img[rows[i, j], cols[i, j]]``; ``t`` may be traced. Every one of the
    8 transforms is an affine map of the pixel coordinates, so a little index arithmetic on two
    ``iota`` grids replaces the branches.
    """
    t = jnp.asarray(t, jnp.int32)
    i = lax.broadcasted_iota(jnp.int32, (size, size), 0)
    j = lax.broadcasted_iota(jnp.int32, (size, size), 1)
    last = size - 1
    # Undo the steps in reverse order: flip ud, then flip lr, then the rotation.
    i = jnp.where((t & 4) != 0, last - i, i)
    j = jnp.where((t & 2) != 0, last - j, j)
    rot = (t & 1) == 1
    # rot90 (counter-clockwise): out[i, j] = img[j, last - i]
    return jnp.where(rot, j, i), jnp.where(rot, last - i, j)


def dihedral_gather(img, t):
    """``dihedral(img, t)`` as one gather: each output pixel is read once from its source.

    No branches, so under ``vmap`` it stays a single pass (a batched gather), unlike a vmapped
    ``lax.switch``, which computes all 8 transforms and selects (a ``select_n`` with 8 cases).
    """
    img = jnp.asarray(img)
    _check_square(img)
    rows, cols = source_indices(t, img.shape[0])
    return img.at[rows, cols].get(mode="promise_in_bounds")


@jax.jit
def apply_transforms(images, t):
    """Apply transform ``t[i]`` to image ``i`` of a square ``(N, H, W, C)`` batch in a single pass.

    ``vmap`` of :func:`dihedral_gather`: XLA fuses the index arithmetic and the gather into one
    loop over the output, which it splits across the CPU's cores.
    """
    return jax.vmap(dihedral_gather)(images, jnp.asarray(t, jnp.int32))


def fast_transform_ids(key, n):
    """The ``(n,)`` int32 transform numbers (0..7, uniform) that :func:`fast_augment_batch` draws."""
    return jax.random.randint(key, (n,), 0, NUM_TRANSFORMS, dtype=jnp.int32)


@jax.jit
def fast_augment_batch(images, key):
    """Give each image of a square ``(N, H, W, C)`` batch one uniformly random dihedral transform.

    Same distribution as :func:`augment_batch` (each of the 8 transforms with probability 1/8,
    independently per image), but a single pass over the data: draw
    ``fast_transform_ids(key, N)`` and :func:`apply_transforms` them with one fused gather.
    """
    return apply_transforms(images, fast_transform_ids(key, images.shape[0]))


__all__ = [
    "NUM_TRANSFORMS",
    "apply_transforms",
    "augment",
    "augment_batch",
    "dihedral",
    "dihedral_all",
    "dihedral_gather",
    "dihedral_switch",
    "fast_augment_batch",
    "fast_transform_ids",
    "flip_lr",
    "flip_ud",
    "random_flip_lr",
    "random_flip_ud",
    "random_rotate",
    "rotate90",
    "seed_flags",
    "seed_pipeline",
    "source_indices",
    "transform_id",
    "transform_ids",
]
