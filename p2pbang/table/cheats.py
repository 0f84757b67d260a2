"""Deliberate cheaters, a testing aid: a seat that breaks the protocol in one named way.

``p2pbang bot --cheat KIND`` plays honestly until its first chance to cheat in that way,
cheats once, then carries on as if nothing happened. The honest peers must stop the game,
name this seat and keep the evidence (the end-to-end tests check exactly that). Every kind is
something a modified client could really send:

``insert-card``   its shuffle pass replaces one card of the deck with a copy of another (a
                  card "inserted" while shuffling); the shuffle argument no longer verifies.
``wrong-share``   a decryption share that is a valid group element but not its share: the
                  Chaum-Pedersen proof does not match it.
``phantom-card``  plays a card it does not hold: it claims its hand card is another card
                  (chosen so that the move itself would be legal) and attaches the genuine
                  proof of what the slot holds, which does not open to the claimed card.
``illegal-move``  a move the rules forbid (a BANG! at itself, or a choice not offered).
``illegal-green`` (Dodge City) uses a card of its hand as if it were a green card in play.
``equivocate``    signs two different legal moves for one log position and shows one half
                  of the table one and the other half the other.
``wrong-opening`` in a public draw (a die roll, the seating, the Sheriff), opens another
                  value than the one it committed to, after seeing the others' commitments.
``withhold-opening`` in a public draw, never opens its commitment (after seeing the others'
                  openings it could pick whether the draw happens at all): the table waits
                  for it, naming it, and gives up after its ``--max-wait``.

Nothing here is used by honest play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgpack
import trio

from p2pbang.crypto import wire
from p2pbang.crypto.dleq import DecryptionShare
from p2pbang.crypto.elgamal import CIPHERTEXT_BYTES, decode_deck, encode_deck
from p2pbang.crypto.group import base_mul
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import NO_SEAT, PLAY, Choose, Decision, Play, UseGreen
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import to_wire
from p2pbang.net.log import Part
from p2pbang.net.sync import PART, encode_message
from p2pbang.table.core import DEAL, MOVE, Cheat, TableCore

if TYPE_CHECKING:
    from p2pbang.table.session import TableSession

CHEAT_KINDS = ("insert-card", "wrong-share", "phantom-card", "illegal-move", "equivocate",
               "wrong-opening", "withhold-opening", "illegal-green")


class Cheater:
    """One seat's cheat of one ``kind`` (see the module docstring), done at most once."""

    def __init__(self, kind: str, players: int, session_id: bytes,
                 choice: GameChoice | None = None, escrow_threshold: int | None = None) -> None:
        if kind not in CHEAT_KINDS:
            raise ValueError(f"unknown cheat {kind!r}; one of {', '.join(CHEAT_KINDS)}")
        self.kind = kind
        self.done = False
        self._twin: bytes | None = None
        # What the other seats' engines know: the cheat must look legal to them.
        self.shadow: TableCore | None = None
        if kind == "phantom-card":
            dealer = MentalDealer(None, players, session_id, escrow_threshold=escrow_threshold)
            self.shadow = TableCore(players, None, dealer, choice)
            self.shadow.start()

    # -- hooks the session calls --

    def observe(self, seat: int, kind: str, payload: bytes) -> None:
        """Every part this peer's core accepted, in order: kept for the shadow engine."""
        if self.shadow is not None:
            try:
                self.shadow.receive(seat, kind, payload)
            except Cheat:
                self.shadow = None

    def deal(self, session: TableSession, payload: bytes) -> bytes:
        if self.done or self.kind not in ("insert-card", "wrong-share", "wrong-opening"):
            return payload
        message = wire.decode(payload)
        if self.kind == "wrong-opening" and message.get("t") == "reveal":
            message["value"] = bytes(b ^ 0x5A for b in message["value"])
        elif self.kind == "insert-card" and message.get("t") == "shuffle":
            deck = decode_deck(message["deck"], len(message["deck"]) // CIPHERTEXT_BYTES)
            deck[0] = deck[1]
            message["deck"] = encode_deck(deck)
        elif self.kind == "wrong-share" and message.get("t") == "shares" and message["items"]:
            share = DecryptionShare.decode(message["items"][0][1])
            forged = DecryptionShare(share.share + base_mul(1), share.proof)
            message["items"][0][1] = forged.encode()
        else:
            return payload
        self.done = True
        return wire.encode(message)

    def move(self, session: TableSession, decision: Decision) -> bytes | None:
        """A cheating move payload, or None to let the decider play honestly."""
        if self.done:
            return None
        core = session.core
        if core.choice.game != "bang" and self.kind in ("phantom-card", "illegal-move",
                                                          "illegal-green"):
            return None  # these know the card game's hands and moves only
        if self.kind == "illegal-green" and decision.kind == PLAY:
            hand = core.game.players[decision.seat].hand
            if hand:
                self.done = True
                return core.move_payload(UseGreen(hand[0]))
        if self.kind == "phantom-card" and decision.kind == PLAY:
            return self._phantom(core, decision)
        if self.kind == "illegal-move" and decision.kind == PLAY:
            return self._illegal(core, decision)
        if self.kind == "equivocate":
            legal = core.game.legal_actions()
            if len(legal) >= 2:
                self._twin = core.move_payload(legal[1])
                return core.move_payload(legal[0])
        return None

    async def write(self, session: TableSession, kind: str, payload: bytes) -> bool:
        """Write the part itself (True) instead of the session: for equivocation, and to
        withhold an opening (this seat then writes nothing more, ever, but stays connected
        and keeps serving the log)."""
        if self.kind == "withhold-opening" and kind == DEAL and (
                self.done or wire.decode(payload).get("t") == "reveal"):
            self.done = True
            await trio.sleep_forever()
        if self._twin is None or kind != MOVE:
            return False
        twin, self._twin = self._twin, None
        self.done = True
        log = session.log
        key = session.identity.private_key
        index, prev, seat = len(log), log.head_hash, session.seat
        first = Part.create(key, log.session_id, index, prev, seat, kind, payload)
        second = Part.create(key, log.session_id, index, prev, seat, kind, twin)
        others = [s for s in range(session.players) if s != seat]
        fooled = set(others[: len(others) // 2])
        await session.replication.admit_local(first)
        for other in others:
            part = second if other in fooled else first
            await session.replication.send_raw(other, encode_message({"t": PART, "p": part.raw}))
        return True

    # -- the cheats --

    def _phantom(self, core: TableCore, decision: Decision) -> bytes | None:
        shadow = self.shadow
        if shadow is None or shadow.game.pending != decision:
            return None
        known = set(core.game.known.values())
        for slot in core.game.players[decision.seat].hand:
            held = core.game.known[slot]
            for claimed in range(len(core.game.cards)):
                if claimed in known or core.game.card_name(claimed) == core.game.card_name(held):
                    continue
                for target in (NO_SEAT, *core.game.alive_seats()):
                    action = Play(slot, claimed, target)
                    if shadow.game.check(action) is None:
                        _card, proof = core.dealer.reveal_own(slot)
                        self.done = True
                        return msgpack.packb({"a": to_wire(action), "r": [[slot, claimed, proof]]},
                                             use_bin_type=True)
        return None

    def _illegal(self, core: TableCore, decision: Decision) -> bytes:
        self.done = True
        for slot in core.game.players[decision.seat].hand:
            card = core.game.known[slot]
            if core.game.card_name(card) == "bang":
                action = Play(slot, card, decision.seat)
                if core.game.check(action) is not None:
                    return core.move_payload(action)
        return core.move_payload(Choose(10_000))


__all__ = ["CHEAT_KINDS", "Cheater"]
