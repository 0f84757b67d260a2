"""Romanian names of cards and roles are the Romanian rulebook's (the translation that ships
with the game, quoted below): it keeps the English card names (Missed!, Beer, Dynamite,
Jail...) and the Sheriff, and says the other roles in Romanian (Ajutor, Nelegiuit,
Renegat). A catalog edit that translates a card name, or renames a role, fails here."""

from __future__ import annotations

import pytest

from p2pbang.ui.i18n import set_language
from p2pbang.ui.texts import CARD_NAMES, ROLE_NAMES, card_name, role_name

# The rulebook's own words. Roles: "1 Sheriff, 2 Deputy, 3 Outlaws și 1 Renegade" for the
# cards, and in its text "Sheriff-ul", "Ajutoarele (Deputy)", "Nelegiuiții (Outlaws)",
# "renegat (Renegade)".
RULEBOOK_ROLES = {"sheriff": "Sheriff", "deputy": "Ajutor", "outlaw": "Nelegiuit",
                  "renegade": "Renegat"}
# Cards of the base game and Dodge City as the rulebook names them (its headings give the
# Italian name first, "Birra/Beer", "Prigione/Jail": the English one is the card's).
RULEBOOK_CARDS = {
    "bang": "BANG!", "missed": "Missed!", "beer": "Beer", "saloon": "Saloon",
    "stagecoach": "Stagecoach", "wells_fargo": "Wells Fargo",
    "general_store": "General Store", "panic": "Panic!", "cat_balou": "Cat Balou",
    "gatling": "Gatling", "indians": "Indians!", "duel": "Duel", "mustang": "Mustang",
    "scope": "Scope", "barrel": "Barrel", "jail": "Jail", "dynamite": "Dynamite",
    "volcanic": "Volcanic", "schofield": "Schofield", "remington": "Remington",
    "rev_carabine": "Rev. Carabine", "winchester": "Winchester",
    "punch": "Punch", "dodge": "Dodge", "brawl": "Brawl", "tequila": "Tequila",
    "whisky": "Whisky", "rag_time": "Rag Time", "can_can": "Can-Can", "canteen": "Canteen",
    "sombrero": "Sombrero", "derringer": "Derringer",
}


@pytest.fixture(autouse=True)
def romanian():
    set_language("ro")
    yield
    set_language("en")


def test_roles_are_the_rulebooks() -> None:
    assert set(RULEBOOK_ROLES) <= set(ROLE_NAMES)
    assert {role: role_name(role) for role in RULEBOOK_ROLES} == RULEBOOK_ROLES


def test_cards_keep_the_names_the_rulebook_keeps() -> None:
    assert set(RULEBOOK_CARDS) <= set(CARD_NAMES)
    assert {card: card_name(card) for card in RULEBOOK_CARDS} == RULEBOOK_CARDS
