#!/usr/bin/env bash
# What tests/test_hub.py (a class on a real JupyterHub) needs besides the course virtualenv.
#
#   bash scripts/hub-env.sh        # or: make hub-env (part of make test)
#
# 1. configurable-http-proxy, JupyterHub's proxy, from npm into .venv/hub-proxy/ (git-ignored).
# 2. Only when other users cannot run the course virtualenv's Python (e.g. pyenv's, under root's
#    0700 home): .venv/hub/, a virtualenv of the same requirements.txt on a system Python of the
#    same version that every user can run, which is what a hub image has. pip resolves it for that
#    interpreter (a package may need a newer patch release than the system's), so it is a real
#    install, not a copy (about a minute once; later runs install only what requirements.txt changed).
#
# Quick when everything is there. Without npm, root or such a Python it says why and exits 0: the
# hub test is then skipped with the same reason.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PROXY_VERSION=5.1.0  # 5.1 runs on Debian 12's Node 18; 5.2 and later want Node 20

proxy_dir=$VENV/hub-proxy
if [ -x "$proxy_dir/node_modules/.bin/configurable-http-proxy" ] && \
        [ "$(cat "$proxy_dir/.version" 2>/dev/null)" = "$PROXY_VERSION" ]; then
    echo "hub-env: configurable-http-proxy $PROXY_VERSION is installed"
elif command -v npm >/dev/null 2>&1; then
    echo "hub-env: npm install configurable-http-proxy@$PROXY_VERSION into $proxy_dir"
    mkdir -p "$proxy_dir"
    npm install --prefix "$proxy_dir" --no-audit --no-fund --no-save --loglevel=error \
        "configurable-http-proxy@$PROXY_VERSION"
    echo "$PROXY_VERSION" > "$proxy_dir/.version"
else
    echo "hub-env: npm is missing (scripts/system-deps.sh installs nodejs and npm as root);" \
         "tests/test_hub.py will be skipped" >&2
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "hub-env: not root: tests/test_hub.py (which creates Unix users) will be skipped"
    exit 0
fi
python=$VENV/bin/python
if runuser -u nobody -- "$python" -I -c "import sys" >/dev/null 2>&1; then
    echo "hub-env: every user can run $python: the hub test uses the course virtualenv's packages"
    exit 0
fi
version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
shared=""
for candidate in "/usr/bin/python$version" "/usr/local/bin/python$version"; do
    if [ -x "$candidate" ] && runuser -u nobody -- "$candidate" -I -c "import venv" >/dev/null 2>&1; then
        shared=$candidate
        break
    fi
done
if [ -z "$shared" ]; then
    echo "hub-env: other users cannot run $python and there is no python$version they can run" \
         "(apt-get install python$version); tests/test_hub.py will be skipped" >&2
    exit 0
fi
hub=$VENV/hub
if cmp -s requirements.txt "$hub/requirements.txt"; then
    echo "hub-env: $hub ($shared) is up to date"
    exit 0
fi
echo "hub-env: other users cannot run $python; installing requirements.txt into $hub on $shared"
if [ "$(readlink -f "$hub/bin/python" 2>/dev/null)" != "$(readlink -f "$shared")" ]; then
    rm -rf "$hub"
    "$shared" -m venv --without-pip "$hub"
fi  # else pip below installs only what requirements.txt changed
# The course package itself is copied in by the test (fresh each run), so no editable install here.
grep -v '^-e ' requirements.txt > "$hub/requirements-hub.txt"
"$python" -m pip --python "$hub/bin/python" install --quiet -r "$hub/requirements-hub.txt"
# ipykernel's install leaves an empty tmp*_kernels folder in $TMPDIR: give it one we remove.
scratch="$(mktemp -d)"
TMPDIR="$scratch" "$hub/bin/python" -m ipykernel install --sys-prefix --name jax-course --display-name "Python 3 (JAX course)"
rm -rf "$scratch"
cp requirements.txt "$hub/requirements.txt"
echo "hub-env: done"
