#!/usr/bin/env bash
# What tests/test_hub.py (a class on a real JupyterHub) needs besides the course virtualenv.
#
#   bash scripts/hub-env.sh        # or: make hub-env (part of make test)
#
# 1. configurable-http-proxy, JupyterHub's proxy, from npm into .venv/hub-proxy/ (git-ignored).
# 2. Only when other users cannot run the course virtualenv's Python: .venv/hub-python/, a copy of
#    that very interpreter (same build, so .venv's packages work with it unchanged) that finds its
#    libpython from its own location. Why: the venv is built from root's pyenv Python
#    (/root/.pyenv/versions/3.12.1 on these machines; Debian 12 has only python3.11). pyenv builds
#    it with --enable-shared and links bin/python3.12 with RUNPATH=/root/.pyenv/versions/3.12.1/lib,
#    so even a world-readable copy would look for libpython3.12.so.1.0 under root's 0700 home, and
#    another user gets "error while loading shared libraries". The copy (the interpreter, libpython
#    and the standard library; no site-packages, test suite, static library or Tk) gets
#    RUNPATH=$ORIGIN/../lib with patchelf (Debian's package, scripts/system-deps.sh), and its
#    extension modules, which need no libpython, lose their RUNPATH into /root. Python finds its
#    standard library from the executable's own location, so the copy runs from anywhere: the hub
#    test hard-links it into its class folder and builds the users' virtualenv on it. About 100 MB,
#    a few seconds once; later runs only check it.
#
# Quick when everything is there. Without npm, root or patchelf it says why and exits 0: the hub
# test is then skipped with the same reason.
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
base=$("$python" -c 'import sys; print(sys.base_prefix)')
version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
exe="$base/bin/python$version"
hub_python=$VENV/hub-python
source_stamp="$exe $(stat -c %Y "$exe") $(stat -c %Y "$base/lib/python$version/os.py")"
if [ -x "$hub_python/bin/python$version" ] && [ "$(cat "$hub_python/.source" 2>/dev/null)" = "$source_stamp" ]; then
    echo "hub-env: $hub_python (a copy of $base that every user can run) is up to date"
    exit 0
fi
if ! command -v patchelf >/dev/null 2>&1; then
    echo "hub-env: other users cannot run $python (its interpreter $exe lives under a folder they cannot" \
         "enter) and patchelf is missing to make a copy of it (scripts/system-deps.sh installs it);" \
         "tests/test_hub.py will be skipped" >&2
    exit 0
fi
echo "hub-env: other users cannot run $python; copying $base into $hub_python"
rm -rf "$hub_python"
mkdir -p "$hub_python/bin" "$hub_python/lib"
cp -a "$exe" "$hub_python/bin/"
ln -s "python$version" "$hub_python/bin/python3"
ln -s python3 "$hub_python/bin/python"
cp -a "$base"/lib/libpython*.so* "$hub_python/lib/" 2>/dev/null || true
# The standard library, without what no user's server needs (tar keeps modes and links).
tar -C "$base/lib" --exclude="python$version/site-packages/*" --exclude="python$version/test" \
    --exclude="python$version/idlelib" --exclude="python$version/tkinter" --exclude="python$version/turtledemo" \
    --exclude="python$version/config-$version-*" -cf - "python$version" | tar -C "$hub_python/lib" -xf -
mkdir -p "$hub_python/lib/python$version/site-packages"
if patchelf --print-needed "$hub_python/bin/python$version" | grep -q '^libpython'; then
    patchelf --set-rpath '$ORIGIN/../lib' "$hub_python/bin/python$version"
fi
for so in "$hub_python/lib/python$version/lib-dynload/"*.so "$hub_python"/lib/libpython*.so.*; do
    [ -f "$so" ] && [ -n "$(patchelf --print-rpath "$so" 2>/dev/null)" ] && patchelf --remove-rpath "$so"
done
chmod -R u+w,a+rX "$hub_python"
# Check it as another user from a folder they can enter (the checkout may sit in a 0700 folder).
check=$(mktemp -d /tmp/hub-python-check-XXXXXX)
chmod 711 "$check"
cp -al "$hub_python" "$check/python" 2>/dev/null || cp -a "$hub_python" "$check/python"
if ! out=$(runuser -u nobody -- "$check/python/bin/python$version" -I -c \
        'import sys, ssl, sqlite3, ctypes, venv, zlib; print(sys.prefix, sys.version.split()[0])' 2>&1); then
    rm -rf "$check"
    echo "hub-env: the copy in $hub_python does not run as another user: $out" >&2
    exit 1
fi
rm -rf "$check"
echo "hub-env: another user runs the copy: $out (prefix: where it was linked for the check)"
echo "$source_stamp" > "$hub_python/.source"
echo "hub-env: done"
