"""WSGI entry point for Gunicorn (BENCH_VIEWS=sync)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchapp.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
