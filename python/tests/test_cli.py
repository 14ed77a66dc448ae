"""Records made in Python against the command line: `replay` checks them,
and `cc.play` plays the game `carcassonne play` plays with the same seed.

Needs the `carcassonne` binary: $CARCASSONNE_BIN (.ci/run passes the one
its cargo test step built), else skipped.
"""

import json
import os
import subprocess

import pytest

import carcassonne as cc

BIN = os.environ.get("CARCASSONNE_BIN")
pytestmark = pytest.mark.skipif(
    not (BIN and os.path.isfile(BIN)), reason="set CARCASSONNE_BIN to the carcassonne binary"
)


def run(*args, cwd=None):
    return subprocess.run([BIN, *args], check=True, capture_output=True, text=True, cwd=cwd).stdout


@pytest.mark.parametrize("rid", ["base", "base_abbey_mayor", "everything_c1"])
def test_replay_accepts_records_written_in_python(rid, tmp_path):
    g = cc.play(rid, bots=("greedy", "random", "greedy"), seed=3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(g.record()))
    out = run("replay", str(path))
    assert "game over" in out


def test_play_from_python_is_the_command_lines_game(repo, tmp_path):
    ruleset = str(repo / "rulesets" / "base_traders_builders.toml")
    bots = ("greedy", "random", "greedy")
    g = cc.play(ruleset, bots=bots, seed=5)
    out = tmp_path / "cli.json"
    run("play", "--ruleset", ruleset, "--players", "3", "--bots", ",".join(bots),
        "--seed", "5", "--record", str(out), "--quiet")
    assert g.record(bots=list(bots)) == json.loads(out.read_text())
