"""The card game (BANG! with its expansions and variants): its engine, rule modules and sets,
cards, invariants, fact sheet and scenarios. What every game of the family shares (the
contract, the chance and decision values, their codec, the sheets' shape, the registry) stays
one level up, in ``p2pbang/engine/``."""
