#!/usr/bin/env bash
# Print the real path of a Python >= 3.12, or exit 1.
# Every candidate is *run*, not just looked up: pyenv shims such as python3.13
# exist on PATH but fail unless that version is selected.
set -u

probe() {
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1
}

candidates=(python3.13 python3.12)

roots=()
if command -v pyenv >/dev/null 2>&1; then
    root=$(pyenv root 2>/dev/null) && roots+=("$root")
fi
roots+=("${PYENV_ROOT:-$HOME/.pyenv}" "$HOME/.pyenv")
for root in "${roots[@]}"; do
    for minor in 3.13 3.12; do
        # Newest patch release first.
        while IFS= read -r dir; do
            [ -n "$dir" ] && candidates+=("$dir/bin/python3")
        done < <(ls -d "$root"/versions/"$minor"* 2>/dev/null | sort -rV)
    done
done
candidates+=(python3)

for c in "${candidates[@]}"; do
    if probe "$c"; then
        # sys.executable resolves a shim to the interpreter behind it.
        "$c" -c 'import sys; print(sys.executable)'
        exit 0
    fi
done

echo "find-python: no Python >= 3.12 found (tried python3.13, python3.12," \
     "pyenv versions 3.13*/3.12*, python3). Install one, e.g. 'pyenv install 3.13'." >&2
exit 1
