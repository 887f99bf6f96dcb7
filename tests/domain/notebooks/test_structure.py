"""Structure first: what the lines of a page show, for poems, to-do lists, lists and
quotations. Written in other words than the eval sets, about the shapes of writing."""

from __future__ import annotations

import pytest

from app.domain.notebooks import PageInput
from app.domain.notebooks.structure import page_lines, read_structure


def _pages(*texts: str) -> list[PageInput]:
    return [PageInput(page_id=10 + i, order=i, text=t) for i, t in enumerate(texts)]


def spans(detector_id: str, *texts: str) -> list[tuple[int, int]]:
    structure = read_structure(detector_id, _pages(*texts))
    assert structure is not None
    return [(u.start, u.end) for u in structure.units]


def candidates(detector_id: str, *texts: str) -> list[int]:
    structure = read_structure(detector_id, _pages(*texts))
    assert structure is not None
    return sorted(structure.candidates)


PROSE = (
    "Thursday. The bus was late and the rain came in sideways, so I stood in the doorway of "
    "the bakery and ate a bun I did not need. Work was work."
)


def test_line_kinds_cover_the_usual_markers() -> None:
    text = "- [ ] a\n* [x] b\n☐ c\n✅ d\n• e\n3) f\n12. g\nTODO: h\nplain"
    kinds = [(line.kind, line.status, line.body) for line in page_lines(text)]
    assert kinds == [
        ("checkbox", "open", "a"),
        ("checkbox", "done", "b"),
        ("checkbox", "open", "c"),
        ("checkbox", "done", "d"),
        ("bullet", None, "e"),
        ("numbered", None, "f"),
        ("numbered", None, "g"),
        ("keyword", None, "h"),
        ("plain", None, "plain"),
    ]


def test_a_todo_keyword_with_a_dash_marks_a_task() -> None:
    text = "TODO - ring the plumber\nTo do – pay the council\nTODO-list app\ntodo: x"
    kinds = [(line.kind, line.body) for line in page_lines(text)]
    assert kinds == [
        ("keyword", "ring the plumber"),
        ("keyword", "pay the council"),
        ("plain", "TODO-list app"),  # a word joined by a hyphen is no marker
        ("keyword", "x"),
    ]


def test_a_checklist_is_a_todo_list_not_a_list_with_items_and_statuses() -> None:
    page = "Errands\n\n- [x] post the parcel\n- [ ] renew the bus pass\n- [ ] buy stamps"
    structure = read_structure("todo_lists", _pages(PROSE, page))
    assert structure is not None
    [unit] = structure.units
    assert (unit.start, unit.end, unit.title) == (1, 1, "Errands")
    assert unit.data["items"] == [
        {"text": "post the parcel", "status": "done"},
        {"text": "renew the bus pass", "status": "open"},
        {"text": "buy stamps", "status": "open"},
    ]
    text = page
    assert [text[a.anchor_start : a.anchor_end] for a in unit.evidence] == [
        "- [x] post the parcel",
        "- [ ] renew the bus pass",
        "- [ ] buy stamps",
    ]
    assert spans("lists", PROSE, page) == []


def test_bullets_of_tasks_are_a_todo_list_bullets_of_things_a_list() -> None:
    tasks = "- ring the plumber\n- email Priya the photos\n- pick up the dry cleaning"
    things = "Camping kit\n- tent pegs\n- head torch\n- spare socks\n- matches"
    method = "Method\n1. Cook the onions slowly\n2. Add the lentils\n3. Put the lid on"
    assert spans("todo_lists", tasks, things, method) == [(0, 0)]
    assert spans("lists", tasks, things, method) == [(1, 1), (2, 2)]


def test_short_unmarked_lines_under_a_heading_are_a_list() -> None:
    page = "Hardware shop\nwood glue\nsandpaper, fine\n40mm screws x20\nwhite paint"
    assert spans("lists", PROSE, page) == [(1, 1)]
    assert spans("poetry", PROSE, page) == []


def test_short_free_verse_without_rhyme_or_title_is_a_poem() -> None:
    poem = "the kettle is the only one\nawake in this house\n\nit says my name\nin steam"
    assert spans("poetry", PROSE, poem, PROSE) == [(1, 1)]


def test_a_poem_goes_on_across_a_page_turn() -> None:
    first = "Harbour\n\nThe boats knock softly at the wall,\nthe ropes creak in the dark,"
    second = "and I am counting every one\nof the lights along the park.\n\nLater I went home."
    structure = read_structure("poetry", _pages(first, second))
    assert structure is not None
    [unit] = structure.units
    assert (unit.start, unit.end, unit.title) == (0, 1, "Harbour")


def test_prose_short_sentences_and_wrapped_prose_are_not_poems() -> None:
    log = "Up at six.\nRan to the river and back.\nWork was fine.\nDinner with Jo."
    wrapped = (
        "I went down to the harbour early today and the\n"
        "light was strange, flat and grey, and nobody was\n"
        "about except the man who sells the papers and he\n"
        "nodded at me as if we had an arrangement of some\n"
        "kind."
    )
    assert spans("poetry", PROSE, log, wrapped) == []


def test_quotation_marks_with_an_attribution_are_a_quotation() -> None:
    block = (
        "From the back of a seed packet:\n\n"
        "“Whoever plants a tree\nwinters under its shade.”\n— a saying my uncle liked"
    )
    inline = 'At dinner Marta said "you always leave the best bit for last" and she was right.'
    structure = read_structure("quotations", _pages(PROSE, block, inline))
    assert structure is not None
    assert [(u.start, u.end) for u in structure.units] == [(1, 1), (2, 2)]
    assert structure.units[0].data["attribution"] == "a saying my uncle liked"
    assert structure.units[0].data["excerpt"] == "Whoever plants a tree winters under its shade."


def test_scare_quotes_titles_and_reported_speech_are_not_sure_quotations() -> None:
    scare = 'The "quick" meeting took two hours. He said the report was late.'
    title = 'We watched "The Long Way Home" again, still good.'
    assert spans("quotations", scare, title) == []
    assert candidates("quotations", scare, title) == [1]  # the model may decide on a title


def test_unmarked_lines_of_tasks_or_under_a_colon_are_lists_not_poems() -> None:
    chores = (
        "jobs for the weekend\nclean out the gutters\nfind the spare key\nreturn the drill to Jo"
    )
    missed = (
        "What I liked about the old job:\nthe walk along the river\nthe people at lunch\nmy desk"
    )
    assert spans("todo_lists", chores, missed) == [(0, 0)]
    assert spans("lists", chores, missed) == [(1, 1)]
    assert spans("poetry", chores, missed) == []


def test_a_block_quote_with_an_attribution_is_a_quotation() -> None:
    page = (
        "From the talk:\n\n> Make the thing you wish existed,\n> then tell someone.\n> — R. Okafor"
    )
    structure = read_structure("quotations", _pages(PROSE, page))
    assert structure is not None
    [unit] = structure.units
    assert (unit.start, unit.data["attribution"]) == (1, "R. Okafor")
    assert read_structure("poetry", _pages(page)).units == []  # type: ignore[union-attr]


def test_a_number_set_apart_by_a_gap_numbers_an_item() -> None:
    text = "Crew for the regatta\n1  Mona Diallo\n2  Pete Szabo\n3  me\n4  Joss"
    kinds = [line.kind for line in page_lines(text)][1:]
    assert kinds == ["numbered"] * 4
    assert spans("lists", text) == [(0, 0)]
    assert page_lines("3.40 am  woke")[0].kind == "plain"  # a time, not an item's number


def test_rows_set_out_in_columns_are_a_list() -> None:
    table = (
        "The hives, spring check\n"
        "Hive 1     queen seen     6 frames brood\n"
        "Hive 2     no queen, requeen by the 20th\n"
        "Hive 3     strong         9 frames\n"
        "Hive 4     chalkbrood     clean the floor\n"
        "Spare supers in the shed: 3"
    )
    assert spans("lists", table) == [(0, 0)]
    three = "pump      ok\nfilter    ok\nmy knees  not so ok\n\nand the river goes on"
    assert spans("lists", three) == []  # three such lines open a poem as often


def test_lines_that_open_with_a_quantity_are_a_list() -> None:
    recipe = (
        "Plov for Friday (10 people)\n"
        "2 kg rice, the long kind\n"
        "1 kg lamb on the bone\n"
        "5 big carrots\n"
        "a head of garlic\n"
        "cumin, salt\n"
        "(soak the rice in the morning)"
    )
    assert spans("lists", recipe) == [(0, 0)]
    assert spans("todo_lists", recipe) == []


def test_an_items_wrapped_note_keeps_one_checklist() -> None:
    page = (
        "Jobs this week\n\n[x] renew the bus pass\n[ ] wire money to Mum\n"
        "      (the app, not the counter, the rate is better)\n[ ] book the dentist\n"
        "[x] return the drill"
    )
    assert spans("todo_lists", page) == [(0, 0)]


def test_a_ticked_list_with_unticked_lines_set_in_stays_one() -> None:
    page = (
        "Friday\n\n ✓ library books back\n    baker — two loaves, a seed cake\n"
        " ✓ ring the garage about the exhaust\n    flowers for the grave — Sunday\n"
        " ✓ pay the paper bill"
    )
    assert spans("todo_lists", page) == [(0, 0)]


VERSE_CREDITED = (
    "Sung at the service, the second verse\n\n"
    "      Guide me through the rolling river,\n"
    "         Bring me safely to the shore;\n"
    "      Strong deliverer, strong deliverer,\n"
    "         Be thou still my strength and shield.\n\n"
    "   Words — a Methodist minister, 1745\n\n"
    "We sang it too slow, as always."
)


def test_a_stanza_of_four_lines_set_in_and_credited_is_a_poem_and_a_quotation() -> None:
    assert spans("quotations", VERSE_CREDITED) == [(0, 0)]
    assert spans("poetry", VERSE_CREDITED) == [(0, 0)]


def test_two_lines_set_in_and_credited_are_a_quotation_not_a_poem() -> None:
    page = (
        "Her saying, written on the fridge\n\n"
        "      Slow water wears the stone,\n"
        "      slow hands make the bread.\n\n"
        "   — my grandmother, always\n\n"
        "She said it about everything."
    )
    assert spans("quotations", page) == [(0, 0)]
    assert spans("poetry", page) == []


def test_verse_in_another_language_copied_in_two_stanzas_is_a_poem_and_a_quotation() -> None:
    page = (
        "Copied from the songbook Aunt Lidia left, so the children learn it.\n\n"
        "        Ulu tana ulu rawa,\n"
        "        ama lino senga lai,\n"
        "        teka wolo tana jawa\n"
        "        ine lere mai.\n\n"
        "        Rera wula nanga kota,\n"
        "        bapa ngere pake wai\n"
        "        kami sama soba sota\n"
        "        tana lewo nai.\n\n"
        "                — an old song of the island, as Lidia sang it\n\n"
        "They laughed at my accent but they sang."
    )
    assert spans("poetry", page) == [(0, 0)]
    assert spans("quotations", page) == [(0, 0)]


def test_an_aside_in_brackets_ends_a_poem_at_its_page() -> None:
    poem = (
        "Bus, 6 pm\n\nThe window fogs with someone's breath,\nthe driver hums a song of death,\n"
        "a girl in green is fast asleep\nand dreams of something she can keep.\n\n"
        "The lights go by like tired eyes,\nthe city lies and lies and lies,\n"
        "and I get off at Elm and Third\nwithout a single spoken word.\n\n"
        "      (the last line is weak. leaving it)"
    )
    notes = 'things overheard this week\n\nA man at the bakery: "Bread is just patience."'
    assert spans("poetry", poem, notes) == [(0, 0)]


def test_a_checklist_that_runs_on_over_a_page_is_one_list() -> None:
    first = "THIS WEEK\n- [x] hand in the lab report\n- [ ] email the tutor\n- [ ] pay the fine"
    second = "- [ ] flashcards for the quiz\n- [x] return the stethoscope\n\nWed. Long day."
    assert spans("todo_lists", first, second) == [(0, 1)]


def test_a_checklist_ending_mid_page_stays_on_its_page() -> None:
    first = "THIS WEEK\n- [x] hand in the lab report\n- [ ] email the tutor\n\nThen a long day."
    second = "- [ ] flashcards for the quiz\n- [x] return the stethoscope"
    assert spans("todo_lists", first, second) == [(0, 0), (1, 1)]


def test_lines_under_a_heading_that_names_a_list_are_a_list() -> None:
    page = (
        "SHOPPING — market, + the Chinese shop for the ginger\n"
        "yam (yellow) 2lb\ngreen banana x6\nsaltfish 1lb\nhot pepper sauce\n"
        "rice 5kg if it is on offer\ncarrot, nutmeg, condensed milk (for the punch)"
    )
    assert spans("lists", page) == [(0, 0)]


def test_a_recipe_keeps_its_list_when_one_item_runs_long() -> None:
    recipe = (
        "RICE & PEAS (Sunday)\n"
        "1 tin red kidney beans (or 1 cup of dry beans, soaked overnight in cold water)\n"
        "2 cups rice, wash it good\n1 tin coconut milk\n4 sprig thyme\n6 pimento seed\n"
        "2 clove garlic crush\n1 knob butter"
    )
    assert spans("lists", recipe) == [(0, 0)]


SONG_COPIED = (
    "copied from Tomás's notebook — a song his grandmother sang in Cork:\n\n"
    "Siúil, a rún, go dtí an cnoc,\n"
    "mo ghrá go deo, is mé i mo chónaí,\n"
    "ní fheicim thú ar maidin,\n"
    "is fada liom an oíche.\n\n"
    "Siúil, a rún, thar an sliabh,\n"
    "mo chroí istigh á bhriseadh,\n"
    "tar ar ais chugam arís,\n"
    "is beidh mé anseo ag fanacht.\n\n"
    "(he says it is about leaving. everything is.)"
)


def test_a_copied_song_in_another_language_is_a_poem_and_a_quotation_not_a_list() -> None:
    assert spans("poetry", SONG_COPIED) == [(0, 0)]
    assert spans("quotations", SONG_COPIED) == [(0, 0)]
    assert spans("lists", SONG_COPIED) == []


def test_lines_opened_by_one_word_and_a_number_are_a_list() -> None:
    page = (
        "Sunday 3rd, chapel at 10\n"
        "Hymns:\n"
        " H&P 215 — Love divine (for Mrs Okonkwo, who asked last week for it again)\n"
        " H&P 48 — The day thou gavest, all four verses, slowly please\n"
        " ~~H&P 9 — Abide with me~~ too sad for a morning service\n"
        " H&P 332 — Be thou my vision\n"
        "Ps 23 said together.\n"
        "Print thirty sheets, large type."
    )
    assert spans("lists", page) == [(0, 0)]


def test_a_log_of_times_is_no_list_of_numbered_items() -> None:
    log = "06:10 woke\n06:40 walked the dog to the river and back\n07:30 bus\n08:00 work"
    assert spans("lists", log) == []


# The ninth held-out notebook round: a hymn "copied out … from" a book, with its title and
# stanzas; a mark sheet set out with dot leaders.
HYMN_COPIED = (
    "Copied out for the harvest supper, from Gran's old hymn book:\n"
    "\n"
    "All Things Bright (words C. F. Alexander)\n"
    "\n"
    "All things bright and beautiful,\n"
    "All creatures great and small,\n"
    "All things wise and wonderful,\n"
    "The Lord God made them all.\n"
    "\n"
    "Each little flower that opens,\n"
    "Each little bird that sings,\n"
    "He made their glowing colours,\n"
    "He made their tiny wings."
)


def test_a_passage_copied_out_from_a_book_is_a_quotation_with_its_stanzas() -> None:
    assert spans("quotations", HYMN_COPIED) == [(0, 0)]


def test_rows_set_out_with_dot_leaders_are_a_list() -> None:
    page = (
        "Spelling test, Friday — out of 20\n"
        "Amara Obi ........ 18 good\n"
        "Luca Rossi ....... 12 (retest Monday, ask his dad to help at home)\n"
        "Wiktoria Nowak ... 20 full marks again\n"
        "Ben Carter ....... absent\n"
        "Average about sixteen, better than last week."
    )
    assert spans("lists", page) == [(0, 0)]


BIRTHDAYS = (
    "BIRTHDAYS — don't forget!!\n"
    "Jan 9 — Hamza (nephew) 2004\n"
    "Mar 2 — Leila, ring her in the morning, they are eight hours ahead of us in winter\n"
    "Jun 17 — Uncle Sami, card by the end of May!! airmail takes three weeks now\n"
    "Sep 30 — the twins, Adam & Yara\n"
    "Dec 1 — Mona"
)
INGREDIENTS = (
    "LENTIL SOUP — the big pot, for the freezer\n\n"
    "2 cups red lentils, rinsed three times until the water runs clear\n"
    "1 big onion, chopped fine\n"
    "salt, cumin, a squeeze of lemon at the end\n"
    "3 carrots grated — the small ones from the market are sweeter, not the bag\n"
    "olive oil for the top"
)
WEIGH_IN = (
    "WEIGH-IN Tues (kg, dressed)\n"
    "Jamie Reid .......... 51.2  fly, bang on\n"
    "Arjun Patel ......... 60.8  0.8 over — skip the chippy, son, and get the skipping rope out\n"
    "Marek Zielinski ..... 63.9\n"
    "Ola Adeyemi ......... 92.5  heavy, needs a proper sparring partner, ring Possil\n"
    "Scale needs a new battery."
)


@pytest.mark.parametrize("page", [BIRTHDAYS, INGREDIENTS, WEIGH_IN])
def test_rows_a_date_a_quantity_or_columns_open_are_a_list_though_their_notes_run_long(
    page: str,
) -> None:
    assert spans("lists", page) == [(0, 0)]
    assert spans("todo_lists", page) == []  # birthdays under "don't forget" are no tasks
    assert spans("poetry", page) == []


PAY_ROWS = (
    "12/3 — Crew, day rate / start date\n"
    "  Kofi Mensah — foreman — £140/day — since 2019 (keys to the van)\n"
    "  Daria Lis — 2nd fix — £120/day — very tidy\n"
    "  Tomasz — labourer — £95/day — strong, slow\n"
    "  Wes (Gary's lad) — trial week, ~~no pay~~ lunches only\n"
)


def test_rows_each_parted_by_dashes_are_a_list() -> None:
    assert spans("lists", PAY_ROWS) == [(0, 0)]
    assert spans("lists", "Rain again — no work — home by two. Tea, telly — bed.") == []


CREDITED_ABOVE = (
    "Sunday — Grandad's service. Hymn 412, Guide Me O — Williams. We sang it loud:\n\n"
    "    Guide me, O thou great Redeemer,\n"
    "    Pilgrim through this barren land;\n"
    "    I am weak, but thou art mighty,\n"
    "    Hold me with thy powerful hand.\n\n"
    "(the organ gave out on the last line, we finished without it)"
)


def test_lines_set_in_under_a_line_that_credits_them_are_a_quotation() -> None:
    assert spans("quotations", CREDITED_ABOVE) == [(0, 0)]
    own = "Things to think about:\n\n    the boiler\n    the car insurance\n    Mam's birthday\n"
    assert spans("quotations", own) == []


TUNE_SETS = (
    "Session, Tues\n"
    "REELS\n"
    "1. The Sally Gardens / The Silver Spear\n"
    "2. The Mountain Road / Drowsy Maggie\n"
    "JIGS\n"
    "3. The Kesh / Out on the Ocean\n"
    "4. Morrison's / The Butterfly\n"
)
SECTIONS = (
    "Gig, Sat\n"
    "First set\n"
    " - Jigs: The Kesh / Morrison's\n"
    " - Air: Port na bPúcaí\n"
    "Second set\n"
    " - Reels: The Mountain Road / Drowsy Maggie\n"
    " - Song: Sliabh na mBan\n"
)


@pytest.mark.parametrize("page", [TUNE_SETS, SECTIONS])
def test_a_list_in_sections_under_short_headings_is_one_list(page: str) -> None:
    assert spans("lists", page) == [(0, 0)]


def test_numbered_runs_that_start_again_are_read_as_lists_of_one_page() -> None:
    """Two runs numbered from one ("Shop", then "Chemist") are both read, and the page
    holds one finding of their five items, as a page's lists are one finding."""
    page = "Shop\n1. milk\n2. eggs\n3. bread\nChemist\n1. plasters\n2. paracetamol\n"
    [unit] = read_structure("lists", _pages(page)).units  # type: ignore[union-attr]
    assert (unit.start, unit.end) == (0, 0)
    assert unit.data["item_count_estimate"] == 5
    assert len(unit.evidence) == 5


CREDITED_UNDER = (
    "Brought one old poem for the club:\n\n"
    "the old pond\n"
    "a frog leaps in\n"
    "the sound of the water\n\n"
    "— Bashō, from a library book, translator unknown\n\n"
    "Everybody had a different version of it."
)


def test_verse_right_above_a_dash_credit_by_name_is_a_quotation() -> None:
    assert spans("quotations", CREDITED_UNDER) == [(0, 0)]
    signed = "the kettle ticks\nas it cools in the dark\nof the spare room\n\n— me, 3am"
    assert spans("quotations", signed) == []  # the writer's own, signed


@pytest.mark.parametrize(
    "credit",
    [
        "   — Kabir, 15th c., as my teacher sings it",  # set in under the verse
        "— trad., the way my grandfather sang it",  # credited to no one by name
    ],
)
def test_verse_above_a_credit_set_in_or_to_no_one_by_name_is_a_quotation(credit: str) -> None:
    page = (
        "Copied out for the class:\n\n"
        "the river asks nothing\n"
        "of the stones it passes\n"
        "and the stones ask nothing back\n\n"
        f"{credit}\n\n"
        "We read it twice before warm-up."
    )
    assert spans("quotations", page) == [(0, 0)]


def test_a_dash_line_far_to_the_right_under_verse_signs_it() -> None:
    page = (
        "the bag still swinging\nwhere you left it\nnobody has touched it\n\n"
        "                        — Coach\n"
    )
    assert spans("quotations", page) == []


def test_a_line_set_in_under_verse_with_no_gap_is_no_credit() -> None:
    page = "the kettle ticks\nas it cools in the dark\n   — and i wait for it\nof the spare room\n"
    assert spans("quotations", page) == []


def test_a_list_row_opened_by_a_hyphen_is_no_credit() -> None:
    page = "Standup, Tues\nWho came:\nthe two new starters\nand the intern\n- Budget is flat, ok.\n"
    assert spans("quotations", page) == []


def test_a_struck_word_opening_a_line_of_verse_is_no_credit() -> None:
    page = (
        "Mine, from the bus:\n\n"
        "first frost —\n"
        "~~the glass~~ a hand on the window\n"
        "to feel it go\n\n"
        "puddles at the stop\n"
        "all of us looking\n"
        "at our own feet\n"
    )
    assert spans("poetry", page) == [(0, 0)]


def test_a_checklist_in_sections_under_headings_is_one_todo_list() -> None:
    page = (
        "TO DO — the christening\n"
        "\n"
        "CHURCH\n"
        "[✓] book the hall\n"
        "[ ] ask Father Ben about the date\n"
        "[ ] flowers\n"
        "\n"
        "PARTY\n"
        "[ ] cake from the bakery\n"
        "[ ] chairs from the neighbours"
    )
    assert spans("todo_lists", page) == [(0, 0)]


def test_things_with_how_many_of_each_are_a_list() -> None:
    page = (
        "Instruments (the cupboard + my flat)\n"
        " drums ×3   (1 skin torn, the big one)\n"
        " tambourines ×4 — #2 at Rosa's for home practice\n"
        " shakers ×5, 2 broken\n"
        " guitar ×1 — the old one, strings need changing\n"
        " bells ×2"
    )
    assert spans("lists", page) == [(0, 0)]


def test_a_todo_heading_with_a_note_in_brackets_still_heads_its_checklist() -> None:
    page = (
        "TO DO — the christening\n"
        "(Sat 12th, 11am, the church hall, then ours)\n"
        "\n"
        "CHURCH\n"
        "[✓] book the hall\n"
        "[ ] flowers\n"
        "\n"
        "PARTY\n"
        "[ ] cake from the bakery"
    )
    assert spans("todo_lists", page) == [(0, 0)]


def test_verse_copied_in_its_script_and_romanised_is_a_poem_not_prose() -> None:
    page = (
        "Copied from Nani's prayer book so the boys can read it too.\n\n"
        "ਸਤਿ ਨਾਮੁ ਕਰਤਾ ਪੁਰਖੁ ਨਿਰਭਉ ਨਿਰਵੈਰੁ ਅਕਾਲ ਮੂਰਤਿ\n"
        "ਅਜੂਨੀ ਸੈਭੰ ਗੁਰ ਪ੍ਰਸਾਦਿ ਜਪੁ ਆਦਿ ਸਚੁ ਜੁਗਾਦਿ ਸਚੁ\n"
        "ਹੈ ਭੀ ਸਚੁ ਨਾਨਕ ਹੋਸੀ ਭੀ ਸਚੁ\n\n"
        "sat naam kartaa purakh nirbhau nirvair akaal moorat\n"
        "ajoonee saibhan gur prasaad jap aad sach jugaad sach\n"
        "hai bhee sach naanak hosee bhee sach\n\n"
        "The boys said it twice before bed and then argued about football."
    )
    assert spans("poetry", page) == [(0, 0)]


def test_english_paragraphs_on_a_page_with_a_credit_stay_prose() -> None:
    page = (
        "      Slow water wears the stone,\n"
        "      slow hands make the bread.\n\n"
        "   — my grandmother\n\n"
        "She said it at the sink and at the oven and at the\n"
        "bus stop, to anyone who would stand still long enough\n"
        "to hear it, and most of them did stand still.\n\n"
        "Later the bakery on the corner closed and we bought\n"
        "our bread at the big shop like everybody else in the\n"
        "street, and she never said it about that bread."
    )
    assert spans("poetry", page) == []


HYMN_WITH_A_NOTE_UNDER_ITS_CREDIT = (
    "Sunday. I copy the hymn here for the children.\n\n"
    "     Abide with me; fast falls the eventide;\n"
    "       The darkness deepens; Lord, with me abide.\n"
    "     When other helpers fail and comforts flee,\n"
    "       Help of the helpless, O abide with me.\n\n"
    "              — Henry F. Lyte, 1847\n"
    "                (the words from grandmother's old book)\n\n"
    "The keyboard needs a new cable before Sunday."
)


def test_verse_credited_with_a_note_under_the_credit_is_a_poem_and_a_quotation() -> None:
    assert spans("poetry", HYMN_WITH_A_NOTE_UNDER_ITS_CREDIT) == [(0, 0)]
    assert spans("quotations", HYMN_WITH_A_NOTE_UNDER_ITS_CREDIT) == [(0, 0)]


def test_a_labelled_column_of_things_is_no_poem() -> None:
    page = (
        "Buy:   3 balls of cotton, white\n"
        "       a new crochet hook\n"
        "       pins, the long ones\n"
        "       ribbon for the christening gown\n"
        "       glue for the frame"
    )
    assert spans("poetry", page) == []


def test_rows_each_parted_by_a_dash_are_a_list() -> None:
    page = (
        "Who paid for the raffle tickets (so I remember)\n"
        "Mrs Zammit — 2 books, she paid in coins ........ €10 ✓\n"
        "the Farrugias — 1 book, the rest after the festa\n"
        "Rosanne at the kiosk — 3 books, gave me €20 and kept the change\n"
        "Is-Sur Bonello — 1 book for his wife ........ €5 ✓\n"
        "Jake, the English man at the bay — 2 books, owes\n"
        "                                  TOTAL so far   €35"
    )
    assert spans("lists", page) == [(0, 0)]


def test_runs_of_items_under_headings_with_notes_in_brackets_are_one_list() -> None:
    page = (
        "GARDEN — what we have\n"
        "seeds\n"
        " - long beans ........ 1 jar\n"
        " - bitter melon ...... 2 pkt\n"
        " - mustard greens .... 4 pkt\n"
        "starts  (on the sill, under the grow light from church)\n"
        " - tomato ............ 18\n"
        " - eggplant .......... 24\n"
        " - lemongrass ........ 3"
    )
    assert spans("lists", page) == [(0, 0)]


def test_long_rows_set_out_with_leaders_are_a_list() -> None:
    page = (
        "PRESERVES — to give out at the harvest supper\n"
        "\n"
        "  apricot (the old tree) .......... ×4 → the twins 2, the vicar 1, Ann 1\n"
        "  damson ....................... ×3 → the choir raffle 2, the neighbour 1\n"
        "  green tomato chutney ......... ×2 → Dr Hale, the plant stall\n"
        "  quince jelly ................. ×5 → the school fair 3, kept back 2\n"
        "\n"
        "fourteen in all, two fewer than last year."
    )
    assert spans("lists", page) == [(0, 0)]


def test_an_aside_in_brackets_under_a_heading_makes_no_todo_list() -> None:
    page = (
        "Who bought jam this year  (so I don't forget who owes)\n"
        " the Hales — 2 jars apricot ........ £8 ✓\n"
        " the vicar — 1 jar damson .......... £4\n"
        " Mrs Okoro — 3 jars quince ......... £12 ✓\n"
        " the school fair — 6 jars .......... £20 ✓"
    )
    assert spans("todo_lists", page) == []
    assert spans("lists", page) == [(0, 0)]


def test_two_headed_lists_on_one_page_are_one_finding() -> None:
    page = (
        "HARVEST — starts Monday\n"
        "☐ pickers for the lower field\n"
        "☑ scrub the drying tables\n"
        "☐ 20 new sacks from the co-op\n"
        "\n"
        "AUCTION — Sunday after church\n"
        "☑ list of who gives what\n"
        "☐ ask the pastor about the choir\n"
        "☐ receipts for the bidders"
    )
    [todo] = read_structure("todo_lists", _pages(page)).units  # type: ignore[union-attr]
    assert (todo.start, todo.end) == (0, 0)
    assert len(todo.data["items"]) == 6


def test_a_table_of_long_rows_in_columns_is_a_list_not_a_poems_stanza() -> None:
    poem = "the flock goes up\nthe snow goes down\nthe dogs run ahead\nand I am slow"
    table = (
        "OLD FAMILIES that went up with the flocks\n"
        "(what my uncle remembers, he is 91)\n"
        "\n"
        " family            winter (lowland)        summer (village)     sheep\n"
        " Bazou             Kalabaka plain          Samarina              1100\n"
        " Tsoumanis         Kalabaka plain          Metsovo                400\n"
        " Zygouris          Larisa side             Perivoli               700\n"
        " Papas             Farsala                 Samarina               900"
    )
    assert spans("lists", poem, table) == [(1, 1)]
    assert spans("poetry", poem, table) == [(0, 0)]


def test_verse_under_a_line_that_credits_its_words_is_a_quotation() -> None:
    page = (
        "I copy the old song for the school project.\n"
        "\n"
        "            THE SHEPHERDS' SONG\n"
        "          words by Ianache Goga\n"
        "\n"
        "   Up the mountain with the flock we go,\n"
        "   under the pines where the cold winds blow,\n"
        "   brothers of one mother, of one word,\n"
        "   we keep the tongue our fathers heard."
    )
    assert spans("quotations", page) == [(0, 0)]


def test_a_line_by_someone_over_prose_is_no_quotation() -> None:
    page = "Music by the band was loud all night.\nWe left early and walked home."
    assert spans("quotations", page) == []


def test_a_poem_signed_off_is_not_carried_on_by_the_next_pages_heading() -> None:
    poem = (
        "          THE MILL\n"
        "\n"
        "    Forty years she turned the grain,\n"
        "    she hummed all night by the river,\n"
        "    and the sky over the weir was white.\n"
        "\n"
        "    Now the swallows sit on her wheel\n"
        "    and I sit on the bench,\n"
        "    and she looks at me.\n"
        "\n"
        "                          J.B. June 2024"
    )
    todo = (
        "TO DO for the fair\n"
        "\n"
        "MARKET STALL, Saturday from 7\n"
        "  ☑ wash the trestles\n"
        "  ☐ ask Pieter for the van\n"
        "  ☐ new price cards"
    )
    assert spans("poetry", poem, todo) == [(0, 0)]


def test_a_song_and_its_english_under_it_are_one_poem() -> None:
    page = (
        "At the club the old man sang the miners' song and I wrote it, then my English.\n"
        "\n"
        "      LI TCHANSON DÈS MINEÛS\n"
        "\n"
        "      Dju m' va al fosse å matin,\n"
        "      dju m' ritoûne al nut tot noer,\n"
        "      li fosse est mâle po nos ôtes,\n"
        "      li nut est douce po l' coûr.\n"
        "\n"
        "      Va, va, mi p'tit mineû,\n"
        "      li clokî t' ratind.\n"
        "\n"
        "                — words by Monsieu Djan Piron, Liège 1930\n"
        "\n"
        "      I go down to the pit in the morning,\n"
        "      I come home in the night all black,\n"
        "      the pit is hard on us,\n"
        "      the night is soft on the heart.\n"
        "\n"
        "      Go, go, my little miner,\n"
        "      the church tower waits for you.\n"
        "\n"
        "He cried a bit at the end. Me also."
    )
    assert spans("poetry", page) == [(0, 0)]


def test_a_saying_credited_to_a_grandparent_by_kinship_is_a_quotation() -> None:
    page = (
        "When I rushed the work he used to say:\n"
        "\n"
        "     'A wall does not care how fast you laid it.\n"
        "      A wall only asks if you laid it straight.'\n"
        "               — my grandfather Anton Weber of Kiel\n"
        "                 (he said it in German, shorter, this is the sense)\n"
        "\n"
        "God keep him."
    )
    assert spans("quotations", page) == [(0, 0)]


def test_a_poem_going_on_mid_sentence_over_the_page_is_one_poem() -> None:
    first = (
        "it is a cold that has corners\n"
        "a cold that stands in the bus shelter\n"
        "with its hands in its pockets\n"
        "\n"
        "it is a cold that"
    )
    second = "learns your name.\n\nand still\nwhen the bus comes\nI am so grateful\nit frightens me"
    assert spans("poetry", first, second) == [(0, 1)]
