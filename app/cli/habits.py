"""``inkling habit``: the habits and practices you track, and their cue words."""

from __future__ import annotations

from app.services.errors import InvalidInputError
from app.services.journal import cues, targets
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
    origin = "seeded from the name" if view.seeded else "your own"
    text = f"{view.name} ({origin}): " + (", ".join(view.cues) or "none — never read as done")
    cli.emit(doc, text)
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
