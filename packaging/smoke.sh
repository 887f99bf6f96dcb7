#!/usr/bin/env bash
# Smoke test of the one-folder bundle (run by `make package`; not part of `make test`, the
# build takes minutes): the bundled executable, started from an empty folder with a clean
# environment (env -i: PATH=/usr/bin:/bin, HOME in a temporary folder, Qt offscreen; no
# virtual environment, no repository), prints its version and help, runs `demo` (spaCy and
# the cue-word reader over the sample journal) and `screenshot` (the window's views over
# the samples: Qt, its plugins, the icon, the resources). Prints each step's time, the
# bundle's size and its largest parts.
set -euo pipefail
bundle="$(cd "${1:-dist/inkling}" && pwd)"
exe="$bundle/inkling"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/work"
cd "$tmp/work"

step() {  # step NAME ARGS...: run the bundle clean, print the time, keep stdout in $tmp/NAME
  local name="$1"
  shift
  local start end
  start=$(date +%s%N)
  if ! env -i PATH=/usr/bin:/bin HOME="$tmp/home" QT_QPA_PLATFORM=offscreen \
      "$exe" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    echo "smoke: FAILED: inkling $*" >&2
    tail -n 30 "$tmp/$name.err" >&2
    exit 1
  fi
  end=$(date +%s%N)
  printf 'smoke: %-34s %6.2f s\n' "inkling $*" "$(( (end - start) / 10000000 ))e-2" >&2
}

step version --version
grep -q '^inkling ' "$tmp/version.out"
step help --help
grep -q 'screenshot' "$tmp/help.out"
step demo demo --json
grep -q '"suggestions"' "$tmp/demo.out"
step model model info --json
grep -q 'SmolLM2' "$tmp/model.out"
# names (spaCy, the Faker name lists) and the language check (py3langid's model) in the bundle
step import --data-dir "$tmp/data" notebook import "$bundle/_internal/app/resources/sample_notebook.txt" --json
step names --data-dir "$tmp/data" detect notebook 1 --detector names --json
grep -q '"outcome": "success"' "$tmp/names.out"
step screenshot screenshot --out "$tmp/shots"
shots=$(find "$tmp/shots" -name '*.png' -size +10k | wc -l)
[ "$shots" -ge 10 ] || { echo "smoke: FAILED: only $shots screenshots" >&2; exit 1; }
[ -f "$bundle/_internal/licenses/THIRD_PARTY_LICENSES.txt" ]
[ -f "$bundle/_internal/app/resources/licenses/third_party.json" ]

# The start to a window on a real X server, where Xvfb and xwininfo are installed: the
# time until the main window (WM_CLASS inkling, full size) is mapped, over an empty data
# folder (the welcome screen).
if command -v Xvfb >/dev/null && command -v xwininfo >/dev/null; then
  display=":$(( 90 + RANDOM % 9 ))"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
  start=$(date +%s%N)
  env -i PATH=/usr/bin:/bin HOME="$tmp/window-home" DISPLAY="$display" LANG=C.UTF-8 \
    "$exe" >"$tmp/window.err" 2>&1 &
  app=$!
  mapped=""
  for _ in $(seq 1 1200); do
    if xwininfo -display "$display" -root -tree 2>/dev/null \
        | grep -Eq '\("inkling" "Inkling"\) +[0-9]{3,}x[0-9]{3,}'; then
      mapped=$(( ($(date +%s%N) - start) / 10000000 ))
      break
    fi
    sleep 0.05
  done
  kill "$app" "$xvfb" 2>/dev/null || true
  wait "$app" "$xvfb" 2>/dev/null || true
  if [ -z "$mapped" ]; then
    echo "smoke: FAILED: no window within 60 s" >&2
    tail -n 30 "$tmp/window.err" >&2
    exit 1
  fi
  printf 'smoke: %-34s %6.2f s\n' "inkling (window mapped, Xvfb)" "${mapped}e-2" >&2
fi

echo "smoke: passed ($shots screenshots); the bundle takes $(du -sh "$bundle" | cut -f1) on disk" >&2
echo "smoke: largest parts:" >&2
{ du -s "$bundle"/_internal/*; du -s "$bundle"/_internal/PySide6/Qt/*; } 2>/dev/null \
  | sort -rn | head -n 14 | awk '{printf "  %6.1f MB  %s\n", $1 / 1024, $2}' | sed "s|$bundle/||" >&2
