"""jaxcourse.images: the shipped images load offline, and the helpers behave."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import cv2
import numpy as np
import pytest

from jaxcourse import images

ASSETS = Path(str(resources.files("jaxcourse").joinpath("assets")))
MAX_BYTES = 150 * 1024


def test_available_is_sorted_and_has_eight_images():
    names = images.available()
    assert names == sorted(names)
    assert len(names) >= 8
    assert "letter_f" in names


@pytest.mark.parametrize("name", images.available())
def test_every_image_loads_as_uint8_rgb(name):
    img = images.load(name)
    assert img.dtype == np.uint8
    assert img.ndim == 3 and img.shape[2] == 3
    assert img.shape[0] >= 64 and img.shape[1] >= 64
    assert img.std() > 5, "a real picture, not a flat colour"


def test_load_is_rgb_not_bgr():
    card = images.load("letter_f")
    # The corner mark of the test card is red: R high, G and B low.
    r, g, b = card[20, 20]
    assert r > 180 and g < 80 and b < 80


def test_load_resizes_int_and_pair():
    assert images.load("cat", 64).shape == (64, 64, 3)
    assert images.load("cat", (48, 80)).shape == (48, 80, 3)  # (height, width)
    assert images.load("cat", 64).dtype == np.uint8


@pytest.mark.parametrize("bad", [0, (10,), (10, 20, 30), (-1, 5)])
def test_load_rejects_bad_sizes(bad):
    with pytest.raises(ValueError):
        images.load("cat", bad)


def test_unknown_name_lists_available_names():
    with pytest.raises(KeyError) as info:
        images.load("no_such_picture")
    message = str(info.value)
    assert "no_such_picture" in message
    for name in images.available():
        assert name in message


def test_load_batch_defaults_to_all_images():
    batch = images.load_batch(size=32)
    assert batch.shape == (len(images.available()), 32, 32, 3)
    assert batch.dtype == np.uint8
    np.testing.assert_array_equal(batch[0], images.load(images.available()[0], 32))


def test_load_batch_with_names_keeps_order():
    batch = images.load_batch(["rocket", "cat"], size=(24, 40))
    assert batch.shape == (2, 24, 40, 3)
    np.testing.assert_array_equal(batch[1], images.load("cat", (24, 40)))
    with pytest.raises(TypeError):
        images.load_batch("cat")
    with pytest.raises(ValueError):
        images.load_batch([])


def _write(path: Path, rgb: np.ndarray) -> None:
    assert cv2.imwrite(str(path), cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))


def test_load_folder_reads_sorted_files_and_resizes(tmp_path):
    red = np.zeros((40, 60, 3), np.uint8)
    red[..., 0] = 255
    blue = np.zeros((50, 50, 3), np.uint8)
    blue[..., 2] = 255
    _write(tmp_path / "b.png", blue)
    _write(tmp_path / "a.PNG", red)
    (tmp_path / "notes.txt").write_text("not an image")
    batch = images.load_folder(tmp_path, size=16)
    assert batch.shape == (2, 16, 16, 3) and batch.dtype == np.uint8
    assert tuple(batch[0, 8, 8]) == (255, 0, 0)  # a.PNG first, read as RGB
    assert tuple(batch[1, 8, 8]) == (0, 0, 255)
    assert images.load_folder(tmp_path, size=16, limit=1).shape == (1, 16, 16, 3)
    assert images.load_folder(str(tmp_path), size=(8, 12)).shape == (2, 8, 12, 3)


def test_load_folder_without_resize_needs_equal_shapes(tmp_path):
    _write(tmp_path / "a.png", np.zeros((10, 10, 3), np.uint8))
    assert images.load_folder(tmp_path, size=None).shape == (1, 10, 10, 3)
    _write(tmp_path / "b.png", np.zeros((12, 10, 3), np.uint8))
    with pytest.raises(ValueError, match="size="):
        images.load_folder(tmp_path, size=None)


def test_load_folder_errors_are_clear(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        images.load_folder(tmp_path / "missing")
    with pytest.raises(FileNotFoundError, match="no image files"):
        images.load_folder(tmp_path)
    (tmp_path / "broken.jpg").write_bytes(b"not a jpeg")
    with pytest.raises(ValueError, match="broken.jpg"):
        images.load_folder(tmp_path)


def test_show_grid_returns_small_figure():
    from matplotlib.figure import Figure

    batch = images.load_batch(size=16)
    fig = images.show_grid(batch, titles=images.available())
    assert isinstance(fig, Figure)
    assert fig.dpi >= 100
    w, h = fig.get_size_inches()
    assert w <= 9 and h <= 3.5
    assert len([ax for ax in fig.axes if ax.images]) == len(batch)
    gray = images.show_grid([batch[0, ..., 0], batch[1]], ncols=2)
    assert len(gray.axes) == 2
    with pytest.raises(ValueError):
        images.show_grid(batch, titles=["just one"])


def test_show_photos_is_one_jpeg():
    photo = images.show_photos(images.load_batch(size=16), ncols=8)
    assert photo.format == "jpeg" and photo.data[:2] == b"\xff\xd8"  # the JPEG start-of-image marker


# --- the shipped files ---------------------------------------------------------------------------


def _asset_images():
    return sorted(p for p in ASSETS.iterdir() if p.suffix.lower() in images.IMAGE_SUFFIXES)


def test_assets_are_small_and_at_least_eight():
    files = _asset_images()
    assert len(files) >= 8
    for path in files:
        assert path.stat().st_size < MAX_BYTES, f"{path.name} is {path.stat().st_size} bytes"


def test_provenance_names_every_file_with_a_licence():
    lines = (ASSETS / "PROVENANCE").read_text().splitlines()
    for path in _asset_images():
        starts = [i for i, line in enumerate(lines) if line.startswith(path.name + " ")]
        assert starts, f"PROVENANCE has no entry for {path.name}"
        entry = [lines[starts[0]]]
        for line in lines[starts[0] + 1 :]:
            if not line.startswith(" "):
                break
            entry.append(line)
        entry = " ".join(entry)
        assert "CC0" in entry or "public domain" in entry.lower(), f"no licence given for {path.name}"


def test_test_card_has_no_symmetry():
    card = images.load("letter_f", 64)
    variants = {np.ascontiguousarray(np.rot90(v, k)).tobytes() for v in (card, card[:, ::-1]) for k in range(4)}
    assert len(variants) == 8
