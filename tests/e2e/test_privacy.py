"""Privacy at a real table: one bot peer recorded everything it received during a whole game
(its log and every sync message, as received). With that and its own secret key, try to
name a card in another seat's hand, or a hidden role, before it is revealed. The attempt
must fail every time, while the same attempt given the owner's secret succeeds (control).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from p2pbang.crypto.elgamal import CardTable, unmask
from p2pbang.crypto.group import Point
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.cards.base import ROLE_CARDS
from p2pbang.net.log import Entry
from p2pbang.net.store import SecretsFile
from p2pbang.net.sync import SyncLimits, decode_message
from p2pbang.table.core import TableCore
from p2pbang.table.dealer_secrets import SeatSecrets
from p2pbang.table.gamefiles import load_transcript
from p2pbang.table.session import read_recording

from .conftest import PlayedGame

PILES = {"deck": range(80), "roles": range(16)}
MAX_SLOTS = 1000


def _cards() -> CardTable:
    table = CardTable()
    for pile, cards in PILES.items():
        table.add(pile, cards)
    return table


def _secret(game: PlayedGame, seat: int, session_id: bytes) -> int:
    for peer in game.peers:
        directory = peer.game_dir
        if json.loads((directory / "table.json").read_text())["seat"] == seat:
            key = SeatSecrets.decode(SecretsFile(directory, session_id).read()).dealer_key
            return int.from_bytes(key, "little")
    raise AssertionError(f"no peer at seat {seat}")


def _replay(transcript, seats: list[int], keys: dict[int, int]
            ) -> Iterator[dict[int, TableCore]]:
    """Every seat's core, re-fed the log entry by entry; yields after each entry."""
    session = transcript.genesis.session_id
    players = len(transcript.genesis.seats)
    cores = {}
    for seat in seats:
        secret = keys[seat].to_bytes(32, "little")
        cores[seat] = TableCore(players, seat, MentalDealer(seat, players, session, secret))
        cores[seat].start()
    for raw in transcript.entries:
        for part in Entry.decode(raw).parts:
            for core in cores.values():
                core.receive(part.seat, part.kind, part.payload)
        yield cores


def _hidden_slots(core: TableCore, seat: int) -> Iterator[int]:
    """Slots of another seat's hand and role that this core's engine has not seen."""
    game = core.game
    for other in game.players:
        if other.seat == seat:
            continue
        for slot in other.hand:
            if game.known.get(slot) is None:
                yield slot
        if other.role is None and other.role_slot >= 0:
            yield other.role_slot


def test_a_peer_cannot_name_hidden_cards_from_all_it_received(honest_game: PlayedGame) -> None:
    spy = honest_game.recorder
    transcript = load_transcript(spy.game_dir)
    session = transcript.genesis.session_id
    me = json.loads((spy.game_dir / "table.json").read_text())["seat"]
    players = len(transcript.genesis.seats)
    keys = {seat: _secret(honest_game, seat, session) for seat in range(players)}
    cards = _cards()
    attempts = controls = confirmed = 0
    for cores in _replay(transcript, list(range(players)), keys):
        core = cores[me]
        for slot in _hidden_slots(core, me):
            state = core.dealer.slot_state(slot)
            c1 = state.ciphertext.c1
            shares = dict(state.shares)
            shares.setdefault(me, c1 * keys[me])
            # Everything this peer holds: every published share plus its own.
            guess = cards.identify(state.pile, unmask(state.ciphertext, shares.values()))
            attempts += 1
            assert guess is None, f"seat {me} decrypted slot {slot} on its own"
            # Control: the missing shares, from the owners' secrets, open it at once.
            for seat in range(players):
                shares.setdefault(seat, c1 * keys[seat])
            card = cards.identify(state.pile, unmask(state.ciphertext, shares.values()))
            owner = next(p for p in cores[me].game.players
                         if slot in p.hand or slot == p.role_slot).seat
            theirs = cores[owner].game
            assert card is not None
            # The owner's own engine agrees (once its deal has reached it).
            if slot == theirs.players[owner].role_slot:
                seen = theirs.players[owner].role
                assert seen in (None, ROLE_CARDS[card])
            else:
                seen = theirs.known.get(slot)
                assert seen in (None, card)
            controls += 1
            confirmed += seen is not None
    assert attempts > 100 and controls == attempts and confirmed > 100


def test_no_missing_share_ever_crosses_the_wire(honest_game: PlayedGame) -> None:
    """Every card this peer held a ciphertext of but never saw stays closed: the decryption
    shares that would open it are nowhere in its traffic, while the shares that were
    published are found there (so the search works)."""
    spy = honest_game.recorder
    transcript = load_transcript(spy.game_dir)
    session = transcript.genesis.session_id
    me = json.loads((spy.game_dir / "table.json").read_text())["seat"]
    players = len(transcript.genesis.seats)
    keys = {seat: _secret(honest_game, seat, session) for seat in range(players)}
    records = read_recording(honest_game.recording)
    limits = SyncLimits()
    assert records and all(decode_message(data, limits) for _, _, data in records)
    traffic = b"".join(data for _, _, data in records)
    # Every (slot, ciphertext) this peer ever held, and whether it ever learned its card.
    learned: dict[tuple[int, bytes], bool] = {}
    published: set[bytes] = set()
    for cores in _replay(transcript, [me], keys):
        dealer = cores[me].dealer
        for slot in range(MAX_SLOTS):
            try:
                state = dealer.slot_state(slot)
            except KeyError:
                continue
            pair = (slot, state.ciphertext.encode())
            learned[pair] = learned.get(pair, False) or dealer.known_card(slot) is not None
            published.update(share.encode() for seat, share in state.shares.items()
                             if seat != me)
    unseen = 0
    for (slot, ciphertext), was_learned in learned.items():
        if was_learned:
            continue
        c1 = Point.decode(ciphertext[:32])
        for seat in set(range(players)) - {me}:
            share = (c1 * keys[seat]).encode()
            if share in published:
                continue  # published for everyone: not what keeps this card closed
            assert share not in traffic, f"seat {seat}'s share of slot {slot} was sent"
            unseen += 1
    found = sum(share in traffic for share in published)
    assert unseen >= 30 and found == len(published) > 100
