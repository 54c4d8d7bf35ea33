#!/usr/bin/env python3
"""Writes docs/balance.md: what the balance lab finds for the rulebook and the common
house rules on both shipped boards, and for Château Noir's reconstructed board.

It runs `castellan balance --json` (the lab on the command line) once per board, the
rulebook against the house rules on the same seeds, then Château Noir's lab with four
armies alone and with two players in teams, and turns the JSON into tables.
Run it through `make balance-doc`, which builds the release binary first:

    python3 tools/balance_doc.py target/release/castellan > docs/balance.md

With `--chateau-only`, it rewrites only the Château Noir section of the existing
docs/balance.md in place (`make balance-doc-chateau`), leaving the Castle Risk
figures, which take much longer to play, as they are:

    python3 tools/balance_doc.py target/release/castellan --chateau-only
"""

import json
import os
import resource
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
CHATEAU_BOARD = "data/boards/chateau-noir.toml"
CHATEAU_GAMES = 1000


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


def signed(value):
    """`value` with one decimal and its sign, the minus sign typeset."""
    return ("%+.1f" % value).replace("-", "−")


def difference(d):
    if d is None:
        return "—"
    verdict = "significant" if d["p_value"] < 0.05 else "within chance"
    return "%s points, %s" % (signed(100 * d["value"]), verdict)


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
    rows.append("| Mean length in turns (median) | %.1f (%d) | %.1f (%d) | %s turns, %s |" % (
        a["mean_turns"], a["median_turns"], b["mean_turns"], b["median_turns"],
        signed(turns["value"]), "significant" if turns["p_value"] < 0.05 else "within chance"))
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


def chateau(castellan, layout):
    output = subprocess.run(
        [castellan, "balance", "--board", CHATEAU_BOARD, "--layout", layout,
         "--seats", "4", "--games", str(CHATEAU_GAMES), "--seed", str(SEED),
         "--strength", STRENGTH, "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


def fair_share(rate, fair):
    """A rate with its interval, marked when the fair share lies outside it."""
    low, high = rate["interval"]
    mark = " ▲" if low > fair else " ▼" if high < fair else ""
    return "%.1f %% (%.1f–%.1f)%s" % (100 * rate["rate"], 100 * low, 100 * high, mark)


def chateau_table(run, teams):
    report = run["report"]
    fair = 1.0 / report["sides"]
    rows = ["| | Wins | Fair share |", "|---|---|---|"]
    rows.append("| The army drawn to move first%s | %s | %.0f %% |" % (
        " (its team)" if teams else "", fair_share(report["first"], fair), 100 * fair))
    for place, rate in enumerate(report["by_place"], 1):
        rows.append("| Army %d in the order of play%s | %s | %.0f %% |" % (
            place, " (its team)" if teams else "", fair_share(rate, fair), 100 * fair))
    for army in report["armies"]:
        rows.append("| %s's corner%s | %s | %.0f %% |" % (
            army["name"], " (its team)" if teams else "", fair_share(army["wins"], fair),
            100 * fair))
    endings = ", ".join("%s %d" % (reason.replace("_", " "), n)
                        for reason, n in report["endings"])
    rows.append("")
    rows.append("Mean length %.1f turns over %.2f parties; %d draws, %d unfinished; ended by %s. "
                "%.0f seconds." % (report["mean_turns"], report["mean_parties"],
                                   report["draws"], report["unfinished"], endings,
                                   run["seconds"]))
    return "\n".join(rows)


def timed(castellan, strength, games):
    """Seconds `castellan balance` took for `games` four-seat games at `strength` on
    the Castle Risk board, as it reports them, the processor seconds it used, and the
    load average before."""
    load = os.getloadavg()[0]
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        [castellan, "balance", "--board", BOARDS[0][0], "--seats", "4",
         "--strength", strength, "--games", str(games), "--seed", str(SEED), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime + after.ru_stime) - (cpu.ru_utime + cpu.ru_stime)
    return json.loads(output)["run"]["seconds"], used, load


def chateau_section(castellan):
    """The Château Noir section of docs/balance.md (up to the speed figures)."""
    return """## Château Noir

The reconstructed board (`%s`; no published source shows
the original), the reading's rules, **{:,} games** of each table with **Normal computer seats**, seed %d. Each game
draws the army that moves first at random (IV.2); the Normal players draw among turns
they value alike, so games differ from seed to seed. A match goes to 27 points (or a
Château noir); the lab stops it after 400 rounds, decided on scores. The fair share
is one over the number of sides; ▲ and ▼ as above.

### Four armies alone

%s

### Two players, each commanding a team (Red and Yellow against Blue and Green)

%s
""".replace("{:,}", "{:,}".format(CHATEAU_GAMES)) % (
        CHATEAU_BOARD, SEED, chateau_table(chateau(castellan, "alone"), False),
        chateau_table(chateau(castellan, "two-players"), True))


def splice_chateau(castellan, path="docs/balance.md"):
    """Rewrites only the Château Noir section of `path`, in place."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.find("## Château Noir\n")
    end = text.find("## Speed\n")
    if end < 0:
        sys.exit("%s: no “## Speed” section to put Château Noir before" % path)
    if start < 0:
        start = end
    section = chateau_section(castellan) + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:start] + section + text[end:])


def main():
    args = [a for a in sys.argv[1:] if a != "--chateau-only"]
    castellan = args[0] if args else "target/release/castellan"
    if "--chateau-only" in sys.argv[1:]:
        splice_chateau(castellan)
        return
    print("""# Balance of the shipped boards

What the balance lab (`castellan balance`, and **Test These Rules…** in the variant
editor) finds for the 1986 rulebook and the common house rules
(`data/variants/house-rules.toml`: each independent region held whole brings 2 armies)
on both shipped boards.

This file is generated: `make balance-doc` rebuilds it (it runs
`tools/balance_doc.py`, which calls `castellan balance --json`). Each board plays
**{:,} games** of each variant with **%d %s computer seats**, seed %d, the two variants
on the same seeds: seconds of a release build (the speed figures at the end take a
minute more). Do not edit it by hand.

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
""".replace("{:,}", "{:,}".format(GAMES)) % (SEATS, STRENGTH.capitalize(), SEED, SEATS))
    for board, name in BOARDS:
        comparison = run(castellan, board)["comparison"]
        print("## %s\n" % name)
        print(table(comparison))
        print()
        print(sources(comparison))
        print()
    print(chateau_section(castellan))
    normal = timed(castellan, "normal", 10000)
    expert = timed(castellan, "expert", 100)
    print("""## Speed

Measured by the same run of `make balance-doc` on %d cores, release build, Castle Risk
board, rulebook, four seats. The machine may be shared: the load average before each
run is given, and the processor time used, which does not depend on the load (on
idle cores, the wall time is about the processor time over the number of cores).

| Run | Wall seconds | Processor seconds | Load before | Target (wall) |
|---|---|---|---|---|
| 10,000 Normal games | %.1f | %.1f | %.1f | under 10 |
| 100 Expert games, a quarter of the table's thinking | %.1f | %.1f | %.1f | under 120 |
""" % ((os.cpu_count(),) + normal + expert))


if __name__ == "__main__":
    main()
