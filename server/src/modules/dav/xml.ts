/**
 * WebDAV's XML (RFC 4918): request bodies read with saxes, a streaming parser, a slice at a time
 * with the event loop turning between slices, into a small tree with namespaces resolved (clients
 * write `D:`, `d:`, a default namespace or none alike); answers written as text, every value
 * escaped. A document type declaration is refused outright: no entity of any kind is expanded. A
 * body past XML_ELEMENTS_MAX elements is refused as it is read.
 */
import { SaxesParser } from 'saxes';
import { WorkSlicer } from '../../lib/work-slicer';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';
export const CALSERVER = 'http://calendarserver.org/ns/';
export const APPLE = 'http://apple.com/ns/ical/';
/** Where a refusal's human reason goes: sabre/dav's `s:message`, which clients already show. */
export const SABRE = 'http://sabredav.org/ns';

/** The most elements a request body may hold: far more than any client's request names. */
export const XML_ELEMENTS_MAX = 10_000;
/** How much of a body is read between two turns of the event loop. */
const SLICE_CHARS = 8_192;

/** A property's or an element's name: its namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

/** An element as the handlers read it. */
export class XmlElement {
  readonly children: XmlElement[] = [];
  text = '';
  constructor(
    readonly namespaceURI: string,
    readonly localName: string,
    private readonly attributes: Map<string, string>,
  ) {}

  /** An attribute without a namespace (CalDAV's `name`, `start`, `collation`…), or null. */
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
}

export class BadXml extends Error {}
export class XmlTooLarge extends Error {}

/** The request's root element; throws BadXml for text that is not well-formed XML, XmlTooLarge past the limit. */
export async function parseXml(text: string, slicer = new WorkSlicer(10)): Promise<XmlElement> {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let failure: Error | undefined;
  parser.on('doctype', () => {
    failure ??= new BadXml('a document type declaration');
  });
  parser.on('error', (error) => {
    failure ??= new BadXml(error.message);
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > XML_ELEMENTS_MAX) failure ??= new XmlTooLarge('too many elements');
    if (failure) return;
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === '') attributes.set(attribute.local, attribute.value);
    }
    const element = new XmlElement(tag.uri, tag.local, attributes);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (value: string) => {
    // Text belongs to every open element, as DOM's textContent reads it.
    for (const element of stack) element.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  for (let at = 0; at < text.length && !failure; at += SLICE_CHARS) {
    try {
      parser.write(text.slice(at, at + SLICE_CHARS));
    } catch (error) {
      failure ??= new BadXml(String(error));
    }
    await slicer.pause();
  }
  if (!failure) {
    try {
      parser.close();
    } catch (error) {
      failure ??= new BadXml(String(error));
    }
  }
  if (failure) throw failure;
  if (!root) throw new BadXml('no root element');
  return root;
}

/** The element's child elements, in order. */
export const childElements = (element: XmlElement): XmlElement[] => element.children;

export const isNamed = (element: XmlElement, ns: string, name: string) =>
  element.localName === name && element.namespaceURI === ns;

export const child = (element: XmlElement, ns: string, name: string): XmlElement | undefined =>
  element.children.find((e) => isNamed(e, ns, name));

export const qnameOf = (element: XmlElement): QName => ({
  ns: element.namespaceURI,
  name: element.localName,
});

export const textOf = (element: XmlElement | undefined): string => (element?.text ?? '').trim();

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/**
 * Text escaped with each carriage return as a character reference: XML readers turn a bare CRLF
 * into LF (XML 1.0 §2.11), and an object's bytes are to reach the client as they are (D49).
 */
export const escapeXmlKeepingCr = (text: string) =>
  text.replace(/[&<>"'\r]/g, (c) => (c === '\r' ? '&#13;' : escapes[c]!));

/** The prefixes answers use; any other namespace is declared where it is used. */
const prefixes = new Map([
  [DAV, 'd'],
  [CALDAV, 'cal'],
  [CALSERVER, 'cs'],
  [APPLE, 'ical'],
  [SABRE, 's'],
]);

/** `<prefix:name>…</prefix:name>`, or the empty element; `inner` is XML already. */
export function element(qname: QName, inner = ''): string {
  const prefix = prefixes.get(qname.ns);
  if (prefix)
    return inner
      ? `<${prefix}:${qname.name}>${inner}</${prefix}:${qname.name}>`
      : `<${prefix}:${qname.name}/>`;
  const open = `x:${qname.name} xmlns:x="${escapeXml(qname.ns)}"`;
  return inner ? `<${open}>${inner}</x:${qname.name}>` : `<${open}/>`;
}

export const d = (name: string, inner = '') => element({ ns: DAV, name }, inner);

const declarations = [...prefixes].map(([ns, prefix]) => `xmlns:${prefix}="${ns}"`).join(' ');

/** How a Multi-Status body starts and ends: its responses go between. */
export const multistatusHead = `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${declarations}>`;
export const multistatusTail = '</d:multistatus>';

/** A 207 Multi-Status body from its `<d:response>` elements. */
export function multistatus(responses: string[], extra = ''): string {
  return `${multistatusHead}${responses.join('')}${extra}${multistatusTail}`;
}

/**
 * A DAV error body (RFC 4918 §16): the precondition or postcondition that failed (with its inner
 * XML, e.g. the href no-uid-conflict names) and, when given, a reason a person can read.
 */
export function davError(condition: QName, reason?: string, inner = ''): string {
  const message = reason === undefined ? '' : element({ ns: SABRE, name: 'message' }, escapeXml(reason));
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${declarations}>${element(condition, inner)}${message}</d:error>`;
}

export const status = (code: number, text: string) => d('status', `HTTP/1.1 ${code} ${text}`);
