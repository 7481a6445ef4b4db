#!/usr/bin/python3
"""Reference expander for the iCalendar interoperability corpus.

Usage (run with Debian's /usr/bin/python3, not a pyenv python):

    /usr/bin/python3 scripts/ics-reference.py FILE.ics --from 2000-01-01 --to 2031-01-01 \
        [--floating-zone Europe/Paris] [--max-per-uid 50] [--x-wr-mode floating|library]
    /usr/bin/python3 scripts/ics-reference.py --batch DIR [FILE.ics ...] [same options]

Batch mode (--batch DIR, or more than one FILE) reads every .ics file of DIR (sorted by name) and
every FILE in one process, and prints ONE JSON object keyed by file name (the base name), each
value being what single-file mode prints for that file plus "seconds" (its wall time). Each file
is read as a process of its own would read it: icalendar's process-wide cache of custom TZIDs is
emptied before each file.

Needs the Debian packages python3-recurring-ical-events (2.0.1, bookworm) and
python3-icalendar (4.0.3); apt pulls in python3-x-wr-timezone (0.0.5).

Prints ONE JSON object on stdout and always exits 0:

    {"ok": true, "occurrences": [{"uid", "summary", "start", "end", "allDay", "recurrenceId"}, ...],
     "skipped": [{"uid", "error"}]}            # "skipped" only present when non-empty
    {"ok": false, "error": "..."}               # the file could not be parsed at all

Output conventions
- Timed occurrences: start/end are UTC instants "YYYY-MM-DDTHH:MM:SSZ" (seconds, no fraction).
  All-day occurrences (DTSTART is a DATE): "YYYY-MM-DD", end exclusive.
- An occurrence is in the window when its START lies in [--from, --to): timed ones compared as
  UTC instants from 00:00Z, all-day ones compared as dates. (Not overlap: an event that began
  before --from and is still running is not listed.)
- Sorted by (start, uid, end, summary). At most --max-per-uid occurrences per UID: the earliest
  in the window (override instances count towards their UID). Events without UID are each their
  own group and are printed with "uid": null.
- recurrenceId is the RECURRENCE-ID value of an override component (same formatting as start;
  for an all-day override whose RECURRENCE-ID is a DATE-TIME, as Outlook writes them, the date of
  its wall-clock value); it is null for every other occurrence, including the unchanged
  instances of a series.
- A leading UTF-8 byte order mark is removed before parsing (icalendar 4.0.3 fails on it).
- Events with STATUS:CANCELLED are left out (a cancelled override still removes the instance
  it overrides; a cancelled master removes the whole series).
- Floating (zone-less) date-times are placed in --floating-zone (default UTC), except when the
  VCALENDAR has a (valid) X-WR-TIMEZONE: then they are placed in that zone.
- Each UID group is expanded on its own; a group the library fails on (bad DTSTART, DTEND before
  DTSTART, two distinct RRULEs, ...) is listed in "skipped" and the rest of the file is still
  expanded. Files with several VCALENDAR objects are all read; UIDs are grouped per VCALENDAR.
- Zone conversions: for IANA zones (and Windows zone names, which icalendar maps to IANA ones)
  the wall-clock time computed by the library is re-localised with zoneinfo (fold=0); custom
  TZIDs are resolved from the file's VTIMEZONE by icalendar (a pytz-style zone built from it).
- The end is recomputed here, not taken from the library: DTEND gives an exact duration
  (DTEND - DTSTART as instants; when one of them is floating and the other is not, the floating
  one is read in the other's zone, as the library places such a DTSTART) added to each start; DURATION is applied with its days/weeks
  part nominal (wall clock, across DST) and the rest exact; no DTEND/DURATION gives a zero
  length timed event or a one-day all-day event; an all-day DTEND <= DTSTART gives one day.

What recurring-ical-events 2.0.1 / icalendar 4.0.3 do differently from RFC 5545 (noticed while
writing this; the script works around the ones marked *):
 * of() runs x_wr_timezone.to_standard(): besides putting floating times in X-WR-TIMEZONE it
   also moves UTC ("Z") DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID into that zone, so a UTC RRULE
   series is expanded in local wall time (follows DST) instead of in UTC; and it attaches the
   pytz zone with replace() (LMT offset). This script bypasses of() and attaches the zone itself;
   --x-wr-mode library restores the library behaviour.
 * ambiguous local times (DST fall-back) are resolved by pytz localize(is_dst=False), i.e. the
   LATER instant; RFC 5545 says the first one. Re-localised with zoneinfo fold=0 here (IANA only).
 * a DATE DTSTART without DTEND/DURATION gets zero length (RFC: one day). Fixed here.
 * DURATION is added as an exact timedelta; RFC: days/weeks are nominal. Recomputed here
   (icalendar turns PT24H into the same timedelta as P1D, so PT24H is treated as P1D).
 - RECURRENCE-ID overrides are matched to instances by calendar DATE only (not the exact
   date-time): two instances on the same day share one override, and a RECURRENCE-ID given in
   another zone than DTSTART may fall on another date and not replace its instance.
 - RANGE=THISANDFUTURE is ignored (the override replaces only its own instance).
 - several distinct RRULE properties raise an error (group skipped); identical duplicates work.
 - an EXDATE with VALUE=DATE on a timed series excludes nothing (it becomes midnight).
 * a VTIMEZONE that comes after the first use of its TZID is not used (the value becomes
   floating). Worked around here by parsing the file twice.
 - a TZID that is neither a pytz/IANA name, nor a Windows name, nor defined by a VTIMEZONE in
   the file is silently dropped: the value becomes floating.
 - IANA TZIDs use the system's pytz/zoneinfo rules, not the VTIMEZONE in the file.
 - a VTIMEZONE RRULE without UNTIL/COUNT is cut at 2038 by icalendar's to_tz() (custom TZIDs).
 - RDATE;VALUE=PERIOD is not supported (the group is skipped).
"""
import argparse
import datetime as dt
import json
import os
import sys
import time
from collections import defaultdict
from zoneinfo import ZoneInfo, available_timezones

UTC = dt.timezone.utc
IANA = available_timezones() | {"UTC"}
REF = "X-ICS-REFERENCE-IDX"


def fmt_instant(d):
    d = d.astimezone(UTC)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (d.year, d.month, d.day, d.hour, d.minute, d.second)


def fmt_date(d):
    return "%04d-%02d-%02d" % (d.year, d.month, d.day)


def is_date(v):
    return isinstance(v, dt.date) and not isinstance(v, dt.datetime)


class Zone:
    """A time zone able to turn a wall-clock time into an aware datetime."""

    def __init__(self, tz):
        self.tz = tz  # ZoneInfo, or a pytz-style tzinfo with localize()

    def localize(self, wall):
        if isinstance(self.tz, ZoneInfo):
            return wall.replace(tzinfo=self.tz, fold=0)
        if hasattr(self.tz, "localize"):
            return self.tz.localize(wall)
        return wall.replace(tzinfo=self.tz)


def zone_of(value, floating):
    """Return (wall-clock naive datetime, Zone) for a date-time value from the library."""
    tz = value.tzinfo
    wall = value.replace(tzinfo=None)
    if tz is None:
        return wall, floating
    name = getattr(tz, "zone", None) or getattr(tz, "key", None)
    if name in IANA:
        return wall, Zone(ZoneInfo(name))
    if tz.utcoffset(value) == dt.timedelta(0) and name in (None, "UTC", "Z"):
        return wall, Zone(UTC)
    # custom zone built by icalendar from the file's VTIMEZONE: keep its own offset
    return value, None


def to_utc(value, floating):
    wall, zone = zone_of(value, floating)
    if zone is None:
        return wall.astimezone(UTC)
    return zone.localize(wall).astimezone(UTC)


def in_zone_of(naive, aware, floating):
    """The naive (floating) date-time in the zone of another, aware, one."""
    _, zone = zone_of(aware, floating)
    if zone is not None:
        return zone.localize(naive)
    if hasattr(aware.tzinfo, "localize"):
        return aware.tzinfo.localize(naive)
    return naive.replace(tzinfo=aware.tzinfo)


def duration_spec(comp, floating):
    """How to compute an occurrence's end from its start, for one source component."""
    start = comp["DTSTART"].dt if "DTSTART" in comp else None
    if "DTEND" in comp and start is not None:
        end = comp["DTEND"].dt
        if is_date(start):
            days = ((end.date() if isinstance(end, dt.datetime) else end) - start).days
            return ("days", max(days, 1))
        if is_date(end):
            end = dt.datetime(end.year, end.month, end.day)
        # One floating, the other in a zone: the floating one is in that zone, as the library
        # places such a DTSTART (a DATE end is the floating midnight of that day)
        if end.tzinfo is None and start.tzinfo is not None:
            end = in_zone_of(end, start, floating)
        elif start.tzinfo is None and end.tzinfo is not None:
            start = in_zone_of(start, end, floating)
        return ("exact", to_utc(end, floating) - to_utc(start, floating))
    d = getattr(comp.get("DURATION"), "dt", None)  # None when icalendar could not parse it
    if isinstance(d, dt.timedelta):
        if start is not None and is_date(start):
            return ("days", max(d.days, 1))
        return ("nominal", d)
    if start is not None and is_date(start):
        return ("days", 1)
    return ("exact", dt.timedelta(0))


def occurrence_end(start, spec, floating):
    kind, amount = spec
    if kind == "days":
        if isinstance(start, dt.datetime):  # DATE DTSTART with DATE-TIME DTEND (mixed types)
            return to_utc(start, floating) + dt.timedelta(days=amount)
        return start + dt.timedelta(days=amount)
    if kind == "exact":
        return to_utc(start, floating) + amount
    # nominal: days on the wall clock, the rest exact
    days = dt.timedelta(days=amount.days)
    rest = amount - days
    wall, zone = zone_of(start, floating)
    if zone is None:
        return (start + amount).astimezone(UTC)
    return zone.localize(wall + days).astimezone(UTC) + rest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", metavar="FILE")
    ap.add_argument("--batch", metavar="DIR", help="every .ics file of DIR, in one process")
    ap.add_argument("--from", dest="start", default="2000-01-01")
    ap.add_argument("--to", dest="stop", default="2031-01-01")
    ap.add_argument("--floating-zone", default="UTC")
    ap.add_argument("--max-per-uid", type=int, default=50)
    ap.add_argument("--x-wr-mode", choices=["floating", "library"], default="floating")
    args = ap.parse_args(argv)
    if args.batch is None and len(args.files) == 1:
        result = expand_reported(args.files[0], args)
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 0
    paths = list(args.files)
    if args.batch is not None:
        paths += sorted(os.path.join(args.batch, name) for name in os.listdir(args.batch)
                        if name.endswith(".ics"))
    if not paths:
        ap.error("no file: give FILE.ics, several, or --batch DIR")
    results = {}
    for path in paths:
        started = time.monotonic()
        result = expand_reported(path, args)
        result["seconds"] = round(time.monotonic() - started, 3)
        results[os.path.basename(path)] = result
    sys.stdout.write(json.dumps(results, ensure_ascii=False) + "\n")
    return 0


def expand_reported(path, args):
    """expand() for one file, as a fresh process would do it; any failure as {"ok": false}."""
    try:
        from icalendar.timezone_cache import _timezone_cache
        _timezone_cache.clear()  # custom TZIDs of the files read before
    except ImportError:  # pragma: no cover - another icalendar version
        pass
    try:
        return expand(path, args)
    except Exception as e:  # noqa: BLE001 - the point is to report anything
        return {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}


def expand(path, args):
    import icalendar
    import recurring_ical_events
    from icalendar.windows_to_olson import WINDOWS_TO_OLSON

    win_from = dt.date.fromisoformat(args.start)
    win_to = dt.date.fromisoformat(args.stop)
    from_utc = dt.datetime(win_from.year, win_from.month, win_from.day, tzinfo=UTC)
    to_utc_ = dt.datetime(win_to.year, win_to.month, win_to.day, tzinfo=UTC)
    default_floating = Zone(ZoneInfo(args.floating_zone))

    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):  # icalendar 4.0.3 chokes on a UTF-8 byte order mark
        data = data[3:]
    # icalendar resolves a custom TZID while parsing, from the VTIMEZONEs it has seen so far (a
    # process-wide cache). Parsing twice makes VTIMEZONEs placed after their first use work too.
    icalendar.Calendar.from_ical(data, multiple=True)
    calendars = icalendar.Calendar.from_ical(data, multiple=True)
    calendars = [c for c in calendars if c.name == "VCALENDAR"]
    if not calendars:
        raise ValueError("no VCALENDAR component")

    occurrences = []
    skipped = []
    for cal_index, cal in enumerate(calendars):
        scale = str(cal.get("CALSCALE", "GREGORIAN")).upper()
        if scale != "GREGORIAN":
            raise ValueError("CALSCALE %s is not supported" % scale)
        floating = default_floating
        xwr = cal.get("X-WR-TIMEZONE")
        if xwr is not None:
            name = str(xwr).strip().strip('"')
            name = name if name in IANA else WINDOWS_TO_OLSON.get(name)
            if name in IANA:
                floating = Zone(ZoneInfo(name))
                if args.x_wr_mode == "library":
                    import x_wr_timezone
                    cal = x_wr_timezone.to_standard(cal, timezone=name)
            else:
                skipped.append({"uid": None, "error": "X-WR-TIMEZONE %r is not a known zone; ignored" % str(xwr)})

        groups = defaultdict(list)
        for i, ev in enumerate(cal.walk("VEVENT")):
            uid = ev.get("UID")
            key = str(uid) if uid is not None else ("<no uid>", i)
            groups[key].append(ev)

        for key, comps in groups.items():
            uid = key if isinstance(key, str) else None
            try:
                occurrences.extend(
                    expand_group(icalendar, recurring_ical_events, uid, comps, floating,
                                 win_from, win_to, from_utc, to_utc_, args.max_per_uid))
            except Exception as e:  # noqa: BLE001
                skipped.append({"uid": uid, "error": "%s: %s" % (type(e).__name__, e)})

    occurrences.sort(key=lambda o: (o["start"], o["uid"] or "", o["end"], o["summary"] or ""))
    result = {"ok": True, "occurrences": occurrences}
    if skipped:
        result["skipped"] = skipped
    return result


def expand_group(icalendar, rie, uid, comps, floating, win_from, win_to, from_utc, to_utc_, max_per_uid):
    specs = []
    sub = icalendar.Calendar()
    for i, comp in enumerate(comps):
        comp[REF] = str(i)  # survives the library's copy() of the component
        specs.append(duration_spec(comp, floating))
        sub.add_component(comp)
    unf = rie.UnfoldableCalendar(sub)

    recurring = any("RRULE" in c or "RDATE" in c for c in comps)
    margin = dt.timedelta(days=2)
    # Expand in one-year chunks for recurring groups so that an endless series stops once
    # max_per_uid occurrences are known; a single query for the rest.
    bounds = [win_from]
    if recurring:
        while bounds[-1] < win_to:
            nxt = dt.date(bounds[-1].year + 1, 1, 1)
            bounds.append(min(nxt, win_to))
    else:
        bounds.append(win_to)

    found = {}
    for lo, hi in zip(bounds, bounds[1:]):
        q_lo = dt.datetime.combine(lo, dt.time()) - margin
        q_hi = dt.datetime.combine(hi, dt.time()) + margin
        for vevent in unf.between(q_lo, q_hi):
            occ = make_occurrence(vevent, uid, specs, floating)
            if occ is None:
                continue
            if occ["allDay"]:
                d = dt.date.fromisoformat(occ["start"])
                inside = win_from <= d < win_to
            else:
                inside = from_utc <= occ["_start"] < to_utc_
            if not inside:
                continue
            k = (occ["start"], occ["end"], occ["recurrenceId"], occ["summary"], occ["_ref"])
            found.setdefault(k, occ)
        hi_key = fmt_date(hi)
        done = sum(1 for o in found.values() if o["start"] < hi_key)
        if done >= max_per_uid:
            # every occurrence starting before `hi` is known: the earliest max_per_uid are final
            unf.repetitions = [r for r in unf.repetitions if r.is_recurrence()]
            if not unf.repetitions:
                break

    result = sorted(found.values(), key=lambda o: (o["start"], o["end"], o["summary"] or ""))
    result = result[:max_per_uid]
    for o in result:
        o.pop("_start", None)
        o.pop("_ref", None)
    return result


def make_occurrence(vevent, uid, specs, floating):
    if str(vevent.get("STATUS", "")).strip().upper() == "CANCELLED":
        return None
    ref = int(str(vevent[REF]))
    start = vevent["DTSTART"].dt
    summary = vevent.get("SUMMARY")
    rid = vevent.get("RECURRENCE-ID")
    rid_out = None
    if rid is not None:
        r = rid.dt
        if is_date(r):
            rid_out = fmt_date(r)
        elif is_date(start):  # Outlook: DATE-TIME RECURRENCE-ID on an all-day series
            rid_out = fmt_date(r)  # its wall-clock date in its own zone
        else:
            rid_out = fmt_instant(to_utc(r, floating))
    end = occurrence_end(start, specs[ref], floating)
    if is_date(start):
        s_out, e_out, s_utc = fmt_date(start), fmt_date(end), None
    else:
        s_utc = to_utc(start, floating)
        s_out, e_out = fmt_instant(s_utc), fmt_instant(end)
    return {
        "uid": uid,
        "summary": str(summary) if summary is not None else None,
        "start": s_out,
        "end": e_out,
        "allDay": is_date(start),
        "recurrenceId": rid_out,
        "_start": s_utc,
        "_ref": ref,
    }


if __name__ == "__main__":
    sys.exit(main())
