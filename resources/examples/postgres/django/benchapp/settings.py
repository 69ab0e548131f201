"""Settings of the example's Django app, kept lean on purpose as in seed 000: no middleware,
DEBUG off, no logging, no sessions, no templates. The database comes from the environment
(PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD) that the plan gives each configuration.

BENCH_VIEWS=sync (Gunicorn) or async (Uvicorn) picks the URL configuration.
"""

import os

BASE_DIR = os.path.dirname(os.path.abspath(__file__))

DEBUG = False
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "stackbench-example-not-a-real-key")
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

INSTALLED_APPS = ["benchapp"]
MIDDLEWARE = []
ROOT_URLCONF = "benchapp.urls_async" if os.environ.get("BENCH_VIEWS") == "async" else "benchapp.urls_sync"
TEMPLATES = []
LOGGING_CONFIG = None

USE_TZ = True
TIME_ZONE = "UTC"
USE_I18N = False
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

# Persistent connections: each thread that talks to the database keeps its connection open for
# good (CONN_MAX_AGE None). Under Gunicorn that is the 10 gthread threads, under Uvicorn the 10
# threads of views_async's database executor: 10 connections either way, like Bun's pool of 10.
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": os.environ.get("PGHOST", "127.0.0.1"),
        "PORT": os.environ.get("PGPORT", "5432"),
        "NAME": os.environ.get("PGDATABASE", "stackbench_example"),
        "USER": os.environ.get("PGUSER", "bench"),
        "PASSWORD": os.environ.get("PGPASSWORD", ""),
        "CONN_MAX_AGE": None,
    }
}
