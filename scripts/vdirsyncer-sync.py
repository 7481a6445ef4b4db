#!/usr/bin/python3
"""Drives Debian's vdirsyncer (0.19) against Cadence's CalDAV, for the round-trip tests
(server/src/modules/dav/roundtrip.test.ts): a second client no one here wrote, keeping its
calendars as one .ics file per object in a folder. Prints one JSON value on stdout.

    vdirsyncer-sync.py BASE USER PASSWORD SCRATCH [--debug] ACTION [ACTION...]

BASE is the server's address (http://127.0.0.1:PORT); USER and PASSWORD an app password's.
SCRATCH is a folder of the caller's: the config, vdirsyncer's status folder and the local
calendars all live in it. Actions, run in the order given:

  discover    finds the collections and makes the local folders (answering vdirsyncer's
              "Should vdirsyncer attempt to create it?" with yes)
  sync        synchronizes the objects both ways
  metasync    synchronizes the collections' displayname and color

Answer: {"folders": {"events": PATH, "tasks": PATH}, "log": vdirsyncer's output}; with --debug
that output holds each request vdirsyncer makes and each answer's status and headers. A failed
vdirsyncer run exits 1 with its output on stderr.

The pair "calendars" (vdirsyncer's config format, vdirsyncer/cli/config.py; pairs and storages
share one namespace): storage "local" is a `filesystem` storage (fileext ".ics") under
SCRATCH/calendars/, one folder per collection; storage "server" is a `caldav` storage at
BASE/dav/; collections "events" and "tasks" by name.
No conflict resolution: an object changed on both sides between two syncs stops the sync with
an error, which in a test is a defect to see rather than one to resolve.
"""
import json
import os
import subprocess
import sys

VDIRSYNCER = "/usr/bin/vdirsyncer"
COLLECTIONS = ["events", "tasks"]
ACTIONS = {"discover", "sync", "metasync"}


def config_text(base, user, password, scratch):
    # vdirsyncer reads each value as JSON (cli/config.py, _parse_options).
    value = json.dumps
    return "\n".join(
        [
            "[general]",
            f"status_path = {value(os.path.join(scratch, 'status'))}",
            "",
            "[pair calendars]",
            'a = "local"',
            'b = "server"',
            f"collections = {value(COLLECTIONS)}",
            'metadata = ["displayname", "color"]',
            "conflict_resolution = null",
            "",
            "[storage local]",
            'type = "filesystem"',
            f"path = {value(os.path.join(scratch, 'calendars'))}",
            'fileext = ".ics"',
            "",
            "[storage server]",
            'type = "caldav"',
            f"url = {value(base.rstrip('/') + '/dav/')}",
            f"username = {value(user)}",
            f"password = {value(password)}",
            "",
        ]
    )


def main():
    if len(sys.argv) < 6:
        raise SystemExit(__doc__)
    base, user, password, scratch, *actions = sys.argv[1:]
    debug = "--debug" in actions
    actions = [action for action in actions if action != "--debug"]
    unknown = [action for action in actions if action not in ACTIONS]
    if unknown:
        raise SystemExit("unknown action " + ", ".join(unknown))
    scratch = os.path.abspath(scratch)
    os.makedirs(os.path.join(scratch, "calendars"), exist_ok=True)
    config = os.path.join(scratch, "config")
    # The app password is in it: readable by its owner only.
    descriptor = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(config_text(base, user, password, scratch))

    log = []
    for action in actions:
        command = [VDIRSYNCER, "--config", config, action]
        if debug:
            command[1:1] = ["--verbosity", "DEBUG"]
        if action == "discover":
            command.append("--no-list")
        done = subprocess.run(
            command,
            input="y\n" * len(COLLECTIONS) * 2 if action == "discover" else "",
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
        output = done.stdout + done.stderr
        log.append(f"$ vdirsyncer {action}\n{output}")
        if done.returncode != 0:
            sys.stderr.write("\n".join(log))
            raise SystemExit(1)

    folders = {name: os.path.join(scratch, "calendars", name) for name in COLLECTIONS}
    print(json.dumps({"folders": folders, "log": "\n".join(log)}))


main()
