#!/usr/bin/python3
"""Django's command-line utility, for checking the example app by hand (not used by the plan)."""
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchapp.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
