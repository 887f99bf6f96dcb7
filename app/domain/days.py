"""The days of the week as people write them in the languages journals mix in.

A habit's name often says when it is done ("Choir (Thu)", "Training Di/Do", "Feira de
sábado", "Språkcafé (tors)"): those words are a schedule, never what is done, and a
body's "Quinta-feira" is a Thursday, not the market ("feira")."""

from __future__ import annotations

import re
from typing import Final

WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS: Final = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
"""The months in order, lower-case."""
MONTH_WORDS: Final = frozenset({*MONTHS, *(month[:3] for month in MONTHS), "sept"})
"""The months' names, whole and short ("jan", "sept"), lower-case."""
"""The English day names, in the order of ``date.weekday()``."""
WEEKDAYS_SHORT: Final = (
    "mon",
    "tue",
    "tues",
    "wed",
    "weds",
    "thu",
    "thur",
    "thurs",
    "fri",
    "sat",
    "sun",
)
"""The English short forms."""
SHORT_DAYS_AS_WORDS: Final = frozenset({"sat", "sun"})
"""English short days that are also words ("sat on the bench", "the sun")."""

_FULL_BY_LANGUAGE: Final = (
    " ".join(WEEKDAYS),  # English
    # German
    "montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag",
    # French
    "lundi mardi mercredi jeudi vendredi samedi dimanche",
    # Spanish, Tagalog
    "lunes martes miércoles miercoles jueves viernes sábado sabado domingo",
    "miyerkules huwebes biyernes linggo",
    # Portuguese (the bare "segunda", "quinta" … are also ordinals: short forms)
    "segunda-feira terça-feira terca-feira quarta-feira quinta-feira sexta-feira",
    # Italian
    "lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi "
    "sabato domenica",
    # Dutch
    "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
    # Swedish, Norwegian, Danish
    "måndag tisdag onsdag torsdag fredag lördag söndag mandag tirsdag lørdag søndag",
    # Finnish
    "maanantai tiistai keskiviikko torstai perjantai lauantai sunnuntai",
    # Polish
    "poniedziałek wtorek środa czwartek piątek sobota niedziela",
    # Turkish
    "pazartesi salı çarşamba perşembe cuma cumartesi",  # "pazar" is also a market
    # Russian, Ukrainian
    "понедельник вторник среда четверг пятница суббота воскресенье",
    "понеділок вівторок середа четвер пʼятниця субота неділя",
    # Indonesian, Malay ("minggu" is also a week: a when either way)
    "senin selasa rabu kamis jumat jum'at sabtu minggu ahad isnin khamis",
    # Romanian
    "luni marți marti miercuri joi vineri sâmbătă sambata duminică duminica",
    # Czech, Croatian and Serbian (Latin letters), Hungarian
    "pondělí úterý středa čtvrtek pátek neděle",
    "ponedjeljak utorak srijeda četvrtak petak subota nedjelja",
    "hétfő kedd szerda csütörtök péntek szombat vasárnap",
    # Greek
    "δευτέρα τρίτη τετάρτη πέμπτη παρασκευή σάββατο κυριακή",
    # Swahili
    "jumatatu jumanne jumatano alhamisi ijumaa jumamosi jumapili",
    # Lithuanian, Latvian, Estonian
    "pirmadienis antradienis trečiadienis treciadienis ketvirtadienis penktadienis "
    "šeštadienis sestadienis sekmadienis",
    "pirmdiena otrdiena trešdiena tresdiena ceturtdiena piektdiena sestdiena svētdiena svetdiena",
    "esmaspäev teisipäev kolmapäev neljapäev reede laupäev pühapäev",
    # Afrikaans (its Monday to Thursday are Dutch's), Basque, Catalan, Albanian
    "vrydag saterdag sondag",
    "astelehena asteartea asteazkena osteguna ostirala larunbata igandea",
    "dilluns dimarts dimecres dijous divendres dissabte diumenge",
    "hënë hene mërkurë merkure enjte premte shtunë shtune",
    # Slovak, Bulgarian, West Frisian, Chamorro
    "pondelok utorok streda štvrtok stvrtok piatok nedeľa nedela",
    "понеделник сряда четвъртък петък събота",  # Bulgarian "неделя" is Russian "week"
    "moandei tiisdei woansdei tongersdei freed sneon snein",
    "mattes metkoles huebes betnes sabalu damenggo",
    # Haitian Creole, Cape Verdean Creole ("sesta" is also Italian "sixth": short forms)
    "lendi madi mèkredi mekredi jedi vandredi samdi dimanch",
    "sigunda tersa kuarta kinta sábadu sabadu dumingu domingu",
    # Icelandic (with "on Mondays", "á mánudögum"), Lithuanian "on Tuesdays"
    "mánudagur þriðjudagur miðvikudagur fimmtudagur föstudagur laugardagur sunnudagur "
    "mánudögum þriðjudögum miðvikudögum fimmtudögum föstudögum laugardögum sunnudögum",
    "pirmadieniais antradieniais trečiadieniais treciadieniais ketvirtadieniais "
    "penktadieniais šeštadieniais sestadieniais sekmadieniais",
    # Mongolian, Armenian, Nepali (romanised and in Devanagari), Shona, Tongan, Malayalam
    "даваа мягмар лхагва пүрэв баасан бямба ням",
    "երկուշաբթի երեքշաբթի չորեքշաբթի հինգշաբթի ուրբաթ շաբաթ կիրակի",
    "aaitabar aitabar sombar mangalbar budhabar bihibar sukrabar shukrabar sanibar shanibar",
    "आइतबार सोमबार मंगलबार बुधबार बिहीबार शुक्रबार शनिबार",
    "muvhuro chipiri chitatu chishanu mugovera svondo",
    "mōnite monite tūsite tusite pulelulu tuʻapulelulu tu'apulelulu falaite tokonaki sāpate sapate",
    "njayar thinkal chovva budhan vyazham velli",
    # Papiamentu, Mauritian Creole (its Tuesday and Saturday are French's), Galician,
    # Sicilian (its Monday, Tuesday and Sunday are Romanian's), Northern Sámi
    "djaluna djamars djárason djarason djaweps djabièrnè djabierne djasabra djadumingu",
    "lindi merkredi zedi dimans",
    "luns mércores mercores xoves venres",
    "mercuri jovi vennari sabbatu",
    "vuossárga vuossarga maŋŋebárga mannebarga gaskavahkku duorastat bearjadat lávvardat "
    "lavvardat sotnabeaivi",
    # Tatar (in Cyrillic and in Latin letters), Maltese (its Monday to Wednesday are also
    # "two", "three", "four": short forms), Guaraní
    "дүшәмбе сишәмбе чәршәмбе пәнҗешәмбе җомга шимбә якшәмбе",
    "düşämbe duşambe sişämbe sişambe çärşämbe carsambe pänceşämbe comğa şimbä yäkşämbe",
    "ħamis ġimgħa gimgha sibt ħadd",
    "arateĩ arakõi araapy ararundy arapoteĩ arapokõi",
    # Bislama, Corsican (its Monday to Wednesday are Romanian's), Occitan (with Catalan's
    # Thursday to Saturday), Chechen, Sakha, Konkani
    "mande tusde wenesdei tosde fraede satede sande",
    "ghjovi venneri dumenica",
    "diluns dimars dimècres dijòus dimenge",
    "оршот шинара кхаара еара пӏераска пiераска шот кӏиранан кiиранан",
    "бэнидиэнньик оптуорунньук сэрэдэ чэппиэр бээтинсэ субуота баскыһыанньа",
    "somar mangar budhvar birestar sukrar shenvar aitar",
    # Luxembourgish, Turkmen (its Friday, "anna", is also a name: a short form), Māori (with
    # and without its macrons; "ratu" is also a Fijian title), Chuvash, Marshallese (its
    # Monday is Bislama's), Bambara
    "méindeg meindeg dënschdeg denschdeg mëttwoch mettwoch donneschdeg freideg samschdeg sonndeg",
    "duşenbe dushenbe sişenbe sishenbe çarşenbe charshenbe penşenbe penshenbe şenbe "
    "ýekşenbe yekshenbe",
    "rāhina rahina rātū rāapa raapa rāpare rapare rāmere ramere rāhoroi rahoroi rātapu ratapu",
    "тунтикун ытларикун юнкун кӗҫнерникун эрнекун шӑматкун вырсарникун",
    "juje wōnje wonje taije bōrāide boraide jarāde jarade jabōt",
    "ntɛnɛ ntene tarata alamisa sibiri",
    # Friulian, Romansh (Vallader and Rumantsch Grischun), Gagauz (the rest are Turkish's;
    # its Sunday, "pazar", is also a market: a short form), Hausa, Karelian (Livvi),
    # Udmurt, Assyrian Neo-Aramaic (romanised), Dagbani
    "lunis martars miercus joibe vinars sabide domenie",
    "lündeschdi lundeschdi marcurdi gövgia govgia venderdi sonda dumengia glindesdi "
    "mesemna gievgia",
    "pazertesi cumaertesi",
    "litinin talata laraba alhamis asabar lahadi",
    "nelläspäivy piätteniččy suovattu pyhäpäivy",
    "вордӥськон пуксён вирнунал покчиарня удмуртарня кӧснунал арнянунал",
    "trushabba treshabba arbashabba khamshabba khushabba",
    "atani atalaata alaarba alaamisi aljima asibiri alahiri",
    # Asturian (its Tuesday and Sunday are Spanish's)
    "llunes miércoles miercoles xueves vienres sábadu sabadu domingu",
)
_TWO_WORD_DAYS: Final = (
    # Vietnamese, with and without its marks ("Đi chùa Chủ Nhật")
    "chủ nhật", "chu nhat", "thứ hai", "thứ ba", "thứ tư", "thứ năm", "thứ sáu", "thứ bảy",
    "thu hai", "thu ba", "thu tu", "thu nam", "thu sau", "thu bay",
)  # fmt: skip
FULL_DAYS: Final = frozenset(" ".join(_FULL_BY_LANGUAGE).split()) | frozenset(_TWO_WORD_DAYS)
"""Whole day names, lower-case, in the languages above."""

# Short forms. Two-letter and other short forms that are also words ("do", "so", "mar",
# "sat") are read as days only in a schedule: inside brackets, or two or more joined by
# "/" or ",".
_SHORT_BY_LANGUAGE: Final = (
    " ".join(WEEKDAYS_SHORT),  # English
    "mo di mi do fr sa so",  # German
    "lun mar mer jeu ven sam dim",  # French
    "mié mie jue vie sáb sab dom",  # Spanish
    "seg ter qua qui sex segunda terça terca quarta quinta sexta",  # Portuguese
    "ma wo vr za zo",  # Dutch
    "mån tis ons tors fre lör sön man tir lør søn",  # Swedish, Norwegian, Danish
    "ti ke to pe la su",  # Finnish
    "pon wt śr czw pt sob ndz",  # Polish
    "pzt sal çar per cum cmt paz pazar",  # Turkish
    "пн вт ср чт пт сб вс",  # Russian
    "lun mar mie joi vin sâm sam dum",  # Romanian
    "pirm antr treč trec ketv penkt šešt sest šeštad sestad sekm",  # Lithuanian
    "po ut st št pi ne",  # Slovak
    "len mad mèk mek jed van",  # Haitian Creole
    "sig ter kua kin ses sesta sáb dum",  # Cape Verdean Creole
    "mán þri mið fim fös lau",  # Icelandic
    "sze cs csüt pén szo vas",  # Hungarian
    "gio",  # Italian (its other short forms are French's and Spanish's)
    "tnejn tlieta erbgħa erbgha hamis",  # Maltese
    "mér xov",  # Galician
    "llu xue",  # Asturian
    "anna",  # Turkmen Friday, also a name: a day only in a schedule ("Çörek (Anna)")
    "月 火 水 木 金 土 日",  # Japanese, as a schedule writes them ("(火・木)")
)
SHORT_DAYS: Final = frozenset(" ".join(_SHORT_BY_LANGUAGE).split())
"""Abbreviated day names, lower-case."""

_ANY_DAY: Final = "|".join(
    re.escape(d) for d in sorted(FULL_DAYS | SHORT_DAYS, key=len, reverse=True)
)
FULL_DAY_PATTERN: Final = "|".join(re.escape(d) for d in sorted(FULL_DAYS, key=len, reverse=True))
"""A regular expression's alternatives for the whole day names, longest first."""
_JOIN: Final = r"\s*(?:[/,&+・、]|[-–]|\s(?:and|or|und|et|y|e|i|og|och|en)\s)\s*"
# A day, and the time of it a schedule may add ("(Sun & Tue nite)", "(Mon am)").
_A_DAY: Final = rf"(?:{_ANY_DAY})\.?(?:\s+(?:nite|night|nights|mornings?|eve|evenings?|am|pm))?"

SCHEDULE: Final = re.compile(
    # "(Tue/Thu/Sat)", "(Sa)", "(tors)", "(Mon & Wed)"
    rf"\s*\(\s*{_A_DAY}(?:{_JOIN}{_A_DAY})*\s*\)"
    # "Training Di/Do", "U12s training Tue/Thu": two days or more, joined, at the end or
    # before the name's pictures ("Zaipawl practice Tue/Fri 🎶")
    rf"|\s+{_A_DAY}(?:{_JOIN}{_A_DAY})+(?=(?:\s*[^\w\s]+)*\s*$)"
    # "Feira de sábado", "Yoga am Sonntag", "Bible study Sundays"
    rf"|(?:\s+(?:de|do|da|del|am|le|el|on|every|each|op|på|w)\b)?\s*\b(?:{FULL_DAY_PATTERN})s?\b"
    # "Wed. night Bible study": a short day with its full stop, first in the name
    rf"|^\s*(?:{_ANY_DAY})\.\s+",
    re.IGNORECASE,
)
"""When in the week a habit's name says it is done (remove it to leave what is done)."""


def is_day_word(word: str) -> bool:
    """``word`` (as written in a body) is a whole day name in some language
    ("Quinta-feira", "Samstag")."""
    return word.lower().rstrip(".") in FULL_DAYS
