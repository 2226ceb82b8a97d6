"""What `make mutation` found, module by module of the rules engine (docs/mutation.md).

    mutation_report.py    reads mutmut's results (mutants/games/engine/*.py.meta) and prints,
                          for each module, the mutants killed out of those made, then every
                          mutant still alive that docs/mutation.md does not account for.

Exit status 1 when a module kills fewer than 95% of its mutants (one not run yet counts as
none killed), or a survivor is not in docs/mutation.md; 2 when there are no results to read
(run `make mutation` first).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RESULTS = Path("mutants/games/engine")
ACCOUNTED = Path("docs/mutation.md")
THRESHOLD = 0.95
# mutmut's exit codes: a test failed (1), pytest broke (3), or the tests ran out of time.
KILLED = {1, 3}
TIMED_OUT = {24, -24, 36, 152, 255}


def main() -> int:
    metas = sorted(RESULTS.glob("*.py.meta"))
    if not metas:
        print(f"No results in {RESULTS}/: run `make mutation` first.", file=sys.stderr)
        return 2
    accounted = ACCOUNTED.read_text(encoding="utf-8")
    failing, unexplained = [], []
    print(f"{'module':<16}{'killed':>8}{'total':>7}{'score':>8}  timed out, not checked")
    for meta in metas:
        module = meta.name.removesuffix(".py.meta")
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if not codes:
            continue
        killed = sum(code in KILLED or code in TIMED_OUT for code in codes.values())
        timed_out = sum(code in TIMED_OUT for code in codes.values())
        unchecked = sum(code is None for code in codes.values())
        score = killed / len(codes)
        print(f"{module:<16}{killed:>8}{len(codes):>7}{score:>8.1%}  {timed_out}, {unchecked}")
        if score < THRESHOLD:
            failing.append(module)
        unexplained += [
            name
            for name, code in codes.items()
            if code is not None and code not in KILLED | TIMED_OUT and f"`{name}`" not in accounted
        ]
    for name in unexplained:
        print(f"not in {ACCOUNTED}: {name} (`mutmut show {name}`)")
    if failing:
        print(f"below {THRESHOLD:.0%}: {', '.join(failing)}")
    return 1 if failing or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
