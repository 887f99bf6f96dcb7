"""``inkling model``: the on-device language model: which one, which others, downloads."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from app.domain.models_catalog import size_text
from app.domain.progress import Cancelled, Progress
from app.services.errors import InvalidInputError
from app.services.models import catalog as models_catalog
from app.services.models import server as model_server
from app.services.models.choice import choose_model, model_info, use_model
from app.services.models.names import display_name
from app.services.settings import MAX_SERVER_CONCURRENCY

from .common import EXIT_INTERRUPTED, Cli, Commands


def cmd_model_info(cli: Cli) -> int:
    server = model_server.choose_server(cli.data, cli.args.model)
    if server is not None:
        found: dict[str, Any] = {
            "server": server.address.base,
            "model": server.model,
            "source": "server",
        }
        cli.emit(found, f"{'server':<15} {server.address.base}\n{'model':<15} {server.model}")
        return 0
    choice = choose_model(cli.data, cli.args.model)
    info = model_info(cli.data, choice.path)
    doc = {
        "path": str(info.path),
        "name": info.name,
        "title": display_name(info.path),
        "architecture": info.architecture,
        "size_bytes": info.size_bytes,
        "license": info.license,
        "context_length": info.context_length,
        "sha256": info.sha256,
    }
    text = "\n".join(f"{k:<15} {v}" for k, v in [*doc.items(), ("source", choice.source)])
    cli.emit(doc, text)
    return 0


def cmd_model_use(cli: Cli) -> int:
    if cli.args.concurrency is not None and cli.args.server is None:
        raise InvalidInputError("--concurrency goes with --server.")
    if cli.args.vision_model is not None and cli.args.server is None:
        raise InvalidInputError("--vision-model goes with --server.")
    if cli.args.server is not None:
        if cli.args.default or cli.args.path:
            raise InvalidInputError("Give a model path, --default or --server, not two of them.")
        concurrency = cli.args.concurrency
        if concurrency is not None and not 1 <= concurrency <= MAX_SERVER_CONCURRENCY:
            raise InvalidInputError(
                f"--concurrency must be between 1 and {MAX_SERVER_CONCURRENCY}."
            )
        server = model_server.use_server(
            cli.data,
            cli.args.server,
            cli.args.model,
            confirmed=cli.args.yes,
            concurrency=concurrency,
            vision_model=cli.args.vision_model,
        )
        where = "" if server.address.loopback else " Entries and pages will be sent there."
        sees = f" Page images go to {cli.args.vision_model}." if cli.args.vision_model else ""
        cli.emit(
            {
                "server": server.address.base,
                "model": server.model,
                "vision_model": cli.args.vision_model,
            },
            f"Inkling will use {server.name}.{sees}{where}",
        )
        return 0
    if cli.args.default and cli.args.path:
        raise InvalidInputError("Give either a model path or --default, not both.")
    if not cli.args.default and not cli.args.path:
        raise InvalidInputError("Give a model path, or --default for the embedded model.")
    path = (
        None
        if cli.args.default
        else models_catalog.resolve_model_reference(cli.data, cli.args.path)
    )
    info = use_model(cli.data, path)
    name = display_name(info.path) if info else "the embedded default"
    if (
        info is not None
        and models_catalog.describe_model_file(cli.data, info.path).fit.fits is False
    ):
        cli.note(f"Warning: {name} may not fit in the memory that is free now.")
    cli.emit({"path": str(info.path) if info else None}, f"Inkling will use {name}.")
    return 0


def _fit_json(fit: models_catalog.MemoryFit) -> dict[str, Any]:
    return {
        "needed_bytes": fit.needed_bytes,
        "available_bytes": fit.available_bytes,
        "fits": fit.fits,
    }


def _fit_text(fit: models_catalog.MemoryFit) -> str:
    if fit.needed_bytes is None:
        return "memory need unknown"
    need = f"needs ~{size_text(fit.needed_bytes)}"
    if fit.available_bytes is None:
        return need
    verdict = "fits" if fit.fits else "does NOT fit"
    return f"{need}, {verdict} in {size_text(fit.available_bytes)} free"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def cmd_model_list(cli: Cli) -> int:
    found = models_catalog.list_models(cli.data, cli.args.model)
    folder = models_catalog.models_dir(cli.data)
    doc = {
        "models_dir": str(folder),
        "models": [
            {
                "path": str(m.path),
                "name": m.name,
                "title": display_name(m.path),
                "architecture": m.architecture,
                "size_bytes": m.size_bytes,
                "context_length": m.context_length,
                "is_default": m.is_default,
                "in_use": m.in_use,
                "recommended": m.recommended,
                "problem": m.problem,
                **_fit_json(m.fit),
            }
            for m in found
        ],
    }

    def text() -> str:
        lines = []
        for m in found:
            mark = "*" if m.in_use else " "
            name = display_name(m.path)  # the header's name is the converter's, not a title
            detail = m.problem or f"{m.architecture}, {size_text(m.size_bytes)}, {_fit_text(m.fit)}"
            lines.append(f"{mark} {name}: {detail}\n    {m.path}")
        if not any(not m.is_default for m in found):
            lines.append(f"No GGUF files in {folder} yet; see `inkling model recommended`.")
        else:
            lines.append(f"Models folder: {folder}")
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_model_recommended(cli: Cli) -> int:
    catalog = models_catalog.load_catalog()
    views = models_catalog.recommended_models(cli.data, catalog=catalog)
    doc = {
        "models_dir": str(models_catalog.models_dir(cli.data)),
        "quality": {"default": catalog.quality.default, "recommended": catalog.quality.recommended},
        "models": [
            {
                **asdict(v.model),
                "downloaded": v.path is not None,
                "path": str(v.path) if v.path else None,
                "partial_bytes": v.partial_bytes,
                **_fit_json(v.fit),
            }
            for v in views
        ],
    }

    def text() -> str:
        lines = [catalog.quality.default, catalog.quality.recommended, ""]
        for v in views:
            m = v.model
            size = size_text(m.size_bytes) if m.size_bytes else "size from the hub"
            state = (
                "downloaded"
                if v.path
                else (
                    f"{size_text(v.partial_bytes)} fetched, resumes"
                    if v.partial_bytes
                    else "not downloaded"
                )
            )
            lines.append(f"{m.name}  ({m.title}; {size}; {m.license}; {state})")
            lines.append(f"    {m.good_for} {_sentence(_fit_text(v.fit))}.")
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_model_download(cli: Cli) -> int:
    shown = -1

    def progress(report: Progress) -> None:
        nonlocal shown
        done, total = report.done, report.total
        step = done * 20 // total if total else done // 100_000_000
        if step != shown:
            shown = step
            amount = (
                f"{done * 100 // total}% ({size_text(done)} of {size_text(total)})"
                if total
                else size_text(done)
            )
            cli.note(f"Downloading {cli.args.name}: {amount}")

    try:
        result = models_catalog.download_model(cli.data, cli.args.name, on_progress=progress)
    except (KeyboardInterrupt, Cancelled):
        cli.note("inkling: download interrupted; run the same command again to resume it.")
        return EXIT_INTERRUPTED
    fit = models_catalog.describe_model_file(cli.data, result.path).fit
    doc = {
        "name": result.model.name,
        "path": str(result.path),
        "size_bytes": result.size_bytes,
        "sha256": result.sha256,
        "resumed_from": result.resumed_from,
        "already_present": result.already_present,
        **_fit_json(fit),
    }
    if result.already_present:
        message = f"{result.model.name} is already downloaded: {result.path}"
    else:
        message = (
            f"Downloaded and verified {result.model.name} (SHA-256 {result.sha256}): {result.path}"
        )
    cli.emit(
        doc,
        f"{message}\nIt {_fit_text(fit)}; use it with `inkling model use {result.model.name}`.",
    )
    return 0


def register(commands: Commands) -> None:
    model = commands.group("model", "the on-device language model")
    model.add("info", cmd_model_info, "show the model in use")
    p = model.add("use", cmd_model_use, "validate a GGUF file and make it the model to use")
    p.add_argument("path", nargs="?", help="a .gguf file, or a name from `inkling model list`")
    p.add_argument("--default", action="store_true", help="go back to the embedded default")
    p.add_argument(
        "--server",
        metavar="URL",
        help="an OpenAI-compatible model server (llama-server, Ollama, LM Studio), "
        "e.g. http://127.0.0.1:8080; --model NAME picks its model",
    )
    p.add_argument(
        "--concurrency",
        type=int,
        metavar="N",
        help="with --server: notebook windows sent to the server at once (default 4)",
    )
    p.add_argument(
        "--vision-model",
        metavar="NAME",
        help="with --server: the server's model that reads page images (transcription "
        "and vision detectors), e.g. llava",
    )
    p.add_argument(
        "--yes",
        action="store_true",
        help="confirm sending your text to a server that is not on this computer",
    )
    model.add(
        "list", cmd_model_list, "the embedded default and the GGUF files in the models folder"
    )
    model.add("recommended", cmd_model_recommended, "stronger models one download away")
    p = model.add("download", cmd_model_download, "download a recommended model (network)")
    p.add_argument("name", help="a name from `inkling model recommended`")
