"""Deterministic completion proposals: cue words read in context.

For each candidate, the first cue-word match that the writer *did* becomes a draft
``(index, quote)`` with the clause around it as the quote — exactly what the model
proposes, so the same resolution pipeline anchors and validates it. A match is
rejected when its clause says otherwise (signals from the dependency parse):

- negation ("didn't", "no run", "zero pages", "none of it"), avoidance and failure
  verbs ("forgot", "skipped", "missed");
- intention, plans, wishes and the future ("want to", "going to", "will", "should",
  "tomorrow", "if"), a question, or a "Tomorrow:" heading over what follows;
- someone else doing it ("my sister has been doing yoga", "his swim", "a guy playing
  guitar", "got them to bed"), quoted or reported speech ("dentist says floss"), the
  distant past ("used to", "in college", "the last time I");
- having the thing rather than doing it ("bought a yoga mat", "found my old guitar");
- an unchecked box or a ❌ on a list line; a reminder, a plan heading, a wish to be
  someone, sarcasm.

Terse diary sentences keep the writer as the doer when the parser takes a measure, a
heading or a noun glued to the verb for a subject ("20 lengths, stretched after",
"Batch cooked"). An emoji that leads a ticked or measured log item stands for its
activity ("💧 ✅"). Habits with a target in their name are checked against it: "Sleep
by 11" needs a stated time no later than 11 (digits or words), "Walk 10k steps" a
stated count of at least 10,000 (a device's reading wins over a claim) or a distance
that comes to it (``counts`` reads the numbers, times and ticked log items). Habits of not
doing something ("No sugar") are never read as done.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from app.domain.days import (
    FULL_DAY_PATTERN,
    FULL_DAYS,
    MONTH_WORDS,
    SHORT_DAYS_AS_WORDS,
    WEEKDAYS,
    WEEKDAYS_SHORT,
    is_day_word,
)
from app.domain.journal.candidates import Candidate
from app.domain.journal.counts import (
    EMOJI_WORDS,
    count_evidence,
    emoji_line,
    name_emoji_item,
    said_late,
    ticked_name,
    time_ok,
    walked_steps,
)
from app.domain.journal.cues import (
    DAILY_PRAYERS,
    DAY_NAMES,
    FOR_OR_WITH_WORDS,
    MAX_CUES,
    NEGATORS,
    NOT_DOINGS,
    PRAYER_WORDS,
    WENT_TO_HERS,
    Cue,
    CueMatch,
    as_written,
    asks_a_call,
    asks_a_visit,
    asks_five_prayers,
    find_cues,
    is_abstinence,
    name_words,
    phrase_head,
    prayers_named,
    stem_of,
    whom_in,
    without_case_ending,
)
from app.domain.journal.lines import (
    ANSWERED_NO,
    ASLEEP_BEFORE,
    BUT_ME,
    CALLED_OFF,
    CHINESE_NOT,
    CROSSED_AFTER,
    DID_I,
    DONE_BY_ANOTHER,
    DONE_BY_NAMED,
    EXCUSED,
    FOR_TOMORROW,
    FROM_BEFORE,
    FROM_SOMEONE,
    FRONTED_LATER,
    FRONTED_NOT,
    HALF_OF_IT,
    HINDI_NOT,
    ITEM_MARK,
    ITEM_MARKS,
    LEFT_BEFORE,
    LEFT_BEHIND,
    LEFT_WHERE,
    LINE_NOT_DONE,
    LIST_MARK,
    MARKED_PLAN,
    MESSAGES,
    MOVED_ON,
    NO_CHANCE,
    NOBODY_DID,
    NOT_GONE,
    ON_CONDITION,
    ON_THEIR_OWN,
    PACKED_AWAY,
    PARTWAY,
    PARTWAY_BEFORE,
    RUNNING_LOW,
    SET_ASIDE,
    SHORT_SHARE,
    SHUT,
    SO_NONE,
    STILL_UNDONE,
    TAKEN_BACK,
    TICKED_LINE,
    TRAILING_NO,
    UNCHECKED,
    WELL_SEE,
    is_list_line,
    item_not_done,
    line_bounds,
    mark_leads,
    open_or_moved_task,
    plan_heading_over,
)
from app.domain.journal.measures import (
    CURRENCY_WORDS,
    READING_WORDS,
    TIME_OR_NUMBER,
    count_target,
    deadline,
    on_time,
    to_number,
    unit_of,
)
from app.domain.journal.parse import Draft
from app.domain.parsed import ParsedText, Token
from app.domain.spellings import forms_of
from app.domain.text import CURRENCY_SIGNS, MAX_QUOTE_CHARS, overlaps, without_accents

FIRST_PERSON: Final = frozenset(
    {"i", "we", "me", "myself", "us", "ourselves", "mi"}  # "Mi call Hyacinth": Jamaican "I"
)
MY: Final = frozenset({"my", "our", "mi"})  # "Check mi sugar": Jamaican "my"
MODALS: Final = frozenset(
    {"will", "would", "shall", "should", "could", "might", "may", "must", "'ll", "ll", "'d", "wo"}
) | forms_of({"would", "could", "should"}, pieces=True)  # "Jim wid've been 61 the day"
INTENT_VERBS: Final = frozenset(
    {
        "want", "need", "plan", "hope", "try", "intend", "wish", "wonder", "consider", "mean",
        "aim", "promise", "suppose", "expect", "remind", "think", "dream", "gon", "gonna",
        "wanna", "tend", "hate", "resolve", "schedule", "book",
        "gwain", "gwine",  # Caribbean and Miskito Coast Creole "going to" ("mi gwain call")
        # only thinking of it ("thought about the gym", "pondered a swim")
        "contemplate", "ponder", "debate", "daydream", "fantasize", "fantasise", "imagine",
    }
)  # fmt: skip
NEGATIVE_FORMS: Final = frozenset(
    {"forgot", "forgotten", "skipped", "missed", "failed", "avoided", "stopped", "quit", "bailed"}
)
NEGATIVE_VERBS: Final = frozenset(
    {
        "forget", "skip", "miss", "fail", "avoid", "stop", "quit", "refuse", "neglect",
        "ignore", "cancel", "postpone", "abandon", "dismiss", "swipe", "blow", "bail",
    }
)  # fmt: skip
HAVING_VERBS: Final = frozenset(
    {
        "buy", "order", "purchase", "find", "receive", "own", "unwrap", "download", "install",
        "watch", "bring", "pack", "borrow", "lend", "sell", "count", "research", "sign",
    }
)  # fmt: skip
# Name words of a habit done by watching ("YouTube English 20 min", "TED talk a day").
_WATCHED: Final = frozenset(
    {"youtube", "video", "videos", "watch", "film", "films", "movie", "movies", "tv", "ted",
     "documentary", "documentaries", "lecture", "lectures", "netflix", "series", "anime"}
)  # fmt: skip
DOING_VERBS: Final = frozenset(
    {"do", "finish", "complete", "follow", "attend", "go", "take", "make", "have", "start", "be"}
)
INTENT_NOUNS: Final = frozenset(
    {"plan", "idea", "goal", "intention", "reminder", "advice", "wish", "hope", "resolution"}
)
FUTURE_WORDS: Final = frozenset(
    {
        "tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tomorrows",
        # "tomorrow" as code-switching writers leave it ("zbor jutri", "VC bukas", "Amanhã
        # tem aula"): Portuguese, French, Italian, Slovene, Russian and Ukrainian, Tagalog,
        # Indonesian, Swahili, Turkish, Hungarian, Romanian, Finnish, Swedish, Japanese and
        # Korean romanised, Greek; not "mañana" or "jutro", which are also "morning"; and
        # as it is said or quickly spelt ("Slimmin the morra", "revishun tomoro")
        "amanhã", "amanha", "demain", "domani", "jutri", "zavtra",
        "завтра", "bukas", "besok", "kesho", "yarın", "holnap", "mâine", "huomenna",
        "imorgon", "ashita", "naeil", "αύριο",
        # and Northern Sámi, Cebuano, Kazakh, Mongolian, Georgian, Armenian, Fijian, Igbo,
        # Hausa, Scottish Gaelic, Irish, Welsh, Czech, Slovak, Bulgarian, Lithuanian,
        # Albanian, Catalan, Zulu, Uzbek, Arabic romanised, Chinese, Japanese and Korean in
        # their scripts; not Estonian "homme" (French "man"), Basque "bihar" (a state of
        # India), Serbian "sutra" (a scripture), Somali "berri" (Basque "new")
        "ihttin", "ugma", "ертең", "маргааш", "ხვალ", "khval", "vaghe", "vaghy", "վաղը",
        "nimataka", "echi", "gobe", "a-màireach", "amàireach", "amárach", "yfory", "zítra",
        "zajtra", "утре", "rytoj", "nesër", "demà", "kusasa", "ertaga", "bukra", "bokra",
        "明天", "明日", "내일",
        # and Guaraní (with and without its marks), Mauritian Creole, Papiamentu, Sicilian,
        # Tatar, Kikuyu, Maltese, Kabyle and Taiwanese; not Galician "mañá", also "morning"
        "ko'ẽrõ", "ko’ẽrõ", "koẽrõ", "ko'ero", "koero", "demin", "mañan", "dumani",
        "иртәгә", "irtägä", "rũciũ", "ruciu", "għada", "ghada", "azekka", "明仔載",
        # and Tetum, Bislama, Corsican, Occitan, Konkani, Chechen, Sakha, Ojibwe, Aymara
        "aban", "tumoro", "tumora", "dumane", "deman", "faleam", "falyam", "кхана",
        "сарсын", "waabang", "qharürü", "qharuru",
    }
) | forms_of({"tomorrow"})  # fmt: skip
# "tomorrow" in Norwegian, Danish and Swedish ("Romaskin i morgen"); "morgen" alone is
# also a morning.
_MORGEN: Final = frozenset({"morgen", "morgon"})
# What is due on a day to come is still to do ("Term marks due Friday").
_DUE_WHEN: Final = FUTURE_WORDS | {"next", "by", "on", "in", "tonight", "soon", "this"}
FUTURE_NEXT: Final = frozenset({"week", "time", "month", "year", "weekend", "session"})
HEADING_WORDS: Final = frozenset(
    {"tomorrow", "tmrw", "tonight", "later", "next", "plan", "plans", "goals", "todo", "to-do"}
)
PAST_PHRASES: Final = (
    ("used", "to"),
    ("years", "ago"),
    ("in", "college"),
    ("in", "school"),
    ("as", "a", "kid"),
    ("as", "a", "child"),
    ("back", "in"),
    ("when", "i", "was"),
    ("last", "year"),
    ("last", "month"),  # "I send it last month, not this month"
    ("last", "week"),
    ("last", "time"),  # "can't remember the last time I read"
    *(("last", season) for season in ("winter", "summer", "spring", "autumn", "fall")),
    ("younger", "days"),
    ("in", "my", "youth"),
    ("back", "then"),
    ("years", "back"),
    ("in", "my", "childhood"),
    ("in", "my", "day"),
    ("in", "our", "day"),
    *(  # "During my father's time the evening aarti was compulsory"
        ("my", elder, "'s", "time")
        for elder in ("father", "mother", "grandfather", "grandmother", "dad", "mum", "parents")
    ),
)
_LAST_CENTURY: Final = re.compile(r"19\d\d|'[5-9]\d")
# A sentence that turns to a time of the writer's life before the cue tells of then: the
# sentence-wide reach of PAST_PHRASES' ("when", "i", "was"), which holds in the cue's
# clause only ("when I was fifteen and Papa made me run": the run is its own clause).
# A life told from an age ("I been playing that box since I was 12"; "when I start
# capoeira, I was 15"), not a time of day or a measure ("when I was 5 minutes late").
_AT_AN_AGE: Final = re.compile(
    r"\bsince (?:i|we) (?:was|were) (?:\d{1,2}|a kid|a child|a boy|a girl|little|small|young)\b"
    r"|\bwhen\b[^.!?\n]{0,40}\b(?:i|we) (?:was|were) \d{1,2}\b"
    r"(?!\s*(?:min|mins|minutes|hours?|hrs?|km|k\b|am\b|pm\b|[:%.,]\d))",
    re.I,
)
_WHEN_I_WAS: Final = re.compile(
    r"\bwhen (?:i was|we were)\b"
    # as a learner writes it, without the verb ("When I small boy in Yasothon I walk"),
    # and "before, when" for "back when" ("Before when I fight at Bangla stadium I run")
    r"|\bwhen (?:i|me|we) (?:small|little|young|(?:a )?(?:small |little |young )?"
    r"(?:boy|girl|kid|child|children|kids))\b"
    r"|\bbefore,? when (?:i|me|we)\b"
    r"|\b(?:in|at) (?:high|primary|middle|elementary|grade|secondary) school\b"
    r"|\bhigh school (?:at|in)\b",  # "high school at MSSD, ME run cross country"
    re.IGNORECASE,
)
# Links that stay inside one clause when climbing from a cue word to its verb.
_CLAUSE_EDGES: Final = frozenset({"conj", "ccomp", "advcl", "relcl", "parataxis", "acl", "csubj"})
# "The only shots today were tequila ones", "the only laps I did were around the market":
# the cue word names something else.
_ONLY_ONES: Final = re.compile(r"\bthe only\s+$", re.I)
_WERE_OTHERS: Final = re.compile(r"^(?:\s+[\w'’]+){0,3}?\s+(?:were|was)\b", re.I)
# What is left of it, said in its sentence: only a part was done ("did only Japji Sahib,
# rest of the Nitnem left"; not "the rest of the day left for chores").
_REST_LEFT: Final = re.compile(
    r"\brest of (?:the|my)\s+(?!(?:day|week|evening|afternoon|morning|night|time)\b)"
    r"[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:is\s+|was\s+)?(?:left|undone|unfinished|still to do|"
    r"for later|for tomorrow)\b",
    re.I,
)
# The thing left idle, said right after it ("the guitar sitting in the corner judging
# me", "mannequin head starin at me from the wardrobe", "the mat gathering dust", "Virgil
# waits on the bedside table", "the boxes in the spare room stare at me").
_LEFT_IDLE: Final = re.compile(
    r"^(?:\s+[\w']+){0,2}?\s+(?:(?:is|was|just|still)\s+)?(?:(?:sitting|lying|laying)"
    r"(?!\s+(?:down|up|with)\b)|staring|starin'?|glaring|judging|mocking|taunting|waiting|"
    r"(?:gathering|collecting) dust)\b"
    r"|^(?:\s+[\w']+){0,4}?\s+(?:still\s+)?(?:(?:sits|sat|lies|lay)(?!\s+(?:down|up|for|with|"
    r"through|\d)\b)|stares?|glares?|waits|(?:gathers|collects) dust)\b",
    re.I,
)


def _left_idle(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue is a thing that opens its sentence with no deed before it ("Ankle band
    sitting on the desk"), not a measure of doing ("Ten minutes sitting in the car") nor
    the object of one ("did the stretches sitting down")."""
    last = parsed.tokens[match.last]
    first, _ = parsed.sentences[last.sent]
    return (
        last.pos in ("NOUN", "PROPN", "ADJ")
        and not _is_measure(parsed, last)
        and last.lemma not in _TIME_UNITS
        and not any(t.is_verb or t.pos == "AUX" for t in parsed.tokens[first : match.first])
    )


# None of it, said right after it ("Logged nothing").
_NONE_OF_IT: Final = re.compile(r"^\s+(?:nothing|none)\b", re.I)
# An event a number of days, weeks or months away ("IELTS in six weeks", "Half marathon
# in 3 weeks!"): a date ahead, not a deed.
_DAYS_AWAY: Final = re.compile(
    r"^\s+(?:is\s+)?in\s+(?:\w+\s+|\d+\s*)?(?:days?|weeks?|months?)\b", re.I
)
# Verbs that put a thing off to the day they name ("podcast queued for tomorrow").
_PUT_OFF: Final = frozenset(
    {"queue", "schedule", "reschedule", "book", "plan", "set", "save", "leave", "keep",
     "arrange", "move", "push", "postpone", "pencil", "put", "line", "shift", "defer"}
)  # fmt: skip
# A rate or a regimen said after it, in a clause with no past deed ("two pills a day and
# still tired", "1 panel/day"), and more of it wished ("She wants me to walk more. Walk
# more!").
_A_RATE: Final = re.compile(
    r"^(?:\s+[\w'’-]+){0,2}?\s+(?:a|per|each|every)\s+(?:day|week|night|morning)\b|"
    r"^\s*/\s*(?:day|d|wk|week)\b",
    re.I,
)
_MORE_OF_IT: Final = re.compile(r"^\s+(?:more|less)\s*(?:[!.?]|$)", re.I)
# What one is to do is arranged, not done ("I am to phone Calum on Wednesday").
_AM_TO: Final = re.compile(
    r"\b(?:i\s+am|i'm|i’m|we\s+are|we're|we’re)\s+to\s+(?:[\w'’-]+\s+){0,3}$", re.I
)
# A dream told before the deed in its sentence ("Dream last night I do chaktsal", "In my
# dream we swam", "dreamt I was running"): it happened asleep.
_DREAMT: Final = re.compile(
    r"^\W*(?:(?:last night|this morning|i|i had a|had a|a|strange|weird|bad)\s+)?"
    r"(?:dream|dreamt|dreamed|dreaming|nightmare)\b|"
    r"\bin\s+(?:my|a|the|that|this|her|his)\s+dream\b|"
    r"\b(?:dreamt|dreamed|dreaming|dream)\s+(?:that\s+|about\s+|of\s+)?(?:i|we|me)\b",
    re.I,
)
# The thing only talked or read about ("we spoke of the peats", "read about fasting").
_TALKED_OF: Final = re.compile(
    r"\b(?:spoke|speak|speaking|talked|talk|talking|talkin|chatted|chat|told|heard|asked|wrote|"
    r"read|reading|joked|argued|complained|laughed)\s+(?:\w+\s+){0,2}?(?:of|about|[’']?bout)\s+"
    r"(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+|a\s+|de\s+|di\s+)?(?:\w+\s+)?$",
    re.I,
)
# A thing slept through was missed ("slept through fajr", "Bomdat I sleep through").
_SLEPT_THROUGH_BEFORE: Final = re.compile(
    r"\b(?:sleep|slept|sleeping)\s+through\s+(?:the\s+|my\s+)?$", re.I
)
_SLEPT_THROUGH_AFTER: Final = re.compile(r"[ \t]+(?:i[ \t]+)?(?:sleep|slept)[ \t]+through\b", re.I)
# Done only in one's head, not in the world ("I sing Isa Lei in my head").
_IN_MY_HEAD: Final = re.compile(r"(?:[ \t]+[\w'’-]+){0,4}?[ \t]+in[ \t]+my[ \t]+head\b", re.I)
# Only thought about ("Thought about going up to see Isa but…", "considering a swim"), as
# long as no "but" or "anyway" says it was done after all.
_CONSIDERED: Final = re.compile(
    r"\b(?:thought|thinking|think|considered|considering|debated|toyed with the idea)\s+"
    r"(?:about|of)\s+(?:\w+ing\b(?:(?!\bbut\b|\banyway\b)[^.!?;\n])*)?$",
    re.I,
)
# The thing done named first, then someone else let or made to do it ("The drops I let
# his daughter do").
_LEFT_TO_OTHERS: Final = re.compile(
    r"^\s+(?:i|we)\s+(?:let|had|got|left)\s+(?:\w+\s+){1,3}(?:to\s+)?(?:do|handle|sort)\b",
    re.I,
)
# A thing there is, or a reason something else happened ("There is a recipe for…", "knew
# it bc of the flashcards"): named, not done today.
_NAMED_ONLY: Final = re.compile(
    r"(?:\bthere(?:'s|’s|\s+is|\s+are|\s+was|\s+were)|\b(?:because|bc|b/c|cos|cause)\s+of|"
    r"\bthanks\s+to|\bdue\s+to)\s+(?:(?:a|an|the|some|my|all|those|these|that)\s+){0,2}$",
    re.I,
)
# Something else done in its place, said after it ("Volunteered at parkrun instead of
# running it").
_IN_ITS_PLACE: Final = re.compile(r"^[^.!?;\n]{0,40}?\binstead of \w+ing (?:it|that|them)\b", re.I)
# A log's line that opens with "no" right before the item ("no erg (hamstring)").
_LEADING_NO: Final = re.compile(  # and as Fijian, German, Spanish say it ("Sega lotu today")
    r"^\W*(?:\d{1,2}[:.]\d{2}\W*)?(?:no|sega|kein|keine|sin)\s+$", re.I
)
# A note heading right before the item, in its sentence ("NOTE: Lantus 9pm!!").
_NOTE_BEFORE: Final = re.compile(
    r"\b(?:note|nb|reminder)\s*:(?!\s*(?:i\s+)?(?:did|went|had|made|ran|swam|\w+ed)\b)\s*"
    r"[^.!?:\n]{0,30}$",
    re.I,
)
# The thing lent, sold or given away, or the place gone past, right before the cue ("Lent
# my raquettes to Ginette", "sold the old bike", "walked past the boxing gym", "Taxi home
# past the Chorten"): no deed
# with it.
_LENT_OR_PASSED: Final = re.compile(
    r"\b(?:lent|loaned|lending|lend|sold|selling|sell|gave away|giving away|passed|passing|"
    r"(?:walked|walk|walking|drove|drive|driving|cycled|ran|went|go|rode|jogged|home|back|"
    r"taxi|bus|tram|train)\s+"
    r"(?:right\s+|out\s+)?past|pass(?:ed|ing)?\s+in\s+front\s+of)\s+"
    r"(?:my\s+|the\s+|our\s+|his\s+|her\s+|their\s+|a\s+)?(?:[^\W\d_]+\s+){0,2}$"
    # and as Chinese says "went past" ("騎車 經過 大天后宮")
    r"|(?:經過|经过|路過|路过)\s*$",
    re.I,
)
# The thing heard, right before the cue ("I hear sanshin from old Kinjo-san", "heard the
# choir through the wall"): another's playing or singing; not "heard Mass", attended.
_HEARD: Final = re.compile(
    r"\b(?:hear|heard|hearing|hears)\s+(?:the\s+|a\s+|some\s+|his\s+|her\s+|their\s+)?"
    r"(?:[^\W\d_]+\s+)?$",
    re.I,
)
_MASS: Final = re.compile(r"mass\b", re.I)
# An alarm set for the thing, right before it ("alarm Subuh 2x", "set an alarm for the
# run"): a reminder, not the deed.
_ALARM_FOR: Final = re.compile(r"\balarms?\s+(?:set\s+)?(?:for\s+)?(?:the\s+|my\s+)?$", re.I)
# Indonesian and Malay "not", right before the deed ("Sabtu ga ngajar", "belum upload").
_NOT_IN_MALAY: Final = re.compile(r"\b(?:ga|gak|nggak|enggak|tidak|belum|ndak)\s+$", re.I)
# Another's message quoted after a colon ("Wahid text: come gym", "Mum says: walk
# tomorrow?"): their words, not the writer's deed.
# None of the item, said right before it as the languages around English do ("así que
# nada de arpa hoy", "pas de piano", "kein Training").
_NONE_BEFORE: Final = re.compile(
    r"\b(?:nada\s+de|pas\s+de|pas\s+d['’]|plus\s+de|niente|nessun[ao]?|kein(?:e|en)?|geen|"
    r"nenhum[a]?)\s*$",
    re.I,
)
# The item called off, said right before it, as the Romance languages and the Creoles put
# the verb first ("se suspendió el futsal", "ils ont annulé la chorale", "kanselé sega").
_CALLED_OFF_BEFORE: Final = re.compile(
    r"\b(?:suspendi[óo]|suspendieron|suspende|cancel[óo]|cancelaron|anul[óo]|anularon|"
    r"annulé|annulée|annullato|annullata|rinviato|rinviata|adiado|adiada|cancelou|"
    r"kanselé|kansele|anilé|anile|kansela)"
    r"\s+(?:(?:la|el|los|las|le|les|il|lo|i|a|o|os|as|nou|mo)\s+)?$",
    re.I,
)
_MESSAGE_SAYS: Final = re.compile(
    r"(?<!\bi\s)(?<!\bwe\s)\b(?:texts?|texted|msg|messages?|messaged|says|said|writes|wrote|"
    r"asks|asked|sms|whatsapp(?:ed)?)\s*:\s*[^\n:]*$",
    re.I,
)
# Only meaning to do it, said right before the deed ("meaning to jog") or after the place
# gone to for it ("Went down to the lakefront meaning to jog"): gone, the deed not told.
_MEANING: Final = r"(?:meaning|intending|planning|hoping|aiming)\s+to"
_MEANING_TO: Final = re.compile(rf"\b{_MEANING}\s+(?:go\s+(?:for\s+)?(?:a\s+)?)?$", re.I)
_MEANING_TO_AFTER: Final = re.compile(rf"^[^.!?\n,;]{{0,20}}?\s{_MEANING}\b", re.I)
# Weary of the thing, right before it ("so tired of the finger prick", "sick of running",
# "fed up with the flashcards", as patois says it "tired a di finger prick"): how the
# writer feels about it, no deed.
_WEARY_OF: Final = re.compile(
    r"\b(?:tired|sick|fed up|bored|weary)\s+(?:of|with|a)\s+"
    r"(?:(?:all\s+)?(?:my|the|this|that|these|those|di|de|dem)\s+)?(?:[^\W\d_]+\s+)?$",
    re.I,
)
# Others watched at it, right before the cue ("only sit on the bench, watch them do tai
# chi", "saw the boys play futsal"): their doing, not the writer's.
_WATCHED_DOING: Final = re.compile(
    r"\b(?:watch|watched|watching|saw|see|seeing)\s+(?:them|him|her|others|people|everyone"
    r"|the\s+[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:do|doing|did|play|playing|practi[sc]e|"
    r"practi[sc]ing)\s+(?:the\s+|their\s+|some\s+)?(?:[^\W\d_]+\s+)?$",
    re.I,
)
# A deed in quotation marks the writer then says is something else ("'went to the gym'
# aka walked past it").
_SCARE_QUOTED: Final = re.compile(
    r"^[^'\"‘’“”\n]{0,30}['\"’”]\s*(?:aka|a\.k\.a\.?|\(?not really\)?)(?!\w)", re.I
)
# A deed alone in quotation marks, as one says "so called" ('"helping" eej', '"studied"').
_SCARE_QUOTED_DEED: Final = re.compile(r"[\"“]\w+(?:ing|ed|ING|ED)[\"”]")
_SCARE_QUOTED_BEFORE: Final = re.compile(_SCARE_QUOTED_DEED.pattern + r"[^.!?:;,\n]{0,24}$")
"""The quoted deed earlier in the cue's clause ('"helping" eej at the shop')."""
# A thing opened and closed again with nothing done between ("Japanese app I open and
# close", "opened the worksheet, stared at it, closed it").
_OPENED_AND_CLOSED: Final = re.compile(
    r"\bopen(?:ed|s)?\b(?:[^.!?\n]{0,40}?\b(?:stared|looked|scrolled)\b[^.!?\n]{0,20}?)?"
    r"[\s,]+(?:and\s+|then\s+)?(?:i\s+)?(?:clos(?:e|ed|es)|shut)\b(?:\s+(?:it|them|again))?"
    r"|\bopen(?:ed|s)?\s+(?:it|the \w+|my \w+)(?:\s+\w+){0,3},\s+(?:\w+\s+){0,4}closed\s+it\b",
    re.I,
)
# Opened, but nothing done ("Opened the vocab app but eyes closing", Spanish "Abrí
# Duolingo … but I didn't do the lesson"): read where the cue is what was opened.
_OPENED_BUT: Final = re.compile(
    r"\b(?:opened|abr[ií]|ouvert|aprii)\b[^.\n]{0,80}?\bbut\s+(?:i\s+|my\s+)?"
    r"(?:didn'?t|did not|never|not|no|fell asleep|eyes? clos\w*|closed it)\b",
    re.I,
)
_BUT: Final = re.compile(r"\bbut\b", re.I)
# What the writer has been neglecting, said right before it ("slack on the exercises",
# "been lazy with my Spanish", "behind on the reading").
_SLACK_ON: Final = re.compile(
    r"\b(?:slack(?:ing|ed)?|lazy|behind)\s+(?:on|with|about)\s+(?:the\s+|my\s+)?$", re.I
)
# Not getting there, said before the place or event ("Didn't make it to choir", "never
# made it tae the pool"); the parser may take the event for a verb of its own.
_NOT_MADE_IT: Final = re.compile(
    r"\b(?:didn'?t|didn’t|did not|didnae|didna|couldn'?t|couldn’t|could not|couldnae|"
    r"never|not)\s+(?:quite\s+)?(?:make|made)\s+it\s+(?:down\s+|over\s+|up\s+|out\s+)?"
    r"(?:to|tae|into)\s+(?:the\s+|my\s+|our\s+)?$",
    re.I,
)
# Where a thing is, now ("My book is on the nightstand", "Handcycle's on the turbo", "the
# bike is still in the shed"): a present state, not a deed.
_WHERE_IT_IS: Final = re.compile(
    r"^(?:'s|’s|\s+is|\s+are)\s+(?:still\s+|now\s+|back\s+|just\s+)?"
    r"(?:on|in|at|under|behind|beside|by|next to|inside|up on|out in)\s",
    re.I,
)
# Advice passed on after a colon ("Told him: nap in the middle, walk whenever you can").
_TOLD_COLON: Final = re.compile(
    r"\b(?:told|tell|telling|said|says|say|asked|advised|advice)\b[^.!?:\n]{0,25}:\s", re.I
)
# A habit, not a day's deed ("In Ukraine I swam every morning", "walked 5 mile every
# Sunday"); "every morning this week" is recent.
_EVERY_TIME: Final = frozenset(
    {"morning", "evening", "night", "day", "week", "weekend", "summer", "winter", "year",
     "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)  # fmt: skip
_TRAILING_MARKS: Final = re.compile(r"[\s✅✔✓☑]+$")
_WHEN_PHRASES: Final = ("last night", "yesterday", "this morning", "this afternoon", "this evening")
_DONE_VERBS: Final = frozenset({"do", "finish", "complete", "happen", "get", "be"})
# How an activity went, said with the activity as subject ("squats felt heavy", "the swim
# took an hour", "yoga went well"): the writer did it.
_SKIP_VERBS: Final = frozenset({"skip", "miss", "forget", "bail"})
# Someone else's words: what a doctor says to do is advice, not a deed.
_SPEECH_VERBS: Final = frozenset(
    {"say", "tell", "recommend", "suggest", "advise", "insist", "prescribe", "nag", "order"}
)
# What an infinitive after these nouns is only wanted, not done ("no time to read",
# "not in the mood to cook", "the energy to stretch").
_WANTING_NOUNS: Final = frozenset(
    {
        "mood", "time", "energy", "chance", "motivation", "strength", "urge", "desire",
        "patience", "will", "willpower", "opportunity", "excuse", "headspace", "bandwidth",
    }
)  # fmt: skip
_RITES: Final = frozenset({"prayer", "grace", "rosary", "mass", "mantra", "vespers"})
_NEGATIVE_SUBJECTS: Final = frozenset({"nobody", "noone", "none", "nothing"})
# What a present "is" puts a thing on when it is scheduled ("the exam is on the 14th",
# "lesson is Thursday", "swim is at 6").
_SCHEDULE_WORD: Final = re.compile(
    r"^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$|^(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|"
    r"nov|dec)[a-z]*\.?$|^\d{1,2}(?:st|nd|rd|th)$|^(?:tomorrow|weekend|next|soon)$",
    re.IGNORECASE,
)
_HOW_IT_WENT: Final = frozenset({"feel", "seem", "go", "take", "last", "look", "kill", "wreck"})
# Verbs that send someone else somewhere ("got them to bed", "took the kids to swimming").
_SENDING_VERBS: Final = frozenset({"get", "put", "take", "send", "tuck", "drop", "bring", "drive"})
_SENDING_FORMS: Final = frozenset(
    {"got", "gotten", "took", "taken", "sent", "tucked", "dropped", "brought", "drove", "driven"}
)
_PEOPLE: Final = frozenset(
    {
        "kid", "child", "baby", "son", "daughter", "boy", "girl", "twin", "toddler", "student",
        "class", "team", "family", "grandchild", "grandkid", "nephew", "niece", "patient",
    }
)  # fmt: skip
# Family and household words a terse diary uses as bare subjects ("Wife made dinner",
# "Mum rang", "Hubby cooked"): someone, never part of a compound verb.
_KIN: Final = frozenset(
    {
        "wife", "husband", "partner", "hubby", "mum", "mom", "mother", "dad", "father",
        "sister", "brother", "grandma", "grandpa", "gran", "nan", "granny", "roommate",
        "flatmate", "housemate", "boyfriend", "girlfriend", "fiance", "fiancee", "neighbour",
        "neighbor", "friend", "colleague", "boss", "aunt", "auntie", "uncle", "cousin",
        # as other languages and families say them ("Mama send message", "Nanay slept")
        "mama", "papa", "ma", "pa", "nana", "aunty", "amma", "appa", "ammi", "abbu", "nonna",
        "nonno", "oma", "opa", "abuela", "abuelo", "lola", "lolo", "nanay", "tatay", "teta",
        "jiddo", "baba", "bibi", "mami", "papi", "mamá", "papá", "umma", "omma", "eomma",
    }
)  # fmt: skip
_BREAKS: Final = frozenset({"—", "–", ";", ":", "(", ")"})
_EDGE_WORDS: Final = frozenset({"then", "and", "also", "so", "but", "plus", "instead"})
# Words that open a terse diary sentence before its verb ("Then jogged round the park",
# "After, cooked dinner"): the verb still opens the clause.
_OPENERS: Final = frozenset(
    {"then", "and", "also", "so", "after", "afterwards", "later", "next", "finally", "first",
     "plus", "anyway", "still", "again", "morning", "evening", "tonight", "today"}
)  # fmt: skip
# Informal futures the parser reads as nouns ("Gonna call Mom": "Gon" + "na").
_INFORMAL_INTENT: Final = frozenset(
    {"gon", "gonna", "wan", "wanna", "finna", "gotta", "gwain", "gwine"}
)
# A noun modified so that it was not done ("planned run", "cancelled yoga"; "skipped",
# "missed" are avoidance: _SKIP_VERBS).
_UNDONE_MODIFIERS: Final = frozenset(
    {"plan", "planned", "cancel", "cancelled", "canceled",
     "postpone", "postponed", "schedule", "scheduled", "upcoming", "intended"}
)  # fmt: skip
# A thing left part made, said before it ("a half-finished box", "the unfinished scarf").
_HALF_DONE: Final = re.compile(
    r"\b(?:half[- ]?|un)(?:finished|done|made|built|written|sewn|knitted|knit|painted|tied|"
    r"started|assembled|read|sorted|packed|mended)\s+(?:[\w'’-]+\s+)?\Z",
    re.I,
)
# A note to self: "Note to self: stretch", "Reminder - floss", "Remember to call Mum",
# "Don't forget the vitamins" (a sentence that starts so; "I remembered to" is a deed).
_REMINDER: Final = re.compile(
    r"^\W*(?:\d{1,2}[:.h]\d{2}\W*)?"  # after a log's time ("[9:02] REMEMBER tanda")
    r"(?:notes? to (?:self|me|myself)|notes? for (?:later|tomorrow|me|myself)|reminders?|"
    r"remind (?:me|myself)|"
    r"remember(?: to)?|don'?t forget|do not forget|must remember|nb|memo|psa|p\.?s\.? to me)\b",
    re.IGNORECASE,
)
# Who one wants to be ("be someone who runs", "the kind of person who meditates").
_ASPIRATION: Final = re.compile(
    r"\b(?:someone|somebody|a person|the person|people|kind of person|type of person|"
    r"sort of person|version of me|version of myself)\s+(?:who|that)\b|\bbecome (?:a|an|the)\b",
    re.IGNORECASE,
)
# Obvious sarcasm: "Oh sure, I crushed it", "yeah right", "/s", and a device's or app's
# claim the writer mocks ("the app thinks I meditated", "my watch congratulated me").
_SARCASM: Final = re.compile(
    r"^\W*(?:oh|ah),? (?:sure|yes|yeah|totally|absolutely)\b|\byeah,? right\b|\bas if\b|"
    r"/s\b|\(not\)|\bnot!|\bsaid no one\b|\bin my dreams\b|\blol,? no\b|"
    # "phone off at 10:30 my ass lol" (not "it kicked my ass", "sat on my arse")
    r"(?<!kicked )(?<!whooped )(?<!on )(?<!up )\bmy (?:ass|arse)(?=\W*(?:lol|haha|$))|"
    r"\bi wish\W*$|\bdream on\b|"
    # a deed taken back in the same breath: "by which I mean…", "in the sense that…",
    # "that's my cardio", "if that counts"
    r"\bby which i mean\b|\bin the sense that\b|\bthat'?s my (?:cardio|workout|exercise)\b|"
    r"\bif (?:that|this|it) counts\b|\bif (?:you|one|we) counts?\b|"
    # (the device the one that claims: not "held the phone to them so they congratulate me")
    r"\b(?:app|watch|tracker|fitbit|garmin|phone|apple health)\b"
    r"(?:(?!\b(?:they|she|he|we|i|you)\b)[^.!?\n]){0,60}\b(?:thinks|claims|"
    r"insists|believes|decided|congratulat\w*|credited|gave me credit|apparently|is convinced)\b",
    re.IGNORECASE,
)
# Text addressed to the app or its model rather than written about the day: a fake
# delimiter, a "system" or "assistant" turn, an order to reply or ignore instructions.
_ADDRESSED: Final = re.compile(
    r"</?\s*(?:entry|system|user|assistant|instructions?|data|end)\b[^>\n]{0,20}>|"
    r"<\|[a-z_]{2,20}\|>|\[/?(?:inst|sys)\]|\bsystem\s+(?:notice|message|prompt|note|override|"
    r"instruction)|(?:^|[.!?]\s)\W*(?:system|assistant|developer)\s*:|"
    r"\bignore (?:all |any |the )?(?:previous|prior|above|earlier) (?:instructions|rules|text)\b|"
    r"\b(?:reply|respond|answer|output)(?: only)? with (?:the |a |this )?(?:quote|json|hits?|"
    r"index|[\"'{])|\bnew instructions?\b|"
    r"\b(?:from|to) the (?:app|model|ai|assistant|detector)\s*:",
    re.IGNORECASE | re.MULTILINE,
)


class BlockReason(Enum):
    """Why a cue match does not show a completion (what ``blocked`` returns).

    ``message`` is the reason in words, as the rules have always given it."""

    UNCHECKED = "unchecked"
    MARKED_NOT_DONE = "marked not done"
    QUOTED_SPEECH = "quoted speech"
    QUESTION = "question"
    FUTURE_HEADING = "future heading"
    DID_NONE = "did none"
    FUTURE = "future"
    LONG_AGO = "long ago"
    AVOIDED = "avoided"
    NEGATED = "negated"
    HAVING_NOT_DOING = "having, not doing"
    A_PLAN = "a plan"
    SOMEONE_ELSES = "someone else's"
    INTENTION = "intention"
    TOO_MUCH_TO = "too much to"
    SOMEONE_ELSE = "someone else"
    MODAL = "modal"
    CONDITIONAL = "conditional"
    GOING_TO = "going to"
    A_THING = "a thing, not an activity"
    REMINDER = "a reminder or note to self"
    WISH_LIST = "an aspiration, not a deed"
    SARCASM = "sarcasm"
    ADDRESSED_TO_THE_APP = "text addressed to the app"
    NO_WORDS = "no words to read"
    A_STATE = "a state, not a deed"
    ANOTHER_TIME = "told of another time of day than the name's"
    ANOTHER_PLACE = "done at home, not at the name's place"
    A_CALL = "a call, not a visit"
    A_TIME = "a time of day, not the deed"
    DREAMT = "dreamt, not done"
    A_NAME = "a person's name, not the deed"

    @property
    def message(self) -> str:
        return str(self.value)


# What a log says right after the item, in the rest of its line, that makes it no deed:
# each signal with its reason, checked in order (the first that matches is the reason).
_SAID_AFTER: Final[tuple[tuple[re.Pattern[str], BlockReason], ...]] = (
    (ANSWERED_NO, BlockReason.MARKED_NOT_DONE),  # "bike: no, rain"
    (TRAILING_NO, BlockReason.MARKED_NOT_DONE),  # "violin no", "Chanter nil"
    (EXCUSED, BlockReason.MARKED_NOT_DONE),  # "airstrip run — too hot, 38°"
    (SET_ASIDE, BlockReason.DID_NONE),  # "kept veena aside because Kishore came"
    (NO_CHANCE, BlockReason.MARKED_NOT_DONE),  # "CPIA no lesson today", "Pompki impossible"
    (NOT_GONE, BlockReason.NEGATED),  # "CPIA today but i dont go"
    (MOVED_ON, BlockReason.A_PLAN),  # "mbira → Thursday"
    (HALF_OF_IT, BlockReason.DID_NONE),  # "water jug only half"
    (SHORT_SHARE, BlockReason.DID_NONE),  # "Chore chart 1/3 (make bed)"
    (ON_CONDITION, BlockReason.CONDITIONAL),  # "Salthill, if the wind drops"
    (WELL_SEE, BlockReason.A_PLAN),  # "Djaluna ensayo tambú, we'll see"
    (DID_I, BlockReason.QUESTION),  # "floss — did I? can't remember"
    (PARTWAY, BlockReason.DID_NONE),  # "only to the end of the village on the bike"
    (TAKEN_BACK, BlockReason.NEGATED),  # "watched my game clip — no, didn't"
    (FRONTED_LATER, BlockReason.FUTURE),  # "push ups I will do in the morning"
    (FRONTED_NOT, BlockReason.NEGATED),  # "The tide gauge I did not look at"
    (DONE_BY_ANOTHER, BlockReason.SOMEONE_ELSE),  # "Cruiser check done by Blessing"
    (DONE_BY_NAMED, BlockReason.SOMEONE_ELSES),  # "Ledger: Tsegaye closed it": theirs
    (LEFT_BEHIND, BlockReason.A_THING),  # "jug? left it in the van"
    (CALLED_OFF, BlockReason.A_PLAN),  # "Mahjong this week cancel", "Curling annulé"
    (FOR_TOMORROW, BlockReason.FUTURE),  # "Øvelse i morgen: H2S scenario"
    (_SCARE_QUOTED, BlockReason.SARCASM),  # "'went to the gym' aka walked past puregym"
    (SHUT, BlockReason.A_PLAN),  # "sanctuary closed (fumigation)"
    (STILL_UNDONE, BlockReason.MARKED_NOT_DONE),  # "FB copy still owed", "skis unwaxed"
    (RUNNING_LOW, BlockReason.A_STATE),  # "Drova in saray getting low", "Waage is dead"
    (NOBODY_DID, BlockReason.NEGATED),  # "The paws nobody check today"
    (HINDI_NOT, BlockReason.NEGATED),  # "walk nahi hua", "jama karna bhool gaya"
    (CHINESE_NOT, BlockReason.NEGATED),  # "大天后宮 不能去"
    (BUT_ME, BlockReason.SOMEONE_ELSE),  # "Everybody dance cueca except me"
    (ON_THEIR_OWN, BlockReason.SOMEONE_ELSE),  # "Mot went up the Foel on her own"
    (MARKED_PLAN, BlockReason.A_PLAN),  # "Txt girls from airport (plan)"
    (PACKED_AWAY, BlockReason.A_THING),  # "Chanter in hold bag"
    (_NONE_OF_IT, BlockReason.DID_NONE),  # "Logged nothing"
    (_DAYS_AWAY, BlockReason.FUTURE),  # "IELTS in six weeks"
    (_LEFT_TO_OTHERS, BlockReason.SOMEONE_ELSE),  # "The drops I let his daughter do"
    (_IN_ITS_PLACE, BlockReason.AVOIDED),  # "Volunteered at parkrun instead of running it"
    (_MEANING_TO_AFTER, BlockReason.INTENTION),  # "to the lakefront meaning to jog"
)
# A sentence opened by what one must or should do, its subject left out, however the parser
# reads its verb ("Must phone Johan", the verb read as a noun); not "Must have walked 10k".
_MUST_FIRST: Final = re.compile(
    r"^\W*(?:must|should|gotta|ought\s+to)\s+"
    r"(?!have\b|['’]?ve\b|of\b|be\b|['’]?a\b)(?:[\w'’-]+\s+){0,3}$",
    re.I,
)
# What is said right before the item, on its line, that it was not done (each pattern
# ends where the item starts), and why; with the words at the item that undo it, if any
# ("heard Mass" is attended).
_SAID_BEFORE: Final[tuple[tuple[re.Pattern[str], BlockReason, re.Pattern[str] | None], ...]] = (
    (_SLACK_ON, BlockReason.NEGATED, None),  # "I've been slack on the exercises"
    (_NOT_MADE_IT, BlockReason.NEGATED, None),  # "Didn't make it to choir"
    (_NOTE_BEFORE, BlockReason.REMINDER, None),  # "… 10 times. NOTE: Lantus 9pm!!"
    (_LENT_OR_PASSED, BlockReason.A_THING, None),  # "Lent my raquettes to Ginette"
    (_WEARY_OF, BlockReason.A_STATE, None),  # "so tired of the finger prick"
    (_HEARD, BlockReason.SOMEONE_ELSE, _MASS),  # "Through the window I hear sanshin"
    (_WATCHED_DOING, BlockReason.SOMEONE_ELSE, None),  # "watch them do tai chi"
    (_ALARM_FOR, BlockReason.REMINDER, None),  # "alarm Subuh 2x", "set an alarm for fajr"
    (_NOT_IN_MALAY, BlockReason.NEGATED, None),  # "Sabtu ga ngajar"
    (_CALLED_OFF_BEFORE, BlockReason.A_PLAN, None),  # "se suspendió el futsal"
    (_NONE_BEFORE, BlockReason.NEGATED, None),  # "nada de arpa hoy"
    (_MESSAGE_SAYS, BlockReason.QUOTED_SPEECH, None),  # "Wahid text: come gym"
    (_MEANING_TO, BlockReason.INTENTION, None),  # "Went down meaning to jog but walked"
)
_BEFORE_WINDOW: Final = 40
"""How far back, in characters, :data:`_SAID_BEFORE` reads."""


@dataclass(frozen=True)
class RuleCandidate:
    """A candidate with the cue words that show it (empty: never proposed by rules)."""

    candidate: Candidate
    cues: tuple[str, ...]
    exclude: tuple[str, ...] = ()
    reads_as: str = ""
    """The name in English where it is written in another language ("Inglés 10 palabras":
    "english 10 words"), for the count or time it asks for; empty: the name itself."""

    @property
    def measured_name(self) -> str:
        """The name whose numbers and times are read: ``reads_as``, or the name."""
        return self.reads_as or self.candidate.name


def apart_from_siblings(candidates: Sequence[RuleCandidate]) -> tuple[RuleCandidate, ...]:
    """Each candidate without the cues that say another candidate's own name word and not
    its own: with "Boulder sesh" beside it, "Hangboard 10'" no longer takes its climbing
    family's "boulder*"; with "Call Dad" beside it, "Call Mum" no longer takes "called dad"."""
    written = [_own_words(rc.candidate.name) for rc in candidates]
    # a name in another language by its English reading too ("5 játszma": "game"), but
    # not a word a sibling writes itself ("Avanto dip", read "ice swimming", beside
    # "Edge work on ice": the ice is the skating's)
    names = [
        own | (_own_words(rc.reads_as) - set().union(*(w for j, w in enumerate(written) if j != k)))
        for k, (rc, own) in enumerate(zip(candidates, written, strict=True))
    ]
    out: list[RuleCandidate] = []
    for k, rc in enumerate(candidates):
        theirs = set().union(*(n for j, n in enumerate(names) if j != k)) - names[k]
        if not theirs:
            out.append(rc)
            continue
        kept = tuple(
            cue
            for cue in rc.cues
            if not any(
                _of_words(word, theirs) and not _of_words(word, names[k])
                for word in cue.lower().split()
            )
        )
        out.append(rc if kept == rc.cues else replace(rc, cues=kept))
    return tuple(out)


def _own_words(name: str) -> set[str]:
    return {w.rstrip("*") for w in name_words(name) if " " not in w}


def _of_words(word: str, words: set[str]) -> bool:
    """A cue's word is one of ``words``, or a form of one ("boulder*", "bouldering")."""
    bare = word.rstrip("*")
    if not bare.isalpha():
        return False
    return any(
        bare == w
        or (len(w) >= 4 and (bare.startswith(w) or (w.startswith(bare) and len(bare) >= 4)))
        for w in words
    )


# --------------------------------------------------------------------------- helpers


def mask_for_parsing(body: str) -> str:
    """``body`` with list markers, check boxes and emoji blanked (same length, same
    offsets), so that a parser reads "[x] called Dad" as "called Dad"."""
    out: list[str] = []
    for line in body.split("\n"):
        marker = LIST_MARK.match(line)
        if marker is not None and is_list_line(line):
            line = " " * marker.end() + line[marker.end() :]
        out.append("".join(" " if _is_symbol(ch) else ch for ch in line))
    return "\n".join(out)


_ITEM_MARK_AT: Final = re.compile(f"[{ITEM_MARKS}]\ufe0f?[\\s.,;:!)\\]-]*(?=\\w)")


def item_starts(body: str) -> frozenset[int]:
    """Where an item a tick or cross marks on a line begins: the parser starts a sentence
    there, as the blanked marks would otherwise run "pills 8:55 ✔ worked from the train"
    into one sentence ("✔ sit 10 min ✔ 2L" leads with its marks; "walk ✅ read" closes)."""
    marked = {
        m.end()
        for m in _ITEM_MARK_AT.finditer(body)
        if body[body.rfind("\n", 0, m.start()) + 1 : m.start()].strip(" \t-*•·+–")
    }  # a mark that opens its line opens a sentence already
    closed = {  # "he said it was clean 🔥🔥 posted it on the shop insta": a new thought
        m.end()
        for m in _EMOJI_CLOSE.finditer(body)
        if body[body.rfind("\n", 0, m.start()) + 1 : m.start()].strip()
        and not _pictures_word_before(body, m.start())  # "piano 🎹 lesson is Thursday"
    }
    return frozenset(marked | closed)


def _pictures_word_before(body: str, at: int) -> bool:
    """The picture at ``at`` shows the word right before it ("floss 🦷", "piano 🎹")."""
    words = re.findall(r"[^\W\d_]+", body[max(0, at - 30) : at])
    pictured = EMOJI_WORDS.get(body[at], "")
    return bool(words) and any(word[:4] == words[-1].lower()[:4] for word in pictured.split())


# Hearts, suns and stars among the older symbols (not a log's boxes and ticks).
_HEARTS: Final = "\u2600\u2605\u263a\u2665\u2763\u2764\u2b50"
# Pictures that close what comes before them, then a word ("clean 🔥🔥 posted it",
# "Friday ❤️ Read el Kahf").
_EMOJI_CLOSE: Final = re.compile(
    f"[\U0001f000-\U0001faff{_HEARTS}][\U0001f000-\U0001faff{_HEARTS}\u200d\ufe0f]*"
    "[ \t]+(?=[^\\W\\d_])"
)


def _is_symbol(ch: str) -> bool:
    code = ord(ch)
    return (
        0x2600 <= code <= 0x27BF  # symbols and dingbats (✅ ❌ ☐)
        or 0x1F000 <= code <= 0x1FAFF  # emoji
        or 0x25A0 <= code <= 0x25FF  # geometric shapes (□ ◻ ▢)
        or code in (0x200D, 0xFE0F, 0xFE0E, 0x2B1B, 0x2B1C, 0x2B50, 0x2B55)  # ⬜, joiners
    )


def _across_break(parsed: ParsedText, a: Token, b: Token) -> bool:
    """A dash, colon, semicolon or bracket between ``a`` and ``b`` (or a comma when ``b``
    comes after ``a``): the parser's link across it is not one clause."""
    lo, hi = sorted((a.i, b.i))
    between = parsed.tokens[lo + 1 : hi]
    if any(t.text in _BREAKS for t in between):
        return True
    return b.i > a.i and any(t.text == "," for t in between)


def _arranged_for_a_day(parsed: ParsedText, verb: Token) -> bool:
    """What is being done on a named day is arranged, not done ("we are doing a phone
    date tuesday", "I'm seeing Mum on Friday"), and so is a bare verb that opens its
    sentence with a day ("Ring him back Sunday": a note to self)."""
    children = parsed.children(verb)
    arranged = verb.tag == "VBG" and any(k.dep == "aux" and k.lemma == "be" for k in children)
    told = verb.tag == "VB" and verb.dep == "ROOT"
    if told:
        words = [w for w in parsed.sentence_words(verb) if w.pos not in ("PUNCT", "SPACE")]
        told = bool(words) and words[0].i == verb.i
    later = (  # "we talk Sunday": a learner's present with a day after it, a plan
        verb.tag == "VBP" and any(k.dep == "nsubj" and k.lower in FIRST_PERSON for k in children)
    )  # not "Sunday I cook thịt kho", the day told first
    if not (arranged or told or later):
        return False

    def a_day(word: Token) -> bool:  # a told note's day is written as one ("sat on": a verb)
        said = word.lower.rstrip(".")
        return said in DAY_NAMES and (
            arranged or (word.text[:1].isupper() and said not in SHORT_DAYS_AS_WORDS)
        )

    return any(
        (a_day(k) and not any(c.lower == "last" for c in parsed.children(k)))
        or (k.dep == "prep" and any(a_day(o) for o in parsed.children(k)))
        for k in children
        if not (later and not (arranged or told) and k.i < verb.i)
    )


_RECALLING: Final = frozenset({"remember", "recall", "reminisce"})


def _told_as_memory(parsed: ParsedText, chain: Sequence[Token]) -> bool:
    """The clause is a memory: what "I remember" or "I recall" now (not "I remembered to
    stretch", a deed), or a clause hung on a time of last century ("summer '98 when we
    walked the whole trail": a "when" clause after a year of last century)."""
    last = chain[-1]
    owner = parsed.head(last) if last.dep in ("ccomp", "advcl", "relcl", "acl") else None
    for tok in (*chain, *((owner,) if owner is not None else ())):
        if (
            tok.lemma in _RECALLING
            and tok.tag in ("VBP", "VB")
            and any(k.dep == "nsubj" and k.lower in FIRST_PERSON for k in parsed.children(tok))
            and not any(k.dep == "xcomp" for k in parsed.children(tok))
        ):
            return True
    if not any(k.lower == "when" for k in parsed.children(last)):
        return False
    words = [w for w in parsed.sentence_words(last) if w.i < last.i]
    return any(  # "'98" is two tokens
        _LAST_CENTURY.fullmatch(w.lower)
        or (w.text in "'’" and _LAST_CENTURY.fullmatch("'" + n.lower))
        for w, n in itertools.pairwise([*words, last])
    )


def _clause_chain(parsed: ParsedText, tok: Token) -> list[Token]:
    """``tok`` and its heads up to the verb that closes its clause (inclusive)."""
    chain = [tok]
    if tok.is_verb and tok.dep in _CLAUSE_EDGES:
        return chain
    for up in parsed.ancestors(tok):
        if _across_break(parsed, chain[-1], up):
            break
        chain.append(up)
        if up.is_verb and (up.dep in _CLAUSE_EDGES or up.dep == "ROOT"):
            break
        if up.dep in ("ccomp", "advcl", "relcl", "parataxis") and not up.is_verb:
            break
    return chain


def _measure_apart(parsed: ParsedText, chain: Sequence[Token]) -> list[Token]:
    """A count's chain up to its measure when a comma sets the measure after a clause
    ("Boots on the couch watching MAFS, 20 min"): the parser hangs it on the last noun,
    but the minutes are the whole sentence's, not the watching's."""
    for k, (tok, up) in enumerate(itertools.pairwise(chain)):
        if (
            tok.dep == "appos"
            and unit_of(tok.lower) is not None
            and up.i < tok.i
            and any(t.text == "," for t in parsed.tokens[up.i + 1 : tok.i])
        ):
            return list(chain[: k + 1])
    return list(chain)


def _wider_chain(parsed: ParsedText, chain: Sequence[Token]) -> list[Token]:
    """The clause chain's tokens and the heads above it up to the sentence root, through
    complements and subordinate clauses but not across a conjunction ("I wanted to sleep
    but ran anyway": the run is not wanted)."""
    out = list(chain)
    current = chain[-1]
    while current.dep not in ("conj", "parataxis", "ROOT"):
        up = parsed.head(current)
        if up is None or _across_break(parsed, current, up):
            break
        out.append(up)
        current = up
    return out


def _spliced_off(parsed: ParsedText, head: Token, chain: Sequence[Token]) -> int | None:
    """Where a verbless opening phrase ends when a comma and a clause of its own follow
    ("Yoga today, next week I start the advanced class"; "Capoeira today, we prepare for
    the batizado next month"): the parser hangs the phrase on the later verb, whose
    time and doer are not the phrase's. ``None`` when the cue is in that clause."""
    governor = _governor(chain) or next((a for a in parsed.ancestors(head) if a.is_verb), None)
    if governor is None or governor.i <= head.i:
        return None
    first, _ = parsed.sentence_of(head)
    comma = next((t for t in parsed.tokens[head.i + 1 : governor.i] if t.text == ","), None)
    if comma is None or any(t.is_verb for t in parsed.tokens[first : comma.i]):
        return None
    if not any(t.text[:1].isalnum() for t in parsed.tokens[first : comma.i] if t.i != head.i):
        return None  # "Yoga, I will do it tomorrow": the topic of what follows
    if any(t.lower in ("it", "that", "this", "them") for t in parsed.subtree(governor)):
        return None
    subjects = [k for k in parsed.children(governor) if k.dep in ("nsubj", "nsubjpass")]
    inherited = _subject(parsed, governor)
    if not any(s.i > comma.i for s in [*subjects, *([inherited] if inherited else [])]):
        return None
    return comma.i


def _governor(chain: Sequence[Token]) -> Token | None:
    """The verb of the cue's clause; ``None`` for a fragment ("gentle yoga flow")."""
    return next((t for t in chain if t.is_verb), None)


def _subject(parsed: ParsedText, verb: Token) -> Token | None:
    """The verb's subject, inherited along conjunctions and open complements."""
    current: Token | None = verb
    seen: set[int] = set()
    while current is not None and current.i not in seen:
        seen.add(current.i)
        kids = parsed.children(current)
        subjects = [
            child
            for child in [*kids, *(g for k in kids if k.dep == "aux" for g in parsed.children(k))]
            if child.dep in ("nsubj", "nsubjpass") and child.i < current.i
        ]
        # the nearest: "the game with my team, we lost 2-0" is ours; past a count the
        # parser made a subject ("he did 50 push up": "he", not "50")
        for child in sorted(subjects, key=lambda t: -t.i):
            if not _not_a_subject(parsed, child, current):
                return child
            if not _is_measure(parsed, child):
                return None
        if subjects:
            return None
        up = parsed.head(current)
        if current.dep in ("conj", "xcomp", "advcl") and up is not None:
            if _across_break(parsed, current, up) or (current.dep == "conj" and up.lemma == "be"):
                return None  # "the grind was real, got through 3 chapters": not the grind
            if (
                current.dep == "advcl"
                and (current.tag == "VBD" or _says_its_own(parsed, up, current))
                and current.i < up.i
                and not any(k.dep == "mark" for k in parsed.children(current))
            ):
                # "phoned Ruby for her birthday she is 9", "Send Fati ₵100 on MoMo she say
                # ti paya": a run-on, not "she"
                return None
            current = up
            continue
        return None
    return None


def _is_measure(parsed: ParsedText, tok: Token) -> bool:
    """A number, a time or a counted thing ("5k", "21:00", "20 lengths"), never a person;
    a log line's clock time is no count ("17:30 Wahid went gym")."""
    return bool(TIME_OR_NUMBER.match(tok.text)) or (
        tok.lemma not in _PEOPLE
        and any(
            k.dep == "nummod" and k.text[:1].isdigit() and not _clock_reading(parsed, k)
            for k in parsed.children(tok)
        )
    )


def _clock_reading(parsed: ParsedText, tok: Token) -> bool:
    """A clock time ("17:30" anywhere, "17.30" opening its sentence, not "2.50 miles")
    before someone who went somewhere ("17:30 Wahid gone gym"), not a title finished."""
    owner = parsed.head(tok)
    went = parsed.head(owner) if owner is not None else None
    if went is None or went.lemma not in _WENT:
        return False
    if re.fullmatch(r"\d{1,2}:\d{2}", tok.text):
        return True
    return bool(re.fullmatch(r"\d{1,2}\.\d{2}", tok.text)) and (
        parsed.sentences[tok.sent][0] == tok.i
    )


_WENT: Final = frozenset({"go", "gone", "come", "leave", "head", "drive", "take", "bring"})


def _done_how(parsed: ParsedText, verb: Token, subject: Token) -> bool:
    """The parser made the thing done the subject of how it was done: "I did the examen
    lying down", "did the stretches sitting on the bed" ("did" before it, the writer's)."""
    did = parsed.head(verb)
    return (
        verb.tag == "VBG"
        and verb.dep in ("ccomp", "xcomp", "advcl")
        and did is not None
        and did.lemma == "do"
        and did.i < subject.i
        and all(k.lower in FIRST_PERSON for k in parsed.children(did) if k.dep == "nsubj")
    )


def _described(parsed: ParsedText, subject: Token) -> bool:
    """A subject the parser could not tag that a comma-set noun describes: someone
    ("Yolanda, the new aide, took Dov round the block")."""
    after = parsed.tokens[subject.i + 1] if subject.i + 1 < len(parsed.tokens) else None
    return (
        after is not None
        and after.text == ","
        and any(k.dep == "appos" and k.pos in ("NOUN", "PROPN") for k in parsed.children(subject))
    )


# Times of day a terse line may open with before a colon ("Night: rosary done").
_WHEN_OWNERS: Final = frozenset(
    {"morning", "afternoon", "evening", "night", "today", "tonight", "noon", "midday", "am", "pm"}
)


def _done_by_another(parsed: ParsedText, head: Token) -> bool:
    """A noun the parser made the root, with "did" and someone else hung on it as its
    auxiliary and subject ("maddie did chloe ting abs on facetime")."""
    while head.dep == "compound" and (owner := parsed.head(head)) is not None:
        head = owner  # "ting" in "chloe ting abs": any word of the phrase may bear them
    kids = [k for part in parsed.subtree(head) if part.i == head.i or part.dep == "compound"
            for k in parsed.children(part)]  # fmt: skip
    did = next((k for k in kids if k.dep in ("aux", "compound") and k.lemma == "do"), None)
    return did is not None and any(
        k.dep == "nsubj"
        and k.i < did.i  # not "Did the physio stretches sitting down"
        and k.pos in ("NOUN", "PROPN", "PRON")
        and k.lower not in FIRST_PERSON
        for k in kids
    )


_A_DATE: Final = re.compile(r"\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?")


_TIME_PREPOSITIONS: Final = frozenset({"before", "after", "until", "till", "since", "during"})


_CLAUSE_SUBJECTS: Final = frozenset({"it", "he", "she", "they", "you", "we"})


def _not_a_subject(parsed: ParsedText, subject: Token, verb: Token) -> bool:
    """A word the parser took for the subject of a terse, subjectless diary sentence: a
    number, time or measure ("10k easy, stretched after", "20 lengths, stretched after"),
    a heading before a colon ("Work trip: ran"), the object after a leading "Did" ("Did
    the school run"), or a bare noun that opens the sentence right before its verb and
    makes one verb with it ("Batch cooked", "Foam rolled")."""
    if (_is_measure(parsed, subject) and subject.lemma not in _COUNTED_PEOPLE) or not any(
        ch.isalnum() for ch in subject.text
    ):
        return True  # "15 min. Swam 1km": a full stop read as a name is no subject
    if _A_DATE.fullmatch(subject.text) or subject.lower.rstrip(".") in _DAY_SHORT:
        return True  # "Tue 11/3 — cycled to IOB": the day's date heads the log
    if subject.lower == "all" and verb.tag == "VBG":
        return True  # "Easy 4k, all running": wholly, not everyone
    if subject.lower in _WHEN_OWNERS and not any(
        k.dep in ("det", "poss") for k in parsed.children(subject)
    ):
        return True  # "Night wrote rojmel, tallied": when, not who ("the night was long")
    if (
        subject.i > 0
        and parsed.tokens[subject.i - 1].lower in _TIME_PREPOSITIONS
        and not (subject.lower in _CLAUSE_SUBJECTS and parsed.tokens[subject.i - 1].dep == "mark")
    ):  # not "before it rang": a clause's own subject; "After that did pushups" is when
        return True  # "Before sleep prayed the Glorious mysteries": when, not who
    if verb.tag == "VBZ" and _counted_exercise(parsed, verb, [subject]):
        return True  # "Calf raises 3x12": an exercise and its count
    if any(t.text in (":", "—", "–", ";") for t in parsed.tokens[subject.i + 1 : verb.i]):
        return True  # "Tour bus life: wrote two verses": a heading, not a subject
    if _an_item_before(parsed, subject, verb):
        return True
    first, _ = parsed.sentences[subject.sent]
    opening = parsed.words(first, subject.i)
    if opening and opening[0].lemma == "do" and opening[0].dep == "aux":
        return True
    return (verb.tag == "VBD" and not opening and _noun_compound(parsed, subject, verb)) or (
        verb.tag == "VBZ" and _bare_verb(parsed, verb) and _noun_compound(parsed, subject, verb)
    )


def _an_item_before(parsed: ParsedText, subject: Token, verb: Token) -> bool:
    """A thing (not a person) the parser took for the subject, parted from the verb by
    one comma: the items of a day ("Afternoon office, evening lighted diya", "Agility in
    the morning (clear round!), then hoovered the car"), not a subject and its verb."""
    after = [  # "Morning clinic, evening lit the candles": "evening" read as its appositive
        k.i
        for k in parsed.children(subject)
        if k.dep == "appos" and parsed.tokens[min(t.i for t in parsed.subtree(k)) - 1].text == ","
    ]
    ends = [t.i for t in parsed.subtree(subject, skip=after) if t.pos != "PUNCT"]
    between = [
        t
        for t in parsed.tokens[max(ends, default=subject.i) + 1 : verb.i]
        if t.pos != "PUNCT" or t.text == ","
    ]
    return (
        bool(between)
        and between[0].text == ","
        and sum(t.text == "," for t in between) == 1
        and subject.pos == "NOUN"
        and subject.lemma not in _PEOPLE
        and subject.lemma not in _KIN
        and not any(k.dep == "conj" for k in parsed.children(subject))
    )


def _bare_verb(parsed: ParsedText, verb: Token) -> bool:
    """A verb with nothing but a subject and conjuncts: "leg raises and gentle stretches"
    reads as nouns, "dentist says floss more" has a complement and is a verb."""
    return all(k.dep in ("nsubj", "cc", "conj", "punct", "dep") for k in parsed.children(verb))


def _noun_compound(parsed: ParsedText, noun: Token, verb: Token) -> bool:
    """A bare singular noun right before the word it is read as the subject of, making
    one word with it: "Batch cooked", "Foam rolled", "leg raises".  A person never is
    ("Wife prepared ...", "Nobody rang")."""
    return (
        noun.tag == "NN"
        and noun.known  # "Darlene cooked": a word no dictionary holds is likely a name
        and noun.pos != "PRON"
        and noun.lower not in _NEGATIVE_SUBJECTS
        and noun.lemma not in _PEOPLE
        and noun.lemma not in _KIN
        and noun.i + 1 == verb.i
        and not parsed.children(noun)
    )


# Words beside a zero that make it the goal reached ("0 unread", "inbox 0", "0 left").
_LESS_IS_DONE: Final = frozenset({"unread", "inbox", "left", "remaining", "outstanding"})
_THOUGHT_BREAK: Final = re.compile(r"\s[-–—]\s|;")
_CLOSING_QUOTES: Final = frozenset("'’\"”")


def _asks(text: str, at: int, lo: int, hi: int) -> bool:
    """A question mark of the writer's own in the stretch of ``text[lo:hi]`` that holds
    ``at``: not one that closes a quotation ("just 'how's the new job?'"), nor one in
    another thought after a dash or semicolon ("Took the drops - fine I think?")."""
    for brk in _THOUGHT_BREAK.finditer(text, lo, hi):
        if brk.end() <= at:
            lo = brk.end()
        elif brk.start() >= at:
            hi = brk.start()
            break
    for pos in range(lo, hi):
        if text[pos] != "?":
            continue
        if text[pos + 1 : pos + 2] in _CLOSING_QUOTES or _in_quotes(text, pos):
            if _quoted_question_holds(text, at, pos):
                return True  # "client ask me 'you dance sabar?'": asked of it, not done
            continue
        if _asks_of_the_result(text, at, pos):
            continue  # "Colwick 29:12, PB-ish??": asked of the time, not of the run
        return True
    return False


_AFTERTHOUGHT_WORDS: Final = 2
_HEDGES: Final = frozenset(
    {"maybe", "perhaps", "prob", "probably", "possibly", "tomorrow", "tmrw", "later", "tonight",
     "or", "if", "next", "soon"}
)  # fmt: skip


def _asks_of_the_result(text: str, at: int, mark: int) -> bool:
    """The question is a short afterthought of its own after a comma, past the cue and
    the number it came to ("Colwick 29:12, PB-ish??", "ran 10k, a record?"), not a hedge
    ("Gym at 6, maybe?")."""
    comma = text.rfind(", ", at, mark)  # not the comma of "12,000"
    if comma < 0 or not any(ch.isdigit() for ch in text[at:comma]):
        return False
    words = re.findall(r"[^\W\d_]+", text[comma:mark].lower())
    return 0 < len(words) <= _AFTERTHOUGHT_WORDS and not _HEDGES & set(words)


def _quoted_question_holds(text: str, at: int, mark: int) -> bool:
    """``at`` is inside the quotation that the question mark at ``mark`` closes."""
    opening = None
    for m in _OPENING_QUOTE.finditer(text, max(0, mark - 160), mark):
        opening = m.start()
    return opening is not None and opening < at < mark


_ASKING_AUX: Final = frozenset({"am", "do", "did", "does", "should", "have", "has", "was", "can"})


def _inverted_question(sentence: Sequence[Token]) -> bool:
    """A sentence that opens as a question, asking about the writer, though no question
    mark closes it ("am I doing the exercises right", "did I even stretch")."""
    words = [w for w in sentence if w.text[:1].isalnum()]
    return (
        len(words) >= 3
        and words[0].lower in _ASKING_AUX
        and words[1].lower in ("i", "we")
        and words[0].is_verb
    )


def _in_quotes(text: str, at: int) -> bool:
    """True when position ``at`` is inside quotation marks of its paragraph."""
    para_start = text.rfind("\n\n", 0, at) + 1
    before = text[para_start:at]
    straight = before.count('"') % 2 == 1
    curly = before.count("“") > before.count("”")
    return straight or curly


def _says_its_own(parsed: ParsedText, said: Token, deed: Token) -> bool:
    """A speech verb after the deed with words of its own after it ("Send Fati ₵100 on
    MoMo she say ti paya"): what was said is those words, not the deed."""
    return (
        said.lemma in _SPEECH_VERBS
        and said.i > deed.i
        and any(k.i > said.i and k.dep in ("ccomp", "dobj", "xcomp") for k in parsed.children(said))
    )


def _a_past_phrase(parsed: ParsedText, words: Sequence[Token], match: CueMatch) -> bool:
    """A phrase of a time gone (PAST_PHRASES) stands in the cue's clause: not "back in" a
    place ("mats back in the hall"), nor "used to" in a clause told of another thing that
    the cue is no part of ("played krez, the tune grandmother used to hum")."""
    lowers = [w.lower for w in words]
    for phrase in PAST_PHRASES:
        for k in _phrase_at(words, phrase, compared=False):
            if phrase == ("back", "in") and _back_in_a_place(lowers[k + 2 : k + 4]):
                continue
            if phrase == ("used", "to") and _told_of_another(parsed, words[k], match):
                continue
            if _in_brackets_apart(parsed.text, words[k].start, parsed.tokens[match.first].start):
                continue  # "Palabras for my niece (she present in school for the día …)"
            return True
    return False


def _in_brackets_apart(text: str, at: int, cue: int) -> bool:
    """``at`` stands inside brackets on its line that do not hold the cue at ``cue``: an
    aside of its own."""
    line_start = text.rfind("\n", 0, at) + 1
    opened = text.rfind("(", line_start, at)
    if opened < 0 or text.find(")", opened, at) >= 0:
        return False
    closed = text.find(")", at)
    return not opened < cue < (closed if closed >= 0 else len(text))


# What "back in" a place is put or come back to, not a time gone ("mats back in the hall",
# "back in the pool today"); "back in the day", "back in the 90s" are then.
_BACK_IN_THEN: Final = frozenset({"day", "days", "old", "olden", "past", "sixties", "seventies",
                                  "eighties", "nineties", "time", "times"})  # fmt: skip


def _back_in_a_place(after: Sequence[str]) -> bool:
    """The words after "back in" name a place ("the hall", "my bed"), not a time gone."""
    if len(after) < 2 or after[0] not in ("the", "my", "our", "his", "her", "their"):
        return False
    return after[1] not in _BACK_IN_THEN and not after[1][:1].isdigit() and after[1][:1] != "'"


def _told_of_another(parsed: ParsedText, used: Token, match: CueMatch) -> bool:
    """``used`` opens a clause of its own that tells of another thing ("the tune she used
    to hum"), the cue no part of it."""
    if used.dep not in ("relcl", "acl"):
        return False
    return not any(match.first <= t.i <= match.last for t in parsed.subtree(used))


def _has_phrase(words: Sequence[Token], phrase: Sequence[str], *, compared: bool = True) -> bool:
    """``phrase`` stands among ``words``; with ``compared`` false, not as a likeness ("all
    like in school in Kharkiv": today's barre is like school's, not in school)."""
    return bool(_phrase_at(words, phrase, compared=compared))


def _phrase_at(words: Sequence[Token], phrase: Sequence[str], *, compared: bool) -> list[int]:
    """Where ``phrase`` stands among ``words``, as ``_has_phrase`` reads it."""
    lowers = [w.lower for w in words]
    n = len(phrase)
    return [
        k
        for k in range(len(lowers) - n + 1)
        if tuple(lowers[k : k + n]) == tuple(phrase)
        and (compared or k == 0 or lowers[k - 1] not in ("like", "as"))
        and lowers[k + n : k + n + 1] not in (["'s"], ["’s"])  # "last year's map": a thing's
    ]


def _future_heading_over(parsed: ParsedText, tok: Token) -> bool:
    """A sentence like "Tomorrow:" or "Tonight: ..." governs the rest of its paragraph."""
    text = parsed.text
    para_start = text.rfind("\n\n", 0, tok.start) + 1
    for s_index in range(tok.sent, -1, -1):
        first, last = parsed.sentences[s_index]
        words = parsed.words(first, last)
        if not words or words[0].start < para_start:
            break
        if any(  # "Tomorrow:", "So plan: long run 25 km, fartlek Tue and Thur"
            a.lower in HEADING_WORDS and b.text == ":" and b.start < tok.start
            for a, b in itertools.pairwise(words[:4])
        ):
            return True
        if s_index < tok.sent and text.find("\n", words[-1].end, tok.start) >= 0:
            break  # a new line ends the heading's reach
    return False


def _addressed_region(text: str) -> int | None:
    """Where text addressed to the app (an instruction, a fake delimiter) starts: at the
    first such marker; ``None`` when there is none. All that follows is not the writer's
    account of the day."""
    m = _ADDRESSED.search(text)
    return None if m is None else m.start()


def _sentence_text(body: str, parsed: ParsedText, tok: Token) -> tuple[int, str]:
    s_start, s_end = parsed.sentence_span(tok)
    line_start, line_end = line_bounds(body, tok.start)
    a, b = max(s_start, line_start), min(s_end + 1, line_end)
    return a, body[a:b]


def _tells_the_past(parsed: ParsedText, start: int, end: int) -> bool:
    """A verb in the past between the characters ``start`` and ``end``."""
    return any(start <= t.start < end and _in_the_past(t) for t in parsed.tokens)


def _context_reason(body: str, parsed: ParsedText, head: Token, start: int) -> BlockReason | None:
    """Signals read from the words around a match: text addressed to the app, a reminder,
    a plan heading, a wish to be someone, sarcasm, single scare quotes."""
    region = _addressed_region(body)
    if region is not None and start >= region:
        return BlockReason.ADDRESSED_TO_THE_APP
    s_at, sentence = _sentence_text(body, parsed, head)
    line_start, line_end = line_bounds(body, start)
    line = body[line_start:line_end]
    marker = LIST_MARK.match(line) if is_list_line(line) else None
    bare_line = line[marker.end() :] if marker else line
    if _REMINDER.match(sentence) or (
        _REMINDER.match(bare_line)
        and (len(bare_line) <= 160 or not _tells_the_past(parsed, line_start, line_end))
    ):  # not a whole day's paragraph after "Note to self:", told in the past
        return BlockReason.REMINDER
    if _TOLD_COLON.search(body[s_at:start]):
        return BlockReason.QUOTED_SPEECH
    if plan_heading_over(body, start):
        return BlockReason.FUTURE_HEADING
    if _ASPIRATION.search(body[s_at:start]):
        return BlockReason.WISH_LIST
    if _SARCASM.search(sentence):
        return BlockReason.SARCASM
    return None


# --------------------------------------------------------------------------- signals


_DAY_SHORT: Final = DAY_NAMES - frozenset(WEEKDAYS)
_DATE_NEXT: Final = re.compile(
    r"[ \t]*(?:[,:/.-]?[ \t]*\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b)",
    re.IGNORECASE,
)


_LATER: Final = frozenset(
    {"later", "tomorrow", "tmrw", "tmr", "tonight", "soon", "someday", "sometime", "eventually",
     "next", "afterwards"}
)  # fmt: skip


_DENIED_DENIAL: Final = frozenset({"forget", "fail", "neglect", "hesitate", "miss", "skip"})


def _on_next(parsed: ParsedText, verb: Token) -> bool:
    """``verb``, not in the past, is done at the next of something ("I tell her on next
    call", "see him at the next meeting"): a plan."""
    if verb.tag in ("VBD", "VBN"):
        return False  # "the next day I swam"
    return any(
        k.dep == "prep"
        and any(
            any(m.lower == "next" and m.dep in ("amod", "det") for m in parsed.children(o))
            for o in parsed.children(k)
            if o.dep == "pobj"
        )
        for k in parsed.children(verb)
    )


def _denied(parsed: ParsedText, verb: Token) -> bool:
    """``verb`` is said with "not" or "never" ("didn't miss", "never skip")."""
    return any(
        k.dep == "neg" or (k.lower in ("never", "not") and k.dep == "advmod")
        for k in parsed.children(verb)
    )


def _denied_to(parsed: ParsedText, verb: Token) -> bool:
    """The cue is an infinitive under a denied verb ("didn't trust myself to sing",
    "never got to swim"): its clause ends at the infinitive, the denial is above it."""
    if verb.tag != "VB" or verb.dep not in ("advcl", "xcomp") or not _infinitive(parsed, verb):
        return False
    above = parsed.head(verb)
    if above is None or above.lemma in _DENIED_DENIAL:
        return False  # "didn't forget to take my pills"
    return _denied(parsed, above)


def _to_do_later(parsed: ParsedText, verb: Token) -> bool:
    """The cue is an infinitive of something left for later ("to read later", "to call
    tomorrow"): a purpose, not a deed."""
    if verb.tag != "VB" or not _infinitive(parsed, verb):
        return False
    after = parsed.tokens[verb.i + 1 : verb.i + 5]
    return any(t.lower in _LATER and t.sent == verb.sent for t in after)


# Done for the writer by someone else: "… the horta for me", "… the shopping for us".
_FOR_ME: Final = re.compile(r"\s*(?:[\w'’-]+\s+){0,3}?for (?:me|us)\b(?!\s+and\b)", re.IGNORECASE)


_BIDDING: Final = frozenset({"have", "make", "get", "let"})


def _had_us_do(parsed: ParsedText, governor: Token) -> bool:
    """The subject had, made or let the writer do a thing ("Kumu had us run the kahiko
    12 times", "Coach made me do the drills"): the writer did it."""
    return governor.lemma in _BIDDING and any(
        k.dep in ("ccomp", "xcomp")
        and k.is_verb
        and any(
            s.dep == "nsubj" and s.lower in ("us", "me") and s.i == governor.i + 1 < k.i
            for s in parsed.children(k)
        )
        for k in parsed.children(governor)
    )


def _made_it_to(parsed: ParsedText, subject: Token, governor: Token) -> bool:
    """The writer got there ("Made it to choir"), though the parser read the event as a
    verb whose subject is the "it" of "made it"."""
    over = parsed.head(governor)
    return (
        subject.lower == "it"
        and governor.dep in ("ccomp", "xcomp", "advcl")
        and over is not None
        and over.lemma == "make"
        and subject.head in (governor.i, over.i)
    )


def _another_before(parsed: ParsedText, sent: int, before: int) -> bool:
    """Someone other than the writer is named before token ``before`` in the sentence (a
    capitalised word not opening it, or "he", "she", "they"), and no "I" or "we"."""
    first = parsed.sentences[sent][0]
    words = parsed.words(first, before)
    if any(w.lower in ("i", "we") for w in words):
        return False
    return any(  # a name the tagger took for an adjective: "so Eleni water the garden"
        (w.text[:1].isupper() and w.i != first and (w.pos == "PROPN" or not w.known))
        or w.lower in ("he", "she", "they")
        for w in words
    )


_PERIOD: Final = re.compile(r"\b(?:months?|monthly|weeks?|weekly|wks?|years?|fortnight)\b", re.I)
_TALLY: Final = re.compile(r"\b(?:summary|recap|tally|totals?|stats|score|review)\b", re.I)


def _tally_heading(before: str) -> bool:
    """The line opens with a heading that sums up a period ("Month summary:", "score for
    2 wks:", "Weekly review:"): what follows counts other days too."""
    heading, colon, _ = before.partition(":")
    return (
        bool(colon)
        and len(heading) <= 40
        and bool(_PERIOD.search(heading) and _TALLY.search(heading))
    )


def _written_word(text: str, start: int, end: int) -> str:
    """The word as written around ``text[start:end]``: out to white space on both sides,
    without the punctuation at its edges ("Quinta-feira," for "feira")."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].strip(".,;:!?()[]{}\"'“”‘’")


def _names_a_date(text: str, parsed: ParsedText, match: CueMatch) -> bool:
    """A cue word written as a weekday's short name, with a date after it ("Sat 14 Nov",
    "Sat, 3/10", "Wed 12th"): the day, not the word ("sat")."""
    if match.first != match.last:
        return False
    tok = parsed.tokens[match.first]
    return (
        tok.text[:1].isupper()
        and tok.lower in _DAY_SHORT
        and _DATE_NEXT.match(text, tok.end) is not None
    )


# A call that did not get through, said after it ("but no answer", "but I missed it").
_CALLING: Final = re.compile(
    r"\b(?:call|called|calling|rang|ring|phoned?|facetimed?|video|videocall\w*|skyped?|"
    r"whatsapp\w*)\b",
    re.IGNORECASE,
)
_NOT_REACHED: Final = re.compile(
    r"^(?:[^.!?\n]{0,40}?\bbut\b[^.!?\n]{0,40}?|(?:[ \t]+[\w'’]+){0,4}[ \t]*[,:;(–—-][ \t]*)"
    r"(?:\bno (?:connection|answer|signal|reply|"
    r"one (?:answered|picked up))|\bnobody (?:answered|picked up)|"
    r"\b(?:did ?n[o'’]?t|do ?n[o'’]?t|does ?n[o'’]?t|not|never|couldn'?t|could not|can'?t) "
    r"(?:pick up|pick|answer|get through|connect)|"  # a learner's "they don't answer"
    r"\bvoice ?mail|\bonly (?:a )?voice (?:message|note)|"
    r"\bmissed (?:it|the call|her call|his call|their call)|\bwas engaged|"
    r"\bline was busy|\bwent dead|\bkept dropping|\bcut off|\ball fail\w*|\bfailed\b|"
    r"\b(?:phone|cell|mobile) (?:was |is )?(?:off|dead|switched off)\b|\bswitched off\b|"
    r"\bunreachable\b|\bnot reachable\b)",
    re.IGNORECASE,
)


# What was begun but not done, said after it: "Budget spreadsheet open but didn't enter
# anything", "book out but did nothing" (not "… didn't do anything else").
# Set out for it, but turned back on the way: not there and back.
_SET_OUT: Final = re.compile(
    r"\b(?:set|sets|setting|started|start|headed|head|heading)\s+(?:out|off)?\b[^.!?\n]{0,20}$",
    re.I,
)
_TURNED_BACK: Final = re.compile(
    r"[^.!?\n]{0,40}?\bbut\b[^.!?\n]{0,20}?\b(?:turned (?:back|round|around)|gave up|"
    r"had to (?:turn|stop|come back|head back)|came back early|bailed|abandoned)\b",
    re.I,
)
# The writer says what they told does not count ("20 min in the tram, doesn't count").
_NOT_COUNTED: Final = re.compile(
    r"[^.!;\n]{0,100}?\b(?:does|did|do)(?:n[’']?t|nt| not)\s+count\b", re.IGNORECASE
)
# The thing said first, then that it did not happen, as a terse log puts it ("Dad VP
# miss", "Gym skipped", "Horses rest day", "English class no", "Kurs iptal", "Yoga –
# отменена"): nothing else in the clause after the word.
_THEN_UNDONE: Final = re.compile(
    r"(?:[ \t]+(?!(?:i|we|you|he|she|they)\b)[\w’'+/]+){0,2}?"  # the rest of the name
    r"[ \t]*(?:[-–—:][ \t]*)?(?:(?:today|tonight|again)[ \t]+)?(?:miss|missed|skipped|skip|"
    r"cancell?ed|postponed|forgotten|nope|no|nah|rest[ \t]+day|off[ \t]+today|"
    # "cancelled" and "no" as a code-switching writer puts them
    r"iptal|batal|abgesagt|ausgefallen|annul[ée]e?s?|cancelad[oa]s?|отмен[её]н[аоы]?|"
    r"zrušen[éýá]|odpadl[oa]?|nee|nein|non|нет|няма|yok|kesiangan|bolong)"
    r"(?!\.\s*\d)[ \t]*(?=[.!,;:)(\n]|$)",  # not "mock no. 9"
    re.IGNORECASE,
)
# "Nothing with the herd today": none of it done.
_NOTHING_WITH: Final = re.compile(
    r"\bnothing\s+(?:with|for|on|of)\s+(?:the\s+|my\s+|our\s+)?$", re.IGNORECASE
)
# Steps one goes up or down are stairs, no count walked ("helped her up the steps").
_STAIRS: Final = frozenset({"steps", "step", "stairs"})
_UP_THE: Final = re.compile(
    r"\b(?:up|down)\s+(?:the|those|these|his|her|our|their|my)\s+$",
    re.IGNORECASE,
)
# A meal after "at", "after" or "before" says when ("a can at lunch", "after dinner"), not
# that it was made or eaten as the habit asks.
_MEALS: Final = frozenset(
    {"breakfast", "lunch", "dinner", "supper", "brunch", "lunchtime", "dinnertime", "teatime"}
)
_WHEN_PREPS: Final = frozenset(
    {"at", "after", "before", "during", "over", "till", "until", "since", "around"}
)
# The time of the thing, then that the writer stayed away or could not go ("Tai chi
# morning but I stay home", "choir tonight, but we stayed in", "madjliss tonight at Said
# but i cant").
_BUT_STAYED: Final = re.compile(
    r"[^.!?\n]{0,40}?\bbut\s+(?:i|we)\s+(?:just\s+|only\s+)?(?:(?:stay|stayed|staying|remain|"
    r"remained)\s+(?:at\s+)?(?:home|in|inside|back|behind|in\s+bed)\b|"
    r"(?:can[\'’]?t|cannot|can\s+not|could[\'’]?nt|couldn[\'’]t|could\s+not)\b"
    r"(?:\s+(?:go|come|make\s+it|attend|join))?\s*(?:[.,;!?)\n]|$))",
    re.I,
)
# Things put on a calendar, planner or schedule after a colon ("Wrote in my calendar: Tue
# tai chi, Wed seawall"): dates kept, not deeds.
_ON_THE_CALENDAR: Final = re.compile(
    r"\b(?:calendar|planner|agenda|schedule|to-?do list)\s*:[^.!?\n]*$", re.I
)
# The thing tried, then ", nothing" to end the clause ("huipil: I just put the thread in
# the needle and the light go off, nothing").
_THEN_NOTHING: Final = re.compile(
    r"[^.!?\n]{0,90}?,\s*(?:so\s+|and\s+)?nothing(?:\s+done)?\s*(?:[.!?;\n]|$)", re.I
)
# Where the thing is done, but gone to for an errand ("went to club only to give keys to
# coach", "in the club but only to take the sun on the deck").
_AN_ERRAND: Final = (
    r"\b(?:only|just)\s+to\s+(?:give|drop|pick|return|collect|bring|buy|pay|fetch|sign|grab|"
    r"take|leave|borrow|deliver|post)\b"
)
_ONLY_TO: Final = re.compile(r"[^.!?\n]{0,40}?" + _AN_ERRAND, re.I)
_ONLY_TO_BEFORE: Final = re.compile(_AN_ERRAND, re.I)
"""The errand told before the place ("in the club but only to take the sun on the deck of
the pileta")."""
# The thing, a day and a doubt: a plan ("milpa Thursday maybe", "choir on Friday perhaps").
_DAY_MAYBE: Final = re.compile(
    rf"\s*(?:on\s+)?(?:{FULL_DAY_PATTERN})\s+"
    r"(?:maybe|perhaps|probably|if\b)",
    re.I,
)
# The thing named lying somewhere, no deed told ("Library book on the table", "Itak book
# on the table").
_LYING_THERE: Final = re.compile(
    r"(?:[ \t]+(?!done\b|down\b)[\w'’-]+(?<!ed)){0,1}?[ \t]+(?:is\s+|lies\s+|sits\s+|still\s+)?"
    r"(?:on|under)\s+(?:the|my)\s+(?:table|shelf|desk|counter|nightstand|dashboard)\b",
    re.I,
)
_BUT_NOTHING: Final = re.compile(
    r"[^.!?\n]{0,40}?\bbut\b[^.!?\n]{0,15}?(?:\b(?:did ?n[o'’]?t|never|could ?n[o'’]?t|"
    r"could not|did not)\b[^.!?\n]{0,25}?\b(?:anything|a thing|a word|a page|a single)\b|"
    r"\bdid nothing\b)(?![ \t]+else)",
    re.IGNORECASE,
)


def _planned(parsed: ParsedText, chain: Sequence[Token]) -> bool:
    """The cue's verb or thing is what a plan, goal or idea was or is ("Plan was to cook
    for the week", "the idea is to swim before work", "Plan was aal, horses")."""
    for tok in chain:
        be = (
            parsed.head(tok)
            if (tok.is_verb and tok.dep in ("xcomp", "attr", "ccomp")) or tok.dep == "attr"
            else None  # "Plan was aal, horses": what the plan was, said as a thing
        )
        if be is not None and be.lemma == "be":
            subjects = [k for k in parsed.children(be) if k.dep in ("nsubj", "nsubjpass")]
            if any(s.lemma in INTENT_NOUNS for s in subjects):
                return True
    return False


_PEOPLE_WORDS: Final = frozenset(
    {"friend", "guy", "girl", "boy", "lady", "man", "woman", "mate", "buddy", "coach",
     "teacher", "people", "folk", "lad", "lass"}
)  # fmt: skip
"""Nouns of people a cue after "from" may describe ("the girls from choir came over")."""
_COUNTED_PEOPLE: Final = _PEOPLE_WORDS | {
    "person", "swimmer", "runner", "player", "guest", "tourist", "member", "kid", "child",
    "children", "men", "women",
}  # fmt: skip
"""People counted are who did it, not a measure of the writer's deed ("300 people swim")."""
_BECAUSE: Final = frozenset({"since", "because", "cause", "cos", "coz", "bc", "as"})
"""Words that open why a thing was done, after it."""
# "Without" as English and the languages around it say it ("Sábado sem roda").
_WITHOUT: Final = frozenset(
    {"without", "sem", "sin", "sans", "ohne", "senza", "bez", "без", "zonder", "utan", "uten"}
)
_TL_MORE: Final = frozenset({"nang", "na", "ng"})
"""What follows Tagalog "wala" (none) before the thing there is none of."""


# "No" before a thing, in English and as code-switching writers leave it ("walay gym",
# "kein Training", "geen gym", "hakuna mazoezi", "без зала", Bulgarian "няма сън").
_NO_WORDS: Final = frozenset(
    {"no", "walay", "walang", "kein", "keine", "keinen", "geen", "hakuna", "tanpa", "без", "нет",
     "няма", "нема", "žiadny", "žiadne", "ingen", "inget", "nessun", "nessuna", "aucun", "aucune",
     "ningún", "ninguna", "nenhum", "nenhuma", "hiç", "gaada"}
)  # fmt: skip


def _no_before(parsed: ParsedText, match: CueMatch) -> bool:
    """ "No" opens the cue's noun phrase, before it or before the words that modify it
    ("so no bike ride", "no jump rope" for the cue "rope")."""
    inside = range(match.first, match.last + 1)
    k = match.first - 1
    while (
        k >= 0
        and parsed.tokens[k].dep in ("compound", "amod")
        and parsed.tokens[k].head in inside
        and parsed.tokens[k].lower not in _NO_WORDS  # "walay gym": "walay" read as a noun
    ):
        inside = range(k, match.last + 1)
        k -= 1
    if k < 0 or parsed.tokens[k].lower not in _NO_WORDS:
        return False
    # a code-switched "no" is read by its place alone (the parser knows not its word)
    return parsed.tokens[k].lower != "no" or parsed.tokens[k].head in inside


def _not_reached(text: str, parsed: ParsedText, match: CueMatch, end: int) -> bool:
    """A call the same sentence says did not get through: "Called Emaye but no
    connection", "Mama called but I was in class and I missed it", "Call Aisen 3 times on
    whatsapp, no answer" (the call said just before the person called)."""
    first, last = parsed.tokens[match.first], parsed.tokens[match.last]
    before = parsed.tokens[max(match.first - 2, 0)]
    if before.sent == first.sent:
        first = before
    if not _CALLING.search(text, first.start, last.end):
        return False
    return _NOT_REACHED.match(text[last.end : max(end, last.end)]) is not None


_RUN_FORMS: Final = frozenset({"run", "ran", "runs", "running"})
# What a run itself may be ("ran the loop twice", "ran my first half", "ran a PB").
_RUN_OBJECTS: Final = frozenset(
    {
        "k", "km", "mile", "marathon", "half", "ultra", "race", "lap", "route", "trail",
        "loop", "distance", "course", "interval", "sprint", "hill", "tempo", "pace", "leg",
        "stretch", "block", "track", "circuit", "session", "rep", "set", "way", "bit", "time",
        "pb", "best", "split", "relay", "parkrun", "fartlek", "hundred", "mileage", "hm",
        "road", "path", "park", "beach", "river", "canal", "towpath", "forest", "woods",
    }
)  # fmt: skip


def _runs_a_thing(parsed: ParsedText, match: CueMatch) -> bool:
    """ "Run" with a thing as its object is running that thing, not a run: "ran the
    shop half day", "run every tray out to the truck", "ran an errand", "ran a bath"."""
    if match.first != match.last:
        return False
    verb = parsed.tokens[match.first]
    if verb.pos != "VERB" or (verb.lower not in _RUN_FORMS and verb.lemma != "run"):
        return False
    objects = [k for k in parsed.children(verb) if k.dep == "dobj"]
    if any(
        k.pos == "NOUN" and k.lemma not in _RUN_OBJECTS and not any(ch.isdigit() for ch in k.text)
        for k in objects
    ):
        return True
    # "we ran El Son de la Negra like 5 times", "ran it twice more": a piece run through
    later = [t.lower for t in parsed.sentence_words(verb) if t.i > verb.i]
    return any(k.pos in ("PROPN", "PRON") for k in objects) and any(
        w in ("times", "twice", "thrice") for w in later
    )


def _kin_opens_the_deed(parsed: ParsedText, match: CueMatch) -> bool:
    """A kinship word opens the sentence right before a cue whose last word is a past
    verb ("Mom video called Ebil"), the parser reading the kin as part of a noun: the
    kin did it. Not a log's "Mum call" (a noun) nor "Mum's call"."""
    last = parsed.tokens[match.last]
    if last.pos != "VERB" or last.tag not in ("VBD", "VBN") or match.first == 0:
        return False
    before = parsed.tokens[match.first - 1]
    first = parsed.sentences[before.sent][0]
    return (
        before.lemma in _KIN
        and before.dep in ("compound", "nsubj")
        and not parsed.words(first, before.i)
    )


_SIGNING_IN: Final = frozenset({"in", "into", "on", "onto", "out", "off"})


def _signs_in(parsed: ParsedText, match: CueMatch) -> bool:
    """ "Log" as signing in or out ("logged in to the church fb page", "log on"), not a
    log kept."""
    verb = parsed.tokens[match.last]
    after = parsed.tokens[verb.i + 1] if verb.i + 1 < len(parsed.tokens) else None
    return (
        verb.lemma == "log"
        and verb.pos == "VERB"
        and after is not None
        and after.lower in _SIGNING_IN
    )


def blocked(
    body: str,
    parsed: ParsedText,
    match: CueMatch,
    *,
    reading: bool = False,
    theirs: bool = False,
    named: frozenset[str] = frozenset(),
    owners: frozenset[str] = frozenset(),
) -> BlockReason | None:
    """Why the cue match does not show a completion, or ``None`` when it does.

    ``theirs``: the habit is done for someone it names as owner ("Kofi's stretches",
    "Dad's nebuliser"), so another's possessive before the cue is no block. ``named``:
    the words of the habit's name (lower case), which are no plan ("YouVersion plan").
    ``owners``: whose version of the thing the name says it is ("Knee rehab (Ciara's
    sheet)": "ciara"), not where it comes from ("Cook from Nonna's book").

    ``parsed`` is the parse of ``mask_for_parsing(body)`` (same offsets)."""
    text = body
    head = phrase_head(parsed, match)
    start = parsed.tokens[match.first].start
    line_start, line_end = line_bounds(text, start)
    line = text[line_start:line_end]
    if UNCHECKED.match(line):
        return BlockReason.UNCHECKED
    if open_or_moved_task(text, line, start - line_start):
        return BlockReason.UNCHECKED  # a bullet journal's "• floss" (open), "> yoga" (moved)
    marked = is_list_line(line) or (len(line) <= 120 and ITEM_MARK.search(line) is not None)
    if marked and item_not_done(line, start - line_start):
        return BlockReason.MARKED_NOT_DONE  # "- guitar ❌", "Yoga ✗", "Jogging ✗ (rain)"
    after = text[parsed.tokens[match.last].end : line_end]
    for signal, reason in _SAID_AFTER:
        if signal.match(after):
            return reason
    if CROSSED_AFTER.match(after) and not mark_leads(line):
        return BlockReason.MARKED_NOT_DONE  # "sandhyavandanam ✗ overslept", not "✓ a ✗ b"
    sentence_end = parsed.tokens[parsed.sentences[head.sent][1] - 1].end
    if SO_NONE.match(text[parsed.tokens[match.last].end : min(line_end, sentence_end)]) and (
        _said_of_another(parsed, head)
    ):
        return BlockReason.NEGATED  # "Naana went to her sister, so no pressure check"
    if _FOR_ME.match(text, parsed.tokens[match.last].end, line_end) and _another_before(
        parsed, head.sent, match.first
    ):
        return BlockReason.SOMEONE_ELSE  # "so Toninho water the horta for me today"
    if _tally_heading(text[line_start:start]):
        return BlockReason.LONG_AGO  # "Month summary: … gym 11 times": a period's tally
    if _LEADING_NO.search(text[line_start:start]):
        return BlockReason.NEGATED  # "no erg (hamstring)": a log's item answered first
    if _SCARE_QUOTED_DEED.match(text, max(start - 1, 0)) or _SCARE_QUOTED_BEFORE.search(
        text, max(line_start, start - 40), start
    ):
        return BlockReason.SARCASM  # '"helping" eej at the shop': so called, not done
    if _MUST_FIRST.match(text[max(line_start, parsed.sentence_span(head)[0]) : start]):
        return BlockReason.INTENTION  # "Must phone Johan"
    said_before = text[max(line_start, start - _BEFORE_WINDOW) : start]
    for signal, reason, unless in _SAID_BEFORE:
        if signal.search(said_before) and not (unless is not None and unless.match(text, start)):
            return reason
    if _reached_does_it(parsed, head, named):
        return BlockReason.SOMEONE_ELSE  # "Tatik called mom": the person the name reaches
    if _ONLY_ONES.search(text, line_start, start) and _WERE_OTHERS.match(after):
        return BlockReason.A_THING  # "the only shots today were tequila ones"
    if _REST_LEFT.search(text, *parsed.sentence_span(head)):
        return BlockReason.DID_NONE  # "did only Japji Sahib, rest of the Nitnem left"
    if _OPENED_AND_CLOSED.search(text, *parsed.sentence_span(head)):
        return BlockReason.DID_NONE  # "opened the worksheet, stared at it, closed it"
    if any(
        m.start() < start < m.end() and not _BUT.search(text, m.start(), start)
        for m in _OPENED_BUT.finditer(text, line_start, line_end)
    ):
        return BlockReason.DID_NONE  # "Abrí Duolingo, … but I didn't do the lesson"
    if _LEFT_IDLE.match(after) and _left_idle(parsed, match):
        return BlockReason.A_THING  # "Ankle band sitting on the desk staring at me"
    if LEFT_BEFORE.search(text, line_start, start) and LEFT_WHERE.match(after):
        return BlockReason.A_THING  # "left the jug at home on the counter"
    if parsed.tokens[match.last].lower in MESSAGES and FROM_SOMEONE.match(after):
        return BlockReason.SOMEONE_ELSE  # "text from grandma pearl": received, not sent
    if FROM_BEFORE.search(text, line_start, start):
        return BlockReason.SOMEONE_ELSE  # "a call from Mum": she rang
    if ASLEEP_BEFORE.search(text, line_start, start):
        return BlockReason.DID_NONE  # "Fell asleep before the decade"
    if PARTWAY_BEFORE.match(text[parsed.sentence_span(head)[0] : start]):
        return BlockReason.DID_NONE  # "only to the end of the village on the bike"
    if _NAMED_ONLY.search(text, line_start, start):
        return BlockReason.A_THING  # "There is a recipe for…", "bc of the flashcards"
    if _NOTHING_WITH.search(text, line_start, start):
        return BlockReason.DID_NONE  # "Nothing with the ealu today"
    if parsed.tokens[match.first].lower in _STAIRS and _UP_THE.search(text, line_start, start):
        return BlockReason.A_THING  # "helped her up the steps": stairs, no count of them
    if _a_meal_as_when(parsed, match):
        return BlockReason.A_TIME  # "1 can at lunch only": when, not the lunch made
    if _names_a_date(text, parsed, match):
        return BlockReason.A_THING  # "Sat 14 Nov: swam": the day, not "sat"
    if is_day_word(_written_word(text, start, parsed.tokens[match.last].end)) and not (
        is_day_word(match.cue.split()[0])  # "sunday league"
    ):
        return BlockReason.A_THING  # "Quinta-feira" is a Thursday, not the "feira"
    if _runs_a_thing(parsed, match):
        return BlockReason.A_THING  # "ran the shop", "run every tray out to the truck"
    if _signs_in(parsed, match):
        return BlockReason.A_THING  # "I logged in to the church fb page"
    if _gear_of(parsed, match):
        return BlockReason.A_THING  # "got proper running trainers", "running shoes in bag"
    owner = parsed.head(head) if head.dep == "compound" else None
    thing_end = owner.end if owner is not None and owner.i == match.last + 1 else None
    if _WHERE_IT_IS.match(after if thing_end is None else text[thing_end:line_end]):
        return BlockReason.A_THING  # "My book is on the nightstand", "the yoga mat is in"
    if _in_quotes(text, start) or _in_single_quotes(text, parsed, match, line_end):
        return BlockReason.QUOTED_SPEECH  # "the '15 words a day' sticker", "'stretch' ="
    if _ASKED_OF_ME.search(text, line_start, start):
        return BlockReason.QUESTION  # "the nurse asked had I done my insulin"
    if _TAUGHT_HOW.search(text, line_start, start):
        return BlockReason.SOMEONE_ELSE  # "I teach him how to do autoclave"
    context = _context_reason(text, parsed, head, start)
    if context is not None:
        return context
    if TICKED_LINE.match(line) and not LINE_NOT_DONE.search(line):
        return None
    sentence = parsed.sentence_words(head)
    s_start, s_end = parsed.sentence_span(head)
    if _asks(text, start, max(s_start, line_start), min(s_end + 1, line_end)):
        return BlockReason.QUESTION
    if _CONSIDERED.search(text, max(s_start, line_start), start):
        return BlockReason.INTENTION  # "Thought about going up to see Isa"
    if _AM_TO.search(text, max(s_start, line_start), start):
        return BlockReason.A_PLAN  # "I am to phone Calum on Wednesday as usual"
    if _DREAMT.search(text, max(s_start, line_start), start):
        return BlockReason.DREAMT  # "Dream last night I do chaktsal in Bodhgaya"
    if _TALKED_OF.search(text, max(s_start, line_start), start):
        return BlockReason.A_THING  # "we spoke of the peats": a topic, not a deed
    if _SLEPT_THROUGH_BEFORE.search(text, max(s_start, line_start), start) or (
        _SLEPT_THROUGH_AFTER.match(text, parsed.tokens[match.last].end, line_end)
    ):
        return BlockReason.AVOIDED  # "Bomdat I sleep through"
    if _IN_MY_HEAD.match(text, parsed.tokens[match.last].end, line_end):
        return BlockReason.A_STATE  # "I sing Isa Lei in my head": not aloud
    if _BUT_NOTHING.match(text, parsed.tokens[match.last].end, line_end) or (
        _THEN_NOTHING.match(text, parsed.tokens[match.last].end, line_end)
    ):
        return BlockReason.DID_NONE  # "spreadsheet open but didn't enter anything"
    if _ONLY_TO.match(text, parsed.tokens[match.last].end, line_end) or (
        _ONLY_TO_BEFORE.search(text, max(s_start, line_start), start)
    ):
        return BlockReason.A_THING  # "went to club only to give keys to coach Rashid"
    if _DAY_MAYBE.match(text, parsed.tokens[match.last].end, line_end):
        return BlockReason.A_PLAN  # "milpa Thursday maybe"
    if (
        parsed.tokens[match.last].pos in ("NOUN", "PROPN")
        and _LYING_THERE.match(text, parsed.tokens[match.last].end, line_end)
        and not _a_verb_before(parsed, parsed.tokens[match.first])
    ):
        return BlockReason.A_THING  # "Library book on the table"
    if _BUT_STAYED.match(text, parsed.tokens[match.last].end, line_end) and not (
        _a_verb_before(parsed, parsed.tokens[match.first])
    ):  # the thing named, no deed told ("Tai chi morning but I stay home")
        return BlockReason.DID_NONE
    if _ON_THE_CALENDAR.search(text, max(s_start, line_start), start):
        return BlockReason.A_PLAN  # "Wrote in my calendar: Tue tai chi, Wed seawall"
    if _to_do_later(parsed, head):
        return BlockReason.A_PLAN  # "took a photo of the title to read later"
    if _denied_to(parsed, head):
        return BlockReason.NEGATED  # "didn't trust myself to sing"
    if _NOT_COUNTED.match(text, parsed.tokens[match.last].end, line_end):
        return BlockReason.DID_NONE  # "walked around campus, doesnt count i guess"
    if _THEN_UNDONE.match(text, parsed.tokens[match.last].end, line_end):
        return BlockReason.DID_NONE  # "Dad VP miss", "Horses rest day"
    if _SET_OUT.search(text, max(s_start, line_start), start) and _TURNED_BACK.match(
        text, parsed.tokens[match.last].end, line_end
    ):
        return BlockReason.DID_NONE  # "Set out for the wharf but turned back at the church"
    if _not_reached(text, parsed, match, line_end):
        return BlockReason.NEGATED  # "Called Emaye but no connection"
    if _inverted_question(sentence):
        return BlockReason.QUESTION  # "am I doing the pelvic exercises right, who knows"
    if _future_heading_over(parsed, head):
        return BlockReason.FUTURE_HEADING
    for w in sentence:
        if w.lemma == "do" and any(
            c.lower in ("none", "nothing", "neither") for c in parsed.children(w)
        ):
            return BlockReason.DID_NONE
    counted = parsed.tokens[max(match.first - 1, 0) : match.last + 2]
    if any(t.lower in ("0", "zero") for t in counted) and not any(
        t.lower in _LESS_IS_DONE for t in counted
    ):
        return BlockReason.DID_NONE  # "drank like 0 water", "0 pages", "read zero pages"
    chain = _clause_chain(parsed, head)
    if any(  # "Tiago from the roda did the prova": the roda only says who Tiago is
        a.dep == "prep"
        and a.lower in ("from", "at", "of", "in")
        and b.dep in ("nsubj", "nsubjpass")
        and b.lower not in FIRST_PERSON
        and (b.pos == "PROPN" or b.text[:1].isupper() or b.lemma in _PEOPLE_WORDS)
        for a, b in itertools.pairwise(chain)
    ):
        return BlockReason.SOMEONE_ELSE
    if reading:
        chain = _measure_apart(parsed, chain)
    clause_words = _clause_words(parsed, chain)
    cut = _spliced_off(parsed, head, chain)
    if cut is not None:  # "Yoga today, next week I start the advanced class"
        chain = [t for t in chain if t.i < cut]
        clause_words = [w for w in parsed.sentence_words(head) if w.i < cut]
    lowers = [w.lower for w in clause_words]
    past = any(_in_the_past(w) for w in clause_words)
    readied = past and not any(w.lemma in _PUT_OFF for w in clause_words)
    why = next(  # "Went to Mass since tomorrow we leave early": why, not when
        (k for k, w in enumerate(clause_words) if w.i > match.last and w.lower in _BECAUSE),
        len(clause_words),
    )
    if (
        any(  # "chopped cebolla for tmrw": made ready for tomorrow, done today
            w in FUTURE_WORDS
            and not (readied and "for" in lowers[max(k - 4, 0) : k])  # "for the Bunscoill tomorrow"
            for k, w in enumerate(lowers[:why] if past else lowers)
        )
        or any(
            (
                a == "next"
                and b in FUTURE_NEXT
                and not (readied and "for" in lowers[max(k - 4, 0) : k])
            )
            or (a == "i" and b in _MORGEN)
            or (a == "due" and (b in _DUE_WHEN or b.rstrip(".") in DAY_NAMES))  # "due Friday"
            # "the turno of next jueves", "ngayah start Monday": a day ahead
            or (a in ("next", "start", "starts") and b.rstrip(".") in FULL_DAYS)
            for k, (a, b) in enumerate(itertools.pairwise(lowers))
        )
    ):  # "rehearsed it for the harambee next week": ready for then, done now
        return BlockReason.FUTURE
    if any(  # "Maybe I start ASL again Monday": a maybe, not a deed
        a in ("maybe", "perhaps") and b.lower in FIRST_PERSON and c.tag in ("VB", "VBP")
        for a, b, c in zip(lowers, clause_words[1:], clause_words[2:], strict=False)
    ):
        return BlockReason.INTENTION
    if "hopefully" in lowers and not past:
        return BlockReason.INTENTION  # "bed by 11 hopefully": hoped for, not done
    if not past and _GOD_WILLING.search(" ".join(lowers)):
        return BlockReason.INTENTION  # "Insha'Allah бомдат at Мойынты": hoped for
    if lowers[:1] in (["maybe"], ["perhaps"]) and not past and not _a_count_next(lowers):
        return BlockReason.INTENTION  # "Maybe grog with the boys Friday"; not "maybe 12 bilo"
    if _a_past_phrase(parsed, clause_words, match):
        return BlockReason.LONG_AGO
    if any(
        a.lower in ("in", "since", "back")
        and _LAST_CENTURY.fullmatch(b.lower)
        and not _in_a_story_told(parsed, b, head)
        for a, b in itertools.pairwise(clause_words)
    ):
        return BlockReason.LONG_AGO  # "In 1968 I read to a class of sixty"
    if _WHEN_I_WAS.search(text, s_start, start):
        return BlockReason.LONG_AGO  # "when I was fifteen and Papa made me run on the sand"
    if _AT_AN_AGE.search(text, s_start, s_end + 1):
        return BlockReason.LONG_AGO  # "playing that box since I was 12", "when I start, I was 15"
    if any(_arranged_for_a_day(parsed, tok) for tok in chain):
        return BlockReason.FUTURE  # "wren and i are doing a phone date tuesday"
    if _told_as_memory(parsed, chain):
        return BlockReason.LONG_AGO  # "I remember that roda", "summer '98 when we walked"
    if (
        any(
            a == "every" and b in _EVERY_TIME
            for a, b in itertools.pairwise(w for w in lowers if w != "single")
        )  # "every single day"
        and any(t.is_verb and t.tag in ("VBD", "VBP", "VB") for t in chain)
        and not any(t.is_verb and t.tag in ("VBZ", "VBG") for t in chain)  # "has been doing"
        and not any(w in ("this", "today", "tonight", "now") for w in lowers)
    ):  # "because I keep it every day now": a habit of today's
        return BlockReason.LONG_AGO  # "I swam every morning in the Dnipro": a habit, no day
    for tok in chain:
        owner = parsed.head(tok) if tok.dep == "relcl" else None
        if (
            owner is not None
            and owner.lemma == "time"
            and any(k.lower == "last" for k in parsed.children(owner))
        ):
            return BlockReason.LONG_AGO  # "can't remember the last time I swam"
    governor = _governor(chain)

    def inside(tok: Token) -> bool:
        return match.first <= tok.i <= match.last

    for tok in chain:
        kids = parsed.children(tok)
        if tok.is_verb and tok.lemma in _DENIED_DENIAL and not inside(tok) and _denied(parsed, tok):
            mood = _mood(parsed, tok, own=False)
            if mood is not None:
                return mood  # "I won't skip choir"
            continue  # "did not miss choir", "never skip my walk": it was done
        if tok.lower in NEGATIVE_FORMS and not inside(tok):
            return BlockReason.AVOIDED
        if any(k.dep == "neg" or (k.lower in NEGATORS and k.dep in ("det", "advmod", "nummod"))
               for k in kids):  # fmt: skip
            return BlockReason.NEGATED
        if any(k.dep == "advmod" and k.lower != "only"
               and any(g.dep == "neg" for g in parsed.children(k))
               for k in kids):  # fmt: skip
            return BlockReason.NEGATED  # "not even cooked", "not yet stretched"
        if tok is head and any(k.dep in ("amod", "compound") and k.lower in _UNDONE_MODIFIERS
                               for k in kids):  # fmt: skip
            return BlockReason.A_PLAN  # "planned long run", "cancelled yoga class"
        if (
            tok is head
            and head.dep != "dobj"  # "read the next chapter": done
            and any(
                k.dep in ("amod", "det", "advmod") and k.lower == "next" and k.i < tok.i
                for k in kids
            )
        ):
            return BlockReason.A_PLAN  # "Next swim Saturday", "my next swim is on Thursday"
        if (tok is head or (head.dep == "compound" and tok.i == head.head)) and any(
            k.dep == "amod" and k.lower == "missed" for k in kids
        ):  # "Missed AY kwaia practice": the practice the cue's word names
            return BlockReason.AVOIDED  # "Missed 2 WeChat video from mama"
        if tok.lemma in NEGATORS and tok.dep in ("det", "neg"):
            return BlockReason.NEGATED
        if tok.is_verb:
            mood = _mood(parsed, tok, own=inside(tok))
            if mood is not None:
                return mood
            if _on_next(parsed, tok):
                return BlockReason.A_PLAN  # "I tell her on next call"
            if (
                tok.lemma in NEGATIVE_VERBS
                and not inside(tok)
                and not (tok.i > 0 and parsed.tokens[tok.i - 1].lower in ("non", "non-"))
                and not (  # "blew off the gym"; not "blowing the gaita", "blew the shofar"
                    tok.lemma == "blow"
                    and any(k.dep == "dobj" and inside(k) for k in parsed.children(tok))
                    and not any(k.lower == "off" for k in parsed.children(tok))
                )
            ):  # "Skipping 247 in a row"; not "stop" in "non stop"
                return BlockReason.AVOIDED
            if (
                tok.lemma in HAVING_VERBS
                and not inside(tok)
                and not (tok.lemma == "watch" and named & _WATCHED)
            ):  # "counting the breath"; not "watched English on YouTube" for a YouTube habit
                return BlockReason.HAVING_NOT_DOING
        elif tok is not head and tok.lemma in INTENT_NOUNS and tok.lower not in named:
            return BlockReason.A_PLAN  # not "did the YouVersion plan" for "YouVersion plan"
        if (
            tok.is_verb
            and _infinitive(parsed, tok)
            and tok.dep in ("acl", "relcl")
            and not _time_made(parsed, parsed.tokens[tok.head])
        ):
            return BlockReason.A_PLAN  # "nothing to give away", "a bag of things to give away"
        if tok.lower == "thought" and not tok.is_verb and not inside(tok):
            return BlockReason.INTENTION  # "Thought about the gym", the verb read as a noun
        if _scheduled(parsed, tok):
            return BlockReason.A_PLAN  # "OSCE exam is on the 14th", "lesson is Thursday"
        if (
            not theirs
            and any(
                k.dep == "poss"
                and k.lower not in MY
                and k.lower not in _TIME_OWNERS
                and k.lower not in owners  # "Knee rehab (Ciara's sheet)"
                and k.text[:1].isalpha()  # "8 × 30 s hill sprints": seconds, not the ×'s
                for k in kids
            )
            and not _went_to(parsed, tok)
        ):
            return BlockReason.SOMEONE_ELSES
    before = parsed.words(parsed.sentences[head.sent][0], match.first)
    leading = [w.lower for w in before if w.lower not in ("the", "a", "an", "my", "our")]
    if _hindi_agent(before):
        return BlockReason.SOMEONE_ELSE  # "Rohan ne aaj gym join kiya": Rohan did
    if leading[-1:] in (["nobody"], ["noone"]) or leading[-2:] == ["no", "one"]:
        return BlockReason.NEGATED  # "nobody run today", however it parses
    if leading[-2:] == ["instead", "of"]:
        return BlockReason.AVOIDED  # "went for pints instead of the run"
    if leading[-1:] and leading[-1] in _WITHOUT:
        return BlockReason.NEGATED  # "put it back without cooking anything", "sem roda"
    if leading[-1:] == ["walang"] or (leading[-2:-1] == ["wala"] and leading[-1] in _TL_MORE):
        return BlockReason.NEGATED  # Tagalog "wala nang gitara tonight": no guitar
    breaker = parsed.head(head)
    if (
        head.dep == "dobj"
        and breaker is not None
        and breaker.lemma == "break"
        and not inside(breaker)  # the family's own "broke my fast" (at sunset) is done
    ):
        return BlockReason.AVOIDED  # "I broke the fast": a fast, a streak broken
    if any(
        t.is_verb
        and any(
            (k.dep == "dobj" and k.lower in ("nothing", "none"))
            or (k.dep == "advmod" and k.lower == "nowhere" and k.i == t.i + 1)
            for k in parsed.children(t)
        )
        for t in parsed.tokens[match.first : match.last + 1]
    ):
        return BlockReason.DID_NONE  # "Cooked nothing", "read none of it", "walked nowhere"
    if _no_before(parsed, match):
        return BlockReason.NEGATED  # "so no jump rope": "no" says none of the cue's words
    bare = [w for w in before if w.lower not in ("the", "a", "an", "my", "our")]
    while (
        bare
        and bare[-1].dep == "compound"
        and bare[-1].head == head.i
        and bare[-1].lemma not in _SKIP_VERBS
        and bare[-1].lower not in NEGATIVE_FORMS
    ):
        bare.pop()  # "Skip tai chi": the cue "chi" with its own first word
    if (
        bare
        and (bare[-1].lower in NEGATIVE_FORMS or bare[-1].lemma in _SKIP_VERBS)
        and not _denied(parsed, bare[-1])  # "did not miss choir"
    ):
        return BlockReason.AVOIDED  # "skipped gym, skipped the heel drops": however it parses
    if before and before[-1].lower == "worth":
        return BlockReason.A_STATE  # "ate nothing worth logging": what is worth it, not done
    if before and before[-1].lower in _UNDONE_MODIFIERS:
        return BlockReason.A_PLAN  # "07:00 planned run -> rain", however it parses
    if _HALF_DONE.search(text, max(line_start, start - 40), start):
        return BlockReason.DID_NONE  # "a half-finished fly in the vice", "unfinished scarf"
    if before and (
        before[-1].lower in _INFORMAL_INTENT
        or (
            len(before) >= 2
            and before[-1].lower in ("na", "ta")
            and before[-2].lower in _INFORMAL_INTENT
        )
    ):
        return BlockReason.INTENTION  # "Wanna cook tonight", "Gon na swim", however it parses
    lowered = [w.lower for w in before]
    for verb in (t for t in (head, *chain) if t.is_verb and _infinitive(parsed, t)):
        ahead = parsed.words(parsed.sentences[verb.sent][0], verb.i)
        if (
            len(ahead) >= 2
            and ahead[-1].lower == "to"
            and ahead[-2].lemma in _WANTING_NOUNS
            and not _time_made(parsed, ahead[-2])
        ):
            return BlockReason.INTENTION  # "nobody was in the mood to cook", "no time to read"
    if any(a == "ought" and b == "to" for a, b in itertools.pairwise(lowered)):
        return BlockReason.MODAL  # "Ought to do them stretches"
    if lowered[-1:] == ["except"] or lowered[-2:] in (["except", "for"], ["apart", "from"]):
        return BlockReason.NEGATED  # "all done except reading"
    if any(a == "let" and b == "alone" for a, b in itertools.pairwise(lowered)):
        return BlockReason.NEGATED  # "haven't sat down, let alone read anything"
    for n, word in enumerate(before[:-2]):
        if (
            word.lower == "too"
            and before[n + 1].pos == "ADJ"
            and (any(w.lower in ("to", "for", "fi", "fuh", "fu") for w in before[n + 2 :]))
        ):  # and as Caribbean Creoles say "to" ("too tired fi ereba")
            return BlockReason.TOO_MUCH_TO  # "too lazy for go to the gym", however it parses
    for up in _wider_chain(parsed, chain):
        if inside(up):
            continue
        if (
            up.is_verb
            and up.lemma in _SPEECH_VERBS
            and not reading
            and not _said_as_rite(parsed, up)
        ):
            speaker = _subject(parsed, up)
            if (
                speaker is not None
                and speaker.lower not in FIRST_PERSON
                and speaker.lemma not in READING_WORDS  # "phone says 11,400 steps"
                and not (
                    speaker.pos in ("PRON", "PROPN")
                    and _says_its_own(parsed, up, parsed.tokens[match.last])
                )
            ):
                return BlockReason.QUOTED_SPEECH  # "dentist says floss more"
        if (
            up.is_verb
            and (up.lemma in INTENT_VERBS or up.lower in INTENT_VERBS)
            and not _tried_and_got(parsed, up)
        ) or (
            up.lower in _INFORMAL_INTENT  # "Gonna call Mom": "Gon" read as a noun
        ):
            return BlockReason.INTENTION  # "I wish I had time to cook"
        if (
            up.lemma in ("have", "get")
            and up.tag in ("VB", "VBP")
            and up.i + 1 < len(parsed.tokens)
            and parsed.tokens[up.i + 1].lower == "to"
        ):
            return BlockReason.INTENTION  # "I have to call mami", Pidgin "I get to call"
        if up.lower in MODALS and any(k.dep == "xcomp" for k in parsed.children(up)):
            return BlockReason.MODAL  # "I must to study more": a modal read as the verb
        if any(k.lower == "too" and k.dep == "advmod" for k in parsed.children(up)):
            return BlockReason.TOO_MUCH_TO  # "too tired to stretch"
    if not reading and any(
        t.tag == "VBZ"
        and t.lemma not in ("be", "have", "do")
        and not inside(t)
        and not _plural_noun_tagged_verb(parsed, t)
        for t in (*chain, *(k for k in parsed.children(head) if k.dep == "compound"))
    ):
        return BlockReason.SOMEONE_ELSE  # "our neighbour practises guitar": never the writer's "I"
    if _planned(parsed, chain):
        return BlockReason.A_PLAN  # "Plan was to cook for the week", "the goal is to swim"
    top = chain[-1]
    if top.is_verb and top.dep == "conj":
        # "I'm going to get up at 6 and run": a conjoined verb shares its head's mood.
        lead = parsed.head(top)
        while lead is not None and lead.dep == "conj" and lead.is_verb:
            lead = parsed.head(lead)
        if lead is not None and lead.is_verb:
            for tok in _clause_chain(parsed, lead):
                mood = _mood(parsed, tok) if tok.is_verb else None
                if mood is not None:
                    return mood
    if top.is_verb and top.dep == "acl":
        owner = parsed.head(top)
        if (
            owner is not None
            and owner.lower not in FIRST_PERSON
            and not _is_measure(parsed, owner)  # "20 lengths, stretched after"
            and not _A_DATE.fullmatch(owner.text)  # "Tue 11/3 — cycled to IOB"
            and not (  # "Night: Joyful Mysteries done in bed": when, as a heading
                owner.lemma in _WHEN_OWNERS
                and owner.i + 1 < len(parsed.tokens)
                and parsed.tokens[owner.i + 1].text in (":", "-", "–", "—")
            )
        ):
            if owner.lemma in INTENT_NOUNS:
                return BlockReason.A_PLAN
            if not (
                _thing_then_deed(parsed, owner, top)
                or (top.i > 0 and _thing_then_deed(parsed, parsed.tokens[top.i - 1], top))
            ):  # "talo weeding 2 hrs", however the parser hangs it
                return BlockReason.SOMEONE_ELSE
    if governor is not None and not reading and not _no_verb(governor):
        subject = _subject(parsed, governor)
        if subject is not None and (
            subject.lower in _NEGATIVE_SUBJECTS
            or (subject.lower == "one" and any(k.lower == "no" for k in parsed.children(subject)))
        ):
            return BlockReason.NEGATED  # "nobody rang today"
        with_writer = subject is not None and (
            any(k.dep == "conj" and k.lower in FIRST_PERSON for k in parsed.children(subject))
            or _writers_group(parsed, subject)
            or _compound_misread(parsed, subject, governor)
            or _thing_then_deed(parsed, subject, governor)  # "yam weeding 2 hrs"
            or _logged_label(parsed, subject)
            or _set_off(parsed, subject, governor)
            or _activity_reported(parsed, subject, governor, head)
            or _made_it_to(parsed, subject, governor)
            or _had_us_do(parsed, governor)
        )  # "the kids and I baked bread", "our little group played", "Pram walk to Lidl",
        # "Church for the harvest festival, walked both ways", "Choir practice went late"
        if (
            subject is not None
            and (
                subject.pos in ("NOUN", "PROPN", "PRON")
                or _described(parsed, subject)
                or any(  # "Omkar's aai"; not "my lower back", the writer's own
                    k.dep == "poss" and k.lower not in MY for k in parsed.children(subject)
                )
            )
            and subject.lower not in FIRST_PERSON
            and not with_writer
            and not (  # "Step count 9,412": the cue's own words, not "The dog walks"
                inside(subject)
                and inside(governor)
                and governor.pos == "VERB"
                and subject.lemma not in _BEINGS
            )
            and not any(subject.i == t.i for t in chain)
            and not _in_quotes_or_title(parsed.text, subject)
            and not (  # "watch say 5.2 mi": the watch read it; not "the app buzzed for fajr"
                subject.lemma in _DEVICES and governor.lemma in READING_WORDS
            )
        ):
            return BlockReason.SOMEONE_ELSE
        if _sent_someone(parsed, governor, head):
            return BlockReason.SOMEONE_ELSE
        if _owned(parsed, governor, head):
            return BlockReason.HAVING_NOT_DOING  # "I have a cushion", "we own a kayak"
        if _said_of_it_in_general(parsed, governor, chain):
            return BlockReason.A_THING  # "Sauna is 9 pound now", "yoga is my favourite"
        if _only_looked_at_or_talked_of(parsed, head):
            return BlockReason.A_THING  # "stared at my raven panel", "talking gaitas"
        # The cue inside the subject ("the meditation app pinged me"), unless the
        # verb reports it done ("15 min stretch routine done").
        if governor.lemma not in _DONE_VERBS and not _handled(parsed, governor) and not with_writer:
            for tok in chain:
                if _had_us_do(parsed, governor):
                    break  # "Kumu Lehua had us run the kahiko": the writer did it
                if tok.dep in ("nsubj", "nsubjpass") and tok.i < governor.i:
                    if tok is head and governor.lemma in _HOW_IT_WENT and tok.lemma not in _BEINGS:
                        continue  # "the run felt easy", not "the dog looked at me"
                    if _done_how(parsed, governor, tok):
                        continue  # "I did the examen lying down": how it was done
                    if _a_reading(parsed, tok, governor, head):
                        continue  # "the gauge showed +2.10"
                    return BlockReason.SOMEONE_ELSE
    if (
        head.tag == "NNS"
        and head.dep == "ROOT"
        and any(k.dep == "compound" and k.lemma in _KIN for k in parsed.children(head))
    ):
        return BlockReason.SOMEONE_ELSE  # "Partner bikes to work": a verb read as a noun
    if _kin_opens_the_deed(parsed, match):
        return BlockReason.SOMEONE_ELSE  # "Mom video called Ebil for like an hour"
    if not head.is_verb and _done_by_another(parsed, head):
        return BlockReason.SOMEONE_ELSE  # "maddie did chloe ting abs": "did" read as an aux
    if _describes_a_thing(parsed, head, match):
        return BlockReason.A_THING  # "ate grilled sardines", "a walking stick"
    owner_mark = parsed.tokens[match.last + 1] if match.last + 1 < len(parsed.tokens) else None
    if (
        owner_mark is not None
        and owner_mark.tag == "POS"
        and not any(t.pos == "VERB" for t in parsed.tokens[match.first : match.last + 1])
    ):  # an owner, not a deed; "I called Mum's sister" is still the call
        return BlockReason.A_THING  # "caldo verde like my avó's", "the gym's car park"
    if _a_topic(parsed, head):
        return BlockReason.A_THING  # "an article about magnesium", "talked about yoga"
    if head.dep == "compound" and head.pos != "NUM" and not _terse_past_verb(parsed, head):
        owner = parsed.head(head)  # not a count said of its thing ("a 1h40 walk")
        if (
            governor is not None
            and governor.lemma not in DOING_VERBS
            and owner is not None
            and not _object_of_doing(parsed, head)
        ):
            return BlockReason.A_THING
    if not past and (_A_RATE.match(after) or _MORE_OF_IT.match(after)):
        return BlockReason.INTENTION  # "two pills a day and still tired", "Walk more!"
    return None


def _object_of_doing(parsed: ParsedText, tok: Token) -> bool:
    """The compound ``tok`` opens names what a doing verb's object is ("I did khöömei
    breath exercise 15 min"), however the parser tagged that object's last word."""
    top = tok
    while top.dep == "compound" and (up := parsed.head(top)) is not None:
        top = up
    verb = parsed.head(top)
    return top.dep == "dobj" and verb is not None and verb.lemma in DOING_VERBS


# Verbs a terse log puts after the thing the writer did them to ("water bottle emptied
# twice", "stanley cup refilled 3x", "lunchboxes packed").
_HANDLING_VERBS: Final = frozenset(
    {
        "empty", "refill", "fill", "pack", "prep", "prepare", "clean", "wash", "tidy",
        "clear", "sort", "log", "tick", "piece", "bake", "cook", "batch", "water", "feed",
        "drink", "down", "sink", "polish", "fold", "hang", "iron", "hoover", "mop", "wind",
        "wound", "mend", "patch", "darn", "sharpen", "hone", "charge",
    }
)  # fmt: skip


def _handled(parsed: ParsedText, verb: Token) -> bool:
    """A past verb after a thing, with nothing else as its object, in a log ("water
    bottle emptied twice"): the writer did it to the thing, the thing did nothing."""
    if verb.lemma not in _HANDLING_VERBS or verb.tag not in ("VBD", "VBN", "VBP"):
        return False  # "Clocks wound": the tagger may read a past as a present
    kids = parsed.children(verb)
    subject = next((k for k in kids if k.dep in ("nsubj", "nsubjpass")), None)
    return (
        subject is not None
        and subject.pos in ("NOUN", "PROPN")
        and subject.lemma not in _PEOPLE
        and subject.lemma not in _KIN
        and not any(k.dep == "dobj" and k.pos in ("NOUN", "PROPN", "PRON") for k in kids)
        and not any(k.dep == "agent" for k in kids)  # "dinner cooked by Tom"
    )


# Devices that tell what was done, never who did it ("run to Peirce Mill, watch say 5.2 mi").
_DEVICES: Final = frozenset(
    {"watch", "phone", "app", "garmin", "fitbit", "strava", "tracker", "pedometer", "scale"}
)
# Living beings that do things themselves: a cue that holds one as its subject ("dog
# walk" in "The dog walks to the park") is that being's deed, not the writer's.
_BEINGS: Final = (
    _PEOPLE
    | _KIN
    | frozenset({"dog", "cat", "puppy", "pup", "kitten", "horse", "pony", "bird", "baby"})
)


# Groups a writer is one of when they are "ours" ("our choir sang at the hospice").
_GROUPS: Final = frozenset(
    {
        "group", "team", "band", "choir", "class", "club", "crew", "squad", "orchestra",
        "ensemble", "circle", "quartet", "trio", "duo", "troupe", "congregation", "sangha",
    }
)  # fmt: skip


def _writers_group(parsed: ParsedText, subject: Token) -> bool:
    """The subject is a group of the writer's ("our little group of accordion old men
    played", "my band rehearsed")."""
    return subject.lemma in _GROUPS and any(
        k.dep == "poss" and k.lower in ("our", "my") for k in parsed.children(subject)
    )


def _set_off(parsed: ParsedText, subject: Token, verb: Token) -> bool:
    """A noun set off from the verb by a comma is what the day was, not who did it: the
    writer's "I" is left out ("Church for the harvest festival, walked both ways", "Said
    karakia, trained 6k").  Not with a name in apposition ("Tom, my brother, walked")."""
    own = parsed.tokens[subject.head]  # the verb whose subject it is; ``verb`` may be
    lead = verb  # one joined to it ("Said karakia, trained 6k, weeded for half an hour")
    while lead.dep == "conj" and lead.i != own.i and lead.head != lead.i:
        lead = parsed.tokens[lead.head]
    words = [t for t in parsed.tokens[subject.i : own.i] if t.pos != "SPACE"]
    return (
        subject.pos in ("NOUN", "PROPN")
        and lead.i == own.i
        and subject.i < own.i
        and len(words) >= 2
        and words[-1].text == ","
        and not any(t.text == "," for t in words[:-1])
        and not any(k.dep == "appos" for k in parsed.children(subject))
    )


# What is said of an activity that was done: how it went ("went late", "felt easy") or
# that it was finished ("Sudoku solved on the train", "crossword cracked").
_REPORTED_DONE: Final = _HOW_IT_WENT | {
    "solve", "finish", "complete", "crack", "nail", "run", "end", "wrap", "overrun",
    "send", "pay", "submit", "post", "transfer", "make",
}  # fmt: skip


def _activity_reported(parsed: ParsedText, subject: Token, verb: Token, head: Token) -> bool:
    """The activity itself is the subject of how it went or that it was finished ("Choir
    practice went late", "Sudoku solved on the train", "Donation sent"): the writer's, unless it is
    someone's ("Tom's run went well")."""
    own = subject.i == head.i or (head.dep == "compound" and head.head == subject.i)
    return (
        own
        and verb.lemma in _REPORTED_DONE
        and verb.tag in ("VBD", "VBN")
        and (
            subject.lemma not in _BEINGS | _PEOPLE | _GROUPS
            or (  # "The reformer class went by"
                subject.lemma == "class"
                and any(k.dep == "compound" for k in parsed.children(subject))
            )
        )
        and not any(k.dep == "poss" for k in parsed.children(subject))
        and not any(k.dep == "agent" for k in parsed.children(verb))
    )


_CLOCK_SPAN: Final = re.compile(r"^\d{1,2}[:.]\d{2}\s*[–—-]")  # "18:30–20:45"


def _logged_label(parsed: ParsedText, subject: Token) -> bool:
    """A log line's label and its time, read as a subject ("gym 18:30–20:45 flashed the
    pink v4"): the writer's own heading, no one else."""
    first = parsed.sentences[subject.sent][0]
    following = parsed.tokens[subject.i + 1] if subject.i + 1 < len(parsed.tokens) else None
    return (
        subject.i == first
        and subject.tag == "NN"
        and subject.lemma not in _PEOPLE | _KIN | _BEINGS
        and following is not None
        and bool(TIME_OR_NUMBER.match(following.text) or _CLOCK_SPAN.match(following.text))
        and not any(k.dep in ("det", "poss") for k in parsed.children(subject))
    )


def _said_of_another(parsed: ParsedText, head: Token) -> bool:
    """The cue is, or names, the subject of someone or something else's verb ("Naana went
    to her sister", "ensayo of Quetzales was at 5"): not the writer's deed ("Ran 5k") nor
    a log's heading ("Chair exercises today: only the arms")."""
    said = head
    up = parsed.head(head)
    if head.dep == "pobj" and up is not None and up.lower == "of":
        said = parsed.head(up) or head  # "ensayo of Quetzales was at 5": the ensayo
    return said.dep in ("nsubj", "nsubjpass") and said.lower not in FIRST_PERSON


_GAZING: Final = frozenset({"stare", "gaze", "glare", "gawk", "gape"})
_STARING: Final = frozenset({"stared", "staring"})
"""The forms of "stare" the lemmatizer reads as "star"."""
_TALKING_OF: Final = frozenset({"talk", "discuss", "debate"})


def _only_looked_at_or_talked_of(parsed: ParsedText, head: Token) -> bool:
    """The cue's thing or place is only looked at or talked of ("stared at my raven panel",
    "In the taller I only look at the bateas drying", "one hour talking gaitas"): nothing
    done with it."""
    up = parsed.head(head)
    if up is None:
        return False
    if head.dep == "pobj" and up.lower in ("at", "in", "on"):  # or where it is looked at
        verb = parsed.head(up)
        return verb is not None and (
            (up.lower == "at" and (verb.lemma in _GAZING or verb.lower in _STARING))
            or (
                verb.lemma == "look"
                and any(k.lower in ("only", "just") for k in parsed.children(verb))
            )
        )
    return head.dep == "dobj" and up.lemma in _TALKING_OF


_TELLING_OF: Final = frozenset({"tell", "talk", "remember", "recall", "reminisce"})


def _in_a_story_told(parsed: ParsedText, tok: Token, head: Token) -> bool:
    """``tok`` belongs to what someone tells or remembers, below the deed ("Rang Grandad,
    twenty minutes of him telling me about carving turnips in 1948")."""
    above_deed = {a.i for a in parsed.ancestors(head)}
    for up in parsed.ancestors(tok):
        if up.i == head.i:
            return False  # "In 1968 I read to a class of sixty": the deed's own time
        if up.lemma in _TELLING_OF or up.lower in _TOPIC_WORDS:  # "telling me about …"
            return up.i not in above_deed  # not "I told them how I went … in 1998"
    return False


def _thing_then_deed(parsed: ParsedText, owner: Token, verb: Token) -> bool:
    """A log's thing right before the deed done to it and its amount ("talo weeding 2
    hrs"): what the deed is done to, not someone doing it ("kids running", "Sione
    weeding", "baka rolling sarma", "the lightning walking ahead")."""
    return (
        verb.tag == "VBG"
        and owner.i + 1 == verb.i
        and _a_number_after(parsed, verb)  # its amount: "weeding 2 hrs"
        and owner.tag == "NN"  # one thing, as written small: not "lifters benching", "Mags"
        and owner.text.islower()
        and owner.lemma not in _BEINGS | _GROUPS | _PEOPLE_WORDS
        and owner.lower not in _BEINGS
        and not any(
            k.dep in ("nsubj", "nsubjpass", "aux") and k.i != owner.i for k in parsed.children(verb)
        )
    )


def _a_number_after(parsed: ParsedText, tok: Token) -> bool:
    """A number right after ``tok`` ("run 6.1 km", "weeding 2 hrs")."""
    return tok.i + 1 < len(parsed.tokens) and parsed.tokens[tok.i + 1].tag == "CD"


def _compound_misread(parsed: ParsedText, subject: Token, verb: Token) -> bool:
    """A bare singular noun right before a present verb that does not agree with it: the
    tagger split a noun compound ("Pram walk to Lidl and back", "Bike ride home", "Lake run
    6.1 km")."""
    first = next(  # a list line's number is masked: its first word after the blank
        (
            t.i
            for t in parsed.tokens[parsed.sentences[subject.sent][0] : subject.i + 1]
            if t.text.strip()
        ),
        -1,
    )
    return (
        subject.tag in ("NN", "NNP")
        # "Lake run 6.1 km": "run" tagged a past form it shares with the base form, a
        # measure after it (not "Owen read to Lily")
        and (
            verb.tag in ("VBP", "VB")
            or (
                verb.tag in ("VBD", "VBN")
                and verb.lower == verb.lemma
                and _a_number_after(parsed, verb)
            )
        )
        and subject.i + 1 == verb.i
        and subject.i == first  # a log line's opening words
        and subject.known
        and subject.lemma not in _PEOPLE
        and subject.lemma not in _KIN
        and subject.lower not in _KIN
        and not any(k.dep in ("det", "poss", "compound") for k in parsed.children(subject))
    )


_OWNING_VERBS: Final = frozenset({"have", "own", "keep"})


_ATTENDING: Final = frozenset({"go", "come", "head", "get", "make", "attend", "join"})


def _went_to(parsed: ParsedText, thing: Token) -> bool:
    """Someone's event the writer went to or joined ("went to okafor's office hours",
    "joined Maya's yoga class"): the writer's deed, though the event is another's."""
    up = parsed.head(thing)
    if up is not None and up.dep == "prep" and up.lower == "to":
        up = parsed.head(up)
    elif thing.dep != "dobj":
        return False
    return up is not None and up.is_verb and up.lemma in _ATTENDING


def _owned(parsed: ParsedText, verb: Token, head: Token) -> bool:
    """The cue names a thing the writer has, in the present ("I have a cushion", "we own
    a kayak"), not a deed of the day ("had a swim" is one; so is "I've got my run in")."""
    if head.dep != "dobj" or head.head != verb.i or head.pos not in ("NOUN", "PROPN"):
        return False
    return verb.lemma in _OWNING_VERBS and verb.tag in ("VBP", "VBZ")


# Hindi and Urdu mark who did a past deed with "ne" ("Rohan ne", "maine" for "I").
_HINDI_OTHER_AGENTS: Final = frozenset(
    {"usne", "unhone", "unhon", "tumne", "aapne", "isne", "inhone"}
)
_HINDI_OWN_AGENTS: Final = frozenset(
    {"maine", "mainne", "mene", "humne", "hamne", "main", "hum", "ham"}
)


def _hindi_agent(before: Sequence[Token]) -> bool:
    """Words before the cue, in its sentence, name another doer in Hindi or Urdu
    ("Rohan ne gym join kiya", "usne yoga kiya"); "maine", "humne" are the writer."""
    for n, word in enumerate(before):
        if word.lower in _HINDI_OTHER_AGENTS:
            return True
        if (
            word.lower == "ne"
            and n > 0
            and before[n - 1].text[:1].isalpha()
            and before[n - 1].lower not in _HINDI_OWN_AGENTS
        ):
            return True
    return False


# What a present "is" says of an activity when it reports it done ("swim is done").
_DONE_STATES: Final = frozenset(
    {"done", "finished", "complete", "completed", "over", "ticked", "sorted", "dusted"}
)  # fmt: skip
_TODAY_WORDS: Final = frozenset({"today", "tonight", "today's", "tonight's"})


def _said_of_it_in_general(parsed: ParsedText, verb: Token, chain: Sequence[Token]) -> bool:
    """The activity is the subject of a present "is"/"are" that says what it is, costs or
    is like, not that it was done today ("Sauna is 9 pound now, too expensive", "yoga is
    my favourite hour"; but "swim is done", "today's run is in the bag")."""
    if verb.lemma != "be" or verb.tag not in ("VBZ", "VBP"):
        return False
    if not any(t.dep == "nsubj" and t.head == verb.i for t in chain):
        return False
    said = parsed.subtree(verb)
    return not any(t.lower in _DONE_STATES or t.lower in _TODAY_WORDS for t in said)


def _infinitive(parsed: ParsedText, verb: Token) -> bool:
    return any(k.lower == "to" and k.dep == "aux" for k in parsed.children(verb))


def _said_as_rite(parsed: ParsedText, verb: Token) -> bool:
    """ "Said prayers", "said grace": saying them is the deed, not someone's advice."""
    return verb.lemma == "say" and any(
        k.dep == "dobj" and k.lemma in _RITES for k in parsed.children(verb)
    )


def _plural_noun_tagged_verb(parsed: ParsedText, tok: Token) -> bool:
    """A "-s" word the tagger read as a verb but the parse uses as a noun: no subject of
    its own and a noun's place or modifiers ("leg raises and gentle stretches"), or a
    logged exercise and its count ("Eccentric heel drops 3x15")."""
    kids = parsed.children(tok)
    subjects = [k for k in kids if k.dep in ("nsubj", "nsubjpass")]
    if subjects and _counted_exercise(parsed, tok, subjects):
        return True
    if subjects:  # "leg raises", "calf raises": a noun before it makes one noun with it
        return _bare_verb(parsed, tok) and all(_noun_compound(parsed, k, tok) for k in subjects)
    return tok.dep in ("dobj", "pobj", "conj", "appos") or any(
        k.dep in ("det", "amod", "nummod") for k in kids
    )


_SET_COUNT: Final = re.compile(r"^\d+\s*[x×]\s*\d+", re.IGNORECASE)


def _counted_exercise(parsed: ParsedText, verb: Token, subjects: Sequence[Token]) -> bool:
    """ "heel drops 3x15", "calf raises 3 x 20": the "-s" word and the bare noun before it
    name an exercise, and the count after it says how much of it was done."""
    if len(subjects) != 1 or subjects[0].i + 1 != verb.i or subjects[0].tag != "NN":
        return False
    if subjects[0].lemma in _PEOPLE or subjects[0].lemma in _KIN or not subjects[0].known:
        return False
    rest = parsed.text[verb.end : verb.end + 12].strip()
    return _SET_COUNT.match(rest) is not None


# Verbs that make room for a deed ("found time to read", "took ten minutes to stretch").
_ROOM_VERBS: Final = frozenset({"find", "make", "take", "use", "spend", "grab", "steal"})


def _time_made(parsed: ParsedText, noun: Token) -> bool:
    """Time or energy the writer found, made or took for a deed, not denied: "found time
    to read", "made time to meditate", "took ten minutes to stretch" (but "no time to
    read", "never found the energy to cook")."""
    verb = parsed.head(noun)
    if verb is None or verb.lemma not in _ROOM_VERBS or noun.dep not in ("dobj", "npadvmod"):
        return False
    return not any(
        k.dep == "neg" or k.lower in NEGATORS
        for k in (*parsed.children(noun), *parsed.children(verb))
    )


def _scheduled(parsed: ParsedText, verb: Token) -> bool:
    """A present "is"/"are" that puts its subject on a day or a date, or a day on it:
    scheduled, not done ("the exam is on the 14th", "piano lesson is Thursday",
    "Thursday is dominoes")."""
    if verb.lemma != "be" or verb.tag not in ("VBZ", "VBP"):
        return False
    kids = parsed.children(verb)
    subject = next((k for k in kids if k.dep == "nsubj"), None)
    if subject is None:
        return any(k.dep in ("npadvmod", "nsubj") and _SCHEDULE_WORD.match(k.text) for k in kids)
    if subject.lower in FIRST_PERSON:
        return False  # "I'm grateful for Sunday": the writer is no appointment
    after = parsed.tokens[verb.i + 1 : verb.i + 5]
    return bool(_SCHEDULE_WORD.match(subject.text)) or any(
        _SCHEDULE_WORD.match(t.text) for t in after
    )


def _sent_someone(parsed: ParsedText, verb: Token, head: Token) -> bool:
    """The cue is where a sending verb sends someone else ("got them to bed by 8", "took
    the kids to the pool"), not what the writer did."""
    if (verb.lemma not in _SENDING_VERBS and verb.lower not in _SENDING_FORMS) or head.i < verb.i:
        return False  # "Got them to bed": a capital can leave "got" its own lemma
    between = parsed.tokens[verb.i + 1 : head.i + 1]
    if not any(t.lower in ("to", "into") for t in between):
        return False
    objects = [k for k in parsed.children(verb) if k.dep == "dobj" and k.i < head.i]
    return any(
        k.lower not in FIRST_PERSON
        and k.lower not in ("myself", "ourselves")
        and (k.pos in ("PRON", "PROPN") or k.lemma in _PEOPLE)
        for k in objects
    )


def _no_verb(tok: Token) -> bool:
    """A "verb" the tagger made of a count or a symbol in a terse log ("sun salutations
    ×5", "squats 3x10"): there is no clause, and so no one else's subject."""
    return any(ch.isdigit() for ch in tok.text) or not any(ch.isalpha() for ch in tok.text)


# Quotation marks. A single mark opens after a space and closes after a word
# (``_SINGLE_*``, for titles: "Finished 'Clean Architecture', read"); a quoted phrase may
# also close after the question or stop that ends it (``_QUOTE_CLOSE``: "'you ok?'"), and a
# quotation of either kind may open after a bracket or colon (``_OPENING_QUOTE``).
_SINGLE_OPEN: Final = re.compile(r"(?:^|(?<=\s))['‘](?=\w)")
_SINGLE_CLOSE: Final = re.compile(r"(?<=\w)['’](?=\s|[,.;:!?)]|$)")
_QUOTE_CLOSE: Final = re.compile(r"(?<=[\w?!.,])['’](?=\s|[,.;:!?)]|$)")
_OPENING_QUOTE: Final = re.compile(r"(?:^|(?<=[\s(:]))['‘\"“](?=\w)")


def _in_single_quotes(text: str, parsed: ParsedText, match: CueMatch, line_end: int) -> bool:
    """The match stands inside single quotation marks closed after it on its line
    ("the '15 words a day' sticker"): a phrase quoted or named, not a deed."""
    first, last = parsed.tokens[match.first], parsed.tokens[match.last]
    line_start = text.rfind("\n", 0, first.start) + 1
    opened = None
    for m in _SINGLE_OPEN.finditer(text, line_start, first.start):
        opened = m.start()
    if opened is None or _QUOTE_CLOSE.search(text, opened + 1, first.start):
        return False
    closing = _QUOTE_CLOSE.search(text, last.end, line_end)
    if closing is None or closing.start() - opened > 60:
        return False  # a short phrase, not a stray apostrophe's whole line
    reopened = _SINGLE_OPEN.search(text, last.end, closing.start())
    return reopened is None


# A question put to the writer about it ("she asked had I done my insulin", "asked me if I
# had stretched").
_ASKED_OF_ME: Final = re.compile(
    r"\b(?:asked|asks|asking)(?:\s+(?:me|us))?\s+(?:had|did|have|has|was|were|if|whether)\s+"
    r"(?:i|we)\b[^.!?\n]*$",
    re.I,
)
# Teaching someone else how to do it ("I teach him how to do autoclave").
_TAUGHT_HOW: Final = re.compile(
    r"\b(?:teach|teaches|teaching|taught|show|showed|shown|showing|explain|explained|tell|"
    r"told)\b[^.!?\n]{0,30}\bhow to\s+(?:[\w'’]+\s+){0,2}$",
    re.I,
)


def _in_quotes_or_title(text: str, tok: Token) -> bool:
    """The word stands inside quotation marks, single ones too ("Finished 'Clean
    Architecture', read the last 50 pages"): a title, not a person."""
    if _in_quotes(text, tok.start):
        return True
    line_start = text.rfind("\n", 0, tok.start) + 1
    opened = None
    for m in _SINGLE_OPEN.finditer(text, line_start, tok.start):
        opened = m.end()
    return opened is not None and not _SINGLE_CLOSE.search(text, opened, tok.start)


_TOPIC_WORDS: Final = frozenset({"about", "regarding", "re"})


def _a_topic(parsed: ParsedText, head: Token) -> bool:
    """The cue is what something is about ("an article about magnesium", "we talked
    about running"): a subject, not a deed. "About" as "roughly" ("ran about 5k") is no
    preposition, and the climb stops at the first verb."""
    tok = head
    for _ in range(4):
        up = parsed.head(tok)
        if up is None:
            return False
        if tok.dep in ("pobj", "pcomp") and up.dep == "prep" and up.lower in _TOPIC_WORDS:
            return True  # "talked about running": the gerund too
        if tok.pos in ("VERB", "AUX"):
            return False
        tok = up
    return False


def _describes_a_thing(parsed: ParsedText, head: Token, match: CueMatch) -> bool:
    """A one-word cue that is a verb's participle right before the noun it describes, not
    at the start of its sentence ("Played guitar", "Grilled salmon for dinner" are terse
    deeds, whatever the parser says); or a hyphenated cue naming the thing after it
    ("pull-up bar installed", "push-up handles"), though not a count of it ("pull-up sets")."""
    after = parsed.tokens[match.last + 1] if match.last + 1 < len(parsed.tokens) else None
    words = parsed.tokens[match.first : match.last + 1]
    if (
        any(t.text == "-" for t in words)
        and not any(t.tag in ("VBN", "VBD") for t in words)  # "Batch-cooked bolognese"
        and head.dep in ("amod", "compound", "nmod")
        and after is not None
        and head.head == after.i
        and after.pos == "NOUN"
        and after.lower not in _MEASURE_CUE_WORDS
        and after.lemma not in ("set", "rep", "round", "session")
    ):
        return True
    if head.dep != "amod" or match.first != match.last or head.head != head.i + 1:
        return False
    if _opens_clause(_line_opening(parsed, head)):
        return False  # "21:00 tidied desk", "Then jogged round": a terse deed
    return head.tag in ("VBN", "VBG") or head.lower.endswith("ed")


def _line_opening(parsed: ParsedText, head: Token) -> list[Token]:
    """The words before ``head`` in its sentence and on its line, times and numbers left
    out ("21:00 tidied desk": nothing)."""
    line_start = parsed.text.rfind("\n", 0, head.start)
    before = parsed.words(parsed.sentences[head.sent][0], head.i)
    return [w for w in before if w.start > line_start and not TIME_OR_NUMBER.match(w.text)]


def _opens_clause(before: Sequence[Token]) -> bool:
    """Nothing but punctuation and openers ("Then", "After,") before a word in its
    sentence: the word opens it."""
    return all(w.lower in _OPENERS or not any(ch.isalnum() for ch in w.text) for w in before)


def _terse_past_verb(parsed: ParsedText, head: Token) -> bool:
    """A past-tense verb opening a terse diary sentence ("Walked Biscuit to the vet"),
    though the parser made it part of a name ("Phoned Nomalanga after church", read as a
    participle)."""
    return (
        head.pos == "VERB"
        and head.tag in ("VBD", "VBN")
        and _opens_clause(_line_opening(parsed, head))
    )


_GOT: Final = frozenset({"get", "manage", "land", "nail", "complete", "finish"})


def _tried_and_got(parsed: ParsedText, verb: Token) -> bool:
    """A past try the same sentence says got so many ("tried muscle ups on the bars, got
    2 clean ones", "tried the drills, managed three"): done, if not all of it."""
    if verb.lemma != "try" or verb.tag != "VBD":
        return False
    _, last = parsed.sentence_of(verb)
    after = parsed.tokens[verb.i + 1 : last]
    if any(t.lower in NEGATORS or t.dep == "neg" for t in after):
        return False  # "tried, got nowhere", "tried but got none"
    return any(
        t.lemma in _GOT
        and t.tag == "VBD"
        and any(to_number(n.text) is not None for n in parsed.tokens[t.i + 1 : t.i + 4])
        for t in after
    )


_DID_AS_TOLD: Final = re.compile(r"\b(?:and|so)\s+(?:i|we)\s+did\b", re.IGNORECASE)
# Verbs of asking someone to do a thing ("told me to walk", "wants us to stretch").
_TELLING: Final = frozenset(
    {"tell", "ask", "want", "advise", "urge", "encourage", "beg", "order", "push", "nag"}
)


def _mood(parsed: ParsedText, verb: Token, *, own: bool = False) -> BlockReason | None:
    """Why ``verb`` states no fact: a modal, a condition, an intention, "going to".

    ``own``: the verb is the cue itself ("planned the day"), not a verb over it."""
    kids = parsed.children(verb)
    had = (  # "I'd walked", "I'd ten rows done": had, not would ("I'd have gone")
        verb.tag == "VBN"
        and verb.lower != verb.lemma  # not "I'd knit ten rows if I could"
        and not any(k.lemma == "have" and k.dep == "aux" for k in kids)
    )
    if any(
        k.dep in ("aux", "auxpass")
        and k.lower in MODALS
        and not (had and k.lower.replace("’", "'") == "'d")
        for k in kids
    ):
        return BlockReason.MODAL
    if verb.tag == "VB" and any(k.dep == "aux" and k.lower in ("need", "needs") for k in kids):
        return BlockReason.INTENTION  # "I need send Inei for the funeral": to do, as said
    if any(k.dep == "mark" and k.lower in ("if", "unless", "whether") for k in kids):
        return BlockReason.CONDITIONAL
    if verb.tag in ("VBP", "VB") and any(
        k.dep == "advcl"
        and any(
            m.dep == "mark"
            and m.lower in ("if", "unless")
            and not (m.i > 0 and parsed.tokens[m.i - 1].lower in ("even", "as", "only"))
            for m in parsed.children(k)
        )
        for k in kids
    ):  # "if not rain we start again our walks", "we fire up the sauna if the wood is dry"
        return BlockReason.CONDITIONAL  # not yet; not "I go even if tired"
    subject = next((k for k in kids if k.dep == "nsubj"), None)
    if (
        any(k.dep == "aux" and k.lower == "can" for k in kids)
        and subject is not None
        and subject.i > 0
        and parsed.tokens[subject.i - 1].lower in ("so", "that")
    ):
        return BlockReason.INTENTION  # "Closed at 5:30 so I can make Singing Band": a purpose
    if (
        not own
        and verb.lemma in _TELLING
        and any(k.dep in ("dobj", "dative") and k.lower in ("me", "us") for k in kids)
        and any(k.dep in ("xcomp", "ccomp") for k in kids)
        and not _DID_AS_TOLD.search(parsed.text, *parsed.sentence_span(verb))
    ):
        return BlockReason.INTENTION  # "Told me to get walking every day": asked, not done
    intent = verb.lemma in INTENT_VERBS or verb.lower in INTENT_VERBS
    if not own and intent and not _tried_and_got(parsed, verb):
        return BlockReason.INTENTION
    if verb.lemma == "go" and verb.tag == "VBG" and any(k.dep == "xcomp" for k in kids):
        return BlockReason.GOING_TO
    if verb.lower == "used" and any(k.dep == "xcomp" for k in kids):
        return BlockReason.LONG_AGO
    return None


def _clause_words(parsed: ParsedText, chain: Sequence[Token]) -> list[Token]:
    """The words of the cue's clause, up to the verb that closes it."""
    governor = next((t for t in reversed(chain) if t.is_verb), None)
    if governor is None:
        return parsed.sentence_words(chain[0])
    return [w for w in _clause_tokens(parsed, governor) if w.pos != "SPACE"]


def _clause_tokens(parsed: ParsedText, governor: Token) -> list[Token]:
    """The governor's subtree without other verbs' conjoined clauses."""
    skip: list[int] = []
    for tok in parsed.subtree(governor):
        if tok is not governor and tok.dep == "conj" and tok.is_verb:
            skip.append(tok.i)
    skip.extend(  # "Agility in the morning, then hoovered the car": not the hoovering
        k.i
        for k in parsed.children(governor)
        if k.dep == "nsubj" and k.i < governor.i and _an_item_before(parsed, k, governor)
    )
    kept = parsed.subtree(governor, skip=skip)
    skipped_cc = {
        t.i
        for t in kept
        if t.dep == "cc" and any(s > t.i for s in skip) and parsed.head(t) is not None
    }
    return [t for t in kept if t.i not in skipped_cc]


# --------------------------------------------------------------------------- quotes


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and (text[start].isspace() or text[start] in ",;:—–-.("):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;:—–-.!"):
        end -= 1
    words = text[start:end].split(" ", 1)
    while len(words) == 2 and words[0].lower().strip(",") in _EDGE_WORDS:
        start += len(words[0]) + 1
        words = text[start:end].split(" ", 1)
    if start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha():
        start -= 1  # "re-stringing": the word whole, not "stringing"
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    return start, end


def quote_for(body: str, parsed: ParsedText, match: CueMatch) -> tuple[int, int]:
    """The span to quote for a match: its list line, its clause, or its phrase."""
    text = body
    start = parsed.tokens[match.first].start
    line_start, line_end = line_bounds(text, start)
    line = text[line_start:line_end]
    if is_list_line(line) and ("\n" in text or len(ITEM_MARK.findall(line)) > 1):
        marker = LIST_MARK.match(line)
        body_start = line_start + (marker.end() if marker else 0)
        trailing = _TRAILING_MARKS.search(line)
        body_end = line_start + (trailing.start() if trailing else len(line))
        for k, ch in enumerate(line):
            if ch in EMOJI_WORDS and start < line_start + k < body_end:
                body_end = line_start + k  # "🏃 5k ✅ 📖 ✅": the next item is another's
        for mark in ITEM_MARK.finditer(line):  # "✔ read 10p ✘ floss ✔ stretch"
            at = line_start + mark.start()
            if at < start:
                body_start = max(body_start, line_start + mark.end())
            elif at < body_end:
                body_end = at
        if body_start <= start < body_end:
            return _trim(text, body_start, body_end)
    head = phrase_head(parsed, match)
    governor = _governor(_clause_chain(parsed, head))
    if governor is not None:
        kept = {t.i for t in _clause_tokens(parsed, governor)}
        lo = hi = match.first
        while lo - 1 in kept and parsed.tokens[lo - 1].sent == head.sent:
            lo -= 1
        while hi + 1 in kept and parsed.tokens[hi + 1].sent == head.sent:
            hi += 1
        hi = max(hi, match.last)
        a, b = _trim(text, parsed.tokens[lo].start, parsed.tokens[hi].end)
        if 0 < b - a <= MAX_QUOTE_CHARS and "\n" not in text[a:b]:
            return a, b
    # A fragment: the piece of its sentence between punctuation.
    s_start, s_end = parsed.sentence_span(head)
    s_start = max(s_start, line_start)
    s_end = min(s_end, line_end)
    piece_start = s_start
    for m in re.finditer(r"[,;:—–]\s|\s(?:then)\s", text[s_start:s_end]):
        cut = s_start + m.start()
        if cut < start:
            piece_start = s_start + m.end()
        else:
            a, b = _trim(text, piece_start, max(cut, parsed.tokens[match.last].end))
            return a, min(b, a + MAX_QUOTE_CHARS)
    a, b = _trim(text, piece_start, s_end)
    return a, min(b, a + MAX_QUOTE_CHARS)


# --------------------------------------------------------------------------- targets
# Units of time: any activity takes minutes, so a count of them is a habit's only with the
# habit's own words beside it ("I have ten minutes" is no meditation).
_TIME_UNITS: Final = frozenset({"min", "minute", "hour", "hr", "h", "sec", "second"})


# How a log says an item was not done, whatever numbers its sentence holds.
_SAID_NOT_DONE: Final = frozenset(
    {BlockReason.MARKED_NOT_DONE, BlockReason.NEGATED, BlockReason.DID_NONE}
)


def _cued_sentences(
    body: str, parsed: ParsedText, rc: RuleCandidate, target: tuple[float, str] | None
) -> set[int] | None:
    """The sentences a count may be read in: every one (None), or for a count of time
    only those that hold one of the habit's cues (the number's own context is checked
    where the count is read)."""
    if target is None or target[1] not in _TIME_UNITS:
        return None
    found = {
        parsed.tokens[m.first].sent
        for m in find_cues(parsed, rc.cues, rc.exclude)
        if blocked(body, parsed, m) not in _SAID_NOT_DONE  # "Riyaz zero, … eight hours"
    }
    return found | {n + 1 for n in found if _same_line(parsed, n, n + 1)}


def _same_line(parsed: ParsedText, one: int, other: int) -> bool:
    """Sentence ``other`` goes on from sentence ``one`` on its line: "📚 NT2 listening 20
    min", which the parser splits after "NT2"."""
    if other >= len(parsed.sentences):
        return False
    last = parsed.tokens[parsed.sentences[one][1] - 1]
    start = parsed.tokens[parsed.sentences[other][0]].start
    _, line_end = line_bounds(parsed.text, last.start)
    return start < line_end and last.text not in (".", "!", "?")


def _count_by_distance(
    body: str, parsed: ParsedText, rc: RuleCandidate, goal: float
) -> tuple[int, int] | None:
    """A step-count habit with no count stated: the first walk whose stated distance
    reaches the goal (a walk of no stated length does not show a count reached)."""
    for match in find_cues(parsed, rc.cues, rc.exclude):
        if blocked(body, parsed, match) is not None:
            continue
        steps = walked_steps(parsed, match)
        if steps is not None and steps >= goal:
            return quote_for(body, parsed, match)
    return None


# --------------------------------------------------------------------------- proposer


def _when(text: str) -> str | None:
    lowered = text.lower()
    return next((p for p in _WHEN_PHRASES if p in lowered), None)


def _amount(parsed: ParsedText, a: int, b: int) -> tuple[float | None, str | None]:
    words = [t for t in parsed.tokens if a <= t.start and t.end <= b and t.pos != "SPACE"]
    for left, right in itertools.pairwise(words):
        if left.tag == "CD" or left.pos == "NUM":
            value = to_number(left.text)
            if value is not None:
                return value, right.text
    return None, None


# Words of a cue that say how much, not what ("# words", "# x #", "# pages"): a cue made of
# only these and numbers fits many habits.
_MEASURE_CUE_WORDS: Final = frozenset(
    {"x", "words", "word", "pages", "page", "pp", "min", "mins", "minutes", "hour", "hours",
     "reps", "sets", "times", "today"}
)  # fmt: skip


def _specific(cue: str) -> bool:
    return any(
        kind in ("exact", "prefix") and word not in _MEASURE_CUE_WORDS
        for kind, word in Cue.parse(cue).parts
    )


def _specificity(body: str, parsed: ParsedText, rc: RuleCandidate) -> int:
    """1 when the candidate's first cue that passes the checks names what was done
    ("anki", "jog*"), 0 when it only measures ("# words", "10 x 1") or none passes. Where two
    habits' suggestions would share a clause, the one its words name is read first
    ("Memorized 30 words on Anki" is the vocabulary, not the journal's words)."""
    if not rc.cues or is_abstinence(rc.candidate.name) or count_target(rc.measured_name):
        return 0
    for match in find_cues(parsed, rc.cues, rc.exclude):
        if blocked(body, parsed, match) is None:
            return 1 if _specific(match.cue) else 0
    return 0


_REACHING: Final = frozenset(
    {"call", "ring", "phone", "visit", "text", "message", "email", "see", "skype", "facetime"}
)  # fmt: skip
_REACHED_BY: Final = _REACHING | {"send", "write"}
"""What the one a name reaches may do to another ("Tatik sent a voice note")."""
# "to" someone as Spanish, Portuguese, French and Italian say it ("Llamar a Adrián").
_TO_SOMEONE: Final = frozenset({"a", "à", "al", "ao", "í"})  # Icelandic "Hringja í Kára"
_TALKING: Final = (_REACHING - {"visit", "see"}) | {
    "write", "letter", "talk", "speak", "chat", "video"
}  # fmt: skip
_MAY_BE_THEM: Final = frozenset(
    {"guy", "fella", "fellow", "lad", "lass", "man", "woman", "lady", "pet", "bunny", "rabbit",
     "hamster", "parrot", "budgie", "hen", "chicken", "goat", "fish", "tortoise", "folks",
     "ma", "pa", "da", "mam", "mama", "mamma", "mammy", "mummy", "mommy", "papa", "daddy",
     "nana", "nanna", "grandad", "granddad", "grandmother", "grandfather", "parents"}
)  # fmt: skip
"""Words for a person or pet who may be the one the habit names ("fed the little guy")."""
NAME_WORD: Final = re.compile(r"[\w'’]+")
"""A word of a habit's name, an apostrophe inside it ("Todi'ya", "Jithu's")."""


# A hope put in God's hands ("Insha'Allah", "God willing", "ojalá"): what follows is
# hoped for, not yet done.
_GOD_WILLING: Final = re.compile(
    r"\b(?:in ?sha ?['’]? ?a?llah|inshallah|insya ?allah|god willing|deo volente|ojal[aá]|"
    r"si dios quiere|se deus quiser)\b"
)


def _a_meal_as_when(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue is a meal alone, after a word of when ("at lunch", "after dinner")."""
    if match.first != match.last:
        return False
    meal = parsed.tokens[match.first]
    if meal.lemma not in _MEALS or meal.dep != "pobj":
        return False
    return parsed.tokens[meal.head].lower in _WHEN_PREPS


def _a_count_next(lowers: Sequence[str]) -> bool:
    """The word after the clause's first is a number: a hedged amount ("maybe 12")."""
    return len(lowers) > 1 and lowers[1][:1].isdigit()


def _reached_does_it(parsed: ParsedText, head: Token, named: frozenset[str]) -> bool:
    """The person a habit's name reaches ("Tatik call") is the subject of a deed done to
    someone or something else, not the writer ("Tatik called mom", "Tatik sent a voice
    note"): their deed; "Tatik called me" is left as it is read."""
    if head.dep != "nsubj" or head.lower not in named or head.tag != "NNP":
        return False
    deed = parsed.head(head)
    if deed is None or deed.lemma not in _REACHED_BY:
        return False
    objects = [k for k in parsed.children(deed) if k.dep in ("dobj", "dative")]
    return bool(objects) and not any(k.lower in FIRST_PERSON for k in objects)


def named_person(name: str) -> tuple[str, str] | None:
    """The one person a habit reaches by name or kinship word, and how: ``("edna",
    "dobj")`` for "Ring Edna" and "Visit Nan", ``("jess", "to")`` for "Write to Jess".
    None for anyone ("Call family", "Text a friend") and for a person who only owns the
    thing ("Pack Migo's baon")."""
    said = re.sub("[📞☎]", " call ", name.split("@")[0])  # "Boulder @ Movement": no one
    # "Chamada c/ a Manu", glossed "call c/ a Manu": with Manu, as "w/" is
    said = re.sub(r"(?i)\b[cw]/\s*(?:(?:a|o|la|el)\s+)?", " with ", said)
    words = NAME_WORD.findall(said)  # "Mami 📞 Bamenda": Mami, where she is after
    where = NAME_WORD.findall(" ".join(WHERE_IN_BRACKETS.findall(said)))
    if where and len(words) > len(where):  # "Lhakpa lai phone (Solu)": where they are
        words = [w for w in words if w not in where]
    if (  # "Lhakpa lai phone": the person, a word for "to", then the call
        len(words) > 2 and words[1].lower() in _TO_AFTER and words[2].lower() in _TALKING
    ):
        return words[0].lower(), "dobj"
    if (  # "Mami call Bamenda": the kin first, then where they are
        len(words) > 2 and words[1].lower() in _TALKING and words[0].lower() in _KIN
    ):
        return words[0].lower(), "dobj"
    if (  # "umma call", "Mama facetime": the person first, as Korean or Japanese say it
        len(words) == 2
        and words[1].lower() in _TALKING
        and (words[0].lower() in _KIN or (words[0][0].isupper() and not words[0].isupper()))
        and words[0].lower() not in WEEKDAYS
    ):
        return words[0].lower(), "dobj"
    talking = next((k for k, w in enumerate(words) if w.lower() in _TALKING), 0)
    first = without_case_ending(words[0]) if words else ""
    if (
        talking >= 1
        and (  # "Todi'ya zvonok İstanbul 📞": to Todi, as its ending says
            (first != words[0] and not _says_when(first))
            # "Muamo Anus 📞", glossed "mother Anus": the kin first, where they are after
            or (talking >= 2 and words[0].lower() in _KIN and words[1][:1].isupper())
        )
    ):
        return first.lower(), "dobj"
    for k, (before, word) in enumerate(itertools.pairwise(words)):
        if word.endswith(("'s", "’s")):
            continue
        if (
            before.lower() in _TO_SOMEONE
            and k > 0
            and words[k - 1].lower() in _REACHING
            and word[0].isupper()  # not "Call a friend"
        ):
            before = words[k - 1]  # "Llamar a Adrián", glossed "call a Adrián"
        if not ((word[0].isupper() and not _says_when(word)) or word.lower() in _KIN):
            continue  # not "Challah (Thurs)", "Our Daily Bread": when, not whom
        if word.isupper() and len(word) <= 3 and before.lower() not in _REACHING:
            continue  # "Naana BP morning": her blood pressure, not a call to "BP"
        if any(ch.isdigit() for ch in word):
            continue  # "Chilimba K200": an amount, not whom
        if before.lower() in ("to", "with"):
            if words[0].lower() in _TALKING:  # not "Walk to St Mary's"
                return word.lower(), before.lower()
            continue
        if before.lower() in _REACHING or (
            before == words[0]
            and before.lower() not in _WHEN
            and not before.lower().endswith("ing")  # "Singing Band rehearsal": a name
        ):
            after = words[k + 2] if k + 2 < len(words) else ""
            if word.lower().rstrip(".") in _TITLES and after[:1].isupper():
                return after.lower(), "dobj"  # "Call Coach Getaneh": Getaneh
            return word.lower(), "dobj"  # not "Daily Examen": when, then what
    return None


_WHEN: Final = frozenset(
    {"daily", "morning", "evening", "nightly", "night", "weekly", "sunday", "friday", "bedtime"}
)
WHERE_IN_BRACKETS: Final = re.compile(r"\(\s*([A-Z](?:[^\W\d_]|['’-])+)\s*\)")
"""A capitalised word alone in brackets after a habit's name: where the person is, not
whom it reaches ("Lhakpa lai phone (Solu)", "Tel Okaasan (Nara)")."""
# Words for "to" that come after the person, as Nepali, Hindi and Mongolian put them
# ("Lhakpa lai phone", "mummy ko call", "ээж рүү залгах", glossed "mom рүү call").
_TO_AFTER: Final = frozenset({"lai", "laai", "lāī", "ko", "рүү", "руу"})


# Titles before a name ("Call Coach Getaneh", "Ring Dr Osei"): the name is the person's.
_TITLES: Final = frozenset(
    {"coach", "dr", "doctor", "mr", "mrs", "ms", "miss", "pastor", "rev", "reverend", "prof",
     "professor", "sensei", "sifu", "imam", "rabbi", "kumu"}
)  # fmt: skip


def _says_when(word: str) -> bool:
    """A day ("Thurs", "Samstag") or another word of when ("Daily"), never a person."""
    lower = word.lower().rstrip(".")
    return lower in WEEKDAYS or lower in WEEKDAYS_SHORT or lower in _WHEN or is_day_word(word)


_TEMPLATE_PERSON: Final = "mum"
_TEMPLATE_HOME: Final = "mum's"  # "went to mum's": to her home, as WENT_TO_HERS reads


def _said_of(who: str, word: str) -> str:
    """A word of a family's cue with its mother said of ``who`` ("mum's": "maurluq's")."""
    if word == _TEMPLATE_PERSON:
        return who
    return f"{who}'s" if word == _TEMPLATE_HOME else word


def person_cues(name: str, cues: Sequence[str]) -> list[str]:
    """``cues`` and, for a habit that reaches one person by name, what its families say of
    a mother said of that person ("Call Emaye": "rang emaye", "spoke to emaye"; "Video
    call Mama": "video with mama"). A call from them is not added: the labelled sets
    disagree on whether "Dad rang me" is the writer's call."""
    person = named_person(name)
    if person is None:
        return list(cues)
    both = re.search(  # "Call Mum/Dad", "Anruf Mama/Baba": either of them
        rf"\b{re.escape(person[0])}\s*[/&+]\s*([^\W\d_]+)", name, re.IGNORECASE
    )
    # "Call Xin Yi": "called xy", by her initials, as a log shortens two given names
    second = re.search(rf"\b{re.escape(person[0])}\s+([A-Z][^\W\d_]+)\b", name, re.IGNORECASE)
    initials = (
        (person[0][0] + second.group(1)[0].lower(),)
        if second is not None and second.group(1)[0].isupper() and len(person[0]) > 1
        else ()
    )
    said = [
        " ".join(_said_of(who, word) for word in cue.split())
        for who in (person[0], *((both.group(1).lower(),) if both else ()), *initials)
        for cue in cues
        if _TEMPLATE_PERSON in cue.split() or WENT_TO_HERS.match(cue)
    ]
    merged = list(dict.fromkeys([*cues, *said]))
    if len(merged) <= MAX_CUES:
        return merged
    # too many: the families' words give way, not the person's ("Llamar a Adrián" beside a
    # family of hundreds of cues keeps "talked to adrián")
    own = list(dict.fromkeys(c for c in said if c not in cues))
    return [*merged[: MAX_CUES - len(own)], *own]


_FRACTION: Final = re.compile(r"\s*:?\s*(\d+)\s*/\s*(\d+)\b")
# Sets by reps ("5x5", "3 × 10"), right after the cue ("Squats - 3x5"), not a weight's
# third factor ("100x5x3").
_SETS_BY_REPS: Final = re.compile(
    r"\s*[:–—-]?\s*(?:(?:only|just)\s+)?\b(\d{1,2})\s*[x×]\s*(\d{1,3})(?:m|kg|s)?\b(?!\s*[x×])",
    re.IGNORECASE,
)


# Times of day a name may ask for both of ("Metformin morning & night", "Brush AM/PM").
_DAY_TIMES: Final = {
    "morning": "am", "am": "am", "breakfast": "am", "night": "pm", "evening": "pm",
    "pm": "pm", "bedtime": "pm", "supper": "pm", "dinner": "pm", "nighttime": "pm",
}  # fmt: skip
_BOTH_TOLD: Final = frozenset({"both", "again", "twice", "all", "each"})


def _one_time_of_two(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for the thing morning and night, and the cue is told of one time
    only ("Took the morning pill", "Morning pill yes"): half of what the name asks."""
    asked = {_DAY_TIMES[w] for w in NAME_WORD.findall(name.lower()) if w in _DAY_TIMES}
    if len(asked) < 2:
        return False
    first, last = parsed.tokens[match.first], parsed.tokens[match.last]
    near = parsed.tokens[max(first.i - 4, 0) : last.i + 3]
    times = {_DAY_TIMES[_day_time(t)] for t in near if t.sent == first.sent and _day_time(t)}
    if len(times) != 1:
        return False
    told = set(times)
    for again in parsed.tokens:  # "azúcar 7am: 110 / azúcar 6pm: 140": each on its line
        if again.i != first.i and again.lower == first.lower and _opens_its_line(parsed, again):
            beside = parsed.tokens[max(again.i - 4, 0) : again.i + 3]
            told |= {
                _DAY_TIMES[_day_time(t)] for t in beside if t.sent == again.sent and _day_time(t)
            }
    if len(told) > 1:
        return False
    return not any(t.lower in _BOTH_TOLD for t in parsed.sentence_words(first))


def _at_another_time(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for the thing at one time of day ("PM run 8k+", "Metformin
    (morning)") and the cue is told of the other one only ("Morning was 16km
    progression", "took the metformin with dinner")."""
    asked = {_DAY_TIMES[w] for w in NAME_WORD.findall(name.lower()) if w in _DAY_TIMES}
    if len(asked) != 1:
        return False
    first, last = parsed.tokens[match.first], parsed.tokens[match.last]
    near = parsed.tokens[max(first.i - 4, 0) : last.i + 3]
    times = {_DAY_TIMES[_day_time(t)] for t in near if t.sent == first.sent and _day_time(t)}
    return len(times) == 1 and not times & asked


# A place a name asks the thing at ("Fajr namaz @ mosquée", "Asr à la Grande Mosquée",
# "Swim at the lido"), and the writer's home said as where it was done instead ("Asr at
# home", "I pray in the house today, not at mosquée").
_NAME_PLACE: Final = re.compile(
    r"(?:@|\bat\b|\bà\b|\bau\b)\s*(?:the\s+|la\s+|le\s+|l['’])?(?=[^\W\d_])(?!home\b|maison\b)",
    re.IGNORECASE,
)
_AT_HOME: Final = re.compile(
    r"\b(?:at|in)\s+(?:the\s+|my\s+|our\s+)?(?:home|house|flat|apartment|room)\b"
    r"|\bà la maison\b|\bchez moi\b",
    re.IGNORECASE,
)


def _at_another_place(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for the thing at a place and the cue's sentence says it was done at
    home instead ("Fajr namaz @ mosquée": "Asr at home", "i pray in the house today")."""
    if _NAME_PLACE.search(name) is None:
        return False
    return _AT_HOME.search(_cue_sentence(parsed, match)) is not None


def _cue_sentence(parsed: ParsedText, match: CueMatch) -> str:
    """The text of the sentence the cue opens in."""
    start, end = parsed.sentence_span(parsed.tokens[match.first])
    return parsed.text[start:end]


_A_CALL: Final = re.compile(
    r"\b(?:(?:call|calls|called|calling)\b(?!\s+(?:in|round|around|over|by)\b)|"  # "called in"
    r"(?:rang|ring|rung|phoned?|phoning|facetimed?|skyped?|video ?call\w*|by phone|"
    r"on the phone|over the phone)\b)",
    re.IGNORECASE,
)


def _a_call_told(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue's sentence tells a call ("I call the chuchu by phone", "Rang Nan")."""
    return _A_CALL.search(_cue_sentence(parsed, match)) is not None


def _prays_for(parsed: ParsedText, match: CueMatch) -> bool:
    """ "Pray" with a clause of what is asked ("i pray Allah forgive me", "I pray that
    the rain stops"): a hope, not a prayer said."""
    if match.first != match.last:
        return False
    tok = parsed.tokens[match.first]
    return tok.lemma == "pray" and any(
        k.dep == "ccomp" and k.i > tok.i for k in parsed.children(tok)
    )


_OPENING_QUOTES: Final = frozenset("'\"‘“")


def _scare_quoted(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue alone stands in quotation marks, a word the writer doubts ("my big 'walk'
    today was from the tram stop", "the only \"ride\" today"), not a title or speech of
    more words."""
    text = parsed.text
    start, end = parsed.tokens[match.first].start, parsed.tokens[match.last].end
    return (
        start > 0
        and end < len(text)
        and text[start - 1] in _OPENING_QUOTES
        and text[end] in _CLOSING_QUOTES
        and (start < 2 or not text[start - 2].isalnum())
    )


def _opens_its_line(parsed: ParsedText, tok: Token) -> bool:
    """``tok`` is the first word of its line, after any bullet or tick (a log's item)."""
    start, _ = line_bounds(parsed.text, tok.start)
    return not re.search(r"[^\W_]", parsed.text[start : tok.start])


_CLOCK_HALF: Final = re.compile(r"\d{1,2}(?::\d{2})?\s*(am|pm)", re.IGNORECASE)


def _day_time(tok: Token) -> str:
    """The time of day a token says ("morning", "pm", "7am": "am"), or ""."""
    if tok.lower in _DAY_TIMES:
        return tok.lower
    clock = _CLOCK_HALF.fullmatch(tok.lower)
    return clock.group(1).lower() if clock else ""


# A name's number beside the word it counts: "Ivrit 10 words", "LC: 2 mediums", "study
# block x2".
_NUMBER_THEN_WORD: Final = re.compile(r"\b(\d{1,4})\s*([^\W\d_][\w'’-]*)")
_WORD_THEN_TIMES: Final = re.compile(r"([^\W\d_][\w'’-]*)\s*[x×](\d{1,3})\b", re.IGNORECASE)


# A sum of money with its sign or its currency's name ("₦1,000", "20 cedis", "£5").
_MONEY: Final = re.compile(
    rf"(?:[{re.escape(CURRENCY_SIGNS)}]\s?(\d[\d,.]*)(k)?)"
    rf"|(?:\b(\d[\d,.]*)(k)?\s?(?:{CURRENCY_WORDS})\b)",
    re.IGNORECASE,
)


def _sums(text: str) -> list[float]:
    out: list[float] = []
    for m in _MONEY.finditer(text):
        digits, thousands = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = to_number(digits.rstrip(".,"))
        if value is not None:
            out.append(value * (1000 if thousands else 1))
    return out


def _less_money(body: str, parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for a sum of money and the cue's sentence gives only less ("Ajo
    ₦1,000": "Only ₦500 I fit give Mama Tolu today")."""
    asked = _sums(name)
    if not asked:
        return False
    start, end = parsed.sentence_span(parsed.tokens[match.first])
    given = _sums(body[start:end])
    return bool(given) and max(given) < max(asked)


def _fewer_said_before(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue's word is what the name counts, and a smaller number counts it in the entry
    ("one study block" for "study block x2", "1 medium" for "LC: 2 mediums")."""
    counted = [(int(n), w.lower()) for n, w in _NUMBER_THEN_WORD.findall(name)]
    counted += [(int(n), w.lower()) for w, n in _WORD_THEN_TIMES.findall(name)]
    if not counted:
        return False
    head = phrase_head(parsed, match)
    asked = [n for n, w in counted if w[:4] in (head.lower[:4], head.lemma[:4])]
    if not asked:
        return False
    said = [
        value
        for k in parsed.children(head)
        if k.dep == "nummod" and k.i < head.i and (value := to_number(k.text)) is not None
    ]
    return bool(said) and max(said) < max(asked)


_ALL_SAID: Final = frozenset({"all", "five", "5", "every", "each", "both"})
_SHARE: Final = re.compile(r"(\d)/(\d)")
"""A digit over a digit: a share of the day's prayers ("4/5"), not a date ("10/12")."""


def _a_date(after: Sequence[str]) -> bool:
    """The word after a number is a month: the number is a date ("Sat 5 Oct"), no count."""
    return bool(after) and after[0].rstrip(".") in MONTH_WORDS


def _some_of_the_prayers(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for the five daily prayers ("all 5 salah", "Namaz 5 time") and the
    cue's sentence names fewer of them ("prayed zuhr and asr", "fajr zuhr asr maghrib ✔")
    or counts fewer ("namaz 4", "i pray only 3 today") without saying all were prayed."""
    if not asks_five_prayers(NAME_WORD.findall(name)):
        return False
    said = parsed.sentence_words(parsed.tokens[match.first])
    lowers = [w.lower for w in said]
    if any(w in _ALL_SAID and not _a_date(lowers[k + 1 : k + 2]) for k, w in enumerate(lowers)):
        return False
    if any((share := _SHARE.fullmatch(w)) and int(share[1]) < int(share[2]) for w in lowers):
        return True  # "🕌 4/5"
    named = {DAILY_PRAYERS[w] for w in lowers if w in DAILY_PRAYERS}
    if 0 < len(named) < 5:
        return True
    if not named and prayers_named(lowers):
        return True  # "Juma at Al-Nour": Friday's prayer, not the day's five
    for k, w in enumerate(said):
        value = to_number(w.text) if w.pos == "NUM" or w.text.isdigit() else None
        near = lowers[max(k - 3, 0) : k + 3]
        if (
            value is not None
            and value < 5
            and any(n.rstrip("s") in PRAYER_WORDS or n.startswith("pray") for n in near)
        ):
            return True  # "namaz 4, asr miss", "i pray only 3 today"
    return False


def _short_of_name(body: str, parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is followed by a share of the number its name asks for, short of it ("Anki
    50": "anki 32/50"), or beside "only" a number below the name's ("Sit-ups 3x30": "sit
    ups only 2 sets", "only two sets of sit ups"), or fewer sets by reps ("3x5" for "5x5"),
    or told of one of the two times of day the name asks for."""
    if _one_time_of_two(parsed, match, name) or _fewer_said_before(parsed, match, name):
        return True
    if _some_of_the_prayers(parsed, match, name):
        return True  # "all 5 salah": "prayed zuhr and asr in the stock room"
    if _less_money(body, parsed, match, name):
        return True  # "Ajo ₦1,000": "Only ₦500 I fit give Mama Tolu today"
    part = _FRACTION.match(body, parsed.tokens[match.last].end)
    asked = [int(n) for n in re.findall(r"\d+", name)]
    grid = _SETS_BY_REPS.search(name)
    done = _SETS_BY_REPS.match(body, parsed.tokens[match.last].end)
    if grid is not None and done is not None:  # "Squats 5x5": "Squats - 3x5" is short
        return int(done.group(1)) * int(done.group(2)) < int(grid.group(1)) * int(grid.group(2))
    if part is not None:
        return int(part.group(1)) < int(part.group(2)) and int(part.group(2)) in asked
    said = match.cue[:-2]
    if match.cue.endswith(" #") and re.search(rf"\b{re.escape(said)}\s+\d", name.lower()):
        counted = to_number(parsed.tokens[match.last].text)  # the name's word and a number
        if counted is not None and asked:
            return counted < max(asked)  # "Cube 50 solves": "cube 30" is short of it
    bare = _BARE_COUNT.search(name)
    if bare is not None and count_target(name) is None and deadline(name) is None:
        for tok in parsed.tokens[match.last + 1 : match.last + 4]:
            if "\n" in tok.text or tok.pos == "PUNCT":
                break
            value = to_number(tok.text) if tok.text[:1].isdigit() else None
            if value is not None:
                after = parsed.tokens[tok.i + 1] if tok.i + 1 < len(parsed.tokens) else None
                if after is None or unit_of(after.lower) is None:
                    return value < float(bare.group(1))  # "Flashcards anat 40": "anat cards 22"
                break
    sent = parsed.tokens[match.first].sent
    line_start, line_end = line_bounds(body, parsed.tokens[match.first].start)
    near = [
        t
        for t in parsed.tokens[max(match.first - 4, 0) : match.last + 6]
        if (t.sent == sent or line_start <= t.start < line_end) and t.pos not in ("PUNCT", "SPACE")
    ]  # the sentence, or a log's line the parser split ("airstrip x1 only")
    if not asked:
        return False
    named = {w[:4] for w in NAME_WORD.findall(name.lower())} | _COUNTED
    target = count_target(name)
    in_time = target is not None and target[1] == "minute"

    def counts_it(what: Token | None) -> bool:
        """``what`` is what the name counts, or a thing counted when the name counts
        no time ("only 2 problems" for "Geometry ×3"; not "only 5 minutes" for squats)."""
        return (
            what is None
            or what.lower[:4] in named
            or what.lemma[:4] in named
            or (what.pos == "NOUN" and not in_time and unit_of(what.lower) is None
                and what.lemma not in _TIME_UNITS)
        )  # fmt: skip

    for only, count, what in zip(near, near[1:], [*near[2:], None], strict=False):
        value = _count_of(count)  # "only half juz", "only x1"
        if only.lower in ("only", "just") and value is not None and counts_it(what):
            return value < max(asked)  # "only 5 minutes of stretching": not squats
        stated = _count_of(only)  # "airstrip x1 only", "laws 3 pages only"
        if stated is not None and count.lower == "only":
            return stated < max(asked)
        if stated is not None and what is not None and what.lower == "only" and counts_it(count):
            return stated < max(asked)
    return False


# A name that ends with its count and no unit ("Flashcards anat 40", "English words 15 🃏").
_BARE_COUNT: Final = re.compile(r"[^\W\d_]\s+(\d{1,4})\W*$")


def _count_of(tok: Token) -> float | None:
    """The number a word says: "3", "three", "half", "x1" (a log's count of times)."""
    if tok.lower == "half":
        return 0.5
    if re.fullmatch(r"[x×]\d{1,3}", tok.lower):
        return float(tok.lower[1:])
    return to_number(tok.text) if tok.pos == "NUM" or tok.text[:1].isdigit() else None


# What a count of any exercise may be counted in ("only 2 sets").
_COUNTED: Final = frozenset({"set", "sets", "rep", "reps", "roun", "time", "lap", "laps"})


def _with_what_follows(
    body: str, parsed: ParsedText, span: tuple[int, int], used: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """A quote that is only a heading of a few words with no verb ("Jigsaw night.",
    "Bins!") reaches on to the next sentence on its line, which tells what was done
    ("Jigsaw night. … did the whole edge and the sky"), unless another habit quotes it."""
    a, b = span
    inside = [t for t in parsed.tokens if a <= t.start and t.end <= b and t.text.strip()]
    words = [t for t in inside if t.text[:1].isalnum()]
    if (
        not inside
        or len(words) > 3
        or any(t.is_verb or t.pos == "AUX" or t.lower.endswith("ed") for t in inside)
        or any(ch in ITEM_MARKS for ch in body[a:b])
    ):
        return span  # "flossed.", "Omega ✓.": said done already
    sent = inside[-1].sent
    if sent + 1 >= len(parsed.sentences):
        return span
    _, end = parsed.sentences[sent]
    first, last = parsed.sentences[sent + 1]
    rest = body[b : parsed.tokens[end - 1].end]
    if any(ch.isalnum() for ch in rest) or "\n" in body[b : parsed.tokens[last - 1].end]:
        return span  # "Novena day 6 — I forgot!!": the heading's own sentence goes on
    nxt = (parsed.tokens[first].start, parsed.tokens[last - 1].end)
    told = parsed.tokens[first:last]  # not "Pills with breakfast. Marg didn't pick up"
    if (
        not any(t.is_verb for t in told)
        or any(t.lower in NEGATORS or t.lower in _NEGATIVE_SUBJECTS for t in told)
        or any(overlaps(nxt, taken) for taken in used)
    ):
        return span
    return a, min(_trim(body, a, nxt[1])[1], a + MAX_QUOTE_CHARS)


# A name that opens with whose it is ("Kofi's stretches", "Dad’s nebuliser 2x", "Tante
# Lise's groceries"), not a name that says where from ("Cook from Nonna's book").
# Whose a thing is not, though written so: today's ("tonight's examen", "the day's
# pills"); "Saturday's parkrun", "yesterday's run" are another day's.
_TIME_OWNERS: Final = frozenset(
    {"today", "tonight", "morning", "evening", "night", "day", "week", "afternoon"}
)
_OWNED_BY: Final = re.compile(r"^\s*(?:[\w-]+\s+)?[\w-]+['’]s\b")
_WHOSE: Final = re.compile(r"(?<!\bfrom )(?<!\bfor )\b([^\W\d_][\w-]*)['’]s\b", re.IGNORECASE)


def blocked_for(
    body: str, parsed: ParsedText, match: CueMatch, name: str, *, reading: bool = False
) -> BlockReason | None:
    """:func:`blocked`, for the habit named ``name``: the thing its name works on may be
    the subject of its own verb ("Oil clippers": "clippers oiled")."""
    reason = blocked(
        body,
        parsed,
        match,
        reading=reading,
        theirs=_OWNED_BY.search(name) is not None,
        named=frozenset(NAME_WORD.findall(name.lower())),
        owners=frozenset(m.lower() for m in _WHOSE.findall(name)),
    )
    if reason is BlockReason.SOMEONE_ELSE and _the_thing_does_it(parsed, match, name):
        return None
    if reason is None and (_only_kept(parsed, match, name) or _only_near(parsed, match)):
        return BlockReason.A_THING
    if reason is None and _at_another_time(parsed, match, name):
        return BlockReason.ANOTHER_TIME  # "PM run 8k+": "Morning was 16km progression"
    if reason is None and _another_prayer(parsed, match, name):
        return BlockReason.ANOTHER_TIME  # "Бомдат намаз": "Went to жұма намаз"
    if reason is None and asks_a_visit(name) and _a_call_told(parsed, match):
        return BlockReason.A_CALL  # "Visitar a la chuchu": "I call the chuchu by phone"
    if reason is None and _prays_for(parsed, match):
        return BlockReason.WISH_LIST  # "i pray Allah forgive me", "I pray he gets better"
    if reason is None and _scare_quoted(parsed, match):
        return BlockReason.SARCASM  # "my big 'walk' today was to the tram stop"
    if reason is None and _at_another_place(parsed, match, name):
        return BlockReason.ANOTHER_PLACE  # "Asr à la Grande Mosquée": "Asr at home"
    if reason is None and _names_whose_thing(parsed, match):
        return BlockReason.A_THING  # "airag sellers", "the tavlu board", "Lýsi bottle"
    if reason is None and _going_on(parsed, match):
        return BlockReason.SOMEONE_ELSE  # "passed Holy Spirit, some novena going on"
    if reason is None and _writing_this(parsed, match, name):
        return BlockReason.A_THING  # "Lesson plans – write": "here I am writing this instead"
    if reason is None and _a_titled_name(parsed, match, name):
        return BlockReason.A_NAME  # "Rozar before sleep": "Fr Rosario made the altos repeat"
    if reason is None and _their_noun(parsed, match):
        return BlockReason.SOMEONE_ELSE  # "My daughter Xochitl she embroider in the stall"
    if reason is None and _still_to_do(parsed, match):
        return BlockReason.A_PLAN  # "Orders to finish before 1st"
    if reason is None and _at_rest(parsed, match):
        return BlockReason.A_THING  # "Now the Quetzales rest until the fiesta"
    return reason


def _their_noun(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue, read as a noun, has "he", "she" or "they" before it as its subject: a
    deed of theirs the parser took for a thing ("she embroider in the stall")."""
    tok = parsed.tokens[match.last]
    return not tok.is_verb and any(
        k.dep == "nsubj" and k.lower in ("he", "she", "they") and k.i < tok.i
        for k in parsed.children(tok)
    )


# What is still to be done to a thing ("Orders to finish", "three pages to read").
_STILL_TO: Final = frozenset(
    {"finish", "do", "complete", "read", "write", "send", "pay", "sew", "wash", "iron", "fold",
     "clean", "fix", "mend", "sort", "submit", "mark", "grade", "deliver", "post", "file"}
)  # fmt: skip


def _still_to_do(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue names things with "to" and a verb of what is still to be done to them, no
    deed of the writer's over them ("Orders to finish before 1st", "three pages to read
    tonight"; not "I finished the orders to send today")."""
    tok = parsed.tokens[match.last]
    up = parsed.head(tok)
    return (
        not tok.is_verb
        and not (up is not None and up.i != tok.i and up.is_verb)
        and any(
            k.dep in ("acl", "relcl")
            and k.lemma in _STILL_TO
            and any(a.lower == "to" and a.dep == "aux" for a in parsed.children(k))
            for k in parsed.children(tok)
        )
    )


_RESTING: Final = frozenset({"rest", "sleep", "wait", "nap", "lie", "sit", "pause"})


def _at_rest(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue is the subject of resting ("the Quetzales rest until the fiesta", "Bars
    sleep on my leg"): the thing or the group at rest, nothing done."""
    tok = parsed.tokens[match.last]
    up = parsed.head(tok)
    return (
        tok.dep == "nsubj"
        and up is not None
        and up.lemma in _RESTING
        and up.i == tok.i + 1  # right after it, not "socks on, shift ok, … slept ok-ish"
        and tok.lower not in FIRST_PERSON
        and not _a_verb_before(parsed, tok)  # "I did the examen lying down": a deed, then how
    )


def _a_verb_before(parsed: ParsedText, tok: Token) -> bool:
    """A verb stands before ``tok`` in its sentence: a deed told, not a thing named."""
    return any(t.is_verb for t in parsed.tokens[parsed.sentences[tok.sent][0] : tok.i])


def _going_on(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue names something going on, seen or heard of, not done by the writer ("some
    novena going on", "a choir practice going on in the hall"; not "my run went on")."""
    thing = parsed.tokens[match.last]
    if any(k.dep == "poss" and k.lower in MY for k in parsed.children(thing)):
        return False
    head = parsed.head(thing)
    around = [k for k in parsed.children(thing) if k.dep == "acl"]
    if thing.dep == "nsubj" and head is not None:
        around.append(head)
    return any(
        v.lemma == "go"
        and v.tag == "VBG"
        and any(k.dep == "prt" and k.lower == "on" for k in parsed.children(v))
        for v in around
    )


# What a habit of writing the journal itself is named by: writing "this" is doing it.
_JOURNALING: Final = frozenset(
    {"journal", "journaling", "journalling", "diary", "entry", "entries", "log", "pages"}
)


def _writing_this(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is the writing of "this", the entry itself ("here I am writing this
    instead"), for a habit of writing something else."""
    word = parsed.tokens[match.last]
    if word.lemma != "write" or match.last + 1 >= len(parsed.tokens):
        return False
    after = parsed.tokens[match.last + 1]
    if after.lower != "this" or after.head != word.i:
        return False
    return not any(w.lower() in _JOURNALING for w in NAME_WORD.findall(name))


# Titles that make the capitalised word after them a person's name.
_TITLE_BEFORE: Final = _TITLES | frozenset(
    {"fr", "father", "sr", "sister", "br", "brother", "padre", "don", "doña", "dona", "mother"}
)


def _a_titled_name(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is one capitalised word after a title ("Fr Rosario"), a person's name the
    habit's name does not write as its person ("Call Fr Rosario" does)."""
    word = parsed.tokens[match.first]
    if match.first != match.last or match.first == 0 or not word.text[:1].isupper():
        return False
    title = parsed.tokens[match.first - 1]
    if title.lower.rstrip(".") not in _TITLE_BEFORE or not title.text[:1].isupper():
        return False
    return word.text not in NAME_WORD.findall(name)


# Nouns a cue may name the kind of, that are no doing of it: the people who sell, make,
# play or master it, the board, bottle or jar it comes in, the shop or stall that sells it.
_THING_HEADS: Final = frozenset(
    {"seller", "vendor", "master", "maker", "player", "teacher", "board", "bottle", "jar",
     "shop", "store", "stall"}
)  # fmt: skip


def _another_prayer(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The name asks for one prayer and the cue is said of another, beside it ("Fajr
    namaz": "Went to jummah namaz"; "Бомдат намаз": "жұма намаз")."""
    asked = prayers_named(NAME_WORD.findall(name))
    if not asked:
        return False
    sent = parsed.tokens[match.first].sent
    near = [
        t.text for t in parsed.tokens[max(match.first - 4, 0) : match.last + 3] if t.sent == sent
    ]
    said = prayers_named(near)
    return bool(said) and not said & asked


def _names_whose_thing(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue, one word, only says what kind a thing or a person is ("Market full of
    airag sellers", "the tavlu board open", "Many toasts for the qvevri masters")."""
    if match.first != match.last:
        return False
    word = parsed.tokens[match.first]
    if word.dep not in ("compound", "amod") or word.head <= word.i:
        return False
    return parsed.tokens[word.head].lemma in _THING_HEADS


# What is done to a thing to keep, get or move it, not to use it ("cleaning my khuur",
# "bought a new mat", "packed the banjo").
_KEEPING_VERBS: Final = frozenset(
    {
        "clean", "polish", "oil", "dust", "wipe", "grease", "lubricate", "varnish", "wax",
        "repair", "mend", "fix", "restring", "service", "sell", "buy", "order", "pack",
        "unpack", "wrap", "store", "lend", "borrow", "insure", "return",
        # and a vessel's upkeep ("sealed qvevri 4 with the stone lid", "emptied the jar")
        "seal", "empty",
    }
)  # fmt: skip


def _only_kept(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is only the thing, kept or got, and the habit's name does not ask for that
    ("Morin khuur practice": "I was cleaning my khuur"; not "Wax skis": "waxed the skis")."""
    head = phrase_head(parsed, match)
    if head.pos not in ("NOUN", "PROPN") or head.dep not in ("dobj", "obj"):
        return False
    verb = parsed.head(head)
    if verb is None or verb.lemma not in _KEEPING_VERBS:
        return False
    named = {w.lower() for w in NAME_WORD.findall(name)}
    return not any(w.startswith(verb.lemma[:4]) for w in named)


def _only_near(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue is only a thing the writer sat or stood by ("I sat by the loom with my
    coffee"): near it, not at it."""
    head = phrase_head(parsed, match)
    if head.pos not in ("NOUN", "PROPN") or head.dep != "pobj":
        return False
    prep = parsed.head(head)
    rest = parsed.head(prep) if prep is not None else None
    return (
        prep is not None
        and prep.lower in ("by", "beside", "near", "alongside")
        and rest is not None
        and rest.lemma in ("sit", "stand", "lie", "wait", "linger", "pause")
    )


def _the_thing_does_it(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The thing the habit's name does something to is the subject of the name's own
    verb, as people write it done ("Oil clippers": "clippers oiled"; "Fly pigeons":
    "pigeons fly after, 40 minute"): the deed, not someone else's.  Never a person."""
    words = {
        w.lower() for w in NAME_WORD.findall(name) if not w[:1].isupper() or w == name.split()[0]
    }
    for tok in parsed.tokens[match.first : match.last + 1]:
        verb = parsed.head(tok) if tok.dep in ("nsubj", "nsubjpass") else tok
        subjects = (
            [k for k in parsed.children(verb) if k.dep in ("nsubj", "nsubjpass")] if verb else []
        )
        if verb is None or (verb.lower not in words and verb.lemma not in words):
            continue
        if any(  # "Ledger: Tsegaye closed it": someone named beside the thing did it
            k.tag == "NNP" and k.lower not in words and k.lemma not in _DEVICES for k in subjects
        ):
            return False
        if any(
            (k.lower in words or k.lemma in words)
            and k.lemma not in _PEOPLE
            and k.lemma not in _KIN
            and k.i < verb.i
            for k in subjects
        ):
            return True
    return False


_TO_A_PLACE: Final = re.compile(
    r"^\s*[^\W\d_]+\s+(?:up |down |out |over |round )?to\s+(?:the\s+)?"
    r"([A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*)\s*$"
    r"|^\s*[^\W\d_]+\s+(?:up |down |out |over |round )?to\s+the\s+"  # "… to the creek"
    r"([a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)(?<!s)\s*$"  # not "to the shops": any of them
)


def _goes_elsewhere(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """A name of going to a place by its name ("Walk to Reen Cross") and the cue's verb
    goes to another, the place unnamed in its sentence ("walked from the car park to the
    chemist")."""
    m = _TO_A_PLACE.match(name)
    if m is None or named_person(name) is not None:
        return False  # "Letter to Tom": to a person, who may be "him"
    place = {w.lower() for w in (m.group(1) or m.group(2)).split()}
    if place & {w.lower for w in parsed.sentence_words(parsed.tokens[match.first])}:
        return False
    verb = phrase_head(parsed, match)
    kids = [*parsed.children(verb)]
    kids += [
        g for k in kids if k.dep == "prt" or k.lower in ("down", "up") for g in parsed.children(k)
    ]
    return any(k.lower == "to" and any(o.dep == "pobj" for o in parsed.children(k)) for k in kids)


def _person_acts(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is only a person the habit's name writes with a capital, and they are the
    one doing something ("Pay Sandra": "Sandra took Ellie to swimming"; "Visit Isa": "Isa
    rang"); or the cue is a call someone made to the writer, read as a noun ("Elin
    rang.")."""
    words = parsed.tokens[match.first : match.last + 1]
    named = NAME_WORD.findall(name)
    people = {w.lower() for w in named[1:] if w[:1].isupper()}
    if len(named) == 2 and named[0].lower() in _REACHING:
        people.add(named[1].lower())  # "call wren", written all in lower case
    if len(words) == 1 and words[0].lower in _REACHED_ME:
        return any(  # "Elin rang.", the parser's compound: someone reached the writer
            k.dep == "compound" and k.i < words[0].i and (k.pos == "PROPN" or k.lemma in _KIN)
            for k in parsed.children(words[0])
        )
    if len(words) != 1 or words[0].lower not in people:
        return False
    verb = parsed.head(words[0])
    if verb is None:
        return False
    if words[0].dep == "compound" and verb.lower in _REACHED_ME:
        return True  # "Elin rang.": the call read as a noun the name qualifies
    if words[0].dep == "nsubj" and verb.lemma == "do":
        own = {w.lower() for w in NAME_WORD.findall(name)}
        return any(  # "Lars did 50 burpees": another thing than the habit's, on their own
            k.dep == "dobj" and k.lower not in own and k.lemma not in own
            for k in parsed.children(verb)
        )
    return (
        words[0].dep == "nsubj"
        and verb.is_verb
        and verb.lemma not in _DONE_VERBS  # "Did the Jumble", "Pickles got his food"
        and not _done_how(parsed, verb, words[0])  # "I did the examen lying down"
    )


# Past forms of reaching the writer that the parser reads as nouns after a name ("Elin
# rang.", "Isa called").
_REACHED_ME: Final = frozenset(
    {"rang", "called", "phoned", "texted", "messaged", "emailed", "wrote", "visited",
     "came", "popped", "dropped", "facetimed", "skyped", "replied"}
)  # fmt: skip


# What is written or sent to someone ("wrote a letter", "sent a card"): it may be theirs.
_MESSAGES_SENT: Final = MESSAGES | frozenset(
    {"card", "note", "line", "reply", "word", "parcel", "package", "gift", "present", "photo",
     "picture"}
)  # fmt: skip


def _reaches_someone_else(
    parsed: ParsedText, match: CueMatch, person: tuple[str, str], name: str
) -> bool:
    """The cue's verb reaches something or someone that is not the habit's person:
    "rang the surgery" is no call to Edna, "visited Pat" no visit to Nan.  A pronoun, a
    kinship word, a child or a pet may be them ("rang her", "rang Mum")."""
    who, how = person
    named = {w.lower() for w in NAME_WORD.findall(name)}
    words = parsed.tokens[match.first : match.last + 1]
    verbs = [t for t in words if t.is_verb] or [phrase_head(parsed, match)]
    if _named_after_whom(words, who, name):
        return False  # "City Chess kids group": "Kids group: 12 today", the name's own words
    for verb in verbs:  # "Rang the council": the verb read as a name, its object appended
        if how == "dobj":
            reached = [k for k in parsed.children(verb) if k.dep in ("dobj", "appos")]
            owner = parsed.head(verb)
            if verb.dep == "compound" and owner is not None:
                reached.append(owner)  # "Phoned Priya": the verb read as her first name
        else:
            preps = [k for k in parsed.children(verb) if k.lower == how]
            reached = [k for p in preps for k in parsed.children(p) if k.dep == "pobj"]
            if not preps and any(  # "wrote a Christmas card list": not to Callum
                k.dep == "dobj" and k.pos == "NOUN" and k.lemma not in _MESSAGES_SENT
                for k in parsed.children(verb)
            ):
                return True
        for obj in reached:
            if match.first <= obj.i <= match.last or obj.pos not in ("NOUN", "PROPN"):
                continue
            if obj.lower.rstrip(".") in _AT_THE_CLOCK:
                continue  # "FaceTime kl 20:45": when, not whom
            if who in {t.lower for t in parsed.subtree(obj)}:
                continue
            if obj.lower in named:
                continue  # "Anruf Mama/Baba": "Called Baba", the other one named
            if obj.pos == "PROPN" and (
                obj.lower[:3] == who[:3] or (len(obj.lower) == 1 and who.startswith(obj.lower))
            ):
                continue  # "Rang Marg": Margaret by another name; "Txt'd M": by her initial
            if any(k.dep == "poss" for k in parsed.children(obj)):
                continue  # "rang ma faither": someone of the writer's, who may be them
            if not {obj.lemma, obj.lower} & (_BEINGS | _MAY_BE_THEM):
                return True
    return False


def _named_after_whom(words: Sequence[Token], who: str, name: str) -> bool:
    """The cue's words are all words the name says after the one it reaches ("City Chess
    kids group": "Kids group"), no verb among them."""
    said = [w.lower() for w in NAME_WORD.findall(name)]
    if who not in said:
        return False
    after = set(said[said.index(who) + 1 :])
    return all(t.lower in after and not t.is_verb for t in words)


# "o'clock" as Scandinavian and Finnish writers put it before the time ("kl 20:45").
_AT_THE_CLOCK: Final = frozenset({"kl", "klo", "klokka", "klockan", "klokken"})
_BEFORE_WHOM: Final = frozenset({"for", "with", "to", "from", "w", "c", "at", "in", "on"})


def _says_leading(parsed: ParsedText, match: CueMatch, leading: str) -> bool:
    """The match tells the name's leading deed: its cue holds it, or its words are the
    name's own word, matched by another cue ("Kylby suovattu": "kylby" read as "sauna*")."""
    if leading in match.cue.split():
        return True
    stem = leading.rstrip("*")
    return any(
        t.lower.startswith(stem) if leading.endswith("*") else t.lower == stem
        for t in parsed.tokens[match.first : match.last + 1]
    )


def _leading_deed(name: str, cues: Sequence[str]) -> str | None:
    """The first word of a name of a deed that is a cue of its own, past words of when
    ("Post a cut on IG": "post"; "Back squat 5x5": "squat*"; "Morning Offering":
    "offering*") and before whom it is for ("Bake for crew": never "crew"): a match of it
    is the better quote than one of what it is done to ("did 11 cuts … posted it on the
    shop insta"), or of a cue word the habit's family shares ("Squat 5x5" before "1000
    gym")."""
    words: list[str] = NAME_WORD.findall(name.lower())
    if len(words) < 2:
        return None
    for word in words:
        if word in _BEFORE_WHOM:
            return None  # "Bake for crew": the deed is told before whom it is for
        if word in NOT_DOINGS or word in _WHEN:
            continue  # "Morning Offering": the offering
        if word in cues:
            return word
        # "Squats 5x5", "Back squat 5x5": the cue "squat*" says the name's own word
        said = next(
            (
                cue
                for cue in cues
                if " " not in cue
                and cue.endswith("*")
                and len(cue) > 3
                and word.startswith(cue[:-1])
            ),
            None,
        )
        if said is not None:
            return said
    return None


def _count_decided(
    body: str, parsed: ParsedText, rc: RuleCandidate, target: tuple[float, str] | None
) -> tuple[bool, CueMatch | None] | None:
    """The count evidence of ``count_evidence``; when the count that reaches the target
    is said of another time or person ("when I was small … 2 pages minimum"), the count
    of another sentence that reaches it ("in the taxi I read my 2 pages")."""
    only = _cued_sentences(body, parsed, rc, target)
    decided = count_evidence(parsed, target, only)
    if (
        decided is not None
        and decided[1] is not None
        and target is not None
        and target[1] in _DISTANCES
        and _cues_all_blocked_in(body, parsed, rc, parsed.tokens[decided[1].first].sent)
    ):
        left = (set(range(len(parsed.sentences))) if only is None else only) - {
            parsed.tokens[decided[1].first].sent
        }
        again = count_evidence(parsed, target, left) if left else None
        if again is not None and not again[0]:
            return again  # "was meant to be 30k … Just did 7km": short of the 10 km
        return None  # "Bf rowed 10k on my erg": not the writer's row
    if (
        decided is not None
        and decided[1] is not None
        and target is not None
        and target[1] in _DISTANCES
        and _another_sport_beside(parsed, rc.candidate.name, decided[1])
    ):
        return None  # "Row 5k": "long walk 12km w/ Mia", the distance of a walk
    for _ in range(3):
        if decided is None or not decided[0] or decided[1] is None:
            return decided
        match = decided[1]
        if blocked_for(body, parsed, match, rc.candidate.name, reading=True) is None:
            return decided
        left = (set(range(len(parsed.sentences))) if only is None else only) - {
            parsed.tokens[match.first].sent
        }
        if not left:
            return decided
        only, decided = left, count_evidence(parsed, target, left)
        if (
            decided is not None
            and decided[1] is not None
            and not _cue_passes_in(body, parsed, rc, parsed.tokens[decided[1].first].sent)
        ):
            return None  # another count, but no word of the habit said done beside it
    return decided


_DISTANCES: Final = frozenset({"km", "mi", "mile"})
# The sports a distance is gone in, each by the words that tell it (lemmas, lower case).
_SPORTS: Final[tuple[frozenset[str], ...]] = (
    frozenset({"run", "ran", "jog", "parkrun", "sprint"}),
    frozenset({"walk", "hike", "stroll", "ramble", "trek"}),
    frozenset({"swim", "swam"}),
    frozenset({"row", "rowed", "erg"}),
    frozenset({"cycle", "bike", "ride", "rode", "cycling", "spin"}),
    frozenset({"paddle", "kayak", "canoe"}),
)


def _sport_of(word: str) -> int | None:
    return next((at for at, words in enumerate(_SPORTS) if word in words), None)


def _sport_told(tok: Token) -> int | None:
    """The sport a word tells, by its lemma or as written ("jogged", "rowed")."""
    by_lemma = _sport_of(tok.lemma.lower())
    return by_lemma if by_lemma is not None else _sport_of(tok.lower)


def _another_sport_beside(parsed: ParsedText, name: str, number: CueMatch) -> bool:
    """The distance's nearest word of a sport, in its sentence, is of another sport than
    the one the name goes ("Row 5k": "long walk 12km"; "Run 10k": "cycled 12 km")."""
    sports = [_sport_of(w) for w in NAME_WORD.findall(name.lower())]
    own = next((s for s in sports if s is not None), None)
    if own is None:
        return False
    sent = parsed.tokens[number.first].sent
    told = [
        (abs(t.i - number.first), sport)
        for t in parsed.tokens
        if t.sent == sent and (sport := _sport_told(t)) is not None
    ]
    return bool(told) and min(told)[1] != own


def _cues_all_blocked_in(body: str, parsed: ParsedText, rc: RuleCandidate, sent: int) -> bool:
    """The habit's words are said in sentence ``sent``, and none of them as done."""
    said = [
        m for m in find_cues(parsed, rc.cues, rc.exclude) if parsed.tokens[m.first].sent == sent
    ]
    return bool(said) and all(
        blocked_for(body, parsed, m, rc.candidate.name) is not None for m in said
    )


def _cue_passes_in(body: str, parsed: ParsedText, rc: RuleCandidate, sent: int) -> bool:
    return any(
        parsed.tokens[m.first].sent == sent
        and blocked_for(body, parsed, m, rc.candidate.name) is None
        for m in find_cues(parsed, rc.cues, rc.exclude)
    )


def _the_deed_of_a_count(
    body: str, parsed: ParsedText, rc: RuleCandidate, number: CueMatch
) -> CueMatch:
    """What to quote for a count that reaches the target: the number's clause, or, when
    the number stands in a sentence of its own ("… re-seating the pins on the second
    barrel. … Two hours, perhaps a little more"), the first cue said done before it."""
    sent = parsed.tokens[number.first].sent
    matches = find_cues(parsed, rc.cues, rc.exclude)
    if any(
        parsed.tokens[m.first].sent == sent and unit_of(parsed.tokens[m.last].lower) is None
        for m in matches
    ):
        return number  # a word of the habit beside it, not only its unit ("Two hours")
    before = [m for m in matches if m.last < number.first]
    return next(
        (m for m in before if blocked_for(body, parsed, m, rc.candidate.name) is None), number
    )


# What one wears or carries for a sport, named by it ("running shoes", "swimming goggles").
_GEAR: Final = frozenset(
    {
        "shoe", "trainer", "sneaker", "boot", "kit", "gear", "short", "sock", "tight",
        "legging", "jacket", "vest", "top", "shirt", "cap", "goggle", "costume", "bag",
        "belt", "watch", "glove", "helmet",
    }
)  # fmt: skip


def _gear_of(parsed: ParsedText, match: CueMatch) -> bool:
    """The cue, one "-ing" word, names what a thing is for ("running trainers"): the
    thing, not the doing."""
    if match.first != match.last or match.last + 1 >= len(parsed.tokens):
        return False
    cue, after = parsed.tokens[match.last], parsed.tokens[match.last + 1]
    return (
        cue.lower.endswith("ing")
        and after.start - cue.end <= 1
        and cue.head == after.i
        and (after.lemma in _GEAR or after.lower in _GEAR)
    )


def _only_whom(cue: str, name: str) -> bool:
    """The cue is only the capitalised words of a name after its first word: whom the
    deed is done with or for ("Mache ak Nadège": "nadège"), not the deed."""
    words = NAME_WORD.findall(name)[1:]
    whom = {w.lower() for w in words if w[:1].isupper()}
    whom |= {without_accents(w) for w in whom}
    parts = [w.rstrip("*") for w in cue.lower().split()]
    return bool(parts) and all(p in whom for p in parts)


def _undone_beside(
    body: str, parsed: ParsedText, matches: Sequence[CueMatch], match: CueMatch, name: str
) -> bool:
    """Another cue of the habit in the match's sentence is said not done: negated, skipped
    or marked so ("Nadège and me we stay inside, no walk nothing")."""
    sent = parsed.tokens[match.first].sent
    return any(
        other != match
        and parsed.tokens[other.first].sent == sent
        and blocked_for(body, parsed, other, name) in _UNDONE
        for other in matches
    )


_UNDONE: Final = _SAID_NOT_DONE | {BlockReason.AVOIDED}

# Words that put a person where a name's "for" or "with" does ("made kibbeh for Baba",
# "danced with Mariama", "Mariama and I"), in English and as the names write them.
_BESIDE_WHOM: Final = FOR_OR_WITH_WORDS | {"and", "&", "to"}


def _whom_out_of_place(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """The cue is only whom the name does its deed for or with ("Dholl puri pou Mai":
    "mai"), and the entry names them without a word that puts them there nor as whose
    the thing is: at their house, on a call ("Aswar manz kot Mai", "Mai call")."""
    whom = whom_in(name)
    parts = [p.rstrip("*") for p in match.cue.split()]
    if not parts or not whom.issuperset(parts) or asks_a_call(name):
        return False  # "Skype with Mama": "Mama on video today"
    before = parsed.tokens[match.first - 1] if match.first > 0 else None
    after = parsed.tokens[match.last + 1] if match.last + 1 < len(parsed.tokens) else None
    if before is not None and before.lower in _BESIDE_WHOM:
        return False
    if after is not None and after.lower in ("'s", "’s", "and", "&"):
        return False
    last: Token | None = parsed.tokens[match.last]
    while last is not None and last.dep == "compound":  # "Kumu" of "Kumu Lehua"
        last = parsed.head(last)
    verb = parsed.head(last) if last is not None and last.dep == "nsubj" else None
    if verb is None:
        return True
    near = [*parsed.children(verb)]
    near += [g for k in near if k.dep in ("ccomp", "xcomp") for g in parsed.children(k)]
    return not any(k.lower in FIRST_PERSON for k in near)  # "Kumu Lehua had us run …"


def propose(body: str, parsed: ParsedText, candidates: Sequence[RuleCandidate]) -> list[Draft]:
    """One draft per candidate the entry shows done, in text order.

    ``parsed`` is the parse of ``mask_for_parsing(body)``."""
    if len(parsed.text) != len(body):
        return []
    text = body
    spans: list[tuple[tuple[int, int], int]] = []
    used: list[tuple[int, int]] = []
    cue_at: dict[tuple[int, int], tuple[int, int]] = {}  # a taken span's cue
    for rc in sorted(candidates, key=lambda rc: -_specificity(body, parsed, rc)):
        cand = rc.candidate
        if not rc.cues or is_abstinence(cand.name):
            continue
        span: tuple[int, int] | None = None
        span_cue: tuple[int, int] | None = None
        target = count_target(rc.measured_name)
        decided = _count_decided(body, parsed, rc, target)
        if decided is None and target is not None and target[1] == "step":
            span = _count_by_distance(body, parsed, rc, target[0])
            if span is None:
                continue
        elif decided is not None:
            ok, match = decided
            if (
                not ok
                or match is None
                or blocked_for(body, parsed, match, cand.name, reading=True) is not None
            ):
                continue
            match = _the_deed_of_a_count(body, parsed, rc, match)
            span = quote_for(body, parsed, match)
            span_cue = _cue_span(parsed, match)
        else:
            limit = deadline(rc.measured_name)
            person = named_person(cand.name)
            short = False
            leading = _leading_deed(cand.name, rc.cues)
            matches = find_cues(parsed, rc.cues, rc.exclude)
            # a word as written before a misspelling of it ("in sauna" before "Sanna")
            ordered = sorted(matches, key=lambda m: not as_written(parsed, m))
            for candidate_match in ordered:
                if blocked_for(body, parsed, candidate_match, cand.name) is not None:
                    continue
                if _only_whom(candidate_match.cue, cand.name) and _undone_beside(
                    body, parsed, matches, candidate_match, cand.name
                ):
                    continue  # "Nadège and me stay inside, no walk nothing"
                if _whom_out_of_place(parsed, candidate_match, cand.name):
                    continue  # "Dholl puri pou Mai": "Aswar manz kot Mai", "Mai call"
                if _denied_beside(parsed, matches, candidate_match) or _denied_before(
                    parsed, matches, candidate_match
                ):
                    continue  # "Watched Liiga highlights on phone, not my game"
                if _the_object_acts(parsed, candidate_match, cand.name):
                    continue  # "Feed the levain": "The levain smell sour sour"
                if limit is not None and not time_ok(body, parsed, candidate_match, limit):
                    continue
                if on_time(rc.measured_name) and said_late(parsed, candidate_match):
                    continue  # "Meds on time": "took the tablets at 11, three hours late"
                if person is not None and _reaches_someone_else(
                    parsed, candidate_match, person, cand.name
                ):
                    continue  # "Ring Edna": "rang the surgery"
                if _goes_elsewhere(parsed, candidate_match, cand.name):
                    continue  # "Walk to Reen Cross": "walked to the chemist"
                if _person_acts(parsed, candidate_match, cand.name):
                    continue  # "Pay Sandra": "Sandra took Ellie to swimming"
                if _short_of_name(body, parsed, candidate_match, cand.name):
                    short = True
                    # the cue itself, not _says_leading: a word the name shares with another
                    # cue ("sahar lmunz", one prayer of "Lmunz – pinza wakhta") must not end
                    # the search before "all five" is read
                    if leading and leading in candidate_match.cue.split():
                        span = None  # "gym … Squats - 3x5": the name's own deed fell short
                        break
                    continue  # "Anki 50": "anki 32/50"
                _make_room(text, _cue_span(parsed, candidate_match), used, spans, cue_at)
                quoted = _apart_from(
                    text, parsed, candidate_match, quote_for(body, parsed, candidate_match), used
                )
                if quoted is None:
                    continue  # "stretched after the run": that clause is another habit's
                if span is None or not leading or _says_leading(parsed, candidate_match, leading):
                    span, span_cue = quoted, _cue_span(parsed, candidate_match)
                if not leading or _says_leading(parsed, candidate_match, leading):
                    break
                if leading.endswith("*") and phrase_head(parsed, candidate_match).pos == "VERB":
                    break  # "I made his shepherd's pie": a deed told, whatever its word
            if span is not None and _asks_twice(cand.name):
                twice = _told_twice(body, parsed, rc)
                if twice is None:
                    continue  # "Milking morning & evening": "Milked in the morning only"
                quoted = _apart_from(text, parsed, twice, quote_for(body, parsed, twice), used)
                if quoted is not None:
                    span, span_cue = quoted, _cue_span(parsed, twice)
            if span is None and not short:
                span = emoji_line(body, rc.cues, limit)
            if span is None and not short:  # "✅ 📿 before tulog": the name's own picture
                span = name_emoji_item(body, rc.candidate.name, _addressed_region(body))
            if span is None and limit is None and not short:  # a ticked item, no count
                span = ticked_name(body, rc.candidate.name, _addressed_region(body))
        if span is None:
            continue
        if span[1] <= span[0]:
            continue
        used.append(span)
        spans.append((span, cand.index))
        if span_cue is not None:
            cue_at[span] = span_cue
    found: list[tuple[int, Draft]] = []
    for span, index in spans:
        others = [taken for taken in used if taken != span]
        a, b = _with_what_follows(body, parsed, span, others)
        quote = text[a:b]
        amount, unit = _amount(parsed, a, b)
        found.append((a, Draft(index, quote, amount, unit, _when(quote))))
    return [draft for _, draft in sorted(found, key=lambda p: p[0])]


# A habit done twice a day, as its name says ("Milking morning & evening", "Finger prick
# x2", "Floss twice"); not sets of a count ("Pushups 2x15").
_TWICE_NAMED: Final = re.compile(
    r"\b(?:x\s?2|2\s?x|twice)\b(?!\s*\d)"
    r"|\bmornings?\s*(?:&|and|\+|/)\s*(?:evenings?|nights?)\b"
    r"|\b(?:am|a\.m\.)\s*(?:&|and|\+|/)\s*(?:pm|p\.m\.)",
    re.IGNORECASE,
)
# Words that tell the second time, or both, beside the deed ("Both milkings done", "second
# prick 6.9", "milked again at 4.30").
_TWICE_TOLD: Final = _BOTH_TOLD | {"second", "2nd", "x2", "2x", "two", "2"}
# The times of day a sentence may tell both of ("Nebuliser morning and night").
_TIMES_OF_DAY: Final = frozenset(_DAY_TIMES) | {"lunch", "noon", "afternoon", "asubuhi", "jioni"}
_TICKS: Final = frozenset("✔✅☑✓")


def _asks_twice(name: str) -> bool:
    """The habit is done twice a day ("Milking morning & evening", "Finger prick x2")."""
    return _TWICE_NAMED.search(name) is not None


def _told_twice(body: str, parsed: ParsedText, rc: RuleCandidate) -> CueMatch | None:
    """Where the entry tells a twice-a-day habit done both times: a sentence of it with
    a word of the second time or of both ("Again at 4.30 I milked both"), else the later
    of two sentences that each tell it ("✔ milking asubuhi", "✔ milking jioni"); None when
    it is told done once ("Milked in the evening, Kiprono had done the morning")."""
    passing = [
        m
        for m in find_cues(parsed, rc.cues, rc.exclude)
        if blocked_for(body, parsed, m, rc.candidate.name) is None
    ]
    for m in passing:
        words = parsed.sentence_words(parsed.tokens[m.first])
        if any(t.lower in _TWICE_TOLD for t in words) or _two_times_in(parsed, words):
            return m
    told = {parsed.tokens[m.first].sent: m for m in passing}
    if len(told) >= 2:
        return list(told.values())[-1]
    for m in passing:
        line_at = body.rfind("\n", 0, parsed.tokens[m.first].start) + 1
        line_end = body.find("\n", line_at)
        if _TICKS & set(body[line_at : line_end if line_end >= 0 else len(body)]):
            return m  # "pills ✔": the checklist's item, whatever it asks
    return None


def _two_times_in(parsed: ParsedText, words: Sequence[Token]) -> bool:
    """The sentence tells two times of day side by side ("Nebuliser morning and night",
    "Lay down at 10 and at 3"), not one time and another's deed ("Milked in the evening,
    Kiprono had done the morning")."""
    if any(w.lower in ("only", "once") for w in words):
        return False  # "Milked in the morning only"
    times = [
        w
        for w in words
        if w.lower in _TIMES_OF_DAY
        or (w.i > 0 and parsed.tokens[w.i - 1].lower == "at" and TIME_OR_NUMBER.match(w.text))
    ]
    return any(
        a.lower != b.lower
        and b.i - a.i <= 4
        and all(t.lower in _BETWEEN_TIMES for t in parsed.tokens[a.i + 1 : b.i])
        for a, b in itertools.pairwise(times)
    )


_BETWEEN_TIMES: Final = frozenset({"and", "&", "+", "at", "in", "the", ",", "then", "/"})


# What opens the object of a name of a deed ("Feed the levain", "Walk my dog"): the word
# before it is the deed's verb.
_OBJECT_OPENERS: Final = frozenset({"the", "my", "our", "his", "her", "their", "mum's", "dad's"})
_INTO: Final = frozenset(
    {"in", "into", "to", "at", "on", "round", "around", "through", "up", "down", "along", "over"}
)


def _the_object_acts(parsed: ParsedText, match: CueMatch, name: str) -> bool:
    """What a name of a deed and its object ("Feed the levain", "Get in the sea") is done
    to is the subject of another verb ("The levain smell sour sour", "Sea was wild"): it
    did something or was so, nobody did the deed to it. Not when the verb reports it done
    ("levain fed", "the hens got their corn")."""
    words: list[str] = NAME_WORD.findall(name.lower())
    thing = parsed.tokens[match.last]
    opener = next((k for k, w in enumerate(words[1:], 1) if w not in _INTO), len(words))
    if (
        len(words) == 2
        and opener == 1
        and thing.lower == words[1]
        and _sport_of(words[0]) is not None
    ):
        opener = 0  # "Walk seawall": "the seawall is for young people today" (not "Pool swim")
    elif (
        len(words) < opener + 2
        or words[opener] not in _OBJECT_OPENERS
        or thing.lower not in words[opener + 1 :]
    ):
        return False  # "Feed the levain", "Get in the sea"
    deed = words[0]
    verb = parsed.head(thing)
    return (
        thing.dep == "nsubj"
        and (thing.pos == "NOUN" or (thing.pos == "PROPN" and thing.known))  # "Sea was wild"
        and verb is not None
        and (verb.is_verb or verb.lemma == "be")
        and (verb.lemma not in _DONE_VERBS or verb.lemma == "be")  # "The hens were noisy"
        and (opener > 0 or verb.lemma == "be")  # "Walk seawall": only what the seawall is
        and not stem_of(deed, verb.lower)
        and not _handled(parsed, verb)
        and not _a_reading(parsed, thing, verb, thing)  # "the gauge showed +2.10"
    )


# Past forms a capital at a sentence's start can leave tagged as a base form ("Took two
# tablets a day all week").
_IRREGULAR_PAST: Final = frozenset(
    {"took", "went", "did", "had", "made", "got", "ran", "swam", "ate", "drank", "wrote",
     "sat", "rode", "gave", "came", "saw", "slept", "kept", "felt", "left", "met", "paid",
     "put", "told", "sent", "spent", "stood", "brought", "bought", "taught", "found", "won",
     "lost", "sang", "rang", "began", "fed", "led", "read"}
)  # fmt: skip


def _in_the_past(tok: Token) -> bool:
    return tok.tag in ("VBD", "VBN") or (tok.is_verb and tok.lower in _IRREGULAR_PAST)


def _a_reading(parsed: ParsedText, subject: Token, verb: Token, head: Token) -> bool:
    """The habit's instrument shows its reading ("Note the tide gauge": "the gauge showed
    +2.10"): the writer read it, the gauge did nothing else."""
    return (
        subject.i == head.i
        and verb.lemma in ("show", "read", "say", "register", "display")
        and any(k.dep in ("dobj", "attr") and any(ch.isdigit() for ch in k.text)
                for k in parsed.children(verb))
    )  # fmt: skip


def _denied_beside(parsed: ParsedText, matches: Sequence[CueMatch], match: CueMatch) -> bool:
    """Another of the habit's cue words later in the sentence is denied right after a
    comma ("Watched Liiga highlights on phone, not my game"): what was done was not it."""
    sent = parsed.tokens[match.first].sent
    for other in matches:
        if other.first <= match.last or parsed.tokens[other.first].sent != sent:
            continue
        before = [t.lower for t in parsed.tokens[max(0, other.first - 3) : other.first]]
        if before[-1:] and before[-1] in MY | {"the"}:
            before = before[:-1]  # ", not my game", ", not the tape"
        if before[-2:] == [",", "not"]:
            return True
    return False


_TURNS: Final = frozenset({"but", "instead", "then", "later", "still", "anyway", "though"})


def _denied_before(parsed: ParsedText, matches: Sequence[CueMatch], match: CueMatch) -> bool:
    """Another of the habit's cue words opens the sentence denied ("No cancha today, I
    arrive too late, the lights of the court were already off"), and nothing between
    turns it round ("but", "instead"): the later word is the same thing not done."""
    sent = parsed.tokens[match.first].sent
    first = parsed.sentences[sent][0]
    for other in matches:
        if other.last >= match.first or parsed.tokens[other.first].sent != sent:
            continue
        opening = [t.lower for t in parsed.words(first, other.first)]
        if opening not in (["no"], ["not"]):
            continue
        between = parsed.words(other.last + 1, match.first)
        if not any(t.lower in _TURNS for t in between):
            return True
    return False


def _cue_span(parsed: ParsedText, match: CueMatch) -> tuple[int, int]:
    return parsed.tokens[match.first].start, parsed.tokens[match.last].end


# Where one clause of a run-on sentence ends and the next begins ("jogged the canal path,
# 3.1 mi, then did 20 min scales").
_CLAUSE_SPLIT: Final = re.compile(
    r",\s+|;\s*|\s+(?:then|and then|after that|afterwards)\s+|\s+\+\s+|\s+[—–]\s+"
)


def _make_room(
    text: str,
    cue: tuple[int, int],
    used: list[tuple[int, int]],
    spans: list[tuple[tuple[int, int], int]],
    cue_at: dict[tuple[int, int], tuple[int, int]],
) -> None:
    """Shrink another habit's quote that runs over ``cue`` to its own clause, where a
    comma, "then" or "+" parts the two cues ("jogged the canal path, 3.1 mi on my watch
    then did 20 min scales": the jog is the run's, the scales the practice's)."""
    for k, taken in enumerate(used):
        own = cue_at.get(taken)
        if own is None or not overlaps(cue, taken) or overlaps(cue, own):
            continue
        if cue[1] <= own[0]:
            parts = list(_CLAUSE_SPLIT.finditer(text, cue[1], own[0]))
            cut = _trim(text, parts[-1].end(), taken[1]) if parts else None
        else:
            part = _CLAUSE_SPLIT.search(text, own[1], cue[0])
            cut = _trim(text, taken[0], part.start()) if part else None
        if cut is None or not (cut[0] <= own[0] and own[1] <= cut[1]):
            continue
        used[k] = cut
        spans[:] = [(cut if s == taken else s, i) for s, i in spans]
        cue_at[cut] = cue_at.pop(taken)


def _apart_from(
    text: str,
    parsed: ParsedText,
    match: CueMatch,
    quoted: tuple[int, int],
    taken: Sequence[tuple[int, int]],
) -> tuple[int, int] | None:
    """``quoted`` without the other habits' quotes it runs into ("ran the levee trail,
    2.3 mi, then did 15 min buzzing": the buzzing is the lip slurs'); ``None`` when the
    cue itself is in one of them."""
    cue = (parsed.tokens[match.first].start, parsed.tokens[match.last].end)
    a, b = quoted
    for start, end in taken:
        if not overlaps((a, b), (start, end)):
            continue
        if overlaps(cue, (start, end)):
            return None
        if end <= cue[0]:
            a = max(a, end)
        else:
            b = min(b, start)
    a, b = _trim(text, a, b)
    return (a, b) if a < b and a <= cue[0] and cue[1] <= b else None


# --------------------------------------------------------------------------- others' quotes


def _named_by_instruction(body: str, quote: str) -> bool:
    """The quote is written inside text addressed to the app ("reply with the quote 'I did
    nothing today'"): whatever else it is, an instruction picked it."""
    region = _addressed_region(body)
    return region is not None and body.find(quote, region) >= 0


_NOT_DONE_WORDS: Final = re.compile(
    r"\b(?:not|no|never|nothing|none|didn'?t|don'?t|won'?t|wasn'?t|haven'?t|hadn'?t|can'?t|"
    r"couldn'?t|n't|want|wanna|need|plan|planning|going to|gonna|will|would|should|might|"
    r"tomorrow|tonight|next|hope|wish|maybe|if|forgot|skipped|missed)\b",
    re.IGNORECASE,
)


def check_quote(body: str, parsed: ParsedText | None, quote: str) -> BlockReason | None:
    """The same context checks as a cue match, for a quote another proposer (the model)
    claims shows a completion; ``None`` when it passes.

    The quote is read at its first occurrence (where the app anchors it), at its phrase
    head and at its last verb ("I want to meditate" is read at "meditate"). Without a
    parse only the words can be read: text addressed to the app, or a not-done word
    anywhere in the quote, drops it."""
    if _named_by_instruction(body, quote):
        return BlockReason.ADDRESSED_TO_THE_APP
    at = body.find(quote)
    if parsed is None or len(parsed.text) != len(body):
        if at >= 0 and _NOT_DONE_WORDS.search(quote):
            return BlockReason.NEGATED
        return None
    end = at + len(quote)
    words = [
        t
        for t in parsed.tokens
        if at <= t.start and t.end <= end and t.pos not in ("SPACE", "PUNCT") and t.text.strip()
    ]
    if at < 0 or not words:
        return BlockReason.NO_WORDS
    whole = CueMatch(quote, words[0].i, words[-1].i)
    reason = blocked(body, parsed, whole)
    if reason is not None:
        return reason
    if _only_a_state(parsed, words):
        return BlockReason.A_STATE
    verbs = [t for t in words if t.is_verb and t.pos != "AUX"]
    for focus in verbs[-1:]:
        reason = blocked(body, parsed, CueMatch(focus.text, focus.i, focus.i))
        if reason is not None:
            return reason
    return None


_CONTENT_POS: Final = frozenset({"NOUN", "PROPN", "VERB", "NUM"})


def _only_a_state(parsed: ParsedText, words: Sequence[Token]) -> bool:
    """A quote that only says what someone is or feels ("I'm a coward", "I was so
    tired"): its one content word is what a form of *be* predicates, so nothing in it was
    done. "I'm proud of that run" names a deed beside the feeling and is not this."""
    predicates = [
        t for t in words if t.dep in ("attr", "acomp") and parsed.tokens[t.head].lemma == "be"
    ]
    if not predicates:
        return False
    said = {t.i for t in predicates}
    return not any(
        t.pos in _CONTENT_POS and t.i not in said and t.dep != "npadvmod"  # "all day"
        for t in words
    )
