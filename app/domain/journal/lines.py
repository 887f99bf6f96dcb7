"""A log's lines: list marks, ticks and crosses, and what a line says about its item.

Journals are often kept as lists ("✅ read", "- [ ] floss", "× swim" in a bullet
journal's key) and terse logs ("bike: no, rain", "mbira → Thursday"). This module reads
those lines without a parser: whether a line is a list line, whether its item at a
position is marked not done, whether a plan heading ("Tomorrow:", "Fri list:") stands
over it, and the patterns for what a log says right after an item (``rules`` maps each
to its reason) or right before it.
"""

from __future__ import annotations

import re
from typing import Final

LIST_MARK: Final = re.compile(
    r"^\s*(?:(?:[-*•·+–]|\d{1,2}[.)](?!\d)|\[[ xX✓✔~/>-]?\]|[☐☑☒✅✔✓])\s*|[^\w\s\"'“‘(\[]{1,8}\s+)+"
)
UNCHECKED: Final = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[[ ~/>-]?\]|[☐⬜◻□▢🔲])")
"""An open box, or one marked partly done, moved or cancelled ("[~]", "[/]", "[>]", "[-]")."""
# The crosses a list marks an item not done with ("❌ meditate", "✖ footwork").
CROSSES: Final = "❌✗✘☒✖❎"
ITEM_MARKS: Final = "✅✔✓☑" + CROSSES
"""Ticks and crosses that mark a log's items done or not."""
LINE_NOT_DONE: Final = re.compile(
    rf"[{CROSSES}]|\bnope\b|\bnot done\b|\bskipped\b|\bmissed\b", re.I
)
# A log line's answer after the item, saying it was not done ("bike: no, rain", "floss -
# nope", "pull-ups: 0, bar still not mounted", "Spend log: skip", "Virgil: not touched",
# "Reading - nothing").
ANSWERED_NO: Final = re.compile(
    r"^(?:\s+[^\W\d_]+){0,2}\s*(?:[:=–—-]+\s*|\(\s*)(?:[^\W\d_]+,\s*)?"  # "Txt: drafted, not sent"
    r"(?:no|nope|nah|none|nothing|nada|zilch|zero|0(?![.,]\d)|skip|skipped|missed|"
    r"didn'?t|forgot|forgotten|not (?:even\s+)?(?:today|done|really|yet|begun|sent|made|"
    r"read|run|swum|rung|sung|built|bought|paid|kept|met|fed|cut|put|"
    r"(?!(?:tired|bored|interested|pleased|impressed|surprised|worried|scared|excited|"
    r"convinced|amused|relaxed|rushed|hurried|needed|allowed|supposed)\b)[a-z]{3,}(?:ed|en)))\b",
    re.I,
)  # "bike: no", "floss - nope", "floss (forgot)"
# A log's item answered no after it, the line or clause ending there ("violin no").
TRAILING_NO: Final = re.compile(
    r"^(?:\s+(?:and|&)\s+[^\W\d_]+)?"  # "tide and birds no (fog)": both
    r"(?:\s*(?:\.{2,}|…))?"  # "Tesis... no."
    r"\s+(?:no(?!\.\s*\d{1,3}\b(?![,.]\d))|"  # not "mock no. 9", a number
    r"nope|nah|nil|none|zero|n/?a|not (?:today|tonight|done|yet)|"
    r"(?:skip|skipped|missed|raté|ratée|manqué)(?:\s+(?:today|tonight|again|encore))?|"
    r"(?-i:NG)|"  # "run NG": no good, as Japanese writers mark a thing not done
    r"x(?=\s*(?:$|[.,;(]))|"  # "stretch x. panel x. meal x (cup noodles)"
    r"pas fait|pas fini|no hecho|nicht gemacht|niet gedaan|não feito|non fatto)"
    r"\s*(?:$|[.,;!(—–]|\s-\s|(?:bc|b/c|because|cos|coz|cause)\b)",  # "abs no bc i had tryouts"
    re.I,
)  # "Chanter nil", "SPF n/a, raining", "Examen not tonight" ("untouched": STILL_UNDONE)
# The thing named first, then the writer says they will do it or did not ("push ups I
# will do in the morning", "The tide gauge I did not look at").
_FRONTED: Final = (
    r"^(?:\s+(?!(?:then|and|so|but|now|today|tonight)\b)[^\W\d_]+){0,2}?\s+(?:i|we)\s*"
)
"""The rest of the thing's name, then the writer ("tide gauge I…"), not "run, then we…"."""
FRONTED_LATER: Final = re.compile(
    _FRONTED + r"(?:will|shall|must|should|(?:have|need|want|am going|am gonna) to|gonna|"
    r"(?:['’]ll|['’]m going to|['’]m gonna))\b",
    re.I,
)
FRONTED_NOT: Final = re.compile(
    _FRONTED + r"(?:did not|didn['’]?t|do not|don['’]?t|never|have not|haven['’]?t|"
    r"forgot to|could not|couldn['’]?t|can['’]?t|cannot|"
    # as a learner leaves the "do" out ("хали I not touch", "the Quran we no open")
    r"(?:not|no)(?=\s+[^\W\d_]+(?:[\s,.;!]|$)))\b"
    r"(?!\s+(?:miss|skip|forget|forgot|neglect)\w*)",  # "Choir I did not miss": it was done
    re.I,
)
# The writer takes it back after a dash ("watched my game clip — no, didn't, Netflix won").
TAKEN_BACK: Final = re.compile(
    r"^[^.!?\n—–]{0,60}?\s[—–]\s*(?:(?:no|nope|nah|actually|well|ok|okay)[,.!]?\s*)?"
    r"(?:i\s+)?(?:didn'?t|did not|never did|not really|wasn'?t|lie|lies|lying|kidding)\b",
    re.I,
)
# The item crossed right after it, however long its line ("sandhyavandanam ✗ overslept.
# cycled to work. …").
CROSSED_AFTER: Final = re.compile(rf"^\s*[:=–—-]?\s*[{CROSSES}]")
# A reason it was not done, after a dash or colon ("airstrip run — too hot", "walk: too
# tired"): said of an item, a too-much that stopped it.
EXCUSED: Final = re.compile(
    r"^(?:\s+[\w'’-]+){0,2}?\s*(?:[—–:]|-\s)\s*(?:way\s+|far\s+|much\s+)?too\s+(?:hot|cold|tired|late|early|busy|"
    r"wet|windy|dark|sore|sick|ill|stormy|icy|rainy|full|crowded|exhausted|knackered)\b",
    re.I,
)
# What it needed was not there, or it could not be done, said right after the item
# ("CPIA no lesson today", "Yoga - no time", "Pompki in cab impossible"); not what
# else there was no time for ("Yoga, no time for the walk").
NO_CHANCE: Final = re.compile(
    r"^(?:\s+[\w'’-]+){0,3}?\s*[,:–—-]?\s*(?:(?:but|and)\s+)?"
    r"(?:no\s+(?:class|classes|lesson|lessons|session|practice|training|meeting|school|"
    r"game|match|rehearsal|time|energy|chance)|impossible|not possible|no go)"
    r"(?=\s*(?:today|tonight|again|this week)?\s*(?:$|[.,;!(—–]))",
    re.I,
)
# The thing put by, said right after it ("kept veena aside", "put the guitar to one side").
SET_ASIDE: Final = re.compile(r"^\s+(?:aside|to (?:one|the) side)\b", re.I)
# The writer says after the item that they did not go or do it ("CPIA today but i dont
# go", "Gym at 6 but I didn't make it", "Deaf club tonight — ME NOT go").
NOT_GONE: Final = re.compile(
    r"^[^.!?\n]{0,40}?\bbut\s+(?:i\s+)?(?:dont|don'?t|didn'?t|did not|do not|never|"
    r"couldn'?t|could not|can'?t|cannot)\s+(?:go|went|do it|make it|get there)\b"
    # as a learner or a signer writes it, without "do" ("Deaf club tonight — ME NOT go",
    # "Choir, I no go")
    r"|^[^.!?\n]{0,40}?(?:\bbut|[—–,;:])\s*(?:i|me)\s+(?:not|no)\s+(?:go|went|do it|make it)\b"
    # or that they were too worn out for it ("Provi tonight at 8 but I was dead")
    r"|^\s*(?:tonight|today|this evening|this morning|at\s+\d[\d:.]*\s*(?:am|pm)?)"
    r"(?:\s+at\s+\d[\d:.]*\s*(?:am|pm)?)?,?\s+but\s+(?:i\s+)?(?:was|felt|am|i'?m)\s+"
    r"(?:too\s+\w+(?!\s+to\b)|dead|exhausted|knackered|shattered|wrecked|sick|ill|poorly|"
    r"not (?:feeling )?well)\b",
    re.I,
)
# A task moved to another day, said after it ("mbira → Thursday", "Cruiser check >
# tomorrow", "run -> next week").
MOVED_ON: Final = re.compile(
    r"^[^.!?\n→>=]{0,30}?\s*(?:→|->|=>|>|=)\s*(?:to\s+)?(?:tomorrow|tmrw|tmr|later|next|"
    r"mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|fri|satur|sun)(?:day)?\b(?<!\bsun)",
    re.I,
)
# Still waiting to be done, said after it ("FB copy still owed", "Skis still unwaxed",
# "the letter still unwritten"), or left undone in so many words ("violin untouched again",
# "book unopened on the shelf").
STILL_UNDONE: Final = re.compile(
    r"^(?:\s+[^\W\d_]+){0,3}?\s+(?:(?:is|are|was|were|sits?|sat|lies|lay|left)\s+)?(?:"
    r"still\s+(?:owed|owing|to do|to be done|pending|outstanding|undone|not done|on the list|"
    r"waiting|un[a-z]{3,}(?:ed|en))"
    r"|streak\s+(?:broken|lost|gone|ended|over|reset|dead|died)"  # "passmed streak broken"
    r"|un(?:touched|opened|read|written|washed|finished|done|started|played|practi[sc]ed|sent|"
    r"answered|made|cooked|used|worn|watered|fed|tried|checked|cleaned|swept|ironed|folded|"
    r"mended|fixed|sorted|tidied|waxed|polished|filed|logged|ticked|attempted|visited|"
    r"called|walked|weeded|mown|paid|posted|signed|copied|tuned|oiled|ridden)"
    r"(?:\s+(?:again|today|still|all week))?"
    r"\s*(?:$|[.,;:!)(—–-]|\s(?:on|in|at|by|since|and|but)\b))",
    re.I,
)
# A thing's stock or state said after it, no deed with it ("Drova in saray getting low",
# "firewood enough for 2 week", "the back tyre is looking low", "Waage is dead").
RUNNING_LOW: Final = re.compile(
    r"^(?:\s+(?:in|at|on)\s+(?:the\s+)?[^\W\d_]+)?(?:\s+[^\W\d_]+)?\s+(?:"
    r"(?:(?:is|are|was|were|'s)\s+)?(?:getting|running|looking|going)\s+(?:low|empty|dead|flat)"
    r"|(?:is|are|was|were|'s)\s+(?:low|empty|dead|flat|broken)"
    r"|enough(?:\s+(?:in|at)\s+(?:the\s+)?[^\W\d_]+)?\s+(?:for|till|until)\s+\d)\b"
    # "the pill box: Wednesday still full", "the vitamins still sealed"
    r"|^(?:\s+[^\W\d_]+)?\s*:?\s*(?:[^\W\d_]+\s+)?still\s+(?:full|untouched|unopened|unused|sealed)\b",
    re.I,
)
# Not done, as romanised Hindi and Urdu say it after the thing, the "not" before the verb
# at the clause's end ("DPP nahi hua", "chalisa bhi nahi padhi", "ghooma nahi"), or
# forgotten, or left over ("jama karna bhool gaya", "mock ke chakkar me reh gayi").
HINDI_NOT: Final = re.compile(
    r"^[^.!?\n,;]{0,30}?\b(?:nahi|nahin|nahiñ|nahee|nhi|nahī|nahīn)\b"
    r"|^[^.!?\n,;]{0,30}?\b(?:bhool|bhul|bhuul)\s+(?:gaya|gayi|gaye|gai|gya|gyi)\b"
    r"|^[^.!?\n,;]{0,30}?\b(?:reh|rah)\s+(?:gaya|gayi|gaye|gai|gya|gyi)\b",
    re.I,
)
# Not done, as Chinese says it right after the thing ("大天后宮 不能去", "公園 沒去"),
# not "not bad" ("太極 不錯").
CHINESE_NOT: Final = re.compile(
    r"^\s*(?:(?:今天|今日|today)\s*)?(?:不能|不可以|沒有|没有|沒|没|未|取消|冇|不(?![錯错少過过但只]))"
)
# Nobody did it, said after the thing ("The paws nobody checked", "dishes no one washed").
NOBODY_DID: Final = re.compile(r"^(?:\s+[^\W\d_]+){0,2}?\s+(?:nobody|no one|noone)\b", re.I)
# Someone else alone, said after it ("Mot went off up the Foel on her own after a fox",
# "Jenny climbed it by herself").
ON_THEIR_OWN: Final = re.compile(
    r"^[^.!?\n]{0,40}?\b(?:on (?:her|his|their) own|by (?:herself|himself|themselves)|"
    r"without me\b(?!\s+(?:once|even|ever|really|\w+ing)\b)|"  # not "without me once looking"
    # as the Creoles, French and Spanish say "herself" ("Mai fer dholl puri li mem")
    r"li[ -]?m[eè]m|lui-même|elle-même|eux-mêmes|(?:él|ella) mism[oa])(?!\w)",
    re.I,
)
# So it did not happen, said later in the sentence of a thing or person named ("Naana went
# to her sister, so no pressure check", "ensayo was at 5 but maestro is sick, so no
# ensayo"); not "so no need", "so no regrets".
SO_NONE: Final = re.compile(
    r"^[^.!?\n]{0,120}?,?\s+(?:so|hence|therefore|then)\s+no\s+"
    r"(?!(?:need|regrets?|worries|worry|problems?|complaints?|excuses?|wonder|doubt|surprise|"
    r"matter|more|longer|one|way|idea|big|real)\b)"
    r"[^\W\d_]+(?:[ -][^\W\d_]+)?\s*(?=[,.;!?)\n]|$)",
    re.I,
)
# Everyone but the writer ("everybody danced the cueca except me", "all swam but me").
BUT_ME: Final = re.compile(
    r"^[^.!?\n]{0,30}?\b(?:except|but not|apart from|other than|besides|but)\s+(?:for\s+)?"
    r"(?:me|myself)\b",
    re.I,
)
# Closed on the day, said right after the place or the session ("sanctuary closed
# (fumigation)", "pool shut for repairs"), not "closed out the set".
SHUT: Final = re.compile(
    r"^(?:\s+(?:was|is|were|are|today|all day|again))*\s+(?:closed|shut)\b(?!\s+(?:out|off|up)\b)"
    r"|^\s+(?:was|is|were|are)\s+off\b(?!\s+(?:the|to|for|and)\b)",  # "Nets were off again"
    re.I,
)
# A shrug after the item that it may not happen ("Monday rehearsal, we'll see"), not what
# is waited on of a deed done ("Ran 5k, we'll see how the knee is").
WELL_SEE: Final = re.compile(
    r"^[^.!?\n]{0,40}?[,—–-]\s*(?:we['’]?ll|we will|i['’]?ll|i will|let['’]?s)\s+see"
    r"\s*(?:[.,;!—–)]|$)",
    re.I,
)
# A condition after the item ("Salthill, if the wind drops", "run unless it rains"), not a
# hedge on what was done ("ran, if you can call it running", "walked, if only to the shop").
ON_CONDITION: Final = re.compile(
    r"^\s*[,—–-]\s*(?:if|unless|weather permitting|provided)\b"
    r"(?!\s+(?:only|barely|slowly|briefly|just|you\s+(?:can|could)\s+call))"
    # or after where or with whom, no comma ("Saturday sauna at Gumpe if his stove holds")
    r"|^(?:\s+(?:at|in|on|with|by)\s+[\w'’-]+){1,2}\s+(?:if|unless)\s+(?!only\b|you\b)",
    re.I,
)
# Asleep before it ("Fell asleep before the decade", "dozed off before my reading"), or
# through it ("Slept thru fajr"): it never happened.
ASLEEP_BEFORE: Final = re.compile(
    r"\b(?:asleep|dozed off|nodded off|passed out|conked out|drifted off)"
    r"(?:\s+(?:in|on)\s+(?:the|my|a)\s+\w+)?\s+before\s+"  # "asleep in the chair before"
    r"(?:the\s+|my\s+|our\s+|any\s+)?$"
    r"|\bslept\s+(?:right\s+)?(?:through|thru)\s+(?:the\s+|my\s+|our\s+)?$",  # "Slept thru fajr"
    re.I,
)
# Done by someone else, said after it ("Cruiser check done by Blessing again"), not by
# hand, by myself or by a time.
_BY_SOMEONE: Final = (
    r"(?:the|a|an)\s+(?:[\w'’-]+\s+)?(?:boy|girl|lad|lass|man|woman|kids?|children|"
    r"neighbou?rs?|nurse|carer|vet|postman|farmer|cleaner|nanny|babysitter|staff|team)\b"
)
DONE_BY_ANOTHER: Final = re.compile(
    r"^(?:(?:\s+[\w'’-]+){0,3}?\s+(?:done|did|handled|sorted|taken care of)\s+by\s+"
    r"(?:(?!(?:me|myself|us|ourselves|hand|noon|midnight|lunch|bedtime|then|now|the|a|an)\b|\d)"
    rf"[\w'’]|{_BY_SOMEONE})|(?:\s+[\w'’-]+){{0,3}}?\s+(?:fed|made|given|taken|brought|kept|"
    rf"sent|[a-z]+ed)?\s*by\s+{_BY_SOMEONE})",
    # not "done by the window", "by a river"; "(hens fed) by the Rendall boy" is someone
    re.I,
)
# A heading, then someone named who did it ("Ledger: Tsegaye closed it", "Bins — Dad
# took them out"); not "Ledger: I closed it", "Ledger: Monday done it".
DONE_BY_NAMED: Final = re.compile(
    r"^\s*[:—–-]\s*(?!(?:I|We|Me|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Today|Tonight|Then|Also|Done)\b)"
    r"(?:[A-Z][^\W\d_]+|mum|mom|dad|papa|mama)\s+"
    r"(?:[a-z]+ed|did|took|made|ran|wrote|gave|brought|sent|kept|put|read|sang)\s+"
    r"(?:it|them)\b"
)
# The thing left somewhere or till later, said after it ("jug? left it in the van",
# "Band: left it under the bed", "The insulin I left till dinnertime").
LEFT_BEHIND: Final = re.compile(
    r"^\s*[:?—–-]?\s*(?:i\s+)?left\s+(?:it|them|that)?\s*(?:at|in|on|under|behind|till|until|"
    r"for)\b(?!\s+(?:a\s+(?:walk|run|swim|ride)|work|the\s+(?:gym|pool|park|class)|\d|"
    r"dawn|sunrise|noon|six|seven|eight|nine|ten|eleven|twelve|half)\b)",  # not "left at 6"
    re.I,
)
# Left somewhere, said before it ("left the jug at home on the counter").
LEFT_BEFORE: Final = re.compile(r"\bleft\s+(?:the|my|our)\s+$", re.I)
LEFT_WHERE: Final = re.compile(r"^\s+(?:at|in|on|under|behind)\b", re.I)
# Words for a message received ("text from grandma pearl", "a call from Mum").
MESSAGES: Final = frozenset(
    {"text", "txt", "call", "message", "msg", "email", "letter", "voicemail", "postcard", "sms",
     "whatsapp"}
)  # fmt: skip
FROM_BEFORE: Final = re.compile(
    rf"\b(?:{'|'.join(sorted(MESSAGES))})s?\s+from\s+(?:my\s+|our\s+)?$", re.I
)  # "text from grandma pearl": the person who sent it
FROM_SOMEONE: Final = re.compile(
    r"^\s+from\s+(?!(?:the\s+)?(?:car|train|bus|bed|work|home)\b)", re.I
)
# Only part of the way, said after it ("only to the end of the village on the bike",
# "Walked as far as the post box only").
# not "just to burn the adrenaline off", "only to find it shut"
_PART_OF_THE_WAY: Final = (
    r"(?:only|just)\s+"
    r"(?:to\s+(?:the|my|our|a|an)\b|as far as|halfway|part of the way|partway)\b"
)
PARTWAY: Final = re.compile(
    rf"^(?:\s+[\w'’-]+){{0,3}}?\s+{_PART_OF_THE_WAY}|^\s*{_PART_OF_THE_WAY}|"
    r"^[^.!?\n]{0,20}?\bas far as\b[^.!?\n]{0,40}?\bonly\b",
    re.I,
)
PARTWAY_BEFORE: Final = re.compile(
    rf"^\W*(?:[\w'’]+\W+){{0,3}}?{_PART_OF_THE_WAY}[^.!?\n]{{0,60}}$", re.I
)
"""The sentence opens with only part of the way, then the thing ("Dear Anneke, only to the
end of the village on the bike and back")."""
# Asked after a dash whether it was done ("floss — did I? can't remember").
DID_I: Final = re.compile(r"^\s*[—–:-]\s*(?:did|have|had)\s+(?:i|we)\b[^.!\n]{0,20}\?", re.I)
# A share of it short of the whole, said right after it ("Chore chart 1/3 (make bed)",
# "Prayers: 4/5"), not a date ("Gym 3/4/25").
SHORT_SHARE: Final = re.compile(
    r"^(?:\s+[^\W\d_]+){0,2}\s*[:=–—-]?\s*(?:only\s+|just\s+)?(?:"
    + "|".join(f"{done}/{whole}" for whole in range(2, 10) for done in range(whole))
    + r")(?![\d/.])"
)
# Only half of it, said right after it ("water jug only half", "flash sheet half — only
# linework"), not half an hour or a half marathon.
HALF_OF_IT: Final = re.compile(
    r"^(?:\s+(?!(?:by|at|for|in|on|past|after|before|till|until|from|to)\b)[^\W\d_]+)?"
    r"\s+(?:only\s+|just\s+|about\s+)?half(?![\w-])"
    r"(?!\s+(?:an?|hour|hr|past|marathon|mile|km|k|the|of|my|dozen|way|time|term|one|two|"
    r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d)\b)",
    re.I,
)
# The item called off, said after it ("Mahjong this week cancel", "yoga cancelled again").
CALLED_OFF: Final = re.compile(
    r"^[’'\"”]?(?:\s*[—–:-])?(?:\s+[\w']+){0,3}?\s+(?:cancel|cancell?ed|postponed|called off|"
    r"rained off|"
    # as French, German, Spanish, Portuguese, Italian, Dutch, Scandinavian, Polish say it
    r"annulée?s?|reportée?s?|abgesagt|ausgefallen|fällt aus|cancelad[oa]s?|suspendid[oa]s?|"
    r"annullat[oa]|rinviat[oa]|afgelast|gaat niet door|avlyst|inställd|aflyst|odwołan[eya]|"
    # and as Mauritian and Haitian Creole and Papiamentu say it
    r"kanselé|kansele|anilé|anile|kansela)"
    r"(?!\w)",
    re.I,
)
# The item, then straight away the day it is for ("Øvelse i morgen: H2S scenario", "Yoga
# tomorrow", "Chorprobe morgen").
FOR_TOMORROW: Final = re.compile(
    r"^\s*[:,–—-]?\s*(?:tomorrow|tmrw|tmr|i morgen|i morgon|imorgen|imorgon|morgen|demain|"
    r"domani|amanhã|amanha|mañana|jutro|yarın|zavtra|завтра)\b",
    re.I,
)
# A log's item marked as planned after it, in brackets ("Txt girls from airport (plan)").
MARKED_PLAN: Final = re.compile(
    r"^[^.!?\n()]{0,40}\(\s*(?:plan|planned|to ?do|tbd|later|maybe|tomorrow|tmrw)\s*\)", re.I
)
# The thing packed in a container, said right after it ("Chanter in hold bag").
PACKED_AWAY: Final = re.compile(
    r"^\s+(?:is\s+|are\s+|still\s+|packed\s+|left\s+)*(?:in|into)\s+(?:the\s+|my\s+|a\s+|"
    r"his\s+|her\s+)?(?:[\w-]+\s+)?(?:bag|case|suitcase|backpack|rucksack|box|drawer|"
    r"cupboard|locker|holdall)s?\b",
    re.I,
)

# A heading that puts what is listed under it in the future or the wish list ("Plan for
# later:", "Goals:", "To do:", "Things I want to try:"); a ticked line under it is still done.
_PLAN_HEADING: Final = re.compile(
    r"\b(?:tomorrow|tmrw|tonight|later|next|plans?|planning|goals?|to-?dos?|to do|intentions?|"
    r"someday|one day|wish ?list|wishes|bucket list|resolutions?|aspirations?|ideas|want|wants|"
    r"hopes?|reminders?|remember|dreams?|upcoming|agenda|would like|need to|must|should|"
    r"wanna|gonna|gotta|going to|i will|i'll|list|promise)\b",  # "Fri list:", "Promise miself:"
    re.IGNORECASE,
)
# A heading of what was done or is felt, whatever its words ("Done list", "Gratitude list",
# "Ticking off").
_NOT_A_PLAN_HEADING: Final = re.compile(
    r"\b(?:done|did|ta-?da|ticking|ticked|finished|completed|wins|highlights|gratitude|"
    r"grateful|thankful|shopping|grocery|groceries|packing|reading list)\b",
    re.IGNORECASE,
)
# An item of a plan list marked done after an arrow ("dip at Blackrock → done", "bridge
# club 2pm → went", "physio band x10 → did 10 of each").
_ARROW_DONE: Final = re.compile(
    r"(?:→|->|=>)\s*(?:done|did|went|finished|completed|yes|ok|tick(?:ed)?|made it)\b", re.I
)
DONE_MARK: Final = re.compile(r"\[[xX✓✔]\]|[✅☑✔✓]")
TICKED_LINE: Final = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[[xX✓✔]\]|[✅☑✔✓])")
"""A line the writer ticked done before its words ("✅ gym twice??", "[x] piano - bars
1-16"): its terse words are read as done, whatever the parser makes of them."""
# A clock time's colon ("07:30 TODO: run"), not a heading's.
_CLOCK_COLON: Final = re.compile(r"(?<=\d):(?=\d)")

# A bullet journal's key: "×" (or "x") a task done, "•" a task still open, ">" moved to a
# later day, "<" scheduled. An entry written in that key has a line opening with "× ".
_BUJO_DONE_LINE: Final = re.compile(r"^[ \t]*[×xX][ \t]+\S", re.M)
_BUJO_NOT_DONE: Final = re.compile(r"^[ \t]*[•·>＞<][ \t]*\S")
_BUJO_MOVED_LINE: Final = re.compile(r"^[ \t]*[>＞][ \t]*\w", re.M)
_BUJO_OPEN_LINE: Final = re.compile(r"^[ \t]*[•·][ \t]*\w", re.M)
_BUJO_NOTE_LINE: Final = re.compile(r"^[ \t]*[–○◦][ \t]+\S", re.M)
"""A bullet journal's note ("– tired, long meeting") or event ("○ lunch w/ team")."""
_BUJO_INLINE: Final = re.compile(r"(?:^|\s)([×•])\s")
_BUJO_BARE_TASK: Final = re.compile(
    r"^[ \t]*[•·][ \t]*"
    r"(?!.*\b(?:\w+ed|ran|swam|went|did|done|rode|wrote|made|took|ate|slept|sang|drew|built|"
    r"bought|fed|met|won|lost|sat|gave|got|caught|taught|thought|brought|spent|kept|left)\b)"
    r"[^\W_][\w'’&/+-]*(?:[ \t]+[\w'’&/+-]+){0,2}[ \t]*$",
    re.I,
)
"""A "•" task of a word or three with no deed told ("• vlog", "• ASL 20"), not "• ran 5k"."""


def open_or_moved_task(text: str, line: str, at: int | None = None) -> bool:
    """The line is a bullet journal's open or migrated task, in an entry that marks its
    done tasks with "×", or its notes with "–" or events with "○", or whose "•" lines are
    all bare tasks (a "•" list that tells deeds is only a list); or, with ``at`` (the
    item's place in the line), the item follows a "•" on a line that marks others "×"
    ("× sketch × ASL: 20 signs • bike, flat tire")."""
    if at is not None:
        marks = [m.group(1) for m in _BUJO_INLINE.finditer(line, 0, at)]
        if marks and marks[-1] == "•" and "×" in marks:
            return True
    if _BUJO_NOT_DONE.match(line) is None:
        return False
    if _BUJO_DONE_LINE.search(text) is not None:
        return True
    # "> mbira → Thursday", "• bird calls": moved and open tasks, none done yet;
    # "• vlog", "– tired, long meeting": open tasks beside the key's notes
    if _BUJO_OPEN_LINE.search(text) is not None and (
        _BUJO_MOVED_LINE.search(text) is not None or _BUJO_NOTE_LINE.search(text) is not None
    ):
        return True
    # "• inbox / • read / • yoga": a list of bare tasks, no deed told in any of its lines
    bullets = [ln for ln in text.splitlines() if _BUJO_OPEN_LINE.match(ln)]
    return _BUJO_BARE_TASK.match(line) is not None and all(
        _BUJO_BARE_TASK.match(ln) for ln in bullets
    )


def line_bounds(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end


ITEM_MARK: Final = re.compile(f"[{ITEM_MARKS}]")


def mark_leads(line: str) -> bool:
    """The line opens with a tick or cross (after any bullet): its marks lead their items
    ("✔ read ✘ floss"), rather than follow them ("Water ✓. Yoga ✗.")."""
    return ITEM_MARK.match(line.lstrip(" \t-*•·+–")) is not None


_ASIDE: Final = re.compile(r"\ufe0f?[ \t]*\([^()]*")


def item_not_done(line: str, at: int) -> bool:
    """The list line's item at ``at`` is marked not done.  A line that ticks some items
    and crosses others ("✔ sit 10 min ✔ 2L ✘ walk ✔ chapter 4") marks each item by the
    mark just before it (or, with none before, just after: "walk ✅"); any other line
    is not done when it says so anywhere ("❌ meditate", "reading - skipped")."""
    marks = [(m.start(), m.group() in CROSSES) for m in ITEM_MARK.finditer(line)]
    if marks and all(crossed for _, crossed in marks):
        # "flashed the pink v4. rehab bands ✗ forgot.": a cross in another sentence is
        # that sentence's item's
        starts = [0, *(m.end() for m in _LINE_SENTENCE_END.finditer(line, 0, at))]
        closing = _LINE_SENTENCE_END.search(line, at)
        segment = line[starts[-1] : closing.end() if closing else len(line)]
        return LINE_NOT_DONE.search(segment) is not None
    if not any(not crossed for _, crossed in marks) or not any(c for _, c in marks):
        return LINE_NOT_DONE.search(line) is not None
    before = [crossed for pos, crossed in marks if pos < at]
    after = [crossed for pos, crossed in marks if pos > at]
    # "✔ read ✘ floss": the mark before an item is its own; "Water ✓. Yoga ✗.": the one after;
    # "hook ✓ (two rows!), pool ✗": a bracket just after a mark says more of its item.
    last_mark = max((pos for pos, _ in marks if pos < at), default=-1)
    aside = last_mark >= 0 and _ASIDE.fullmatch(line, last_mark + 1, at) is not None
    own = before[-1] if before and (mark_leads(line) or not after or aside) else after[0]
    end = next((pos for pos, _ in marks if pos > at), len(line))
    start = max((pos for pos, _ in marks if pos < at), default=0)
    return own or LINE_NOT_DONE.search(line[start:end]) is not None


_LINE_SENTENCE_END: Final = re.compile(r"(?:(?<!\b[A-Z])\.|[!?;|])(?=\s)")  # not "ring F. ✘"


def is_list_line(line: str) -> bool:
    return bool(LIST_MARK.match(line)) and len(line) <= 200


def _is_plan_heading(heading: str) -> bool:
    """A plan word among a heading's first four words ("Plan for later", "Things I want
    to do", not "Three things I'm grateful for tonight")."""
    opening = " ".join(heading.split()[:4])
    return bool(_PLAN_HEADING.search(opening)) and not _NOT_A_PLAN_HEADING.search(opening)


_ASIDES: Final = re.compile(r"\([^()\n]*\)")


def plan_heading_over(text: str, at: int) -> bool:
    """A heading line ("Plan for later:", "Goals:", "To do:") above the list lines that hold
    ``at``, or before it on its own line; a line ticked done is not covered."""
    line_start, line_end = line_bounds(text, at)
    line = text[line_start:line_end]
    if DONE_MARK.search(line) or _ARROW_DONE.search(line):
        return False
    colon = _CLOCK_COLON.sub(".", line).find(":", 0, at - line_start)
    if 0 < colon <= 40 and _is_plan_heading(line[:colon]):
        return True
    if not is_list_line(line) and line.strip():
        return False
    cursor = line_start
    while cursor > 0:
        prev_start, prev_end = line_bounds(text, cursor - 1)
        prev = text[prev_start:prev_end].strip()
        if not prev:
            return False  # a blank line ends the heading's reach
        if prev.endswith(":") and len(prev) <= 60:
            return _is_plan_heading(prev)
        if not is_list_line(prev) and len(_ASIDES.sub("", prev).split()) <= 3:
            # "TODO", "Tomorrow", "Plan for Sat", "goal list (new month)" alone
            return _is_plan_heading(prev)
        if not is_list_line(prev):
            return False
        cursor = prev_start
    return False
