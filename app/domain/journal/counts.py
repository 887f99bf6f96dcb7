"""How much, and when, an entry says a habit was done: counts stated with the unit a
habit's name sets (a device's reading wins over a claim; "Kip 0030-0620" is a span of
minutes, "pp. 49-54" six pages), distances walked as steps, a stated time against a
deadline, and log items an emoji or a tick stands for ("💧 ✅", "Water ✓").

Pure functions of the parse and the text; the reader (``rules``) decides which sentences
and cue matches they are asked about.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

from app.domain.journal.cues import (
    NEGATORS,
    Cue,
    CueMatch,
    name_words,
    phrase_head,
    stem_of,
    whom_in,
)
from app.domain.journal.lines import (
    CROSSES,
    DONE_MARK,
    ITEM_MARK,
    ITEM_MARKS,
    LINE_NOT_DONE,
    LIST_MARK,
    UNCHECKED,
    line_bounds,
    mark_leads,
    plan_heading_over,
)
from app.domain.journal.measures import (
    CLOCK_TIME,
    MEASURE_UNITS,
    READING_WORDS,
    STEPS_PER,
    TIME_OR_NUMBER,
    UNIT_WORDS,
    WORD_NUMBERS,
    glued_measures,
    minutes_of_day,
    to_number,
    unit_of,
    word_times,
)
from app.domain.parsed import ParsedText, Token


def said_late(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue's sentence says it was late ("Meds late", "three hours late")."""
    head = phrase_head(parsed, match)
    words = [w.lower for w in parsed.sentence_words(head)]
    if any(w in ("late", "later", "belatedly", "qada", "qaza", "kaza") for w in words):
        return True  # "Fajr I prayed after sunrise, qada": made up, past its time
    return any(  # "not in time", "not on time"
        a == "not" and b in ("in", "on") and c == "time"
        for a, b, c in zip(words, words[1:], words[2:], strict=False)
    )


def time_ok(body: str, parsed: ParsedText, match: CueMatch, limit: int) -> bool:
    """A time stated in the cue's sentence is no later than the name's deadline. A
    morning deadline ("Light the saj by 5am") reads hours without am/pm as the morning's
    ("4:45", "at 2 in the night"); with no time stated, "done early" or a tick on the
    item ("☑ saj") says it was in time."""
    head = phrase_head(parsed, match)
    s_start, s_end = parsed.sentence_span(head)
    sentence = parsed.text[s_start:s_end]
    morning = limit < 12 * 60
    times = [
        _morning_minutes(m.group(1), m.group(2), m.group(3))
        if morning and not m.group(4)
        else minutes_of_day(m.group(1) or "0", m.group(2), m.group(3), m.group(4))
        for m in CLOCK_TIME.finditer(sentence)
    ] + ([] if morning else word_times(sentence))
    if not times:
        start = parsed.tokens[match.first].start
        line_start, line_end = line_bounds(body, start)
        ticked = _TICK_BEFORE.search(body, line_start, start) or _TICK_AFTER.match(
            body, parsed.tokens[match.last].end, line_end
        )
        return bool(_IN_GOOD_TIME.search(sentence) or ticked)  # "one hem, done early"
    if limit < _NIGHT_FROM:  # "Shutter up by 5", then "4.57 shutter up": no night hour
        times = [t - 24 * 60 if t >= 24 * 60 else t for t in times]
    return min(times) <= limit


_NIGHT_FROM: Final = 20 * 60
"""A deadline from this hour on is a night's ("Bed by 11"), and an hour before 5 written
without am/pm is read after midnight; before it, the same day's."""


def _morning_minutes(hour: str, minute: str | None, meridiem: str | None) -> int:
    h = int(hour) % 24
    if (meridiem or "").lower().startswith("p") and h < 12:
        h += 12
    return h * 60 + (int(minute) if minute else 0)


# A tick right before or after a list's item ("☑ saj", "saj ✔").
_TICK_BEFORE: Final = re.compile(rf"(?:{DONE_MARK.pattern})\ufe0f?[ \t]*$")
_TICK_AFTER: Final = re.compile(rf"[ \t]*(?:{DONE_MARK.pattern})")


# Said done before a deadline without the hour: "done early", "finished ahead of time".
_IN_GOOD_TIME: Final = re.compile(
    r"\b(?:done|finished|did it|did them|all done)\s+(?:early|ahead of time|in good time)\b"
    r"|\b(?:early|ahead of time|in good time)\s+(?:today|tonight)?\s*(?:done|finished)\b",
    re.I,
)


# From one time of day to another, as logs write it ("2215-0540", "22:15–05:40",
# "23.00-6.10", "0915→1640"): four digits, or hours and minutes apart.
_TIME_SPAN: Final = re.compile(
    r"(?<![\d:.])(?:([01]\d|2[0-3])([0-5]\d)|([01]?\d|2[0-3])[:.]([0-5]\d))\s*(?:[-–—→]|->)\s*"
    r"(?:([01]\d|2[0-3])([0-5]\d)|([01]?\d|2[0-3])[:.]([0-5]\d))(?![\d:.]\d)"
)
_LONGEST_SPAN: Final = 16 * 60


def _time_spans(parsed: ParsedText, words: Sequence[Token]) -> list[tuple[float, Token]]:
    """The minutes each span of clock times in ``words`` lasts, past midnight too, with the
    token it starts at ("Kip 0030-0620": 350)."""
    if not words:
        return []
    a, b = words[0].start, words[-1].end
    out: list[tuple[float, Token]] = []
    for m in _TIME_SPAN.finditer(parsed.text, a, b):
        g = [int(x) if x else None for x in m.groups()]
        start = (g[0] if g[0] is not None else g[2] or 0) * 60 + (g[1] or g[3] or 0)
        end = (g[4] if g[4] is not None else g[6] or 0) * 60 + (g[5] or g[7] or 0)
        minutes = (end - start) % (24 * 60)
        at = next((w for w in words if w.start <= m.start() < w.end), None)
        if at is not None and 0 < minutes <= _LONGEST_SPAN:
            out.append((float(minutes), at))
    return out


_QUARTER_HOUR: Final = re.compile(
    r"\b(a|one|three|3)\s+quarters?\s+of\s+an\s+hour\b"
    # and an hour in words, or half of one ("only an hour at the loom", "half an hour")
    # and as a learner drops the article ("Talo only half hour"; "one and half hour" is
    # an hour and a half)
    r"|\b(?<!quarter of )(?<!and )(half\s+an|half|an|one)\s+hours?\b(\s+and\s+a\s+half)?"
    r"|\b(?:one|an|1)\s+and\s+(?:a\s+)?(half)\s+hours?\b",
    re.IGNORECASE,
)


def _quarter_hours(parsed: ParsedText, words: Sequence[Token]) -> list[tuple[float, Token]]:
    """The minutes of each "quarter of an hour", "half an hour" or "an hour" said in words
    in ``words`` ("three quarters of an hour": 45; "an hour and a half": 90), with the
    token it starts at."""
    if not words:
        return []
    out: list[tuple[float, Token]] = []
    for m in _QUARTER_HOUR.finditer(parsed.text, words[0].start, words[-1].end):
        at = next((w for w in words if w.start <= m.start() < w.end), None)
        if at is None:
            continue
        if m.group(1) is not None:
            out.append((45.0 if m.group(1).lower() in ("three", "3") else 15.0, at))
        elif m.group(2) is None:
            out.append((90.0, at))  # "one and half hour"
        elif m.group(2).lower().startswith("half"):
            out.append((30.0, at))
        else:
            out.append((90.0 if m.group(3) else 60.0, at))
    return out


_TIMES_OVER: Final = {"once": 1.0, "twice": 2.0, "thrice": 3.0}


_CALENDAR: Final = frozenset({"day", "week", "month", "year"})
_SPEED: Final = re.compile(r"kmh|kph|mph|knots?|kts")
_PER_HOUR: Final = re.compile(r"/\s?h(?:r|our)?\b", re.IGNORECASE)


def _half_of(parsed: ParsedText, word: Token) -> bool:
    """``word`` is the "half" of "half of the chapter", "half a page", "half the set" (not
    "an hour and a half", "half past")."""
    tokens = parsed.tokens
    if word.lower != "half" or word.i + 1 >= len(tokens):
        return False
    before = tokens[word.i - 1].lower if word.i > 0 else ""
    return tokens[word.i + 1].lower in ("of", "a", "an", "the", "my") and before not in ("a", "and")


def _in_another(parsed: ParsedText, number: Token, unit: str) -> bool:
    """A number counted in a measure other than ``unit`` ("every four hours" is no count of
    nebulisers, "2 days" no count of pages), read from the word after it or its head."""
    near = [parsed.tokens[number.head]]
    if number.i + 1 < len(parsed.tokens):
        near.append(parsed.tokens[number.i + 1])
    for word in near:
        measure = unit_of(word.lower)
        counted_in = measure[0] if measure else ("day" if word.lemma in _CALENDAR else None)
        if counted_in is not None and counted_in != unit:
            return True
    return False


_GONE_OR_STEPPED: Final = frozenset({"km", "mi", "mile", "step"})
# A short unit's word written out ("2 mi": "two miles").
_WRITTEN_OUT: Final = {
    "mi": frozenset({"mile", "miles"}),
    "km": frozenset({"kms", "kilometre", "kilometres", "kilometer", "kilometers"}),
    "m": frozenset({"mts", "mtr", "mtrs", "metre", "metres", "meter", "meters"}),
}


def _of_unit(unit: str, word: str) -> bool:
    """``word`` names ``unit``: a longer unit's word and its forms ("page": "pages"); a
    unit of one or two letters only as itself or written out ("mi": "miles", not
    "Mimi")."""
    if len(unit) >= 3:
        return word.startswith(unit)
    return word.rstrip(".") in (unit, f"{unit}s") or word in _WRITTEN_OUT.get(unit, ())


_A_FRACTION: Final = re.compile(r"\d+\.\d+")
_K_DISTANCE: Final = re.compile(r"(\d+(?:[.,]\d+)?)k", re.IGNORECASE)


def count_evidence(
    parsed: ParsedText, target: tuple[float, str] | None, only: set[int] | None = None
) -> tuple[bool, CueMatch | None] | None:
    """Decide a count habit from the numbers stated with its unit (None: none stated, or
    no count habit), read only in the sentences ``only`` holds (every one when None).

    A reading ("phone says 11,400 steps") wins over a claim; the evidence is the
    number's clause when it reaches the target.
    """
    if target is None:
        return None
    goal, unit = target
    # Things counted whole ("Finger prick x2", "Lake dip 3x", "PassMed 40 Qs"): a number
    # with a decimal point is a reading or a score beside them ("Pricked finger, 7.9"),
    # no count of them.
    counts_whole = unit not in MEASURE_UNITS and unit not in _GONE_OR_STEPPED
    readings: list[tuple[float, Token]] = []
    claims: list[tuple[float, Token]] = []

    def is_unit(w: Token) -> bool:
        if _SPEED.fullmatch(w.lower) or _PER_HOUR.match(parsed.text, w.end, w.end + 6):
            return False  # "Mistral at 90 km/h": a speed, no distance gone
        measure = unit_of(w.lower)
        if measure is not None or unit in MEASURE_UNITS:
            return measure is not None and measure[0] == unit
        return w.lemma == unit or _of_unit(unit, w.lower) or w.lower in UNIT_WORDS.get(unit, ())

    def scaled(value: float, w: Token) -> float:
        measure = unit_of(parsed.tokens[w.head].lower) or (
            unit_of(parsed.tokens[w.i + 1].lower) if w.i + 1 < len(parsed.tokens) else None
        )
        return value * measure[1] if measure is not None else value

    for number, (first, last) in enumerate(parsed.sentences):
        if only is not None and number not in only:
            continue
        words = parsed.words(first, last)
        if unit == "minute" and (spans := _time_spans(parsed, words)):
            claims.extend(spans)  # "Kip 2215-0540": seven hours and a half
            continue
        if unit == "minute" and (quarters := _quarter_hours(parsed, words)):
            claims.extend(quarters)  # "only a quarter of an hour": fifteen minutes
            continue
        if unit == "page" and (ranges := _page_ranges(parsed, words)):
            claims.extend(ranges)  # "laws pp. 49–54": six pages, not 54
            continue
        glued = [
            (value, w)
            for value, got, w in glued_measures(words)
            if got == unit and not _a_time_of_day(parsed, w)
        ]
        if unit == "km":  # "Evening only 6k jog": a runner's "k" is kilometres
            glued += [
                (float(m.group(1).replace(",", ".")), w)
                for w in words
                if (m := _K_DISTANCE.fullmatch(w.text)) is not None
            ]
        if glued:  # "Hydration 1.4L"
            is_reading = any(w.lemma in READING_WORDS for w in words)
            (readings if is_reading else claims).extend(glued)
            continue
        if not any(is_unit(w) for w in words):
            continue
        times = [(_TIMES_OVER[w.lower], w) for w in words if w.lower in _TIMES_OVER]
        times += [(0.5, w) for w in words if _half_of(parsed, w)]  # "half of the chapter"
        # "13 450 шаг", where the goal is in thousands (not "4 400 m repeats")
        grouped, heads = _spaced_thousands(parsed, words) if goal >= 1000 else ({}, set())
        numbers = [
            (value, w)
            for w in words
            if (w.pos == "NUM" or w.tag == "CD" or TIME_OR_NUMBER.match(w.text))
            and not _a_temperature(parsed, w)
            and not (counts_whole and _A_FRACTION.fullmatch(w.text))
            and w.i not in heads
            for value in [grouped.get(w.i) or to_number(w.text)]
            if value is not None
        ]
        counted = [
            (value, w)
            for value, w in numbers
            if is_unit(parsed.tokens[w.head])
            or (w.i + 1 < len(parsed.tokens) and is_unit(parsed.tokens[w.i + 1]))
        ]
        before = [(value, w) for value, w in numbers if _counts_the_next(parsed, w, is_unit)]
        counted = before or counted  # "one study block 4-5ish": the one, not a time after
        # "40 minute ride, maybe ten pages": the ten; "nebuliser twice today, his sats 94"
        numbers = (
            counted or times or [(v, w) for v, w in numbers if not _in_another(parsed, w, unit)]
        )
        numbers = [(scaled(value, w), w) for value, w in numbers]  # "500 ml": half a litre
        is_reading = any(w.lemma in READING_WORDS for w in words)
        (readings if is_reading else claims).extend(numbers)
    pool = readings or claims
    if not pool:
        return None
    value, tok = max(pool, key=lambda p: p[0])
    if value < goal:
        return False, None
    return True, CueMatch(tok.text, tok.i, tok.i)


def _spaced_thousands(
    parsed: ParsedText, words: Sequence[Token]
) -> tuple[dict[int, float], set[int]]:
    """Numbers whose thousands a space sets apart ("13 450", "1 200 300", as much of Europe
    writes them): the position of each one's last group with the whole value, and the
    positions of the groups before it (read with it, not alone)."""
    values: dict[int, float] = {}
    heads: set[int] = set()
    for a, b in itertools.pairwise(words):
        gap = parsed.text[a.end : b.start]
        if (
            gap in (" ", "\u00a0", "\u202f", "\u2009")
            and (a.i in values or _GROUP_HEAD.fullmatch(a.text))
            and _GROUP.fullmatch(b.text)
        ):
            head = values.pop(a.i) if a.i in values else float(a.text)
            values[b.i] = head * 1000 + float(b.text)
            heads.add(a.i)
    return values, heads


_GROUP_HEAD: Final = re.compile(r"[1-9]\d{0,2}")
_GROUP: Final = re.compile(r"\d{3}")


def _counts_the_next(parsed: ParsedText, number: Token, is_unit: Callable[[Token], bool]) -> bool:
    """``number`` opens the noun phrase of the unit ("one study block", "2 pages")."""
    for tok in parsed.tokens[number.i + 1 : number.i + 4]:
        if is_unit(tok):
            return True
        if tok.pos not in ("NOUN", "PROPN", "ADJ"):
            return False
    return False


_PAGE_RANGE: Final = re.compile(
    r"\b(?:pp?|pgs?|pages?)\.?\s*(\d{1,4})\s*[–—-]\s*(\d{1,4})\b", re.IGNORECASE
)


def _page_ranges(parsed: ParsedText, words: Sequence[Token]) -> list[tuple[float, Token]]:
    """Pages read as a range ("p.46–48" is three), with the token that opens each."""
    if not words:
        return []
    a, b = words[0].start, words[-1].end
    out: list[tuple[float, Token]] = []
    for m in _PAGE_RANGE.finditer(parsed.text, a, b):
        first, last = int(m.group(1)), int(m.group(2))
        opener = next((w for w in words if w.start <= m.start() < w.end), None)
        if opener is not None and 0 < last - first < 200:
            out.append((float(last - first + 1), opener))
    return out


def _a_temperature(parsed: ParsedText, number: Token) -> bool:
    """The number is degrees ("too hot, 38°", "water 9 degrees"): no count of anything."""
    after = parsed.tokens[number.i + 1] if number.i + 1 < len(parsed.tokens) else None
    if number.text.endswith("°"):
        return True
    if after is None:
        return False
    return (after.start == number.end and after.text.startswith("°")) or after.lower in (
        "degrees",
        "degree",
    )


def walked_steps(parsed: ParsedText, match: CueMatch) -> float | None:
    """The steps a distance stated in the cue's sentence comes to ("a good six miles",
    "walked 9 km"), or None when no distance is stated."""
    head = phrase_head(parsed, match)
    words = parsed.sentence_words(head)
    best: float | None = None
    for left, right in itertools.pairwise(words):
        unit = right.lower.rstrip("s") if right.lower not in ("km", "mi") else right.lower
        value = to_number(left.text) if left.text[:1].isdigit() else WORD_NUMBERS.get(left.lower)
        glued = re.match(r"^(\d+(?:\.\d+)?)(km|mi)$", left.lower)
        if glued:
            value, unit = float(glued.group(1)), glued.group(2)
        if value is None or (unit not in STEPS_PER and not glued):
            continue
        steps = value * STEPS_PER[unit]
        best = steps if best is None else max(best, steps)
    return best


# What an emoji leading a log item stands for, in words a habit's seed cues know.
EMOJI_WORDS: Final = {
    "🏊": "swim", "🏃": "run", "🚴": "bike", "🚲": "bike", "🧘": "meditation yoga",
    "💧": "drank water", "🚰": "drank water", "📖": "read", "📚": "read", "🎸": "guitar",
    "🎹": "piano", "🦷": "floss", "🛌": "went to bed", "🛏": "went to bed", "😴": "slept",
    "💊": "vitamins", "🏋": "weights", "💪": "workout", "🍳": "cooked", "🥘": "cooked",
    "🍲": "cooked", "🧹": "tidied", "🧺": "laundry", "📞": "rang", "☎": "rang",
    "🥶": "cold shower", "🧊": "cold shower", "✍": "journal", "📝": "journal",
    "🌱": "gardening", "🪴": "gardening", "🚶": "walk", "🎤": "singing", "🎨": "painting",
    "🚣": "rowing", "🛶": "paddled", "🏄": "surfed", "🎻": "violin", "🎺": "trumpet",
    "⚽": "football", "🏀": "basketball", "🎾": "tennis", "🧗": "climbed", "🥊": "boxing",
    "🎿": "skied", "⛸": "skated",
}  # fmt: skip
# What may stand beside the emoji in such an item: measures and marks, no words of its own.
_MEASURE_ONLY: Final = re.compile(
    r"^(?:[\s\d:.,/x@+()-]|min|mins|h|hr|hrs|m|km|k|l|ml|mi|reps?|sets?|done|ok|[^\w\s])*$", re.I
)


def _emoji_items(body: str) -> list[tuple[int, int, str]]:
    """``(start, end, words)`` for each item of a log line that an emoji stands for: from
    the emoji to the next one ("🎸 20 min ✅ 🦷 ✅" holds two)."""
    items: list[tuple[int, int, str]] = []
    at = 0
    for line in body.split("\n"):
        heads = [(k, w) for k, ch in enumerate(line) if (w := EMOJI_WORDS.get(ch))]
        for n, (k, words) in enumerate(heads):
            end = heads[n + 1][0] if n + 1 < len(heads) else len(line)
            if line[:k].strip() and n == 0 and not LIST_MARK.match(line):
                break  # an emoji inside a sentence is not a log item
            items.append((at + k, at + end, words))
        at += len(line) + 1
    return items


def emoji_line(body: str, cues: Sequence[str], limit: int | None) -> tuple[int, int] | None:
    """A log or checklist item led by an emoji that stands for the habit ("💧 ✅",
    "🏊 1500m ✔"): ticked or measured, with no words of its own (those are read as
    words), not crossed out, unchecked or under a plan heading."""
    parsed_cues = [Cue.parse(c) for c in cues]
    for start, end, words in _emoji_items(body):
        item = body[start:end].rstrip()
        rest = item[1:]
        if not _MEASURE_ONLY.match(rest) or not _logged_done(body, start, item):
            continue
        if limit is not None:
            times = [
                minutes_of_day(m[1] or "0", m[2], m[3], m[4]) for m in CLOCK_TIME.finditer(item)
            ]
            if not times or min(times) > limit:
                continue
        tokens = [
            Token(k, 0, len(w), w, w, "NOUN", "NN", "ROOT", k, 0)
            for k, w in enumerate(words.split())
        ]
        if any(cue.find(tokens) for cue in parsed_cues):
            return start, start + len(item)
    return None


def name_emojis(name: str) -> frozenset[str]:
    """The pictures a habit's name holds that stand for it ("Rosaryo before tulog 📿",
    "Анама 📞 звонок"): not ticks, crosses, faces, hearts, stars or clocks, which say how
    it went or when rather than what."""
    return frozenset(
        ch
        for ch in name
        if unicodedata.category(ch) == "So"
        and ch not in ITEM_MARKS
        and ch not in _NOT_WHAT
        and not 0x1F600 <= ord(ch) <= 0x1F64F  # faces
        and not 0x1F550 <= ord(ch) <= 0x1F567  # clock faces
        and not 0x2190 <= ord(ch) <= 0x21FF  # arrows
    )


# Pictures that tell how it went, when, or that it is held back, not what is done.
_NOT_WHAT: Final = frozenset(
    "⭐🌟✨🔥💯🎉🎊👍👌👏🙌💥❤♥💕💖💗💓💙💚💛💜🖤🤍🧡⏰⏱⏲⌚⌛⏳📅📆🗓🚫🚭⛔🔞❗❓⚠"
)


# Where an item's own words end and a remark on it begins: a comma, a dash, a bracket.
# Or a remark that opens with a pronoun ("✅ Shaker call 📞 he is fine").
_ITEM_TOLD: Final = re.compile(r",|;|\s[–—-]\s|\(|\s(?:[Hh]e|[Ss]he|[Tt]hey|[Ww]e|I)\s")
_NOT_YET: Final = NEGATORS | {"tomorrow", "tmrw", "later", "next", "plan", "maybe", "soon"}


def name_emoji_item(body: str, name: str, until: int | None) -> tuple[int, int] | None:
    """A checklist or log item that the name's own picture stands for, ticked done or
    measured ("✅ 📿 before tulog", "✅ апа 📞 20 мин" for "Анама 📞 звонок"): the writer
    logged it by the picture they named it with. Not crossed out, unchecked, under a plan
    heading, denied, nor in a sentence (a long line). Nothing from ``until`` on is read."""
    pictures = name_emojis(name)
    if not pictures:
        return None
    at = 0
    for line in body.split("\n"):
        start = at
        at += len(line) + 1
        if until is not None and start >= until:
            break
        if len(_ITEM_TOLD.split(line, maxsplit=1)[0]) > 80 or not any(
            ch in pictures for ch in line
        ):  # a sentence, not an item and the remark on it
            continue
        for item_start, item_end in _line_items(line):
            item = line[item_start:item_end]
            at_picture = next((k for k, ch in enumerate(item) if ch in pictures), None)
            if at_picture is None:
                continue
            told = _ITEM_TOLD.search(item, at_picture)  # "✅ апа 📞 20 мин, she already…"
            item = item[: told.start()] if told else item
            share = _SHARE.match(item[at_picture + 1 :].lstrip())
            if share is not None and int(share[1]) < int(share[2]):
                continue  # "🕌 4/5": short of the whole
            words = [w.lower() for w in re.findall(r"[^\W\d_]+", item)]
            if len(words) > 3 or set(words) & _NOT_YET:
                continue  # a sentence, or "📿 tomorrow", "no 📞"
            if _logged_done(body, start, item):
                lead = len(item) - len(item.lstrip())
                return start + item_start + lead, start + item_start + len(item.rstrip())
    return None


_CLOCK_WITH_H: Final = re.compile(r"\d{1,2}h\d{2}", re.IGNORECASE)
_AT_A_TIME: Final = frozenset({"at", "by", "around", "till", "until", "from", "à", "às"})


def _a_time_of_day(parsed: ParsedText, w: Token) -> bool:
    """ "5h30" as French, Portuguese and much of Africa write a clock: opening its log line
    ("5h30 – machamba with Abudo") or after "at", not three hours and a half."""
    if not _CLOCK_WITH_H.fullmatch(w.text):
        return False
    line_start = parsed.text.rfind("\n", 0, w.start) + 1
    if not parsed.text[line_start : w.start].strip(" \t-–—•*·"):
        return True
    return w.i > 0 and parsed.tokens[w.i - 1].lower in _AT_A_TIME


def _logged_done(body: str, at: int, item: str) -> bool:
    """The log item ``item``, on the line of ``at``, is ticked or measured, and neither
    crossed out, unchecked nor under a plan heading (``at`` is where that is asked from)."""
    line_start, line_end = line_bounds(body, at)
    if LINE_NOT_DONE.search(item) or UNCHECKED.match(body[line_start:line_end]):
        return False
    if plan_heading_over(body, at):
        return False
    return bool(DONE_MARK.search(item) or re.search(r"\d", item))


_SHARE: Final = re.compile(r"(\d{1,3})\s?/\s?(\d{1,3})(?![\d/])")
"""A share of a whole right after a picture ("🕌 4/5"), not a date ("12/3/24")."""


def _line_items(line: str) -> list[tuple[int, int]]:
    """The items of a log line its ticks and crosses part: each from a mark leading it
    ("✅ 📿 ❌ 💪"), or each up to the mark following it ("📿 ✅ 💪 ❌"); the whole line
    when it has no marks."""
    marks = [m.start() for m in ITEM_MARK.finditer(line)]
    if not marks:
        return [(0, len(line))]
    if mark_leads(line):
        bounds = [*marks, len(line)]
        return [(a, b) for a, b in itertools.pairwise(bounds)]
    bounds = [0, *(k + 1 for k in marks)]
    items = [(a, b) for a, b in itertools.pairwise(bounds)]
    return items + ([(bounds[-1], len(line))] if bounds[-1] < len(line) else [])


# A short log item ticked after its words ("Water ✓", "Devotion ✓", "maa ✅ short call").
_TICKED_ITEM: Final = re.compile(rf"([^\n.;,✓✅✔☑{CROSSES}]{{1,30}}?)[ \t]*[:=–—-]?[ \t]*[✓✅✔☑]")
# Name words too common to stand for a habit alone ("Cycle to work": not "work ✓").
_GENERIC_NAME_WORDS: Final = frozenset(
    {"work", "morning", "evening", "night", "daily", "home", "new", "good", "things", "thing",
     "early", "late", "proper", "real", "big", "small", "long", "short", "quick", "today"}
)  # fmt: skip


def _abbreviates(word: str, key: str) -> bool:
    """A log's short form of a long name word ("mob ✅" for "Mobility", "prot 140 ✅" for
    "Protein"): three letters or more, two or more short of the word."""
    return len(key) >= 6 and 3 <= len(word) <= len(key) - 2 and key.startswith(word)


def ticked_name(body: str, name: str, until: int | None) -> tuple[int, int] | None:
    """A log item of at most three words, ticked after them, that names the habit by a
    word of its own name ("Water ✓" for "Water 2L", "Devotion ✓" for "Morning
    devotion"): the writer ticked it, though the word alone is no cue in a sentence.
    Nothing from ``until`` on is read (text addressed to the app is no log of the day)."""
    whom = whom_in(name)  # "Wave $50 pour Yaay": not "call Yaay ✔"
    keys = [w.rstrip("*") for w in name_words(name)]
    keys = [k for k in keys if len(k) >= 3 and k not in _GENERIC_NAME_WORDS and k not in whom]
    if not keys:
        return None
    for m in _TICKED_ITEM.finditer(body):
        if until is not None and m.start() >= until:
            break  # text addressed to the app is no log of the day
        line_start, line_end = line_bounds(body, m.start(1))
        if mark_leads(body[line_start:line_end]):
            continue  # "✔ sit ✘ walk ✔ chapter 4": there the mark leads its item
        if line_end - line_start > 120 or plan_heading_over(body, m.start(1)):
            continue
        words = re.findall(r"[^\W\d_]+", m.group(1).lower())
        if words and words[0] in NEGATORS:
            continue  # "no ringing required ✔": ticked that none was needed
        if 0 < len(words) <= 3 and any(
            stem_of(k, w) or _abbreviates(w, k) for w in words for k in keys
        ):
            return m.start(1) + len(m.group(1)) - len(m.group(1).lstrip()), m.end()
    return None
