"""gunicorn's settings, read from the working directory by every gunicorn started from it:
the image's (docker/Dockerfile), the benchmarks' and the tests'. Their command lines add
the address and the number of workers."""

import gc

# The master loads the project once (tournament/wsgi.py: every view and route) and forks
# its workers from it: a worker's first request is not the one that pays for the loading,
# and a worker restarted on the night starts warm. A new release needs gunicorn restarted
# (a HUP forks the code already loaded).
preload_app = True


def pre_fork(server: object, worker: object) -> None:
    """Before each fork, the master puts what it loaded beyond the garbage collector's reach
    (`gc.freeze`): a worker's full collections then walk only what the worker made itself,
    not the whole project, and do not write to the pages it shares with the master."""
    gc.freeze()
