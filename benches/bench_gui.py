"""Frame time of the pygame table with a full Rummy table (80+ cards on it).

    SDL_VIDEODRIVER=dummy PYTHONPATH=python python3 benches/bench_gui.py
Target: p95 ≤ 16 ms per frame (layout + drawing of the whole table).
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from romme.cards import deck
from romme.rng import Rng
from romme_table.controller import Controller, Seat
from romme_table.editor import TableEditor
from romme_table.scenes import SceneStack, TableScene


def full_table(n_cards: int = 84) -> list[list[str]]:
    """Runs of 3–6 cards in every colour, twice over, until n_cards lie on the table."""
    rng = Rng(7)
    melds: list[list[str]] = []
    total = 0
    while total < n_cards:
        colour = "BRGY"[rng.below(4)]
        start = 1 + rng.below(9)
        length = 3 + rng.below(min(4, 14 - start - 2))
        melds.append([f"{colour}{v}" for v in range(start, start + length)])
        total += length
    return melds


def main(frames: int = 300) -> None:
    pygame.display.init()
    pygame.font.init()
    size = (1280, 800)
    surface = pygame.display.set_mode(size)
    c = Controller("rummy", [Seat("You"), Seat("Bot", "bot", "random")], seed=1, bot_delay=0.0)
    table = full_table()
    hand = [deck("rummy").token(x) for x in range(0, 52, 3)][:18]
    c.editor = TableEditor("rummy", table, hand)  # the drawn table: 80+ cards, validity marked live
    app = SceneStack(size)
    scene = TableScene(c)
    app.push(scene)
    times, cpu = [], []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        scene.draw(surface)
        pygame.display.flip()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    times.sort()
    cpu.sort()
    cards = sum(len(m) for m in table)
    p95 = times[int(0.95 * len(times)) - 1]
    print(f"rummy table with {cards} cards in {len(table)} melds, {len(hand)} in hand, {size[0]}x{size[1]}")
    print(f"frame time: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms "
          f"(target p95 <= 16 ms: {'met' if p95 <= 16 else 'MISSED'})")
    print(f"CPU time of the drawing thread: median {statistics.median(cpu):.2f} ms, "
          f"p95 {cpu[int(0.95 * len(cpu)) - 1]:.2f} ms (wall time suffers when other processes load the cores)")
    app.pop()
    pygame.quit()


if __name__ == "__main__":
    main()
