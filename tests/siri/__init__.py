"""Siri, a game that exists only for the tests: the smallest ruleset with a hidden card, a
deadline and a free move, registered and served the way a fourth game would be, without a
line of shared code changed (issue 30.6, ``docs/adding-a-game.md``). It is found through the
``RULESET_PACKAGES`` environment variable (``tests.siri``), never by the service otherwise.

Standing orders (``Orders``): guess when the hints leave few cards, else pass.

The rules: one card of 1 to 9 is dealt face down. On their turn a player guesses it (the
table answers higher or lower) or passes; the right guess wins. A turn not played within the
table's idle timeout is passed for the player. Once per game each player may taunt (a free
move: it answers nothing). After ``max_turns`` turns nobody wins.
"""
