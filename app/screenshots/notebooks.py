"""Pictures of the notebook views for ``inkling screenshot`` (rendered offscreen).

Honest notes on what the pictures show: the sample notebook
(``app/resources/sample_notebook.txt``) is imported into a temporary data folder with a
"scan" per page that this module draws from the page's own text (the sample has no
real scans), and only the detectors that need no language model have run (the lexical
counters and names).  Nothing reaches the user's own data folder.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from app import resources
from app.screenshots.capture import ensure_platform, quiet_platform_notes, save, settle, wait

PAGE_VIEW_SIZE = (1280, 780)
SHOWN_PAGE = 6
"""The page shown: first person, swear words and two names on one page."""


def draw_scan(text: str, path: Path) -> None:
    """A paper-like picture of a page's text (a stand-in for a real scan)."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

    width, height = 900, 1200
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f6f1e4"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    pen = QPen(QColor("#c9d7ea"))
    pen.setWidthF(1.5)
    painter.setPen(pen)
    line_height = 44.0
    y = 120.0
    while y < height - 40:
        painter.drawLine(QPointF(50, y), QPointF(width - 50, y))
        y += line_height
    painter.setPen(QPen(QColor("#e6a8a8"), 2))
    painter.drawLine(QPointF(110, 0), QPointF(110, height))
    font = QFont("DejaVu Serif")
    font.setItalic(True)
    font.setPixelSize(26)
    painter.setFont(font)
    painter.setPen(QColor("#25324a"))
    baseline = 120.0 - 9
    metrics = QFontMetricsF(font)
    room = width - 185.0
    lines: list[str] = []
    for raw in text.splitlines():
        words = raw.split(" ")
        current = ""
        for word in words:
            candidate = f"{current} {word}" if current else word
            if current and metrics.horizontalAdvance(candidate) > room:
                lines.append(current)
                current = "    " + word if raw.startswith("    ") else word
            else:
                current = candidate
        lines.append(current)
    for line in lines:
        rect = QRectF(125, baseline - line_height + 16, width - 175, line_height)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), line)
        baseline += line_height
        if baseline > height - 40:
            break
    painter.end()
    if not image.save(str(path)):
        raise OSError(f"The page picture {path} could not be written.")


def prepare_sample_notebook(folder: Path) -> int:
    """Import the sample notebook (with drawn scans) into ``folder``, run the lexical
    counters and names, accept one name; returns the notebook id."""
    from app.paths import database_path
    from app.services.notebooks import findings, tags
    from app.services.notebooks import pages as notebooks
    from app.services.notebooks import runs as notebook_runs
    from app.services.transfer.notebook_import import split_pages
    from app.store import open_database

    pages = split_pages(resources.sample_notebook())
    source = folder / "sample-scans"
    source.mkdir(parents=True)
    for number, text in enumerate(pages, start=1):
        draw_scan(text, source / f"{number:03d}.png")
        (source / f"{number:03d}.txt").write_text(text, encoding="utf-8")
    db = open_database(database_path(folder))
    try:
        notebook_id = notebooks.import_notebook(db, source, title="Harbour notebook").value.id
        for detector in ("first_person", "swear_words", "names"):
            notebook_runs.run_detector(db, None, notebook_id, detector)
        page = notebooks.list_pages(db, notebook_id)[SHOWN_PAGE - 1]
        on_page = [f for f in findings.list_findings(db, notebook_id) if page.id in f.page_ids]
        for finding in on_page:
            if finding.detector_id == "names" and finding.tag_label == "Margaret Hughes":
                findings.accept_finding(db, finding.id)
        tags.add_page_tags(db, page.id, ["printer trouble"])
        return notebook_id
    finally:
        db.close()


def render_page_view(out_dir: Path) -> Path:
    """Write ``page-view.png`` (the page view over the sample notebook) into ``out_dir``."""
    ensure_platform()
    import sys

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from app.paths import database_path
    from app.services.notebooks import pages as notebooks
    from app.store import open_database
    from app.ui.common.tasks import Tasks
    from app.ui.notebooks.page_view import PageView

    out_dir.mkdir(parents=True, exist_ok=True)
    from app.ui.shell.app import make_application

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else make_application(sys.argv[:1])
    assert app is not None  # kept alive until the picture is written
    with quiet_platform_notes(), tempfile.TemporaryDirectory(prefix="inkling-shots-") as tmp:
        folder = Path(tmp) / "data"
        folder.mkdir()
        notebook_id = prepare_sample_notebook(folder)
        db = open_database(database_path(folder))
        ops = Tasks()
        view = PageView(db, ops)
        ops.changed.connect(view.refresh)
        try:
            view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
            view.resize(*PAGE_VIEW_SIZE)
            view.show()
            page = notebooks.list_pages(db, notebook_id)[SHOWN_PAGE - 1]
            view.show_page(notebook_id, page.id)
            wait(lambda: view.snapshot is not None and not view.is_loading, "the page view")
            view.next_finding()
            view.next_finding()
            settle()
            return save(view, out_dir / "page-view.png")
        finally:
            view.close()
            ops.wait()
            view.deleteLater()
            settle()
            db.close()
