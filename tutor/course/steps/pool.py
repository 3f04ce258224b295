"""The items a practice step serves: its question (a number, choice or written step's table, ``template``) built in
its setting with each variant of its varied slots (``specs``: ``coins = {min = 2, max = 6}``) drawn in; which of them
the engine answers (``answerable``); and the next one to serve (``draw``), never one served before, aimed after a
wrong first try at the mistake (``tutor.learner.targets``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.course.schema import ComputedFile, WrittenFile
from tutor.course.steps.build import Setting
from tutor.course.steps.computed import Computed
from tutor.course.steps.question import Question
from tutor.course.steps.written import Written
from tutor.errors import TutorError
from tutor.learner import targets
from tutor.learner.fresh import Seen
from tutor.learner.practice import Served, candidates, key
from tutor.puzzles.answers import Quantity

TRIES = 32  # candidates built before giving up on finding an item the engine can answer
AIMED = 24  # candidates the engine computes a misconception's value for, smallest first


@dataclass(frozen=True)
class Pool:
    """The items of a practice step: ``template`` built in ``setting`` with each variant of ``specs`` drawn in."""

    template: ComputedFile | WrittenFile
    setting: Setting
    specs: Mapping[str, Any]
    checked: dict[str, bool] = field(default_factory=dict, init=False, repr=False, compare=False)  # answerable?

    def space(self, seen: Sequence[Served] = (), rng: random.Random | None = None) -> list[dict[str, Any]]:
        """The variants the step may serve but ``seen``, in a seeded order."""
        fixed = {**self.setting.lesson_params, **self.setting.params}
        return candidates(self.specs, fixed, self.setting.puzzle.random_param, rng or random.Random(0),
                          (key(s.variant) for s in seen))

    def item(self, variant: Mapping[str, Any]) -> Question[Any]:
        """The item for ``variant``: the step's question with the variant's parameters and arguments."""
        params = {**self.setting.params, **{k: v for k, v in variant.items() if not k.startswith("args.")}}
        args = {**self.setting.args, **{k[5:]: v for k, v in variant.items() if k.startswith("args.")}}
        made = replace(self.setting, params=params, args=args)
        if isinstance(self.template, ComputedFile):
            return Computed.build(self.template, made)[0]
        return Written.build(self.template, made)[0]

    def answerable(self, item: Question[Any]) -> bool:
        """Whether the engine answers ``item`` (its reference judged right), tells each misconception's value from the
        right one and the others' (``lint_misconceptions``), and replies and hints without the answer (``probes``)."""
        where = key(item.params) + key(dict(item.args))
        if where not in self.checked:
            self.checked[where] = not item.lint_reference() and not (
                isinstance(item, Computed) and item.lint_misconceptions(item.value())) and not any(
                item.gives_away(text) for _, text in item.probes())
        return self.checked[where]

    def smallest(self) -> Question[Any] | None:
        """The smallest item a learner may be served (None: the engine answers none)."""
        for variant in sorted(self.space(), key=lambda v: (targets.variant_size(v), targets.order_key(v))):
            try:
                item = self.item(variant)
            except TutorError:
                continue
            if self.answerable(item):
                return item
        return None

    def items(self, count: int) -> list[Question[Any]]:
        """Up to ``count`` items the step would serve, spread over its space from the smallest up."""
        return [self.item(v) for v in targets.spread(self.space(), count, self.serves)]

    def serves(self, variant: targets.Variant) -> bool:
        """Whether the step would serve ``variant``'s item (it builds, and the engine answers it)."""
        return (item := self.valued(variant)) is not None and self.answerable(item)

    def valued(self, variant: targets.Variant) -> Question[Any] | None:
        """``variant``'s item if it builds and the engine answers it (its reference judged right), else None."""
        try:
            item = self.item(variant)
            return None if item.lint_reference() else item
        except TutorError:
            return None

    def values(self) -> Iterator[Any]:
        """The right answers of a number or choice step's items, over the whole space."""
        return (item.value() for v in self.space() if isinstance(item := self.valued(v), Computed))

    def concrete(self, variant: targets.Variant) -> tuple[Any, Mapping[str, Any]]:
        """A variant's game and question arguments (for the misconceptions' values)."""
        item = self.item(variant)
        return item.game, item.args

    @property
    def quantity(self) -> Quantity[Any] | None:
        """The quantity a number or choice step's items ask for (None: a written answer)."""
        name = self.template.compute if isinstance(self.template, ComputedFile) else None
        return None if name is None else self.setting.puzzle.quantities[name]

    def draw(self, record: Sequence[Served], rng: random.Random, seen: Seen
             ) -> tuple[Question[Any], dict[str, Any]] | None:
        """The next item: aimed at the last item's wrong first try (smallest first), else the next in a seeded order;
        never one the engine cannot serve, or whose answer the learner gave or was shown (``seen``); None if none."""
        pool = self.space(record, rng)
        last = record[-1] if record else None
        if last is not None and last.first is False:
            smallest = sorted(pool, key=lambda v: (targets.variant_size(v), targets.order_key(v)))[:AIMED]
            order = targets.ranked(smallest, last.variant, last.idea, self.quantity, self.concrete)
            pool = [*(dict(v) for v in order), *(v for v in pool if v not in order)]
        for variant in pool[:TRIES]:
            try:
                item = self.item(variant)
                # what the learner has seen first (the reference alone), then the engine's whole check of the item
                if seen.admits(item.reference(), item.accepts) and self.answerable(item):
                    return item, variant
            except TutorError:
                continue
        return None
