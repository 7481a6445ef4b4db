/**
 * An iCalendar text as its client wrote it, edited line by line (D49): components and their
 * content lines are kept with their exact bytes (folds, parameter order, case), and only the lines
 * a change touches are written anew. Serializing an untouched tree gives back the text it was
 * read from, so what the app does not model survives every change the app makes.
 */
import { foldLine } from '../../lib/ical-values';

/** One content line: its physical lines as written, and its parts unfolded. */
export interface ContentLine {
  kind: 'line';
  /** The physical lines joined by CRLF, as they were (or as written anew). */
  raw: string;
  /** The property's name, upper case. */
  name: string;
  /** Everything between the name and the value's colon, e.g. `;TZID=Europe/Paris` */
  params: string;
  value: string;
}

export interface ComponentNode {
  kind: 'component';
  /** What came before BEGIN and after END (blank lines, on the calendar only), as written. */
  before?: string;
  after?: string;
  /** Upper case: VCALENDAR, VEVENT, VTODO, VALARM, VTIMEZONE… */
  name: string;
  begin: string;
  end: string;
  items: Array<ContentLine | ComponentNode>;
}

export class NotIcalText extends Error {}

/** The value's colon: the first one outside a quoted parameter value. */
function valueColon(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 58 && !quoted) return i;
  }
  return -1;
}

function contentLine(raw: string, unfolded: string): ContentLine {
  const colon = valueColon(unfolded);
  if (colon < 1) throw new NotIcalText('a line without a value');
  const head = unfolded.slice(0, colon);
  const semicolon = head.indexOf(';');
  const name = (semicolon === -1 ? head : head.slice(0, semicolon)).toUpperCase();
  return {
    kind: 'line',
    raw,
    name,
    params: semicolon === -1 ? '' : head.slice(semicolon),
    value: unfolded.slice(colon + 1),
  };
}

/** Reads a text (CRLF or LF) into its VCALENDAR; throws NotIcalText when it is not one. */
export function parseIcalText(text: string): ComponentNode {
  const physical = text.split(/\r?\n/);
  if (physical.length > 0 && physical[physical.length - 1] === '') physical.pop();
  const stack: ComponentNode[] = [];
  let root: ComponentNode | undefined;
  let leading = '';
  let i = 0;
  while (i < physical.length) {
    let j = i + 1;
    while (j < physical.length && (physical[j]!.startsWith(' ') || physical[j]!.startsWith('\t'))) j += 1;
    const parts = physical.slice(i, j);
    i = j;
    const raw = parts.join('\r\n');
    const unfolded = parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('');
    if (unfolded.trim() === '') {
      // A blank line is kept where it was: no reader minds it, and the text stays as written.
      const open = stack[stack.length - 1];
      if (open) open.items.push({ kind: 'line', raw, name: '', params: '', value: '' });
      else if (root) root.after = `${root.after ?? ''}${raw}\r\n`;
      else leading += `${raw}\r\n`;
      continue;
    }
    const line = contentLine(raw, unfolded);
    if (line.name === 'BEGIN') {
      const node: ComponentNode = {
        kind: 'component',
        name: line.value.trim().toUpperCase(),
        begin: raw,
        end: '',
        items: [],
      };
      if (stack.length === 0) {
        if (root) throw new NotIcalText('text after the calendar');
        root = node;
      } else stack[stack.length - 1]!.items.push(node);
      stack.push(node);
    } else if (line.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== line.value.trim().toUpperCase()) throw new NotIcalText('unbalanced END');
      open.end = raw;
    } else {
      const open = stack[stack.length - 1];
      if (!open) throw new NotIcalText('a property outside the calendar');
      open.items.push(line);
    }
  }
  if (!root || stack.length > 0 || root.name !== 'VCALENDAR') throw new NotIcalText('not one VCALENDAR');
  if (leading) root.before = leading;
  return root;
}

/** The text of a tree, CRLF after every line. */
export function serializeIcal(node: ComponentNode): string {
  const out: string[] = [];
  const walk = (component: ComponentNode) => {
    out.push(component.begin);
    for (const item of component.items) {
      if (item.kind === 'line') out.push(item.raw);
      else walk(item);
    }
    out.push(component.end);
  };
  walk(node);
  return `${node.before ?? ''}${out.join('\r\n')}\r\n${node.after ?? ''}`;
}

/** A new content line from its parts. */
export function newLine(name: string, params: string, value: string): ContentLine {
  const upper = name.toUpperCase();
  return { kind: 'line', raw: foldLine(`${upper}${params}:${value}`), name: upper, params, value };
}

export const linesOf = (node: ComponentNode): ContentLine[] =>
  node.items.filter((item): item is ContentLine => item.kind === 'line');

export const componentsOf = (node: ComponentNode, name?: string): ComponentNode[] =>
  node.items.filter(
    (item): item is ComponentNode => item.kind === 'component' && (name === undefined || item.name === name),
  );

export const firstLine = (node: ComponentNode, name: string): ContentLine | undefined =>
  linesOf(node).find((line) => line.name === name);

/** A parameter's value from a line's parameters, unquoted; undefined when absent. */
export function paramOf(params: string, name: string): string | undefined {
  const match = new RegExp(`;${name}=("[^"]*"|[^;:]*)`, 'i').exec(params);
  return match ? match[1]!.replace(/^"|"$/g, '') : undefined;
}

/**
 * Puts `line` where the first property of its name is (the others of that name removed), or, when
 * there is none, after the component's last property line.
 */
export function setLine(node: ComponentNode, line: ContentLine): void {
  const at = node.items.findIndex((item) => item.kind === 'line' && item.name === line.name);
  if (at !== -1) {
    node.items[at] = line;
    node.items = node.items.filter(
      (item, index) => index === at || item.kind !== 'line' || item.name !== line.name,
    );
    return;
  }
  insertLine(node, line);
}

/** Adds `line` after the component's last property line (before its subcomponents). */
export function insertLine(node: ComponentNode, line: ContentLine): void {
  let last = -1;
  node.items.forEach((item, index) => {
    if (item.kind === 'line') last = index;
  });
  node.items.splice(last + 1, 0, line);
}

/** Removes every property of this name (for which `which` holds, when given). */
export function removeLines(node: ComponentNode, name: string, which?: (line: ContentLine) => boolean): void {
  node.items = node.items.filter(
    (item) => item.kind !== 'line' || item.name !== name || (which !== undefined && !which(item)),
  );
}
