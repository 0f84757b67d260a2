"""Taking a seat (``engine/contract.py``; ``protocol/seats.md`` section 6.6): an observer's
engine, given the cards the hand-over delivers, becomes the seat's engine and plays the rest
of the game exactly as the seat's own engine would.

Each game is played in lockstep by an all-seeing engine (the judge), one engine per seat and
an observer's engine, all fed by one seeded dealer with what each may see. At some step the
observer takes seat ``v``; from then on it is fed what seat ``v`` is fed, and at every step it
must agree with seat ``v``'s own engine: the pending step, the log, the cards it knows, the
events, and at every decision of ``v`` the legal actions (a bot decides on it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots import make_bot
from p2pbang.bots.view import SeatView
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import NO_SLOT, Decision, End, IllegalAction
from p2pbang.engine.chance import ChanceResult, Deal, public_result
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR, GameState
from p2pbang.engine.family import game_kind
from p2pbang.engine.lockstep import Lockstep

CHOICES = [
    GameChoice.make("bang", 4),
    GameChoice.make("bang", 7),
    GameChoice.make("bang", 5, ["dodge-city"]),
    GameChoice.make("bang", 3, ["dodge-city"]),
    GameChoice.make("bang", 6, ["gold-rush"]),
    GameChoice.make("bang", 5, ["high-noon", "fistful"]),
    GameChoice.make("bang", 5, [], ["shadows"]),
    GameChoice.make("dice", 3),
    GameChoice.make("dice", 6),
    GameChoice.make("dice", 5, ["old-saloon"]),
    GameChoice.make("duel", 2),
]


def _label(choice: GameChoice) -> str:
    return choice.label()


@dataclass
class Table:
    """One seeded game in lockstep: the judge, each seat's engine and the observer's."""

    choice: GameChoice
    seed: str
    judge: GameState = field(init=False)
    seats: list[GameState] = field(init=False)
    observer: GameState = field(init=False)
    engines: Lockstep = field(init=False)
    dealer: LocalDealer = field(init=False)
    bots: list[Any] = field(init=False)
    taken: int | None = None  # the seat the observer took, once it did
    # what each input of the log answered (a chance result's request), to mask it for the log
    answered: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        kind = game_kind(self.choice)
        self.kind = kind
        self.judge = kind.new_game(self.choice, None)
        self.seats = [kind.new_game(self.choice, s) for s in range(self.choice.seats)]
        self.observer = kind.new_game(self.choice, SPECTATOR)
        # The observer is masked for the viewer it sees for: the spectator, then its seat.
        self.engines = Lockstep(self.judge, [*self.seats, self.observer])
        self.dealer = LocalDealer(f"take-seat/{self.seed}")
        self.bots = [make_bot("random", f"{self.seed}/{s}", self.choice.game)
                     for s in range(self.choice.seats)]

    @property
    def over(self) -> bool:
        return isinstance(self.judge.pending, End)

    def step(self, decide: Any = None) -> None:
        """One input to every engine; a decision by its seat's bot on its seat's engine (on
        the observer once it holds that seat, or by ``decide`` when given)."""
        pending = self.judge.pending
        self.answered.append(pending)
        if isinstance(pending, Decision):
            seat = pending.seat
            engine = self.observer if seat == self.taken else self.seats[seat]
            self.engines.apply((decide or self.bots[seat].decide)(engine, pending))
            return
        self.engines.apply(self.dealer.resolve(pending))

    def play(self, steps: int) -> None:
        for _ in range(steps):
            if self.over:
                return
            self.step()

    def delivery(self, seat: int, everything: bool = False) -> dict[int, int]:
        """The cards a hand-over delivers for ``seat``: the hidden cards of its hand and its
        hidden role card once dealt (as the dealer holds them); with ``everything``, every
        card its own engine knows that the observer does not (cards it saw and gave away)."""
        own, observer = self.seats[seat], self.observer
        cards: dict[int, int] = {}
        known = getattr(own, "known", None)
        if known is not None:
            hand = own.sides[seat].hand if self.choice.game == "duel" else own.players[
                seat].hand
            slots = known if everything else hand
            cards = {s: known[s] for s in slots if s not in observer.known}
        if self.choice.game != "duel":
            player = own.players[seat]
            if player.role is not None and not player.role_public:
                cards[player.role_slot] = self.dealer.cards[player.role_slot]
        return cards


def _knowledge(game: GameState, seat: int) -> tuple[Any, ...]:
    """What an engine knows beyond public facts: its cards and the seat's role."""
    known = dict(getattr(game, "known", {}))
    players = getattr(game, "players", None)
    role = players[seat].role if isinstance(players, list) else None
    return known, role


def _hash(table: Table, game: GameState) -> str:
    """The hash of ``game``'s log as the table signs it: every engine's own history with
    what a viewer was shown privately masked (``public_result``), so one value for all."""
    log = [public_result(request, item) if isinstance(item, ChanceResult) else item
           for request, item in zip(table.answered, game.history, strict=True)]
    return table.kind.history_hash(log)


def _play_on_after_taking(table: Table, seat: int, everything: bool) -> int:
    """Play ``table`` to its end with the observer in ``seat``'s place; at every step it
    agrees with the seat's own engine. Returns the seat's decisions from then on."""
    own, taken = table.seats[seat], table.observer
    start = len(own.history)
    decisions = 0
    while not table.over:
        pending = table.judge.pending
        if isinstance(pending, Decision) and pending.seat == seat:
            assert taken.legal_actions() == own.legal_actions(), pending
            decisions += 1
        table.step()
        assert taken.pending == own.pending
        assert len(taken.history) == len(own.history)
        if everything:
            assert _knowledge(taken, seat) == _knowledge(own, seat)
            assert taken.events == own.events
        else:  # what it knows, the seat's engine knows too, and the seat's role
            known, role = _knowledge(taken, seat)
            own_known, own_role = _knowledge(own, seat)
            assert role == own_role
            assert all(own_known.get(slot) == card for slot, card in known.items())
    assert _hash(table, taken) == _hash(table, own) == _hash(table, table.judge)
    assert taken.history[start:] == own.history[start:]  # seat ``seat``'s inputs, as it saw them
    assert taken.result == own.result == table.judge.result
    return decisions


def _take_and_play_on(choice: GameChoice, seed: str, point: int, seat: int,
                      everything: bool) -> int:
    """Given a seeded game played ``point`` steps, when the observer takes ``seat`` with the
    hand-over's cards, then it plays the rest as the seat's own engine."""
    table = Table(choice, seed)
    table.play(point)
    before = _hash(table, table.observer)
    table.observer.take_seat(seat, table.delivery(seat, everything))
    table.taken = seat
    assert table.observer.viewer == seat
    assert _hash(table, table.observer) == before == _hash(table, table.seats[seat])
    assert table.observer.pending == table.seats[seat].pending
    return _play_on_after_taking(table, seat, everything)


# --------------------------------------------------------------------- taking a seat works


@pytest.mark.parametrize("choice", CHOICES, ids=_label)
@pytest.mark.parametrize("everything", [False, True], ids=["hand", "all-seen"])
def test_the_observer_plays_on_as_the_seats_own_engine(choice: GameChoice,
                                                       everything: bool) -> None:
    """Given a seeded game some way in, when the observer takes a seat with its hand (and
    role), or with every card the seat saw, then to the end of the game it lists the seat's
    legal actions, follows the same log and knows what the seat's engine knows."""
    decisions = 0
    for index, share in enumerate((0.0, 0.1, 0.45, 0.8)):
        seed = f"{choice.label()}/{index}"
        point = int(share * _length(choice, seed))
        decisions += _take_and_play_on(choice, seed, point, index % choice.seats, everything)
    assert decisions > 20


def _length(choice: GameChoice, seed: str) -> int:
    """The steps of the seeded game (the same with or without a seat taken)."""
    whole = Table(choice, seed)
    whole.play(1_000_000)
    return len(whole.judge.history)


takings = st.tuples(st.sampled_from(CHOICES), st.integers(0, 2**32 - 1), st.integers(0, 100),
                    st.integers(0, 7), st.booleans())


def _at_any_step(taking: tuple[Any, ...]) -> None:
    choice, seed, percent, seat, everything = taking
    point = _length(choice, str(seed)) * percent // 100
    _take_and_play_on(choice, str(seed), point, seat % choice.seats, everything)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(takings)
def test_taking_a_seat_at_any_step_of_any_game(taking: tuple[Any, ...]) -> None:
    """Any game of the family, any seed, any step (as a percentage of the game), any seat,
    with its hand or with all it saw: the observer plays on as the seat's own engine."""
    _at_any_step(taking)


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(takings)
def test_taking_a_seat_at_any_step_of_any_game_many(taking: tuple[Any, ...]) -> None:
    _at_any_step(taking)


@pytest.mark.parametrize("choice", [
    GameChoice.make("bang", 5), GameChoice.make("bang", 5, ["dodge-city"]),
    GameChoice.make("bang", 6, ["gold-rush"]), GameChoice.make("dice", 5, ["old-saloon"]),
    GameChoice.make("duel", 2)], ids=_label)
def test_the_games_own_bot_plays_the_taken_seat_as_it_would_its_own(
        choice: GameChoice) -> None:
    """Given a taken seat, when the game's own bot decides on the observer's engine and a
    twin of it on the seat's own engine, then they decide the same to the end."""
    decisions = 0
    for seat in range(choice.seats):
        table = Table(choice, f"own-bot/{seat}")
        table.play(60)
        table.observer.take_seat(seat, table.delivery(seat))
        table.taken = seat
        on_taken = make_bot("sensible", "twin", choice.game)
        on_own = make_bot("sensible", "twin", choice.game)

        def decide(engine: GameState, pending: Decision, seat: int = seat, table: Table = table,
                   on_taken: Any = on_taken, on_own: Any = on_own) -> Any:
            nonlocal decisions
            mine = on_taken.decide(engine, pending)
            assert mine == on_own.decide(table.seats[seat], pending)
            decisions += 1
            return mine

        while not table.over:
            pending = table.judge.pending
            mine = isinstance(pending, Decision) and pending.seat == seat
            table.step(decide if mine else None)
            assert table.observer.pending == table.seats[seat].pending
    assert decisions > 20


def test_the_seat_view_shows_the_taken_hand_and_role() -> None:
    """Given an observer before and after taking a seat, then the bots' view of that seat
    reads the hand and role the seat's own engine shows."""
    table, seat = _bang_at_hand("view")
    with pytest.raises(KeyError):
        SeatView(table.observer, seat).hand()  # an observer cannot read a hidden hand
    assert SeatView(table.observer, seat).my_role is None
    table.observer.take_seat(seat, table.delivery(seat))
    mine, own = SeatView(table.observer, seat), SeatView(table.seats[seat], seat)
    assert mine.hand() == own.hand() and mine.hand()
    assert mine.my_role == own.my_role is not None


# --------------------------------------------------------------------- what it never learns


def _seen_and_gone(table: Table, seat: int) -> dict[int, int]:
    """Cards ``seat``'s engine knows that are neither public nor in its hand."""
    own = table.seats[seat]
    hand = set(own.players[seat].hand)
    return {s: c for s, c in own.known.items()
            if s not in table.observer.known and s not in hand}


def test_a_card_the_seat_held_before_stays_unknown_unless_delivered() -> None:
    """Given a seat that knows a card it no longer holds (stolen from it, put back on the
    deck), when the observer takes the seat with its hand only, then it does not know that
    card, yet lists the same legal actions and follows the same log to the end."""
    for attempt in range(40):
        table = Table(GameChoice.make("bang", 7), f"gone/{attempt}")
        while not table.over:
            gone = {s: _seen_and_gone(table, s) for s in range(7)}
            seat = next((s for s, cards in gone.items() if cards), None)
            if seat is not None:
                break
            table.step()
        if seat is None:
            continue
        table.observer.take_seat(seat, table.delivery(seat))
        table.taken = seat
        assert all(slot not in table.observer.known for slot in gone[seat])
        _play_on_after_taking(table, seat, everything=False)
        return
    pytest.fail("no seeded game showed a seat a card it then lost")


# --------------------------------------------------------------------- refusals


def _state(game: GameState) -> tuple[Any, ...]:
    players = getattr(game, "players", None)
    roles = [] if not isinstance(players, list) else [p.role for p in players]
    return (game.viewer, game.pending, len(game.history), dict(getattr(game, "known", {})),
            roles)


def _refused(game: GameState, seat: Any, cards: Any, words: str) -> None:
    before = _state(game)
    with pytest.raises(ValueError, match=words):
        game.take_seat(seat, cards)
    assert _state(game) == before


@pytest.mark.parametrize("choice", [CHOICES[0], CHOICES[8], CHOICES[-1]], ids=_label)
def test_only_an_observer_takes_a_seat_and_only_a_real_one(choice: GameChoice) -> None:
    """Given a game some way in, when a seat's or the all-seeing engine takes a seat, or the
    observer takes no seat, then it is refused and nothing changes."""
    table = Table(choice, "refuse")
    table.play(80)
    delivery = table.delivery(0)
    _refused(table.seats[1], 0, delivery, "observer")
    _refused(table.judge, 0, delivery, "observer")
    for seat in (-1, choice.seats, True, "0", None):
        _refused(table.observer, seat, delivery, "no seat")
    _refused(table.observer, 0, list(delivery.items()), "mapping")
    _refused(table.observer, 0, {"0": 1}, "integers")
    _refused(table.observer, 0, {0: 1.0}, "integers")
    table.observer.take_seat(0, delivery)  # the same delivery, now right
    _refused(table.observer, 0, delivery, "observer")  # and only once


def test_an_engine_between_no_two_inputs_takes_no_seat() -> None:
    """Given an observer whose pending step is no step of the game (no engine reaches this
    in play: the guard is for a broken engine), then the seat is refused."""
    table = Table(CHOICES[0], "rest")
    table.play(30)
    table.observer.pending = None
    _refused(table.observer, 0, table.delivery(0), "between two inputs")


def _bang_at_hand(seed: str, players: int = 5) -> tuple[Table, int]:
    """A card game some way in, and a seat with two hidden hand cards and a hidden role."""
    table = Table(GameChoice.make("bang", players), seed)
    table.play(90)
    while True:
        for seat in range(players):
            own = table.seats[seat].players[seat]
            hidden = [slot for slot in own.hand if slot not in table.observer.known]
            if len(hidden) >= 2 and not own.role_public and own.role is not None:
                return table, seat
        table.step()


def test_card_game_refuses_cards_that_contradict_what_it_knows() -> None:
    """Given the card game's observer and a seat's right delivery, when one card is changed,
    doubled, left out or added from where the seat never looked, then it is refused and
    nothing changes; the right delivery is then taken."""
    table, seat = _bang_at_hand("contradict")
    game = table.observer
    right = table.delivery(seat)
    player = game.players[seat]
    hand = [s for s in player.hand if s not in game.known]
    first, second = hand[0], hand[1]
    public = next(s for s in game.discard)  # a card every engine knows
    _refused(game, seat, {**right, first: game.known[public]}, "elsewhere")
    _refused(game, seat, {**right, first: right[second]}, "two slots")
    _refused(game, seat, {**right, first: 10_000}, "no such card")
    _refused(game, seat, {**right, public: (game.known[public] + 1) % len(game.cards)},
             "does not hold")
    missing = dict(right)
    del missing[first]
    _refused(game, seat, missing, "missing")
    other = next(s for s in range(5) if s != seat and any(
        slot not in game.known for slot in game.players[s].hand))
    theirs = next(slot for slot in game.players[other].hand if slot not in game.known)
    _refused(game, seat, {**right, theirs: table.dealer.cards[theirs]}, "never shown")
    deck = game.deck[0]
    _refused(game, seat, {**right, deck: table.dealer.cards[deck]}, "never shown")
    game.take_seat(seat, right)
    assert SeatView(game, seat).hand() == SeatView(table.seats[seat], seat).hand()


def test_card_game_refuses_a_wrong_or_missing_role() -> None:
    """Given a seat with a hidden role, when its role slot is left out, given the Sheriff's
    card, another seat's role slot, or a role card not in play, then it is refused."""
    table, seat = _bang_at_hand("roles", players=4)
    game = table.observer
    right = table.delivery(seat)
    role_slot = game.players[seat].role_slot
    without = {s: c for s, c in right.items() if s != role_slot}
    _refused(game, seat, without, "role card")
    _refused(game, seat, {**without, role_slot: 0}, "no such role card")
    _refused(game, seat, {**without, role_slot: 7}, "no such role card")  # 4 seats: ids 0..3
    other = next(p for p in game.players if p.seat != seat and p.role_slot != NO_SLOT)
    _refused(game, seat, {**right, other.role_slot: table.dealer.cards[other.role_slot]},
             "never shown")
    game.take_seat(seat, right)
    assert game.players[seat].role == table.seats[seat].players[seat].role


def test_card_game_refuses_a_role_that_contradicts_the_roles_shown() -> None:
    """Given a seat whose role is public (it was eliminated), when it is given another role
    card, then it is refused; the same role card is accepted."""
    for attempt in range(20):
        table = Table(GameChoice.make("bang", 6), f"dead/{attempt}")
        def shown(p: Any) -> bool:
            return p.role_public and p.role_slot != NO_SLOT

        while not table.over and not any(shown(p) for p in table.observer.players):
            table.step()
        dead = [p for p in table.observer.players if shown(p)]
        if not dead or table.over:
            continue
        seat = dead[0].seat
        game = table.observer
        true_id = table.dealer.cards[dead[0].role_slot]
        wrong = next(i for i in game.role_ids[1:] if _role_name(i) != dead[0].role)
        base = table.delivery(seat)
        _refused(game, seat, {**base, dead[0].role_slot: wrong}, "known to be")
        game.take_seat(seat, {**base, dead[0].role_slot: true_id})
        return
    pytest.fail("no seeded game eliminated a seat with a hidden role")


def _role_name(role_id: int) -> str:
    from p2pbang.engine.bang.cards.base import ROLE_CARDS
    return ROLE_CARDS[role_id]


def test_a_role_not_yet_dealt_is_not_delivered_and_comes_with_its_deal() -> None:
    """Given the card game and the Dice Game waiting to deal a seat its role, when the
    observer takes that seat, then naming the role is refused (the seat has not seen it),
    an empty delivery is taken, and the Deal then shows it the role."""
    for choice in (GameChoice.make("bang", 5), GameChoice.make("dice", 5)):
        table = Table(choice, "deal")
        while not isinstance(table.judge.pending, Deal):
            table.step()
        pending = table.judge.pending
        seat, (slot,) = pending.seat, pending.slots
        _refused(table.observer, seat, {slot: table.dealer.cards[slot]}, "never shown")
        table.observer.take_seat(seat, {})
        table.taken = seat
        table.step()
        assert table.observer.players[seat].role == table.seats[seat].players[seat].role
        assert table.observer.players[seat].role is not None
        _play_on_after_taking(table, seat, everything=True)


def test_dice_game_refuses_a_wrong_role_slot_or_card() -> None:
    """Given the Dice Game's observer after the roles are dealt, when a seat is given the
    wrong slot, no role, the Sheriff's card, or a card not in play, then it is refused."""
    table = Table(GameChoice.make("dice", 5), "dice-roles")
    table.play(40)
    game = table.observer
    seat = next(p.seat for p in game.players if not p.role_public)
    slot = game.players[seat].role_slot
    right = table.delivery(seat)
    assert list(right) == [slot]
    _refused(game, seat, {}, "role card")
    _refused(game, seat, {(slot + 1) % 4: right[slot]}, "never shown")
    _refused(game, seat, {slot: 0}, "no such role card")
    _refused(game, seat, {slot: 5}, "no such role card")  # 5 seats: ids 0..4
    game.take_seat(seat, right)
    assert game.players[seat].role == table.seats[seat].players[seat].role


def test_dice_game_with_face_up_roles_takes_an_empty_delivery() -> None:
    table = Table(GameChoice.make("dice", 3), "three")
    table.play(30)
    _refused(table.observer, 1, {0: 1}, "never shown")
    table.observer.take_seat(1, {})
    table.taken = 1
    assert _play_on_after_taking(table, 1, everything=True) >= 0


def test_duel_refuses_cards_outside_the_hand_or_that_contradict() -> None:
    """Given The Duel's observer and a side's delivery, when a card is changed, doubled,
    left out, or a slot of the other hand or the deck is added, then it is refused."""
    table = Table(GameChoice.make("duel", 2), "duel-refuse")
    table.play(50)
    while len([s for s in table.observer.sides[0].hand
               if s not in table.observer.known]) < 2:
        table.step()
    game = table.observer
    right = table.delivery(0)
    first, second = list(right)[:2]
    public = game.discard[-1] if game.discard else None
    _refused(game, 0, {**right, first: right[second]}, "two slots")
    _refused(game, 0, {**right, first: 10_000}, "no such card")
    if public is not None:
        _refused(game, 0, {**right, first: game.known[public]}, "elsewhere")
    missing = dict(right)
    del missing[first]
    _refused(game, 0, missing, "missing")
    theirs = next(s for s in game.sides[1].hand if s not in game.known)
    _refused(game, 0, {**right, theirs: table.dealer.cards[theirs]}, "not in seat 0's hand")
    game.take_seat(0, right)
    assert _knowledge(game, 0) == _knowledge(table.seats[0], 0)  # a side knows its hand


def test_a_refused_move_of_the_taken_seat_is_refused_as_its_own_engine_refuses_it() -> None:
    """Given a taken seat at its decision, when a move names a card in a slot that holds
    another, then both engines refuse it and stay as they were."""
    table, seat = _bang_at_hand("move")
    table.observer.take_seat(seat, table.delivery(seat))
    table.taken = seat
    while not (isinstance(table.judge.pending, Decision) and table.judge.pending.seat == seat
               and table.observer.legal_actions()
               and hasattr(table.observer.legal_actions()[0], "card")):
        table.step()
        assert not table.over
    action = table.observer.legal_actions()[0]
    other = next(c for c in range(len(table.observer.cards))
                 if c != action.card and c not in table.observer.known.values())
    wrong = type(action)(*[other if f == "card" else getattr(action, f)
                           for f in action.__slots__])
    for engine in (table.observer, table.seats[seat]):
        assert engine.check(wrong) is not None
        with pytest.raises(IllegalAction):
            engine.apply(wrong)
    assert table.observer.check(action) is None is table.seats[seat].check(action)
