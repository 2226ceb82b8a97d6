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


def post_fork(server: object, worker: object) -> None:
    """A worker does not collect while it serves: a collection falls on whichever request
    allocates past the threshold, and the heavy pages' collections took milliseconds."""
    gc.disable()


def post_request(worker: object, req: object, environ: object, resp: object) -> None:
    """After each answer is sent, the collection Python would have made by now, if any:
    the oldest generation whose count passed its threshold, as Python picks it (but for
    its check that a full collection would find enough new objects to be worth it)."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] <= thresholds[0]:
        return
    due = [generation for generation in (1, 2) if counts[generation] > thresholds[generation]]
    gc.collect(max(due, default=0))


# No control socket (gunicorn 25 and later open one at $HOME/.gunicorn/gunicorn.ctl, the
# same path for every gunicorn the user runs: another deployment's `gunicornc` could reach
# this one). Nothing here uses it; the image and the tests stop gunicorn by signal.
control_socket_disable = True
