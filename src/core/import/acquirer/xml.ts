/**
 * A small XML reader for the acquirers' conciliation files: elements and their text, nothing else. Safe by
 * construction: a DOCTYPE or an entity declaration refuses the file (nothing is ever fetched or expanded);
 * only the five predefined entities and numeric character references are decoded. Attributes are read
 * but unused; namespaces prefixes are dropped from element names. Linear in the size of the file.
 */
import { acquirerErrors } from './acquirer-errors';

export interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const v = ENTITIES[e];
    if (v === undefined) throw new XmlError(`unknown entity ${whole}`);
    return v;
  });
}

const localName = (n: string) => n.slice(n.indexOf(':') + 1);

export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw acquirerErrors.unsafeXml();
  const root: XmlNode = { name: '#document', children: [], text: '' };
  const stack: XmlNode[] = [root];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? n : lt);
    if (chunk.trim() !== '') stack[stack.length - 1]!.text += decode(chunk);
    if (lt === -1) break;
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt);
      if (end === -1) throw new XmlError('an unfinished processing instruction');
      i = end + 2;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      if (end === -1) throw new XmlError('an unfinished comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end === -1) throw new XmlError('an unfinished CDATA section');
      stack[stack.length - 1]!.text += text.slice(lt + 9, end);
      i = end + 3;
    } else if (text.startsWith('</', lt)) {
      const end = text.indexOf('>', lt);
      if (end === -1) throw new XmlError('an unfinished closing tag');
      const name = localName(text.slice(lt + 2, end).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name)
        throw new XmlError(`</${name}> closes ${open && open !== root ? `<${open.name}>` : 'nothing'}`);
      i = end + 1;
    } else {
      const end = text.indexOf('>', lt);
      if (end === -1) throw new XmlError('an unfinished tag');
      const body = text.slice(lt + 1, end);
      const selfClosing = body.endsWith('/');
      const m = /^([A-Za-z_][\w.:-]*)/.exec(body);
      if (!m) throw new XmlError(`a tag that is not an element (“<${body.slice(0, 20)}”)`);
      const node: XmlNode = { name: localName(m[1]!), children: [], text: '' };
      stack[stack.length - 1]!.children.push(node);
      if (!selfClosing) stack.push(node);
      i = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlError(`<${stack[stack.length - 1]!.name}> is never closed`);
  return root;
}

/** The first child named `name`, or undefined. */
export const child = (n: XmlNode | undefined, name: string) => n?.children.find((c) => c.name === name);
/** Every child named `name`. */
export const children = (n: XmlNode | undefined, name: string) =>
  n ? n.children.filter((c) => c.name === name) : [];
/** The trimmed text of the first child named `name`, null when absent or empty. */
export const textOf = (n: XmlNode | undefined, name: string): string | null => {
  const t = child(n, name)?.text.trim();
  return t ? t : null;
};
