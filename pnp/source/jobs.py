"""The `--jobs` option's default: a build forks a worker a core only when its games took at least
FORK_FROM seconds of CPU last time (forking costs more than a small build saves)."""

FORK_FROM = 0.3  # seconds of CPU the games to build took last time, at least, to fork workers
