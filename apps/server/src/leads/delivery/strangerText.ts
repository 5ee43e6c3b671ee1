/**
 * What a visitor typed, made safe for each channel a person reads it in: one function per channel, and every
 * value a stranger chose (any field, a campaign, a page) goes through it. Shown as typed, never as a link, a
 * mention, an image or formatting. E-mail needs none here: React Email renders every value as escaped HTML text
 * (no value is ever given as markup or as a link's address), and the text part is plain text.
 */

/** Slack mrkdwn: `&`, `<` and `>` are the markup that links and mentions (`<url|text>`, `<@U…>`, `<!here>`). */
export function slackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Markdown's ASCII punctuation that can start a link, an image, emphasis, code, a heading, a quote, a mention
 * or an entity (`&lt;` would show as `<`).
 */
const TEAMS_MARKUP = /[\\`*_~[\]()<>#!|{}&]/g
/** A list item at the start of a line: `- x`, `+ x`, `1. x`, `1) x`. */
const LIST_MARKER = /^(\s*)([-+]|\d+[.)])(?=\s|$)/gm

/**
 * Microsoft Teams: Adaptive Cards read markdown in a `TextBlock`'s text and in a `FactSet`'s titles and values
 * (bold, italic, lists, `[text](url)` links). Each markup character is escaped with a backslash (CommonMark's
 * escape), as is a list marker at a line's start, so the card shows the characters themselves.
 */
export function teamsText(text: string): string {
  return text.replace(TEAMS_MARKUP, '\\$&').replace(LIST_MARKER, (_, space: string, marker: string) => {
    const escaped = marker.length === 1 ? `\\${marker}` : `${marker.slice(0, -1)}\\${marker.slice(-1)}`
    return `${space}${escaped}`
  })
}
