"""A local dask.distributed cluster gives the same table as the process pool."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from race import Race

from tabletop.core import Match
from tabletop.sim import run_games, run_playouts


def test_dask_executor_matches_the_process_pool_for_the_same_seeds():
    distributed = __import__("distributed")
    with ProcessPoolExecutor(2) as pool:
        reference = run_games(
            Race(2),
            16,
            bots="random,search",
            seed=9,
            executor=pool,
            rotate=True,
            chunk_size=3,
        )
        playouts = run_playouts(
            Match(Race(2), seed=1),
            10,
            bots="random",
            seed=2,
            executor=pool,
            chunk_size=4,
        )
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp",
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert (
            run_games(
                Race(2),
                16,
                bots="random,search",
                seed=9,
                executor=executor,
                rotate=True,
                chunk_size=5,
            )
            == reference
        )
        assert (
            run_playouts(
                Match(Race(2), seed=1),
                10,
                bots="random",
                seed=2,
                executor=executor,
                chunk_size=3,
            )
            == playouts
        )
