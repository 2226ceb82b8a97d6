"""The pages that watch many tables (the referees' overview, the big screen), through one
door: the versions of what they show (`selectors.py`, its SQL in `queries.py`), and the
work kept under those versions, shared and in each process (`kept.py`). The writes that
move the versions are tournament/services/watched.py."""
