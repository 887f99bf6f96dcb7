"""Which names on a page are one person found twice: tagged in the imported file and
found by the names detector (pure matching; the findings themselves stay apart)."""

from __future__ import annotations

from app.domain.notebooks.merged_names import PageName, merge_names, name_key


def test_name_key_joins_line_breaks_and_folds_case_and_accents() -> None:
    assert name_key("Jan Brui-\nma") == name_key("jan bruima") == "jan bruima"
    assert name_key("Ma¬\nrie") == name_key("Marie")
    assert name_key("Józef") == name_key("Jozef")
    assert name_key("Anna") != name_key("Anna Bruima")


def test_the_same_normalised_name_is_merged_wherever_it_stands() -> None:
    tagged = [PageName(1, "anna bruima", ((0, 11),))]
    found = [PageName(7, "anna bruima", ((40, 51),)), PageName(8, "tom", ((60, 63),))]
    assert merge_names(tagged, found) == {1: (7,)}


def test_overlapping_spans_merge_a_name_read_differently() -> None:
    # the file tags "Jan Brui-\nma"; the detector read only "Jan Brui" of it
    tagged = [PageName(1, "jan bruima", ((4, 15),)), PageName(2, "marie", ((30, 36),))]
    found = [PageName(9, "jan brui", ((4, 12),)), PageName(10, "mari", ((30, 34),))]
    assert merge_names(tagged, found) == {1: (9,), 2: (10,)}


def test_a_found_name_joins_the_tagged_name_it_overlaps_most() -> None:
    tagged = [PageName(1, "anna", ((0, 4),)), PageName(2, "bruima", ((5, 11),))]
    found = [PageName(9, "anna bruima", ((0, 11),))]
    assert merge_names(tagged, found) == {1: (), 2: (9,)}  # 6 characters against 4
    tied = [PageName(9, "ab", ((2, 7),))]  # 2 and 2: the tagged name given first
    assert merge_names(tagged, tied) == {1: (9,), 2: ()}


def test_a_same_name_wins_over_an_overlap_and_names_touching_do_not_merge() -> None:
    tagged = [PageName(1, "anna", ((0, 4),)), PageName(2, "tom", ((20, 23),))]
    found = [PageName(9, "tom", ((0, 4),)), PageName(10, "piet", ((4, 8),))]
    assert merge_names(tagged, found) == {1: (), 2: (9,)}


def test_tagged_names_are_never_merged_with_each_other_and_nothing_found_is_no_group() -> None:
    tagged = [PageName(1, "anna", ((0, 4),)), PageName(2, "anna", ((10, 14),))]
    assert merge_names(tagged, []) == {1: (), 2: ()}
    assert merge_names([], [PageName(9, "anna", ((0, 4),))]) == {}
    found = [PageName(9, "anna", ((0, 4),)), PageName(10, "anna", ((10, 14),))]
    assert merge_names(tagged, found) == {1: (9,), 2: (10,)}  # same name: where it overlaps
    assert merge_names(tagged, [PageName(12, "anna", ((30, 34),))]) == {1: (12,), 2: ()}
    assert merge_names(tagged, [PageName(11, "", ())]) == {1: (), 2: ()}
