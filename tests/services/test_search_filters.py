"""Search filters beside the words: days, tag, habit or practice."""

from __future__ import annotations

from datetime import date

from app.domain.journal.suggestions import SuggestionStatus
from app.services.journal import entries as journal
from app.services.journal import extras, targets
from app.store import CompletionSuggestion, Database, SearchFilter


def suggest(
    db: Database, entry_id: int, habit_id: int, status: SuggestionStatus, words: str = "Ran"
) -> None:
    """A suggestion of ``habit_id`` anchored on ``words``, the entry's first ones."""
    with db.session() as session:
        session.add(
            CompletionSuggestion(
                entry_id=entry_id,
                target_type="habit",
                habit_id=habit_id,
                label=words,
                anchor_start=0,
                anchor_end=len(words),
                anchor_text=words,
                status=status,
            )
        )


def test_filters_narrow_the_words_and_work_without_them(db: Database) -> None:
    days = [date(2026, 10, 30), date(2026, 11, 2), date(2026, 11, 9)]
    ids = [journal.add_entry(db, day, f"Ran by the harbour on {day}.").value.id for day in days]
    extras.add_tag(db, ids[0], "travel")
    extras.add_tag(db, ids[2], "travel")
    running = targets.add_habit(db, "Running").value.id
    suggest(db, ids[1], running, SuggestionStatus.ACCEPTED)
    suggest(db, ids[2], running, SuggestionStatus.DISMISSED)  # not shown by the entry

    def found(text: str, **where: object) -> list[int]:
        hits = journal.search_entries(db, text, where=SearchFilter(**where))  # type: ignore[arg-type]
        return sorted(hit.entry_id for hit in hits)

    assert found("harbour") == ids
    assert found("harbour", start=date(2026, 11, 1)) == ids[1:]
    assert found("harbour", start=date(2026, 11, 1), end=date(2026, 11, 8)) == [ids[1]]
    assert found("harbour", tag="travel") == [ids[0], ids[2]]
    assert found("harbour", target=("habit", running)) == [ids[1]]
    assert found("harbour", tag="travel", end=date(2026, 11, 1)) == [ids[0]]
    assert found("harbour", tag="nowhere") == []
    # no words: what the filter lets through, newest first, with the first words
    hits = journal.search_entries(db, "", where=SearchFilter(tag="travel"))
    assert [h.entry_id for h in hits] == [ids[2], ids[0]]
    assert hits[0].snippet == "Ran by the harbour on 2026-11-09."
    assert journal.search_entries(db, "") == []
    assert journal.list_tags(db) == ["travel"]
