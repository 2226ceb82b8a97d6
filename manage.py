#!/usr/bin/env python
"""Django's command-line utility for the Monopoly Night project."""

import os
import sys


def main() -> None:
    # A developer's tool: the development settings unless told otherwise. What serves an
    # event (wsgi, asgi, the Celery app) defaults to the production settings, and the image
    # names them for manage.py too (docker/Dockerfile, docker/compose.yaml).
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings.base")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
