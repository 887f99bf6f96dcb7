"""The language of a text with the real py3langid model."""

from __future__ import annotations

from app.nlp.language import detect_language, language_name, other_language


def test_texts_long_enough_get_their_language() -> None:
    assert detect_language("Eigenlijk was het een rustige dag. Toen ik thuis kwam zag ik") == "nl"
    assert detect_language("Dziś byłam na basenie i przepłynęłam trzydzieści długości.") == "pl"
    assert other_language("Hoy fui a nadar al río y luego cociné para toda la familia.") == "es"
    assert language_name("nl") == "Dutch"


def test_english_and_short_or_unsure_texts_are_not_another_language() -> None:
    assert other_language("Went for a long walk by the river and then cooked dinner.") is None
    for terse in ("no run. knee.", "gym. legs. 5x5 squat 80kg.", "deel I", "Tired.", ""):
        assert other_language(terse) is None
    # English-lexified Nigerian Pidgin is read as English, not skipped.
    assert (
        other_language("Rang my mum for an hour this evening. Sunny for once, thank God!") is None
    )
