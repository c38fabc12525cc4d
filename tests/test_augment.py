"""coursetools.augment: every pipeline applies one of the 8 symmetries of the square, as documented.

Also smoke-tests ``python -m coursetools.bench --quick`` (its output format, never its timings).
"""

from __future__ import annotations

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from coursetools import augment as A
from coursetools import bench
from jaxcourse import images

SIZE = 24


@pytest.fixture(scope="module")
def batch():
    return jnp.asarray(images.load_batch(size=SIZE))


@pytest.fixture(scope="module")
def card():
    return jnp.asarray(images.load("letter_f", SIZE))


def numpy_dihedral(img, t):
    """The documented numbering, written with NumPy: rot90 (ccw), then flip lr, then flip ud."""
    img = np.asarray(img)
    if t & 1:
        img = np.rot90(img)
    if t & 2:
        img = img[:, ::-1]
    if t & 4:
        img = img[::-1]
    return img


def which_transform(out, img):
    """The ``t`` with ``dihedral(img, t) == out`` (the test images have no symmetry)."""
    matches = [t for t in range(8) if np.array_equal(np.asarray(out), numpy_dihedral(img, t))]
    assert len(matches) == 1, f"output matches transforms {matches}, expected exactly one"
    return matches[0]


def transforms_of_batch(out, batch):
    return [which_transform(o, i) for o, i in zip(np.asarray(out), np.asarray(batch), strict=True)]


# --- single transforms ---------------------------------------------------------------------------


def test_test_images_have_eight_distinct_transforms(batch):
    for img in np.asarray(batch):
        assert len({numpy_dihedral(img, t).tobytes() for t in range(8)}) == 8


def test_basic_transforms_match_numpy(card):
    c = np.asarray(card)
    np.testing.assert_array_equal(A.rotate90(card), np.rot90(c))
    np.testing.assert_array_equal(A.rotate90(card, k=3), np.rot90(c, 3))
    np.testing.assert_array_equal(A.rotate90(card, k=4), c)
    np.testing.assert_array_equal(A.flip_lr(card), np.fliplr(c))
    np.testing.assert_array_equal(A.flip_ud(card), np.flipud(c))
    np.testing.assert_array_equal(A.flip_lr(A.flip_lr(card)), c)


@pytest.mark.parametrize("t", range(8))
def test_dihedral_static_traced_and_gather_agree(card, t):
    expected = numpy_dihedral(card, t)
    np.testing.assert_array_equal(A.dihedral(card, t), expected)
    np.testing.assert_array_equal(A.dihedral(card, jnp.int32(t)), expected)
    np.testing.assert_array_equal(jax.jit(A.dihedral)(card, t), expected)
    np.testing.assert_array_equal(A.dihedral_gather(card, jnp.int32(t)), expected)
    np.testing.assert_array_equal(A.dihedral_switch(card, jnp.int32(t)), expected)
    np.testing.assert_array_equal(A.dihedral_all(card)[t], expected)
    rows, cols = A.source_indices(t, SIZE)
    np.testing.assert_array_equal(np.asarray(card)[np.asarray(rows), np.asarray(cols)], expected)


def test_dihedral_all_is_closed_under_the_group(card):
    """Transforming any of the 8 variants again gives back the same set of 8 images."""
    variants = {np.asarray(v).tobytes() for v in A.dihedral_all(card)}
    for v in A.dihedral_all(card):
        assert {np.asarray(w).tobytes() for w in A.dihedral_all(v)} == variants


def test_rotations_need_square_images():
    wide = jnp.zeros((4, 6, 3), jnp.uint8)
    for fn in (lambda x: A.dihedral(x, 1), A.dihedral_all, lambda x: A.augment(x, jax.random.key(0))):
        with pytest.raises(ValueError, match="square"):
            fn(wide)
    with pytest.raises(ValueError, match="square"):
        A.fast_augment_batch(wide[None], jax.random.key(0))
    with pytest.raises(ValueError):
        A.dihedral(jnp.zeros((4, 4, 3)), 8)


# --- random pipelines ----------------------------------------------------------------------------


def test_augment_is_one_of_the_eight_and_matches_transform_id(card):
    seen = set()
    augment = jax.jit(A.augment)
    for i in range(16):
        key = jax.random.key(i)
        out = augment(card, key)
        assert out.dtype == jnp.uint8 and out.shape == card.shape
        t = which_transform(out, card)
        assert t == int(A.transform_id(key))
        seen.add(t)
    assert len(seen) >= 4, "16 keys should give several different transforms"


@pytest.mark.parametrize(
    "pipeline, ids",
    [
        (A.augment_batch, A.transform_ids),
        (A.fast_augment_batch, A.fast_transform_ids),
        (A.seed_pipeline, lambda key, n: (np.asarray(A.seed_flags(key, n)) * [[1], [2], [4]]).sum(0)),
    ],
    ids=["augment_batch", "fast_augment_batch", "seed_pipeline"],
)
def test_batch_pipelines_apply_the_documented_transforms(batch, pipeline, ids):
    key = jax.random.key(7)
    out = pipeline(batch, key)
    assert out.dtype == jnp.uint8 and out.shape == batch.shape
    got = transforms_of_batch(out, batch)
    assert got == [int(t) for t in ids(key, len(batch))]
    # values are only moved, never changed
    for o, i in zip(np.asarray(out), np.asarray(batch), strict=True):
        np.testing.assert_array_equal(np.sort(o, axis=None), np.sort(i, axis=None))


@pytest.mark.parametrize("pipeline", [A.augment_batch, A.fast_augment_batch, A.seed_pipeline])
def test_same_key_same_output_and_keys_vary(batch, pipeline):
    a = pipeline(batch, jax.random.key(1))
    b = pipeline(batch, jax.random.key(1))
    np.testing.assert_array_equal(a, b)
    outputs = {np.asarray(pipeline(batch, jax.random.key(k))).tobytes() for k in range(6)}
    assert len(outputs) == 6, "different keys should give different augmentations"


def test_pipelines_work_under_jit(batch, card):
    key = jax.random.key(3)
    np.testing.assert_array_equal(jax.jit(A.augment)(card, key), A.augment(card, key))
    # the batch pipelines are jitted already; they also compose with an outer jit
    outer = jax.jit(lambda b, k: A.fast_augment_batch(b, k)[::-1])
    np.testing.assert_array_equal(outer(batch, key), A.fast_augment_batch(batch, key)[::-1])
    t = A.fast_transform_ids(key, len(batch))
    np.testing.assert_array_equal(jax.jit(A.apply_transforms)(batch, t), A.apply_transforms(batch, t))


def test_vmap_of_cond_becomes_select_n(batch):
    flags = jnp.array([0, 1] * (len(batch) // 2))
    single = str(jax.make_jaxpr(A.random_rotate)(batch[0], flags[0]))
    assert "cond[" in single
    batched = str(jax.make_jaxpr(jax.vmap(A.random_rotate))(batch, flags))
    assert "select_n" in batched and "cond[" not in batched
    assert "select_n" in str(jax.make_jaxpr(A.augment_batch)(batch, jax.random.key(0)))


def test_vmapped_switch_selects_among_all_branches(batch):
    t = jnp.arange(len(batch)) % 8
    jaxpr = str(jax.make_jaxpr(jax.vmap(A.dihedral_switch))(batch, t))
    assert "select_n" in jaxpr and "cond[" not in jaxpr
    np.testing.assert_array_equal(jax.vmap(A.dihedral_switch)(batch, t), jax.vmap(A.dihedral)(batch, t))


def test_fast_pipeline_is_one_gather_without_branches(batch):
    jaxpr = str(jax.make_jaxpr(A.fast_augment_batch)(batch, jax.random.key(0)))
    assert jaxpr.count("gather[") == 1
    assert "cond[" not in jaxpr and "select_n" in jaxpr  # selects on indices, not on images


def test_fast_and_reference_pipelines_have_the_same_distribution(card):
    """Both pipelines use every one of the 8 transforms, about equally often."""
    n = 64
    many = jnp.broadcast_to(card, (n,) + card.shape)
    key = jax.random.key(11)
    for pipeline in (A.augment_batch, A.fast_augment_batch):
        counts = np.bincount(transforms_of_batch(pipeline(many, key), many), minlength=8)
        assert counts.min() >= 1, f"{pipeline.__name__} never used some transform: counts {counts}"
    # the transform numbers the two pipelines draw (checked above to be what they apply), at scale
    for ids in (A.transform_ids, A.fast_transform_ids):
        counts = np.bincount(np.asarray(ids(key, 8000)), minlength=8)
        assert np.all(np.abs(counts - 1000) < 150), f"{ids.__name__}: uneven counts {counts}"


def test_apply_transforms_matches_opencv(batch):
    t = np.arange(len(batch)) % 8
    np.testing.assert_array_equal(A.apply_transforms(batch, t), bench.opencv_augment(np.asarray(batch), t))


# --- the benchmark -------------------------------------------------------------------------------


def test_bench_quick_prints_json_summary_last(capsys):
    assert bench.main(["--quick"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    for key in ("seed_ms", "reference_ms", "opencv_ms", "memcpy_ms", "devices", "backend"):
        assert key in summary
    for key in ("seed_ms", "reference_ms", "opencv_ms", "memcpy_ms"):
        assert summary[key] > 0
    assert summary["backend"] == jax.default_backend()
    assert summary["devices"] == jax.device_count()
