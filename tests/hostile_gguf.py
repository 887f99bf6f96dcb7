"""Hostile and broken GGUF files for tests, written on the spot (no fixtures on disk).

Chat templates that loop, recurse, eat memory, do not parse or lose the request; files cut
short, with the wrong magic, or whose header declares absurd counts.  ``HOSTILE`` maps a
short name to a writer ``(folder, tiny model bytes) -> path``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

from tests.tiny_gguf import write_tiny_gguf

ENDLESS_LOOP = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}"
"""Ten billion empty iterations: the sandbox allows each range, not their product."""
RECURSIVE_MACRO = "{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}"
HUGE_STRING = (
    "{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}"
    "{% endfor %}{{ ns.s }}"
)
"""A string doubled forty times (a terabyte)."""
CONSTANT_BOMB = "{{ 'a' * 10000000000 }}{% for m in messages %}{{ m['content'] }}{% endfor %}"
"""Ten gigabytes that Jinja folds while it compiles the template."""
NOT_JINJA = "{% for message in messages %}{{ message['content'] }"
DROPS_THE_TEXT = "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
LOOPS_ON_CONTENT = (
    "{% for m in messages %}{% if 'slow' in m['content'] %}"
    "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}"
    "{% endif %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
"""Harmless on the load-time probes; endless on any request that says "slow"."""

_GGUF_UINT32, _GGUF_STRING, _GGUF_ARRAY, _GGUF_UINT64 = 4, 8, 9, 10


def _string(text: str) -> bytes:
    raw = text.encode("utf-8")
    return struct.pack("<Q", len(raw)) + raw


def _header(n_tensors: int, kvs: bytes, n_kv: int) -> bytes:
    return b"GGUF" + struct.pack("<IQQ", 3, n_tensors, n_kv) + kvs


def _architecture() -> bytes:
    return _string("general.architecture") + struct.pack("<I", _GGUF_STRING) + _string("llama")


def template_file(template: str) -> Callable[[Path, bytes], Path]:
    def write(folder: Path, tiny: bytes) -> Path:
        return write_tiny_gguf(folder / "template.gguf", chat_template=template)

    return write


def _truncated(folder: Path, tiny: bytes) -> Path:
    path = folder / "truncated.gguf"
    path.write_bytes(tiny[: len(tiny) // 3])
    return path


def _wrong_magic(folder: Path, tiny: bytes) -> Path:
    path = folder / "magic.gguf"
    path.write_bytes(b"GGUX" + tiny[4:])
    return path


def _absurd_tensors(folder: Path, tiny: bytes) -> Path:
    path = folder / "tensors.gguf"
    path.write_bytes(_header(2**62, _architecture(), 1) + bytes(4096))
    return path


def _absurd_keys(folder: Path, tiny: bytes) -> Path:
    path = folder / "keys.gguf"
    path.write_bytes(_header(0, _architecture(), 2**60) + bytes(4096))
    return path


def _absurd_array(folder: Path, tiny: bytes) -> Path:
    path = folder / "array.gguf"
    array = (
        _string("tokenizer.ggml.scores")
        + struct.pack("<IIQ", _GGUF_ARRAY, _GGUF_UINT32, 2**61)
        + bytes(4096)
    )
    path.write_bytes(_header(0, _architecture() + array, 2))
    return path


def _absurd_string(folder: Path, tiny: bytes) -> Path:
    path = folder / "string.gguf"
    name = _string("general.name") + struct.pack("<IQ", _GGUF_STRING, 2**62) + bytes(4096)
    path.write_bytes(_header(0, _architecture() + name, 2))
    return path


HOSTILE: dict[str, Callable[[Path, bytes], Path]] = {
    "endless loop": template_file(ENDLESS_LOOP),
    "recursive macro": template_file(RECURSIVE_MACRO),
    "huge string": template_file(HUGE_STRING),
    "constant bomb": template_file(CONSTANT_BOMB),
    "not Jinja": template_file(NOT_JINJA),
    "drops the text": template_file(DROPS_THE_TEXT),
    "truncated": _truncated,
    "wrong magic": _wrong_magic,
    "absurd tensor count": _absurd_tensors,
    "absurd key count": _absurd_keys,
    "absurd array length": _absurd_array,
    "absurd string length": _absurd_string,
}
