#!/usr/bin/env python3
"""An example client of `carcassonne serve` (docs/protocol.md), standard
library only: a 3-player game of any ruleset in which seat 0 is this script
(it takes the legal action that scores most at once, else a random one) and
seats 1 and 2 are the engine's bots. It knows no expansion: it answers
whatever decision `pending` says is seat 0's, whether or not it is seat 0's
turn (a wagon's move, a dragon's step), from the list `legal` gives.

    python3 tools/serve_client.py [--binary target/release/carcassonne]
        [--ruleset base] [--seed 7] [--bots greedy,greedy] [--record FILE]

Prints each of its own turns, the final scores, and checks that the points
of the events it was sent add up to them. Exit 0 on success.
"""

import argparse
import json
import random
import subprocess
import sys


class Engine:
    """`carcassonne serve` in a child process: one request, one reply."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.next_id = 0

    def ask(self, cmd, **fields):
        self.next_id += 1
        request = {"id": self.next_id, "cmd": cmd, **fields}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("serve exited")
        reply = json.loads(line)
        assert reply.get("id") == self.next_id, reply
        if not reply["ok"]:
            raise RuntimeError(f"{cmd}: {reply['error']['code']}: {reply['error']['message']}")
        return reply

    def close(self):
        self.ask("quit")
        self.proc.wait(timeout=10)


def own_choice(engine, game, actions, rng):
    """The action that scores most right away (tried and taken back with
    undo), ties broken at random: a one-ply look-ahead any client can do."""
    best, best_gain = [], -1
    for a in actions:
        reply = engine.ask("apply", game=game, index=a["index"])
        gain = sum(e["points"] for e in reply["events"] if e["player"] == 0)
        engine.ask("undo", game=game)
        if gain > best_gain:
            best, best_gain = [a], gain
        elif gain == best_gain:
            best.append(a)
    return rng.choice(best)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/carcassonne")
    ap.add_argument("--ruleset", default="base")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bots", default="greedy,greedy", help="the bots of seats 1 and 2")
    ap.add_argument("--record", help="write the game record (JSON) here")
    args = ap.parse_args()
    bots = args.bots.split(",")
    if len(bots) != 2:
        sys.exit("--bots names two bots, for seats 1 and 2")

    engine = Engine(args.binary)
    hello = engine.ask("hello")
    print(f"{hello['protocol']} v{hello['version']}, bots: {', '.join(hello['bots'])}")
    game = engine.ask("new", ruleset=args.ruleset, players=3, seed=args.seed)["game"]
    rng = random.Random(args.seed)
    points = [0, 0, 0]
    while True:
        legal = engine.ask("legal", game=game)
        pending = legal["pending"]
        if pending is None:
            break
        seat = pending["player"]
        if seat == 0:
            choice = own_choice(engine, game, legal["actions"], rng)
            reply = engine.ask("apply", game=game, index=choice["index"], player=0)
            shown = {k: v for k, v in choice.items() if k != "index"}
            turn = "" if pending["to_move"] == 0 else f" (P{pending['to_move']}'s turn)"
            print(f"P0 {pending['decision']}{turn}: {json.dumps(shown)}")
        else:
            reply = engine.ask("bot", game=game, name=bots[seat - 1], apply=True)
        for e in reply["events"]:
            points[e["player"]] += e["points"]

    state = engine.ask("state", game=game, player=0)
    scores = state["scores"]
    print("final scores: " + ", ".join(f"P{i} {s}" for i, s in enumerate(scores)))
    if points != scores:
        sys.exit(f"the events add up to {points}, not to the scores {scores}")
    if args.record:
        record = engine.ask("record", game=game)["record"]
        with open(args.record, "w") as f:
            json.dump(record, f, indent=1)
        print(f"record written to {args.record}")
    engine.close()


if __name__ == "__main__":
    main()
