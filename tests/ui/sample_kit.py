"""What the screen-sample tools share: the command line, writing a sample, comparing two.

Why: ``screen_sample.py`` (the card game's screens), ``family_screen_sample.py`` (the Dice
Game's and The Duel's) and ``family_sample.py`` (their plain interfaces) each draw their own
games, but are run and compared the same way. A sample is a JSON object, sample name ->
its lines, written with ``indent=0`` so that two files from two versions also compare with
``cmp`` and ``diff``:

    PYTHONPATH=. python -m tests.ui.<tool> OUT.json [--seeds 1,2]
    PYTHONPATH=. python -m tests.ui.<tool> --compare A B

``--compare`` prints how many samples and lines ``A`` holds and how many samples differ,
naming the first ten; it exits 1 when any does.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from pathlib import Path

from p2pbang.ui.i18n import set_language

Sample = dict[str, list[str]]
SHOWN_DIFFERENCES = 10


def in_languages(languages: Iterable[str], draw: Callable[[str], Sample]) -> Sample:
    """``draw(language)`` with the interface in each language in turn, the samples merged
    (English again afterwards)."""
    found: Sample = {}
    try:
        for language in languages:
            set_language(language)
            found.update(draw(language))
    finally:
        set_language("en")
    return found


def counts(sample: Sample) -> str:
    """"N samples, M lines"."""
    return f"{len(sample)} samples, {sum(len(lines) for lines in sample.values())} lines"


def read(path: str | Path) -> Sample:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def write(sample: Sample, path: str | Path) -> None:
    Path(path).write_text(json.dumps(sample, ensure_ascii=False, indent=0), encoding="utf-8")


def differ(first: Sample, second: Sample) -> list[str]:
    """The names of the samples that differ: changed or missing in ``second``, then new."""
    return ([name for name in first if first[name] != second.get(name)]
            + [name for name in second if name not in first])


def compare(first_path: str | Path, second_path: str | Path) -> int:
    """Print what differs between two written samples; 1 when anything does."""
    first, second = read(first_path), read(second_path)
    names = differ(first, second)
    print(f"{counts(first)}; {len(names)} differ")
    for name in names[:SHOWN_DIFFERENCES]:
        print("  " + name)
    return 1 if names else 0


def run_tool(argv: list[str] | None, doc: str, sample: Callable[[list[int]], Sample],
             seeds: str = "1,2") -> int:
    """A sample tool's ``main``: write ``sample(seeds)`` to the file named, or compare two
    files (``doc``: the tool's docstring, whose first paragraph is its description)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("out", nargs="?", help="where to write the sample (JSON)")
    parser.add_argument("--seeds", default=seeds, help="comma-separated seeds")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help="compare two written samples")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("name the file to write, or --compare A B")
    found = sample([int(seed) for seed in args.seeds.split(",")])
    write(found, args.out)
    print(counts(found))
    return 0
