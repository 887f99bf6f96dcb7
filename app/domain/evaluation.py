"""Detection-quality metrics, computed exactly as the reference scorer defines them.

Pure functions over plain JSON-like data (stdlib only). ``labelled`` is the list of
cases of a labelled ``.jsonl`` file; ``items`` maps an item id to its predicted item
(``{"id", "hits": [...]}`` for journals, ``{"id", "findings": {...}}`` for notebooks).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SENTENCE_END = re.compile(r"[.!?\u2026]+[\"')\]]*(?=\s)|\n")

SPAN_TYPES: tuple[str, ...] = ("poetry", "todo_lists", "lists", "quotations")
COUNT_TYPES: tuple[str, ...] = ("first_person", "swear_words")


def sentence_spans(body: str) -> list[tuple[int, int]]:
    """Sentences end at ``.``, ``!``, ``?`` or ``…`` (plus closing quotes) before white
    space, or at a newline."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in SENTENCE_END.finditer(body):
        end = m.end()
        if end > start:
            spans.append((start, end))
        start = end
    if start < len(body):
        spans.append((start, len(body)))
    return spans


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def prf(tp: int, fp: int, fn: int) -> dict[str, Any]:
    """Precision, recall, F1 (1.0 when nothing was predicted / expected), rounded to 4."""
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(f, 4),
        "tp": tp,
        "fp": fp,
        "fn": fn,
    }


@dataclass(frozen=True)
class CaseMatch:
    """One labelled entry against its hits: which expected items and hits matched."""

    expected: tuple[tuple[int, tuple[int, int], tuple[int, int]], ...]
    """``(candidate index, evidence span, the evidence's sentence span)`` per item."""
    expected_matched: frozenset[int]
    hits_matched: frozenset[int]
    bad_anchors: int


def match_case(case: Mapping[str, Any], hits: Sequence[Mapping[str, Any]]) -> CaseMatch:
    """Match a case's hits to its expected items as ``score_journal`` counts them."""
    body: str = case["body"]
    sents = sentence_spans(body)
    expected: list[tuple[int, tuple[int, int], tuple[int, int]]] = []
    for e in case["expected"]:
        s = body.find(e["evidence"])
        span = (s, s + len(e["evidence"])) if s >= 0 else (0, 0)
        sent = next((x for x in sents if overlaps(x, span)), span)
        expected.append((e["index"], span, sent))
    used: set[int] = set()
    hit_ok: set[int] = set()
    bad_anchor = 0
    for n, h in enumerate(hits):
        span = (int(h["anchor_start"]), int(h["anchor_end"]))
        if body[span[0] : span[1]] != h.get("anchor_text", body[span[0] : span[1]]):
            bad_anchor += 1
        for k, (idx, ev, sent) in enumerate(expected):
            if k in used or idx != h["index"]:
                continue
            if overlaps(span, ev) or overlaps(span, sent):
                used.add(k)
                hit_ok.add(n)
                break
    return CaseMatch(tuple(expected), frozenset(used), frozenset(hit_ok), bad_anchor)


def score_journal(
    labelled: Sequence[Mapping[str, Any]], items: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    tp = fp = fn = 0
    empty_total = empty_clean = 0
    bad_anchor = 0
    for case in labelled:
        hits = (items.get(case["id"]) or {}).get("hits", [])
        result = match_case(case, hits)
        matched = len(result.hits_matched)
        bad_anchor += result.bad_anchors
        tp += matched
        fp += len(hits) - matched
        fn += len(result.expected) - matched
        if not case["expected"]:
            empty_total += 1
            empty_clean += not hits
    out = prf(tp, fp, fn)
    out["empty_entries_clean"] = round(empty_clean / empty_total, 4) if empty_total else 1.0
    out["anchors_not_matching_body"] = bad_anchor
    out["entries"] = len(labelled)
    return out


def name_tokens(name: str) -> set[str]:
    return set(re.sub(r"\s+", " ", name.strip().lower()).split(" ")) - {""}


def score_notebooks(
    labelled: Sequence[Mapping[str, Any]], items: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    counts = {t: [0, 0, 0] for t in [*SPAN_TYPES, "names"]}
    exact = {t: [0, 0] for t in COUNT_TYPES}
    for case in labelled:
        got = (items.get(case["id"]) or {}).get("findings", {})
        exp = case["expected"]
        for t in SPAN_TYPES:
            e_spans = [tuple(x) for x in exp.get(t, [])]
            p_spans = [tuple(x) for x in got.get(t, [])]
            used: set[int] = set()
            m = 0
            for p in p_spans:
                for k, e in enumerate(e_spans):
                    if k not in used and p[0] <= e[1] and e[0] <= p[1]:
                        used.add(k)
                        m += 1
                        break
            counts[t][0] += m
            counts[t][1] += len(p_spans) - m
            counts[t][2] += len(e_spans) - m
        e_names = [(name_tokens(n), int(p)) for n, p in exp.get("names", [])]
        p_names = [(name_tokens(n), int(p)) for n, p in got.get("names", [])]
        used = set()
        m = 0
        for pn, pp in p_names:
            for k, (en, ep) in enumerate(e_names):
                if k in used or ep != pp or not pn or not en:
                    continue
                if pn <= en or en <= pn:
                    used.add(k)
                    m += 1
                    break
        counts["names"][0] += m
        counts["names"][1] += len(p_names) - m
        counts["names"][2] += len(e_names) - m
        for t in exact:
            e_c = exp.get(t, [])
            p_c = got.get(t, [])
            for i, c in enumerate(e_c):
                exact[t][1] += 1
                exact[t][0] += i < len(p_c) and int(p_c[i]) == int(c)
    out: dict[str, Any] = {t: prf(*v) for t, v in counts.items()}
    for t, (ok, total) in exact.items():
        out[t] = {"exact_pages": round(ok / total, 4) if total else 1.0, "pages": total}
    out["notebooks"] = len(labelled)
    return out
