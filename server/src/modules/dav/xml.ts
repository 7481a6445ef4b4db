/**
 * WebDAV's XML (RFC 4918): request bodies read with @xmldom/xmldom, namespaces resolved (clients
 * write `D:`, `d:`, a default namespace or none alike); answers written as text, every value
 * escaped. A document type declaration is refused outright: no entity of any kind is expanded.
 */
import { DOMParser, type Element, onErrorStopParsing } from '@xmldom/xmldom';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';
export const CALSERVER = 'http://calendarserver.org/ns/';
export const APPLE = 'http://apple.com/ns/ical/';

/** A property's or an element's name: its namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

export class BadXml extends Error {}

/** The request's root element; throws BadXml for text that is not well-formed XML. */
export function parseXml(text: string): Element {
  if (/<!DOCTYPE/i.test(text)) throw new BadXml('a document type declaration');
  let document;
  try {
    document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'application/xml');
  } catch {
    throw new BadXml('not well-formed');
  }
  const root = document.documentElement;
  if (!root) throw new BadXml('no root element');
  return root;
}

/** The element's child elements, in order. */
export function childElements(element: Element): Element[] {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) children.push(node as Element);
  }
  return children;
}

export const isNamed = (element: Element, ns: string, name: string) =>
  element.localName === name && (element.namespaceURI ?? '') === ns;

export const child = (element: Element, ns: string, name: string): Element | undefined =>
  childElements(element).find((e) => isNamed(e, ns, name));

export const qnameOf = (element: Element): QName => ({
  ns: element.namespaceURI ?? '',
  name: element.localName ?? '',
});

export const textOf = (element: Element | undefined): string => (element?.textContent ?? '').trim();

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** The prefixes answers use; any other namespace is declared where it is used. */
const prefixes = new Map([
  [DAV, 'd'],
  [CALDAV, 'cal'],
  [CALSERVER, 'cs'],
  [APPLE, 'ical'],
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

/** A 207 Multi-Status body from its `<d:response>` elements. */
export function multistatus(responses: string[], extra = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${declarations}>${responses.join('')}${extra}</d:multistatus>`;
}

/** A DAV error body (RFC 4918 §16): the precondition or postcondition that failed. */
export function davError(condition: QName): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error ${declarations}>${element(condition)}</d:error>`;
}

export const status = (code: number, text: string) => d('status', `HTTP/1.1 ${code} ${text}`);
