from app.domain.formats.skipped import Skipped, skipped_json


def test_a_skipped_item_is_reported_on_one_line_without_its_text() -> None:
    report = skipped_json(
        [Skipped("notes/a\nb.md", "", "It has no date."), Skipped("x.json", "entry 3", "No text.")]
    )
    assert report == [
        {"path": "notes/a\\nb.md", "item": "", "reason": "It has no date."},
        {"path": "x.json", "item": "entry 3", "reason": "No text."},
    ]
