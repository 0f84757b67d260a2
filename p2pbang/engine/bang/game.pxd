# Cython's declarations beside game.py, read only by the compiled build (docs/engine.md,
# "The compiled build"): Game is an extension type whose attributes are C fields, so the
# compiled engine reads ``self.known`` as a field instead of a dictionary look-up. Every
# field is public: any module, bot or test reads and sets it as before. There is no instance
# dictionary (its Python bases, SlotKnowledge and StepChecks, have empty ``__slots__``), so
# an attribute a Game holds must be declared here or in event_flow.pxd, or the compiled
# build refuses to set it (tests/engine/test_build.py checks that none is missing). A field
# typed list, dict or set takes only that type (or None): every assignment to it, in any
# module, must give one. The .py source is the same in both builds.

from p2pbang.engine.bang.event_flow cimport EventFlow


cdef class Game(EventFlow):
    # engine/slots.py's SlotKnowledge
    cdef public dict known
    cdef public dict _where
    cdef public object _next_slot
    # engine/contract.py's StepChecks and the public interface
    cdef public object pending
    cdef public object choice
    cdef public object role_rules
    cdef public object role_ids
    cdef public object n
    cdef public object viewer
    cdef public object rules
    cdef public tuple cards
    cdef public object _card_rules
    cdef public object _card_reach
    cdef public object _immunities
    cdef public object _silencer
    cdef public object _has_green
    cdef public object _names
    cdef public object _kinds
    cdef public object suits
    cdef public object _printed_suits
    cdef public object ranks
    cdef public list players
    cdef public list seat_rules
    cdef public dict placed_turn
    cdef public list deck
    cdef public list discard
    cdef public object store
    cdef public dict set_state
    cdef public object play_phase_turn
    cdef public tuple _table_setup
    cdef public tuple _table_actions
    cdef public tuple _table_act
    cdef public tuple _on_wound
    cdef public tuple _on_card_played
    cdef public tuple _on_eliminated
    cdef public tuple _extra_rewards
    cdef public tuple _after_draw
    cdef public tuple _turn_end
    cdef public tuple _hand_limits
    cdef public tuple _extra_flips
    cdef public tuple _immune_suits
    cdef public tuple _life_fixed
    cdef public tuple _dead_turns
    cdef public dict seen_by
    cdef public set face_up
    cdef public set _role_slots
    cdef public dict initial_cards
    cdef public dict initial_roles
    cdef public object sheriff
    cdef public object first_seat
    cdef public object current
    cdef public object turn
    cdef public object bangs_played
    cdef public object abilities_used
    cdef public dict owed_draws
    cdef public object sharing
    cdef public object _legal_memo
    cdef public object result
    cdef public list history
    cdef public list events
    cdef public list order
    cdef public dict _order_pos
    cdef public list ring
    cdef public dict ring_pos
    cdef public object _position
    cdef public object _flow

    # The hot methods that are no generators (and hold no generator expression, which a
    # cpdef method cannot), called from the compiled engine as C functions. A Python caller
    # sees them as before, and an override in a subclass still wins.
    cpdef legal_actions(self)
    cpdef distance(self, source, target)
    cpdef within(self, source, reach)
    cpdef reach(self, seat)
    cpdef cards_in_play_silenced(self)
    cpdef silenced(self, owner)
    cpdef _answers(self, seat, card, kind)
    cpdef _ability_options(self, seat, hand, kind)
    cpdef _table_options(self, seat, hand, kind)
    cpdef hand_limit(self, seat)
    cpdef play_rules(self, seat, card)
    cpdef ready_green(self, seat)
    cpdef _green_answers(self, seat, kind)
    cpdef event(self, kind, seat=*, target=*, card=*, value=*, life=*)
    cpdef _next_alive(self, seat)
    cpdef seats_from(self, seat)
    cpdef _dealt(self, slots, seat, result)
    cpdef take_from_hand(self, seat, slot, card)
    cpdef card_heal(self, seat, card)
    cpdef heal(self, seat, amount)
    cpdef _check_chance(self, request, result)
