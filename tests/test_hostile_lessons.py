"""Issue 30.4: lessons bounded before they are parsed (keys, dotted parts, nesting counted on the text in one
pass), preview of a lesson that does not load gives lint's problems with exit 2, lint refuses knowledge-tracing
parameters outside their meaning, and a lesson lint refuses for what it computes cannot be opened in a session,
where /hint is never an internal error."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tutor.course.prescan import prescan
from tutor.errors import TooLarge
from tutor.limits import LESSON_DEPTH, LESSON_KEYS, nesting

HEAD = 'id = "{id}"\ntitle = "T"\nsummary = "s"\npuzzle = "coins"\n'


def lesson(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(HEAD.format(id=name) + body, encoding="utf-8")
    return path


HOSTILE = [
    ("dots", "a" + ".a" * 40_000 + " = 1\n", "dotted parts: over the limit lesson_depth"),  # the 80 KB
    ("header", "[" + "t." * 100 + "t]\n", "dotted parts: over the limit lesson_depth"),
    ("keys", "".join(f"k{i} = 1\n" for i in range(LESSON_KEYS.value + 1)), "over the limit lesson_keys"),
    ("arrays", "a = " + "[" * 100_000 + "]" * 100_000 + "\n", "arrays and inline tables: over the limit lesson_depth"),
    ("inline", "a = " + "{b = " * 50 + "1" + "}" * 50 + "\n", "arrays and inline tables: over the limit lesson_depth"),
]


@pytest.mark.parametrize("name, body, says", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_lesson_past_the_key_or_nesting_limits_is_refused_before_parsing(tmp_path, name, body, says):
    path = lesson(tmp_path / name, name, body)
    with pytest.raises(TooLarge, match=says):
        prescan(path.read_text(encoding="utf-8"), str(path))
    done = run_tutor("lint", str(path))
    assert done.returncode == 1 and says in done.stdout and len(done.stdout.strip().splitlines()) == 1


SOUND = [
    'a.b.c = 1\n[t.u]\nv = "x.y.z[[[{{{"\nw = [1, 2, [3, {p.q = 4}]]\n',
    "s = '''\n[[not.a.header]]\nk.k.k.k = 1\n'''\n# a.b.c.d.e = [[[[\nn = 1.5e3\n",
    's = """\\"""\n[[x]]"""\n[[steps]]\nask = "{a = [1]}"\n[[steps]]\nsay = \'}]\'\n',
    'e = "\\"[["\nq = { "a.b" = 1, c.d = [ { e = 2 } ] }\n',
]


@pytest.mark.parametrize("text", SOUND)
def test_strings_comments_and_floats_never_count(text: str) -> None:
    tomllib.loads(text)  # valid TOML, checked by the parser itself
    prescan(text, "x")


@pytest.mark.parametrize("parts", [LESSON_DEPTH.value, LESSON_DEPTH.value + 1])
def test_the_scan_counts_as_the_parser_nests(parts: int) -> None:
    # a key of N dotted parts is N nested tables once parsed, and N arrays open at once are N levels below the
    # top table: the scan refuses exactly those past the limit (deeper mixtures are the parsed check's to refuse)
    key_text = ".".join(["k"] * parts) + " = 1\n"
    arrays = "a = " + "[" * parts + "1" + "]" * parts + "\n"
    for text, levels in ((key_text, parts), (arrays, parts + 1)):
        assert nesting(tomllib.loads(text)) == levels
        if parts > LESSON_DEPTH.value:
            with pytest.raises(TooLarge):
                prescan(text, "x")
        else:
            prescan(text, "x")


def test_what_the_scan_lets_through_the_parsed_check_still_refuses(tmp_path):
    path = lesson(tmp_path / "mixed", "mixed", "[" + ".".join(["t"] * 20) + "]\nv = " + "[" * 20 + "]" * 20 + "\n")
    prescan(path.read_text(encoding="utf-8"), str(path))  # 20 parts, 20 arrays: each within the limit
    done = run_tutor("lint", str(path))
    assert done.returncode == 1 and "over the limit lesson_depth" in done.stdout


def test_every_bundled_lesson_passes_the_scan() -> None:
    files = list(Path("lessons").rglob("*.toml"))
    assert len(files) > 20
    for path in files:
        prescan(path.read_text(encoding="utf-8"), str(path))


def test_preview_of_a_lesson_that_does_not_load_gives_lint_s_problems_and_exit_2(tmp_path):
    folder = tmp_path / "pv"
    lesson(folder, "pv", '[params]\ncoins = 2\n[[steps]]\nask = "x"\nanswer = "number"\ncompute = "nonesuch"\n')
    done = run_tutor("preview", "pv", "--lessons", str(folder), env={"TUTOR_HOME": str(tmp_path / "home")})
    assert done.returncode == 2 and "Traceback" not in done.stderr and "internal error" not in done.stderr
    linted = run_tutor("lint", str(folder))
    assert linted.returncode == 1
    assert done.stderr.strip().splitlines() == linted.stdout.strip().splitlines()  # the same problems, as lint
    assert "unknown quantity 'nonesuch'" in done.stderr


MASTERY = [  # a [mastery.default] table, and every problem lint reports of it (one line each)
    ("prior = 0", ["mastery.default.prior = 0.0: the estimate would start certain"]),
    ("prior = 1", ["mastery.default.prior = 1.0: the estimate would start certain"]),
    ("learn = 0", ["mastery.default.learn = 0.0: no opportunity could ever teach"]),
    ("learn = 1", ["mastery.default.learn = 1.0: every opportunity would teach"]),
    ("slip = 0.5", ["mastery.default.slip = 0.5: at one half or more"]),
    ("guess = 0.6\nslip = 0.1", ["mastery.default.guess = 0.6: at one half or more"]),
    ("prior = 0\nlearn = 0\nslip = 0\nguess = 0", ["mastery.default.prior = 0.0", "mastery.default.learn = 0.0"]),
    ("prior = 1\nlearn = 2\nslip = 0.6\nguess = 0.7\nin_a_row = 0\nspeed = 3",  # everything wrong at once
     ["mastery.default.prior = 1.0: the estimate would start certain",
      "mastery.default: BKT parameter learn = 2.0 is not a probability", "mastery.default.slip = 0.6: at one half",
      "mastery.default.guess = 0.7: at one half", "mastery.default: in_a_row = 0.0 is not a whole number",
      "mastery.default: unknown parameter 'speed'", "mastery.default: BKT parameters slip + guess = "]),
]


@pytest.mark.parametrize("table, says", MASTERY, ids=[m[0] for m in MASTERY])
def test_mastery_parameters_outside_their_meaning_are_refused_and_nothing_divides_by_zero(tmp_path, table, says):
    pack = tmp_path / "pk"
    lesson(pack, "mp-one", '[params]\ncoins = 2\n[[steps]]\nask = "How many?"\nanswer = "number"\n'
                           'compute = "classes"\n')
    (pack / "pack.toml").write_text(f'id = "mp"\ntitle = "MP"\n[mastery.default]\n{table}\n', encoding="utf-8")
    linted = run_tutor("lint", str(pack))
    reported = [line for line in linted.stdout.splitlines() if "mastery" in line]
    assert linted.returncode == 1 and len(reported) == len(says), reported  # each problem once, in one run
    for problem in says:
        assert sum(problem in line for line in reported) == 1, (problem, reported)
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    listed = run_tutor("progress", "--lessons", str(pack), env=env)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    session = run_tutor("--lessons", str(pack), stdin="/open mp-one\n/progress\n/quit\n", env=env)
    assert session.returncode == 0 and "internal error" not in session.stdout
    assert "lesson not loaded" in session.stdout and "mastery.default" in " ".join(session.stdout.split())


def test_every_mastery_table_of_a_pack_is_checked_in_one_run(tmp_path):
    pack = tmp_path / "pk"
    lesson(pack, "mp-one", '[params]\ncoins = 2\n[[steps]]\nask = "How many?"\nanswer = "number"\n'
                           'compute = "classes"\n')
    (pack / "pack.toml").write_text('id = "mp"\ntitle = "MP"\n[mastery.default]\nlearn = 1\n'
                                    '[mastery.nonesuch]\nslip = 0.2\n[mastery."coins/count-tables"]\nguess = 0.5\n'
                                    '[mastery.wellmade]\n', encoding="utf-8")
    reported = [line for line in run_tutor("lint", str(pack)).stdout.splitlines() if "mastery" in line]
    assert sorted(line.split(": ", 1)[1].split(":")[0] for line in reported) == [
        "mastery.coins/count-tables.guess = 0.5", "mastery.default.learn = 1.0", "mastery.nonesuch",
        "mastery.wellmade"], reported  # each table's problem, the unknown skills named


def test_sound_mastery_parameters_still_load(tmp_path):
    pack = tmp_path / "pk"
    lesson(pack, "mp-two", '[params]\ncoins = 2\n[[steps]]\nask = "How many?"\nanswer = "number"\n'
                           'compute = "classes"\n')
    (pack / "pack.toml").write_text('id = "mp"\ntitle = "MP"\n[mastery.default]\nprior = 0.3\nlearn = 0.2\n'
                                    'slip = 0.45\nguess = 0.45\n', encoding="utf-8")
    assert run_tutor("lint", str(pack)).returncode == 0


def test_a_lesson_lint_refuses_for_what_it_computes_is_not_opened_and_hint_is_one_line(tmp_path):
    folder = tmp_path / "big"
    lesson(folder, "big", '[params]\ncoins = 1000000\n[[steps]]\nask = "How many?"\nanswer = "number"\n'
                          'compute = "classes"\n')
    linted = run_tutor("lint", str(folder))
    assert linted.returncode == 1 and "steps[1].compute" in linted.stdout
    done = run_tutor("--lessons", str(folder), stdin="/open big\n/hint\n/quit\n",
                     env={"TUTOR_HOME": str(tmp_path / "home")})
    out = " ".join(done.stdout.split())
    assert done.returncode == 0 and "internal error" not in out
    assert "lesson 'big' cannot be opened: steps[1].compute: 1000000 coins" in out
    assert "How many?" not in out  # never half opened
