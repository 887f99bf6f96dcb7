"""Errors of the model runtime.

Every ``ModelError`` reads, through ``str()``, as one sentence a user can act on: the CLI
prints it and exits non-zero, the GUI shows it in a dialog.  The structured details stay
available as attributes for code that wants them.
"""

from __future__ import annotations

from pathlib import Path


def _size(n_bytes: int) -> str:
    """A byte count for people: ``"812 MB"``, ``"3.4 GB"``."""
    if n_bytes >= 1_000_000_000:
        return f"{n_bytes / 1_000_000_000:.1f} GB"
    return f"{max(n_bytes, 0) / 1_000_000:.0f} MB"


class ModelError(Exception):
    """A model could not be found, read, loaded or run; ``str()`` is one clear sentence."""

    def __init__(self, message: str, *, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


class ModelNotFoundError(ModelError):
    """There is no model file at the given path (or no model at all).

    Given a ``str`` instead of a path, that string is the whole message (for callers
    that have no path, e.g. "no model is configured").
    """

    def __init__(self, path: Path | str | None = None, *, folder: bool = False) -> None:
        if isinstance(path, str):
            super().__init__(path)
            return
        if path is None:
            message = "No model file was given; choose a .gguf model file."
        elif folder:
            message = f"{path} is a folder, not a model file; choose a .gguf file instead."
        else:
            message = f"No model file was found at {path}; check the path or choose another model."
        super().__init__(message, path=path)


class NotGGUFError(ModelError):
    """The file is not a GGUF model, or its header cannot be read."""

    def __init__(self, path: Path, *, damaged: bool = False) -> None:
        if damaged:
            message = (
                f"The model file {path} looks like a GGUF file but its header is damaged "
                "or incomplete; download it again or choose another model."
            )
        else:
            message = f"{path} is not a GGUF model file; choose a .gguf file made for llama.cpp."
        super().__init__(message, path=path)


class UnsupportedArchitectureError(ModelError):
    """llama.cpp does not know the file's architecture."""

    def __init__(self, path: Path, architecture: str) -> None:
        self.architecture = architecture
        super().__init__(
            f"The model file {path.name} uses the {architecture!r} architecture, which this "
            "build of llama.cpp cannot run; choose another model.",
            path=path,
        )


class ContextTooLargeError(ModelError):
    """The requested context would not fit in the memory that is free."""

    def __init__(self, path: Path, *, n_ctx: int, needed_bytes: int, available_bytes: int) -> None:
        self.n_ctx = n_ctx
        self.needed_bytes = needed_bytes
        self.available_bytes = available_bytes
        super().__init__(
            f"The model {path.name} with a {n_ctx}-token context needs about "
            f"{_size(needed_bytes)} of memory but only {_size(available_bytes)} is free; "
            "choose a smaller context or model, or close other programs.",
            path=path,
        )


class ModelLoadError(ModelError):
    """llama.cpp (or the file system) refused to load the model for another reason."""

    def __init__(self, path: Path, reason: str | None = None) -> None:
        self.reason = reason
        detail = f" ({reason})" if reason else ""
        super().__init__(
            f"The model file {path.name} could not be loaded{detail}; it may be damaged or "
            "too new for this version of Inkling, so try downloading it again or choose "
            "another model.",
            path=path,
        )


class PromptTooLongError(ModelError):
    """A request does not fit in the loaded model's context window."""

    def __init__(self, prompt_tokens: int, n_ctx: int) -> None:
        self.prompt_tokens = prompt_tokens
        self.n_ctx = n_ctx
        super().__init__(
            f"This text is too long for the model ({prompt_tokens} tokens, but its context "
            f"holds {n_ctx}); shorten it or load the model with a larger context."
        )
