"""The course's images: load the shipped pictures by name, read a local folder, plot a grid.

Everything here works offline. The pictures live in ``jaxcourse/assets/`` (package data, listed
with their sources and licences in ``assets/PROVENANCE``) and are read with OpenCV::

    from jaxcourse import images
    images.available()                    # ['astronaut', 'camera', 'cat', ...]
    img = images.load("letter_f", 128)    # (128, 128, 3) uint8, RGB
    batch = images.load_batch(size=64)    # (8, 64, 64, 3) uint8, all shipped images
    images.show_grid(batch, titles=images.available())   # a matplotlib Figure (drawn as PNG)
    images.show_photos(batch)             # the same grid, as one JPEG: photographs

Arrays are NumPy ``uint8`` in RGB channel order, shape ``(H, W, 3)`` (``(N, H, W, 3)`` for a
batch). Pass them to ``jnp.asarray`` to get a ``jax.Array``.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path

import cv2
import numpy as np

#: File suffixes read by :func:`load_folder` (case-insensitive).
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")

_ASSETS = "assets"


def _asset_files() -> dict[str, resources.abc.Traversable]:
    folder = resources.files("jaxcourse").joinpath(_ASSETS)
    found = {}
    for entry in folder.iterdir():
        suffix = Path(entry.name).suffix.lower()
        if entry.is_file() and suffix in IMAGE_SUFFIXES:
            found[Path(entry.name).stem] = entry
    return found


def available() -> list[str]:
    """Names of the shipped images, sorted (the names :func:`load` accepts)."""
    return sorted(_asset_files())


def _size_hw(size: int | Sequence[int]) -> tuple[int, int]:
    """``size`` as ``(height, width)``: an int means a square."""
    if isinstance(size, (int, np.integer)):
        hw = (int(size), int(size))
    else:
        hw = tuple(int(s) for s in size)
        if len(hw) != 2:
            raise ValueError(f"size must be an int or a (height, width) pair, got {size!r}")
    if min(hw) < 1:
        raise ValueError(f"size must be positive, got {size!r}")
    return hw


def _read_rgb(path: str | Path) -> np.ndarray:
    """Read one image file as uint8 RGB ``(H, W, 3)`` (grey files become three equal channels)."""
    bgr = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if bgr is None:
        raise ValueError(f"OpenCV could not read an image from {str(path)!r}")
    return cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)


def resize(img: np.ndarray, size: int | Sequence[int]) -> np.ndarray:
    """Resize a uint8 ``(H, W, 3)`` image to ``size`` (int: square; or ``(height, width)``).

    Uses ``cv2.INTER_AREA``, which averages pixels when shrinking (no aliasing) and behaves like
    bilinear interpolation when enlarging. Returns the image itself when it already has that size.
    """
    h, w = _size_hw(size)
    img = np.asarray(img)
    if img.shape[:2] == (h, w):
        return img
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)  # OpenCV wants (width, height)


def load(name: str, size: int | Sequence[int] | None = None) -> np.ndarray:
    """Load the shipped image ``name`` as uint8 RGB ``(H, W, 3)``, resized to ``size`` if given.

    ``size`` is an int (a square) or ``(height, width)``. Unknown names raise a ``KeyError`` that
    lists the available ones.
    """
    files = _asset_files()
    if name not in files:
        raise KeyError(f"no shipped image named {name!r}; available: {', '.join(sorted(files))}")
    with resources.as_file(files[name]) as path:
        img = _read_rgb(path)
    return img if size is None else resize(img, size)


def load_batch(names: Iterable[str] | None = None, size: int | Sequence[int] = 128) -> np.ndarray:
    """Stack shipped images into a uint8 batch ``(N, H, W, 3)``; default: all of them, sorted."""
    if isinstance(names, str):
        raise TypeError("names must be a list of image names, not a single string")
    names = available() if names is None else list(names)
    if not names:
        raise ValueError("names is empty: ask for at least one image")
    return np.stack([load(n, size) for n in names])


def load_folder(path: str | Path, size: int | Sequence[int] | None = 128, limit: int | None = None) -> np.ndarray:
    """Read the jpg/png files of a local folder, sorted by name, as a uint8 batch ``(N, H, W, 3)``.

    This is the usual "download a batch of images, then read and resize them" step of an input
    pipeline without the download: put your own pictures in a folder and point this at it. Nothing touches the
    network. Every image is resized to ``size`` (an int for a square, or ``(height, width)``);
    with ``size=None`` they must already share one shape. ``limit`` keeps the first ``limit`` files.
    """
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise FileNotFoundError(f"image folder {str(folder)!r} does not exist (or is not a folder)")
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
    if limit is not None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, got {limit}")
        files = files[:limit]
    if not files:
        raise FileNotFoundError(f"no image files ({', '.join(IMAGE_SUFFIXES)}) in folder {str(folder)!r}")
    imgs = [_read_rgb(f) for f in files]
    if size is not None:
        imgs = [resize(img, size) for img in imgs]
    shapes = {img.shape for img in imgs}
    if len(shapes) > 1:
        raise ValueError(f"images have different shapes {sorted(shapes)}: pass size= to resize them")
    return np.stack(imgs)


def show_grid(images, titles: Sequence[str] | None = None, ncols: int = 4, size: float = 2.0):
    """Plot images (a batch ``(N, H, W[, 3])`` or a list) in a grid; return the matplotlib Figure.

    The figure is small (dpi 100, at most 9 x 3.5 inches, each cell about ``size`` inches) and is not
    registered with pyplot: a notebook shows it when it is the cell's last value (or through
    ``display(fig)``), and a script can ``fig.savefig(...)``. Accepts NumPy or JAX arrays.
    """
    from matplotlib.figure import Figure

    if hasattr(images, "shape"):  # one batch array: to the host whole (iterating a sharded jax.Array unstacks it)
        images = np.asarray(images)
    imgs = [np.asarray(img) for img in images]
    n = len(imgs)
    if n == 0:
        raise ValueError("no images to show")
    if titles is not None:
        titles = list(titles)
        if len(titles) != n:
            raise ValueError(f"got {len(titles)} titles for {n} images")
    ncols = max(1, min(int(ncols), n))
    nrows = math.ceil(n / ncols)
    width, height = ncols * size, nrows * size
    scale = min(1.0, 9.0 / width, 3.5 / height)
    fig = Figure(figsize=(width * scale, height * scale), dpi=100)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for i, ax in enumerate(axes.flat):
        ax.axis("off")
        if i >= n:
            continue
        img = imgs[i]
        if img.ndim == 2 or (img.ndim == 3 and img.shape[-1] == 1):
            ax.imshow(img.reshape(img.shape[:2]), cmap="gray", vmin=0, vmax=255)
        else:
            ax.imshow(img)
        if titles is not None:
            ax.set_title(str(titles[i]), fontsize=9)
    fig.tight_layout(pad=0.3)
    return fig


def show_photos(images, titles: Sequence[str] | None = None, ncols: int = 4, size: float = 2.0, quality: int = 85):
    """:func:`show_grid` for photographs: the grid rendered once as a JPEG, shown by Jupyter as an image.

    A notebook's figures are PNG, which keeps lines and text sharp; photographs compress far better
    as JPEG. Returns an ``IPython.display.Image`` (the cell's last value displays it).
    """
    from IPython.display import Image

    fig = show_grid(images, titles=titles, ncols=ncols, size=size)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="jpeg", dpi=fig.dpi, pil_kwargs={"quality": quality})
    return Image(data=buffer.getvalue(), format="jpeg")


__all__ = ["IMAGE_SUFFIXES", "available", "load", "load_batch", "load_folder", "resize", "show_grid", "show_photos"]
