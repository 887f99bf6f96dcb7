"""A model's name as a person reads it.

A GGUF header's ``general.name`` is whatever the converter wrote ("Smollm2 135M 8k Lc100K
Mix1 Ep2" for the embedded default), so the app never shows it.  Instead:

- the embedded default is "SmolLM2 135M Instruct (built in)";
- a file from the recommended list is that list's title ("Qwen2.5 1.5B Instruct");
- any other file is its file name, cleaned: the quantisation suffix dropped, separators
  turned into spaces, sizes written as people write them ("llama-3.2-3b-instruct-Q4_K_M
  .gguf" reads "Llama 3.2 3B Instruct").
"""

from __future__ import annotations

import re
from pathlib import Path

from app.domain.models_catalog import ModelCatalog
from app.llm import default_model_path
from app.services.errors import InvalidInputError
from app.services.models.catalog import load_catalog

DEFAULT_MODEL_TITLE = "SmolLM2 135M Instruct"
BUILT_IN = f"{DEFAULT_MODEL_TITLE} (built in)"

_QUANT_SUFFIX = re.compile(
    r"(?:(?:^|[-_.])(?:i?q\d(?:_[a-z0-9]+)*|f16|f32|bf16|fp16|fp32|imat(?:rix)?))+$", re.IGNORECASE
)
"""The end of a file name that says how it was quantised ("-Q4_K_M", ".f16"), not what it is."""
_SIZE = re.compile(r"^\d+(?:\.\d+)?[kmbt]$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[-_\s]+")


def clean_file_name(path: Path | str) -> str:
    """A readable name from a model file's name ("qwen2.5-0.5b-instruct-q4_k_m.gguf" ->
    "Qwen2.5 0.5B Instruct"); the file name itself when nothing readable is left."""
    name = Path(path).name
    stem = name[: -len(".gguf")] if name.lower().endswith(".gguf") else name
    words = [w for w in _SEPARATORS.split(_QUANT_SUFFIX.sub("", stem)) if w]
    if not words:
        return name
    shown = []
    for word in words:
        if _SIZE.match(word):
            shown.append(word[:-1] + word[-1].upper())
        elif word.islower() and not re.fullmatch(r"v\d.*", word):
            shown.append(word[0].upper() + word[1:])
        else:
            shown.append(word)
    return " ".join(shown)


def _is_default(path: Path) -> bool:
    default = default_model_path()
    if default is None:
        return False
    try:
        return default.resolve() == Path(path).expanduser().resolve()
    except OSError:
        return False


def display_name(path: Path | str, *, catalog: ModelCatalog | None = None) -> str:
    """What the app calls the model in ``path`` (see the module doc).  Reads no file."""
    path = Path(path)
    if _is_default(path):
        return BUILT_IN
    if catalog is None:
        try:
            catalog = load_catalog()
        except InvalidInputError:
            catalog = None
    entry = catalog.find(path.name) if catalog is not None else None
    return entry.title if entry is not None else clean_file_name(path)
