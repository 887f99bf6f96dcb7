"""``LlamaVisionModel``: a multimodal GGUF plus its vision projector (``mmproj``).

Page images go through llama-cpp-python's multimodal chat handler (LLaVA 1.5 style,
``Llava15ChatHandler(clip_model_path=...)``) as ``data:`` URIs inside the user turn,
after the request text; the system role holds only the guardrail and the app's system
text.  Greedy decoding, bounded by ``max_tokens``, JSON-schema constrained.  Like
``LlamaTextModel`` an instance belongs to one thread (its ``ModelWorker``).
"""

from __future__ import annotations

import base64
import io
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.domain.guardrail import guarded_system
from app.domain.model import Prompt
from app.domain.progress import Cancelled, CancelToken
from app.llm.errors import ModelError, ModelLoadError
from app.llm.info import check_gguf_file

DEFAULT_MAX_TOKENS = 512
MAX_SIDE = 2048
"""A scan in another format is sent at most this many pixels on its longer side (vision
projectors read a few hundred; a 600 dpi TIFF would only cost memory)."""
MAX_PIXELS = 200_000_000
"""Larger images are refused unread (Pillow's guard against decompression bombs)."""


def _as_png(data: bytes) -> bytes:
    """A scan in a format the projector cannot read (TIFF, WebP, BMP, GIF...) as PNG."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "corrupt EXIF" and the like: the error says it
            with Image.open(io.BytesIO(data)) as image:
                image.seek(0)  # a multi-page TIFF: its first page
                picture = image.convert("RGB")
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError):
        raise ValueError(
            "a page image must be PNG, JPEG, or a TIFF, WebP, BMP or GIF that can be read"
        ) from None
    picture.thumbnail((MAX_SIDE, MAX_SIDE))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def image_data_uri(data: bytes) -> str:
    """A ``data:`` URI for a page image: PNG and JPEG as they are, other formats Pillow
    reads (TIFF scans) converted to PNG; raises ValueError for anything unreadable."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        kind = "png"
    elif data.startswith(b"\xff\xd8\xff"):
        kind = "jpeg"
    else:
        data, kind = _as_png(data), "png"
    return f"data:image/{kind};base64,{base64.b64encode(data).decode('ascii')}"


def vision_messages(prompt: Prompt, images: Sequence[bytes]) -> list[dict[str, Any]]:
    """System: guardrail + system text. User: the request text, then one image per page."""
    system = guarded_system(prompt.system)
    content: list[dict[str, Any]] = [{"type": "text", "text": prompt.user}]
    content += [{"type": "image_url", "image_url": {"url": image_data_uri(i)}} for i in images]
    return [{"role": "system", "content": system}, {"role": "user", "content": content}]


class LlamaVisionModel:
    """A loaded multimodal model; create it with :meth:`load`."""

    def __init__(self, llm: Any, *, path: Path, projector: Path, max_tokens: int) -> None:
        self._llm: Any = llm
        self.path = path
        self.projector = projector
        self.max_tokens = max_tokens
        self._cancel: CancelToken | None = None

    @classmethod
    def load(
        cls,
        path: Path | str,
        projector: Path | str,
        *,
        n_ctx: int = 4096,
        n_threads: int = 2,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        n_gpu_layers: int = 0,
    ) -> LlamaVisionModel:
        """Check both files (GGUF magic) and load them; raises a ModelError in one sentence."""
        model_path = check_gguf_file(Path(path))
        projector_path = check_gguf_file(Path(projector))
        try:
            import llama_cpp
            from llama_cpp.llama_chat_format import Llava15ChatHandler
        except ImportError as exc:  # pragma: no cover - a broken installation
            raise ModelError(
                "The model runtime (llama-cpp-python) is not installed; reinstall Inkling."
            ) from exc
        try:
            handler = Llava15ChatHandler(clip_model_path=str(projector_path), verbose=False)
        except Exception as exc:
            raise ModelLoadError(projector_path, "it is not a usable vision projector") from exc
        try:
            llm = llama_cpp.Llama(
                model_path=str(model_path),
                chat_handler=handler,
                n_ctx=n_ctx,
                n_threads=n_threads,
                n_gpu_layers=n_gpu_layers,
                verbose=False,
            )
        except Exception as exc:
            raise ModelLoadError(model_path) from exc
        return cls(llm, path=model_path, projector=projector_path, max_tokens=max_tokens)

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self._cancel = token

    def _cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.cancelled

    def complete_with_images(self, prompt: Prompt, images: Sequence[bytes]) -> str:
        """The model's reply to ``prompt`` about ``images`` (one per page, in order)."""
        if self._llm is None:
            raise RuntimeError("The model has been closed.")
        if self._cancelled():
            raise Cancelled()
        kwargs: dict[str, Any] = {
            "messages": vision_messages(prompt, images),
            "temperature": 0.0,
            "max_tokens": prompt.reply_budget(self.max_tokens),
        }
        if prompt.json_schema is not None:
            kwargs["response_format"] = {"type": "json_object", "schema": prompt.json_schema}
        try:
            result = self._llm.create_chat_completion(**kwargs)
        except (RuntimeError, ValueError, OSError) as exc:
            raise ModelError(
                f"The vision model failed while writing a reply ({exc}); try again or choose "
                "another model."
            ) from exc
        if self._cancelled():
            raise Cancelled()
        content = result["choices"][0]["message"].get("content")
        return content if isinstance(content, str) else ""

    def close(self) -> None:
        llm, self._llm = self._llm, None
        if llm is not None:
            llm.close()
