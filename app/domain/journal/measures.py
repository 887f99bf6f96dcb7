"""Targets a habit's name sets and the measures an entry states: "Sleep by 11" (a
deadline, in minutes after the day's midnight), "Walk 10k steps" (a count and its unit),
numbers in digits or words, units glued to numbers ("1.4L", "3h12", "Chanter 20m") and
times told in words ("half past ten").

Pure functions of text; the reader (``rules``) decides what in an entry they apply to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from app.domain.parsed import Token
from app.domain.text import CJK_SCRIPT, CURRENCY_SIGNS, without_accents

CLOCK_TIME: Final = re.compile(
    r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?!\d|,\d)|\b(midnight)\b", re.I
)
_NAME_DEADLINE: Final = re.compile(
    r"(?:\b(?:by|before)\s+|<\s*)(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?|\b(midnight)\b", re.I
)
# A count of times after the thing counted: "Surya namaskar x12", "Pushups 20x" (not
# "Rest lying down 2x": "down" is no thing to count).
_NAME_TIMES: Final = re.compile(r"\b([a-z]{3,})\s+(?:[x×]\s?(\d+)|(\d+)\s?[x×])(?!\w)", re.I)
_NOT_COUNTED: Final = frozenset({"down", "back", "over", "daily", "week", "weekly", "times"})
# A time the name asks for in words ("Barrel organ – an hour", "Walk half an hour",
# "Piano twenty minutes").
_NAME_WORD_TIME: Final = re.compile(
    r"\b(an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|half an?)\s+"
    r"(hours?|hrs?|minutes|mins)\b",
    re.I,
)
_NAME_TARGET: Final = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s*(k|к)?\s+([^\W\d_]+)", re.I)
# A word a number names something by, not counts ("Gr 12", "Year 9", "Psalm 23", "Ep 4").
_LABEL_BEFORE: Final = re.compile(
    r"(?:\b(?:gr|grade|yr|year|form|std|standard|class|level|room|ch|chapter|psalm|ep|"
    r"episode|bus|route|unit|gate|ward|platform|no|nr)\.?|#)\s*$",
    re.IGNORECASE,
)


def minutes_of_day(
    hour: str, minute: str | None, meridiem: str | None, midnight: str | None
) -> int:
    """Minutes after the day's midnight of a clock time; an evening hour written without
    am/pm is the evening's, and an hour before 5 is after midnight."""
    if midnight:
        return 24 * 60
    h = int(hour) % 24
    m = int(minute) if minute else 0
    mer = (meridiem or "").lower().replace(".", "")
    if mer == "pm" and h < 12:
        h += 12
    elif mer == "am":
        h = 24 if h == 12 else h + 24 if h < 5 else h  # "1am" is after midnight
    elif 5 <= h <= 12:
        h = h + 12 if h < 12 else 24  # an evening hour written without am/pm
    elif h < 5:
        h += 24  # after midnight
    return h * 60 + m


def deadline(name: str) -> int | None:
    """Minutes after the day's midnight a "Sleep by 11"-style habit allows, or None."""
    m = _NAME_DEADLINE.search(name)
    if m is None:
        return None
    return minutes_of_day(m.group(1) or "0", m.group(2), m.group(3), m.group(4))


_NUMBER_WORDS: Final = {
    "zero": 0.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0, "six": 6.0,
    "seven": 7.0, "eight": 8.0, "nine": 9.0, "ten": 10.0, "eleven": 11.0, "twelve": 12.0,
    "thirteen": 13.0, "fourteen": 14.0, "fifteen": 15.0, "sixteen": 16.0, "seventeen": 17.0,
    "eighteen": 18.0, "nineteen": 19.0, "twenty": 20.0, "thirty": 30.0, "forty": 40.0,
    "fifty": 50.0, "sixty": 60.0, "seventy": 70.0, "eighty": 80.0, "ninety": 90.0,
    "hundred": 100.0, "dozen": 12.0,
}  # fmt: skip
WORD_NUMBERS: Final = _NUMBER_WORDS | {"a": 1.0, "an": 1.0, "half": 0.5}
_DOTTED_THOUSANDS: Final = re.compile(r"^\d{1,3}(?:\.\d{3})+$")  # "11.200" (European)
# A unit as writers of other first languages also write it ("11.200 pasos").
UNIT_WORDS: Final = {
    "step": frozenset(
        {"pasos", "passi", "schritte", "stappen", "pas", "kroków", "шаг", "шагов", "шага",
         "кроків", "қадам", "адым", "skref", "askel", "askelta"}
    ),
    "page": frozenset({"pp", "pgs", "pg"}),  # "20 pp of the Kahneman"
}  # fmt: skip
# Distances walked, in steps (about 2,000 a mile, 1,300 a kilometre).
STEPS_PER: Final = {"mile": 2000.0, "mi": 2000.0, "km": 1300.0, "kilometre": 1300.0,
                     "kilometer": 1300.0, "k": 1300.0}  # fmt: skip


_DECIMAL_COMMA: Final = re.compile(r"\d+,\d{1,2}")
"""A comma before one or two digits marks the decimals; one before three, thousands."""


def to_number(text: str) -> float | None:
    if text.lower() in _NUMBER_WORDS:
        return _NUMBER_WORDS[text.lower()]  # "ten pages"
    if _DOTTED_THOUSANDS.match(text):
        text = text.replace(".", "")
    elif _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".")  # "3,4 km", as much of Europe writes 3.4
    cleaned = text.lower().replace(",", "").lstrip("~≈")  # "~300 words": about 300
    scale = 1.0
    if cleaned.endswith(("k", "к")):  # "12k", "12к" (Cyrillic)
        cleaned, scale = cleaned[:-1], 1000.0
    try:
        return float(cleaned) * scale
    except ValueError:
        return None


# Measures written short and glued to their number ("3L", "180g", "500ml"), by the unit a
# count is kept in (a millilitre is a thousandth of a litre).
_MEASURES: Final = {
    "l": ("litre", 1.0), "ltr": ("litre", 1.0), "litre": ("litre", 1.0),
    "liter": ("litre", 1.0), "ml": ("litre", 0.001), "g": ("gram", 1.0),
    "gram": ("gram", 1.0), "kg": ("kilogram", 1.0), "kilo": ("kilogram", 1.0),
    "kilogram": ("kilogram", 1.0), "kilogramme": ("kilogram", 1.0), "oz": ("ounce", 1.0),
    "ounce": ("ounce", 1.0),
    # durations, in minutes: "20 min" and "1 hour" compare
    "min": ("minute", 1.0), "minute": ("minute", 1.0),
    "h": ("minute", 60.0), "hr": ("minute", 60.0), "hour": ("minute", 60.0),
    # minutes as other languages abbreviate them ("Barre 30 хв")
    "хв": ("minute", 1.0), "мин": ("minute", 1.0), "minuto": ("minute", 1.0),
    "minuti": ("minute", 1.0), "minuten": ("minute", 1.0), "minut": ("minute", 1.0),
    "minutos": ("minute", 1.0), "dk": ("minute", 1.0), "dakika": ("minute", 1.0),
    "phút": ("minute", 1.0), "perc": ("minute", 1.0), "分": ("minute", 1.0),
    "分間": ("minute", 1.0), "분": ("minute", 1.0), "分钟": ("minute", 1.0),
    # and hours ("Tesis 1 hora", "FSP 1 Std.", "Nederlands 1 uur")
    "hora": ("minute", 60.0), "heure": ("minute", 60.0), "std": ("minute", 60.0),
    "stunde": ("minute", 60.0), "stunden": ("minute", 60.0), "uur": ("minute", 60.0),
    "saat": ("minute", 60.0), "tunti": ("minute", 60.0), "tuntia": ("minute", 60.0),
    "timme": ("minute", 60.0), "timmar": ("minute", 60.0), "godzina": ("minute", 60.0),
    "godziny": ("minute", 60.0), "godzin": ("minute", 60.0), "giờ": ("minute", 60.0),
    "時間": ("minute", 60.0), "시간": ("minute", 60.0), "小时": ("minute", 60.0),
    "час": ("minute", 60.0), "часа": ("minute", 60.0), "часов": ("minute", 60.0),
    # as Russian and Bulgarian shorten it ("Сън 7ч"), Slovak and Czech, Malay and
    # Indonesian ("1 jam", "15 menit"), Italian, French and Portuguese say it
    "ч": ("minute", 60.0), "hod": ("minute", 60.0),
    "hodina": ("minute", 60.0), "hodiny": ("minute", 60.0), "hodín": ("minute", 60.0),
    "hodin": ("minute", 60.0), "jam": ("minute", 60.0), "menit": ("minute", 1.0),
    "ore": ("minute", 60.0), "ora": ("minute", 60.0), "heures": ("minute", 60.0),
    "horas": ("minute", 60.0),
    # minutes as a child or a hurried hand spells them ("15 minits")
    "minit": ("minute", 1.0), "minuet": ("minute", 1.0), "mintue": ("minute", 1.0),
}  # fmt: skip
# Money a name sets aside or gives ("$10 to the fund", "200 zł to savings", "Save €10/day"):
# an amount, not a count the entry must reach.
CURRENCY_WORDS: Final = (
    r"zł|zl|zloty|pln|eur|euros?|usd|gbp|dollars?|bucks|pounds?|quid|bob|rs|rupees?|naira|"
    r"pesos?|yuan|yen|won|baht|kr|lei|liras?|rand|cedis?|shillings?|ksh|kwacha|uah|"
    r"hryvnias?|rubles?|roubles?|dong|ringgit|shekels?|reais|reals?|soles|"
    # and as the money of Africa, Asia and the Americas is written beside an amount
    r"francs?|fbu|bif|cfa|fcfa|xaf|xof|frw|rwf|mt|mzn|meticais|metical|birr|etb|tsh|tzs|"
    r"ush|ugx|ghs|ngn|kes|zar|mwk|zmw|pula|ariary|dalasi|leones?|gourdes?|lempiras?|"
    r"quetzal(?:es)?|colón|colones|córdobas?|cordobas?|bolivianos?|bs|guaraníes|tenge|manat|"
    r"lari|drams?|afghanis?|taka|rupiah|rp|kip|riel|kyat|tugriks?|dinars?|dirhams?|riyals?|"
    r"rials?"
)
"""Currencies by name or code, as a regular-expression alternation (lower case)."""
_MONEY: Final = re.compile(
    rf"[{re.escape(CURRENCY_SIGNS)}]\s*$|^(?:{CURRENCY_WORDS})$", re.IGNORECASE
)
# Words after a name's number that are no unit ("$10 to the fund", "£5 in the pot").
_NO_UNIT: Final = frozenset(
    {"to", "in", "on", "at", "for", "of", "a", "an", "the", "into", "per", "from", "with",
     "and", "or", "by", "x",
     # a time of day after the number is when, not what ("Glycomet 500 morning": a dose)
     "morning", "mornings", "evening", "evenings", "night", "nightly", "afternoon", "noon",
     "daily", "am", "pm", "before", "after", "am/pm",
     # how often ("Pasanaku Bs 50 semanal"), and a date's "of" in a place's name ("Puesto
     # 16 de Julio", "Feira 9 de Julho")
     "weekly", "monthly", "semanal", "mensual", "diario", "diaria", "de", "da", "do", "del",
     "di"}
)  # fmt: skip
_GLUED: Final = re.compile(
    r"^[~≈]?(\d+(?:\.\d+)?)(l|ltr|ml|g|kg|oz|h|hrs?|mins?|'|ч|мин)$", re.IGNORECASE
)
_NAME_GLUED: Final = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s?(l|ltr|ml|g|kg|oz|h|hrs?|mins?|'|ч|мин)(?!\w)", re.I
)
# Counters Chinese, Japanese and Korean glue to a number ("9,420歩", "尺八 25分", "1枚"):
# steps, sheets, pages and times by the thing counted, durations by the measures above.
_COUNTERS: Final = {
    "歩": "step", "걸음": "step", "枚": "sheet", "頁": "page", "ページ": "page", "回": "time",
}  # fmt: skip
_CJK_UNITS: Final = sorted(  # the longest first: "分間" before "分"
    [*(unit for unit in _MEASURES if CJK_SCRIPT.match(unit)), *_COUNTERS],
    key=len,
    reverse=True,
)
_CJK_GLUED: Final = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(" + "|".join(_CJK_UNITS) + ")"
)
# A distance glued to its number, nothing counted after it ("Run 5km", "PM run 8k+",
# "Cycle 20 km" is read below): "10k steps" counts steps.
_NAME_DISTANCE: Final = re.compile(
    r"(?<![\w.])(\d+(?:[.,]\d+)?)(km|k|mi)\+?(?!\w)"
    r"(?!\s*(?!(?:daily|every|each|a\s+day|before|after|in|on|at|by|with|w|run|jog|swim|"
    r"walk|ride|row|hike|bike|cycle|paddle|ski)\b)[^\W\d_])",  # "4mi run", not "10k steps"
    re.IGNORECASE,
)
_WALK: Final = re.compile(r"\bwalk", re.IGNORECASE)
_PRIME: Final = {"'": "min"}
"""A prime glued to a number is minutes in a training log ("Z2 ride 60'")."""
_CEILING: Final = re.compile(
    r"(?:\b(?:under|below|max|maximum|less than|fewer than|no more than|at most|up to)|<)\s*$",
    re.IGNORECASE,
)
_HOURS_MINUTES: Final = re.compile(r"^(\d{1,2})h(\d{2})$", re.IGNORECASE)  # "3h12", "1h05"


MEASURE_UNITS: Final = frozenset(unit for unit, _ in _MEASURES.values())


def unit_of(word: str) -> tuple[str, float] | None:
    """The unit a measure word counts in, and its scale ("litres": litre × 1)."""
    lower = word.lower()
    found = _MEASURES.get(lower) or _MEASURES.get(lower[:-1] if lower.endswith("s") else lower)
    if found is None and not lower.isascii():  # "5 mín" (Icelandic), "10 mín."
        plain = without_accents(lower)
        if plain != lower and plain.isascii():
            return unit_of(plain)
    return found


# Minutes written "m" in a log ("Chanter 20m", "NT2 study 30m"), unless the habit goes a
# distance ("Swim 400m", "Sprint 100m"): then metres, which no count here keeps.
_M_MINUTES: Final = re.compile(r"^[~≈]?(\d{1,3})m\.?$", re.IGNORECASE)
_NAME_M_MINUTES: Final = re.compile(r"(?<![\w.])(\d{1,3})\s?m(?!\w)", re.IGNORECASE)
_MOST_M_MINUTES: Final = 180
_GOES_A_DISTANCE: Final = re.compile(
    r"\b(?:swim|run|row|walk|sprint|jog|cycl|bike|ride|hike|paddl|skat|ski|climb|dash|"
    r"relay|hurdle|lap|length|pool|track|race)",
    re.IGNORECASE,
)


def _glued(text: str) -> tuple[float, str] | None:
    """``(1.4, "litre")`` for "1.4L", ``(192, "minute")`` for "3h12": a number with its
    measure glued on."""
    hm = _HOURS_MINUTES.match(text)
    if hm is not None:
        return int(hm.group(1)) * 60.0 + int(hm.group(2)), "minute"
    short = _M_MINUTES.match(text)
    if short is not None and float(short.group(1)) <= _MOST_M_MINUTES:
        return float(short.group(1)), "minute"  # "Chanter 10m": not ten metres of it
    m = _GLUED.match(text)
    if m is None:
        return _cjk_glued(text, whole=True)
    unit, scale = unit_of(_PRIME.get(m.group(2), m.group(2))) or ("", 0.0)
    return float(m.group(1)) * scale, unit


def _cjk_glued(text: str, *, whole: bool) -> tuple[float, str] | None:
    """``(9420, "step")`` for "9,420歩", ``(25, "minute")`` for "25分": a number with a
    counter of Chinese, Japanese or Korean glued on (the whole text, or its first)."""
    m = _CJK_GLUED.fullmatch(text) if whole else _CJK_GLUED.search(text)
    if m is None:
        return None
    value = float(m.group(1).replace(",", ""))
    counted = _COUNTERS.get(m.group(2))
    if counted is not None:
        return value, counted
    unit, scale = unit_of(m.group(2)) or ("", 0.0)
    return value * scale, unit


def glued_measures(words: Sequence[Token]) -> list[tuple[float, str, Token]]:
    """Every number with its measure glued on ("1.4L", "~95g" as the tokenizer splits
    it), as ``(value, unit, the number's token)``."""
    out: list[tuple[float, str, Token]] = []
    for at, w in enumerate(words):
        glued = _glued(w.text)
        if glued is None and at + 1 < len(words) and words[at + 1].start == w.end:
            glued = _glued(w.text + words[at + 1].text)
        if glued is not None:
            out.append((glued[0], glued[1], w))
    return out


# A share of an hour as a name writes it ("Gaita ½h", "Tabla 1/2 hr", "Walk 1½ hours").
_VULGAR: Final = {"½": 0.5, "¼": 0.25, "¾": 0.75}
_SHARE: Final = re.compile(
    r"(?<![\d/.,])(?:(\d+)\s*([½¼¾])|([1-9])/([2-9]))(?=\s*(?:h|hrs?|hours?|mins?|minutes?)\b)",
    re.IGNORECASE,
)


def _with_shares_as_decimals(name: str) -> str:
    """``name`` with a share of an hour or a minute written as a decimal ("½h": "0.5h")."""

    def decimal(m: re.Match[str]) -> str:
        if m.group(2) is not None:
            return f"{int(m.group(1) or 0) + _VULGAR[m.group(2)]:g}"
        top, bottom = int(m.group(3)), int(m.group(4))
        return f"{top / bottom:g}" if top < bottom else m.group(0)

    name = re.sub(r"(?<![\d/.,])([½¼¾])", r"0\1", name)  # "½h": no whole number before it
    return _SHARE.sub(decimal, name)


def count_target(name: str) -> tuple[float, str] | None:
    """``(10000, "step")`` for "Walk 10k steps", ``(3, "litre")`` for "Drink 3L water": a
    count the name asks for, and its unit."""
    name = _with_shares_as_decimals(name)
    short = _NAME_M_MINUTES.search(name)
    if short is not None and not _GOES_A_DISTANCE.search(name):
        minutes = float(short.group(1))
        return (minutes, "minute") if minutes <= _MOST_M_MINUTES else None
    cjk = _cjk_glued(name, whole=False)
    if cjk is not None:
        return cjk  # "尺八 20分", "9000歩"
    distance = _NAME_DISTANCE.search(name)
    if distance is not None and not _CEILING.search(name[: distance.start()]):
        unit = distance.group(2).lower()
        if unit != "k" or (  # "Walk 10k" is most often steps
            _GOES_A_DISTANCE.search(name) and not _WALK.search(name)
        ):
            far = float(distance.group(1).replace(",", "."))
            return far, "mi" if unit == "mi" else "km"
    glued = _NAME_GLUED.search(name)
    if glued is not None:
        if _CEILING.search(name[: glued.start()]):
            return None  # "Screen time under 2h": a limit, not a count to reach
        unit, scale = unit_of(_PRIME.get(glued.group(2), glued.group(2))) or ("", 0.0)
        return float(glued.group(1)) * scale, unit
    m = next(  # "Gr 12 extra classes": a grade's number, not twelve classes
        (t for t in _NAME_TARGET.finditer(name) if not _LABEL_BEFORE.search(name[: t.start()])),
        None,
    )
    if m is None:
        worded = _NAME_WORD_TIME.search(name)  # "Barrel organ – an hour"
        if worded is not None and not _CEILING.search(name[: worded.start()]):
            said = worded.group(1).lower()
            share = 0.5 if said.startswith("half") else _NUMBER_WORDS.get(said, 1.0)
            return share * (60.0 if worded.group(2).lower().startswith("h") else 1.0), "minute"
        times = _NAME_TIMES.search(name)  # "Surya namaskar x12", "Pushups 20x"
        if times is None or times.group(1).lower() in _NOT_COUNTED:
            return None
        unit = times.group(1).lower()
        plural = unit.endswith("s") and not unit.endswith("ss")
        return float(times.group(2) or times.group(3)), unit[:-1] if plural else unit
    if _CEILING.search(name[: m.start()]):
        return None
    if (
        _MONEY.search(name[: m.start()])
        or _MONEY.match(m.group(3))
        or m.group(3).lower() in _NO_UNIT
    ):
        return None  # "$10 to the fund", "200 zł to savings": an amount, not a count
    value = to_number(m.group(1).replace(",", "") + (m.group(2) or ""))
    if value is None or value <= 0:
        return None
    unit = next((key for key, forms in UNIT_WORDS.items() if m.group(3).lower() in forms), "")
    unit = unit or m.group(3).lower()  # "Laws of Cricket 5 pg": pages
    measure = unit_of(unit)
    if measure is not None:
        return value * measure[1], measure[0]
    return value, unit[:-1] if unit.endswith("s") else unit


_HOURS: Final = (
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
)  # fmt: skip
# A time told in words: "half past ten", "at eleven", "ten o'clock", "quarter to twelve".
_WORD_TIME: Final = re.compile(
    r"\b(?:(?P<part>half|quarter) (?P<way>past|to) |(?P<prep>at|by|before|around|until|till) )"
    rf"(?P<hour>{'|'.join(_HOURS)})\b|\b(?P<hour2>{'|'.join(_HOURS)}) o'?\s?clock\b",
    re.IGNORECASE,
)


def word_times(text: str) -> list[int]:
    out: list[int] = []
    for m in _WORD_TIME.finditer(text):
        hour = _HOURS.index((m["hour"] or m["hour2"]).lower()) + 1
        minute = 0
        if m["part"]:
            minute = 30 if m["part"].lower() == "half" else 15
            if m["way"].lower() == "to":
                hour, minute = (hour - 2) % 12 + 1, 60 - minute
        out.append(minutes_of_day(str(hour), str(minute), None, None))
    return out


_ON_TIME: Final = re.compile(r"\b(?:on time|punctual)", re.IGNORECASE)


def on_time(name: str) -> bool:
    """A habit of doing something on time ("Meds on time")."""
    return _ON_TIME.search(name) is not None


# A number or a time as a log writes it ("5k", "21:00", "3x12").
TIME_OR_NUMBER: Final = re.compile(
    r"^[~≈]?\d[\d:.,]*(?:k|km|m|mi|am|pm|h|hrs?|z|utc|x\d+)?$", re.IGNORECASE
)  # "0900Z", "1500hrs": a ship's or a shift's clock; "~300": about so many

# Words that say a count is a device's or a record's reading ("phone says 11,400 steps").
READING_WORDS: Final = frozenset(
    {
        "say", "show", "read", "count", "log", "track", "record", "clock", "hit", "phone",
        "watch", "app", "counter", "tracker", "fitbit", "garmin", "pedometer", "total",
    }
)  # fmt: skip
