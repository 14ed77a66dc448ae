"""Self-play spread over workers with Ray (a local cluster in this
process's machine): the same games as played one after the other."""

import os

import pytest

# No usage report to Ray's servers: the test runs offline.
os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
ray = pytest.importorskip("ray")

from carcassonne import selfplay  # noqa: E402

BOTS = ("greedy", "random")
SEEDS = list(range(40))


@pytest.fixture(scope="module")
def cluster():
    # A local cluster on the loopback address only.
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address="127.0.0.1",
    )
    yield
    ray.shutdown()


def test_games_spread_over_ray_workers_equal_the_serial_games(cluster):
    play_batch = ray.remote(selfplay.play_batch)
    batches = [SEEDS[i : i + 10] for i in range(0, len(SEEDS), 10)]
    futures = [play_batch.remote("base", BOTS, b) for b in batches]
    spread = [r for batch in ray.get(futures) for r in batch]
    serial = selfplay.play_batch("base", BOTS, SEEDS)
    assert sorted(spread, key=lambda r: r["seed"]) == serial
    assert selfplay.summarize(spread) == selfplay.summarize(serial)
    s = selfplay.summarize(spread)
    assert s["games"] == 40 and abs(sum(s["win_rate"]) - 1) < 1e-9
