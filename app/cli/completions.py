"""``inkling suggestion`` and ``inkling completion``: review what the model proposed, and
the completions of habits and practices (accepted suggestions, or logged by hand)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from app import clock
from app.domain.journal.suggestions import SuggestionStatus
from app.services.journal import completions, suggestions
from app.services.views import CompletionInfo, SuggestionInfo

from .common import Cli, Commands, Shape, day


def _suggestion_json(s: SuggestionInfo) -> dict[str, Any]:
    doc = asdict(s)
    doc["completed_on"] = s.completed_on.isoformat() if s.completed_on else None
    return doc


def _suggestion_line(s: SuggestionInfo) -> str:
    facts = []
    if s.completed_units is not None:
        facts.append(f"amount {s.completed_units:g}")
    if s.completed_on is not None:
        facts.append(f"on {s.completed_on.isoformat()}")
    extra = f" ({', '.join(facts)})" if facts else ""
    return (
        f"#{s.id:<4} {s.status:<9} {s.target_name} [{s.target_type}] "
        f"entry {s.entry_id} @{s.anchor_start}-{s.anchor_end}: \u201c{s.anchor_text}\u201d{extra}"
    )


SUGGESTION: Shape[SuggestionInfo] = Shape(json=_suggestion_json, text=_suggestion_line)


def cmd_suggestion_list(cli: Cli) -> int:
    items = suggestions.list_suggestions(cli.db, entry_id=cli.args.entry, status=cli.args.status)
    SUGGESTION.emit_all(cli, items, empty="No suggestions.")
    return 0


def cmd_suggestion_accept(cli: Cli) -> int:
    result = suggestions.accept_suggestion(cli.db, cli.args.id)
    done = "Accepted" if not result.changes.empty else "Already accepted:"
    SUGGESTION.emit(cli, result.value, before=f"{done} ")
    return 0


def cmd_suggestion_dismiss(cli: Cli) -> int:
    result = suggestions.dismiss_suggestion(cli.db, cli.args.id)
    done = "Dismissed" if not result.changes.empty else "Already dismissed:"
    SUGGESTION.emit(cli, result.value, before=f"{done} ")
    return 0


COMPLETION: Shape[CompletionInfo] = Shape(
    json=lambda c: {
        "target_type": c.target_type,
        "target_id": c.target_id,
        "day": c.day.isoformat(),
        "amount": c.amount,
        "suggestion_id": c.suggestion_id,
    },
    text=lambda c: (
        f"{c.day.isoformat()} {c.target_type} {c.target_id}"
        + (f" amount {c.amount:g}" if c.amount is not None else "")
        + (f" (suggestion {c.suggestion_id})" if c.suggestion_id else " (by hand)")
    ),
)


def cmd_completion_list(cli: Cli) -> int:
    COMPLETION.emit_all(cli, completions.list_completions(cli.db), empty="No completions yet.")
    return 0


def cmd_completion_log(cli: Cli) -> int:
    kind = "practice" if cli.args.practice else "habit"
    view = completions.log_completion(
        cli.db, kind, cli.args.target_id, cli.args.date or clock.today(), amount=cli.args.amount
    ).value
    cli.emit(
        {"target_type": view.target_type, "target_id": view.target_id, "day": view.day.isoformat()},
        f"Logged {view.target_type} {view.target_id} on {view.day.isoformat()}",
    )
    return 0


def register(commands: Commands) -> None:
    suggestion = commands.group("suggestion", "review what the model proposed")
    p = suggestion.add("list", cmd_suggestion_list, "list suggestions")
    p.add_argument("--entry", type=int)
    p.add_argument("--status", choices=[s.value for s in SuggestionStatus])
    suggestion.add("accept", cmd_suggestion_accept, "accept and log the completion").add_argument(
        "id", type=int
    )
    suggestion.add("dismiss", cmd_suggestion_dismiss, "dismiss a suggestion").add_argument(
        "id", type=int
    )

    completion = commands.group("completion", "completions of habits and practices")
    completion.add("list", cmd_completion_list, "list completions")
    p = completion.add("log", cmd_completion_log, "log a completion by hand")
    p.add_argument("target_id", type=int)
    p.add_argument("--practice", action="store_true")
    p.add_argument("--date", type=day, help="YYYY-MM-DD (default: today)")
    p.add_argument("--amount", type=float)
