"""Lint: no removed JAX APIs in code, no absolute paths in notebooks, ruff clean (.py and .ipynb)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, read_nb, source

#: jax.core names removed in 0.10.0 (error with a hint until 0.11.0) and in 0.11.0 (CHANGELOG "Deprecations").
JAX_CORE_REMOVED = (
    "get_aval", "AbstractToken", "TraceTag", "call_impl", "mapped_aval", "unmapped_aval", "set_current_trace",
    "take_current_trace", "subjaxprs", "traverse_jaxpr_params",  # 0.10.0
    "CallPrimitive", "DebugInfo", "DropVar", "Effect", "Effects", "InconclusiveDimensionOperation",
    "JaxprTypeError", "abstract_token", "check_jaxpr", "concrete_or_error", "find_top_trace", "gensym",
    "get_opaque_trace_state", "is_concrete", "is_constant_dim", "is_constant_shape", "jaxprs_in_params",
    "new_jaxpr_eqn", "no_effects", "nonempty_axis_env_DO_NOT_USE", "primal_dtype_to_tangent_dtype",
    "unsafe_am_i_under_a_jit_DO_NOT_USE", "unsafe_am_i_under_a_vmap_DO_NOT_USE", "unsafe_get_axis_names_DO_NOT_USE",
    "valid_jaxtype", "JaxprPpContext", "JaxprPpSettings", "OutputType", "aval_mapping_handlers", "call",
    "concretization_function_error", "custom_typechecks", "literalable_types", "no_axis_name", "trace_ctx",  # 0.11.0
)
#: jax.interpreters.pxla names removed in 0.10.0 (the pmap machinery) and 0.11.0.
PXLA_REMOVED = (
    "MapTracer", "PmapExecutable", "parallel_callable", "shard_args", "xla_pmap_p", "Chunked", "NoSharding",
    "Replicated", "ShardedAxis", "ShardingSpec", "Unstacked", "spec_to_indices",  # 0.10.0
    "Index", "MeshAxisName", "MeshExecutable", "global_aval_to_result_handler", "global_result_handlers",
    "are_hlo_shardings_equal", "is_hlo_sharding_replicated", "ArrayMapping", "array_mapping_to_axis_resources",
    "op_sharding_to_indices",  # 0.11.0
)
# What JAX removed, with the release that removed it (JAX's CHANGELOG.md and its modules'
# _deprecations tables at the jax-v0.10.2 and jax-v0.11.0 tags, against the installed 0.12.0.1).
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
    # Removed in 0.10.0 with an error that named the replacement; since 0.11.0 a plain AttributeError.
    r"\bpvary\b": "lax.pvary (removed in 0.10.0, its hint gone in 0.11.0: use lax.pcast(x, name, to=\"varying\"))",
    r"\bjnp\.fix\(|jax\.numpy\.fix\b": "jnp.fix (removed in 0.10.0, its hint gone in 0.11.0: use jnp.trunc)",
    r"ad_checkpoint\.(checkpoint|remat)\b|from\s+jax\.ad_checkpoint\s+import\s+[^\n]*\b(checkpoint|remat)\b":
        "jax.ad_checkpoint.checkpoint/remat (removed in 0.10.0, its hint gone in 0.11.0: use jax.checkpoint)",
    r"\bsph_harm\(": "jax.scipy.special.sph_harm (removed in 0.10.0, its hint gone in 0.11.0: use sph_harm_y)",
    r"jax\.sharding\.use_mesh|\buse_mesh\(": "jax.sharding.use_mesh (removed in 0.7.1: use jax.set_mesh)",
    r"\bwith\s+(\w+\.)*\w*mesh\w*\s*:": "with mesh: (deprecated in 0.10.1, still warns in 0.12: use "
                                       "with jax.set_mesh(mesh):)",
    # Removed in 0.11.0 (JAX's CHANGELOG, and absent from the installed 0.12.0.1).
    r"jax\.cloud_tpu_init": "jax.cloud_tpu_init (removed in 0.11.0: JAX calls it itself; delete the call)",
    r"\bjax\.core\.(" + "|".join(JAX_CORE_REMOVED) + r")\b|from\s+jax\.core\s+import\s+[^\n]*\b("
        + "|".join(JAX_CORE_REMOVED) + r")\b": "jax.core internals (removed in 0.10.0 and 0.11.0: use jax.typeof for "
        "get_aval, jax.extend.core for the others, jax.errors for the error types)",
    r"jax\.interpreters\.pxla\.(" + "|".join(PXLA_REMOVED) + r")\b": "jax.interpreters.pxla internals (removed in "
        "0.10.0 and 0.11.0: use jax.sharding and jax.shard_map)",
    # Removed in 0.12.0 (deprecated in 0.11.0): jnp.cross of 2-vectors raises "Dimension must be 3";
    # a pattern cannot tell a 2-vector, so the "In older JAX" notes say it. Pallas (pl.dot,
    # pl.debug_checks_enabled, pltpu.HOST) lost names in 0.12.0 too; the course does not use Pallas.
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
    "p = jax.lax.pvary(p, 'batch')", "y = jnp.fix(x)", "from jax.ad_checkpoint import checkpoint",
    "f = jax.ad_checkpoint.remat(f)", "jax.scipy.special.sph_harm(m, n, t, p)", "import jax.cloud_tpu_init",
    "if jax.core.is_concrete(x):", "from jax.core import concrete_or_error", "aval = jax.core.get_aval(x)",
    "with mesh:", "with self.mesh:", "jax.sharding.use_mesh(mesh)", "jax.interpreters.pxla.ShardingSpec",
])
def test_lint_catches_removed_api(snippet):
    assert find_removed(snippet), f"the lint misses {snippet!r}"


@pytest.mark.parametrize("snippet", ["x = x.at[0].set(1.0)", "jax.config.update('jax_enable_x64', True)",
                                     "jnp.all(a == b)", "jax.tree.map(f, t)", "key = jax.random.key(0)",
                                     "y = jnp.trunc(x)", "f = jax.checkpoint(f)",
                                     "jax.scipy.special.sph_harm_y(n, m, t, p)", "with jax.set_mesh(mesh):",
                                     "jax.typeof(x)", "from jax.extend.core import Primitive",
                                     "p = jax.lax.pcast(p, 'batch', to='varying')"])
def test_lint_accepts_modern_api(snippet):
    assert not find_removed(snippet)


def test_no_removed_jax_api_in_code():
    hits = [f"{where}: {what}" for where, code in code_units() for what in find_removed(code)]
    assert not hits, "removed JAX APIs in code:\n" + "\n".join(hits)


#: The lessons that may ask for simulated devices (CONTRIBUTING.md): the two multi-device lessons.
SIMULATING_LESSONS = ("06_sharding", "07_collectives")


def test_only_the_multi_device_lessons_and_setup_cells_simulate_devices():
    """``simulate_cpu_devices`` (and the config it sets) runs only in lessons 06 and 07 and in an assignment's
    locked setup cell: everywhere else the environment picks the device count (DESIGN.md)."""
    pattern = re.compile(r"simulate_cpu_devices\(|jax_num_cpu_devices")
    hits = []
    for folder in NOTEBOOK_DIRS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            for i, cell in enumerate(read_nb(path)["cells"]):
                if cell["cell_type"] != "code" or not pattern.search(source(cell)):
                    continue
                setup = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "setup"
                if not (path.stem in SIMULATING_LESSONS and folder == "notebooks" or folder != "notebooks" and setup):
                    hits.append(f"{path.relative_to(ROOT)} cell {i}")
    assert not hits, f"only lessons {SIMULATING_LESSONS} and setup cells may simulate devices: {hits}"


def test_no_absolute_paths_in_notebooks():
    pattern = re.compile("|".join(re.escape(str(p)) for p in {ROOT, ROOT.parent, Path.home(), Path("/tmp")}))
    hits = []
    for folder in NOTEBOOK_DIRS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            nb = json.loads(path.read_text())
            for cell in nb["cells"]:  # figures are base64: "/tmp" can occur in their bytes by chance
                for out in cell.get("outputs", []):
                    out["data"] = {k: v for k, v in out.get("data", {}).items() if not k.startswith("image/")}
            if pattern.search(json.dumps(nb)):
                hits.append(str(path.relative_to(ROOT)))
    assert not hits, f"notebooks with an absolute path of this machine: {hits}"


def test_ruff_is_clean():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
