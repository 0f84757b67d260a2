# Cython's declarations beside event_flow.py, read only by the compiled build (docs/engine.md,
# "The compiled build"): EventFlow is an extension type, the first base of Game, holding the
# event flow's own attributes as C fields. No instance dictionary (an attribute lookup on a
# Game never searches one): every attribute a Game holds is declared here or in game.pxd
# (tests/engine/test_build.py checks it). Weak references work as on any object. The .py
# source is the same in both builds.

cdef class EventFlow:
    cdef object __weakref__
    cdef public object _has_events
    cdef public object _event_pile_on
    cdef public object _ordinary_events
    cdef public object event_rules
    cdef public object event_in_force
    cdef public list event_pile
    cdef public list event_set_aside
    cdef public object event_final
    cdef public list event_shown
    cdef public dict event_known
    cdef public set _event_slots
    cdef public dict initial_events
    cdef public object first_seat_turns
    cdef public object bang_limit
    cdef public object beer_allowed
    cdef public object phase_one_cards
    cdef public object _flat_distance
    cdef public object _event_silence
    cdef public object _event_plays
    cdef public object _special_plays
    cdef public object _no_own_bang
    cdef public object _after_action
    cdef public list _saved_seat_rules
    cdef public set ghosts
    cdef public set returned
    cdef public list eliminated_order
    cdef public object must_play
    cdef public list phase_one_drawn
    cdef public object last_play
    cdef public set turn_marks
