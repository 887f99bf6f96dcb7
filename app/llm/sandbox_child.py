"""The child side of ``app.llm.sandbox``: reads GGUF headers and renders chat templates for
a parent process, under the memory limit the parent gave it.

Run as a script (``python -I sandbox_child.py MEMORY_BYTES PARENT_PID``), never imported by
the app (only the standard library, jinja2 and, for headers, gguf).  It says
``{"ok": "ready"}`` once started; then requests arrive one JSON document per line on stdin,
each answered by one JSON line on stdout: ``{"ok": value}`` or ``{"error": kind, "detail":
text}``.  Before it runs anything a file controls (parsing a
header, rendering a template), it caps its own address space (``RLIMIT_AS``) at what it
uses now plus the budget; the parent enforces the time limit by killing it.

Requests:

- ``{"op": "header", "path": P}``: the GGUF metadata, ``{"fields": {...}, "vocab_size": n}``
  (big tokenizer arrays left out, long strings shortened, an over-long template refused);
- ``{"op": "template", "template": T, "bos_token": B, "eos_token": E, "now": ISO_LOCAL_TIME}``:
  compile the chat template used by the ``render`` requests that follow;
- ``{"op": "render", "messages": [...], "add_generation_prompt": true}``: the prompt.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import sys
from datetime import datetime
from typing import Any

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_TEMPLATE_CHARS = 1_000_000
"""A chat template longer than this is refused (real ones are a few kilobytes)."""
MAX_PROMPT_CHARS = 4_000_000
"""A rendered prompt longer than this is refused (no context window holds it)."""
MAX_FIELD_CHARS = 2_000
"""Other metadata strings are shortened to this."""
_SKIPPED_PREFIXES = ("tokenizer.ggml.", "GGUF.")
_PR_SET_PDEATHSIG = 1


class RequestError(Exception):
    """A request failed in a way the parent reports: ``kind`` and a short ``detail``."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail[:300]


def _die_with_parent(parent: int) -> None:
    """Get SIGKILL when the parent goes away, so a runaway render never outlives it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return
    if os.getppid() != parent:  # the parent died before the request above took effect
        sys.exit(0)


def _address_space() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # pragma: no cover - not Linux
        return 0


def _cap_memory(budget: int) -> None:
    """Allow ``budget`` more bytes of address space than is in use now."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + budget
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _uncap_memory() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


# --------------------------------------------------------------------------------- header


def _plain(value: Any) -> Any:
    """A JSON-safe copy of a metadata value, long strings shortened."""
    if isinstance(value, str):
        return value[:MAX_FIELD_CHARS]
    if isinstance(value, list):
        return [_plain(v) for v in value[:4096]]
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else None
    return None


def read_header(path: str, budget: int) -> dict[str, Any]:
    import gguf

    size = os.path.getsize(path)
    _cap_memory(budget + size)  # the reader maps the whole file
    fields: dict[str, Any] = {}
    vocab_size: int | None = None
    try:
        reader = gguf.GGUFReader(path)
        for key, field in reader.fields.items():
            if key == "tokenizer.ggml.tokens":
                vocab_size = len(field.data)
            elif key == "tokenizer.chat_template":
                template = field.contents()
                if isinstance(template, str) and len(template) > MAX_TEMPLATE_CHARS:
                    raise RequestError("template_too_large")
                fields[key] = template
            elif not key.startswith(_SKIPPED_PREFIXES):
                fields[key] = _plain(field.contents())
        del reader
    except (RequestError, MemoryError):
        raise
    except OSError as exc:
        raise RequestError("unreadable", exc.strerror or "") from exc
    except Exception as exc:  # the reader raises ValueError, IndexError, struct errors...
        raise RequestError("damaged", type(exc).__name__) from exc
    finally:
        _uncap_memory()
    return {"fields": fields, "vocab_size": vocab_size}


# ------------------------------------------------------------------------------- template


class IgnoreGenerationTags(jinja2.ext.Extension):
    """Pass-through for Hugging Face's ``{% generation %}`` chat-template tag."""

    tags = {"generation"}  # noqa: RUF012 - jinja2's own (instance-typed) attribute

    def parse(self, parser: Any) -> Any:
        parser.stream.skip(1)
        return parser.parse_statements(("name:endgeneration",), drop_needle=True)


class Template:
    """A chat template compiled as Hugging Face's transformers (and llama-cpp-python) do:
    an immutable sandbox, trimmed blocks, loop controls, ``{% generation %}`` passed
    through, ``raise_exception``, ``strftime_now`` (at the parent's time) and ``tojson``."""

    def __init__(self, source: str, bos_token: str, eos_token: str, now: str) -> None:
        if len(source) > MAX_TEMPLATE_CHARS:
            raise RequestError("template_too_large")
        environment = ImmutableSandboxedEnvironment(
            loader=jinja2.BaseLoader(),
            trim_blocks=True,
            lstrip_blocks=True,
            extensions=[IgnoreGenerationTags, jinja2.ext.loopcontrols],
        )
        environment.filters["tojson"] = _tojson
        try:
            self._template = environment.from_string(source)
        except jinja2.TemplateSyntaxError as exc:
            raise RequestError("syntax", f"line {exc.lineno}: {exc.message or ''}") from exc
        self._bos, self._eos, self._now = bos_token, eos_token, now

    def render(self, messages: list[dict[str, Any]], add_generation_prompt: bool) -> str:
        def raise_exception(message: str) -> None:
            raise RequestError("raised", str(message))

        def strftime_now(format_string: str = "%Y-%m-%d %H:%M:%S") -> str:
            return datetime.fromisoformat(self._now).strftime(format_string)

        prompt = self._template.render(
            messages=messages,
            eos_token=self._eos,
            bos_token=self._bos,
            raise_exception=raise_exception,
            add_generation_prompt=add_generation_prompt,
            functions=None,
            function_call=None,
            tools=None,
            tool_choice=None,
            strftime_now=strftime_now,
        )
        if len(prompt) > MAX_PROMPT_CHARS:
            raise RequestError("too_long")
        return prompt


def _tojson(
    value: Any,
    ensure_ascii: bool = False,
    indent: int | None = None,
    separators: tuple[str, str] | None = None,
    sort_keys: bool = False,
) -> str:
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


# ---------------------------------------------------------------------------------- serve


def _handle(request: dict[str, Any], state: dict[str, Any], budget: int) -> Any:
    op = request.get("op")
    if op == "header":
        return read_header(str(request["path"]), budget)
    if op == "template":
        state.pop("template", None)
        _cap_memory(budget)  # compiling folds constants: `'a' * 10**10` runs here
        try:
            state["template"] = Template(
                str(request["template"]),
                str(request.get("bos_token", "")),
                str(request.get("eos_token", "")),
                str(request.get("now") or "2000-01-01T00:00:00"),
            )
        finally:
            _uncap_memory()
        return True
    if op == "render":
        template = state.get("template")
        if template is None:
            raise RequestError("protocol", "no template")
        _cap_memory(budget)
        try:
            return template.render(
                list(request["messages"]), bool(request.get("add_generation_prompt", True))
            )
        finally:
            _uncap_memory()
    raise RequestError("protocol", f"unknown op {op!r}")


def _reply(document: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=True) + "\n")
    sys.stdout.flush()


def serve(budget: int) -> None:
    state: dict[str, Any] = {}
    _reply({"ok": "ready"})
    for line in sys.stdin:
        try:
            request = json.loads(line)
            value = _handle(request, state, budget)
        except RequestError as exc:
            _reply({"error": exc.kind, "detail": exc.detail})
        except MemoryError:
            _reply({"error": "memory", "detail": ""})
        except RecursionError:
            _reply({"error": "recursion", "detail": ""})
        except Exception as exc:  # whatever a template raises: the parent says it failed
            _reply({"error": "render", "detail": f"{type(exc).__name__}: {exc}"[:300]})
        else:
            _reply({"ok": value})


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    budget, parent = int(sys.argv[1]), int(sys.argv[2])
    _die_with_parent(parent)
    sys.setrecursionlimit(2_000)
    serve(budget)


if __name__ == "__main__":
    main()
