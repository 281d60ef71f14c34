/**
 * The first ATX heading of a Markdown text ("# Title", "## Title ##"), found by a scan of the
 * lines rather than a regular expression: the text is outside input, and the obvious pattern
 * (`/^#{1,6}\s+(.+?)\s*#*$/m`) backtracks quadratically on a heading line of many spaces.
 * Linear in the length of the text.
 */
export function firstHeading(markdown: string): string | undefined {
  let start = 0
  while (start < markdown.length) {
    let end = markdown.indexOf('\n', start)
    if (end < 0) end = markdown.length
    const heading = headingAt(markdown, start, end)
    if (heading) return heading.text
    start = end + 1
  }
  return undefined
}

/** The level and text of one line when it is an ATX heading ("## Title ##" → 2, "Title"). */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  return headingAt(line, 0, line.length)
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 13

/** The ATX heading on markdown[start, end), or undefined when the line is not one. */
function headingAt(
  markdown: string,
  start: number,
  end: number,
): { level: number; text: string } | undefined {
  let i = start
  while (i < end && markdown.charCodeAt(i) === 35 /* # */) i++
  const level = i - start
  if (level < 1 || level > 6 || i === end || !isSpace(markdown.charCodeAt(i))) return undefined
  let to = end
  while (to > i && isSpace(markdown.charCodeAt(to - 1))) to--
  // A closing run of #s goes when a space stands before it ("## Title ##"); "C#" keeps its #.
  let hashes = to
  while (hashes > i && markdown.charCodeAt(hashes - 1) === 35) hashes--
  if (hashes < to && (hashes === i || isSpace(markdown.charCodeAt(hashes - 1)))) to = hashes
  const text = markdown.slice(i, to).replaceAll('**', '').replaceAll('__', '').trim()
  return text ? { level, text } : undefined
}
