"""The interface of a network game: the full-screen program of ``join``/``host``/``resume``
(lobby screens, then the table), its lobby and table adapters, the Dice Game's and The
Duel's boards at a network table, and the plain line interface of a network game and of its
waiting room. What these screens need of the network comes through the table layer
(``table/network.py``, the sessions), never from ``p2pbang.net``."""
