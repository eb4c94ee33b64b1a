/**
 * The relationships of a DOCX (`_rels/*.rels`), read with a small strict XML parser and
 * written back with only what stays inside the file. A linked picture (`a:blip r:link`), an
 * attached template or a remote frame is a relationship whose target is outside the package:
 * LibreOffice follows it and embeds what it finds (a file of the server, a URL) into the PDF.
 * A regular expression over the `.rels` text missed five spellings LibreOffice's parser reads
 * alike (`TargetMode="&#69;xternal"`, `</Relationship >`, a comment inside the element, a
 * hyperlink relationship used by a picture, a `>` inside another attribute), so the text is
 * parsed as XML and the part rewritten from what was parsed: whatever the parser did not
 * understand is not written back.
 */
import { zipSync } from 'fflate';

import { unpackZip } from './sniff.ts';

/** Not XML this parser accepts: the relationships part is then written back empty. */
export class XmlError extends Error {
  override name = 'XmlError';
}

export interface XmlElement {
  /** The qualified name as written (`Relationship`, `pr:Relationship`). */
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
}

/** Deeper nesting than any relationships part has: refused rather than recursed into. */
const MAX_DEPTH = 64;
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /[ \t\r\n]*/y;
/** Characters XML 1.0 does not allow anywhere, even escaped (and lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PREDEFINED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/** `text` with its entity and character references replaced; anything else is an error. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new XmlError('an unterminated reference');
    const named = PREDEFINED[body];
    if (named !== undefined) return named;
    const match = /^#(?:([0-9]{1,7})|x([0-9a-fA-F]{1,6}))$/.exec(body);
    if (match === null) throw new XmlError(`an unknown entity &${body};`);
    const code = match[1] === undefined ? parseInt(match[2] ?? '', 16) : Number(match[1]);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw new XmlError('a reference to no character');
    }
    const character = String.fromCodePoint(code);
    if (NOT_XML.test(character)) throw new XmlError('a reference to a character XML forbids');
    return character;
  });
}

/**
 * Parses an XML document into its elements, linearly and strictly: an XML declaration,
 * processing instructions, comments, CDATA, elements, attributes (quoted with " or ', holding
 * `>` if they like) and the five predefined entities and character references. A DOCTYPE (whose
 * entities could spell anything), an unknown entity, a mismatched end tag or a stray character
 * is an XmlError. Text content is checked, not kept.
 *
 * @example parseXml('<a x="1"><b/></a>').children[0]?.name // 'b'
 */
export function parseXml(source: string): XmlElement {
  const text = source.startsWith('\ufeff') ? source.slice(1) : source;
  if (NOT_XML.test(text)) throw new XmlError('a character XML forbids');
  let at = 0;

  const fail = (what: string): never => {
    throw new XmlError(`${what} at offset ${at}`);
  };
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    at = SPACE.lastIndex;
  };
  const readName = (): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(text);
    if (match === null) return fail('a name expected');
    at = NAME.lastIndex;
    return match[0];
  };
  /** Skips `<?…?>`, `<!--…-->` or (in content) `<![CDATA[…]]>` at `at`; false if none is there. */
  const skipMarkup = (inContent: boolean): boolean => {
    const skipTo = (end: string) => {
      const close = text.indexOf(end, at);
      if (close < 0) fail(`no ${end}`);
      at = close + end.length;
    };
    if (text.startsWith('<?', at)) {
      skipTo('?>');
      return true;
    }
    if (text.startsWith('<!--', at)) {
      at += 4;
      const close = text.indexOf('--', at);
      if (close < 0 || text[close + 2] !== '>') fail('a comment holding "--" or not closed');
      at = close + 3;
      return true;
    }
    if (inContent && text.startsWith('<![CDATA[', at)) {
      skipTo(']]>');
      return true;
    }
    if (text.startsWith('<!', at)) fail('a DOCTYPE or other declaration');
    return false;
  };

  const element = (depth: number): XmlElement => {
    if (depth > MAX_DEPTH) fail('elements nested too deep');
    at += 1; // '<'
    const name = readName();
    const attributes = new Map<string, string>();
    for (;;) {
      const before = at;
      skipSpace();
      if (text.startsWith('/>', at)) {
        at += 2;
        return { name, attributes, children: [] };
      }
      if (text[at] === '>') {
        at += 1;
        break;
      }
      if (at === before) fail('a space expected before an attribute');
      const attribute = readName();
      skipSpace();
      if (text[at] !== '=') fail('"=" expected');
      at += 1;
      skipSpace();
      const quote = text[at];
      if (quote !== '"' && quote !== "'") return fail('a quoted value expected');
      const close = text.indexOf(quote, at + 1);
      if (close < 0) fail('an unclosed attribute value');
      const raw = text.slice(at + 1, close);
      if (raw.includes('<')) fail('"<" in an attribute value');
      if (attributes.has(attribute)) fail(`the attribute ${attribute} twice`);
      // XML normalises a literal tab or line break in an attribute value to a space.
      attributes.set(attribute, decodeReferences(raw.replace(/[\t\r\n]/g, ' ')));
      at = close + 1;
    }
    const children: XmlElement[] = [];
    for (;;) {
      const next = text.indexOf('<', at);
      if (next < 0) fail(`no end tag for ${name}`);
      decodeReferences(text.slice(at, next));
      at = next;
      if (text.startsWith('</', at)) {
        at += 2;
        if (readName() !== name) fail(`a mismatched end tag for ${name}`);
        skipSpace();
        if (text[at] !== '>') fail('">" expected');
        at += 1;
        return { name, attributes, children };
      }
      if (!skipMarkup(true)) children.push(element(depth + 1));
    }
  };

  let root: XmlElement | undefined;
  for (;;) {
    skipSpace();
    if (at >= text.length) break;
    if (text[at] !== '<') fail('text outside the root element');
    if (skipMarkup(false)) continue;
    if (root !== undefined) fail('a second root element');
    root = element(1);
  }
  return root ?? fail('no root element');
}

const RELATIONSHIPS_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/relationships';
const EMPTY_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}"/>`;
/** `scheme:` at the start of a target: `file:`, `http:`, `smb:`, `C:`, `vnd.sun.star.…:`. */
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** What a target says once percent-escapes are undone (as a URL reader would). */
function unescaped(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/**
 * Whether a relationship stays inside the package: internal (no TargetMode, or exactly
 * "Internal"), and a target with no scheme, not absolute, no "..", no backslash, no colon,
 * before or after percent-decoding. Pictures, styles and headers of a Word file all pass;
 * linked pictures, templates, hyperlinks, and parts reached by ".." (a chart's embedded
 * workbook, custom XML) do not, which costs the PDF nothing it shows.
 */
function staysInside(relationship: XmlElement): boolean {
  const { attributes } = relationship;
  const mode = attributes.get('TargetMode');
  if (mode !== undefined && mode !== 'Internal') return false;
  const target = attributes.get('Target');
  if (target === undefined || attributes.get('Id') === undefined) return false;
  if (attributes.get('Type') === undefined) return false;
  return [target, unescaped(target)].every(
    (spelling) =>
      spelling !== '' &&
      !HAS_SCHEME.test(spelling) &&
      !spelling.startsWith('/') &&
      !spelling.includes('..') &&
      !spelling.includes('\\') &&
      !spelling.includes(':'),
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A relationships part written anew with only the relationships that stay inside the package
 * (Id, Type and Target; nothing else is carried over). A part that is not strict XML, or whose
 * root is not `Relationships`, becomes an empty one.
 */
export function cleanRelationships(xml: string): string {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    return EMPTY_RELATIONSHIPS;
  }
  if (localName(root.name) !== 'Relationships') return EMPTY_RELATIONSHIPS;
  const kept = root.children
    .filter((child) => localName(child.name) === 'Relationship')
    .filter(staysInside)
    .map((relationship) => {
      const value = (name: string) => escapeAttribute(relationship.attributes.get(name) ?? '');
      return `<Relationship Id="${value('Id')}" Type="${value('Type')}" Target="${value('Target')}"/>`;
    });
  if (kept.length === 0) return EMPTY_RELATIONSHIPS;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${kept.join('')}</Relationships>`;
}

/** Whether a ZIP entry is a relationships part, in any case or path spelling. */
const isRelationshipsPart = (name: string) => /\.rels$|(^|[/\\])_rels[/\\]/i.test(name);

/**
 * The DOCX with every relationships part rewritten by `cleanRelationships`, so opening it
 * reaches nothing outside the file. The archive is written anew from the entries read (the
 * ZIP is checked by sniff.ts's limits again).
 */
export function withoutExternalReferences(bytes: Uint8Array): Uint8Array {
  const entries = unpackZip(bytes);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  for (const [name, data] of entries) {
    if (isRelationshipsPart(name)) {
      entries.set(name, encoder.encode(cleanRelationships(decoder.decode(data))));
    }
  }
  return zipSync(Object.fromEntries(entries));
}
