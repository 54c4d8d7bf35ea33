#!/usr/bin/env python3
"""Writes docs/balance.md: what the balance lab finds for the rulebook and the common
house rules on both shipped boards.

It runs `castellan balance --json` (the lab on the command line) once per board, the
rulebook against the house rules on the same seeds, and turns the JSON into tables.
Run it through `make balance-doc`, which builds the release binary first:

    python3 tools/balance_doc.py target/release/castellan > docs/balance.md
"""

import json
import os
import subprocess
import sys

BOARDS = [
    ("data/boards/castle-risk.toml", "Castle Risk"),
    ("data/boards/world.toml", "World Powers"),
]
RULEBOOK = "data/variants/rulebook.toml"
HOUSE = "data/variants/house-rules.toml"
SEATS = 4
GAMES = 4000
SEED = 1
STRENGTH = "normal"


def run(castellan, board):
    output = subprocess.run(
        [castellan, "balance", "--board", board, "--variant", RULEBOOK,
         "--against", HOUSE, "--seats", str(SEATS), "--games", str(GAMES),
         "--seed", str(SEED), "--strength", STRENGTH, "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


def share(s):
    mark = ""
    if s["games"] and s["p_value"] < 0.05:
        mark = " ▲" if s["rate"] > s["fair"] else " ▼"
    return "%.1f %% (%.1f–%.1f)%s" % (
        100 * s["rate"], 100 * s["interval"][0], 100 * s["interval"][1], mark)


def difference(d):
    if d is None:
        return "—"
    verdict = "significant" if d["p_value"] < 0.05 else "within chance"
    return "%+.1f points, %s" % (100 * d["value"], verdict)


def table(comparison):
    a, b = comparison["a"], comparison["b"]
    rows = ["| | Rulebook | House rules | Rulebook − house rules |", "|---|---|---|---|"]
    for line in comparison["empires"]:
        rows.append("| %s | %s | %s | %s |" % (
            line["name"], share(line["a"]), share(line["b"]), difference(line["difference"])))
    for position, line in enumerate(comparison["positions"], 1):
        rows.append("| Player %d in the order of play | %s | %s | %s |" % (
            position, share(line["a"]), share(line["b"]), difference(line["difference"])))
    rows.append("| Games without a winner | %.1f %% | %.1f %% | %s |" % (
        100 * a["unfinished"]["rate"], 100 * b["unfinished"]["rate"],
        difference(comparison["unfinished"]["difference"])))
    turns = comparison["turns"]
    rows.append("| Mean length in turns (median) | %.1f (%d) | %.1f (%d) | %+.1f turns, %s |" % (
        a["mean_turns"], a["median_turns"], b["mean_turns"], b["median_turns"],
        turns["value"], "significant" if turns["p_value"] < 0.05 else "within chance"))
    return "\n".join(rows)


def sources(comparison):
    rows = ["| Armies per game from | Rulebook | House rules |", "|---|---|---|"]
    for a, b in zip(comparison["a"]["sources"], comparison["b"]["sources"]):
        source = a["source"]
        name = source["empire"]["name"] if isinstance(source, dict) else {
            "independents": "Independent regions", "banners": "Captured banners",
            "reinforcements": "Reinforcement cards", "hidden": "Hidden armies"}[source]
        rows.append("| %s | %.1f | %.1f |" % (name, a["per_game"], b["per_game"]))
    return "\n".join(rows)


def timed(castellan, strength, games):
    """Seconds `castellan balance` took for `games` four-seat games at `strength` on
    the Castle Risk board, as it reports them, and the load average before."""
    load = os.getloadavg()[0]
    output = subprocess.run(
        [castellan, "balance", "--board", BOARDS[0][0], "--seats", "4",
         "--strength", strength, "--games", str(games), "--seed", str(SEED), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)["run"]["seconds"], load


def main():
    castellan = sys.argv[1] if len(sys.argv) > 1 else "target/release/castellan"
    print("""# Balance of the shipped boards

What the balance lab (`castellan balance`, and **Test These Rules…** in the variant
editor) finds for the 1986 rulebook and the common house rules
(`data/variants/house-rules.toml`: each independent region held whole brings 2 armies)
on both shipped boards.

This file is generated: `make balance-doc` rebuilds it (it runs
`tools/balance_doc.py`, which calls `castellan balance --json`). Each board plays
**%d games** of each variant with **%d %s computer seats**, seed %d, the two variants
on the same seeds: a few seconds of a release build. Do not edit it by hand.

How to read it:
- A win rate counts the won games in which the empire was drawn (or, for a position,
  all won games), with its 95 %% Wilson interval; the fair share is 1 in %d.
  ▲ and ▼ mark a rate significantly above or below the fair share (score test at 5 %%,
  the test the interval inverts: the mark appears exactly when the fair share lies
  outside the interval). With a dozen lines per table, about one line in twenty can be
  marked by chance alone.
- The differences between the variants use the two-proportion test (and, for length,
  the difference of means); the interval of each difference is in the JSON.
- These are games between the computer's Normal players, which play greedily: they say
  what the rules and the map give to players who play alike, not how people play.
""" % (GAMES, SEATS, STRENGTH.capitalize(), SEED, SEATS))
    for board, name in BOARDS:
        comparison = run(castellan, board)["comparison"]
        print("## %s\n" % name)
        print(table(comparison))
        print()
        print(sources(comparison))
        print()
    normal, normal_load = timed(castellan, "normal", 10000)
    expert, expert_load = timed(castellan, "expert", 100)
    print("""## Speed

Measured by the same run of `make balance-doc`, on %d cores, release build, Castle Risk
board, rulebook, four seats (the load average before each run in brackets: the
machine may be shared):

| Run | Seconds | Target |
|---|---|---|
| 10,000 Normal games | %.1f (load %.1f) | under 10 |
| 100 Expert games, a quarter of the table's thinking | %.1f (load %.1f) | under 120 |
""" % (os.cpu_count(), normal, normal_load, expert, expert_load))


if __name__ == "__main__":
    main()
