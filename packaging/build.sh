#!/usr/bin/env bash
# `make package`: the one-folder desktop bundle in dist/inkling/ (packaging/inkling.spec),
# then its smoke test (packaging/smoke.sh). Prints the build time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bin=.venv/bin
start=$(date +%s)
if ! /sbin/ldconfig -p 2>/dev/null | grep -q 'libxcb-cursor\.so\.0'; then
  echo "package: libxcb-cursor0 and the other X11 libraries Qt needs are not installed;" \
    "the bundle will need them on the user's machine (README: Packaging)" >&2
fi
"$bin/python" packaging/licenses.py --texts build/licenses/THIRD_PARTY_LICENSES.txt
"$bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/inkling.spec
echo "package: built dist/inkling in $(( $(date +%s) - start )) s" >&2
bash packaging/smoke.sh dist/inkling
start=$(date +%s)
tar -C dist -czf dist/inkling-linux-x86_64.tar.gz inkling
echo "package: dist/inkling-linux-x86_64.tar.gz, $(du -h dist/inkling-linux-x86_64.tar.gz | cut -f1)" \
  "($(( $(date +%s) - start )) s)" >&2
