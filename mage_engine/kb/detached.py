"""Work a hook starts and does not wait for: a forked, detached child (the index's background
refresh, the re-scrub after an upgrade).

Forking costs the hook well under a millisecond (a new interpreter would cost 5-15 ms). The
child leaves the host's session and pipes at once, so the hook's output is not held up; it turns
the collector back on (the hook turned it off for its few milliseconds; this may run for
seconds), logs what went wrong to .mage/errors.log and never returns into the hook's code.
"""

import os


def run_detached(kb, event: str, what: str, job, cleanup=None) -> bool:
    """Fork; the child runs `job()`, then `cleanup()`, and exits (a failure is logged under
    `event` as "background <what>: …"). True in the parent."""
    if os.fork() != 0:
        return True
    _child(kb, event, what, job, cleanup)  # never returns


def _child(kb, event: str, what: str, job, cleanup) -> None:
    import gc

    gc.enable()
    code = 0
    try:
        os.setsid()
        try:
            os.nice(10)  # background work: the session the person is typing in comes first
        except OSError:
            pass
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        job()
    except BaseException as error:  # the child must never reach the parent's code path
        code = 1
        try:
            from mage_engine.kb.errors_log import log_error

            log_error(kb, event, f"background {what}: {type(error).__name__}: {error}")
        except BaseException:
            pass
    finally:
        try:
            if cleanup is not None:
                cleanup()
        except BaseException:
            pass
        os._exit(code)
