"""Structure first: what a notebook's lines show before any model reads them.

The four built-in prompt detectors (poems, to-do lists, lists, quotations) first read
the pages' structure, deterministically:

- to-do lists: checkbox lines (``[ ]``, ``[x]``, ``- [ ]``, ☐ ☑ ✓ ✔ ✗ ✅ …) and ``TODO:``
  lines; bulleted or numbered items under a to-do heading ("To do", "Jobs", "Tasks",
  "Action items") or most of which start with a task verb ("call", "book", "fix");
- lists: runs of bulleted or numbered lines (``-``, ``*``, ``•``, ``1.``, ``a)``) that are
  not a to-do list, and runs of short unmarked lines that read as items (few function
  words, no sentences) under a heading;
- poems: stanzas of short lines that read as language (most lines hold a function word),
  separated by blank lines, continued across a page turn, not hard-wrapped prose;
- quotations: a passage of at least :data:`MIN_QUOTE_WORDS` words in quotation marks
  (straight or curly, « » „ “) with an attribution (a dash and a name after it, "said",
  "wrote", "Name on X:") or standing on its own lines; a passage set in from the margin
  (a hymn's verse, a copied stanza) with a dash or a credit ("Words — …") under it.

:func:`read_structure` returns, per detector, the *units* it is sure of (published as
findings with their lines as evidence, no model call) and the *candidate* lines it is
not sure of (the model decides, and its evidence must fall on them). A window with
neither is skipped: the model is not asked about what the page's shape rules out.
Every rule is about the shape of writing, never about particular notebooks.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from app.domain.notebooks.replies import EvidenceAnchor
from app.domain.notebooks.windows import PageInput

STRUCTURE_DETECTORS: Final = ("poetry", "todo_lists", "lists", "quotations")
STRUCTURE_CONFIDENCE: Final = 0.9
MIN_QUOTE_WORDS: Final = 4
MAX_VERSE_CHARS: Final = 70
"""Longer lines are prose (or a paragraph typed as one line), not verse."""
MAX_LIST_ITEM_CHARS: Final = 60
MIN_POEM_LINES: Final = 4
MIN_TABLE_ROWS: Final = 4
MAX_EVIDENCE_LINES: Final = 12

LineKind = Literal["blank", "checkbox", "keyword", "bullet", "numbered", "plain"]
ITEM_KINDS: Final = frozenset({"checkbox", "keyword", "bullet", "numbered"})

_OPEN_BOXES: Final = "☐⬜🔲□"
_DONE_BOXES: Final = "☑☒✓✔✗✘✅❌"
_CHECKBOX: Final = re.compile(
    r"^\s*(?:[-*+•]\s*)?(?:\[(?P<mark>[^\]\n]?)\]|(?P<glyph>[" + _OPEN_BOXES + _DONE_BOXES + r"]))"
    r"\s*(?P<body>.*)$"
)
_KEYWORD: Final = re.compile(
    r"^\s*(?:TODO|To ?do|todo|TO DO)\s*(?::|[-–—](?=\s))\s*(?P<body>\S.*)$"
)
_BULLET: Final = re.compile(r"^\s*[-*+•·▪◦‣]\s+(?P<body>\S.*)$")
_NUMBERED: Final = re.compile(
    r"^\s*(?:(?:\d{1,3}[.)]|[a-z]\)|\(\d{1,3}\))\s+|\d{1,3}(?:[ ]{2,}|\t)[ \t]*)(?P<body>\S.*)$"
)  # "1. Flour", "a) eggs", "(2) milk", and a number set apart by a gap ("1  Tess Armitage")
# A line that opens with how much of the thing ("2 kg lamb", "1 kg beef on the bone",
# "3 big onions"): an ingredient's or a stock list's line, whatever words follow.
_QUANTITY_FIRST: Final = re.compile(r"^\d+(?:[.,/]\d+)?\s*(?:[^\W\d_]{1,5}\s+)?[^\W\d_]")
# A thing, then how many of it ("agogô ×2", "pandeiros ×4 — #2 with Pipoca").
_COUNT_AFTER: Final = re.compile(
    r"^[^\W\d_][^×\n]{0,30}?\s[×x]\s?\d{1,3}\b"
    # or how much of it by weight, volume or pack ("sugar 10kg", "cooking oil 5L",
    # "mahangu — 2 bags × 50kg")
    r"|^[^\W\d_][^\n\d]{0,30}?(?:\s[—–-])?\s\d+(?:[.,]\d+)?\s?(?:kg|g|l|ml|lbs?|oz|"
    r"bags?|packs?|packets?|boxes|box|bottles?|tins?|cans?|pcs|sacks?|crates?|dozen)\b",
    re.IGNORECASE,
)
# A line opened by a date and a dash or colon ("Jan 6 — Charbel (grandson) 1997", "14/2:
# Rita"): a dated row (birthdays, appointments, a planting diary's entries).
_DATE_FIRST: Final = re.compile(
    r"^(?:(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|"
    r"nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)"
    r"\s*[—–:-]\s*\S",
    re.IGNORECASE,
)
# A line set out in columns ("Treble   4-1-12   Mears 1887"): a table's row.
# Columns set apart by spaces, a tab, or dot leaders ("Hodan Abdi ......... 19").
_COLUMNS: Final = re.compile(r"\S(?:[ ]{3,}|\t| \.{2,} ?|\.{4,} ?| …+ ?| ?\| ?)\S")
# Three fields or more parted by dashes ("Musa Danjuma — 1st yr — ₦3,000/wk — neat").
_DASHED_FIELDS: Final = re.compile(r"\S\s[—–]\s[^—–]*\S\s[—–]\s\S")
_A_DASH: Final = re.compile(r"\S\s[—–]\s\S")
_TODO_HEADING: Final = re.compile(
    r"\b(?:to[- ]?dos?|todo|tasks?|jobs|chores|errands|action items|actions|checklist|"
    r"don'?t forget|remember to|before \w+day)\b",
    re.IGNORECASE,
)
# A heading that names a kind of list ("SHOPPING — Soho Rd", "Ingredients", "Packing").
_LIST_HEADING: Final = re.compile(
    r"\b(?:shopping|groceries|grocery|ingredients|packing|to buy|to get|to pack|stock|"
    r"inventory|list)\b",
    re.IGNORECASE,
)
_STEPS_HEADING: Final = re.compile(
    r"\b(?:method|steps|instructions|directions|recipe|how to|ingredients)\b", re.IGNORECASE
)
_TASK_VERB_TEXT: Final = """\
    add answer apply arrange ask back book borrow bring buy call cancel change check
    clean clear collect confirm contact cook cut defrost deliver do drop email empty feed
    file fill finish fix follow get give go hang hoover invite iron learn look mail make
    meet move mow note order organise organize pack paint pay phone pick plan post
    prepare print put read ready rebook remind renew repair reply replace return ring
    schedule sell send set sign sort start submit take talk text tidy tell update vacuum
    visit wash water weed write find forward fetch grab hire install measure recycle
    register sweep throw transfer unpack upload download back up top"""
_TASK_VERBS: Final = frozenset(_TASK_VERB_TEXT.split())
"""Verbs a task line starts with ("call the bank", "fix the gate")."""
_FUNCTION_WORD_TEXT: Final = """\
    a an the and or but nor of in on at to for with from by into onto over under as
    is are was were be been am do does did has have had will would can could shall
    should may might must i you he she it we they me him her us them my your his its our
    their this that these those not no so if when where while what who how all like
    than then there here"""
_FUNCTION_WORDS: Final = frozenset(_FUNCTION_WORD_TEXT.split())
"""Words that make a line read as language rather than as an item ("the", "of", "my")."""
_WORD: Final = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_SENTENCE_END: Final = re.compile(r"[.!?…]\s*[\"”’')]*$")
_ENDS_WITH_PUNCT: Final = re.compile(r"[,.;:!?…—–\-)\"”’']\s*$")
_QUOTED: Final = re.compile(
    r"\"(?P<a>[^\"]{1,800})\"|“(?P<b>[^”]{1,800})”|„(?P<c>[^“”]{1,800})[“”]|«\s*(?P<d>[^»]{1,800}?)\s*»"
    r"|(?:(?<=^)|(?<=[\s(:—–]))[‘'](?P<e>[^\n]+?)[’'](?=[\s.,;:!?)—–]|$)"
)
_DASH_ATTRIBUTION: Final = re.compile(r"^\s*(?:—|―|–|--?|~(?!~))\s*(?P<who>\S.{0,120})$")
"""A line that credits what stands above it ("— Bashō", "~ Rumi"); not "~~struck~~"."""
_INLINE_ATTRIBUTION: Final = re.compile(r"^\s*[.,]?\s*(?:—|―|–|--?)\s*(?P<who>[^\W\d_].{0,80})")
_SPEECH: Final = re.compile(
    r"\b(?:said|says|say|wrote|writes|write|asked|asks|replied|replies|told|tells|"
    r"quoted?|quoting|goes|went|put it|in the words of|according to|copied|written)\b"
    r"|\b[A-Z][\w.'’-]+(?:\s+[A-Z][\w.'’-]+)*\s+on\s+[\w\s]{1,30}:\s*$"
    r"|:\s*$",
    re.IGNORECASE,
)
_WRITING_CUE: Final = re.compile(
    r"\b(?:wrote|writes|quoted?|quoting|in the words of|as \w+ (?:put|said) it|"
    r"copied (?:from|out|off))\b",
    re.IGNORECASE,
)
_RUNS_ON: Final = re.compile(r"[,;]\s*$")
"""A line that ends with a comma or a semicolon: its sentence goes on in the next."""
_COPIED_FROM: Final = re.compile(
    r"\bcopied (?:it )?(?:out\b[^\n.]{0,40}?\s)?(?:from|out of|off)\s+(?P<who>[^\n—–:-]{1,80})",
    re.IGNORECASE,
)
_BLOCKQUOTE: Final = re.compile(r"^\s*>\s?")
_DIALOGUE: Final = re.compile(r"^\s*[A-Z][A-Za-z]{1,20}(?: [A-Z][A-Za-z]{1,20})?:\s+\S")


# --------------------------------------------------------------------------- lines


@dataclass(frozen=True)
class Line:
    """One line of a page: its text (no newline), its offset in the page text, its kind,
    the item's text after its marker, and a checkbox's status."""

    text: str
    start: int
    kind: LineKind
    body: str = ""
    status: Literal["open", "done", "unknown"] | None = None

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def stripped(self) -> str:
        return self.text.strip()


def _classify(text: str, start: int) -> Line:
    if not text.strip():
        return Line(text, start, "blank")
    match = _CHECKBOX.match(text)
    if match is not None:
        mark, glyph = match.group("mark"), match.group("glyph")
        if glyph:
            status: Literal["open", "done", "unknown"] = "open" if glyph in _OPEN_BOXES else "done"
        elif mark is None or not mark.strip():
            status = "open"
        else:
            status = "done" if mark.strip().lower() in {"x", "✓", "✔", "/", "-", "*"} else "unknown"
        return Line(text, start, "checkbox", match.group("body").strip(), status)
    for kind, pattern in (("keyword", _KEYWORD), ("bullet", _BULLET), ("numbered", _NUMBERED)):
        match = pattern.match(text)
        if match is not None:
            return Line(text, start, kind, match.group("body").strip())  # type: ignore[arg-type]
    return Line(text, start, "plain", text.strip())


def page_lines(text: str | None) -> list[Line]:
    """Every line of ``text`` with its offset and kind (deterministic)."""
    out: list[Line] = []
    offset = 0
    for raw in (text or "").split("\n"):
        out.append(_classify(raw.rstrip("\r"), offset))
        offset += len(raw) + 1
    return out


def _words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def _has_function_word(text: str) -> bool:
    return any(w in _FUNCTION_WORDS or "'" in w for w in _words(text))


def _starts_with_task_verb(text: str) -> bool:
    words = _words(re.sub(r"^[^:]{1,20}:\s*", "", text))  # "me: draft the …"
    return bool(words) and words[0] in _TASK_VERBS


# --------------------------------------------------------------------------- units


@dataclass(frozen=True)
class Unit:
    """Something the structure is sure of: a finding over candidate positions
    ``start..end`` with its lines as evidence."""

    finding_type: str
    start: int
    end: int
    reason: str
    evidence: tuple[EvidenceAnchor, ...]
    title: str | None = None
    data: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class Structure:
    """One detector's reading of the candidates: sure units, and per candidate position
    the ``(start, end)`` character spans the model may still decide about."""

    units: list[Unit] = field(default_factory=list)
    candidates: dict[int, list[tuple[int, int]]] = field(default_factory=dict)

    def add_candidate(self, position: int, line: Line) -> None:
        self.candidates.setdefault(position, []).append((line.start, line.end))

    def covered(self, position: int) -> bool:
        return any(u.start <= position <= u.end for u in self.units)


def _anchors(page: PageInput, lines: Sequence[Line]) -> tuple[EvidenceAnchor, ...]:
    out: list[EvidenceAnchor] = []
    for line in lines[:MAX_EVIDENCE_LINES]:
        body = line.stripped
        if body:
            start = line.start + _indent(line)
            out.append(EvidenceAnchor(page.page_id, start, start + len(body), body))
    return tuple(out)


def _heading_before(lines: Sequence[Line], index: int) -> str | None:
    """The short plain line just above ``lines[index]`` (one blank line allowed)."""
    for back in (1, 2):
        j = index - back
        if j < 0:
            return None
        line = lines[j]
        if line.kind == "blank":
            continue
        text = line.stripped
        return text if line.kind == "plain" and len(text) <= MAX_LIST_ITEM_CHARS else None
    return None


def _item_runs(lines: Sequence[Line]) -> list[tuple[int, list[int]]]:
    """Runs of item lines (one blank line allowed between items, and lines set further in
    than the run's first item: an item's wrapped note, "      (use Remitly not Western
    Union)"): ``(first index, indices)``."""
    runs: list[tuple[int, list[int]]] = []
    current: list[int] = []
    gap = 0
    for i, line in enumerate(lines):
        if line.kind in ITEM_KINDS:
            current.append(i)
            gap = 0
        elif line.kind == "blank" and current and gap == 0:
            gap = 1
        elif current and gap == 0 and _indent(line) > _indent(lines[current[0]]):
            continue
        else:
            if current:
                runs.append((current[0], current))
            current, gap = [], 0
    if current:
        runs.append((current[0], current))
    return _sections_joined(lines, runs)


_ITEM_NUMBER: Final = re.compile(r"^\s*\(?(\d{1,3})[.)]?")
_MAX_SECTION_HEADING: Final = 40


def _sections_joined(
    lines: Sequence[Line], runs: list[tuple[int, list[int]]]
) -> list[tuple[int, list[int]]]:
    """Runs of items parted by a short heading that go on one list (see ``_continues``):
    one list in sections ("3. Lady Anne Montgomery" / "JIGS" / "4. Tom Billy's")."""
    out: list[tuple[int, list[int]]] = []
    for first, indices in runs:
        if out and (_continues(lines, out[-1][1], indices) or _heads(lines, out[-1][1], indices)):
            out[-1] = (out[-1][0], out[-1][1] + indices)
        else:
            out.append((first, indices))
    return out


def _continues(lines: Sequence[Line], before: Sequence[int], after: Sequence[int]) -> bool:
    """The run ``after`` goes on the list of ``before`` past one short heading: its
    numbers go on ("3." / "JIGS" / "4."), or both runs of bullets stand under headings
    alike ("1st half" / "- Jigs …" / "2nd half" / "- Reels …")."""
    last, nxt = lines[before[-1]], lines[after[0]]
    between = [lines[i] for i in range(before[-1] + 1, after[0]) if lines[i].kind != "blank"]
    if last.kind != nxt.kind or len(between) != 1 or not _section_heading(between[0]):
        return False
    if last.kind in ("bullet", "checkbox"):  # "FUNERAL" / "[✓] …" / "OUTDOORING" / "[ ] …"
        above = next(i for i in before if lines[i].kind == last.kind) - 1
        return above >= 0 and _section_heading(lines[above])
    a, b = _ITEM_NUMBER.match(last.text), _ITEM_NUMBER.match(nxt.text)
    return (
        last.kind == "numbered"
        and a is not None
        and b is not None
        and int(b.group(1)) == int(a.group(1)) + 1
    )


def _heads(lines: Sequence[Line], before: Sequence[int], after: Sequence[int]) -> bool:
    """``before`` is one "TO DO — …" line heading the items of ``after``, past at most
    one note in brackets and one section heading ("TO DO — the christening" / "(Sat 12,
    the church hall)" / "CHURCH" / "[✓] book the hall")."""
    if len(before) != 1 or lines[before[0]].kind != "keyword":
        return False
    between = [lines[i] for i in range(before[0] + 1, after[0]) if lines[i].kind != "blank"]
    notes = [line for line in between if _BRACKETED.fullmatch(line.stripped)]
    headings = [line for line in between if line not in notes and _section_heading(line)]
    return len(notes) <= 1 and len(headings) <= 1 and len(notes) + len(headings) == len(between)


_BRACKETED: Final = re.compile(r"\([^()\n]{1,120}\)")


def _section_heading(line: Line) -> bool:
    """A short plain line, not a sentence, that may carry a note in brackets ("starts  (in
    the window, under Ler Htoo's grow light)")."""
    text = line.stripped
    bare = _BRACKETED.sub("", text).strip()
    return (
        line.kind == "plain"
        and 0 < len(bare) <= _MAX_SECTION_HEADING
        and len(text) <= MAX_LIST_ITEM_CHARS
        and not _SENTENCE_END.search(bare)
    )


def _indent(line: Line) -> int:
    return len(line.text) - len(line.text.lstrip())


def _plain_runs(lines: Sequence[Line]) -> list[list[int]]:
    """Runs of consecutive non-blank plain lines (a paragraph or a stanza)."""
    return [
        [i for i, _ in run]
        for plain, group in itertools.groupby(enumerate(lines), key=lambda il: il[1].kind)
        if plain == "plain"
        for run in [list(group)]
    ]


def _is_todo(items: Sequence[Line], heading: str | None, *, unmarked: bool = False) -> bool:
    if any(line.kind in {"checkbox", "keyword"} for line in items):
        return True
    if len(items) < 2:
        return False
    verbs = sum(_starts_with_task_verb(line.body) for line in items)
    dated = sum(1 for line in items if _DATE_FIRST.match(line.body or line.stripped))
    if dated * 2 >= len(items) and verbs * 3 < len(items):
        return False  # "BIRTHDAYS — don't forget!!" over dates: a list to look up, no tasks
    if heading is not None and _TODO_HEADING.search(_BRACKETED.sub("", heading)):
        return True  # not "Who bought lace (so I don't forget who owes)": an aside
    if heading is not None and _STEPS_HEADING.search(heading):
        return False  # a method's steps start with verbs too
    if unmarked:  # without markers, tasks under a heading that is not a colon's list
        return heading is not None and not heading.endswith(":") and verbs * 2 >= len(items)
    return verbs * 3 >= len(items) * 2


def _todo_unit(position: int, page: PageInput, items: Sequence[Line], heading: str | None) -> Unit:
    kinds = {line.kind for line in items}
    style = (
        "checkbox"
        if kinds == {"checkbox"}
        else "todo_keyword"
        if kinds == {"keyword"}
        else "numbered"
        if kinds == {"numbered"}
        else "bulleted_action"
        if kinds == {"bullet"}
        else "mixed"
    )
    todo_items = [
        {"text": line.body[:500], "status": line.status or "unknown"} for line in items if line.body
    ][:40]
    done = sum(1 for line in items if line.status == "done")
    reason = f"Read from the page's lines: {len(items)} task line(s)" + (
        f", {done} done" if done else ""
    )
    return Unit(
        "todo_lists",
        position,
        position,
        reason,
        _anchors(page, items),
        title=heading,
        data={"items": todo_items, "list_style": style},
    )


def _list_unit(position: int, page: PageInput, items: Sequence[Line], heading: str | None) -> Unit:
    kinds = {line.kind for line in items}
    lowered = (heading or "").lower()
    kind = (
        "shopping"
        if "shop" in lowered or "buy" in lowered
        else "outline"
        if kinds == {"numbered"} and all(len(line.body) > MAX_LIST_ITEM_CHARS for line in items)
        else "other"
    )
    return Unit(
        "lists",
        position,
        position,
        f"Read from the page's lines: a list of {len(items)} items",
        _anchors(page, items),
        title=heading,
        data={
            "list_kind": kind,
            "item_count_estimate": len(items),
            "sample_items": [line.body[:300] for line in items[:12]],
        },
    )


def _itemish(line: Line) -> bool:
    """A short unmarked line that reads as an item, not a sentence or a verse line."""
    text = line.stripped
    return (
        len(text) <= MAX_LIST_ITEM_CHARS
        and not _SENTENCE_END.search(text)
        and (not _has_function_word(text) or _QUANTITY_FIRST.match(text) is not None)
    )


def _attribution_after_quote(lines: Sequence[Line], index: int) -> bool:
    """``lines[index]`` is "- Name" under a line that closes a quotation."""
    previous = next((lines[j] for j in range(index - 1, -1, -1) if lines[j].stripped), None)
    return (
        previous is not None
        and _DASH_ATTRIBUTION.match(lines[index].text) is not None
        and previous.stripped[-1:] in {'"', "”", "»", "’"}
    )


# A line opened by a short word and a number ("MP 54 —", "H&P 215", "Bed 4:"), a
# strike-through before it allowed.
_WORD_AND_NUMBER: Final = re.compile(
    r"^(?:~~)?(?P<word>[^\W\d_](?:[^\W\d_]|[&/]){0,5})\.?\s?\d{1,4}\b"
)
_NUMBERED_ALIKE: Final = 3


def _numbered_alike(lines: Sequence[Line], run: Sequence[int]) -> list[Line]:
    """The longest stretch of three lines or more in ``run`` that open with the same
    short word and a number (hymn numbers, beds, rooms): items, however long their
    notes run."""
    best: list[Line] = []
    stretch: list[Line] = []
    word = None
    for i in run:
        m = _WORD_AND_NUMBER.match(lines[i].stripped)
        said = m.group("word").lower() if m else None
        if said is not None and said == word:
            stretch.append(lines[i])
        else:
            stretch = [lines[i]] if said is not None else []
            word = said
        if len(stretch) > len(best):
            best = list(stretch)
    return best if len(best) >= _NUMBERED_ALIKE else []


def _runs_on(lines: Sequence[Line]) -> bool:
    """Half the lines or more end with a comma or a semicolon (verse, a broken sentence)."""
    return sum(1 for line in lines if _RUNS_ON.search(line.stripped)) * 2 >= len(lines)


def _unmarked_list(
    lines: Sequence[Line], run: Sequence[int]
) -> tuple[str | None, list[Line]] | None:
    """A list without markers: ``(heading, item lines)`` for a run of at least three
    short lines, none a sentence, that read as items (few function words), or that stand
    under a heading ending with a colon or naming a to-do list; else ``None``."""
    if len(run) < 3:
        return None
    heading = lines[run[0]].stripped if len(run) >= 4 else None
    if heading is not None and _a_row(heading):
        heading = None  # "1 kg lamb, lean …" opens the ingredients, heads nothing
    body = [lines[i] for i in run[1:]] if heading else [lines[i] for i in run]
    rows = [line for line in body if _COLUMNS.search(line.stripped)]
    dashed = [line for line in body if _DASHED_FIELDS.search(line.stripped)]
    if len(dashed) >= 3 and all(_A_DASH.search(line.stripped) for line in body):
        rows = body  # "Musa Danjuma — 1st yr — ₦3,000/wk", a dash in every row
    parted = [line for line in body if _A_DASH.search(line.stripped) or line in rows]
    if len(parted) >= MIN_TABLE_ROWS and len(parted) * 4 >= len(body) * 3:
        rows = parted  # "tal-Borg — the christening bonnet …… €120", a total in columns
    rows += _row_continued(body, rows)
    table = len(rows) >= MIN_TABLE_ROWS  # rows set out in columns, whatever their words
    # rows a quantity, a date or columns open ("2 cups fine burghul, soak 15 min", "Jan 6
    # — Charbel (grandson) 1997"): items, though their notes run long
    opened = sum(1 for line in body if _a_row(line.stripped))
    rowed = opened * 2 >= len(body) or (table and len(rows) * 4 >= len(body) * 3)
    longest = 2 * MAX_LIST_ITEM_CHARS if rowed or table else MAX_LIST_ITEM_CHARS
    long = sum(1 for line in body if len(line.stripped) > longest)
    if len(body) < 3 or long * 5 > len(body):  # an item's note may run long, not a fifth
        return None
    if sum(1 for line in body if _SENTENCE_END.search(line.stripped)) * 4 > len(body):
        return None
    if _runs_on(body):
        return None  # lines that run on with a comma: verse or a sentence, not items
    if rowed:
        return heading, body
    itemish = [line for line in body if _itemish(line) or (table and line in rows)]
    measured = [line for line in itemish if _QUANTITY_FIRST.match(line.stripped)]
    if len(itemish) * 4 >= len(body) * 3 or len(measured) * 2 >= len(body):
        return heading, body
    if heading is not None and (
        heading.endswith(":") or _TODO_HEADING.search(heading) or _LIST_HEADING.search(heading)
    ):
        return heading, body
    if (
        heading is not None
        and sum(_starts_with_task_verb(line.body) for line in body) * 3 >= len(body) * 2
    ):
        return heading, body
    return None


_UNDER_A_COLUMN: Final = 8
"""Spaces a row's second line is set in past its first, at least, to run on under a
column ("JAS-117 Gwiazda Morza   —  Józef Konkel, …" then "                Józk Kòsznik")."""


def _row_continued(body: Sequence[Line], rows: Sequence[Line]) -> list[Line]:
    """The lines of ``body`` that carry a row of ``rows`` on under one of its columns."""
    out: list[Line] = []
    for before, line in itertools.pairwise(body):
        if (
            line not in rows
            and (before in rows or before in out)
            and _indent(line) >= _indent(before) + _UNDER_A_COLUMN
        ):
            out.append(line)
    return out


_LEADERS: Final = re.compile(r"\s*(?:\.{2,}|…+)\s*")


def _laid_out(text: str) -> int:
    """The length of a line without its leaders ("figas ........ ×6": "figas ×6")."""
    return len(_LEADERS.sub(" ", text))


def _a_row(text: str) -> bool:
    """A line a quantity or a date opens, or a thing and how many of it ("agogô ×2",
    "médio x3"): a row of a list."""
    return bool(_QUANTITY_FIRST.match(text) or _DATE_FIRST.match(text) or _COUNT_AFTER.match(text))


def _carried_over(found: Sequence[tuple[Unit, bool, bool]]) -> list[Unit]:
    """The to-do units, read as ``(unit, opens its page, closes its page)``, with a list
    that runs on over a page ("- [ ] pay the fine" last on one page, "- [ ] flashcards"
    first on the next) made one list over both pages."""
    merged: list[tuple[Unit, bool, bool]] = []
    for unit, opens, closes in found:
        if merged:
            last, last_opens, last_closes = merged[-1]
            if (
                last.end == unit.start - 1
                and last_closes
                and opens
                and last.data.get("list_style") == unit.data.get("list_style")
            ):
                joined = Unit(
                    "todo_lists",
                    last.start,
                    unit.end,
                    last.reason,
                    (last.evidence + unit.evidence)[:MAX_EVIDENCE_LINES],
                    title=last.title,
                    data={**last.data, "items": [*last.data["items"], *unit.data["items"]][:40]},
                )
                merged[-1] = (joined, last_opens, closes)
                continue
        merged.append((unit, opens, closes))
    return [unit for unit, _, _ in merged]


def _read_lists(candidates: Sequence[PageInput]) -> tuple[Structure, Structure]:
    todos, lists = Structure(), Structure()
    found: list[tuple[Unit, bool, bool]] = []  # a to-do unit, opens, closes its page
    for position, page in enumerate(candidates):
        lines = page_lines(page.text)
        written = [i for i, line in enumerate(lines) if line.stripped]
        for first, indices in _item_runs(lines):
            items = [lines[i] for i in indices]
            heading = _heading_before(lines, first)
            if _is_todo(items, heading):
                unit = _todo_unit(position, page, items, heading)
                found.append((unit, indices[0] == written[0], indices[-1] == written[-1]))
            elif len(items) >= 2:
                lists.units.append(_list_unit(position, page, items, heading))
            elif not _attribution_after_quote(lines, first):
                todos.add_candidate(position, items[0])
                lists.add_candidate(position, items[0])
        for run in _plain_runs(lines):
            shorts = [  # a table's row set out in columns may run longer ("Bazou   Kalabaka …")
                lines[i]
                for i in run
                if _laid_out(lines[i].stripped) <= MAX_LIST_ITEM_CHARS
                or (
                    _COLUMNS.search(lines[i].stripped)
                    and len(lines[i].stripped) <= 2 * MAX_LIST_ITEM_CHARS
                )
            ]
            if len(run) < 3 or len(shorts) < 3:
                continue
            unmarked = _unmarked_list(lines, run)
            if unmarked is not None:
                heading, body = unmarked
                if _is_todo(body, heading, unmarked=True):
                    found.append((_todo_unit(position, page, body, heading), False, False))
                else:
                    lists.units.append(_list_unit(position, page, body, heading))
                continue
            numbered = _numbered_alike(lines, run)
            if numbered:  # "MP 54 — Blessed Assurance", "MP 648 — …": items by their number
                lists.units.append(
                    _list_unit(position, page, numbered, _heading_before(lines, run[0]))
                )
                continue
            listy = [line for line in shorts if _itemish(line) or _starts_with_task_verb(line.body)]
            if len(listy) * 2 > len(run) and not _runs_on([lines[i] for i in run]):
                # mostly item-like, not verse running on: the model may decide
                for line in listy:
                    todos.add_candidate(position, line)
                    lists.add_candidate(position, line)
    todos.units = _one_per_page(_carried_over(found))
    lists.units = _one_per_page(lists.units)
    return todos, lists


def _one_per_page(units: Sequence[Unit]) -> list[Unit]:
    """The units with two or more over the same pages made one ("MAVUNO — …" and "MNADA
    — …", two headed to-dos on a page; a sold-cheese list by batch; a song and its
    English under it): a page's list or poem is one finding, a list's parts under their
    headings its items."""
    merged: dict[tuple[int, int], Unit] = {}
    for unit in units:
        first = merged.get((unit.start, unit.end))
        if first is None:
            merged[(unit.start, unit.end)] = unit
            continue
        data: dict[str, Any] = dict(first.data)
        if "items" in data:
            items = [*data["items"], *unit.data["items"]][:40]
            done = sum(1 for item in items if item["status"] == "done")
            data["items"] = items
            reason = f"Read from the page's lines: {len(items)} task line(s)" + (
                f", {done} done" if done else ""
            )
        elif "item_count_estimate" not in data:
            reason = first.reason  # a poem: the first reading says what it is
        else:
            count = data["item_count_estimate"] + unit.data["item_count_estimate"]
            data["item_count_estimate"] = count
            data["sample_items"] = [*data["sample_items"], *unit.data["sample_items"]][:12]
            reason = f"Read from the page's lines: a list of {count} items"
        merged[(unit.start, unit.end)] = replace(
            first,
            reason=reason,
            evidence=(first.evidence + unit.evidence)[:MAX_EVIDENCE_LINES],
            data=data,
        )
    return list(merged.values())


# --------------------------------------------------------------------------- poems


def _wrapped_prose(lines: Sequence[Line]) -> bool:
    """Hard-wrapped prose: lines of nearly one length ending mid-sentence."""
    if len(lines) < 3:
        return False
    inner = [line.stripped for line in lines[:-1]]
    longest = max(len(t) for t in inner)
    even = all(len(t) >= 0.8 * longest for t in inner)
    open_ends = sum(1 for t in inner if not _ENDS_WITH_PUNCT.search(t))
    return longest >= 40 and even and open_ends * 10 >= len(inner) * 7


@dataclass
class _Stanza:
    position: int
    page: PageInput
    lines: list[Line]
    at_page_start: bool
    at_page_end: bool
    copied: bool = False
    """Verse copied out (credited, or said to be copied): read as verse whatever its
    language."""


def _verse_line(line: Line) -> bool:
    text = line.stripped
    return (
        line.kind == "plain"
        and len(text) <= MAX_VERSE_CHARS
        and (_has_function_word(text) or _RUNS_ON.search(text) is not None)
        and not _QUOTED.search(text)
        and not _DASH_ATTRIBUTION.match(text)
        and not text.endswith(":")
    )


def _stanzas(position: int, page: PageInput) -> list[_Stanza]:
    lines = page_lines(page.text)
    runs = _plain_runs(lines)
    nonblank = [i for i, line in enumerate(lines) if line.kind != "blank"]
    credited = {line.start for said, credit, _ in _set_in_passages(lines) for line in said}
    copied = _copied_stanzas(lines) | _copied_on_the_page(lines, runs)
    out: list[_Stanza] = []
    for k, run in enumerate(runs):
        chosen = [lines[i] for i in run]
        is_copied = all(line.start in copied for line in chosen)
        if any(line.start in credited for line in chosen) and not is_copied:
            continue  # a hymn's verse copied out and credited: a quotation, not a poem
        if all(_ASIDE.match(line.stripped) for line in chosen):
            continue  # "(ok the last line is bad. keeping it anyway)": the writer's note
        if _labelled_column(chosen):
            continue  # "Need:  2 skeins …" over "       1 cream": things, not verse
        if any(len(line.stripped) > MAX_VERSE_CHARS for line in chosen):
            continue
        if len(chosen) == 1 and not is_copied and _a_sentence_alone(chosen[0]):
            continue  # "Marysia is a boat, not a girl — Tomek laugh when I say it."
        if _wrapped_prose(chosen) and not is_copied:
            continue
        if _before_items(lines, run[-1]) or (
            _unmarked_list(lines, run) is not None and not is_copied
        ):
            continue  # a list's heading, or a list without markers
        if not is_copied and k + 1 < len(runs) and _unmarked_list(lines, runs[k + 1]) is not None:
            continue  # "OLD FAMILIES that went up …" over a table: its heading and note
        if (
            sum(_verse_line(line) for line in chosen) * 2 < len(chosen)
            and not _title_like(chosen)
            and not is_copied
        ):
            continue
        out.append(
            _Stanza(
                position,
                page,
                chosen,
                at_page_start=bool(nonblank) and run[0] == nonblank[0],
                at_page_end=bool(nonblank) and run[-1] == nonblank[-1],
                copied=is_copied,
            )
        )
    return out


_PROSE_WORDS: Final = 12


def _a_sentence_alone(line: Line) -> bool:
    """A line standing alone that reads as prose: a sentence with its full stop, or of
    many words, not a line of verse set apart ("Marysia is a boat, not a girl — Tomek
    laugh when I say it.")."""
    text = line.stripped
    words = len(_words(text))
    return (_SENTENCE_END.search(text) is not None and words >= 5) or (
        words >= _PROSE_WORDS and _RUNS_ON.search(text) is None  # "…, the fork pushes back,"
    )


_LABEL_FIRST: Final = re.compile(r"^\s*[^\W\d_][\w' ]{0,20}:\s+(?=\S)")
"""A label, a colon and the first thing after it ("Need:  2 skeins white linen")."""


def _labelled_column(lines: Sequence[Line]) -> bool:
    """A label's first thing, then the rest set in under it, each to the column where the
    first starts ("Need:  2 skeins …" / "       1 cream" / "       pins")."""
    label = _LABEL_FIRST.match(lines[0].text)
    return (
        label is not None
        and len(lines) >= 3
        and all(_indent(line) == label.end() for line in lines[1:])
    )


def _credits(text: str) -> bool:
    """The line credits what stands above it ("— Bashō", "Words — William Williams")."""
    return bool(_DASH_ATTRIBUTION.match(text) or _CREDIT.match(text))


_COPIED_VERSE_LINES: Final = 4
"""Lines of one stanza copied out and credited that make it a poem, not a saying."""


def _copied_stanzas(lines: Sequence[Line]) -> set[int]:
    """Starts of the lines of a poem copied out, set in from the margin, in two stanzas or
    one of four lines or more, with a credit under it ("— Peppino Mereu"): verse in any
    language, a poem as well as a quotation."""
    out: set[int] = set()
    for i, j in _set_in_runs(lines, across_blank=True):
        block = [line for line in lines[i:j] if line.kind != "blank"]
        while len(block) > 1 and _ASIDE.match(block[-1].stripped) and _credits(block[-2].text):
            aside = block.pop()  # "— Joseph M. Scriven, 1855" over "(the Karen words …)"
            j = next(k for k in range(i, j) if lines[k] is aside)
        after = next((line for line in lines[j : j + 2] if line.kind != "blank"), None)
        credit = block[-1] if block and _credits(block[-1].text) else after
        verse = [line for line in lines[i:j] if line is not credit and not _credits(line.text)]
        while verse and verse[-1].kind == "blank":
            verse.pop()  # the blank line before the credit parts no stanzas
        stanzas = 1 + sum(1 for line in verse if line.kind == "blank")
        said = [line for line in verse if line.kind != "blank"]
        if (
            (stanzas >= 2 or len(said) >= _COPIED_VERSE_LINES)
            and credit is not None
            and _credits(credit.text)
            and all(len(line.stripped) <= MAX_VERSE_CHARS for line in verse)
        ):
            out.update(line.start for line in said)
    return out


_COPIED_WORD: Final = re.compile(r"\bcop(?:ied|y(?:ing)?)\b", re.IGNORECASE)
"""A page that says it copied something out ("Copied from …", "copy big on poster board")."""
_COPIED_STANZA_LINES: Final = 3
"""Short lines a stanza of such a page needs, at least, to be read as one."""


def _copied_on_the_page(lines: Sequence[Line], runs: Sequence[Sequence[int]]) -> set[int]:
    """Starts of the lines of verse in another language than English that a page says it
    copied out ("Copied from the small yellow book …") or credits under a dash, in two
    stanzas or more of three short lines or more (a hymn in its script and romanised, a
    haiku in kanji and in romaji); English paragraphs on such a page stay prose."""
    if not any(_COPIED_WORD.search(line.text) or _credits(line.text) for line in lines):
        return set()
    stanzas = [
        run
        for run in runs
        if len(run) >= _COPIED_STANZA_LINES
        and all(len(lines[i].stripped) <= MAX_VERSE_CHARS for i in run)
        and not any(_credits(lines[i].text) or _ASIDE.match(lines[i].stripped) for i in run)
        and sum(_has_function_word(lines[i].stripped) for i in run) * 2 < len(run)
    ]
    if len(stanzas) < 2:
        return set()
    return {lines[i].start for run in stanzas for i in run}


def _title_like(lines: Sequence[Line]) -> bool:
    """One short line that is not a sentence: a possible title."""
    return (
        len(lines) == 1
        and len(lines[0].stripped) <= MAX_LIST_ITEM_CHARS
        and not lines[0].stripped.endswith(":")
        and not _SENTENCE_END.search(lines[0].stripped)
    )


def _before_items(lines: Sequence[Line], index: int) -> bool:
    """The next non-blank line after ``lines[index]`` (one blank allowed) is an item."""
    for j in (index + 1, index + 2):
        if j < len(lines) and lines[j].kind != "blank":
            return lines[j].kind in ITEM_KINDS
    return False


def _poem_title(group: list[_Stanza]) -> tuple[str | None, list[Line]]:
    """A first line without a function word (or naming a poem), alone or heading the
    first stanza, is the title."""
    first = group[0]
    text = first.lines[0].stripped
    if (len(first.lines) > 1 or len(group) > 1) and (
        (not _has_function_word(text) and not _RUNS_ON.search(text))  # not "Bohag ahil,"
        or re.search(r"\bpoem\b", text, re.IGNORECASE)
    ):
        return text, first.lines[1:]
    return None, first.lines


def _read_poems(candidates: Sequence[PageInput]) -> Structure:
    out = Structure()
    groups: list[list[_Stanza]] = []
    for position, page in enumerate(candidates):
        for stanza in _stanzas(position, page):
            previous = groups[-1][-1] if groups else None
            joins = previous is not None and (
                previous.position == position or _goes_on_over_the_page(previous, stanza)
            )
            if joins and previous is not None and previous.position == position:
                # stanzas on one page join only when nothing else stands between them
                joins = _adjacent_on_page(previous, stanza)
            if joins:
                groups[-1].append(stanza)
            else:
                groups.append([stanza])
    for group in groups:
        title, first_lines = _poem_title(group)
        verse = [*first_lines, *(line for s in group[1:] for line in s.lines)]
        copied = {line.start for stanza in group if stanza.copied for line in stanza.lines}
        counted = [line for line in verse if line.start in copied or _verse_line(line)]
        ratio = len(counted) / len(verse) if verse else 0.0
        sentences = sum(1 for line in verse if _SENTENCE_END.search(line.stripped))
        if verse and sentences * 5 >= len(verse) * 3:
            ratio = 0.0  # one short sentence a line: a log or notes, not verse
        breaks = len(group) > (2 if title and len(group[0].lines) == 1 else 1)
        if len(counted) >= MIN_POEM_LINES and ratio >= 0.6 and (breaks or title or ratio >= 0.8):
            evidence: list[EvidenceAnchor] = []
            for stanza in group:
                evidence.extend(_anchors(stanza.page, stanza.lines))
            out.units.append(
                Unit(
                    "poetry",
                    group[0].position,
                    group[-1].position,
                    f"Read from the page's lines: {len(verse)} short lines"
                    + (f" in {len(group)} stanzas" if breaks else ""),
                    tuple(evidence[:MAX_EVIDENCE_LINES]),
                    title=title,
                )
            )
        elif len(counted) >= 2:
            for stanza in group:
                for line in stanza.lines:
                    out.add_candidate(stanza.position, line)
    out.units = _one_per_page(out.units)  # a song and its English under it: one finding
    return out


def _goes_on_over_the_page(previous: _Stanza, stanza: _Stanza) -> bool:
    """``stanza``, first on its page, goes on from ``previous``, last on the page before:
    in verse or mid-sentence ("learns your name."), not in one line that is a heading
    ("À FAIRE / TO DO")."""
    return (
        previous.position == stanza.position - 1
        and previous.at_page_end
        and stanza.at_page_start
        and (len(stanza.lines) > 1 or stanza.lines[0].stripped[:1].islower())
    )


def _adjacent_on_page(a: _Stanza, b: _Stanza) -> bool:
    """Only blank lines between the end of ``a`` and the start of ``b``."""
    text = a.page.text or ""
    between = text[a.lines[-1].end : b.lines[0].start]
    return not between.strip()


# --------------------------------------------------------------------------- quotations


def _quote_text(match: re.Match[str]) -> str:
    return next(g for g in match.groups() if g is not None)


def _covered_lines(lines: Sequence[Line], start: int, end: int) -> list[int]:
    return [i for i, line in enumerate(lines) if line.start < end and start < line.end + 1]


def _blockquotes(lines: Sequence[Line]) -> list[list[Line]]:
    """Runs of lines marked as a block quote (``> ``, as in Markdown and e-mail)."""
    return [
        list(group)
        for quoted, group in itertools.groupby(
            lines, key=lambda line: bool(_BLOCKQUOTE.match(line.text))
        )
        if quoted
    ]


# A credit under a passage set in from the margin ("Words — William Williams").
_CREDIT: Final = re.compile(
    r"^\s*(?:words|lyrics|text|hymn|verse|poem|from)\s*(?:—|―|–|--?|:|by)\s*(?P<who>\S.{0,120})$",
    re.I,
)
_ASIDE: Final = re.compile(r"^\([^()]*\)$")
"""A line in brackets from start to end: the writer's aside, not a line of verse."""
_SET_IN: Final = 3
"""Spaces a passage's lines are set in from the margin, at least, to stand apart."""


def _set_in_passages(lines: Sequence[Line]) -> list[tuple[list[Line], Line, str]]:
    """Passages of two or more lines set in from the margin, further than the line their
    credit follows them on, with a dash or a credit under them (within one blank line):
    ``(passage, credit line, who)``."""
    out: list[tuple[list[Line], Line, str]] = []
    for i, j in _set_in_runs(lines, across_blank=False):
        passage = list(lines[i:j])
        after = next((line for line in lines[j : j + 2] if line.kind != "blank"), None)
        said = [line for line in passage if not _DASH_ATTRIBUTION.match(line.text)]
        credit = passage[-1] if len(said) < len(passage) else after
        who = (
            (_DASH_ATTRIBUTION.match(credit.text) or _CREDIT.match(credit.text))
            if credit is not None
            else None
        )
        if (
            who is not None
            and credit is not None
            and len(said) >= 2
            and len(_words(" ".join(line.stripped for line in said))) >= MIN_QUOTE_WORDS
        ):
            out.append((said, credit, who.group("who").strip()[:200]))
    return out


def _set_in_runs(lines: Sequence[Line], *, across_blank: bool) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of lines set in from the margin, one blank line inside
    it allowed when ``across_blank`` (a verse's stanzas)."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        if lines[i].kind == "blank" or _indent(lines[i]) < _SET_IN:
            i += 1
            continue
        j = i
        while j < len(lines) and (
            (lines[j].kind != "blank" and _indent(lines[j]) >= _SET_IN)
            or (
                across_blank
                and lines[j].kind == "blank"
                and j + 1 < len(lines)
                and _indent(lines[j + 1]) >= _SET_IN
            )
        ):
            j += 1
        runs.append((i, j))
        i = j
    return runs


# A line that introduces the passage under it as someone's words: a dash and a name, or
# a verb of singing or saying, and a colon at its end ("Abide with Me — Lyte. Choir sang
# it slow:", "the end of the ladainha as Lua sang it:").
_INTRODUCED: Final = re.compile(
    r"(?:[—–]\s*(?P<who>[A-Z][^\W\d_]+(?:\s[A-Z][^\W\d_]+){0,2})|"
    r"\b(?:sang|sung|sings|chanted|recited|prayed|says|said|wrote|writes|goes)\b)"
    r"[^\n]*:\s*$"
)


def _introduced_passages(lines: Sequence[Line]) -> list[tuple[list[Line], Line, str]]:
    """Passages of two or more lines set in from the margin under a line that says whose
    words they are, one blank line allowed between: ``(passage, that line, who)``."""
    out: list[tuple[list[Line], Line, str]] = []
    for i, j in _set_in_runs(lines, across_blank=True):
        passage = [line for line in lines[i:j] if line.kind != "blank"]
        intro = next(
            (lines[k] for k in (i - 1, i - 2) if k >= 0 and lines[k].kind != "blank"), None
        )
        said = _INTRODUCED.search(intro.text) if intro is not None else None
        if (
            said is not None
            and intro is not None
            and _indent(intro) < _SET_IN
            and len(passage) >= 2
            and len(_words(" ".join(line.stripped for line in passage))) >= MIN_QUOTE_WORDS
        ):
            out.append((passage, intro, (said.group("who") or "").strip()[:200]))
    return out


_SIGNED_AT: Final = 12
"""Spaces before a dash line far to the right under verse: the writer signing it, as a
letter is signed, not crediting it to someone ("                — Caju, Okt. 2024")."""
# A credit to no one by name ("— trad.", "— narodna (trad.)", "— anon."): still a credit.
_NO_AUTHOR: Final = re.compile(r"\b(?:trad|traditional|anon|anonymous|folk|unknown)\b", re.I)


# A credit to one of the writer's own, by kinship ("— my grandfather Kaeua Tekeaa").
_KIN_CREDIT: Final = re.compile(r"(?:my|our)\s+[^\W\d_]+\s+[A-Z]")


def _credited_verse(lines: Sequence[Line]) -> list[tuple[list[Line], Line, str]]:
    """Short lines of verse, their stanzas one blank line apart, right above a line that
    credits them to someone by name ("summer grasses — / all that is left / …" then "—
    Matsuo Bashō, Oku no Hosomichi"): ``(passage, credit line, who)``."""
    out: list[tuple[list[Line], Line, str]] = []
    for c, credit in enumerate(lines):
        who = _DASH_ATTRIBUTION.match(credit.text)
        set_apart = c >= 1 and lines[c - 1].kind == "blank"
        kin = who is not None and _KIN_CREDIT.match(who.group("who")) is not None
        if (
            who is None
            or credit.kind != "plain"  # "- Budget is flat": a list's item
            or not (who.group("who")[:1].isupper() or _NO_AUTHOR.search(who.group("who")) or kin)
            # a credit set in, a line apart; "                — Coach": the writer's own;
            # but "— my grandfather Kaeua Tekeaa" is his, wherever it is set
            or (_indent(credit) >= _SET_IN and not set_apart and not kin)
            or (_indent(credit) >= _SIGNED_AT and not kin)
        ):
            continue
        k = c - 1
        if k >= 0 and lines[k].kind == "blank":
            k -= 1
        passage: list[Line] = []
        while k >= 0 and lines[k].kind == "plain" and len(lines[k].stripped) <= MAX_VERSE_CHARS:
            passage.insert(0, lines[k])
            k -= 1
            if k >= 1 and lines[k].kind == "blank" and lines[k - 1].kind == "plain":
                k -= 1  # the stanza before, one blank line up
        if len(passage) >= 2 and (
            len(_words(" ".join(line.stripped for line in passage))) >= MIN_QUOTE_WORDS
        ):
            out.append((passage, credit, who.group("who").strip()[:200]))
    return out


def _lines_below(lines: Sequence[Line], i: int, *, longest: int | None = None) -> list[Line]:
    """The plain lines under line ``i``, one blank line allowed after it and between
    stanzas, each no longer than ``longest`` when given."""
    j = i + 1
    while j < len(lines) and lines[j].kind == "blank" and j <= i + 2:
        j += 1
    k = j
    while k < len(lines) and (
        (lines[k].kind == "plain" and (longest is None or len(lines[k].stripped) <= longest))
        or (lines[k].kind == "blank" and k + 1 < len(lines) and lines[k + 1].kind == "plain")
    ):
        k += 1
    return list(lines[j:k])


# A credit over the verse it names, under its title ("words by Constantin Belimace",
# "(national anthem — tune by Enoch Sontonga, from …)").
_CREDIT_ABOVE: Final = re.compile(
    r"^\s*\(?[^()\n]{0,40}?\b(?:(?:words|lyrics|text|poem|verses?|tune|music)\s+by"
    r"|(?:attributed|ascribed)\s+to)\s+"
    r"(?P<who>[^\W\d_][^\n(),;]{1,80}?)\s*(?:,[^\n]*)?\)?\s*$",
    re.IGNORECASE,
)


def _credited_above(lines: Sequence[Line]) -> list[tuple[list[Line], Line, str]]:
    """Verse under a line that credits it to someone by name, one blank line allowed
    between, its stanzas one blank line apart: ``(passage, credit line, who)``."""
    out: list[tuple[list[Line], Line, str]] = []
    for i, line in enumerate(lines):
        said = _CREDIT_ABOVE.match(line.text)
        if said is None or not said.group("who")[:1].isupper():
            continue
        passage = [
            x
            for x in _lines_below(lines, i, longest=MAX_VERSE_CHARS)
            if x.kind != "blank" and not _ASIDE.match(x.stripped)
        ]
        if len(passage) >= 2 and len(_words(" ".join(x.stripped for x in passage))) >= (
            MIN_QUOTE_WORDS
        ):
            out.append((passage, line, said.group("who").strip()[:200]))
    return out


def _copied_passages(lines: Sequence[Line]) -> list[tuple[list[Line], Line, str]]:
    """A passage under a line that says it was copied from someone or somewhere ("copied
    from Arnel's phone — old Ilonggo song:"), one blank line allowed between: ``(passage,
    the line that says so, from whom)``."""
    out: list[tuple[list[Line], Line, str]] = []
    for i, line in enumerate(lines):
        said = _COPIED_FROM.search(line.text)
        if said is None:
            continue
        passage = _lines_below(lines, i)
        if (
            len(passage) >= 2
            and len(_words(" ".join(x.stripped for x in passage))) >= MIN_QUOTE_WORDS
            and sum(1 for x in passage if _COLUMNS.search(x.stripped)) * 2 < len(passage)
        ):  # a table copied ("NIGHT ROSTER … copied from Sr Nakale's sheet") is no one's words
            out.append((passage, line, said.group("who").strip()[:200]))
    return out


def _read_quotations(candidates: Sequence[PageInput]) -> Structure:
    out = Structure()
    for position, page in enumerate(candidates):
        text = page.text or ""
        lines = page_lines(text)
        sure: list[Line] = []
        attribution: str | None = None
        excerpt: str | None = None
        kind = "inline"
        for match in _QUOTED.finditer(text):
            quoted = _quote_text(match)
            words = len(_words(quoted))
            if words < 2 or "\n\n" in quoted.replace("\r", ""):
                continue
            covered = _covered_lines(lines, match.start(), match.end())
            if not covered:  # pragma: no cover - a match lies on some line
                continue
            first, last = lines[covered[0]], lines[covered[-1]]
            before = text[first.start : match.start()]
            after = text[match.end() : last.end]
            following = next(
                (
                    lines[j]
                    for j in range(covered[-1] + 1, min(covered[-1] + 3, len(lines)))
                    if lines[j].stripped
                ),
                None,
            )
            dash_after = _INLINE_ATTRIBUTION.match(after)
            dash_line = _DASH_ATTRIBUTION.match(following.text) if following is not None else None
            own_line = not before.strip() and not after.strip(" .,;!?")
            spoken = _SPEECH.search(before[-60:]) or _SPEECH.search(after[:40])
            quote_lines = [lines[i] for i in covered]
            if words >= MIN_QUOTE_WORDS and (dash_after or dash_line or spoken or own_line):
                sure.extend(quote_lines)
                if dash_line is not None and following is not None:
                    sure.append(following)
                who = dash_after or dash_line
                if who is not None and attribution is None:
                    attribution = who.group("who").strip()[:200]
                excerpt = excerpt or " ".join(quoted.split())[:500]
                kind = "block" if own_line else kind
            elif words >= MIN_QUOTE_WORDS or dash_after or dash_line or spoken or own_line:
                for line in quote_lines:
                    out.add_candidate(position, line)
        for block in _blockquotes(lines):
            inner = [_BLOCKQUOTE.sub("", line.text) for line in block]
            said = [t for t in inner if not _DASH_ATTRIBUTION.match(t)]
            who = next((m for t in inner if (m := _DASH_ATTRIBUTION.match(t))), None)
            if len(_words(" ".join(said))) < MIN_QUOTE_WORDS:
                continue
            if who is None:
                for line in block:
                    out.add_candidate(position, line)
                continue
            sure.extend(block)
            attribution = attribution or who.group("who").strip()[:200]
            excerpt = excerpt or " ".join(" ".join(said).split())[:500]
            kind = "block"
        passages = [
            *_set_in_passages(lines),
            *_copied_passages(lines),
            *_introduced_passages(lines),
            *_credited_verse(lines),
            *_credited_above(lines),
        ]
        for verse, credit, credited_to in passages:
            if any(line in sure for line in verse):
                continue
            sure.extend([*verse, credit])
            attribution = attribution or credited_to or None
            excerpt = excerpt or " ".join(" ".join(line.stripped for line in verse).split())[:500]
            kind = "block"
        dialogue = sum(1 for line in lines if _DIALOGUE.match(line.text))
        for i, line in enumerate(lines):
            previous = lines[i - 1] if i > 0 else None
            epigraph = (
                _DASH_ATTRIBUTION.match(line.text) is not None
                and previous is not None
                and previous.kind == "plain"
                and line.kind == "plain"
            )
            cue = (
                _WRITING_CUE.search(line.text)
                or (_DIALOGUE.match(line.text) and dialogue >= 2)
                or epigraph
            )
            if cue and line not in sure:
                out.add_candidate(position, line)
                if epigraph and previous is not None:
                    out.add_candidate(position, previous)
        if sure:
            out.units.append(
                Unit(
                    "quotations",
                    position,
                    position,
                    "Read from the page: words in quotation marks"
                    + (f", attributed to {attribution}" if attribution else ""),
                    _anchors(page, list(dict.fromkeys(sure))),
                    data={"quote_kind": kind, "attribution": attribution, "excerpt": excerpt},
                )
            )
    return out


# --------------------------------------------------------------------------- entry


def read_structure(detector_id: str, candidates: Sequence[PageInput]) -> Structure | None:
    """The structure reading of ``detector_id`` over the candidates (positions are
    indices into ``candidates``), or ``None`` for a detector that does not read
    structure. Deterministic."""
    if detector_id == "poetry":
        return _read_poems(candidates)
    if detector_id == "todo_lists":
        return _read_lists(candidates)[0]
    if detector_id == "lists":
        return _read_lists(candidates)[1]
    if detector_id == "quotations":
        return _read_quotations(candidates)
    return None


def on_candidate_lines(
    structure: Structure, anchors: Sequence[EvidenceAnchor], positions: dict[int, int]
) -> list[EvidenceAnchor]:
    """The anchors that overlap a candidate line (``positions`` maps page id to candidate
    position)."""
    kept: list[EvidenceAnchor] = []
    for anchor in anchors:
        position = positions.get(anchor.page_id)
        spans = structure.candidates.get(position, []) if position is not None else []
        if any(anchor.anchor_start < end and start < anchor.anchor_end for start, end in spans):
            kept.append(anchor)
    return kept
