# ruff: noqa: E501  (tables of sentences in three languages read better unbroken)
"""Every word the Dice Game's screens say, in English, Hungarian and Romanian.

Why a table of its own instead of the .po catalogs: the Dice Game has its own vocabulary
(faces, arrows, the Chief's Arrow, its characters' dice abilities) that no other screen
uses, and other engineers edit the shared catalogs at the same time; one module keeps the
three languages side by side, where a missing or mismatched translation is caught by a test
(``tests/ui/test_dice_duel_texts.py``). Hungarian follows the Hungarian dice rulebook (
Nyílvessző, Dinamit, Célkereszt, Sör, Gatling; seriff, seriffhelyettes, bandita, renegát);
Romanian uses the Romanian rulebook's role words (Sheriff, Ajutor, Nelegiuit,
Renegat) and plain words for the dice. Character names are the same in every language.
The shell's words and the machinery (the language's column, ``t``) are shared with The
Duel's table in ``text_table.py``.
"""

from __future__ import annotations

from p2pbang.ui.text_table import SHARED_TEXTS, Texts, pick, text_function

# key -> (English, Hungarian, Romanian). Placeholders are the same in all three.
TEXTS: Texts = {
    **SHARED_TEXTS,  # the shell's words and the turn's, the same in both games
    # -- the dice ------------------------------------------------------------------------
    "face.arrow": ("Arrow", "Nyílvessző", "Săgeată"),
    "face.dynamite": ("Dynamite", "Dinamit", "Dinamită"),
    "face.bulls_eye_1": ("Bull's Eye 1", "Célkereszt 1", "Țintă 1"),
    "face.bulls_eye_2": ("Bull's Eye 2", "Célkereszt 2", "Țintă 2"),
    "face.beer": ("Beer", "Sör", "Bere"),
    "face.gatling": ("Gatling", "Gatling", "Gatling"),
    "face.broken_arrow": ("Broken Arrow", "Törött nyíl", "Săgeată ruptă"),
    "face.bullet": ("Bullet", "Golyó", "Glonț"),
    "face.double": ("2x {face}", "2x {face}", "2x {face}"),
    "die.loudmouth": ("Loudmouth die", "Hangoskodó kocka", "zarul Gură-mare"),
    "die.coward": ("Coward die", "Gyáva kocka", "zarul Laș"),
    "die.base": ("no Saloon die", "nincs szalonkocka", "fără zar de Saloon"),
    "die.note.base": ("you roll the five base dice.", "az öt alapkockával dobsz.",
                      "arunci cele cinci zaruri de bază."),
    "die.note.loudmouth": ("A Bullet costs you 1 life.", "A Golyó egy életedbe kerül.",
                           "Un Glonț te costă 1 viață."),
    "die.note.coward": ("A Broken Arrow puts one player's arrow back in the middle.",
                        "A Törött nyíl egy játékos egyik nyilát visszateszi középre.",
                        "Săgeata ruptă pune o săgeată a unui jucător înapoi la mijloc."),
    # -- roles and teams -----------------------------------------------------------------
    "role.sheriff": ("Sheriff", "Seriff", "Sheriff"),
    "role.deputy": ("Deputy", "Seriffhelyettes", "Ajutor"),
    "role.outlaw": ("Outlaw", "Bandita", "Nelegiuit"),
    "role.renegade": ("Renegade", "Renegát", "Renegat"),
    "role.hidden": ("?", "?", "?"),
    "role.target": ("{role}, target {name}", "{role}, célpont: {name}",
                    "{role}, țintă: {name}"),
    "win.sheriff": ("The Sheriff and the Deputies win.",
                    "A seriff és a seriffhelyettesek nyertek.",
                    "Sheriff-ul și Ajutorii câștigă."),
    "win.outlaws": ("The Outlaws win.", "A banditák nyertek.", "Nelegiuiții câștigă."),
    "win.renegade": ("The Renegade wins.", "A renegát nyert.", "Renegatul câștigă."),
    "win.role": ("{name} ({role}) wins.", "Nyert: {name} ({role}).",
                 "Câștigă {name} ({role})."),
    # -- the table -----------------------------------------------------------------------
    "title": ("BANG! Dice", "BANG! Kocka", "BANG! Zaruri"),
    "col.player": ("Player", "Játékos", "Jucător"),
    "col.character": ("Character", "Karakter", "Personaj"),
    "col.life": ("Life", "Élet", "Viață"),
    "col.arrows": ("Arrows", "Nyíl", "Săgeți"),
    "col.dist": ("Dist", "Táv", "Dist"),
    "col.role": ("Role", "Szerep", "Rol"),
    "dead": ("out", "kiesett", "eliminat"),
    "middle": ("Arrows in the middle: {n}", "Nyíl középen: {n}", "Săgeți la mijloc: {n}"),
    "chief_middle": (" + Chief's", " + főnöké", " + a Căpeteniei"),
    "chief_short": ("+Chief", "+főnök", "+Căp."),
    "dice.title": ("Dice of {name}", "{name} kockái", "Zarurile lui {name}"),
    "dice.yours": ("Your dice", "A kockáid", "Zarurile tale"),
    "dice.rolls_left": ("rolls left: {n}", "dobás még: {n}", "aruncări rămase: {n}"),
    "dice.none": ("(no dice rolled yet this turn)", "(ebben a körben még nincs dobás)",
                  "(nicio aruncare în tura asta)"),
    "dice.locked": ("locked", "rögzítve", "blocat"),
    "dice.kept": ("kept", "marad", "păstrat"),
    "dice.reroll": ("REROLL", "ÚJRA", "ARUNCĂ"),
    "you": ("You", "Te", "Tu"),
    # -- decisions -----------------------------------------------------------------------
    "ask.reroll": ("Mark the dice to roll again, or keep them (rolls left: {n}).",
                   "Jelöld meg, melyik kockát dobod újra, vagy tartsd meg őket (még {n} dobás).",
                   "Marchează zarurile de aruncat din nou sau păstrează-le (aruncări rămase: {n})."),
    "ask.dice_shoot": ("{face}: whom do you shoot?", "{face}: kire lősz?", "{face}: în cine tragi?"),
    "ask.dice_beer": ("Beer: who regains 1 life?", "Sör: ki gyógyul egyet?",
                      "Bere: cine primește 1 viață?"),
    "ask.dice_sid": ("Sid Ketchum: who regains 1 life?", "Sid Ketchum: ki gyógyul egyet?",
                     "Sid Ketchum: cine primește 1 viață?"),
    "ask.dice_slab": ("Slab the Killer: spend a Beer so this shot at {name} hits twice?",
                      "Slab the Killer: elhasználsz egy Sört, hogy a lövés kettőt sebezzen ({name})?",
                      "Slab the Killer: folosești o Bere ca lovitura în {name} să ia 2?"),
    "ask.dice_bart": ("Bart Cassidy: take an arrow instead of losing this life point?",
                      "Bart Cassidy: elveszel egy nyilat életerő helyett?",
                      "Bart Cassidy: iei o săgeată în loc să pierzi viața asta?"),
    "ask.dice_pedro": ("Pedro Ramirez: discard one of your arrows?",
                       "Pedro Ramirez: eldobod egy nyiladat?",
                       "Pedro Ramirez: arunci una dintre săgețile tale?"),
    "ask.dice_kit": ("Kit Carlson: whose arrow goes back (per Gatling)?",
                     "Kit Carlson: kinek a nyila kerül vissza (Gatlingenként)?",
                     "Kit Carlson: a cui săgeată se întoarce (per Gatling)?"),
    "ask.dice_saloon": ("Old Saloon: roll a Saloon die this turn?",
                        "Old Saloon: dobsz szalonkockával ebben a körben?",
                        "Old Saloon: arunci un zar de Saloon în tura asta?"),
    "ask.dice_chief": ("Take the Indian Chief's Arrow instead of an arrow?",
                       "Az indián főnök nyilát veszed el egy nyíl helyett?",
                       "Iei Săgeata Căpeteniei în locul unei săgeți?"),
    "ask.dice_broken": ("Broken Arrow: whose arrow goes back?",
                        "Törött nyíl: kinek a nyila kerül vissza?",
                        "Săgeată ruptă: a cui săgeată se întoarce?"),
    "ask.dice_elena": ("Elena Fuente: who takes one of the arrows you rolled?",
                       "Elena Fuente: ki vegye el az egyik dobott nyilat?",
                       "Elena Fuente: cine ia una dintre săgețile aruncate?"),
    "ask.dice_apache": ("Apache Kid: take the Chief's Arrow from {name}?",
                        "Apache Kid: elveszed a főnök nyilát ettől: {name}?",
                        "Apache Kid: iei Săgeata Căpeteniei de la {name}?"),
    "ask.dice_molly": ("Molly Stark: lose this life instead of {name}?",
                       "Molly Stark: te veszítesz életet helyette: {name}?",
                       "Molly Stark: pierzi tu viața în locul lui {name}?"),
    "ask.dice_molly_pick": ("Molly Stark: several players lose life at once; whose loss do "
                            "you take?",
                            "Molly Stark: többen veszítenek egyszerre életet; kinek a "
                            "sebzését vállalod?",
                            "Molly Stark: mai mulți jucători pierd viață deodată; a cui "
                            "pierdere o preiei?"),
    "rolling": ("{name} is rolling…", "{name} dob…", "{name} aruncă…"),
    # -- actions -------------------------------------------------------------------------
    "act.roll": ("Roll the marked dice again: {dice}", "A megjelölt kockák újra: {dice}",
                 "Aruncă din nou zarurile marcate: {dice}"),
    "act.keep": ("Keep these dice and resolve them", "Megtartod a kockákat, jöhet a hatásuk",
                 "Păstrezi zarurile și le aplici"),
    "act.mark_hint": ("1-{n}: mark a die, r: roll, k: keep", "1-{n}: kocka jelölése, r: dobás, k: marad",
                      "1-{n}: marchează, r: aruncă, k: păstrează"),
    "act.none_marked": ("Mark dice with 1-{n} first, or k to keep.",
                        "Előbb jelölj kockát (1-{n}), vagy k: megtartás.",
                        "Marchează întâi zaruri (1-{n}) sau k: păstrează."),
    "act.locked": ("A Dynamite is locked: it cannot be rolled again.",
                   "A Dinamit rögzített: nem dobható újra.",
                   "Dinamita e blocată: nu poate fi aruncată din nou."),
    "act.shoot": ("Shoot {name} (life {life}, distance {dist})",
                  "Lövés: {name} (élet {life}, táv {dist})",
                  "Trage în {name} (viață {life}, distanța {dist})"),
    "act.heal": ("{name} regains 1 life (life {life}/{max})", "{name} gyógyul (élet {life}/{max})",
                 "{name} primește 1 viață ({life}/{max})"),
    "act.heal_self": ("You regain 1 life (life {life}/{max})", "Te gyógyulsz (élet {life}/{max})",
                      "Primești 1 viață ({life}/{max})"),
    "act.arrow_of": ("Return an arrow of {name} ({n} held)", "{name} egy nyila vissza ({n} van nála)",
                     "O săgeată a lui {name} înapoi ({n} deținute)"),
    "act.arrow_mine": ("Return one of your arrows ({n} held)", "Egy saját nyilad vissza ({n} van nálad)",
                       "Una dintre săgețile tale înapoi ({n} deținute)"),
    "act.skip": ("Return none", "Egyiket sem", "Niciuna"),
    "act.molly_take": ("Take the loss of {name}", "{name} sebzését vállalod",
                       "Preiei pierderea lui {name}"),
    "act.molly_none": ("Nobody's: go on", "Senkiét, mehet tovább",
                       "A nimănui: mai departe"),
    "act.give": ("{name} takes one of the arrows", "{name} veszi el az egyik nyilat",
                 "{name} ia una dintre săgeți"),
    "act.give_self": ("Take them all yourself", "Mindet te veszed el", "Le iei pe toate tu"),
    # -- events --------------------------------------------------------------------------
    "ev.roll.you": ("You roll: {dice}.", "Dobásod: {dice}.", "Arunci: {dice}."),
    "ev.roll": ("{name} rolls: {dice}.", "{name} dobása: {dice}.", "{name} aruncă: {dice}."),
    "ev.aim.you": ("You aim {face} at {name}.", "Célzás ({face}): {name}.",
                   "Ochești cu {face} spre {name}."),
    "ev.aim": ("{name} aims {face} at {to}.", "{name} céloz ({face}): {to}.",
               "{name} ochește cu {face} spre {to}."),
    "ev.aim_at_you": ("{name} aims {face} at you.", "{name} rád céloz ({face}).",
                      "{name} ochește cu {face} spre tine."),
    "ev.arrow.you": ("You take an arrow ({left} left in the middle).",
                     "Elveszel egy nyilat (középen még {left}).",
                     "Iei o săgeată (mai sunt {left} la mijloc)."),
    "ev.arrow": ("{name} takes an arrow ({left} left in the middle).",
                 "{name} elvesz egy nyilat (középen még {left}).",
                 "{name} ia o săgeată (mai sunt {left} la mijloc)."),
    "ev.indians": ("The Indians attack! Everyone loses a life per arrow held.",
                   "Az indiánok támadnak! Mindenki annyi életet veszít, ahány nyila van.",
                   "Atacă indienii! Fiecare pierde o viață pentru fiecare săgeată."),
    "ev.damage.you": ("You lose {n} life ({life} left).", "Veszítesz {n} életet (maradt {life}).",
                      "Pierzi {n} viață (mai ai {life})."),
    "ev.damage": ("{name} loses {n} life ({life} left).", "{name} veszít {n} életet (maradt {life}).",
                  "{name} pierde {n} viață (mai are {life})."),
    "ev.damage_by.you": ("You lose {n} life to {by} ({life} left).",
                         "Veszítesz {n} életet, okozója: {by} (maradt {life}).",
                         "Pierzi {n} viață din cauza lui {by} (mai ai {life})."),
    "ev.damage_by": ("{name} loses {n} life to {by} ({life} left).",
                     "{name} veszít {n} életet, okozója: {by} (maradt {life}).",
                     "{name} pierde {n} viață din cauza lui {by} (mai are {life})."),
    "ev.damage_by_you": ("{name} loses {n} life to you ({life} left).",
                         "{name} veszít {n} életet miattad (maradt {life}).",
                         "{name} pierde {n} viață din cauza ta (mai are {life})."),
    "ev.heal_wasted": ("{name} already has full life: nothing to heal.",
                       "{name} élete teljes: nincs mit gyógyítani.",
                       "{name} are viața plină: nimic de vindecat."),
    "ev.heal.you": ("You regain {n} life.", "Gyógyulsz {n} életet.", "Primești {n} viață."),
    "ev.heal": ("{name} regains {n} life.", "{name} gyógyul {n} életet.", "{name} primește {n} viață."),
    "ev.gatling.you": ("You fire the Gatling: everyone else loses 1 life; your arrows go back.",
                       "Elsütöd a Gatlinget: mindenki más veszít egy életet, a nyilaid visszakerülnek.",
                       "Tragi cu Gatling: toți ceilalți pierd 1 viață; săgețile tale se întorc."),
    "ev.gatling": ("{name} fires the Gatling: everyone else loses 1 life.",
                   "{name} elsüti a Gatlinget: mindenki más veszít egy életet.",
                   "{name} trage cu Gatling: toți ceilalți pierd 1 viață."),
    "ev.dynamite.you": ("Three Dynamites blow up: your rolling ends and you lose 1 life.",
                        "Három Dinamit robban: vége a dobásnak, veszítesz egy életet.",
                        "Trei Dinamite explodează: aruncările se opresc, pierzi 1 viață."),
    "ev.dynamite": ("Three Dynamites blow up for {name}: 1 life lost.",
                    "Három Dinamit robban: {name} veszít egy életet.",
                    "Trei Dinamite explodează la {name}: pierde 1 viață."),
    "ev.eliminated": ("{name} is out: {role}.", "{name} kiesett: {role}.", "{name} e eliminat: {role}."),
    "ev.eliminated.you": ("You are out ({role}).", "Kiestél ({role}).", "Ești eliminat ({role})."),
    "ev.arrow_discarded": ("An arrow of {name} goes back to the middle.",
                           "{name} egy nyila visszakerül középre.",
                           "O săgeată a lui {name} se întoarce la mijloc."),
    "ev.arrow_discarded.you": ("One of your arrows goes back to the middle.",
                               "Egy nyilad visszakerül középre.",
                               "Una dintre săgețile tale se întoarce la mijloc."),
    "ev.chief.you": ("You take the Indian Chief's Arrow.", "Tiéd az indián főnök nyila.",
                     "Iei Săgeata Căpeteniei."),
    "ev.chief": ("{name} takes the Indian Chief's Arrow.", "{name} elveszi az indián főnök nyilát.",
                 "{name} ia Săgeata Căpeteniei."),
    "ev.given": ("{name} hands an arrow to {to}.", "{name} nyilat ad neki: {to}.",
                 "{name} dă o săgeată lui {to}."),
    "ev.bullet": ("A Bullet: {name} loses 1 life.", "Golyó: {name} veszít egy életet.",
                  "Un Glonț: {name} pierde 1 viață."),
    "ev.takes_hit": ("Molly Stark ({name}) takes the loss of {to}.",
                     "Molly Stark ({name}) vállalja a sebzést helyette: {to}.",
                     "Molly Stark ({name}) preia pierderea lui {to}."),
    "ev.role": ("{name} is the {role} (face up).", "{name} szerepe: {role} (nyílt lap).",
                "{name} este {role} (la vedere)."),
    "ev.character.you": ("You play {character} ({life} life).",
                         "A karaktered: {character} ({life} élet).",
                         "Joci cu {character} ({life} vieți)."),
    "ev.character": ("{name} plays {character} ({life} life).",
                     "{name} karaktere: {character} ({life} élet).",
                     "{name} joacă cu {character} ({life} vieți)."),
    "ev.sheriff": ("{name} is the Sheriff and starts.", "A seriff {name}, ő kezd.",
                   "{name} este Sheriff-ul și începe."),
    "ev.your_role": ("Your role: {role}.", "A szereped: {role}.", "Rolul tău: {role}."),
    # -- keys, help ----------------------------------------------------------------------
    "plain.reroll": ("Type the numbers of the dice to roll again (like 1 3), or k to keep them; ? help, q quit.",
                     "Írd be az újradobandó kockák számát (például 1 3), vagy k: megtartás; ? súgó, q kilépés.",
                     "Scrie numerele zarurilor de aruncat din nou (de ex. 1 3) sau k ca să le păstrezi; ? ajutor, q ieșire."),
    "log": ("Log", "Napló", "Jurnal"),
    "help.title": ("BANG! The Dice Game: help (Esc or ? to close, arrows scroll)",
                   "BANG! Kockajáték: súgó (Esc vagy ?: bezárás, nyilak: görgetés)",
                   "BANG! Jocul cu zaruri: ajutor (Esc sau ?: închide, săgeți: derulare)"),
    "help.keys.text": (
        "Your roll: 1-5 (6) mark or unmark a die, r or Enter rolls the marked dice, k keeps "
        "them all. Other choices: their number or letter, or arrows and Enter. PgUp/PgDn "
        "scroll the log, +/- set the bots' pace, q leaves.",
        "Dobásnál: 1-5 (6) kocka jelölése vagy elengedése, r vagy Enter újradobja a "
        "megjelölteket, k mindet megtartja. Más döntésnél: a sor száma vagy betűje, vagy "
        "nyilak és Enter. PgUp/PgDn: napló görgetése, +/-: a gépi játékosok tempója, q: kilépés.",
        "La aruncare: 1-5 (6) marchează sau demarchează un zar, r sau Enter aruncă zarurile "
        "marcate, k le păstrează pe toate. Alte alegeri: numărul sau litera rândului, sau "
        "săgeți și Enter. PgUp/PgDn derulează jurnalul, +/- ritmul roboților, q iese."),
    "help.turn": ("Your turn", "A köröd", "Tura ta"),
    "help.turn.text": (
        "Roll the five dice up to three times; after each roll take one arrow per Arrow. "
        "Dynamites are locked; three end your rolling with 1 life lost. Then the kept dice "
        "act: Bull's Eyes hit a player at exactly that distance (1 or 2, counting only the "
        "living; with 2-3 left a 2 counts as 1), Beers heal anyone 1, three Gatlings hit "
        "everyone else and return your arrows. When the last arrow is taken the Indians "
        "attack: everyone loses a life per arrow held, then the arrows go back.",
        "Legfeljebb háromszor dobsz az öt kockával; minden dobás után minden Nyílvesszőért "
        "elveszel egy nyilat. A Dinamit rögzített; három Dinamit véget vet a dobásnak és egy "
        "életbe kerül. Utána a kockák hatnak: a Célkereszt pontosan annyi távolságra lévő "
        "játékost sebez (1 vagy 2, csak az élőket számolva; 2-3 játékosnál a 2 is 1-nek "
        "számít), a Sör bárkit gyógyít egyet, három Gatling mindenki mást sebez és a nyilaid "
        "visszakerülnek. Ha az utolsó nyilat elveszik, támadnak az indiánok: mindenki annyi "
        "életet veszít, ahány nyila van, aztán a nyilak visszakerülnek.",
        "Arunci cele cinci zaruri de cel mult trei ori; după fiecare aruncare iei o săgeată "
        "pentru fiecare Săgeată. Dinamitele sunt blocate; trei îți opresc aruncările și pierzi "
        "1 viață. Apoi zarurile păstrate acționează: Ținta lovește un jucător aflat exact la "
        "acea distanță (1 sau 2, numărând doar pe cei vii; cu 2-3 rămași, 2 contează ca 1), "
        "Berea dă 1 viață oricui, trei Gatling lovesc pe toți ceilalți și îți întorc "
        "săgețile. Când se ia ultima săgeată atacă indienii: fiecare pierde o viață pentru "
        "fiecare săgeată deținută, apoi săgețile se întorc."),
    "help.roles": ("Roles", "Szerepek", "Roluri"),
    "help.roles.text": (
        "The Sheriff (face up, 2 more life) and the Deputies win when every Outlaw and "
        "Renegade is out; the Outlaws when the Sheriff is out; a Renegade by being the last "
        "one alive. With three players the roles are face up: the Deputy must eliminate the "
        "Renegade, the Renegade the Outlaw, the Outlaw the Deputy, by their own hand; else "
        "the last one alive wins.",
        "A seriff (nyílt lap, két extra élet) és a seriffhelyettesek nyernek, ha minden "
        "bandita és renegát kiesett; a banditák, ha a seriff kiesett; a renegát, ha utolsóként "
        "marad életben. Három játékosnál a szerepek nyíltak: a seriffhelyettes a renegátot, a "
        "renegát a banditát, a bandita a seriffhelyettest kell saját kezűleg kiejtse; "
        "különben az utolsó túlélő nyer.",
        "Sheriff-ul (la vedere, 2 vieți în plus) și Ajutorii câștigă când toți Nelegiuiții și "
        "Renegații sunt eliminați; Nelegiuiții când Sheriff-ul e eliminat; un Renegat dacă "
        "rămâne ultimul în viață. La trei jucători rolurile sunt la vedere: Ajutorul trebuie "
        "să-l elimine pe Renegat, Renegatul pe Nelegiuit, Nelegiuitul pe Ajutor, cu mâna lor; "
        "altfel câștigă ultimul rămas în viață."),
    "help.saloon": ("Old Saloon", "Old Saloon", "Old Saloon"),
    "help.saloon.text": (
        "Before rolling you may swap a base die for the Loudmouth (double Bull's Eyes and "
        "Gatling, a Bullet that costs you 1 life) or the Coward (Broken Arrow returns an "
        "arrow, double Beer). The Indian Chief's Arrow counts as two at the attack, but its "
        "holder loses nothing if no one holds as many arrows. A * marks the Saloon die.",
        "Dobás előtt egy alapkockát lecserélhetsz a Hangoskodóra (dupla Célkereszt és "
        "Gatling, a Golyó egy életedbe kerül) vagy a Gyávára (a Törött nyíl visszaad egy "
        "nyilat, dupla Sör). Az indián főnök nyila kettőt ér a támadásnál, de birtokosa nem "
        "veszít, ha senkinél sincs ugyanannyi nyíl. A * a szalonkockát jelöli.",
        "Înainte de aruncare poți schimba un zar de bază cu Gură-mare (Ținte și Gatling "
        "duble, un Glonț care te costă 1 viață) sau cu Laș (Săgeata ruptă întoarce o "
        "săgeată, Bere dublă). Săgeata Căpeteniei contează dublu la atac, dar cine o are nu "
        "pierde nimic dacă nimeni nu are tot atâtea săgeți. Un * marchează zarul de Saloon."),
    "help.characters": ("Characters", "Karakterek", "Personaje"),
}

# Character abilities, one sentence each (the Hungarian rulebook for the 16; docs/rules/old-saloon.md).
ABILITIES: dict[str, tuple[str, str, str]] = {
    "bart_cassidy": (
        "May take an arrow instead of losing a life to a Bull's Eye or the Gatling (never the last arrow).",
        "Célkereszt vagy Gatling miatti életvesztés helyett elvehet egy nyilat (az utolsót nem).",
        "Poate lua o săgeată în loc să piardă o viață din Țintă sau Gatling (nu ultima)."),
    "black_jack": (
        "May roll Dynamites again (unless three or more are showing).",
        "Újradobhatja a Dinamitot (kivéve, ha már három vagy több van).",
        "Poate arunca din nou Dinamitele (dacă nu sunt trei sau mai multe)."),
    "calamity_janet": (
        "Bull's Eye 1 and 2 can each be used as the other.",
        "Az 1-es és a 2-es Célkeresztet felcserélve is használhatja.",
        "Poate folosi Ținta 1 ca Ținta 2 și invers."),
    "el_gringo": (
        "Whoever makes him lose life by shooting takes an arrow.",
        "Aki lövéssel életet vesz el tőle, elvesz egy nyilat.",
        "Cine îi ia viață trăgând în el ia o săgeată."),
    "jesse_jones": (
        "At 4 life or less, a Beer on himself heals 2.",
        "Négy vagy kevesebb életnél a magán használt Sör kettőt gyógyít.",
        "La 4 vieți sau mai puțin, o Bere pe el îi dă 2."),
    "jourdonnais": (
        "Never loses more than 1 life to the Indians.",
        "Az indiánok miatt soha nem veszít egynél több életet.",
        "Nu pierde niciodată mai mult de 1 viață din cauza indienilor."),
    "kit_carlson": (
        "For each Gatling rolled, may return an arrow of any player.",
        "Minden Gatlingért bárkinek visszaküldhet egy nyilat.",
        "Pentru fiecare Gatling poate întoarce săgeata oricui."),
    "lucky_duke": (
        "May roll one more time (four rolls).",
        "Eggyel többször dobhat (négyszer).",
        "Poate arunca o dată în plus (patru aruncări)."),
    "paul_regret": (
        "Never loses life to the Gatling.",
        "Soha nem veszít életet a Gatling miatt.",
        "Nu pierde niciodată viață din cauza Gatling."),
    "pedro_ramirez": (
        "Each time he loses a life, may return one of his arrows.",
        "Minden életvesztésnél eldobhatja egy nyilát.",
        "De fiecare dată când pierde o viață, poate întoarce o săgeată a sa."),
    "rose_doolan": (
        "Her Bull's Eyes reach one further (1: 1-2, 2: 2-3).",
        "Célkereszttel eggyel messzebbre lő (1: 1-2, 2: 2-3).",
        "Țintele ei bat cu unu mai departe (1: 1-2, 2: 2-3)."),
    "sid_ketchum": (
        "At the start of his turn, any player regains 1 life.",
        "Köre elején egy választott játékos gyógyul egyet.",
        "La începutul turei, un jucător ales primește 1 viață."),
    "slab_the_killer": (
        "Once a turn, may spend a Beer to make a Bull's Eye hit twice.",
        "Körönként egyszer egy Sörrel megduplázhat egy Célkeresztet.",
        "O dată pe tură poate folosi o Bere ca o Țintă să ia 2 vieți."),
    "suzy_lafayette": (
        "With no Bull's Eye kept, regains 2 life at the end of her turn.",
        "Ha nem dobott Célkeresztet, a köre végén gyógyul kettőt.",
        "Fără nicio Țintă, primește 2 vieți la finalul turei."),
    "vulture_sam": (
        "Each time a player is eliminated, regains 2 life.",
        "Minden kieséskor gyógyul két életet.",
        "De fiecare dată când cineva e eliminat, primește 2 vieți."),
    "willy_the_kid": (
        "Fires the Gatling with two Gatlings (once a turn).",
        "Már két Gatlinggel is lőhet a Gatlinggel (körönként egyszer).",
        "Trage cu Gatling având doar două Gatling (o dată pe tură)."),
    "apache_kid": (
        "Rolling an Arrow, may take the Chief's Arrow from whoever holds it.",
        "Ha Nyílvesszőt dob, elveheti a főnök nyilát attól, akinél van.",
        "Când aruncă o Săgeată, poate lua Săgeata Căpeteniei de la cine o are."),
    "bill_noface": (
        "Takes his arrows only after his last roll.",
        "A nyilakat csak az utolsó dobása után veszi el.",
        "Își ia săgețile doar după ultima aruncare."),
    "doc_holyday": (
        "Using three or more Bull's Eyes in a turn, regains 2 life.",
        "Ha három vagy több Célkeresztet használ egy körben, gyógyul kettőt.",
        "Folosind trei sau mai multe Ținte într-o tură, primește 2 vieți."),
    "elena_fuente": (
        "Rolling Arrows, picks who takes one of those arrows.",
        "Ha Nyílvesszőt dob, kiválasztja, ki vegye el az egyik nyilat.",
        "Când aruncă Săgeți, alege cine ia una dintre ele."),
    "jose_delgado": (
        "May roll the Loudmouth die as a sixth die.",
        "A Hangoskodó kockát hatodik kockaként dobhatja.",
        "Poate arunca zarul Gură-mare ca al șaselea zar."),
    "molly_stark": (
        "May lose a life in another player's place.",
        "Más játékos helyett ő veszítheti el az életet.",
        "Poate pierde o viață în locul altui jucător."),
    "tequila_joe": (
        "May roll the Coward die as a sixth die.",
        "A Gyáva kockát hatodik kockaként dobhatja.",
        "Poate arunca zarul Laș ca al șaselea zar."),
    "vera_custer": (
        "Each Bull's Eye hit on her costs one life less.",
        "Minden őt ért Célkereszt eggyel kevesebb életbe kerül.",
        "Fiecare Țintă asupra ei o costă cu o viață mai puțin."),
}

CHARACTER_NAMES: dict[str, str] = {
    key: " ".join(part if part == "the" else part.capitalize() for part in key.split("_"))
    for key in ABILITIES}
CHARACTER_NAMES.update({"doc_holyday": "Doc Holyday", "bill_noface": "Bill Noface",
                        "el_gringo": "El Gringo"})


t = text_function(TEXTS)


def ability(character: str) -> str:
    """A character's ability in one sentence, in the interface language."""
    return pick(ABILITIES[character])


def character_name(character: str) -> str:
    return CHARACTER_NAMES.get(character, character)
