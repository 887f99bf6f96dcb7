"""A tiny random-weights GGUF model for tests (llama architecture, byte-level vocabulary).

The file is a few hundred kilobytes and is written in milliseconds.  Its vocabulary is a
SentencePiece ("llama") one: ``<unk>``, ``<s>``, ``</s>``, the ChatML markers, the 256
``<0xNN>`` byte tokens (so any text, and so any JSON, can be spelled) and the printable
ASCII characters.  The output rows of the end-of-generation tokens are zero, so
unconstrained greedy decoding never stops on its own (the logits of the other tokens are
random and the largest of them is positive); under a JSON grammar the end token becomes
the only legal choice once the value is complete.
"""

from __future__ import annotations

from pathlib import Path

import gguf
import numpy as np

CHATML = (
    "{% for message in messages %}"
    "{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
"""The ChatML template, as most chat GGUF files carry it."""

NO_SYSTEM_TEMPLATE = (
    "{% for message in messages %}"
    "{% if message['role'] != 'system' %}"
    "{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endif %}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
"""A ChatML-like template that silently drops system messages (as gemma's does)."""

TINY_NAME = "Tiny Random Llama"
TINY_CONTEXT = 512
N_EMBD = 64
N_LAYER = 2
N_HEAD = 4
N_HEAD_KV = 2
N_FF = 128

_SPECIALS = ("<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>")
_UNK, _BOS, _EOS, _IM_START, _IM_END = range(len(_SPECIALS))


def _vocabulary() -> tuple[list[str], list[float], list[int]]:
    tokens: list[str] = list(_SPECIALS)
    types: list[int] = [
        gguf.TokenType.UNKNOWN,
        gguf.TokenType.CONTROL,
        gguf.TokenType.CONTROL,
        gguf.TokenType.CONTROL,
        gguf.TokenType.CONTROL,
    ]
    tokens += [f"<0x{b:02X}>" for b in range(256)]
    types += [gguf.TokenType.BYTE] * 256
    tokens.append("\u2581")  # SentencePiece's word-boundary space
    tokens += [chr(c) for c in range(0x21, 0x7F)]
    types += [gguf.TokenType.NORMAL] * (len(tokens) - len(types))
    scores = [0.0] * len(_SPECIALS) + [0.0] * 256 + [-float(i) for i in range(len(tokens) - 261)]
    return tokens, scores, types


def write_tiny_gguf(
    path: Path,
    *,
    chat_template: str | None = CHATML,
    architecture: str = "llama",
    name: str | None = TINY_NAME,
    seed: int = 1234,
) -> Path:
    """Write a tiny random-weights GGUF to ``path`` and return ``path``.

    ``architecture`` only changes the metadata (``general.architecture`` and the key
    prefix); the tensors are always llama's, so any other name makes a file that
    llama.cpp refuses.  ``chat_template=None`` leaves the template out; ``name=None``
    leaves ``general.name`` out.
    """
    tokens, scores, types = _vocabulary()
    n_vocab = len(tokens)
    rng = np.random.default_rng(seed)

    def weights(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.5).astype(np.float32)

    writer = gguf.GGUFWriter(path, architecture)
    if name is not None:
        writer.add_name(name)
    writer.add_license("apache-2.0")
    writer.add_context_length(TINY_CONTEXT)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(_UNK)
    writer.add_bos_token_id(_BOS)
    writer.add_eos_token_id(_EOS)
    writer.add_add_bos_token(False)
    writer.add_add_space_prefix(False)
    if chat_template is not None:
        writer.add_chat_template(chat_template)

    n_embd_kv = N_HEAD_KV * (N_EMBD // N_HEAD)
    writer.add_tensor("token_embd.weight", weights(n_vocab, N_EMBD))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    output = weights(n_vocab, N_EMBD)
    output[[_EOS, _IM_END]] = 0.0  # see the module docstring
    writer.add_tensor("output.weight", output)
    for i in range(N_LAYER):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"blk.{i}.attn_q.weight", weights(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_k.weight", weights(n_embd_kv, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_v.weight", weights(n_embd_kv, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_output.weight", weights(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"blk.{i}.ffn_gate.weight", weights(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_up.weight", weights(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_down.weight", weights(N_EMBD, N_FF))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
