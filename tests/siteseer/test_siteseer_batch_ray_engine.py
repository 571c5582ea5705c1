"""`batch --engine ray` on a real Ray cluster on loopback (ray.cluster_utils.Cluster: a head
node that runs no worker, two worker nodes of one CPU each): the same results as the local
engine, a worker killed mid-batch, a node lost mid-batch, resume."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from siteseer.batch import TaskOptions
from siteseer.commands.batch import BatchOptions, BatchOutcome, run_batch
from siteseer.lab.server import LabServer

if TYPE_CHECKING:
    from ray.cluster_utils import Cluster

# Ray turns a loopback address into the machine's own IP ("remotely reachable") unless told it
# runs no multi-machine cluster; the test cluster lives on 127.0.0.1 only. Set before Ray loads:
# when the cluster starts, not when the suite is collected (the fast run collects this module
# only to leave it out, and importing Ray costs each collecting process most of a second).
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"

pytestmark = pytest.mark.slow

Lab = Callable[[str], LabServer]
SITES = ("council", "cars", "people")
HTTP_ONLY = TaskOptions(render="never")
NODE = {"num_cpus": 1, "node_ip_address": "127.0.0.1"}


@pytest.fixture(scope="module")
def ray() -> ModuleType:
    return pytest.importorskip("ray")  # the optional extra; `dev` installs it


@pytest.fixture(scope="module")
def cluster(ray: ModuleType) -> Iterator[Cluster]:
    """A head node with no CPU for workers (the driver's), two worker nodes of one CPU each."""
    from ray.cluster_utils import Cluster

    head = {**NODE, "num_cpus": 0, "include_dashboard": False}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    try:
        cluster.add_node(**NODE)
        cluster.add_node(**NODE)
        cluster.wait_for_nodes()
        yield cluster
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def _seeds(lab: Lab) -> list[str]:
    return [lab(site).truth(site).seed_entity for site in SITES]


def _options(tmp_path: Path, name: str, seeds: list[str], **kw: Any) -> BatchOptions:
    path = tmp_path / f"{name}.txt"
    path.write_text("\n".join(seeds) + "\n", encoding="utf-8")
    return BatchOptions(str(path), tmp_path / name, HTTP_ONLY, workers=2, **kw)


def _results(outcome: BatchOutcome, out: Path) -> list[tuple[Any, ...]]:
    """What must not depend on the engine: each site's status, counts and file bytes."""
    return [
        (
            row["url"],
            row["status"],
            row["entities"],
            row["downloads"],
            tuple((name, (out / name).read_bytes()) for name in row["files"]),
        )
        for row in outcome.rows
    ]


def _site_workers() -> list[int]:
    """The PIDs of the processes running a SiteWorker actor (Ray titles them ray::SiteWorker)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                title = f.read()
        except OSError:
            continue
        if title.startswith(b"ray::SiteWorker"):
            pids.append(int(entry))
    return pids


async def test_two_nodes_give_the_local_engines_results(
    lab: Lab, tmp_path: Path, cluster: Cluster, ray: ModuleType
) -> None:
    seeds = _seeds(lab)
    local = await run_batch(_options(tmp_path, "local", seeds))
    distributed = await run_batch(
        _options(tmp_path, "ray", seeds, engine="ray", address=cluster.address)
    )
    assert local.complete and distributed.complete
    assert _results(distributed, tmp_path / "ray") == _results(local, tmp_path / "local")
    workers = {str(row["worker"]) for row in distributed.rows}
    assert all("/" in w and ":" in w for w in workers)  # host/node:pid of a Ray actor
    assert not ray.is_initialized()  # the driver's connection is shut down


async def test_a_worker_killed_mid_batch_is_restarted_and_its_site_done(
    lab: Lab, tmp_path: Path, cluster: Cluster
) -> None:
    seeds = _seeds(lab)
    killed: list[int] = []

    def kill_one(row: dict[str, Any]) -> None:
        if not killed:  # after the first site, while the others are in flight
            pid = max(_site_workers())
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    options = _options(tmp_path, "killed", seeds, engine="ray", address=cluster.address)
    outcome = await run_batch(options, kill_one)
    assert killed and killed[0] not in _site_workers()
    lines = (tmp_path / "killed" / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(line)["url"] for line in lines) == sorted(seeds)
    undisturbed = await run_batch(_options(tmp_path, "calm", seeds))
    assert _results(outcome, tmp_path / "killed") == _results(undisturbed, tmp_path / "calm")


async def test_a_node_lost_mid_batch_has_its_sites_run_on_another(
    lab: Lab, tmp_path: Path, cluster: Cluster
) -> None:
    seeds = _seeds(lab)
    cluster.add_node(**NODE)  # a spare, where the lost node's worker can be restarted
    cluster.wait_for_nodes()
    lost: list[str] = []

    def lose_a_node(row: dict[str, Any]) -> None:
        if not lost:  # the node of the worker that just finished, and is handed the next site
            node = next(n for n in cluster.worker_nodes if n.node_id.startswith(_node(row)))
            cluster.remove_node(node)
            lost.append(node.node_id)

    options = _options(tmp_path, "lost", seeds, engine="ray", address=cluster.address)
    outcome = await run_batch(options, lose_a_node)
    assert lost and outcome.complete
    lines = (tmp_path / "lost" / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    assert sorted(row["url"] for row in rows) == sorted(seeds)  # each site once, done
    assert all(not lost[0].startswith(_node(row)) for row in rows[1:])  # none on the lost node
    calm = await run_batch(_options(tmp_path, "calm", seeds))
    assert _results(outcome, tmp_path / "lost") == _results(calm, tmp_path / "calm")


def _node(row: dict[str, Any]) -> str:
    """The node id prefix in a Ray worker's name, host/<node id[:8]>:pid."""
    return str(row["worker"]).split("/")[1].split(":")[0]


async def test_resume_runs_no_done_site_again(lab: Lab, tmp_path: Path, cluster: Cluster) -> None:
    seeds = _seeds(lab)
    first_two = _options(tmp_path, "out", seeds[:2], engine="ray", address=cluster.address)
    half = await run_batch(first_two)  # a batch stopped half-way: two of three sites done
    assert half.complete
    everything = _options(tmp_path, "out", seeds, engine="ray", address=cluster.address)
    rerun = await run_batch(everything)
    assert rerun.complete and rerun.skipped == 2
    lines = (tmp_path / "out" / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    urls = [json.loads(line)["url"] for line in lines]  # in the order the sites finished
    assert sorted(urls) == sorted(seeds)  # each site ran once
    assert rerun.rows[:2] == half.rows
