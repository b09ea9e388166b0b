"""SnapStart hooks (service/snapstart.py): before the snapshot, what requests load lazily is
loaded (the action function's rulesets and every move's request model); after a restore, no
client, connection or random state taken at init is shared by the restored environments."""

from __future__ import annotations

import random
import types


def test_the_hooks_register_with_the_runtime_library_when_it_is_there():
    from service import snapstart

    registered: dict[str, list] = {"before": [], "after": []}
    fake = types.SimpleNamespace(
        register_before_snapshot=lambda fn, *a, **k: registered["before"].append(fn),
        register_after_restore=lambda fn, *a, **k: registered["after"].append(fn))
    assert snapstart.install(fake) is True
    assert registered == {"before": [snapstart.run_primers], "after": [snapstart.refresh]}
    assert snapstart.install(None) is False                  # locally: no library, no hooks


def test_priming_loads_the_moves_of_the_action_function_before_the_snapshot(aws):
    import engine
    from actions import app  # noqa: F401  (registers its primer)
    from service import routes, snapstart

    routes._request_models.clear()
    snapstart.run_primers()
    for game in engine.games():    # the one action function serves every game: all primed
        moves = {action for kind, action in routes._request_models if kind == game}
        assert moves == set(routes.game_actions(game)) and len(moves) >= 15, game


def test_a_restore_drops_clients_connections_and_random_state(aws):
    from pynamodb.models import Model

    from service import clients, routes, snapstart, storage
    from service.storage import GameRecord

    clients.client("events")
    storage.connection()
    GameRecord._get_connection()
    routes._idempotent_perform = object()
    random.seed(12345)
    in_snapshot = random.random()         # what every restored copy would draw next...
    random.seed(12345)
    snapstart.refresh()
    assert random.random() != in_snapshot  # ...were it not reseeded from the OS
    assert clients._clients == {} and storage._connection is None
    assert GameRecord._connection is None and all(
        m._connection is None for m in Model.__subclasses__())
    assert routes._idempotent_perform is None
