"""``inkling notebook``, ``page`` and ``tag``: notebooks of pages, their text and tags."""

from __future__ import annotations

from dataclasses import asdict

from app.domain.formats.skipped import skipped_json
from app.domain.formats.untrusted import one_line
from app.domain.notebooks.transcription import PageRangeError, parse_page_ranges
from app.llm.ocr import DEFAULT_ENGINE
from app.services.errors import InvalidInputError
from app.services.notebooks import pages as notebooks
from app.services.notebooks import tags, transcription
from app.services.notebooks.models import vision_runtime
from app.services.notebooks.pages import NotebookImported, NotebookInfo, PageInfo
from app.services.notebooks.tags import TagInfo
from app.services.notebooks.transcription import PageOutcome, TranscriptionSummary

from .common import Cli, Commands, Shape, add_text_source, item_progress, read_text


def cmd_notebook_import(cli: Cli) -> int:
    result = notebooks.import_notebook(
        cli.db,
        cli.args.path,
        title=cli.args.title,
        strict=cli.args.strict,
        on_progress=item_progress(cli, "pages", cli.args.path),
    )
    view = result.value
    cli.emit(
        {
            "id": view.id,
            "pages": view.pages,
            "imported": view.pages,
            "without_scan": view.without_scan,
            "skipped": skipped_json(view.skipped),
        },
        lambda: _import_text(view),
    )
    return 0


def _import_text(view: NotebookImported) -> str:
    lines = [f"Imported notebook {view.id} \u201c{view.title}\u201d with {view.pages} page(s)."]
    if view.without_scan:
        lines.append(
            f"{view.without_scan} page(s) have no scan (it is not in the export); "
            "attach one with `inkling notebook attach-scan PAGE_ID FILE`."
        )
    if view.skipped:
        lines.append(f"Skipped {len(view.skipped)} file(s) or page(s):")
        lines += [
            f"  {one_line(s.path)}" + (f" ({one_line(s.item)})" if s.item else "") + f": {s.reason}"
            for s in view.skipped
        ]
    return "\n".join(lines)


def cmd_notebook_attach_scan(cli: Cli) -> int:
    view = notebooks.attach_scan(cli.db, cli.args.page_id, cli.args.path).value
    cli.emit(
        {"id": view.id, "notebook_id": view.notebook_id, "image": view.image_path},
        f"Attached the scan to page {view.order + 1} of notebook {view.notebook_id}.",
    )
    return 0


def cmd_notebook_transcribe(cli: Cli) -> int:
    a = cli.args
    info = notebooks.get_notebook(cli.db, a.id)
    positions = None
    if a.pages is not None:
        try:
            positions = parse_page_ranges(a.pages, info.pages)
        except PageRangeError as exc:
            raise InvalidInputError(str(exc)) from None
    vision = vision_runtime(cli.data, a.model) if a.engine == transcription.VISION else None

    def page_done(outcome: PageOutcome) -> None:
        cli.note(transcription.outcome_line(outcome))

    try:
        summary = transcription.transcribe_notebook(
            cli.db,
            a.id,
            engine=a.engine,
            positions=positions,
            force=a.force,
            vision=vision,
            on_page=page_done,
        ).value
    finally:
        if vision is not None:
            vision.worker.close()
    cli.emit(_transcribe_json(summary), lambda: _transcribe_text(summary))
    return 0 if summary.count("failed") == 0 else 1


def _transcribe_json(summary: TranscriptionSummary) -> dict[str, object]:
    return {
        "id": summary.notebook_id,
        "engine": summary.engine,
        "transcribed": summary.count("transcribed"),
        "skipped_with_text": summary.count("has_text"),
        "skipped_without_scan": summary.count("no_scan"),
        "failed": summary.count("failed"),
        "pages": [
            {
                "id": p.page_id,
                "page": p.order + 1,
                "status": p.status,
                "lines": p.lines,
                **({"message": p.message} if p.message else {}),
            }
            for p in summary.pages
        ],
    }


def _transcribe_text(summary: TranscriptionSummary) -> str:
    text = (
        f"Transcribed {summary.count('transcribed')} of {summary.requested} page(s) of "
        f"notebook {summary.notebook_id} with {summary.engine}"
    )
    skipped = summary.count("has_text") + summary.count("no_scan")
    if skipped:
        text += f"; skipped {skipped}"
    if summary.count("failed"):
        text += f"; {summary.count('failed')} failed"
    return text + "."


NOTEBOOK: Shape[NotebookInfo] = Shape(
    json=lambda n: {"id": n.id, "title": n.title, "pages": n.pages},
    text=lambda n: f"{n.id:<5} {n.title} ({n.pages} pages)",
)


def cmd_notebook_list(cli: Cli) -> int:
    NOTEBOOK.emit_all(cli, notebooks.list_notebooks(cli.db), empty="No notebooks yet.")
    return 0


PAGE: Shape[PageInfo] = Shape(
    json=lambda p: {
        "id": p.id,
        "order": p.order,
        "text": p.text,
        "tags": list(p.tags),
        "excluded": p.excluded,
        "image": p.image_path,
    },
    text=lambda p: (
        f"page {p.order + 1} (id {p.id})"
        + (" [excluded]" if p.excluded else "")
        + (f" tags: {', '.join(p.tags)}" if p.tags else "")
        + "\n"
        + "\n".join("  " + line for line in (p.text or "(no text)").splitlines())
    ),
)


def cmd_notebook_pages(cli: Cli) -> int:
    PAGE.emit_all(cli, notebooks.list_pages(cli.db, cli.args.id), empty="No pages.", sep="\n\n")
    return 0


def cmd_page_edit(cli: Cli) -> int:
    text = None if cli.args.revert else read_text(cli.args)
    view = notebooks.edit_page_text(cli.db, cli.args.id, text).value
    cli.emit({"id": view.id, "text": view.text}, f"Saved page {view.id}.")
    return 0


def cmd_page_exclude(cli: Cli) -> int:
    excluded = cli.args.action == "exclude"
    view = notebooks.set_page_excluded(cli.db, cli.args.id, excluded).value
    word = "Excluded" if excluded else "Included"
    cli.emit({"id": view.id, "excluded": view.excluded}, f"{word} page {view.id}.")
    return 0


def cmd_tag_add(cli: Cli) -> int:
    func = tags.add_page_tags if cli.args.action == "add" else tags.remove_page_tags
    view = func(cli.db, cli.args.page_id, cli.args.tags).value
    cli.emit({"id": view.id, "tags": list(view.tags)}, f"Page {view.id}: {', '.join(view.tags)}")
    return 0


TAG: Shape[TagInfo] = Shape(
    json=asdict, text=lambda t: f"{t.colour} {t.slug} ({t.label}): {t.pages} page(s)"
)


def cmd_tag_list(cli: Cli) -> int:
    TAG.emit_all(cli, tags.list_tags(cli.db), empty="No tags yet.")
    return 0


TAGGED_PAGE: Shape[PageInfo] = Shape(
    json=lambda p: {"id": p.id, "notebook_id": p.notebook_id, "order": p.order},
    text=lambda p: f"notebook {p.notebook_id} page {p.order + 1} (id {p.id})",
)


def cmd_tag_pages(cli: Cli) -> int:
    items = tags.pages_with_tag(cli.db, cli.args.slug, notebook_id=cli.args.notebook)
    TAGGED_PAGE.emit_all(cli, items, empty="No pages carry that tag.")
    return 0


def register(commands: Commands) -> None:
    notebook = commands.group("notebook", "notebooks of pages")
    p = notebook.add(
        "import",
        cmd_notebook_import,
        "import a folder of page images or PAGE-XML/ALTO files (or its mets.xml), "
        "a .txt/.md or a PDF",
    )
    p.add_argument("path")
    p.add_argument("--title")
    p.add_argument(
        "--strict",
        action="store_true",
        help="all or nothing: refuse the import if any file or page cannot be read",
    )
    p = notebook.add(
        "attach-scan",
        cmd_notebook_attach_scan,
        "give a page a scan (PNG, JPEG or TIFF), e.g. one imported as text only",
    )
    p.add_argument("page_id", type=int)
    p.add_argument("path")
    p = notebook.add(
        "transcribe",
        cmd_notebook_transcribe,
        "read the text of page scans (OCR) into the pages' text, with each line's box",
    )
    p.add_argument("id", type=int)
    p.add_argument("--pages", help="page numbers and ranges, like 1-3,5 (default: all)")
    p.add_argument(
        "--engine",
        choices=transcription.ENGINE_CHOICES,
        default=DEFAULT_ENGINE,
        help="tesseract (default), rapidocr (when installed) or vision (the configured "
        "multimodal model)",
    )
    p.add_argument(
        "--force", action="store_true", help="transcribe pages that already have text too"
    )
    notebook.add("list", cmd_notebook_list, "list notebooks")
    notebook.add("pages", cmd_notebook_pages, "show a notebook's pages").add_argument(
        "id", type=int
    )

    page = commands.group("page", "pages of notebooks")
    p = page.add("edit", cmd_page_edit, "replace a page's text (or --revert to the transcription)")
    p.add_argument("id", type=int)
    add_text_source(p).add_argument(
        "--revert", action="store_true", help="go back to the transcription"
    )
    for name, help_text in (
        ("exclude", "leave a page out of analysis"),
        ("include", "analyse it again"),
    ):
        page.add(name, cmd_page_exclude, help_text).add_argument("id", type=int)

    tag = commands.group("tag", "tags on pages")
    for name, help_text in (("add", "tag a page"), ("remove", "take tags off a page")):
        p = tag.add(name, cmd_tag_add, help_text)
        p.add_argument("page_id", type=int)
        p.add_argument("tags", nargs="+")
    tag.add("list", cmd_tag_list, "the tag catalogue")
    p = tag.add("pages", cmd_tag_pages, "pages carrying a tag")
    p.add_argument("slug")
    p.add_argument("--notebook", type=int)
