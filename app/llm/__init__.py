"""The model runtime: GGUF model files, llama.cpp, and the thread that owns the model.

Importing this package is light: llama-cpp-python is imported only when a model loads.
"""

from app.domain.model import Prompt, TextModel
from app.llm.errors import (
    ContextTooLargeError,
    ModelError,
    ModelLoadError,
    ModelNotFoundError,
    NotGGUFError,
    PromptTooLongError,
    UnsupportedArchitectureError,
)
from app.llm.info import (
    MODEL_ENV,
    GGUFHeader,
    ModelInfo,
    check_gguf_file,
    default_model_path,
    read_gguf_header,
    read_model_info,
    resolve_model_path,
)
from app.llm.llama_backend import (
    CHATML_TEMPLATE,
    LlamaTextModel,
    available_memory_bytes,
    estimate_memory_bytes,
    validate_model_file,
)
from app.llm.protocols import (
    GenerationStats,
    OwnedModel,
    PrefetchingModel,
    StreamingModel,
    WholeReplyModel,
)
from app.llm.worker import Job, JobContext, ModelWorker, load_cancel_token

__all__ = [
    "CHATML_TEMPLATE",
    "MODEL_ENV",
    "ContextTooLargeError",
    "GGUFHeader",
    "GenerationStats",
    "Job",
    "JobContext",
    "LlamaTextModel",
    "ModelError",
    "ModelInfo",
    "ModelLoadError",
    "ModelNotFoundError",
    "ModelWorker",
    "NotGGUFError",
    "OwnedModel",
    "PrefetchingModel",
    "Prompt",
    "PromptTooLongError",
    "StreamingModel",
    "TextModel",
    "UnsupportedArchitectureError",
    "WholeReplyModel",
    "available_memory_bytes",
    "check_gguf_file",
    "default_model_path",
    "estimate_memory_bytes",
    "load_cancel_token",
    "read_gguf_header",
    "read_model_info",
    "resolve_model_path",
    "validate_model_file",
]
