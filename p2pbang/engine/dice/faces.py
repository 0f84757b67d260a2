"""The dice, the roles and the characters of BANG! The Dice Game (the Hungarian rulebook)."""

from __future__ import annotations

ARROW, DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING = range(6)
FACE_NAMES: tuple[str, ...] = ("arrow", "dynamite", "bulls_eye_1", "bulls_eye_2", "beer",
                               "gatling")
DICE = 5
SIDES = 6
ARROW_TOKENS = 9

SHERIFF, DEPUTY, OUTLAW, RENEGADE = "sheriff", "deputy", "outlaw", "renegade"

# Role cards in the order a growing table adds them (rulebook: 4 players S R O O; 5 adds a
# Deputy, 6 an Outlaw, 7 a Deputy, 8 a second Renegade). A role card's id is its index here.
ROLE_CARDS: tuple[str, ...] = (SHERIFF, RENEGADE, OUTLAW, OUTLAW, DEPUTY, OUTLAW, DEPUTY,
                               RENEGADE)
SHERIFF_ROLE_ID = 0
# Three players: these roles face up, each with a personal target (rulebook, special rules).
THREE_PLAYER_ROLES: tuple[str, ...] = (DEPUTY, OUTLAW, RENEGADE)
THREE_PLAYER_TARGET: dict[str, str] = {DEPUTY: RENEGADE, RENEGADE: OUTLAW, OUTLAW: DEPUTY}

# The 16 characters and their life in the dice game (the Sheriff gets 2 more).
CHARACTERS: tuple[tuple[str, int], ...] = (
    ("bart_cassidy", 8),
    ("black_jack", 8),
    ("calamity_janet", 8),
    ("el_gringo", 7),
    ("jesse_jones", 9),
    ("jourdonnais", 7),
    ("kit_carlson", 7),
    ("lucky_duke", 8),
    ("paul_regret", 9),
    ("pedro_ramirez", 8),
    ("rose_doolan", 9),
    ("sid_ketchum", 8),
    ("slab_the_killer", 8),
    ("suzy_lafayette", 8),
    ("vulture_sam", 9),
    ("willy_the_kid", 8),
)
CHARACTER_LIFE: dict[str, int] = dict(CHARACTERS)


def role_ids_for(players: int) -> tuple[int, ...]:
    """The role card ids in play for 4 to 8 seats (the Sheriff's id first)."""
    if not 4 <= players <= len(ROLE_CARDS):
        raise ValueError(f"hidden roles take 4 to {len(ROLE_CARDS)} players, not {players}")
    return tuple(range(players))


def encode_faces(faces: tuple[int, ...] | list[int]) -> int:
    """The ``RandomInt(6**k)`` value that rolls these faces (the first die is the lowest digit)."""
    value = 0
    for face in reversed(faces):
        if not 0 <= face < SIDES:
            raise ValueError(f"a face is 0..{SIDES - 1}, not {face}")
        value = value * SIDES + face
    return value


def decode_faces(value: int, count: int) -> list[int]:
    """The faces of ``count`` dice rolled at once from one ``RandomInt(6**count)`` value."""
    faces = []
    for _ in range(count):
        value, face = divmod(value, SIDES)
        faces.append(face)
    return faces


# ---------------------------------------------------------------------- Old Saloon
# A die's result is a *code*: its symbol, plus DOUBLE when the face shows the symbol twice
# (a double counts as two results of that symbol). Base faces are their own codes (0-5).
BROKEN_ARROW, BULLET = 6, 7
DOUBLE = 8
MAX_DICE = 6  # Jose Delgado and Tequila Joe roll a Saloon die on top of the five
BASE_DIE, LOUDMOUTH, COWARD = 0, 1, 2
DIE_NAMES: tuple[str, ...] = ("base", "loudmouth", "coward")
DIE_FACES: tuple[tuple[int, ...], ...] = (
    (ARROW, DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING),
    (ARROW, DYNAMITE, BULLS_EYE_1 + DOUBLE, BULLS_EYE_2 + DOUBLE, BULLET, GATLING + DOUBLE),
    (ARROW, DYNAMITE, BROKEN_ARROW, BULLS_EYE_1, BEER, BEER + DOUBLE),
)
SALOON_CHARACTERS: tuple[tuple[str, int], ...] = (
    ("apache_kid", 9),
    ("bill_noface", 9),
    ("doc_holyday", 8),
    ("elena_fuente", 7),
    ("jose_delgado", 7),
    ("molly_stark", 8),
    ("tequila_joe", 7),
    ("vera_custer", 7),
)
CHARACTER_LIFE.update(SALOON_CHARACTERS)
# The Saloon die a character may roll as a sixth die rather than in place of a base die.
EXTRA_DIE: dict[str, int] = {"jose_delgado": LOUDMOUTH, "tequila_joe": COWARD}

# Why a life point is lost: abilities tell them apart (Bart Cassidy, El Gringo, Paul Regret).
SHOT, GATLING_HIT, INDIANS, DYNAMITE_HIT = "shot", "gatling", "indians", "dynamite"
BULLET_HIT = "bullet"  # an Old Saloon die's Bullet


def symbol(code: int) -> int:
    return code % DOUBLE


def weight(code: int) -> int:
    """How many results of its symbol a die code counts for (two for a double face)."""
    return 1 + code // DOUBLE


def count(codes: list[int] | tuple[int, ...], wanted: int) -> int:
    """The number of ``wanted`` results among die codes, doubles counting twice."""
    return sum(1 + code // DOUBLE for code in codes if code % DOUBLE == wanted)
