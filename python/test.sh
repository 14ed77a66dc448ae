#!/usr/bin/env bash
# The Python package's tests: a virtual environment (python/.venv, or
# $CARCASSONNE_VENV) with the pinned tools of requirements-test.txt, the
# package built from this checkout and installed into it, then pytest.
#
#   python/test.sh            # build as users get it (release profile)
#   PROFILE=dev python/test.sh  # quicker build (CI): the engine crate is
#                               # optimised in the dev profile anyway
#   WITH_RAY=1 python/test.sh   # also install ray and run tests/test_ray.py
#
# Extra arguments go to pytest.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${CARCASSONNE_VENV:-$here/.venv}
python=${PYTHON:-python3}

if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
    # Debian's own python3 keeps venv in a package of its own.
    if command -v apt-get >/dev/null 2>&1; then
        echo "installing python3-venv" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv >&2
    fi
    "$python" -m venv "$venv"
fi
# The maturin build backend runs `maturin` from PATH.
export PATH="$venv/bin:$PATH"
pip=("$venv/bin/python" -m pip --disable-pip-version-check)
"${pip[@]}" install -q -r "$here/requirements-test.txt"
if [ -n "${WITH_RAY:-}" ]; then
    "${pip[@]}" install -q "ray==2.60.0"
fi
# maturin builds the extension with cargo (sharing $CARGO_TARGET_DIR) and
# pip installs the wheel; --no-build-isolation uses the pinned maturin above.
export MATURIN_PEP517_ARGS="--profile ${PROFILE:-release}"
"${pip[@]}" install -q --no-build-isolation --force-reinstall --no-deps "$here"
# tests/test_cli.py checks records against the command line when it finds
# the binary: $CARCASSONNE_BIN, else one cargo built here.
if [ -z "${CARCASSONNE_BIN:-}" ]; then
    for b in "${CARGO_TARGET_DIR:-$here/../target}"/{release,debug}/carcassonne; do
        if [ -x "$b" ]; then
            export CARCASSONNE_BIN=$b
            break
        fi
    done
fi
# pytest, not `python -m pytest`: the latter puts the current folder first
# on sys.path, and from python/ that is the source folder carcassonne/,
# without the built extension.
cd "$here/tests"
"$venv/bin/pytest" -p no:cacheprovider . "$@"
