/**
 * The tagged PDF's structure tree (PDF/UA-1 as the reference, issue 16): the renderer creates
 * elements in reading order (headings, tables of question and answer, figures), the pages'
 * content marks each piece of text with the element it belongs to (canvas.ts), and `write`
 * adds the tree, the parent tree and MarkInfo to the document. Everything not marked is an
 * artifact.
 */
import {
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObject,
  type PDFPage,
  type PDFRef,
} from '@cantoo/pdf-lib';

const asciiEncoder = new TextEncoder();

/**
 * A PDF object written as prepared ASCII text. A structure tree is a thousand small
 * dictionaries: as pdf-lib objects they cost more to build and serialise than the pages.
 */
class PreparedObject extends PDFObject {
  constructor(private readonly text: string) {
    super();
  }

  override clone(): PreparedObject {
    return new PreparedObject(this.text);
  }

  override toString(): string {
    return this.text;
  }

  override sizeInBytes(): number {
    return this.text.length;
  }

  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    // The text is ASCII, so its UTF-8 is its bytes; one native copy instead of a loop.
    return asciiEncoder.encodeInto(this.text, buffer.subarray(offset)).written;
  }
}

/** Printable ASCII: the same characters in PDFDocEncoding, so a literal string holds them. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A text as a PDF text string, as alternative and actual texts are written: printable ASCII
 * ("Selected: Yes", most of them) as a literal string, anything else in UTF-16 (hex).
 */
const textString = (text: string) =>
  PRINTABLE_ASCII.test(text)
    ? `(${text.replace(/[()\\]/g, '\\$&')})`
    : PDFHexString.fromText(text).toString();

/** The standard structure types the renderer uses. */
export type StructType =
  'Document' | 'H1' | 'H2' | 'H3' | 'H4' | 'P' | 'Table' | 'TR' | 'TH' | 'TD' | 'Span' | 'Figure';

export interface StructOptions {
  /** Alternative text (a figure's). */
  alt?: string;
  /** What a screen reader says instead of the content ("Selected: Yes" for "[X] Yes"). */
  actualText?: string;
  /** A header cell's scope. */
  scope?: 'Row' | 'Column';
}

/** One structure element; its kids are elements or marked content on a page. */
export class StructElement {
  readonly kids: (StructElement | { page: PDFPage; mcid: number })[] = [];

  constructor(
    readonly type: StructType,
    readonly parent: StructElement | undefined,
    readonly options: StructOptions = {},
  ) {}

  /** A new element under this one, after its other kids (reading order). */
  add(type: StructType, options: StructOptions = {}): StructElement {
    const element = new StructElement(type, this, options);
    this.kids.push(element);
    return element;
  }
}

/** The document's structure: its root and, per page, what each marked-content id belongs to. */
export class StructTree {
  readonly root = new StructElement('Document', undefined);
  private readonly pages = new Map<PDFPage, StructElement[]>();

  /** A new marked-content id on `page` for content of `element`. */
  mark(page: PDFPage, element: StructElement): number {
    let owners = this.pages.get(page);
    if (owners === undefined) {
      owners = [];
      this.pages.set(page, owners);
    }
    const mcid = owners.length;
    owners.push(element);
    element.kids.push({ page, mcid });
    return mcid;
  }

  /** Writes the tree into `doc`: StructTreeRoot, ParentTree, MarkInfo, each page's StructParents. */
  write(doc: PDFDocument): void {
    const { context } = doc;
    const refs = new Map<StructElement, PDFRef>();
    const assign = (element: StructElement) => {
      refs.set(element, context.nextRef());
      for (const kid of element.kids) if (kid instanceof StructElement) assign(kid);
    };
    assign(this.root);
    const rootRef = context.nextRef();
    const refOf = (element: StructElement): PDFRef => {
      const ref = refs.get(element);
      if (ref === undefined) throw new Error('structure element without a reference');
      return ref;
    };

    for (const [element, ref] of refs) {
      // Content on one page (nearly every element) is listed by its ids, with the page once;
      // content over several pages (a long answer) by references naming each page.
      let onlyPage: PDFPage | undefined;
      let pageCount = 0;
      for (const kid of element.kids) {
        if (kid instanceof StructElement || kid.page === onlyPage) continue;
        onlyPage = kid.page;
        pageCount += 1;
      }
      if (pageCount !== 1) onlyPage = undefined;
      const kids = element.kids
        .map((kid) =>
          kid instanceof StructElement
            ? refOf(kid).toString()
            : onlyPage === undefined
              ? `<< /Type /MCR /Pg ${kid.page.ref.toString()} /MCID ${String(kid.mcid)} >>`
              : String(kid.mcid),
        )
        .join(' ');
      const parent = element.parent === undefined ? rootRef : refOf(element.parent);
      const { alt, actualText, scope } = element.options;
      const entries = [
        `/Type /StructElem /S /${element.type} /P ${parent.toString()} /K [${kids}]`,
        onlyPage === undefined ? '' : ` /Pg ${onlyPage.ref.toString()}`,
        alt === undefined ? '' : ` /Alt ${textString(alt)}`,
        actualText === undefined ? '' : ` /ActualText ${textString(actualText)}`,
        scope === undefined ? '' : ` /A << /O /Table /Scope /${scope} >>`,
      ];
      context.assign(ref, new PreparedObject(`<< ${entries.join('')} >>`));
    }

    const nums: string[] = [];
    let key = 0;
    for (const [page, owners] of this.pages) {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(key));
      // PDF/UA: the tab order follows the structure.
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(`${String(key)} [${owners.map((owner) => refOf(owner).toString()).join(' ')}]`);
      key += 1;
    }
    const parentTree = context.register(new PreparedObject(`<< /Nums [${nums.join(' ')}] >>`));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: refOf(this.root),
        ParentTree: parentTree,
        ParentTreeNextKey: key,
      }),
    );
    doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    doc.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }
}
