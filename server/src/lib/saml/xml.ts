import { DOMParser } from "@xmldom/xmldom";

/** True when the text declares a DTD or an entity (XXE, billion laughs): such XML is never parsed. */
export const hasDtd = (xml: string) => /<!\s*(DOCTYPE|ENTITY)/i.test(xml);

/** Parses XML that has no DTD; throws on any parse error or warning-level malformation. */
export function parseXml(xml: string) {
  if (hasDtd(xml)) throw new Error("DTD or entity declaration");
  const fail = (msg: string) => {
    throw new Error(`XML: ${msg}`);
  };
  const doc = new DOMParser({ locator: {}, errorHandler: { error: fail, fatalError: fail } }).parseFromString(xml, "text/xml");
  if (!doc?.documentElement) throw new Error("XML: no document element");
  return doc;
}

/** The direct children of an element with a local name. */
export function childrenNamed(el: Element, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === localName) out.push(n as Element);
  return out;
}
