/**
 * A college's logo, made safe to put in the page (SPEC §3 branding; a college's files are data,
 * never markup). The logo is an inline SVG in every page's header and a `data:` URL as the browser
 * tab's icon, so it must hold nothing that runs, loads or restyles: a small allow-list parser reads
 * the file, refuses what could (a script, an event attribute, a style element, a foreign object,
 * any reference outside the file, a DOCTYPE's entities), drops an editor's metadata, and writes the
 * drawing out again from what it read, so what the page gets is exactly what was checked. Pure: it
 * runs wherever the college is loaded.
 */

/** The SVG namespace (a `data:` URL icon renders only with it). */
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** The largest logo accepted, in characters: it ships in every page, twice (header, icon). */
export const MAX_LOGO_CHARACTERS = 50_000;
/** The deepest nesting of elements accepted. */
const MAX_DEPTH = 32;

/** Drawing elements: shapes, groups, text, paint servers, clipping and masking, reuse. */
const ELEMENTS: ReadonlySet<string> = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
]);

/** Why an element that is not drawing is refused, where the reason is not obvious. */
const REFUSED_ELEMENTS: Readonly<Record<string, string>> = {
  script: 'a script would run in every page',
  style: 'a style element would restyle the whole page; use attributes such as fill="#003875"',
  foreignObject: 'a foreign object can hold HTML',
  image: 'an image loads another file; draw the logo as SVG shapes',
  a: 'a link in the logo',
  iframe: 'a frame loads another page',
  animate: 'an animation can change attributes after the check',
  set: 'an animation can change attributes after the check',
  animateTransform: 'an animation can change attributes after the check',
  animateMotion: 'an animation can change attributes after the check',
};

/** Presentation, geometry and accessibility attributes. */
const ATTRIBUTES: ReadonlySet<string> = new Set([
  // Structure and accessibility.
  'id',
  'class',
  'style',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'role',
  'aria-label',
  'aria-labelledby',
  'aria-hidden',
  'focusable',
  'xml:space',
  'href',
  'xlink:href',
  // Geometry.
  'x',
  'y',
  'width',
  'height',
  'rx',
  'ry',
  'cx',
  'cy',
  'r',
  'fx',
  'fy',
  'fr',
  'x1',
  'y1',
  'x2',
  'y2',
  'd',
  'points',
  'pathLength',
  'transform',
  // Paint.
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'clip-path',
  'clip-rule',
  'mask',
  // Gradients, clips, masks, patterns.
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  // Text.
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
]);

/** In a value: `url(` other than a reference inside the file (`url(#gradient)`). */
const OUTSIDE_URL = /url\s*\(\s*(?!['"]?#)/i;
/** In a style attribute: what CSS could load or run, and escapes that could hide it. */
const UNSAFE_STYLE = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|\\/i;

/** The logo as read and written again, or why it is refused (each with its line). */
export interface LogoCheck {
  /** The logo, safe to put in the page; undefined when refused. */
  svg?: string;
  problems: { line: number; message: string }[];
}

interface Element {
  name: string;
  attributes: [string, string][];
  children: (Element | string)[];
  /** Dropped with everything inside it (an editor's metadata). */
  dropped: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

function serialise(element: Element): string {
  const attributes = element.attributes
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const children = element.children
    .filter((child) => typeof child === 'string' || !child.dropped)
    .map((child) => (typeof child === 'string' ? escapeText(child) : serialise(child)))
    .join('');
  return children === ''
    ? `<${element.name}${attributes}/>`
    : `<${element.name}${attributes}>${children}</${element.name}>`;
}

/**
 * Reads a logo file and returns it safe to inline, or every reason it is refused.
 *
 * @example checkLogo('<svg xmlns="http://www.w3.org/2000/svg"><script>…</script></svg>').problems
 * // [{ line: 1, message: '<script> is not allowed: a script would run in every page' }]
 */
export function checkLogo(text: string): LogoCheck {
  const problems: LogoCheck['problems'] = [];
  if (text.length > MAX_LOGO_CHARACTERS) {
    return {
      problems: [
        {
          line: 1,
          message: `is ${text.length} characters; a logo may have at most ${MAX_LOGO_CHARACTERS} (it ships in every page): simplify its paths`,
        },
      ],
    };
  }
  let at = 0;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const refuse = (offset: number, message: string) => {
    problems.push({ line: lineAt(offset), message });
  };
  const decode = (raw: string, offset: number): string =>
    raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, entity: string | undefined) => {
      if (entity === undefined) {
        refuse(offset, 'has a bare "&": write &amp;');
        return '';
      }
      if (entity.startsWith('#')) {
        const code = entity.startsWith('#x')
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10);
        if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
        refuse(offset, `has a character reference ${whole} that is no character`);
        return '';
      }
      const known = ENTITIES[entity];
      if (known === undefined) refuse(offset, `has an entity ${whole}: only XML's own are allowed`);
      return known ?? '';
    });

  const root: Element = { name: '#document', attributes: [], children: [], dropped: false };
  const stack: Element[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  if (text.startsWith('\uFEFF')) at = 1;

  while (at < text.length) {
    const start = at;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) {
        refuse(start, 'has a comment that never ends');
        break;
      }
      at = end + 3;
    } else if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (
        end < 0 ||
        !/^<\?xml\s/.test(text.slice(at, at + 6)) ||
        root.children.some((child) => typeof child !== 'string')
      )
        refuse(
          start,
          'has a processing instruction: only an <?xml …?> declaration at the top is allowed',
        );
      at = end < 0 ? text.length : end + 2;
    } else if (text.startsWith('<!', at)) {
      refuse(
        start,
        text.startsWith('<!DOCTYPE', at)
          ? 'has a DOCTYPE: its entities could pull in other files; remove it'
          : 'has a CDATA section or declaration: remove it',
      );
      break;
    } else if (text.startsWith('</', at)) {
      const match = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(text.slice(at));
      const open = current();
      if (match?.[1] === undefined || open.name !== match[1]) {
        refuse(start, `has a closing tag that does not match <${open.name}>`);
        break;
      }
      stack.pop();
      at += match[0].length;
    } else if (text[at] === '<') {
      const match = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(at));
      const name = match?.[1];
      if (name === undefined) {
        refuse(start, 'has a "<" that starts no element: write &lt;');
        break;
      }
      at += name.length + 1;
      const attributes: [string, string][] = [];
      const element: Element = {
        name,
        attributes,
        children: [],
        dropped: current().dropped || name.includes(':') || name === 'metadata',
      };
      let selfClosing = false;
      for (;;) {
        const attribute = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(
          text.slice(at),
        );
        if (attribute?.[1] !== undefined) {
          const attributeName = attribute[1];
          const value = decode(attribute[2] ?? attribute[3] ?? '', at);
          at += attribute[0].length;
          if (attributes.some(([seen]) => seen === attributeName))
            refuse(at, `<${name}> has ${attributeName} twice`);
          else attributes.push([attributeName, value]);
          continue;
        }
        const end = /^\s*(\/?)>/.exec(text.slice(at));
        if (end === null) {
          refuse(at, `<${name}> has an attribute that is not name="value"`);
          at = text.length;
          break;
        }
        selfClosing = end[1] === '/';
        at += end[0].length;
        break;
      }
      if (!element.dropped) {
        if (stack.length === 1 && name !== 'svg')
          refuse(start, `starts with <${name}>: a logo is one <svg> element`);
        else if (stack.length === 1 && root.children.some((child) => typeof child !== 'string'))
          refuse(start, 'has a second top-level element: a logo is one <svg> element');
        if (!ELEMENTS.has(name)) {
          const why = REFUSED_ELEMENTS[name];
          refuse(
            start,
            `<${name}> is not allowed${why === undefined ? ' in a logo (only drawing elements are)' : `: ${why}`}`,
          );
        }
        element.attributes = attributes.filter(([attributeName, value]) => {
          // An editor's own attributes and namespaces (inkscape:label, xmlns:sodipodi): dropped.
          if (attributeName.startsWith('xmlns:') && attributeName !== 'xmlns:xlink') return false;
          if (attributeName.includes(':') && !/^(xlink|xml|xmlns):/.test(attributeName))
            return false;
          if (/^on/i.test(attributeName)) {
            refuse(start, `<${name}> has ${attributeName}: event attributes run script`);
          } else if (!ATTRIBUTES.has(attributeName)) {
            refuse(start, `<${name}> has ${attributeName}, which a logo may not have`);
          } else if (
            (attributeName === 'href' || attributeName === 'xlink:href') &&
            !value.startsWith('#')
          ) {
            refuse(
              start,
              `<${name}> has ${attributeName}="${value}": only a reference inside the file (#id) is allowed`,
            );
          } else if (OUTSIDE_URL.test(value)) {
            refuse(
              start,
              `<${name}> has ${attributeName} with url(…) outside the file: only url(#id) is allowed`,
            );
          } else if (attributeName === 'style' && UNSAFE_STYLE.test(value)) {
            refuse(
              start,
              `<${name}> has a style that could load or run something (@import, expression, escapes)`,
            );
          } else if (attributeName === 'xmlns' && value !== SVG_NAMESPACE) {
            refuse(start, `<${name}> has xmlns="${value}": an SVG's namespace is ${SVG_NAMESPACE}`);
          } else if (attributeName === 'xmlns:xlink' && value !== XLINK_NAMESPACE) {
            refuse(start, `<${name}> has xmlns:xlink="${value}", which is not XLink's namespace`);
          }
          return true;
        });
        if (stack.length === 1 && name === 'svg' && !attributes.some(([n]) => n === 'xmlns'))
          element.attributes.unshift(['xmlns', SVG_NAMESPACE]);
      }
      current().children.push(element);
      if (!selfClosing) {
        stack.push(element);
        if (stack.length > MAX_DEPTH + 1) {
          refuse(start, `nests elements more than ${MAX_DEPTH} deep`);
          break;
        }
      }
    } else {
      const end = text.indexOf('<', at);
      const raw = text.slice(at, end < 0 ? text.length : end);
      at = end < 0 ? text.length : end;
      const value = decode(raw, start);
      if (stack.length === 1) {
        if (value.trim() !== '') refuse(start, 'has text outside the <svg> element');
      } else if (!current().dropped) current().children.push(value);
    }
  }
  if (problems.length === 0 && stack.length > 1)
    refuse(text.length, `ends before </${current().name}>`);
  const svg = root.children.find((child): child is Element => typeof child !== 'string');
  if (problems.length === 0 && svg === undefined) refuse(0, 'holds no <svg> element');
  if (problems.length > 0 || svg === undefined) return { problems };
  return { svg: serialise(svg), problems };
}
