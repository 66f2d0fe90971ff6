"""One German verb for the discard: the buttons, seat boxes and log said 'Kc ablegen', the status line 'eine Karte
abwerfen (Doppelklick)' and the solitaire 'Hand 1: 7h abwerfen'; Königs-Rommé's sheet lays melds down by 'ablegen'
('Handkarten in Sätzen oder Reihen ablegen') and discards by 'abwerfen' ('KARTE ABWERFEN', 'wirft … auf den
Ablagestapel'), so 'Kc ablegen' read as 'meld Kc' (play-test P17, RULES-NOTES 'The pygame table')."""

from __future__ import annotations

import re
from pathlib import Path

import romme_table
from romme_table.engine_words import engine_reason
from romme_table.i18n import MOVE_WORDS, move_text, t

TABLE = Path(romme_table.__file__).parent
# 'ablegen', 'Ablegen', 'ablegt', 'abgelegt(e)' -- not 'auslegen' or 'anlegen', the meld words
MELD_VERB = re.compile(r"\b(?:[aA]bleg|abgelegt)")


def test_the_discard_reads_abwerfen_on_buttons_log_and_refusals():
    assert MOVE_WORDS["discard"]["de"] == "abwerfen"
    assert move_text("discard Kc", "de") == "Kc abwerfen"
    assert move_text("out Kc", "de") == "ausmachen und Kc abwerfen"
    assert t("go_out_no", "de") == "Nur abwerfen (D)"
    said = engine_reason("seat 1 has drawn already; now discard a card (or go out)", "de")
    assert said == "schon gezogen: jetzt eine Karte abwerfen (oder ausmachen)", said
    said = engine_reason("discard Kh: the discard pile is empty", "de")
    assert said.startswith("Kh abwerfen: "), said


def test_no_german_text_of_the_table_discards_by_ablegen():
    files = sorted(TABLE.glob("*.py")) + sorted((TABLE / "rules").glob("*.de.txt"))
    assert len(files) > 20
    found = [
        f"{f.name}:{n}: {line.strip()}"
        for f in files
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
        if MELD_VERB.search(line)
    ]
    assert found == [], found
