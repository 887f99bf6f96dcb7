#!/usr/bin/env bash
# `make package`: the one-folder desktop bundle in dist/inkling/ (packaging/inkling.spec),
# then its smoke test (packaging/smoke.sh). Prints the build time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bin=.venv/bin
start=$(date +%s)
"$bin/python" packaging/licenses.py --texts build/licenses/THIRD_PARTY_LICENSES.txt
"$bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/inkling.spec
echo "package: built dist/inkling in $(( $(date +%s) - start )) s" >&2
bash packaging/smoke.sh dist/inkling
