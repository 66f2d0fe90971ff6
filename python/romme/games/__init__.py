"""The game flows, one module per game; importing a module registers it (see :func:`romme.list_games`)."""
