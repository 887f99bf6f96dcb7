"""Words of other scripts as a writer types them in Latin letters.

A habit may be named in the writer's first language and script ("Домра 40 мин",
"Dưỡng sinh 15p") while the entries tell it in English letters ("Played domra 45 min",
"duong sinh"). ``anyascii`` (ISC) holds the transliteration tables, so none is kept here.
"""

from __future__ import annotations

from anyascii import anyascii


def in_latin_letters(text: str) -> str:
    """``text`` in plain Latin letters ("Домра 40 мин" → "Domra 40 min", "Tụng kinh" →
    "Tung kinh"); ASCII text comes back unchanged. A picture is spelt as its name between
    colons ("⚽" → ":soccer:")."""
    return text if text.isascii() else anyascii(text)
