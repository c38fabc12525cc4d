"""jaxcourse.promotion: the lattice computed from JAX has the arrows lesson 01 reads off it."""

from __future__ import annotations

import matplotlib

from jaxcourse.promotion import PLACE, promotion_edges

matplotlib.use("Agg")


def test_edges_are_jaxs_promotions_without_shortcuts():
    edges = promotion_edges()
    assert len(edges) == 24 and edges == sorted(edges)
    for arrow in [("b1", "i*"), ("i*", "u8"), ("u8", "i16"), ("i64", "f*"), ("u64", "f*"), ("f*", "f16"),
                  ("bf16", "f32"), ("f16", "f32"), ("f32", "f64"), ("c64", "c128")]:
        assert arrow in edges
    assert ("i32", "f32") not in edges and ("u8", "i32") not in edges  # implied by longer paths
    assert {n for edge in edges for n in edge} == set(PLACE)


def test_the_drawing_runs(monkeypatch):
    import matplotlib.pyplot as plt

    from jaxcourse.promotion import draw_promotion_lattice

    monkeypatch.setattr(plt, "show", lambda: None)
    draw_promotion_lattice()
    labels = {t.get_text() for t in plt.gcf().axes[0].texts}  # the node names (arrows have no text)
    assert labels - {""} == set(PLACE)
    plt.close("all")
