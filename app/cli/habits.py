"""``inkling habit``: the habits and practices you track, and their cue words."""

from __future__ import annotations

from app.services.errors import InvalidInputError
from app.services.journal import cues, learning, targets
from app.services.journal.learning import ProposalInfo
from app.services.views import TargetInfo

from .common import Cli, Commands, Shape


def cmd_habit_add(cli: Cli) -> int:
    a = cli.args
    if a.practice:
        if a.unit is not None:
            raise InvalidInputError("A practice has no unit; it counts sessions.")
        minutes = None
        if a.default_amount is not None:
            if a.default_amount != int(a.default_amount):
                raise InvalidInputError("A practice's default amount is whole minutes.")
            minutes = int(a.default_amount)
        view = targets.add_practice(cli.db, a.name, default_minutes=minutes).value
    else:
        view = targets.add_habit(cli.db, a.name, unit=a.unit, default_amount=a.default_amount).value
    cli.emit(
        {"id": view.id, "target_type": view.target_type, "name": view.name},
        f"Added {view.target_type} {view.id}: {view.name}",
    )
    return 0


TARGET: Shape[TargetInfo] = Shape(
    json=lambda t: {"id": t.id, "target_type": t.target_type, "name": t.name, "unit": t.unit},
    text=lambda t: f"{t.target_type:<8} {t.id:<4} {t.name}" + (f" ({t.unit})" if t.unit else ""),
)


def cmd_habit_list(cli: Cli) -> int:
    items = targets.list_targets(cli.db, include_inactive=cli.args.all)
    TARGET.emit_all(cli, items, empty="No habits or practices yet.")
    return 0


def cmd_habit_cues(cli: Cli) -> int:
    a = cli.args
    target_type = "practice" if a.practice else "habit"
    if a.reset:
        view = cues.set_cues(cli.db, target_type, a.id, None).value
    elif a.set is not None:
        view = cues.set_cues(cli.db, target_type, a.id, a.set.split(",")).value
    else:
        view = cues.get_cues(cli.db, target_type, a.id)
    doc = {
        "target_type": view.target_type,
        "id": view.target_id,
        "name": view.name,
        "cues": list(view.cues),
        "exclude": list(view.exclude),
        "seeded": view.seeded,
    }
    learned = [
        p.phrase
        for p in learning.list_proposals(cli.db, status="accepted")
        if p.kind == "exclude" and (p.target_type, p.target_id) == (target_type, a.id)
    ]
    doc["learned_exclude"] = learned
    origin = "seeded from the name" if view.seeded else "your own"
    text = f"{view.name} ({origin}): " + (", ".join(view.cues) or "none — never read as done")
    if learned:
        text += "\nnot read as done (learned): " + ", ".join(learned)
    cli.emit(doc, text)
    return 0


PROPOSAL: Shape[ProposalInfo] = Shape(
    json=lambda p: {
        "id": p.id,
        "target_type": p.target_type,
        "target_id": p.target_id,
        "name": p.target_name,
        "kind": p.kind,
        "phrase": p.phrase,
        "support": p.support,
        "status": p.status,
    },
    text=lambda p: f"{p.id:<4} {p.question} (seen {p.support} times) [{p.status}]",
)


def cmd_habit_proposals(cli: Cli) -> int:
    a = cli.args
    if a.accept is not None:
        PROPOSAL.emit(cli, learning.accept_proposal(cli.db, a.accept).value)
    elif a.dismiss is not None:
        PROPOSAL.emit(cli, learning.dismiss_proposal(cli.db, a.dismiss).value)
    else:
        items = learning.refresh_proposals(cli.db).value
        PROPOSAL.emit_all(cli, items, empty="Nothing learned to propose yet.")
    return 0


def register(commands: Commands) -> None:
    habit = commands.group("habit", "habits and practices you track")
    p = habit.add("add", cmd_habit_add, "add a habit (or a practice with --practice)")
    p.add_argument("name")
    p.add_argument("--practice", action="store_true", help="a practice (sessions) not a habit")
    p.add_argument("--unit", help="the habit's unit, e.g. oz, pages, km")
    p.add_argument("--default-amount", type=float, help="amount logged when none is written")
    p = habit.add("list", cmd_habit_list, "list habits, then practices")
    p.add_argument("--all", action="store_true", help="include archived and ended ones")
    p = habit.add("cues", cmd_habit_cues, "show or edit the words that show it was done")
    p.add_argument("id", type=int)
    p.add_argument("--practice", action="store_true", help="ID is a practice")
    change = p.add_mutually_exclusive_group()
    change.add_argument(
        "--set", metavar="CUES", help='comma-separated cues, e.g. "pottery, wheel*, glaz*"'
    )
    change.add_argument("--reset", action="store_true", help="back to the seed from the name")
    p = habit.add(
        "proposals",
        cmd_habit_proposals,
        "words learned from your accepts, dismissals and hand-logged completions",
    )
    answer = p.add_mutually_exclusive_group()
    answer.add_argument("--accept", type=int, metavar="ID", help="accept proposal ID")
    answer.add_argument("--dismiss", type=int, metavar="ID", help="dismiss proposal ID")
