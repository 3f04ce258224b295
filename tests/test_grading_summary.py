"""Issue 31.4: ``tutor grade --summary`` suggests ``[[steps.mistakes]]`` entries that fit each answer: never one
learner's text copied to a whole cluster (the "after all 4 moves" said of a 15-move answer), and never a mistake
the lesson declares already."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.course import load_catalog, load_roots
from tutor.grading import collect, grade, judge_answer
from tutor.grading.summary import clusters


@pytest.fixture(scope="module")
def coins2():
    return load_catalog().find("coins-2")


def test_each_answer_of_a_cluster_gets_its_own_summary(coins2) -> None:
    # on coins-2's strategy step, a one-move and a two-move strategy fail the same way (from HHTH the table ends
    # THHH), so they are one cluster, but the grader says "after its one move" of one and "after all 2 moves" of
    # the other
    strategy = coins2.steps[4]
    typed = {"ann": "02", "bob": "02", "cat": "0123 13", "dan": "1 012"}
    rows = [judge_answer(strategy, text, who, f"{who}.txt") for who, text in typed.items()]
    (cluster,) = clusters(rows)
    assert len(cluster.members) == 4 and set(cluster.answers) == {"02", "0123 13", "1 012"}
    entry = cluster.entry()
    blocks = {block.split("\n")[0]: block for block in entry.split("[[steps.mistakes]]\n")[1:]}
    assert set(blocks) == {'match = "02"', 'match = "0123 13"', 'match = "1 012"'}
    assert "after its one move" in blocks['match = "02"'] and "2 moves" not in blocks['match = "02"']
    for two in ('match = "0123 13"', 'match = "1 012"'):
        assert "after all 2 moves" in blocks[two] and "one move" not in blocks[two]
    for who, text in typed.items():  # each say is the grader's own summary of that answer
        row = next(r for r in rows if r.learner == who)
        assert row.summary in blocks[f'match = "{text}"']


def test_a_declared_mistake_in_a_cluster_gets_no_entry(coins2) -> None:
    # "0123" fails as "02 13" does (from HTTT to THHH), and coins-2 declares it as a mistake already
    strategy = coins2.steps[4]
    rows = [judge_answer(strategy, text, who, f"{who}.txt") for who, text in (("ann", "0123"), ("bob", "02 13"))]
    assert rows[0].mistake and not rows[1].mistake and rows[0].failure == rows[1].failure
    (cluster,) = clusters(rows)
    assert cluster.answers == ["02 13"] and 'match = "0123"' not in cluster.entry()
    assert "1 answer here already matched a mistake the lesson declares" in cluster.entry()


def test_an_answer_on_different_variants_names_no_one_s_case() -> None:
    from dataclasses import replace

    from tutor.grading.rows import Row

    base = Row("ann", "ann.txt", "incorrect", False, None, None, "on 4 coins it fails", failure="key", answer="7")
    (cluster,) = clusters([base, replace(base, learner="bob", summary="on 8 coins it fails")])
    assert "4 coins" not in cluster.entry() and "8 coins" not in cluster.entry()
    assert "made by 2 learners on different variants" in cluster.said("7")


def test_no_entry_is_suggested_for_a_mistake_the_lesson_declares(tmp_path: Path, coins2) -> None:
    step = coins2.steps[1]  # how many start layouts: 16 and 6 are wrong, each its own cluster
    subs = tmp_path / "subs"
    subs.mkdir()
    for who, answer in (("a1", "16"), ("a2", "16"), ("b1", "6"), ("c1", "17")):
        (subs / f"{who}.txt").write_text(answer)
    first = clusters(grade(coins2, step, collect([str(subs)]).submissions, jobs=1))
    sixteen = next(c for c in first if c.answers == ["16"])
    # the lesson, copied with the suggested entry for 16 pasted under step 2: graded again, 16 is declared now
    source = Path(coins2.path).read_text()
    cut = [i for i in range(len(source)) if source.startswith("\n[[steps]]", i)][2]
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "c.toml").write_text((source[:cut] + "\n" + sixteen.entry() + source[cut:])
                                 .replace('id = "coins-2"', 'id = "coins-2-copy"'))
    again = load_roots([copy]).lessons["coins-2-copy"]
    rows = grade(again, again.steps[1], collect([str(subs)]).submissions, jobs=1)
    assert all(r.mistake.startswith("A common mistake") for r in rows if r.learner in ("a1", "a2"))
    found = {tuple(r.learner for r in c.members): c for c in clusters(rows)}
    declared = found[("a1", "a2")]
    assert declared.answers == [] and "[[steps.mistakes]]" not in declared.entry()
    assert "already matched a mistake the lesson declares" in declared.entry()
    assert all(c.answers for who, c in found.items() if who != ("a1", "a2"))  # 6 and 17: still suggested
