#!/usr/bin/env bash
# Create .venv (Python >= 3.12) and install requirements-dev.txt into it.
# Idempotent and fast when nothing changed: a stamp inside .venv records the
# hash of the requirements files and the interpreter, so pip runs only when
# one of them changes.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv
py="$venv/bin/python"
stamp="$venv/.requirements-stamp"

if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
    base=$(bash scripts/find-python.sh)
    echo "bootstrap: creating $venv with $base" >&2
    rm -rf "$venv"
    "$base" -m venv "$venv"
fi

want=$( { cat requirements.txt requirements-dev.txt; "$py" -VV; } | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "bootstrap: installing requirements-dev.txt" >&2
    # Some machines' pip config lists local wheel dirs that may be absent;
    # drop pip's warnings about those so real errors stay visible.
    "$py" -m pip install --disable-pip-version-check -q -r requirements-dev.txt 2>&1 \
        | { grep -v "^WARNING: Location 'file:" || true; }
    echo "$want" > "$stamp"
fi
