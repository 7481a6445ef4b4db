/**
 * The recurrence engine is lib/occurrences.ts (issue 27: the calendar, the reminders and a
 * migration share it). This path stays only for bench/meetings-engine.ts until it imports lib's.
 */
export * from '../../lib/occurrences';
