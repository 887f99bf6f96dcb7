"""``inkling finding`` and ``inkling detector``: review what the detectors found, and
manage the built-in and custom detectors."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from app.domain.notebooks.reviews import ReviewStatus
from app.services.notebooks import detectors, findings
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.findings import FindingInfo, PageItem
from app.services.notebooks.models import text_model_or_none, vision_runtime

from .common import Cli, Commands, Shape


def _finding_json(f: FindingInfo) -> dict[str, Any]:
    return {
        "id": f.id,
        "detector_id": f.detector_id,
        "finding_type": f.finding_type,
        "start_page": f.start_page,
        "end_page": f.end_page,
        "confidence": f.confidence,
        "reason": f.reason,
        "detector_data": f.detector_data,
        "review_status": f.review_status,
        "evidence": [asdict(e) for e in f.evidence],
        "page_reviews": [{"page_id": k, "decision": v} for k, v in sorted(f.page_reviews.items())],
        "tag": f.tag_slug,
    }


def _finding_line(f: FindingInfo) -> str:
    span = str(f.start_page) if f.start_page == f.end_page else f"{f.start_page}-{f.end_page}"
    quotes = "; ".join(f"\u201c{e.anchor_text}\u201d" for e in f.evidence[:3])
    return (
        f"#{f.id:<4} {f.review_status:<10} {f.finding_type} pages {span} "
        f"({f.confidence:.2f}) {f.reason[:120]}" + (f"  {quotes}" if quotes else "")
    )


FINDING: Shape[FindingInfo] = Shape(json=_finding_json, text=_finding_line)


def _item_json(item: PageItem) -> dict[str, Any]:
    return {**_finding_json(item.finding), "also": [_finding_json(f) for f in item.also]}


def _item_line(item: PageItem) -> str:
    if not item.also:
        return _finding_line(item.finding)
    others = ", ".join(f"{f.detector_id} #{f.id}" for f in item.also)
    return f"{_finding_line(item.finding)}  [imported tag, also found by {others}]"


PAGE_ITEM: Shape[PageItem] = Shape(json=_item_json, text=_item_line)


def cmd_finding_list(cli: Cli) -> int:
    if cli.args.page is not None:
        items = findings.page_items(cli.db, cli.args.notebook_id, cli.args.page)
        if cli.args.detector is not None:
            items = [i for i in items if cli.args.detector in {f.detector_id for f in i.members}]
        PAGE_ITEM.emit_all(cli, items, empty="No findings on this page.")
        return 0
    listed = findings.list_findings(cli.db, cli.args.notebook_id, detector_id=cli.args.detector)
    FINDING.emit_all(cli, listed, empty="No findings.")
    return 0


def cmd_finding_review(cli: Cli) -> int:
    decision = ReviewStatus.APPROVED if cli.args.action == "accept" else ReviewStatus.REJECTED
    views = findings.review_findings(cli.db, cli.args.id, decision, page_id=cli.args.page).value
    if len(views) == 1:
        FINDING.emit(cli, views[0])
    else:
        FINDING.emit_all(cli, views, empty="")
    return 0


def cmd_finding_tag(cli: Cli) -> int:
    changed = findings.apply_finding_tag(cli.db, cli.args.id).value
    cli.emit({"id": cli.args.id, "pages_changed": changed}, f"{changed} page(s) tagged.")
    return 0


def cmd_detector_list(cli: Cli) -> int:
    items = detectors.list_detectors(cli.db)
    fresh: dict[str, str] = {}
    if cli.args.notebook is not None:
        text = text_model_or_none(cli.data, cli.args.model)
        vision = vision_runtime(cli.data, cli.args.model)
        try:
            fresh = notebook_runs.detector_freshness(
                cli.db, cli.args.notebook, model=text[1] if text else None, vision=vision
            )
        finally:
            if vision is not None:
                vision.worker.close()

    def as_json(d: detectors.DetectorInfo) -> dict[str, Any]:
        item: dict[str, Any] = {
            "detector_id": d.detector_id,
            "title": d.title,
            "engine": d.engine,
            "scope": d.scope,
            "version": d.version,
        }
        if fresh:
            item["freshness"] = fresh[d.detector_id]
        return item

    def as_text(d: detectors.DetectorInfo) -> str:
        return f"{d.detector_id:<28} {d.engine:<14} {d.scope:<12} v{d.version}  {d.title}" + (
            f"  [{fresh[d.detector_id]}]" if fresh else ""
        )

    Shape(json=as_json, text=as_text).emit_all(cli, items, empty="")
    return 0


def cmd_detector_add(cli: Cli) -> int:
    a = cli.args
    definition = detectors.add_custom_detector(
        cli.db,
        name=a.name,
        instruction=a.instruction,
        scope=a.scope,
        adjacent_page_detection=a.adjacent,
        model_mode=a.mode,
        confidence_threshold=a.threshold,
        custom_id=a.id,
    ).value
    cli.emit(definition.to_json(), f"Added detector {definition.detector_id}.")
    return 0


def cmd_detector_export(cli: Cli) -> int:
    json.dump(detectors.export_detector(cli.db, cli.args.id), cli.out, ensure_ascii=False, indent=2)
    cli.out.write("\n")
    return 0


def cmd_detector_import(cli: Cli) -> int:
    view = detectors.import_detector_file(cli.db, Path(cli.args.file)).value
    cli.emit({"detector_id": view.detector_id}, f"Imported detector {view.detector_id}.")
    return 0


def cmd_detector_delete(cli: Cli) -> int:
    detectors.delete_detector(cli.db, cli.args.id)
    cli.emit({"detector_id": cli.args.id, "deleted": True}, f"Deleted {cli.args.id}.")
    return 0


def register(commands: Commands) -> None:
    finding = commands.group("finding", "review what the detectors found")
    p = finding.add("list", cmd_finding_list, "list a notebook's published findings")
    p.add_argument("notebook_id", type=int)
    p.add_argument("--detector")
    p.add_argument(
        "--page",
        type=int,
        help="the findings on this page (id) as the page view shows them: a name tagged in "
        "the imported file and found by names too is one item",
    )
    for name, help_text in (
        ("accept", "accept findings (or one page of them), all in one go"),
        ("reject", "reject findings (or one page of them), all in one go"),
    ):
        p = finding.add(name, cmd_finding_review, help_text)
        p.add_argument("id", type=int, nargs="+")
        p.add_argument("--page", type=int, help="review only this page of the finding")
    finding.add("tag", cmd_finding_tag, "tag a finding's pages").add_argument("id", type=int)

    detector = commands.group("detector", "built-in and custom detectors")
    p = detector.add("list", cmd_detector_list, "list detectors")
    p.add_argument("--notebook", type=int, help="show freshness for this notebook")
    p = detector.add("add", cmd_detector_add, "add a custom detector")
    p.add_argument("--name", required=True)
    p.add_argument("--instruction", required=True)
    p.add_argument("--scope", choices=["page", "notebook"], default="notebook")
    adjacent = p.add_mutually_exclusive_group()
    adjacent.add_argument("--adjacent", dest="adjacent", action="store_true", default=True)
    adjacent.add_argument("--no-adjacent", dest="adjacent", action="store_false")
    p.add_argument("--mode", choices=["auto", "text", "vision"], default="auto")
    p.add_argument("--threshold", type=float, default=0.7)
    p.add_argument("--id", help="a stable id (slugified); default: from the name")
    detector.add("export", cmd_detector_export, "print a detector as JSON").add_argument("id")
    detector.add("import", cmd_detector_import, "import a detector from a JSON file").add_argument(
        "file"
    )
    detector.add("delete", cmd_detector_delete, "delete a custom detector").add_argument("id")
