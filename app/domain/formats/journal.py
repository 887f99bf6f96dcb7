"""Journal files other tools write, and the Markdown Inkling writes: pure parsing.

Day One's JSON export, Markdown notes with optional YAML front matter (Obsidian daily
notes), Logseq journal pages, and files with the date in their name.  Nothing here reads
files: the services hand in text and decoded JSON and get back ``ImportedEntry`` values,
or a ``FormatError`` whose message is one sentence (without the file's name, which the
caller adds).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from typing import Any, Final
from zoneinfo import ZoneInfo

import yaml

from app.domain.days import MONTHS
from app.domain.formats.untrusted import brief, not_text, one_line

SOURCE_KINDS: Final = ("dayone", "markdown", "logseq", "text")
TAG_MAX: Final = 100
_FRONT_MATTER_END: Final = ("---", "...")
_ISO_DAY: Final = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_UNDERSCORE_DAY: Final = re.compile(r"(?<!\d)(\d{4})_(\d{2})_(\d{2})(?!\d)")
_COMPACT_DAY: Final = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)")
_LOGSEQ_PROPERTY: Final = re.compile(r"^(?:- )?([A-Za-z][\w-]*):: ?(.*)$")
_ORG_SETTING: Final = re.compile(r"^#\+([A-Za-z_]+):(.*)$")
_ORG_READ: Final = frozenset({"title", "tags", "filetags", "alias", "startup", "options"})
_ORG_HEADLINE: Final = re.compile(r"^(\*+)(?:[ \t]+(.*?))?[ \t]*$")
_ORDINAL: Final = r"\d{1,2}(?:st|nd|rd|th)"
_LOGSEQ_TITLE_DAY: Final = re.compile(
    rf"([A-Za-z]{{3,9}}\.?) ({_ORDINAL}|\d{{1,2}}), (\d{{4}})", re.IGNORECASE
)
_CONFLICT_COPY: Final = re.compile(
    r"(.+?)(?:\.sync-conflict-\d{8}-\d{6}(?:-[A-Za-z0-9]+)?"
    r"| ?\([^()]*conflict(?:ed)? copy[^()]*\)"
    r"|_conflict-\d{8}-\d{6})",
    re.IGNORECASE,
)
_MOMENT_TOKEN: Final = re.compile(
    r"\[[^\]]*\]|YYYY|YY|MMMM|MMM|MM|Mo|M|Do|DD|D|dddd|ddd|dd|d|.", re.S
)
_MOMENT_FIELDS: Final[dict[str, tuple[str, str]]] = {
    # token: (what it gives: y year, Y two-digit year, m month, b month name, d day; or
    # "" for a weekday, matched and ignored), its regex
    "YYYY": ("y", r"\d{4}"),
    "YY": ("Y", r"\d{2}"),
    "MMMM": ("b", r"[A-Za-z]{3,9}"),
    "MMM": ("b", r"[A-Za-z]{3,4}\.?"),
    "MM": ("m", r"\d{2}"),
    "Mo": ("m", _ORDINAL),
    "M": ("m", r"\d{1,2}"),
    "DD": ("d", r"\d{2}"),
    "Do": ("d", _ORDINAL),
    "D": ("d", r"\d{1,2}"),
    "dddd": ("", r"[A-Za-z]{6,9}"),
    "ddd": ("", r"[A-Za-z]{3}"),
    "dd": ("", r"[A-Za-z]{2}"),
    "d": ("", r"[0-6]"),
}
_MD5: Final = re.compile(r"^[0-9a-fA-F]{32}$")
_PHOTO_TYPE: Final = re.compile(r"^[A-Za-z0-9]{1,10}$")


# libyaml's C parser and emitter when the wheel has them (it does on the usual platforms):
# the same safe subset of YAML, several times faster than the pure-Python one.
_Loader: Final[type[yaml.SafeLoader]] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes no anchors or aliases (which Inkling does not read back)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


FRONT_MATTER_MAX: Final = 64 * 1024
"""Longest front matter read (characters); Inkling writes a few hundred."""
FRONT_MATTER_DEPTH: Final = 8
"""Deepest nesting of lists and mappings in front matter (Inkling writes two levels)."""


class FormatError(ValueError):
    """The text does not have the expected shape; ``str(error)`` is one sentence."""


@dataclass(frozen=True)
class ImportedEntry:
    """One entry read from another tool, ready to store."""

    source_kind: str
    source_id: str
    day: date
    body: str
    title: str = ""
    tags: tuple[str, ...] = ()
    starred: bool = False
    created_at: datetime | None = None
    """When it was written (aware), if the source says."""
    time_zone: str | None = None
    attachments: tuple[str, ...] = ()
    """References the reader resolves to files (Day One: ``photos/md5.type`` and the other
    folders of ``DAYONE_MEDIA``; Markdown: paths)."""
    place: str = ""
    """Where it was written, most precise name first (Day One's ``location``)."""
    latitude: float | None = None
    longitude: float | None = None
    weather: str = ""
    """The conditions and temperature (Day One's ``weather``)."""


# --- dates -----------------------------------------------------------------------------------


def _day(match: re.Match[str]) -> date:
    year, month, day = match.group(1), match.group(2), match.group(3)
    try:
        return date(int(year), int(month), int(day))
    except ValueError:
        raise FormatError(
            f"The date {year}-{month}-{day} in its name is not a real date."
        ) from None


def date_at_start(stem: str) -> date | None:
    """``YYYY-MM-DD`` at the start of a file name (Obsidian daily notes), if there."""
    match = _ISO_DAY.match(stem)
    return _day(match) if match else None


def logseq_day(stem: str) -> date | None:
    """A Logseq journal page's date, if the name is one: ``YYYY_MM_DD`` (Logseq's file
    names) or its default page title ``Nov 27th, 2020``, which some
    versions and settings use as the file name."""
    match = _UNDERSCORE_DAY.fullmatch(stem)
    if match:
        return _day(match)
    titled = _LOGSEQ_TITLE_DAY.fullmatch(stem.strip())
    if titled is None:
        return None
    month = _month_number(titled.group(1))
    if month is None:
        return None
    day, year = re.sub(r"\D", "", titled.group(2)), titled.group(3)
    try:
        return date(int(year), month, int(day))
    except ValueError:
        raise FormatError(f"The date {stem.strip()!r} in its name is not a real date.") from None


def _month_number(name: str) -> int | None:
    """1-12 for an English month name or its abbreviation (``Nov``, ``Sept``, ``November``)."""
    key = name.casefold().rstrip(".")
    for number, month in enumerate(MONTHS, start=1):
        if len(key) >= 3 and month.startswith(key):
            return number
    return None


def conflict_original(stem: str) -> str | None:
    """The name a sync tool's conflict copy was made from, or None when ``stem`` is no
    conflict copy: Syncthing (``x.sync-conflict-20201128-101010-ABCDEFG``), Dropbox,
    Nextcloud and Obsidian Sync (``x (… conflicted copy …)``), ownCloud
    (``x_conflict-20201128-101010``)."""
    match = _CONFLICT_COPY.fullmatch(stem)
    return match.group(1).strip() if match else None


def moment_day_reader(pattern: str) -> Callable[[str], date | None]:
    """A reader of names written in a moment.js date format (Obsidian's daily-notes
    ``format``, e.g. ``YYYY-MM-DD``, ``DD.MM.YYYY``, ``YYYY/MM/YYYY-MM-DD dddd``,
    ``[Journal] Do MMMM YYYY``): it returns the date a whole name (without ``.md``,
    ``/`` between folders) gives, or None when the name is not in that format.  Month
    and weekday names are English; tokens other than years, months and days match
    their literal text."""
    parts: list[str] = []
    for number, token in enumerate(_MOMENT_TOKEN.findall(pattern)):
        if len(token) >= 2 and token.startswith("[") and token.endswith("]"):
            parts.append(re.escape(token[1:-1]))
        elif token in _MOMENT_FIELDS:
            kind, regex = _MOMENT_FIELDS[token]
            parts.append(f"(?P<{kind}{number}>{regex})" if kind else f"(?:{regex})")
        else:
            parts.append(re.escape(token))
    compiled = re.compile("".join(parts), re.IGNORECASE)

    def read(name: str) -> date | None:
        match = compiled.fullmatch(name)
        if match is None:
            return None
        found: dict[str, int] = {}
        for group, value in match.groupdict().items():
            kind = group.rstrip("0123456789")
            if kind == "b":
                kind, number = "m", _month_number(value)
                if number is None:
                    return None
            elif kind == "Y":
                kind, number = "y", 2000 + int(value)
            else:
                number = int(re.sub(r"\D", "", value))
            if found.setdefault(kind, number) != number:
                return None  # the name's folder and file disagree
        if set(found) != {"y", "m", "d"}:
            return None
        try:
            return date(found["y"], found["m"], found["d"])
        except ValueError:
            raise FormatError(
                f"The date {found['y']:04}-{found['m']:02}-{found['d']:02} in its name is not "
                "a real date."
            ) from None

    return read


def date_in_name(stem: str) -> tuple[date, str] | None:
    """The first date anywhere in a file name (``YYYY-MM-DD``, ``YYYY_MM_DD`` or
    ``YYYYMMDD``) and the rest of the name as a title."""
    for pattern in (_ISO_DAY, _UNDERSCORE_DAY, _COMPACT_DAY):
        match = pattern.search(stem)
        if match:
            day = _day(match)
            rest = (stem[: match.start()] + " " + stem[match.end() :]).strip(" -_.,")
            return day, " ".join(rest.split())
    return None


def _date_value(value: Any) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.strip()).date()
        except ValueError:
            pass
    raise FormatError(f"The date {brief(value)} is not a date in the form YYYY-MM-DD.")


def _datetime_value(value: Any, what: str, zone: tzinfo | None) -> datetime:
    """An aware moment; one written without an offset is a time in ``zone`` (``None``:
    the system's)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            raise FormatError(f"The {what} {brief(value)} is not a date and time.") from None
    else:
        raise FormatError(f"The {what} {brief(value)} is not a date and time.")
    if moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=zone) if zone is not None else moment.astimezone(UTC)


def check_time_zone(name: Any) -> str:
    """An IANA time zone name this system knows, or ``FormatError``."""
    if not isinstance(name, str) or not name:
        raise FormatError(f"The time zone {brief(name)} is not a time zone name.")
    try:
        ZoneInfo(name)
    except (KeyError, ValueError, OSError):
        raise FormatError(f"The time zone {brief(name)} is not one this computer knows.") from None
    return name


# --- small values ------------------------------------------------------------------------------


def _valid_text(value: str, what: str) -> str:
    """``value`` when it is storable text: valid Unicode without a NUL (the one rule of
    :mod:`app.domain.formats.untrusted`)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FormatError(f"The {what} holds characters that are not valid Unicode.") from None
    refused = not_text(value)
    if refused is not None:
        raise FormatError(f"The {what} {refused}.")
    return value


def clean_tags(values: Iterable[Any]) -> tuple[str, ...]:
    """Tags as given, trimmed, without a leading ``#`` or Logseq's ``[[ ]]``, each once."""
    tags: list[str] = []
    for value in values:
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            raise FormatError(f"The tag {brief(value)} is not text.")
        tag = str(value).strip()
        if tag.startswith("[[") and tag.endswith("]]"):
            tag = tag[2:-2].strip()
        tag = " ".join(tag.lstrip("#").split())
        if not tag:
            continue
        if len(tag) > TAG_MAX:
            raise FormatError(f"A tag is longer than {TAG_MAX} characters.")
        if tag not in tags:
            tags.append(_valid_text(tag, "tag"))
    return tuple(tags)


def _tags_value(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return clean_tags(re.split(r"[,\s]+", value))
    if isinstance(value, list):
        return clean_tags(value)
    raise FormatError(f"The tags {brief(value)} are not a list.")


def _bool_value(value: Any, what: str) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    raise FormatError(f"The {what} value {brief(value)} is not true or false.")


# --- Markdown with YAML front matter -----------------------------------------------------------


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """The YAML front matter (``---`` ... ``---`` at the top) as a mapping, and the body.

    One blank line after the closing ``---`` belongs to the front matter (that is how
    Inkling writes it); everything else is the body, unchanged.
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return {}, text
    for number, line in enumerate(lines[1:], start=1):
        if line.rstrip() in _FRONT_MATTER_END:
            block = "\n".join(lines[1:number])
            body = "\n".join(lines[number + 1 :])
            break
    else:
        raise FormatError("Line 1 opens a front matter block (---) that is never closed.")
    if body.startswith("\n"):
        body = body[1:]
    try:
        _check_front_matter(block, number)
        meta = yaml.load(block, Loader=_Loader)  # a safe loader: plain data only
    except FormatError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        last = number  # the block's last line in the file (the closing --- is line number + 1)
        line = f"Line {min(mark.line + 2, last)}" if mark is not None else "The front matter"
        problem = exc.problem or exc.context or "invalid YAML"
        raise FormatError(f"{line} of the front matter is not valid YAML ({problem}).") from None
    except (yaml.YAMLError, RecursionError, ValueError):
        raise FormatError("The front matter is not valid YAML.") from None
    if meta is None:
        return {}, body
    if not isinstance(meta, dict):
        raise FormatError("The front matter is not a list of key: value pairs.")
    return {str(key).casefold(): value for key, value in meta.items()}, body


def _check_front_matter(block: str, last: int) -> None:
    """Refuse front matter whose value would be unbounded: longer than
    ``FRONT_MATTER_MAX``, nested deeper than ``FRONT_MATTER_DEPTH``, or using an alias
    (``*name``), which can repeat a value exponentially (a 400-byte "billion laughs").
    Read as a stream of parser events, so no value is built before it is checked."""
    if len(block) > FRONT_MATTER_MAX:
        raise FormatError(
            f"The front matter is longer than {FRONT_MATTER_MAX:,} characters, the most "
            "Inkling reads."
        )
    depth = 0
    for event in yaml.parse(block, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            line = min(event.start_mark.line + 2, last) if event.start_mark else 2
            raise FormatError(
                f"Line {line} of the front matter repeats a value with a YAML alias "
                "(*name), which Inkling does not read; write the value out."
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > FRONT_MATTER_DEPTH:
                raise FormatError(
                    f"The front matter nests lists or mappings more than {FRONT_MATTER_DEPTH}"
                    " levels deep."
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _source_value(value: Any) -> tuple[str, str]:
    if isinstance(value, str):
        kind, sep, ident = value.partition(":")
        if sep and kind in SOURCE_KINDS and ident:
            return kind, ident
    raise FormatError(f"The source {brief(value)} is not one Inkling wrote (kind:id).")


def _attachments_value(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
        return tuple(value)
    raise FormatError(f"The attachments {brief(value)} are not a list of file paths.")


def markdown_entry(
    text: str,
    *,
    kind: str,
    relative: str,
    name_day: date | None,
    zone: tzinfo | None,
    name_title: str = "",
) -> ImportedEntry | None:
    """A Markdown note as an entry, or None when neither front matter nor name dates it.

    A ``created`` time without an offset is a time in the note's ``time_zone``, else in
    ``zone`` (the user's; ``None``: the system's).

    Front matter keys: ``date``, ``title``, ``tags``, ``starred``, ``created``,
    ``time_zone``, ``source``, ``attachments``, ``place``, ``latitude``, ``longitude`` and
    ``weather`` (what ``render_markdown`` writes); others are ignored.  The source identity
    is the front matter's ``source`` when present, else the date and the file's relative
    path.
    """
    meta, body = split_front_matter(text)
    day = _date_value(meta["date"]) if meta.get("date") is not None else name_day
    if day is None:
        return None
    title = meta.get("title", name_title)
    if title is None:
        title = ""
    if not isinstance(title, str | int | float) or isinstance(title, bool):
        raise FormatError(f"The title {brief(title)} is not text.")
    created = meta.get("created")
    named = meta.get("time_zone")
    time_zone = check_time_zone(named) if named is not None else None
    kind_id = (
        _source_value(meta["source"])
        if meta.get("source") is not None
        else (kind, f"{day.isoformat()}:{relative}")
    )
    return ImportedEntry(
        source_kind=kind_id[0],
        source_id=kind_id[1],
        day=day,
        body=_valid_text(body, "text"),
        title=_valid_text(" ".join(str(title).split()), "title"),
        tags=_tags_value(meta.get("tags")),
        starred=_bool_value(meta.get("starred"), "starred"),
        created_at=(
            _datetime_value(created, "creation time", ZoneInfo(time_zone) if time_zone else zone)
            if created is not None
            else None
        ),
        time_zone=time_zone,
        attachments=_attachments_value(meta.get("attachments")),
        place=_short_text(meta.get("place")),
        latitude=_coordinate(meta.get("latitude"), 90),
        longitude=_coordinate(meta.get("longitude"), 180),
        weather=_short_text(meta.get("weather")),
    )


def logseq_entry(text: str, *, relative: str, day: date, org: bool = False) -> ImportedEntry:
    """A Logseq journal page: the page text as is, tags from a leading ``tags::`` property;
    with ``org``, a page written in Org mode (``YYYY_MM_DD.org``, :func:`org_to_text`)."""
    title, tags, body = org_to_text(text) if org else _logseq_markdown(text)
    return ImportedEntry(
        source_kind="logseq",
        source_id=f"{day.isoformat()}:{relative}",
        day=day,
        body=_valid_text(body, "text"),
        title=_valid_text(title, "title"),
        tags=tags,
    )


def _logseq_markdown(text: str) -> tuple[str, tuple[str, ...], str]:
    meta, body = split_front_matter(text)
    tags: tuple[str, ...] = _tags_value(meta.get("tags"))
    title = ""
    for line in body.split("\n"):
        match = _LOGSEQ_PROPERTY.match(line.strip())
        if match is None:
            break
        key, value = match.group(1).casefold(), match.group(2)
        if key == "tags":
            tags = clean_tags([*tags, *re.split(r",\s*", value)])
        elif key == "title":
            title = " ".join(value.split())
    return title, tags, body


def is_empty_page(body: str) -> bool:
    """Whether a journal page holds nothing but empty bullets (Logseq writes ``-`` on
    each day it opens; its Org pages have ``*``)."""
    return all(line.strip() in ("", "-", "*") for line in body.split("\n"))


def org_to_text(text: str) -> tuple[str, tuple[str, ...], str]:
    """A Logseq Org page as ``(title, tags, body)``: ``#+TITLE:`` and ``#+TAGS:`` /
    ``#+FILETAGS:`` read, other ``#+`` settings and ``:PROPERTIES:`` drawers left out,
    headlines (``*``, ``**``) written as the Markdown bullets Logseq shows (``-``,
    indented two spaces a level), everything else as is."""
    title, tags, lines = "", tuple[str, ...](), list[str]()
    in_drawer = False
    for line in text.split("\n"):
        stripped = line.strip()
        if in_drawer:
            in_drawer = stripped.casefold() != ":end:"
            continue
        if stripped.casefold() == ":properties:":
            in_drawer = True
            continue
        setting = _ORG_SETTING.match(stripped)
        if setting:
            key, value = setting.group(1).casefold(), setting.group(2).strip()
            if key == "title":
                title = " ".join(value.split())
            elif key in ("tags", "filetags"):
                tags = clean_tags([*tags, *re.split(r"[,:\s]+", value)])
            if key in _ORG_READ:
                continue
        headline = _ORG_HEADLINE.match(line)
        if headline:
            depth = len(headline.group(1))
            line = "  " * (depth - 1) + "-" + (f" {headline.group(2)}" if headline.group(2) else "")
        lines.append(line)
    return title, tags, "\n".join(lines)


def obsidian_daily_settings(document: Any) -> tuple[str, str]:
    """The ``folder`` and ``format`` of a decoded ``.obsidian/daily-notes.json`` (Obsidian
    leaves out what is left at its default: the vault's top and ``YYYY-MM-DD``)."""
    if not isinstance(document, dict):
        raise FormatError("It is not a mapping of settings.")
    folder, pattern = document.get("folder") or "", document.get("format") or "YYYY-MM-DD"
    if not isinstance(folder, str) or not isinstance(pattern, str):
        raise FormatError("Its folder or format is not text.")
    return folder.strip().strip("/"), pattern.strip()


def render_markdown(
    *,
    day: date,
    title: str,
    body: str,
    tags: tuple[str, ...] = (),
    starred: bool = False,
    created_at: datetime | None = None,
    time_zone: str | None = None,
    source: tuple[str, str] | None = None,
    attachments: tuple[str, ...] = (),
    place: str = "",
    latitude: float | None = None,
    longitude: float | None = None,
    weather: str = "",
) -> str:
    """An entry as Markdown with YAML front matter; ``markdown_entry`` reads it back."""
    meta: dict[str, Any] = {"date": day, "title": title}
    if tags:
        meta["tags"] = list(tags)
    if starred:
        meta["starred"] = True
    if created_at is not None:
        local = created_at.astimezone(ZoneInfo(time_zone)) if time_zone else created_at
        meta["created"] = local.isoformat()
    if time_zone:
        meta["time_zone"] = time_zone
    if source is not None:
        meta["source"] = f"{source[0]}:{source[1]}"
    if attachments:
        meta["attachments"] = list(attachments)
    for key, value in (
        ("place", place),
        ("latitude", latitude),
        ("longitude", longitude),
        ("weather", weather),
    ):
        if value not in ("", None):
            meta[key] = value
    front = yaml.dump(meta, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)
    return f"---\n{front}---\n\n{body}"


# --- Day One ---------------------------------------------------------------------------------


def _entry_label(index: int, raw: Any) -> str:
    ident = raw.get("uuid") if isinstance(raw, Mapping) else None
    named = isinstance(ident, str) and ident
    return f"entry {index + 1}" + (f" ({one_line(ident, limit=80)})" if named else "")


def dayone_entries(
    document: Any,
    *,
    zone: tzinfo | None,
    on_error: Callable[[int, str, FormatError], None] | None = None,
) -> list[ImportedEntry]:
    """The entries of a decoded Day One ``Journal.json``; their attachments are the photos,
    videos, audio recordings and PDFs they name (``photos/md5.type``: the export's folder
    and file name).  The text is read by :func:`dayone_text`: a first-line heading is the
    title, Markdown escapes become text and ``dayone-moment:`` links name the attachment.

    An entry's day is its creation date in its own ``timeZone``; an entry that names none
    was written in ``zone`` (the user's; ``None``: the system's), not in UTC.

    An entry that does not fit is handed to ``on_error`` (its index, its label
    ``entry N (uuid)`` and the sentence saying why) and left out; without ``on_error``,
    ``FormatError`` names the entry.  A document that is not a Day One journal at all is always a
    ``FormatError``.
    """
    if not isinstance(document, dict) or not isinstance(document.get("entries"), list):
        raise FormatError("It is not a Day One export: it has no list of entries.")
    result: list[ImportedEntry] = []
    for index, raw in enumerate(document["entries"]):
        try:
            result.append(_dayone_entry(raw, zone))
        except FormatError as exc:
            if on_error is None:
                raise FormatError(f"In {_entry_label(index, raw)}: {exc}") from None
            on_error(index, _entry_label(index, raw), exc)
    return result


def _dayone_entry(raw: Any, zone: tzinfo | None) -> ImportedEntry:
    if not isinstance(raw, dict):
        raise FormatError("the entry is not an object.")
    ident = raw.get("uuid")
    if not isinstance(ident, str) or not ident.strip():
        raise FormatError("the entry has no uuid.")
    if "creationDate" not in raw:
        raise FormatError("the entry has no creationDate.")
    created = _datetime_value(raw["creationDate"], "creationDate", UTC).astimezone(UTC)
    named = raw.get("timeZone")
    time_zone = check_time_zone(named) if named is not None else None
    local = created.astimezone(ZoneInfo(time_zone) if time_zone else zone)
    text = raw.get("text", "")
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise FormatError("the entry's text is not text.")
    tags = raw.get("tags")
    if tags is not None and not isinstance(tags, list):
        raise FormatError("the entry's tags are not a list.")
    refs: list[str] = []
    links: dict[str, str] = {}
    for key, (folder, what, default) in DAYONE_MEDIA.items():
        for ref, identifier in _dayone_media(raw.get(key), folder, what, default):
            if ref not in refs:
                refs.append(ref)
            if identifier:
                links.setdefault(identifier, ref.rpartition("/")[2])
    title, body = dayone_text(text, links)
    place, latitude, longitude = dayone_place(raw.get("location"))
    return ImportedEntry(
        source_kind="dayone",
        source_id=_valid_text(ident.strip(), "uuid"),
        day=local.date(),
        body=_valid_text(body, "text"),
        title=_valid_text(title, "title"),
        tags=clean_tags(tags or []),
        starred=_bool_value(raw.get("starred"), "starred"),
        created_at=created,
        time_zone=time_zone,
        attachments=tuple(refs),
        place=place,
        latitude=latitude,
        longitude=longitude,
        weather=dayone_weather(raw.get("weather")),
    )


DAYONE_MEDIA: Final = {
    # the entry's key: (the export's folder, what one is called, the type when none is given)
    "photos": ("photos", "photo", "jpeg"),
    "videos": ("videos", "video", "mov"),
    "audios": ("audios", "audio recording", "m4a"),
    "pdfAttachments": ("pdfs", "PDF", "pdf"),
}
"""What a Day One entry keeps beside its text, each in its own folder of the export."""


def _dayone_media(value: Any, folder: str, what: str, default: str) -> Iterable[tuple[str, str]]:
    """``(folder/md5.type, identifier)`` for each item of an entry's media list."""
    if value is None:
        return
    if not isinstance(value, list):
        raise FormatError(f"the entry's {folder} are not a list.")
    for item in value:
        if not isinstance(item, dict):
            raise FormatError(f"a {what} is not an object.")
        md5, kind = item.get("md5"), item.get("type", default)
        if not isinstance(md5, str) or not _MD5.match(md5):
            raise FormatError(f"a {what} has no md5 checksum, so its file cannot be found.")
        if not isinstance(kind, str) or not _PHOTO_TYPE.match(kind):
            raise FormatError(f"a {what} has an unknown type {brief(kind)}.")
        identifier = item.get("identifier")
        yield (
            f"{folder}/{md5.lower()}.{kind.lower()}",
            identifier if isinstance(identifier, str) else "",
        )


_ESCAPE_OR_CODE: Final = re.compile(
    r"^(```|~~~).*?^\1[^\n]*$"  # a fenced code block: kept as written
    r"|`[^`\n]*`"  # a code span: kept as written
    r"|\\([!-/:-@\[-`{-~])",  # a backslash before ASCII punctuation: the punctuation
    re.MULTILINE | re.DOTALL,
)
_MOMENT_LINK: Final = re.compile(
    r"dayone-moment:/{1,2}(?:(?:photo|video|audio|pdfAttachment)/)?([A-Za-z0-9-]+)"
)
_HEADING: Final = re.compile(r"#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*")


def unescape_markdown(text: str) -> str:
    """Markdown's backslash escapes (``unhappy\\.``, ``\\-``) as the characters they
    stand for, outside code (CommonMark's rule; Day One escapes what it exports)."""
    return _ESCAPE_OR_CODE.sub(lambda m: m.group(2) if m.group(2) is not None else m.group(0), text)


def dayone_text(text: str, links: Mapping[str, str]) -> tuple[str, str]:
    """A Day One entry's ``(title, body)``: the title from a first line that is a
    heading (``# Title``), Markdown escapes as text, and each ``dayone-moment:`` link
    pointing at the attachment (its file name, ``md5.type``) when ``links`` (identifier
    to file name) knows it."""
    first, newline, rest = text.partition("\n")
    heading = _HEADING.fullmatch(first.strip())
    title = ""
    if heading is not None:
        title = " ".join(unescape_markdown(heading.group(1)).split())
        text = rest.lstrip("\n") if newline else ""
    body = _MOMENT_LINK.sub(lambda m: links.get(m.group(1), m.group(0)), text)
    return title, unescape_markdown(body)


CONTEXT_MAX: Final = 500
"""The longest place or weather kept (characters)."""
_PLACE_KEYS: Final = ("placeName", "localityName", "administrativeArea", "country")


def _short_text(value: Any) -> str:
    """A one-line text value without NUL, at most ``CONTEXT_MAX`` long; "" for others."""
    if not isinstance(value, str) or not_text(value) is not None:
        return ""
    return " ".join(value.split())[:CONTEXT_MAX]


def _coordinate(value: Any, limit: float) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool) and -limit <= value <= limit:
        return float(value)
    return None


def dayone_place(location: Any) -> tuple[str, float | None, float | None]:
    """A Day One ``location`` as ``(names, latitude, longitude)``: the place's names most
    precise first, each once; what is missing or not of its type is left out."""
    if not isinstance(location, dict):
        return "", None, None
    names: list[str] = []
    for key in _PLACE_KEYS:
        name = _short_text(location.get(key))
        if name and name not in names:
            names.append(name)
    return (
        ", ".join(names)[:CONTEXT_MAX],
        _coordinate(location.get("latitude"), 90),
        _coordinate(location.get("longitude"), 180),
    )


def dayone_weather(weather: Any) -> str:
    """A Day One ``weather`` as ``Partly Cloudy, 12 °C`` (what it gives of the two)."""
    if not isinstance(weather, dict):
        return ""
    parts = [_short_text(weather.get("conditionsDescription"))]
    celsius = _coordinate(weather.get("temperatureCelsius"), 100)
    if celsius is not None:
        parts.append(f"{celsius:.0f} °C")
    return ", ".join(part for part in parts if part)
