"""Lint: no removed JAX APIs in code, no absolute paths in notebooks, ruff clean (.py and .ipynb)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, read_nb, source

REMOVED = {
    r"\bDeviceArray\b": "DeviceArray (removed: use jax.Array)",
    r"\bShardedDeviceArray\b": "ShardedDeviceArray (removed: use jax.Array)",
    r"jax\.ops\.index_\w+|\bindex_(update|add|mul|min|max)\(": "jax.ops.index_* (removed: use x.at[...])",
    r"\balltrue\b": "jnp.alltrue (removed: use jnp.all)",
    r"from\s+jax\.config\s+import": "from jax.config import config (removed: use jax.config)",
    r"device_put_sharded|device_put_replicated": "device_put_sharded/replicated (removed: use jax.device_put "
                                                 "with a sharding)",
    r"jax\.tree_map\(|jax\.tree_multimap": "jax.tree_map / jax.tree_multimap (removed: use jax.tree.map)",
    r"tree_util\.tree_map\(": "jax.tree_util.tree_map (still works; house style is jax.tree.map)",
    r"jax\.experimental\.shard_map|jax\.experimental\.pjit|jax\.experimental\.maps": "old experimental "
        "sharding APIs (use jax.shard_map, jax.jit, jax.sharding)",
    r"jax\.random\.PRNGKey\(": "jax.random.PRNGKey (legacy: use jax.random.key)",
    r"\bpvary\b": "lax.pvary (removed in 0.10.0: use lax.pcast(x, name, to=\"varying\"))",
}
NOTEBOOK_DIRS = ("notebooks", "source", "release", "solutions")


def code_units() -> list[tuple[str, str]]:
    """(where, code) for every code cell of every course notebook and every Python file."""
    units = []
    for folder in NOTEBOOK_DIRS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            for i, cell in enumerate(read_nb(path)["cells"]):
                if cell["cell_type"] == "code":
                    units.append((f"{path.relative_to(ROOT)} cell {i}", source(cell)))
    for path in sorted((ROOT / "jaxcourse").rglob("*.py")):
        units.append((str(path.relative_to(ROOT)), path.read_text()))
    return units


def find_removed(code: str) -> list[str]:
    return [what for pattern, what in REMOVED.items() if re.search(pattern, code)]


@pytest.mark.parametrize("snippet", [
    "x = jax.ops.index_update(x, 0, 1.0)", "from jax.config import config", "jnp.alltrue(a == b)",
    "isinstance(x, jnp.DeviceArray)", "jax.device_put_sharded(xs, devs)", "jax.tree_map(f, t)",
    "from jax.experimental.shard_map import shard_map", "key = jax.random.PRNGKey(0)",
    "p = jax.lax.pvary(p, 'batch')",
])
def test_lint_catches_removed_api(snippet):
    assert find_removed(snippet), f"the lint misses {snippet!r}"


@pytest.mark.parametrize("snippet", ["x = x.at[0].set(1.0)", "jax.config.update('jax_enable_x64', True)",
                                     "jnp.all(a == b)", "jax.tree.map(f, t)", "key = jax.random.key(0)"])
def test_lint_accepts_modern_api(snippet):
    assert not find_removed(snippet)


def test_no_removed_jax_api_in_code():
    hits = [f"{where}: {what}" for where, code in code_units() for what in find_removed(code)]
    assert not hits, "removed JAX APIs in code:\n" + "\n".join(hits)


def test_no_absolute_paths_in_notebooks():
    pattern = re.compile("|".join(re.escape(str(p)) for p in {ROOT, ROOT.parent, Path.home(), Path("/tmp")}))
    hits = []
    for folder in NOTEBOOK_DIRS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            if pattern.search(path.read_text()):
                hits.append(str(path.relative_to(ROOT)))
    assert not hits, f"notebooks with an absolute path of this machine: {hits}"


def test_ruff_is_clean():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
