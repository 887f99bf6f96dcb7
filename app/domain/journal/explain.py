"""Why the reader did or did not propose a candidate: the evidence for ``--explain``.

Pure: it replays the cue-word rules over one entry (the same ``find_cues`` and
``blocked_for`` that ``rules.propose`` uses) and says, for a miss, whether no cue word was
found, which context signal blocked each one, or that a cue passed elsewhere; for a
false hit, which cue word in which words passed every check. The model's dropped hits
(``pipeline.DroppedHit``) carry their own reasons and are added by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.evaluation import overlaps
from app.domain.journal.counts import name_emojis
from app.domain.journal.cues import find_cues, is_abstinence
from app.domain.journal.measures import count_target, deadline, on_time
from app.domain.journal.rules import RuleCandidate, blocked_for, named_person
from app.domain.parsed import ParsedText

PASSED = "passed every context check"
EXCLUDED = "an exclusion phrase covers it"


@dataclass(frozen=True)
class CueVerdict:
    """One match of a candidate's cue word: where, and what the context checks said."""

    cue: str
    start: int
    end: int
    text: str
    reason: str
    """``PASSED``, ``EXCLUDED`` or a ``BlockReason.message``."""

    @property
    def passed(self) -> bool:
        return self.reason == PASSED

    def as_dict(self) -> dict[str, object]:
        return {"cue": self.cue, "text": self.text, "start": self.start, "reason": self.reason}


def cue_verdicts(body: str, parsed: ParsedText, rc: RuleCandidate) -> list[CueVerdict]:
    """Every match of ``rc``'s cue words in text order, each with its verdict."""
    if len(parsed.text) != len(body) or not rc.cues:
        return []
    kept = {(m.first, m.last) for m in find_cues(parsed, rc.cues, rc.exclude)}
    out: list[CueVerdict] = []
    for match in find_cues(parsed, rc.cues):
        start, end = parsed.tokens[match.first].start, parsed.tokens[match.last].end
        if (match.first, match.last) not in kept:
            reason = EXCLUDED
        else:
            block = blocked_for(body, parsed, match, rc.candidate.name)
            reason = PASSED if block is None else block.message
        out.append(CueVerdict(match.cue, start, end, body[start:end], reason))
    return out


def _near(verdicts: Sequence[CueVerdict], span: tuple[int, int]) -> list[CueVerdict]:
    return [v for v in verdicts if overlaps((v.start, v.end), span)]


def explain_miss(
    body: str, parsed: ParsedText | None, rc: RuleCandidate, where: tuple[int, int]
) -> list[str]:
    """Why no hit of ``rc`` landed on ``where`` (the evidence's sentence), in words."""
    name = rc.candidate.name
    if is_abstinence(name):
        return [f"{name} is a habit of not doing something: the rules never read it as done"]
    if not rc.cues:
        return [f"{name} has no cue words"]
    if parsed is None:
        return ["no parse (spaCy unavailable): the rules did not read the entry"]
    verdicts = cue_verdicts(body, parsed, rc)
    shown = ", ".join(rc.cues[:8]) + (", …" if len(rc.cues) > 8 else "")
    if not verdicts:
        return [f"no cue word found (cues: {shown})"]
    reasons: list[str] = []
    here = _near(verdicts, where)
    for v in here:
        if v.passed:
            reasons.append(f"cue \u201c{v.cue}\u201d in \u201c{v.text}\u201d passed the checks")
        else:
            reasons.append(f"cue \u201c{v.cue}\u201d in \u201c{v.text}\u201d blocked: {v.reason}")
    if not here:
        reasons.append(f"no cue word in the evidence's sentence (cues: {shown})")
        reasons += [
            f"elsewhere, cue \u201c{v.cue}\u201d in \u201c{v.text}\u201d: {v.reason}"
            for v in verdicts
        ]
    measured = rc.measured_name
    if count_target(measured) is not None:
        reasons.append(f"{name} is read as a count: the number stated must reach it")
    elif deadline(measured) is not None and any(v.passed for v in here):
        reasons.append(f"{name} has a deadline: no time before it was read near the cue")
    elif on_time(measured) and any(v.passed for v in here):
        reasons.append(f"{name} is done on time: the cue's sentence says it was late")
    elif (person := named_person(name)) is not None and any(v.passed for v in here):
        reasons.append(
            f"{name} reaches {person[0].title()}: the cue's verb may reach someone or "
            "something else"
        )
    return reasons


def explain_hit(
    body: str, parsed: ParsedText | None, rc: RuleCandidate, span: tuple[int, int]
) -> list[str]:
    """Why a hit of ``rc`` on ``span`` was proposed (for a false hit), in words."""
    if parsed is None:
        return ["proposed by the model (no parse to check it against)"]
    verdicts = [v for v in _near(cue_verdicts(body, parsed, rc), span) if v.passed]
    if verdicts:
        return [
            f"cue \u201c{v.cue}\u201d in \u201c{v.text}\u201d passed every context check"
            for v in verdicts[:1]
        ]
    said = body[span[0] : span[1]]
    pictures = [ch for ch in name_emojis(rc.candidate.name) if ch in said]
    if pictures:
        return [f"a log item the name's own picture {pictures[0]} stands for, ticked or measured"]
    if count_target(rc.measured_name) is not None:
        return [f"a number in \u201c{said}\u201d was read as reaching the count"]
    return ["proposed by the model, and it passed the rules' context checks"]
