import { describe, expect, it } from 'vitest';

import { checkLogo, MAX_LOGO_CHARACTERS } from './logo.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const messages = (text: string) => checkLogo(text).problems.map((problem) => problem.message);

describe('checkLogo: a logo safe to put in every page, or refused with a reason', () => {
  it('keeps a plain drawing as it is', () => {
    const logo = `<svg ${SVG} viewBox="0 0 48 48" role="img" aria-label="Gallatin College"><rect width="48" height="48" rx="8" fill="#003875"/><path d="M8 34 L19 16 Z" fill="#EAAA00"/></svg>`;
    expect(checkLogo(logo)).toEqual({ svg: logo, problems: [] });
  });

  it("writes out what it read: an editor's metadata, comments and the XML declaration dropped, the namespace added", () => {
    const logo = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Created with Inkscape -->
<svg viewBox="0 0 10 10" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3">
  <metadata><rdf:RDF/></metadata>
  <sodipodi:namedview id="base"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <circle cx="5" cy="5" r="4" fill="url(#g)"/>
  <text x="1" y="9">A &amp; B</text>
</svg>`;
    const { svg, problems } = checkLogo(logo);
    expect(problems).toEqual([]);
    expect(svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  
  
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <circle cx="5" cy="5" r="4" fill="url(#g)"/>
  <text x="1" y="9">A &amp; B</text>
</svg>`,
    );
  });

  // Each hostile logo, and the reason it is refused.
  const hostile: [string, string, RegExp][] = [
    [
      'a script',
      `<svg ${SVG}><script>alert(1)</script></svg>`,
      /<script> is not allowed: a script/,
    ],
    [
      'an event attribute',
      `<svg ${SVG} onload="alert(1)"/>`,
      /onload: event attributes run script/,
    ],
    [
      'an event attribute in upper case',
      `<svg ${SVG}><rect ONCLICK="alert(1)"/></svg>`,
      /ONCLICK: event attributes/,
    ],
    [
      'a foreign object holding HTML',
      `<svg ${SVG}><foreignObject><div>hi</div></foreignObject></svg>`,
      /<foreignObject> is not allowed: a foreign object can hold HTML/,
    ],
    [
      'a link to javascript:',
      `<svg ${SVG}><a href="javascript:alert(1)"><rect/></a></svg>`,
      /<a> is not allowed/,
    ],
    [
      'a use of another file',
      `<svg ${SVG}><use href="https://evil.example/x.svg#a"/></svg>`,
      /only a reference inside the file \(#id\)/,
    ],
    [
      'an xlink:href to a data: URL',
      `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="data:image/svg+xml,&lt;svg/>"/></svg>`,
      /xlink:href="data:image\/svg\+xml,<svg\/>": only a reference inside the file/,
    ],
    [
      'an image',
      `<svg ${SVG}><image href="https://evil.example/track.png"/></svg>`,
      /<image> is not allowed/,
    ],
    [
      'a fill from another file',
      `<svg ${SVG}><rect fill="url(https://evil.example/p.svg#g)"/></svg>`,
      /url\(…\) outside the file/,
    ],
    [
      'a style element',
      `<svg ${SVG}><style>body { display: none }</style></svg>`,
      /<style> is not allowed: a style element would restyle the whole page/,
    ],
    [
      'a style attribute that imports',
      `<svg ${SVG}><rect style="@import 'https://evil.example/x.css'"/></svg>`,
      /style that could load or run/,
    ],
    [
      'a style attribute loading a background',
      `<svg ${SVG}><rect style="background:url(https://evil.example/x)"/></svg>`,
      /url\(…\) outside the file/,
    ],
    [
      'a style attribute hiding url( behind an escape',
      `<svg ${SVG}><rect style="background:u\\72l(https://evil.example/x)"/></svg>`,
      /style that could load or run/,
    ],
    [
      'a DOCTYPE with an entity',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${SVG}>&x;</svg>`,
      /DOCTYPE: its entities could pull in other files/,
    ],
    ['an unknown entity', `<svg ${SVG}><text>&nbsp;</text></svg>`, /entity &nbsp;: only XML's own/],
    ['a CDATA section', `<svg ${SVG}><![CDATA[<script>]]></svg>`, /CDATA/],
    [
      'an animation',
      `<svg ${SVG}><set attributeName="href" to="x"/></svg>`,
      /<set> is not allowed/,
    ],
    ['HTML, not SVG', '<div>logo</div>', /starts with <div>: a logo is one <svg> element/],
    ['two logos', `<svg ${SVG}/><svg ${SVG}/>`, /second top-level element/],
    ['an SVG that never closes', `<svg ${SVG}><g>`, /ends before <\/g>/],
    ['a mismatched closing tag', `<svg ${SVG}><g></svg>`, /closing tag that does not match <g>/],
    ['an unquoted attribute', `<svg ${SVG}><rect width=4/></svg>`, /not name="value"/],
    [
      'another namespace',
      '<svg xmlns="http://www.w3.org/1999/xhtml"/>',
      /namespace is http:\/\/www\.w3\.org\/2000\/svg/,
    ],
    ['nothing at all', '   ', /holds no <svg> element/],
  ];
  it.each(hostile)('refuses %s', (_name, text, reason) => {
    const result = checkLogo(text);
    expect(result.svg).toBeUndefined();
    expect(result.problems.map((problem) => problem.message)).toContainEqual(
      expect.stringMatching(reason),
    );
  });

  it('names the line of each problem, and every problem at once', () => {
    const { problems } = checkLogo(`<svg ${SVG}>\n<rect onclick="x"/>\n<script/>\n</svg>`);
    expect(problems).toEqual([
      { line: 2, message: '<rect> has onclick: event attributes run script' },
      { line: 3, message: '<script> is not allowed: a script would run in every page' },
    ]);
  });

  it('refuses a logo too large to ship in every page', () => {
    const huge = `<svg ${SVG}>${'<rect/>'.repeat(MAX_LOGO_CHARACTERS / 7)}</svg>`;
    expect(messages(huge)).toEqual([
      expect.stringMatching(/^is \d+ characters; a logo may have at most 50000/),
    ]);
  });

  it('escapes what it writes, so text cannot become markup', () => {
    const { svg } = checkLogo(
      `<svg ${SVG} aria-label="A &quot;B&quot; &lt;C&gt;"><title>&lt;b&gt;</title></svg>`,
    );
    expect(svg).toBe(
      `<svg ${SVG} aria-label="A &quot;B&quot; &lt;C&gt;"><title>&lt;b&gt;</title></svg>`,
    );
  });
});
