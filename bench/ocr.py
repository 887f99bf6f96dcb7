"""``python -m bench --only ocr``: the transcription engines' character and word error
rates (CER, WER) and pages per second.

No real scans are used: none with ground truth could be installed on this machine from
the package indexes it reaches (README, "Transcribing scans").  The pages here are
RENDERED from known text: ``rendered, clean`` (Pillow's own font, black on white),
``rendered, degraded`` (the same rotated 1.2°, blurred, speckled and scaled down to 55 %,
roughly a phone photo of a printed page) and ``rendered, handwriting font`` (a font made
from one person's handwriting: regular letters, none of a real hand's variation).  They
say how the engines compare and how fast they are, not how they do on real handwriting.

Texts: the sample notebook's pages and generated prose (Faker, seeded); both known
exactly, so CER/WER are measured against the text drawn.
"""

from __future__ import annotations

import random
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.report import table

CLEAN, DEGRADED, HANDWRITING = (
    "rendered, clean",
    "rendered, degraded",
    "rendered, handwriting font",
)
CONDITIONS = (CLEAN, DEGRADED, HANDWRITING)
HANDWRITING_FONT = Path("/usr/share/fonts/truetype/fifthhorseman/dkg.ttf")
"""Debian's ``fonts-dkg-handwriting`` (a font made from one person's handwriting), which
``scripts/bootstrap.sh`` installs with Tesseract; its row is left out where the font is
missing."""
WRAP = 58


@dataclass(frozen=True)
class Page:
    text: str
    image: Path
    condition: str


def page_texts(count: int, seed: int) -> list[str]:
    """The sample notebook's pages, then generated prose, ``count`` in all."""
    from faker import Faker

    from app import resources

    sample = resources.sample_notebook()
    texts = [p.strip() for p in sample.split("\f") if p.strip()]
    fake = Faker("en_US")
    fake.seed_instance(seed)
    while len(texts) < count:
        prose = " ".join(fake.sentence(nb_words=12) for _ in range(8))
        texts.append("\n".join(textwrap.wrap(prose, WRAP)))
    return texts[:count]


def conditions() -> tuple[str, ...]:
    """The conditions this machine can render (the handwriting font may be missing)."""
    return CONDITIONS if HANDWRITING_FONT.is_file() else (CLEAN, DEGRADED)


def render(
    text: str, path: Path, *, degraded: bool, rng: random.Random, handwriting: bool = False
) -> Path:
    from PIL import Image, ImageDraw, ImageFilter, ImageFont

    lines = [line.rstrip() for line in text.splitlines()]
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont = (
        ImageFont.truetype(str(HANDWRITING_FONT), 40)
        if handwriting
        else ImageFont.load_default(size=34)
    )
    step = 64 if handwriting else 56
    height = 120 + step * len(lines)
    image = Image.new("L", (1500 if handwriting else 1300, height), 255)
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((60, 60 + step * number), line, fill=0, font=font)
    if degraded:
        image = image.rotate(1.2, resample=Image.Resampling.BICUBIC, fillcolor=255, expand=True)
        image = image.filter(ImageFilter.GaussianBlur(1.1))
        pixels = image.load()
        assert pixels is not None
        width, tall = image.size
        for _ in range(width * tall // 150):
            x, y = rng.randrange(width), rng.randrange(tall)
            pixels[x, y] = rng.choice((0, 90, 200))
        image = image.resize((int(width * 0.55), int(tall * 0.55)), Image.Resampling.BILINEAR)
    image.save(path)
    return path


def make_pages(folder: Path, count: int, seed: int) -> list[Page]:
    rng = random.Random(seed)
    pages: list[Page] = []
    for number, text in enumerate(page_texts(count, seed)):
        for index, condition in enumerate(conditions()):
            image = render(
                text,
                folder / f"{number:03d}-{index}.png",
                degraded=condition == DEGRADED,
                handwriting=condition == HANDWRITING,
                rng=rng,
            )
            pages.append(Page(text, image, condition))
    return pages


def engines() -> list[str]:
    """Tesseract, and RapidOCR when it is installed."""
    import importlib.util

    from app.llm.ocr import tesseract_path

    found = ["tesseract"] if tesseract_path() else []
    if importlib.util.find_spec("rapidocr_onnxruntime") is not None:
        found.append("rapidocr")
    return found


def measure(engine: str, pages: Sequence[Page]) -> list[dict[str, Any]]:
    """One row per condition: pages, CER, WER (micro-averaged), pages per second (the
    engine's start-up, RapidOCR's model load, not counted)."""
    from app.domain.notebooks.transcription import ErrorRate, character_errors, word_errors
    from app.llm.ocr import open_engine

    reader = open_engine(engine)
    rows = []
    for condition in conditions():
        chosen = [p for p in pages if p.condition == condition]
        chars, words = ErrorRate(0, 0), ErrorRate(0, 0)
        started = time.perf_counter()
        for page in chosen:
            read = reader.read(page.image)
            chars += character_errors(page.text, read.text)
            words += word_errors(page.text, read.text)
        seconds = time.perf_counter() - started
        rows.append(
            {
                "engine": engine,
                "images": condition,
                "pages": len(chosen),
                "cer": round(chars.rate, 4),
                "wer": round(words.rate, 4),
                "pages_per_s": round(len(chosen) / seconds, 2) if seconds > 0 else 0.0,
            }
        )
    return rows


def bench_ocr(
    root: Path, *, pages: int = 12, seed: int = 7, log: Callable[[str], None] = lambda _: None
) -> list[dict[str, Any]]:
    folder = root / "ocr-pages"
    folder.mkdir(parents=True, exist_ok=True)
    made = make_pages(folder, pages, seed)
    rows: list[dict[str, Any]] = []
    for engine in engines():
        log(f"ocr: {engine} over {len(made)} rendered page images")
        rows += measure(engine, made)
    return rows


def render_rows(rows: Sequence[dict[str, Any]]) -> str:
    return table(
        ("engine", "images", "pages", "CER", "WER", "pages/s"),
        [
            (r["engine"], r["images"], r["pages"], r["cer"], r["wer"], r["pages_per_s"])
            for r in rows
        ],
    )
