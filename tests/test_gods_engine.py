"""The three gods engine: language, trees, verification and solver, each checked a second way.

The direct interpreter (``holds``, ``would_say``) is the independent oracle for the
bit-set semantics: it evaluates a question in one world at a time.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gods_brute import world_solvable
from tutor.errors import InvalidNotation
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules.lang import QuestionError, parse_asked, parse_question
from tutor.puzzles.gods.rules.meaning import first_word_mask, truth_mask
from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Pattern, Role, Say, You, format_question
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, Tree, TreeError, draw_tree, format_tree, parse_tree
from tutor.puzzles.gods.rules.worlds import World, answers, parse_roles, universe
from tutor.puzzles.gods.theory import inseparable_pair, never_proof

U = universe()
VARIANTS = [
    ((("True", "False", "Random")), False, False),
    ((("True", "False", "Random")), True, False),
    ((("True", "False", "Random")), False, True),
    ((("True", "False")), False, False),
    ((("True", "False", "Random", "True")), False, False),
]



# -- the oracle: a question's truth in one world, computed directly ------------------------


def holds(node: Node, world: World, asked: int, gods: tuple[str, ...]) -> bool:
    """The proposition's truth in one world, computed directly (an independent check of the masks)."""
    if isinstance(node, Role):
        return world.roles[gods.index(node.god)] == node.role
    if isinstance(node, You):
        return world.roles[asked] == node.role
    if isinstance(node, Means):
        ja_yes = world.ja_yes is not False
        return (ja_yes if node.word == "ja" else not ja_yes) == (node.meaning == "yes")
    if isinstance(node, Say):
        return would_say(node.word, holds(node.body, world, asked, gods), world, asked)
    if isinstance(node, InWorlds):
        return any(all(world.roles[gods.index(g)] == r for g, r in p.roles)
                   and (p.ja is None or (p.ja == "yes") == (world.ja_yes is not False))
                   for p in node.patterns)
    if isinstance(node, Not):
        return not holds(node.body, world, asked, gods)
    a, b = holds(node.left, world, asked, gods), holds(node.right, world, asked, gods)
    return {"and": a and b, "or": a or b, "xor": a != b, "iff": a == b}[node.op]


def would_say(word: str, truth: bool, world: World, asked: int) -> bool:
    """Whether the god asked (read as truthful when Random) would answer ``word``."""
    asserted = truth if world.roles[asked] != "False" else not truth
    if word in ("yes", "no"):
        meaning_yes = word == "yes"
    else:
        ja_yes = world.ja_yes is not False
        meaning_yes = ja_yes if word == "ja" else not ja_yes
    return asserted == meaning_yes


def branch(ask: Ask, word: str) -> Tree:
    """The subtree of ``ask`` for ``word`` (a ``Hole`` when it was left out)."""
    return dict(ask.branches).get(word, Hole(ask.line))


# -- the world model -------------------------------------------------------------


def test_twelve_worlds_six_assignments() -> None:
    assert U.size == 12 and len(U.identities) == 6
    assert len({w.roles for w in U.worlds}) == 6
    assert sorted(w.ja_yes for w in U.worlds).count(True) == 6
    for g in range(3):
        assert U.random(g).bit_count() == 4


def test_parse_roles() -> None:
    assert parse_roles("t, f r") == ("True", "False", "Random")
    with pytest.raises(InvalidNotation, match="'Maybe'"):
        parse_roles("True,Maybe")


# -- the question language ---------------------------------------------------------


def brute_says_ja(node, world, asked: int) -> bool:  # type: ignore[no-untyped-def]
    """Independent: a non-Random god's answer word from the direct interpreter."""
    return would_say("ja", holds(node, world, asked, U.gods), world, asked)


@pytest.mark.parametrize("text", [
    "would you say ja to (B is Random)",
    "if I asked you (B is Random), would you say ja",
    "if I asked you B is Random would you say ja",
])
def test_embedded_question_answers_ja_exactly_when_p(text: str) -> None:
    q = parse_question(text, U)
    p = truth_mask(parse_question("B is Random", U), U, 0)
    non_random = U.full & ~U.random(0)
    assert first_word_mask(q, U, 0) & non_random == p & non_random


def test_plain_question_depends_on_language_and_liar() -> None:
    q = parse_question("B is Random", U)
    m = first_word_mask(q, U, 0)
    # True, ja=yes, B Random -> ja ; False, ja=no, B Random -> ja (lie 'no', no=ja)
    for i, w in enumerate(U.worlds):
        if w.roles[0] != "Random":
            assert bool(m >> i & 1) == brute_says_ja(q, w, 0)


@pytest.mark.parametrize(("text", "column"), [
    ("A is Tru", 6),
    ("A is True and", 14),
    ("B is (True)", 6),
    ("A is True $", 11),
    ("D is True", 1),
    ("would you say maybe to (A is True)", 15),
    ("(A is True", 11),
    ("A is True B is False", 11),
    ("world in {A=True, A=False B=Nope}", 29),
])
def test_parse_errors_point_at_the_column(text: str, column: int) -> None:
    with pytest.raises(QuestionError) as err:
        parse_question(text, U)
    assert err.value.column + 1 == column
    assert f"column {column}" in str(err.value) and repr(text) in str(err.value)


def test_ask_prefix_columns_count_from_the_line() -> None:
    with pytest.raises(QuestionError) as err:
        parse_asked("ask B: A is Trxe", U)
    assert err.value.column == 12
    assert parse_asked("ask c: you are True?", U) == ("C", You("True"))


def test_known_language_rejects_ja() -> None:
    k = universe(("True", "False", "Random"), True)
    with pytest.raises(QuestionError, match="plain yes/no"):
        parse_question("would you say ja to (A is True)", k)
    assert format_question(parse_question("would you say yes to (A is True)", k)) == \
        "would you say yes to (A is True)"


ROLE = st.sampled_from(["True", "False", "Random"])
GOD = st.sampled_from(["A", "B", "C"])
PATTERN = st.builds(lambda roles, ja: Pattern(tuple(sorted(roles.items())), ja),
                    st.dictionaries(GOD, ROLE, min_size=1), st.sampled_from([None, "yes", "no"]))
ATOM = st.one_of(st.builds(Role, GOD, ROLE), st.builds(You, ROLE),
                 st.builds(Means, st.sampled_from(["ja", "da"]), st.sampled_from(["yes", "no"])),
                 st.builds(InWorlds, st.lists(PATTERN, max_size=3).map(tuple)))
QUESTION = st.recursive(ATOM, lambda sub: st.one_of(
    st.builds(Not, sub),
    st.builds(Bin, st.sampled_from(["and", "or", "xor", "iff"]), sub, sub),
    st.builds(Say, st.sampled_from(["ja", "da", "yes", "no"]), sub, st.sampled_from(["would", "if"])),
), max_leaves=8)


@given(QUESTION)
@settings(max_examples=300)
def test_printer_and_parser_round_trip(q) -> None:  # type: ignore[no-untyped-def]
    text = format_question(q)
    assert parse_question(text, U) == q
    assert format_question(parse_question(text.upper(), U)) == text


@given(QUESTION, st.integers(0, 2))
@settings(max_examples=200)
def test_masks_agree_with_direct_interpreter(q, asked: int) -> None:  # type: ignore[no-untyped-def]
    m = truth_mask(q, U, asked)
    for i, w in enumerate(U.worlds):
        assert bool(m >> i & 1) == holds(q, w, asked, U.gods)


# -- trees -----------------------------------------------------------------------------


def brute_verify(tree: Tree, u) -> bool:  # type: ignore[no-untyped-def]
    """Independent: every world, every sequence of Random's choices, walked one world at a time."""
    def runs(t: Tree, i: int):  # type: ignore[no-untyped-def]
        w = u.worlds[i]
        if not isinstance(t, Ask):
            yield t
            return
        g = u.gods.index(t.god)
        if w.roles[g] == "Random":
            options = list(u.words)
        else:
            truth = holds(t.question, w, g, u.gods)
            yes = would_say(u.words[0], truth, w, g)
            options = [u.words[0] if yes else u.words[1]]
        for word in options:
            yield from runs(branch(t, word), i)

    for i, w in enumerate(u.worlds):
        for leaf in runs(tree, i):
            if not isinstance(leaf, Leaf) or leaf.roles != w.roles:
                return False
            if leaf.ja is not None and w.ja_yes is not None and (leaf.ja == "yes") != w.ja_yes:
                return False
    return True


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_trees_verify_both_ways(variant) -> None:  # type: ignore[no-untyped-def]
    u = universe(*variant)
    s = Solver(u)
    k, plan = s.shortest(6)
    assert k is not None and plan is not None and plan.depth == k
    tree = plan_tree(s, plan)
    assert verify(tree, u, k) is None
    assert brute_verify(tree, u)
    assert parse_tree(format_tree(tree, u), u) == tree
    assert parse_tree(draw_tree(tree, u).picture, u) == tree  # the drawn tree reads back too


LEAF = st.builds(lambda r: Leaf(r), st.permutations(["True", "False", "Random"]).map(tuple))


def trees(depth: int):  # type: ignore[no-untyped-def]
    if depth == 0:
        return st.one_of(LEAF, st.just(Leaf(None)), st.just(Hole()))
    sub = trees(depth - 1)
    return st.one_of(LEAF, st.builds(
        lambda g, q, a, b: Ask(g, q, (("da", a), ("ja", b))), GOD, QUESTION, sub, sub))


@given(trees(3))
@settings(max_examples=300)
def test_random_trees_judged_like_brute_force(tree) -> None:  # type: ignore[no-untyped-def]
    assert (verify(tree, U) is None) == brute_verify(tree, U)
    assert parse_tree(format_tree(tree, U), U) == tree
    drawn = draw_tree(tree, U)
    assert drawn.text == format_tree(tree, U) and parse_tree(drawn.picture, U) == tree


def test_solver_tree_with_one_wrong_leaf_gives_counterexample() -> None:
    s = Solver(U)
    _, plan = s.shortest(3)
    assert plan is not None
    text = format_tree(plan_tree(s, plan), U).replace("ja: A=True B=False C=Random", "ja: A=False B=True C=Random")
    f = verify(parse_tree(text, U), U)
    assert f is not None and f.reason == "wrong"
    assert U.worlds[f.world].roles == ("True", "False", "Random")
    assert len(f.path) == 3


def test_tree_parse_errors_name_the_line() -> None:
    with pytest.raises(TreeError, match="line 3"):
        parse_tree("ask A: B is Random\nda: A=True B=False C=Random\nja: A=True B=Fals C=Random", U)
    with pytest.raises(TreeError, match="line 2"):
        parse_tree("A=True B=False C=Random\n  ask A: B is True", U)
    with pytest.raises(TreeError, match="line 1"):
        parse_tree("ask A: B is Rondom\nda: -\nja: -", U)
    with pytest.raises(TreeError, match="does not name C"):
        parse_tree("A=True B=False", U)


# -- the solver ---------------------------------------------------------------------------


def test_three_questions_needed_and_enough() -> None:
    s = Solver(U)
    assert not s.solvable(s.all_items, 2)
    assert s.solvable(s.all_items, 3)
    memo: dict = {}
    assert not world_solvable(U, U.full, 2, memo)
    assert world_solvable(U, U.full, 3, memo)


def test_working_first_questions_brute_force() -> None:
    s = Solver(U)
    counts = s.working_first(3)
    memo: dict = {}
    brute = 0
    for g in range(3):
        for q in range(1 << U.size):  # the seed's model: any subset of the worlds asked to g
            first = q ^ U.liar(g) ^ U.ja_no
            r = U.random(g)
            a, b = (first & ~r) | r, (~first & U.full & ~r) | r
            brute += world_solvable(U, a, 2, memo) and world_solvable(U, b, 2, memo)
    assert counts["questions"] == brute == 96
    assert counts["splits"] == 6 and counts["all_questions"] == 3 * 4096


def never_by_fixpoint(s: Solver) -> bool:
    """No number of questions suffices: grow the family of solvable identity sets to a fixpoint without all.

    The exhaustive certificate the engine once printed; here the independent oracle for
    ``theory.inseparable_pair`` (sets of at most 12 identities).
    """
    assert s.n <= 12
    family = {x for x in range(1 << s.n) if x & (x - 1) == 0}
    while True:
        grown = set(family)
        for x in range(1 << s.n):
            if x in grown:
                continue
            for g in range(len(s.u.gods)):
                r = x & s.rand[g]
                rest = x & ~r
                sub = rest
                while sub:
                    if sub != rest and (sub | r) in family and ((rest ^ sub) | r) in family:
                        grown.add(x)
                        break
                    sub = (sub - 1) & rest
                if x in grown:
                    break
        if s.all_items in grown:
            return False
        if grown == family:
            return True
        family = grown


def test_unsolvable_variants_proved() -> None:
    for roles in [("True", "Random", "Random"), ("False", "Random")]:
        s = Solver(universe(roles))
        assert s.shortest(6) == (None, None)
        assert never_by_fixpoint(s)
        assert inseparable_pair(s.u, s.u.full) is not None
    assert not never_by_fixpoint(Solver(U)) and inseparable_pair(U, U.full) is None


def role_sets(most: int) -> list[tuple[str, ...]]:
    """Every multiset of roles for 1..most gods, in canonical order."""
    roles = ("True", "False", "Random")
    return [r for n in range(1, most + 1) for r in itertools.combinations_with_replacement(roles, n)]


@pytest.mark.parametrize("language", [(False, False), (True, False), (False, True)])
def test_the_pair_criterion_is_exactly_never_solvable(language: tuple[bool, bool]) -> None:
    """A pair whose Random gods cover everyone exists exactly when no number of questions suffices."""
    checked = 0
    for roles in role_sets(4):
        u = universe(roles, *language)
        s = Solver(u)
        pair = inseparable_pair(u, u.full)
        if s.n <= 12:
            assert (pair is not None) == never_by_fixpoint(s), roles
            checked += 1
        if pair is None:  # solvable: the search finds a plan (each question separates at least one pair more)
            assert s.shortest(s.n)[0] is not None, roles
        elif s.n <= 12:
            assert s.shortest(min(s.n, 6))[0] is None, roles
    assert checked >= 20


def common_answer(u, god: int, says_first: int, i: int, j: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether worlds i and j can give the same word when ``god`` is asked the question ``says_first``."""
    first, second = answers(u, god, says_first, (1 << i) | (1 << j))
    return bool((first >> i & 1 and first >> j & 1) or (second >> i & 1 and second >> j & 1))


@pytest.mark.parametrize("roles", [("True", "Random", "Random"), ("False", "Random"), ("Random", "Random"),
                                   ("True", "Random", "Random", "Random"), ("True", "False", "Random", "Random"),
                                   ("Random",)])
def test_the_two_named_worlds_answer_every_question_alike(roles: tuple[str, ...]) -> None:
    """The proof's claim, checked by brute force: every question to every god has an answer both worlds may give."""
    for language in [(False, False), (True, False), (False, True)]:
        u = universe(roles, *language)
        pair = inseparable_pair(u, u.full)
        if pair is None:
            assert len(u.identities) == 1 and not language[1]  # all Random: nothing to tell apart
            continue
        i, j = pair
        assert u.identity[i] != u.identity[j]
        # every question there is (any set of worlds answered with the first word); past 16 worlds, a question
        # acts on these two worlds through its two bits there, so the four settings of those bits cover all
        questions = range(1 << u.size) if u.size <= 16 else [0, 1 << i, 1 << j, (1 << i) | (1 << j)]
        for g in range(len(u.gods)):
            assert all(common_answer(u, g, q, i, j) for q in questions), (roles, language, g)
        proof = never_proof(u, pair)
        assert u.world_text(i) in proof and u.world_text(j) in proof


def test_identify_language_needs_four() -> None:
    s = Solver(universe(("True", "False", "Random"), False, True))
    assert s.shortest(6)[0] == 4


@pytest.mark.parametrize("roles", list(itertools.permutations(["True", "False", "Random"])))
def test_question_count_is_symmetric_in_god_order(roles) -> None:  # type: ignore[no-untyped-def]
    assert Solver(universe(tuple(roles))).working_first(3)["questions"] == 96
