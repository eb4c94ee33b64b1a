/**
 * The application PDF's Typst template (SPEC §1). It lives in a TypeScript string so that the
 * bundled server (scripts/build.mjs) carries it without a file beside it; it holds no backtick
 * and no dollar-brace, so String.raw keeps it exactly as Typst reads it.
 */
export const APPLICATION_TEMPLATE = String.raw`// The application PDF's template (SPEC §1): the print model and the college's look arrive as
// JSON in sys.inputs.data (render.ts builds it); every text is set as text, never as markup.
#let data = json(bytes(sys.inputs.data))
#let accent = rgb(data.colors.accent)
#let tint = rgb(data.colors.tint)
#let ink = rgb(data.colors.ink)
#let muted = rgb(data.colors.muted)
#let rule = rgb("#d0d5dd")

// Han characters take Simplified Chinese forms (then Traditional's and Japanese's own
// characters), unless the text's kana says Japanese or its Hangul says Korean: then that
// language's face comes first, and a name's kanji or hanja take their own forms.
#let kana = regex("[\u{3040}-\u{30ff}\u{31f0}-\u{31ff}\u{ff66}-\u{ff9f}]")
#let hangul = regex("[\u{1100}-\u{11ff}\u{3130}-\u{318f}\u{ac00}-\u{d7af}]")
#let cjk(t) = if t.contains(kana) { text(font: data.fontsJapanese, t) } else if t.contains(
  hangul,
) { text(font: data.fontsKorean, t) } else { t }

#set document(title: data.documentTitle, author: data.college, date: none)
#set text(font: data.fonts, size: 9.5pt, fill: ink, lang: data.lang)
#set par(leading: 0.5em, spacing: 0.7em, justify: false)
#set page(
  paper: "us-letter",
  margin: (x: 0.75in, top: 0.75in, bottom: 0.8in),
  footer: context {
    // A copy of saved answers is a draft and must not pass for the record: said on every page.
    if data.draft {
      align(center, text(size: 9pt, weight: "bold", fill: accent, data.draftMark))
      v(2pt, weak: true)
    }
    set text(size: 8pt, fill: muted)
    grid(
      columns: (1fr, auto),
      column-gutter: 12pt,
      cjk(data.footer),
      context data.chrome.pageOf.replace("{page}", str(counter(page).get().first())).replace("{total}", str(counter(page).final().first())),
    )
  },
)

#show heading.where(level: 1): it => block(
  width: 100%,
  fill: accent,
  inset: (x: 9pt, y: 4pt),
  above: 14pt,
  below: 6pt,
  sticky: true,
  text(fill: white, size: 12pt, weight: "bold", it.body),
)
#show heading.where(level: 2): it => block(
  width: 100%,
  stroke: (bottom: 0.6pt + rule),
  inset: (bottom: 3pt),
  above: 10pt,
  below: 6pt,
  sticky: true,
  text(fill: accent, size: 11pt, weight: "bold", it.body),
)
#show heading.where(level: 3): it => block(
  above: 8pt,
  below: 4pt,
  sticky: true,
  text(fill: ink, size: 10pt, weight: "bold", it.body),
)

// ── the title block ─────────────────────────────────────────────────────────────────────────
#grid(
  columns: (auto, 1fr, auto),
  column-gutter: 12pt,
  align: (horizon, horizon, top),
  if data.logo != none {
    image(bytes(data.logo), format: "svg", height: 40pt, alt: data.logoAlt)
  },
  [
    #text(size: 19pt, weight: "bold", fill: accent, data.college) \
    #text(size: 13pt, data.title)
  ],
  align(right, text(size: 8pt, fill: muted, data.contact.join("\n"))),
)
#line(length: 100%, stroke: 2pt + accent)

#block(width: 100%, fill: tint, inset: (x: 12pt, y: 8pt), below: 12pt, grid(
  columns: (1fr, 1fr),
  row-gutter: 8pt,
  column-gutter: 12pt,
  ..data.facts.map(fact => [
    #text(size: 6.8pt, weight: "bold", fill: muted, upper(fact.label)) \
    #text(size: 10pt, weight: if fact.strong { "bold" } else { "regular" }, cjk(fact.value))
  ]),
))

// ── the answers ─────────────────────────────────────────────────────────────────────────────
// The mark as the page shows it, "[X]" or "[ ]" (in the text layer too), and as a screen
// reader says it: a figure whose alternative text is the word, "Selected" or "Not selected".
#let mark(checked) = box(figure(
  alt: if checked { data.chrome.selected } else { data.chrome.notSelected },
  kind: "choice-mark",
  supplement: none,
  numbering: none,
  outlined: false,
  if checked { "[X]" } else { "[ ]" },
))
#show figure.where(kind: "choice-mark"): it => it.body

#let choice(label, checked) = grid(
  columns: (19pt, 1fr),
  text(weight: if checked { "bold" } else { "regular" }, mark(checked)),
  text(weight: if checked { "bold" } else { "regular" }, label),
)

// Where an appended document's pages went: "Appended as pages 10-12 of 14".
#let pages-of(index) = context {
  let first = query(label("attachment-first-" + str(index)))
  let last = query(label("attachment-last-" + str(index)))
  if first.len() > 0 and last.len() > 0 {
    let (from, to) = (first.first().location().page(), last.first().location().page())
    let total = counter(page).final().first()
    if from == to {
      data.chrome.appendedOne.replace("{from}", str(from)).replace("{total}", str(total))
    } else {
      data.chrome.appendedMany.replace("{from}", str(from)).replace("{to}", str(to)).replace("{total}", str(total))
    }
  }
}

// The question's document, and below it where its pages went when it is appended.
#let appended(key) = {
  let found = data.attachments.enumerate().filter(((i, doc)) => doc.key == key)
  if found.len() > 0 {
    linebreak()
    text(size: 8pt, fill: muted, style: "italic", pages-of(found.first().first()))
  }
}

// An unanswered question: a line to write on, and under it, for a screen reader, a search or
// a copy, the blank as text (white, so only the line shows: Typst has no invisible text).
#let blank = box(
  width: 190pt,
  stroke: (bottom: 0.75pt + muted),
  inset: (bottom: 1pt),
  text(fill: white, data.blank),
)

#let choice-inline(label, checked) = text(
  weight: if checked { "bold" } else { "regular" },
  mark(checked) + " " + label,
)

#let answer(key, a) = {
  if a.kind == "text" { cjk(a.text) }
  else if a.kind == "blank" { blank }
  else if a.kind == "document" { [#data.chrome.attachedDocument #a.fileName#appended(key)] }
  else if a.kind == "choices" {
    // Short options side by side, as on the form ("[X] Yes   [ ] No"); long ones one a line.
    if a.choices.all(c => c.label.len() <= 40) {
      a.choices.map(c => box(choice-inline(c.label, c.checked))).join(h(14pt))
    } else {
      stack(spacing: 3pt, ..a.choices.map(c => choice(c.label, c.checked)))
    }
  }
}

#let long(a) = a.kind == "text" and (a.text.len() > 240 or a.text.contains("\n"))

// A long answer (an essay) under its question, the question repeated with "(continued)" at
// the top of each further page it runs onto.
#let long-answer(b) = {
  let start = label("long-answer-" + b.key)
  table(
    columns: (1fr,),
    stroke: none,
    inset: (x: 0pt, y: 3pt),
    table.header(context {
      let first = query(start)
      let continued = first.len() > 0 and first.first().location().page() < here().page()
      text(fill: muted, if continued { b.label + " (continued)" } else { b.label })
    }),
    table.cell(inset: (left: 12pt, y: 3pt))[#metadata(b.key) #start#cjk(b.answer.text)],
  )
}

// Questions and checkboxes of a run go in one two-column table: label, then answer.
#let rows(blocks) = {
  let cells = ()
  for b in blocks {
    if b.kind == "checkbox" {
      cells.push(table.cell(colspan: 2, choice(b.label, b.checked)))
    } else {
      cells.push(text(fill: muted, b.label))
      cells.push(answer(b.key, b.answer))
    }
  }
  table(
    columns: (200pt, 1fr),
    stroke: none,
    inset: (x: 0pt, y: 3pt),
    column-gutter: 16pt,
    ..cells,
  )
}

#for step in data.steps {
  heading(level: 1, step.title)
  for section in step.sections {
    heading(level: 2, section.title)
    let run = ()
    for b in section.blocks {
      if b.kind == "question" and long(b.answer) {
        if run.len() > 0 { rows(run); run = () }
        long-answer(b)
      } else if b.kind == "question" or b.kind == "checkbox" {
        run.push(b)
      } else {
        if run.len() > 0 { rows(run); run = () }
        if b.kind == "group" {
          heading(level: 3, b.heading)
        } else if b.kind == "info" {
          set text(size: 8.8pt, fill: muted, style: "italic")
          if "title" in b and b.title != none { block(below: 2pt, strong(b.title)) }
          block(below: 6pt, b.text)
        }
      }
    }
    if run.len() > 0 { rows(run) }
  }
}


// ── the documents the applicant uploaded, each page as it is ────────────────────────────────
#if data.attachments.len() > 0 {
  heading(level: 2, "Attached Documents")
  table(
    columns: (200pt, 1fr),
    stroke: none,
    inset: (x: 0pt, y: 3pt),
    column-gutter: 16pt,
    ..data.attachments.enumerate().map(((i, doc)) => (
      [#(i + 1). #doc.fileName],
      pages-of(i),
    )).flatten(),
  )
}

#for (index, doc) in data.attachments.enumerate() {
  for n in range(1, calc.max(doc.pages, 1) + 1) {
    page(
      margin: (x: 0.25in, top: 0.25in, bottom: 0.45in),
      footer: context {
        // The draft mark on the appended pages too: a page printed alone is still a draft's.
        if data.draft {
          align(center, text(size: 8pt, weight: "bold", fill: accent, data.draftMark))
          v(1pt, weak: true)
        }
        align(center, text(size: 7.5pt, fill: muted)[
          Attachment: #doc.fileName  |  #cjk(data.who)  |  Page #counter(page).display() of #counter(page).final().first()
        ])
      },
    )[
      #if n == 1 [#metadata(index) #label("attachment-first-" + str(index))]
      #if n == calc.max(doc.pages, 1) [#metadata(index) #label("attachment-last-" + str(index))]
      #if doc.path == none {
        block(inset: 0.5in)[
          #text(size: 12pt, weight: "bold", fill: accent)[#data.chrome.attachedDocument #doc.fileName]
          #parbreak()
          #data.unreadableNote
        ]
      } else {
        image(
          doc.path,
          format: "pdf",
          page: n,
          width: 100%,
          height: 100%,
          fit: "contain",
          alt: "Attached: " + doc.fileName + ", page " + str(n) + " of " + str(doc.pages),
        )
      }
    ]
  }
}
`;
