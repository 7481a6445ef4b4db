#!/usr/bin/python3
"""A CalDAV client no one here wrote (Debian's python3-caldav), driven one action at a time by the
CalDAV tests (server/src/modules/dav/clients.test.ts, roundtrip.test.ts). Prints one JSON value
on stdout.

    caldav-client.py URL USER PASSWORD ACTION [ARGS...]

Actions:
  discover                          the calendars the principal has: [{name, url, components, color}]
  list COLLECTION                   every object: [{url, data}]
  sync COLLECTION [TOKEN]           sync-collection: {token, objects: [{url, data|null}]}
  put COLLECTION FILE               saves the iCalendar object in FILE: {url}
  rename COLLECTION UID SUMMARY     changes an event's or a to-do's SUMMARY and saves it
  complete UID                      completes the to-do with this UID in "tasks"
  delete COLLECTION UID             deletes the object with this UID
  get COLLECTION NAME               GET of the resource NAME, its bytes untouched (python-caldav
                                    turns CRLF into LF): {status, etag|null, data}
  put-raw COLLECTION NAME FILE [ETAG]
                                    PUT of FILE's bytes as they are, under NAME, with If-Match ETAG
                                    (else If-None-Match: *): {status, etag|null}
  etags COLLECTION                  PROPFIND (depth 1) of getetag: {NAME: etag}
"""
import json
import sys
import xml.etree.ElementTree as ElementTree
from urllib.parse import quote, unquote

import caldav
import requests
from caldav.elements import ical


def calendar_named(principal, name):
    for calendar in principal.calendars():
        if str(calendar.url).rstrip("/").endswith("/" + name):
            return calendar
    raise SystemExit("no calendar " + name)


def raw(client, user, password, method, url, body=None, headers=None):
    """A request through the client's session, the body's bytes neither encoded nor normalized."""
    return client.session.request(
        method,
        str(url),
        data=body,
        headers=headers or {},
        auth=requests.auth.HTTPBasicAuth(user, password),
        timeout=30,
    )


def member_url(calendar, name):
    return str(calendar.url).rstrip("/") + "/" + quote(name)


def main():
    url, user, password, action, *args = sys.argv[1:]
    client = caldav.DAVClient(url=url, username=user, password=password)
    principal = client.principal()
    if action == "discover":
        out = []
        for calendar in principal.calendars():
            out.append(
                {
                    "name": calendar.get_display_name(),
                    "url": str(calendar.url),
                    "components": calendar.get_supported_components(),
                    "color": calendar.get_properties([ical.CalendarColor()]).get(
                        ical.CalendarColor.tag
                    ),
                }
            )
        print(json.dumps(out))
    elif action == "list":
        calendar = calendar_named(principal, args[0])
        objects = calendar.todos(include_completed=True) if args[0] == "tasks" else calendar.events()
        print(json.dumps([{"url": str(o.url), "data": o.data} for o in objects]))
    elif action == "sync":
        calendar = calendar_named(principal, args[0])
        token = args[1] if len(args) > 1 else None
        collection = calendar.objects_by_sync_token(sync_token=token, load_objects=True)
        objects = [{"url": str(o.url), "data": o.data} for o in collection.objects]
        print(json.dumps({"token": collection.sync_token, "objects": objects}))
    elif action == "put":
        calendar = calendar_named(principal, args[0])
        with open(args[1], encoding="utf-8") as file:
            text = file.read()
        saved = calendar.save_todo(text) if args[0] == "tasks" else calendar.save_event(text)
        print(json.dumps({"url": str(saved.url)}))
    elif action == "rename":
        calendar = calendar_named(principal, args[0])
        found = calendar.object_by_uid(args[1])
        found.load()
        component = found.icalendar_component
        component.pop("SUMMARY", None)
        component.add("SUMMARY", args[2])
        found.save()
        print(json.dumps({"url": str(found.url)}))
    elif action == "complete":
        calendar = calendar_named(principal, "tasks")
        todo = calendar.todo_by_uid(args[0])
        todo.complete()
        print(json.dumps({"url": str(todo.url)}))
    elif action == "delete":
        calendar = calendar_named(principal, args[0])
        found = calendar.object_by_uid(args[1])
        found.delete()
        print(json.dumps({"url": str(found.url)}))
    elif action == "get":
        calendar = calendar_named(principal, args[0])
        response = raw(client, user, password, "GET", member_url(calendar, args[1]))
        print(
            json.dumps(
                {
                    "status": response.status_code,
                    "etag": response.headers.get("etag"),
                    "data": response.content.decode("utf-8"),
                }
            )
        )
    elif action == "put-raw":
        calendar = calendar_named(principal, args[0])
        with open(args[2], "rb") as file:
            body = file.read()
        headers = {"Content-Type": "text/calendar; charset=utf-8"}
        if len(args) > 3:
            headers["If-Match"] = args[3]
        else:
            headers["If-None-Match"] = "*"
        response = raw(client, user, password, "PUT", member_url(calendar, args[1]), body, headers)
        print(json.dumps({"status": response.status_code, "etag": response.headers.get("etag")}))
    elif action == "etags":
        calendar = calendar_named(principal, args[0])
        body = (
            '<?xml version="1.0" encoding="utf-8"?>'
            '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
        )
        response = raw(
            client,
            user,
            password,
            "PROPFIND",
            calendar.url,
            body.encode("utf-8"),
            {"Depth": "1", "Content-Type": "application/xml; charset=utf-8"},
        )
        found = {}
        for answer in ElementTree.fromstring(response.content).iter("{DAV:}response"):
            href = answer.findtext("{DAV:}href") or ""
            etag = answer.findtext(".//{DAV:}getetag")
            name = unquote(href.rstrip("/").rsplit("/", 1)[-1])
            if etag and not href.endswith("/"):
                found[name] = etag
        print(json.dumps(found))
    else:
        raise SystemExit("unknown action " + action)


main()
