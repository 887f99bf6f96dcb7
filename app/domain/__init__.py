"""Pure domain logic: completion detection, anchoring and re-anchoring, and notebook
detectors.

Pure means: no Qt, SQLAlchemy, Alembic, llama.cpp or spaCy, and no wall clock (the
callers hand in dates). It is the standard library plus PyYAML (the front matter of
Markdown notes, ``journal_formats``). The only file it reads is a swear-word lexicon: the
one shipped in ``app.resources``, or one a caller names. ``tests/test_architecture.py``
holds it to the imports.
"""

from app.domain.guardrail import MEDICATION_GUARDRAIL
from app.domain.journal.candidates import MAX_CANDIDATES, Candidate, TargetRow, build_candidates
from app.domain.journal.completions import CompletionDetected, detect_completions
from app.domain.journal.facts import resolve_amount, resolve_day
from app.domain.journal.parse import Draft, parse_reply
from app.domain.journal.prompt import build_detection_prompt
from app.domain.journal.reanchor import changed_region, reanchor
from app.domain.model import Prompt, TextModel
from app.domain.notebooks import (
    DetectorDefinition,
    RawDetection,
    builtin_detectors,
    compile_custom_detector,
    count_first_person,
    count_swear_words,
    merge_adjacent_spans,
    normalize_slug,
    plan_windows,
)
from app.domain.text import MAX_LABEL_CHARS, MAX_QUOTE_CHARS, overlaps, quote_span, sanitize_label

__all__ = [
    "MAX_CANDIDATES",
    "MAX_LABEL_CHARS",
    "MAX_QUOTE_CHARS",
    "MEDICATION_GUARDRAIL",
    "Candidate",
    "CompletionDetected",
    "DetectorDefinition",
    "Draft",
    "Prompt",
    "RawDetection",
    "TargetRow",
    "TextModel",
    "build_candidates",
    "build_detection_prompt",
    "builtin_detectors",
    "changed_region",
    "compile_custom_detector",
    "count_first_person",
    "count_swear_words",
    "detect_completions",
    "merge_adjacent_spans",
    "normalize_slug",
    "overlaps",
    "parse_reply",
    "plan_windows",
    "quote_span",
    "reanchor",
    "resolve_amount",
    "resolve_day",
    "sanitize_label",
]
