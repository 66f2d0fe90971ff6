"""The rules page (F1) at the table: the game's page, opened by the house rules of the game being played.

A player in the middle of a knocking game pressed F1 and found only the standard game, with knocking named once
in a list of presets; the house-rules page that explains each option is reachable only from the start screen.
So at the table the page begins with a section naming each option the game plays differently from the rule
book, in the house-rules page's own words (:data:`.house_rules.EXPLAIN`: one text for both places).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .controller import options_beyond
from .house_rules import explanation
from .i18n import option_label, t
from .rules_pages import RulesScene, rules_text
from .scenes import SceneStack


def played_rules_section(game_id: str, played: Mapping[str, Any], lang: str) -> str:
    """The page's section (its ``## `` heading and a bullet per option) on the options in ``played`` that differ
    from the rule book, or '' when the game is played as the book says."""
    changed = options_beyond(game_id, "standard", played)
    if not changed:
        return ""
    bullets = [_bullet(name, played[name], lang) for name in changed]
    return "\n".join([f"## {t('rules_in_force', lang)}", *bullets]) + "\n"


def _bullet(name: str, value: object, lang: str) -> str:
    """A rule switched on is its explanation (which names it); a number or a rule switched off also says its value."""
    words = explanation(name, lang)
    if value is True and words:
        return f"- {words}"
    return f"- {option_label(name, value, lang)}. {words}".rstrip()


def page_with_played_rules(game_id: str, played: Mapping[str, Any], lang: str) -> str:
    """The game's rules page with :func:`played_rules_section` after its opening lines (title and intro)."""
    page = rules_text(game_id, lang)
    section = played_rules_section(game_id, played, lang)
    if not section:
        return page
    lines = page.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))
    return "".join(lines[:first]) + section + "\n" + "".join(lines[first:])


class TableRulesScene(RulesScene):
    """The rules page of the game at the table: with the house rules it is played by (follows G as the page does)."""

    def __init__(self, game_id: str, played: Mapping[str, Any]) -> None:
        super().__init__(game_id)
        self.played = dict(played)

    def page_text(self) -> str:
        return page_with_played_rules(self.game_id, self.played, self.app.lang)


def open_rules(app: SceneStack) -> None:
    """Shows the rules of the game at the table (with its house rules), or of the game chosen on the start
    screen."""
    for scene in reversed(app.stack):
        c = getattr(scene, "c", None)
        game_id, state = getattr(c, "game_id", None), getattr(c, "state", None)
        if isinstance(game_id, str) and state is not None:
            app.push(TableRulesScene(game_id, state.rules.options))
            return
        chosen = getattr(getattr(scene, "model", None), "game", None)
        if isinstance(chosen, str):
            app.push(RulesScene(chosen))
            return
