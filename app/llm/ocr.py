"""On-device OCR engines: a page image in, its lines with their boxes out.

- ``tesseract`` (the default): Tesseract 5 with its English LSTM model, Debian's
  ``tesseract-ocr`` and ``tesseract-ocr-eng`` (``scripts/bootstrap.sh`` installs them),
  run as a process per page (``tesseract IMAGE stdout tsv``); its TSV gives each word's
  box, grouped here into lines.  Nothing is downloaded: the model is in the package.
- ``rapidocr``: RapidOCR (PaddleOCR's PP-OCRv4 models in ONNX, inside the
  ``rapidocr-onnxruntime`` wheel) when that package is installed; it is not by default
  (with OpenCV and ONNX Runtime it adds about 385 MB; README, "Transcribing scans").

An engine object is used from one thread at a time (the transcription's worker).
Failures raise :class:`OcrError` with one sentence.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Protocol

from app.domain.notebooks.transcription import (
    MAX_LINES,
    PageLines,
    TextLine,
    clean_line,
    rectangle,
)
from app.domain.progress import Cancelled, CancelToken
from app.llm.errors import ModelError

ENGINES: Final = ("tesseract", "rapidocr")
DEFAULT_ENGINE: Final = "tesseract"
TESSERACT_LANGUAGE: Final = "eng"
TESSERACT_TIMEOUT: Final = 300.0
"""Seconds one page may take before it is given up on."""
MAX_PIXELS: Final = 200_000_000


class OcrError(ModelError):
    """An engine that is missing or failed; ``str()`` is one sentence (a ModelError: the
    command line exits 2 and the window shows it as it shows a model's)."""


class OcrEngine(Protocol):
    name: str

    def read(self, image: Path, cancel: CancelToken | None = None) -> PageLines:
        """The page's lines in reading order with their boxes (image pixels)."""
        ...


def image_size(image: Path) -> tuple[int, int]:
    """Width and height of a page image (its first frame); OcrError if unreadable."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(image) as picture:
                return picture.size
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError):
        raise OcrError("The page image cannot be read.") from None


# ------------------------------------------------------------------- tesseract


def tesseract_lines(tsv: str) -> list[TextLine]:
    """Tesseract's TSV (level 5 rows are words) as lines: the words of one
    block/paragraph/line joined by spaces, boxed by the rectangle around them.  Only the
    first page of a multi-page TIFF (the page the window shows)."""
    lines: dict[tuple[str, str, str], list[tuple[str, int, int, int, int]]] = {}
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row.get("level") != "5" or row.get("page_num") != "1":
            continue
        word = clean_line(row.get("text") or "")
        if not word:
            continue
        try:
            left, top = int(row["left"]), int(row["top"])
            right, bottom = left + int(row["width"]), top + int(row["height"])
        except (KeyError, TypeError, ValueError):
            continue
        key = (row["block_num"], row["par_num"], row["line_num"])
        lines.setdefault(key, []).append((word, left, top, right, bottom))
    out: list[TextLine] = []
    for words in list(lines.values())[:MAX_LINES]:
        text = clean_line(" ".join(w[0] for w in words))
        box = rectangle(
            min(w[1] for w in words),
            min(w[2] for w in words),
            max(w[3] for w in words),
            max(w[4] for w in words),
        )
        out.append(TextLine(text, box))
    return out


def tesseract_path() -> str | None:
    """The ``tesseract`` program, or None when it is not installed."""
    return shutil.which("tesseract")


class TesseractEngine:
    name = "tesseract"

    def __init__(self, language: str = TESSERACT_LANGUAGE) -> None:
        program = tesseract_path()
        if program is None:
            raise OcrError(
                "Tesseract is not installed; install the tesseract-ocr and "
                "tesseract-ocr-eng packages (scripts/bootstrap.sh does)."
            )
        self.program = program
        self.language = language

    def read(self, image: Path, cancel: CancelToken | None = None) -> PageLines:
        if cancel is not None:
            cancel.raise_if_cancelled()
        width, height = image_size(image)
        # OMP_THREAD_LIMIT=1: one page at a time on one core (Tesseract's OpenMP threads
        # only contend with the model's).
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        command = [self.program, str(image), "stdout", "-l", self.language, "--psm", "3", "tsv"]
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env=env,
        )
        waited = 0.0
        try:
            while True:
                try:
                    out, _ = process.communicate(timeout=0.1)
                    break
                except subprocess.TimeoutExpired:
                    waited += 0.1
                    if cancel is not None and cancel.cancelled:
                        raise Cancelled() from None
                    if waited > TESSERACT_TIMEOUT:
                        raise OcrError(
                            f"Tesseract took longer than {TESSERACT_TIMEOUT:.0f} s on a page "
                            "and was stopped."
                        ) from None
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
        if process.returncode != 0:
            raise OcrError("Tesseract could not read the page image.")
        lines = tesseract_lines(out.decode("utf-8", errors="replace"))
        return PageLines(self.name, width, height, tuple(lines))


# -------------------------------------------------------------------- rapidocr


def _points(box: Sequence[Sequence[float]]) -> tuple[tuple[int, int], ...]:
    return tuple((round(float(x)), round(float(y))) for x, y in box)


class RapidOcrEngine:
    name = "rapidocr"

    def __init__(self) -> None:
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError:
            raise OcrError(
                "RapidOCR is not installed; install rapidocr-onnxruntime==1.4.4 into "
                "Inkling's environment to use it, or transcribe with Tesseract."
            ) from None
        self._ocr: Any = RapidOCR()

    def read(self, image: Path, cancel: CancelToken | None = None) -> PageLines:
        width, height = image_size(image)
        try:
            result, _ = self._ocr(str(image))
        except Exception as exc:
            raise OcrError("RapidOCR could not read the page image.") from exc
        lines: list[TextLine] = []
        for box, text, _confidence in (result or [])[:MAX_LINES]:
            cleaned = clean_line(str(text))
            if cleaned:
                lines.append(TextLine(cleaned, _points(box)))
        return PageLines(self.name, width, height, tuple(lines))


def open_engine(name: str) -> OcrEngine:
    """The engine called ``name`` (:data:`ENGINES`), ready to read; OcrError if it is
    missing."""
    if name == "tesseract":
        return TesseractEngine()
    if name == "rapidocr":
        return RapidOcrEngine()
    raise OcrError(f"There is no OCR engine called {name}; choose {' or '.join(ENGINES)}.")
