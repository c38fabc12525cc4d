#!/usr/bin/env bash
# Install the Debian packages the test suite needs, when they are missing.
#
#   sudo bash scripts/system-deps.sh      # or as root: bash scripts/system-deps.sh
#
# Idempotent and quick when everything is there: it checks each package with dpkg first, runs
# `apt-get update` at most once, and installs only what is missing (without recommended
# packages). Not root or no apt-get: it prints what is missing and exits 0, so the tests that need
# those packages report SKIPPED instead of failing.
#
# What needs what:
#   chromium            headless browser for the JupyterLab tests (tests/test_browser.py, `pytest -m browser`),
#                       driven by Playwright for Python with executable_path=/usr/bin/chromium
#                       (Playwright's own browser download is never used: see README)
#   fonts-dejavu-core   a font, so that pages and screenshots render text
#   bubblewrap          the sandbox that grading runs each submission's kernel in (coursetools/grading/sandbox.py)
#   postgresql          a throw-away server for the parallel-grading test on PostgreSQL
#   nodejs, npm         only when there is no `node`/`npm` yet: JupyterHub's proxy
#                       (configurable-http-proxy, installed by scripts/hub-env.sh) for tests/test_hub.py
#   patchelf            scripts/hub-env.sh: a copy of a pyenv Python that finds its libpython from
#                       its own location ($ORIGIN/../lib), so that the hub's users can run it
set -euo pipefail

PACKAGES=(
    chromium
    fonts-dejavu-core
    bubblewrap
    postgresql
    patchelf
)
# A Node.js from elsewhere (NodeSource's nodejs bundles npm and conflicts with Debian's npm package)
# is used as it is.
command -v node >/dev/null 2>&1 || PACKAGES+=(nodejs)
command -v npm >/dev/null 2>&1 || PACKAGES+=(npm)

missing=()
for pkg in "${PACKAGES[@]}"; do
    if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        echo "system-deps: $pkg is installed"
    else
        missing+=("$pkg")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "system-deps: nothing to install"
    exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "system-deps: missing ${missing[*]}; run this script as root on Debian/Ubuntu to install them" >&2
    echo "system-deps: (the tests that need them will be skipped)" >&2
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
echo "system-deps: apt-get update"
apt-get update -qq
echo "system-deps: apt-get install ${missing[*]}"
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "system-deps: done"
