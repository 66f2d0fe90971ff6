"""The game flows, one package per game (`romme.games.<id>`: the flow in `__init__`, its parts beside it);
importing a package registers its game (see :func:`romme.list_games`)."""
