"""People findings from PERSON mentions."""

from __future__ import annotations

import pytest

from app.domain.notebooks import EvidenceAnchor, PersonMention, finding_tag, people_findings
from app.domain.notebooks.people import joined_name


def _mentions(text: str, names: list[str]) -> list[PersonMention]:
    out: list[PersonMention] = []
    pos = 0
    for name in names:
        start = text.index(name, pos)
        out.append(PersonMention(start, start + len(name), name))
        pos = start + len(name)
    return out


def test_group_count_name_samples_and_order() -> None:
    text = "Zoe met Anna. Later ANNA and Zoe and anna and  Bob."
    mentions = _mentions(text, ["Zoe", "Anna", "ANNA", "Zoe", "anna"])
    mentions.reverse()  # input order does not matter; text order does
    findings = people_findings(2, 20, mentions)
    assert [f.data["tag_slug"] for f in findings] == ["anna", "zoe"]
    anna, zoe = findings
    assert (anna.finding_type, anna.start, anna.end, anna.confidence) == ("names", 2, 2, 1.0)
    assert anna.reason == "PERSON: Anna (x3)"
    assert dict(anna.data) == {
        "name": "Anna",
        "tag_slug": "anna",
        "count": 3,
        "samples": ["Anna", "ANNA", "anna"],
    }
    assert anna.title == "Anna"
    assert [e.anchor_text for e in anna.evidence] == ["Anna", "ANNA", "anna"]
    for e in anna.evidence:
        assert e.page_id == 20
        assert text[e.anchor_start : e.anchor_end] == e.anchor_text
    assert zoe.reason == "PERSON: Zoe (x2)"
    assert finding_tag("names", anna.data) == ("anna", "Anna")


def test_single_mention_has_no_count_suffix_and_whitespace_is_normalised() -> None:
    text = "Dear  Anna   Karenina,"
    start = text.index("Anna")
    findings = people_findings(0, 1, [PersonMention(start, start + 15, "Anna   Karenina")])
    assert len(findings) == 1
    assert findings[0].reason == "PERSON: Anna Karenina"
    assert findings[0].data["tag_slug"] == "anna karenina"
    assert findings[0].evidence == (EvidenceAnchor(1, 6, 21, "Anna   Karenina"),)
    assert text[6:21] == "Anna   Karenina"


def test_samples_capped_at_eight_and_blank_mentions_ignored() -> None:
    spellings = ["Anna", "ANNA", "anna", "aNNA", "AnNa", "ANna", "anNA", "AnnA", "aNna", "ANNa"]
    mentions = [PersonMention(i * 10, i * 10 + 4, s) for i, s in enumerate(spellings)]
    mentions.append(PersonMention(200, 202, "  "))
    findings = people_findings(0, 1, mentions)
    assert len(findings) == 1
    assert findings[0].data["count"] == 10
    assert findings[0].data["samples"] == spellings[:8]
    assert len(findings[0].evidence) == 10


def test_no_mentions_no_findings() -> None:
    assert people_findings(0, 1, []) == []


@pytest.mark.parametrize(
    ("verbatim", "joined"),
    [
        ("Brui-\nma", "Bruima"),
        ("Brui- \n ma", "Bruima"),
        ("Brui¬\nma", "Bruima"),
        ("Brui\u00ad\nma", "Bruima"),
        ("Brui\u00adma", "Bruima"),
        ("Anna-\nMaria", "Anna-Maria"),
        ("Mary\nShelley", "Mary Shelley"),
        ("Jan  Smit", "Jan Smit"),
    ],
)
def test_names_split_across_lines_are_joined(verbatim: str, joined: str) -> None:
    assert joined_name(verbatim) == joined


def test_a_split_name_is_one_finding_whose_evidence_stays_verbatim() -> None:
    text = "Brui-\nma came; later Bruima left."
    mentions = [PersonMention(0, 8, text[0:8]), PersonMention(21, 27, text[21:27])]
    [finding] = people_findings(0, 7, mentions)
    assert (finding.title, finding.data["count"]) == ("Bruima", 2)
    assert [e.anchor_text for e in finding.evidence] == ["Brui-\nma", "Bruima"]


def test_titles_written_before_a_name_are_kept_beside_it_not_in_it() -> None:
    text = "Dr. Okafor came, then Okafor left; Aunty Ngozi stayed."
    mentions = [
        PersonMention(4, 10, "Okafor", "Dr."),
        PersonMention(22, 28, "Okafor"),
        PersonMention(41, 46, "Ngozi", "Aunty"),
    ]
    assert all(text[m.start : m.end] == m.text for m in mentions)
    ngozi, okafor_finding = people_findings(0, 1, mentions)  # ordered by slug
    assert okafor_finding.title == "Okafor"
    assert okafor_finding.data["titles"] == ["Dr."]
    assert ngozi.data["name"] == "Ngozi"
    assert ngozi.data["titles"] == ["Aunty"]
    [plain] = people_findings(0, 1, [PersonMention(22, 28, "Okafor")])
    assert "titles" not in plain.data
