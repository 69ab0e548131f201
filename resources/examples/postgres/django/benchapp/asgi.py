"""ASGI entry point for Uvicorn (BENCH_VIEWS=async)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchapp.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()
