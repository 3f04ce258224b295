"""Lessons as data: the TOML lesson format, loading, seeded variants, and filling text from the engine.

* ``schema``   - the lesson file as typed models: the top level, and the models of the steps;
* ``steps``    - ``Say``, ``Computed``, ``Written``, ``Game``, ``Practice``: each owns what is asked of a step,
  and is declared once with its model (``steps.kinds``);
* ``model``    - ``Mistake``, ``Pack`` (frozen values);
* ``lesson``   - ``LessonTemplate`` (a file parsed once) and the ``Lesson`` it draws (imported light: the
  steps and the puzzles only once a template is read or built);
* ``text``     - ``{{name}}`` placeholders, TOML values;
* ``variants`` - seeded variants per learner;
* ``parse``    - a lesson's TOML into a template, errors naming file and key;
* ``catalog``  - bundled lessons, instructors' folders and packs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tutor.course.catalog import Catalog, bundled_root, extra_dirs, load_catalog, load_file, load_roots
from tutor.course.lesson import Lesson, LessonTemplate, instantiate
from tutor.course.model import Mistake, Pack
from tutor.course.text import fill, toml_value
from tutor.course.variants import variant_seed

if TYPE_CHECKING:
    from tutor.course.parse import parse_lesson
    from tutor.course.steps import Step

# Names whose modules import the steps, the schema or the puzzle protocol: imported when first used, so the
# tutor's start (which lists lessons from the catalogue cache) pays for none of them.
_LAZY = {"Step": "tutor.course.steps", "parse_lesson": "tutor.course.parse"}


def __getattr__(name: str) -> Any:
    """A lazily imported name of ``_LAZY`` (PEP 562), kept in the package once imported."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = ["Catalog", "Lesson", "LessonTemplate", "Mistake", "Pack", "Step", "bundled_root", "extra_dirs", "fill",
           "instantiate", "load_catalog", "load_file", "load_roots", "parse_lesson", "toml_value", "variant_seed"]
