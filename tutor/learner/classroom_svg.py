"""Learning curves as a plain SVG drawing, for a class report's page when matplotlib is not installed.

The drawing is written by hand (no library): a frame with the error rate from 0 to 1 up the side and the
opportunities along the bottom, one polyline per skill with a circle at each point (its ``<title>`` says the
skill, the opportunity and the rate, as a browser's tooltip), and a legend.  Colours come from a fixed list,
and each skill's dash pattern tells it apart in print too.
"""

from __future__ import annotations

from html import escape

from tutor.learner.classroom import ClassReport

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 200, 24, 40  # margins: the legend goes on the right
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def plain_svg(report: ClassReport) -> str:
    """The learning curves of ``report`` as one ``<svg>`` element."""
    last = max((c.opportunity for points in report.curves.values() for c in points), default=1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(opportunity: float) -> float:
        return LEFT + inner_w * (opportunity - 0.5) / last

    def y(rate: float) -> float:
        return TOP + inner_h * (1 - rate)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Learning curves">',
             f'<rect x="{LEFT}" y="{TOP}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#444"/>']
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" font-size="11" text-anchor="end">'
                     f'{round(100 * tick)}%</text>')
    for n in range(1, last + 1):
        parts.append(f'<text x="{x(n):.1f}" y="{HEIGHT - BOTTOM + 16}" font-size="11" text-anchor="middle">{n}</text>')
    parts.append(f'<text x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 6}" font-size="12" text-anchor="middle">'
                 'opportunity</text>')
    for i, (skill, points) in enumerate(report.curves.items()):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i // len(COLOURS) % len(DASHES)]
        line = " ".join(f"{x(c.opportunity):.1f},{y(c.error_rate):.1f}" for c in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"'
                     + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        for c in points:
            parts.append(f'<circle cx="{x(c.opportunity):.1f}" cy="{y(c.error_rate):.1f}" r="3.5" fill="{colour}">'
                         f"<title>{escape(skill)}: opportunity {c.opportunity}, {round(100 * c.error_rate)}% errors "
                         f"of {c.learners}</title></circle>")
        top = TOP + 14 + 18 * i
        parts.append(f'<line x1="{WIDTH - RIGHT + 12}" y1="{top - 4}" x2="{WIDTH - RIGHT + 32}" y2="{top - 4}" '
                     f'stroke="{colour}" stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        parts.append(f'<text x="{WIDTH - RIGHT + 38}" y="{top}" font-size="11">{escape(skill)}</text>')
    return "".join(parts) + "</svg>"
