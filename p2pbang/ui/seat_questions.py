"""The question a person is asked before their peer agrees to a seat changing hands.

The table's keeper (``table/handovers.py``) asks with a :class:`SeatQuestion` once a seat
has been silent for the dropout wait; both interfaces word it here, in the person's
language, and say who would run the new holder and that its runner could read its cards
(``protocol/seats.md`` 4.2-4.3).
"""

from __future__ import annotations

from p2pbang.table.handovers import SeatQuestion
from p2pbang.ui.i18n import _


def question_text(question: SeatQuestion, chair: int) -> str:
    """One sentence: who is away, for how long, and what the table would do."""
    away = _("{name} (seat {chair}) has been away {seconds} s.").format(
        name=question.away, chair=chair, seconds=int(question.seconds))
    if question.purpose == "open":
        what = _("Open their share of the draw from the escrow (the draw stands as it was "
                 "committed)?")
    elif question.purpose == "forfeit":
        what = _("Claim the game: they lose by forfeit?")
    elif question.runner_is_you:
        what = _("Give the seat to {holder}, a bot your own peer runs (your peer could read "
                 "its cards)?").format(holder=question.holder)
    else:
        what = _("Give the seat to {holder}, a bot run by {runner} ({runner}'s peer could "
                 "read its cards)?").format(holder=question.holder, runner=question.runner)
    return f"{away} {what}"


def short_text(question: SeatQuestion) -> str:
    """The question on one line of the full screen (its whole text is in the log)."""
    if question.purpose == "open":
        text = _("{away} is away: open their share from the escrow? y: agree, n: wait")
    elif question.purpose == "forfeit":
        text = _("{away} is away: claim the game by forfeit? y: agree, n: wait")
    else:
        text = _("{away} is away: give the seat to {holder}? y: agree, n: wait")
    return text.format(away=question.away, holder=question.holder)


def answer_hint() -> str:
    return _("Press y to agree, n to wait for them.")


__all__ = ["answer_hint", "question_text", "short_text"]


def took_seat_line(session: object) -> str | None:
    """The first line of a person's table screen when they took a seat while watching
    (``took_over``: whose it was; ``taken_back``: their own, back from the bot), else None."""
    took = getattr(session, "took_over", "")
    if not took:
        return None
    if getattr(session, "taken_back", False):
        return _("You have your seat back: {name} handed it to you, and its hand reached "
                 "you alone.").format(name=took)
    return _("You took over {name}'s seat: {name} was away, the table gave the seat to you, "
             "and its hand reached you alone.").format(name=took)
