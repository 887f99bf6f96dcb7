"""``LlamaTextModel``: a GGUF model run by llama.cpp (llama-cpp-python), as a ``TextModel``.

One instance owns one ``llama_cpp.Llama``; llama.cpp is not thread-safe, so an instance
must only ever be used from one thread (``ModelWorker`` guarantees that).

What every request gets:

- the medication guardrail at the top of the system role (defence in depth: the domain
  prompt carries it too), the app's system text after it, the user text as the user turn;
- the file's own chat template (``tokenizer.chat_template``), rendered in a child process
  under a time and a memory limit (``app/llm/sandbox.py``: a template is code the file
  brings), checked there at load before the weights are read, and for whether it keeps a
  system message; when it drops it, the system text is folded, clearly labelled, into the
  start of the user turn; a file without a template gets ChatML;
- control-token text (``<|im_start|>`` and the like) inside message contents is
  neutralised, so nothing the writer types can open a new turn or reach the system role;
- greedy decoding (temperature 0) bounded by ``max_tokens``; with a JSON schema, a grammar
  built once per distinct schema constrains the reply;
- streaming, with the cancel flag checked after every sampled token (and while the
  template renders, and between the steps of a load);
- the same message order on every call, so llama.cpp reuses the KV cache for the shared
  prompt prefix (the model is never reset between calls).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from app.domain.guardrail import guarded_system
from app.domain.model import Prompt
from app.domain.progress import Cancelled, CancelToken
from app.llm.errors import (
    ContextTooLargeError,
    ModelError,
    ModelLoadError,
    PromptTooLongError,
    UnsupportedArchitectureError,
)
from app.llm.info import GGUFHeader, check_gguf_file
from app.llm.protocols import GenerationStats
from app.llm.sandbox import ChatTemplate, Limits

log = logging.getLogger(__name__)

CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
"""Used for files that carry no chat template."""
_CHATML_MARKERS = ("<|im_start|>", "<|im_end|>")

FOLDED_SYSTEM_OPEN = "### System instructions"
FOLDED_SYSTEM_CLOSE = "### End of system instructions"
"""Labels around the system text when the template drops system messages."""

DEFAULT_N_CTX = 4096
DEFAULT_N_THREADS = 2
DEFAULT_MAX_TOKENS = 512
GRAMMAR_CACHE_SIZE = 32
_N_BATCH = 512  # llama-cpp-python's default; used in the memory estimate
_OVERHEAD_BYTES = 32 * 1024 * 1024

_UNKNOWN_ARCH = re.compile(r"unknown model architecture: '([^']*)'")
_LOAD_ERROR = re.compile(r"error loading model: (.+)")
# llama-cpp-python's schema converter lets raw control characters into JSON strings; the
# llama.cpp converter (and RFC 8259) do not.  Tighten its `char` rule to llama.cpp's.
_LOOSE_CHAR_RULE = 'char ::= [^"\\\\] |'
_STRICT_CHAR_RULE = 'char ::= [^"\\\\\\x7F\\x00-\\x1F] |'


# ------------------------------------------------------------------------ llama.cpp logging

_log_lock = threading.Lock()
_log_callback: Any = None  # the ctypes callback must stay alive as long as llama.cpp may call it
_capture = threading.local()


def _on_llama_log(level: int, text: bytes | None, user_data: Any) -> None:
    """Swallow llama.cpp's log output; keep it only while a load on this thread listens."""
    try:
        lines = getattr(_capture, "lines", None)
        if lines is not None and text:
            lines.append(text.decode("utf-8", "replace"))
    except Exception:  # pragma: no cover - never let an exception cross the C boundary
        pass


def quiet_llama_logs() -> None:
    """Route llama.cpp's and ggml's C-level log output to a no-op (once per process)."""
    global _log_callback
    with _log_lock:
        if _log_callback is not None:
            return
        import llama_cpp

        callback = llama_cpp.llama_log_callback(_on_llama_log)
        llama_cpp.llama_log_set(callback, ctypes.c_void_p(0))
        _log_callback = callback


@contextlib.contextmanager
def _capturing_logs() -> Iterator[deque[str]]:
    lines: deque[str] = deque(maxlen=400)
    previous = getattr(_capture, "lines", None)
    _capture.lines = lines
    try:
        yield lines
    finally:
        _capture.lines = previous


def _load_failure(path: Path, lines: deque[str]) -> ModelError:
    text = "".join(lines)
    match = _UNKNOWN_ARCH.search(text)
    if match:
        return UnsupportedArchitectureError(path, match.group(1))
    reasons = _LOAD_ERROR.findall(text)
    reason = reasons[-1].strip() if reasons else None
    if reason and len(reason) > 160:
        reason = reason[:157] + "..."
    return ModelLoadError(path, reason)


# ------------------------------------------------------------------------------ memory check


def available_memory_bytes() -> int | None:
    """``MemAvailable`` from /proc/meminfo, or None where that is unknown."""
    try:
        text = Path("/proc/meminfo").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("MemAvailable:"):
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                return int(parts[1]) * 1024
    return None


def estimate_memory_bytes(header: GGUFHeader, *, n_ctx: int, file_size: int) -> int | None:
    """Rough bytes needed to run the model with ``n_ctx``: the weights (the file), the f16
    KV cache, the attention scratch of one batch, and a fixed overhead.  None when the
    metadata lacks the shape numbers."""
    n_layer, n_embd, n_head = header.block_count, header.embedding_length, header.head_count
    if not n_layer or not n_embd or not n_head:
        return None
    n_head_kv = header.head_count_kv or n_head
    head_dim = n_embd // n_head
    key_length = header.key_length or head_dim
    value_length = header.value_length or head_dim
    kv_cache = 2 * n_ctx * n_layer * n_head_kv * (key_length + value_length)
    n_batch = min(_N_BATCH, n_ctx)
    scratch = 4 * n_batch * n_ctx * n_head + 4 * (header.vocab_size or 0) * n_batch // 8
    return file_size + kv_cache + scratch + _OVERHEAD_BYTES


# ----------------------------------------------------------------------------- the model

_counting_llama_class: Any = None


def gpu_offload(n_gpu_layers: int) -> bool:
    """Layers will go to a GPU: some are asked for and this llama.cpp build has one."""
    if n_gpu_layers == 0:
        return False
    import llama_cpp

    return bool(llama_cpp.llama_supports_gpu_offload())


def _llama_class() -> Any:
    """``llama_cpp.Llama`` plus a counter of the tokens run through ``eval`` (so the stats
    can tell the prompt tokens evaluated from those reused from the KV cache)."""
    global _counting_llama_class
    if _counting_llama_class is None:
        import llama_cpp

        class _CountingLlama(llama_cpp.Llama):  # type: ignore[misc,unused-ignore]
            inkling_evaluated = 0

            def eval(self, tokens: Any) -> None:
                self.inkling_evaluated += len(tokens)
                super().eval(tokens)

        _counting_llama_class = _CountingLlama
    return _counting_llama_class


def _meta(handle: Any, key: str) -> str | None:
    """One metadata value, as llama.cpp renders it (a string), or None."""
    import llama_cpp

    size = 256
    while True:
        buffer = ctypes.create_string_buffer(size)
        n = int(llama_cpp.llama_model_meta_val_str(handle, key.encode("utf-8"), buffer, size))
        if n < 0:
            return None
        if n < size:
            return buffer.value.decode("utf-8", "replace")
        size = n + 1


def _meta_int(handle: Any, key: str) -> int | None:
    value = _meta(handle, key)
    try:
        return int(value) if value is not None else None
    except ValueError:  # e.g. a per-layer array, rendered as text
        return None


def _header_from_llama(handle: Any, path: Path) -> GGUFHeader:
    """The header fields from llama.cpp's own reading of the file (no second parse)."""
    import llama_cpp

    architecture = (_meta(handle, "general.architecture") or "").strip() or "unknown"

    def arch(key: str) -> int | None:
        return _meta_int(handle, f"{architecture}.{key}")

    vocab = llama_cpp.llama_model_get_vocab(handle)
    return GGUFHeader(
        name=(_meta(handle, "general.name") or "").strip() or path.stem,
        architecture=architecture,
        license=(_meta(handle, "general.license") or "").strip() or None,
        context_length=arch("context_length"),
        block_count=arch("block_count"),
        embedding_length=arch("embedding_length"),
        head_count=arch("attention.head_count"),
        head_count_kv=arch("attention.head_count_kv"),
        key_length=arch("attention.key_length"),
        value_length=arch("attention.value_length"),
        vocab_size=int(llama_cpp.llama_vocab_n_tokens(vocab)) if vocab is not None else None,
        chat_template=_meta(handle, "tokenizer.chat_template"),
    )


def _token_text(vocab: Any, token: int) -> str:
    import llama_cpp

    if token < 0:
        return ""
    raw: bytes = llama_cpp.llama_vocab_get_text(vocab, token)
    return raw.decode("utf-8", "replace")


def _probe(path: Path) -> tuple[GGUFHeader, str, str]:
    """Have llama.cpp read only the metadata and vocabulary: fast, and it fails exactly
    when the architecture is unknown to this build (or the file is otherwise unloadable).
    Returns the header as llama.cpp read it, and the texts of the BOS and EOS tokens."""
    import llama_cpp

    params = llama_cpp.llama_model_default_params()
    params.vocab_only = True
    with _capturing_logs() as lines:
        handle = llama_cpp.llama_model_load_from_file(str(path).encode("utf-8"), params)
    if handle is None:
        raise _load_failure(path, lines)
    try:
        vocab = llama_cpp.llama_model_get_vocab(handle)
        return (
            _header_from_llama(handle, path),
            _token_text(vocab, int(llama_cpp.llama_vocab_bos(vocab))),
            _token_text(vocab, int(llama_cpp.llama_vocab_eos(vocab))),
        )
    finally:
        llama_cpp.llama_model_free(handle)


def _checked_template(
    resolved: Path, limits: Limits | None, cancel: CancelToken | None
) -> tuple[GGUFHeader, ChatTemplate, bool]:
    """llama.cpp's reading of the header, then the chat template checked in its sandbox:
    the header, the open template, and whether it keeps a system message."""
    try:
        import llama_cpp  # noqa: F401 - fail here, clearly, when the runtime is missing
    except ImportError as exc:  # pragma: no cover - a broken installation
        raise ModelError(
            "The model runtime (llama-cpp-python) is not installed; reinstall Inkling."
        ) from exc
    quiet_llama_logs()
    header, bos_text, eos_text = _probe(resolved)
    if cancel is not None:
        cancel.raise_if_cancelled()
    template = ChatTemplate(
        header.chat_template or CHATML_TEMPLATE,
        path=resolved,
        bos_token=bos_text,
        eos_token=eos_text,
        limits=limits,
    )
    try:
        system_role = template.check(cancel=cancel)
    except BaseException:
        template.close()
        raise
    return header, template, system_role


def validate_model_file(
    path: Path | str, *, template_limits: Limits | None = None, cancel: CancelToken | None = None
) -> GGUFHeader:
    """Everything ``LlamaTextModel.load`` checks before it reads the weights: the file is
    GGUF, llama.cpp reads its header and knows its architecture, and its chat template
    formats a request in a child process within ``template_limits``.  Returns the header
    (as llama.cpp read it).  Raises a ModelError (one sentence), or Cancelled.

    A file that passed is remembered (in this process) while its identity, size and
    modification time stay the same."""
    resolved = check_gguf_file(Path(path))
    try:
        stat = resolved.stat()
    except OSError as exc:
        raise ModelLoadError(resolved, exc.strerror or "it cannot be read") from exc
    key = (str(resolved), stat.st_ino, stat.st_size, stat.st_mtime_ns, template_limits)
    with _validated_lock:
        known = _validated.get(key)
    if known is not None:
        return known
    header, template, _system_role = _checked_template(resolved, template_limits, cancel)
    template.close()
    with _validated_lock:
        if len(_validated) >= 32:
            _validated.pop(next(iter(_validated)))
        _validated[key] = header
    return header


_validated: dict[tuple[object, ...], GGUFHeader] = {}
_validated_lock = threading.Lock()


class LlamaTextModel:
    """A loaded GGUF model; see the module docstring.  Create it with ``load``."""

    def __init__(
        self,
        llm: Any,
        *,
        path: Path,
        header: GGUFHeader,
        max_tokens: int,
        seed: int,
        template: ChatTemplate,
        system_role_supported: bool,
        uses_file_template: bool,
    ) -> None:
        """Use ``load``; ``template`` (checked, owned from now on) renders every request."""
        import llama_cpp

        self._llm: Any = llm
        self.path = path
        self.header = header
        self.max_tokens = max_tokens
        self.seed = seed
        self.last_stats: GenerationStats | None = None
        self.last_formatted_prompt: str | None = None
        self._cancel: CancelToken | None = None
        self.on_token: Callable[[int], None] | None = None
        """Called on the model's thread after each sampled token with the count so far
        (for a live tokens/s display); the cancel flag is checked right after it."""
        self._grammars: OrderedDict[str, Any] = OrderedDict()
        self._vocab = llama_cpp.llama_model_get_vocab(llm.model)

        self._template = template
        self.uses_file_template = uses_file_template
        self.chat_template: str = template.source
        self.system_role_supported = system_role_supported

        eos_id, bos_id = int(llm.token_eos()), int(llm.token_bos())
        self._eos_id, self._bos_id = eos_id, bos_id
        eos_text = self._token_text(eos_id)
        self._add_bos = bool(llama_cpp.llama_vocab_get_add_bos(self._vocab)) and bos_id >= 0
        self._stop: list[str] = sorted({s for s in (eos_text, *self._fallback_markers()) if s})
        self._special = self._special_pattern()

    # ---------------------------------------------------------------- construction

    @classmethod
    def load(
        cls,
        path: Path | str,
        *,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int = DEFAULT_N_THREADS,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        n_gpu_layers: int = 0,
        seed: int = 0,
        header: GGUFHeader | None = None,
        template_limits: Limits | None = None,
        cancel: CancelToken | None = None,
    ) -> LlamaTextModel:
        """Validate, check and load a GGUF file.

        Checks, in order: the file exists and is GGUF (magic); llama.cpp knows its
        architecture (a vocabulary-only read, which also yields the metadata unless
        ``header`` is given); its chat template renders two probe requests in a child
        process within ``template_limits``; the context, clamped to the trained one, fits
        in the memory that is free.  Raises ModelNotFoundError, NotGGUFError,
        UnsupportedArchitectureError, ContextTooLargeError or ModelLoadError; Cancelled
        when ``cancel`` is set before the weights are read or while the template renders.
        """
        if n_ctx < 1 or n_threads < 1 or max_tokens < 1:
            raise ValueError("n_ctx, n_threads and max_tokens must be positive")
        resolved = check_gguf_file(Path(path))
        probed, template, system_role = _checked_template(resolved, template_limits, cancel)
        if header is None:
            header = probed
        try:
            llm = cls._load_weights(resolved, header, n_ctx, n_threads, n_gpu_layers, seed, cancel)
        except BaseException:
            template.close()
            raise
        try:
            return cls(
                llm,
                path=resolved,
                header=header,
                max_tokens=max_tokens,
                seed=seed,
                template=template,
                system_role_supported=system_role,
                uses_file_template=bool(probed.chat_template),
            )
        except BaseException:
            template.close()
            llm.close()
            raise

    @staticmethod
    def _load_weights(
        resolved: Path,
        header: GGUFHeader,
        n_ctx: int,
        n_threads: int,
        n_gpu_layers: int,
        seed: int,
        cancel: CancelToken | None,
    ) -> Any:
        """The ``llama_cpp.Llama``, once the context is known to fit in free memory (the
        check is left to llama.cpp when layers go to a GPU: they need no main memory)."""

        if header.context_length:
            n_ctx = min(n_ctx, header.context_length)
        needed = estimate_memory_bytes(header, n_ctx=n_ctx, file_size=resolved.stat().st_size)
        available = None if gpu_offload(n_gpu_layers) else available_memory_bytes()
        if needed is not None and available is not None and needed > available:
            raise ContextTooLargeError(
                resolved, n_ctx=n_ctx, needed_bytes=needed, available_bytes=available
            )
        if cancel is not None:
            cancel.raise_if_cancelled()
        with _capturing_logs() as lines:
            try:
                llm = _llama_class()(
                    model_path=str(resolved),
                    n_ctx=n_ctx,
                    n_threads=n_threads,
                    n_threads_batch=n_threads,
                    n_gpu_layers=n_gpu_layers,
                    seed=seed,
                    verbose=False,
                )
            except Exception as exc:
                raise _load_failure(resolved, lines) from exc
        if cancel is not None and cancel.cancelled:
            llm.close()
            raise Cancelled()
        return llm

    def _token_text(self, token: int) -> str:
        return _token_text(self._vocab, token)

    def _fallback_markers(self) -> tuple[str, ...]:
        return () if self.uses_file_template else _CHATML_MARKERS

    def _special_pattern(self) -> re.Pattern[str] | None:
        """Texts of the control tokens (and, with the ChatML fallback, its markers)."""
        import llama_cpp

        texts = set(self._fallback_markers())
        for token in range(int(llama_cpp.llama_vocab_n_tokens(self._vocab))):
            if llama_cpp.llama_vocab_get_attr(self._vocab, token) & (
                llama_cpp.LLAMA_TOKEN_ATTR_CONTROL
            ):
                text = self._token_text(token)
                if len(text.strip()) >= 2:
                    texts.add(text)
        if not texts:
            return None
        ordered = sorted(texts, key=len, reverse=True)
        return re.compile("|".join(re.escape(t) for t in ordered))

    # ---------------------------------------------------------------- properties

    @property
    def n_ctx(self) -> int:
        """The context size in use (the request clamped to the trained context)."""
        return int(self._require_open().n_ctx())

    @property
    def closed(self) -> bool:
        return self._llm is None

    def _require_open(self) -> Any:
        if self._llm is None:
            raise RuntimeError("The model has been closed.")
        return self._llm

    # ---------------------------------------------------------------- formatting

    def _neutralise(self, text: str) -> str:
        """Break control-token text so that it tokenizes as plain characters."""
        if self._special is None:
            return text
        return self._special.sub(lambda m: m.group(0)[0] + "\u200b" + m.group(0)[1:], text)

    def messages(self, prompt: Prompt) -> list[dict[str, str]]:
        """The chat messages for ``prompt``: guardrail + system text, then the user text."""
        system = self._neutralise(guarded_system(prompt.system))
        user = self._neutralise(prompt.user)
        if self.system_role_supported:
            return [{"role": "system", "content": system}, {"role": "user", "content": user}]
        for label in (FOLDED_SYSTEM_OPEN, FOLDED_SYSTEM_CLOSE):  # no spoofed labels either
            user = user.replace(label, label.replace(" ", " \u200b", 1))
        folded = f"{FOLDED_SYSTEM_OPEN}\n{system}\n{FOLDED_SYSTEM_CLOSE}\n\n{user}"
        return [{"role": "user", "content": folded}]

    def format_prompt(self, prompt: Prompt) -> str:
        """The exact text the model reads for ``prompt`` (chat template applied, in the
        template's child process).  Raises ModelError when the template fails on this
        text (too slow, too much memory, an error), Cancelled when the job is cancelled."""
        try:
            return self._template.render(self.messages(prompt), cancel=self._cancel)
        except ModelLoadError as exc:
            raise ModelError(
                f"The model's chat template failed on this text ({exc.reason}); choose "
                "another model.",
                path=self.path,
            ) from exc

    def _grammar_for(self, schema: dict[str, Any]) -> Any:
        """One grammar per distinct schema (bounded LRU).  The key is the compact JSON in
        the schema's own key order: property order shapes the grammar, so it is kept."""
        import llama_cpp
        from llama_cpp.llama_grammar import LlamaGrammar

        key = json.dumps(schema, separators=(",", ":"), ensure_ascii=False)
        grammar = self._grammars.get(key)
        if grammar is not None:
            self._grammars.move_to_end(key)
            return grammar
        try:
            gbnf = LlamaGrammar.from_json_schema(key, verbose=False)._grammar
        except Exception as exc:
            raise ValueError(f"this JSON schema cannot be turned into a grammar: {exc}") from exc
        gbnf = gbnf.replace(_LOOSE_CHAR_RULE, _STRICT_CHAR_RULE)
        grammar = LlamaGrammar.from_string(gbnf, verbose=False)
        checker = llama_cpp.llama_sampler_init_grammar(self._vocab, gbnf.encode("utf-8"), b"root")
        if checker is None:
            raise ValueError("this JSON schema gives a grammar that llama.cpp rejects")
        llama_cpp.llama_sampler_free(checker)
        self._grammars[key] = grammar
        while len(self._grammars) > GRAMMAR_CACHE_SIZE:
            self._grammars.popitem(last=False)
        return grammar

    # ---------------------------------------------------------------- running

    def set_cancel_token(self, token: CancelToken | None) -> None:
        """The job's token, checked between tokens; set by the worker around each job."""
        self._cancel = token

    def _cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.cancelled

    def complete(self, prompt: Prompt) -> str:
        """Generate the reply to ``prompt`` (greedy; grammar-constrained with a schema).

        Raises Cancelled when the cancel flag is set before or during generation,
        PromptTooLongError when the prompt does not fit the context, and ModelError when
        llama.cpp fails while generating.
        """
        import llama_cpp

        llm = self._require_open()
        if self._cancelled():
            raise Cancelled()
        text = self.format_prompt(prompt)
        self.last_formatted_prompt = text
        tokens: list[int] = llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)
        if self._add_bos and (not tokens or tokens[0] != self._bos_id):
            tokens.insert(0, self._bos_id)
        n_ctx = int(llm.n_ctx())
        room = n_ctx - len(tokens)
        if room < 1:
            raise PromptTooLongError(len(tokens), n_ctx)
        grammar = self._grammar_for(prompt.json_schema) if prompt.json_schema is not None else None

        started = time.perf_counter()
        first_at: float | None = None
        evaluated = 0
        generated = 0
        seen_ids = -1
        stopped_by_cancel = False

        def after_token(input_ids: Any, logits: Any) -> bool:
            # llama-cpp-python calls this after every sampled token, and once more after
            # the loop (to name the finish reason) with the same ids as the last call;
            # each real call sees one more evaluated token than the one before.
            nonlocal first_at, evaluated, generated, seen_ids, stopped_by_cancel
            if generated and len(input_ids) == seen_ids:
                return False
            seen_ids = len(input_ids)
            if generated == 0:
                first_at = time.perf_counter()
                evaluated = int(llm.inkling_evaluated)
            generated += 1
            if self.on_token is not None:
                self.on_token(generated)
            if self._cancelled():
                stopped_by_cancel = True
                return True
            return False

        def stats(finish: str) -> GenerationStats:
            ended = time.perf_counter()
            first = first_at if first_at is not None else ended
            prompt_seconds = first - started
            decode_seconds = ended - first
            return GenerationStats(
                prompt_tokens=len(tokens),
                evaluated_prompt_tokens=evaluated if first_at is not None else 0,
                reused_prompt_tokens=len(tokens) - evaluated if first_at is not None else 0,
                generated_tokens=generated,
                seconds=ended - started,
                prompt_seconds=prompt_seconds,
                tokens_per_second=(generated - 1) / decode_seconds
                if generated > 1 and decode_seconds > 0
                else 0.0,
                prompt_tokens_per_second=evaluated / prompt_seconds
                if evaluated and prompt_seconds > 0
                else 0.0,
                finish_reason=finish,
            )

        llm.inkling_evaluated = 0
        pieces: list[str] = []
        finish = "length"
        try:
            stream = llm.create_completion(
                prompt=tokens,
                max_tokens=min(prompt.reply_budget(self.max_tokens), room),
                temperature=0.0,
                repeat_penalty=1.0,
                stream=True,
                seed=self.seed,
                stop=self._stop,
                stopping_criteria=llama_cpp.StoppingCriteriaList([after_token]),
                grammar=grammar,
            )
            try:
                for chunk in stream:
                    choice = chunk["choices"][0]
                    pieces.append(choice["text"])
                    if choice.get("finish_reason"):
                        finish = str(choice["finish_reason"])
                    if self._cancelled():
                        stopped_by_cancel = True
                        break
            finally:
                stream.close()
        except (RuntimeError, ValueError, OSError) as exc:
            self.last_stats = stats("error")
            raise ModelError(
                f"The model failed while writing a reply ({exc}); try again or choose "
                "another model."
            ) from exc
        if stopped_by_cancel:
            self.last_stats = stats("cancelled")
            raise Cancelled()
        self.last_stats = stats(finish)
        return "".join(pieces)

    def close(self) -> None:
        """Free the model and its context; safe to call more than once."""
        llm, self._llm = self._llm, None
        self._grammars.clear()
        self._template.close()
        if llm is not None:
            llm.close()

    def __enter__(self) -> LlamaTextModel:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
