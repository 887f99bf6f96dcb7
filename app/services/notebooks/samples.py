"""The sample notebook: six typed pages (a diary page, a poem, a to-do list, a shopping
list, a quotation, a grumble) to try the detectors on.

It is the same file the screenshots use (``app/resources/sample_notebook.txt``, read through
``app.resources``), imported like any text notebook.  Loading it again while it is there
opens the one already imported instead of adding a copy.
"""

from __future__ import annotations

from app import resources
from app.services.changes import OpResult
from app.services.notebooks import pages
from app.services.notebooks.pages import NotebookInfo
from app.store import Database

SAMPLE_TITLE = "Sample notebook"


def load_sample_notebook(db: Database) -> OpResult[NotebookInfo]:
    """Import the sample notebook (or find the one imported before: no change)."""
    for book in pages.list_notebooks(db):
        if book.title == SAMPLE_TITLE:
            return OpResult(book)
    with resources.sample_notebook_file() as path:
        imported = pages.import_notebook(db, path, title=SAMPLE_TITLE)
        return OpResult(imported.value, imported.changes)
