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

import { ContentBytes } from './bytes.ts';

/**
 * A PDF object written as prepared bytes (ASCII), a view of the tree's one buffer. A structure
 * tree is a thousand small dictionaries: as pdf-lib objects, or as a string each, they cost
 * more to build and serialise than the pages.
 */
class PreparedObject extends PDFObject {
  constructor(private readonly bytes: Uint8Array) {
    super();
  }

  override clone(): PreparedObject {
    return new PreparedObject(this.bytes.slice());
  }

  override toString(): string {
    return Buffer.from(this.bytes).toString('latin1');
  }

  override sizeInBytes(): number {
    return this.bytes.length;
  }

  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    buffer.set(this.bytes, offset);
    return this.bytes.length;
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
  /** Its object number, once the tree is written. */
  objectNumber = 0;

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
    // Object numbers in reading order (depth first), as `nextRef` gives them one by one.
    const elements: StructElement[] = [];
    const refs: PDFRef[] = [];
    const assign = (element: StructElement): PDFRef => {
      const ref = context.nextRef();
      element.objectNumber = ref.objectNumber;
      elements.push(element);
      refs.push(ref);
      for (const kid of element.kids) if (kid instanceof StructElement) assign(kid);
      return ref;
    };
    const documentRef = assign(this.root);
    const rootRef = context.nextRef();

    // Every dictionary written into one buffer, digits and all, then each given its bytes.
    const out = new ContentBytes(elements.length * 96);
    const ends: number[] = [];
    const ref = (objectNumber: number) => {
      out.number(objectNumber);
      out.text(' 0 R');
    };
    for (const element of elements) {
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
      out.text('<< /Type /StructElem /S /');
      out.text(element.type);
      out.text(' /P ');
      ref(element.parent === undefined ? rootRef.objectNumber : element.parent.objectNumber);
      out.text(' /K [');
      element.kids.forEach((kid, index) => {
        if (index > 0) out.text(' ');
        if (kid instanceof StructElement) ref(kid.objectNumber);
        else if (onlyPage === undefined) {
          out.text('<< /Type /MCR /Pg ');
          ref(kid.page.ref.objectNumber);
          out.text(' /MCID ');
          out.number(kid.mcid);
          out.text(' >>');
        } else out.number(kid.mcid);
      });
      out.text(']');
      if (onlyPage !== undefined) {
        out.text(' /Pg ');
        ref(onlyPage.ref.objectNumber);
      }
      const { alt, actualText, scope } = element.options;
      if (alt !== undefined) {
        out.text(' /Alt ');
        out.text(textString(alt));
      }
      if (actualText !== undefined) {
        out.text(' /ActualText ');
        out.text(textString(actualText));
      }
      if (scope !== undefined) {
        out.text(' /A << /O /Table /Scope /');
        out.text(scope);
        out.text(' >>');
      }
      out.text(' >>');
      ends.push(out.size);
    }

    const parentTreeStart = out.size;
    out.text('<< /Nums [');
    let key = 0;
    for (const [page, owners] of this.pages) {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(key));
      // PDF/UA: the tab order follows the structure.
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      if (key > 0) out.text(' ');
      out.number(key);
      out.text(' [');
      owners.forEach((owner, index) => {
        if (index > 0) out.text(' ');
        ref(owner.objectNumber);
      });
      out.text(']');
      key += 1;
    }
    out.text('] >>');

    const bytes = out.bytes();
    let start = 0;
    refs.forEach((elementRef, index) => {
      const end = ends[index] ?? start;
      context.assign(elementRef, new PreparedObject(bytes.subarray(start, end)));
      start = end;
    });
    const parentTree = context.register(new PreparedObject(bytes.subarray(parentTreeStart)));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: documentRef,
        ParentTree: parentTree,
        ParentTreeNextKey: key,
      }),
    );
    doc.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    doc.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }
}
