#!/usr/bin/env bash
# Prints the path of a Python 3.12 or newer (JAX 0.11 dropped 3.11), or says in one sentence what it
# needs and what it found. PYTHON=/path/to/python overrides the search.
set -u
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }
if [ -n "${PYTHON:-}" ]; then
    if ok "$PYTHON"; then command -v "$PYTHON"; exit 0; fi
    found=$("$PYTHON" -c 'import sys; print("Python %d.%d" % sys.version_info[:2])' 2>/dev/null || echo "no Python")
    echo "The course needs Python 3.12 or newer (JAX 0.12 supports 3.12-3.14); PYTHON=$PYTHON is $found." >&2
    exit 1
fi
# On PATH first, then pyenv's installs (a pyenv shim fails for a version that is not selected).
candidates=()
for name in python3.12 python3.13 python3.14 python3; do
    path=$(command -v "$name" 2>/dev/null) && candidates+=("$path")
done
pyenv_root=$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")
for path in "$pyenv_root"/versions/3.1[2-9]*/bin/python3; do
    [ -x "$path" ] && candidates+=("$path")
done
for path in "${candidates[@]}"; do
    if ok "$path"; then "$path" -c 'import sys; print(sys.executable)'; exit 0; fi
done
found=$(python3 -c 'import sys; print("Python %d.%d" % sys.version_info[:2])' 2>/dev/null || echo "no python3 at all")
echo "The course needs Python 3.12 or newer (JAX 0.12 supports 3.12-3.14) and found $found on PATH: install one (python.org, your package manager or pyenv) or name it with make PYTHON=/path/to/python3.12." >&2
exit 1
