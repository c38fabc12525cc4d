"""Text twins: every lesson and assignment source as a MyST Markdown file a reviewer reads as text.

JAX's own documentation keeps its notebooks paired with MyST Markdown (jupytext) so that a change
reads as a few lines of diff. Here each notebook that is edited by hand has a twin under ``text/``:

    notebooks/04_vmap.ipynb                    <->  text/notebooks/04_vmap.md
    source/04_vmap/04_vmap_exercises.ipynb     <->  text/source/04_vmap.md

(``text/``, not beside the notebook: nbgrader copies every file of ``source/<id>/`` into the
student's release, and the site reads ``notebooks/``.) A twin holds the cells' sources and their
``nbgrader`` metadata and tags, no outputs. Edit either side:

    python -m coursetools.build text [--only 04_vmap]

carries the side edited last over to the other (a notebook updated from its twin keeps the outputs
and ids of every cell whose source is unchanged, and is written in the build's form), and
``python -m coursetools.build lessons|assignments`` does the same before and after it runs.
``tests/test_text.py`` fails while a twin and its notebook differ.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = "text"
FORMAT = "md:myst"


def pairs(root: Path = ROOT, only: list[str] | None = None) -> list[tuple[Path, Path]]:
    """(notebook, twin) for every lesson and assignment source, optionally only some ids."""
    out = [(nb, root / TEXT / "notebooks" / f"{nb.stem}.md") for nb in sorted((root / "notebooks").glob("*.ipynb"))]
    for folder in sorted(p for p in (root / "source").iterdir() if p.is_dir()):
        for nb in sorted(folder.glob("*.ipynb")):
            out.append((nb, root / TEXT / "source" / f"{folder.name}.md"))
    if only:
        out = [(nb, md) for nb, md in out if md.stem in only]
    return out


def render(notebook: Path) -> str:
    """The twin's text for ``notebook``: sources and metadata in MyST Markdown, no outputs."""
    import jupytext

    nb = jupytext.read(notebook)
    nb.metadata = {"kernelspec": nb.metadata.get("kernelspec", {})} if nb.metadata.get("kernelspec") else {}
    for cell in nb.cells:  # one order for metadata keys, whichever order a tool wrote them in
        cell.metadata = _sorted(cell.metadata)
    return jupytext.writes(nb, fmt=FORMAT)


def _sorted(value):
    return {k: _sorted(value[k]) for k in sorted(value)} if isinstance(value, dict) else value


def in_sync(notebook: Path, twin: Path) -> bool:
    return twin.exists() and twin.read_text() == render(notebook)


def notebook_from_twin(notebook: Path, twin: Path) -> None:
    """Rewrite ``notebook``'s cells from ``twin``: outputs and ids kept where a code cell's source is
    unchanged; an edited cell keeps the id of the cell it replaces at its place (same index, same type),
    so that a one-sentence change is one changed cell in the notebook's diff too."""
    import jupytext
    import nbformat

    old = nbformat.read(notebook, as_version=4)
    new = jupytext.reads(twin.read_text(), fmt=FORMAT)
    spare = {}
    for cell in old.cells:
        spare.setdefault((cell.cell_type, cell.source), []).append(cell)
    cells, kept_ids = [], []
    for cell in new.cells:
        match = spare.get((cell.cell_type, cell.source))
        kept = match.pop(0) if match else None
        fresh = nbformat.from_dict(dict(cell))
        kept_ids.append(kept["id"] if kept is not None else None)
        if cell.cell_type == "code":
            fresh["outputs"] = kept.get("outputs", []) if kept is not None else []
            fresh["execution_count"] = kept.get("execution_count") if kept is not None else None
        cells.append(fresh)
    used = {i for i in kept_ids if i is not None}
    for k, (fresh, kept_id) in enumerate(zip(cells, kept_ids, strict=True)):
        if kept_id is None:
            here = old.cells[k] if k < len(old.cells) else None
            if here is not None and here.cell_type == fresh.cell_type and here.get("id") not in used:
                kept_id = here["id"]
            else:
                kept_id = nbformat.v4.new_code_cell().id[:8]
            used.add(kept_id)
        fresh["id"] = kept_id
    old.cells = cells
    # the build's form (build.clean_notebook): keys sorted, one-space indent, sources as lists of lines
    notebook.write_text(nbformat.writes(old) + "\n")


def sync(root: Path = ROOT, only: list[str] | None = None) -> list[str]:
    """Bring every pair into agreement, the side edited last winning; what was written, as lines."""
    done = []
    for notebook, twin in pairs(root, only):
        if in_sync(notebook, twin):
            continue
        if twin.exists() and os.stat(twin).st_mtime > os.stat(notebook).st_mtime:
            notebook_from_twin(notebook, twin)
            done.append(f"{notebook.relative_to(root)} <- {twin.relative_to(root)}")
            if in_sync(notebook, twin):
                continue
        twin.parent.mkdir(parents=True, exist_ok=True)
        twin.write_text(render(notebook))
        done.append(f"{notebook.relative_to(root)} -> {twin.relative_to(root)}")
    return done
